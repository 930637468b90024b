/**
 * The "Permissions declared (issue #27)" rule of redocly.yaml: an operation (of `paths`, not a webhook) that does
 * not declare `403` fails at the line its fixture marks, one that does passes, and so does the real spec.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {SITE_ROOT} from '../../../tools/cli';
import {lintSpec} from '../../../tools/spec/spec-lint';
import {expectMarks, lintWithRules, projectRules, reported} from '../../helpers/redocly-rules';

const RULE = 'rule/operation-403-declared';
const FIXTURE = 'tests/fixtures/rules/permissions/operation-403-declared.yaml';

test(`${RULE} reports the operation without a 403 at the marked line, and nothing else`, () => {
  assert.equal(projectRules()[RULE]?.severity, 'error');
  const {status, output} = lintWithRules([RULE], [FIXTURE]);
  assert.notEqual(status, 0, output);
  const marked = expectMarks([FIXTURE]).filter((m) => m.rule === RULE);
  assert.equal(marked.length, 1, `${FIXTURE} marks one line with "# expect: ${RULE}"`);
  assert.deepEqual(reported(output), marked, output);
});

test('the real spec declares a 403 on every operation', () => {
  const {ok, output} = lintSpec(SITE_ROOT);
  assert.ok(ok, output);
});
