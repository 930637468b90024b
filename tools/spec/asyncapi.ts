/**
 * The WebSocket API's AsyncAPI 3.0 document (openapi/websocket.asyncapi.yaml): its validation for `npm run lint:api`
 * and the vocabulary the prose checks hold the WebSocket guide to.
 *
 * Validation is @asyncapi/parser (its AsyncAPI 3 ruleset; every error and warning is a problem, reported as
 * file:line:column), plus what the parser does not check: every message has examples and each validates against its
 * payload, payload schemas carry the bounds of openapi/README.md, the subscribable channels agree with the channels,
 * and nothing in the payload schemas would be silently skipped (see SCHEMA_FORMAT_NOTE).
 *
 * No network: remote `$ref`s are refused (recorded and reported), never fetched.
 */
import fs from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import Ajv, {type ErrorObject, type ValidateFunction} from 'ajv';
import addFormats from 'ajv-formats';
import {LineCounter, parseDocument, type Node} from 'yaml';
import type {Diagnostic, Parser} from '@asyncapi/parser';
import {OPENAPI_DIR} from '../../src/data/api-table';
import {isObject, type UnknownObject} from '../openapi/json';

/** The AsyncAPI document, relative to the site root. */
export const ASYNCAPI_FILE = `${OPENAPI_DIR}/websocket.asyncapi.yaml`;
/** File name (without extension) of its bundled download in static/openapi/. */
export const ASYNCAPI_ARTEFACT = 'websocket.asyncapi';
/** The channel that carries authentication, subscriptions, heartbeats and errors; the others are subscribed to. */
export const CONTROL_CHANNEL = 'connection';

/*
 * SCHEMA_FORMAT_NOTE. Payloads use the default schema format, the AsyncAPI Schema (a superset of JSON Schema
 * draft-07), because that is the one the parser validates: a payload declared as OpenAPI 3.1
 * (`schemaFormat: application/vnd.oai.openapi;version=3.1.0`) parses without a single diagnostic because no parser
 * for it is registered, so nothing in it would be checked. The OpenAPI component schemas it reuses are plain
 * JSON Schema that means the same under draft-07, as long as they use no 2020-12-only keyword and put no
 * constraint next to a `$ref` (draft-07 ignores a `$ref`'s siblings): both are checked here.
 */
const DRAFT_2020_ONLY = new Set([
  '$defs',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  'prefixItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  'dependentRequired',
  'dependentSchemas',
  'contentSchema',
  'minContains',
  'maxContains',
]);
/** What may stand next to a `$ref` and mean the same under draft-07, which ignores it. */
const REF_ANNOTATIONS = new Set(['$ref', 'description', 'title', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'externalDocs']);
/** Diagnostics that are no problem: the document is 3.0 on purpose, the parser suggests 3.1 (severity info). */
const FAILING_SEVERITIES = new Set([0, 1]);
const SEVERITY = ['error', 'warning', 'info', 'hint'];

export interface YamlFile {
  rel: string;
  abs: string;
  data: unknown;
  /** 1-based line and column of the node at a path of keys. */
  at: (keys: (string | number)[]) => string;
}

function readYaml(siteDir: string, rel: string): YamlFile {
  const abs = path.join(siteDir, rel);
  const lineCounter = new LineCounter();
  const doc = parseDocument(fs.readFileSync(abs, 'utf8'), {lineCounter});
  if (doc.errors.length > 0) {
    const e = doc.errors[0];
    throw new Error(`${rel}:${e.linePos?.[0].line ?? 1}:${e.linePos?.[0].col ?? 1}: ${e.message}`);
  }
  return {
    rel,
    abs,
    data: doc.toJS(),
    at: (keys) => {
      // The deepest node that exists on the path: a missing key is reported where it should have been.
      for (let n = keys.length; n >= 0; n--) {
        const node = doc.getIn(keys.slice(0, n), true) as Node | undefined;
        if (node?.range) {
          const {line, col} = lineCounter.linePos(node.range[0]);
          return `${rel}:${line}:${col}`;
        }
      }
      return `${rel}:1:1`;
    },
  };
}

/** The AsyncAPI document itself, parsed, with the line of any of its nodes (the sandbox's stream reads its channels). */
export const readAsyncApi = (siteDir: string): YamlFile => readYaml(siteDir, ASYNCAPI_FILE);

/** Every file the document reaches through relative `$ref`s (itself first), and the remote `$ref`s it holds. */
function reachableFiles(siteDir: string): {files: YamlFile[]; remote: string[]} {
  const files = new Map<string, YamlFile>();
  const remote: string[] = [];
  const visit = (rel: string) => {
    if (files.has(rel)) return;
    const file = readYaml(siteDir, rel);
    files.set(rel, file);
    walk(file.data, [], (node, keys) => {
      const ref = node.$ref;
      if (typeof ref !== 'string' || ref.startsWith('#')) return;
      if (/^[a-z][a-z0-9+.-]*:/i.test(ref))
        remote.push(
          `${file.at([...keys, '$ref'])}: remote $ref ${ref} is not allowed (lint and build run offline); copy the schema into ${OPENAPI_DIR}/components/`,
        );
      else visit(path.posix.normalize(path.posix.join(path.posix.dirname(rel), ref.split('#')[0])));
    });
  };
  visit(ASYNCAPI_FILE);
  return {files: [...files.values()], remote};
}

/** The files the document reaches (itself first), relative to the site: all that its checks read. */
export const asyncApiFiles = (siteDir: string): string[] => reachableFiles(siteDir).files.map((f) => f.rel);

function walk(node: unknown, keys: (string | number)[], visit: (node: UnknownObject, keys: (string | number)[]) => void): void {
  if (Array.isArray(node)) node.forEach((v, i) => walk(v, [...keys, i], visit));
  else if (isObject(node)) {
    visit(node, keys);
    for (const [k, v] of Object.entries(node)) walk(v, [...keys, k], visit);
  }
}

/**
 * An Ajv (draft-07, as the parser validates payloads) holding the document and every file it reaches, each under its
 * file URL so relative `$ref`s resolve as the parser resolves them. `payload(name)` validates a message's payload.
 */
export function payloadValidators(siteDir: string, files = reachableFiles(siteDir).files): (message: string) => ValidateFunction | undefined {
  const ajv = new Ajv({strict: false, allErrors: true, logger: false, validateSchema: false});
  addFormats(ajv);
  // OpenAPI's integer formats: the bounds are in minimum/maximum.
  ajv.addFormat('int32', true).addFormat('int64', true);
  for (const file of files) {
    // Of the document itself only its components: its root `id` is not a schema id, and Ajv refuses the keyword.
    const data = file.rel === ASYNCAPI_FILE ? {components: (file.data as UnknownObject).components} : file.data;
    ajv.addSchema(data as object, pathToFileURL(file.abs).href);
  }
  const root = pathToFileURL(path.join(siteDir, ASYNCAPI_FILE)).href;
  const cache = new Map<string, ValidateFunction | undefined>();
  return (message) => {
    if (!cache.has(message)) {
      const messages = (files.find((f) => f.rel === ASYNCAPI_FILE)?.data as UnknownObject | undefined)?.components as UnknownObject | undefined;
      const defined = isObject(messages?.messages) && isObject((messages.messages as UnknownObject)[message]);
      cache.set(message, defined ? ajv.getSchema(`${root}#/components/messages/${encodeURIComponent(message)}/payload`) : undefined);
    }
    return cache.get(message);
  };
}

export const ajvErrors = (errors: ErrorObject[] | null | undefined): string =>
  (errors ?? [])
    .map(
      (e) =>
        `${e.instancePath || '/'} ${e.message}${e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : ''}${e.params && 'additionalProperty' in e.params ? ` ("${e.params.additionalProperty}")` : ''}`,
    )
    .join('; ');

/** The bounds rule of openapi/README.md on a schema written in the AsyncAPI document itself. */
function boundsProblems(schema: unknown, keys: (string | number)[], at: YamlFile['at']): string[] {
  if (!isObject(schema) || '$ref' in schema) return [];
  const problems: string[] = [];
  const types = ([] as unknown[]).concat(schema.type ?? []);
  const bounded = ['maxLength', 'enum', 'const', 'format', 'pattern'].some((k) => k in schema);
  if (types.includes('string') && !bounded) problems.push(`${at(keys)}: a string needs a maxLength, enum, const, format or pattern`);
  if (types.includes('array') && !('maxItems' in schema)) problems.push(`${at(keys)}: an array needs a maxItems`);
  if (types.includes('integer') && !('minimum' in schema && 'maximum' in schema)) problems.push(`${at(keys)}: an integer needs a minimum and a maximum`);
  for (const [k, v] of Object.entries(isObject(schema.properties) ? schema.properties : {}))
    problems.push(...boundsProblems(v, [...keys, 'properties', k], at));
  if (schema.items) problems.push(...boundsProblems(schema.items, [...keys, 'items'], at));
  for (const k of ['oneOf', 'anyOf', 'allOf'])
    if (Array.isArray(schema[k])) (schema[k] as unknown[]).forEach((s, i) => problems.push(...boundsProblems(s, [...keys, k, i], at)));
  return problems;
}

/** The checks the parser does not make, as `file:line:column: message`. */
export function documentProblems(siteDir: string): string[] {
  const {files, remote} = reachableFiles(siteDir);
  const problems = [...remote];
  const doc = files[0];
  const data = doc.data as UnknownObject;
  // Schemas the draft-07 validation would skip without a word (SCHEMA_FORMAT_NOTE).
  for (const file of files) {
    walk(file.data, [], (node, keys) => {
      for (const k of Object.keys(node)) {
        if (DRAFT_2020_ONLY.has(k))
          problems.push(`${file.at([...keys, k])}: \`${k}\` is JSON Schema 2020-12 only; the AsyncAPI schema format (draft-07) would ignore it`);
      }
      if ('$ref' in node) {
        for (const k of Object.keys(node).filter((k) => !REF_ANNOTATIONS.has(k) && !k.startsWith('x-'))) {
          problems.push(`${file.at([...keys, k])}: \`${k}\` next to a $ref is ignored under draft-07; move it into an allOf`);
        }
      }
      if (file === doc && 'schemaFormat' in node) {
        problems.push(
          `${file.at([...keys, 'schemaFormat'])}: use the default schema format (AsyncAPI Schema): the parser does not validate ${String(node.schemaFormat)} payloads`,
        );
      }
    });
  }
  const components = isObject(data.components) ? data.components : {};
  const messages = isObject(components.messages) ? (components.messages as Record<string, UnknownObject>) : {};
  for (const [name, schema] of Object.entries(isObject(components.schemas) ? components.schemas : {})) {
    problems.push(...boundsProblems(schema, ['components', 'schemas', name], doc.at));
  }
  // Every message, with an example for each that validates against its payload; example names unique.
  const validator = payloadValidators(siteDir, files);
  const exampleNames = new Map<string, string>();
  for (const [name, message] of Object.entries(messages)) {
    const keys = ['components', 'messages', name];
    problems.push(...boundsProblems(message.payload, [...keys, 'payload'], doc.at));
    const examples = Array.isArray(message.examples) ? (message.examples as UnknownObject[]) : [];
    if (examples.length === 0) problems.push(`${doc.at(keys)}: message \`${name}\` has no example`);
    let validate: ValidateFunction | undefined;
    try {
      validate = validator(name);
    } catch (e) {
      problems.push(`${doc.at([...keys, 'payload'])}: the payload of \`${name}\` does not compile: ${(e as Error).message}`);
    }
    examples.forEach((example, i) => {
      const exampleName = String(example.name ?? '');
      if (!exampleName) problems.push(`${doc.at([...keys, 'examples', i])}: example without a name`);
      else if (exampleNames.has(exampleName))
        problems.push(`${doc.at([...keys, 'examples', i, 'name'])}: example name ${exampleName} is also used by ${exampleNames.get(exampleName)}`);
      else exampleNames.set(exampleName, name);
      if (validate && !validate(example.payload)) {
        problems.push(
          `${doc.at([...keys, 'examples', i, 'payload'])}: example ${exampleName} does not match the payload of \`${name}\`: ${ajvErrors(validate.errors)}`,
        );
      }
    });
  }
  // The channels a client subscribes to are the channels other than the control channel, and their updates say so.
  const channels = isObject(data.channels) ? (data.channels as Record<string, UnknownObject>) : {};
  const vocab = vocabularyOf(data);
  if (!channels[CONTROL_CHANNEL]) problems.push(`${doc.at(['channels'])}: no \`${CONTROL_CHANNEL}\` channel`);
  for (const name of Object.keys(channels).filter((c) => c !== CONTROL_CHANNEL)) {
    if (!vocab.channels.has(name)) problems.push(`${doc.at(['channels', name])}: channel \`${name}\` is not in the \`channel\` enum of the subscribe message`);
  }
  for (const name of vocab.channels)
    if (!channels[name]) problems.push(`${doc.at(['components', 'messages', 'subscribe'])}: \`${name}\` can be subscribed to but is not a channel`);
  for (const [code, close] of Object.entries(
    isObject(channels[CONTROL_CHANNEL]?.['x-close-codes']) ? (channels[CONTROL_CHANNEL]['x-close-codes'] as Record<string, UnknownObject>) : {},
  )) {
    const at = doc.at(['channels', CONTROL_CHANNEL, 'x-close-codes', code]);
    if (!/^[1-4]\d{3}$/.test(code)) problems.push(`${at}: close code ${code} is not a WebSocket close code (1000 to 4999)`);
    if (!isObject(close) || typeof close.name !== 'string' || typeof close.description !== 'string' || typeof close.reconnect !== 'boolean') {
      problems.push(`${at}: a close code has a name, a description and reconnect (true or false)`);
    }
  }
  return problems;
}

export interface StreamVocabulary {
  /** The channels a client subscribes to (`quotes`, `transactions`). */
  channels: Set<string>;
  /** Every message `type`. */
  messageTypes: Set<string>;
  closeCodes: Set<string>;
  errorCodes: Set<string>;
  /** Every property name and enum value written in the document. */
  fields: Set<string>;
  /** `wss://host/address` of every server and channel address. */
  urls: Set<string>;
}

function vocabularyOf(data: UnknownObject): StreamVocabulary {
  const vocab: StreamVocabulary = {
    channels: new Set(),
    messageTypes: new Set(),
    closeCodes: new Set(),
    errorCodes: new Set(),
    fields: new Set(),
    urls: new Set(),
  };
  walk(data, [], (node, keys) => {
    const parent = keys.at(-1);
    if (parent === 'properties') {
      for (const [k, v] of Object.entries(node)) {
        vocab.fields.add(k);
        if (!isObject(v)) continue;
        const values = [...(Array.isArray(v.enum) ? v.enum : []), ...('const' in v ? [v.const] : [])].map(String);
        values.forEach((x) => vocab.fields.add(x));
        if (k === 'type') values.forEach((x) => vocab.messageTypes.add(x));
        if (k === 'code') values.forEach((x) => vocab.errorCodes.add(x));
        // The subscribe message's `channel` enum lists what can be subscribed to.
        if (k === 'channel' && Array.isArray(v.enum)) v.enum.forEach((x) => vocab.channels.add(String(x)));
      }
    }
    if (parent === 'x-close-codes') Object.keys(node).forEach((c) => vocab.closeCodes.add(c));
  });
  const servers = isObject(data.servers) ? (data.servers as Record<string, UnknownObject>) : {};
  const channels = isObject(data.channels) ? (data.channels as Record<string, UnknownObject>) : {};
  for (const server of Object.values(servers)) {
    for (const channel of Object.values(channels)) {
      vocab.urls.add(`${String(server.protocol)}://${String(server.host)}${String(server.pathname ?? '')}${String(channel.address ?? '')}`);
    }
  }
  return vocab;
}

/** The names the WebSocket guide may use, read from the document (synchronously, for the prose checks). */
export function streamVocabulary(siteDir: string): StreamVocabulary {
  return vocabularyOf(readYaml(siteDir, ASYNCAPI_FILE).data as UnknownObject);
}

/**
 * A parser that reads local files only: a remote `$ref` gets an empty document, and reachableFiles reports it.
 * Loaded on use: most processes that import this module only read the document (~0.4 s of start-up spared).
 */
export async function offlineParser(): Promise<Parser> {
  const {Parser} = await import('@asyncapi/parser');
  const refuse = {order: 1, read: () => '{}'};
  return new Parser({
    __unstable: {
      resolver: {
        resolvers: [
          {schema: 'http', ...refuse},
          {schema: 'https', ...refuse},
        ],
      },
    },
  });
}

const diagnosticLine = (siteDir: string, d: Diagnostic, fallback: string): string => {
  const source = d.source ? path.relative(siteDir, path.resolve(siteDir, d.source)) : fallback;
  return `${source}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${SEVERITY[d.severity]} ${String(d.code)}: ${d.message}`;
};

/** Parses a document with the offline parser; its errors and warnings as `file:line:column: severity code: message`. */
export async function parserProblems(siteDir: string, rel: string): Promise<string[]> {
  const abs = path.join(siteDir, rel);
  const {diagnostics} = await (await offlineParser()).parse(fs.readFileSync(abs, 'utf8'), {source: abs});
  return diagnostics.filter((d) => FAILING_SEVERITIES.has(d.severity)).map((d) => diagnosticLine(siteDir, d, rel));
}

/** `npm run lint:api`'s AsyncAPI part: the parser's problems, then the document checks (when it parsed). */
export async function lintAsyncApi(siteDir: string): Promise<{ok: boolean; problems: string[]}> {
  let problems: string[];
  try {
    problems = await parserProblems(siteDir, ASYNCAPI_FILE);
    if (problems.length === 0) problems = documentProblems(siteDir);
  } catch (e) {
    problems = [(e as Error).message];
  }
  return {ok: problems.length === 0, problems};
}

/** The parser's own version, for the lint stamp. */
export const parserVersion = (siteDir: string): string =>
  (JSON.parse(fs.readFileSync(path.join(siteDir, 'node_modules', '@asyncapi', 'parser', 'package.json'), 'utf8')) as {version: string}).version;
