/**
 * The "Rate limits (issue #27)" rules of redocly.yaml: the limits are one list every root's `info` refers to
 * (openapi/components/x-rate-limits.yaml), an operation names a limit that list has, and the money-moving withdrawal
 * operations count against `withdrawals`. Each rule is run, with the other rules of the block and nothing else, on
 * its bad fixture (tests/fixtures/rules/rate-limits/<rule>.yaml, and the list it refers to) and must report exactly
 * its own id at the file and line marked `# expect: <rule id>`; a fixture that follows them, and the real spec, pass.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {parse} from 'yaml';
import {SITE_ROOT} from '../../tools/cli';
import {lintSpec} from '../../tools/spec-lint';
import {DEFAULT_RATE_LIMIT, specFacts} from '../../tools/spec-tables/spec-facts';
import {assertRuleBlock, expectMarks, lintWithRules, projectRules, reported, type Reported} from '../helpers/redocly-rules';

const RULES = ['rule/rate-limits-declared', 'rule/rate-limits-shape', 'rule/rate-limit-known', 'rule/rate-limit-withdrawals'];
const BLOCK_TITLE = '# Rate limits (issue #27)';
const FIXTURES = 'tests/fixtures/rules/rate-limits';
const fixture = (rule: string): string => `${FIXTURES}/${rule.replace(/^rule\//, '')}.yaml`;
/** The files a fixture's problems may be reported in: the fixture, or the list of limits it refers to. */
const MARKED_FILES = [...RULES.map(fixture), `${FIXTURES}/shape/components/x-rate-limits.yaml`];
/** The operations that create or cancel a withdrawal: they move money. */
const MONEY_MOVING = ['withdrawCrypto', 'cancelCryptoWithdrawal', 'withdrawFiat', 'cancelFiatWithdrawal'];

const config = {rules: projectRules()};
/** Every `# expect: <rule>` mark of the fixtures' files. */
const marks = (): Reported[] => expectMarks(MARKED_FILES);
const {status: lintStatus, output: lintOutput} = lintWithRules(RULES, [...RULES.map(fixture), `${FIXTURES}/clean.yaml`]);

test('the rate-limits block of redocly.yaml holds exactly these rules, each an error with a message', () => {
  assertRuleBlock(BLOCK_TITLE, RULES);
});

test('the bad fixtures fail the lint', () => {
  assert.notEqual(lintStatus, 0, lintOutput);
});

for (const rule of RULES) {
  test(`${rule} reports its bad fixture at the marked file:line, and no other rule fires there`, () => {
    const expected = marks().filter((m) => m.rule === rule);
    assert.equal(expected.length, 1, `one line is marked "# expect: ${rule}"`);
    const inFixture = (p: Reported) => p.file === fixture(rule) || p.file === expected[0].file;
    assert.deepEqual(reported(lintOutput).filter(inFixture), expected, lintOutput);
  });
}

test('a fixture that follows every rule passes', () => {
  assert.deepEqual(
    reported(lintOutput).filter((p) => p.file === `${FIXTURES}/clean.yaml` || p.file === `${FIXTURES}/components/x-rate-limits.yaml`),
    [],
    lintOutput,
  );
  assert.match(lintOutput, /clean\.yaml: validated/);
});

test('rule/rate-limit-known accepts exactly the limits of openapi/components/x-rate-limits.yaml besides the default', () => {
  const data = parse(fs.readFileSync(path.join(SITE_ROOT, 'openapi/components/x-rate-limits.yaml'), 'utf8')) as {id: string}[];
  const ids = data.map((l) => l.id);
  assert.ok(ids.includes(DEFAULT_RATE_LIMIT));
  assert.deepEqual([...(config.rules['rule/rate-limit-known'].assertions?.enum ?? [])].sort(), ids.filter((id) => id !== DEFAULT_RATE_LIMIT).sort());
});

test('rule/rate-limit-withdrawals reaches the real money-moving withdrawal operations, and they count against withdrawals', () => {
  const rule = config.rules['rule/rate-limit-withdrawals'];
  const source = rule.where?.[0].subject.matchParentKeys ?? '';
  const pattern = new RegExp(source.replace(/^\/|\/$/g, ''));
  const methods = (rule.subject?.filterInParentKeys ?? []).map((m) => m.toUpperCase());
  const ops = specFacts(SITE_ROOT).operations;
  const reached = ops.filter((o) => methods.includes(o.method) && pattern.test(o.path));
  assert.deepEqual(reached.map((o) => o.operationId).sort(), [...MONEY_MOVING].sort());
  assert.deepEqual(
    ops
      .filter((o) => o.rateLimit !== DEFAULT_RATE_LIMIT)
      .map((o) => `${o.operationId} ${o.rateLimit}`)
      .sort(),
    MONEY_MOVING.map((id) => `${id} withdrawals`).sort(),
  );
});

test('the real spec passes every rule of the block', () => {
  const {ok, output} = lintSpec(SITE_ROOT);
  assert.ok(ok, output);
});
