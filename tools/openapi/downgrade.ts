/**
 * An OpenAPI 3.2 document as OpenAPI 3.1: for the consumers that read only 3.1 (openapi-to-postmanv2, which makes the
 * Postman collection, and the integrators' own tools, for which the downloads publish it beside the 3.2 document).
 * Nothing a 3.1 reader needs is lost: what 3.2 added moves to an `x-` extension of the same object, which a 3.1
 * reader ignores, and the tag hierarchy is also written as Redoc's `x-tagGroups` and `x-displayName`, which many
 * 3.1 renderers read. A 3.1 (or older) document is returned as it is.
 */
import {HTTP_METHODS} from '../../src/data/api-table';
import {isObject, type Json, type JsonObject} from './json';

export const OPENAPI_31 = '3.1.1';

/** The fields OpenAPI 3.2 added, by the object they are on: each becomes `x-<field>`. */
const ADDED_FIELDS = {
  document: ['$self'],
  tag: ['parent', 'kind', 'summary'],
  server: ['name'],
  response: ['summary'],
  mediaType: ['itemSchema', 'itemEncoding', 'prefixEncoding'],
  example: ['dataValue', 'serializedValue'],
  securityScheme: ['oauth2MetadataUrl', 'deprecated'],
  oauthFlows: ['deviceAuthorization'],
  discriminator: ['defaultMapping'],
  xml: ['nodeType'],
} as const;

/** Each OpenAPI 3.2 field of `node` named in `fields`, moved to its `x-` extension (a copy; `node` is not changed). */
function extensionsFor(node: JsonObject, fields: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) out[fields.includes(key) ? `x-${key.replace(/^\$/, '')}` : key] = value;
  return out;
}

const mapValues = (node: Json | undefined, f: (value: JsonObject) => JsonObject): Json | undefined =>
  isObject(node) ? Object.fromEntries(Object.entries(node).map(([k, v]) => [k, isObject(v) ? f(v) : v])) : node;

const examples = (node: JsonObject): JsonObject =>
  isObject(node.examples) ? {...node, examples: mapValues(node.examples, (e) => extensionsFor(e, ADDED_FIELDS.example))!} : node;

function mediaType(node: JsonObject): JsonObject {
  return examples(extensionsFor(node, ADDED_FIELDS.mediaType));
}

const content = (node: JsonObject): JsonObject => (isObject(node.content) ? {...node, content: mapValues(node.content, mediaType)!} : node);

function response(node: JsonObject): JsonObject {
  const out = content(extensionsFor(node, ADDED_FIELDS.response));
  return isObject(out.headers) ? {...out, headers: mapValues(out.headers, (h) => examples(content(h)))!} : out;
}

/** A parameter: 3.2's `cookie` style (form, with `; ` between values) is 3.1's `form`, with `x-style: cookie`. */
function parameter(node: JsonObject): JsonObject {
  const out = examples(content(node));
  return out.style === 'cookie' ? {...out, style: 'form', 'x-style': 'cookie'} : out;
}

/**
 * The parameters a 3.1 reader understands; a `querystring` one (3.2: the whole query string as one schema) goes to the
 * holder's `x-querystring`.
 */
function parameters<T extends JsonObject>(holder: T): T {
  if (!Array.isArray(holder.parameters)) return holder;
  const all = holder.parameters.map((p) => (isObject(p) ? parameter(p) : p));
  const querystring = all.filter((p) => isObject(p) && p.in === 'querystring');
  const kept = all.filter((p) => !querystring.includes(p));
  return {...holder, parameters: kept, ...(querystring.length ? {'x-querystring': querystring.length === 1 ? querystring[0] : querystring} : {})};
}

function operation(node: JsonObject): JsonObject {
  let out = parameters(node);
  if (isObject(out.requestBody)) out = {...out, requestBody: content(out.requestBody)};
  if (isObject(out.responses)) out = {...out, responses: mapValues(out.responses, response)!};
  if (Array.isArray(out.servers)) out = {...out, servers: out.servers.map((s) => (isObject(s) ? extensionsFor(s, ADDED_FIELDS.server) : s))};
  if (isObject(out.callbacks)) out = {...out, callbacks: mapValues(out.callbacks, (c) => mapValues(c, pathItem) as JsonObject)!};
  return out;
}

/**
 * A path item with the operations of 3.1's methods; the others (3.2's `query`, and `additionalOperations`) go to
 * `x-additionalOperations`, keyed by the method in upper case as 3.2 writes them.
 */
function pathItem(node: JsonObject): JsonObject {
  const methods = HTTP_METHODS as readonly string[];
  const out: JsonObject = {};
  const apart: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'query' && isObject(value)) apart.QUERY = operation(value);
    else if (key === 'additionalOperations' && isObject(value)) for (const [m, op] of Object.entries(value)) apart[m] = isObject(op) ? operation(op) : op;
    else if (methods.includes(key) && isObject(value)) out[key] = operation(value);
    else if (key === 'servers' && Array.isArray(value)) out.servers = value.map((s) => (isObject(s) ? extensionsFor(s, ADDED_FIELDS.server) : s));
    else out[key] = value;
  }
  const withParameters = parameters(out);
  return Object.keys(apart).length ? {...withParameters, 'x-additionalOperations': apart} : withParameters;
}

/** `x-tagGroups` (Redoc's): one group per top tag that has tags below it, listing it and every tag below it. */
function tagGroups(tags: JsonObject[]): JsonObject[] | undefined {
  const parentOf = new Map(tags.map((t) => [String(t.name), typeof t.parent === 'string' ? t.parent : undefined]));
  if (![...parentOf.values()].some((p) => p !== undefined && parentOf.has(p))) return undefined;
  const topOf = (name: string): string => {
    const seen = new Set<string>();
    let at = name;
    for (let up = parentOf.get(at); up !== undefined && parentOf.has(up) && !seen.has(up); up = parentOf.get(at)) {
      seen.add(at);
      at = up;
    }
    return at;
  };
  const groups = new Map<string, string[]>();
  for (const t of tags) {
    const top = topOf(String(t.name));
    groups.set(top, [...(groups.get(top) ?? []), String(t.name)]);
  }
  const label = (name: string) => {
    const tag = tags.find((t) => t.name === name);
    return typeof tag?.summary === 'string' ? tag.summary : name;
  };
  return [...groups].map(([top, names]) => ({name: label(top), tags: names}));
}

function tags(list: Json[]): Json[] {
  return list.map((t) => {
    if (!isObject(t)) return t;
    const out = extensionsFor(t, ADDED_FIELDS.tag);
    return typeof t.summary === 'string' && out['x-displayName'] === undefined ? {...out, 'x-displayName': t.summary} : out;
  });
}

function components(node: JsonObject): JsonObject {
  const out = {...node};
  if (isObject(out.responses)) out.responses = mapValues(out.responses, response)!;
  if (isObject(out.parameters)) out.parameters = mapValues(out.parameters, parameter)!;
  if (isObject(out.requestBodies)) out.requestBodies = mapValues(out.requestBodies, content)!;
  if (isObject(out.headers)) out.headers = mapValues(out.headers, (h) => examples(content(h)))!;
  if (isObject(out.examples)) out.examples = mapValues(out.examples, (e) => extensionsFor(e, ADDED_FIELDS.example))!;
  if (isObject(out.pathItems)) out.pathItems = mapValues(out.pathItems, pathItem)!;
  if (isObject(out.callbacks)) out.callbacks = mapValues(out.callbacks, (c) => mapValues(c, pathItem) as JsonObject)!;
  if (isObject(out.securitySchemes)) {
    out.securitySchemes = mapValues(out.securitySchemes, (s) => {
      const scheme = extensionsFor(s, ADDED_FIELDS.securityScheme);
      return isObject(scheme.flows) ? {...scheme, flows: extensionsFor(scheme.flows, ADDED_FIELDS.oauthFlows)} : scheme;
    })!;
  }
  // 3.2's reusable media types: a bundled document has them inline where they are used.
  if (isObject(out.mediaTypes)) {
    out['x-mediaTypes'] = out.mediaTypes;
    delete out.mediaTypes;
  }
  return out;
}

/**
 * The schemas of a document, wherever they are, with 3.2's `discriminator.defaultMapping` and `xml.nodeType` as
 * extensions (example values are left as they are).
 */
function schemas(node: JsonObject): JsonObject {
  const walk = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value;
    const out: JsonObject = {};
    for (const [key, v] of Object.entries(value)) {
      if (key === 'discriminator' && isObject(v)) out[key] = extensionsFor(v, ADDED_FIELDS.discriminator);
      else if (key === 'xml' && isObject(v)) out[key] = extensionsFor(v, ADDED_FIELDS.xml);
      else if (key === 'example' || key === 'examples' || key === 'const' || key === 'default' || key === 'enum') out[key] = v;
      else out[key] = walk(v);
    }
    return out;
  };
  return walk(node) as JsonObject;
}

/** `doc` (a bundled OpenAPI 3.2 document) as OpenAPI 3.1; a copy, `doc` is not changed. */
export function toOpenApi31(doc: JsonObject): JsonObject {
  if (typeof doc.openapi !== 'string' || !/^3\.2\./.test(doc.openapi)) return doc;
  const out = extensionsFor(doc, ADDED_FIELDS.document);
  out.openapi = OPENAPI_31;
  if (Array.isArray(doc.tags)) {
    const declared = doc.tags.filter(isObject);
    out.tags = tags(doc.tags);
    const groups = tagGroups(declared);
    if (groups && out['x-tagGroups'] === undefined) out['x-tagGroups'] = groups;
  }
  if (Array.isArray(doc.servers)) out.servers = doc.servers.map((s) => (isObject(s) ? extensionsFor(s, ADDED_FIELDS.server) : s));
  for (const section of ['paths', 'webhooks'] as const) if (isObject(doc[section])) out[section] = mapValues(doc[section], pathItem)!;
  if (isObject(doc.components)) out.components = components(doc.components);
  return schemas(out);
}
