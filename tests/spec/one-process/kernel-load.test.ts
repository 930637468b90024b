/**
 * The kernel's remembered bundles (tools/openapi/load.ts `loadFreshApi`): one bundle per process while the files it
 * read stay as they were, a new one as soon as one of them changes, and never a remembered failure.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {loadFreshApi, SpecLoadError} from '../../../tools/openapi/load';

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
