/**
 * What an operation handler works with: the key's state, its clock, the request's parameters and body, and the
 * effects every handler shares (finding a resource of the account or failing with the documented 404, recording a
 * webhook event and scheduling its deliveries, announcing a quote or transaction change to the WebSocket stream).
 */
import {scheduleDelivery, type WebhookTransport} from './delivery';
import {newId} from './ids';
import {ProblemError} from './problems';
import type {OperationInfo, SpecIndex} from './spec';
import type {KeyState, Resource} from './state';
import {eventTimestamp, timestamp} from './time';
import {previousAttributes, stamp} from './versions';

export {eventTimestamp, timestamp};

/** What the engine tells its listeners (the Node server: the WebSocket stream; tests). */
export type SandboxNotice =
  | {kind: 'event'; apiKey: string; event: Resource}
  | {kind: 'quote' | 'transaction'; apiKey: string; accountId: string; object: Resource}
  /** A restricted key of `apiKey` was revoked: the stream closes its connections. */
  | {kind: 'key_revoked'; apiKey: string; restrictedKey: string};

export interface HandlerResult {
  status: number;
  body?: unknown;
  /** The body's media type when it is not `application/json` (the event stream's `text/event-stream`). */
  contentType?: string;
}

/** Who sent a request: the secret key whose sandbox it works on, and the scopes it holds (`null`: every scope). */
export interface Credential {
  ownerKey: string;
  scopes: ReadonlySet<string> | null;
}

export interface Context {
  state: KeyState;
  /** The secret key whose sandbox this is (a restricted key's creator): notices are addressed to it. */
  apiKey: string;
  /** The key that sent the request and its scopes (absent while settling between requests). */
  credential?: Credential;
  spec: SpecIndex;
  /** The operation being handled (absent while settling between requests). */
  operation?: OperationInfo;
  /** The key's sandbox time, ms since the epoch. */
  now: number;
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body: Record<string, unknown>;
  /** The request's headers, names lower-cased (absent while settling between requests). */
  headers?: Record<string, string>;
  /** Notices to send once the request is done. */
  notices: SandboxNotice[];
  /** How webhook deliveries leave the sandbox (the host's fetch). */
  transport: WebhookTransport;
  /** SandboxOptions.neverCompleteDeposits: the test hook that keeps every deposit `pending`. */
  neverCompleteDeposits?: boolean;
}

/** The resource `id` of `collection`, owned by the request's account when it has one, or the documented 404. */
export function find<T extends Resource>(ctx: Context, collection: Record<string, T>, what: string, id: string): T {
  const resource = collection[id];
  if (!resource || (ctx.params.account_id && resource.account_id !== undefined && resource.account_id !== ctx.params.account_id)) {
    throw ProblemError.notFound(what, id);
  }
  return resource;
}

export const account = (ctx: Context): Resource => find(ctx, ctx.state.accounts, 'account', ctx.params.account_id);

/** The request's account, when it may move funds: active (`403 account_suspended`, `409 resource_conflict` closed) and KYC approved. */
export function accountThatMovesFunds(ctx: Context): Resource {
  const acc = account(ctx);
  if (acc.status === 'closed') throw new ProblemError('resource_conflict', `Account ${acc.id} is closed.`);
  if (acc.status === 'suspended') throw new ProblemError('account_suspended', `Account ${acc.id} is suspended; no funds can move.`);
  if (acc.kyc_status !== 'approved') {
    throw new ProblemError(
      'kyc_required',
      `Account ${acc.id} has KYC status ${String(acc.kyc_status)}; it must be approved first (POST /sandbox/accounts/${acc.id}/kyc).`,
    );
  }
  return acc;
}

/** Sets `changes` on `resource` and its `updated_at` (when it has one) to now. */
export function update<T extends Resource>(ctx: Context, resource: T, changes: Partial<T>): T {
  Object.assign(resource, changes);
  if ('updated_at' in resource) Object.assign(resource, {updated_at: timestamp(ctx.now)});
  return resource;
}

/**
 * Records the webhook event `type` about `object` (a copy, as it is now), lists it in GET /events, schedules its
 * delivery to every active endpoint subscribed to it, and announces it. A simulated event (`POST /sandbox/events`)
 * carries `simulated: true`.
 */
export function recordEvent(ctx: Context, type: string, object: Resource, options: {simulated?: true} = {}): Resource {
  // A simulated event's object is a copy with the announced status: it keeps the version of the resource it copies.
  if (!options.simulated) stamp(ctx.state, object);
  const accountId = object.id.startsWith('acc_') ? object.id : typeof object.account_id === 'string' ? object.account_id : null;
  const event: Resource = {
    id: newId(ctx.state, 'evt'),
    type,
    api_version: '2025-01-01',
    created_at: eventTimestamp(ctx.now),
    account_id: accountId,
    environment: 'sandbox',
    // What an `*.updated` event changed (PreviousAttributes.yaml); nothing changed in a simulated one.
    ...(type.endsWith('.updated') ? {previous_attributes: options.simulated ? {} : previousAttributes(ctx.state, object)} : {}),
    // `simulated: true` only on an event POST /sandbox/events made up; absent on every other (Event.yaml).
    ...(options.simulated ? {simulated: true} : {}),
    data: {object: structuredClone(object)},
  };
  ctx.state.events.push(event);
  for (const webhook of Object.values(ctx.state.webhooks)) {
    if (webhook.status === 'active' && (webhook.enabled_events as string[]).includes(type)) {
      scheduleDelivery(ctx.state, event.id, webhook.id, ctx.now);
    }
  }
  ctx.notices.push({kind: 'event', apiKey: ctx.apiKey, event});
  return event;
}

/** Announces a quote or a transaction that was created or changed status, for the WebSocket stream. */
export function announce(ctx: Context, kind: 'quote' | 'transaction', object: Resource): void {
  stamp(ctx.state, object);
  ctx.notices.push({kind, apiKey: ctx.apiKey, accountId: String(object.account_id), object: structuredClone(object)});
}

/** A string field of the request body (the schema made sure of its type). */
export const bodyString = (ctx: Context, field: string): string | undefined => ctx.body[field] as string | undefined;
