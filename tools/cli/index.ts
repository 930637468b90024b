/** Where the site is, and how tools, tests and benches run the project's command-line programs. */
import {spawnSync} from 'node:child_process';
import path from 'node:path';

/** The repository root (this file lives in tools/cli/). */
export const SITE_ROOT = path.resolve(__dirname, '../..');

/** Redocly CLI without telemetry or update notices (no network at build or test time). */
export const REDOCLY_ENV = {REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'} as const;

/** A binary of node_modules/.bin of a site folder. */
export const bin = (name: string, siteDir = SITE_ROOT): string => path.join(siteDir, 'node_modules', '.bin', name);

/**
 * The type checker, TypeScript 7 (native: ~5 times less CPU than 5.9 on this project), run with `node`. Its package
 * is `typescript-7` (an alias): `typescript` stays 5.9 for the tools that use its API (typescript-eslint,
 * openapi-typescript, the layer tests), and both declare a `tsc` bin, so the .bin link is not relied on.
 */
export const typeChecker = (siteDir = SITE_ROOT): string => path.join(siteDir, 'node_modules', 'typescript-7', 'bin', 'tsc');

/** The Docusaurus CLI, run with `node` (process.execPath) rather than through its .bin shim. */
export const docusaurusCli = (siteDir = SITE_ROOT): string => path.join(siteDir, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');

export interface RunResult {
  status: number | null;
  output: string;
}

/** Output kept from a command: generating a large API prints a line per page (spawnSync kills a child at 1 MiB). */
const MAX_OUTPUT_BYTES = 1024 ** 3;

/**
 * Runs a command to completion and returns its exit code and combined output; a child that could not run or was
 * killed (status null) has the reason as the output's last line.
 */
export function run(cmd: string, args: string[], cwd = SITE_ROOT, env: NodeJS.ProcessEnv = {}): RunResult {
  const res = spawnSync(cmd, args, {cwd, encoding: 'utf8', maxBuffer: MAX_OUTPUT_BYTES, env: {...process.env, ...REDOCLY_ENV, ...env}});
  const reason = res.error ? `error: ${res.error.message}` : res.signal ? `error: killed by ${res.signal}` : '';
  return {status: res.status, output: `${res.stdout ?? ''}${res.stderr ?? ''}${reason ? `\n${reason}` : ''}`};
}
