/**
 * Balances derived from the money movements, never stored: every read sums the account's transactions, so a balance
 * can never disagree with the ledger it comes from. The rules of Balance.yaml: `pending` is incoming money not
 * credited yet (not part of `total`); `reserved` is held for withdrawals not final yet, fee included; `total` =
 * `available` + `reserved`.
 */
import {assetOf} from './catalog';
import {toUnits} from './money';
import type {KeyState, TransactionRecord} from './state';

export interface LedgerBalance {
  currency: string;
  available: bigint;
  pending: bigint;
  reserved: bigint;
  /** The first and the latest movement of the asset (the balance's created_at and updated_at). */
  createdAt: string;
  updatedAt: string;
}

const IN_FLIGHT = new Set(['pending', 'processing']);

/** Each movement of `txn` as (currency, Δavailable, Δpending, Δreserved) in minor units. */
function movementsOf(txn: TransactionRecord): [string, bigint, bigint, bigint][] {
  const units = (m: {value: string; currency: string}) => toUnits(m.value, assetOf(m.currency, 'currency').decimals, 'amount');
  const amount = units(txn.amount);
  const fee = units(txn.fee);
  const currency = txn.amount.currency;
  if (txn.direction === 'credit') {
    if (txn.status === 'completed') return [[currency, amount, 0n, 0n]];
    return IN_FLIGHT.has(txn.status) ? [[currency, 0n, amount, 0n]] : [];
  }
  if (txn.direction === 'debit') {
    if (IN_FLIGHT.has(txn.status)) return [[currency, 0n, 0n, amount + fee]];
    if (txn.status === 'completed') return [[currency, -(amount + fee), 0n, 0n]];
    // A returned payout comes back, its fee kept; a failed or cancelled one never left.
    return txn.status === 'returned' ? [[currency, -fee, 0n, 0n]] : [];
  }
  if (txn.status !== 'completed' || !txn.trade) return [];
  return [
    [txn.trade.sell.currency, -units(txn.trade.sell), 0n, 0n],
    [txn.trade.buy.currency, units(txn.trade.buy), 0n, 0n],
  ];
}

/** The balances of `accountId`, one per asset it ever moved, in the order the assets were first moved. */
export function balancesOf(state: KeyState, accountId: string): LedgerBalance[] {
  const balances = new Map<string, LedgerBalance>();
  const transactions = Object.values(state.transactions)
    .filter((t) => t.account_id === accountId)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  for (const txn of transactions) {
    for (const [currency, available, pending, reserved] of movementsOf(txn)) {
      const balance = balances.get(currency) ?? {currency, available: 0n, pending: 0n, reserved: 0n, createdAt: txn.created_at, updatedAt: txn.updated_at};
      balance.available += available - reserved;
      balance.pending += pending;
      balance.reserved += reserved;
      if (txn.updated_at > balance.updatedAt) balance.updatedAt = txn.updated_at;
      balances.set(currency, balance);
    }
  }
  return [...balances.values()];
}

/** What the account can spend now in `currency`, in minor units. */
export const availableUnits = (state: KeyState, accountId: string, currency: string): bigint =>
  balancesOf(state, accountId).find((b) => b.currency === currency)?.available ?? 0n;
