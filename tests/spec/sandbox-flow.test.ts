/**
 * The money flow of docs/api/sandbox-environment.md, run request by request against the Prism mock: each
 * step is a curl request of the page with the response body it shows (the convention of tools/doc-requests.ts:
 * ```json title="<status> …"). Each request gets the status the page states, and both the mock's body and the
 * page's body validate against the schema of that operation and status. The steps come from the page itself, so
 * page and test cannot drift. Also: the "Sandbox only" banner of the page template, and what every sandbox-only
 * operation must declare.
 */
import Mustache from 'mustache';
import {parse} from 'yaml';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {API_PAGE_TEMPLATE, HTTP_METHODS} from '../../src/data/api-table';
import {SITE_ROOT} from '../../tools/cli';
import {loadOperations} from '../../tools/spec-model';
import {API_KEY_PLACEHOLDER, extractPage} from '../../tools/doc-requests';
import {start, type MockServer} from '../../tools/mock-server';
import {findOperation, responseSchemaPointer, specValidator} from '../../tools/spec-lookup';

const PAGE = 'docs/api/sandbox-environment.md';
const BASE = 'https://api.sandbox.novaramp.example/v1';
const TEST_KEY = 'sk_sandbox_flow_test';
/** The flow the page promises, in order. */
const FLOW = [
  'createAccount',
  'simulateKycOutcome',
  'createCryptoWallet',
  'getDepositInstructions',
  'simulateBankTransfer',
  'previewTradeOrder',
  'executeTradeOrder',
  'withdrawCrypto',
  'simulateCryptoWithdrawalOutcome',
  'getCryptoWithdrawal',
  'listTransactions',
];

const page = extractPage(PAGE, fs.readFileSync(path.join(SITE_ROOT, PAGE), 'utf8'));
/** The steps: the page's requests that show a response body (the one before the flow only shows the header). */
const steps = page.requests.flatMap((req) => {
  const shown = req.statuses.find((s) => s.body);
  if (!shown?.body) return [];
  const headers = Object.fromEntries(req.headers.map(([name, value]) => [name, value.replace(API_KEY_PLACEHOLDER, TEST_KEY)]));
  return [{...req, headers, status: shown.status, response: JSON.parse(shown.body.text) as unknown}];
});

let mock: MockServer;
let validate: ReturnType<typeof specValidator>;

before(async () => {
  mock = await start(SITE_ROOT);
  validate = specValidator(mock.spec);
});
after(async () => {
  await mock?.stop();
});

test('the page walks the whole money flow: one curl step per operation, in order, on the sandbox', () => {
  assert.deepEqual(page.problems, []);
  const opIds = steps.map((s) => `${s.method} ${s.path}`);
  assert.equal(steps.length, FLOW.length, `${PAGE}: ${steps.length} curl steps (${opIds.join(', ')}), the flow has ${FLOW.length}`);
  for (const step of steps) assert.equal(step.base, BASE, `${PAGE}:${step.line}: the request does not go to the sandbox base URL ${BASE}`);
});

test('identifiers are consistent: every id a request uses was returned by an earlier step of the page', () => {
  const seen = new Set<string>();
  for (const step of steps) {
    for (const id of step.path.match(/\b[a-z]{3}_[A-Za-z0-9]{16}\b/g) ?? [])
      assert.ok(seen.has(id), `${PAGE}:${step.line}: ${id} in the request URL was not returned by an earlier step`);
    for (const id of JSON.stringify(step.response).match(/\b[a-z]{3}_[A-Za-z0-9]{16}\b/g) ?? []) seen.add(id);
  }
  const keys = steps.map((s) => s.headers['Idempotency-Key']).filter(Boolean);
  assert.equal(new Set(keys).size, keys.length, 'every POST of the flow has an Idempotency-Key of its own');
});

FLOW.forEach((operationId, i) => {
  test(`step ${i + 1}: ${operationId} answers the status the page states, and both bodies match the schema`, async () => {
    const step = steps[i];
    assert.ok(step, `${PAGE}: no step ${i + 1}`);
    const found = findOperation(mock.spec, step.method, step.path);
    assert.ok(found, `${PAGE}:${step.line}: no operation of the spec answers ${step.method} ${step.path}`);
    assert.equal(found.operation.operationId, operationId, `${PAGE}:${step.line}: step ${i + 1} calls ${String(found.operation.operationId)}`);
    const schema = responseSchemaPointer(mock.spec, found, step.status, 'application/json');
    assert.ok(schema, `${PAGE}:${step.line}: the spec's ${step.status} response of ${operationId} has no body`);
    assert.equal(validate(schema.pointer, step.response), undefined, `${PAGE}:${step.line}: the response shown`);
    const res = await fetch(`${mock.origin}${step.path}`, {method: step.method, headers: step.headers, body: step.body});
    const text = await res.text();
    assert.equal(res.status, step.status, `${PAGE}:${step.line}: ${step.method} ${step.path}: ${text}`);
    assert.equal(validate(schema.pointer, JSON.parse(text)), undefined, `${PAGE}:${step.line}: the mock's answer`);
  });
});

test('sandbox-only operations: exactly those under /sandbox/, on the sandbox server only (and the mock, which the downloads leave out), with scope sandbox:write', () => {
  const paths = mock.spec.paths as Record<string, Record<string, Record<string, unknown>>>;
  const ops = Object.entries(paths).flatMap(([p, item]) => HTTP_METHODS.filter((m) => item[m]).map((m) => ({path: p, where: `${m.toUpperCase()} ${p}`, op: item[m]})));
  const sandbox = ops.filter((o) => o.op['x-sandbox-only'] === true);
  assert.deepEqual(sandbox.map((o) => o.path), ops.filter((o) => o.path.startsWith('/sandbox/')).map((o) => o.path));
  assert.equal(sandbox.length, 9);
  for (const {where, op} of sandbox) {
    const servers = op.servers as {url: string; 'x-internal'?: boolean}[];
    assert.deepEqual(servers?.map((s) => [s.url, s['x-internal']]), [[BASE, false]], `${where}: servers of the download`);
    const source = loadOperations(SITE_ROOT).find((o) => o.operationId === op.operationId)!;
    const raw = parse(fs.readFileSync(path.join(SITE_ROOT, source.file), 'utf8'))[source.method].servers as {url: string; 'x-internal'?: boolean}[];
    assert.deepEqual(raw.map((s) => [s.url, s['x-internal']]), [[BASE, false], ['http://127.0.0.1:{port}', true]], `${source.file}: servers`);
    assert.deepEqual(op.security, [{ApiKey: ['sandbox:write']}], `${where}: security`);
    assert.match(String(op.summary), /^Simulate /, `${where}: summary`);
  }
});

test('the page template puts a "Sandbox only" admonition at the top of sandbox-only pages, and only there', () => {
  const template = fs.readFileSync(path.join(SITE_ROOT, API_PAGE_TEMPLATE), 'utf8');
  const render = (api: Record<string, unknown>) =>
    Mustache.render(template, {id: 'x', title: 'T', frontMatter: {description: 'd'}, api, json: '{}', markdown: '<Heading as={"h1"}>T</Heading>'});
  const sandboxPage = render({method: 'post', 'x-doc-slug': '/api/fiat/simulate-bank-transfer', 'x-sandbox-only': true});
  const body = sandboxPage.slice(sandboxPage.indexOf('\n---\n', 4) + 5);
  assert.match(body, /^\s*:::caution\[Sandbox only\]\n[\s\S]*?\(\/docs\/api\/sandbox-environment\)[\s\S]*?\n:::\n[\s\S]*<Heading/, 'admonition first, then the page');
  assert.doesNotMatch(render({method: 'post', 'x-doc-slug': '/api/fiat/withdraw-fiat'}), /Sandbox only/);
  // And the generated pages, when present (npm run gen:api): the simulation pages and no other.
  const dir = path.join(SITE_ROOT, 'docs/api/reference');
  if (fs.existsSync(dir)) {
    const flagged = fs
      .readdirSync(dir, {recursive: true, encoding: 'utf8'})
      .filter((f) => f.endsWith('.api.mdx') && fs.readFileSync(path.join(dir, f), 'utf8').includes(':::caution[Sandbox only]'));
    assert.deepEqual(flagged.map((f) => path.basename(f, '.api.mdx')).sort(), [
      'simulate-bank-account-verification',
      'simulate-bank-transfer',
      'simulate-crypto-beneficiary-verification',
      'simulate-crypto-deposit',
      'simulate-crypto-withdrawal-outcome',
      'simulate-event',
      'simulate-fiat-beneficiary-verification',
      'simulate-fiat-withdrawal-outcome',
      'simulate-kyc-outcome',
    ]);
  }
});
