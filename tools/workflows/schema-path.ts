/**
 * What a workflow may say about a body: the schema a JSON pointer reaches inside a request or response schema of a
 * bundled spec (`$response.body#/trade/quote_id`), through `$ref`, `allOf`, `oneOf`/`anyOf` (any variant),
 * `items` and `additionalProperties`, and the values an enum or const allows there.
 */
import type {ApiDocument} from '../openapi/document';
import {isObject, type Json, type JsonObject} from '../openapi/json';

const COMPOSITIONS = ['allOf', 'oneOf', 'anyOf'] as const;

/** The schema and every part it is composed of, `$ref`s followed. */
function parts(api: ApiDocument, schema: Json | undefined, seen = new Set<JsonObject>()): JsonObject[] {
  const node = api.resolve(schema).node;
  if (!isObject(node) || seen.has(node)) return [];
  seen.add(node);
  const out = [node];
  for (const key of COMPOSITIONS) {
    const list = node[key];
    if (Array.isArray(list)) for (const part of list) out.push(...parts(api, part, seen));
  }
  return out;
}

/**
 * The schemas `tokens` reach from `schema` (one per variant that has the field); empty when no variant has it.
 * A number token steps into `items`.
 */
export function schemasAt(api: ApiDocument, schema: Json | undefined, tokens: readonly string[]): Json[] {
  let current: Json[] = schema === undefined ? [] : [schema];
  for (const token of tokens) {
    const next: Json[] = [];
    for (const s of current) {
      for (const part of parts(api, s)) {
        if (/^\d+$/.test(token) && part.items !== undefined) next.push(part.items);
        const props = part.properties;
        if (isObject(props) && props[token] !== undefined) next.push(props[token]);
        else if (isObject(part.additionalProperties)) next.push(part.additionalProperties);
        else if (part.additionalProperties === true) next.push({});
      }
    }
    if (!next.length) return [];
    current = next;
  }
  return current;
}

/** The values the schemas allow when each is an enum or a const (all variants together); undefined when any value goes. */
export function allowedValues(api: ApiDocument, schemas: readonly Json[]): Json[] | undefined {
  const values: Json[] = [];
  for (const schema of schemas) {
    const restricted = parts(api, schema).flatMap((p) => (Array.isArray(p.enum) ? p.enum : 'const' in p ? [p.const as Json] : []));
    if (!restricted.length) return undefined;
    values.push(...restricted);
  }
  return values.length ? values : undefined;
}
