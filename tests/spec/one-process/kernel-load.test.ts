/**
 * The kernel's remembered bundles (tools/openapi/load.ts `loadFreshApi`): one bundle per process while the files it
 * read stay as they were, a new one as soon as one of them changes, and never a remembered failure.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {SITE_ROOT} from '../../../tools/cli';
import {loadApi, loadFreshApi, SpecLoadError} from '../../../tools/openapi/load';

let dir: string;
/** Writes `file`; `earlier`: dated a minute ago (a bundle that read a file written a moment before is made again). */
const write = (file: string, text: string, {earlier = false} = {}) => {
  const abs = path.join(dir, file);
  fs.mkdirSync(path.dirname(abs), {recursive: true});
  fs.writeFileSync(abs, text);
  if (earlier) fs.utimesSync(abs, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
};
const ROOT = `openapi: 3.1.0
info: {title: Things, version: 1.0.0}
paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200':
          description: The things.
          content:
            application/json:
              schema: {$ref: ./schemas/Thing.yaml}
`;
const thing = (description: string) => `type: object\ndescription: ${description}\nproperties:\n  id: {type: string}\n`;
const description = async () => {
  const doc = await loadFreshApi('api.yaml', {siteDir: dir});
  return {doc, text: JSON.stringify(doc.doc)};
};

before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-kernel-'));
  write('api.yaml', ROOT, {earlier: true});
  write('schemas/Thing.yaml', thing('A thing.'), {earlier: true});
  write('unrelated.yaml', 'a: 1\n', {earlier: true});
});
after(() => fs.rmSync(dir, {recursive: true, force: true}));

test('the same document while the files it read stay as they were, also after an unrelated file changed', async () => {
  const first = await description();
  assert.match(first.text, /A thing\./);
  const again = await description();
  assert.equal(again.doc, first.doc, 'the bundle is made once');
  write('unrelated.yaml', 'a: 2\n');
  assert.equal((await description()).doc, first.doc, 'a file the bundle did not read does not count');
});

test('a file written a moment before the load: a bundle made again at the next call', async () => {
  write('schemas/Thing.yaml', thing('A thing, just written.'));
  const fresh = await description();
  assert.match(fresh.text, /just written/);
  assert.notEqual((await description()).doc, fresh.doc);
  write('schemas/Thing.yaml', thing('A thing.'), {earlier: true});
});

test('a new document once a file it read changed, and a failure is not remembered', async () => {
  const before = (await description()).doc;
  write('schemas/Thing.yaml', thing('A thing, renamed.'));
  const edited = await description();
  assert.notEqual(edited.doc, before);
  assert.match(edited.text, /A thing, renamed\./);
  fs.rmSync(path.join(dir, 'schemas/Thing.yaml'));
  await assert.rejects(() => loadFreshApi('api.yaml', {siteDir: dir}), SpecLoadError, 'a deleted file fails the load');
  write('schemas/Thing.yaml', thing('A thing, back.'));
  assert.match((await description()).text, /A thing, back\./, 'and the next call loads again');
});

test('an OpenAPI 3.2 document loads as it is, with its QUERY and additional operations', async () => {
  const api = await loadApi('tests/fixtures/reference/oas32-query.yaml', {siteDir: SITE_ROOT});
  assert.equal(api.doc.openapi, '3.2.0', 'not upgraded or downgraded');
  assert.deepEqual(
    api.operations().map((o) => [o.method, o.key, o.operationId, o.pointer]),
    [
      ['query', '/transactions/search', 'searchTransactions', '#/paths/~1transactions~1search/query'],
      ['purge', '/cache/{key}', 'purgeCacheEntry', '#/paths/~1cache~1{key}/additionalOperations/PURGE'],
    ],
  );
  assert.deepEqual(
    api.operations()[1].parameters.map((p) => p.parameter.name),
    ['key'],
    'the path item parameters apply to an additional operation too',
  );
});

test('a 3.2 document with the OAuth device flow loads (openapi-core 2.64 types repaired)', async () => {
  write(
    'device.yaml',
    `openapi: 3.2.0
info: {title: Device, version: 1.0.0}
paths: {}
components:
  securitySchemes:
    oauth:
      type: oauth2
      flows:
        deviceAuthorization:
          deviceAuthorizationUrl: https://auth.example.com/device
          tokenUrl: https://auth.example.com/token
          scopes: {read: Read things.}
`,
  );
  const api = await loadApi('device.yaml', {siteDir: dir});
  assert.equal(api.get('#/components/securitySchemes/oauth/flows/deviceAuthorization/scopes/read'), 'Read things.');
});

test('3.0 and 3.1 documents are read as before: 3.0 upgraded to 3.1, 3.1 as it is', async () => {
  const v30 = await loadApi('tests/fixtures/reference/nullable-30.yaml', {siteDir: SITE_ROOT});
  assert.match(String(v30.doc.openapi), /^3\.1\./);
  const v31 = await loadApi('tests/fixtures/reference/nullable-31.yaml', {siteDir: SITE_ROOT});
  assert.match(String(v31.doc.openapi), /^3\.1\./);
});
