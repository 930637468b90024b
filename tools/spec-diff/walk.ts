/**
 * What the breaking-change gate reads from bundled documents, through the OpenAPI kernel (tools/openapi): `$ref`s
 * followed, values by path, the operations of `paths` and `webhooks`, and a URL template's shape.
 */
import {documentOf, RefError} from '../openapi/document';
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
}

/** Every operation of a document's `paths` and `webhooks`, in document order. */
export function operationsOf(doc: unknown): OperationEntry[] {
  if (!isObject(doc)) return [];
  return documentOf(doc)
    .operations()
    .map(({section, key, method, operation, pathItem}) => ({section, key, method, operation, pathItem}));
}

/** The parameters of an operation as api-smart-diff compares them: its own, then its path item's. */
export function mergedParameters(doc: unknown, pathItem: UnknownObject, operation: UnknownObject): UnknownObject[] {
  const own = Array.isArray(operation.parameters) ? operation.parameters : [];
  const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
  return [...own, ...shared].map((p) => deref(doc, p)).filter(isObject);
}

/** A URL template with its parameter names blanked, to match paths whose parameters were renamed. */
export const pathShape = (key: string): string => key.replace(/\{[^}]*\}/g, '{}');
