/**
 * The OpenAPI 3.1 derivative of a 3.2 document (tools/openapi/downgrade.ts), which the downloads publish beside the 3.2
 * one and the Postman collection is made from: of the eight APIs and of every 3.2 fixture of the reference model, it
 * has no keyword 3.2 added where 3.1 has none, Redocly lints it as 3.1 (its `struct` rule, which fails the 3.2
 * document called 3.1), and what 3.2 said is still there as `x-` extensions and Redoc's `x-tagGroups`.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {stringify} from 'yaml';
import {API_SPECS, specPath} from '../../../src/data/api-table';
import {bin, run, SITE_ROOT} from '../../../tools/cli';
import {toOpenApi31} from '../../../tools/openapi/downgrade';
import {isObject, type Json, type JsonObject} from '../../../tools/openapi/json';
import {loadApi} from '../../../tools/openapi/load';

const FIXTURES = 'tests/fixtures/reference';
const sources = [
  ...API_SPECS.map((api) => specPath(api)),
  ...fs
    .readdirSync(path.join(SITE_ROOT, FIXTURES))
    .filter((f) => /^oas32-.*\.yaml$/.test(f))
    .map((f) => `${FIXTURES}/${f}`),
];

/** The fields OpenAPI 3.2 added, by the kind of object, that a 3.1 document must not have. */
const ADDED = {
  tag: ['parent', 'kind', 'summary'],
  pathItem: ['query', 'additionalOperations'],
  mediaType: ['itemSchema', 'itemEncoding', 'prefixEncoding'],
  response: ['summary'],
  example: ['dataValue', 'serializedValue'],
  securityScheme: ['oauth2MetadataUrl', 'deprecated'],
  flows: ['deviceAuthorization'],
  server: ['name'],
};

/** Every 3.2-only field of a document, as `where: field`. */
function addedFields(doc: JsonObject): string[] {
  const found: string[] = [];
  const check = (node: Json | undefined, kind: keyof typeof ADDED, where: string) => {
    if (isObject(node)) for (const f of ADDED[kind]) if (f in node) found.push(`${where}: ${f}`);
  };
  const each = (node: Json | undefined, f: (value: Json, key: string) => void) => {
    if (isObject(node)) for (const [k, v] of Object.entries(node)) f(v, k);
    else if (Array.isArray(node)) node.forEach((v, i) => f(v, String(i)));
  };
  if ('$self' in doc) found.push('document: $self');
  each(doc.tags, (t, i) => check(t, 'tag', `tags/${i}`));
  each(doc.servers, (s, i) => check(s, 'server', `servers/${i}`));
  const content = (holder: Json | undefined, where: string) =>
    isObject(holder) &&
    each(holder.content, (m, type) => {
      check(m, 'mediaType', `${where}/content/${type}`);
      if (isObject(m)) each(m.examples, (e, name) => check(e, 'example', `${where}/content/${type}/examples/${name}`));
    });
  for (const section of ['paths', 'webhooks']) {
    each(doc[section], (item, key) => {
      check(item, 'pathItem', `${section}/${key}`);
      each(item, (op, method) => {
        if (!isObject(op)) return;
        each(op.parameters, (p, i) => {
          if (isObject(p) && p.in === 'querystring') found.push(`${section}/${key}/${method}/parameters/${i}: in: querystring`);
          content(p, `${section}/${key}/${method}/parameters/${i}`);
        });
        content(op.requestBody, `${section}/${key}/${method}/requestBody`);
        each(op.responses, (r, status) => {
          check(r, 'response', `${section}/${key}/${method}/responses/${status}`);
          content(r, `${section}/${key}/${method}/responses/${status}`);
        });
      });
    });
  }
  const components = isObject(doc.components) ? doc.components : {};
  each(components.securitySchemes, (s, name) => {
    check(s, 'securityScheme', `securitySchemes/${name}`);
    if (isObject(s)) check(s.flows, 'flows', `securitySchemes/${name}/flows`);
  });
  each(components.responses, (r, name) => check(r, 'response', `components/responses/${name}`));
  each(components.examples, (e, name) => check(e, 'example', `components/examples/${name}`));
  if ('mediaTypes' in components) found.push('components: mediaTypes');
  return found;
}

async function documents(): Promise<{source: string; doc: JsonObject}[]> {
  return Promise.all(sources.map(async (source) => ({source, doc: (await loadApi(source, {siteDir: SITE_ROOT})).doc})));
}

/** Redocly's `struct` rule on `docs` written as YAML: its exit status and report. */
function lintStruct(docs: {source: string; doc: JsonObject}[]): {status: number | null; output: string} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-oas31-'));
  try {
    const config = path.join(dir, 'redocly.yaml');
    fs.writeFileSync(config, stringify({rules: {struct: 'error'}}));
    const files = docs.map(({source, doc}) => {
      const file = path.join(dir, path.basename(source).replace(/\.yaml$/, `-${path.dirname(source).split('/').at(-1)}.yaml`));
      fs.writeFileSync(file, stringify(doc, {lineWidth: 0}));
      return file;
    });
    return run(bin('redocly'), ['lint', ...files, '--config', config, '--format=stylish'], SITE_ROOT);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
}

test('the 3.1 derivative of each API and each 3.2 fixture has no 3.2 keyword and lints as 3.1', async () => {
  const docs = await documents();
  assert.ok(docs.filter(({doc}) => doc.openapi === '3.2.0').length === docs.length, 'every source is 3.2');
  assert.ok(
    docs.some(({doc}) => addedFields(doc).length > 0),
    'the fixtures use 3.2 keywords',
  );
  const derived = docs.map(({source, doc}) => ({source, doc: toOpenApi31(doc)}));
  for (const {source, doc} of derived) {
    assert.equal(doc.openapi, '3.1.1', source);
    assert.deepEqual(addedFields(doc), [], source);
  }
  const lint = lintStruct(derived);
  assert.equal(lint.status, 0, lint.output);

  // The check has teeth: the 3.2 documents merely called 3.1 fail it.
  const mislabelled = lintStruct(docs.map(({source, doc}) => ({source, doc: {...doc, openapi: '3.1.1'}})));
  assert.notEqual(mislabelled.status, 0);
  assert.match(mislabelled.output, /Property `parent` is not expected here/);
});

test('what 3.2 said stays in the derivative: the tag tree as x-tagGroups and x-displayName, a QUERY operation as an extension', async () => {
  const fiat = toOpenApi31((await loadApi(specPath('fiat'), {siteDir: SITE_ROOT})).doc);
  assert.deepEqual(fiat['x-tagGroups'], [{name: 'Fiat', tags: ['Fiat', 'Bank accounts', 'Fiat beneficiaries', 'Deposit instructions', 'Fiat withdrawals']}]);
  const withdrawals = (fiat.tags as JsonObject[]).find((t) => t.name === 'Fiat withdrawals')!;
  assert.deepEqual([withdrawals['x-parent'], withdrawals['x-displayName'], withdrawals['x-kind']], ['Fiat', 'Withdrawals', 'nav']);

  const query = toOpenApi31((await loadApi(`${FIXTURES}/oas32-query.yaml`, {siteDir: SITE_ROOT})).doc);
  const extra = Object.values(query.paths as JsonObject).flatMap((item) => Object.keys(((item as JsonObject)['x-additionalOperations'] as JsonObject) ?? {}));
  assert.ok(extra.includes('QUERY') && extra.includes('PURGE'), extra.join(', '));

  // A 3.1 document is left as it is.
  const already = {openapi: '3.1.0', info: {title: 'x', version: '1'}, tags: [{name: 'a'}]};
  assert.equal(toOpenApi31(already), already);
});
