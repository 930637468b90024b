/**
 * The rules of redocly.yaml's block "Bounds, money, rate limits, permissions (issue #11)". Each one is run, with
 * the other rules of the block and nothing else, on a minimal bad fixture (tests/fixtures/rules/bounds/<rule>.yaml)
 * and must report exactly its own id, at the file and line the fixture marks with `# expect: <rule id>`. A fixture
 * that follows every rule, and the real spec, pass.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {SITE_ROOT} from '../../tools/cli';
import {lintSpec} from '../../tools/spec-lint';
import {assertRuleBlock, expectMarks, lintWithRules, reported} from '../helpers/redocly-rules';

const RULES = [
  'rule/string-bounded',
  'rule/array-bounded',
  'rule/integer-bounded',
  'rule/2xx-rate-limit-headers',
  'rule/4xx-rate-limit-headers',
  'rule/429-retry-after',
  'rule/operation-security-scope',
  'rule/server-audience',
  'rule/local-server-internal',
  'rule/request-amount-positive',
];
const BLOCK_TITLE = '# Bounds, money, rate limits, permissions (issue #11)';
const FIXTURES = 'tests/fixtures/rules/bounds';
const fixture = (rule: string): string => `${FIXTURES}/${rule.replace(/^rule\//, '')}.yaml`;

const {status: lintStatus, output: lintOutput} = lintWithRules(RULES, [...RULES.map(fixture), `${FIXTURES}/clean.yaml`]);

test('the bounds block of redocly.yaml is one contiguous block holding exactly these rules, each an error with a message', () => {
  assertRuleBlock(BLOCK_TITLE, RULES);
});

test('the bad fixtures fail the lint', () => {
  assert.notEqual(lintStatus, 0, lintOutput);
});

for (const rule of RULES) {
  test(`${rule} reports its bad fixture at the marked file:line, and no other rule fires there`, () => {
    const file = fixture(rule);
    const marked = expectMarks([file]).filter((m) => m.rule === rule);
    assert.equal(marked.length, 1, `${file} marks one line with "# expect: ${rule}"`);
    assert.deepEqual(
      reported(lintOutput).filter((p) => p.file === file),
      marked,
      lintOutput,
    );
  });
}

test('a fixture that follows every rule passes', () => {
  assert.deepEqual(
    reported(lintOutput).filter((p) => p.file === `${FIXTURES}/clean.yaml`),
    [],
    lintOutput,
  );
  assert.match(lintOutput, /clean\.yaml: validated/);
});

test('the real spec passes every rule of the block', () => {
  const {ok, output} = lintSpec(SITE_ROOT);
  assert.ok(ok, output);
});
