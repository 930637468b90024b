/**
 * The order of a list without `sort` is stated once, by the `default` of each list operation's `sort` parameter, and
 * every other statement of it agrees: the sorting page (docs/api/sorting.md) renders it per operation from the spec
 * (`::spec-table{lists}`, its "Default sort" column) and types no default of its own, and a list operation's
 * description that names an order ("newest first", "sorted by `code`") names that default. The spec is read here
 * on its own (the YAML files, `$ref`s followed by hand), not through src/plugins/spec-tables/spec-facts.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {parse} from 'yaml';
import {API_SPECS, HTTP_METHODS} from '../../../src/data/api-table';
import {SITE_ROOT} from '../../../tools/cli';
import remarkSpecTables, {type MdNode} from '../../../src/plugins/spec-tables/remark-spec-tables';

const OPENAPI = path.join(SITE_ROOT, 'openapi');
const SORTING_PAGE = 'docs/api/sorting.md';

type Yaml = Record<string, unknown>;
const read = (file: string): Yaml => parse(fs.readFileSync(file, 'utf8')) as Yaml;
/** A `$ref`'d file's content, or the value itself. */
const deref = (value: unknown, from: string): {value: Yaml; file: string} => {
  const v = value as Yaml;
  if (typeof v?.$ref === 'string') {
    const file = path.resolve(path.dirname(from), v.$ref);
    return deref(read(file), file);
  }
  return {value: v, file: from};
};

interface ListOperation {
  operationId: string;
  summary: string;
  description: string;
  sortDefault: string | null;
  file: string;
}

/** Every operation of the eight APIs with a `sort` query parameter, with that parameter's `default`. */
function listOperations(): ListOperation[] {
  const found: ListOperation[] = [];
  for (const api of API_SPECS) {
    const rootFile = path.join(OPENAPI, `${api}.yaml`);
    for (const ref of Object.values((read(rootFile).paths ?? {}) as Yaml)) {
      const {value: item, file} = deref(ref, rootFile);
      for (const method of HTTP_METHODS) {
        const op = item[method] as Yaml | undefined;
        if (!op) continue;
        const sort = ((op.parameters ?? []) as unknown[]).map((p) => deref(p, file).value).find((p) => p.in === 'query' && p.name === 'sort');
        if (!sort) continue;
        const schema = (sort.schema ?? {}) as Yaml;
        found.push({
          operationId: String(op.operationId),
          summary: String(op.summary),
          description: String(op.description ?? ''),
          sortDefault: typeof schema.default === 'string' ? schema.default : null,
          file: path.relative(SITE_ROOT, file),
        });
      }
    }
  }
  return found;
}

/** The orders a text can name in words, as the `sort` value each means. */
const ORDER_WORDS: [RegExp, string][] = [
  [/\bnewest first\b/i, '-created_at'],
  [/\boldest first\b/i, 'created_at'],
  [/\bmost recently (?:changed|updated) first\b/i, '-updated_at'],
  [/\bleast recently (?:changed|updated) first\b/i, 'updated_at'],
];

/**
 * What a list operation's description says about its order without `sort` that contradicts `sortDefault`: an order
 * in words ("newest first") or a field it is "sorted by"/"ordered by" that is not the default's.
 */
function orderContradictions(description: string, sortDefault: string | null): string[] {
  const problems: string[] = [];
  const sentences = description.replace(/\s+/g, ' ').split(/(?<=[.;:])\s/);
  for (const sentence of sentences) {
    for (const [words, value] of ORDER_WORDS) {
      if (words.test(sentence) && value !== sortDefault)
        problems.push(`"${sentence.trim()}" says ${value}, but the sort parameter's default is ${sortDefault ?? 'not set'}`);
    }
    for (const m of sentence.matchAll(/\b(?:sorted|ordered) by `([^`]+)`/g)) {
      const field = m[1].replace(/^-/, '');
      if (field !== sortDefault?.replace(/^-/, ''))
        problems.push(`"${sentence.trim()}" sorts by ${field}, but the sort parameter's default is ${sortDefault ?? 'not set'}`);
    }
  }
  return problems;
}

async function renderPage(file: string): Promise<MdNode> {
  const [{unified}, {default: remarkParse}, {default: remarkDirective}, {default: remarkGfm}] = await Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-directive'),
    import('remark-gfm'),
  ]);
  const processor = unified().use(remarkParse).use(remarkDirective).use(remarkGfm).use(remarkSpecTables, {siteDir: SITE_ROOT});
  const vfile = {path: path.join(SITE_ROOT, file), cwd: SITE_ROOT, value: fs.readFileSync(path.join(SITE_ROOT, file), 'utf8')};
  return (await processor.run(processor.parse(vfile), vfile)) as unknown as MdNode;
}

const textOf = (n: MdNode): string => (n.value ?? '') + (n.children ?? []).map(textOf).join('');
const tables = (root: MdNode): MdNode[] => (root.children ?? []).filter((n) => n.type === 'table');
const cells = (table: MdNode): string[][] => (table.children ?? []).map((r) => (r.children ?? []).map(textOf));

test('every list operation has a sort parameter with a default', () => {
  const lists = listOperations();
  assert.ok(lists.length >= 12, `${lists.length} list operations`);
  assert.deepEqual(
    lists.filter((o) => o.sortDefault === null).map((o) => `${o.file}: ${o.operationId}`),
    [],
  );
});

test('the sorting page states each list operation’s default sort as its sort parameter does', async () => {
  const lists = listOperations();
  const page = await renderPage(SORTING_PAGE);
  const rendered = tables(page).map(cells);
  const listTable = rendered.find((t) => t[0].includes('Default sort'));
  assert.ok(listTable, `${SORTING_PAGE} renders ::spec-table{lists} with its "Default sort" column`);
  const column = listTable[0].indexOf('Default sort');
  const stated = new Map(listTable.slice(1).map((r) => [r[0], r[column]]));
  assert.deepEqual(
    lists.map((o) => [o.summary, stated.get(o.summary)]),
    lists.map((o) => [o.summary, o.sortDefault]),
  );
  // Outside that table the page names no default of its own: a sentence or table row that says "default" names
  // no sort value (the per-operation statement is the rendered column).
  const sortValues = new Set(['created_at', '-created_at', 'updated_at', '-updated_at']);
  const written = fs.readFileSync(path.join(SITE_ROOT, SORTING_PAGE), 'utf8').split('\n');
  const typed = written.flatMap((line, i) =>
    /\bdefault\b/i.test(line) && [...line.matchAll(/`([^`]+)`/g)].some((m) => sortValues.has(m[1])) ? [`${SORTING_PAGE}:${i + 1}: ${line.trim()}`] : [],
  );
  assert.deepEqual(typed, []);
});

test('no list operation’s description names an order other than its default sort', () => {
  const problems = listOperations().flatMap((o) => orderContradictions(o.description, o.sortDefault).map((p) => `${o.file} (${o.operationId}): ${p}`));
  assert.deepEqual(problems, []);
});

test('the check catches the contradictions it is for', () => {
  // The coins description of 788ce68 against the shared default.
  const coins = 'Pagination and sorting work as on every list operation; assets are sorted by `code` within each page when no `sort` is given.';
  assert.equal(orderContradictions(coins, '-created_at').length, 1);
  assert.equal(orderContradictions('Returns your accounts, oldest first unless you pass `sort`.', '-created_at').length, 1);
  assert.deepEqual(orderContradictions('Returns your accounts, newest first unless you pass `sort`.', '-created_at'), []);
  assert.deepEqual(orderContradictions('Returns every asset, sorted by `code`.', 'code'), []);
});
