/**
 * Simulated outages (POST /sandbox/outages, openapi/paths/sandbox_outages.yaml): the next requests of an operation that
 * documents `503` answer `503 service_unavailable`, as when its custody, network, rail or liquidity dependency is down.
 * The pipeline (index.ts) asks `takeOutage` once a request is valid and not a replay, before its handler: nothing is
 * done and nothing is stored under the Idempotency-Key (IdempotencyKey.yaml), so the retry does the work once.
 */
import type {Context, HandlerResult} from '../context';
import {ProblemError} from '../problems';
import type {OperationInfo} from '../spec';
import type {KeyState} from '../state';

/** What a `503` tells the client to wait, in seconds (Retry-After). */
export const OUTAGE_RETRY_AFTER_SECONDS = 1;

/** The `503` the request of `info` meets when an outage of its operation is running (and counts it), else undefined. */
export function takeOutage(state: KeyState, info: OperationInfo): ProblemError | undefined {
  const remaining = state.outages?.[info.operationId];
  if (!remaining) return undefined;
  if (remaining > 1) state.outages![info.operationId] = remaining - 1;
  else delete state.outages![info.operationId];
  return new ProblemError(
    'service_unavailable',
    `A dependency of ${info.operationId} is temporarily unavailable (simulated outage); nothing was done. Retry later with the same Idempotency-Key.`,
  );
}

function simulateOutage(ctx: Context): HandlerResult {
  const operationId = String(ctx.body.operation_id);
  // The schema lists the operations; the spec is what says whether each documents a 503.
  if (!ctx.spec.operation(operationId)?.statuses.has(503)) {
    throw ProblemError.validation('operation_id', 'unsupported_value', `${operationId} documents no 503 service_unavailable.`);
  }
  const requests = typeof ctx.body.requests === 'number' ? ctx.body.requests : 1;
  (ctx.state.outages ??= {})[operationId] = requests;
  return {status: 200, body: {operation_id: operationId, failing_requests: requests}};
}

export const outageHandlers = {simulateOutage};
