/**
 * The money flow of docs/api/sandbox-environment.md is the workflow openapi/workflows/sandbox-money-flow.arazzo.yaml
 * (issue #29): it calls the operations the page walks through, in order, and runs green with `redocly respect`
 * against the stateful sandbox (each step's status, schema and success criteria; every id carried from the step
 * that returned it; the ACH deposit waited for with the sandbox clock before its money is traded). The page's own requests run against the mock in tests/spec/docs-requests.test.ts. Also:
 * what every sandbox-only operation must declare (their pages' "Sandbox only" banner: tests/site/sandbox-only-pages.test.ts).
 */
import {parse} from 'yaml';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {HTTP_METHODS} from '../../src/data/api-table';
import {SITE_ROOT} from '../../tools/cli';
import {loadOperations} from '../../tools/spec/spec-model';
import {sharedOrOwnMock, type MockServer} from '../../tools/site/mock-server';
import {startSandboxServer} from '../../src/plugins/sandbox/node/server';
import {describeFailure, runWorkflows} from '../../tools/workflows/respect';
import {parseOperationId, readWorkflowFile} from '../../tools/workflows/workflows';

const BASE = 'https://api.sandbox.novaramp.example/v1';
const WORKFLOW = path.join(SITE_ROOT, 'openapi/workflows/sandbox-money-flow.arazzo.yaml');
/** The flow the page promises, in order. */
const FLOW = [
  'createAccount',
  'simulateKycOutcome',
  'createCryptoWallet',
  'getDepositInstructions',
  'simulateBankTransfer',
  'advanceSandboxClock',
  'getTransaction',
  'listBalances',
  'previewTradeOrder',
  'executeTradeOrder',
  'withdrawCrypto',
  'simulateCryptoWithdrawalOutcome',
  'getCryptoWithdrawal',
  'listTransactions',
];

let mock: MockServer;

before(async () => {
  mock = await sharedOrOwnMock(SITE_ROOT);
});
after(async () => {
  await mock?.stop();
});

test('the workflow walks the whole money flow of the page: one step per operation, in order', () => {
  const wf = readWorkflowFile(WORKFLOW, SITE_ROOT);
  const steps = wf.doc.workflows[0].steps;
  assert.deepEqual(
    steps.map((s) => parseOperationId(s.operationId ?? '').operationId),
    FLOW,
    `${wf.file}: the steps' operations`,
  );
});

test('the money flow runs green against the sandbox, every id carried from the step that returned it', async (t) => {
  const sandbox = await startSandboxServer({siteDir: SITE_ROOT});
  t.after(() => sandbox.stop());
  const result = await runWorkflows(SITE_ROOT, [WORKFLOW], {origin: sandbox.origin, inputs: {api_key: 'sk_sandbox_flow_test'}});
  assert.equal(result.error, undefined, result.error);
  assert.deepEqual(result.failures.map(describeFailure), [], result.output);
  assert.deepEqual(
    result.runs.map((r) => [r.workflowId, r.status, r.steps.length]),
    [['sandbox-money-flow', 'success', FLOW.length]],
    'one run of each step (the deposit is completed once the clock passed its hold, so the poll succeeds at once)',
  );
});

test('sandbox-only operations: exactly those under /sandbox/, on the sandbox server only (and the mock, which the downloads leave out), with scope sandbox:write', () => {
  const paths = mock.spec.paths as Record<string, Record<string, Record<string, unknown>>>;
  const ops = Object.entries(paths).flatMap(([p, item]) =>
    HTTP_METHODS.filter((m) => item[m]).map((m) => ({path: p, where: `${m.toUpperCase()} ${p}`, op: item[m]})),
  );
  const sandbox = ops.filter((o) => o.op['x-sandbox-only'] === true);
  assert.deepEqual(
    sandbox.map((o) => o.path),
    ops.filter((o) => o.path.startsWith('/sandbox/')).map((o) => o.path),
  );
  assert.equal(sandbox.length, 15); // 9, and the clock, restricted keys (create, list, revoke), account suspension and outages (issue #47)
  for (const {where, op} of sandbox) {
    const servers = op.servers as {url: string; 'x-internal'?: boolean}[];
    assert.deepEqual(
      servers?.map((s) => [s.url, s['x-internal']]),
      [[BASE, false]],
      `${where}: servers of the download`,
    );
    const source = loadOperations(SITE_ROOT).find((o) => o.operationId === op.operationId)!;
    const raw = parse(fs.readFileSync(path.join(SITE_ROOT, source.file), 'utf8'))[source.method].servers as {url: string; 'x-internal'?: boolean}[];
    assert.deepEqual(
      raw.map((s) => [s.url, s['x-internal']]),
      [
        [BASE, false],
        ['http://127.0.0.1:{port}', true],
      ],
      `${source.file}: servers`,
    );
    assert.deepEqual(op.security, [{ApiKey: ['sandbox:write']}], `${where}: security`);
    assert.match(String(op.summary), /^Simulate /, `${where}: summary`);
  }
});
