import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {parse} from 'yaml';
import {API_SPECS, specPath} from '../../../src/data/api-table';
import {checkPins, loadOperations, type Operation} from '../../../tools/spec/spec-model';
import {API_DOC_PAGES} from '../../../src/data/navigation';
import {SITE_ROOT} from '../../../tools/cli';
import {readExtraRoutes, readRoutes} from '../../../tools/site/routes-contract';

const ops = loadOperations(SITE_ROOT);
const apiOps = ops.filter((op) => op.method !== 'event');
const events = ops.filter((op) => op.method === 'event');

test('every API operation is pinned: the 37 seed operations in routes.txt, the newer ones in routes-extra.txt', () => {
  const handWritten = new Set(API_DOC_PAGES.map((p) => `/docs/api/${p}`));
  const seedRoutes = readRoutes()
    .routes.filter((r) => r.startsWith('/docs/api/') && !handWritten.has(r))
    .sort();
  assert.equal(seedRoutes.length, 37);
  const opRoutes = new Set(apiOps.map((op) => `/docs${op.slug}`));
  for (const r of seedRoutes) assert.ok(opRoutes.has(r), `${r} (tests/routes.txt) is no longer the route of an operation`);
  const pinned = new Set([...seedRoutes, ...readExtraRoutes()]);
  for (const op of apiOps) {
    assert.ok(
      pinned.has(`/docs${op.slug}`),
      `${op.file}:${op.line}: ${op.operationId} → /docs${op.slug} is listed in neither tests/routes.txt nor tests/routes-extra.txt`,
    );
  }
});

test('misspelt and underscore routes are pinned while operationIds stay correct English', () => {
  const bySlug = new Map(apiOps.map((op) => [op.slug, op]));
  assert.equal(bySlug.get('/api/crypto/wallet/whitdraw-crypto')?.operationId, 'withdrawCrypto');
  assert.equal(bySlug.get('/api/crypto/beneficiary/create_crypto_beneficiary')?.operationId, 'createCryptoBeneficiary');
  for (const op of ops) assert.match(op.operationId, /^[a-z][A-Za-z]+$/, `${op.file}:${op.line}`);
});

test('the webhooks spec describes at least 8 event types, each at a deliberate extra route', () => {
  assert.ok(events.length >= 8, `only ${events.length} events`);
  assert.ok(events.every((e) => e.spec === 'webhooks'));
  const extra = new Set(readExtraRoutes());
  for (const e of events) assert.ok(extra.has(`/docs${e.slug}`), `${e.path} → /docs${e.slug} is not listed in tests/routes-extra.txt`);
});

test('every spec offers the sandbox, production and local mock servers, each with its audience, and one bearer security scheme', () => {
  for (const spec of API_SPECS) {
    const doc = parse(fs.readFileSync(path.join(SITE_ROOT, specPath(spec)), 'utf8'));
    // x-internal: the mock is ours (true); sandbox and production are what integrators call (false).
    assert.deepEqual(
      doc.servers.map((s: {url: string; 'x-internal'?: unknown}) => [s.url, s['x-internal']]),
      [
        ['https://api.sandbox.novaramp.example/v1', false],
        ['https://api.novaramp.example/v1', false],
        ['http://127.0.0.1:{port}', true],
      ],
      spec,
    );
    assert.deepEqual(doc.security, [{ApiKey: []}], spec);
    assert.equal(doc.openapi, '3.2.0', spec);
  }
});

test('every POST requires the shared Idempotency-Key header', () => {
  const posts = apiOps.filter((op) => op.method === 'post');
  assert.ok(posts.length >= 10);
  for (const op of posts)
    assert.ok(
      op.parameterRefs.some((p) => /\/IdempotencyKey(\.yaml)?$/.test(p)),
      op.operationId,
    );
});

const fake = (over: Partial<Operation>): Operation => ({
  spec: 'coins',
  file: 'openapi/coins.yaml',
  line: 10,
  method: 'get',
  path: '/coins',
  operationId: 'listCoins',
  summary: 'List coins',
  slug: '/api/coin/list-coins',
  tags: ['Coins'],
  parameterRefs: [],
  ...over,
});

test('the pin check rejects a shared pin and a pin outside every category, and leaves a missing pin to Redocly', () => {
  assert.deepEqual(checkPins([fake({})]), []);
  assert.deepEqual(checkPins([fake({slug: undefined})]), [], 'rule/operation-doc-slug of redocly.yaml reports it (tests/spec/generate.test.ts)');
  const shared = checkPins([fake({}), fake({line: 40, path: '/coins/{code}', operationId: 'getCoin'})]).join('\n');
  assert.match(shared, /openapi\/coins\.yaml:40: GET \/coins\/\{code\} pins \/api\/coin\/list-coins, already pinned by listCoins at openapi\/coins\.yaml:10/);
  assert.match(checkPins([fake({slug: '/api/elsewhere/list-coins'})]).join('\n'), /not inside any API sidebar category/);
});
