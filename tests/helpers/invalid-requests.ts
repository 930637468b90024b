/**
 * Invalid requests made from the spec, for the property test of the sandbox (tests/spec/sandbox-invalid-requests.test.ts).
 * For each operation: a valid request made of its examples, and a list of requests that break one rule its schemas
 * or the API's conventions state (a required field missing, a wrong type, a number out of range, a string too long or
 * not matching its pattern, an enum value it does not list, an amount at the wrong scale, an unknown query parameter, a
 * body that is not JSON, no API key, no or a malformed `Idempotency-Key`, a key reused with another body). Every rule
 * the schemas give an operation is broken at least once; fast-check draws the rest (other values, other fields) from a
 * fixed seed, so a run is reproducible and a failure names the request that caused it.
 */
import fc from 'fast-check';
import {documentOf, type ApiDocument, type ApiOperation} from '../../tools/openapi/document';
import {isObject, type Json, type JsonObject} from '../../tools/openapi/json';

export interface SampleRequest {
  method: string;
  /** The spec's path with its parameters filled in, and the query string. */
  path: string;
  headers: Record<string, string>;
  /** The raw body sent (JSON text, or not JSON on purpose); undefined for none. */
  body?: string;
}

export interface InvalidRequest {
  /** What the request breaks, for failure messages: `body.amount.value: pattern`. */
  rule: string;
  request: SampleRequest;
  /**
   * Sent first with the same key (the reused-key case): when its answer is one the API stores, the invalid request
   * must get `409 idempotency_key_reused`.
   */
  before?: SampleRequest;
}

export interface OperationCases {
  operation: ApiOperation;
  operationId: string;
  valid: SampleRequest;
  invalid: InvalidRequest[];
}

/** A field of a request body or a parameter, with the schema that constrains it. */
interface Site {
  /** `body.amount.value`, `query.limit`, `path.account_id`, `header.Idempotency-Key`. */
  name: string;
  schema: JsonObject;
  required: boolean;
  set: (request: Mutable, value: Json | undefined) => void;
}

interface Mutable {
  pathParams: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Json | undefined;
}

const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array'] as const;
/** A value of each JSON type, to send where the schema wants another. */
const VALUE_OF_TYPE: Record<string, Json> = {string: 'not-of-this-type', number: 12.5, integer: 7, boolean: true, object: {unexpected: 1}, array: [1, 2]};

/** The schema's types (`type: x` or `type: [x, null]`), or none when it states none. */
const typesOf = (schema: JsonObject): string[] => (Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === 'string' ? [schema.type] : []);

/** `allOf` parts laid into one schema (properties and required joined), enough to find the fields a body has. */
function flatten(doc: ApiDocument, schema: Json | undefined): JsonObject {
  const node = doc.deref(schema ?? {});
  if (!isObject(node)) return {};
  if (!Array.isArray(node.allOf)) return node;
  const parts = node.allOf.map((p) => flatten(doc, p));
  const {allOf: _, ...rest} = node;
  return {
    ...Object.assign({}, ...parts),
    ...rest,
    properties: Object.assign({}, ...parts.map((p) => p.properties ?? {}), rest.properties ?? {}),
    required: [...new Set(parts.flatMap((p) => (Array.isArray(p.required) ? p.required : [])).concat(Array.isArray(rest.required) ? rest.required : []))],
  };
}

/** The value of a parameter or a media type: its `example`, the first of its `examples`, or its schema's. */
function exampleOf(holder: JsonObject, doc: ApiDocument): Json | undefined {
  if (holder.example !== undefined) return holder.example;
  if (isObject(holder.examples)) {
    const first = doc.resolve(Object.values(holder.examples)[0]).node;
    if (isObject(first) && first.value !== undefined) return first.value;
  }
  const schema = isObject(holder.schema) ? doc.resolve(holder.schema).node : undefined;
  if (isObject(schema)) return schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined) ?? schema.default;
  return undefined;
}

const clone = <T>(value: T): T => (value === undefined ? value : structuredClone(value));

function toRequest(operation: ApiOperation, m: Mutable, rawBody?: string): SampleRequest {
  const filled = operation.key.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(m.pathParams[name] ?? ''));
  const query = new URLSearchParams(m.query).toString();
  return {
    method: operation.method.toUpperCase(),
    path: query ? `${filled}?${query}` : filled,
    headers: {...m.headers},
    body: rawBody ?? (m.body === undefined ? undefined : JSON.stringify(m.body)),
  };
}

/** The fields of a JSON body (nested objects included, to `depth`), each with a setter on a copy of the body. */
function bodySites(doc: ApiDocument, schema: JsonObject, prefix: string[], depth: number, value: Json | undefined): Site[] {
  const flat = flatten(doc, schema);
  const properties = isObject(flat.properties) ? flat.properties : {};
  const required = new Set(Array.isArray(flat.required) ? flat.required.map(String) : []);
  const sites: Site[] = [];
  for (const [key, raw] of Object.entries(properties)) {
    const child = flatten(doc, raw);
    const at = [...prefix, key];
    sites.push({
      name: `body.${at.join('.')}`,
      schema: child,
      required: required.has(key),
      set: (request, v) => {
        let holder = request.body;
        for (const k of at.slice(0, -1)) holder = isObject(holder) ? holder[k] : undefined;
        if (!isObject(holder)) return;
        if (v === undefined) delete holder[at.at(-1)!];
        else holder[at.at(-1)!] = v;
      },
    });
    const childValue = isObject(value) ? value[key] : undefined;
    // Nested fields only where the example has the object, so breaking one leaves the rest of the body valid.
    if (depth > 0 && isObject(childValue) && typesOf(child).includes('object')) sites.push(...bodySites(doc, child, at, depth - 1, childValue));
  }
  return sites;
}

/** Values that break one rule of `schema` (none when the schema states no rule we can break with one value). */
function breakingValues(schema: JsonObject): {rule: string; values: fc.Arbitrary<Json>}[] {
  const found: {rule: string; values: fc.Arbitrary<Json>}[] = [];
  const types = typesOf(schema);
  if (types.length) {
    const others = JSON_TYPES.filter(
      (t) => !types.includes(t) && !(t === 'integer' && types.includes('number')) && !(t === 'number' && types.includes('integer')),
    );
    if (others.length) found.push({rule: `type ${types.join('|')}`, values: fc.constantFrom(...others.map((t) => VALUE_OF_TYPE[t]))});
  }
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) {
    const listed = new Set(schema.enum.map(String));
    found.push({rule: 'enum', values: fc.stringMatching(/^[a-z][a-z_]{2,20}$/).filter((s) => !listed.has(s))});
  }
  if (typeof schema.maxLength === 'number') {
    const max = schema.maxLength;
    found.push({rule: `maxLength ${max}`, values: fc.integer({min: max + 1, max: max + 64}).map((n) => 'x'.repeat(n))});
  }
  if (typeof schema.minLength === 'number' && schema.minLength > 1) {
    const min = schema.minLength;
    found.push({rule: `minLength ${min}`, values: fc.integer({min: 1, max: min - 1}).map((n) => 'a'.repeat(n))});
  }
  if (typeof schema.pattern === 'string' && types.includes('string')) {
    const pattern = new RegExp(schema.pattern, 'u');
    // An amount at the wrong scale first (the commonest mistake with decimal strings), then any other string.
    const candidates = fc.oneof(
      fc.tuple(fc.nat({max: 9999}), fc.nat({max: 99_999_999_999})).map(([whole, fraction]) => `${whole}.${fraction}0000000001`),
      fc.string({minLength: 1, maxLength: 24}),
    );
    found.push({rule: `pattern ${schema.pattern}`, values: candidates.filter((s) => !pattern.test(s))});
  }
  const numeric = types.includes('integer') || types.includes('number');
  if (numeric && typeof schema.minimum === 'number') {
    const min = schema.minimum;
    found.push({rule: `minimum ${min}`, values: fc.integer({min: 1, max: 1_000_000}).map((d) => min - d)});
  }
  if (numeric && typeof schema.maximum === 'number') {
    const max = schema.maximum;
    found.push({rule: `maximum ${max}`, values: fc.integer({min: 1, max: 1_000_000}).map((d) => max + d)});
  }
  if (schema.format === 'date-time' || schema.format === 'date') {
    found.push({rule: `format ${schema.format}`, values: fc.constantFrom('yesterday', '2025-13-45T99:00:00Z', '14/03/2025')});
  }
  return found;
}

/** A key as the docs recommend: a UUID v4. */
const uuid = (): string => crypto.randomUUID();

/**
 * The valid request of an operation and its invalid ones. `apiKey(i)` names the key of the i-th request: a key of
 * its own keeps one request's state (and rate limit) from another's.
 */
export function operationCases(
  doc: ApiDocument,
  operation: ApiOperation,
  options: {perOperation: number; seed: number; apiKey: (i: number) => string},
): OperationCases {
  const op = operation.operation;
  const operationId = operation.operationId ?? operation.pointer;
  const base: Mutable = {pathParams: {}, query: {}, headers: {}, body: undefined};
  const sites: Site[] = [];
  for (const {parameter} of operation.parameters) {
    const name = String(parameter.name);
    const where = String(parameter.in);
    const schema = flatten(doc, parameter.schema);
    const required = parameter.required === true;
    const example = exampleOf(parameter, doc);
    const text = (v: Json | undefined) => (v === undefined ? undefined : typeof v === 'string' ? v : JSON.stringify(v));
    if (where === 'path') {
      base.pathParams[name] = String(example ?? '');
      // Never left out: an empty segment is another URL (a route the API does not have), not this operation.
      sites.push({name: `path.${name}`, schema, required: false, set: (r, v) => (r.pathParams[name] = text(v) ?? '')});
    } else if (where === 'query') {
      if (required && example !== undefined) base.query[name] = text(example)!;
      sites.push({
        name: `query.${name}`,
        schema,
        required,
        set: (r, v) => (v === undefined ? delete r.query[name] : (r.query[name] = text(v)!)),
      });
    } else if (where === 'header') {
      if (name.toLowerCase() === 'idempotency-key') base.headers[name] = uuid();
      else if (required && example !== undefined) base.headers[name] = text(example)!;
      sites.push({name: `header.${name}`, schema, required, set: (r, v) => (v === undefined ? delete r.headers[name] : (r.headers[name] = text(v)!))});
    }
  }
  const requestBody = isObject(op.requestBody) ? doc.resolve(op.requestBody).node : undefined;
  const json = isObject(requestBody) && isObject(requestBody.content) ? requestBody.content['application/json'] : undefined;
  if (isObject(json)) {
    base.body = clone(exampleOf(json, doc));
    base.headers['Content-Type'] = 'application/json';
    sites.push(...bodySites(doc, flatten(doc, json.schema), [], 2, base.body));
  }
  const valid = toRequest(operation, base);

  // Every rule of every field broken once, in a fixed order; then fast-check's draws of other values until perOperation.
  const rules: {rule: string; make: fc.Arbitrary<(m: Mutable) => void>}[] = [];
  for (const site of sites) {
    if (site.required) rules.push({rule: `${site.name}: required`, make: fc.constant((m: Mutable) => site.set(m, undefined))});
    for (const {rule, values} of breakingValues(site.schema)) {
      // A path parameter is text: a number or an object in the URL is only a string the pattern then rejects.
      if (site.name.startsWith('path.') && rule.startsWith('type ')) continue;
      if (!site.name.startsWith('body.') && rule.startsWith('type ') && typesOf(site.schema).includes('string')) continue;
      rules.push({rule: `${site.name}: ${rule}`, make: values.map((v) => (m: Mutable) => site.set(m, v))});
    }
  }
  const known = new Set(operation.parameters.filter((p) => p.parameter.in === 'query').map((p) => String(p.parameter.name)));
  rules.push({
    rule: 'query: unknown parameter',
    make: fc
      .stringMatching(/^[a-z][a-z_]{2,15}$/)
      .filter((k) => !known.has(k))
      .map((k) => (m: Mutable) => (m.query[k] = '1')),
  });

  const invalid: InvalidRequest[] = [];
  let n = 0;
  const keyed = (m: Mutable): Mutable => ({...m, headers: {...m.headers, Authorization: `Bearer ${options.apiKey(n++)}`}});
  const fresh = (): Mutable => {
    const m: Mutable = {pathParams: {...base.pathParams}, query: {...base.query}, headers: {...base.headers}, body: clone(base.body)};
    if ('Idempotency-Key' in m.headers) m.headers['Idempotency-Key'] = uuid();
    return m;
  };
  /** A request with a key of its own, changed by `mutate` (which may also change the key). */
  const add = (rule: string, mutate: (m: Mutable) => void, rawBody?: string) => {
    const m = keyed(fresh());
    mutate(m);
    invalid.push({rule, request: toRequest(operation, m, rawBody)});
  };

  // The requests every operation gets: no API key, a key of no environment, and the body rules.
  add('header.Authorization: missing', (m) => delete m.headers.Authorization);
  add('header.Authorization: not an API key', (m) => (m.headers.Authorization = 'Bearer not-a-key'));
  if (base.body !== undefined) {
    add('body: not JSON', () => {}, '{"amount": ');
    add('body: an array, not an object', () => {}, '[]');
    add('header.Content-Type: not JSON', (m) => (m.headers['Content-Type'] = 'text/plain'));
  }
  const bodySchema = isObject(json) ? flatten(doc, json.schema) : {};
  if ('Idempotency-Key' in base.headers && isObject(base.body) && isObject(bodySchema.properties) && 'metadata' in bodySchema.properties) {
    // The same key with another valid body (other metadata): the first request's answer decides what the second gets.
    const first = keyed(fresh());
    const second: Mutable = {...first, headers: {...first.headers}, body: {...base.body, metadata: {reused_key_probe: 'another body'}}};
    invalid.push({rule: 'header.Idempotency-Key: reused with another body', before: toRequest(operation, first), request: toRequest(operation, second)});
  }
  const seeded = rules.map((r, i) => fc.sample(r.make, {seed: options.seed + i, numRuns: 1})[0]);
  rules.forEach((r, i) => add(r.rule, seeded[i]));
  if (rules.length) {
    const draws = fc.sample(
      fc.nat({max: rules.length - 1}).chain((i) => rules[i].make.map((mutate) => ({rule: rules[i].rule, mutate}))),
      {seed: options.seed, numRuns: Math.max(0, options.perOperation - invalid.length)},
    );
    for (const d of draws) add(d.rule, d.mutate);
  }
  return {operation, operationId, valid, invalid};
}

/** The cases of every operation of a bundled spec (its `paths`; webhooks are not requests). */
export function invalidRequestCases(
  spec: JsonObject,
  options: {perOperation: number; seed: number; apiKey: (operationId: string, i: number) => string},
): OperationCases[] {
  const doc = documentOf(spec);
  return doc
    .operations()
    .filter((o) => o.section === 'paths')
    .map((o, i) =>
      operationCases(doc, o, {perOperation: options.perOperation, seed: options.seed + i * 1000, apiKey: (n) => options.apiKey(o.operationId ?? o.key, n)}),
    );
}
