/**
 * JSON Schemas (from a bundled OpenAPI document) as Markdown lists: one item per property with its type,
 * whether it is required, its description, its constraints (worded as the reference pages word them:
 * "Possible values", "Default value", "Example"), and its nested properties as a nested list. `allOf` is merged
 * with the OpenAPI theme's own merge, so the Markdown shows the same fields as the HTML.
 *
 * A page describes each named object schema (its `title`, which every component schema has) once; later uses
 * name it and point back, so a page that returns the same object in several places stays small.
 */
import {mergeAllOf} from 'docusaurus-theme-openapi-docs/lib/theme/Schema/normalize';
import {code, indent, literal} from './markdown-text';

export type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
export type Obj = {[key: string]: Json};

export const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a page has described so far, and how it writes descriptions. */
export interface SchemaPage {
  /** Named object schemas already described on the page: title → where (a heading of the page). */
  described: Map<string, string>;
  /** The heading the schemas being rendered now belong to (named in later back-references). */
  section: string;
  /** Request schemas hide `readOnly` properties, response schemas `writeOnly` ones (as the HTML does). */
  direction: 'request' | 'response';
  /** A description (CommonMark from the spec) as it goes into the page: links made absolute. */
  prose: (markdown: string) => string;
  /** The type label the reference shows for a schema (the theme's own). */
  schemaName: (schema: Obj) => string;
}

const CIRCULAR = 'x-circular-ref';
/** The description of a nullable property's value, where the property has one of its own (the page shows both). */
const SET_DESCRIPTION = 'x-description-when-set';
/** The example of a nullable property's value, where the property's own example is `null`. */
const SET_EXAMPLE = 'x-example-when-set';

/**
 * `node` with every local `$ref` replaced by its target (siblings of a `$ref` override the target's keys, as in
 * OpenAPI 3.1). A reference back into itself becomes `{x-circular-ref: <name>}`.
 */
export function dereference(node: Json, doc: Obj, stack: string[] = []): Json {
  if (Array.isArray(node)) return node.map((n) => dereference(n, doc, stack));
  if (!isObject(node)) return node;
  const {$ref, ...siblings} = node;
  if (typeof $ref === 'string') {
    if (!$ref.startsWith('#/')) throw new Error(`$ref ${$ref} is not local to the bundled spec`);
    const name = $ref.split('/').pop() as string;
    if (stack.includes($ref)) return {[CIRCULAR]: name};
    const target = $ref
      .slice(2)
      .split('/')
      .reduce<Json | undefined>((o, k) => (isObject(o) ? o[k.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
    if (target === undefined) throw new Error(`$ref ${$ref} points to nothing in the bundled spec`);
    let resolved = dereference(target, doc, [...stack, $ref]);
    // A component schema is named by its key where it has no title (the reference names it the same way).
    if ($ref.startsWith('#/components/schemas/') && isObject(resolved) && resolved.title === undefined) resolved = {...resolved, title: name};
    return Object.keys(siblings).length && isObject(resolved) ? {...resolved, ...(dereference(siblings, doc, stack) as Obj)} : resolved;
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, dereference(v, doc, stack)]));
}

/** The schema as the reference shows it: `allOf` merged (the theme's merge), `oneOf: [X, null]` as a nullable X. */
export function normalize(schema: Json): {schema: Obj; nullable: boolean} {
  if (!isObject(schema)) return {schema: {}, nullable: false};
  let s: Obj = schema;
  if (Array.isArray(s.allOf)) {
    const {allOf, ...rest} = s;
    // The merge keeps the members' titles only; the schema's own title, description and example win.
    s = {...(mergeAllOf({allOf}) as Obj), ...rest};
  }
  let nullable = s.nullable === true || (Array.isArray(s.type) && s.type.includes('null'));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = s[key];
    if (!Array.isArray(branches)) continue;
    const real = branches.filter((b) => !(isObject(b) && b.type === 'null'));
    if (real.length === 1 && branches.length === 2 && isObject(real[0])) {
      const {[key]: _, ...rest} = s;
      const inner = normalize(real[0]);
      s = {...inner.schema, ...rest, title: rest.title ?? inner.schema.title};
      // A property whose example is null keeps the example of its value too (the reference shows both).
      if (rest.example === null && inner.schema.example !== undefined && inner.schema.example !== null) s[SET_EXAMPLE] = inner.schema.example;
      if (!rest.description && inner.schema.description) s.description = inner.schema.description;
      else if (typeof inner.schema.description === 'string' && inner.schema.description !== rest.description) s[SET_DESCRIPTION] = inner.schema.description;
      nullable = true;
    }
  }
  return {schema: s, nullable};
}

const types = (s: Obj): string[] => {
  if (Array.isArray(s.type)) return s.type.filter((t): t is string => typeof t === 'string' && t !== 'null');
  if (typeof s.type === 'string') return [s.type];
  if (s.const !== undefined) return [s.const === null ? 'null' : typeof s.const];
  if (Array.isArray(s.enum)) return ['string'];
  if (s.properties || s.additionalProperties) return ['object'];
  return [];
};

/** The JSON type of a schema (`string<date-time>`, `Money[]`, `one of A, B`) and its name, if it has one. */
function typeParts(raw: Json): {base: string; title?: string} {
  const {schema: s} = normalize(raw);
  if (typeof s[CIRCULAR] === 'string') return {base: `object (${s[CIRCULAR]}, circular)`};
  const t = types(s);
  if (t.includes('array') || s.items) {
    const items = isObject(s.items) ? normalize(s.items).schema : {};
    const inner = typeof items.title === 'string' ? items.title : typeLabel(items) || 'any';
    return {base: `${inner}[]`};
  }
  const branches = (s.oneOf ?? s.anyOf) as Json[] | undefined;
  let base = t.join(' | ') || (branches ? `one of ${branches.map((b) => (isObject(b) && typeof b.title === 'string' ? b.title : typeLabel(b))).join(', ')}` : 'any');
  if (typeof s.format === 'string') base = `${base}<${s.format}>`;
  return {base, title: typeof s.title === 'string' ? s.title : undefined};
}

/** The type as the reference writes it: `string<date-time>`, `Money[]`, `string (AccountId)`. */
export function typeLabel(raw: Json): string {
  const {base, title} = typeParts(raw);
  return title ? `${base} (${title})` : base;
}

/** What the reference's one-line summary of a parameter or property says after its name. */
export interface ShownRow {
  /** The type label the page shows (the theme's own), possibly empty. */
  label: string;
  /** `nullable`, `required`, `deprecated`, in the page's order, as far as the page shows them. */
  qualifiers: string[];
}

/**
 * The first line of a parameter or property item: its name, then the page's own words for it in the page's order
 * (type label, qualifiers), so the copy reads as the page does; then, in parentheses, what the copy adds (the
 * JSON type behind a named type, the schema's name, qualifiers the page leaves out).
 */
export function rowHead(name: string, raw: Json, shown: ShownRow, more: string[] = []): string {
  const {base, title} = typeParts(raw);
  // Where the page shows no type (response headers), the JSON type takes its place.
  if (!shown.label) shown = {...shown, label: base};
  const extras = [
    base && !shown.label.includes(base) && base !== 'any' ? `type ${base}` : undefined,
    title && !shown.label.includes(title) ? `schema ${title}` : undefined,
    ...more.filter((m) => !shown.qualifiers.includes(m)),
  ].filter(Boolean);
  const words = [shown.label, ...shown.qualifiers].filter(Boolean).join(' ');
  return `- **${code(name)}**${words ? ` ${words}` : ''}${extras.length ? ` (${extras.join(', ')})` : ''}`;
}

/** Whether the theme shows a property as a collapsible node (its Summary) rather than a one-line item. */
const isCollapsible = (s: Obj): boolean => {
  const items = isObject(s.items) ? s.items : undefined;
  return !!(s.oneOf || s.anyOf || s.properties || s.additionalProperties || items?.properties || items?.anyOf || items?.oneOf || items?.allOf || (items && typeof items[CIRCULAR] === 'string'));
};

/** The reference's summary of a schema property (the theme's SchemaEdge, SchemaItem and Summary). */
export function shownProperty(raw: Obj, required: boolean, schemaName: (schema: Obj) => string): ShownRow {
  const s = Array.isArray(raw.allOf) ? (mergeAllOf(raw) as Obj) : raw;
  const oneLine = Array.isArray(raw.allOf) ? !(s.oneOf || s.anyOf || s.properties !== undefined || (isObject(s.items) && s.items.properties)) : !isCollapsible(s);
  const nullable = s.nullable === true || (oneLine && Array.isArray(s.type) && s.type.includes('null'));
  const qualifiers = [nullable ? 'nullable' : undefined, required ? 'required' : undefined, s.deprecated === true ? 'deprecated' : undefined].filter((q): q is string => !!q);
  return {label: typeof s[CIRCULAR] === 'string' ? '' : schemaName(s), qualifiers};
}

/** "Possible values: …", in the reference's words. */
export function qualifiers(raw: Json): string | undefined {
  const {schema: s} = normalize(raw);
  if (isObject(s.items) && s.minItems === undefined && s.maxItems === undefined) return qualifiers(s.items);
  const groups: string[] = [];
  const num = (v: Json | undefined): v is number => typeof v === 'number';
  if (isObject(s.items) && Array.isArray(normalize(s.items).schema.enum)) {
    groups.push(`[${(normalize(s.items).schema.enum as Json[]).map((e) => code(literal(e))).join(', ')}]`);
  }
  if (num(s.minLength) || num(s.maxLength)) {
    const min = num(s.minLength) && s.minLength > 1 ? code(`>= ${s.minLength} characters`) : s.minLength === 1 ? code('non-empty') : undefined;
    const max = num(s.maxLength) ? code(`<= ${s.maxLength} characters`) : undefined;
    groups.push([min, max].filter(Boolean).join(' and '));
  }
  const min = num(s.exclusiveMinimum) ? code(`> ${s.exclusiveMinimum}`) : num(s.minimum) ? code(`>= ${s.minimum}`) : undefined;
  const max = num(s.exclusiveMaximum) ? code(`< ${s.exclusiveMaximum}`) : num(s.maximum) ? code(`<= ${s.maximum}`) : undefined;
  if (min || max) groups.push([min, max].filter(Boolean).join(' and '));
  if (typeof s.pattern === 'string') groups.push(`Value must match regular expression ${code(s.pattern)}`);
  const mapping = isObject(s.discriminator) && isObject(s.discriminator.mapping) ? Object.keys(s.discriminator.mapping) : undefined;
  if (mapping) groups.push(`[${mapping.map((m) => code(m)).join(', ')}]`);
  if (Array.isArray(s.enum)) groups.push(`[${s.enum.map((e) => code(literal(e))).join(', ')}]`);
  if (num(s.minItems)) groups.push(code(`>= ${s.minItems} items`));
  if (num(s.maxItems)) groups.push(code(`<= ${s.maxItems} items`));
  if (num(s.minProperties)) groups.push(code(`>= ${s.minProperties} properties`));
  if (num(s.maxProperties)) groups.push(code(`<= ${s.maxProperties} properties`));
  return groups.length ? `**Possible values:** ${groups.filter(Boolean).join(', ')}` : undefined;
}

const isScalar = (v: Json | undefined): boolean => v === null || ['string', 'number', 'boolean'].includes(typeof v);
/** An example short enough to show inline; objects and arrays are in the operation's JSON examples. */
function inlineExample(s: Obj): string | undefined {
  const example = s.example !== undefined ? s.example : Array.isArray(s.examples) ? s.examples[0] : undefined;
  if (example === undefined) return undefined;
  const show = (v: Json) => (isScalar(v) ? literal(v) : JSON.stringify(v));
  const text = show(example);
  if (text.length > 200) return undefined;
  const set = s[SET_EXAMPLE];
  return set === undefined ? `**Example:** ${code(text)}` : `**Example:** ${code(text)}, or when set: ${code(show(set))}`;
}

/** The blocks under a schema's heading or list item: description, constraints, default, example. */
export function schemaFacts(raw: Json, page: SchemaPage, {withDescription = true} = {}): string[] {
  const {schema: s} = normalize(raw);
  const blocks: string[] = [];
  if (withDescription && typeof s.description === 'string' && s.description.trim()) blocks.push(page.prose(s.description.trim()));
  if (withDescription && typeof s[SET_DESCRIPTION] === 'string' && s[SET_DESCRIPTION].trim()) blocks.push(`When set: ${page.prose(s[SET_DESCRIPTION].trim())}`);
  if (s.deprecated === true) blocks.push('**Deprecated.**');
  const q = qualifiers(s);
  if (q) blocks.push(q);
  if (s.const !== undefined) blocks.push(`**Constant value:** ${code(literal(s.const))}`);
  if (s.default !== undefined) blocks.push(`**Default value:** ${code(literal(s.default))}`);
  const example = inlineExample(s);
  if (example) blocks.push(example);
  return blocks;
}

/** The list of a schema's fields (properties, variants, additional properties); empty for a scalar. */
export function fieldList(raw: Json, page: SchemaPage, depth = 0): string {
  const {schema: s} = normalize(raw);
  if (typeof s[CIRCULAR] === 'string') return `- Fields as in ${code(s[CIRCULAR] as string)} (circular reference).`;
  if (isObject(s.items)) return fieldList(s.items, page, depth);
  const items: string[] = [];
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  for (const [name, prop] of Object.entries(isObject(s.properties) ? s.properties : {})) {
    if (!isObject(prop)) continue;
    if (page.direction === 'request' && prop.readOnly === true) continue;
    if (page.direction === 'response' && prop.writeOnly === true) continue;
    items.push(propertyItem(name, prop, required.has(name), page, depth));
  }
  const branchKey = Array.isArray(s.oneOf) ? 'oneOf' : Array.isArray(s.anyOf) ? 'anyOf' : undefined;
  if (branchKey) {
    const branches = s[branchKey] as Json[];
    const lines = [`- ${branchKey === 'oneOf' ? 'Exactly one of' : 'At least one of'} these ${branches.length} variants:`];
    const siblings = isObject(s.properties) ? s.properties : {};
    branches.forEach((branch, i) => lines.push(indent(variantItem(branch, i, branches.length, page, depth + 1, siblings), 2)));
    items.push(lines.join('\n'));
  }
  if (isObject(s.additionalProperties)) {
    const extra = s.additionalProperties;
    const body = [...schemaFacts(extra, page), fieldList(extra, page, depth + 1)].filter(Boolean);
    items.push([`- Any other property name: ${typeLabel(extra) || 'any'}`, ...body.map((b) => indent(b, 2))].join('\n\n'));
  } else if (s.additionalProperties === false && depth === 0 && page.direction === 'request') {
    items.push('- No other properties are accepted.');
  }
  return items.join('\n');
}

/** A variant of a oneOf/anyOf; `siblings` are the properties next to it, which a variant may make required. */
function variantItem(branch: Json, i: number, total: number, page: SchemaPage, depth: number, siblings: Obj): string {
  const {schema: b} = normalize(branch);
  const title = typeof b.title === 'string' ? `: ${b.title}` : '';
  const head = `- Variant ${i + 1} of ${total}${title}${b.type === 'null' ? ' (null)' : ''}`;
  const body: string[] = [...schemaFacts(b, page)];
  if (Array.isArray(b.required) && !isObject(b.properties)) {
    const names = b.required as string[];
    body.push(`Requires ${names.map((r) => code(r)).join(', ')}.`);
    // The reference shows each such property again in the variant's tab, as a required one.
    const rows = names.filter((n) => isObject(siblings[n])).map((n) => rowHead(n, normalize(siblings[n]).schema, shownProperty(siblings[n] as Obj, true, page.schemaName)));
    if (rows.length) body.push(rows.join('\n'));
  }
  if (isObject(b.properties) || b.oneOf || b.anyOf || b.items) body.push(namedFields(b, page, depth, `variant ${i + 1}`));
  return [head, ...body.filter(Boolean).map((x) => indent(x, 2))].join('\n\n');
}

/**
 * The fields of an object schema, or a pointer back to where the page already listed them (named schemas are
 * described once per page).
 */
function namedFields(s: Obj, page: SchemaPage, depth: number, where: string): string {
  const title = typeof s.title === 'string' ? s.title : undefined;
  const seen = title ? page.described.get(title) : undefined;
  if (seen) return `Fields as in ${code(title as string)}, listed under ${seen}.`;
  if (title) page.described.set(title, `${page.section} (${where})`);
  return fieldList(s, page, depth);
}

function propertyItem(name: string, raw: Obj, required: boolean, page: SchemaPage, depth: number): string {
  const {schema: s, nullable} = normalize(raw);
  const more = [nullable ? 'nullable' : undefined, s.readOnly === true ? 'read-only' : undefined, s.writeOnly === true ? 'write-only' : undefined].filter((m): m is string => !!m);
  const head = rowHead(name, s, shownProperty(raw, required, page.schemaName), more);
  const body = schemaFacts(s, page);
  const items = isObject(s.items) ? normalize(s.items).schema : undefined;
  const nested = items ?? s;
  if (isObject(nested.properties) || nested.oneOf || nested.anyOf || isObject(nested.additionalProperties) || typeof nested[CIRCULAR] === 'string') {
    if (items && typeof items.description === 'string' && items.description !== s.description) body.push(`Each item: ${page.prose(items.description.trim())}`);
    body.push(namedFields(nested, page, depth + 1, code(name)));
  }
  return [head, ...body.filter(Boolean).map((b) => indent(b, 2))].join('\n\n');
}
