/**
 * Turns api-smart-diff's differences of one API document into findings: one per operation, parameter, header,
 * request or response field, enum value and webhook event, classified by the rules of ./rules.ts. The library
 * finds and matches the differences; what it gets wrong or does not know is decided here: the direction of a
 * change (what the client sends: request bodies, parameters, webhook acknowledgements; what it receives:
 * responses, response headers, webhook payloads), `type` arrays, `const`, `oneOf`/`anyOf` branches, removed
 * optional response fields, whole webhook events. Servers and security requirements are compared in ./document.ts.
 */
import type {ChangeAction, ChangeTarget} from '../../src/data/spec-changes';
import type {RawDiff} from './engine';
import {patternMaxLength, patternWidened} from './pattern';
import {CLASSIFICATION_RULES, type ClassificationRuleId} from './rules';
import {isObject, type UnknownObject} from '../openapi/json';
import {deref, getIn, mergedParameters, type OperationSection} from './walk';

export type Direction = 'send' | 'receive';

/** The operation a finding belongs to. */
export interface OperationRef {
  section: OperationSection;
  /** Key in the base document (absent for an operation that is new). */
  baseKey?: string;
  /** Key in the head document (absent for an operation that was removed). */
  headKey?: string;
  method: string;
}

/** One classified change, before it becomes a SpecChange. */
export interface Finding {
  operation?: OperationRef;
  target: ChangeTarget;
  action: ChangeAction;
  rule: ClassificationRuleId;
  /** What changed: a field path (`data[].amount`), a parameter or header name, an enum value, a server URL, a scope. */
  name: string;
  /** Where in the operation: `request body`, `` `201` response ``, `query parameter`, `event payload`… */
  where?: string;
  /** For an enum value or a value change: the field or parameter it belongs to. */
  field?: string;
  /** Extra words for the message (a type before and after, a sunset date). */
  detail?: string;
  /** A `type` change, merged per field into one finding whose `detail` words it (mergeFindings). */
  typeChange?: {before: string[]; after: string[]; element: boolean};
  /** Path to the changed element: in the head document, or in the base document for a removal. */
  path: (string | number)[];
  /** True when `path` is in the base document (the element no longer exists). */
  inBase: boolean;
  /**
   * For a removal: `path` with each `allOf` part where the head document lists it (see alignAllOf), where the
   * source locator looks for the place the element was removed from.
   */
  headPath?: (string | number)[];
  /** The removed element as it was released (for the deprecation and sunset check). */
  removedValue?: unknown;
  /**
   * Made inside a union that only got documentation (unionDocumented): its site and the finding that stands for
   * the whole union when the library reads any of its differences as more than documentation (mergeFindings).
   */
  documentedUnion?: {site: string; finding: Finding};
  /** For a change of `x-sunset`: the new day (merged into the deprecation of the same element). */
  sunset?: string;
}

/** A change of an element's `x-sunset`: documentation on its own, the sunset of a deprecation made with it. */
function sunsetFinding(f: Pick<Finding, 'operation' | 'target' | 'name' | 'path' | 'where'>, diff: RawDiff): Finding {
  const day = diff.action === 'remove' ? undefined : String(diff.after);
  return {...f, action: 'changed', rule: 'documentation-changed', detail: day ? `sunset ${day}` : 'no sunset', inBase: false, ...(day ? {sunset: day} : {})};
}

const DOC_KEYWORDS = new Set([
  'description',
  'summary',
  'title',
  'example',
  'examples',
  'externalDocs',
  '$comment',
  'xml',
  'tags',
  'operationId',
  'x-doc-slug',
]);
const isDocKeyword = (key: string | number | undefined): boolean => typeof key === 'string' && (DOC_KEYWORDS.has(key) || key.startsWith('x-'));

/** The keys of a map (`properties`, `content`, `responses`, `headers`) that a diff adds or removes as a whole. */
function wholeMapKeys(diff: RawDiff): string[] {
  const map = (diff.action === 'remove' ? diff.before : diff.after) as UnknownObject;
  return Object.keys(isObject(map) ? map : {});
}

/** The part of a diff of a whole map that is about one of its keys. */
const keyDiff = (diff: RawDiff, key: string): RawDiff => ({
  ...diff,
  before: isObject(diff.before) ? diff.before[key] : undefined,
  after: isObject(diff.after) ? diff.after[key] : undefined,
});

export interface Context {
  base: UnknownObject;
  head: UnknownObject;
  /** Renamed path keys (base → head), from the library's path matching. */
  renamedPaths: Map<string, string>;
  /** Each union site met (unionSiteFindings), by its path: what it is, and whether its finding was made. */
  unionSites?: Map<string, {verdict: {rule: ClassificationRuleId; detail: string} | null; reported: boolean}>;
}

/** The schema part of a diff path: the field it is in (`data[].amount`) and what changed in that field's schema. */
function splitSchemaPath(segs: (string | number)[]): {field: string[]; rest: (string | number)[]} {
  const field: string[] = [];
  let i = 0;
  while (i < segs.length) {
    const seg = segs[i];
    if (seg === 'properties' && i + 1 < segs.length) {
      field.push(String(segs[i + 1]));
      i += 2;
    } else if (seg === 'items' && i + 1 < segs.length) {
      if (field.length === 0) field.push('');
      field[field.length - 1] += '[]';
      i += 1;
    } else if (seg === 'additionalProperties' && i + 1 < segs.length && segs[i + 1] !== 'type') {
      field.push('*');
      i += 1;
    } else if ((seg === 'oneOf' || seg === 'anyOf') && i + 2 < segs.length) {
      i += 2;
    } else if (seg === 'allOf' && i + 1 < segs.length) {
      // A part of an `allOf` the library could not merge: its fields are the schema's own.
      i += 2;
    } else {
      break;
    }
  }
  return {field, rest: segs.slice(i)};
}

const typesOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);

/** The rule for a schema change, by direction. */
function valuesRule(direction: Direction, widened: boolean): ClassificationRuleId {
  if (direction === 'send') return widened ? 'request-values-widened' : 'request-values-narrowed';
  return widened ? 'response-values-widened' : 'response-values-narrowed';
}

function libraryRule(diff: RawDiff, direction: Direction): ClassificationRuleId {
  switch (diff.type) {
    case 'breaking':
      return valuesRule(direction, direction === 'receive');
    case 'non-breaking':
      return valuesRule(direction, direction === 'send');
    case 'annotation':
      return 'documentation-changed';
    case 'deprecated':
      return 'deprecated';
    default:
      return 'unclassified-change';
  }
}

/**
 * A keyword of an element changed in place (a `description`, a `maxLength`, a media type's `example`): documentation
 * when the keyword is, otherwise the change library's rule for it in the element's direction.
 */
function keywordFinding(
  f: Pick<Finding, 'operation' | 'target' | 'name' | 'path' | 'where'>,
  key: string | number,
  diff: RawDiff,
  direction: Direction,
): Finding {
  return {
    ...f,
    action: 'changed',
    rule: isDocKeyword(key) ? 'documentation-changed' : libraryRule(diff, direction),
    detail: `\`${String(key)}\``,
    inBase: false,
  };
}

export interface SchemaScope {
  operation: OperationRef;
  direction: Direction;
  where: string;
  /** Target for a field of this schema (request-field, response-field), or the parameter/header it belongs to. */
  fieldTarget: ChangeTarget;
  /** Name prefix: a parameter's or header's name (their schema has no field path of its own). */
  owner?: string;
  /** Path of the schema root in its document. */
  root: (string | number)[];
}

/**
 * The longest value a string format carries in practice: RFC 3339 with nanoseconds and an offset, RFC 5321's
 * longest deliverable address, the longest URL browsers and servers handle; `date` and `uuid` are exact.
 * Stated in docs/api/versioning.md ("Stating a limit the values already had").
 */
export const FORMAT_LENGTHS: Record<string, number> = {date: 10, uuid: 36, 'date-time': 35, email: 254, uri: 2048};
const INTEGER_FORMATS: Record<string, [number, number]> = {int32: [-(2 ** 31), 2 ** 31 - 1], int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]};

/**
 * The schema at a path of api-smart-diff's, which writes a `$ref` with siblings as `allOf: [target, siblings]`: where
 * the document has the `$ref` itself, `allOf/0` is its target.
 */
function schemaAt(root: UnknownObject, path: readonly (string | number)[]): unknown {
  let node: unknown = root;
  for (let i = 0; i < path.length; i++) {
    const raw = node;
    node = deref(root, node);
    if (path[i] === 'allOf' && isObject(raw) && typeof raw.$ref === 'string' && !(isObject(node) && Array.isArray(node.allOf))) {
      node = path[i + 1] === 0 ? deref(root, {$ref: raw.$ref}) : raw;
      i++;
    } else if ((path[i] === 'oneOf' || path[i] === 'anyOf') && path[i + 2] === 'properties' && isObject(node)) {
      // api-smart-diff merges the parent's properties into each branch: a branch without it has it from the parent.
      const branch = deref(root, getIn(node, [path[i], path[i + 1]], false));
      const name = path[i + 3];
      const own = isObject(branch) && isObject(branch.properties) ? branch.properties[String(name)] : undefined;
      node = own ?? (isObject(node.properties) ? node.properties[String(name)] : undefined);
      i += 3;
    } else node = getIn(node, [path[i]], false);
  }
  return deref(root, node);
}

/**
 * True when a `required` or `$ref` difference inside a `oneOf`/`anyOf` branch is only api-smart-diff pairing the
 * branches in another order: the branches' required lists (or targets) are the same before and after.
 */
function branchesUnchanged(ctx: Context, path: readonly (string | number)[], key: 'required' | '$ref'): boolean {
  const at = Math.max(path.lastIndexOf('oneOf'), path.lastIndexOf('anyOf'));
  if (at < 0) return false;
  const signature = (doc: UnknownObject): string | null => {
    const branches = schemaAt(doc, path.slice(0, at + 1));
    if (!Array.isArray(branches)) return null;
    const raw = (b: unknown) => (isObject(b) ? b : {});
    return JSON.stringify(branches.map((b) => (key === '$ref' ? String(raw(b).$ref ?? '') : JSON.stringify(typesOf(raw(b).required).sort()))).sort());
  };
  const before = signature(ctx.base);
  return before !== null && before === signature(ctx.head);
}

/** Whether a `maxLength` or `format` added to a schema the client sends refuses no value the schema accepted. */
function limitAlreadyHeld(key: string, value: unknown, schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (key === 'maxLength') {
    const held = [
      typeof schema.pattern === 'string' ? patternMaxLength(schema.pattern) : null,
      typeof schema.format === 'string' ? (FORMAT_LENGTHS[schema.format] ?? null) : null,
    ].filter((n): n is number => n !== null);
    return held.length > 0 && Number(value) >= Math.min(...held);
  }
  const range = INTEGER_FORMATS[String(value)];
  return !!range && typeof schema.minimum === 'number' && typeof schema.maximum === 'number' && schema.minimum >= range[0] && schema.maximum <= range[1];
}

const UNION_KEYWORDS = ['oneOf', 'anyOf'] as const;
const unionKeyword = (node: unknown): 'oneOf' | 'anyOf' | undefined =>
  isObject(node) ? UNION_KEYWORDS.find((k) => Array.isArray(node[k]) && node[k].length > 0) : undefined;
/** Keywords whose value is a map of names to schemas: their keys are names, not keywords of documentation. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

/**
 * What a schema says: every `$ref` replaced by what it names (a `$ref` back into itself stays), without its keywords
 * of documentation (documentation changes inside it are not what makes two unions differ).
 */
function resolved(root: UnknownObject, node: unknown, seen: readonly string[] = [], names = false): unknown {
  if (Array.isArray(node)) return node.map((v) => resolved(root, v, seen));
  if (!isObject(node)) return node;
  if (names) return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolved(root, v, seen)]));
  if (typeof node.$ref === 'string') {
    if (seen.includes(node.$ref)) return node.$ref;
    const {$ref, ...siblings} = node;
    return {...(resolved(root, siblings, seen) as UnknownObject), [`$ref ${$ref}`]: resolved(root, deref(root, {$ref}), [...seen, $ref])};
  }
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => !isDocKeyword(k))
      .map(([k, v]) => [k, resolved(root, v, seen, SCHEMA_MAPS.has(k))]),
  );
}
/** Whether two schemas, of the base and the head document, say the same, down to what their `$ref`s name. */
const same = (a: unknown, b: unknown, ctx: Context): boolean => JSON.stringify(resolved(ctx.base, a)) === JSON.stringify(resolved(ctx.head, b));

/** What `resolved` gives, with the parts of every `allOf` sorted by what they say: their order means nothing. */
function unordered(node: unknown, names = false): unknown {
  if (Array.isArray(node)) return node.map((v) => unordered(v));
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => {
      if (names || k !== 'allOf' || !Array.isArray(v)) return [k, unordered(v, !names && SCHEMA_MAPS.has(k))];
      const parts = v.map((part) => unordered(part)).map((part) => [JSON.stringify(part), part] as const);
      return [k, parts.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, part]) => part)];
    }),
  );
}

/** Where the head's parts of one `allOf` go to stand where the base has the same part: `order[i]` is the head's part at `i`. */
function matchParts(base: UnknownObject, head: UnknownObject, before: unknown[], after: unknown[]): number[] {
  const says = (root: UnknownObject, part: unknown) => JSON.stringify(unordered(resolved(root, part)));
  const refOf = (part: unknown) => (isObject(part) && typeof part.$ref === 'string' ? part.$ref : undefined);
  const [b, a] = [before.map((p) => says(base, p)), after.map((p) => says(head, p))];
  const paired: (number | undefined)[] = before.map(() => undefined);
  const free = new Set(after.keys());
  const pair = (match: (i: number, j: number) => boolean) => {
    for (const i of before.keys()) {
      if (paired[i] !== undefined) continue;
      const j = [...free].find((k) => match(i, k));
      if (j === undefined) continue;
      paired[i] = j;
      free.delete(j);
    }
  };
  // The same part first, then a part naming the same schema (changed inside), then by position.
  pair((i, j) => b[i] === a[j]);
  pair((i, j) => refOf(before[i]) !== undefined && refOf(before[i]) === refOf(after[j]));
  pair(() => true);
  return [...paired.filter((j): j is number => j !== undefined), ...free];
}

export interface AlignedHead {
  head: UnknownObject;
  /** Where the head lists the parts of an `allOf` in another order than the base. */
  reordered: (string | number)[][];
  /** A path of the aligned document (through `$ref`s) as the head document has it. */
  headPath: (path: (string | number)[]) => (string | number)[];
}

/**
 * The head document with the parts of each `allOf` in the order of the base's parts they match (by what they say,
 * a `$ref` by what it names; a changed part stays paired with its `$ref`, or takes a place left), and where the
 * head lists them in another order. An `allOf` is a conjunction, its order means nothing; api-smart-diff compares
 * and merges the parts by position, and read an event schema that put its own part before the envelope's (so that
 * Ajv reads the event's own `type` values first) as 51 fields removed. Compared aligned, only what changed in a
 * part is a difference; the order itself is one finding (`allof-reordered`), made by the caller.
 */
export function alignAllOf(base: UnknownObject, head: UnknownObject): AlignedHead {
  const reordered: AlignedHead['reordered'] = [];
  // Each aligned `allOf` array: where its parts are in the head document.
  const orders = new WeakMap<unknown[], number[]>();
  const walk = (b: unknown, a: unknown, at: (string | number)[]): unknown => {
    if (Array.isArray(a)) return a.map((v, i) => walk(Array.isArray(b) ? b[i] : undefined, v, [...at, i]));
    if (!isObject(a)) return a;
    const out: UnknownObject = {};
    for (const [k, v] of Object.entries(a)) {
      const was = isObject(b) ? b[k] : undefined;
      if (k === 'allOf' && Array.isArray(v) && Array.isArray(was) && v.length > 1) {
        const order = matchParts(base, head, was, v);
        if (order.some((j, i) => j !== i)) reordered.push([...at, k]);
        const parts = order.map((j, i) => walk(was[i], v[j], [...at, k, i]));
        orders.set(parts, order);
        out[k] = parts;
      } else out[k] = walk(was, v, [...at, k]);
    }
    return out;
  };
  const aligned = walk(base, head, []) as UnknownObject;
  const headPath = (path: (string | number)[]): (string | number)[] => {
    const out: (string | number)[] = [];
    let node: unknown = aligned;
    for (const [i, key] of path.entries()) {
      node = deref(aligned, node);
      const order = Array.isArray(node) ? orders.get(node) : undefined;
      if (!isObject(node) && !Array.isArray(node)) return [...out, ...path.slice(i)];
      out.push(order ? (order[Number(key)] ?? key) : key);
      node = Array.isArray(node) ? node[Number(key)] : node[String(key)];
    }
    return out;
  };
  return {head: aligned, reordered, headPath};
}

/** The finding of an `allOf` whose parts `alignAllOf` found in another order. */
export function allOfReorderedFinding(head: UnknownObject, path: (string | number)[]): Finding {
  const [components, section, name] = path;
  const named = components === 'components' && section === 'schemas' && path.length === 4;
  const schema = named ? String(name) : path.slice(0, -1).join('.');
  // A bundled component has no place in the source files but where it is used: the first operation that reaches it.
  const at = named ? usageOf(head, `#/components/schemas/${String(name)}`) : undefined;
  return {
    target: 'other',
    action: 'changed',
    rule: 'allof-reordered',
    name: schema,
    path: at ? [...at, 'allOf'] : path,
    inBase: false,
  };
}

/** The path, through `$ref`s as the source locator follows them, of the first `$ref` to `ref` from `paths` or `webhooks`. */
function usageOf(doc: UnknownObject, ref: string): (string | number)[] | undefined {
  const seen = new Set<string>();
  const find = (node: unknown, at: (string | number)[]): (string | number)[] | undefined => {
    if (Array.isArray(node)) {
      for (const [i, v] of node.entries()) {
        const found = find(v, [...at, i]);
        if (found) return found;
      }
      return undefined;
    }
    if (!isObject(node)) return undefined;
    if (typeof node.$ref === 'string') {
      if (node.$ref === ref) return at;
      if (seen.has(node.$ref)) return undefined;
      seen.add(node.$ref);
      return find(deref(doc, {$ref: node.$ref}), at);
    }
    for (const [k, v] of Object.entries(node)) {
      const found = find(v, [...at, k]);
      if (found) return found;
    }
    return undefined;
  };
  return find(doc.paths, ['paths']) ?? find(doc.webhooks, ['webhooks']);
}

/**
 * A schema that became a union of its refinements: before, one schema; after, a `oneOf`/`anyOf` whose every variant
 * is an `allOf` with that schema, unchanged, among its parts (`GET /events` items: `Event`, then one of
 * `AccountEvent`, `TransactionEvent`…, each `allOf: [Event, its own type and data.object]`). Each variant accepts
 * only values the old schema accepted, so the union does too: fewer values, whatever else the variants or a
 * `discriminator` say. api-smart-diff reads it as the old schema's fields removed from the first variant.
 */
function refinedUnion(ctx: Context, site: readonly (string | number)[]): number | undefined {
  const before = schemaAt(ctx.base, site);
  const after = schemaAt(ctx.head, site);
  const keyword = unionKeyword(after);
  if (!keyword || !isObject(before) || unionKeyword(before) || !isObject(after)) return undefined;
  const variants = after[keyword] as unknown[];
  const refines = (variant: unknown): boolean => {
    const v = deref(ctx.head, variant);
    return isObject(v) && Array.isArray(v.allOf) && v.allOf.some((part) => same(before, deref(ctx.head, part), ctx));
  };
  return variants.every(refines) ? variants.length : undefined;
}

/** What a variant says of its property `name`, through its `allOf` parts: the one value it fixes, and whether it requires it. */
function tagOf(root: UnknownObject, variant: unknown, name: string, depth = 0): {values: unknown[]; required: boolean} {
  const v = deref(root, variant);
  if (!isObject(v) || depth > 10) return {values: [], required: false};
  const prop = isObject(v.properties) ? deref(root, v.properties[name]) : undefined;
  const values: unknown[] = [];
  if (isObject(prop) && prop.const !== undefined) values.push(prop.const);
  else if (isObject(prop) && Array.isArray(prop.enum) && prop.enum.length === 1) values.push(prop.enum[0]);
  let required = typesOf(v.required).includes(name);
  for (const part of Array.isArray(v.allOf) ? v.allOf : []) {
    const inner = tagOf(root, part, name, depth + 1);
    values.push(...inner.values);
    required ||= inner.required;
  }
  return {values, required};
}

/**
 * A `discriminator` added to a union that was already told apart by it: the union is otherwise unchanged, and each
 * variant is a `$ref` that requires the property with one value (`const`, or an `enum` of one), which the mapping
 * sends to that same variant, every mapping key being such a value. It names the tag the values already carry,
 * accepting and sending the same values. Anything else (a mapping that disagrees with a variant, a variant
 * without the property, another edit of the union) keeps the library's reading.
 */
function discriminatorStated(ctx: Context, site: readonly (string | number)[]): string | undefined {
  const before = schemaAt(ctx.base, site);
  const after = schemaAt(ctx.head, site);
  const keyword = unionKeyword(after);
  if (!keyword || !isObject(before) || !isObject(after) || before.discriminator !== undefined) return undefined;
  const {discriminator, ...rest} = after;
  if (!same(before, rest, ctx) || !isObject(discriminator) || typeof discriminator.propertyName !== 'string' || !isObject(discriminator.mapping))
    return undefined;
  const name = discriminator.propertyName;
  const mapping = discriminator.mapping;
  const values = new Set<string>();
  for (const variant of after[keyword] as unknown[]) {
    if (!isObject(variant) || typeof variant.$ref !== 'string') return undefined;
    const tag = tagOf(ctx.head, variant, name);
    // One value, required: the parts of an allOf that fix it must agree.
    if (!tag.required || tag.values.length === 0 || new Set(tag.values.map((v) => JSON.stringify(v))).size !== 1) return undefined;
    if (!['string', 'number', 'boolean'].includes(typeof tag.values[0])) return undefined;
    const key = String(tag.values[0]);
    if (values.has(key) || mapping[key] !== variant.$ref) return undefined;
    values.add(key);
  }
  return Object.keys(mapping).every((k) => values.has(k)) ? name : undefined;
}

/**
 * A union documented, nothing else: the same union before and after, down to what its variants' `$ref`s name, but
 * for keywords of documentation on it (a `description` added to a `oneOf`, which api-smart-diff copies into each
 * variant and then reads as every field of the variants removed). Returns the keywords that changed.
 */
function unionDocumented(ctx: Context, site: readonly (string | number)[]): string[] | undefined {
  const before = schemaAt(ctx.base, site);
  const after = schemaAt(ctx.head, site);
  const keyword = unionKeyword(after);
  if (!keyword || !isObject(before) || !isObject(after) || unionKeyword(before) !== keyword) return undefined;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const docs = keys.filter((k) => isDocKeyword(k) && !same(before[k], after[k], ctx));
  const rest = (o: UnknownObject) => Object.fromEntries(Object.entries(o).filter(([k]) => !isDocKeyword(k)));
  return docs.length > 0 && same(rest(before), rest(after), ctx) ? docs : undefined;
}

/** What a union site (refinedUnion, discriminatorStated, unionDocumented) is, with the words of its finding. */
type UnionVerdict = {rule: ClassificationRuleId; detail: string} | null;

function unionVerdict(ctx: Context, site: readonly (string | number)[], direction: Direction): UnionVerdict {
  const variants = refinedUnion(ctx, site);
  if (variants !== undefined) {
    const picked = isObject(schemaAt(ctx.head, [...site, 'discriminator'])) ? ', chosen by its `discriminator`' : '';
    return {rule: valuesRule(direction, false), detail: `now one of ${variants} variants that each narrow it${picked}`};
  }
  const tag = discriminatorStated(ctx, site);
  if (tag !== undefined) return {rule: 'discriminator-stated', detail: `\`${tag}\`, now its \`discriminator\``};
  const docs = unionDocumented(ctx, site);
  if (docs !== undefined) return {rule: 'documentation-changed', detail: docs.map((k) => `\`${k}\``).join(', ')};
  return null;
}

/**
 * What a difference inside a union site (unionVerdict) gives: the site's finding, once per site, and [] for its other
 * differences; for a documented union, the finding that may stand for it (mergeFindings decides); undefined when the
 * difference is not in such a site.
 */
function unionSiteFindings(
  ctx: Context,
  scope: SchemaScope,
  segs: (string | number)[],
): {findings: Finding[]} | {documented: {site: string; finding: Finding}} | undefined {
  const path = [...scope.root, ...segs];
  ctx.unionSites ??= new Map();
  for (let i = scope.root.length; i < path.length; i++) {
    const key = path[i];
    if (key !== 'oneOf' && key !== 'anyOf' && key !== 'discriminator') continue;
    const site = path.slice(0, i);
    const id = JSON.stringify(site);
    if (!ctx.unionSites.has(id)) ctx.unionSites.set(id, {verdict: unionVerdict(ctx, site, scope.direction), reported: false});
    const entry = ctx.unionSites.get(id)!;
    if (entry.verdict === null) continue;
    // The site itself can be an array's `items`, which splitSchemaPath leaves as the rest: its field is `x[]`.
    const {field, rest} = splitSchemaPath(site.slice(scope.root.length));
    if (rest.length === 1 && rest[0] === 'items') field.push(`${field.pop() ?? ''}[]`);
    const name = [scope.owner, ...field].filter((s) => s !== undefined && s !== '').join('.');
    const finding: Finding = {
      operation: scope.operation,
      where: scope.where,
      path: site,
      inBase: false,
      target: scope.fieldTarget,
      action: 'changed',
      name,
      ...entry.verdict,
    };
    if (entry.verdict.rule === 'documentation-changed') return {documented: {site: id, finding}};
    if (entry.reported) return {findings: []};
    entry.reported = true;
    return {findings: [finding]};
  }
  return undefined;
}

/** Findings for a diff inside a schema (request body, response, parameter, header). */
function diffInSchema(ctx: Context, diff: RawDiff, scope: SchemaScope, segs: (string | number)[]): Finding[] {
  const inUnion = unionSiteFindings(ctx, scope, segs);
  if (inUnion && 'findings' in inUnion) return inUnion.findings;
  const found = libraryReading(ctx, diff, scope, segs);
  return inUnion ? found.map((f) => ({...f, documentedUnion: inUnion.documented})) : found;
}

/** Findings for a diff inside a schema, as api-smart-diff found it, with the rules of this file. */
function libraryReading(ctx: Context, diff: RawDiff, scope: SchemaScope, segs: (string | number)[]): Finding[] {
  const {field, rest} = splitSchemaPath(segs);
  const fieldName = [scope.owner, ...field].filter((s) => s !== undefined && s !== '').join('.');
  const isOwnerField = field.length === 0;
  const target = scope.fieldTarget;
  const path = [...scope.root, ...segs];
  const inBase = diff.action === 'remove';
  const base = {operation: scope.operation, where: scope.where, path, inBase};
  const key = rest[0];
  const send = scope.direction === 'send';

  if (rest.length === 0) {
    if (isOwnerField) return [{...base, target, action: 'changed', rule: libraryRule(diff, scope.direction), name: fieldName}];
    if (diff.action === 'add') {
      return [{...base, target, action: 'added', rule: send ? 'request-field-added-optional' : 'response-field-added', name: fieldName}];
    }
    if (diff.action === 'remove') {
      return [
        {
          ...base,
          target,
          action: 'removed',
          rule: send ? 'request-field-removed' : 'response-field-removed',
          name: fieldName,
          removedValue: deref(ctx.base, diff.before),
        },
      ];
    }
    return [{...base, target, action: 'changed', rule: 'values-changed', name: fieldName}];
  }
  if (key === 'properties' && rest.length === 1) {
    // A whole `properties` map appeared or went: one finding per property.
    return wholeMapKeys(diff).flatMap((p) => diffInSchema(ctx, keyDiff(diff, p), scope, [...segs, p]));
  }
  if ((key === 'required' || key === '$ref') && branchesUnchanged(ctx, path, key)) return [];
  if (key === 'required') {
    const names = diff.action === 'replace' ? [] : typesOf(diff.action === 'add' ? diff.after : diff.before);
    const findings: Finding[] = [];
    const made = (name: string, required: boolean): Finding => ({
      ...base,
      path: [...scope.root, ...segs.slice(0, segs.length - rest.length), 'properties', name],
      inBase: false,
      target,
      action: 'changed',
      rule: send
        ? required
          ? 'request-field-made-required'
          : 'request-field-made-optional'
        : required
          ? 'response-field-made-required'
          : 'response-field-made-optional',
      name: [fieldName, name].filter(Boolean).join('.'),
    });
    if (diff.action === 'replace') {
      findings.push(made(String(diff.before), false), made(String(diff.after), true));
    } else {
      for (const n of names) findings.push(made(n, diff.action === 'add'));
    }
    return findings;
  }
  if (key === 'enum') {
    const fieldPath = [...scope.root, ...segs.slice(0, segs.length - rest.length), 'enum'];
    if (rest.length === 1 && diff.action !== 'replace') {
      // An enum introduced restricts the values; removed, it accepts any.
      const widened = diff.action === 'remove';
      return [
        {
          ...base,
          path: fieldPath,
          inBase: false,
          target,
          action: 'changed',
          rule: valuesRule(scope.direction, widened),
          name: fieldName,
          detail: widened ? 'no longer limited to a list of values' : 'now limited to a list of values',
        },
      ];
    }
    const values: {value: unknown; added: boolean}[] = [];
    if (diff.action === 'add' || diff.action === 'replace')
      values.push(...(Array.isArray(diff.after) ? diff.after : [diff.after]).map((value) => ({value, added: true})));
    if (diff.action === 'remove' || diff.action === 'replace')
      values.push(...(Array.isArray(diff.before) ? diff.before : [diff.before]).map((value) => ({value, added: false})));
    return values.map(({value, added}) => ({
      ...base,
      path: fieldPath,
      inBase: false,
      target: 'enum-value' as const,
      action: added ? ('added' as const) : ('removed' as const),
      rule: added ? (send ? 'request-values-widened' : 'response-enum-value-added') : send ? 'request-values-narrowed' : 'response-values-narrowed',
      name: String(value),
      field: fieldName,
    }));
  }
  if (key === 'type') {
    const before = typesOf(diff.action === 'add' && rest.length === 1 ? undefined : diff.before);
    const after = typesOf(diff.action === 'remove' && rest.length === 1 ? undefined : diff.after);
    return [
      {
        ...base,
        path: [...scope.root, ...segs.slice(0, segs.length - rest.length), 'type'],
        inBase: false,
        target,
        action: 'changed',
        rule: 'values-changed',
        name: fieldName,
        typeChange: {before, after, element: rest.length > 1},
      },
    ];
  }
  if (key === 'const') {
    const rule: ClassificationRuleId = diff.action === 'replace' ? 'values-changed' : valuesRule(scope.direction, diff.action === 'remove');
    const detail =
      diff.action === 'replace'
        ? `\`${String(diff.before)}\` → \`${String(diff.after)}\``
        : diff.action === 'add'
          ? `now always \`${String(diff.after)}\``
          : `no longer always \`${String(diff.before)}\``;
    return [
      {
        ...base,
        inBase: false,
        path: [...scope.root, ...segs.slice(0, segs.length - rest.length), 'const'],
        target,
        action: 'changed',
        rule,
        name: fieldName,
        detail,
      },
    ];
  }
  if ((key === 'oneOf' || key === 'anyOf') && rest.length === 2) {
    const added = diff.action === 'add';
    const rule: ClassificationRuleId = diff.action === 'replace' ? 'values-changed' : valuesRule(scope.direction, added);
    return [
      {...base, target, action: diff.action === 'replace' ? 'changed' : added ? 'added' : 'removed', rule, name: fieldName, detail: `a \`${key}\` alternative`},
    ];
  }
  if (key === 'deprecated') {
    const now = diff.action !== 'remove' && diff.after === true;
    return [{...base, inBase: false, target, action: now ? 'deprecated' : 'changed', rule: now ? 'deprecated' : 'undeprecated', name: fieldName}];
  }
  if (key === 'x-sunset') return [sunsetFinding({...base, target, name: fieldName}, diff)];
  if ((key === 'maxLength' || key === 'format') && rest.length === 1 && diff.action === 'add') {
    // A bound added to what the client receives narrows it; to what it sends, it is breaking only when it refuses
    // a value the schema accepted before (api-smart-diff calls either breaking, or cannot classify a header's).
    const schema = schemaAt(ctx.head, path.slice(0, -1));
    const rule: ClassificationRuleId = !send
      ? 'response-values-narrowed'
      : limitAlreadyHeld(key, diff.after, schema)
        ? 'limit-stated'
        : 'request-values-narrowed';
    return [{...base, inBase: false, target, action: 'changed', rule, name: fieldName, detail: `\`${key}\``}];
  }
  if (key === 'pattern' && rest.length === 1 && diff.action === 'replace' && typeof diff.before === 'string' && typeof diff.after === 'string') {
    // api-smart-diff reads any replaced pattern as fewer values, breaking sent and harmless received: only a pattern
    // proven to accept every value of the other (./pattern.ts) is more or fewer values; any other is other values.
    const [widened, narrowed] = [patternWidened(diff.before, diff.after), patternWidened(diff.after, diff.before)];
    const detail = widened ? '`pattern` widened: it accepts every value it accepted, and more' : '`pattern`';
    const rule = widened || narrowed ? valuesRule(scope.direction, widened) : 'values-changed';
    return [{...base, inBase: false, target, action: 'changed', rule, name: fieldName, detail}];
  }
  if (isDocKeyword(key) || key === 'default' || key === 'readOnly' || key === 'writeOnly') {
    if (key === 'default' || key === 'readOnly' || key === 'writeOnly')
      return [{...base, inBase: false, target, action: 'changed', rule: libraryRule(diff, scope.direction), name: fieldName, detail: `\`${String(key)}\``}];
    return [{...base, inBase: false, target, action: 'changed', rule: 'documentation-changed', name: fieldName, detail: `\`${String(key)}\``}];
  }
  return [{...base, inBase: false, target, action: 'changed', rule: libraryRule(diff, scope.direction), name: fieldName, detail: `\`${String(key)}\``}];
}

function operationOf(ctx: Context, section: OperationSection, baseKey: string, method: string): OperationRef {
  const headKey = section === 'paths' ? (ctx.renamedPaths.get(baseKey) ?? baseKey) : baseKey;
  return {section, baseKey, headKey, method};
}

/** The parameter a diff path points at, in the base (or head) document. */
function parameterAt(doc: UnknownObject, section: string, key: string, method: string, index: number): UnknownObject | undefined {
  const pathItem = getIn(doc, [section, key]);
  const operation = getIn(doc, [section, key, method]);
  if (!isObject(pathItem) || !isObject(operation)) return undefined;
  return mergedParameters(doc, pathItem, operation)[index];
}

/** Findings for a diff inside one operation (`[section, key, method, ...rest]`). */
function operationFindings(ctx: Context, diff: RawDiff, op: OperationRef, rest: (string | number)[]): Finding[] {
  const section = op.section;
  const opPath = [section, op.headKey ?? op.baseKey ?? '', op.method];
  const removal = diff.action === 'remove';
  const webhook = section === 'webhooks';
  const [key] = rest;
  if (rest.length === 0) {
    const target: ChangeTarget = webhook ? 'webhook' : 'operation';
    if (diff.action === 'add')
      return [{operation: op, target, action: 'added', rule: webhook ? 'webhook-added' : 'operation-added', name: '', path: opPath, inBase: false}];
    if (removal)
      return [
        {
          operation: op,
          target,
          action: 'removed',
          rule: webhook ? 'webhook-removed' : 'operation-removed',
          name: '',
          path: [section, op.baseKey ?? '', op.method],
          inBase: true,
          removedValue: deref(ctx.base, diff.before),
        },
      ];
    return [];
  }
  if (key === 'security' || key === 'servers') return []; // ./document.ts compares the effective ones.
  if (key === 'deprecated') {
    const now = diff.action !== 'remove' && diff.after === true;
    return [
      {
        operation: op,
        target: webhook ? 'webhook' : 'operation',
        action: now ? 'deprecated' : 'changed',
        rule: now ? 'operation-deprecated' : 'undeprecated',
        name: '',
        path: [...opPath, 'deprecated'],
        inBase: false,
      },
    ];
  }
  if (key === 'x-sunset') return [sunsetFinding({operation: op, target: webhook ? 'webhook' : 'operation', name: '', path: [...opPath, 'x-sunset']}, diff)];
  if (key === 'parameters') return parameterFindings(ctx, diff, op, rest.slice(1));
  if (key === 'requestBody') return requestBodyFindings(ctx, diff, op, rest.slice(1));
  if (key === 'responses') return responseFindings(ctx, diff, op, rest.slice(1));
  if (isDocKeyword(key))
    return [
      {
        operation: op,
        target: webhook ? 'webhook' : 'operation',
        action: 'changed',
        rule: 'documentation-changed',
        name: '',
        detail: `\`${String(key)}\``,
        path: [...opPath, String(key)],
        inBase: false,
      },
    ];
  return [
    {operation: op, target: 'other', action: 'changed', rule: libraryRule(diff, 'send'), name: String(key), path: [...opPath, String(key)], inBase: removal},
  ];
}

function parameterFindings(ctx: Context, diff: RawDiff, op: OperationRef, rest: (string | number)[]): Finding[] {
  const opPathHead = [op.section, op.headKey ?? '', op.method];
  if (rest.length === 0) {
    // The whole list appeared or went.
    const list = (diff.action === 'remove' ? diff.before : diff.after) as unknown[];
    return (Array.isArray(list) ? list : []).flatMap((p, i) =>
      parameterFindings(ctx, {...diff, before: diff.action === 'remove' ? p : undefined, after: diff.action === 'add' ? p : undefined}, op, [i]),
    );
  }
  const index = Number(rest[0]);
  const removal = diff.action === 'remove' && rest.length === 1;
  const added = diff.action === 'add' && rest.length === 1;
  const param = (
    added ? deref(ctx.head, diff.after) : removal ? deref(ctx.base, diff.before) : parameterAt(ctx.base, op.section, op.baseKey ?? '', op.method, index)
  ) as UnknownObject | undefined;
  const name = String(param?.name ?? rest[0]);
  const where = `${String(param?.in ?? '')} parameter`.trim();
  const headIndex = headParameterIndex(ctx, op, param);
  const path = removal ? [op.section, op.baseKey ?? '', op.method, 'parameters', index] : [...opPathHead, 'parameters', headIndex ?? index];
  const base = {operation: op, target: 'parameter' as const, name, where, path, inBase: removal};
  if (added) return [{...base, action: 'added', rule: param?.required === true ? 'parameter-added-required' : 'parameter-added-optional'}];
  if (removal) return [{...base, action: 'removed', rule: 'parameter-removed', removedValue: param}];
  const [, key] = rest;
  if (key === 'name' && rest.length === 2) {
    return [{...base, action: 'changed', rule: 'path-parameter-renamed', detail: `\`${String(diff.after)}\``}];
  }
  if (key === 'required' && rest.length === 2) {
    const now = diff.action !== 'remove' && diff.after === true;
    return [{...base, action: 'changed', rule: now ? 'parameter-made-required' : 'parameter-made-optional'}];
  }
  if (key === 'deprecated' && rest.length === 2) {
    const now = diff.action !== 'remove' && diff.after === true;
    return [{...base, action: now ? 'deprecated' : 'changed', rule: now ? 'deprecated' : 'undeprecated'}];
  }
  if (key === 'x-sunset' && rest.length === 2) return [sunsetFinding(base, diff)];
  if (key === 'schema') {
    // A webhook's parameters are the headers we send with the event: the integrator receives them.
    const direction: Direction = op.section === 'webhooks' ? 'receive' : 'send';
    return diffInSchema(ctx, diff, {operation: op, direction, where, fieldTarget: 'parameter', owner: name, root: [...path, 'schema']}, rest.slice(2));
  }
  if (isDocKeyword(key)) return [{...base, action: 'changed', rule: 'documentation-changed', detail: `\`${String(key)}\``}];
  return [{...base, action: 'changed', rule: libraryRule(diff, 'send'), detail: `\`${String(key)}\``}];
}

function headParameterIndex(ctx: Context, op: OperationRef, param: UnknownObject | undefined): number | undefined {
  if (!param || !op.headKey) return undefined;
  const pathItem = getIn(ctx.head, [op.section, op.headKey]);
  const operation = getIn(ctx.head, [op.section, op.headKey, op.method]);
  if (!isObject(pathItem) || !isObject(operation)) return undefined;
  const list = mergedParameters(ctx.head, pathItem, operation);
  const i = list.findIndex((p) => p.in === param.in && (p.name === param.name || p.in === 'path'));
  return i < 0 ? undefined : i;
}

/** What the client does with a body: it sends a request body and receives a response, the other way round for a webhook. */
const bodyDirection = (op: OperationRef, part: 'requestBody' | 'responses'): Direction =>
  (part === 'requestBody') === (op.section === 'paths') ? 'send' : 'receive';

/** The `content` or `headers` map of a request body or a response: its operation, which way it goes, how messages name it, its path. */
interface BodyPart {
  op: OperationRef;
  direction: Direction;
  where: string;
  root: (string | number)[];
}

function contentFindings(ctx: Context, diff: RawDiff, {op, direction, where, root}: BodyPart, rest: (string | number)[]): Finding[] {
  const target: ChangeTarget = direction === 'send' ? 'request-field' : 'response-field';
  if (rest.length === 0) return wholeMapKeys(diff).map((mediaType) => mediaTypeFinding(op, diff, where, [...root, mediaType], mediaType));
  const mediaType = String(rest[0]);
  if (rest.length === 1) return [mediaTypeFinding(op, diff, where, [...root, mediaType], mediaType)];
  if (rest[1] === 'schema') {
    return diffInSchema(ctx, diff, {operation: op, direction, where, fieldTarget: target, root: [...root, mediaType, 'schema']}, rest.slice(2));
  }
  return [keywordFinding({operation: op, target: 'other', name: mediaType, where, path: [...root, ...rest.slice(0, 2)]}, rest[1], diff, direction)];
}

function mediaTypeFinding(op: OperationRef, diff: RawDiff, where: string, path: (string | number)[], mediaType: string): Finding {
  const removed = diff.action === 'remove';
  return {
    operation: op,
    target: 'other',
    action: removed ? 'removed' : 'added',
    rule: removed ? 'media-type-removed' : 'media-type-added',
    name: mediaType,
    where,
    path,
    inBase: removed,
  };
}

function requestBodyFindings(ctx: Context, diff: RawDiff, op: OperationRef, rest: (string | number)[]): Finding[] {
  const direction = bodyDirection(op, 'requestBody');
  const where = op.section === 'webhooks' ? 'event payload' : 'request body';
  const removal = diff.action === 'remove';
  const path = [op.section, (removal && rest.length === 0 ? op.baseKey : op.headKey) ?? '', op.method, 'requestBody'];
  const base = {operation: op, target: 'other' as const, name: where};
  if (rest.length === 0) {
    if (removal) return [{...base, action: 'removed', rule: 'request-body-removed', path, inBase: true}];
    const required = (deref(ctx.head, diff.after) as UnknownObject)?.required === true;
    return [{...base, action: 'added', rule: required ? 'request-body-added-required' : 'request-body-added-optional', path, inBase: false}];
  }
  const [key] = rest;
  if (key === 'content') return contentFindings(ctx, diff, {op, direction, where, root: [...path, 'content']}, rest.slice(1));
  if (key === 'required') {
    const now = diff.action !== 'remove' && diff.after === true;
    return [{...base, action: 'changed', rule: now ? 'request-body-made-required' : 'request-body-made-optional', path: [...path, 'required'], inBase: false}];
  }
  return [keywordFinding({...base, path: [...path, String(key)]}, key, diff, direction)];
}

function responseFindings(ctx: Context, diff: RawDiff, op: OperationRef, rest: (string | number)[]): Finding[] {
  const direction = bodyDirection(op, 'responses');
  const opPath = [op.section, op.headKey ?? '', op.method, 'responses'];
  if (rest.length === 0) {
    return wholeMapKeys(diff).flatMap((code) => responseFindings(ctx, keyDiff(diff, code), op, [code]));
  }
  const code = String(rest[0]);
  const where = op.section === 'webhooks' ? `\`${code}\` acknowledgement` : `\`${code}\` response`;
  if (rest.length === 1) {
    if (diff.action === 'add')
      return [{operation: op, target: 'operation', action: 'changed', rule: 'response-added', name: code, where, path: [...opPath, code], inBase: false}];
    if (diff.action === 'remove') {
      const success = /^2/.test(code) && op.section === 'paths';
      return [
        {
          operation: op,
          target: 'operation',
          action: 'changed',
          rule: success ? 'success-response-removed' : 'error-response-removed',
          name: code,
          where,
          path: [op.section, op.baseKey ?? '', op.method, 'responses', code],
          inBase: true,
        },
      ];
    }
    return [];
  }
  const [, key] = rest;
  if (key === 'content') return contentFindings(ctx, diff, {op, direction, where, root: [...opPath, code, 'content']}, rest.slice(2));
  if (key === 'headers') return headerFindings(ctx, diff, {op, direction, where, root: [...opPath, code, 'headers']}, rest.slice(2));
  return [keywordFinding({operation: op, target: 'operation', name: code, where, path: [...opPath, code, String(key)]}, key, diff, direction)];
}

function headerFindings(ctx: Context, diff: RawDiff, part: BodyPart, rest: (string | number)[]): Finding[] {
  if (rest.length === 0) return wholeMapKeys(diff).flatMap((name) => headerFindings(ctx, keyDiff(diff, name), part, [name]));
  const {op, direction, where, root} = part;
  const name = String(rest[0]);
  const path = [...root, name];
  const base = {operation: op, target: 'header' as const, name, where, path};
  if (rest.length === 1) {
    if (diff.action === 'add') return [{...base, action: 'added', rule: 'response-header-added', inBase: false}];
    if (diff.action === 'remove')
      return [{...base, action: 'removed', rule: 'response-header-removed', inBase: true, removedValue: deref(ctx.base, diff.before)}];
    return [];
  }
  const [, key] = rest;
  if (key === 'schema')
    return diffInSchema(ctx, diff, {operation: op, direction, where, fieldTarget: 'header', owner: name, root: [...path, 'schema']}, rest.slice(2));
  if (key === 'deprecated') {
    const now = diff.action !== 'remove' && diff.after === true;
    return [{...base, action: now ? 'deprecated' : 'changed', rule: now ? 'deprecated' : 'undeprecated', inBase: false}];
  }
  if (key === 'required') {
    const now = diff.action !== 'remove' && diff.after === true;
    return [{...base, action: 'changed', rule: now ? 'response-field-made-required' : 'response-field-made-optional', inBase: false}];
  }
  if (key === 'x-sunset') return [sunsetFinding(base, diff)];
  return [keywordFinding(base, key, diff, direction)];
}

/** Expands a diff of a whole `paths`/`webhooks` section or path item into one diff per operation. */
function operationDiffs(diff: RawDiff): {section: OperationSection; key: string; method: string; diff: RawDiff}[] {
  const [section, key] = diff.path as [OperationSection, string | undefined];
  const value = (diff.action === 'remove' ? diff.before : diff.after) as UnknownObject;
  if (!isObject(value)) return [];
  if (key === undefined) {
    return Object.keys(value).flatMap((k) =>
      operationDiffs({
        ...diff,
        path: [section, k],
        before: diff.action === 'remove' ? value[k] : undefined,
        after: diff.action === 'add' ? value[k] : undefined,
      }),
    );
  }
  return Object.keys(value)
    .filter((m) => /^(get|put|post|delete|options|head|patch|trace)$/.test(m))
    .map((method) => ({
      section,
      key,
      method,
      diff: {
        ...diff,
        path: [section, key, method],
        before: diff.action === 'remove' ? value[method] : undefined,
        after: diff.action === 'add' ? value[method] : undefined,
      },
    }));
}

/** Every finding of one API document's differences (servers and security excepted: see ./document.ts). */
export function classifyDiffs(base: UnknownObject, head: UnknownObject, diffs: RawDiff[]): Finding[] {
  const renamedPaths = new Map<string, string>();
  for (const d of diffs) {
    if (d.action === 'rename' && d.path.length === 1 && d.path[0] === 'paths') renamedPaths.set(String(d.before), String(d.after));
  }
  // The library matches paths by shape; a path it did not rename keeps its key.
  const ctx: Context = {base, head, renamedPaths};
  const findings: Finding[] = [];
  for (const diff of diffs) {
    const [section] = diff.path;
    if (diff.action === 'rename') continue;
    if (section === 'paths' || section === 'webhooks') {
      if (diff.path.length <= 2 && (diff.action === 'add' || diff.action === 'remove')) {
        for (const od of operationDiffs(diff)) {
          const op: OperationRef =
            od.diff.action === 'add' ? {section: od.section, headKey: od.key, method: od.method} : {section: od.section, baseKey: od.key, method: od.method};
          findings.push(...operationFindings(ctx, od.diff, op, []));
        }
        continue;
      }
      if (diff.path.length < 3) {
        const key = String(diff.path[1]);
        findings.push({
          target: 'other',
          action: 'changed',
          rule: isDocKeyword(diff.path[2]) ? 'documentation-changed' : libraryRule(diff, 'send'),
          name: key,
          path: diff.path,
          inBase: false,
        });
        continue;
      }
      const [, key, method, ...rest] = diff.path as [OperationSection, string, string, ...(string | number)[]];
      if (!/^(get|put|post|delete|options|head|patch|trace)$/.test(method)) {
        // Path item level (summary, description): documentation of every operation of the path.
        findings.push({
          target: 'other',
          action: 'changed',
          rule: isDocKeyword(method) ? 'documentation-changed' : libraryRule(diff, 'send'),
          name: key,
          detail: `\`${method}\``,
          path: [section, renamedPaths.get(key) ?? key, method],
          inBase: false,
        });
        continue;
      }
      const op = operationOf(ctx, section, key, method);
      if (diff.action === 'add' && rest.length === 0) {
        findings.push(...operationFindings(ctx, diff, {section, headKey: op.headKey, method}, rest));
      } else if (diff.action === 'remove' && rest.length === 0) {
        findings.push(...operationFindings(ctx, diff, {section, baseKey: key, method}, rest));
      } else {
        findings.push(...operationFindings(ctx, diff, op, rest));
      }
      continue;
    }
    if (section === 'components' || section === 'servers' || section === 'security') continue;
    if (section === 'info' && diff.path[1] === 'version') continue;
    findings.push({
      target: 'other',
      action: 'changed',
      rule: 'documentation-changed',
      name: diff.path.join('.'),
      path: diff.path,
      inBase: diff.action === 'remove',
    });
  }
  return mergeFindings(findings);
}

/** Findings for the differences of two schemas compared on their own (an AsyncAPI message payload). */
export function schemaFindings(ctx: Context, diffs: RawDiff[], scope: SchemaScope): Finding[] {
  return mergeFindings(diffs.filter((d) => d.action !== 'rename').flatMap((d) => diffInSchema(ctx, d, scope, d.path)));
}

/**
 * The findings made inside a documented union (unionDocumented): kept when the library read every difference
 * there as documentation, else replaced by the one documentation finding of the union.
 */
function documentedUnions(findings: Finding[]): Finding[] {
  const misread = new Set(findings.filter((f) => f.documentedUnion && CLASSIFICATION_RULES[f.rule] !== 'documentation').map((f) => f.documentedUnion!.site));
  const out: Finding[] = [];
  const replaced = new Set<string>();
  for (const {documentedUnion, ...f} of findings) {
    if (!documentedUnion || !misread.has(documentedUnion.site)) out.push(f);
    else if (!replaced.has(documentedUnion.site)) {
      replaced.add(documentedUnion.site);
      out.push(documentedUnion.finding);
    }
  }
  return out;
}

/**
 * One finding per thing changed: a new required request field is one change (its property and its `required`
 * entry), a removed field does not also report leaving `required`, and the `type` differences of one field
 * (a string that became an array, items of a type array) become one widened, narrowed or changed type.
 */
function mergeFindings(all: Finding[]): Finding[] {
  const findings = documentedUnions(all);
  const keyOf = (f: Finding) =>
    JSON.stringify([f.operation?.section, f.operation?.baseKey ?? f.operation?.headKey, f.operation?.method, f.where, f.target, f.name]);
  const added = new Map<string, Finding>();
  const removed = new Set<string>();
  const deprecations = new Map<string, Finding>();
  for (const f of findings) {
    if (f.action === 'deprecated') deprecations.set(keyOf(f), f);
    if (f.rule === 'request-field-added-optional' || f.rule === 'response-field-added') added.set(keyOf(f), f);
    if (f.rule === 'request-field-removed' || f.rule === 'response-field-removed') removed.add(keyOf(f));
  }
  const types = new Map<string, {finding: Finding; before: Set<string>; after: Set<string>; whole: boolean}>();
  const out: Finding[] = [];
  for (const f of findings) {
    const key = keyOf(f);
    const deprecation = f.sunset !== undefined ? deprecations.get(key) : undefined;
    if (deprecation) {
      deprecation.detail = `sunset ${f.sunset}`;
      continue;
    }
    if (f.rule === 'request-field-made-required' && added.has(key)) {
      const a = added.get(key)!;
      a.rule = 'request-field-added-required';
      continue;
    }
    if ((f.rule === 'response-field-made-required' || f.rule === 'request-field-made-required') && added.has(key)) continue;
    if ((f.rule === 'request-field-made-optional' || f.rule === 'response-field-made-optional') && removed.has(key)) continue;
    if (f.typeChange) {
      const {before, after, element} = f.typeChange;
      const t = types.get(key) ?? {finding: f, before: new Set<string>(), after: new Set<string>(), whole: false};
      // An item of a type array added or removed, or the whole `type` replaced.
      for (const b of before) t.before.add(b);
      for (const a of after) t.after.add(a);
      t.whole ||= !element && before.length > 0 && after.length > 0;
      if (!types.has(key)) {
        types.set(key, t);
        out.push(f);
      }
      continue;
    }
    out.push(f);
  }
  for (const {finding, before, after, whole} of types.values()) {
    const gone = [...before].filter((t) => !after.has(t));
    const fresh = [...after].filter((t) => !before.has(t));
    const direction: Direction = finding.target === 'request-field' || finding.target === 'parameter' ? 'send' : 'receive';
    const widened = gone.length === 0 || (gone.length === 1 && gone[0] === 'integer' && fresh.includes('number'));
    const narrowed = fresh.length === 0 || (fresh.length === 1 && fresh[0] === 'integer' && gone.includes('number'));
    finding.rule = widened && !narrowed ? valuesRule(direction, true) : narrowed && !widened ? valuesRule(direction, false) : 'values-changed';
    delete finding.typeChange;
    finding.detail = whole
      ? `type ${describeTypes([...before])} → ${describeTypes([...after])}`
      : [fresh.length ? `now also of type ${describeTypes(fresh)}` : '', gone.length ? `no longer of type ${describeTypes(gone)}` : '']
          .filter(Boolean)
          .join(', ');
  }
  return out;
}

const describeTypes = (list: string[]): string => (list.length === 0 ? 'any' : list.length === 1 ? `\`${list[0]}\`` : `\`[${list.join(', ')}]\``);
