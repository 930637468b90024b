/**
 * Nothing lost between the spec and a page: every property the reference model reaches from an operation's
 * parameters, request and responses has its row in the page's HTML and in its Markdown copy, under the same parent
 * rows, with the same type label, the same `required` and its possible values (each value of an enum); a component
 * shown apart is checked in its own HTML and its own copy (the page and the copy load or link it one click away).
 * Recursion is listed once, and a named schema whose fields were listed already is not required again (the copy
 * points back to it; the page repeats it). Every link of the model leads to an element a reader can reach from it.
 * Run by `npm test` on the portal's spec (tests/spec/one-process/reference-spec.test.ts), on fixtures of every shape
 * (tests/spec/one-process/reference-model.test.ts), and by `npm run bench:corpus` on the built pages of real specs.
 */
import type {AnyNode, Element} from 'domhandler';
import {DomUtils, parseDocument} from 'htmlparser2';
import type {ApiDocument} from '../openapi/document';
import {isObject, type Json, type JsonObject} from '../openapi/json';
import {buildComponentModel, buildOperationModel} from './build';
import {ADDITIONAL_PROPERTY, fieldsSignature, literal, possibleValues, segmentText, typeLabel} from './facts';
import {renderComponentHtml, renderReferenceHtml, type HtmlContext} from './html';
import {componentMarkdown, operationMarkdown} from './markdown';
import {proseMarkdown, proseText} from './prose';
import {schemaRoots, type ComponentModel, type Direction, type OperationModel, type SchemaLink, type SchemaNode, type SchemaView} from './model';

/** A row of the reference: a property (or parameter, header, "any other key") under its parent rows. */
export interface Row {
  /** The names of the rows it is listed under, outermost first. */
  path: string[];
  name: string;
  label: string;
  required: boolean;
}

/** A row the model has: where it is checked (the operation's page, or a component shown apart) and where it comes from. */
export interface ExpectedRow extends Row {
  /** `operation`, or the `ref|direction` of the component shown apart whose HTML and copy list it. */
  scope: string;
  /** The schema root it was reached from (`response 200 (application/json)`), for messages. */
  root: string;
  /** Its possible values as text: each constraint, and each value of an enum on its own. */
  values: string[];
}

/** A row found in a rendering, with the text of its item (where its possible values are). */
interface FoundRow extends Row {
  text: string;
}

/** The tree of an HTML page or fragment (htmlparser2's DOM: an element's `name`, `attribs`, `children`, `parent`). */
export const parseHtml = (html: string): AnyNode => parseDocument(html);

const attribute = (el: Element, name: string): string | undefined => el.attribs[name];
const classesOf = (el: Element): string[] => (attribute(el, 'class') ?? '').split(/\s+/).filter(Boolean);
const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** The text of a node, as a reader (or a copy) gets it. */
export const textOf = (node: AnyNode): string => DomUtils.textContent(node);

/** Every element of a tree, in document order (the node itself first, when it is one: findAll tests the nodes it is given). */
export const elementsOf = (node: AnyNode): Element[] => DomUtils.findAll(() => true, [node]);

/** The element ancestors of an element, nearest first. */
function ancestorsOf(el: Element): Element[] {
  const found: Element[] = [];
  for (let p = el.parent; p && DomUtils.isTag(p); p = p.parent) found.push(p);
  return found;
}

const rowName = (row: Row): string => [...row.path, row.name].join(' › ');
const describe = (row: Row): string => `${rowName(row)}: ${row.label}${row.required ? ' required' : ''}`;

/**
 * The rows of a reference's HTML (tools/reference/html.tsx): each `.novaramp-ref-row` under the rows of its
 * enclosing list items, with its item's text; `within`: only those inside the element of that id.
 */
export function htmlRows(html: string, within?: string): FoundRow[] {
  const all = elementsOf(parseHtml(html));
  const scope = within === undefined ? undefined : all.find((el) => attribute(el, 'id') === within);
  if (within !== undefined && !scope) throw new Error(`the HTML has no element with the id "${within}"`);
  const containers = (scope ? elementsOf(scope) : all).filter((el) => classesOf(el).includes('novaramp-ref-row'));
  const ownerOf = (el: Element) => ancestorsOf(el).find((a) => a.name === 'li');
  const nameOf = (container: Element) => {
    const name = container.children.find((c) => DomUtils.isTag(c) && classesOf(c).includes('novaramp-ref-row__name'));
    return name ? textOf(name).trim() : '';
  };
  // A list item's row is the first container it holds itself (a property's summary, a parameter's line).
  const rowOfItem = new Map<Element, string>();
  for (const c of containers) {
    const owner = ownerOf(c);
    if (owner && !rowOfItem.has(owner)) rowOfItem.set(owner, nameOf(c));
  }
  return containers.map((c) => {
    const owner = ownerOf(c);
    const parents = owner ? ancestorsOf(owner).filter((a) => a.name === 'li' && rowOfItem.has(a)) : [];
    const childWith = (cls: string) => c.children.find((n): n is Element => DomUtils.isTag(n) && classesOf(n).includes(cls));
    const type = childWith('novaramp-ref-type');
    return {
      path: parents.reverse().map((li) => rowOfItem.get(li) as string),
      name: nameOf(c),
      label: type ? textOf(type).trim() : '',
      required: !!childWith('novaramp-ref-required'),
      text: squash(textOf(owner ?? c)),
    };
  });
}

const ITEM = /^( *)- \*\*(`+) ?(.*?) ?\2\*\*(.*)$/;

/**
 * The rows of a Markdown copy (tools/reference/markdown.ts): every item `- **`name`** <label> <qualifiers>`, under
 * the items it is indented below (a heading starts afresh), with the text of its body.
 */
export function markdownRows(markdown: string): (FoundRow & {rest: string})[] {
  const rows: (FoundRow & {rest: string})[] = [];
  // Every list item closes the items indented as much or more; only rows name a level (a variant's item does not).
  let stack: {indent: number; name?: string; row?: FoundRow & {rest: string}}[] = [];
  for (const line of markdown.split('\n')) {
    if (/^#{1,6} /.test(line)) {
      stack = [];
      continue;
    }
    const item = /^( *)- /.exec(line);
    if (!item) {
      // A line of the body of every open item.
      for (const open of stack) if (open.row) open.row.text += ` ${line.trim()}`;
      continue;
    }
    const indent = item[1].length;
    stack = stack.filter((s) => s.indent < indent);
    for (const open of stack) if (open.row) open.row.text += ` ${line.trim()}`;
    const m = ITEM.exec(line);
    const row = m
      ? {path: stack.flatMap((s) => (s.name === undefined ? [] : [s.name])), name: m[3], rest: m[4].trim(), label: '', required: false, text: line.trim()}
      : undefined;
    if (row) rows.push(row);
    stack.push({indent, name: m?.[3], row});
  }
  for (const row of rows) row.text = squash(row.text.replace(/[*`]/g, ''));
  return rows;
}

/** Whether a Markdown row's words (after its name) are `label` and, exactly when `required`, the word `required`. */
function markdownMatches(rest: string, row: Row): boolean {
  if (!rest.startsWith(row.label)) return false;
  const after = rest.slice(row.label.length);
  if (after && !after.startsWith(' ')) return false;
  const words = after
    .replace(/ \(.*\)$/, '')
    .trim()
    .split(/\s+/);
  return words.includes('required') === row.required;
}

/** "Possible values" of a schema as text: each constraint, and each value of an enum on its own. */
function valuesOf(node: SchemaNode): string[] {
  if (node.kind !== 'schema') return [];
  const list = node.enum ?? (node.items?.kind === 'schema' ? node.items.enum : undefined);
  const groups = possibleValues(node);
  // The enum is the last group: its values one by one (a long enum is split between a line and a `<details>`).
  return [...(list ? groups.slice(0, -1) : groups).map(segmentText), ...(list ?? []).map((v) => literal(v))];
}

/** Walks schemas into expected rows; the components shown apart it meets are collected, not walked. */
function rowWalker(rows: ExpectedRow[], components: Map<string, {ref: string; direction: Direction}>) {
  // Named schemas listed so far, by signature: the copy describes each once (tools/reference/markdown.ts).
  const listed = new Set<string>();
  const walk = (node: SchemaNode, path: string[], direction: Direction, scope: string, root: string): void => {
    if (node.kind === 'link') return;
    if (node.kind === 'ref') {
      const key = `${node.ref}|${node.direction}`;
      if (!components.has(key)) components.set(key, {ref: node.ref, direction: node.direction});
      return;
    }
    if (node.items) return walk(node.items, path, direction, scope, root);
    if (node.contentSchema) return walk(node.contentSchema, path, direction, scope, root);
    if (node.name && (node.properties.length || node.variants)) {
      const key = `${node.name}|${direction}|${scope}|${fieldsSignature(node)}`;
      if (listed.has(key)) return;
      listed.add(key);
    }
    const row = (name: string, schema: SchemaNode, required: boolean) => {
      rows.push({scope, root, path, name, label: typeLabel(schema), required, values: valuesOf(schema)});
      walk(schema, [...path, name], direction, scope, root);
    };
    for (const p of node.properties) row(p.name, p.schema, p.required);
    // Variants documented on pages of their own are one link away (linkedVariantsLost checks each link and page).
    if (!node.variants?.pages) for (const o of node.variants?.options ?? []) walk(o.schema, path, direction, scope, root);
    if (node.additionalProperties) row(ADDITIONAL_PROPERTY, node.additionalProperties, false);
  };
  return walk;
}

/** The rows of a component shown apart, checked in its own HTML and copy (scope `ref|direction`). */
export function componentRows(component: ComponentModel): ExpectedRow[] {
  const rows: ExpectedRow[] = [];
  rowWalker(rows, new Map())(
    component.schema,
    [],
    component.direction,
    `${component.ref}|${component.direction}`,
    `component ${component.ref} (${component.direction})`,
  );
  return rows;
}

/**
 * The rows an operation's model has, in the order its Markdown copy writes them: parameters, request body, responses
 * (headers once per name), then, when `component` builds them, the components shown apart, each once. A named
 * schema whose fields were listed already, the same fields, is not listed again (the copy points back to it; the
 * page repeats it), and links are not followed (recursion is listed once).
 */
export function expectedRows(model: OperationModel, component?: (ref: string, direction: Direction) => ComponentModel): ExpectedRow[] {
  const rows: ExpectedRow[] = [];
  const components = new Map<string, {ref: string; direction: Direction}>();
  const walk = rowWalker(rows, components);
  for (const p of model.parameters) {
    if (!p.schema) continue;
    rows.push({
      scope: 'operation',
      root: `${p.in} parameter ${p.name}`,
      path: [],
      name: p.name,
      label: typeLabel(p.schema),
      required: p.required,
      values: valuesOf(p.schema),
    });
    walk(p.schema, [p.name], 'request', 'operation', `${p.in} parameter ${p.name}`);
  }
  const headers = new Set<string>();
  for (const {where, schema} of schemaRoots(model)) {
    if (where.includes(' parameter ')) continue;
    const header = / header (.+)$/.exec(where)?.[1];
    const direction: Direction = where.startsWith('request') ? 'request' : 'response';
    if (header) {
      if (headers.has(header)) continue;
      headers.add(header);
      const h = model.responses.flatMap((r) => r.headers).find((x) => x.name === header);
      rows.push({scope: 'operation', root: where, path: [], name: header, label: typeLabel(schema), required: h?.required ?? false, values: valuesOf(schema)});
      walk(schema, [header], direction, 'operation', where);
    } else {
      walk(schema, [], direction, 'operation', where);
    }
  }
  if (!component) return rows;
  const queue = [...components.entries()];
  for (let i = 0; i < queue.length; i++) {
    const [key, {ref, direction}] = queue[i];
    const before = components.size;
    walk(component(ref, direction).schema, [], direction, key, `component ${ref} (${direction})`);
    if (components.size > before) queue.push(...[...components.entries()].slice(before));
  }
  return rows;
}

/** An operation's renderings, and those of the components it shows apart, by scope (`operation` or `ref|direction`). */
export interface Renderings {
  html: Map<string, string>;
  markdown: Map<string, string>;
  component: (ref: string, direction: Direction) => ComponentModel;
  /** The model of another page of the API, by operationId (a variant documented on its own page links to it). */
  page?: (operationId: string) => OperationModel | undefined;
}

/** The context the page generator renders with, for a spec of our own and nothing recorded. */
export const htmlContext = (): HtmlContext => ({
  foreign: false,
  componentFile: (ref, direction) => `${direction}-${ref.split('/').pop()}.json`,
  links: [],
  problems: [],
});

/** The page's HTML, its Markdown copy and those of the components it shows apart, as gen:api and the build make them. */
export function render(api: ApiDocument, model: OperationModel): Renderings {
  const built = new Map<string, ComponentModel>();
  const component = (ref: string, direction: Direction): ComponentModel => {
    const key = `${ref}|${direction}`;
    if (!built.has(key)) built.set(key, buildComponentModel(api, ref, direction, {api: model.api}));
    return built.get(key) as ComponentModel;
  };
  const page = (operationId: string): OperationModel | undefined => {
    const op = api.operations().find((o) => o.operationId === operationId);
    return op && buildOperationModel(api, op, {api: model.api});
  };
  const html = new Map([['operation', renderReferenceHtml(model, htmlContext())]]);
  const markdown = new Map([['operation', operationMarkdown({model, codeSamples: [], hasMarkdown: () => false})]]);
  const queue = [...model.refs];
  for (let i = 0; i < queue.length; i++) {
    const key = `${queue[i].ref}|${queue[i].direction}`;
    if (html.has(key)) continue;
    const c = component(queue[i].ref, queue[i].direction);
    html.set(key, renderComponentHtml(c, htmlContext()));
    markdown.set(key, componentMarkdown({component: c, hasMarkdown: () => false}));
    queue.push(...c.refs);
  }
  return {html, markdown, component, page};
}

/**
 * Every row of the model missing from the HTML or the Markdown copy of its scope (the page, or the component's own
 * file), or there without one of its possible values, as `html|markdown: <root>: <path>: <label> [required]`.
 * Empty: nothing lost.
 */
export function lostRows(model: OperationModel, renderings: Renderings): string[] {
  return [...missingRows(expectedRows(model, renderings.component), renderings), ...linkedVariantsLost(model, renderings)];
}

/** The unions of the operation's page whose variants are documented on pages of their own (VariantsModel.pages). */
function linkedUnions(model: OperationModel): {where: string; view: SchemaView}[] {
  return schemaRoots(model).flatMap(({where, schema}) => [...shownViews(schema)].filter((v) => v.variants?.pages).map((view) => ({where, view})));
}

/**
 * A variant documented on a page of its own is not lost when that page is there and documents it, and the page and
 * the copy link to it: the page (a webhook named by the discriminator value, at the route linked) has the variant's
 * component as its body, with its fields listed there, and the HTML and the Markdown copy link each value to it.
 */
export function linkedVariantsLost(model: OperationModel, renderings: Pick<Renderings, 'html' | 'markdown' | 'page'>): string[] {
  const lost: string[] = [];
  const hrefs = new Set(
    elementsOf(parseHtml(renderings.html.get('operation') ?? ''))
      .filter((el) => el.name === 'a')
      .map((a) => attribute(a, 'href')),
  );
  const markdown = renderings.markdown.get('operation') ?? '';
  for (const {where, view} of linkedUnions(model)) {
    for (const page of view.variants?.pages ?? []) {
      const variant = view.variants?.options[page.variant]?.schema;
      const what = `${where}: ${page.value} (${page.name}, ${page.route})`;
      const other = renderings.page?.(page.operationId);
      const body = other?.requestBody?.content.find((m) => m.schema)?.schema;
      if (!other) lost.push(`page: ${what}: no page ${page.operationId} to check`);
      else if (other.kind !== 'webhook' || other.path !== page.value)
        lost.push(`page: ${what}: ${page.operationId} is the ${other.kind} ${other.path}, not the event ${page.value}`);
      else if (variant?.kind !== 'ref' || variant.name !== page.name || body?.kind !== 'schema' || body.name !== page.name || !body.properties.length)
        lost.push(`page: ${what}: ${page.operationId} does not document ${page.name} with its fields`);
      if (!hrefs.has(page.route)) lost.push(`html: ${what}: no link to its page`);
      if (
        !new RegExp(`\\| \`${escapeRegExp(page.value)}\` \\| \\[${escapeRegExp(page.name)}\\]\\([^)]*${escapeRegExp(page.route)}(\\.md)?\\) \\|`).test(markdown)
      )
        lost.push(`markdown: ${what}: no link to its page`);
    }
  }
  return lost;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The views a page shows: every view, but not inside variants documented on pages of their own. */
function* shownViews(node: SchemaNode | undefined): Generator<SchemaView> {
  if (!node || node.kind !== 'schema') return;
  yield node;
  for (const p of node.properties) yield* shownViews(p.schema);
  if (node.additionalProperties) yield* shownViews(node.additionalProperties);
  if (node.items) yield* shownViews(node.items);
  if (node.contentSchema) yield* shownViews(node.contentSchema);
  if (!node.variants?.pages) for (const v of node.variants?.options ?? []) yield* shownViews(v.schema);
}

/** The expected rows missing from the renderings of their scope (or there without one of their possible values). */
export function missingRows(expected: ExpectedRow[], renderings: Pick<Renderings, 'html' | 'markdown'>): string[] {
  const lost: string[] = [];
  const html = new Map([...renderings.html].map(([scope, text]) => [scope, htmlRows(text)]));
  const md = new Map([...renderings.markdown].map(([scope, text]) => [scope, markdownRows(text)]));
  for (const row of expected) {
    const inHtml = (html.get(row.scope) ?? []).filter((r) => rowName(r) === rowName(row) && r.label === row.label && r.required === row.required);
    if (!inHtml.length) lost.push(`html: ${row.root}: ${describe(row)}`);
    else {
      const missing = row.values.filter((v) => !inHtml.some((r) => r.text.includes(squash(v))));
      if (missing.length) lost.push(`html: ${row.root}: ${describe(row)}: without ${missing.join(', ')}`);
    }
    const inMarkdown = (md.get(row.scope) ?? []).filter(
      (r) => r.name === row.name && r.path.join(' › ') === row.path.join(' › ') && markdownMatches(r.rest, row),
    );
    if (!inMarkdown.length) lost.push(`markdown: ${row.root}: ${describe(row)}`);
    else {
      const missing = row.values.filter((v) => !inMarkdown.some((r) => r.text.includes(squash(v.replace(/[*`]/g, '')))));
      if (missing.length) lost.push(`markdown: ${row.root}: ${describe(row)}: without ${missing.join(', ')}`);
    }
  }
  return lost;
}

/** Every link node of a tree (links are leaves: a view's property, item, map value or variant). */
export function linksOf(node: SchemaNode | undefined): SchemaLink[] {
  const found: SchemaLink[] = [];
  if (node?.kind === 'link') found.push(node);
  for (const view of shownViews(node)) {
    const children = [
      ...view.properties.map((p) => p.schema),
      ...(view.items ? [view.items] : []),
      ...(view.contentSchema ? [view.contentSchema] : []),
      ...(view.additionalProperties ? [view.additionalProperties] : []),
      ...(view.variants?.pages ? [] : (view.variants?.options.map((o) => o.schema) ?? [])),
    ];
    found.push(...children.filter((c): c is SchemaLink => c.kind === 'link'));
  }
  return found;
}

/**
 * The anchors of a reference's HTML against its model's links: every link has its anchor (`href="#to"`), every
 * anchor's target exists, once, and is in every tab panel the anchor is in (a target in another, hidden panel is out
 * of reach: the page does not even have its content until that tab is chosen). Ids are unique.
 */
export function anchorProblems(html: string, links: SchemaLink[]): string[] {
  const problems: string[] = [];
  const all = elementsOf(parseHtml(html));
  const byId = new Map<string, Element[]>();
  for (const el of all) {
    const id = attribute(el, 'id');
    if (id !== undefined) byId.set(id, [...(byId.get(id) ?? []), el]);
  }
  for (const [id, els] of byId) if (els.length > 1) problems.push(`the id "${id}" is on ${els.length} elements`);
  const anchors = all.filter((el) => el.name === 'a' && attribute(el, 'href')?.startsWith('#'));
  const panels = (el: Element) => ancestorsOf(el).filter((a) => attribute(a, 'role') === 'tabpanel');
  for (const a of anchors) {
    const id = (attribute(a, 'href') as string).slice(1);
    const target = byId.get(id)?.[0];
    if (!target) {
      problems.push(`the link "${textOf(a).trim()}" (#${id}) leads to no element`);
      continue;
    }
    const mine = new Set(panels(a));
    const elsewhere = panels(target).filter((p) => !mine.has(p));
    if (elsewhere.length)
      problems.push(
        `the link "${textOf(a).trim()}" (#${id}) leads into the tab panel ${attribute(elsewhere[0], 'id')}, which is hidden when the link is shown`,
      );
  }
  const wanted = new Map<string, SchemaLink[]>();
  for (const link of links) wanted.set(link.to, [...(wanted.get(link.to) ?? []), link]);
  for (const [to, list] of wanted) {
    const found = anchors.filter((a) => attribute(a, 'href') === `#${to}`).length;
    if (found < list.length) {
      problems.push(
        `${list.length - found} of ${list.length} links to ${list[0].name} (#${to}, ${list[0].reason}) have no anchor on the page: ${list.map((l) => l.pointer).join(', ')}`,
      );
    }
  }
  return problems;
}

/** The anchor problems of the page and of each component shown apart (each checked against its own model's links). */
export function linkProblems(model: OperationModel, renderings: Renderings): string[] {
  const problems = anchorProblems(
    renderings.html.get('operation') ?? '',
    schemaRoots(model).flatMap((r) => linksOf(r.schema)),
  ).map((p) => `page: ${p}`);
  for (const [key, text] of renderings.html) {
    if (key === 'operation') continue;
    const [ref, direction] = key.split('|') as [string, Direction];
    problems.push(...anchorProblems(text, linksOf(renderings.component(ref, direction).schema)).map((p) => `${ref} (${direction}): ${p}`));
  }
  return problems;
}

/** A description the spec gives something a page shows, with where it is (for messages). */
interface SpecDescription {
  where: string;
  text: string;
}

/**
 * The descriptions a reader is owed for an operation, read from the spec itself (not from the model, which could
 * drop one without a trace): each parameter's and header's (else its schema's), and each schema's the operation
 * shows, with how the model reads a schema made of parts. A schema's own description comes first; without one, the
 * descriptions of the `allOf` parts written in place (not those reached through a `$ref`: `allOf: [$ref Base, …]`
 * does not repeat Base's description); beside a `$ref`, the description there, else the component's; a single
 * `allOf: [$ref]` (OpenAPI 3.0's way to describe a reference) and a nullable `[X, null]` read as X with the
 * description around them. Read-only fields in requests, write-only ones in responses, `null` branches and variants
 * documented on pages of their own are not shown here, so owe nothing.
 */
export function specDescriptions(api: ApiDocument, model: OperationModel): SpecDescription[] {
  const op = api.operations().find((o) => o.pointer === model.pointer);
  if (!op) throw new Error(`the spec has no operation at ${model.pointer}`);
  const onOtherPages = new Set(
    linkedUnions(model).flatMap(({view}) => view.variants?.options.flatMap((o) => (o.schema.kind === 'ref' ? [o.schema.ref] : [])) ?? []),
  );
  const found: SpecDescription[] = [];
  const add = (where: string, text: Json | undefined) => {
    if (typeof text === 'string' && text.trim() && !found.some((d) => d.text === text)) found.push({where, text});
  };
  const target = (ref: string): JsonObject => {
    try {
      const node = api.resolve({$ref: ref}).node;
      return isObject(node) ? node : {};
    } catch {
      return {};
    }
  };
  const walked = new Set<string>();
  /** `described`: what is around the schema already gave its description; `part`: it is merged as an `allOf` part. */
  const walk = (raw: Json | undefined, where: string, direction: Direction, described: boolean, part = false): void => {
    if (!isObject(raw)) return;
    if (typeof raw.$ref === 'string') {
      const {$ref, description, ...siblings} = raw;
      if (onOtherPages.has($ref)) return;
      const component = target($ref);
      if (!described) add(where, typeof description === 'string' ? description : component.description);
      walk(siblings, where, direction, true, part);
      const key = `${$ref}|${direction}`;
      if (walked.has(key)) return;
      walked.add(key);
      walk(component, where, direction, true, part);
      return;
    }
    if (!described) add(where, raw.description);
    const own = described || (typeof raw.description === 'string' && !!raw.description.trim());
    const allOf = Array.isArray(raw.allOf) ? raw.allOf : [];
    const single = !part && allOf.length === 1;
    for (const p of allOf) {
      const viaRef = isObject(p) && typeof p.$ref === 'string';
      walk(p, where, direction, own || (viaRef && !single), true);
    }
    const hidden = direction === 'request' ? 'readOnly' : 'writeOnly';
    for (const [name, property] of Object.entries(isObject(raw.properties) ? raw.properties : {})) {
      const flags = isObject(property) && typeof property.$ref === 'string' ? target(property.$ref) : property;
      if ((isObject(property) && property[hidden] === true) || (isObject(flags) && flags[hidden] === true)) continue;
      walk(property, `${where} › ${name}`, direction, false);
    }
    for (const key of ['items', 'additionalProperties', 'contentSchema'] as const) walk(raw[key], `${where} › ${key}`, direction, false);
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const branches = (Array.isArray(raw[keyword]) ? (raw[keyword] as Json[]) : []).filter((b) => {
        const r = isObject(b) && typeof b.$ref === 'string' ? target(b.$ref) : b;
        return !(isObject(r) && (r.type === 'null' || (Array.isArray(r.type) && r.type.length === 1 && r.type[0] === 'null') || r.const === null));
      });
      const structure = isObject(raw.properties) || raw.items !== undefined || isObject(raw.additionalProperties);
      // `[X, null]`: X with this schema's description laid over its own.
      const overlaid = branches.length === 1 && !structure;
      for (const b of branches) walk(b, `${where} (${keyword})`, direction, overlaid && own);
    }
  };
  const parameter = (p: JsonObject, where: string, direction: Direction) => {
    add(where, p.description);
    const media = isObject(p.content) ? Object.values(p.content)[0] : undefined;
    walk(p.schema ?? (isObject(media) ? media.schema : undefined), where, direction, typeof p.description === 'string' && !!p.description.trim());
  };
  const content = (holder: JsonObject, where: string, direction: Direction) => {
    for (const [mediaType, raw] of Object.entries(isObject(holder.content) ? holder.content : {})) {
      const media = isObject(raw) && typeof raw.$ref === 'string' ? target(raw.$ref) : raw;
      if (!isObject(media)) continue;
      walk(media.schema, `${where} (${mediaType})`, direction, false);
      walk(media.itemSchema, `${where} (${mediaType}) item`, direction, false);
    }
  };
  for (const {parameter: p} of op.parameters) parameter(p, `${String(p.in)} parameter ${String(p.name)}`, 'request');
  const resolvedAt = (raw: Json | undefined): JsonObject => (isObject(raw) && typeof raw.$ref === 'string' ? target(raw.$ref) : isObject(raw) ? raw : {});
  if (op.operation.requestBody !== undefined) content(resolvedAt(op.operation.requestBody), 'request body', 'request');
  for (const [status, raw] of Object.entries(isObject(op.operation.responses) ? op.operation.responses : {})) {
    const response = resolvedAt(raw);
    for (const [name, header] of Object.entries(isObject(response.headers) ? response.headers : {}))
      parameter(resolvedAt(header), `response ${status} header ${name}`, 'response');
    content(response, `response ${status}`, 'response');
  }
  return found;
}

/** Text compared without its layout: the page, the copy and the spec break and indent prose differently. */
const unspaced = (text: string): string => text.replace(/\s+/g, '');
/** Markdown compared without its layout, emphasis and link targets (the copy makes root-relative links absolute). */
const unspacedMarkdown = (text: string): string => unspaced(text.replace(/\]\([^)]*\)/g, ']').replace(/[*`]/g, ''));

const plainTexts = new Map<string, string>();
/** The plain text of a description (cached: the same descriptions come back on page after page). */
function plainText(markdown: string): string {
  if (!plainTexts.has(markdown)) plainTexts.set(markdown, proseText(markdown));
  return plainTexts.get(markdown) as string;
}

/**
 * Every description the spec gives (specDescriptions) missing from the page's HTML or from its Markdown copy (with
 * those of the components it shows apart), as `html|markdown: <where>: "<description>"`. Empty: none lost.
 */
export function lostDescriptions(api: ApiDocument, model: OperationModel, renderings: Pick<Renderings, 'html' | 'markdown'>): string[] {
  const html = unspaced([...renderings.html.values()].map((h) => textOf(parseHtml(h))).join(' '));
  const markdown = unspacedMarkdown([...renderings.markdown.values()].join(' '));
  const lost: string[] = [];
  for (const {where, text} of specDescriptions(api, model)) {
    const quoted = `"${plainText(text).slice(0, 60)}"`;
    if (!html.includes(unspaced(plainText(text)))) lost.push(`html: ${where}: ${quoted}`);
    if (!markdown.includes(unspacedMarkdown(proseMarkdown(text)))) lost.push(`markdown: ${where}: ${quoted}`);
  }
  return lost;
}
