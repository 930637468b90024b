/**
 * Every private reliance in the code sits in the seam, src/upstream/: a file that imports a non-public module path,
 * reads a file Docusaurus generates, sets an undocumented switch, matches an upstream module path or class name, or is
 * an ejected upstream component fails this test anywhere else (the feature imports the name or the function from the
 * seam instead). Inside the seam, each file that relies on something is named by a contract of
 * src/upstream/contracts.yaml (its `where`), so an upgrade that breaks the assumption fails that contract's test.
 * Comments are ignored: naming a file in prose relies on nothing.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import ts from 'typescript';
import {SITE_ROOT} from '../../../tools/cli';
import {readContracts} from '../../helpers/upstream-contracts';

const CONTRACTS = readContracts();

/**
 * Import specifiers that name a package's insides, a generated module, or a theme's internal components. (`@theme-init/`
 * is public: Docusaurus' Client architecture page documents it for a theme wrapping another theme's component.)
 */
const PRIVATE_IMPORT =
  /^(?:(?:@docusaurus\/[^/]+|docusaurus-(?:theme|plugin)-openapi-docs|@signalwire\/[^/]+)\/(?:lib|src)\/|@docusaurus\/theme-common\/internal$|@generated\/|@theme\/(?:ApiExplorer|ApiItem)\/)/;

/** Text in code (not comments) that names an upstream internal. */
const PRIVATE_TEXT: [RegExp, string][] = [
  [/\[\\\\\/\]lib\[\\\\\/\]/, 'a module path inside a package (`[\\/]lib[\\/]`)'],
  [/DOCUSAURUS_[A-Z_]+/, 'a Docusaurus environment switch'],
  [/registry\.js|routesChunkNames|client-manifest|globalData\b/, 'a file Docusaurus generates'],
  [/experiments\??\.cache/, "Rspack's cache settings"],
  [/window\.docusaurus|webpackChunk/, 'a client global'],
  [/@11ty\/gray-matter|ssgTemplate|tagOmission/, "a dependency's internals"],
  [/theme-doc-sidebar|menu__|codeBlockTitle|admonitionHeading|themedComponent|generatedIndexPage/, 'upstream markup'],
];

/** The file's statements are all `export … from '<…>/upstream/…'`: a theme file that points at the seam's copy. */
function onlyReExportsTheSeam(file: string, text: string): boolean {
  const statements = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false).statements;
  return (
    statements.length > 0 &&
    statements.every(
      (st) =>
        ts.isExportDeclaration(st) &&
        st.moduleSpecifier !== undefined &&
        ts.isStringLiteral(st.moduleSpecifier) &&
        /(^|\/)upstream\//.test(st.moduleSpecifier.text),
    )
  );
}

/** A file's reliances: what it imports or names of upstream internals, and whether it is an ejected component. */
export function reliancesIn(file: string, text: string, folderText = text): string[] {
  const found: string[] = [];
  if (!/\.(ts|tsx|js|mjs)$/.test(file)) return found;
  for (const {fileName} of ts.preProcessFile(text, true, true).importedFiles) if (PRIVATE_IMPORT.test(fileName)) found.push(`imports ${fileName}`);
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const code = ts.createPrinter({removeComments: true}).printFile(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind));
  for (const [pattern, what] of PRIVATE_TEXT) {
    const m = pattern.exec(code);
    if (m) found.push(`${what}: ${m[0]}`);
  }
  // A theme component that replaces upstream's instead of wrapping it (the public way: @theme-original, @theme-init,
  // in its folder: a wrapper may load the original lazily from a file beside it), unless it only hands over an
  // ejected copy kept in the seam.
  if (file.startsWith('src/theme/') && !/\.d\.ts$/.test(file) && !/['"]@theme-(original|init)\//.test(folderText) && !onlyReExportsTheSeam(file, text))
    found.push('replaces an upstream theme component');
  return found;
}

const SEAM = 'src/upstream/';
/** The seam's register (data: it names upstream files to check them, and is not scanned). */
const REGISTER = 'src/upstream/contracts.yaml';

const sourceFiles = (): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {cwd: SITE_ROOT, encoding: 'utf8'})
    .split('\n')
    .filter((f) => /\.(ts|tsx|js|mjs)$/.test(f) && !/^(tests|bench)\//.test(f) && fs.existsSync(path.join(SITE_ROOT, f)));

const read = (f: string): string => fs.readFileSync(path.join(SITE_ROOT, f), 'utf8');
/** The text of every source file in `file`'s folder. */
const folderText = (file: string): string =>
  fs
    .readdirSync(path.join(SITE_ROOT, path.dirname(file)))
    .filter((f) => /\.(ts|tsx|js|mjs)$/.test(f))
    .map((f) => read(path.join(path.dirname(file), f)))
    .join('\n');

let scanned: (readonly [string, string[]])[] | undefined;
/** Every source file with the reliances found in it: the tree is read once, by the first test that asks. */
const reliances = (): (readonly [string, string[]])[] =>
  (scanned ??= sourceFiles()
    .map((f) => [f, reliancesIn(f, read(f), f.startsWith('src/theme/') ? folderText(f) : undefined)] as const)
    .filter(([, found]) => found.length > 0));

test('no file outside the seam relies on an upstream internal', () => {
  const outside = reliances()
    .filter(([f]) => !f.startsWith(SEAM))
    .map(([f, found]) => `${f}: ${found.join('; ')}`);
  assert.deepEqual(outside, [], `move each into ${SEAM} (a name, a function or a re-export the feature imports), with a contract in ${REGISTER}`);
});

test('every file of the seam that relies on an upstream internal is named by a contract', () => {
  const registered = new Set(CONTRACTS.flatMap((c) => c.where));
  const unregistered = reliances()
    .filter(([f]) => f.startsWith(SEAM) && !registered.has(f))
    .map(([f, found]) => `${f}: ${found.join('; ')}`);
  assert.deepEqual(unregistered, [], `name the file in the contract of ${REGISTER} it relies on (or add one)`);
});

test("every contract's reliance lives in the seam: the first file its `where` names is under src/upstream/", () => {
  const outside = CONTRACTS.filter((c) => !c.where[0]?.startsWith(SEAM)).map((c) => `${c.id}: ${c.where.join(', ')}`);
  assert.deepEqual(outside, [], `move the code that makes the assumption into ${SEAM}; the files after it are those that import it`);
});

test('a new reliance outside the seam is found: a private import, a generated file, an ejected component', () => {
  assert.deepEqual(reliancesIn('src/components/X.tsx', "import Layout from '@theme/ApiItem/Layout';\n// routesChunkNames in a comment is fine\n"), [
    'imports @theme/ApiItem/Layout',
  ]);
  assert.deepEqual(reliancesIn('tools/x.ts', "const chunks = readJson('.docusaurus/routesChunkNames.json');"), [
    'a file Docusaurus generates: routesChunkNames',
  ]);
  assert.deepEqual(reliancesIn('src/theme/Footer/index.tsx', "import React from 'react';\nexport default function Footer() { return null; }"), [
    'replaces an upstream theme component',
  ]);
  assert.deepEqual(reliancesIn('src/theme/Footer/index.tsx', "import Footer from '@theme-original/Footer';"), []);
  // A wrapper that loads the original lazily from a file beside it.
  assert.deepEqual(reliancesIn('src/theme/Footer/index.tsx', "const Full = lazy(() => import('./Full'));", "import Footer from '@theme-original/Footer';"), []);
  // A theme file that only hands over the seam's ejected copy is not itself a reliance; one that adds code is.
  assert.deepEqual(reliancesIn('src/theme/Footer/index.tsx', "export {default} from '../../upstream/ejected/Footer';\n"), []);
  assert.deepEqual(reliancesIn('src/theme/Footer/index.tsx', "export {default} from '../../upstream/ejected/Footer';\nexport const x = 1;\n"), [
    'replaces an upstream theme component',
  ]);
});
