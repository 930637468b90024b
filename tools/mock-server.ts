/**
 * The local mock server for tests: Prism (`prism mock`, as `npm run mock` starts it) on 127.0.0.1, serving a
 * combined spec bundled from openapi/ into a temporary folder at start, so a test never meets the stale
 * static/openapi/ of an earlier build, and tests running at once never rewrite each other's bundle.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {COMBINED_SPEC} from '../src/data/api-table';
import {bin} from './cli';
import {freePort} from './serve-build';
import {bundleSpecs} from './spec-bundle';

export interface MockServer {
  /** e.g. http://127.0.0.1:4321 (the spec's paths go right after it, without /v1). */
  origin: string;
  /** The combined spec the mock serves, parsed from its JSON bundle. */
  spec: Record<string, unknown>;
  stop: () => Promise<void>;
}

export async function start(siteDir: string, timeoutMs = 60_000): Promise<MockServer> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-mock-'));
  await bundleSpecs(siteDir, path.relative(siteDir, tmp));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let log = '';
  const prism = spawn(bin('prism', siteDir), ['mock', '-h', '127.0.0.1', '-p', String(port), path.join(tmp, `${COMBINED_SPEC}.yaml`)], {
    cwd: siteDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {...process.env, SCARF_ANALYTICS: 'false'},
  });
  prism.stdout.on('data', (d) => (log += d));
  prism.stderr.on('data', (d) => (log += d));
  const stop = async () => {
    if (prism.exitCode === null) {
      const exited = new Promise((r) => prism.once('exit', r));
      prism.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(tmp, {recursive: true, force: true});
  };
  const deadline = Date.now() + timeoutMs;
  // Any HTTP answer (even a 401) means Prism is listening.
  while (!(await fetch(`${origin}/coins`).then(() => true, () => false))) {
    if (prism.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the Prism mock did not start on ${origin}:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {origin, spec: JSON.parse(fs.readFileSync(path.join(tmp, `${COMBINED_SPEC}.json`), 'utf8')), stop};
}
