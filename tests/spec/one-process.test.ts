/**
 * The files of tests/spec/one-process/ run in one Node process (`npm run test:spec:one-process`,
 * `--test-isolation=none`: modules and spec bundles loaded once, 48 → 32 s of CPU for its 43 files), so none may leave
 * state another sees: no server, no DOM globals (tests/helpers/dom included), no environment variable or working
 * directory set, no module mocked, React's production build not forced, no top-level hook that would run around every
 * file's tests. A file that needs any of that belongs in tests/spec/, where each file has a process of its own.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import ts from 'typescript';
import {SITE_ROOT} from '../../tools/cli';

const FOLDER = 'tests/spec/one-process';

/** What a file of one process may not do, with the code that does it. */
const SHARED_STATE: [RegExp, string][] = [
  [/process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete\s+process\.env/, 'sets an environment variable'],
  [/process\.chdir\(/, 'changes the working directory'],
  [/\.listen\(|createServer\(|spawnPrism|startMock|['"]mock['"]|tools\/site\/mock-server/, 'starts a server'],
  [/happy-dom|GlobalRegistrator|helpers\/dom|globalThis\.\w+\s*=[^=]/, 'sets globals'],
  [/mock\.(module|method|timers)/, 'mocks a module, a method or the timers'],
  [/production-react/, "forces React's production build"],
  [/^(beforeEach|afterEach)\(/m, 'has a top-level hook around every test'],
];

/** Each problem of `text` (a file of the folder) as `file: what`, comments left out. */
export function sharedStateIn(file: string, text: string): string[] {
  const code = ts.createPrinter({removeComments: true}).printFile(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS));
  return SHARED_STATE.filter(([pattern]) => pattern.test(code)).map(([pattern, what]) => `${file}: ${what} (${pattern.exec(code)![0].trim()})`);
}

test('no file of tests/spec/one-process leaves state another file of that process would see', () => {
  const files = fs.readdirSync(path.join(SITE_ROOT, FOLDER)).filter((f) => f.endsWith('.test.ts'));
  assert.ok(files.length >= 20, `${files.length} files`);
  assert.deepEqual(
    files.flatMap((f) => sharedStateIn(`${FOLDER}/${f}`, fs.readFileSync(path.join(SITE_ROOT, FOLDER, f), 'utf8'))),
    [],
  );
});

test('the check names the file and what it shares', () => {
  assert.deepEqual(sharedStateIn('x.test.ts', "// process.env.A = '1' in a comment\nprocess.env.NODE_ENV = 'production';\nbeforeEach(() => {});"), [
    'x.test.ts: sets an environment variable (process.env.NODE_ENV =)',
    'x.test.ts: has a top-level hook around every test (beforeEach()',
  ]);
  assert.deepEqual(sharedStateIn('y.test.ts', "import '../../src/plugins/operation-page/generate/production-react';\nconst s = http.createServer(h);"), [
    'y.test.ts: starts a server (createServer()',
    "y.test.ts: forces React's production build (production-react)",
  ]);
  assert.deepEqual(sharedStateIn('w.test.ts', "import {settle} from '../../helpers/dom';"), ['w.test.ts: sets globals (helpers/dom)']);
  assert.deepEqual(sharedStateIn('v.test.ts', "import {start} from '../../../tools/site/mock-server';"), [
    'v.test.ts: starts a server (tools/site/mock-server)',
  ]);
  assert.deepEqual(sharedStateIn('z.test.ts', "test('reads process.env.HOME', () => assert.ok(process.env.HOME === '/root'));"), []);
});
