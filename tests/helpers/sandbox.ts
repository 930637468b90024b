/**
 * What the sandbox tests share: the combined spec of openapi/ as it is now (the shared bundle of
 * tools/spec/spec-bundle-cache.ts, the one `npm run sandbox` serves), a sandbox on a manual clock, and a short way to send
 * it a request as a given API key.
 */
import fs from 'node:fs';
import {randomUUID} from 'node:crypto';
import {createSandbox, type Sandbox, type SandboxOptions, type SandboxResponse} from '../../src/plugins/sandbox/engine';
import {SITE_ROOT} from '../../tools/cli';
import {currentCombinedSpec} from '../../tools/site/mock-server';

export const DOCS_ACCOUNT = 'acc_7Hq2LmX9pR4sT8vW';
export const DOCS_WALLET = 'wal_5Kp9Qz2Lm7Xr3Tb8';
export const DOCS_BANK_ACCOUNT = 'bnk_2Fh8Kq4Wz7Lp9Rx3';
export const DOCS_FIAT_BENEFICIARY = 'fbn_6Tm3Yd8Qc1Vn5Hs2';
export const DOCS_CRYPTO_BENEFICIARY = 'cbn_2Rf8Wm4Kx9Lq7Zt3';

let spec: Promise<Record<string, unknown>> | undefined;

/** The combined spec, parsed (bundled once per process). */
export function combinedSpec(): Promise<Record<string, unknown>> {
  spec ??= currentCombinedSpec(SITE_ROOT, 'json').then((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>);
  return spec;
}

/** A sandbox whose wall clock stands still at 2025-03-14T09:26:53Z unless the test moves it. */
export async function testSandbox(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
  return createSandbox({spec: await combinedSpec(), now: () => Date.parse('2025-03-14T09:26:53Z'), seed: 'tests', ...options});
}

export interface Call {
  body?: unknown;
  query?: Record<string, string>;
  /** The Idempotency-Key to send (a new one for every POST unless given; `null` sends none). */
  idempotencyKey?: string | null;
  headers?: Record<string, string>;
}

/** Sends `method path` to `sandbox` as `apiKey`. */
export function call(sandbox: Sandbox, apiKey: string, method: string, path: string, options: Call = {}): Promise<SandboxResponse> {
  const key = options.idempotencyKey === undefined ? (method === 'POST' ? randomUUID() : null) : options.idempotencyKey;
  return sandbox.handle({
    method,
    path,
    query: options.query,
    headers: {authorization: `Bearer ${apiKey}`, ...(key ? {'idempotency-key': key} : {}), ...options.headers},
    body: options.body,
  });
}

/** A fresh API key per test, so that tests never share a sandbox. */
let keys = 0;
export const newKey = (): string => `sk_sandbox_test${process.pid}x${++keys}`;
