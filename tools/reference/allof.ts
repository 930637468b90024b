/**
 * `allOf` merged into one schema for reading (the reference shows one list of fields, not the parts), with
 * @x0k/json-schema-merge doing the keyword merging. What the library leaves to us: following each part's `$ref`
 * (it does not resolve), nested `allOf` parts, a property two parts both define as different `$ref`s (it keeps the
 * first without a word), and saying where a conflict is: each conflict is returned with the property it is about,
 * and the merge goes on with the first part's definition of that property.
 */
import {createComparator, createMerger} from '@x0k/json-schema-merge';
import {createDeduplicator, createIntersector} from '@x0k/json-schema-merge/lib/array';
import {isObject, type Json, type JsonObject} from '../openapi/json';

const {compareSchemaDefinitions, compareSchemaValues} = createComparator();
const {mergeArrayOfSchemaDefinitions} = createMerger({
  intersectJson: createIntersector(compareSchemaValues),
  deduplicateJsonSchemaDef: createDeduplicator(compareSchemaDefinitions),
});

export interface MergeConflict {
  /** The property the parts disagree on (empty: the schemas themselves). */
  property: string;
  message: string;
}

/** The keywords that describe the merged schema as a whole: the schema's own win over its parts'. */
const OWN = ['title', 'description', 'deprecated', 'readOnly', 'writeOnly', 'examples', 'example', 'default', 'externalDocs'];

type Definitions = Parameters<typeof mergeArrayOfSchemaDefinitions>[0];
const merge = (schemas: JsonObject[]): JsonObject => mergeArrayOfSchemaDefinitions(schemas as unknown as Definitions) as unknown as JsonObject;

/**
 * `schema` with its `allOf` merged in: `resolve` follows a part's `$ref` (returning the target and the `$ref`s it
 * went through). Properties keep their own `$ref`s (a recursive schema stays finite).
 */
export function mergeAllOf(schema: JsonObject, resolve: (node: Json) => JsonObject): {schema: JsonObject; conflicts: MergeConflict[]} {
  const conflicts: MergeConflict[] = [];
  const parts: JsonObject[] = [];
  const flatten = (node: JsonObject, seen: Set<JsonObject>) => {
    if (seen.has(node)) return;
    seen.add(node);
    const {allOf, ...rest} = node;
    parts.push(rest);
    if (Array.isArray(allOf)) for (const part of allOf) flatten(resolve(part), seen);
  };
  flatten(schema, new Set());
  // Properties are merged one by one, so that a conflict names its property.
  const properties = new Map<string, Json[]>();
  for (const part of parts) {
    if (!isObject(part.properties)) continue;
    for (const [name, value] of Object.entries(part.properties)) properties.set(name, [...(properties.get(name) ?? []), value]);
  }
  const withoutProperties = parts.map(({properties: _, ...rest}) => rest);
  let merged: JsonObject;
  try {
    merged = merge(withoutProperties);
  } catch (error) {
    conflicts.push({property: '', message: (error as Error).message});
    merged = Object.assign({}, ...withoutProperties.reverse()) as JsonObject;
  }
  for (const key of OWN) {
    if (schema[key] !== undefined) merged[key] = schema[key];
    else if (key === 'title' || key === 'description') delete merged[key];
  }
  if (properties.size) {
    merged.properties = Object.fromEntries(
      [...properties].map(([name, values]) => {
        const distinct = values.filter((v, i) => values.findIndex((w) => JSON.stringify(w) === JSON.stringify(v)) === i);
        if (distinct.length === 1) return [name, distinct[0]];
        const refs = distinct.filter((v) => isObject(v) && typeof v.$ref === 'string');
        if (refs.length > 1) {
          conflicts.push({property: name, message: `the parts define it as different schemas (${refs.map((r) => (r as JsonObject).$ref).join(', ')})`});
          return [name, distinct[0]];
        }
        try {
          // A `$ref` among plain keywords: its target's keywords are merged, its name kept.
          const resolved = distinct.map((v): JsonObject => {
            if (!isObject(v) || typeof v.$ref !== 'string') return isObject(v) ? v : {};
            const target = resolve(v);
            return {...target, title: target.title ?? String(v.$ref).split('/').pop() ?? ''};
          });
          return [name, merge(resolved)];
        } catch (error) {
          conflicts.push({property: name, message: (error as Error).message});
          return [name, distinct[0]];
        }
      }),
    );
  }
  return {schema: merged, conflicts};
}
