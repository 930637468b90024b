/**
 * The workflows as downloads (tools/workflows/publish.ts, written by tools/spec/spec-bundle.ts into /openapi/workflows/):
 * the YAML is the document as written, the JSON the same document bundled, and each source description points at
 * the published bundle of its API (which has every operation the steps call), never at a source file.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';
import {parse} from 'yaml';
import {API_SPECS} from '../../../src/data/api-table';
import {SITE_ROOT} from '../../../tools/cli';
import {cachedBundle} from '../../../tools/spec/spec-bundle-cache';
import {publishWorkflows, WORKFLOW_ARTEFACT_FOLDER, workflowDownloadPath} from '../../../tools/workflows/publish';
import {parseOperationId, workflowFiles, workflowIdOfFile, type ArazzoDocument} from '../../../tools/workflows/workflows';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-workflow-downloads-'));
after(() => fs.rmSync(scratch, {recursive: true, force: true}));

const files = workflowFiles(SITE_ROOT);
const ids = files.map(workflowIdOfFile);
/** Where a download's source description leads on the site: `../quotes.json` from /openapi/workflows/x → /openapi/quotes.json. */
const resolved = (id: string, ext: 'yaml' | 'json', url: string): string => new URL(url, `https://site.invalid${workflowDownloadPath(id, ext)}`).pathname;

test('every workflow is published as YAML, as written, and as bundled JSON pointing at the published specs', () => {
  const out = path.join(scratch, 'published');
  assert.ok(files.length >= 8, `${files.length} workflows`);
  assert.deepEqual(publishWorkflows(SITE_ROOT, out), ids.flatMap((id) => [`${id}.arazzo.json`, `${id}.arazzo.yaml`]).sort());
  assert.deepEqual(fs.readdirSync(out).sort(), ids.flatMap((id) => [`${id}.arazzo.json`, `${id}.arazzo.yaml`]).sort(), 'nothing else is left');
  const downloads = new Set(API_SPECS.flatMap((api) => [`/openapi/${api}.yaml`, `/openapi/${api}.json`]));
  for (const [i, id] of ids.entries()) {
    const source = fs.readFileSync(files[i], 'utf8');
    const yamlText = fs.readFileSync(path.join(out, `${id}.arazzo.yaml`), 'utf8');
    assert.equal(yamlText, source, `${id}.arazzo.yaml is the document as written (its sources already read ../<api>.yaml)`);
    const yaml = parse(yamlText) as ArazzoDocument;
    const json = JSON.parse(fs.readFileSync(path.join(out, `${id}.arazzo.json`), 'utf8')) as ArazzoDocument;
    assert.deepEqual(Object.keys(json).slice(0, 4), ['arazzo', 'info', 'sourceDescriptions', 'workflows'], `${id}.arazzo.json keeps the specification's order`);
    for (const [ext, doc] of [
      ['yaml', yaml],
      ['json', json],
    ] as const) {
      for (const s of doc.sourceDescriptions) {
        const at = resolved(id, ext, s.url);
        assert.ok(
          downloads.has(at) && at.endsWith(`.${ext}`),
          `${id}.arazzo.${ext}: source ${s.name} (${s.url}) leads to ${at}, a published ${ext.toUpperCase()} spec`,
        );
      }
    }
    const withYamlSources = {...json, sourceDescriptions: json.sourceDescriptions.map((s) => ({...s, url: s.url.replace(/\.json$/, '.yaml')}))};
    assert.deepEqual(withYamlSources, yaml, `${id}.arazzo.json is the same document as the YAML`);
  }
});

test('a source description that is not a root of the eight APIs is refused', () => {
  const site = path.join(scratch, 'site');
  fs.mkdirSync(path.join(site, 'openapi', 'workflows'), {recursive: true});
  fs.writeFileSync(
    path.join(site, 'openapi', 'workflows', 'w.arazzo.yaml'),
    'arazzo: 1.0.1\ninfo: {title: W, version: 1.0.0}\nsourceDescriptions:\n  - {name: x, url: ../paths/accounts.yaml, type: openapi}\nworkflows: []\n',
  );
  fs.symlinkSync(path.join(SITE_ROOT, 'node_modules'), path.join(site, 'node_modules'));
  fs.copyFileSync(path.join(SITE_ROOT, 'redocly.yaml'), path.join(site, 'redocly.yaml'));
  assert.throws(
    () => publishWorkflows(site, path.join(site, 'out')),
    /openapi\/workflows\/w\.arazzo\.yaml: source description \.\.\/paths\/accounts\.yaml is not a root of the eight APIs/,
  );
});

test('the spec downloads carry the workflows, and each step calls an operation of the download its source leads to', async () => {
  const bundle = await cachedBundle(SITE_ROOT);
  for (const id of ids) {
    const doc = JSON.parse(fs.readFileSync(path.join(bundle, WORKFLOW_ARTEFACT_FOLDER, `${id}.arazzo.json`), 'utf8')) as ArazzoDocument;
    assert.ok(fs.existsSync(path.join(bundle, WORKFLOW_ARTEFACT_FOLDER, `${id}.arazzo.yaml`)), `${id}.arazzo.yaml`);
    const specs = new Map(
      doc.sourceDescriptions.map((s) => [
        s.name,
        JSON.parse(fs.readFileSync(path.join(bundle, path.basename(s.url)), 'utf8')) as {paths: Record<string, Record<string, {operationId?: string}>>},
      ]),
    );
    for (const step of doc.workflows[0].steps) {
      const {source, operationId} = parseOperationId(step.operationId ?? '');
      const spec = specs.get(source ?? '');
      assert.ok(spec, `${id}: step ${step.stepId} names a source`);
      const ops = Object.values(spec.paths).flatMap((item) => Object.values(item).map((op) => op?.operationId));
      assert.ok(ops.includes(operationId), `${id}: step ${step.stepId} calls ${operationId}, which the published ${source} spec has`);
    }
  }
});
