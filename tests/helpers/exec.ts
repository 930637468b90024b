import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {ROOT} from './routes';

export interface RunResult {
  status: number | null;
  output: string;
}

/** Runs a command to completion and returns its exit code and combined output. */
export function run(cmd: string, args: string[], cwd = ROOT, env: NodeJS.ProcessEnv = {}): RunResult {
  const res = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', ...env},
  });
  return {status: res.status, output: `${res.stdout ?? ''}${res.stderr ?? ''}`};
}

export const bin = (name: string): string => path.join(ROOT, 'node_modules', '.bin', name);
