/**
 * Where money goes out to: the account holder's bank accounts, fiat beneficiaries and crypto beneficiaries. All three
 * share VerificationStatus (`pending_verification` → `verified` | `rejected`, and `disabled`) and one life: created
 * `pending_verification` (bank details masked in every answer), ended by their sandbox verification simulation,
 * updated (label, metadata merged), deleted unless a withdrawal to them is in flight, duplicates refused.
 */
import {account, find, recordEvent, timestamp, update, type Context, type HandlerResult} from '../context';
import {newId} from '../ids';
import {matchesFilter, page} from '../pagination';
import {ProblemError} from '../problems';
import type {KeyState, Resource} from '../state';
import {mergeMetadata, openAccount, unsuspendedAccount} from './accounts';

interface PayeeKind {
  /** Where its resources live in the state. */
  collection: (state: KeyState) => Record<string, Resource>;
  what: string;
  prefix: string;
  param: 'bank_account_id' | 'beneficiary_id';
  /** The prefix of its webhook events (`bank_account.verified`). */
  eventPrefix: string;
  /** The list filters it takes. */
  filters: string[];
  /** The field values that make two of them the same payee. */
  identity: (payee: Resource) => string;
}

const bankDetailsIdentity = (p: Resource) => {
  const d = p.bank_details as Record<string, string>;
  return `${String(p.currency)} ${d.masked_iban ?? ''} ${d.routing_number ?? d.sort_code ?? ''} ${d.account_number_last4}`;
};

const kind = (
  collection: PayeeKind['collection'],
  what: string,
  prefix: string,
  param: PayeeKind['param'],
  eventPrefix: string,
  filters: string[],
  identity: PayeeKind['identity'],
): PayeeKind => ({collection, what, prefix, param, eventPrefix, filters, identity});

const KINDS = {
  bank: kind((s) => s.bankAccounts, 'bank account', 'bnk', 'bank_account_id', 'bank_account', ['status', 'currency'], bankDetailsIdentity),
  fiat: kind((s) => s.fiatBeneficiaries, 'fiat beneficiary', 'fbn', 'beneficiary_id', 'beneficiary', ['status', 'currency'], bankDetailsIdentity),
  crypto: kind(
    (s) => s.cryptoBeneficiaries,
    'crypto beneficiary',
    'cbn',
    'beneficiary_id',
    'beneficiary',
    ['asset', 'network', 'status'],
    (p) => [p.asset, p.network, String(p.address).toLowerCase()].join(' '),
  ),
};

/** Bank details as every answer shows them (MaskedBankDetails.yaml): the account number's last four only. */
function masked(details: Record<string, string>): Record<string, string> {
  if (details.scheme === 'iban') {
    const iban = details.iban;
    return {
      scheme: 'iban',
      masked_iban: `${iban.slice(0, 4)}${'*'.repeat(iban.length - 8)}${iban.slice(-4)}`,
      account_number_last4: iban.slice(-4),
      bic: details.bic,
    };
  }
  if (details.scheme === 'uk_domestic') return {scheme: 'uk_domestic', account_number_last4: details.account_number.slice(-4), sort_code: details.sort_code};
  return {
    scheme: 'us_domestic',
    account_number_last4: details.account_number.slice(-4),
    routing_number: details.routing_number,
    account_type: details.account_type,
  };
}

const RAILS: Record<string, string[]> = {USD: ['ach', 'wire'], EUR: ['sepa'], GBP: ['faster_payments']};
const BANK_COUNTRY: Record<string, string> = {us_domestic: 'US', uk_domestic: 'GB'};

/** The fields a bank account and a fiat beneficiary share, from the request's bank details. */
function bankFields(ctx: Context): Record<string, unknown> {
  const details = ctx.body.bank_details as Record<string, string>;
  return {
    currency: ctx.body.currency,
    bank_name: null,
    bank_country: BANK_COUNTRY[details.scheme] ?? details.iban.slice(0, 2),
    supported_rails: RAILS[String(ctx.body.currency)],
    bank_details: masked(details),
  };
}

function create(ctx: Context, kind: PayeeKind): HandlerResult {
  // A suspended account adds no beneficiary (the create operations' descriptions); a bank account of its holder it may.
  const acc = kind === KINDS.bank ? openAccount(ctx) : unsuspendedAccount(ctx);
  const base = {id: newId(ctx.state, kind.prefix), account_id: acc.id, status: 'pending_verification', status_reason: null, label: ctx.body.label ?? null};
  const stamps = {created_at: timestamp(ctx.now), updated_at: timestamp(ctx.now), metadata: ctx.body.metadata ?? {}};
  let payee: Resource;
  if (kind === KINDS.bank) {
    payee = {...base, account_holder_name: ctx.body.account_holder_name, ...bankFields(ctx), verified_at: null, ...stamps};
  } else if (kind === KINDS.fiat) {
    payee = {
      ...base,
      entity_type: ctx.body.entity_type,
      name: ctx.body.name,
      email: ctx.body.email ?? null,
      address: ctx.body.address,
      ...bankFields(ctx),
      ...stamps,
    };
  } else {
    payee = {
      ...base,
      asset: ctx.body.asset,
      network: ctx.body.network,
      address: ctx.body.address,
      memo: ctx.body.memo ?? null,
      owner: {vasp_name: null, ...(ctx.body.owner as object)},
      ...stamps,
    };
  }
  const same = Object.values(kind.collection(ctx.state)).find((p) => p.account_id === acc.id && kind.identity(p) === kind.identity(payee));
  if (same) throw new ProblemError('duplicate_resource', `${same.id} already holds these details for account ${acc.id}.`);
  kind.collection(ctx.state)[payee.id] = payee;
  return {status: 201, body: payee};
}

const payeeOf = (ctx: Context, kind: PayeeKind): Resource => {
  account(ctx);
  return find(ctx, kind.collection(ctx.state), kind.what, ctx.params[kind.param]);
};

function change(ctx: Context, kind: PayeeKind): HandlerResult {
  openAccount(ctx);
  const payee = payeeOf(ctx, kind);
  const {metadata, ...fields} = ctx.body;
  update(ctx, payee, {...fields, ...(metadata !== undefined ? {metadata: mergeMetadata(payee.metadata, metadata)} : {})});
  return {status: 200, body: payee};
}

function remove(ctx: Context, kind: PayeeKind): HandlerResult {
  const payee = payeeOf(ctx, kind);
  const inFlight = Object.values(ctx.state.withdrawals).find(
    (w) =>
      ['pending', 'screening', 'submitted'].includes(String(w.status)) &&
      (w.beneficiary_id === payee.id || (w.destination as {id?: string} | undefined)?.id === payee.id),
  );
  if (inFlight)
    throw new ProblemError('resource_conflict', `Withdrawal ${inFlight.id} to ${payee.id} is still ${String(inFlight.status)}; wait until it is final.`);
  delete kind.collection(ctx.state)[payee.id];
  return {status: 204};
}

function simulateVerification(ctx: Context, kind: PayeeKind): HandlerResult {
  openAccount(ctx);
  const payee = payeeOf(ctx, kind);
  if (payee.status !== 'pending_verification') throw new ProblemError('resource_conflict', `${payee.id} is ${String(payee.status)}, not pending_verification.`);
  const verified = ctx.body.outcome === 'verified';
  update(ctx, payee, {
    status: verified ? 'verified' : 'rejected',
    status_reason: verified ? null : ((ctx.body.reason as string | undefined) ?? 'Rejected in the sandbox.'),
    ...(kind === KINDS.bank && verified ? {verified_at: timestamp(ctx.now)} : {}),
  });
  recordEvent(ctx, `${kind.eventPrefix}.${verified ? 'verified' : 'rejected'}`, payee);
  return {status: 200, body: payee};
}

function list(ctx: Context, kind: PayeeKind): HandlerResult {
  const acc = account(ctx);
  return {
    status: 200,
    body: page(
      ctx,
      Object.values(kind.collection(ctx.state)).filter((p) => p.account_id === acc.id && kind.filters.every((f) => matchesFilter(ctx, p, f))),
    ),
  };
}

/** The five operations of each kind, named `<verb><Noun>` as the spec's operationIds. */
const operationsOf = (kind: PayeeKind, noun: string, verification: string) => ({
  [`create${noun}`]: (ctx: Context) => create(ctx, kind),
  [`list${noun === 'BankAccount' ? 'BankAccounts' : noun.replace(/y$/, 'ies')}`]: (ctx: Context) => list(ctx, kind),
  [`get${noun}`]: (ctx: Context): HandlerResult => ({status: 200, body: payeeOf(ctx, kind)}),
  [`update${noun}`]: (ctx: Context) => change(ctx, kind),
  [`delete${noun}`]: (ctx: Context) => remove(ctx, kind),
  [verification]: (ctx: Context) => simulateVerification(ctx, kind),
});

export const payeeHandlers = {
  ...operationsOf(KINDS.bank, 'BankAccount', 'simulateBankAccountVerification'),
  ...operationsOf(KINDS.fiat, 'FiatBeneficiary', 'simulateFiatBeneficiaryVerification'),
  ...operationsOf(KINDS.crypto, 'CryptoBeneficiary', 'simulateCryptoBeneficiaryVerification'),
};
