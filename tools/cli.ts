/** Where the site is, and how tools, tests and benches run the project's command-line programs. */
import {spawnSync} from 'node:child_process';
import path from 'node:path';

/** The repository root (this file lives in tools/). */
export const SITE_ROOT = path.resolve(__dirname, '..');

/** Redocly CLI without telemetry or update notices (no network at build or test time). */
export const REDOCLY_ENV = {REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'} as const;

/** A binary of node_modules/.bin of a site folder. */
export const bin = (name: string, siteDir = SITE_ROOT): string => path.join(siteDir, 'node_modules', '.bin', name);

/** The Docusaurus CLI, run with `node` (process.execPath) rather than through its .bin shim. */
export const docusaurusCli = (siteDir = SITE_ROOT): string => path.join(siteDir, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');

export interface RunResult {
  status: number | null;
  output: string;
}

/** Runs a command to completion and returns its exit code and combined output. */
export function run(cmd: string, args: string[], cwd = SITE_ROOT, env: NodeJS.ProcessEnv = {}): RunResult {
  const res = spawnSync(cmd, args, {cwd, encoding: 'utf8', env: {...process.env, ...REDOCLY_ENV, ...env}});
  return {status: res.status, output: `${res.stdout ?? ''}${res.stderr ?? ''}`};
}
