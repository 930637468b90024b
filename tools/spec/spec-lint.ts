/**
 * Redocly lint of every API in redocly.yaml, run once per version of the spec: a clean run leaves a stamp named
 * by the hash of what it read (openapi/, redocly.yaml, the Redocly version), so `npm test` lints once in its fast
 * tier and the build's generation step, run on the same files, does not lint them again. Any edit lints anew.
 * The WebSocket API's AsyncAPI document (tools/spec/asyncapi.ts) is validated the same way, with a stamp of its own.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {lintAsyncApi, parserVersion} from './asyncapi';
import {bin, run} from '../cli';
import {specFiles} from '../openapi/spec-files';

export interface LintResult {
  ok: boolean;
  /** Redocly's output; empty when the stamp of an earlier clean run was found. */
  output: string;
  cached: boolean;
}

function specHash(siteDir: string, tool: string): string {
  const hash = crypto.createHash('sha256');
  hash.update(`${tool}\0`);
  for (const file of ['redocly.yaml', ...specFiles(siteDir)])
    hash
      .update(`${file}\0`)
      .update(fs.readFileSync(path.join(siteDir, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 32);
}

/**
 * Lints the spec (`redocly lint`, codeframe format) unless these exact files already linted clean. Clean means no
 * error and no warning: Redocly exits 0 on warnings, the portal does not accept them.
 */
export function lintSpec(siteDir: string, {force = false} = {}): LintResult {
  const redocly = JSON.parse(fs.readFileSync(path.join(siteDir, 'node_modules', '@redocly', 'cli', 'package.json'), 'utf8')) as {version: string};
  const stamp = stampPath(siteDir, `redocly ${redocly.version}`);
  if (!force && fs.existsSync(stamp)) return {ok: true, output: '', cached: true};
  const {status, output} = run(bin('redocly', siteDir), ['lint', '--format=codeframe'], siteDir);
  const ok = status === 0 && !/\d+ warnings?\b/i.test(output);
  if (ok) writeStamp(stamp);
  return {ok, output, cached: false};
}

const stampPath = (siteDir: string, tool: string): string => path.join(siteDir, 'node_modules', '.cache', 'novaramp-lint', specHash(siteDir, tool));
function writeStamp(stamp: string): void {
  fs.mkdirSync(path.dirname(stamp), {recursive: true});
  fs.writeFileSync(stamp, `${new Date().toISOString()}\n`);
}

/**
 * Validates openapi/websocket.asyncapi.yaml (@asyncapi/parser and the checks of tools/spec/asyncapi.ts) unless these
 * exact files already validated clean; `output` lists the problems as `file:line:column: message`.
 */
export async function lintAsyncApiSpec(siteDir: string, {force = false} = {}): Promise<LintResult> {
  const stamp = stampPath(siteDir, `@asyncapi/parser ${parserVersion(siteDir)}`);
  if (!force && fs.existsSync(stamp)) return {ok: true, output: '', cached: true};
  const {ok, problems} = await lintAsyncApi(siteDir);
  if (ok) writeStamp(stamp);
  const output = ok
    ? 'openapi/websocket.asyncapi.yaml: valid AsyncAPI, 0 errors 0 warnings\n'
    : `openapi/websocket.asyncapi.yaml: ${problems.length} problem${problems.length === 1 ? '' : 's'}\n${problems.map((p) => `  ${p}`).join('\n')}\n`;
  return {ok, output, cached: false};
}

/** Redocly's problems without its banner lines, for an error message. */
export const lintProblems = (output: string): string[] => output.split('\n').filter((l) => /\S/.test(l) && !/[║╔╚]|^validating |: validated in /.test(l));
