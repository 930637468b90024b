/**
 * The MCP server's reading of an OpenAPI 3.2 API (tools/mcp/spec-index.ts): QUERY and additional operations are
 * operations it lists and finds, by `QUERY /path` (a template or a real path) and by operationId, and get_operation
 * answers with their reference model (written here as gen:api writes it: MODEL_URL in the build). On a fixture,
 * without a site build.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import type {ApiSpecId} from '../../../src/data/api-table';
import {MODEL_URL, operationFileName} from '../../../src/data/static-reference';
import {SITE_ROOT} from '../../../tools/cli';
import type {DocsBuild} from '../../../tools/mcp/build-artefacts';
import type {DocPages} from '../../../tools/mcp/pages';
import {SpecIndex} from '../../../tools/mcp/spec-index';
import {loadApi} from '../../../tools/openapi/load';
import {buildOperationModel} from '../../../tools/reference/build';

let dir: string;
let index: SpecIndex;
const API = 'fixture' as ApiSpecId;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-mcp32-'));
  const api = await loadApi('tests/fixtures/reference/oas32-query.yaml', {siteDir: SITE_ROOT});
  for (const op of api.operations()) {
    const file = path.join(dir, MODEL_URL, operationFileName(API, op.operationId ?? ''));
    fs.mkdirSync(path.dirname(file), {recursive: true});
    fs.writeFileSync(file, JSON.stringify(buildOperationModel(api, op, {api: API})));
  }
  const build: DocsBuild = {dir, apis: [{id: API, spec: api.doc}], combined: api.doc, searchIndex: []};
  index = new SpecIndex(build, {byRoute: new Map(), markdownUrl: () => undefined} as unknown as DocPages);
});
after(() => fs.rmSync(dir, {recursive: true, force: true}));

test('QUERY and PURGE operations are listed with their methods', () => {
  assert.deepEqual(
    index.operations.map((o) => `${o.method} ${o.path}`),
    ['query /transactions/search', 'purge /cache/{key}'],
  );
});

test('"QUERY /path" finds the QUERY operation, and get_operation answers its model', () => {
  const found = index.find('QUERY /v1/transactions/search');
  assert.equal(found.entry.operationId, 'searchTransactions');
  const answer = index.describe(found.entry) as {method: string; requestBody?: unknown};
  assert.equal(answer.method, 'query');
  assert.ok(answer.requestBody, 'with its request body');
  assert.equal(index.find('purgeCacheEntry').entry.method, 'purge');
});
