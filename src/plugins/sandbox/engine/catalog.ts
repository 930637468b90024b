/**
 * What the sandbox trades and moves, and at what price: the assets of `GET /coins`, the withdrawal routes of
 * `GET /accounts/{account_id}/limits` (fee, minimum, maximum, daily limit), the rails each fiat currency travels on,
 * and fixed reference prices from which quotes are made. The values are those of the spec's examples
 * (openapi/paths/coins.yaml, accounts_{account_id}_limits.yaml), so that a reader sees in the sandbox what the docs show.
 */
import {ProblemError} from './problems';

export interface CoinNetwork {
  network: string;
  min_withdrawal: string;
  withdrawal_fee: string;
  confirmations_required: number;
}

export interface Asset {
  code: string;
  name: string;
  kind: 'crypto' | 'fiat';
  decimals: number;
  networks: CoinNetwork[];
  /** The price of one unit in USD, a decimal string: quotes are made from the ratio of two prices. */
  usdPrice: string;
}

/** Assets in the order `GET /coins` lists them by default (newest first: every asset was added at the same instant, ties by code). */
export const ASSETS: readonly Asset[] = [
  {
    code: 'BTC',
    name: 'Bitcoin',
    kind: 'crypto',
    decimals: 8,
    usdPrice: '65000',
    networks: [{network: 'bitcoin', min_withdrawal: '0.00050000', withdrawal_fee: '0.00002000', confirmations_required: 2}],
  },
  {code: 'EUR', name: 'Euro', kind: 'fiat', decimals: 2, usdPrice: '1.08', networks: []},
  {code: 'GBP', name: 'Pound sterling', kind: 'fiat', decimals: 2, usdPrice: '1.27', networks: []},
  {code: 'USD', name: 'US dollar', kind: 'fiat', decimals: 2, usdPrice: '1', networks: []},
  {
    code: 'USDC',
    name: 'USD Coin',
    kind: 'crypto',
    decimals: 6,
    usdPrice: '1.0001',
    networks: [
      {network: 'ethereum', min_withdrawal: '10.000000', withdrawal_fee: '2.500000', confirmations_required: 12},
      {network: 'solana', min_withdrawal: '1.000000', withdrawal_fee: '0.100000', confirmations_required: 32},
    ],
  },
];

/** The asset `code`, or `422 unsupported_asset` naming the field it came from. */
export function assetOf(code: string, field: string): Asset {
  const asset = ASSETS.find((a) => a.code === code);
  if (!asset) throw new ProblemError('unsupported_asset', `${field}: ${code} is not an asset NovaRamp supports (GET /coins lists them).`);
  return asset;
}

/** A fiat withdrawal route: the rail, its currency and its terms (the `fiat` rows of GET /accounts/{account_id}/limits). */
export interface FiatRoute {
  rail: 'ach' | 'wire' | 'sepa' | 'faster_payments';
  currency: string;
  fee: string;
  min_amount: string;
  max_amount: string;
  daily_limit: string;
}

export const FIAT_ROUTES: readonly FiatRoute[] = [
  {rail: 'ach', currency: 'USD', fee: '0.50', min_amount: '1.00', max_amount: '100000.00', daily_limit: '250000.00'},
  {rail: 'wire', currency: 'USD', fee: '15.00', min_amount: '100.00', max_amount: '5000000.00', daily_limit: '5000000.00'},
  {rail: 'sepa', currency: 'EUR', fee: '1.00', min_amount: '1.00', max_amount: '1000000.00', daily_limit: '1000000.00'},
  {rail: 'faster_payments', currency: 'GBP', fee: '0.50', min_amount: '1.00', max_amount: '1000000.00', daily_limit: '1000000.00'},
];

/** The daily crypto withdrawal limit per asset (the maximum of one withdrawal is a twentieth of it for USDC, half for BTC). */
export const CRYPTO_LIMITS: Readonly<Record<string, {max_amount: string; daily_limit: string}>> = {
  USDC: {max_amount: '250000.000000', daily_limit: '500000.000000'},
  BTC: {max_amount: '5.00000000', daily_limit: '10.00000000'},
};

/** The minimum sell amount of a trade per asset (the `trading` rows of the limits). */
export const TRADING_MINIMUMS: Readonly<Record<string, string>> = {USD: '10.00', EUR: '10.00', GBP: '10.00', USDC: '10.000000', BTC: '0.00010000'};

/** The trading fee, in basis points of the sell amount (2.50 USD on 1,000.00 USD, as the quote examples show). */
export const TRADE_FEE_BPS = 25n;

/** How long a quote stays `open` (QuoteStatus.yaml: 30 seconds). */
export const QUOTE_TTL_MS = 30_000;

/** "A few seconds later": when a simulated deposit settles or reaches its confirmations. */
export const SETTLEMENT_MS = 5_000;

/** The ACH hold (Transaction.yaml `fiat.funds_available_at`): 5 banking days. */
export const ACH_HOLD_BANKING_DAYS = 5;

/**
 * `days` banking days after `from` (ms, UTC), at the same time of day: each day counts unless it is a Saturday or a
 * Sunday (from Friday 09:02:40, 5 banking days is the next Friday 09:02:40). Bank holidays are not modelled.
 */
export function addBankingDays(from: number, days: number): number {
  let at = from;
  for (let counted = 0; counted < days;) {
    at += 24 * 3600_000;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) counted++;
  }
  return at;
}

/** When a simulated `returned` bank transfer comes back: one day after it was received (inside the ACH hold). */
export const RETURN_AFTER_MS = 24 * 3600_000;

/** The rate of `sell` into `buy` with 8 significant decimals (USD → USDC: 0.9999). */
export function rateOf(sell: Asset, buy: Asset): string {
  const scale = 10n ** 8n;
  const price = (a: Asset) => {
    const [whole, fraction = ''] = a.usdPrice.split('.');
    return {units: BigInt(whole + fraction), decimals: fraction.length};
  };
  const s = price(sell);
  const b = price(buy);
  const scaled = (s.units * scale * 10n ** BigInt(b.decimals)) / (b.units * 10n ** BigInt(s.decimals));
  const whole = scaled / scale;
  const fraction = (scaled % scale).toString().padStart(8, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}
