/**
 * Every `allOf` of the bundled specs merges the way the OpenAPI theme merges it when it renders the schema, with
 * the theme's own functions: `mergeAllOf` (allof-merge), then, wherever the merged schema has `oneOf`/`anyOf`
 * next to `properties`, `foldSiblingsIntoBranches`, which allOf-merges those siblings into each branch. A part
 * that conflicts (two enums without a common value, two types…) makes the build print "Could not merge values,
 * they are probably incompatible" and the page show whatever the merge dropped. Bundled by Redocly like the
 * published artefacts, into a temporary folder: no build needed.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {foldSiblingsIntoBranches, mergeAllOf} from 'docusaurus-theme-openapi-docs/lib/theme/Schema/normalize';
import {API_SPECS} from '../../src/data/api-table';
import {SITE_ROOT} from '../../tools/cli';
import {bundleSpecs} from '../../tools/spec-bundle';

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
type Obj = {[key: string]: Json};
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const pointer = (keys: (string | number)[]) => keys.map((k) => `/${String(k).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** The bundle with its local `$ref`s replaced by their targets (a reference back into itself by a marker, as the plugin does). */
function dereference(node: Json, doc: Json, stack: string[] = []): Json {
  if (Array.isArray(node)) return node.map((n) => dereference(n, doc, stack));
  if (!isObject(node)) return node;
  const {$ref, ...siblings} = node;
  if (typeof $ref === 'string') {
    assert.match($ref, /^#\//, `only local references after bundling: ${$ref}`);
    if (stack.includes($ref)) return `circular(${$ref.split('/').pop()})`;
    const target = $ref
      .slice(2)
      .split('/')
      .reduce<Json>((o, k) => (o as Obj)[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    const resolved = dereference(target, doc, [...stack, $ref]);
    return Object.keys(siblings).length ? {...(resolved as Obj), ...(dereference(siblings, doc, stack) as Obj)} : resolved;
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, dereference(v, doc, stack)]));
}

/** Runs `fn` and returns what the merge reported through console.warn (the theme's onMergeError). */
function mergeErrors(fn: () => unknown): string[] {
  const reported: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void reported.push(args.map(String).join(' '));
  try {
    fn();
  } finally {
    console.warn = warn;
  }
  return reported;
}

/** Every merge the theme does for the `allOf` schema at `where`, as one line per failing merge. */
export function allOfMergeFailures(where: string, schema: Obj): string[] {
  const failures = mergeErrors(() => mergeAllOf(schema)).map((m) => `${where}: ${m}`);
  const visit = (node: Json, at: (string | number)[]): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => visit(n, [...at, i]));
    if (!isObject(node)) return;
    const key = Array.isArray(node.oneOf) ? 'oneOf' : Array.isArray(node.anyOf) ? 'anyOf' : undefined;
    // The theme folds the siblings into the branches where both are present (Schema/index.js, renderChildren).
    if (key && node.properties && !node.discriminator) {
      (node[key] as Json[]).forEach((branch, i) => {
        const name = isObject(branch) && typeof branch.title === 'string' ? ` (${branch.title})` : '';
        for (const m of mergeErrors(() => foldSiblingsIntoBranches({...node, [key]: [branch]})))
          failures.push(`${where}${pointer(at)}: ${key}[${i}]${name} against its siblings: ${m}`);
      });
    }
    for (const [k, v] of Object.entries(node)) visit(v, [...at, k]);
  };
  visit(mergeAllOf(schema) as Json, []);
  return failures;
}

/** Every `allOf` of a bundled spec, named by its JSON pointer in the bundle, with its references resolved. */
function allOfSchemas(doc: Json): {where: string; schema: Obj}[] {
  const found: {where: string; schema: Obj}[] = [];
  const walk = (node: Json, at: (string | number)[]): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, [...at, i]));
    if (!isObject(node)) return;
    if (Array.isArray(node.allOf)) found.push({where: `#${pointer(at)}`, schema: dereference(node, doc) as Obj});
    for (const [k, v] of Object.entries(node)) walk(v, [...at, k]);
  };
  walk(doc, []);
  return found;
}

let tmp: string;
const bundled = new Map<string, Json>();
before(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-allof-'));
  await bundleSpecs(SITE_ROOT, path.relative(SITE_ROOT, path.join(tmp, 'openapi')));
  for (const spec of API_SPECS) bundled.set(spec, JSON.parse(fs.readFileSync(path.join(tmp, 'openapi', `${spec}.json`), 'utf8')));
});
after(() => fs.rmSync(tmp, {recursive: true, force: true}));

test('every allOf of the bundled specs merges as the API reference renders it: no part conflicts', () => {
  const failures: string[] = [];
  let count = 0;
  for (const [spec, doc] of bundled) {
    for (const {where, schema} of allOfSchemas(doc)) {
      count++;
      failures.push(...allOfMergeFailures(`${spec}.json${where}`, schema));
    }
  }
  assert.ok(count >= 15, `only ${count} allOf schemas found: is the walk broken?`);
  assert.deepEqual(failures, []);
});

test('the check names the schema, the branch and the siblings of a merge that fails', () => {
  const envelope: Obj = {
    type: 'object',
    properties: {kind: {type: 'string', enum: ['a', 'b']}, object: {oneOf: [{title: 'A', type: 'object', properties: {kind: {enum: ['a']}}}, {title: 'S', type: 'string'}]}},
  };
  const failures = allOfMergeFailures('x.json#/components/schemas/Narrowed', {allOf: [envelope, {properties: {object: {title: 'A', type: 'object', properties: {kind: {enum: ['a']}}}}}]});
  assert.equal(failures.length, 1, failures.join('\n'));
  assert.match(failures[0], /^x\.json#\/components\/schemas\/Narrowed\/properties\/object: oneOf\[1\] \(S\) against its siblings: Could not merge values/);
  assert.deepEqual(allOfMergeFailures('ok', {allOf: [{type: 'object', properties: {a: {type: 'string'}}}, {required: ['a']}]}), []);
});
