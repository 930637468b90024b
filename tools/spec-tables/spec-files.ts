/**
 * The openapi/ files as the spec tables and the content checks read them: each file parsed once per process, and a
 * JSON pointer walk that follows `$ref`s between files.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {OPENAPI_DIR} from '../../src/data/api-table';

/** A mistake in a directive or in the spec it points at; the plugin prefixes the Markdown file and line. */
export class DirectiveError extends Error {}

export type Yaml = Record<string, unknown>;

export const isObject = (v: unknown): v is Yaml => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Each spec file parsed once per process: a page with ten directives, or a build of forty pages, would otherwise
 * parse the same root and component files again for every directive. Keyed by absolute path and checked against
 * the file's mtime and size, so the dev server still sees an edit. The values are shared: nothing here mutates them.
 */
const parsedFiles = new Map<string, {mtimeMs: number; size: number; value: unknown}>();
let parseCount = 0;

/** How many times a spec file was really parsed by this process (the cache's test reads it). */
export const specFileParses = (): number => parseCount;

export function readSpecFile(siteDir: string, rel: string): unknown {
  const abs = path.resolve(siteDir, OPENAPI_DIR, rel);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(abs);
  } catch {
    throw new DirectiveError(`${OPENAPI_DIR}/${rel} does not exist`);
  }
  const cached = parsedFiles.get(abs);
  if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.value;
  let value: unknown;
  try {
    parseCount++;
    value = parse(fs.readFileSync(abs, 'utf8'));
  } catch (error) {
    throw new DirectiveError(`${OPENAPI_DIR}/${rel} is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  parsedFiles.set(abs, {mtimeMs: stat.mtimeMs, size: stat.size, value});
  return value;
}

const unescapeToken = (t: string): string => t.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * The value at a JSON pointer of a spec file, following `$ref`s (relative file paths, optionally with a
 * `#/fragment`) wherever the walk meets one. Returns the value and the file it was found in.
 */
export function resolvePointer(siteDir: string, file: string, pointer: string): {value: unknown; file: string} {
  if (pointer !== '' && !pointer.startsWith('/')) throw new DirectiveError(`pointer "${pointer}" must start with "/"`);
  let current = file;
  let value = readSpecFile(siteDir, file);
  const follow = () => {
    for (let hops = 0; isObject(value) && typeof value.$ref === 'string'; hops++) {
      if (hops > 20) throw new DirectiveError(`${OPENAPI_DIR}/${current}: $ref cycle`);
      const [target, fragment = ''] = value.$ref.split('#');
      if (target) current = path.posix.normalize(path.posix.join(path.posix.dirname(current), target));
      value = readSpecFile(siteDir, current);
      if (fragment) ({value, file: current} = resolvePointer(siteDir, current, fragment));
    }
  };
  follow();
  const walked: string[] = [];
  for (const token of pointer === '' ? [] : pointer.slice(1).split('/').map(unescapeToken)) {
    walked.push(token);
    const next = Array.isArray(value) ? value[Number(token)] : isObject(value) ? value[token] : undefined;
    if (next === undefined) {
      const keys = isObject(value) ? Object.keys(value).join(', ') : '';
      throw new DirectiveError(`${OPENAPI_DIR}/${file}: nothing at ${pointer} (no "${token}" after /${walked.slice(0, -1).join('/')}${keys ? `; there: ${keys}` : ''})`);
    }
    value = next;
    follow();
  }
  return {value, file: current};
}

