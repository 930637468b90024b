/**
 * Money coming in: the coins, the balances (derived by balances.ts), the deposit instructions, the crypto wallets, and
 * the two deposit simulations with their timers: a crypto deposit gains confirmations and completes once the network's
 * `confirmations_required` are reached; a bank transfer settles a few seconds later and writes its `deposit` ledger
 * entry. Over ACH that entry is held until `fiat.funds_available_at`, 5 banking days after the transfer was recorded
 * (review N4), and the transaction stays `pending` until the clock reaches it. A `returned` ACH transfer comes back
 * inside the hold (`pending` → `returned`, a `deposit_return` entry held until the same time, so it never becomes
 * available); over the other rails it completes first and a `deposit_return` entry debits it when it comes back.
 */
import {balancesOf} from '../balances';
import {ACH_HOLD_BANKING_DAYS, ASSETS, RETURN_AFTER_MS, SETTLEMENT_MS, addBankingDays, assetOf} from '../catalog';
import {accountThatMovesFunds, account, announce, find, recordEvent, timestamp, update, type Context, type HandlerResult} from '../context';
import {newId, randomText} from '../ids';
import {entryOf, writeEntry, writeReturn} from '../ledger';
import {fromUnits, toUnits} from '../money';
import {matchesFilter, page, queryValue} from '../pagination';
import {ProblemError} from '../problems';
import type {DepositTimer, KeyState, Money, Resource, TransactionRecord} from '../state';
import {mergeMetadata, openAccount} from './accounts';

const coin = (asset: (typeof ASSETS)[number]) => ({
  code: asset.code,
  name: asset.name,
  kind: asset.kind,
  decimals: asset.decimals,
  networks: asset.networks,
  capabilities: ['deposit', 'withdraw', 'trade'],
  created_at: '2024-06-01T00:00:00Z',
  updated_at: '2025-02-10T12:00:00Z',
  id: asset.code,
});

function listCoins(ctx: Context): HandlerResult {
  const coins = ASSETS.filter((a) => matchesFilter(ctx, {id: a.code, kind: a.kind}, 'kind')).map(coin);
  return {status: 200, body: page(ctx, coins, ({id: _code, ...rest}) => rest)};
}

function listBalances(ctx: Context): HandlerResult {
  const acc = account(ctx);
  const balances = balancesOf(ctx.state, acc.id, ctx.now)
    .map((b) => {
      const asset = assetOf(b.currency, 'currency');
      const write = (units: bigint) => fromUnits(units, asset.decimals);
      return {
        id: b.currency,
        account_id: acc.id,
        currency: b.currency,
        kind: asset.kind,
        total: write(b.total),
        available: write(b.available),
        reserved: write(b.reserved),
        pending: write(b.pending),
        created_at: timestamp(b.createdAt),
        updated_at: timestamp(b.updatedAt),
      };
    })
    .filter((b) => matchesFilter(ctx, b, 'currency') && matchesFilter(ctx, b, 'kind'));
  return {status: 200, body: page(ctx, balances, ({id: _currency, ...rest}) => rest)};
}

const DEFAULT_RAIL: Record<string, string> = {USD: 'ach', EUR: 'sepa', GBP: 'faster_payments'};
const RAIL_CURRENCY: Record<string, string> = {ach: 'USD', wire: 'USD', sepa: 'EUR', faster_payments: 'GBP'};

/** The account's deposit reference: DEP and the first 8 characters of its id (DEP7HQ2LMX9 for acc_7Hq2LmX9pR4sT8vW). */
export const depositReference = (accountId: string): string => `DEP${accountId.slice(4, 12).toUpperCase()}`;

/** `422 unsupported_asset` unless `rail` carries `currency`. */
function checkRail(rail: string, currency: string, field: string): void {
  if (RAIL_CURRENCY[rail] !== currency) throw new ProblemError('unsupported_asset', `${field}: ${rail} carries ${RAIL_CURRENCY[rail]}, not ${currency}.`);
}

function getDepositInstructions(ctx: Context): HandlerResult {
  const acc = accountThatMovesFunds(ctx);
  const currency = queryValue(ctx, 'currency')!;
  const rail = queryValue(ctx, 'rail') ?? DEFAULT_RAIL[currency];
  checkRail(rail, currency, 'rail');
  const example = ctx.spec.example('getDepositInstructions', 200);
  const bankDetails =
    currency === 'USD'
      ? example.bank_details
      : currency === 'EUR'
        ? {scheme: 'iban', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX'}
        : {scheme: 'uk_domestic', account_number: '31926819', sort_code: '601613'};
  const beneficiary = (acc.individual ?? acc.business) as {address?: unknown} | null;
  return {
    status: 200,
    body: {
      ...example,
      account_id: acc.id,
      currency,
      rail,
      beneficiary_name: acc.display_name,
      beneficiary_address: beneficiary?.address ?? example.beneficiary_address,
      bank_details: bankDetails,
      reference: depositReference(acc.id),
      minimum_amount: {value: currency === 'USD' ? '1.00' : '1.00', currency},
    },
  };
}

/** A test deposit address of `network` (0x + 40 hex on EVM networks, base58 otherwise). */
function testAddress(state: KeyState, network: string): string {
  if (['ethereum', 'polygon', 'arbitrum', 'base'].includes(network)) return `0x${randomText(state, 40, '0123456789abcdef')}`;
  const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  if (network === 'bitcoin') return `bc1q${randomText(state, 38, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}`;
  return `${network === 'tron' ? 'T' : ''}${randomText(state, 43, base58)}`;
}

function createCryptoWallet(ctx: Context): HandlerResult {
  const acc = accountThatMovesFunds(ctx);
  const asset = assetOf(String(ctx.body.asset), 'asset');
  const network = String(ctx.body.network);
  if (!asset.networks.some((n) => n.network === network)) throw new ProblemError('unsupported_asset', `network: ${asset.code} does not move on ${network}.`);
  const existing = Object.values(ctx.state.wallets).find((w) => w.account_id === acc.id && w.asset === asset.code && w.network === network);
  if (existing) throw new ProblemError('duplicate_resource', `Account ${acc.id} already has wallet ${existing.id} for ${asset.code} on ${network}.`);
  const wallet: Resource = {
    id: newId(ctx.state, 'wal'),
    account_id: acc.id,
    asset: asset.code,
    network,
    address: testAddress(ctx.state, network),
    label: ctx.body.label ?? null,
    metadata: ctx.body.metadata ?? {},
    created_at: timestamp(ctx.now),
    updated_at: timestamp(ctx.now),
  };
  ctx.state.wallets[wallet.id] = wallet;
  return {status: 201, body: wallet};
}

export const wallet = (ctx: Context): Resource => find(ctx, ctx.state.wallets, 'wallet', ctx.params.wallet_id);

/** The path's wallet, when `amount` is in its asset (`422 unsupported_asset` otherwise). */
export function walletFor(ctx: Context, amount: Money): Resource {
  const w = wallet(ctx);
  if (amount.currency !== w.asset)
    throw new ProblemError('unsupported_asset', `amount.currency: wallet ${w.id} holds ${String(w.asset)}, not ${amount.currency}.`);
  return w;
}

function updateCryptoWallet(ctx: Context): HandlerResult {
  openAccount(ctx);
  const w = wallet(ctx);
  update(ctx, w, {
    ...(ctx.body.label !== undefined ? {label: ctx.body.label} : {}),
    ...(ctx.body.metadata !== undefined ? {metadata: mergeMetadata(w.metadata, ctx.body.metadata)} : {}),
  });
  return {status: 200, body: w};
}

/** A new transaction of the request's account, with the fields every type shares (and `fields.id` when chosen before). */
export function newTransaction(
  ctx: Context,
  fields: Partial<TransactionRecord> & Pick<TransactionRecord, 'type' | 'status' | 'direction' | 'amount' | 'fee'>,
): TransactionRecord {
  const txn: TransactionRecord = {
    id: fields.id ?? newId(ctx.state, 'txn'),
    account_id: ctx.params.account_id,
    trade: null,
    crypto: null,
    fiat: null,
    wallet_id: null,
    withdrawal_id: null,
    client_reference: null,
    status_reason: null,
    created_at: timestamp(ctx.now),
    updated_at: timestamp(ctx.now),
    completed_at: null,
    metadata: {},
    ...fields,
  };
  ctx.state.transactions[txn.id] = txn;
  announce(ctx, 'transaction', txn);
  return txn;
}

/** `amount` checked against its asset: the field's decimals, and `422 unsupported_asset` for an unknown asset. */
export function checkedMoney(money: Money, field: string): {units: bigint; decimals: number} {
  const asset = assetOf(money.currency, `${field}.currency`);
  return {units: toUnits(money.value, asset.decimals, `${field}.value`), decimals: asset.decimals};
}

/**
 * A deposit detected but not credited yet: a pending credit of `amount`, free of fee, announced by `deposit.received`,
 * with the timer that settles it.
 */
function newDeposit(
  ctx: Context,
  type: 'fiat_deposit' | 'crypto_deposit',
  amount: Money,
  fields: Partial<TransactionRecord>,
  timer: Omit<DepositTimer, 'transactionId' | 'startedAt'>,
): TransactionRecord {
  const {decimals} = assetOf(amount.currency, 'amount.currency');
  const txn = newTransaction(ctx, {
    type,
    status: 'pending',
    direction: 'credit',
    amount,
    fee: {value: fromUnits(0n, decimals), currency: amount.currency},
    ...fields,
  });
  ctx.state.deposits.push({transactionId: txn.id, startedAt: ctx.now, ...timer});
  recordEvent(ctx, 'deposit.received', txn);
  return txn;
}

function simulateBankTransfer(ctx: Context): HandlerResult {
  const acc = accountThatMovesFunds(ctx);
  const amount = ctx.body.amount as Money;
  const rail = String(ctx.body.rail);
  checkedMoney(amount, 'amount');
  checkRail(rail, amount.currency, 'amount.currency');
  const wrongReference = ctx.body.reference !== depositReference(acc.id);
  const outcome = wrongReference ? 'returned' : ((ctx.body.outcome as 'completed' | 'failed' | 'returned' | undefined) ?? 'completed');
  const settlesAt = ctx.now + SETTLEMENT_MS;
  const holdEndsAt = rail === 'ach' ? addBankingDays(ctx.now, ACH_HOLD_BANKING_DAYS) : null;
  // A transfer with another reference comes back before it is credited; a returned one a day later (inside the ACH hold).
  const returnsAt = outcome === 'returned' ? ctx.now + (wrongReference ? SETTLEMENT_MS : RETURN_AFTER_MS) : null;
  const fiat = {
    funds_available_at: holdEndsAt === null ? null : timestamp(holdEndsAt),
    rail,
    reference: String(ctx.body.reference),
    counterparty_name: ctx.body.sender_name ?? acc.display_name,
  };
  const txn = newDeposit(ctx, 'fiat_deposit', amount, {fiat}, {settlesAt, holdEndsAt, outcome, returnsAt, confirmationsRequired: 0});
  return {status: 201, body: txn};
}

function simulateCryptoDeposit(ctx: Context): HandlerResult {
  accountThatMovesFunds(ctx);
  const amount = ctx.body.amount as Money;
  const w = walletFor(ctx, amount);
  checkedMoney(amount, 'amount');
  const network = assetOf(amount.currency, 'amount.currency').networks.find((n) => n.network === w.network)!;
  const crypto = {
    network: w.network,
    address: ctx.body.from_address ?? '0x1C4e8D2b6A9f3E7c5B0d2F4a6C8e0B1d3F5a7C92',
    tx_hash: `0x${randomText(ctx.state, 64, '0123456789abcdef')}`,
    confirmations: 0,
  };
  const outcome = (ctx.body.outcome as 'completed' | 'failed' | undefined) ?? 'completed';
  const txn = newDeposit(
    ctx,
    'crypto_deposit',
    amount,
    {wallet_id: w.id, crypto},
    {settlesAt: ctx.now + SETTLEMENT_MS, holdEndsAt: null, outcome, returnsAt: null, confirmationsRequired: network.confirmations_required},
  );
  return {status: 201, body: txn};
}

/** Moves `txn` to `status` at sandbox time `at`, and announces it. */
function settle(ctx: Context, txn: TransactionRecord, status: TransactionRecord['status'], at: number, reason: string | null): void {
  const when = timestamp(at);
  Object.assign(txn, {status, updated_at: when, status_reason: reason, ...(status === 'completed' ? {completed_at: when} : {})});
  announce(ctx, 'transaction', txn);
}

/**
 * Advances every simulated deposit to where the key's clock now is: confirmations, settlement (the `deposit` entry),
 * the end of the ACH hold, returns (the `deposit_return` entry). Each step happens at its own time, however far the
 * clock jumped.
 */
export function settleDeposits(ctx: Context): void {
  if (ctx.neverCompleteDeposits) return;
  const {state, now} = ctx;
  for (const timer of state.deposits) {
    const txn = state.transactions[timer.transactionId];
    const crypto = txn.crypto as {confirmations: number} | null;
    if (crypto && txn.status === 'pending') {
      const progress = Math.min(1, (now - timer.startedAt) / (timer.settlesAt - timer.startedAt));
      crypto.confirmations = Math.floor(progress * timer.confirmationsRequired);
    }
    const returnsBeforeSettlement = timer.returnsAt !== null && timer.returnsAt <= timer.settlesAt;
    if (txn.status === 'pending' && !entryOf(state, txn, 'deposit')) {
      if (returnsBeforeSettlement && now >= timer.returnsAt!) {
        settle(ctx, txn, 'returned', timer.returnsAt!, 'The transfer was returned to the sender before it was credited (sandbox simulation).');
        recordEvent(ctx, 'deposit.returned', txn);
      } else if (now >= timer.settlesAt && timer.outcome === 'failed') {
        settle(ctx, txn, 'failed', timer.settlesAt, 'The deposit failed (sandbox simulation).');
        recordEvent(ctx, 'deposit.failed', txn);
      } else if (now >= timer.settlesAt) {
        const heldUntil = timer.holdEndsAt === null ? undefined : timestamp(timer.holdEndsAt);
        writeEntry(state, txn, {kind: 'deposit', money: txn.amount, sign: 1n, at: timer.settlesAt, availableAt: heldUntil});
        if (timer.holdEndsAt === null) {
          settle(ctx, txn, 'completed', timer.settlesAt, null);
          recordEvent(ctx, 'deposit.completed', txn);
        }
      }
    }
    const deposit = entryOf(state, txn, 'deposit');
    // An ACH deposit in its hold: returned inside it, or completed when it ends.
    if (txn.status === 'pending' && deposit && timer.holdEndsAt !== null) {
      if (timer.returnsAt !== null && timer.returnsAt < timer.holdEndsAt && now >= timer.returnsAt) {
        writeReturn(state, txn, deposit, timer.returnsAt);
        settle(ctx, txn, 'returned', timer.returnsAt, 'The sender bank returned the transfer inside the ACH hold (sandbox simulation).');
        recordEvent(ctx, 'deposit.returned', txn);
      } else if (now >= timer.holdEndsAt) {
        settle(ctx, txn, 'completed', timer.holdEndsAt, null);
        recordEvent(ctx, 'deposit.completed', txn);
      }
    }
    if (txn.status === 'completed' && deposit && !returnsBeforeSettlement && timer.returnsAt !== null && now >= timer.returnsAt) {
      writeReturn(state, txn, deposit, timer.returnsAt);
      settle(ctx, txn, 'returned', timer.returnsAt, 'The sender bank returned the transfer after it was credited (sandbox simulation).');
      recordEvent(ctx, 'deposit.returned', txn);
    }
  }
  // A timer is done once its transaction is final.
  state.deposits = state.deposits.filter((t) => {
    const status = state.transactions[t.transactionId].status;
    return status === 'pending' || (status === 'completed' && t.returnsAt !== null && now < t.returnsAt);
  });
}

export const fundHandlers = {
  listCoins,
  listBalances,
  getDepositInstructions,
  createCryptoWallet,
  listCryptoWallets: (ctx: Context): HandlerResult => {
    const acc = account(ctx);
    const wallets = Object.values(ctx.state.wallets).filter(
      (w) => w.account_id === acc.id && matchesFilter(ctx, w, 'asset') && matchesFilter(ctx, w, 'network'),
    );
    return {status: 200, body: page(ctx, wallets)};
  },
  getCryptoWallet: (ctx: Context): HandlerResult => {
    account(ctx);
    return {status: 200, body: wallet(ctx)};
  },
  updateCryptoWallet,
  simulateBankTransfer,
  simulateCryptoDeposit,
};
