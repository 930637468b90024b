/**
 * One TypeScript sample per operation, with the types published at /openapi/novaramp.d.ts (openapi-typescript, written
 * by tools/spec/spec-bundle.ts) and the typed fetch client openapi-fetch, made from the operation's reference model like
 * every other code sample (src/plugins/operation-page/generate/code-samples.ts shows it as the TypeScript tab): its path template, its
 * path parameters, required query parameters and required headers with the values the example request uses
 * (tools/reference/request.ts), and its JSON request body example, all checked by the compiler against the spec
 * (tests/spec/one-process/typed-samples.test.ts type-checks every sample and every ```ts block of the docs).
 */
import {documentOf} from '../openapi/document';
import type {Json} from '../openapi/json';
import {buildOperationModel} from '../reference/build';
import type {OperationModel} from '../reference/model';
import {bodyExample, parameterValue, serverUrl} from '../reference/request';

/** The module name the samples import the types from: the published file, saved beside the code. */
export const TYPES_MODULE = './novaramp';

export interface TypedSample {
  operationId: string;
  method: string;
  path: string;
  source: string;
}

/** A value as TypeScript source, indented to `indent` after its first line. */
const literal = (value: unknown, indent: string): string => JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`);
const key = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** The sample of one operation (webhook events have none: we send those). */
export function typedSample(op: OperationModel): TypedSample {
  const where = `${op.method.toUpperCase()} ${op.path}`;
  const value = (p: OperationModel['parameters'][number]) => {
    const found = parameterValue(p);
    if (found === undefined) throw new Error(`${where}: the ${p.in} parameter ${p.name} has no example, default or schema example`);
    return found;
  };
  const lines: string[] = [];
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  if (pathParams.length) lines.push(`    path: {${pathParams.map((p) => `${key(p.name)}: ${JSON.stringify(value(p))}`).join(', ')}},`);
  const query = op.parameters.filter((p) => p.in === 'query' && p.required);
  if (query.length) lines.push(`    query: {${query.map((p) => `${key(p.name)}: ${JSON.stringify(value(p))}`).join(', ')}},`);
  const headers = op.parameters.filter((p) => p.in === 'header' && p.required);
  const idempotent = headers.some((p) => p.name.toLowerCase() === 'idempotency-key');
  if (headers.length) {
    // A fresh key per logical operation: store it with the request you retry (docs/api/error-handling#idempotency).
    lines.push(
      `    header: {${headers.map((p) => `${key(p.name)}: ${p.name.toLowerCase() === 'idempotency-key' ? 'randomUUID()' : JSON.stringify(value(p))}`).join(', ')}},`,
    );
  }
  const media = op.requestBody?.content.find((m) => /^application\/(.+\+)?json$/i.test(m.mediaType));
  const body: Json | undefined = media ? bodyExample(media) : undefined;
  const options = [...(lines.length ? ['  params: {', ...lines, '  },'] : []), ...(body !== undefined ? [`  body: ${literal(body, '  ')},`] : [])];
  const call = `await client.${op.method.toUpperCase()}(${JSON.stringify(op.path)}${options.length ? `, {\n${options.join('\n')}\n}` : ''});`;
  const source = [
    ...(idempotent ? ["import {randomUUID} from 'node:crypto';"] : []),
    "import createClient from 'openapi-fetch';",
    `import type {paths} from '${TYPES_MODULE}'; // /openapi/novaramp.d.ts`,
    '',
    'const client = createClient<paths>({',
    `  baseUrl: '${serverUrl(op)}',`,
    '  headers: {Authorization: `Bearer ${process.env.NOVARAMP_API_KEY}`},',
    '});',
    '',
    `const {data, error, response} = ${call}`,
    'if (error) throw new Error(`${response.status} ${error.code}: ${error.detail ?? error.title}`);',
    'console.log(data);',
    '',
  ].join('\n');
  return {operationId: op.operationId, method: op.method, path: op.path, source};
}

/**
 * The methods openapi-fetch 0.17's client has a function for (`client.GET`…), the ones openapi-typescript types in
 * `paths`: an operation of another method (OpenAPI 3.2's `QUERY`, `PURGE`) gets a sample with the platform's fetch
 * instead (src/plugins/operation-page/generate/code-samples.ts), not one of these.
 */
export const OPENAPI_FETCH_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The samples of every operation of a bundled spec (the combined one: every API's operations) openapi-fetch can call. */
export function typedSamples(spec: Json): TypedSample[] {
  const doc = documentOf(spec as object);
  return doc
    .operations()
    .filter((op) => op.section === 'paths' && OPENAPI_FETCH_METHODS.includes(op.method))
    .map((op) => typedSample(buildOperationModel(doc, op, {api: 'novaramp'})));
}
