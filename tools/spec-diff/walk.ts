/**
 * What the breaking-change gate reads from bundled documents, through the OpenAPI kernel (tools/openapi): `$ref`s
 * followed, values by path, the operations of `paths` and `webhooks`, and a URL template's shape.
 */
import {HTTP_METHODS} from '../../src/data/api-table';
import {documentOf, pathItemOperations, RefError} from '../openapi/document';
import {isObject, type UnknownObject} from '../openapi/json';
import {formatPointer, parsePointer} from '../openapi/pointer';

/**
 * The target of a local `$ref` (`#/components/...`), followed until it is not a `$ref`, with the keywords beside
 * the `$ref` laid over it (the kernel's reading); a `$ref` that cannot be followed (a cycle, nothing there) is
 * returned as it is, for the comparison to report.
 */
export function deref(root: unknown, value: unknown): unknown {
  if (!isObject(value) || typeof value.$ref !== 'string' || !isObject(root)) return value;
  try {
    return documentOf(root).resolve(value as never).node;
  } catch (error) {
    if (error instanceof RefError) return value;
    throw error;
  }
}

/** The value at `path`, following `$ref`s on the way unless told not to. */
export function getIn(root: unknown, path: readonly (string | number)[], follow = true): unknown {
  let node: unknown = root;
  for (const key of path) {
    if (follow) node = deref(root, node);
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node)) node = node[String(key)];
    else return undefined;
  }
  return follow ? deref(root, node) : node;
}

/** `['paths', '/a', 'get']` → `/paths/~1a/get` (a pointer without its `#`). */
export const encodePointer = (path: readonly (string | number)[]): string => formatPointer(path).slice(1);

export const decodePointer = (pointer: string): string[] => parsePointer(pointer);

export const OPERATION_SECTIONS = ['paths', 'webhooks'] as const;
export type OperationSection = (typeof OPERATION_SECTIONS)[number];

export interface OperationEntry {
  section: OperationSection;
  /** The key in `paths` (a URL template) or `webhooks` (an event type). */
  key: string;
  method: string;
  operation: UnknownObject;
  pathItem: UnknownObject;
  /** Where the operation is: `['paths', '/a', 'get']`, or `['paths', '/a', 'additionalOperations', 'PURGE']` (OpenAPI 3.2). */
  path: string[];
}

/** Every operation of a document's `paths` and `webhooks`, in document order. */
export function operationsOf(doc: unknown): OperationEntry[] {
  if (!isObject(doc)) return [];
  return documentOf(doc)
    .operations()
    .map(({section, key, method, operation, pathItem, pointer}) => ({section, key, method, operation, pathItem, path: parsePointer(pointer)}));
}

/** The parameters of an operation as api-smart-diff compares them: its own, then its path item's. */
export function mergedParameters(doc: unknown, pathItem: UnknownObject, operation: UnknownObject): UnknownObject[] {
  const own = Array.isArray(operation.parameters) ? operation.parameters : [];
  const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
  return [...own, ...shared].map((p) => deref(doc, p)).filter(isObject);
}

/** A URL template with its parameter names blanked, to match paths whose parameters were renamed. */
export const pathShape = (key: string): string => key.replace(/\{[^}]*\}/g, '{}');

/** Where a path item's OpenAPI 3.2 method goes in the comparison: a path of its own, `<key> <method>` (no key has a space). */
const METHOD_APART = ' ';

/**
 * A copy of a document in which each operation of a method api-smart-diff does not know (OpenAPI 3.2's `query` and
 * `additionalOperations`: its rules treat any other key of a path item as a field of every operation) is the `get`
 * of a path item of its own, keyed `<key> <method>`, with its path item's parameters and servers: compared as any
 * operation is. `methodApart` names the operation again.
 */
export function methodsApart(doc: UnknownObject): UnknownObject {
  const split = (section: unknown) => {
    if (!isObject(section)) return section;
    const out: UnknownObject = {};
    for (const [key, item] of Object.entries(section)) {
      const apart = isObject(item) ? pathItemOperations(item).filter((o) => !(HTTP_METHODS as readonly string[]).includes(o.method)) : [];
      if (!apart.length || !isObject(item)) {
        out[key] = item;
        continue;
      }
      const {query: _query, additionalOperations: _additional, ...kept} = item;
      const shared = Object.fromEntries(Object.entries(kept).filter(([k]) => !(HTTP_METHODS as readonly string[]).includes(k)));
      out[key] = kept;
      for (const o of apart) out[`${key}${METHOD_APART}${o.method}`] = {...shared, get: o.raw};
    }
    return out;
  };
  return {
    ...doc,
    ...(doc.paths !== undefined ? {paths: split(doc.paths)} : {}),
    ...(doc.webhooks !== undefined ? {webhooks: split(doc.webhooks)} : {}),
  };
}

/** A key and method of a document `methodsApart` made, as the document has them (`/a x`, `get` → `/a`, `x`). */
export function methodApart(key: string, method: string): {key: string; method: string} {
  const at = key.lastIndexOf(METHOD_APART);
  return at < 0 ? {key, method} : {key: key.slice(0, at), method: key.slice(at + 1)};
}
