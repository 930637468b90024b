/**
 * Tagged unions name their tag (issue #48, polymorphism): a `oneOf`/`anyOf` whose variants all carry the same
 * property with values of their own (`const`, or an `enum`: one value each, or several, as each event schema of
 * `TypedEvent` lists its own event types) is told apart by that property, so it states it
 * with `discriminator: {propertyName, mapping}`: the reference prints "chosen by …", Redocly scores it, and a
 * typed client narrows on it. The mapping sends each value to its variant's `$ref` (named variants, so the
 * mapping can point at them), and each variant requires the property. A `oneOf` of a schema and `null`, or one
 * that only says which fields go together (exactly one of two amounts), has no such property and no discriminator
 * (openapi/README.md, "Decisions: issue #48", the polymorphism row).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {parse} from 'yaml';
import {SITE_ROOT} from '../../../tools/cli';

const OPENAPI = path.join(SITE_ROOT, 'openapi');
/** The OpenAPI documents: roots, path items, events and components; not releases (frozen), workflows or AsyncAPI. */
const SKIP = new Set(['releases', 'workflows']);

type Yaml = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Load = (file: string) => unknown;

const isObject = (v: unknown): v is Yaml => typeof v === 'object' && v !== null && !Array.isArray(v);

function specFiles(dir = OPENAPI): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return SKIP.has(e.name) ? [] : specFiles(full);
    return e.name.endsWith('.yaml') && !e.name.endsWith('.asyncapi.yaml') ? [full] : [];
  });
}

interface Located {
  file: string;
  node: unknown;
}

/** Follows `$ref`s (relative file, optional `#/pointer`) to the schema they name. */
function deref(file: string, node: unknown, load: Load, seen = 0): Located {
  if (!isObject(node) || typeof node.$ref !== 'string' || seen > 20) return {file, node};
  const [target, pointer = ''] = node.$ref.split('#');
  const nextFile = target ? path.resolve(path.dirname(file), target) : file;
  let next: unknown = load(nextFile);
  for (const part of pointer.split('/').filter(Boolean)) next = isObject(next) ? next[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return deref(nextFile, next, load, seen + 1);
}

/** The values a schema allows, when it lists them (`const`, `enum`, through `allOf`); undefined when it does not. */
function allowedValues(file: string, schema: unknown, load: Load, depth = 0): unknown[] | undefined {
  const {file: at, node} = deref(file, schema, load);
  if (!isObject(node) || depth > 10) return undefined;
  let values: unknown[] | undefined = node.const !== undefined ? [node.const] : Array.isArray(node.enum) ? node.enum : undefined;
  for (const part of Array.isArray(node.allOf) ? node.allOf : []) {
    const inner = allowedValues(at, part, load, depth + 1);
    if (inner) values = values ? values.filter((v) => inner.some((w) => JSON.stringify(w) === JSON.stringify(v))) : inner;
  }
  return values;
}

/**
 * The properties a variant restricts to listed values (`const` or `enum`), through `allOf` (where the parts'
 * lists intersect: `Event.type` lists every event type, `AccountEvent` narrows it to the `account.*` ones),
 * with the properties it requires.
 */
function fixedProperties(file: string, variant: unknown, load: Load, depth = 0): {values: Map<string, unknown[]>; required: Set<string>} {
  const {file: at, node} = deref(file, variant, load);
  const values = new Map<string, unknown[]>();
  const required = new Set<string>();
  if (!isObject(node) || depth > 10) return {values, required};
  for (const name of Array.isArray(node.required) ? node.required : []) required.add(String(name));
  for (const [name, raw] of Object.entries(isObject(node.properties) ? node.properties : {})) {
    const listed = allowedValues(at, raw, load);
    if (listed) values.set(name, listed);
  }
  for (const part of Array.isArray(node.allOf) ? node.allOf : []) {
    const inner = fixedProperties(at, part, load, depth + 1);
    for (const [k, v] of inner.values) {
      const own = values.get(k);
      values.set(k, own ? own.filter((x) => v.some((y) => JSON.stringify(x) === JSON.stringify(y))) : v);
    }
    for (const k of inner.required) required.add(k);
  }
  return {values, required};
}

/** The file a `$ref` (or mapping value) names, without a pointer: what two references are compared by. */
const refTarget = (file: string, ref: string): string => {
  const [target, pointer = ''] = ref.split('#');
  return `${target ? path.resolve(path.dirname(file), target) : file}#${pointer}`;
};

export interface Union {
  file: string;
  pointer: string;
  keyword: 'oneOf' | 'anyOf';
  node: Yaml;
}

function unionsIn(file: string, node: unknown, pointer = ''): Union[] {
  if (Array.isArray(node)) return node.flatMap((v, i) => unionsIn(file, v, `${pointer}/${i}`));
  if (!isObject(node)) return [];
  const own: Union[] = (['oneOf', 'anyOf'] as const)
    .filter((k) => Array.isArray(node[k]) && node[k].length > 1)
    .map((keyword) => ({file, pointer: pointer || '/', keyword, node}));
  return [...own, ...Object.entries(node).flatMap(([k, v]) => unionsIn(file, v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`))];
}

/**
 * What is wrong with one union: empty when it is not tagged, or is tagged and says so correctly. A union is tagged
 * by a property every variant lists its own values of, no value in two variants (one value each, or several:
 * `AccountEvent` is the `account.*` types of `TypedEvent`).
 */
export function unionProblems({file, pointer, keyword, node}: Union, load: Load): string[] {
  const where = `${path.relative(SITE_ROOT, file)}#${pointer} (${keyword})`;
  const variants = node[keyword] as unknown[];
  const fixed = variants.map((v) => fixedProperties(file, v, load));
  const tags = [...fixed[0].values.keys()].filter((name) => {
    if (!fixed.every((f) => (f.values.get(name)?.length ?? 0) > 0)) return false;
    const values = fixed.flatMap((f) => f.values.get(name)!.map((v) => JSON.stringify(v)));
    return new Set(values).size === values.length;
  });
  if (tags.length === 0) return [];
  const discriminator = node.discriminator;
  if (!isObject(discriminator) || typeof discriminator.propertyName !== 'string')
    return [`${where}: its variants are told apart by ${tags.map((t) => `\`${t}\``).join(' or ')}: add discriminator: {propertyName, mapping}`];
  const name = discriminator.propertyName;
  if (!tags.includes(name))
    return [`${where}: discriminator.propertyName \`${name}\` is not fixed to its own values per variant (use ${tags.map((t) => `\`${t}\``).join(' or ')})`];
  const out: string[] = [];
  const mapping = isObject(discriminator.mapping) ? discriminator.mapping : {};
  variants.forEach((variant, i) => {
    const values = fixed[i].values.get(name)!.map(String);
    if (!fixed[i].required.has(name)) out.push(`${where}: variant ${i} does not require \`${name}\``);
    if (!isObject(variant) || typeof variant.$ref !== 'string') {
      out.push(`${where}: variant ${i} (\`${name}\`: ${values.join(', ')}) is inline: make it a named schema so the mapping can point at it`);
      return;
    }
    for (const value of values) {
      const mapped = mapping[value];
      if (typeof mapped !== 'string') out.push(`${where}: mapping has no entry for \`${value}\``);
      else if (refTarget(file, mapped) !== refTarget(file, variant.$ref))
        out.push(`${where}: mapping sends \`${value}\` to ${mapped}, not to its variant ${variant.$ref}`);
    }
  });
  const values = new Set(fixed.flatMap((f) => f.values.get(name)!.map(String)));
  for (const key of Object.keys(mapping)) if (!values.has(key)) out.push(`${where}: mapping names \`${key}\`, which no variant carries`);
  return out;
}

const cache = new Map<string, unknown>();
const loadFile: Load = (file) => {
  if (!cache.has(file)) cache.set(file, fs.existsSync(file) ? parse(fs.readFileSync(file, 'utf8')) : undefined);
  return cache.get(file);
};

test('every oneOf/anyOf whose variants carry one tag value each has a discriminator on it, mapping each value', () => {
  const unions = specFiles().flatMap((file) => unionsIn(file, loadFile(file)));
  assert.ok(unions.length >= 15, `${unions.length} oneOf/anyOf found`);
  assert.deepEqual(
    unions.flatMap((u) => unionProblems(u, loadFile)),
    [],
  );
  const discriminated = unions.filter((u) => isObject(u.node.discriminator)).map((u) => path.basename(u.file));
  assert.deepEqual(discriminated.sort(), ['BankDetails.yaml', 'MaskedBankDetails.yaml', 'TypedEvent.yaml'], 'the events of GET /events are chosen by `type`');
});

test('a tagged union without a discriminator, or with a wrong one, fails; nullable and exactly-one-of do not', () => {
  const file = path.join(OPENAPI, 'components/schemas/Fixture.yaml');
  const files: Record<string, unknown> = {
    [path.join(OPENAPI, 'components/schemas/A.yaml')]: {type: 'object', required: ['kind'], properties: {kind: {type: 'string', const: 'a'}}},
    [path.join(OPENAPI, 'components/schemas/B.yaml')]: {type: 'object', required: ['kind'], properties: {kind: {type: 'string', enum: ['b']}}},
  };
  const load: Load = (f) => files[f];
  const check = (node: Yaml): string[] => unionProblems({file, pointer: '/', keyword: 'oneOf', node}, load);
  const variants = [{$ref: './A.yaml'}, {$ref: './B.yaml'}];

  assert.match(check({oneOf: variants}).join('\n'), /told apart by `kind`: add discriminator/);
  assert.match(check({oneOf: variants, discriminator: {propertyName: 'type'}}).join('\n'), /`type` is not fixed/);
  assert.match(check({oneOf: variants, discriminator: {propertyName: 'kind', mapping: {a: './A.yaml'}}}).join('\n'), /no entry for `b`/);
  assert.match(check({oneOf: variants, discriminator: {propertyName: 'kind', mapping: {a: './B.yaml', b: './A.yaml'}}}).join('\n'), /sends `a` to \.\/B\.yaml/);
  assert.match(
    check({
      oneOf: [{$ref: './A.yaml'}, {type: 'object', properties: {kind: {const: 'c'}}}],
      discriminator: {propertyName: 'kind', mapping: {a: './A.yaml'}},
    }).join('\n'),
    /variant 1 does not require `kind`[\s\S]*variant 1 \(`kind`: c\) is inline/,
  );
  assert.deepEqual(check({oneOf: variants, discriminator: {propertyName: 'kind', mapping: {a: './A.yaml', b: './B.yaml'}}}), []);

  assert.deepEqual(check({oneOf: [{$ref: './A.yaml'}, {type: 'null'}]}), [], 'nullable');
  assert.deepEqual(check({oneOf: [{required: ['sell_amount']}, {required: ['buy_amount']}]}), [], 'exactly one of two fields');
  assert.deepEqual(check({oneOf: [{$ref: './A.yaml'}, {$ref: './A.yaml'}]}), [], 'one value shared by every variant is no tag');

  // Variants with several values each (an event envelope whose `type` lists every type, narrowed by each variant).
  files[path.join(OPENAPI, 'components/schemas/Envelope.yaml')] = {type: 'object', required: ['type'], properties: {type: {enum: ['a.x', 'a.y', 'b.x']}}};
  files[path.join(OPENAPI, 'components/schemas/AEvent.yaml')] = {allOf: [{$ref: './Envelope.yaml'}, {properties: {type: {enum: ['a.x', 'a.y', 'c.z']}}}]};
  files[path.join(OPENAPI, 'components/schemas/BEvent.yaml')] = {allOf: [{$ref: './Envelope.yaml'}, {properties: {type: {enum: ['b.x']}}}]};
  const events = [{$ref: './AEvent.yaml'}, {$ref: './BEvent.yaml'}];
  assert.match(check({oneOf: events}).join('\n'), /told apart by `type`: add discriminator/);
  assert.match(
    check({oneOf: events, discriminator: {propertyName: 'type', mapping: {'a.x': './AEvent.yaml', 'b.x': './BEvent.yaml'}}}).join('\n'),
    /no entry for `a\.y`/,
  );
  assert.match(
    check({
      oneOf: events,
      discriminator: {propertyName: 'type', mapping: {'a.x': './AEvent.yaml', 'a.y': './AEvent.yaml', 'b.x': './BEvent.yaml', 'c.z': './AEvent.yaml'}},
    }).join('\n'),
    /names `c\.z`, which no variant carries/,
    'a value the envelope does not allow is not one the variant carries',
  );
  assert.deepEqual(
    check({oneOf: events, discriminator: {propertyName: 'type', mapping: {'a.x': './AEvent.yaml', 'a.y': './AEvent.yaml', 'b.x': './BEvent.yaml'}}}),
    [],
  );
  files[path.join(OPENAPI, 'components/schemas/BEvent.yaml')] = {allOf: [{$ref: './Envelope.yaml'}, {properties: {type: {enum: ['b.x', 'a.y']}}}]};
  assert.deepEqual(check({oneOf: events}), [], 'a value in two variants: `type` does not tell them apart');
});
