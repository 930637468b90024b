/**
 * Amounts as the API writes them (decimal strings) and as the sandbox adds them (integer minor units, bigint), so that
 * no balance ever drifts by a floating-point rounding. Every amount is written with exactly its asset's `decimals`, as
 * openapi/README.md requires of examples and as production answers.
 */
import {ProblemError} from './problems';

/** `value` ('12.5') in minor units of an asset with `decimals` fractional digits; more digits than that fail with the field named. */
export function toUnits(value: string, decimals: number, field: string): bigint {
  const [whole, fraction = ''] = value.replace(/^-/, '').split('.');
  if (fraction.length > decimals) {
    throw ProblemError.validation(field, 'invalid_format', `${field} has ${fraction.length} decimals; the asset has ${decimals}.`);
  }
  const units = BigInt(whole + fraction.padEnd(decimals, '0'));
  return value.startsWith('-') ? -units : units;
}

/** Minor units written as the API's decimal string with exactly `decimals` fractional digits. */
export function fromUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const written = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return negative ? `-${written}` : written;
}

/** `units` × `rate` (a decimal string), rounded down: what a trade credits never exceeds what the rate gives. */
export function multiplyByRate(units: bigint, rate: string, fromDecimals: number, toDecimals: number): bigint {
  const [whole, fraction = ''] = rate.split('.');
  const rateScaled = BigInt(whole + fraction);
  const product = units * rateScaled * 10n ** BigInt(toDecimals);
  return product / (10n ** BigInt(fraction.length) * 10n ** BigInt(fromDecimals));
}
