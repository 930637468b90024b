/**
 * Webhook endpoints (create with a secret shown once, list, read, update, delete, verify, rotate the secret) and the
 * events they receive (list and read the last 30 days, resend one, simulate one). Delivery itself is delivery.ts;
 * every event is recorded by context.ts' recordEvent when its cause happens.
 */
import {attempt, dropDeliveries, logEntry, recordAttempt, scheduleDelivery} from '../delivery';
import {eventTimestamp, find, recordEvent, timestamp, update, type Context, type HandlerResult} from '../context';
import {newId, randomText} from '../ids';
import {page, queryValue} from '../pagination';
import {ProblemError} from '../problems';
import type {Resource} from '../state';

const EVENT_RETENTION_MS = 30 * 24 * 3600_000;
const SECRET_OVERLAP_MS = 24 * 3600_000;
const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A signing secret: `whsec_` and 24 random bytes in base64 (WebhookSecret.yaml). */
const newSecret = (ctx: Context): string => `whsec_${randomText(ctx.state, 32, BASE64_ALPHABET)}`;

const webhook = (ctx: Context): Resource => find(ctx, ctx.state.webhooks, 'webhook endpoint', ctx.params.webhook_id);

function createWebhook(ctx: Context): HandlerResult {
  const endpoint: Resource = {
    id: newId(ctx.state, 'whk'),
    url: ctx.body.url,
    description: ctx.body.description ?? null,
    enabled_events: ctx.body.enabled_events,
    status: 'pending_verification',
    status_reason: null,
    verified_at: null,
    previous_secret_expires_at: null,
    created_at: timestamp(ctx.now),
    updated_at: timestamp(ctx.now),
  };
  const secret = newSecret(ctx);
  ctx.state.webhooks[endpoint.id] = endpoint;
  ctx.state.webhookSecrets[endpoint.id] = [secret];
  return {status: 201, body: {...endpoint, secret}};
}

function updateWebhook(ctx: Context): HandlerResult {
  const endpoint = webhook(ctx);
  const {enabled, ...fields} = ctx.body as {enabled?: boolean; url?: string};
  if (enabled === true && !endpoint.verified_at) {
    throw new ProblemError('resource_conflict', `Webhook ${endpoint.id} never passed verification; call POST /webhooks/${endpoint.id}/verify.`);
  }
  const status =
    fields.url && fields.url !== endpoint.url ? 'pending_verification' : enabled === false ? 'disabled' : enabled === true ? 'active' : endpoint.status;
  const statusReason = status !== 'disabled' ? null : enabled === false ? 'Paused by request (enabled: false).' : endpoint.status_reason;
  update(ctx, endpoint, {...fields, status, status_reason: statusReason, ...(status === 'pending_verification' ? {verified_at: null} : {})});
  if (status !== 'active') dropDeliveries(ctx.state, (d) => d.webhookId === endpoint.id);
  return {status: 200, body: endpoint};
}

function deleteWebhook(ctx: Context): HandlerResult {
  const endpoint = webhook(ctx);
  delete ctx.state.webhooks[endpoint.id];
  delete ctx.state.webhookSecrets[endpoint.id];
  dropDeliveries(ctx.state, (d) => d.webhookId === endpoint.id);
  return {status: 204};
}

/** The secrets that sign now: the current one, and the previous one until `previous_secret_expires_at`. */
export function liveSecrets(ctx: Context, endpoint: Resource): string[] {
  const [current, previous] = ctx.state.webhookSecrets[endpoint.id] ?? [];
  const overlap = endpoint.previous_secret_expires_at ? Date.parse(String(endpoint.previous_secret_expires_at)) > ctx.now : false;
  return previous && overlap ? [current, previous] : [current];
}

function rotateWebhookSecret(ctx: Context): HandlerResult {
  const endpoint = webhook(ctx);
  const secret = newSecret(ctx);
  const expireNow = ctx.body.expire_previous_secret === true;
  ctx.state.webhookSecrets[endpoint.id] = expireNow ? [secret] : [secret, ctx.state.webhookSecrets[endpoint.id][0]];
  update(ctx, endpoint, {previous_secret_expires_at: expireNow ? null : timestamp(ctx.now + SECRET_OVERLAP_MS)});
  return {
    status: 200,
    body: {webhook_id: endpoint.id, secret, previous_secret_expires_at: endpoint.previous_secret_expires_at, rotated_at: timestamp(ctx.now)},
  };
}

async function verifyWebhook(ctx: Context): Promise<HandlerResult> {
  const endpoint = webhook(ctx);
  const challenge = {webhook_id: endpoint.id, url: endpoint.url, challenge: `chl_${randomText(ctx.state, 32)}`};
  const event: Resource = {
    id: newId(ctx.state, 'evt'),
    type: 'webhook.verification',
    api_version: '2025-01-01',
    created_at: eventTimestamp(ctx.now),
    // The challenge belongs to the API client, not to an account (Event.yaml `account_id`).
    account_id: null,
    environment: 'sandbox',
    data: {object: challenge},
  };
  ctx.state.events.push(event);
  // The challenge is attempted once, at once, and logged like any delivery (never retried).
  const entry = logEntry(ctx.state, event.id, endpoint.id, 1, ctx.now);
  const outcome = await attempt(ctx.transport, endpoint, liveSecrets(ctx, endpoint), event, ctx.now);
  recordAttempt(ctx.state, entry.id, outcome, ctx.now);
  if (outcome.ok) update(ctx, endpoint, {status: 'active', status_reason: null, verified_at: timestamp(ctx.now)});
  return {
    status: 200,
    body: {
      webhook_id: endpoint.id,
      event_id: event.id,
      outcome: outcome.ok ? 'verified' : 'failed',
      http_status: outcome.httpStatus,
      latency_ms: outcome.latencyMs,
      error: outcome.error,
      endpoint_status: endpoint.status,
      attempted_at: timestamp(ctx.now),
    },
  };
}

/** The events of the last 30 days of the key's clock. */
export const retainedEvents = (ctx: Context): Resource[] => ctx.state.events.filter((e) => ctx.now - Date.parse(String(e.created_at)) <= EVENT_RETENTION_MS);

function listEvents(ctx: Context): HandlerResult {
  const after = queryValue(ctx, 'created_gte');
  const before = queryValue(ctx, 'created_lt');
  const type = queryValue(ctx, 'type');
  const events = retainedEvents(ctx).filter(
    (e) =>
      (type === undefined || e.type === type) &&
      (after === undefined || Date.parse(String(e.created_at)) >= Date.parse(after)) &&
      (before === undefined || Date.parse(String(e.created_at)) < Date.parse(before)),
  );
  return {status: 200, body: page(ctx, events)};
}

function eventOf(ctx: Context): Resource {
  const event = retainedEvents(ctx).find((e) => e.id === ctx.params.event_id);
  if (!event) throw ProblemError.notFound('event of the last 30 days', ctx.params.event_id);
  return event;
}

function resendEvent(ctx: Context): HandlerResult {
  const event = eventOf(ctx);
  const endpoint = find(ctx, ctx.state.webhooks, 'webhook endpoint', String(ctx.body.webhook_id));
  if (endpoint.status !== 'active' || !(endpoint.enabled_events as string[]).includes(String(event.type))) {
    throw new ProblemError(
      'resource_conflict',
      `Webhook ${endpoint.id} is ${String(endpoint.status)} and ${(endpoint.enabled_events as string[]).includes(String(event.type)) ? 'subscribed' : 'not subscribed'} to ${String(event.type)}; it must be active and subscribed.`,
    );
  }
  // A new delivery: its first entry in the delivery log is the answer.
  return {status: 202, body: scheduleDelivery(ctx.state, event.id, endpoint.id, ctx.now)};
}

/** The delivery log entries of the events still kept (30 days), those `keep` selects, as a page. */
function deliveryPage(ctx: Context, keep: (entry: Resource) => boolean): HandlerResult {
  const retained = new Set(retainedEvents(ctx).map((e) => e.id));
  const entries = (ctx.state.deliveryLog ?? []).filter((e) => retained.has(String(e.event_id)) && keep(e));
  // An attempt is recorded once: `updated_at` sorts like `created_at` (the operations' descriptions).
  const sortable = entries.map((e) => ({...e, updated_at: e.created_at}));
  return {
    status: 200,
    body: page(ctx, sortable, ({updated_at: _updated, ...entry}) => entry),
  };
}

function listWebhookDeliveries(ctx: Context): HandlerResult {
  const endpoint = webhook(ctx);
  const status = queryValue(ctx, 'status');
  return deliveryPage(ctx, (e) => e.webhook_id === endpoint.id && (status === undefined || e.status === status));
}

function listEventDeliveries(ctx: Context): HandlerResult {
  const event = eventOf(ctx);
  return deliveryPage(ctx, (e) => e.event_id === event.id);
}

/** The collection and the status each simulated event type is about (WebhookEventType.yaml's table). */
const SIMULATED: Record<string, {prefixes: string[]; status?: string}> = {
  'account.created': {prefixes: ['acc']},
  'account.updated': {prefixes: ['acc']},
  'account.closed': {prefixes: ['acc'], status: 'closed'},
  'kyc.updated': {prefixes: ['kyc']},
  'deposit.received': {prefixes: ['txn'], status: 'pending'},
  'deposit.completed': {prefixes: ['txn'], status: 'completed'},
  'deposit.failed': {prefixes: ['txn'], status: 'failed'},
  'deposit.returned': {prefixes: ['txn'], status: 'returned'},
  'withdrawal.submitted': {prefixes: ['txn'], status: 'processing'},
  'withdrawal.completed': {prefixes: ['txn'], status: 'completed'},
  'withdrawal.failed': {prefixes: ['txn'], status: 'failed'},
  'withdrawal.cancelled': {prefixes: ['txn'], status: 'cancelled'},
  'withdrawal.returned': {prefixes: ['txn'], status: 'returned'},
  'trade.executed': {prefixes: ['txn'], status: 'completed'},
  'quote.expired': {prefixes: ['quo'], status: 'expired'},
  'quote.cancelled': {prefixes: ['quo'], status: 'cancelled'},
  'bank_account.verified': {prefixes: ['bnk'], status: 'verified'},
  'bank_account.rejected': {prefixes: ['bnk'], status: 'rejected'},
  'bank_account.disabled': {prefixes: ['bnk'], status: 'disabled'},
  'beneficiary.verified': {prefixes: ['fbn', 'cbn'], status: 'verified'},
  'beneficiary.rejected': {prefixes: ['fbn', 'cbn'], status: 'rejected'},
  'beneficiary.disabled': {prefixes: ['fbn', 'cbn'], status: 'disabled'},
};

/** The resource `id` names, in whichever collection holds its kind. */
function resourceById(ctx: Context, id: string): Resource | undefined {
  const {state} = ctx;
  const byPrefix: Record<string, Record<string, Resource>> = {
    acc: state.accounts,
    txn: state.transactions,
    quo: state.quotes,
    bnk: state.bankAccounts,
    fbn: state.fiatBeneficiaries,
    cbn: state.cryptoBeneficiaries,
    kyc: Object.fromEntries(Object.values(state.kyc).map((k) => [k.id, k])),
  };
  return byPrefix[id.slice(0, 3)]?.[id];
}

function simulateEvent(ctx: Context): HandlerResult {
  const type = String(ctx.body.type);
  const kind = SIMULATED[type];
  if (!kind)
    throw ProblemError.validation(
      'type',
      'unsupported_value',
      `type ${type} cannot be simulated${type === 'webhook.verification' ? ': call POST /webhooks/{webhook_id}/verify' : ''}.`,
    );
  const objectId = ctx.body.object_id as string | undefined;
  let object: Resource;
  if (objectId !== undefined) {
    if (!kind.prefixes.includes(objectId.slice(0, 3)))
      throw ProblemError.validation(
        'object_id',
        'unsupported_value',
        `object_id ${objectId} is not of the kind ${type} is about (${kind.prefixes.join(' or ')}_…).`,
      );
    const found = resourceById(ctx, objectId);
    if (!found) throw ProblemError.notFound('resource', objectId);
    object = structuredClone(found);
  } else {
    const example = (ctx.spec.document.webhooks as Record<string, {post: {requestBody: {content: Record<string, {example: {data: {object: Resource}}}>}}}>)[
      type
    ];
    object = structuredClone(example.post.requestBody.content['application/json'].example.data.object);
  }
  // Nothing happened: the event says so (Event.yaml `simulated`), so that reconciliation can skip it.
  const event = recordEvent(ctx, type, kind.status ? {...object, status: kind.status} : object, {simulated: true});
  return {status: 201, body: event};
}

export const webhookHandlers = {
  createWebhook,
  listWebhooks: (ctx: Context): HandlerResult => ({
    status: 200,
    body: page(
      ctx,
      Object.values(ctx.state.webhooks).filter((w) => queryValue(ctx, 'status') === undefined || w.status === queryValue(ctx, 'status')),
    ),
  }),
  getWebhook: (ctx: Context): HandlerResult => ({status: 200, body: webhook(ctx)}),
  updateWebhook,
  deleteWebhook,
  rotateWebhookSecret,
  verifyWebhook,
  listEvents,
  getEvent: (ctx: Context): HandlerResult => ({status: 200, body: eventOf(ctx)}),
  resendEvent,
  listWebhookDeliveries,
  listEventDeliveries,
  simulateEvent,
};
