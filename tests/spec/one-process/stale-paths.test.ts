/**
 * A path a comment or a doc names is a file of the repository: comments that point at deleted or moved files (eight
 * did, structure review §4) send the next engineer looking for nothing. Reads every owned text file outside tests/
 * (tests name made-up paths on purpose) and the released snapshots; a path counts when it starts at a source folder
 * and ends in a source extension (`openapi/` only for `.yaml`: its `.json` names are downloads of the build).
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {SITE_ROOT} from '../../../tools/cli';

const NAMED_PATH =
  /(?<![\w./@-])((?:src|tools|tests|scripts|bench|hosting)\/[\w./{}-]+\.(?:tsx|ts|mjs|js|yaml|mdx|md|css|jsonc|json)|openapi\/[\w./{}-]+\.yaml)(?![\w])/g;

/** `file:line: path` for each named path of `text` that is not a file under `root`. */
export function stalePaths(file: string, text: string, exists: (p: string) => boolean): string[] {
  return text.split('\n').flatMap((line, i) => [...line.matchAll(NAMED_PATH)].filter((m) => !exists(m[1])).map((m) => `${file}:${i + 1}: ${m[1]}`));
}

test('every file path named in the code, the spec and the docs exists', () => {
  const files = execFileSync('git', ['ls-files'], {cwd: SITE_ROOT, encoding: 'utf8'})
    .split('\n')
    .filter((f) => /\.(tsx?|mjs|js|ya?ml|mdx?|css|jsonc|conf|toml)$/.test(f) && !f.startsWith('tests/') && !f.startsWith('openapi/releases/'));
  assert.ok(files.length > 200, `${files.length} files read`);
  const exists = (p: string) => fs.existsSync(path.join(SITE_ROOT, p));
  assert.deepEqual(
    files.flatMap((f) => stalePaths(f, fs.readFileSync(path.join(SITE_ROOT, f), 'utf8'), exists)),
    [],
  );
});

test('a moved file named in a comment is reported with file:line; a download URL and a made-up word are not', () => {
  const text = ['// Rendered by tools/api-pages/render-reference.ts, served as /openapi/novaramp.json', '/* see src/data/api-table.ts */'].join('\n');
  const exists = (p: string) => p === 'src/data/api-table.ts';
  assert.deepEqual(stalePaths('x.ts', text, exists), ['x.ts:1: tools/api-pages/render-reference.ts']);
});
