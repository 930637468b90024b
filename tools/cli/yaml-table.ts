/**
 * A table of ours kept as YAML data (the upstream contracts, the versioning policy's statements) read against a zod
 * schema: the typed value, or an error naming the file and the line of the first entry that does not fit. Node only.
 */
import fs from 'node:fs';
import path from 'node:path';
import {LineCounter, parseDocument} from 'yaml';
import type * as z from 'zod/v4';

/** `file` is absolute; errors name it relative to `root` (the site) when it is inside. */
export function readYamlTable<Schema extends z.ZodType>(file: string, schema: Schema, root: string): z.infer<Schema> {
  const lines = new LineCounter();
  const doc = parseDocument(fs.readFileSync(file, 'utf8'), {lineCounter: lines});
  const name = path.relative(root, file).startsWith('..') ? file : path.relative(root, file);
  const at = (offset: number | undefined): string => `${name}:${offset === undefined ? 1 : lines.linePos(offset).line}`;
  if (doc.errors.length) throw new Error(`${at(doc.errors[0].pos[0])}: ${doc.errors[0].message}`);
  const result = schema.safeParse(doc.toJS());
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // The deepest node on the issue's path that the file has (a missing key is reported at the entry that lacks it).
  const keys = issue.path.map((k) => (typeof k === 'symbol' ? String(k) : k));
  let offset: number | undefined;
  for (let depth = keys.length; depth >= 0 && offset === undefined; depth--)
    offset = (doc.getIn(keys.slice(0, depth), true) as {range?: [number, number, number]} | undefined)?.range?.[0];
  throw new Error(`${at(offset)}: ${keys.join('.') || '(top)'}: ${issue.message}`);
}
