/**
 * Looking requests up in a bundled spec (every `$ref` local, as tools/spec/spec-bundle.ts writes it): which operation a
 * request goes to, which statuses it documents, where a response's schema is, and whether a body matches it.
 */
import Ajv2020, {type ErrorObject} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {documentOf, operationOfMethod} from '../openapi/document';
import {isObject, type UnknownObject} from '../openapi/json';
import {childPointer} from '../openapi/pointer';

/** Follows local `$ref`s from a JSON pointer (the kernel's reading); returns the node and the pointer of where it really is. */
export function resolveRef(spec: UnknownObject, pointer: string): {node: UnknownObject; pointer: string} {
  const {node, pointer: where} = documentOf(spec).at(pointer);
  return {node: node as UnknownObject, pointer: where};
}

export interface SpecOperation {
  template: string;
  method: string;
  /** JSON pointer of the operation in the spec. */
  pointer: string;
  operation: UnknownObject;
}

/**
 * The operation of the spec a request goes to: the path templates its path matches, the one with the most
 * literal segments first (`/accounts/{id}/kyc` over `/accounts/{id}/{x}`).
 */
export function findOperation(spec: UnknownObject, method: string, requestPath: string): SpecOperation | undefined {
  const segments = new URL(requestPath, 'http://x').pathname.replace(/\/$/, '').split('/');
  const wanted = method.toLowerCase();
  // The path item's operation of that method, wherever OpenAPI 3.2 keys it (`query`, `additionalOperations`).
  const operationIn = (template: string) => {
    const item = documentOf(spec).at(childPointer('#/paths', template)).node;
    return isObject(item) ? operationOfMethod(item, wanted) : undefined;
  };
  let best: {template: string; literal: number; keys: string[]} | undefined;
  for (const template of Object.keys((spec.paths ?? {}) as UnknownObject)) {
    const parts = template.replace(/\/$/, '').split('/');
    if (parts.length !== segments.length) continue;
    let literal = 0;
    const ok = parts.every((p, i) => {
      if (/^\{[^}]+\}$/.test(p)) return segments[i] !== '';
      if (p === decodeURIComponent(segments[i])) return ++literal > 0;
      return false;
    });
    const found = ok ? operationIn(template) : undefined;
    if (!found) continue;
    if (!best || literal > best.literal) best = {template, literal, keys: found.keys};
  }
  if (!best) return undefined;
  const pointer = childPointer('#/paths', best.template, ...best.keys);
  return {template: best.template, method: wanted, pointer, operation: resolveRef(spec, pointer).node};
}

/** The statuses an operation documents, as numbers (a `default` or `4XX` range is not a stated status). */
export function documentedStatuses(op: SpecOperation): number[] {
  return Object.keys((op.operation.responses ?? {}) as UnknownObject)
    .filter((s) => /^\d{3}$/.test(s))
    .map(Number);
}

/**
 * The JSON pointer of the schema of one response of an operation, for `mediaType` (or the response's only JSON
 * media type); undefined when that response has no body.
 */
export function responseSchemaPointer(
  spec: UnknownObject,
  op: SpecOperation,
  status: number,
  mediaType?: string,
): {pointer: string; mediaType: string} | undefined {
  const response = resolveRef(spec, `${op.pointer}/responses/${status}`);
  if (!response.node) return undefined;
  const content = (response.node.content ?? {}) as UnknownObject;
  const types = Object.keys(content);
  if (!types.length) return undefined;
  const chosen =
    mediaType && types.includes(mediaType) ? mediaType : (types.find((t) => t === 'application/json') ?? types.find((t) => /[/+]json$/.test(t)) ?? types[0]);
  return {pointer: childPointer(response.pointer, 'content', chosen, 'schema'), mediaType: chosen};
}

/** Ajv (JSON Schema 2020-12, as OpenAPI 3.1) holding `spec` as `spec`; OpenAPI's numeric formats are accepted as they are. */
function specAjv(spec: UnknownObject, options: {coerceTypes?: boolean} = {}): Ajv2020 {
  const ajv = new Ajv2020({strict: false, allErrors: true, ...options});
  addFormats(ajv);
  for (const f of ['int32', 'int64', 'decimal']) ajv.addFormat(f, true);
  ajv.addSchema(spec, 'spec');
  return ajv;
}

/**
 * A validator of bodies against the schemas of `spec`, addressed by JSON pointer (`#/paths/...`); returns the
 * errors as text, or undefined when the body matches.
 */
export function specValidator(spec: UnknownObject): (pointer: string, body: unknown) => string | undefined {
  const ajv = specAjv(spec);
  return (pointer, body) => {
    const check = ajv.getSchema(`spec${pointer}`);
    if (!check) return `the spec has no schema at ${pointer}`;
    return check(body) ? undefined : ajv.errorsText(check.errors, {separator: '; '});
  };
}

/**
 * Like {@link specValidator}, but returns Ajv's error objects (each with its `instancePath`), empty when the value
 * matches. `coerceTypes` reads strings as numbers and booleans, as path, query and header values arrive.
 */
export function specSchemaErrors(spec: UnknownObject, options: {coerceTypes?: boolean} = {}): (pointer: string, value: unknown) => ErrorObject[] {
  const ajv = specAjv(spec, options);
  return (pointer, value) => {
    const check = ajv.getSchema(`spec${pointer}`);
    if (!check) throw new Error(`the spec has no schema at ${pointer}`);
    return check(value) ? [] : [...(check.errors ?? [])];
  };
}
