/**
 * A path a comment or a doc names is a file of the repository: a comment that points at a deleted or moved file
 * sends the next engineer looking for nothing. Reads every owned text file outside tests/ (tests name made-up paths
 * on purpose) and the released snapshots. A path counts when it ends in a source extension and either starts at a
 * source folder (`openapi/` only for `.yaml`: its `.json` names are downloads of the build) or is relative (`./x.ts`,
 * `../y/z.ts`, in a comment or in code), which is read from the folder of the file that names it. A relative `.yaml`
 * or `.json` name is left out: here it is a spec's `$ref` or a workflow's source, read from a spec file or a download.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {SITE_ROOT} from '../../../tools/cli';

/** The extensions a relative path is checked for (not `.yaml`, `.json`: see above), then those of a path from a source folder. */
const CODE_EXTENSION = String.raw`\.(?:tsx|ts|mjs|js|mdx|md|css)`;
const SOURCE_EXTENSION = String.raw`\.(?:tsx|ts|mjs|js|yaml|mdx|md|css|jsonc|json)`;
const NAMED_PATH = new RegExp(
  String.raw`(?<![\w./@-])((?:\.\.?/)+[\w./{}-]+${CODE_EXTENSION}|(?:src|tools|tests|scripts|bench|hosting)/[\w./{}-]+${SOURCE_EXTENSION}|openapi/[\w./{}-]+\.yaml)(?!\w)`,
  'g',
);

/** A named path as a path from the repository's root: a relative one is read from the folder of `file`. */
const fromRoot = (file: string, named: string): string => (named.startsWith('.') ? path.posix.join(path.posix.dirname(file), named) : named);

/** `file:line: path` for each named path of `text` that is not a file of the repository. */
export function stalePaths(file: string, text: string, exists: (p: string) => boolean): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => [...line.matchAll(NAMED_PATH)].filter((m) => !exists(fromRoot(file, m[1]))).map((m) => `${file}:${i + 1}: ${m[1]}`));
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
  const text = [
    '// Rendered by src/plugins/operation-page/generate/render-reference.ts, served as /openapi/novaramp.json',
    '/* see src/data/api-table.ts */',
  ].join('\n');
  const exists = (p: string) => p === 'src/data/api-table.ts';
  assert.deepEqual(stalePaths('x.ts', text, exists), ['x.ts:1: src/plugins/operation-page/generate/render-reference.ts']);
});

test('a relative path is read from the folder of the file that names it, in a comment or in code; a spec-relative $ref is not checked', () => {
  const text = [
    '// Run by ./index.ts after ../shared/gone.ts',
    "import {x} from '../data/api-table.ts';",
    "// A schema's $ref: '../components/schemas/Account.yaml'",
  ].join('\n');
  const exists = (p: string) => ['src/plugins/feature/index.ts', 'src/plugins/data/api-table.ts'].includes(p);
  assert.deepEqual(stalePaths('src/plugins/feature/finish.ts', text, exists), ['src/plugins/feature/finish.ts:1: ../shared/gone.ts']);
});
