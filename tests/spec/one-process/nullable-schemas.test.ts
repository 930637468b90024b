/**
 * A named nullable schema (openapi/components/schemas/Nullable<X>.yaml) is X as a response returns it: X's constraints
 * with `null` added to its type, written out because the `oneOf: [X, {type: 'null'}]` it replaces counts as
 * polymorphism in Redocly's score (openapi/README.md, decisions). Its constraints have one source: this test fails,
 * naming file and line, when they drift from X's, so a change to X's format is made in both or not at all. Only the
 * title, description, example(s) and the `null` in its type may differ.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {LineCounter, parseDocument} from 'yaml';
import {SITE_ROOT} from '../../../tools/cli';

const SCHEMAS = 'openapi/components/schemas';
/** Keywords that document a schema: a nullable twin words them for where it is used. */
const OWN = new Set(['title', 'description', 'example', 'examples']);

interface SchemaFile {
  file: string;
  schema: Record<string, unknown>;
  /** The line of each top-level keyword. */
  lines: Map<string, number>;
}

function read(file: string, text = fs.readFileSync(path.join(SITE_ROOT, file), 'utf8')): SchemaFile {
  const counter = new LineCounter();
  const doc = parseDocument(text, {lineCounter: counter});
  const lines = new Map<string, number>();
  const map = doc.contents as {items?: {key: {value: string; range?: number[]}}[]};
  for (const item of map.items ?? []) lines.set(String(item.key.value), counter.linePos(item.key.range?.[0] ?? 0).line);
  return {file, schema: doc.toJS() as Record<string, unknown>, lines};
}

const typesOf = (type: unknown): unknown[] => (Array.isArray(type) ? type : [type]);

/** `file:line: problem` for each way the nullable schema differs from `base` other than its documentation and `null`. */
function drift(nullable: SchemaFile, base: SchemaFile): string[] {
  const at = (key: string) => `${nullable.file}:${nullable.lines.get(key) ?? 1}`;
  const problems: string[] = [];
  const [n, b] = [nullable.schema, base.schema];
  const types = typesOf(n.type);
  if (!types.includes('null')) problems.push(`${at('type')}: \`type\` must list 'null'`);
  if (JSON.stringify(types.filter((t) => t !== 'null')) !== JSON.stringify(typesOf(b.type)))
    problems.push(`${at('type')}: \`type\` must be ${base.file}'s (${JSON.stringify(b.type)}) with 'null' added`);
  for (const key of ['enum', 'const', 'oneOf', 'anyOf', 'allOf', 'not', '$ref'])
    if (key in n || key in b) problems.push(`${at(key)}: \`${key}\` has no nullable twin (null would have to be among its values)`);
  const keys = new Set([...Object.keys(n), ...Object.keys(b)].filter((k) => k !== 'type' && !OWN.has(k)));
  for (const key of keys)
    if (JSON.stringify(n[key]) !== JSON.stringify(b[key]))
      problems.push(`${at(key)}: \`${key}\` is ${JSON.stringify(n[key])}, ${base.file} says ${JSON.stringify(b[key])}: keep them equal`);
  return problems;
}

const nullableFiles = (): string[] =>
  fs
    .readdirSync(path.join(SITE_ROOT, SCHEMAS))
    .filter((f) => /^Nullable[A-Z]\w*\.yaml$/.test(f))
    .map((f) => `${SCHEMAS}/${f}`);

test('each Nullable<X> schema has the constraints of X, with null added to its type', () => {
  const files = nullableFiles();
  assert.ok(files.includes(`${SCHEMAS}/NullableClientReference.yaml`), files.join(', '));
  for (const file of files) {
    const baseFile = file.replace(/\/Nullable(\w+\.yaml)$/, '/$1');
    assert.ok(fs.existsSync(path.join(SITE_ROOT, baseFile)), `${file}: no ${baseFile} it is the nullable form of`);
    assert.deepEqual(drift(read(file), read(baseFile)), [], file);
    assert.equal(read(file).schema.title, path.basename(file, '.yaml'), `${file}: its title is its file name`);
  }
});

test('a nullable twin that drifts from its schema is named with its file and line', () => {
  const file = `${SCHEMAS}/NullableClientReference.yaml`;
  const base = read(`${SCHEMAS}/ClientReference.yaml`);
  const text = fs.readFileSync(path.join(SITE_ROOT, file), 'utf8');
  const cases: [string, string, RegExp][] = [
    [
      'a longer maxLength',
      text.replace('maxLength: 64', 'maxLength: 128'),
      /NullableClientReference\.yaml:6: `maxLength` is 128, .*ClientReference\.yaml says 64/,
    ],
    ['another pattern', text.replace(/^pattern: .*$/m, 'pattern: ^[a-z]+$'), /NullableClientReference\.yaml:7: `pattern` is/],
    ['a constraint left out', text.replace(/^minLength: .*\n/m, ''), /`minLength` is undefined, .* says 1/],
    ['null not in its type', text.replace("type: [string, 'null']", 'type: string'), /NullableClientReference\.yaml:3: `type` must list 'null'/],
    ['another type', text.replace("type: [string, 'null']", "type: [integer, 'null']"), /`type` must be .*ClientReference\.yaml's \("string"\)/],
    ['an enum', text.replace('minLength: 1', 'enum: [a, b]'), /`enum` has no nullable twin/],
  ];
  for (const [name, edited, expected] of cases) {
    const problems = drift(read(file, edited), base);
    assert.ok(
      problems.some((p) => expected.test(p)),
      `${name}: ${problems.join('\n') || 'no problem found'}`,
    );
  }
  // Its own words are its own.
  assert.deepEqual(drift(read(file, text.replace(/^example: .*$/m, 'example: other-reference')), base), []);
});
