/**
 * Tagged unions name their tag (issue #48, polymorphism): a `oneOf`/`anyOf` whose variants all carry the same
 * property with one value each (`const`, or an `enum` of one) is told apart by that property, so it states it
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

/** The properties a variant fixes to one value (`const` or a one-value `enum`), through `allOf`, with its `required`. */
function fixedProperties(file: string, variant: unknown, load: Load, depth = 0): {values: Map<string, unknown>; required: Set<string>} {
  const {file: at, node} = deref(file, variant, load);
  const values = new Map<string, unknown>();
  const required = new Set<string>();
  if (!isObject(node) || depth > 10) return {values, required};
  for (const name of Array.isArray(node.required) ? node.required : []) required.add(String(name));
  for (const [name, raw] of Object.entries(isObject(node.properties) ? node.properties : {})) {
    const {node: prop} = deref(at, raw, load);
    if (!isObject(prop)) continue;
    if (prop.const !== undefined) values.set(name, prop.const);
    else if (Array.isArray(prop.enum) && prop.enum.length === 1) values.set(name, prop.enum[0]);
  }
  for (const part of Array.isArray(node.allOf) ? node.allOf : []) {
    const inner = fixedProperties(at, part, load, depth + 1);
    for (const [k, v] of inner.values) if (!values.has(k)) values.set(k, v);
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

/** What is wrong with one union: empty when it is not tagged, or is tagged and says so correctly. */
export function unionProblems({file, pointer, keyword, node}: Union, load: Load): string[] {
  const where = `${path.relative(SITE_ROOT, file)}#${pointer} (${keyword})`;
  const variants = node[keyword] as unknown[];
  const fixed = variants.map((v) => fixedProperties(file, v, load));
  const tags = [...fixed[0].values.keys()].filter((name) => {
    if (!fixed.every((f) => f.values.has(name))) return false;
    const values = fixed.map((f) => JSON.stringify(f.values.get(name)));
    return new Set(values).size === values.length;
  });
  if (tags.length === 0) return [];
  const discriminator = node.discriminator;
  if (!isObject(discriminator) || typeof discriminator.propertyName !== 'string')
    return [`${where}: its variants are told apart by ${tags.map((t) => `\`${t}\``).join(' or ')}: add discriminator: {propertyName, mapping}`];
  const name = discriminator.propertyName;
  if (!tags.includes(name))
    return [`${where}: discriminator.propertyName \`${name}\` is not fixed to one value per variant (use ${tags.map((t) => `\`${t}\``).join(' or ')})`];
  const out: string[] = [];
  const mapping = isObject(discriminator.mapping) ? discriminator.mapping : {};
  variants.forEach((variant, i) => {
    const value = fixed[i].values.get(name);
    if (!fixed[i].required.has(name)) out.push(`${where}: variant ${i} does not require \`${name}\``);
    if (!isObject(variant) || typeof variant.$ref !== 'string') {
      out.push(`${where}: variant ${i} (\`${name}\`: ${String(value)}) is inline: make it a named schema so the mapping can point at it`);
      return;
    }
    const mapped = mapping[String(value)];
    if (typeof mapped !== 'string') out.push(`${where}: mapping has no entry for \`${String(value)}\``);
    else if (refTarget(file, mapped) !== refTarget(file, variant.$ref))
      out.push(`${where}: mapping sends \`${String(value)}\` to ${mapped}, not to its variant ${variant.$ref}`);
  });
  const values = new Set(fixed.map((f) => String(f.values.get(name))));
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
  const discriminated = unions.filter((u) => isObject(u.node.discriminator));
  assert.ok(discriminated.length >= 2, `${discriminated.length} discriminated unions (BankDetails, MaskedBankDetails)`);
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
});
