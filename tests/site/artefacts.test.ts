/**
 * The spec downloads and llms.txt in the production build: parsed, complete (all operations, every WebSocket
 * channel and message) and linked.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {parse} from 'yaml';
import {API_SPECS} from '../../src/data/api-table';
import {pathItemOperations} from '../../tools/openapi/document';
import type {JsonObject} from '../../tools/openapi/json';
import {loadOperations} from '../../tools/spec/spec-model';
import {BRAND, SITE_URL} from '../../src/data/brand';
import {SITE_ROOT} from '../../tools/cli';
import {ASYNCAPI_ARTEFACT, ASYNCAPI_FILE, parserProblems} from '../../tools/spec/asyncapi';
import {WORKFLOWS_HEADING} from '../../src/plugins/agent-markdown/workflows';
import {workflowDownloadPath} from '../../tools/workflows/publish';
import {workflowFiles, workflowIdOfFile, type ArazzoDocument} from '../../tools/workflows/workflows';
import {workflowRoute} from '../../src/data/navigation';

const OUT = path.join(SITE_ROOT, 'build', 'openapi');
const operations = loadOperations(SITE_ROOT).filter((op) => op.method !== 'event');
type Spec = {openapi: string; info: {title: string}; paths: Record<string, Record<string, unknown>>; webhooks?: object; tags?: Record<string, unknown>[]};
const read = (file: string): Spec => {
  const text = fs.readFileSync(path.join(OUT, file), 'utf8');
  return file.endsWith('.json') ? JSON.parse(text) : parse(text);
};
/** The operationIds of `paths`, every method (OpenAPI 3.2's too, or, in a 3.1 derivative, its `x-additionalOperations`). */
const operationIds = (spec: Spec) =>
  Object.values(spec.paths).flatMap((item) => {
    const apart = (item['x-additionalOperations'] ?? {}) as Record<string, {operationId: string}>;
    return [
      ...pathItemOperations(item as JsonObject).map((o) => (o.raw as {operationId: string}).operationId),
      ...Object.values(apart).map((op) => op.operationId),
    ];
  });

test('each API is published bundled as YAML and JSON, with every operation and no external $ref', () => {
  const all: string[] = [];
  for (const api of API_SPECS) {
    for (const ext of ['yaml', 'json']) {
      const spec = read(`${api}.${ext}`);
      const ids = operationIds(spec);
      assert.deepEqual(
        ids.sort(),
        operations
          .filter((op) => op.spec === api)
          .map((op) => op.operationId)
          .sort(),
        `${api}.${ext}`,
      );
      assert.doesNotMatch(JSON.stringify(spec), /"\$ref":"\.\/components/, `${api}.${ext} has no external $ref`);
      if (ext === 'yaml') all.push(...ids);
    }
  }
  assert.equal(all.length, operations.length);
});

test('the combined spec holds all operations and the webhook events, as YAML and JSON, in OpenAPI 3.2 and 3.1', () => {
  for (const file of ['novaramp.yaml', 'novaramp.json', 'novaramp.oas31.yaml', 'novaramp.oas31.json']) {
    const spec = read(file);
    assert.match(spec.openapi, file.includes('.oas31.') ? /^3\.1\./ : /^3\.2\./, file);
    if (file.includes('.oas31.'))
      assert.ok(
        spec.tags?.every((t) => !('parent' in t) && !('kind' in t) && !('summary' in t)),
        `${file}: no 3.2 tag field`,
      );
    assert.equal(spec.info.title, `${BRAND} API`);
    assert.deepEqual(operationIds(spec).sort(), operations.map((op) => op.operationId).sort(), file);
    assert.ok(Object.keys(spec.webhooks ?? {}).length >= 8, `${file} keeps the webhooks`);
  }
});

test('the Postman collection holds one request per operation', () => {
  const collection = JSON.parse(fs.readFileSync(path.join(OUT, 'novaramp.postman_collection.json'), 'utf8'));
  const requests: {method: string; url: {path: string[]}}[] = [];
  const walk = (items: {item?: unknown[]; request?: {method: string; url: {path: string[]}}}[]) =>
    items.forEach((i) => (i.request ? requests.push(i.request) : walk((i.item ?? []) as never)));
  walk(collection.item);
  assert.equal(requests.length, operations.length);
  // Sandbox-only operations carry their own server, so their URL keeps its base path (/v1).
  const signatures = new Set(
    requests.map(
      (r) =>
        `${r.method} /${r.url.path
          .join('/')
          .replace(/^v1\//, '')
          .replace(/:([a-z_]+)/g, '{$1}')}`,
    ),
  );
  for (const op of operations) assert.ok(signatures.has(`${op.method.toUpperCase()} ${op.path}`), `${op.method} ${op.path}`);
});

test('the WebSocket API is published as AsyncAPI 3.0, bundled, as YAML and JSON, and validates', async () => {
  const source = parse(fs.readFileSync(path.join(SITE_ROOT, ASYNCAPI_FILE), 'utf8'));
  const yaml = parse(fs.readFileSync(path.join(OUT, `${ASYNCAPI_ARTEFACT}.yaml`), 'utf8'));
  const json = JSON.parse(fs.readFileSync(path.join(OUT, `${ASYNCAPI_ARTEFACT}.json`), 'utf8'));
  assert.deepEqual(json, yaml, 'the JSON and YAML downloads hold the same document');
  assert.equal(yaml.asyncapi, '3.0.0');
  assert.deepEqual(Object.keys(yaml.channels).sort(), Object.keys(source.channels).sort());
  assert.deepEqual(Object.keys(yaml.operations).sort(), Object.keys(source.operations).sort());
  assert.deepEqual(Object.keys(yaml.components.messages).sort(), Object.keys(source.components.messages).sort());
  // Bundled: the OpenAPI schemas it reuses are inside it, so no $ref points at another file.
  const refs = JSON.stringify(json).match(/"\$ref":"[^"]*"/g) ?? [];
  assert.ok(refs.length > 0);
  assert.deepEqual(
    refs.filter((r) => !r.startsWith('"$ref":"#/')),
    [],
  );
  assert.ok(yaml.components.schemas.Quote && yaml.components.schemas.Transaction, 'the Quote and Transaction schemas are bundled in');
  assert.deepEqual(await parserProblems(SITE_ROOT, path.relative(SITE_ROOT, path.join(OUT, `${ASYNCAPI_ARTEFACT}.yaml`))), []);
});

test('each workflow is published as YAML and bundled JSON, pointing at the published spec downloads', () => {
  const files = workflowFiles(SITE_ROOT);
  assert.ok(files.length >= 8);
  for (const file of files) {
    const id = workflowIdOfFile(file);
    const yaml = parse(fs.readFileSync(path.join(SITE_ROOT, 'build', workflowDownloadPath(id, 'yaml')), 'utf8')) as ArazzoDocument;
    const json = JSON.parse(fs.readFileSync(path.join(SITE_ROOT, 'build', workflowDownloadPath(id, 'json')), 'utf8')) as ArazzoDocument;
    assert.equal(json.workflows[0].workflowId, id);
    assert.deepEqual(json.workflows, yaml.workflows, id);
    for (const [ext, doc] of [
      ['yaml', yaml],
      ['json', json],
    ] as const) {
      for (const s of doc.sourceDescriptions) {
        const at = new URL(s.url, `https://site.invalid${workflowDownloadPath(id, ext)}`).pathname;
        assert.ok(at.endsWith(`.${ext}`) && fs.existsSync(path.join(SITE_ROOT, 'build', at)), `${id}.arazzo.${ext}: ${s.url} is a published download (${at})`);
      }
    }
  }
});

test("llms.txt's Workflows section lists each workflow with its downloads, and its page's copy when the page is built", () => {
  const llms = fs.readFileSync(path.join(SITE_ROOT, 'build', 'llms.txt'), 'utf8');
  const at = llms.indexOf(`\n${WORKFLOWS_HEADING}\n`);
  assert.ok(at > 0, 'llms.txt has the Workflows section');
  const section = llms.slice(at);
  for (const file of workflowFiles(SITE_ROOT)) {
    const id = workflowIdOfFile(file);
    const entry = section.split('\n').find((l) => l.includes(`${SITE_URL}${workflowDownloadPath(id, 'yaml')}`));
    assert.ok(entry && entry.includes(`${SITE_URL}${workflowDownloadPath(id, 'json')}`), `${id}: both downloads`);
    const page = fs.existsSync(path.join(SITE_ROOT, 'build', `${workflowRoute(id)}.md`));
    assert.equal(entry.includes(`](${SITE_URL}${workflowRoute(id)}.md)`), page, `${id}: its page's copy linked${page ? '' : ' (no page in this build)'}`);
  }
});

test('the WebSocket guide links the AsyncAPI downloads', () => {
  const html = fs.readFileSync(path.join(SITE_ROOT, 'build', 'docs', 'guides', 'websocket-guide.html'), 'utf8');
  for (const file of [`${ASYNCAPI_ARTEFACT}.yaml`, `${ASYNCAPI_ARTEFACT}.json`]) {
    assert.match(html, new RegExp(`href="?/openapi/${file.replace(/\./g, '\\.')}"?[ >]`), file);
  }
});

test('the overview page links every download', () => {
  const html = fs.readFileSync(path.join(SITE_ROOT, 'build', 'docs', 'api', 'overview.html'), 'utf8');
  const asyncapi = [`${ASYNCAPI_ARTEFACT}.yaml`, `${ASYNCAPI_ARTEFACT}.json`];
  const oas31 = ['novaramp', ...API_SPECS].flatMap((a) => [`${a}.oas31.yaml`, `${a}.oas31.json`]);
  for (const file of ['novaramp.yaml', 'novaramp.json', 'novaramp.postman_collection.json', ...API_SPECS.map((a) => `${a}.yaml`), ...oas31, ...asyncapi]) {
    assert.match(html, new RegExp(`href="?/openapi/${file.replace(/\./g, '\\.')}"?[ >]`), file);
    assert.ok(fs.existsSync(path.join(OUT, file)), `${file} is in the build`);
  }
});

test('llms.txt lists every page with a summary; each operation page exists as Markdown with method, path, parameters and examples', () => {
  const llms = fs.readFileSync(path.join(SITE_ROOT, 'build', 'llms.txt'), 'utf8');
  assert.match(llms, new RegExp(`^# ${BRAND} developer documentation`));
  for (const op of operations) {
    assert.ok(llms.includes(`](${SITE_URL}/docs${op.slug}.md): `), `${op.slug} listed with a summary`);
    const md = fs.readFileSync(path.join(SITE_ROOT, 'build', `docs${op.slug}.md`), 'utf8');
    assert.ok(md.includes(op.method.toUpperCase()), `${op.slug}.md has the method`);
    assert.ok(md.includes(op.path), `${op.slug}.md has the path`);
    for (const param of op.path.match(/\{([^}]+)\}/g) ?? []) {
      assert.ok(md.includes(`**\`${param.slice(1, -1)}\`**`), `${op.slug}.md documents the parameter ${param}`);
    }
    if (op.method === 'post') assert.ok(md.includes('**`Idempotency-Key`**'), `${op.slug}.md documents Idempotency-Key`);
    assert.match(md, /```[a-z]*\n\{\n\n? {2}"[a-z_]+": /, `${op.slug}.md has a JSON example`);
  }
  for (const route of ['/docs/guides/welcome-guide', '/docs/guides/terminology/kyc', '/docs/api/error-handling']) {
    assert.ok(llms.includes(`](${SITE_URL}${route}.md)`), route);
  }
  assert.ok(fs.statSync(path.join(SITE_ROOT, 'build', 'llms-full.txt')).size > fs.statSync(path.join(SITE_ROOT, 'build', 'llms.txt')).size);
});
