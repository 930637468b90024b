/**
 * Every status a resource can end in is announced by a webhook event (openapi/README.md, "One vocabulary").
 * The status schemas of openapi/components/schemas/ that declare `x-final-statuses` or `x-status-events` are found
 * by reading the folder, not from a list, and for each of them:
 * - every final status and every key of `x-status-events` is a value of the schema's `enum`;
 * - every final status names at least one event;
 * - every event named is an entry of the `webhooks` section of openapi/webhooks.yaml;
 * - the event can carry the status: the `status` of its payload's `data.object` (each branch of a `oneOf`) has
 *   it in its enum, or the event file says it also announces it (`x-announces-statuses`, e.g. trade.executed
 *   carries the trade transaction and announces its quote's `executed`).
 * Each problem names the file and line of the map entry at fault.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, type TestContext} from 'node:test';
import {LineCounter, parseDocument, type Document} from 'yaml';
import {OPENAPI_DIR, specPath} from '../../../src/data/api-table';
import {SITE_ROOT} from '../../../tools/cli';
import {isObject, type Json, type JsonObject} from '../../../tools/openapi/json';
import {resolveSourceValue} from '../../../tools/openapi/source-values';

interface YamlFile {
  /** Relative to the site root, as shown in messages. */
  file: string;
  value: Json;
  /** The line of the node at `keys`, or of the closest ancestor that exists. */
  line: (keys: (string | number)[]) => number;
}

function readYaml(abs: string): YamlFile {
  const file = path.relative(SITE_ROOT, abs);
  if (!fs.existsSync(abs)) throw new Error(`${file}: does not exist`);
  const lineCounter = new LineCounter();
  const doc: Document = parseDocument(fs.readFileSync(abs, 'utf8'), {lineCounter});
  if (doc.errors.length) throw new Error(`${file}:${doc.errors[0].linePos?.[0].line ?? 1}: ${doc.errors[0].message.split('\n')[0]}`);
  const line = (keys: (string | number)[]): number => {
    for (let n = keys.length; n >= 0; n--) {
      const node = doc.getIn(keys.slice(0, n), true) as {range?: [number, number, number]} | undefined;
      if (node?.range) return lineCounter.linePos(node.range[0]).line;
    }
    return 1;
  };
  return {file, value: doc.toJS() as Json, line};
}

/** The spec's YAML files, read once each; `$ref`s are relative file paths (openapi/README.md). */
class Spec {
  private cache = new Map<string, YamlFile>();
  constructor(readonly root: string) {}
  read(abs: string): YamlFile {
    let f = this.cache.get(abs);
    if (!f) this.cache.set(abs, (f = readYaml(abs)));
    return f;
  }
  /** The schema a node stands for, following `$ref`s (the OpenAPI kernel's source reader), with the file that holds it. */
  deref(abs: string, node: Json): {abs: string; node: Json} {
    if (!isObject(node) || typeof node.$ref !== 'string') return {abs, node};
    const [target, pointer = ''] = node.$ref.split('#');
    const dir = path.dirname(abs);
    const found = resolveSourceValue(dir, target || path.basename(abs), pointer, path.relative(SITE_ROOT, dir));
    return {abs: path.resolve(dir, found.file), node: found.value as Json};
  }
}

interface StatusMap {
  /** The schema's name (its file name), e.g. `QuoteStatus`. */
  schema: string;
  enum: string[];
  finals: Json;
  events: Json;
  /** Where the maps were written: the schema file, or a fixture that overrides them. */
  where: YamlFile;
  /** The path of the maps inside `where`. */
  at: string[];
}

/** The status schemas declaring the maps, with the maps of `overrides` (a fixture) put in place of their own. */
function statusMaps(spec: Spec, overrides?: YamlFile): StatusMap[] {
  const dir = path.join(spec.root, OPENAPI_DIR, 'components', 'schemas');
  const maps: StatusMap[] = [];
  const overridden = isObject(overrides?.value) ? overrides.value : {};
  for (const name of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const schema = name.replace(/\.yaml$/, '');
    const own = spec.read(path.join(dir, name));
    const fromFixture = overrides && isObject(overridden[schema]) ? overridden[schema] : undefined;
    const source = fromFixture ?? (isObject(own.value) ? own.value : {});
    if (!('x-final-statuses' in source) && !('x-status-events' in source)) continue;
    const values = isObject(own.value) && Array.isArray(own.value.enum) ? own.value.enum.map(String) : [];
    maps.push({
      schema,
      enum: values,
      finals: source['x-final-statuses'] ?? [],
      events: source['x-status-events'] ?? {},
      where: fromFixture && overrides ? overrides : own,
      at: fromFixture ? [schema] : [],
    });
  }
  if (overrides) {
    for (const schema of Object.keys(overridden)) {
      if (!maps.some((m) => m.schema === schema))
        throw new Error(`${overrides.file}:${overrides.line([schema])}: ${schema} is not a schema of ${path.relative(SITE_ROOT, dir)}`);
    }
  }
  return maps;
}

interface WebhookEvent {
  type: string;
  abs: string;
  /** Every `status` value the payload's `data.object` can have, per resource schema (each `oneOf` branch). */
  carried: {resource: string; statuses: string[]}[];
  /** `x-announces-statuses` of the event file: schema name → statuses. */
  announces: Record<string, string[]>;
}

/** The entries of the `webhooks` section of openapi/webhooks.yaml, with what their payloads can carry. */
function webhookEvents(spec: Spec): Map<string, WebhookEvent> {
  const rootAbs = path.join(spec.root, specPath('webhooks'));
  const root = spec.read(rootAbs).value;
  const section = isObject(root) && isObject(root.webhooks) ? root.webhooks : {};
  const events = new Map<string, WebhookEvent>();
  for (const [type, entry] of Object.entries(section)) {
    const {abs, node: item} = spec.deref(rootAbs, entry);
    const op = isObject(item) && isObject(item.post) ? item.post : {};
    const body = isObject(op.requestBody) && isObject(op.requestBody.content) ? op.requestBody.content['application/json'] : null;
    const payload = spec.deref(abs, isObject(body) ? (body.schema ?? null) : null);
    // The envelope (Event.yaml) leaves `data.object` open; the part of the allOf that narrows it names the resource.
    const parts = isObject(payload.node) && Array.isArray(payload.node.allOf) ? payload.node.allOf : [payload.node];
    const carried: WebhookEvent['carried'] = [];
    for (const part of parts) {
      const p = spec.deref(payload.abs, part);
      const object =
        isObject(p.node) && isObject(p.node.properties) && isObject(p.node.properties.data) && isObject(p.node.properties.data.properties)
          ? p.node.properties.data.properties.object
          : undefined;
      if (object === undefined) continue;
      const o = spec.deref(p.abs, object);
      const branches = isObject(o.node) && Array.isArray(o.node.oneOf) ? o.node.oneOf.map((b) => spec.deref(o.abs, b)) : [o];
      for (const b of branches) {
        if (!isObject(b.node) || !isObject(b.node.properties) || !('status' in b.node.properties)) continue;
        const status = spec.deref(b.abs, b.node.properties.status);
        carried.push({
          resource: path.basename(b.abs, '.yaml'),
          statuses: isObject(status.node) && Array.isArray(status.node.enum) ? status.node.enum.map(String) : [],
        });
      }
    }
    const declared = op['x-announces-statuses'];
    const announces = isObject(declared) ? Object.fromEntries(Object.entries(declared).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : []])) : {};
    events.set(type, {type, abs, carried, announces});
  }
  return events;
}

interface Report {
  problems: string[];
  schemas: string[];
  /** (status, event) pairs checked. */
  pairs: number;
}

export function checkStatusEvents(siteDir: string, fixture?: string): Report {
  const spec = new Spec(siteDir);
  const maps = statusMaps(spec, fixture ? readYaml(fixture) : undefined);
  const events = webhookEvents(spec);
  const problems: string[] = [];
  let pairs = 0;
  for (const m of maps) {
    const at = (...keys: (string | number)[]) => `${m.where.file}:${m.where.line([...m.at, ...keys])}: ${m.schema}`;
    const finals = Array.isArray(m.finals) ? m.finals.map(String) : [];
    if (!Array.isArray(m.finals)) problems.push(`${at('x-final-statuses')}: x-final-statuses must be a list of statuses`);
    if (!isObject(m.events)) {
      problems.push(`${at('x-status-events')}: x-status-events must map each status to a list of event types`);
      continue;
    }
    finals.forEach((s, i) => {
      if (!m.enum.includes(s)) problems.push(`${at('x-final-statuses', i)}: final status \`${s}\` is not one of its values (${m.enum.join(', ')})`);
      const named = (m.events as JsonObject)[s];
      if (!Array.isArray(named) || named.length === 0) {
        problems.push(
          `${at('x-final-statuses', i)}: final status \`${s}\` is announced by no event: add it to x-status-events with the event types that announce it`,
        );
      }
    });
    for (const [status, named] of Object.entries(m.events)) {
      if (!m.enum.includes(status)) problems.push(`${at('x-status-events', status)}: \`${status}\` is not one of its values (${m.enum.join(', ')})`);
      if (!Array.isArray(named) || named.length === 0) {
        problems.push(`${at('x-status-events', status)}: \`${status}\` must list at least one event type`);
        continue;
      }
      named.forEach((n, i) => {
        const type = String(n);
        const where = at('x-status-events', status, i);
        const event = events.get(type);
        pairs++;
        if (!event) {
          problems.push(`${where}: \`${status}\` → ${type}, which is not an event of the webhooks section of ${specPath('webhooks')}`);
          return;
        }
        if (event.carried.some((c) => c.statuses.includes(status))) return;
        if (event.announces[m.schema]?.includes(status)) return;
        const payload = event.carried.map((c) => `${c.resource}: ${c.statuses.join(', ') || 'no status enum'}`).join('; ') || 'no data.object status';
        problems.push(
          `${where}: \`${status}\` → ${type}, whose payload cannot carry it (${payload}); ` +
            `if the event announces it anyway, say so in ${path.relative(siteDir, event.abs)} with x-announces-statuses: {${m.schema}: [${status}]}`,
        );
      });
    }
  }
  return {problems, schemas: maps.map((m) => m.schema), pairs};
}

const fixture = (name: string) => path.join(SITE_ROOT, 'tests', 'fixtures', 'events', name);

test('every final status of the spec is announced by an event of the webhooks section that can carry it', () => {
  const {problems, schemas, pairs} = checkStatusEvents(SITE_ROOT);
  // Every resource with a lifecycle; an empty or partial discovery must not pass.
  for (const s of ['WithdrawalStatus', 'TransactionStatus', 'QuoteStatus', 'AccountStatus', 'VerificationStatus', 'KycStatus'])
    assert.ok(schemas.includes(s), `${s} not discovered`);
  assert.ok(pairs >= 30, `only ${pairs} (status, event) pairs checked`);
  assert.deepEqual(problems, []);
});

test('a final status without an event fails, naming the file and line of the map', () => {
  // Only what the fixture says counts here; the spec's own maps are checked by the first test.
  const problems = checkStatusEvents(SITE_ROOT, fixture('final-status-without-event.yaml')).problems.filter((p) => p.startsWith('tests/'));
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0], /^tests\/fixtures\/events\/final-status-without-event\.yaml:3: QuoteStatus: final status `cancelled` is announced by no event/);
});

test('an event that is not in the webhooks section fails', () => {
  // Only what the fixture says counts here; the spec's own maps are checked by the first test.
  const problems = checkStatusEvents(SITE_ROOT, fixture('unknown-event.yaml')).problems.filter((p) => p.startsWith('tests/'));
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(
    problems[0],
    /^tests\/fixtures\/events\/unknown-event\.yaml:5: QuoteStatus: `expired` → quote\.timed_out, which is not an event of the webhooks section/,
  );
});

test('an event whose payload cannot carry the status fails, saying what the payload carries', () => {
  // Only what the fixture says counts here; the spec's own maps are checked by the first test.
  const problems = checkStatusEvents(SITE_ROOT, fixture('payload-cannot-carry.yaml')).problems.filter((p) => p.startsWith('tests/'));
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(
    problems[0],
    /^tests\/fixtures\/events\/payload-cannot-carry\.yaml:5: AccountStatus: `closed` → quote\.expired, whose payload cannot carry it \(Quote: open, executed, expired, cancelled\)/,
  );
});

test('the payloads are read through the envelope: a beneficiary event carries both beneficiary kinds', () => {
  const events = webhookEvents(new Spec(SITE_ROOT));
  assert.deepEqual(
    events.get('beneficiary.rejected')?.carried.map((c) => c.resource),
    ['FiatBeneficiary', 'CryptoBeneficiary'],
  );
  assert.deepEqual(
    events.get('kyc.updated')?.carried.map((c) => c.resource),
    ['KycVerification'],
  );
});

test('GET /events types each event as its webhook delivers it: the mapping of `type` sends it to the same schema', () => {
  const spec = new Spec(SITE_ROOT);
  const schemas = path.join(SITE_ROOT, OPENAPI_DIR, 'components', 'schemas');
  const list = spec.read(path.join(schemas, 'EventList.yaml'));
  const items = spec.deref(path.join(schemas, 'EventList.yaml'), list.value);
  const parts = isObject(items.node) && Array.isArray(items.node.allOf) ? items.node.allOf : [];
  const data = parts.map((p) => (isObject(p) && isObject(p.properties) && isObject(p.properties.data) ? p.properties.data : null)).find(Boolean);
  const typed = spec.deref(path.join(schemas, 'EventList.yaml'), isObject(data) ? (data.items ?? null) : null);
  assert.equal(path.basename(typed.abs), 'TypedEvent.yaml', `${list.file}: the items of GET /events are TypedEvent`);
  const discriminator = isObject(typed.node) && isObject(typed.node.discriminator) ? typed.node.discriminator : {};
  assert.equal(discriminator.propertyName, 'type');
  const mapping = isObject(discriminator.mapping) ? discriminator.mapping : {};

  const rootAbs = path.join(SITE_ROOT, specPath('webhooks'));
  const root = spec.read(rootAbs).value;
  const webhooks = isObject(root) && isObject(root.webhooks) ? root.webhooks : {};
  const problems: string[] = [];
  for (const [type, entry] of Object.entries(webhooks)) {
    const {abs, node: item} = spec.deref(rootAbs, entry);
    const op = isObject(item) && isObject(item.post) ? item.post : {};
    const body = isObject(op.requestBody) && isObject(op.requestBody.content) ? op.requestBody.content['application/json'] : null;
    const delivered = spec.deref(abs, isObject(body) ? (body.schema ?? null) : null).abs;
    const mapped = mapping[type];
    if (typeof mapped !== 'string') problems.push(`${type}: not in TypedEvent's mapping`);
    else if (path.resolve(path.dirname(typed.abs), mapped) !== delivered)
      problems.push(`${type}: GET /events types it as ${mapped}, its webhook delivers ${path.relative(schemas, delivered)}`);
  }
  const types = spec.deref(path.join(schemas, 'Event.yaml'), {$ref: './WebhookEventType.yaml'}).node;
  const enumerated = isObject(types) && Array.isArray(types.enum) ? types.enum.map(String) : [];
  assert.deepEqual(problems, []);
  assert.deepEqual(Object.keys(mapping).sort(), enumerated.sort(), 'the mapping lists every event type, and no other');
  assert.deepEqual(Object.keys(webhooks).sort(), enumerated.sort(), 'every event type has its webhook');
});

test('each variant of TypedEvent states its own types first: the values a validator reads for the discriminator', () => {
  // Ajv (redocly respect's schema check, @redocly/ajv 8.18) takes a variant's values of `type` from the first `allOf`
  // part that declares `type`; with Event first, every variant would claim all 23 and the schema would not compile.
  const spec = new Spec(SITE_ROOT);
  const typedAbs = path.join(SITE_ROOT, OPENAPI_DIR, 'components', 'schemas', 'TypedEvent.yaml');
  const typed = spec.read(typedAbs);
  const node = isObject(typed.value) ? typed.value : {};
  const mapping = isObject(node.discriminator) && isObject(node.discriminator.mapping) ? node.discriminator.mapping : {};
  const problems: string[] = [];
  for (const variant of Array.isArray(node.oneOf) ? node.oneOf : []) {
    const ref = isObject(variant) ? String(variant.$ref) : '';
    const {abs, node: schema} = spec.deref(typedAbs, variant);
    const parts = isObject(schema) && Array.isArray(schema.allOf) ? schema.allOf : [];
    const first = parts.map((p) => spec.deref(abs, p)).find(({node: p}) => isObject(p) && isObject(p.properties) && p.properties.type !== undefined);
    const type = first && isObject(first.node) && isObject(first.node.properties) ? spec.deref(first.abs, first.node.properties.type).node : null;
    const read = isObject(type) && Array.isArray(type.enum) ? type.enum.map(String).sort() : [];
    const mapped = Object.keys(mapping)
      .filter((k) => mapping[k] === ref)
      .sort();
    if (JSON.stringify(read) !== JSON.stringify(mapped))
      problems.push(
        `${path.relative(SITE_ROOT, abs)}: the first allOf part with \`type\` lists [${read.join(', ')}], the mapping sends it [${mapped.join(', ')}]`,
      );
  }
  assert.equal((node.oneOf as unknown[]).length, 7);
  assert.deepEqual(problems, []);
});

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'query'];
const EVENT_SCHEMAS = ['Event.yaml', 'TypedEvent.yaml'];
const isRef = (node: unknown): boolean => isObject(node) && typeof node.$ref === 'string';

/**
 * Each response body of the path items in `pathsDir` that is one event (the untyped `Event` envelope or `TypedEvent`),
 * and each JSON-encoded event in the items of a sequential body (`itemSchema`, e.g. the event stream's `data`, whose
 * `contentSchema` is the event: a client decodes it to that type).
 */
function eventResponses(spec: Spec, pathsDir: string): {where: string; operationId: string; schema: string}[] {
  const found: {where: string; operationId: string; schema: string}[] = [];
  for (const name of fs
    .readdirSync(pathsDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const abs = path.join(pathsDir, name);
    const item = spec.read(abs);
    for (const method of HTTP_METHODS) {
      const op = isObject(item.value) ? item.value[method] : undefined;
      if (!isObject(op) || !isObject(op.responses)) continue;
      for (const [status, raw] of Object.entries(op.responses)) {
        const {abs: responseAbs, node: response} = spec.deref(abs, raw);
        const content = isObject(response) && isObject(response.content) ? response.content : {};
        for (const [media, body] of Object.entries(content)) {
          if (!isObject(body)) continue;
          if (body.schema !== undefined) {
            const schema = path.basename(spec.deref(responseAbs, body.schema).abs);
            const at = [method, 'responses', status, 'content', media, 'schema'];
            if (EVENT_SCHEMAS.includes(schema)) found.push({where: `${item.file}:${item.line(at)}`, operationId: String(op.operationId), schema});
          }
          if (body.itemSchema !== undefined) {
            const items = spec.deref(responseAbs, body.itemSchema);
            const properties = isObject(items.node) && isObject(items.node.properties) ? items.node.properties : {};
            for (const [name, property] of Object.entries(properties)) {
              if (!isObject(property) || property.contentSchema === undefined) continue;
              const schema = path.basename(spec.deref(items.abs, property.contentSchema).abs);
              if (!EVENT_SCHEMAS.includes(schema)) continue;
              // Where the `contentSchema` is written: in the item schema's file, or inline in the response's.
              const inResponse = ['content', media, 'itemSchema', 'properties', name, 'contentSchema'];
              const [file, at] = isRef(body.itemSchema)
                ? [spec.read(items.abs), ['properties', name, 'contentSchema']]
                : isRef(raw)
                  ? [spec.read(responseAbs), inResponse]
                  : [item, [method, 'responses', status, ...inResponse]];
              found.push({where: `${file.file}:${file.line(at)}`, operationId: String(op.operationId), schema});
            }
          }
        }
      }
    }
  }
  return found;
}

test('an operation that answers one event answers it typed by its type (TypedEvent), as GET /events lists it', () => {
  const spec = new Spec(SITE_ROOT);
  const found = eventResponses(spec, path.join(SITE_ROOT, OPENAPI_DIR, 'paths'));
  assert.deepEqual(
    found.filter((r) => r.schema !== 'TypedEvent.yaml').map((r) => `${r.where}: ${r.operationId} answers the untyped ${r.schema}`),
    [],
  );
  assert.deepEqual(found.map((r) => r.operationId).sort(), ['getEvent', 'simulateEvent', 'streamEvents']);
});

/**
 * A paths folder of its own holding one path item, `name`, written from `lines` (`${schemas}` in them: the relative
 * path to the spec's schemas); removed after the test. Returns the folder and the path item's file relative to the site.
 */
function pathsFixture(t: TestContext, name: string, lines: (schemas: string) => string[]): {dir: string; file: string} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-events-'));
  t.after(() => fs.rmSync(dir, {recursive: true, force: true}));
  const schemas = path.relative(dir, path.join(SITE_ROOT, OPENAPI_DIR, 'components', 'schemas'));
  fs.writeFileSync(path.join(dir, name), [...lines(schemas), ''].join('\n'));
  return {dir, file: `${path.relative(SITE_ROOT, dir)}/${name}`};
}

test('a response with the untyped Event envelope fails, naming the file and line of its schema', (t) => {
  const {dir, file} = pathsFixture(t, 'events_{event_id}.yaml', (schemas) => [
    'get:',
    '  operationId: getEvent',
    '  responses:',
    "    '200':",
    '      description: The event.',
    '      content:',
    '        application/json:',
    '          schema:',
    `            $ref: ${schemas}/Event.yaml`,
  ]);
  assert.deepEqual(eventResponses(new Spec(SITE_ROOT), dir), [{where: `${file}:9`, operationId: 'getEvent', schema: 'Event.yaml'}]);
});

test("a stream whose items' JSON is the untyped Event envelope fails, naming the file and line of its contentSchema", (t) => {
  const {dir, file} = pathsFixture(t, 'events_stream.yaml', (schemas) => [
    'get:',
    '  operationId: streamEvents',
    '  responses:',
    "    '200':",
    '      description: The stream.',
    '      content:',
    '        text/event-stream:',
    '          itemSchema:',
    '            type: object',
    '            properties:',
    '              data:',
    '                type: string',
    '                contentMediaType: application/json',
    '                contentSchema:',
    `                  $ref: ${schemas}/Event.yaml`,
  ]);
  assert.deepEqual(eventResponses(new Spec(SITE_ROOT), dir), [{where: `${file}:15`, operationId: 'streamEvents', schema: 'Event.yaml'}]);
});
