/**
 * The words every rendering of the model uses for a schema (its type label, its qualifiers, its possible values),
 * so the page, its Markdown copy and the MCP answer say the same thing. Text with code spans, as segments: each
 * renderer writes them in its own markup.
 */
import type {Json} from '../openapi/json';
import type {SchemaNode, SchemaView, VariantsModel} from './model';

/** Plain text, or a code span. */
export type Segment = string | {code: string};

/** A value as the reference writes it: strings bare, everything else as JSON. */
export const literal = (value: Json | undefined): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined'));

/**
 * The type as the reference's row shows it, in the words of the OpenAPI theme's rows (its `getSchemaName`): a value's
 * type (`string<date-time>`, `string | null`) or its name (`AccountId`), `object` for anything with fields, `Money[]`
 * or `object[]` for arrays; a schema shown apart or linked to by its name.
 */
export function typeLabel(node: SchemaNode): string {
  if (node.kind !== 'schema') return node.name;
  if (node.items) {
    const inner = typeLabel(node.items);
    const union = node.items.kind === 'schema' && node.items.types.length + (node.items.nullable ? 1 : 0) > 1;
    return union ? `(${inner})[]` : `${inner}[]`;
  }
  const types = node.nullable && node.types.length ? [...node.types, 'null'] : node.types;
  const format = node.constraints.format;
  if (format) return types.length === 1 ? `${types[0]}<${format}>` : types.length ? `(${types.join(' | ')})<${format}>` : format;
  if (node.variants || node.properties.length || node.additionalProperties !== undefined || types[0] === 'object') return 'object';
  if (types.length > 1) return types.join(' | ');
  if (types[0] === 'array') return 'array';
  return node.name ?? node.title ?? types[0] ?? 'any';
}

const signatures = new WeakMap<SchemaNode, string>();

/**
 * What a schema lists, to all depths: its fields (name, type, required), variants and other property names, and
 * theirs. Two uses of a named schema with the same signature are the same table (a copy describes it once, and the
 * nothing-lost check expects it once); a use that adds fields, or is expanded to another depth, is another table.
 */
export function fieldsSignature(node: SchemaNode): string {
  if (node.kind !== 'schema') return node.kind === 'ref' ? `ref:${node.ref}` : `link:${node.name}:${node.reason}`;
  let found = signatures.get(node);
  if (found === undefined) {
    found = JSON.stringify([
      node.properties.map((p) => [p.name, typeLabel(p.schema), p.required, fieldsSignature(p.schema)]),
      node.variants?.options.map((o) => [o.label, fieldsSignature(o.schema)]) ?? null,
      node.additionalProperties ? fieldsSignature(node.additionalProperties) : (node.additionalProperties ?? null),
      node.items ? fieldsSignature(node.items) : null,
      // Only when there is one, so the signatures of every other schema stay as they were.
      ...(node.contentSchema ? [fieldsSignature(node.contentSchema)] : []),
    ]);
    signatures.set(node, found);
  }
  return found;
}

/** The JSON type behind a label that is a name (`AccountId` is a `string`), for readers who need it. */
export function jsonType(node: SchemaNode): string | undefined {
  if (node.kind !== 'schema') return undefined;
  if (node.items) return 'array';
  const types = node.types.length ? node.types : node.properties.length ? ['object'] : [];
  return types.length ? types.join(' | ') : undefined;
}

/** The words after a row's type: `nullable`, `required`, `deprecated`, `read-only`, `write-only`. */
export function qualifierWords(node: SchemaNode, required: boolean): string[] {
  const words: string[] = [];
  if (node.nullable) words.push('nullable');
  if (required) words.push('required');
  if (node.kind === 'schema') {
    if (node.deprecated) words.push('deprecated');
    if (node.readOnly) words.push('read-only');
    if (node.writeOnly) words.push('write-only');
  }
  return words;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The lines of "Possible values:" (constraints, then enum): each a list of segments. */
export function possibleValues(view: SchemaView): Segment[][] {
  const c = view.constraints;
  const groups: Segment[][] = [];
  const range = (min: Segment | undefined, max: Segment | undefined) => {
    if (min && max) groups.push([min, ' and ', max]);
    else if (min || max) groups.push([(min ?? max) as Segment]);
  };
  if (c.minLength !== undefined || c.maxLength !== undefined) {
    range(
      c.minLength === undefined || c.minLength === 0 ? undefined : c.minLength === 1 ? {code: 'non-empty'} : {code: `>= ${plural(c.minLength, 'character')}`},
      c.maxLength === undefined ? undefined : {code: `<= ${plural(c.maxLength, 'character')}`},
    );
  }
  range(
    c.exclusiveMinimum !== undefined ? {code: `> ${c.exclusiveMinimum}`} : c.minimum !== undefined ? {code: `>= ${c.minimum}`} : undefined,
    c.exclusiveMaximum !== undefined ? {code: `< ${c.exclusiveMaximum}`} : c.maximum !== undefined ? {code: `<= ${c.maximum}`} : undefined,
  );
  if (c.multipleOf !== undefined) groups.push(['a multiple of ', {code: String(c.multipleOf)}]);
  if (c.pattern !== undefined) groups.push(['Value must match regular expression ', {code: c.pattern}]);
  range(
    c.minItems === undefined || c.minItems === 0 ? undefined : {code: `>= ${plural(c.minItems, 'item')}`},
    c.maxItems === undefined ? undefined : {code: `<= ${plural(c.maxItems, 'item')}`},
  );
  if (c.uniqueItems) groups.push(['unique items']);
  range(
    c.minProperties === undefined ? undefined : {code: `>= ${plural(c.minProperties, 'property')}`.replace('propertys', 'properties')},
    c.maxProperties === undefined ? undefined : {code: `<= ${plural(c.maxProperties, 'property')}`.replace('propertys', 'properties')},
  );
  if (c.contentMediaType) groups.push(['content ', {code: c.contentMediaType}]);
  if (c.contentEncoding) groups.push(['encoded ', {code: c.contentEncoding}]);
  const values = view.enum ?? (view.items?.kind === 'schema' ? view.items.enum : undefined);
  if (values) groups.push(enumSegments(values));
  return groups;
}

/** `[`a`, `b`]`: an enum's values as segments. */
export function enumSegments(values: Json[]): Segment[] {
  const out: Segment[] = ['['];
  values.forEach((v, i) => {
    if (i) out.push(', ');
    out.push({code: literal(v)});
  });
  out.push(']');
  return out;
}

/**
 * An enum of more than ENUM_INLINE_MAX values (a list of hundreds: countries, currencies) shows its first ENUM_SHOWN
 * on the row and all of them one click away; a shorter one shows all of them on the row.
 */
export const ENUM_INLINE_MAX = 50;
export const ENUM_SHOWN = 20;

/** The text of segments (search, parity checks). */
export const segmentText = (segments: Segment[]): string => segments.map((s) => (typeof s === 'string' ? s : s.code)).join('');

/** The name a row gives the properties an object allows beyond its own (`additionalProperties`). */
export const ADDITIONAL_PROPERTY = 'any other key';

/** What a discriminator's `defaultMapping` (OpenAPI 3.2) chooses: the variant's label, else the schema's name. */
export function defaultLabel(variants: VariantsModel): string {
  const fallback = variants.discriminator?.defaultMapping;
  if (!fallback) return '';
  return fallback.variant !== undefined ? (variants.options[fallback.variant]?.label ?? fallback.name) : fallback.name;
}
