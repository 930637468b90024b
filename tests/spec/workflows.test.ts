/**
 * The journeys of openapi/workflows/ (issue #29) run with `redocly respect` against the Prism mock, all of them in
 * one run: every success criterion must hold on the spec's examples (an example that makes a journey impossible is
 * fixed in the spec, not in the criterion). A failure names the workflow, the step and the criterion, with its
 * file:line. Then one workflow is broken on purpose in a temporary copy, a wrong field in a success criterion and an
 * output that no response returns, and the run must name both; so must the static check of `npm run lint:api`.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {SITE_ROOT} from '../../tools/cli';
import {sharedOrOwnMock, type MockServer} from '../../tools/mock-server';
import {checkWorkflows} from '../../tools/workflows/check';
import {lintWorkflows} from '../../tools/workflows/lint';
import {describeFailure, runWorkflows} from '../../tools/workflows/respect';
import {readWorkflowFile, workflowFiles} from '../../tools/workflows/workflows';

/** The inputs of the journeys: a sandbox-looking key, and the ids of the spec's examples, which the mock returns. */
const INPUTS = {
  api_key: 'sk_sandbox_workflows_test',
  account_id: 'acc_7Hq2LmX9pR4sT8vW',
  wallet_id: 'wal_5Kp9Qz2Lm7Xr3Tb8',
  beneficiary_id: 'cbn_2Rf8Wm4Kx9Lq7Zt3',
  bank_account_id: 'bnk_2Fh8Kq4Wz7Lp9Rx3',
  webhook_id: 'whk_9Rd4Fs7Lq2Wp6Zn3',
  cursor: 'eyJpZCI6ImV2dF81TGQ4UXozUGY2WXYySGM5In0',
  since: '2025-03-12T00:00:00Z',
  day_start: '2025-03-13T00:00:00Z',
  day_end: '2025-03-14T00:00:00Z',
};

const files = workflowFiles(SITE_ROOT);
let mock: MockServer;
let tmp: string;

before(async () => {
  mock = await sharedOrOwnMock(SITE_ROOT);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-workflows-'));
});
after(async () => {
  await mock?.stop();
  if (tmp) fs.rmSync(tmp, {recursive: true, force: true});
});

test('at least eight journeys, each in <workflowId>.arazzo.yaml', () => {
  assert.ok(files.length >= 8, `openapi/workflows/ has ${files.length} workflows`);
  for (const abs of files) {
    const wf = readWorkflowFile(abs, SITE_ROOT);
    assert.deepEqual(wf.errors, []);
    assert.equal(wf.doc.arazzo, '1.0.1', `${wf.file}: arazzo version`);
  }
});

test('every workflow runs green against the mock, in one respect run', (t) => {
  const started = Date.now();
  const result = runWorkflows(SITE_ROOT, files, {origin: mock.origin, inputs: INPUTS});
  t.diagnostic(`redocly respect: ${files.length} workflows in ${Date.now() - started} ms`);
  assert.equal(result.error, undefined, result.error);
  assert.deepEqual(result.failures.map(describeFailure), [], `the journeys must hold on the spec's examples:\n${result.output}`);
  for (const abs of files) {
    const wf = readWorkflowFile(abs, SITE_ROOT);
    for (const workflow of wf.doc.workflows) {
      const ran = result.runs.find((r) => r.workflowId === workflow.workflowId);
      assert.ok(ran, `${wf.file}: workflow ${workflow.workflowId} did not run`);
      assert.equal(ran.status, 'success', `${wf.file}: workflow ${workflow.workflowId}`);
      assert.deepEqual(
        ran.steps,
        workflow.steps.map((s) => s.stepId),
        `${wf.file}: workflow ${workflow.workflowId} ran every step`,
      );
    }
  }
  assert.equal(result.status, 0, result.output);
});

/** Copies onboard-account.arazzo.yaml into the temporary folder as workflow `id`, edited by `edit`. */
function brokenCopy(id: string, edit: (text: string) => string): string {
  const source = path.join(SITE_ROOT, 'openapi/workflows/onboard-account.arazzo.yaml');
  const text = fs.readFileSync(source, 'utf8');
  const accounts = path.relative(tmp, path.join(SITE_ROOT, 'openapi/accounts.yaml')).split(path.sep).join('/');
  const copy = edit(text.replace('url: ../accounts.yaml', `url: ${accounts}`).replace('workflowId: onboard-account', `workflowId: ${id}`));
  assert.notEqual(
    copy,
    text.replace('url: ../accounts.yaml', `url: ${accounts}`).replace('workflowId: onboard-account', `workflowId: ${id}`),
    `${id}: the edit changed nothing`,
  );
  const file = path.join(tmp, `${id}.arazzo.yaml`);
  fs.writeFileSync(file, copy);
  return file;
}
const lineOf = (file: string, needle: string): number =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(needle)) + 1;

test('a workflow broken on purpose fails naming the workflow, the step and the criterion', async (t) => {
  const wrongField = brokenCopy('broken-criterion', (s) =>
    s.replace("$response.body#/kyc_status == 'not_started'", "$response.body#/kyc_state == 'not_started'"),
  );
  const noSuchOutput = brokenCopy('broken-output', (s) => s.replace('account_id: $response.body#/id', 'account_id: $response.body#/account_id'));
  const result = runWorkflows(SITE_ROOT, [wrongField, noSuchOutput], {origin: mock.origin, inputs: INPUTS});
  assert.equal(result.error, undefined, result.error);
  assert.notEqual(result.status, 0, 'respect exits non-zero');
  const described = result.failures.map(describeFailure);
  t.diagnostic(`the deliberately broken run:\n${described.join('\n')}`);

  const criterion = result.failures.find((f) => f.workflowId === 'broken-criterion');
  assert.ok(criterion, described.join('\n'));
  assert.equal(criterion.stepId, 'create-account');
  assert.equal(criterion.criterion, "$response.body#/kyc_state == 'not_started'");
  const criterionLine = `${path.relative(SITE_ROOT, wrongField)}:${lineOf(wrongField, 'kyc_state')}`;
  assert.equal(criterion.where, criterionLine);
  assert.match(
    describeFailure(criterion),
    /workflow broken-criterion, step create-account: success criterion `\$response\.body#\/kyc_state == 'not_started'` failed/,
  );

  const output = result.failures.find((f) => f.workflowId === 'broken-output');
  assert.ok(output, described.join('\n'));
  assert.equal(output.stepId, 'create-account');
  assert.equal(output.output, 'account_id');
  assert.match(output.message, /\$response\.body#\/account_id/, 'names the output expression no response satisfies');
  assert.equal(output.where, `${path.relative(SITE_ROOT, noSuchOutput)}:${lineOf(noSuchOutput, '$response.body#/account_id')}`, 'the line of that output');
  assert.equal(result.failures.length, 2, described.join('\n'));

  // The static check of `npm run lint:api` finds both before anything runs, with file:line.
  const problems = await checkWorkflows(SITE_ROOT, [wrongField, noSuchOutput]);
  assert.deepEqual(
    problems.map((p) => p.split(': ')[0]),
    [criterionLine, `${path.relative(SITE_ROOT, noSuchOutput)}:${lineOf(noSuchOutput, '$response.body#/account_id')}`],
    problems.join('\n'),
  );
  assert.match(problems[0], /the 201 response of createAccount \(POST \/accounts\) has no field \/kyc_state/);
  assert.match(problems[1], /has no field \/account_id/);
});

test('lint:api fails on a workflow output that reads no step output, with file:line from Redocly and from our check', async () => {
  const broken = brokenCopy('broken-lint', (s) =>
    s.replace('kyc_status: $steps.read-kyc-again.outputs.kyc_status', 'kyc_status: $steps.read-kyc-again.outputs.kyc_state'),
  );
  const where = `${path.relative(SITE_ROOT, broken)}:${lineOf(broken, 'outputs.kyc_state')}`;
  const {ok, output} = await lintWorkflows(SITE_ROOT, [broken]);
  assert.equal(ok, false, output);
  assert.ok(output.includes(`${where}:`), `Redocly's outputs-defined names ${where}:\n${output}`);
  assert.match(output, /outputs-defined/);
  assert.ok(output.includes(`${where}: $steps.read-kyc-again.outputs.kyc_state reads output "kyc_state", which step "read-kyc-again" does not define`), output);
});
