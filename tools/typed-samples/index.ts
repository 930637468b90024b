/**
 * One TypeScript sample per operation, with the types published at /openapi/novaramp.d.ts (openapi-typescript, written
 * by tools/spec-bundle.ts) and the typed fetch client openapi-fetch: the operation's path template, its path
 * parameters, required query parameters and required headers from their examples, and its request body example, all checked by the compiler
 * against the spec (tests/spec/typed-samples.test.ts type-checks every sample and every ```ts block of the docs).
 * Read from the bundled combined spec with resolveRef of tools/spec-lookup.ts.
 */
import {HTTP_METHODS} from '../../src/data/api-table';
import {resolveRef, type Json} from '../spec-lookup';

/** The module name the samples import the types from: the published file, saved beside the code. */
export const TYPES_MODULE = './novaramp';
export const SANDBOX_BASE_URL = 'https://api.sandbox.novaramp.example/v1';

export interface TypedSample {
  operationId: string;
  method: string;
  path: string;
  source: string;
}

const escapePointer = (p: string) => p.replace(/~/g, '~0').replace(/\//g, '~1');
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as TypeScript source, indented to `indent` after its first line. */
const literal = (value: unknown, indent: string): string => JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`);
const key = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** The example of a parameter or media type: its own, its first named one, or its schema's. */
function exampleOf(spec: Json, node: Json): unknown {
  const deref = (v: unknown): Json | undefined => (isObject(v) && typeof v.$ref === 'string' ? resolveRef(spec, v.$ref).node : isObject(v) ? v : undefined);
  if (node.example !== undefined) return node.example;
  const first = deref(isObject(node.examples) ? Object.values(node.examples)[0] : undefined);
  if (first?.value !== undefined) return first.value;
  return deref(node.schema)?.example;
}

/** The sample of one operation of the bundled spec. */
export function typedSample(spec: Json, template: string, method: string): TypedSample {
  const itemPointer = `/paths/${escapePointer(template)}`;
  const item = resolveRef(spec, itemPointer).node;
  const op = resolveRef(spec, `${itemPointer}/${method}`).node;
  const where = `${method.toUpperCase()} ${template}`;
  if (!isObject(op)) throw new Error(`${where}: no such operation in the bundled spec`);
  const params = [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])]
    .map((p) => (isObject(p) && typeof p.$ref === 'string' ? resolveRef(spec, p.$ref).node : p))
    .filter(isObject);
  const lines: string[] = [];
  const pathParams = params.filter((p) => p.in === 'path');
  if (pathParams.length) {
    const values = pathParams.map((p) => {
      const value = exampleOf(spec, p);
      if (value === undefined) throw new Error(`${where}: the path parameter ${String(p.name)} has no example`);
      return `${key(String(p.name))}: ${JSON.stringify(value)}`;
    });
    lines.push(`    path: {${values.join(', ')}},`);
  }
  const query = params.filter((p) => p.in === 'query' && p.required === true);
  if (query.length) lines.push(`    query: {${query.map((p) => `${key(String(p.name))}: ${JSON.stringify(exampleOf(spec, p))}`).join(', ')}},`);
  const headers = params.filter((p) => p.in === 'header' && p.required === true);
  if (headers.length) {
    // A fresh key per logical operation: store it with the request you retry (docs/api/error-handling#idempotency).
    const values = headers.map((p) => `${key(String(p.name))}: ${String(p.name).toLowerCase() === 'idempotency-key' ? 'randomUUID()' : JSON.stringify(exampleOf(spec, p))}`);
    lines.push(`    header: {${values.join(', ')}},`);
  }
  const media = isObject(op.requestBody) ? (resolveRef(spec, `${itemPointer}/${method}/requestBody`).node.content as Json | undefined)?.['application/json'] : undefined;
  const body = isObject(media) ? exampleOf(spec, media) : undefined;
  const options = [
    ...(lines.length ? ['  params: {', ...lines, '  },'] : []),
    ...(body !== undefined ? [`  body: ${literal(body, '  ')},`] : []),
  ];
  const call = `await client.${method.toUpperCase()}(${JSON.stringify(template)}${options.length ? `, {\n${options.join('\n')}\n}` : ''});`;
  const source = [
    ...(headers.some((p) => String(p.name).toLowerCase() === 'idempotency-key') ? ["import {randomUUID} from 'node:crypto';"] : []),
    "import createClient from 'openapi-fetch';",
    `import type {paths} from '${TYPES_MODULE}'; // /openapi/novaramp.d.ts`,
    '',
    'const client = createClient<paths>({',
    `  baseUrl: '${SANDBOX_BASE_URL}',`,
    '  headers: {Authorization: `Bearer ${process.env.NOVARAMP_API_KEY}`},',
    '});',
    '',
    `const {data, error, response} = ${call}`,
    "if (error) throw new Error(`${response.status} ${error.code}: ${error.detail ?? error.title}`);",
    'console.log(data);',
    '',
  ].join('\n');
  return {operationId: String(op.operationId ?? ''), method, path: template, source};
}

/** The samples of every operation of the bundled spec (webhook events have none: we send those). */
export function typedSamples(spec: Json): TypedSample[] {
  const paths = isObject(spec.paths) ? spec.paths : {};
  return Object.keys(paths).flatMap((template) => {
    const item = resolveRef(spec, `/paths/${escapePointer(template)}`).node;
    return HTTP_METHODS.filter((m) => isObject(item?.[m])).map((m) => typedSample(spec, template, m));
  });
}
