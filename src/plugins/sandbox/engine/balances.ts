/**
 * Balances derived from the ledger, never stored: every read sums the account's entries at the key's clock, so a
 * balance can never disagree with the entries GET /ledger-entries lists. The arithmetic of LedgerEntry.yaml and
 * Balance.yaml, per currency at time t:
 * - `total` = Σ entries with `available_at` ≤ t;
 * - `pending` = Σ entries with `available_at` > t (ACH holds) + deposits detected but not settled (no entry yet);
 * - `reserved` = amount + fee of the withdrawals not final yet (a reservation writes no entry);
 * - `available` = `total` − `reserved`.
 */
import {assetOf} from './catalog';
import {entryUnits} from './ledger';
import {toUnits} from './money';
import type {KeyState, Money} from './state';

export interface LedgerBalance {
  currency: string;
  total: bigint;
  available: bigint;
  pending: bigint;
  reserved: bigint;
  /** The first and the latest change of the balance (its created_at and updated_at), ms of the sandbox clock. */
  createdAt: number;
  updatedAt: number;
}

const IN_FLIGHT = new Set(['pending', 'processing']);

const unitsOf = (money: Money): bigint => toUnits(money.value, assetOf(money.currency, 'currency').decimals, 'amount');

/** The balances of `accountId` at sandbox time `now`, one per asset it ever moved, in the order the assets were first moved. */
export function balancesOf(state: KeyState, accountId: string, now: number): LedgerBalance[] {
  const balances = new Map<string, LedgerBalance>();
  const changes: {currency: string; at: number; total?: bigint; pending?: bigint; reserved?: bigint}[] = [];
  for (const entry of state.ledger) {
    if (entry.account_id !== accountId) continue;
    const createdAt = Date.parse(entry.created_at);
    const availableAt = Date.parse(entry.available_at);
    const held = availableAt > now;
    changes.push({currency: entry.currency, at: createdAt, [held ? 'pending' : 'total']: entryUnits(entry)});
    // The end of a hold changes the balance without a new entry.
    if (!held && availableAt > createdAt) changes.push({currency: entry.currency, at: availableAt});
  }
  for (const txn of Object.values(state.transactions)) {
    if (txn.account_id !== accountId || !IN_FLIGHT.has(txn.status)) continue;
    const at = Date.parse(txn.created_at);
    if (txn.direction === 'credit' && !state.ledger.some((e) => e.transaction_id === txn.id)) {
      changes.push({currency: txn.amount.currency, at, pending: unitsOf(txn.amount)});
    } else if (txn.direction === 'debit') {
      changes.push({currency: txn.amount.currency, at, reserved: unitsOf(txn.amount) + unitsOf(txn.fee)});
    }
  }
  // A released reservation (a failed or cancelled withdrawal) changed the balance when it was released.
  for (const txn of Object.values(state.transactions)) {
    if (txn.account_id === accountId && txn.direction === 'debit' && (txn.status === 'failed' || txn.status === 'cancelled')) {
      changes.push({currency: txn.amount.currency, at: Date.parse(txn.created_at)}, {currency: txn.amount.currency, at: Date.parse(txn.updated_at)});
    }
  }
  changes.sort((a, b) => a.at - b.at);
  for (const change of changes) {
    const balance = balances.get(change.currency) ?? {
      currency: change.currency,
      total: 0n,
      available: 0n,
      pending: 0n,
      reserved: 0n,
      createdAt: change.at,
      updatedAt: change.at,
    };
    balance.total += change.total ?? 0n;
    balance.pending += change.pending ?? 0n;
    balance.reserved += change.reserved ?? 0n;
    balance.available = balance.total - balance.reserved;
    balance.updatedAt = Math.max(balance.updatedAt, change.at);
    balances.set(change.currency, balance);
  }
  return [...balances.values()];
}

/** What the account can spend now in `currency`, in minor units. */
export const availableUnits = (state: KeyState, accountId: string, currency: string, now: number): bigint =>
  balancesOf(state, accountId, now).find((b) => b.currency === currency)?.available ?? 0n;
