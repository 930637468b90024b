/**
 * For the tests of a reader's bad-input errors: a copy of one of our data files, in a temporary folder removed after
 * the test, with one text replaced, and the line that text stood on.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {TestContext} from 'node:test';

export function brokenCopy(t: TestContext, source: string, from: string | RegExp, to: string): {file: string; line: number; text: string} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-broken-'));
  t.after(() => fs.rmSync(dir, {recursive: true, force: true}));
  const text = fs.readFileSync(source, 'utf8');
  const at = typeof from === 'string' ? text.indexOf(from) : (from.exec(text)?.index ?? -1);
  assert.ok(at >= 0, `${source} has ${String(from)}`);
  const file = path.join(dir, path.basename(source));
  fs.writeFileSync(file, text.replace(from, to));
  return {file, line: text.slice(0, at).split('\n').length, text};
}
