/**
 * The synthetic payments API of `npm run bench:scale` (bench/synthetic-api.ts, run as its command: tests do not
 * import bench/) must be a spec Redocly accepts and have the shape it promises, or the scale bench measures pages
 * lighter than a real API's: nesting several levels deep, discriminated oneOfs, examples on request bodies,
 * 10–60 properties per resource, shared parameters and problem responses. And the same seed, the same bytes.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {bin, run, SITE_ROOT} from '../../../tools/cli';

type Schema = Record<string, unknown>;
interface Doc {
  paths: Record<string, Record<string, Schema>>;
  components: {schemas: Record<string, Schema>; parameters: Record<string, Schema>; responses: Record<string, Schema>};
}

let dir: string;
const generate = (n: number, out: string, seed?: number) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'bench/synthetic-api.ts', String(n), out, ...(seed === undefined ? [] : [String(seed)])], {
    cwd: SITE_ROOT,
    encoding: 'utf8',
    env: {...process.env, NODE_OPTIONS: ''},
  });
const docs = (out: string): Doc[] =>
  (JSON.parse(fs.readFileSync(path.join(out, 'extra-apis.json'), 'utf8')) as {file: string}[]).map(
    (api) => JSON.parse(fs.readFileSync(path.join(out, api.file), 'utf8')) as Doc,
  );
const METHODS = ['get', 'post', 'patch', 'put', 'delete'];

before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-synthetic-api-'));
  const res = generate(20, path.join(dir, 'a'));
  assert.equal(res.status, 0, res.stderr);
});
after(() => fs.rmSync(dir, {recursive: true, force: true}));

test('20 operations lint clean with Redocly (recommended-strict, examples checked without extra properties)', () => {
  const out = path.join(dir, 'a');
  const config = path.join(out, 'redocly.yaml');
  fs.writeFileSync(
    config,
    'extends:\n  - recommended-strict\nrules:\n  no-invalid-media-type-examples:\n    severity: error\n    allowAdditionalProperties: false\n  operation-4xx-problem-details-rfc7807: error\n',
  );
  const files = fs.readdirSync(path.join(out, 'openapi', 'extra')).map((f) => path.join('openapi', 'extra', f));
  const lint = run(bin('redocly', SITE_ROOT), ['lint', ...files, `--config=${config}`, '--format=summary'], out);
  assert.equal(lint.status, 0, lint.output.slice(-3000));
  assert.doesNotMatch(lint.output, /\d+ (errors?|warnings?)\b/, lint.output.slice(-3000));
});

test('the promised shape: depth, discriminators, nullable fields, examples, shared parameters and problems', () => {
  const [doc, ...others] = docs(path.join(dir, 'a'));
  assert.equal(others.length, 0, '20 operations make one product');
  const {schemas} = doc.components;
  const resolve = (s: Schema): Schema => (typeof s.$ref === 'string' ? schemas[s.$ref.split('/').pop()!] : s);
  /** Levels of object nesting below `s`, through $refs, oneOf variants and array items. */
  const depth = (s: Schema, seen: Set<Schema> = new Set()): number => {
    const r = resolve(s);
    if (seen.has(r)) return 0;
    const next = new Set(seen).add(r);
    const children = [
      ...Object.values((r.properties ?? {}) as Record<string, Schema>),
      ...((r.oneOf ?? []) as Schema[]),
      ...(r.items ? [r.items as Schema] : []),
    ];
    const below = Math.max(0, ...children.map((c) => depth(c, next)));
    return r.type === 'object' ? below + 1 : below;
  };

  const operations = Object.values(doc.paths).flatMap((item) => METHODS.filter((m) => item[m]).map((m) => ({method: m, op: item[m]})));
  assert.equal(operations.length, 20);

  const resources = Object.entries(schemas).filter(([name]) => `${name}List` in schemas);
  assert.ok(resources.length >= 2, 'several resources');
  for (const [name, schema] of resources) {
    const count = Object.keys(schema.properties as Schema).length;
    assert.ok(count >= 10 && count <= 60, `${name} has ${count} properties`);
    assert.ok(depth(schema) >= 5, `${name} nests ${depth(schema)} levels`);
  }

  const discriminated = Object.entries(schemas).filter(([, s]) => s.discriminator);
  assert.ok(discriminated.length >= 2, 'oneOf with a discriminator');
  for (const [name, s] of discriminated) {
    const {propertyName, mapping} = s.discriminator as {propertyName: string; mapping: Record<string, string>};
    assert.equal(Object.keys(mapping).length, (s.oneOf as Schema[]).length, name);
    for (const [value, target] of Object.entries(mapping)) {
      const variant = resolve({$ref: target});
      assert.deepEqual((variant.properties as Record<string, Schema>)[propertyName].enum, [value], `${name} → ${target}`);
    }
  }

  const text = JSON.stringify(schemas);
  assert.match(text, /"type":\["string","null"\]/, 'nullable scalars');
  assert.match(text, /"oneOf":\[\{"\$ref":"#\/components\/schemas\/Address"\},\{"type":"null"\}\]/, 'nullable objects');
  assert.ok(/"type":"array","description":"[^"]+","maxItems":\d+,"items":\{"type":"object"/.test(text), 'arrays of objects');

  for (const {method, op} of operations) {
    const body = op.requestBody as {content: Record<string, Schema>} | undefined;
    if (method === 'post' || method === 'patch') {
      assert.ok(body, `${String(op.operationId)} has a request body`);
      assert.ok(body.content['application/json'].example, `${String(op.operationId)}'s request body has an example`);
    }
    const problems = Object.entries(op.responses as Record<string, Schema>).filter(([status]) => status.startsWith('4'));
    assert.ok(problems.length >= 2 && problems.every(([, r]) => typeof r.$ref === 'string'), `${String(op.operationId)}: shared problem responses`);
  }
  for (const [name, response] of Object.entries(doc.components.responses)) {
    assert.ok('application/problem+json' in (response.content as Schema), name);
  }
  const uses = (param: string) => JSON.stringify(doc.paths).split(`"#/components/parameters/${param}"`).length - 1;
  assert.ok(uses('IdempotencyKey') >= 3 && uses('Limit') >= 2, 'shared parameters reused');
  assert.ok(JSON.stringify(doc.paths).split('"#/components/schemas/').length - 1 >= 20, '$refs reused across operations');
});

test('one seed gives the same bytes, another seed another spec; N below 1 is refused', () => {
  assert.equal(generate(20, path.join(dir, 'b')).status, 0);
  assert.equal(generate(20, path.join(dir, 'c'), 7).status, 0);
  const read = (out: string) => fs.readFileSync(path.join(out, 'openapi', 'extra', 'synthetic-payments.json'), 'utf8');
  assert.equal(read(path.join(dir, 'b')), read(path.join(dir, 'a')));
  assert.notEqual(read(path.join(dir, 'c')), read(path.join(dir, 'a')));
  const bad = generate(0, path.join(dir, 'd'));
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /N must be a positive integer/);
});
