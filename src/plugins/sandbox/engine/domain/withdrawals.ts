/**
 * Crypto and fiat withdrawals, one state machine for both: creating one checks the destination, the route's minimum
 * and maximum, the day's limit and the available balance, then reserves amount + fee through its pending transaction
 * (balances.ts counts it as `reserved`; a reservation writes no ledger entry); cancel releases it while the withdrawal
 * is `pending` or `screening`; the outcome simulations pass it through `submitted` to `completed` (the `withdrawal`
 * and `withdrawal_fee` entries), `failed` or (fiat only, after completing) `returned` (a `withdrawal_return`). Each
 * step records its `withdrawal.*` event about the transaction, as WebhookEventType.yaml says.
 */
import {availableUnits} from '../balances';
import {CRYPTO_LIMITS, FIAT_ROUTES, assetOf} from '../catalog';
import {accountThatMovesFunds, account, announce, find, recordEvent, timestamp, update, type Context, type HandlerResult} from '../context';
import {newId, randomText} from '../ids';
import {entryOf, writeReturn, writeWithdrawalEntries} from '../ledger';
import {fromUnits, toUnits} from '../money';
import {matchesFilter, page, queryValue} from '../pagination';
import {ProblemError} from '../problems';
import type {Money, Resource, TransactionRecord} from '../state';
import {withdrawalLimits} from './accounts';
import {newTransaction, wallet, walletFor} from './funds';

type Kind = 'crypto' | 'fiat';

/** The transaction status of each withdrawal status. */
const TRANSACTION_STATUS: Record<string, TransactionRecord['status']> = {
  pending: 'pending',
  screening: 'pending',
  submitted: 'processing',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
  returned: 'returned',
};

/** An address's shape on each network (WithdrawCrypto's address validation, without checksums). */
const ADDRESS_SHAPE: Record<string, RegExp> = {
  ethereum: /^0x[0-9a-fA-F]{40}$/,
  polygon: /^0x[0-9a-fA-F]{40}$/,
  arbitrum: /^0x[0-9a-fA-F]{40}$/,
  base: /^0x[0-9a-fA-F]{40}$/,
  bitcoin: /^(bc1[0-9a-z]{25,87}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  solana: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
  tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
};

/**
 * `422 amount_below_minimum`, `amount_above_limit` or `insufficient_funds` when `amount` + `fee` cannot leave the
 * account now; the units of amount and fee otherwise.
 */
function checkAmount(
  ctx: Context,
  amount: Money,
  route: {fee: string; min_amount: string; max_amount: string; currency: string},
  dailyRemaining: string,
): void {
  const {decimals} = assetOf(amount.currency, 'amount.currency');
  const units = toUnits(amount.value, decimals, 'amount.value');
  const fee = toUnits(route.fee, decimals, 'fee');
  if (units < toUnits(route.min_amount, decimals, 'min_amount'))
    throw new ProblemError('amount_below_minimum', `amount.value is below the minimum of ${route.min_amount} ${amount.currency}.`);
  if (units > toUnits(route.max_amount, decimals, 'max_amount') || units > toUnits(dailyRemaining, decimals, 'daily_remaining')) {
    throw new ProblemError(
      'amount_above_limit',
      `amount.value exceeds the maximum of ${route.max_amount} ${amount.currency} per withdrawal or today's remaining ${dailyRemaining}.`,
    );
  }
  const available = availableUnits(ctx.state, ctx.params.account_id, amount.currency, ctx.now);
  if (available < units + fee) {
    throw new ProblemError(
      'insufficient_funds',
      `The available ${amount.currency} balance (${fromUnits(available, decimals)}) is lower than the amount plus the fee (${fromUnits(units + fee, decimals)}).`,
    );
  }
}

/** The documented withdrawal fields both kinds share, and the transaction that reserves the funds. */
function startWithdrawal(ctx: Context, kind: Kind, amount: Money, fee: string, txnFields: Partial<TransactionRecord>): Resource {
  const id = newId(ctx.state, 'wdr');
  const txn = newTransaction(ctx, {
    type: kind === 'crypto' ? 'crypto_withdrawal' : 'fiat_withdrawal',
    status: 'pending',
    direction: 'debit',
    amount,
    fee: {value: fee, currency: amount.currency},
    withdrawal_id: id,
    client_reference: (ctx.body.client_reference as string | undefined) ?? null,
    metadata: ctx.body.metadata ?? {},
    ...txnFields,
  });
  return {
    id,
    account_id: ctx.params.account_id,
    transaction_id: txn.id,
    status: 'pending',
    amount,
    fee: txn.fee,
    client_reference: txn.client_reference,
    status_reason: null,
    metadata: txn.metadata,
    created_at: txn.created_at,
    updated_at: txn.created_at,
    completed_at: null,
    failed_at: null,
    cancelled_at: null,
  };
}

function withdrawCrypto(ctx: Context): HandlerResult {
  accountThatMovesFunds(ctx);
  const amount = ctx.body.amount as Money;
  const w = walletFor(ctx, amount);
  const {beneficiary_id: beneficiaryId, address} = ctx.body as {beneficiary_id?: string; address?: string};
  if ((beneficiaryId === undefined) === (address === undefined)) {
    throw ProblemError.validation(beneficiaryId === undefined ? 'beneficiary_id' : 'address', 'required', 'Send exactly one of beneficiary_id and address.');
  }
  let destination: string;
  if (beneficiaryId !== undefined) {
    const beneficiary = find(ctx, ctx.state.cryptoBeneficiaries, 'crypto beneficiary', beneficiaryId);
    if (beneficiary.status !== 'verified' || beneficiary.asset !== w.asset || beneficiary.network !== w.network) {
      throw new ProblemError(
        'resource_conflict',
        `Beneficiary ${beneficiaryId} is ${String(beneficiary.status)} for ${String(beneficiary.asset)} on ${String(beneficiary.network)}; it must be verified for ${String(w.asset)} on ${String(w.network)}.`,
      );
    }
    destination = String(beneficiary.address);
  } else {
    if (ctx.body.network !== w.network)
      throw ProblemError.validation(
        'network',
        ctx.body.network ? 'unsupported_value' : 'required',
        `network must be the wallet's network, ${String(w.network)}.`,
      );
    if (!ctx.body.owner) throw ProblemError.validation('owner', 'required', 'owner is required with a one-time address (Travel Rule).');
    const ownAddress = Object.values(ctx.state.wallets).some((own) => own.address === address);
    if (!ADDRESS_SHAPE[String(w.network)].test(address!) || ownAddress) {
      throw new ProblemError(
        'invalid_address',
        `address ${address} is ${ownAddress ? "one of the account's own deposit addresses" : `not a valid ${String(w.network)} address`}.`,
      );
    }
    destination = address!;
  }
  const network = assetOf(amount.currency, 'amount.currency').networks.find((n) => n.network === w.network)!;
  const route = {
    fee: network.withdrawal_fee,
    min_amount: network.min_withdrawal,
    max_amount: CRYPTO_LIMITS[amount.currency].max_amount,
    currency: amount.currency,
  };
  const limit = withdrawalLimits(ctx).find((l) => l.currency === amount.currency && l.network === w.network)!;
  checkAmount(ctx, amount, route, String(limit.daily_remaining));
  const crypto = {network: w.network, address: destination, tx_hash: null, confirmations: 0};
  const withdrawal = startWithdrawal(ctx, 'crypto', amount, network.withdrawal_fee, {wallet_id: w.id, crypto});
  Object.assign(withdrawal, {
    wallet_id: w.id,
    beneficiary_id: beneficiaryId ?? null,
    network: w.network,
    address: destination,
    memo: ctx.body.memo ?? null,
    tx_hash: null,
    confirmations: 0,
  });
  ctx.state.withdrawals[withdrawal.id] = withdrawal;
  return {status: 201, body: withdrawal};
}

function withdrawFiat(ctx: Context): HandlerResult {
  accountThatMovesFunds(ctx);
  const amount = ctx.body.amount as Money;
  const rail = String(ctx.body.rail);
  const route = FIAT_ROUTES.find((r) => r.rail === rail)!;
  if (route.currency !== amount.currency)
    throw new ProblemError('unsupported_asset', `amount.currency: ${rail} carries ${route.currency}, not ${amount.currency}.`);
  const {bank_account_id: bankAccountId, beneficiary_id: beneficiaryId} = ctx.body as {bank_account_id?: string; beneficiary_id?: string};
  if ((bankAccountId === undefined) === (beneficiaryId === undefined)) {
    throw ProblemError.validation(
      bankAccountId === undefined ? 'bank_account_id' : 'beneficiary_id',
      'required',
      'Send exactly one of bank_account_id and beneficiary_id.',
    );
  }
  const payee =
    bankAccountId !== undefined
      ? find(ctx, ctx.state.bankAccounts, 'bank account', bankAccountId)
      : find(ctx, ctx.state.fiatBeneficiaries, 'fiat beneficiary', beneficiaryId!);
  if (payee.status !== 'verified' || payee.currency !== amount.currency || !(payee.supported_rails as string[]).includes(rail)) {
    throw new ProblemError(
      'resource_conflict',
      `${payee.id} is ${String(payee.status)} in ${String(payee.currency)} over ${(payee.supported_rails as string[]).join(', ')}; it must be verified for ${amount.currency} over ${rail}.`,
    );
  }
  const limit = withdrawalLimits(ctx).find((l) => l.rail === rail)!;
  checkAmount(ctx, amount, route, String(limit.daily_remaining));
  // Without a reference: NR- and the first 8 characters of the transaction id in capitals (CreateFiatWithdrawalRequest.yaml).
  const transactionId = newId(ctx.state, 'txn');
  const reference = (ctx.body.reference as string | undefined) ?? `NR-${transactionId.slice(4, 12).toUpperCase()}`;
  const withdrawal = startWithdrawal(ctx, 'fiat', amount, route.fee, {
    id: transactionId,
    fiat: {funds_available_at: null, rail, reference, counterparty_name: payee.account_holder_name ?? payee.name},
  });
  const details = payee.bank_details as {account_number_last4?: string};
  Object.assign(withdrawal, {
    rail,
    reference,
    destination: {
      type: bankAccountId !== undefined ? 'bank_account' : 'fiat_beneficiary',
      id: payee.id,
      holder_name: payee.account_holder_name ?? payee.name,
      bank_name: payee.bank_name ?? null,
      account_number_last4: details.account_number_last4 ?? '0000',
    },
    estimated_arrival_at: timestamp(ctx.now + 3 * 24 * 3600_000),
    returned_at: null,
  });
  ctx.state.withdrawals[withdrawal.id] = withdrawal;
  return {status: 201, body: withdrawal};
}

/** The withdrawal of the path, of `kind` (and of the path's wallet for crypto), or the documented 404. */
function withdrawalOf(ctx: Context, kind: Kind): Resource {
  account(ctx);
  const w = find(ctx, ctx.state.withdrawals, 'withdrawal', ctx.params.withdrawal_id);
  const isCrypto = 'wallet_id' in w;
  if (isCrypto !== (kind === 'crypto') || (kind === 'crypto' && w.wallet_id !== wallet(ctx).id))
    throw ProblemError.notFound('withdrawal', ctx.params.withdrawal_id);
  return w;
}

/** Moves withdrawal `w` and its transaction to `status`, recording `event` about the transaction. */
function move(ctx: Context, w: Resource, status: string, event: string, reason: string | null = null): void {
  const at = timestamp(ctx.now);
  const txn = ctx.state.transactions[String(w.transaction_id)];
  const stamps: Record<string, string> = {completed: 'completed_at', failed: 'failed_at', cancelled: 'cancelled_at', returned: 'returned_at'};
  // A fiat payout's estimate is `null` once it is completed or final (FiatWithdrawal.yaml).
  const estimate = stamps[status] && 'estimated_arrival_at' in w ? {estimated_arrival_at: null} : {};
  update(ctx, w, {status, status_reason: reason ?? w.status_reason, ...(stamps[status] ? {[stamps[status]]: at} : {}), ...estimate});
  update(ctx, txn, {status: TRANSACTION_STATUS[status], status_reason: reason ?? txn.status_reason, ...(status === 'completed' ? {completed_at: at} : {})});
  if (status === 'submitted' && 'wallet_id' in w) {
    const hash = `0x${randomText(ctx.state, 64, '0123456789abcdef')}`;
    Object.assign(w, {tx_hash: hash});
    Object.assign(txn.crypto as object, {tx_hash: hash});
  }
  // The money moves when the withdrawal completes (its two entries) and comes back when it is returned (a new entry
  // offsetting the `withdrawal` one; the fee's entry stays alone). A failed or cancelled one writes none.
  if (status === 'completed') writeWithdrawalEntries(ctx.state, txn, ctx.now);
  if (status === 'returned') writeReturn(ctx.state, txn, entryOf(ctx.state, txn, 'withdrawal')!, ctx.now);
  if (status === 'completed' && 'wallet_id' in w) {
    const confirmations = assetOf((w.amount as Money).currency, 'amount').networks.find((n) => n.network === w.network)!.confirmations_required;
    Object.assign(w, {confirmations});
    Object.assign(txn.crypto as object, {confirmations});
  }
  announce(ctx, 'transaction', txn);
  recordEvent(ctx, event, txn);
}

function cancel(ctx: Context, kind: Kind): HandlerResult {
  const w = withdrawalOf(ctx, kind);
  if (w.status === 'cancelled') return {status: 200, body: w};
  if (w.status !== 'pending' && w.status !== 'screening') {
    throw new ProblemError('resource_conflict', `Withdrawal ${w.id} is ${String(w.status)}; only a pending or screening withdrawal can be cancelled.`);
  }
  move(ctx, w, 'cancelled', 'withdrawal.cancelled', 'Cancelled by request.');
  return {status: 200, body: w};
}

/** A returned payout disables its destination (`bank_account.disabled` or `beneficiary.disabled`, WebhookEventType.yaml). */
function disablePayee(ctx: Context, w: Resource): void {
  const destination = w.destination as {type: string; id: string};
  const [collection, event] =
    destination.type === 'bank_account' ? [ctx.state.bankAccounts, 'bank_account.disabled'] : [ctx.state.fiatBeneficiaries, 'beneficiary.disabled'];
  const payee = collection[destination.id];
  if (!payee || payee.status === 'disabled') return;
  update(ctx, payee, {status: 'disabled', status_reason: `Payout ${w.id} to it was returned: ${String(w.status_reason)}`.slice(0, 500)});
  recordEvent(ctx, event, payee);
}

function simulateOutcome(ctx: Context, kind: Kind): HandlerResult {
  const w = withdrawalOf(ctx, kind);
  const outcome = String(ctx.body.outcome);
  const allowed = ['pending', 'screening', 'submitted'].includes(String(w.status)) || (w.status === 'completed' && outcome === 'returned');
  if (!allowed) throw new ProblemError('resource_conflict', `Withdrawal ${w.id} is ${String(w.status)}; it cannot become ${outcome}.`);
  if (w.status === 'pending' || w.status === 'screening') move(ctx, w, 'submitted', 'withdrawal.submitted');
  const reason = (ctx.body.status_reason as string | undefined) ?? null;
  if (outcome === 'failed') {
    move(ctx, w, 'failed', 'withdrawal.failed', reason ?? 'The withdrawal failed (sandbox simulation).');
    return {status: 200, body: w};
  }
  if (w.status !== 'completed') move(ctx, w, 'completed', 'withdrawal.completed');
  if (outcome === 'returned') {
    move(ctx, w, 'returned', 'withdrawal.returned', reason ?? 'The receiving bank returned the payment (sandbox simulation).');
    disablePayee(ctx, w);
  }
  return {status: 200, body: w};
}

function list(ctx: Context, kind: Kind): HandlerResult {
  account(ctx);
  const walletId = kind === 'crypto' ? wallet(ctx).id : undefined;
  const after = queryValue(ctx, 'created_gte');
  const before = queryValue(ctx, 'created_lt');
  const items = Object.values(ctx.state.withdrawals).filter(
    (w) =>
      w.account_id === ctx.params.account_id &&
      'wallet_id' in w === (kind === 'crypto') &&
      (walletId === undefined || w.wallet_id === walletId) &&
      matchesFilter(ctx, w, 'status') &&
      matchesFilter(ctx, w, 'client_reference') &&
      (after === undefined || Date.parse(String(w.created_at)) >= Date.parse(after)) &&
      (before === undefined || Date.parse(String(w.created_at)) < Date.parse(before)),
  );
  return {status: 200, body: page(ctx, items)};
}

export const withdrawalHandlers = {
  withdrawCrypto,
  listCryptoWithdrawals: (ctx: Context) => list(ctx, 'crypto'),
  getCryptoWithdrawal: (ctx: Context): HandlerResult => ({status: 200, body: withdrawalOf(ctx, 'crypto')}),
  cancelCryptoWithdrawal: (ctx: Context) => cancel(ctx, 'crypto'),
  simulateCryptoWithdrawalOutcome: (ctx: Context) => simulateOutcome(ctx, 'crypto'),
  withdrawFiat,
  listFiatWithdrawals: (ctx: Context) => list(ctx, 'fiat'),
  getFiatWithdrawal: (ctx: Context): HandlerResult => ({status: 200, body: withdrawalOf(ctx, 'fiat')}),
  cancelFiatWithdrawal: (ctx: Context) => cancel(ctx, 'fiat'),
  simulateFiatWithdrawalOutcome: (ctx: Context) => simulateOutcome(ctx, 'fiat'),
};
