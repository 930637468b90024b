/**
 * The classification of tools/spec-diff on small documents: the fourteen cases of issue #12
 * (tests/fixtures/diff/cases.yaml) and the cases of the rules it adds (cases-extra.yaml). Each case's changes
 * match its expectations exactly, and together the cases apply every classification rule of tools/spec-diff/rules.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {parse, parseDocument} from 'yaml';
import {SITE_ROOT} from '../../../tools/cli';
import {classifySpecs, type ClassifiedChange, type SpecSnapshot} from '../../../tools/spec-diff';
import {compareOpenApi} from '../../../tools/spec-diff/engine';
import {CLASSIFICATION_RULES} from '../../../tools/spec-diff/rules';

const FIXTURES = path.join(SITE_ROOT, 'tests/fixtures/diff');

interface Edit {
  path: (string | number)[];
  set?: unknown;
  delete?: boolean;
}
interface Expectation {
  kind: string;
  action: string;
  target: string;
  name: string;
}
interface Case {
  case: string;
  document?: 'websocket';
  before?: Edit[];
  edits: Edit[];
  expect: Expectation[];
}

function edited(file: string, edits: Edit[] = []): Record<string, unknown> {
  const doc = parseDocument(fs.readFileSync(path.join(FIXTURES, file), 'utf8'));
  for (const e of edits) {
    if (e.delete) {
      assert.ok(doc.hasIn(e.path), `${file}: nothing to delete at ${e.path.join('.')}`);
      doc.deleteIn(e.path);
    } else {
      doc.setIn(e.path, doc.createNode(e.set));
    }
  }
  return doc.toJS() as Record<string, unknown>;
}

function run(c: Case): ClassifiedChange[] {
  const file = c.document === 'websocket' ? 'base.asyncapi.yaml' : 'base.yaml';
  const snapshot = (edits: Edit[] | undefined, version: string): SpecSnapshot =>
    c.document === 'websocket' ? {version, apis: {}, websocket: edited(file, edits)} : {version, apis: {widgets: edited(file, edits)}};
  return classifySpecs(snapshot(c.before, '1.0.0'), snapshot(c.edits, '1.1.0'));
}

/** The name in backticks in the message, or a field path ending in it (`data[].amount` for `amount`), or words of it. */
const names = (message: string, name: string) =>
  [...message.matchAll(/`([^`]+)`/g)].some(([, token]) => token === name || token.endsWith(`.${name}`)) ||
  (name.includes(' ') && message.includes(` ${name} `));

const matches = (e: Expectation, c: ClassifiedChange) =>
  c.change.kind === e.kind && c.change.action === e.action && c.change.target === e.target && names(c.change.message, e.name);

const describe = (c: ClassifiedChange) => `${c.change.kind} ${c.change.action} ${c.change.target} [${c.rule}] ${c.change.message}`;

const load = (file: string): Case[] => parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8')) as Case[];
const issueCases = load('cases.yaml');
const extraCases = load('cases-extra.yaml');
const applied = new Set<string>();

test('the fixtures hold the fourteen cases of issue #12', () => {
  assert.deepEqual(
    issueCases.map((c) => c.case),
    [
      'removed operation',
      'removed response field',
      'new required request field',
      'new optional request field',
      'request enum narrowed',
      'response enum widened',
      'type changed',
      'required path parameter renamed',
      'new operation',
      'new webhook event',
      'field deprecated',
      'description changed',
      'security requirement added',
      'server removed',
    ],
  );
});

for (const c of [...issueCases, ...extraCases]) {
  test(`classifies: ${c.case}`, () => {
    const changes = run(c);
    const report = changes.map(describe).join('\n');
    assert.ok(changes.length > 0, `${c.case}: no change found`);
    for (const change of changes) {
      assert.ok(
        c.expect.some((e) => matches(e, change)),
        `${c.case}: unexpected change\n  ${describe(change)}\nall changes:\n${report}`,
      );
      applied.add(change.rule);
    }
    for (const e of c.expect) {
      assert.ok(
        changes.some((change) => matches(e, change)),
        `${c.case}: expected ${JSON.stringify(e)}\nfound:\n${report}`,
      );
    }
    for (const change of changes) {
      assert.ok(change.change.pointer.startsWith('/'), `${describe(change)}: a JSON pointer`);
      assert.equal(change.change.location, undefined, 'documents without source files have no locations');
    }
  });
}

test('the cases apply every classification rule of tools/spec-diff/rules.ts', () => {
  const missing = Object.keys(CLASSIFICATION_RULES).filter((rule) => !applied.has(rule));
  assert.deepEqual(missing, [], `rules no case applies (add one to tests/fixtures/diff/cases-extra.yaml): ${missing.join(', ')}`);
});

test('leaving out the items the same in both documents finds what comparing the whole documents finds', () => {
  // Every case, and changes an unchanged operation would show only if api-smart-diff followed more than its `$ref`s
  // (tools/spec-diff/engine.ts assumes it does not): its security scheme, the servers it inherits, a schema named
  // only by a discriminator's mapping.
  const mapping = {
    path: ['components', 'schemas', 'Widget', 'properties', 'owner'],
    set: {type: 'object', discriminator: {propertyName: 'kind', mapping: {person: '#/components/schemas/Person'}}},
  };
  const indirect: Pick<Case, 'case' | 'before' | 'edits'>[] = [
    {case: 'security scheme changed', edits: [{path: ['components', 'securitySchemes', 'ApiKey', 'scheme'], set: 'basic'}]},
    {case: 'server changed', edits: [{path: ['servers', 0, 'url'], set: 'https://api.sandbox.widgets.example/v2'}]},
    {
      case: 'schema behind a mapping changed',
      before: [mapping],
      edits: [mapping, {path: ['components', 'schemas', 'Person', 'properties', 'email'], delete: true}],
    },
  ];
  const all = [...issueCases, ...extraCases].filter((c) => c.document !== 'websocket');
  for (const c of [...all, ...indirect]) {
    const [before, after] = [edited('base.yaml', c.before), edited('base.yaml', c.edits)];
    const found = (whole: boolean) =>
      compareOpenApi(before, after, {whole})
        .map((d) => JSON.stringify(d))
        .sort();
    const whole = found(true);
    assert.ok(whole.length > 0, `${c.case}: a difference`);
    assert.deepEqual(found(false), whole, c.case);
  }
});
