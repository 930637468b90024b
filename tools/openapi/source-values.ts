/**
 * The spec's source files as plain values, for readers that need one file or one pointer and not a bundled API
 * (the spec tables and the content checks, run inside every Markdown page's remark pass): each file parsed once per
 * process, and a pointer walk that follows `$ref`s between files. The bundled documents are `load.ts`'s; the line of
 * a pointer is `locate.ts`'s.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {isObject} from './json';
import {parsePointer} from './pointer';

/** A spec file that is missing or unreadable, or a pointer that leads nowhere; the message names the file. */
export class SourceValueError extends Error {}

/**
 * Keyed by absolute path and checked against the file's mtime and size, so the dev server still sees an edit. The
 * values are shared: nothing may mutate them.
 */
const parsedFiles = new Map<string, {mtimeMs: number; size: number; value: unknown}>();
let parseCount = 0;

/** How many times a source file was really parsed by this process (the cache's test reads it). */
export const sourceFileParses = (): number => parseCount;

/** The parsed value of `file` (relative to `dir`, named so in errors as `label/file`). */
export function readSourceValue(dir: string, file: string, label = path.basename(dir)): unknown {
  const abs = path.resolve(dir, file);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(abs);
  } catch {
    throw new SourceValueError(`${label}/${file} does not exist`);
  }
  const cached = parsedFiles.get(abs);
  if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.value;
  let value: unknown;
  try {
    parseCount++;
    value = parse(fs.readFileSync(abs, 'utf8'));
  } catch (error) {
    throw new SourceValueError(`${label}/${file} is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  parsedFiles.set(abs, {mtimeMs: stat.mtimeMs, size: stat.size, value});
  return value;
}

/**
 * The value at a JSON pointer (`/a/b`, `#/a/b` or ``) of a source file, following `$ref`s (relative file paths,
 * optionally with a `#/fragment`) wherever the walk meets one; with the file it was found in (relative to `dir`).
 */
export function resolveSourceValue(dir: string, file: string, pointer: string, label = path.basename(dir)): {value: unknown; file: string} {
  let tokens: string[];
  try {
    tokens = parsePointer(pointer);
  } catch {
    throw new SourceValueError(`pointer "${pointer}" must start with "/"`);
  }
  let current = file;
  let value = readSourceValue(dir, file, label);
  const follow = () => {
    for (let hops = 0; isObject(value) && typeof value.$ref === 'string'; hops++) {
      if (hops > 20) throw new SourceValueError(`${label}/${current}: $ref cycle`);
      const [target, fragment = ''] = value.$ref.split('#');
      if (target) current = path.posix.normalize(path.posix.join(path.posix.dirname(current), target));
      value = readSourceValue(dir, current, label);
      if (fragment) ({value, file: current} = resolveSourceValue(dir, current, fragment, label));
    }
  };
  follow();
  tokens.forEach((token, i) => {
    const next = Array.isArray(value) ? value[Number(token)] : isObject(value) ? value[token] : undefined;
    if (next === undefined) {
      const keys = isObject(value) ? Object.keys(value).join(', ') : '';
      throw new SourceValueError(`${label}/${file}: nothing at ${pointer} (no "${token}" after /${tokens.slice(0, i).join('/')}${keys ? `; there: ${keys}` : ''})`);
    }
    value = next;
    follow();
  });
  return {value, file: current};
}
