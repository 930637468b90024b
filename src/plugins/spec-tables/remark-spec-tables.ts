/**
 * Remark plugin: `::spec-table{…}` leaf directives become tables read from the OpenAPI spec at build time, so a
 * fact that lives in the spec (a status lifecycle, the rail limits, the event list) is written once and every
 * page that shows it changes with the spec. The result is an ordinary Markdown table node: the HTML page, the
 * search index and the llms-txt Markdown copies all get a real table.
 *
 * Forms (paths are relative to openapi/):
 *   ::spec-table{schema="WithdrawalStatus"}                    the table in components/schemas/<Name>.yaml's
 *                                                              description, or else its `enum` with
 *                                                              `x-enum-descriptions`
 *   ::spec-table{operation="withdrawFiat"}                     the table in an operation's description
 *   ::spec-table{file="webhooks.yaml" pointer="/info/description" heading="Verifying signatures"}
 *                                                              the table in any description, found by JSON pointer
 *                                                              (`$ref`s on the way are followed)
 *   ::spec-table{events}                                       the webhook event types of openapi/webhooks.yaml, each
 *                                                              linked to its page, with the first sentence of its
 *                                                              description (events="a,b": those of types a.* and b.*)
 *   ::spec-table{operations="Tag"}, {lists}, {scopes}, {errors}, {rate-limits}
 *                                                              operations, list operations, scopes, error codes and
 *                                                              rate limits, built from the spec's facts
 *                                                              (derived-tables.ts)
 * Options on every form: `heading="…"` takes the table under that heading of the description; `rows="a,b"` keeps
 * the rows whose first cell is one of those values. A status schema that declares `x-status-events` (status → event
 * types) gets an "Event" column linking the events that announce each status.
 *
 * `::spec-section{file=… pointer=… heading=…}` inserts the whole section under a heading instead (paragraphs,
 * lists and tables), for spec prose that is not a table, such as the webhook delivery rules.
 *
 * Anything that cannot be found (schema, operation, file, pointer, heading, table, row, event) fails the build
 * with the Markdown file and line of the directive.
 */
import fs from 'node:fs';
import path from 'node:path';
import {API_SPECS, OPENAPI_DIR, specPath} from '../../data/api-table';
import {pathItemOperations} from '../../../tools/openapi/document';
import {SITE_ROOT} from '../../../tools/cli';
import {escapeToken} from '../../../tools/openapi/pointer';
import {SourceValueError} from '../../../tools/openapi/source-values';
import {isObject, type UnknownObject} from '../../../tools/openapi/json';
import {DirectiveError, readSpecFile, resolvePointer} from './spec-files';
import {derivedTable, DERIVED_FORMS} from './derived-tables';
import {eventFacts, specFacts} from './spec-facts';
import type {MdNode} from './md-node';

export {resolvePointer, specFileParses} from './spec-files';

export const TABLE_DIRECTIVE = 'spec-table';
export const SECTION_DIRECTIVE = 'spec-section';
const WEBHOOKS_ROOT = 'webhooks.yaml';

export type {MdNode} from './md-node';

export interface SpecTablesOptions {
  /** The site folder holding openapi/ (defaults to this repository). */
  siteDir?: string;
}

// unified, remark-parse and remark-gfm are ESM-only: loaded on first use rather than required.
let markdownParser: Promise<(text: string) => MdNode> | null = null;
function parseMarkdown(text: string): Promise<MdNode> {
  markdownParser ??= (async () => {
    const [{unified}, {default: remarkParse}, {default: remarkGfm}] = await Promise.all([import('unified'), import('remark-parse'), import('remark-gfm')]);
    const processor = unified().use(remarkParse).use(remarkGfm);
    return (t: string) => processor.parse(t) as unknown as MdNode;
  })();
  return markdownParser.then((p) => p(text));
}

const textOf = (node: MdNode): string => (node.type === 'text' || node.type === 'inlineCode' ? (node.value ?? '') : (node.children ?? []).map(textOf).join(''));

/** Spec positions mean nothing in the page: dropped, so errors and source maps point at the directive. */
function withoutPositions(node: MdNode): MdNode {
  const {position: _position, ...rest} = node;
  return {...rest, ...(node.children ? {children: node.children.map(withoutPositions)} : {})};
}

/** The blocks under a heading, up to the next heading of the same or a higher level. */
function section(root: MdNode, heading: string, where: string): MdNode[] {
  const blocks = root.children ?? [];
  const start = blocks.findIndex((n) => n.type === 'heading' && textOf(n).trim().toLowerCase() === heading.trim().toLowerCase());
  if (start < 0) {
    const headings = blocks.filter((n) => n.type === 'heading').map((n) => `"${textOf(n).trim()}"`);
    throw new DirectiveError(`${where} has no heading "${heading}"${headings.length ? ` (headings: ${headings.join(', ')})` : ' (it has no headings)'}`);
  }
  const depth = blocks[start].depth ?? 1;
  const end = blocks.findIndex((n, i) => i > start && n.type === 'heading' && (n.depth ?? 1) <= depth);
  return blocks.slice(start + 1, end < 0 ? undefined : end);
}

const cell = (children: MdNode[]): MdNode => ({type: 'tableCell', children});
const row = (cells: MdNode[]): MdNode => ({type: 'tableRow', children: cells});
const code = (value: string): MdNode => ({type: 'inlineCode', value});

/** The phrasing content of a short Markdown text (its first paragraph), on one line as a table cell needs. */
async function inline(text: string): Promise<MdNode[]> {
  const root = await parseMarkdown(text);
  const oneLine = (n: MdNode): MdNode =>
    n.type === 'text' ? {type: 'text', value: (n.value ?? '').replace(/\s*\n\s*/g, ' ')} : {...n, ...(n.children ? {children: n.children.map(oneLine)} : {})};
  return (root.children?.find((n) => n.type === 'paragraph')?.children ?? [{type: 'text', value: text}]).map(withoutPositions).map(oneLine);
}

/** The first sentence of a paragraph's phrasing content: cut after the first ". " in a text node. */
function firstSentence(children: MdNode[]): MdNode[] {
  const out: MdNode[] = [];
  for (const child of children) {
    if (child.type === 'text') {
      const end = /[.!?](\s|$)/.exec(child.value ?? '');
      if (end) {
        out.push({type: 'text', value: (child.value ?? '').slice(0, end.index + 1)});
        return out;
      }
    }
    out.push(child);
  }
  return out;
}

function eventLinks(events: string[], known: Map<string, string>, where: string): MdNode[] {
  return events.flatMap((type, i) => {
    const slug = known.get(type);
    if (!slug) throw new DirectiveError(`${where}: x-status-events names ${type}, which is not an event of ${OPENAPI_DIR}/${WEBHOOKS_ROOT}`);
    const link: MdNode = {type: 'link', url: slug, children: [code(type)]};
    return i === 0 ? [link] : [{type: 'text', value: ', '}, link];
  });
}

/** Keeps the header and the rows whose first cell is one of `rows`; every named row must exist. */
function filterRows(table: MdNode, rows: string, where: string): MdNode {
  const wanted = rows
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const [header, ...body] = table.children ?? [];
  const key = (r: MdNode) => textOf(r.children?.[0] ?? {type: 'text'}).trim();
  const missing = wanted.filter((w) => !body.some((r) => key(r) === w));
  if (missing.length) throw new DirectiveError(`${where}: the table has no row ${missing.map((m) => `"${m}"`).join(', ')} (rows: ${body.map(key).join(', ')})`);
  return {...table, children: [header, ...body.filter((r) => wanted.includes(key(r)))]};
}

/** Adds an "Event" column from a status schema's `x-status-events` (status → event types). */
function addEventColumn(table: MdNode, statusEvents: UnknownObject, siteDir: string, where: string): MdNode {
  const [header, ...body] = table.children ?? [];
  if ((header.children ?? []).some((c) => /^events?$/i.test(textOf(c).trim()))) return table;
  const known = new Map(eventFacts(siteDir).map((e) => [e.type, e.route]));
  const rows = body.map((r) => {
    const status = textOf(r.children?.[0] ?? {type: 'text'}).trim();
    const events = statusEvents[status];
    const list = Array.isArray(events) ? events.map(String) : typeof events === 'string' ? [events] : [];
    return row([...(r.children ?? []), cell(eventLinks(list, known, where))]);
  });
  return {...table, align: [...(table.align ?? []), null], children: [row([...(header.children ?? []), cell([{type: 'text', value: 'Event'}])]), ...rows]};
}

interface Source {
  /** The Markdown text the table or section is taken from. */
  markdown: string;
  /** Names the place in the spec, for messages. */
  where: string;
  /** The schema, when the directive names one (for its enum and x-status-events). */
  schema?: UnknownObject;
}

/** What a directive points at in the spec. */
function sourceOf(attrs: Record<string, string>, siteDir: string): Source {
  const forms = ['schema', 'operation', 'file', 'events', ...DERIVED_FORMS].filter((k) => k in attrs);
  if (forms.length !== 1) {
    throw new DirectiveError(
      `give exactly one of schema="…", operation="…", file="…" pointer="…", events, ${DERIVED_FORMS.join(', ')} (got ${forms.length ? forms.join(', ') : 'none'})`,
    );
  }
  if ('schema' in attrs) {
    const rel = `components/schemas/${attrs.schema}.yaml`;
    if (!/^[A-Za-z0-9]+$/.test(attrs.schema) || !fs.existsSync(path.join(siteDir, OPENAPI_DIR, rel))) {
      throw new DirectiveError(`unknown schema "${attrs.schema}": ${OPENAPI_DIR}/${rel} does not exist`);
    }
    const schema = readSpecFile(siteDir, rel);
    if (!isObject(schema)) throw new DirectiveError(`${OPENAPI_DIR}/${rel} is not a schema object`);
    return {markdown: typeof schema.description === 'string' ? schema.description : '', where: `${OPENAPI_DIR}/${rel}`, schema};
  }
  if ('operation' in attrs) {
    for (const spec of API_SPECS) {
      const root = readSpecFile(siteDir, path.posix.relative(OPENAPI_DIR, specPath(spec)));
      const paths = isObject(root) && isObject(root.paths) ? root.paths : {};
      for (const url of Object.keys(paths)) {
        const {value: item, file} = resolvePointer(siteDir, `${spec}.yaml`, `/paths/${escapeToken(url)}`);
        for (const {method, raw: op} of isObject(item) ? pathItemOperations(item) : []) {
          if (isObject(op) && op.operationId === attrs.operation) {
            return {markdown: typeof op.description === 'string' ? op.description : '', where: `${OPENAPI_DIR}/${file} (${method.toUpperCase()} ${url})`};
          }
        }
      }
    }
    throw new DirectiveError(`unknown operation "${attrs.operation}": no operationId of the ${API_SPECS.length} APIs has that name`);
  }
  if ('file' in attrs) {
    if (!('pointer' in attrs))
      throw new DirectiveError(`file="${attrs.file}" needs a pointer="…" to the description (for example pointer="/info/description")`);
    const {value, file} = resolvePointer(siteDir, attrs.file, attrs.pointer);
    if (typeof value !== 'string')
      throw new DirectiveError(
        `${OPENAPI_DIR}/${attrs.file}${attrs.pointer} is not a text (description) but ${Array.isArray(value) ? 'a list' : typeof value}`,
      );
    return {markdown: value, where: `${OPENAPI_DIR}/${file}${file === attrs.file ? ` ${attrs.pointer}` : ''}`};
  }
  return {markdown: '', where: 'events' in attrs ? `${OPENAPI_DIR}/${WEBHOOKS_ROOT} webhooks` : `the spec's ${forms[0]}`};
}

/** The events, or those whose type starts with one of `prefixes` (comma-separated `account,deposit`). */
async function eventsTable(siteDir: string, prefixes: string): Promise<MdNode> {
  const all = eventFacts(siteDir);
  if (all.length === 0) throw new DirectiveError(`${OPENAPI_DIR}/${WEBHOOKS_ROOT} has no webhooks section`);
  const wanted = prefixes
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const events = wanted.length ? all.filter((e) => wanted.some((p) => e.type.startsWith(`${p}.`))) : all;
  const unmatched = wanted.filter((p) => !all.some((e) => e.type.startsWith(`${p}.`)));
  if (unmatched.length) throw new DirectiveError(`events="${prefixes}": no event type starts with ${unmatched.map((p) => `"${p}."`).join(', ')}`);
  const rows = await Promise.all(
    events.map(async (e) => row([cell(eventLinks([e.type], new Map([[e.type, e.route]]), '')), cell(firstSentence(await inline(e.description)))])),
  );
  return {type: 'table', align: [null, null], children: [row([cell([{type: 'text', value: 'Event'}]), cell([{type: 'text', value: 'Sent when'}])]), ...rows]};
}

/** The table of an enum with `x-enum-descriptions` (a map value → text, or a list in enum order). */
async function enumTable(schema: UnknownObject, where: string): Promise<MdNode | null> {
  const values = schema.enum;
  const descriptions = schema['x-enum-descriptions'];
  if (!Array.isArray(values) || !descriptions) return null;
  const describe = (v: unknown, i: number): string | undefined =>
    Array.isArray(descriptions) ? descriptions[i] : isObject(descriptions) ? (descriptions[String(v)] as string | undefined) : undefined;
  const rows = await Promise.all(
    values.map(async (v, i) => {
      const text = describe(v, i);
      if (typeof text !== 'string') throw new DirectiveError(`${where}: x-enum-descriptions has no text for "${String(v)}"`);
      return row([cell([code(String(v))]), cell(await inline(text))]);
    }),
  );
  return {type: 'table', align: [null, null], children: [row([cell([{type: 'text', value: 'Value'}]), cell([{type: 'text', value: 'Meaning'}])]), ...rows]};
}

async function render(node: MdNode, siteDir: string): Promise<MdNode[]> {
  const attrs = Object.fromEntries(Object.entries(node.attributes ?? {}).map(([k, v]) => [k, v ?? '']));
  const source = sourceOf(attrs, siteDir);
  if (node.name === SECTION_DIRECTIVE) {
    if (!('heading' in attrs)) throw new DirectiveError(`::${SECTION_DIRECTIVE} needs heading="…": the section of ${source.where} to insert`);
    const blocks = section(await parseMarkdown(source.markdown), attrs.heading, source.where);
    if (blocks.length === 0) throw new DirectiveError(`${source.where}: the section "${attrs.heading}" is empty`);
    return blocks.map(withoutPositions);
  }
  let table: MdNode | null | undefined;
  const derived = derivedTable(() => specFacts(siteDir), attrs);
  if (derived) table = derived;
  else if ('events' in attrs) table = await eventsTable(siteDir, attrs.events);
  else {
    const root = await parseMarkdown(source.markdown);
    const blocks = 'heading' in attrs ? section(root, attrs.heading, source.where) : (root.children ?? []);
    table = blocks.find((n) => n.type === 'table');
    if (!table && source.schema && !('heading' in attrs)) table = await enumTable(source.schema, source.where);
    if (!table) {
      const what = 'heading' in attrs ? `the section "${attrs.heading}" of ${source.where}` : source.where;
      throw new DirectiveError(`${what} has no Markdown table${source.schema ? ' (and no enum with x-enum-descriptions)' : ''}`);
    }
    table = withoutPositions(table);
  }
  if (attrs.rows) table = filterRows(table, attrs.rows, source.where);
  if (isObject(source.schema?.['x-status-events'])) table = addEventColumn(table, source.schema['x-status-events'] as UnknownObject, siteDir, source.where);
  return [{...table, position: node.position}];
}

function directives(node: MdNode, found: {parent: MdNode; index: number}[] = []): {parent: MdNode; index: number}[] {
  node.children?.forEach((child, index) => {
    if (/Directive$/.test(child.type) && (child.name === TABLE_DIRECTIVE || child.name === SECTION_DIRECTIVE)) found.push({parent: node, index});
    else directives(child, found);
  });
  return found;
}

export default function remarkSpecTables(options: SpecTablesOptions = {}) {
  const siteDir = options.siteDir ?? SITE_ROOT;
  return async (tree: {type: string}, file: {path?: string; cwd?: string}): Promise<void> => {
    const found = directives(tree as MdNode);
    // Replaced from the last one backwards, so a directive that becomes several blocks keeps the indexes valid.
    for (const {parent, index} of found.reverse()) {
      const node = parent.children![index];
      const mdFile = file.path ? path.relative(file.cwd ?? siteDir, path.resolve(file.cwd ?? siteDir, file.path)) : '<markdown>';
      const where = `${mdFile}:${node.position?.start.line ?? '?'}`;
      if (node.type !== 'leafDirective') {
        const written = node.type === 'textDirective' ? `:${node.name}` : `:::${node.name}`;
        throw new Error(`${where}: ${written} must be a leaf directive on a line of its own: ::${node.name}{…}`);
      }
      try {
        parent.children!.splice(index, 1, ...(await render(node, siteDir)));
      } catch (error) {
        if (error instanceof SourceValueError) throw new Error(`${where}: ::${node.name}: ${error.message}`, {cause: error});
        throw error;
      }
    }
  };
}
