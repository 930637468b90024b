/**
 * Restricted keys in the sandbox (openapi/components/securitySchemes/ApiKey.yaml): POST /sandbox/restricted-keys makes
 * an `rk_sandbox_` key with the scopes asked for, on the sandbox of the secret key that made it; every operation
 * refuses a key without the scope of its security requirement with `403 insufficient_scope` (a problem valid against
 * the spec's Problem schema), `:write` does not imply `:read`, an unknown scope is `400 validation_failed`, and the
 * secret key keeps every scope. The scopes expected are read from the bundled spec, as the engine reads them.
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

/** A restricted key holding `scopes`, made by `owner`. */
async function restrictedKey(sandbox: Sandbox, owner: string, scopes: string[]): Promise<string> {
  const created = await call(sandbox, owner, 'POST', '/sandbox/restricted-keys', {body: {scopes}});
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const body = created.body as {key: string; scopes: string[]; created_at: string};
  assert.match(body.key, /^rk_sandbox_[A-Za-z0-9]{24}$/);
  assert.deepEqual(body.scopes, scopes);
  return body.key;
}

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
  assert.equal(sandbox.accepts(reader), false, 'the WebSocket stream takes secret keys only');
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
