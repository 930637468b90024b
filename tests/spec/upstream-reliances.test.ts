/**
 * Every private reliance in the code is registered in the seam: a file that imports a non-public module path, reads a
 * file Docusaurus generates, sets an undocumented switch, matches an upstream module path or class name, or is an
 * ejected upstream component must be named by a contract of src/upstream/contracts.ts (its `where`), so an upgrade
 * that breaks the assumption fails that contract's test. Comments are ignored: naming a file in prose relies on
 * nothing.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import ts from 'typescript';
import {CONTRACTS} from '../../src/upstream/contracts';
import {SITE_ROOT} from '../../tools/cli';

/** Import specifiers that name a package's insides, a generated module, or a theme's internal components. */
const PRIVATE_IMPORT =
  /^(?:(?:@docusaurus\/[^/]+|docusaurus-(?:theme|plugin)-openapi-docs|@signalwire\/[^/]+)\/(?:lib|src)\/|@docusaurus\/theme-common\/internal$|@generated\/|@theme\/(?:ApiExplorer|ApiItem)\/|@theme-init\/)/;

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

/** A file's reliances: what it imports or names of upstream internals, and whether it is an ejected component. */
export function reliancesIn(file: string, text: string): string[] {
  const found: string[] = [];
  if (!/\.(ts|tsx|js|mjs)$/.test(file)) return found;
  for (const {fileName} of ts.preProcessFile(text, true, true).importedFiles) if (PRIVATE_IMPORT.test(fileName)) found.push(`imports ${fileName}`);
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const code = ts.createPrinter({removeComments: true}).printFile(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind));
  for (const [pattern, what] of PRIVATE_TEXT) {
    const m = pattern.exec(code);
    if (m) found.push(`${what}: ${m[0]}`);
  }
  // A theme component that replaces upstream's instead of wrapping it (the public way: @theme-original, @theme-init).
  if (file.startsWith('src/theme/') && !/\.d\.ts$/.test(file) && !/['"]@theme-(original|init)\//.test(text)) found.push('replaces an upstream theme component');
  return found;
}

const sourceFiles = (): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {cwd: SITE_ROOT, encoding: 'utf8'})
    .split('\n')
    .filter((f) => /\.(ts|tsx|js|mjs)$/.test(f) && !/^(tests|bench)\//.test(f) && !f.startsWith('src/upstream/') && fs.existsSync(path.join(SITE_ROOT, f)));

test('every file that relies on an upstream internal is named by a contract of the seam', () => {
  const registered = new Set(CONTRACTS.flatMap((c) => c.where));
  const unregistered = sourceFiles()
    .map((f) => [f, reliancesIn(f, fs.readFileSync(path.join(SITE_ROOT, f), 'utf8'))] as const)
    .filter(([f, found]) => found.length > 0 && !registered.has(f))
    .map(([f, found]) => `${f}: ${found.join('; ')}`);
  assert.deepEqual(unregistered, [], 'add a contract to src/upstream/contracts.ts (or name the file in the one it relies on)');
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
});
