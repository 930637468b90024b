/**
 * Webhook delivery as openapi/webhooks.yaml describes it: each event POSTed to every active endpoint subscribed to
 * it, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">`, one signature per live secret), retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then
 * every 10 h, for up to 3 days of the key's clock, after which the endpoint is `disabled`. Signing uses Web Crypto (globalThis.crypto.subtle), present in Node
 * and browsers alike; the HTTP request itself goes through the transport the host gives (the Node server's fetch; the
 * browser sandbox's simulated receiver, `simulatedReceiver`, since a page cannot reach the reader's server).
 * Every attempt is an entry of the delivery log (WebhookDelivery.yaml, `wdl_…`): written `scheduled` when the attempt
 * is queued, completed when it is made, and followed by the next attempt's entry when it failed.
 */
import {timestamp} from './time';
import {newId} from './ids';
import type {KeyState, PendingDelivery, Resource} from './state';

/**
 * Sends one delivery; resolves with the HTTP status, or null and why when there was no answer. `endpoint` is what the
 * receiving endpoint knows (its live signing secrets): a transport that sends over HTTP ignores it; the simulated
 * receiver checks the signature with it.
 */
export type WebhookTransport = (
  request: {url: string; headers: Record<string, string>; body: string},
  endpoint?: {secrets: string[]},
) => Promise<{status: number | null; error?: string}>;

const RETRY_DELAYS_MS = [5, 300, 1800, 7200, 18000, 36000, 36000].map((s) => s * 1000);
const EVERY_TEN_HOURS_MS = 36000_000;
const GIVE_UP_AFTER_MS = 3 * 24 * 3600_000;

const base64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));

/** `v1,<signature>` of `body` for each secret, space-separated (Standard Webhooks). */
export async function signatureHeader(secrets: string[], webhookId: string, timestampSeconds: number, body: string): Promise<string> {
  const content = new TextEncoder().encode(`${webhookId}.${timestampSeconds}.${body}`);
  const signatures = await Promise.all(
    secrets.map(async (secret) => {
      const keyBytes = Uint8Array.from(atob(secret.replace(/^whsec_/, '')), (c) => c.charCodeAt(0));
      const key = await crypto.subtle.importKey('raw', keyBytes, {name: 'HMAC', hash: 'SHA-256'}, false, ['sign']);
      return `v1,${base64(new Uint8Array(await crypto.subtle.sign('HMAC', key, content)))}`;
    }),
  );
  return signatures.join(' ');
}

/**
 * The receiver the browser sandbox delivers to (src/plugins/sandbox/client-engine.ts), in place of the reader's
 * endpoint, which a page cannot reach: it checks a delivery as the webhook guide tells an endpoint to (the three
 * Standard Webhooks headers, and one `v1` signature of `id.timestamp.body` made with a secret of the endpoint) and
 * answers 200, or 400 when the check fails. No request leaves: nothing reaches the endpoint's URL.
 */
export const simulatedReceiver: WebhookTransport = async ({headers, body}, endpoint) => {
  const id = headers['webhook-id'];
  const timestampSeconds = Number(headers['webhook-timestamp']);
  const signatures = headers['webhook-signature']?.split(' ') ?? [];
  if (!id || !Number.isInteger(timestampSeconds) || !signatures.length || !endpoint?.secrets.length) return {status: 400};
  const expected = new Set((await signatureHeader(endpoint?.secrets ?? [], id, timestampSeconds, body)).split(' '));
  return {status: signatures.some((s) => expected.has(s)) ? 200 : 400};
};

/** The outcome of one attempt, as WebhookDelivery and WebhookVerificationResult report it. */
export interface AttemptOutcome {
  ok: boolean;
  httpStatus: number | null;
  latencyMs: number | null;
  error: {code: string; message: string} | null;
}

/** Sends `event` to `webhook` once, signed with every live secret, at sandbox time `nowMs`. */
export async function attempt(transport: WebhookTransport, webhook: Resource, secrets: string[], event: Resource, nowMs: number): Promise<AttemptOutcome> {
  const body = JSON.stringify(event);
  const timestampSeconds = Math.floor(nowMs / 1000);
  const headers = {
    'content-type': 'application/json',
    'webhook-id': event.id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': await signatureHeader(secrets, event.id, timestampSeconds, body),
  };
  const started = performance.now();
  const answer = await transport({url: String(webhook.url), headers, body}, {secrets});
  const latencyMs = Math.round(performance.now() - started);
  if (answer.status !== null && answer.status >= 200 && answer.status < 300) return {ok: true, httpStatus: answer.status, latencyMs, error: null};
  const error =
    answer.status === null
      ? {code: 'connection_failed', message: answer.error ?? 'The connection was refused or reset.'}
      : {code: answer.status >= 300 && answer.status < 400 ? 'redirect' : 'non_2xx_status', message: `The endpoint answered ${answer.status}.`};
  return {ok: false, httpStatus: answer.status, latencyMs: answer.status === null ? null : latencyMs, error};
}

/** A new entry of the delivery log: attempt `attempt` of `eventId` to `webhookId`, scheduled at `nowMs`. */
export function logEntry(state: KeyState, eventId: string, webhookId: string, attempt: number, nowMs: number): Resource {
  const entry: Resource = {
    id: newId(state, 'wdl'),
    event_id: eventId,
    webhook_id: webhookId,
    attempt,
    status: 'scheduled',
    http_status: null,
    latency_ms: null,
    error: null,
    attempted_at: null,
    next_retry_at: null,
    created_at: timestamp(nowMs),
  };
  (state.deliveryLog ??= []).push(entry);
  return entry;
}

/** Queues a new delivery of `eventId` to `webhookId`, due at `nowMs`; returns its first entry in the delivery log. */
export function scheduleDelivery(state: KeyState, eventId: string, webhookId: string, nowMs: number): Resource {
  const entry = logEntry(state, eventId, webhookId, 1, nowMs);
  state.deliveries.push({eventId, webhookId, attempts: 0, dueAt: nowMs, firstAttemptAt: null, logId: entry.id});
  return entry;
}

/** Writes the outcome of an attempt into its entry of the delivery log. */
export function recordAttempt(state: KeyState, logId: string | undefined, outcome: AttemptOutcome, attemptedAt: number): void {
  const entry = state.deliveryLog?.find((e) => e.id === logId);
  if (!entry) return;
  Object.assign(entry, {
    status: outcome.ok ? 'succeeded' : 'failed',
    http_status: outcome.httpStatus,
    latency_ms: outcome.latencyMs,
    error: outcome.error,
    attempted_at: timestamp(attemptedAt),
  });
}

/** Drops the queued deliveries `drop` selects, and the entries of the log of the attempts they will not make. */
export function dropDeliveries(state: KeyState, drop: (delivery: PendingDelivery) => boolean): void {
  const dropped = new Set(state.deliveries.filter(drop).map((d) => d.logId));
  state.deliveries = state.deliveries.filter((d) => !drop(d));
  if (state.deliveryLog) state.deliveryLog = state.deliveryLog.filter((e) => !(dropped.has(e.id) && e.status === 'scheduled'));
}

/** The deliveries of `state` due at `nowMs`, taken off the queue (they are put back by `afterAttempt` if they fail). */
export function takeDueDeliveries(state: KeyState, nowMs: number): PendingDelivery[] {
  const due = state.deliveries.filter((d) => d.dueAt <= nowMs);
  state.deliveries = state.deliveries.filter((d) => d.dueAt > nowMs);
  return due;
}

/** Schedules the next attempt of a failed delivery, unless 3 days have passed since its first attempt. */
export function afterFailedAttempt(state: KeyState, delivery: PendingDelivery, attemptedAt: number, lastError: AttemptOutcome['error']): void {
  const firstAttemptAt = delivery.firstAttemptAt ?? attemptedAt;
  const delay = RETRY_DELAYS_MS[delivery.attempts] ?? EVERY_TEN_HOURS_MS;
  const dueAt = attemptedAt + delay;
  if (dueAt - firstAttemptAt <= GIVE_UP_AFTER_MS) {
    // The failed attempt says when the next is made, and the next has its own entry in the log.
    const failed = state.deliveryLog?.find((e) => e.id === delivery.logId);
    if (failed) failed.next_retry_at = timestamp(dueAt);
    const next = logEntry(state, delivery.eventId, delivery.webhookId, delivery.attempts + 2, attemptedAt);
    state.deliveries.push({...delivery, attempts: delivery.attempts + 1, firstAttemptAt, dueAt, logId: next.id});
    return;
  }
  // Given up after 3 days: the endpoint is disabled, and its other deliveries stop, until it is resumed or verified.
  const webhook = state.webhooks[delivery.webhookId];
  const why = `Every delivery failed for 3 days; the last error: ${lastError?.code ?? 'unknown'} (${lastError?.message ?? 'no answer'}).`;
  if (webhook) Object.assign(webhook, {status: 'disabled', status_reason: why.slice(0, 500), updated_at: timestamp(attemptedAt)});
  dropDeliveries(state, (d) => d.webhookId === delivery.webhookId);
}
