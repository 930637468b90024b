/**
 * The "OWASP API Security Top 10 (issue #27)" rules of redocly.yaml: each fails on its own fixture
 * (tests/fixtures/rules/owasp/<rule>.yaml) at the line the fixture marks, and nowhere else; the real spec passes.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {SITE_ROOT} from '../../tools/cli';
import {lintSpec} from '../../tools/spec-lint';
import {expectMarks, lintWithRules, projectRules, reported} from '../helpers/redocly-rules';

const RULES = ['rule/owasp-string-max-length', 'rule/owasp-integer-format'];
const FIXTURES = 'tests/fixtures/rules/owasp';
const fixture = (rule: string) => `${FIXTURES}/${rule.replace(/^rule\//, '')}.yaml`;
const config = {rules: projectRules()};
const {status, output} = lintWithRules(RULES, RULES.map(fixture));

test('the fixtures fail the lint', () => assert.notEqual(status, 0, output));

for (const rule of RULES) {
  test(`${rule} is an error that reports its fixture at the marked line, and nothing else there`, () => {
    assert.equal(config.rules[rule]?.severity, 'error');
    const file = fixture(rule);
    const marked = expectMarks([file]).filter((m) => m.rule === rule);
    assert.equal(marked.length, 1, `${file} marks one line with "# expect: ${rule}"`);
    assert.deepEqual(
      reported(output).filter((p) => p.file === file),
      marked,
      output,
    );
  });
}

test('the real spec passes them', () => {
  const {ok, output: lint} = lintSpec(SITE_ROOT);
  assert.ok(ok, lint);
});
