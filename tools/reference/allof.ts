/**
 * `allOf` merged into one schema for reading (the reference shows one list of fields, not the parts), with
 * @x0k/json-schema-merge doing the keyword merging. What the library leaves to us: following each part's `$ref`
 * (it does not resolve), nested `allOf` parts, a property two parts both define as different `$ref`s (it keeps the
 * first without a word), and saying where a conflict is: each conflict is returned with the property it is about,
 * and the merge goes on with the first part's definition of that property. And descriptions: the library keeps one,
 * where a reader is owed each part's that describes the schema or a property it defines (see OWN).
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

/**
 * The keywords that describe the merged schema as a whole: the schema's own win over its parts'. A part's title or
 * description reached through a `$ref` describes that component, not this schema (`allOf: [$ref Base, …]` would
 * repeat Base's description): only the description of a part written in place is this schema's, when it has none
 * of its own (`allOf: [$ref Money, {description: The refunded amount.}]`).
 */
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
  // The descriptions of the parts written in place (reached without a `$ref`): they describe this schema.
  const inlineDescriptions: string[] = [];
  const flatten = (node: JsonObject, seen: Set<JsonObject>, inline: boolean) => {
    if (seen.has(node)) return;
    seen.add(node);
    const {allOf, ...rest} = node;
    parts.push(rest);
    if (inline && node !== schema && typeof rest.description === 'string' && rest.description.trim() && !inlineDescriptions.includes(rest.description.trim()))
      inlineDescriptions.push(rest.description.trim());
    if (Array.isArray(allOf)) for (const part of allOf) flatten(resolve(part), seen, inline && !(isObject(part) && typeof part.$ref === 'string'));
  };
  flatten(schema, new Set(), true);
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
  if (schema.description === undefined && inlineDescriptions.length) merged.description = inlineDescriptions.join('\n\n');
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
        // (A property two parts define as different `$ref`s was reported above: at most one `$ref` here.)
        const descriptions = [
          ...new Set(
            distinct.flatMap((v) => {
              const d = isObject(v) ? (typeof v.$ref === 'string' ? resolve(v).description : v.description) : undefined;
              return typeof d === 'string' && d.trim() ? [d.trim()] : [];
            }),
          ),
        ];
        if (refs.length === 1) {
          // One `$ref` narrowed by plain keywords (an event's `type` narrowing the envelope's): those keywords beside
          // the `$ref`, which keeps the component's name; the description is each definition's, in part order.
          const plain = distinct.filter((v): v is JsonObject => isObject(v) && typeof v.$ref !== 'string');
          const beside = mergeAllOf({allOf: plain}, resolve);
          for (const c of beside.conflicts) conflicts.push({property: name, message: c.property ? `its field "${c.property}": ${c.message}` : c.message});
          if (beside.conflicts.length) return [name, distinct[0]];
          const {description: _, ...keywords} = beside.schema;
          return [name, {...keywords, ...(descriptions.length ? {description: descriptions.join('\n\n')} : {}), $ref: (refs[0] as JsonObject).$ref}];
        }
        // Plain definitions, merged as parts written in place: each part that defines the property (or a field of
        // it) keeps its description, in the order of the parts (`data.object` described by the envelope and by the
        // event that says which resource it is).
        const plain = distinct.map((v): JsonObject => (isObject(v) ? v : {}));
        const title = plain.find((v) => typeof v.title === 'string')?.title;
        const inner = mergeAllOf(
          {...(title !== undefined ? {title} : {}), ...(descriptions.length ? {description: descriptions.join('\n\n')} : {}), allOf: plain},
          resolve,
        );
        for (const c of inner.conflicts) conflicts.push({property: name, message: c.property ? `its field "${c.property}": ${c.message}` : c.message});
        return [name, inner.conflicts.length ? distinct[0] : inner.schema];
      }),
    );
  }
  return {schema: merged, conflicts};
}
