/**
 * Accounts and their identity verification: create (KYC `not_started`, as the docs promise and review N-L7 found the
 * stateless mock did not), read, list, update, close, the KYC review ended by POST /sandbox/accounts/{account_id}/kyc
 * (`not_started` → `approved` | `action_required` | `rejected`), the suspension POST /sandbox/accounts/{account_id}/suspension
 * sets or lifts (`active` ⇄ `suspended`; what a suspension refuses is in context.ts' accountThatMovesFunds and
 * `unsuspendedAccount`), and the limits, with `daily_remaining` counted from the day's withdrawals.
 */
import {balancesOf} from '../balances';
import {ASSETS, CRYPTO_LIMITS, FIAT_ROUTES, TRADING_MINIMUMS} from '../catalog';
import {account, bodyString, recordEvent, timestamp, update, type Context, type HandlerResult} from '../context';
import {newId, randomText} from '../ids';
import {fromUnits, toUnits} from '../money';
import {matchesFilter, page} from '../pagination';
import {ProblemError} from '../problems';
import type {Resource} from '../state';

/** A Metadata merge as openapi/README.md states it: keys set to null are removed, keys not sent are kept. */
export function mergeMetadata(current: unknown, patch: unknown): Record<string, unknown> {
  const merged: Record<string, unknown> = {...(current as Record<string, unknown>)};
  for (const [key, value] of Object.entries((patch ?? {}) as Record<string, unknown>)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** The account, or `409 resource_conflict` when it is closed (nothing on a closed account changes). */
export function openAccount(ctx: Context): Resource {
  const acc = account(ctx);
  if (acc.status === 'closed') throw new ProblemError('resource_conflict', `Account ${acc.id} is closed; it can be read, not changed.`);
  return acc;
}

/** The open account, or `403 account_suspended` when it is suspended (closing it, adding a beneficiary). */
export function unsuspendedAccount(ctx: Context): Resource {
  const acc = openAccount(ctx);
  if (acc.status === 'suspended') throw new ProblemError('account_suspended', `Account ${acc.id} is suspended: ${String(acc.status_reason)}`);
  return acc;
}

function newVerification(ctx: Context, accountId: string): Resource {
  const id = newId(ctx.state, 'kyc');
  return {
    id,
    account_id: accountId,
    status: 'not_started',
    level: 'basic',
    required_actions: [],
    rejection_reasons: [],
    verification_url: `https://verify.sandbox.novaramp.example/s/${id}?token=vt_${randomText(ctx.state, 16)}`,
    verification_url_expires_at: timestamp(ctx.now + 24 * 3600_000),
    submitted_at: null,
    reviewed_at: null,
    created_at: timestamp(ctx.now),
    updated_at: timestamp(ctx.now),
  };
}

function createAccount(ctx: Context): HandlerResult {
  const {type, individual, business} = ctx.body as {type: string; individual?: {first_name: string; last_name: string}; business?: {legal_name: string}};
  const [needed, other] = type === 'individual' ? ['individual', 'business'] : ['business', 'individual'];
  if (!ctx.body[needed]) throw ProblemError.validation(needed, 'required', `${needed} is required when type is ${type}.`);
  if (ctx.body[other]) throw ProblemError.validation(other, 'unsupported_value', `${other} must be omitted when type is ${type}.`);
  const reference = bodyString(ctx, 'external_reference');
  const taken = Object.values(ctx.state.accounts).find((a) => a.external_reference === reference);
  if (taken) throw new ProblemError('duplicate_resource', `external_reference ${reference} is already used by account ${taken.id}.`);
  const id = newId(ctx.state, 'acc');
  const acc: Resource = {
    id,
    type,
    status: 'active',
    status_reason: null,
    display_name: bodyString(ctx, 'display_name') ?? (individual ? `${individual.first_name} ${individual.last_name}` : business!.legal_name).slice(0, 100),
    email: ctx.body.email,
    country: ctx.body.country,
    kyc_status: 'not_started',
    external_reference: reference,
    individual: individual ?? null,
    business: business ?? null,
    created_at: timestamp(ctx.now),
    updated_at: timestamp(ctx.now),
    closed_at: null,
    metadata: ctx.body.metadata ?? {},
  };
  ctx.state.accounts[id] = acc;
  ctx.state.kyc[id] = newVerification(ctx, id);
  recordEvent(ctx, 'account.created', acc);
  return {status: 201, body: acc};
}

const listAccounts = (ctx: Context): HandlerResult => ({
  status: 200,
  body: page(
    ctx,
    Object.values(ctx.state.accounts).filter((a) => ['status', 'kyc_status', 'external_reference'].every((f) => matchesFilter(ctx, a, f))),
  ),
});

function updateAccount(ctx: Context): HandlerResult {
  const acc = openAccount(ctx);
  const {metadata, ...fields} = ctx.body;
  if (fields.external_reference && fields.external_reference !== acc.external_reference) {
    const taken = Object.values(ctx.state.accounts).find((a) => a.external_reference === fields.external_reference);
    if (taken) throw new ProblemError('duplicate_resource', `external_reference ${String(fields.external_reference)} is already used by account ${taken.id}.`);
  }
  update(ctx, acc, {...fields, ...(metadata !== undefined ? {metadata: mergeMetadata(acc.metadata, metadata)} : {})});
  recordEvent(ctx, 'account.updated', acc);
  return {status: 200, body: acc};
}

function closeAccount(ctx: Context): HandlerResult {
  const acc = unsuspendedAccount(ctx);
  if (ctx.body.payout_bank_account_id) {
    throw new ProblemError('resource_conflict', 'The sandbox does not pay out on closure (payout_bank_account_id is deprecated): withdraw the balances first.');
  }
  const inFlight = Object.values(ctx.state.transactions).find((t) => t.account_id === acc.id && ['pending', 'processing'].includes(t.status));
  if (inFlight)
    throw new ProblemError(
      'resource_conflict',
      `Transaction ${inFlight.id} is still ${inFlight.status}; wait for it (or cancel the withdrawal) before closing.`,
    );
  const nonZero = balancesOf(ctx.state, acc.id, ctx.now).find((b) => b.total !== 0n);
  if (nonZero) {
    const decimals = ASSETS.find((a) => a.code === nonZero.currency)!.decimals;
    throw new ProblemError(
      'balance_not_zero',
      `The ${nonZero.currency} balance is ${fromUnits(nonZero.available, decimals)}; withdraw or trade it before closing.`,
    );
  }
  update(ctx, acc, {status: 'closed', status_reason: bodyString(ctx, 'reason') ?? 'Closed by request.', closed_at: timestamp(ctx.now)});
  recordEvent(ctx, 'account.closed', acc);
  return {status: 200, body: acc};
}

const getKycStatus = (ctx: Context): HandlerResult => ({status: 200, body: ctx.state.kyc[account(ctx).id]});

/** The messages of the KYC issue codes the simulation reports. */
const issueMessage = (code: string): string => `Sandbox review: ${code.replace(/_/g, ' ')}.`;

function simulateKycOutcome(ctx: Context): HandlerResult {
  const acc = openAccount(ctx);
  const verification = ctx.state.kyc[acc.id];
  if (verification.status === 'approved' || verification.status === 'rejected') {
    throw new ProblemError('resource_conflict', `The review of ${verification.id} already ended (${String(verification.status)}).`);
  }
  const outcome = bodyString(ctx, 'outcome') as 'approved' | 'rejected' | 'action_required';
  const issues = ((ctx.body.issues as string[] | undefined) ?? [outcome === 'rejected' ? 'document_unsupported' : 'document_unreadable']).map((code) => ({
    code,
    message: issueMessage(code),
  }));
  update(ctx, verification, {
    status: outcome,
    required_actions: outcome === 'action_required' ? issues : [],
    rejection_reasons: outcome === 'rejected' ? issues : [],
    verification_url:
      outcome === 'action_required' ? `https://verify.sandbox.novaramp.example/s/${verification.id}?token=vt_${randomText(ctx.state, 16)}` : null,
    verification_url_expires_at: outcome === 'action_required' ? timestamp(ctx.now + 24 * 3600_000) : null,
    submitted_at: verification.submitted_at ?? timestamp(ctx.now),
    reviewed_at: timestamp(ctx.now),
  });
  update(ctx, acc, {kyc_status: outcome});
  recordEvent(ctx, 'kyc.updated', verification);
  return {status: 200, body: verification};
}

const DEFAULT_SUSPENSION_REASON = 'Suspended by our compliance team (sandbox simulation).';

function simulateAccountSuspension(ctx: Context): HandlerResult {
  const acc = openAccount(ctx);
  const status = ctx.body.suspended === true ? 'suspended' : 'active';
  // The status it already has: nothing changes, no event (a retry with a new Idempotency-Key is harmless).
  if (acc.status === status) return {status: 200, body: acc};
  update(ctx, acc, {status, status_reason: status === 'suspended' ? (bodyString(ctx, 'reason') ?? DEFAULT_SUSPENSION_REASON) : null});
  recordEvent(ctx, 'account.updated', acc);
  return {status: 200, body: acc};
}

/** The sum, in minor units, of today's (sandbox day, UTC) withdrawals of `currency` that are not failed or cancelled. */
function withdrawnToday(ctx: Context, currency: string, decimals: number): bigint {
  const today = timestamp(ctx.now).slice(0, 10);
  return Object.values(ctx.state.transactions)
    .filter(
      (t) =>
        t.account_id === ctx.params.account_id &&
        t.direction === 'debit' &&
        t.amount.currency === currency &&
        t.created_at.startsWith(today) &&
        !['failed', 'cancelled'].includes(t.status),
    )
    .reduce((sum, t) => sum + toUnits(t.amount.value, decimals, 'amount'), 0n);
}

/** The account's withdrawal routes with what is left of today's limit (GET /accounts/{account_id}/limits). */
export function withdrawalLimits(ctx: Context): Record<string, unknown>[] {
  const remaining = (currency: string, dailyLimit: string) => {
    const decimals = ASSETS.find((a) => a.code === currency)!.decimals;
    const left = toUnits(dailyLimit, decimals, 'daily_limit') - withdrawnToday(ctx, currency, decimals);
    return fromUnits(left > 0n ? left : 0n, decimals);
  };
  const crypto = ASSETS.filter((a) => CRYPTO_LIMITS[a.code]).flatMap((asset) =>
    asset.networks.map((n) => ({
      kind: 'crypto',
      currency: asset.code,
      network: n.network,
      rail: null,
      fee: n.withdrawal_fee,
      min_amount: n.min_withdrawal,
      ...CRYPTO_LIMITS[asset.code],
      daily_remaining: remaining(asset.code, CRYPTO_LIMITS[asset.code].daily_limit),
    })),
  );
  const fiat = FIAT_ROUTES.map((r) => ({kind: 'fiat', network: null, ...r, daily_remaining: remaining(r.currency, r.daily_limit)}));
  return [...crypto, ...fiat];
}

function getAccountLimits(ctx: Context): HandlerResult {
  const acc = account(ctx);
  return {
    status: 200,
    body: {
      account_id: acc.id,
      withdrawals: withdrawalLimits(ctx),
      trading: Object.entries(TRADING_MINIMUMS).map(([currency, min_amount]) => ({currency, min_amount})),
      updated_at: timestamp(ctx.now),
    },
  };
}

export const accountHandlers = {
  createAccount,
  listAccounts,
  getAccount: (ctx: Context): HandlerResult => ({status: 200, body: account(ctx)}),
  updateAccount,
  closeAccount,
  simulateAccountSuspension,
  getKycStatus,
  simulateKycOutcome,
  getAccountLimits,
};
