/**
 * The ledger of the Balances API (LedgerEntry.yaml, LedgerEntryKind.yaml): one entry per change to one balance,
 * written once when the money moves and never changed. A deposit writes `deposit` when it settles (over ACH an entry
 * held until `fiat.funds_available_at`); a withdrawal writes `withdrawal` and `withdrawal_fee` when it completes; a
 * trade writes `trade_sell`, `trade_fee` and `trade_buy` when it executes; a return writes a new entry of the opposite
 * amount whose `reverses` names the entry it offsets (held until the same time when that entry is still held).
 * balances.ts sums these entries; nothing else writes or edits them.
 */
import {assetOf} from './catalog';
import {newId} from './ids';
import {fromUnits, toUnits} from './money';
import type {KeyState, LedgerEntryRecord, Money, TransactionRecord} from './state';

export type LedgerEntryKind = LedgerEntryRecord['kind'];

/** A sandbox time as an entry's `created_at`: UTC with milliseconds, as LedgerEntry.yaml's pattern requires. */
export const entryTimestamp = (ms: number): string => new Date(ms).toISOString();

/** The entry's `amount` in minor units of its currency. */
export const entryUnits = (entry: LedgerEntryRecord): bigint => toUnits(entry.amount, assetOf(entry.currency, 'currency').decimals, 'amount');

/** The `source` of the entries a transaction writes: the deposit's transaction, the withdrawal, or the executed quote. */
function sourceOf(txn: TransactionRecord): LedgerEntryRecord['source'] {
  if (txn.type === 'trade') return {type: 'quote', id: txn.trade!.quote_id};
  if (txn.type === 'crypto_withdrawal' || txn.type === 'fiat_withdrawal') return {type: txn.type, id: String(txn.withdrawal_id)};
  return {type: txn.type, id: txn.id};
}

/**
 * Writes one entry of `txn` at sandbox time `at`: `signedUnits` of `currency` (never zero), available at
 * `availableAt` (default: at once).
 */
export function writeEntry(
  state: KeyState,
  txn: TransactionRecord,
  entry: {kind: LedgerEntryKind; money: Money; sign: 1n | -1n; at: number; availableAt?: string; reverses?: string},
): LedgerEntryRecord {
  const {decimals} = assetOf(entry.money.currency, 'currency');
  const units = toUnits(entry.money.value, decimals, 'amount') * entry.sign;
  const createdAt = entryTimestamp(entry.at);
  const written: LedgerEntryRecord = {
    id: newId(state, 'led'),
    account_id: txn.account_id,
    currency: entry.money.currency,
    amount: fromUnits(units, decimals),
    kind: entry.kind,
    source: sourceOf(txn),
    transaction_id: txn.id,
    reverses: entry.reverses ?? null,
    available_at: entry.availableAt ?? createdAt,
    created_at: createdAt,
  };
  state.ledger.push(written);
  return written;
}

/** The entry of `txn` of `kind` (the one a return offsets). */
export const entryOf = (state: KeyState, txn: TransactionRecord, kind: LedgerEntryKind): LedgerEntryRecord | undefined =>
  state.ledger.find((e) => e.transaction_id === txn.id && e.kind === kind);

/**
 * Writes the return of `original` at sandbox time `at` (`deposit_return` or `withdrawal_return`): the opposite amount,
 * `reverses` the original, held until the original's `available_at` when that is still ahead.
 */
export function writeReturn(state: KeyState, txn: TransactionRecord, original: LedgerEntryRecord, at: number): LedgerEntryRecord {
  const units = entryUnits(original);
  const stillHeld = Date.parse(original.available_at) > at;
  return writeEntry(state, txn, {
    kind: original.kind === 'deposit' ? 'deposit_return' : 'withdrawal_return',
    money: {value: fromUnits(units < 0n ? -units : units, assetOf(original.currency, 'currency').decimals), currency: original.currency},
    sign: units < 0n ? 1n : -1n,
    at,
    availableAt: stillHeld ? original.available_at : undefined,
    reverses: original.id,
  });
}

/** A withdrawal completed at `at`: what the destination receives and the fee, written together. */
export function writeWithdrawalEntries(state: KeyState, txn: TransactionRecord, at: number): void {
  writeEntry(state, txn, {kind: 'withdrawal', money: txn.amount, sign: -1n, at});
  if (toUnits(txn.fee.value, assetOf(txn.fee.currency, 'currency').decimals, 'fee') !== 0n)
    writeEntry(state, txn, {kind: 'withdrawal_fee', money: txn.fee, sign: -1n, at});
}

/** A trade executed at `at`: the sold amount without the fee, the fee, and the bought amount. */
export function writeTradeEntries(state: KeyState, txn: TransactionRecord, at: number): void {
  const {sell, buy} = txn.trade!;
  const {decimals} = assetOf(sell.currency, 'currency');
  const feeUnits = toUnits(txn.fee.value, decimals, 'fee');
  const netUnits = toUnits(sell.value, decimals, 'sell') - feeUnits;
  writeEntry(state, txn, {kind: 'trade_sell', money: {value: fromUnits(netUnits, decimals), currency: sell.currency}, sign: -1n, at});
  if (feeUnits !== 0n) writeEntry(state, txn, {kind: 'trade_fee', money: txn.fee, sign: -1n, at});
  writeEntry(state, txn, {kind: 'trade_buy', money: buy, sign: 1n, at});
}
