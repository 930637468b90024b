/**
 * The deprecation rules of redocly.yaml (`rule/deprecation-*`): each fails on tests/fixtures/diff/rules/deprecation.yaml
 * at the lines marked `# expect: <rule id>` and nowhere else, none fires on conforming.yaml (deprecated operations,
 * parameters, fields and events done right), and the shared headers they ask for exist. And the gate's union rules
 * (tools/spec-diff/classify.ts): a `discriminator` stated on a union its variants are already told apart by is
 * non-breaking, anything less stays breaking; a schema that becomes a union of its refinements sends fewer values;
 * a union with `null` written as a named nullable schema with the same constraints only changes its title
 * (tools/spec-diff/same-values.ts), anything that accepts other values stays breaking.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {parse, stringify} from 'yaml';
import {bin, run, SITE_ROOT} from '../../../tools/cli';
import {classifySpecs, type ClassifiedChange} from '../../../tools/spec-diff';
import {compareOpenApi} from '../../../tools/spec-diff/engine';
import {stylishProblems} from '../../helpers/redocly-rules';

const FIXTURES = 'tests/fixtures/diff/rules';
const PREFIX = 'rule/deprecation-';

const key = (p: {file: string; line: number; rule: string}) => `${p.file}:${p.line} ${p.rule}`;

function deprecationRules(): Record<string, unknown> {
  const config = parse(fs.readFileSync(path.join(SITE_ROOT, 'redocly.yaml'), 'utf8')) as {rules: Record<string, unknown>};
  return Object.fromEntries(Object.entries(config.rules).filter(([id]) => id.startsWith(PREFIX)));
}

test('each deprecation rule fails on its fixture line and nowhere else; the conforming fixture passes', () => {
  const rules = deprecationRules();
  assert.ok(Object.keys(rules).length >= 6, Object.keys(rules).join(', '));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-deprecation-'));
  try {
    const config = path.join(dir, 'redocly.yaml');
    fs.writeFileSync(config, stringify({rules}));
    const files = ['deprecation.yaml', 'conforming.yaml'].map((f) => `${FIXTURES}/${f}`);
    const {status, output} = run(bin('redocly'), ['lint', ...files, '--config', config, '--format=stylish'], SITE_ROOT);
    assert.notEqual(status, 0, output);
    const found = stylishProblems(output);
    const expected = files.flatMap((f) =>
      fs
        .readFileSync(path.join(SITE_ROOT, f), 'utf8')
        .split('\n')
        .flatMap((text, i) => [...text.matchAll(/# expect: (\S+)/g)].map((m) => ({file: f, line: i + 1, rule: m[1]}))),
    );
    assert.deepEqual(found.map(key).sort(), expected.map(key).sort(), output);
    assert.deepEqual([...new Set(expected.map((p) => p.rule))].sort(), Object.keys(rules).sort(), 'the fixture breaks every rule');
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('the shared Deprecation and Sunset headers exist, with examples that match their schemas', () => {
  for (const name of ['Deprecation', 'Sunset']) {
    const header = parse(fs.readFileSync(path.join(SITE_ROOT, `openapi/components/headers/${name}.yaml`), 'utf8')) as {
      schema: {pattern: string};
      example: string;
    };
    assert.match(header.example, new RegExp(header.schema.pattern), name);
  }
});

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** tests/fixtures/diff/base.yaml with `Widget.part` a union of Gadget and Gizmo, each fixing `kind`. */
function taggedWidgets(): Doc {
  const doc = parse(fs.readFileSync(path.join(SITE_ROOT, 'tests/fixtures/diff/base.yaml'), 'utf8')) as Doc;
  doc.components.schemas.Gadget = {type: 'object', required: ['kind', 'id'], properties: {kind: {type: 'string', const: 'gadget'}, id: {type: 'string'}}};
  doc.components.schemas.Gizmo = {type: 'object', required: ['kind'], properties: {kind: {type: 'string', enum: ['gizmo']}}};
  doc.components.schemas.Widget.properties.part = {oneOf: [{$ref: '#/components/schemas/Gadget'}, {$ref: '#/components/schemas/Gizmo'}]};
  return doc;
}

const classify = (before: Doc, after: Doc): ClassifiedChange[] =>
  classifySpecs({version: '1.0.0', apis: {widgets: before}}, {version: '1.1.0', apis: {widgets: after}});
const summary = (changes: ClassifiedChange[]) => changes.map((c) => `${c.change.kind} [${c.rule}] ${c.change.message}`).join('\n');
const MAPPING = {gadget: '#/components/schemas/Gadget', gizmo: '#/components/schemas/Gizmo'};

/** The changes of adding `discriminator` to Widget.part, after `edit` of the new document. */
function withDiscriminator(discriminator: unknown, edit: (doc: Doc) => void = () => {}, headOnly: (doc: Doc) => void = () => {}): ClassifiedChange[] {
  const before = taggedWidgets();
  const after = taggedWidgets();
  after.components.schemas.Widget.properties.part.discriminator = discriminator;
  edit(after);
  edit(before);
  headOnly(after);
  return classify(before, after);
}

test('a discriminator its variants already carry, mapped to each, is non-breaking wherever the union is used', () => {
  const changes = withDiscriminator({propertyName: 'kind', mapping: MAPPING});
  assert.deepEqual(
    changes.map((c) => [c.change.kind, c.rule, c.change.operation?.operationId]),
    [
      ['non-breaking', 'discriminator-stated', 'listWidgets'],
      ['non-breaking', 'discriminator-stated', 'createWidget'],
      ['non-breaking', 'discriminator-stated', 'getWidget'],
      ['non-breaking', 'discriminator-stated', 'widgetCreatedEvent'],
    ],
    summary(changes),
  );
  assert.match(
    changes[2].change.message,
    /field `part` of the `200` response of `GET \/widgets\/\{widget_id\}` states the tag its variants already had \(`kind`, now its `discriminator`\)/,
  );
});

test('a discriminator the variants do not already carry stays breaking', () => {
  const stated = (changes: ClassifiedChange[]) => changes.filter((c) => c.rule === 'discriminator-stated');
  const cases: [string, ClassifiedChange[]][] = [
    ['mapping disagrees with a variant', withDiscriminator({propertyName: 'kind', mapping: {gadget: MAPPING.gizmo, gizmo: MAPPING.gadget}})],
    ['mapping names a value no variant has', withDiscriminator({propertyName: 'kind', mapping: {...MAPPING, gremlin: MAPPING.gizmo}})],
    ['no mapping', withDiscriminator({propertyName: 'kind'})],
    ['another property', withDiscriminator({propertyName: 'id', mapping: MAPPING})],
    [
      'a variant without the property',
      withDiscriminator({propertyName: 'kind', mapping: MAPPING}, (doc) => {
        doc.components.schemas.Gizmo = {type: 'object', properties: {size: {type: 'integer'}}};
      }),
    ],
    [
      'a variant that does not require it',
      withDiscriminator({propertyName: 'kind', mapping: MAPPING}, (doc) => {
        doc.components.schemas.Gizmo.required = [];
      }),
    ],
  ];
  for (const [name, changes] of cases) {
    assert.deepEqual(stated(changes), [], `${name}:\n${summary(changes)}`);
    assert.ok(
      changes.some((c) => c.change.kind === 'breaking'),
      `${name}: breaking, as before the rule\n${summary(changes)}`,
    );
  }
  // The same discriminator with a field of a variant removed: the removal is judged, not hidden.
  const removed = withDiscriminator({propertyName: 'kind', mapping: MAPPING}, undefined, (doc) => {
    delete doc.components.schemas.Gadget.properties.id;
    doc.components.schemas.Gadget.required = ['kind'];
  });
  assert.deepEqual(stated(removed), [], summary(removed));
  assert.ok(
    removed.some((c) => c.change.kind === 'breaking'),
    summary(removed),
  );
  // The same discriminator, with another edit of the union: the edit is judged, not hidden.
  const before = taggedWidgets();
  const after = taggedWidgets();
  after.components.schemas.Widget.properties.part = {
    oneOf: [...after.components.schemas.Widget.properties.part.oneOf, {type: 'null'}],
    discriminator: {propertyName: 'kind', mapping: MAPPING},
  };
  const widened = classify(before, after);
  assert.deepEqual(stated(widened), [], summary(widened));
  assert.ok(
    widened.some((c) => c.change.kind === 'breaking'),
    summary(widened),
  );
});

/** base.yaml with the list's items, or the create request, made a oneOf of `variants` (each an allOf with Widget or not). */
function refined(where: 'items' | 'request', variants: Doc[]): ClassifiedChange[] {
  const before = parse(fs.readFileSync(path.join(SITE_ROOT, 'tests/fixtures/diff/base.yaml'), 'utf8')) as Doc;
  const after = structuredClone(before);
  const schemas = after.components.schemas;
  const target = where === 'items' ? 'Widget' : 'CreateWidgetRequest';
  const refs = variants.map((v, i) => {
    schemas[`Variant${i}`] = v.allOf === undefined ? v : {allOf: v.allOf.map((p: unknown) => (p === 'target' ? {$ref: `#/components/schemas/${target}`} : p))};
    return {$ref: `#/components/schemas/Variant${i}`};
  });
  const union = {oneOf: refs};
  if (where === 'items') after.paths['/widgets'].get.responses['200'].content['application/json'].schema.properties.data.items = union;
  else after.paths['/widgets'].post.requestBody.content['application/json'].schema = union;
  return classify(before, after);
}

test('an object that becomes a union of its refinements: fewer values, non-breaking received, breaking sent', () => {
  const statuses = ['active', 'disabled'].map((s) => ({allOf: ['target', {properties: {status: {const: s}}}]}));
  const received = refined('items', statuses);
  assert.deepEqual(
    received.map((c) => [c.change.kind, c.rule, c.change.message]),
    [
      [
        'non-breaking',
        'response-values-narrowed',
        'The field `data[]` of the `200` response of `GET /widgets` changed (now one of 2 variants that each narrow it).',
      ],
    ],
  );
  const sent = refined(
    'request',
    ['red', 'blue'].map((c) => ({allOf: ['target', {properties: {color: {const: c}}}]})),
  );
  assert.deepEqual(
    sent.map((c) => [c.change.kind, c.rule]),
    [['breaking', 'request-values-narrowed']],
    summary(sent),
  );
  // A variant that is not the old object with more said about it: not a refinement, judged as before.
  const other = refined('items', [statuses[0], {type: 'object', properties: {id: {type: 'string'}}}]);
  assert.ok(!other.some((c) => c.rule === 'response-values-narrowed' && c.change.message.includes('variants that each narrow it')), summary(other));
  assert.ok(
    other.some((c) => c.change.kind === 'breaking'),
    summary(other),
  );
});

test('a description added to a union is documentation; with a variant changed too, the change is judged', () => {
  const before = taggedWidgets();
  const after = taggedWidgets();
  after.components.schemas.Widget.properties.part.description = 'The gadget or gizmo the widget is made of.';
  after.components.schemas.Gizmo.description = 'A gizmo.';
  const documented = classify(before, after);
  assert.ok(documented.length >= 4, summary(documented));
  assert.deepEqual([...new Set(documented.map((c) => `${c.change.kind} ${c.rule}`))], ['documentation documentation-changed'], summary(documented));
  assert.ok(
    documented.some((c) => /Documentation of field `part` in the event payload of `widget.created` changed \(`description`\)/.test(c.change.message)),
    summary(documented),
  );
  delete after.components.schemas.Gadget.properties.id;
  after.components.schemas.Gadget.required = ['kind'];
  const removed = classify(before, after);
  assert.ok(
    removed.some((c) => c.change.kind === 'breaking'),
    summary(removed),
  );
});

/**
 * base.yaml with Widget.tag a `TaggedA`: an allOf of the envelope `Tag` and its own part (narrowing `kind`, its
 * `data.holder` a Person or a Robot), in the order given; `edit` changes the document after.
 */
function taggedA(ownFirst: boolean, edit: (doc: Doc) => void = () => {}): Doc {
  const doc = parse(fs.readFileSync(path.join(SITE_ROOT, 'tests/fixtures/diff/base.yaml'), 'utf8')) as Doc;
  const schemas = doc.components.schemas;
  schemas.Tag = {
    type: 'object',
    required: ['kind', 'data'],
    properties: {
      kind: {type: 'string', enum: ['a', 'b']},
      data: {type: 'object', required: ['holder'], properties: {holder: {type: 'object', description: 'Who holds it.'}}},
    },
  };
  schemas.Robot = {title: 'Robot', type: 'object', required: ['serial'], properties: {serial: {type: 'string'}}};
  const holder = {oneOf: [{$ref: '#/components/schemas/Person'}, {$ref: '#/components/schemas/Robot'}]};
  const own = {type: 'object', properties: {kind: {type: 'string', enum: ['a']}, data: {type: 'object', required: ['holder'], properties: {holder}}}};
  const envelope = {$ref: '#/components/schemas/Tag'};
  schemas.TaggedA = {allOf: ownFirst ? [own, envelope] : [envelope, own]};
  schemas.Widget.properties.tag = {$ref: '#/components/schemas/TaggedA'};
  edit(doc);
  return doc;
}

/** A description added to the union inside TaggedA's own part: what made api-smart-diff misread the reorder. */
const describeHolder = (doc: Doc) => {
  const own = doc.components.schemas.TaggedA.allOf.find((p: Doc) => p.$ref === undefined);
  own.properties.data.properties.holder.description = 'The person or robot.';
};

test('the same allOf parts in another order: one non-breaking finding, the parts compared by what they say', () => {
  const before = taggedA(false, describeHolder);
  const after = taggedA(true, describeHolder);
  const changes = classify(before, after);
  assert.deepEqual(
    changes.map((c) => [c.change.kind, c.rule, c.change.message]),
    [['non-breaking', 'allof-reordered', 'The `allOf` of `TaggedA` lists its parts in another order.']],
  );
  // With a description added on the way, that is all there is besides; compared by position, parts were removed.
  const described = classify(taggedA(false), after);
  assert.deepEqual([...new Set(described.map((c) => `${c.change.kind} ${c.rule}`))].sort(), [
    'documentation documentation-changed',
    'non-breaking allof-reordered',
  ]);
  assert.ok(
    described.some((c) => /Documentation of field `tag.data.holder` in the `200` response of `GET \/widgets\/\{widget_id\}` changed/.test(c.change.message)),
    summary(described),
  );
  const byPosition = compareOpenApi(taggedA(false), after).filter((d) => d.type === 'breaking');
  assert.ok(byPosition.length > 0, 'api-smart-diff alone reads the reordered parts as breaking (the case this rule is for)');
  // What the client sends, reordered: the same values accepted.
  const request = (ownFirst: boolean) =>
    taggedA(ownFirst, (doc) => {
      doc.components.schemas.CreateWidgetRequest.properties.tag = {$ref: '#/components/schemas/TaggedA'};
    });
  const sent = classify(request(false), request(true));
  assert.deepEqual(
    sent.map((c) => [c.change.kind, c.rule]),
    [['non-breaking', 'allof-reordered']],
    summary(sent),
  );
});

test('reordered allOf parts with anything else changed in them stay breaking, the change named', () => {
  const cases: [string, (doc: Doc) => void, RegExp][] = [
    [
      'a part no longer requires a field',
      (doc) => {
        doc.components.schemas.Tag.required = ['data'];
      },
      /field `tag.kind` of the `200` response of `GET \/widgets\/\{widget_id\}` is no longer always present/,
    ],
    [
      'a part names another schema',
      (doc) => {
        doc.components.schemas.Tag2 = {type: 'object', properties: {kind: {type: 'string'}}};
        doc.components.schemas.TaggedA.allOf[1] = {$ref: '#/components/schemas/Tag2'};
      },
      /Removed field `data\[\]\.tag\.data` from the `200` response of `GET \/widgets`/,
    ],
    [
      'a part left out',
      (doc) => {
        doc.components.schemas.TaggedA.allOf = [doc.components.schemas.TaggedA.allOf[0]];
      },
      /Removed field `tag` from the `200` response of `GET \/widgets\/\{widget_id\}`/,
    ],
    [
      'one part twice instead of both',
      (doc) => {
        doc.components.schemas.TaggedA.allOf = [doc.components.schemas.TaggedA.allOf[0], doc.components.schemas.TaggedA.allOf[0]];
      },
      /Unclassified change of the field `data\[\]\.tag`/,
    ],
    [
      'the same parts as a oneOf',
      (doc) => {
        doc.components.schemas.TaggedA = {oneOf: doc.components.schemas.TaggedA.allOf};
      },
      /New `oneOf` alternative of field `data\[\]\.tag`/,
    ],
  ];
  for (const [name, edit, breaking] of cases) {
    const changes = classify(taggedA(false), taggedA(true, edit));
    assert.ok(
      changes.some((c) => c.change.kind === 'breaking' && breaking.test(c.change.message)),
      `${name}: breaking\n${summary(changes)}`,
    );
  }
});

const REF_SCHEMA = {type: 'string', title: 'Ref', minLength: 1, maxLength: 64, pattern: '^[a-z0-9-]+$'};
const NULLABLE_REF = {...REF_SCHEMA, type: ['string', 'null'], title: 'NullableRef'};
const refTo = (name: string) => ({$ref: `#/components/schemas/${name}`});

/**
 * base.yaml with a field `ref` in Widget (what the API sends) or in CreateWidgetRequest (what the client sends), set
 * by `field`; `Ref`, `NullableRef` (Ref's constraints, `null` added to its type), `Color` and `NullableColor` exist,
 * `edit` changes the schemas after.
 */
function withRef(where: 'response' | 'request', field: unknown, edit: (schemas: Doc) => void = () => {}): Doc {
  const doc = parse(fs.readFileSync(path.join(SITE_ROOT, 'tests/fixtures/diff/base.yaml'), 'utf8')) as Doc;
  const schemas = doc.components.schemas;
  schemas.Ref = structuredClone(REF_SCHEMA);
  schemas.NullableRef = structuredClone(NULLABLE_REF);
  // An enum with `null` added to its type only: `null` is not among its values.
  schemas.Color = {type: 'string', enum: ['red', 'blue']};
  schemas.NullableColor = {type: ['string', 'null'], enum: ['red', 'blue']};
  schemas[where === 'response' ? 'Widget' : 'CreateWidgetRequest'].properties.ref = structuredClone(field);
  edit(schemas);
  return doc;
}

/** `ref` as the spec wrote a nullable reference before, and as a named nullable schema with its own description. */
const UNION = {description: 'Your reference, or `null`.', oneOf: [refTo('Ref'), {type: 'null'}], example: null};
const NAMED = {$ref: '#/components/schemas/NullableRef', description: 'Your reference, or `null`.', example: null};

test('a union of a schema and null, written as a named nullable schema with the same constraints: only its title changed', () => {
  for (const where of ['response', 'request'] as const) {
    const changes = classify(withRef(where, UNION), withRef(where, NAMED));
    assert.ok(changes.length > 0, `${where}: the title change is reported`);
    assert.deepEqual([...new Set(changes.map((c) => `${c.change.kind} ${c.rule}`))], ['documentation documentation-changed'], `${where}\n${summary(changes)}`);
    assert.ok(
      changes.every((c) => /Documentation of field `(data\[\]\.)?ref` .* changed \(`title`\)/.test(c.change.message)),
      summary(changes),
    );
    // The other way round too: the same values.
    const back = classify(withRef(where, NAMED), withRef(where, UNION));
    assert.deepEqual([...new Set(back.map((c) => c.change.kind))], ['documentation'], summary(back));
  }
  // What this reading is for: api-smart-diff alone reads the `$ref` with a description as an allOf, a breaking change.
  const alone = compareOpenApi(withRef('response', UNION), withRef('response', NAMED)).filter((d) => d.type === 'breaking' || d.type === 'unclassified');
  assert.ok(alone.length > 0, 'api-smart-diff alone reads the rewrite as breaking');
});

test('a named nullable schema that accepts other values than the union stays breaking, the change named', () => {
  const cases: [string, 'response' | 'request', unknown, unknown, (schemas: Doc) => void, RegExp][] = [
    [
      'the nullable schema allows longer values (response)',
      'response',
      UNION,
      NAMED,
      (s) => (s.NullableRef.maxLength = 128),
      /field `ref` of the `200` response of `GET \/widgets\/\{widget_id\}` changed \(`maxLength`\)/,
    ],
    [
      'the nullable schema allows fewer values (request)',
      'request',
      UNION,
      NAMED,
      (s) => (s.NullableRef.pattern = '^[a-z]+$'),
      /field `ref` of the request body of `POST \/widgets` changed \(`pattern`\)/,
    ],
    ['null no longer accepted (request)', 'request', UNION, refTo('Ref'), () => {}, /field `ref` (of|in) the request body of `POST \/widgets`/],
    [
      'null sent where it was not (response)',
      'response',
      refTo('Ref'),
      NAMED,
      () => {},
      /field `ref` (of|in) the `200` response of `GET \/widgets\/\{widget_id\}`/,
    ],
    [
      'the variant an enum, which null is not among (request)',
      'request',
      {oneOf: [refTo('Color'), {type: 'null'}]},
      refTo('NullableColor'),
      () => {},
      /field `ref` (of|in) the request body of `POST \/widgets`/,
    ],
    [
      'a third variant no longer accepted (request)',
      'request',
      {oneOf: [refTo('Ref'), {type: 'null'}, {type: 'integer'}]},
      NAMED,
      () => {},
      /field `ref` (of|in) the request body of `POST \/widgets`/,
    ],
    [
      'a limit beside the union, which the nullable schema does not have (response)',
      'response',
      {...UNION, maxLength: 10},
      NAMED,
      () => {},
      /field `ref` (of|in) the `200` response of `GET \/widgets\/\{widget_id\}`/,
    ],
  ];
  for (const [name, where, before, after, edit, breaking] of cases) {
    const changes = classify(withRef(where, before), withRef(where, after, edit));
    assert.ok(
      changes.some((c) => c.change.kind === 'breaking' && breaking.test(c.change.message)),
      `${name}: breaking\n${summary(changes)}`,
    );
  }
});

/** `ref` with Ref's constraints written inline, and as a `$ref` to Ref with its own words beside it (OpenAPI 3.1). */
const INLINE = {type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z0-9-]+$', description: 'Your reference.'};
const SHARED = {$ref: '#/components/schemas/Ref', description: 'Your reference.'};

test('constraints written inline, then a shared schema with words of its own beside its $ref: the same values', () => {
  for (const where of ['response', 'request'] as const) {
    for (const [before, after] of [
      [INLINE, SHARED],
      [SHARED, INLINE],
    ]) {
      const changes = classify(withRef(where, before), withRef(where, after));
      // Ref's title is the one word the inline schema did not have: at most a documentation change.
      assert.ok(
        changes.every((c) => c.change.kind === 'documentation'),
        `${where}: ${before === INLINE ? 'inline → $ref' : '$ref → inline'}\n${summary(changes)}`,
      );
    }
  }
  // What this reading is for: api-smart-diff alone reads the `$ref` with a description as an allOf, a breaking change.
  const alone = compareOpenApi(withRef('request', INLINE), withRef('request', SHARED)).filter((d) => d.type === 'breaking' || d.type === 'unclassified');
  assert.ok(alone.length > 0, 'api-smart-diff alone reads the rewrite as breaking');
});

test('a shared schema that accepts other values than the inline one stays breaking, the change named', () => {
  const cases: [string, 'response' | 'request', unknown, unknown, (schemas: Doc) => void, RegExp][] = [
    ['the shared schema allows longer values (response)', 'response', INLINE, SHARED, (s) => (s.Ref.maxLength = 128), /changed \(`maxLength`\)/],
    ['the shared schema allows fewer values (request)', 'request', INLINE, SHARED, (s) => (s.Ref.pattern = '^[a-z]+$'), /changed \(`pattern`\)/],
    // A limit beside the `$ref` is not a word: the node is compared as written.
    ['a limit beside the $ref (request)', 'request', INLINE, {...SHARED, maxLength: 10}, () => {}, /field `ref` (of|in) the request body of `POST \/widgets`/],
    // A target that combines schemas is not read inline.
    [
      'a shared schema that is a union (request)',
      'request',
      INLINE,
      SHARED,
      (s) => (s.Ref = {oneOf: [structuredClone(REF_SCHEMA), {type: 'integer'}]}),
      /field `ref` (of|in) the request body of `POST \/widgets`/,
    ],
  ];
  for (const [name, where, before, after, edit, breaking] of cases) {
    const changes = classify(withRef(where, before), withRef(where, after, edit));
    assert.ok(
      changes.some((c) => c.change.kind === 'breaking' && breaking.test(c.change.message)),
      `${name}: breaking\n${summary(changes)}`,
    );
  }
});
