/**
 * The portal's own spec through the reference model (tools/reference), every operation and webhook of the eight
 * APIs: the model finds nothing wrong (no `allOf` whose parts conflict, no `$ref` to nothing, no link that leads
 * nowhere), shows nothing apart (every schema of every page is on the page itself, as before), and nothing is lost:
 * every property reachable from an operation is a row of its page and an item of its Markdown copy, with its type,
 * required flag and constraints, and every description the spec gives it (tools/reference/completeness.ts). No build
 * needed.
 */
import assert from 'node:assert/strict';
import {before, test} from 'node:test';
import {API_SPECS, specPath} from '../../../src/data/api-table';
import {SITE_ROOT} from '../../../tools/cli';
import type {ApiDocument} from '../../../tools/openapi/document';
import {loadApi} from '../../../tools/openapi/load';
import {buildOperationModel} from '../../../tools/reference/build';
import {linkProblems, lostDescriptions, lostRows, type Renderings} from '../../../tools/reference/completeness';
import {renderReferenceHtml} from '../../../tools/reference/html';
import {operationMarkdown} from '../../../tools/reference/markdown';
import type {OperationModel} from '../../../tools/reference/model';

const models: OperationModel[] = [];
const specs = new Map<string, ApiDocument>();
const pages = new Map<string, {renderings: Renderings; htmlProblems: string[]}>();

before(async () => {
  for (const api of API_SPECS) {
    const doc = await loadApi(specPath(api), {siteDir: SITE_ROOT});
    for (const op of doc.operations()) {
      const model = buildOperationModel(doc, op, {api});
      const ctx = {foreign: false, componentFile: () => 'unused.json', links: [] as string[], problems: [] as string[]};
      const renderings: Renderings = {
        html: new Map([['operation', renderReferenceHtml(model, ctx)]]),
        markdown: new Map([['operation', operationMarkdown({model, codeSamples: [], hasMarkdown: () => true})]]),
        component: () => assert.fail(`${model.operationId} shows a component apart`),
        page: (operationId) => models.find((m) => m.operationId === operationId),
      };
      pages.set(model.operationId, {renderings, htmlProblems: ctx.problems});
      specs.set(model.operationId, doc);
      models.push(model);
    }
  }
});

test('every operation of the eight APIs has a model with no problem, nothing shown apart and no link that leads nowhere', () => {
  assert.ok(models.length >= 79, `${models.length} operations`);
  assert.deepEqual(
    models.flatMap((m) => m.problems.map((p) => `${p.at}: ${m.operationId}: ${p.message}`)),
    [],
  );
  assert.deepEqual(
    models.filter((m) => m.refs.length).map((m) => `${m.operationId} shows ${m.refs.map((r) => r.name).join(', ')} apart`),
    [],
  );
  assert.deepEqual(
    [...pages].flatMap(([id, p]) => p.htmlProblems.map((problem) => `${id}: ${problem}`)),
    [],
  );
});

test('every property reachable from an operation is on its page and in its copy, with its type, required flag and constraints', () => {
  const lost = models.flatMap((model) => lostRows(model, pages.get(model.operationId)!.renderings).map((m) => `${model.operationId}: ${m}`));
  assert.deepEqual(lost, []);
});

test('every description the spec gives what an operation shows is on its page and in its copy, also one inside an allOf part', () => {
  const lost = models.flatMap((model) =>
    lostDescriptions(specs.get(model.operationId)!, model, pages.get(model.operationId)!.renderings).map((m) => `${model.operationId}: ${m}`),
  );
  assert.deepEqual(lost, []);
});

test('every link of every page leads to an element a reader can reach from it, and every id is unique', () => {
  const problems = models.flatMap((model) => linkProblems(model, pages.get(model.operationId)!.renderings).map((p) => `${model.operationId}: ${p}`));
  assert.deepEqual(problems, []);
});

test('no example shown contradicts the values its field allows (a narrowed `$ref` keeps only examples of its enum)', () => {
  // An event's `type` narrows the envelope's WebhookEventType to its own values; the component's example is another
  // event's type.
  const contradictions: string[] = [];
  const visit = (node: unknown, where: string): void => {
    if (Array.isArray(node)) return node.forEach((n) => visit(n, where));
    if (!node || typeof node !== 'object') return;
    const o = node as {kind?: string; enum?: unknown[]; examples?: unknown[]; pointer?: string};
    if (o.kind === 'schema' && Array.isArray(o.enum) && Array.isArray(o.examples)) {
      for (const e of o.examples) {
        if (!o.enum.some((v) => JSON.stringify(v) === JSON.stringify(e))) contradictions.push(`${where} ${o.pointer}: example ${JSON.stringify(e)}`);
      }
    }
    for (const value of Object.values(node)) visit(value, where);
  };
  for (const m of models) visit(m, m.operationId);
  assert.ok(
    models.some((m) => m.operationId === 'accountUpdatedEvent'),
    'the account.updated event is a model',
  );
  assert.deepEqual(contradictions, []);
});
