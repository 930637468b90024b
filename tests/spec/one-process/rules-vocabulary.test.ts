/**
 * The "One vocabulary (issue #11)" rules of redocly.yaml (`rule/vocabulary-*`): each fails on its own fixture
 * (tests/fixtures/rules/vocabulary/<rule name>.yaml) at the lines marked `# expect: <rule id>` and nowhere else,
 * none fires on the conforming fixture, they reach the real spec's split layout, and the real spec passes.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {parse, stringify} from 'yaml';
import {bin, run, SITE_ROOT} from '../../../tools/cli';
import {lintSpec} from '../../../tools/spec/spec-lint';
import {stylishProblems, type Reported as Problem} from '../../helpers/redocly-rules';

const FIXTURES = 'tests/fixtures/rules/vocabulary';
const PREFIX = 'rule/vocabulary-';
/** The fixture every rule must leave silent: the shapes the conventions allow, webhook events included. */
const CONFORMING = 'conforming.yaml';

const key = (p: Problem) => `${p.file}:${p.line} ${p.rule}`;

function vocabularyRules(): Record<string, {severity?: string; message?: string}> {
  const config = parse(fs.readFileSync(path.join(SITE_ROOT, 'redocly.yaml'), 'utf8')) as {rules: Record<string, unknown>};
  return Object.fromEntries(Object.entries(config.rules).filter(([id]) => id.startsWith(PREFIX))) as Record<string, {severity?: string; message?: string}>;
}

const fixtureFiles = (): string[] =>
  fs
    .readdirSync(path.join(SITE_ROOT, FIXTURES))
    .filter((f) => f.endsWith('.yaml'))
    .sort();

/** The problems a fixture marks: a `# expect: <rule id>` comment on the line Redocly must report. */
function expectedProblems(file: string): Problem[] {
  const rel = `${FIXTURES}/${file}`;
  return fs
    .readFileSync(path.join(SITE_ROOT, rel), 'utf8')
    .split('\n')
    .flatMap((text, i) => [...text.matchAll(/# expect: (\S+)/g)].map((m) => ({file: rel, line: i + 1, rule: m[1]})));
}

function lint(args: string[], cwd: string): {status: number | null; output: string; problems: Problem[]} {
  const {status, output} = run(bin('redocly'), ['lint', ...args, '--format=stylish'], cwd);
  return {status, output, problems: stylishProblems(output)};
}

test('every vocabulary rule is an error with a message, and has a fixture named after it', () => {
  const rules = vocabularyRules();
  assert.ok(Object.keys(rules).length >= 10, `${Object.keys(rules).length} vocabulary rules in redocly.yaml`);
  for (const [id, rule] of Object.entries(rules)) {
    assert.equal(rule.severity, 'error', `${id} is an error`);
    assert.ok((rule.message ?? '').length > 20, `${id} tells the editor what to do`);
  }
  const fixtures = fixtureFiles().filter((f) => f !== CONFORMING);
  assert.deepEqual(fixtures.map((f) => `${PREFIX}${f.replace(/\.yaml$/, '')}`).sort(), Object.keys(rules).sort());
  for (const file of fixtures) {
    const expected = expectedProblems(file);
    assert.ok(expected.length > 0, `${file} marks at least one line with # expect:`);
    for (const p of expected) assert.equal(p.rule, `${PREFIX}${file.replace(/\.yaml$/, '')}`, `${key(p)}: a fixture only breaks its own rule`);
  }
  assert.deepEqual(expectedProblems(CONFORMING), []);
});

test('each rule fails on its fixture at the marked file:line, and nowhere else', () => {
  // Only the vocabulary rules (no extends: nothing else runs), taken from redocly.yaml as they are.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-vocabulary-'));
  try {
    const config = path.join(dir, 'redocly.yaml');
    fs.writeFileSync(config, stringify({rules: vocabularyRules()}));
    const files = fixtureFiles();
    const {status, output, problems} = lint([...files.map((f) => `${FIXTURES}/${f}`), '--config', config], SITE_ROOT);
    assert.notEqual(status, 0, output);
    const expected = files.flatMap(expectedProblems);
    assert.deepEqual(problems.map(key).sort(), expected.map(key).sort(), output);
    for (const id of Object.keys(vocabularyRules())) assert.match(output, new RegExp(`${id}\\s`), `${id} reported`);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('the real spec passes every rule (lint:api clean)', () => {
  const {ok, output} = lintSpec(SITE_ROOT);
  assert.ok(ok, output);
});

test('the rules reach the split layout: a drift in a $ref-ed file fails at that file and line', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-vocabulary-spec-'));
  try {
    fs.cpSync(path.join(SITE_ROOT, 'openapi'), path.join(dir, 'openapi'), {recursive: true});
    // The eight APIs of redocly.yaml with the vocabulary rules alone (the others run in lint:api).
    const {apis} = parse(fs.readFileSync(path.join(SITE_ROOT, 'redocly.yaml'), 'utf8')) as {apis: unknown};
    fs.writeFileSync(path.join(dir, 'redocly.yaml'), stringify({apis, rules: vocabularyRules()}));
    /** Replaces `from` (which must be there) and expects `rule` on the line of the replacement (or `line`). */
    const drift = (file: string, from: string, to: string, rule: string, line?: number): Problem => {
      const abs = path.join(dir, file);
      const text = fs.readFileSync(abs, 'utf8');
      const at = text.indexOf(from);
      assert.ok(at >= 0, `${file} still holds ${JSON.stringify(from)} (update this test with the spec)`);
      fs.writeFileSync(abs, text.slice(0, at) + to + text.slice(at + from.length));
      const start = at + from.length - from.trimStart().length; // an anchor may start with the newline before its line
      return {file, line: line ?? text.slice(0, start).split('\n').length, rule: `${PREFIX}${rule}`};
    };
    const expected = [
      drift('openapi/paths/accounts_{account_id}.yaml', 'summary: Retrieve an account\n', 'summary: Get an account\n', 'summary-verb'),
      drift('openapi/components/schemas/UpdateBankAccountRequest.yaml', 'additionalProperties: false\n', '', 'request-schema-closed', 1),
      drift('openapi/components/schemas/BankAccount.yaml', '$ref: ./VerificationStatus.yaml', '$ref: ./KycStatus.yaml', 'verified-status'),
      drift('openapi/components/schemas/FiatBeneficiary.yaml', '\n  label:\n', '\n  nickname:\n', 'no-nickname'),
      drift(
        'openapi/paths/accounts_{account_id}_bank-accounts.yaml',
        '$ref: ../components/schemas/VerificationStatus.yaml',
        '$ref: ../components/schemas/KycStatus.yaml',
        'verified-status-filter',
      ),
    ];
    const {status, output, problems} = lint([], dir);
    assert.notEqual(status, 0, output);
    const found = new Set(problems.map(key));
    for (const p of expected) assert.ok(found.has(key(p)), `${key(p)} reported\n${output}`);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('request body schemas are named as their file: file name = schema name = title', () => {
  const dir = path.join(SITE_ROOT, 'openapi', 'components', 'schemas');
  const requests = fs.readdirSync(dir).filter((f) => f.endsWith('Request.yaml'));
  assert.ok(requests.length >= 14, `${requests.length} request schemas`);
  for (const file of requests) {
    const schema = parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {title?: string};
    assert.equal(schema.title, file.replace(/\.yaml$/, ''), `openapi/components/schemas/${file}: title`);
  }
});
