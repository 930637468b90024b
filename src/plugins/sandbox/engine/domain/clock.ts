/**
 * The sandbox clock (POST /sandbox/clock/advance, openapi/paths/sandbox_clock_advance.yaml): moving a key's clock
 * forward is what releases ACH holds, expires quotes and makes webhook retries due, all of which the engine's
 * `settle` runs against the moved clock right after.
 */
import {timestamp, type Context, type HandlerResult} from '../context';
import {settleDeposits} from './funds';
import {expireQuotes} from './trades';

/** Brings everything that waits for time up to the key's clock: deposits (confirmations, holds, returns), then quotes. */
export function settle(ctx: Context): void {
  settleDeposits(ctx);
  expireQuotes(ctx);
}

function advanceSandboxClock(ctx: Context): HandlerResult {
  const seconds = Number(ctx.body.seconds);
  ctx.state.clockOffsetMs += seconds * 1000;
  ctx.now += seconds * 1000;
  settle(ctx);
  return {status: 200, body: {now: timestamp(ctx.now), advanced_by_seconds: seconds}};
}

export const clockHandlers = {advanceSandboxClock};
