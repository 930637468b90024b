/**
 * Restricted keys in the sandbox (openapi/components/securitySchemes/ApiKey.yaml): POST /sandbox/restricted-keys makes
 * an `rk_sandbox_` key with the scopes asked for, on the sandbox of the secret key that made it; every operation
 * refuses a key without the scope of its security requirement with `403 insufficient_scope` (a problem valid against
 * the spec's Problem schema), `:write` does not imply `:read`, an unknown scope is `400 validation_failed`, and the
 * secret key keeps every scope. The scopes expected are read from the bundled spec, as the engine reads them.
 * GET /sandbox/restricted-keys lists the keys redacted, with the cursor rules of every list, and
 * DELETE /sandbox/restricted-keys/{key_id} revokes one: it then answers `401 unauthenticated`.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type {Sandbox, SandboxResponse} from '../../src/plugins/sandbox/engine';
import {DOCS_ACCOUNT, call, combinedSpec, newKey, testSandbox} from '../helpers/sandbox';

type Json = Record<string, unknown>;

/** Whether `body` is valid against the spec's `components.schemas.Problem` (its `$ref`s resolved in the spec). */
async function problemErrors(body: unknown): Promise<string[]> {
  const ajv = new Ajv({strict: false, allErrors: true});
  addFormats(ajv);
  ajv.addSchema(await combinedSpec(), 'spec');
  const validate = ajv.getSchema('spec#/components/schemas/Problem')!;
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

interface CreatedKey {
  id: string;
  key: string;
  redacted_key: string;
  scopes: string[];
  created_at: string;
}

/** A restricted key holding `scopes`, made by `owner`, as the creation answers it. */
async function createKey(sandbox: Sandbox, owner: string, scopes: string[]): Promise<CreatedKey> {
  const created = await call(sandbox, owner, 'POST', '/sandbox/restricted-keys', {body: {scopes}});
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const body = created.body as CreatedKey;
  assert.match(body.key, /^rk_sandbox_[A-Za-z0-9]{24}$/);
  assert.match(body.id, /^key_[A-Za-z0-9]{16}$/);
  assert.equal(body.redacted_key, `rk_sandbox_...${body.key.slice(-4)}`);
  assert.deepEqual(body.scopes, scopes);
  return body;
}

/** A restricted key holding `scopes`, made by `owner`. */
const restrictedKey = async (sandbox: Sandbox, owner: string, scopes: string[]): Promise<string> => (await createKey(sandbox, owner, scopes)).key;

/** Asserts that `response` is `403 insufficient_scope` naming `scope`, with a body the spec's Problem schema accepts. */
async function assertInsufficientScope(response: SandboxResponse, scope: string, what: string): Promise<void> {
  const body = response.body as Json;
  assert.equal(response.status, 403, `${what}: ${JSON.stringify(body)}`);
  assert.equal(body.code, 'insufficient_scope', what);
  assert.equal(response.headers['Content-Type'], 'application/problem+json', what);
  assert.match(String(body.detail), new RegExp(`\\b${scope}\\b`), `${what}: the detail names ${scope}`);
  assert.deepEqual(await problemErrors(body), [], `${what}: the body is a Problem`);
}

const INDIVIDUAL = {
  type: 'individual',
  email: 'ada@example.com',
  country: 'US',
  external_reference: 'user_ada_keys',
  individual: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    date_of_birth: '1990-12-10',
    address: {line1: '1 Main St', city: 'Austin', postal_code: '73301', country: 'US'},
  },
};

test('an accounts:read key reads the accounts of its secret key and nothing else; a write changes nothing', async () => {
  const sandbox = await testSandbox();
  const owner = newKey();
  const reader = await restrictedKey(sandbox, owner, ['accounts:read']);
  // Made by the secret key after the restricted key: the restricted key sees the same, live state.
  const created = await call(sandbox, owner, 'POST', '/accounts', {body: INDIVIDUAL});
  assert.equal(created.status, 201);
  const id = String((created.body as Json).id);
  const read = await call(sandbox, reader, 'GET', `/accounts/${id}`);
  assert.equal(read.status, 200);
  assert.equal((read.body as Json).email, 'ada@example.com');
  assert.equal((await call(sandbox, reader, 'GET', `/accounts/${DOCS_ACCOUNT}`)).status, 200);
  assert.equal((await call(sandbox, reader, 'GET', '/accounts')).status, 200);

  await assertInsufficientScope(
    await call(sandbox, reader, 'PATCH', `/accounts/${id}`, {body: {email: 'changed@example.com'}}),
    'accounts:write',
    'updateAccount',
  );
  assert.equal(((await call(sandbox, owner, 'GET', `/accounts/${id}`)).body as Json).email, 'ada@example.com', 'the refused write changed nothing');
  await assertInsufficientScope(await call(sandbox, reader, 'GET', `/accounts/${DOCS_ACCOUNT}/balances`), 'balances:read', 'listBalances');
  await assertInsufficientScope(await call(sandbox, reader, 'GET', '/coins'), 'coins:read', 'listCoins');
  await assertInsufficientScope(
    await call(sandbox, reader, 'POST', '/sandbox/restricted-keys', {body: {scopes: ['accounts:write']}}),
    'sandbox:write',
    'createSandboxRestrictedKey',
  );
  // The scope is checked before the body: a refused key learns nothing about its request.
  await assertInsufficientScope(await call(sandbox, reader, 'POST', '/accounts', {body: {}}), 'accounts:write', 'createAccount');
  // What the WebSocket stream's auth learns of the key: its secret key's sandbox and its scopes.
  assert.deepEqual(sandbox.credential(reader), {ownerKey: owner, scopes: new Set(['accounts:read'])});
  assert.deepEqual(sandbox.conformance().violations, []);
});

test(':write does not imply :read; the secret key keeps every scope', async () => {
  const sandbox = await testSandbox();
  const owner = newKey();
  const writer = await restrictedKey(sandbox, owner, ['accounts:write']);
  const updated = await call(sandbox, writer, 'PATCH', `/accounts/${DOCS_ACCOUNT}`, {body: {metadata: {crm_id: 'c_42'}}});
  assert.equal(updated.status, 200, JSON.stringify(updated.body));
  await assertInsufficientScope(await call(sandbox, writer, 'GET', `/accounts/${DOCS_ACCOUNT}`), 'accounts:read', 'getAccount');
  const asOwner = await call(sandbox, owner, 'GET', `/accounts/${DOCS_ACCOUNT}`);
  assert.equal(asOwner.status, 200);
  assert.equal((asOwner.body as {metadata: Json}).metadata.crm_id, 'c_42', 'the restricted key wrote to its secret key’s sandbox');
  // Both keys count against the same rate-limit window.
  assert.equal(asOwner.headers['RateLimit-Remaining'], String(100 - 4));
  assert.deepEqual(sandbox.conformance().violations, []);
});

test('an unknown, repeated or missing scope is 400 validation_failed; a restricted key creates no key; unknown keys are 401', async () => {
  const sandbox = await testSandbox();
  const owner = newKey();
  for (const [scopes, field] of [
    [['accounts:read', 'accounts:admin'], 'scopes.1'],
    [['accounts:read', 'accounts:read'], 'scopes'],
    [[], 'scopes'],
  ] as const) {
    const refused = await call(sandbox, owner, 'POST', '/sandbox/restricted-keys', {body: {scopes}});
    const body = refused.body as Json & {errors: {field: string; code: string}[]};
    assert.equal(refused.status, 400, JSON.stringify(scopes));
    assert.equal(body.code, 'validation_failed');
    assert.deepEqual(
      body.errors.map((e) => e.field),
      [field],
      JSON.stringify(body),
    );
    assert.deepEqual(await problemErrors(body), []);
  }
  const unknownScope = await call(sandbox, owner, 'POST', '/sandbox/restricted-keys', {body: {scopes: ['accounts:admin']}});
  assert.equal((unknownScope.body as {errors: {code: string}[]}).errors[0].code, 'unsupported_value');
  assert.equal((await call(sandbox, owner, 'POST', '/sandbox/restricted-keys', {body: {}})).status, 400);

  const simulator = await restrictedKey(sandbox, owner, ['sandbox:write']);
  const forbidden = await call(sandbox, simulator, 'POST', '/sandbox/restricted-keys', {body: {scopes: ['accounts:read']}});
  assert.equal(forbidden.status, 403);
  assert.equal((forbidden.body as Json).code, 'forbidden');
  // A restricted key of the right shape that no secret key made, and a production one, are unauthenticated.
  for (const key of ['rk_sandbox_AAAAAAAAAAAAAAAAAAAAAAAA', 'rk_live_AAAAAAAAAAAAAAAAAAAAAAAA', `${simulator}x`]) {
    const refused = await call(sandbox, key, 'GET', `/accounts/${DOCS_ACCOUNT}`);
    assert.equal(refused.status, 401, key);
    assert.equal((refused.body as Json).code, 'unauthenticated', key);
  }
  // The restricted keys are part of the snapshot: restored, they still work on their secret key's sandbox.
  const reader = await restrictedKey(sandbox, owner, ['accounts:read']);
  const restored = await testSandbox();
  restored.restore(sandbox.snapshot());
  assert.equal((await call(restored, reader, 'GET', `/accounts/${DOCS_ACCOUNT}`)).status, 200);
  sandbox.reset();
  assert.equal((await call(sandbox, reader, 'GET', `/accounts/${DOCS_ACCOUNT}`)).status, 401, 'reset forgets the restricted keys');
  assert.deepEqual(sandbox.conformance().violations, []);
  assert.deepEqual(restored.conformance().violations, []);
});

test('every operation refuses a key without the scope its security requirement names, and only that key', async () => {
  const spec = await combinedSpec();
  const scopeList = (spec.components as {schemas: Record<string, {enum: string[]}>}).schemas.Scope.enum;
  const sandbox = await testSandbox();
  let checked = 0;
  for (const [template, item] of Object.entries(spec.paths as Record<string, Record<string, {operationId?: string; security?: Record<string, string[]>[]}>>)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation.operationId) continue;
      const [scope, ...more] = Object.values(operation.security?.[0] ?? {}).flat();
      assert.ok(scope && more.length === 0, `${operation.operationId} names one scope`);
      assert.ok(scopeList.includes(scope), `${operation.operationId}: ${scope} is a documented scope (Scope.yaml)`);
      // The route is all the scope check needs: any id of the right place in the path.
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'account_id' ? DOCS_ACCOUNT : 'xyz_AAAAAAAAAAAAAAAA'));
      const send = (key: string) => call(sandbox, key, method.toUpperCase(), path, {body: method === 'get' ? undefined : {}});
      // An owner per operation: the wall clock stands still, so each key's rate-limit window never ends.
      const owner = newKey();
      const others = await restrictedKey(
        sandbox,
        owner,
        scopeList.filter((s) => s !== scope),
      );
      await assertInsufficientScope(await send(others), scope, `${operation.operationId} with every scope but ${scope}`);
      const only = await restrictedKey(sandbox, owner, [scope]);
      for (const [key, who] of [
        [only, `a key holding only ${scope}`],
        [owner, 'the secret key'],
      ]) {
        const answer = await send(key);
        assert.notEqual((answer.body as Json | undefined)?.code, 'insufficient_scope', `${operation.operationId}, ${who}: ${JSON.stringify(answer.body)}`);
        assert.ok(answer.status < 500, `${operation.operationId}, ${who}: ${answer.status}`);
      }
      checked++;
    }
  }
  assert.ok(checked >= 67, `${checked} operations`);
  assert.deepEqual(sandbox.conformance().violations, []);
});

test('the list shows each key redacted, never in full, a page at a time; only a secret key lists', async () => {
  const sandbox = await testSandbox();
  const owner = newKey();
  const created = [
    await createKey(sandbox, owner, ['accounts:read']),
    await createKey(sandbox, owner, ['balances:read', 'withdrawals:read', 'withdrawals:write']),
    await createKey(sandbox, owner, ['sandbox:write']),
  ];
  // Another secret key's keys are not listed.
  await createKey(sandbox, newKey(), ['coins:read']);
  const first = await call(sandbox, owner, 'GET', '/sandbox/restricted-keys', {query: {limit: '2', sort: 'created_at'}});
  assert.equal(first.status, 200, JSON.stringify(first.body));
  const firstPage = first.body as {data: Json[]; has_more: boolean; next_cursor: string};
  assert.equal(firstPage.has_more, true);
  const second = await call(sandbox, owner, 'GET', '/sandbox/restricted-keys', {query: {limit: '2', sort: 'created_at', cursor: firstPage.next_cursor}});
  const secondPage = second.body as {data: Json[]; has_more: boolean; next_cursor: string | null};
  assert.deepEqual([secondPage.has_more, secondPage.next_cursor], [false, null]);
  const listed = [...firstPage.data, ...secondPage.data];
  // The clock stands still: the three share created_at, so the order is the ids'.
  const expected = [...created].sort((a, b) => a.id.localeCompare(b.id)).map(({key: _key, ...redacted}) => redacted);
  assert.deepEqual(listed, expected);
  for (const {key} of created) assert.ok(!JSON.stringify(listed).includes(key), 'no key is listed in full');
  // The cursor continues its own query only.
  const otherSort = await call(sandbox, owner, 'GET', '/sandbox/restricted-keys', {query: {limit: '2', cursor: firstPage.next_cursor}});
  assert.equal(otherSort.status, 400);
  assert.equal((otherSort.body as {errors: {field: string}[]}).errors[0].field, 'cursor');

  for (const key of [created[0].key, created[2].key]) {
    const refused = await call(sandbox, key, 'GET', '/sandbox/restricted-keys');
    const code = (refused.body as Json).code;
    assert.equal(refused.status, 403, key);
    // The accounts:read key lacks the scope; the sandbox:write key holds it but is not a secret key.
    assert.equal(code, key === created[0].key ? 'insufficient_scope' : 'forbidden');
  }
  assert.deepEqual(sandbox.conformance().violations, []);
});

test('a revoked key answers 401 unauthenticated saying so, leaves the list, and cannot be revoked twice', async () => {
  const sandbox = await testSandbox();
  const owner = newKey();
  const reader = await createKey(sandbox, owner, ['accounts:read']);
  const admin = await createKey(sandbox, owner, ['sandbox:write']);
  const kept = await createKey(sandbox, owner, ['accounts:read']);
  assert.equal((await call(sandbox, reader.key, 'GET', `/accounts/${DOCS_ACCOUNT}`)).status, 200);
  // A restricted key revokes nothing, not even itself.
  const byAdmin = await call(sandbox, admin.key, 'DELETE', `/sandbox/restricted-keys/${admin.id}`);
  assert.deepEqual([byAdmin.status, (byAdmin.body as Json).code], [403, 'forbidden']);

  const revoked = await call(sandbox, owner, 'DELETE', `/sandbox/restricted-keys/${reader.id}`);
  // The answer says which key went and when, redacted: the key itself is never shown again.
  assert.equal(revoked.status, 200);
  const gone = revoked.body as Json;
  assert.deepEqual([gone.id, gone.scopes, gone.revoked_at, gone.key], [reader.id, ['accounts:read'], '2025-03-14T09:26:53Z', undefined]);
  assert.equal(gone.redacted_key, `rk_sandbox_...${reader.key.slice(-4)}`);
  const refused = await call(sandbox, reader.key, 'GET', `/accounts/${DOCS_ACCOUNT}`);
  const problem = refused.body as Json;
  assert.deepEqual([refused.status, problem.code], [401, 'unauthenticated']);
  assert.match(String(problem.detail), /rk_sandbox_\.\.\.\w{4} was revoked at 2025-03-14T09:26:53Z/);
  assert.deepEqual(await problemErrors(problem), []);
  assert.equal(sandbox.credential(reader.key), undefined, 'the stream refuses it too');
  assert.equal((await call(sandbox, kept.key, 'GET', `/accounts/${DOCS_ACCOUNT}`)).status, 200, 'the other keys still work');

  const ids = ((await call(sandbox, owner, 'GET', '/sandbox/restricted-keys')).body as {data: {id: string}[]}).data.map((k) => k.id);
  assert.deepEqual(ids.sort(), [admin.id, kept.id].sort());
  const again = await call(sandbox, owner, 'DELETE', `/sandbox/restricted-keys/${reader.id}`);
  assert.deepEqual([again.status, (again.body as Json).code], [404, 'resource_not_found']);
  // Another secret key cannot see, so cannot revoke, this one's keys.
  const stranger = await call(sandbox, newKey(), 'DELETE', `/sandbox/restricted-keys/${kept.id}`);
  assert.equal(stranger.status, 404);
  assert.equal((await call(sandbox, kept.key, 'GET', `/accounts/${DOCS_ACCOUNT}`)).status, 200);
  assert.deepEqual(sandbox.conformance().violations, []);
});

test('a snapshot saved before keys had an id restores keys that can be listed and revoked', async () => {
  const sandbox = await testSandbox();
  const owner = newKey();
  const {key} = await createKey(sandbox, owner, ['accounts:read']);
  const snapshot = sandbox.snapshot() as {keys: Record<string, {restrictedKeys: Record<string, Json>}>};
  // The shape a reader's browser may still keep: {scopes, created_at} per key.
  delete snapshot.keys[owner].restrictedKeys[key].id;
  const restored = await testSandbox();
  restored.restore(snapshot);
  const listed = ((await call(restored, owner, 'GET', '/sandbox/restricted-keys')).body as {data: {id: string; redacted_key: string}[]}).data;
  assert.equal(listed.length, 1);
  assert.match(listed[0].id, /^key_[A-Za-z0-9]{16}$/);
  assert.equal(listed[0].redacted_key, `rk_sandbox_...${key.slice(-4)}`);
  assert.equal((await call(restored, owner, 'DELETE', `/sandbox/restricted-keys/${listed[0].id}`)).status, 200);
  assert.equal((await call(restored, key, 'GET', `/accounts/${DOCS_ACCOUNT}`)).status, 401);
  assert.deepEqual(restored.conformance().violations, []);
});
