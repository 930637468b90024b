/**
 * The journeys of openapi/workflows/ (issues #29, #47) run with `redocly respect` against the stateful sandbox of
 * src/plugins/sandbox/ (its own server, on a free port), all of them in one run. Each workflow uses its own sandbox
 * key (the default of its `api_key` input, `sk_sandbox_wf_<id>`), so no two share state; they start from the seed
 * (the ids below) or create what they need. Their criteria read real state (balances before and after, statuses
 * reached by waiting on the sandbox clock or by polling), so they can fail: with deposits that never complete the
 * funding journeys fail, naming the workflow, the step and the criterion. A failure names its file:line. Then one
 * workflow is broken on purpose in a temporary copy, a wrong field in a success criterion and an output that no
 * response returns, and the run must name both; so must the static check of `npm run lint:api`.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {startSandboxServer, type SandboxServer} from '../../src/plugins/sandbox/node/server';
import {SITE_ROOT} from '../../tools/cli';
import {docsEndpointTransport} from '../helpers/docs-endpoint';
import {checkWorkflows} from '../../tools/workflows/check';
import {lintWorkflows} from '../../tools/workflows/lint';
import {describeFailure, runWorkflows, type RespectRun} from '../../tools/workflows/respect';
import {readWorkflowFile, workflowFiles} from '../../tools/workflows/workflows';
import {midnightUtc} from '../helpers/utc-days';

/** The seeded ids (src/plugins/sandbox/README.md, "The seed"): the same in every key's sandbox. */
const SEED = {
  account_id: 'acc_7Hq2LmX9pR4sT8vW',
  wallet_id: 'wal_5Kp9Qz2Lm7Xr3Tb8',
  beneficiary_id: 'cbn_2Rf8Wm4Kx9Lq7Zt3',
  bank_account_id: 'bnk_2Fh8Kq4Wz7Lp9Rx3',
};

const files = workflowFiles(SITE_ROOT);
let sandbox: SandboxServer;
let inputs: Record<string, string>;
let tmp: string;

before(async () => {
  // The workflows register the docs' endpoint URL, which acknowledges every event here, so verification makes it `active`.
  sandbox = await startSandboxServer({siteDir: SITE_ROOT, transport: docsEndpointTransport});
  inputs = {
    ...SEED,
    // A new one per run: a second payout with the same reference is 409 duplicate_resource.
    client_reference: `payout-${Date.now()}`,
    // The start of recover-events' outage window: a minute ago on the sandbox clock.
    since: new Date(Date.now() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z'),
    // reconcile-day's period: the seed's deposits are a day before the key's first request, so yesterday and today.
    day_start: midnightUtc(-1),
    day_end: midnightUtc(1),
  };
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-workflows-'));
});
after(async () => {
  await sandbox?.stop();
  if (tmp) fs.rmSync(tmp, {recursive: true, force: true});
});

test('at least fifteen journeys, each in <workflowId>.arazzo.yaml, each with a sandbox key of its own', () => {
  assert.ok(files.length >= 15, `openapi/workflows/ has ${files.length} workflows`);
  for (const abs of files) {
    const wf = readWorkflowFile(abs, SITE_ROOT);
    assert.deepEqual(wf.errors, []);
    assert.equal(wf.doc.arazzo, '1.0.1', `${wf.file}: arazzo version`);
    const [workflow] = wf.doc.workflows;
    const key = (workflow.inputs?.properties as Record<string, {default?: string}> | undefined)?.api_key?.default;
    assert.equal(key, `sk_sandbox_wf_${workflow.workflowId.replace(/-/g, '_')}`, `${wf.file}: the default of input api_key`);
  }
});

test('every workflow runs green against the sandbox, in one respect run', async (t) => {
  const started = Date.now();
  const result = await runWorkflows(SITE_ROOT, files, {origin: sandbox.origin, inputs});
  t.diagnostic(`redocly respect: ${files.length} workflows in ${Date.now() - started} ms`);
  assert.equal(result.error, undefined, result.error);
  assert.deepEqual(result.failures.map(describeFailure), [], `the journeys must hold against the sandbox:\n${result.output}`);
  for (const abs of files) {
    const wf = readWorkflowFile(abs, SITE_ROOT);
    for (const workflow of wf.doc.workflows) {
      const ran = result.runs.find((r) => r.workflowId === workflow.workflowId);
      assert.ok(ran, `${wf.file}: workflow ${workflow.workflowId} did not run`);
      assert.equal(ran.status, 'success', `${wf.file}: workflow ${workflow.workflowId}`);
      // A step may run more than once (a retry while polling, a goto to the next page); each runs at least once.
      assert.deepEqual(
        [...new Set(ran.steps)].sort(),
        workflow.steps.map((s) => s.stepId).sort(),
        `${wf.file}: workflow ${workflow.workflowId} ran every step`,
      );
    }
  }
  assert.equal(result.status, 0, result.output);
  assert.deepEqual(sandbox.report().invalidResponses, [], 'every response of the sandbox conforms to the spec');
});

/** The funding journeys, and the step of each that waits for the deposit to complete. */
const FUNDING: Record<string, string> = {
  'fund-bank-transfer': 'read-deposit',
  'fund-crypto-deposit': 'wait-for-confirmations',
  'sandbox-money-flow': 'read-deposit',
  'off-ramp': 'wait-for-confirmations',
};

test('with deposits that never complete, every funding journey fails at its wait, naming the step and the criterion', async (t) => {
  const stuck = await startSandboxServer({siteDir: SITE_ROOT, neverCompleteDeposits: true});
  t.after(() => stuck.stop());
  const funding = Object.keys(FUNDING).map((id) => path.join(SITE_ROOT, `openapi/workflows/${id}.arazzo.yaml`));
  const result: RespectRun = await runWorkflows(SITE_ROOT, funding, {origin: stuck.origin, inputs});
  assert.equal(result.error, undefined, result.error);
  assert.notEqual(result.status, 0, 'respect exits non-zero');
  const described = result.failures.map(describeFailure);
  t.diagnostic(`deposits that never complete:\n${described.join('\n')}`);
  for (const [workflowId, stepId] of Object.entries(FUNDING)) {
    const ran = result.runs.find((r) => r.workflowId === workflowId);
    assert.ok(ran && ran.status !== 'success', `${workflowId} must fail:\n${described.join('\n')}`);
    const failure = result.failures.find((f) => f.workflowId === workflowId);
    assert.ok(failure, `${workflowId}: no failure reported\n${described.join('\n')}`);
    assert.equal(failure.stepId, stepId, described.join('\n'));
    assert.equal(failure.criterion, "$response.body#/status == 'completed'", described.join('\n'));
    assert.match(
      describeFailure(failure),
      new RegExp(`^openapi/workflows/${workflowId}\\.arazzo\\.yaml:\\d+ workflow ${workflowId}, step ${stepId}: success criterion`),
    );
    // It waited before giving up: the step ran more than once (retries), and nothing after it ran.
    assert.ok(ran.steps.filter((s) => s === stepId).length > 1, `${workflowId}: ${stepId} was retried`);
    assert.equal(ran.steps[ran.steps.length - 1], stepId, `${workflowId}: no step after the wait ran`);
  }
});

/** Copies onboard-account.arazzo.yaml into the temporary folder as workflow `id`, edited by `edit`. */
function brokenCopy(id: string, edit: (text: string) => string): string {
  const source = path.join(SITE_ROOT, 'openapi/workflows/onboard-account.arazzo.yaml');
  const text = fs.readFileSync(source, 'utf8');
  const accounts = path.relative(tmp, path.join(SITE_ROOT, 'openapi/accounts.yaml')).split(path.sep).join('/');
  const copy = edit(
    text
      .replace('url: ../accounts.yaml', `url: ${accounts}`)
      .replace('workflowId: onboard-account', `workflowId: ${id}`)
      .replace('sk_sandbox_wf_onboard_account', `sk_sandbox_wf_${id.replace(/-/g, '_')}`),
  );
  assert.notEqual(
    copy,
    text
      .replace('url: ../accounts.yaml', `url: ${accounts}`)
      .replace('workflowId: onboard-account', `workflowId: ${id}`)
      .replace('sk_sandbox_wf_onboard_account', `sk_sandbox_wf_${id.replace(/-/g, '_')}`),
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
  const result = await runWorkflows(SITE_ROOT, [wrongField, noSuchOutput], {origin: sandbox.origin, inputs});
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
