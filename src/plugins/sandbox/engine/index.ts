/**
 * The sandbox engine: one stateful NovaRamp per API key, answering requests as the spec says. Isomorphic on purpose
 * (no Node built-in; it imports only npm packages and itself), so that the same engine runs in the Node server
 * (../node/), in a reader's browser behind a service worker, and in tests through `handle()`.
 *
 * A request goes through: route (the spec's paths, via openapi-backend) → key (401 for a missing, malformed, unknown
 * or production key; a restricted key works on its creator's sandbox) → rate limit (429, RateLimit-* headers on every
 * answer) → scopes (403 insufficient_scope, from the operation's security requirement) → the key's clock settles what
 * is due → request validation (400 naming the field) → idempotency (replay, 409 reused / in use) → a simulated outage
 * (503) → the operation's handler → the status checked against the operation's documented ones → conformance check of
 * the body → notices to listeners.
 */
import {type Context, type Credential, type HandlerResult, type SandboxNotice} from './context';
import {stampAll, withVersion} from './versions';
import {afterFailedAttempt, attempt, dropDeliveries, recordAttempt, takeDueDeliveries, type WebhookTransport} from './delivery';
import {accountHandlers} from './domain/accounts';
import {clockHandlers, settle} from './domain/clock';
import {fundHandlers} from './domain/funds';
import {credentialOf, keyHandlers, requireScopes, unauthenticatedReason} from './domain/keys';
import {ledgerHandlers} from './domain/ledger';
import {OUTAGE_RETRY_AFTER_SECONDS, outageHandlers, takeOutage} from './domain/outages';
import {payeeHandlers} from './domain/payees';
import {tradeHandlers} from './domain/trades';
import {transactionHandlers} from './domain/transactions';
import {liveSecrets, webhookHandlers} from './domain/webhooks';
import {withdrawalHandlers} from './domain/withdrawals';
import {searchHandlers} from './domain/search';
import {eventStreamHandlers} from './event-stream';
import {ProblemError, problemBody} from './problems';
import {seededState} from './seed';
import {SpecIndex, type OperationInfo} from './spec';
import type {KeyState} from './state';

export type {Credential, SandboxNotice} from './context';
export type {WebhookTransport} from './delivery';

export interface SandboxRequest {
  method: string;
  /** The spec's path, without the `/v1` server prefix: `/accounts/acc_…/balances`. */
  path: string;
  query?: Record<string, string | string[]>;
  headers: Record<string, string>;
  /** The body, parsed. */
  body?: unknown;
  /** Or the body as received (a server, a service worker): parsed here, `400 invalid_request` when it is not JSON. */
  rawBody?: string;
}

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
}

/** A response that does not conform to the spec: what the conformance hook found. */
export interface ResponseViolation {
  method: string;
  path: string;
  status: number;
  problems: string[];
}

export interface SandboxOptions {
  /** The combined bundled spec (tools/site/mock-server.ts' currentCombinedSpec, parsed). */
  spec: Record<string, unknown>;
  /** The wall clock, ms since the epoch (default Date.now); each key's sandbox clock runs ahead of it by what was advanced. */
  now?: () => number;
  /** Seeds the id generator of every key's sandbox (same seed, same requests: same ids). */
  seed?: string;
  /** How webhook deliveries are sent (default: fetch). */
  transport?: WebhookTransport;
  /** Check every response against its operation's schema and record what does not conform (default true). */
  checkResponses?: boolean;
  /**
   * Test hook: simulated deposits stay `pending` for ever (no confirmations, no settlement). Proves that the
   * funding workflows' waits and balance checks fail when the money never arrives (tests/spec/workflows.test.ts).
   */
  neverCompleteDeposits?: boolean;
}

export interface Sandbox {
  handle(request: SandboxRequest): Promise<SandboxResponse>;
  /** Every key's state, as JSON. */
  snapshot(): unknown;
  restore(snapshot: unknown): void;
  /** Forgets every key's state: each key is seeded again on its next request. */
  reset(): void;
  /** Moves every key's clock forward by `ms` (or only `apiKey`'s), and settles what became due. */
  advanceClock(ms: number, apiKey?: string): void;
  /** Attempts the webhook deliveries that are due on every key's clock; resolves when they are done. */
  deliverDue(): Promise<void>;
  /** Calls `listener` with every event recorded and every quote or transaction change; returns the unsubscribe. */
  onEvent(listener: (notice: SandboxNotice) => void): () => void;
  /** What the conformance hook found so far, and how many responses it checked. */
  conformance(): {responses: number; violations: ResponseViolation[]};
  /**
   * Who `apiKey` is (the secret key whose sandbox it works on, and its scopes: `null` for every scope), or undefined
   * when the sandbox refuses it: the WebSocket stream's `auth`, which takes secret and restricted keys.
   */
  credential(apiKey: string): Credential | undefined;
  /** Why `apiKey` is refused (a revoked restricted key says when), as the REST API's `401` says it. */
  unauthenticatedReason(apiKey: string): string;
  /** Whether the secret key `apiKey` already has an account `accountId` (the WebSocket's subscribe check). */
  hasAccount(apiKey: string, accountId: string): boolean;
}

const HANDLERS: Record<string, (ctx: Context) => HandlerResult | Promise<HandlerResult>> = {
  ...accountHandlers,
  ...fundHandlers,
  ...ledgerHandlers,
  ...tradeHandlers,
  ...withdrawalHandlers,
  ...transactionHandlers,
  ...webhookHandlers,
  ...payeeHandlers,
  ...clockHandlers,
  ...searchHandlers,
  ...eventStreamHandlers,
  ...keyHandlers,
  ...outageHandlers,
};

/** The shape of `snapshot()`: 2 since each key's state holds its ledger entries (a version 1 snapshot has none). */
const SNAPSHOT_VERSION = 2;

/** How long a first response is replayed under its Idempotency-Key (IdempotencyKey.yaml: 24 hours). */
const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

/** Which problems are stored under the Idempotency-Key: business errors once work started (IdempotencyKey.yaml). */
const STORED_PROBLEMS = new Set(['resource_conflict', 'duplicate_resource', 'quote_expired', 'quote_already_executed', 'balance_not_zero']);
const isStored = (status: number, body: unknown): boolean =>
  (status >= 200 && status < 300) || status === 422 || (status === 409 && STORED_PROBLEMS.has(String((body as {code?: string})?.code)));

/** The rate limits of components/x-rate-limits.yaml, from the spec's `info`. */
function rateLimitsOf(spec: Record<string, unknown>): Map<string, {requests: number; windowMs: number}> {
  const limits = (spec.info as {'x-rate-limits'?: {id: string; requests: number; window_seconds: number}[]})['x-rate-limits'] ?? [];
  if (!limits.length) throw new Error('the spec has no info.x-rate-limits (openapi/components/x-rate-limits.yaml), which the sandbox enforces');
  return new Map(limits.map((l) => [l.id, {requests: l.requests, windowMs: l.window_seconds * 1000}]));
}

const defaultTransport: WebhookTransport = async ({url, headers, body}) => {
  try {
    const answer = await fetch(url, {method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(10_000)});
    return {status: answer.status};
  } catch (error) {
    return {status: null, error: (error as Error).message};
  }
};

export function createSandbox(options: SandboxOptions): Sandbox {
  const spec = new SpecIndex(options.spec);
  const ready = spec.init();
  const wallClock = options.now ?? Date.now;
  const transport = options.transport ?? defaultTransport;
  const checkResponses = options.checkResponses ?? true;
  const rateLimits = rateLimitsOf(options.spec);
  let keys: Record<string, KeyState> = {};
  const listeners = new Set<(notice: SandboxNotice) => void>();
  const inFlightKeys = new Set<string>();
  /** The rate-limit windows of the credentials refused as unauthenticated (not part of any key's state). */
  const unauthenticatedWindows = new Map<string, KeyState['rateWindows']>();
  const violations: ResponseViolation[] = [];
  let responses = 0;
  let requestCount = 0;

  const stateOf = (apiKey: string): KeyState => (keys[apiKey] ??= seededState(spec, `${options.seed ?? 'novaramp'}:${apiKey}`, wallClock()));
  const contextOf = (apiKey: string, fields: Partial<Context> = {}): Context => {
    const state = stateOf(apiKey);
    return {
      state,
      apiKey,
      spec,
      now: wallClock() + state.clockOffsetMs,
      params: {},
      query: {},
      body: {},
      notices: [],
      transport,
      neverCompleteDeposits: options.neverCompleteDeposits,
      ...fields,
    };
  };
  const notify = (notices: SandboxNotice[]) => notices.forEach((n) => listeners.forEach((listener) => listener(n)));

  /** Runs `settle` on `apiKey`'s sandbox at its clock and sends what it announced. */
  const settleKey = (apiKey: string) => {
    const ctx = contextOf(apiKey);
    settle(ctx);
    stampAll(ctx.state);
    notify(ctx.notices);
  };

  async function deliverDueOf(apiKey: string): Promise<void> {
    const ctx = contextOf(apiKey);
    await Promise.all(
      takeDueDeliveries(ctx.state, ctx.now).map(async (delivery) => {
        const webhook = ctx.state.webhooks[delivery.webhookId];
        const event = ctx.state.events.find((e) => e.id === delivery.eventId);
        if (!webhook || webhook.status !== 'active' || !event) {
          // Not attempted: its scheduled entry leaves the log.
          ctx.state.deliveries.push(delivery);
          dropDeliveries(ctx.state, (d) => d === delivery);
          return;
        }
        const outcome = await attempt(transport, webhook, liveSecrets(ctx, webhook), event, ctx.now);
        recordAttempt(ctx.state, delivery.logId, outcome, ctx.now);
        if (!outcome.ok) afterFailedAttempt(ctx.state, delivery, ctx.now, outcome.error);
      }),
    );
  }

  /**
   * The RateLimit-* headers after counting this request against `limitId`, in `windows`: a key's own (fixed windows per
   * key), or for a request refused as unauthenticated, those of the credential it sent.
   */
  function countRequest(
    windows: KeyState['rateWindows'],
    limitId: string,
    now: number,
  ): {headers: Record<string, string>; exceeded: boolean; retryAfter: number} {
    const limit = rateLimits.get(limitId) ?? rateLimits.get('default')!;
    const window = windows[limitId];
    const current = window && now - window.windowStart < limit.windowMs ? window : (windows[limitId] = {windowStart: now, count: 0});
    current.count++;
    const reset = Math.max(1, Math.ceil((current.windowStart + limit.windowMs - now) / 1000));
    return {
      headers: {
        'RateLimit-Limit': String(limit.requests),
        'RateLimit-Remaining': String(Math.max(0, limit.requests - current.count)),
        'RateLimit-Reset': String(reset),
      },
      exceeded: current.count > limit.requests,
      retryAfter: reset,
    };
  }

  async function answer(request: SandboxRequest, requestId: string): Promise<{response: SandboxResponse; operation?: OperationInfo}> {
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
    // A parameter sent with no value (`?limit`, as the try-it panel sends a field left empty) counts as not sent.
    const query = Object.fromEntries(Object.entries(request.query ?? {}).filter(([, value]) => value !== ''));
    const problem = (error: ProblemError, extra: Record<string, string> = {}): SandboxResponse => ({
      status: error.status,
      headers: {'Content-Type': 'application/problem+json', 'Request-Id': requestId, ...extra},
      body: problemBody(error, request.path, requestId),
    });
    const route = spec.match(request.method, request.path);
    if (!route)
      return {response: problem(new ProblemError('resource_not_found', `No operation ${request.method.toUpperCase()} ${request.path} in the NovaRamp API.`))};
    const {info} = route;
    const sentKey = /^Bearer (\S+)$/.exec(headers.authorization ?? '')?.[1] ?? '';
    const credential = credentialOf(sentKey, keys);
    if (!credential) {
      if (unauthenticatedWindows.size > 10_000) unauthenticatedWindows.clear();
      const windows = unauthenticatedWindows.get(sentKey) ?? unauthenticatedWindows.set(sentKey, {}).get(sentKey)!;
      const refused = new ProblemError('unauthenticated', unauthenticatedReason(sentKey, keys));
      return {response: problem(refused, countRequest(windows, info.rateLimit, wallClock()).headers), operation: info};
    }
    // A restricted key works on the sandbox of the secret key that created it, and counts against its rate limits.
    const apiKey = credential.ownerKey;
    const state = stateOf(apiKey);
    const now = wallClock() + state.clockOffsetMs;
    const rate = countRequest(state.rateWindows, info.rateLimit, now);
    if (rate.exceeded) {
      const detail = `More than ${rate.headers['RateLimit-Limit']} requests in the window of the ${info.rateLimit} limit; retry after ${rate.retryAfter} seconds.`;
      return {response: problem(new ProblemError('rate_limited', detail), {...rate.headers, 'Retry-After': String(rate.retryAfter)}), operation: info};
    }
    const withRate = (response: SandboxResponse): SandboxResponse => ({...response, headers: {...response.headers, ...rate.headers, 'Request-Id': requestId}});
    try {
      requireScopes(credential, info);
    } catch (error) {
      return {response: withRate(problem(error as ProblemError)), operation: info};
    }
    let body = request.body;
    if (request.rawBody !== undefined && request.rawBody !== '') {
      if (!/^application\/json\b/.test(headers['content-type'] ?? '')) {
        return {
          response: withRate(problem(new ProblemError('invalid_request', `Content-Type ${headers['content-type'] ?? '(none)'}: send application/json.`))),
          operation: info,
        };
      }
      try {
        body = JSON.parse(request.rawBody);
      } catch {
        return {response: withRate(problem(new ProblemError('invalid_request', 'The request body is not valid JSON.'))), operation: info};
      }
    }
    settleKey(apiKey);
    const idempotencyKey = info.idempotent ? headers['idempotency-key'] : undefined;
    const storeKey = `${request.method.toUpperCase()} ${request.path} ${idempotencyKey}`;
    try {
      spec.validateRequest(info, {method: request.method, path: request.path, query, headers, body});
      if (idempotencyKey !== undefined) {
        const kept = state.idempotency[storeKey];
        const stored = kept && now - kept.storedAt < IDEMPOTENCY_TTL_MS ? kept : undefined;
        const fingerprint = JSON.stringify(body ?? null);
        if (stored && stored.fingerprint !== fingerprint) {
          throw new ProblemError(
            'idempotency_key_reused',
            `Idempotency-Key ${idempotencyKey} was already used on ${info.operationId} with a different body; use a new key.`,
          );
        }
        // The stored response as it was sent (its Request-Id too, which its body quotes), with this window's counts.
        if (stored) return {response: {...structuredClone(stored.response), headers: {...stored.response.headers, ...rate.headers}}, operation: info};
        if (inFlightKeys.has(`${apiKey} ${storeKey}`)) {
          throw new ProblemError(
            'idempotency_key_in_use',
            `A request with Idempotency-Key ${idempotencyKey} is still being processed; retry shortly with the same key.`,
          );
        }
      }
    } catch (error) {
      if (error instanceof ProblemError) return {response: withRate(problem(error)), operation: info};
      throw error;
    }
    // A simulated outage (POST /sandbox/outages): before any work, so nothing is stored under the Idempotency-Key.
    const outage = takeOutage(state, info);
    if (outage) return {response: withRate(problem(outage, {'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS)})), operation: info};
    const ctx = contextOf(apiKey, {operation: info, credential, params: route.params, query, headers, body: (body ?? {}) as Record<string, unknown>});
    const handler = HANDLERS[info.operationId];
    let result: SandboxResponse;
    const inFlight = `${apiKey} ${storeKey}`;
    if (idempotencyKey !== undefined) inFlightKeys.add(inFlight);
    try {
      if (!handler) throw new Error(`the sandbox does not simulate ${info.operationId} yet`);
      const {status, body, contentType} = await handler(ctx);
      // Every resource the request changed gets its next version before it is sent (versions.ts).
      stampAll(ctx.state);
      withVersion(ctx.state, body);
      const responseHeaders: Record<string, string> = body === undefined ? {} : {'Content-Type': contentType ?? 'application/json'};
      result = {status, headers: responseHeaders, ...(body === undefined ? {} : {body: structuredClone(body)})};
    } catch (error) {
      const known =
        error instanceof ProblemError ? error : new ProblemError('internal_error', `The sandbox failed on ${info.operationId}: ${(error as Error).message}`);
      // An operation that documents no 409 (reading deposit instructions, updating a bank account of a closed account)
      // refuses with its 403 forbidden: a status it does not document is never sent.
      result = problem(info.statuses.has(known.status) || !info.statuses.has(403) ? known : new ProblemError('forbidden', known.detail));
    } finally {
      inFlightKeys.delete(inFlight);
    }
    result = withRate(result);
    if (idempotencyKey !== undefined && isStored(result.status, result.body)) {
      state.idempotency[storeKey] = {fingerprint: JSON.stringify(body ?? null), storedAt: now, response: structuredClone(result)};
    }
    notify(ctx.notices);
    return {response: result, operation: info};
  }

  return {
    async handle(request) {
      await ready;
      const requestId = `req_${(++requestCount).toString(36).padStart(16, '0')}`;
      const {response, operation} = await answer(request, requestId).catch((error: Error) => {
        // A failure of the engine itself (not of an operation's handler, which answer() turns into a problem): the
        // 500 every operation documents, and the conformance report names it (no RateLimit headers).
        const failure = new ProblemError('internal_error', `The sandbox failed: ${error.message}`);
        const headers = {'Content-Type': 'application/problem+json', 'Request-Id': requestId};
        return {
          response: {status: 500, headers, body: problemBody(failure, request.path, requestId)},
          operation: spec.match(request.method, request.path)?.info,
        };
      });
      if (checkResponses && operation) {
        responses++;
        const problems = spec.responseViolations(operation.operationId, response);
        if (problems.length) violations.push({method: request.method.toUpperCase(), path: request.path, status: response.status, problems});
      }
      return response;
    },
    snapshot: () => structuredClone({version: SNAPSHOT_VERSION, keys}),
    restore(snapshot) {
      const {version, keys: restored} = snapshot as {version?: number; keys?: Record<string, KeyState>};
      if (version !== SNAPSHOT_VERSION || !restored) throw new Error(`restore: not a snapshot of this sandbox engine (version ${SNAPSHOT_VERSION} with keys)`);
      keys = structuredClone(restored);
    },
    reset() {
      keys = {};
    },
    advanceClock(ms, apiKey) {
      for (const key of apiKey ? [apiKey] : Object.keys(keys)) {
        stateOf(key).clockOffsetMs += ms;
        settleKey(key);
      }
    },
    async deliverDue() {
      await Promise.all(Object.keys(keys).map(deliverDueOf));
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    conformance: () => ({responses, violations: [...violations]}),
    credential: (apiKey) => credentialOf(apiKey, keys),
    unauthenticatedReason: (apiKey) => unauthenticatedReason(apiKey, keys),
    hasAccount: (apiKey, accountId) => accountId in stateOf(apiKey).accounts,
  };
}
