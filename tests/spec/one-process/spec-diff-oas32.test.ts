/**
 * The breaking-change gate reads OpenAPI 3.2: a 3.1 → 3.2 version bump and new nested tags are documentation, matched
 * by tag name; an operation of `query` or of `additionalOperations` is compared as any other (added, changed,
 * removed), named by its method and pointed at where the document has it. api-smart-diff knows only 3.1's methods:
 * before tools/spec-diff/walk.ts methodsApart, a `query` operation read as a field of `get`.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {diffSpecs, type SpecSnapshot} from '../../../tools/spec-diff/index';

const problem = {description: 'Not found.', content: {'application/problem+json': {schema: {type: 'object'}}}};
const listOperation = (operationId: string, field = 'id') => ({
  operationId,
  summary: `${operationId} summary`,
  tags: ['Refunds'],
  responses: {
    '200': {description: 'The list.', content: {'application/json': {schema: {type: 'object', required: [field], properties: {[field]: {type: 'string'}}}}}},
    '404': problem,
  },
});

function doc(version: string, item: Record<string, unknown>, tags: unknown[]): Record<string, unknown> {
  return {openapi: version, info: {title: 'Refunds', version: '1'}, tags, paths: {'/refunds': item}};
}

const snapshot = (version: string, api: Record<string, unknown>): SpecSnapshot => ({version, apis: {refunds: api}});

const flatTags = [{name: 'Refunds', description: 'Refunds.'}];
const nestedTags = [
  {name: 'Payments', kind: 'nav', summary: 'Payments', description: 'Money in and out.'},
  {name: 'Refunds', parent: 'Payments', kind: 'nav', summary: 'Refunds', description: 'Refunds.'},
];

test('the 3.1 → 3.2 bump and nested tags are documentation, each tag named once', () => {
  const base = snapshot('1.0.0', doc('3.1.0', {get: listOperation('listRefunds')}, flatTags));
  const head = snapshot('working', doc('3.2.0', {get: listOperation('listRefunds')}, nestedTags));
  const changes = diffSpecs(base, head);
  assert.deepEqual(
    changes.map((c) => [c.kind, c.pointer, c.message]),
    [
      ['documentation', '/openapi', 'Documentation changed: `openapi` (from 3.1.0 to 3.2.0).'],
      ['documentation', '/tags/0', 'Documentation changed: `tags` (`Payments` added).'],
      ['documentation', '/tags/1', 'Documentation changed: `tags` (`Refunds`: `parent`, `kind`, `summary`).'],
    ],
  );
});

test('a query and an additionalOperations operation are added, changed and removed like any operation', () => {
  const get = listOperation('listRefunds');
  const v1 = snapshot('1.0.0', doc('3.2.0', {get}, flatTags));
  const v2 = snapshot(
    '1.1.0',
    doc('3.2.0', {get, query: listOperation('searchRefunds'), additionalOperations: {PURGE: listOperation('purgeRefunds')}}, flatTags),
  );
  assert.deepEqual(
    diffSpecs(v1, v2).map((c) => [c.kind, c.operation?.method, c.pointer, c.operation?.operationId]),
    [
      ['non-breaking', 'query', '/paths/~1refunds/query', 'searchRefunds'],
      ['non-breaking', 'purge', '/paths/~1refunds/additionalOperations/PURGE', 'purgeRefunds'],
    ],
  );

  // A field its response no longer has, and a response removed: breaking, where the document has them.
  const v3 = snapshot(
    '2.0.0',
    doc(
      '3.2.0',
      {get, query: listOperation('searchRefunds', 'other'), additionalOperations: {PURGE: {...listOperation('purgeRefunds'), responses: {'404': problem}}}},
      flatTags,
    ),
  );
  const changed = diffSpecs(v2, v3);
  assert.ok(
    changed.some((c) => c.kind === 'breaking' && c.operation?.method === 'query' && c.pointer.startsWith('/paths/~1refunds/query/responses/200')),
    JSON.stringify(changed),
  );
  assert.ok(
    changed.some((c) => c.kind === 'breaking' && c.operation?.method === 'purge' && c.pointer === '/paths/~1refunds/additionalOperations/PURGE/responses/200'),
    JSON.stringify(changed),
  );
  assert.ok(
    changed.every((c) => c.operation?.method !== 'get'),
    'nothing of them is read as a change of GET',
  );

  // Both removed: breaking removals of QUERY and PURGE, GET untouched.
  const removed = diffSpecs(v2, v1);
  assert.deepEqual(
    removed.map((c) => [c.kind, c.operation?.method, c.message]),
    [
      ['breaking', 'query', 'Removed operation `QUERY /refunds`.'],
      ['breaking', 'purge', 'Removed operation `PURGE /refunds`.'],
    ],
  );
});
