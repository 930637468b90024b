/**
 * Every assumption the site makes of its upstream packages beyond their public API (src/upstream/contracts.yaml),
 * checked against the installed packages: an upgrade that breaks one fails its test, named by the assumption, with
 * the files of ours that rely on it. This replaces a pin of the packages' versions, which failed on any upgrade
 * without saying what broke.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {CSS_MODULE_PREFIX} from '../../../src/upstream/docusaurus-markup';
import {SITE_ROOT} from '../../../tools/cli';
import {BEHAVIOUR_CONTRACTS} from '../../helpers/behaviour-contracts';
import {brokenCopy} from '../../helpers/broken-copy';
import {CONTRACTS_FILE, readContracts, type ReadUpstream} from '../../helpers/upstream-contracts';

const CONTRACTS = readContracts();

const installed: ReadUpstream = (pkg, file) => {
  const full = path.join(SITE_ROOT, 'node_modules', pkg, file);
  return fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : undefined;
};

describe('upstream contracts', () => {
  for (const c of CONTRACTS) {
    test(`${c.upstream}: ${c.id}`, () => {
      const problem = c.check(installed);
      assert.equal(
        problem,
        undefined,
        `${c.upstream} no longer holds an assumption of ours (${c.kind}): ${c.assumption}.\n  ${problem}\n  Relied on by ${c.where.join(', ')}.`,
      );
    });
  }
});

test('each contract names files of ours that exist, and no two share a name', () => {
  assert.deepEqual(
    CONTRACTS.flatMap((c) => c.where).filter((f) => !fs.existsSync(path.join(SITE_ROOT, f))),
    [],
  );
  assert.equal(new Set(CONTRACTS.map((c) => `${c.upstream} ${c.id}`)).size, CONTRACTS.length);
});

test('each behaviour contract (tests/helpers/behaviour-contracts.ts) checks an assumption of the register, named above its contract', () => {
  const register = fs.readFileSync(CONTRACTS_FILE, 'utf8');
  const ids = new Set(CONTRACTS.flatMap((c) => c.assumptions.map((a) => a.id)));
  assert.deepEqual(
    BEHAVIOUR_CONTRACTS.filter((b) => !ids.has(b.assumption)).map((b) => `${b.id}: ${b.assumption}`),
    [],
    'an assumption id of src/upstream/contracts.yaml',
  );
  assert.deepEqual(
    BEHAVIOUR_CONTRACTS.filter((b) => !new RegExp(`^# behaviour: .*'${b.id}'`, 'm').test(register)).map((b) => b.id),
    [],
    'a `# behaviour:` comment above the contract of its assumption',
  );
});

test('the CSS module contract checks a rule of every class prefix the code matches (CSS_MODULE_PREFIX)', () => {
  const contract = CONTRACTS.find((c) => c.id === 'css-module-class-names')!;
  const texts = contract.holds.flatMap((h) => ('anyOf' in h ? h.anyOf : [h])).flatMap((h) => h.contains ?? []);
  assert.deepEqual(
    Object.values(CSS_MODULE_PREFIX).filter((prefix) => !texts.some((t) => t.startsWith(`.${prefix}`))),
    [],
  );
});

/** The installed packages, with one file's text changed. */
const withEdit =
  (pkg: string, file: string, edit: (text: string) => string): ReadUpstream =>
  (p, f) => {
    const text = installed(p, f);
    return p === pkg && f === file && text !== undefined ? edit(text) : text;
  };

test('a Docusaurus switch renamed upstream fails its contract, naming the switch', () => {
  const contract = CONTRACTS.find((c) => c.id === 'build-switches')!;
  const problem = contract.check(
    withEdit('@docusaurus/core', 'lib/commands/build/buildLocale.js', (t) => t.replaceAll('DOCUSAURUS_EXIT_AFTER_BUNDLING', 'DOCUSAURUS_BUNDLE_ONLY')),
  );
  assert.match(problem ?? '', /buildLocale\.js no longer has DOCUSAURUS_EXIT_AFTER_BUNDLING === 'true'/);
});

test('an OpenAPI theme file we ejected, changed upstream, fails its contract, saying to copy it again', () => {
  const contract = CONTRACTS.find((c) => c.id === 'endpoint-line')!;
  const problem = contract.check(withEdit('docusaurus-theme-openapi-docs', 'lib/theme/ApiExplorer/MethodEndpoint/index.js', (t) => `${t}\n// a fix upstream`));
  assert.match(problem ?? '', /MethodEndpoint\/index\.js changed since it was copied .*copy it again/);
});

test('a contract that does not fit the register fails with the file and line', (t) => {
  const {file, line} = brokenCopy(t, CONTRACTS_FILE, 'copied: [aea76b2570fecf8c]', 'copied: [aea76b25]');
  assert.throws(() => readContracts(file), new RegExp(`^Error: ${file}:${line}: \\d+\\.holds\\.0\\.copied\\.0: 16 hex digits`));
});

test('a check that none of two places holds names both', () => {
  const contract = CONTRACTS.find((c) => c.id === 'persistent-cache-settings')!;
  const problem = contract.check(
    withEdit('@rspack/core', 'dist/config/types.d.ts', (t) => t.replaceAll('buildDependencies?: string[];', 'dependencies?: string[];')),
  );
  assert.match(
    problem ?? '',
    /^none holds: @rspack\/core\/dist\/config\/types\.d\.ts no longer has .*; @rspack\/core\/dist\/config\/types\.d\.ts no longer has /s,
  );
});

test('an id that is not kebab-case fails with the file and line; an assumption id twice in the register fails too', (t) => {
  const bad = brokenCopy(t, CONTRACTS_FILE, 'assumptions: [{id: cold-build-switch}]', 'assumptions: [{id: Cold build switch}]');
  assert.throws(() => readContracts(bad.file), new RegExp(`^Error: ${bad.file}:${bad.line}: .*kebab-case`));
  const twice = brokenCopy(t, CONTRACTS_FILE, 'assumptions: [{id: mdx-named-exports}]', 'assumptions: [{id: cold-build-switch}]');
  assert.throws(() => readContracts(twice.file), /an assumption's id is unique across the register: cold-build-switch twice/);
});
