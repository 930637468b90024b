/**
 * The local mock of the API is the stateful sandbox (src/plugins/sandbox/, issue #47): `npm run mock`
 * (scripts/mock.ts) and the tests that send requests to one. start() runs scripts/mock.ts on a free port of 127.0.0.1
 * as a process of its own and resolves once it answers: the tools/ kernel never imports a feature, so it starts the
 * sandbox the way a reader does. Each API key has a sandbox of its own, seeded on its first request, so test files
 * sharing one server never meet as long as each uses keys of its own.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {COMBINED_SPEC} from '../../src/data/api-table';
import {parseYamlData} from '../openapi/yaml-data';
import {freePort} from './serve-build';
import {cachedBundle} from '../spec/spec-bundle-cache';

/**
 * The combined spec of openapi/ as it is now, the one the mock serves (`.yaml`; `.json`, the same document): the
 * shared bundle of tools/spec/spec-bundle-cache.ts, made again only when what bundling reads has changed.
 */
export async function currentCombinedSpec(siteDir: string, ext: 'yaml' | 'json' = 'yaml'): Promise<string> {
  return path.join(await cachedBundle(siteDir), `${COMBINED_SPEC}.${ext}`);
}

/**
 * Resolves once `origin` answers an authenticated GET /coins with 2xx; fails with the server's output when it
 * exits or does not answer within the timeout.
 */
export async function waitUntilAnswering(origin: string, child: ChildProcess, log: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the mock exited with code ${child.exitCode} before answering:\n${log()}`);
    const ok = await fetch(`${origin}/coins`, {headers: {Authorization: 'Bearer sk_sandbox_mock_probe'}, signal: AbortSignal.timeout(2_000)}).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`the mock did not answer ${origin} within ${timeoutMs} ms:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface MockServer {
  /** e.g. http://127.0.0.1:4321: the spec's paths go right after it, or after `/v1`; the WebSocket stream is `ws://…/v1`. */
  origin: string;
  /** The bundled spec file it serves (YAML). */
  specFile: string;
  /** The combined spec the mock serves, parsed. */
  spec: Record<string, unknown>;
  /** Everything the sandbox printed so far (with `--log`, a line per request: method, path, status). */
  log: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the sandbox serving `spec` (default: the combined spec of openapi/ as it is now, from the shared bundle of
 * tools/spec/spec-bundle-cache.ts, so a test never meets the stale static/openapi/ of an earlier build and tests running
 * at once never rewrite each other's bundle) on a free port and resolves once it answers. The process is the
 * leader of a group of its own, stopped with it.
 */
export async function start(siteDir: string, options: {spec?: string; port?: number; log?: boolean} = {}): Promise<MockServer> {
  const spec = options.spec ?? (await currentCombinedSpec(siteDir));
  if (!fs.existsSync(spec)) throw new Error(`${spec}: no such spec to mock`);
  const port = options.port ?? (await freePort());
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/mock.ts', '--port', String(port), '--spec', spec, ...(options.log === false ? [] : ['--log'])],
    {
      cwd: siteDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || !child.pid) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return; // already gone
    }
    await exited;
  };
  try {
    await waitUntilAnswering(origin, child, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return {origin, specFile: spec, spec: readSpec(spec), log: () => output, stop};
}

const readSpec = (file: string) => parseYamlData(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

/**
 * Names the mock a test run shares among its test files (tests/spec/shared-mock.mts, the files lane's global setup),
 * as JSON: `{siteDir, origin, specFile}`. The lane's sandbox runs in the test runner's own process (about 0.2 s of
 * CPU to start); a test file run alone starts one with start() (about 1 s of CPU: a Node process with tsx).
 */
export const SHARED_MOCK_ENV = 'NOVARAMP_SHARED_MOCK';

type SharedMockRecord = Pick<MockServer, 'origin' | 'specFile'> & {siteDir: string};

/** The value of SHARED_MOCK_ENV naming `mock`, a mock of `siteDir`'s spec, to the test files of a run. */
export const sharedMockValue = (siteDir: string, {origin, specFile}: Pick<MockServer, 'origin' | 'specFile'>): string =>
  JSON.stringify({siteDir, origin, specFile} satisfies SharedMockRecord);

/**
 * The run's shared mock when there is one (SHARED_MOCK_ENV) and it serves `siteDir`'s current combined spec (a spec
 * edited since it started is not served by it). Its `stop()` leaves it running: whoever started it stops it.
 */
export async function sharedMock(siteDir: string, env = process.env): Promise<MockServer | undefined> {
  const shared = env[SHARED_MOCK_ENV];
  if (!shared) return undefined;
  const mock = JSON.parse(shared) as SharedMockRecord;
  if (path.resolve(mock.siteDir) !== path.resolve(siteDir) || mock.specFile !== (await currentCombinedSpec(siteDir))) return undefined;
  return {
    origin: mock.origin,
    specFile: mock.specFile,
    spec: readSpec(mock.specFile),
    log: () => `(the run's shared mock, ${SHARED_MOCK_ENV})`,
    stop: async () => {},
  };
}

/** The run's shared mock (sharedMock), else a mock of this process's own (start()). */
export const sharedOrOwnMock = async (siteDir: string): Promise<MockServer> => (await sharedMock(siteDir)) ?? start(siteDir);
