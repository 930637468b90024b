/**
 * An operation's example request, from its model: what the code samples send (built at generation time,
 * src/plugins/operation-page/generate/code-samples.ts) and the try-it panel's starting request (the OpenAPI theme's, which takes a
 * Postman request and fills it in). Values as the theme prefills its form: a parameter's schema default, else its
 * example, else its schema's example; the body's example, else one made from its schema (./sample.ts). Credentials
 * are placeholders, never a key.
 */
import type {Json} from '../openapi/json';
import type {MediaModel, OperationModel, ParameterModel} from './model';
import {sampleOf} from './sample';

export interface ExampleRequest {
  method: string;
  /** The server URL (its variables at their defaults), without a trailing slash. */
  server: string;
  /** The path with its parameters' values. */
  path: string;
  query: {key: string; value: string}[];
  /**
   * An OpenAPI 3.2 `querystring` parameter that is not a form (JSON, say): the whole query string, already
   * percent-encoded, sent after `query`'s pairs.
   */
  rawQuery?: string;
  headers: {key: string; value: string}[];
  body?: ExampleBody;
}

export interface ExampleBody {
  mediaType: string;
  /** JSON and text bodies: the text; form bodies: their fields (nested objects as `a[b]`, arrays as `a[0]`). */
  raw?: string;
  fields?: {key: string; value: string}[];
  mode: 'raw' | 'urlencoded' | 'formdata';
}

/** The value the try-it form starts a parameter with (undefined: empty). */
export function parameterValue(p: ParameterModel): Json | undefined {
  const schema = p.schema?.kind === 'schema' ? p.schema : undefined;
  if (schema?.default !== undefined) return schema.default;
  if (p.examples.length) return p.examples[0].value;
  if (schema?.examples.length) return schema.examples[0];
  return undefined;
}

const text = (value: Json): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** A value in a path or header (OpenAPI's `simple` style): arrays and objects comma-joined. */
function simple(value: Json, explode = false): string {
  if (Array.isArray(value)) return value.map(text).join(',');
  if (value !== null && typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => (explode ? `${k}=${text(v)}` : `${k},${text(v)}`))
      .join(',');
  return text(value);
}

/**
 * A cookie parameter's `name=value` in the Cookie header: `style: cookie` (OpenAPI 3.2) sends the value as it is,
 * `form` (the default) percent-encodes it.
 */
export function cookiePair(p: ParameterModel, value: Json): string {
  const sent = simple(value, p.explode);
  return `${p.name}=${p.style === 'cookie' ? sent : encodeURIComponent(sent)}`;
}

/**
 * A cookie parameter's example as the Cookie header carries it, which its `style` decides (shown on the page and in
 * the copy: `s:abc/123` is sent as it is with `style: cookie`, as `s%3Aabc%2F123` with `form`); undefined for any
 * other parameter, one without an example, or one whose example says how it is sent (`serializedValue`).
 */
export function sentCookie(p: ParameterModel): string | undefined {
  if (p.in !== 'cookie' || p.examples[0]?.serializedValue !== undefined) return undefined;
  const example = p.examples[0]?.value ?? (p.schema?.kind === 'schema' ? p.schema.examples[0] : undefined);
  return example === undefined ? undefined : cookiePair(p, example);
}

/**
 * A query parameter's value as the request sends it, by its `style` and `explode` (OpenAPI's defaults: `form`,
 * exploded): an array as repeated keys (`ids=a&ids=b`) or joined (`ids=a,b`, space- or pipe-delimited), an object as
 * its own keys or as `key[name]=value` (`deepObject`; an array there as `key[]=v`, as form-encoded APIs take it).
 */
export function queryPairs(p: ParameterModel, value: Json): {key: string; value: string}[] {
  const style = p.style ?? 'form';
  const explode = p.explode ?? style === 'form';
  if (Array.isArray(value)) {
    if (style === 'deepObject') return value.map((v) => ({key: `${p.name}[]`, value: text(v)}));
    if (explode && style === 'form') return value.map((v) => ({key: p.name, value: text(v)}));
    const joiner = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
    return [{key: p.name, value: value.map(text).join(joiner)}];
  }
  if (value !== null && typeof value === 'object') {
    if (style === 'deepObject') return formFields(value, p.name);
    if (explode) return Object.entries(value).map(([k, v]) => ({key: k, value: text(v)}));
    return [
      {
        key: p.name,
        value: Object.entries(value)
          .flatMap(([k, v]) => [k, text(v)])
          .join(','),
      },
    ];
  }
  return [{key: p.name, value: text(value)}];
}

export const bodyMode = (mediaType: string): ExampleBody['mode'] =>
  /x-www-form-urlencoded/i.test(mediaType) ? 'urlencoded' : /multipart\/form-data/i.test(mediaType) ? 'formdata' : 'raw';

/** A body's example value: its first example, else one made from its schema. */
export function bodyExample(media: MediaModel): Json | undefined {
  if (media.examples.length) return media.examples[0].value;
  return media.schema ? sampleOf(media.schema) : undefined;
}

/** Form fields of a value, as form-encoded APIs take nested values (`metadata[order]`, `items[0][price]`). */
export function formFields(value: Json, prefix = ''): {key: string; value: string}[] {
  if (value === null || typeof value !== 'object') return prefix ? [{key: prefix, value: value === null ? '' : String(value)}] : [];
  const entries: [string, Json][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  return entries.flatMap(([k, v]) => formFields(v, prefix ? `${prefix}[${k}]` : k));
}

/** The first server's URL with its variables at their defaults. */
export function serverUrl(op: OperationModel): string {
  const server = op.servers[0];
  if (!server) return 'https://api.example';
  return server.variables.reduce((url, v) => url.replace(`{${v.name}}`, v.default), server.url).replace(/\/$/, '');
}

/** The credential headers or query parameters of the operation's first security requirement, as placeholders. */
function credentials(op: OperationModel): {headers: ExampleRequest['headers']; query: ExampleRequest['query']} {
  const headers: ExampleRequest['headers'] = [];
  const query: ExampleRequest['query'] = [];
  for (const scheme of op.security[0] ?? []) {
    if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') headers.push({key: 'Authorization', value: 'Bearer <TOKEN>'});
    else if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') headers.push({key: 'Authorization', value: 'Basic <credentials>'});
    else if (scheme.type === 'apiKey' && scheme.in === 'header' && scheme.parameterName) headers.push({key: scheme.parameterName, value: '<API_KEY>'});
    else if (scheme.type === 'apiKey' && scheme.in === 'query' && scheme.parameterName) query.push({key: scheme.parameterName, value: '<API_KEY>'});
    else if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') headers.push({key: 'Authorization', value: 'Bearer <TOKEN>'});
  }
  return {headers, query};
}

/** The example request of an operation (its first media types, its first server, its first security requirement). */
export function exampleRequest(op: OperationModel): ExampleRequest {
  const values = new Map(op.parameters.map((p) => [p, parameterValue(p)]));
  const path = op.path.replace(/\{([^}]+)\}/g, (all, name: string) => {
    const p = op.parameters.find((x) => x.in === 'path' && x.name === name);
    const value = p && values.get(p);
    return value === undefined ? all : simple(value, p?.explode);
  });
  const auth = credentials(op);
  const query = [
    ...op.parameters.filter((p) => p.in === 'query' && values.get(p) !== undefined).flatMap((p) => queryPairs(p, values.get(p) as Json)),
    ...auth.query,
  ];
  // OpenAPI 3.2 `querystring`: the one parameter is the whole query string, serialised as its media type says (its
  // example's `serializedValue` when it has one).
  let rawQuery: string | undefined;
  for (const p of op.parameters.filter((x) => x.in === 'querystring')) {
    const serialized = p.examples[0]?.serializedValue;
    const value = values.get(p) ?? (p.schema ? sampleOf(p.schema) : undefined);
    if (serialized !== undefined && /x-www-form-urlencoded/i.test(p.mediaType ?? 'x-www-form-urlencoded')) {
      query.push(...[...new URLSearchParams(serialized)].map(([key, v]) => ({key, value: v})));
    } else if (serialized !== undefined) {
      rawQuery = serialized;
    } else if (value !== undefined && /x-www-form-urlencoded/i.test(p.mediaType ?? 'x-www-form-urlencoded')) {
      query.push(...formFields(value));
    } else if (value !== undefined) {
      rawQuery = encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  // Cookies in one header, each as its style sends it.
  const cookies = op.parameters.filter((p) => p.in === 'cookie' && values.get(p) !== undefined).map((p) => cookiePair(p, values.get(p) as Json));
  const media = op.requestBody?.content[0];
  const accept = op.responses.filter((r) => /^2/.test(r.status)).flatMap((r) => r.content.map((c) => c.mediaType))[0];
  const headers = [
    ...(media ? [{key: 'Content-Type', value: media.mediaType}] : []),
    ...(accept ? [{key: 'Accept', value: accept}] : []),
    ...op.parameters
      .filter((p) => p.in === 'header' && values.get(p) !== undefined)
      .map((p) => ({key: p.name, value: simple(values.get(p) as Json, p.explode)})),
    ...(cookies.length ? [{key: 'Cookie', value: cookies.join('; ')}] : []),
    ...auth.headers,
  ];
  const request: ExampleRequest = {method: op.method.toUpperCase(), server: serverUrl(op), path, query, headers, ...(rawQuery !== undefined ? {rawQuery} : {})};
  if (media) {
    const value = bodyExample(media);
    const mode = bodyMode(media.mediaType);
    if (value !== undefined) {
      request.body =
        mode === 'raw'
          ? {mediaType: media.mediaType, mode, raw: typeof value === 'string' && !/json/i.test(media.mediaType) ? value : JSON.stringify(value, null, 2)}
          : {mediaType: media.mediaType, mode, fields: formFields(value)};
    }
  }
  return request;
}

/**
 * relies on: try-it-item
 * The Postman request the try-it panel starts from (the shape docusaurus-plugin-openapi-docs gives the theme): the
 * path with `:name` variables, the header keys, the body's mode; the theme's form fills in the values.
 */
export function postmanRequest(op: OperationModel): Record<string, Json> {
  const media = op.requestBody?.content[0];
  const mode = media ? bodyMode(media.mediaType) : undefined;
  const accept = op.responses.filter((r) => /^2/.test(r.status)).flatMap((r) => r.content.map((c) => c.mediaType))[0];
  return {
    name: op.summary ?? op.operationId,
    url: {
      path: op.path
        .split('/')
        .filter(Boolean)
        .map((s) => s.replace(/^\{([^}]+)\}$/, ':$1')),
      host: ['{{baseUrl}}'],
      query: [],
      variable: op.parameters.filter((p) => p.in === 'path').map((p) => ({key: p.name, value: '', type: 'any', disabled: false})),
    },
    header: [
      ...op.parameters.filter((p) => p.in === 'header').map((p) => ({key: p.name, value: ''})),
      ...(media ? [{key: 'Content-Type', value: media.mediaType}] : []),
      ...(accept ? [{key: 'Accept', value: accept}] : []),
    ],
    method: op.method.toUpperCase(),
    ...(mode === 'raw'
      ? {body: {mode: 'raw', raw: '', options: {raw: {language: /json/i.test(media!.mediaType) ? 'json' : 'text'}}}}
      : mode
        ? {body: {mode, [mode]: []}}
        : {}),
  };
}
