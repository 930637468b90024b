/**
 * `npm run mock`: the stateful sandbox on 127.0.0.1 answers, its answers validate against the spec, and it keeps
 * state per key (an account it creates is read back with KYC `not_started`, review finding N2). And the mock a test
 * run shares among its files (tests/spec/shared-mock.mts) is used only for the site and the spec it serves.
 */
import assert from 'node:assert/strict';
import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import {after, before, test} from 'node:test';
import {SITE_ROOT} from '../../tools/cli';
import {currentCombinedSpec, SHARED_MOCK_ENV, sharedMock, sharedMockValue, waitUntilAnswering} from '../../tools/site/mock-server';
import {findOperation, responseSchemaPointer, specValidator} from '../../tools/spec/spec-lookup';
import {freePort} from '../../tools/site/serve-build';

let mock: ChildProcess;
let base: string;
let log = '';
let spec: {paths: Record<string, Record<string, {requestBody: {content: Record<string, {example?: unknown; examples?: Record<string, {value: unknown}>}>}}>>};
let validate: ReturnType<typeof specValidator>;

function assertValid(apiPath: string, method: string, status: number, media: string, body: unknown) {
  const op = findOperation(spec, method, apiPath);
  assert.ok(op, `the spec has ${method.toUpperCase()} ${apiPath}`);
  const schema = responseSchemaPointer(spec, op, status, media);
  assert.ok(schema, `the spec documents a body for ${method.toUpperCase()} ${apiPath} ${status}`);
  assert.equal(schema.mediaType, media, `${method.toUpperCase()} ${apiPath} ${status}: media type`);
  assert.equal(validate(schema.pointer, body), undefined, `${method.toUpperCase()} ${apiPath} ${status}`);
}

before(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  mock = spawn('npm', ['run', '--silent', 'mock', '--', '--port', String(port)], {cwd: SITE_ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true});
  mock.stdout?.on('data', (d) => (log += d));
  mock.stderr?.on('data', (d) => (log += d));
  await waitUntilAnswering(base, mock, () => log);
  // The combined spec the mock serves: openapi/ as it is now.
  spec = JSON.parse(fs.readFileSync(await currentCombinedSpec(SITE_ROOT, 'json'), 'utf8'));
  validate = specValidator(spec);
});
after(() => {
  if (mock?.pid) process.kill(-mock.pid, 'SIGTERM');
});

const auth = {Authorization: 'Bearer sk_sandbox_mock_test'};

test('GET /coins answers 200 with a page of coins valid against the spec', async () => {
  const res = await fetch(`${base}/coins?limit=2`, {headers: auth});
  assert.equal(res.status, 200);
  assertValid('/coins', 'get', 200, 'application/json', await res.json());
});

test('POST /accounts with the spec example answers 201 with a valid account', async () => {
  const example = spec.paths['/accounts'].post.requestBody.content['application/json'];
  const body = example.example ?? Object.values(example.examples ?? {})[0].value;
  const res = await fetch(`${base}/accounts`, {
    method: 'POST',
    headers: {...auth, 'Content-Type': 'application/json', 'Idempotency-Key': '5f1c2b7e-3d4a-4e8b-9c61-2a7f0d9e4b13'},
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 201, await res.clone().text());
  assertValid('/accounts', 'post', 201, 'application/json', await res.json());
});

test('state is kept per key: the account created is not_started under /v1 too, unknown to another key; no key gives a 401 problem', async () => {
  const example = spec.paths['/accounts'].post.requestBody.content['application/json'];
  const body = {...((example.example ?? Object.values(example.examples ?? {})[0].value) as object), external_reference: 'mock_test_state'};
  const created = await fetch(`${base}/v1/accounts`, {
    method: 'POST',
    headers: {...auth, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID()},
    body: JSON.stringify(body),
  });
  assert.equal(created.status, 201, await created.clone().text());
  const {id} = (await created.json()) as {id: string};
  const kyc = await fetch(`${base}/v1/accounts/${id}/kyc`, {headers: auth});
  assert.equal(kyc.status, 200);
  const read = (await kyc.json()) as {status: string};
  assertValid('/accounts/{account_id}/kyc', 'get', 200, 'application/json', read);
  assert.equal(read.status, 'not_started');
  const other = await fetch(`${base}/accounts/${id}`, {headers: {Authorization: 'Bearer sk_sandbox_mock_test_other'}});
  assert.equal(other.status, 404);
  const anonymous = await fetch(`${base}/accounts/${id}`);
  assert.equal(anonymous.status, 401);
  assert.match(anonymous.headers.get('content-type') ?? '', /application\/problem\+json/);
});

test('the try-it panel of another origin may call it, as it called Prism: CORS preflight and headers', async () => {
  const preflight = await fetch(`${base}/coins`, {
    method: 'OPTIONS',
    headers: {Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization'},
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /authorization/);
  const res = await fetch(`${base}/coins`, {headers: {...auth, Origin: 'http://localhost:3000'}});
  assert.equal(res.headers.get('access-control-allow-origin'), '*');
});

test("a test run's shared mock serves only the site and the very spec it was started for; its stop() leaves it running", async () => {
  const specFile = await currentCombinedSpec(SITE_ROOT);
  // This file's mock (`npm run mock`) standing in for the shared one.
  const env = (siteDir: string, file: string) => ({[SHARED_MOCK_ENV]: sharedMockValue(siteDir, {origin: base, specFile: file})});
  assert.equal(await sharedMock(SITE_ROOT, {}), undefined, 'none in the environment');
  assert.equal(await sharedMock(SITE_ROOT, env('/elsewhere', specFile)), undefined, 'another site');
  assert.equal(await sharedMock(SITE_ROOT, env(SITE_ROOT, `${specFile}.before-an-edit`)), undefined, 'a spec that is no longer the current one');
  const mock = await sharedMock(SITE_ROOT, env(SITE_ROOT, specFile));
  assert.equal(mock?.origin, base);
  assert.deepEqual(Object.keys(mock?.spec.paths ?? {}), Object.keys(spec.paths));
  await mock?.stop();
  const res = await fetch(`${base}/coins`, {headers: auth});
  assert.equal(res.status, 200, 'still answering');
});
