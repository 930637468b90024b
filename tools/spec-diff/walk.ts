/** Small helpers to read bundled documents: `$ref`s, JSON pointers, the operations of `paths` and `webhooks`. */
import {HTTP_METHODS} from '../../src/data/api-table';

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The target of a local `$ref` (`#/components/...`), followed until it is not a `$ref`, with the keywords beside
 * the `$ref` (OAS 3.1 allows `deprecated`, `description`… there) laid over it; other values as they are.
 */
export function deref(root: unknown, value: unknown, seen = new Set<string>()): unknown {
  if (!isObject(value) || typeof value.$ref !== 'string' || !value.$ref.startsWith('#/')) return value;
  if (seen.has(value.$ref)) return value;
  seen.add(value.$ref);
  const {$ref, ...siblings} = value;
  const target = deref(root, getIn(root, decodePointer($ref.slice(1)), false), seen);
  return Object.keys(siblings).length > 0 && isObject(target) ? {...target, ...siblings} : target;
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

export const encodePointer = (path: readonly (string | number)[]): string =>
  path.map((k) => `/${String(k).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

export const decodePointer = (pointer: string): string[] =>
  pointer === '' ? [] : pointer.slice(1).split('/').map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));

export const OPERATION_SECTIONS = ['paths', 'webhooks'] as const;
export type OperationSection = (typeof OPERATION_SECTIONS)[number];

export interface OperationEntry {
  section: OperationSection;
  /** The key in `paths` (a URL template) or `webhooks` (an event type). */
  key: string;
  method: string;
  operation: Json;
  pathItem: Json;
}

/** Every operation of a document's `paths` and `webhooks`, in document order. */
export function operationsOf(doc: unknown): OperationEntry[] {
  const ops: OperationEntry[] = [];
  if (!isObject(doc)) return ops;
  for (const section of OPERATION_SECTIONS) {
    const items = doc[section];
    if (!isObject(items)) continue;
    for (const [key, raw] of Object.entries(items)) {
      const pathItem = deref(doc, raw);
      if (!isObject(pathItem)) continue;
      for (const method of HTTP_METHODS) {
        const operation = deref(doc, pathItem[method]);
        if (isObject(operation)) ops.push({section, key, method, operation, pathItem});
      }
    }
  }
  return ops;
}

/** The parameters of an operation as api-smart-diff compares them: its own, then its path item's. */
export function mergedParameters(doc: unknown, pathItem: Json, operation: Json): Json[] {
  const own = Array.isArray(operation.parameters) ? operation.parameters : [];
  const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
  return [...own, ...shared].map((p) => deref(doc, p)).filter(isObject);
}

/** A URL template with its parameter names blanked, to match paths whose parameters were renamed. */
export const pathShape = (key: string): string => key.replace(/\{[^}]*\}/g, '{}');
