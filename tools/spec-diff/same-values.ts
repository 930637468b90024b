/**
 * One reading of a value the spec can write two ways, for the comparison. api-smart-diff reads a `$ref` with keywords
 * beside it as an `allOf` of the target and those keywords, so two spellings of the same values come out as
 * unclassified, breaking changes. Where one document has one form and the other the other form, both are read here
 * as the inline schema they stand for, so only what differs in the values (a constraint, `null` itself) is a change,
 * judged as any change is. The forms:
 * - a nullable value: a union `oneOf: [X, {type: 'null'}]`, or a named nullable schema (`NullableClientReference`:
 *   X's constraints with `null` added to its `type`, which Redocly's score does not count as polymorphism);
 * - a shared schema with words of its own: `$ref: Timestamp.yaml` with a `description` beside it (OpenAPI 3.1), or
 *   the same constraints written inline.
 * Everything else is compared as written.
 */
import {isObject, type UnknownObject} from '../openapi/json';
import {deref} from './walk';

/** Keywords that also constrain `null`, or combine schemas: a schema with one of them is not folded. */
const NOT_PLAIN = ['$ref', '$dynamicRef', 'enum', 'const', 'not', 'if', 'then', 'else', 'oneOf', 'anyOf', 'allOf'];
/** Keywords that say something about a value without constraining it: the only ones kept beside a folded union or `$ref`. */
const ANNOTATIONS = new Set(['title', 'description', 'example', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', '$comment', 'externalDocs']);
/** Keywords whose values are names (of properties, definitions), not schemas. */
const NAMES = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas', 'definitions']);
/** Keywords whose values are data, not schemas. */
const DATA = new Set(['example', 'examples', 'default', 'const', 'enum']);

const annotationsOnly = (node: UnknownObject): boolean => Object.keys(node).every((k) => ANNOTATIONS.has(k) || k.startsWith('x-'));

/**
 * The types of a schema whose only say over `null` is its `type` (the constraints of strings, numbers, arrays and
 * objects do not apply to `null`; `enum` and `const` do, and a combination says more), or undefined for another.
 */
function plainTypes(schema: unknown): string[] | undefined {
  if (!isObject(schema) || NOT_PLAIN.some((k) => k in schema)) return undefined;
  const types = typeof schema.type === 'string' ? [schema.type] : schema.type;
  return Array.isArray(types) && types.length > 0 && types.every((t) => typeof t === 'string') ? (types as string[]) : undefined;
}

/** The inline schema of `oneOf`/`anyOf: [X, {type: 'null'}]`, X plain and not nullable, or undefined for any other node. */
function foldedUnion(root: UnknownObject, node: UnknownObject): UnknownObject | undefined {
  const key = 'oneOf' in node ? 'oneOf' : 'anyOf';
  const {[key]: variants, ...siblings} = node;
  if (!Array.isArray(variants) || variants.length !== 2 || !annotationsOnly(siblings)) return undefined;
  const isNull = (v: unknown) => isObject(v) && Object.keys(v).length === 1 && v.type === 'null';
  const variant = variants.find((v) => !isNull(v));
  // Exactly one `{type: 'null'}`, and a variant that is a schema or a `$ref` alone (one with keywords says more).
  if (variants.filter(isNull).length !== 1 || !isObject(variant) || (typeof variant.$ref === 'string' && Object.keys(variant).length > 1)) return undefined;
  const schema = deref(root, variant);
  const types = plainTypes(schema);
  if (!types || types.includes('null') || !isObject(schema)) return undefined;
  return {...schema, ...siblings, type: [...types, 'null']};
}

/** The inline schema of a `$ref` with only annotations beside it, or none, to a plain schema: the target's keywords, the node's annotations over them. */
function foldedRef(root: UnknownObject, node: UnknownObject): UnknownObject | undefined {
  if (typeof node.$ref !== 'string') return undefined;
  const {$ref, ...siblings} = node;
  const target = deref(root, {$ref});
  return isObject(target) && plainTypes(target) && annotationsOnly(siblings) ? {...target, ...siblings} : undefined;
}

/** foldedRef of a named nullable schema: a plain schema whose types list `null` and another. */
function foldedNullableRef(root: UnknownObject, node: UnknownObject): UnknownObject | undefined {
  const folded = foldedRef(root, node);
  const types = folded && plainTypes(folded);
  return types?.includes('null') && types.length > 1 ? folded : undefined;
}

/** foldedRef of a shared schema with words of its own beside the `$ref` (which api-smart-diff reads as an `allOf`). */
const foldedAnnotatedRef = (root: UnknownObject, node: UnknownObject): UnknownObject | undefined =>
  Object.keys(node).length > 1 ? foldedRef(root, node) : undefined;

/** An inline plain schema: no `$ref`, nothing that combines schemas or constrains `null` beside its `type`. */
const inlinePlain = (node: UnknownObject): boolean => plainTypes(node) !== undefined;

/**
 * Copies of two OpenAPI or AsyncAPI documents (their `$ref`s inside them) where, at every place both have, a
 * nullable value written as a union in one and as a `$ref` to a named nullable schema in the other (or a named one
 * in both, each named differently) is the inline schema in both: the referenced schema's keywords, `null` added to
 * the union's, the node's own annotations over them. Places written the same way, and any other union, are as they
 * were: a union with another variant, a variant with `enum` or `const` (which `null` would have to be among), a
 * constraint beside the union or the `$ref`. Likewise a `$ref` with only annotations beside it, against an inline
 * plain schema in the other: the target's keywords with the annotations over them, compared keyword by keyword.
 */
export function readSameValues<T>(base: T, head: T): [T, T] {
  if (!isObject(base) || !isObject(head)) return [base, head];
  const [baseRoot, headRoot] = [base, head];
  const walk = (b: unknown, h: unknown, names: boolean): [unknown, unknown] => {
    if (Array.isArray(b) && Array.isArray(h)) {
      const pairs = h.map((v, i) => walk(b[i], v, false));
      return [b.map((v, i) => (i < h.length ? pairs[i][0] : v)), pairs.map(([, v]) => v)];
    }
    if (!isObject(b) || !isObject(h)) return [b, h];
    if (!names) {
      const named = [foldedNullableRef(baseRoot, b), foldedNullableRef(headRoot, h)];
      const folded = [named[0] ?? foldedUnion(baseRoot, b), named[1] ?? foldedUnion(headRoot, h)];
      if ((named[0] || named[1]) && folded[0] && folded[1] && b.$ref !== h.$ref) return [folded[0], folded[1]];
      // A shared schema with words of its own in one, its constraints written inline in the other: both read inline.
      const annotated = [foldedAnnotatedRef(baseRoot, b), foldedAnnotatedRef(headRoot, h)];
      if ((annotated[0] && inlinePlain(h)) || (annotated[1] && inlinePlain(b))) return walk(annotated[0] ?? b, annotated[1] ?? h, false);
    }
    const [outB, outH]: UnknownObject[] = [{}, {}];
    for (const k of new Set([...Object.keys(b), ...Object.keys(h)])) {
      if (!names && DATA.has(k)) [outB[k], outH[k]] = [b[k], h[k]];
      else [outB[k], outH[k]] = walk(b[k], h[k], !names && NAMES.has(k));
      for (const [out, from] of [[outB, b] as const, [outH, h] as const]) if (!(k in from)) delete out[k];
    }
    return [outB, outH];
  };
  return walk(base, head, false) as [T, T];
}
