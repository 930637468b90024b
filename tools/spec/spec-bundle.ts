/**
 * Builds the downloadable spec artefacts from openapi/ into static/openapi/ (served at /openapi/…):
 * each API bundled by Redocly (all $refs resolved) as YAML and JSON, one combined spec joined by Redocly
 * (novaramp.yaml / novaramp.json), each of them also as OpenAPI 3.1 (`<name>.oas31.yaml` / `.json`, derived by
 * tools/openapi/downgrade.ts for the tools that read only 3.1), a Postman collection converted by openapi-to-postmanv2
 * from the combined 3.1 document (the converter reads 3.1), and the WebSocket
 * API's AsyncAPI document bundled by Redocly too (websocket.asyncapi.yaml / .json), validated again once bundled, and
 * the TypeScript types of the combined spec (novaramp.d.ts), and the Arazzo workflows of openapi/workflows/ as
 * workflows/<id>.arazzo.yaml and bundled .json (tools/workflows/publish.ts).
 * Written to a temporary folder and swapped in only when every step succeeded.
 */
import fs from 'node:fs';
import path from 'node:path';
import {stringify} from 'yaml';
import {API_SPECS, ARTEFACT_DIR, COMBINED_SPEC as COMBINED, specPath} from '../../src/data/api-table';
import {ASYNCAPI_ARTEFACT, ASYNCAPI_FILE, parserProblems} from './asyncapi';
import {bin, run} from '../cli';
import {toOpenApi31} from '../openapi/downgrade';
import type {JsonObject} from '../openapi/json';
import {parseYamlData} from '../openapi/yaml-data';
import {BRAND} from '../../src/data/brand';
import {publishWorkflows, WORKFLOW_ARTEFACT_FOLDER} from '../workflows/publish';

function redocly(args: string[], cwd: string): void {
  const {status, output} = run(bin('redocly', cwd), args, cwd);
  if (status !== 0) throw new Error(`redocly ${args[0]} failed:\n${output}`);
}

type Doc = Record<string, unknown>;
const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The servers marked `x-internal: true` (the local mock of `npm run mock`) removed, at the root, on path items and on
 * operations: the API pages offer the mock from the roots, but the downloads are the API integrators call, and an
 * `http://` server in them fails the OWASP ruleset (tests/spec/one-process/owasp.test.ts).
 */
export function withoutInternalServers(doc: Doc): Doc {
  const strip = (node: Doc) => {
    if (Array.isArray(node.servers)) node.servers = node.servers.filter((s) => !(isDoc(s) && s['x-internal'] === true));
  };
  strip(doc);
  for (const section of ['paths', 'webhooks']) {
    for (const item of Object.values(isDoc(doc[section]) ? doc[section] : {})) {
      if (!isDoc(item)) continue;
      strip(item);
      for (const op of Object.values(item)) if (isDoc(op)) strip(op);
    }
  }
  return doc;
}

/**
 * TypeScript types of every operation and schema, generated from the combined spec by openapi-typescript, for a typed
 * client such as openapi-fetch (`createClient<paths>()`, tools/typed-samples/). ESM-only: loaded on use.
 */
async function typescriptTypes(spec: Doc): Promise<string> {
  const {default: openapiTS, astToString} = await import('openapi-typescript');
  const header = `/**\n * ${BRAND} API: TypeScript types generated from novaramp.json by openapi-typescript. Do not edit.\n * Use them with openapi-fetch: createClient<paths>({baseUrl: 'https://api.sandbox.novaramp.example/v1'}).\n */\n`;
  // A default does not make a field required: requests may leave it out (openapi-typescript assumes responses).
  return header + astToString(await openapiTS(spec as unknown as Parameters<typeof openapiTS>[0], {defaultNonNullable: false}));
}

/** openapi-to-postmanv2, which ships no types. */
interface PostmanConverter {
  convert: (
    input: {type: 'json'; data: unknown},
    options: Record<string, unknown>,
    cb: (err: Error | null, result: {result: boolean; reason?: string; output: {data: unknown}[]}) => void,
  ) => void;
}

/** The file name of a document's OpenAPI 3.1 derivative: `novaramp` → `novaramp.oas31`. */
export const oas31Name = (name: string): string => `${name}.oas31`;

/** Writes `doc` as `<name>.yaml` and `<name>.json` into `dir`. */
function writeDocument(dir: string, name: string, doc: Doc): void {
  fs.writeFileSync(path.join(dir, `${name}.yaml`), stringify(doc, {lineWidth: 0}));
  fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(doc, null, 2)}\n`);
}

/**
 * The 3.1 document as the converter needs it to keep every operation: an operation of a method 3.1 lacks (`QUERY`, in
 * the path item's `x-additionalOperations`) is given to it as the path's `post`, where the path has none, and the
 * requests made of it get their own method back (`withOwnMethods`): Postman sends any method.
 */
function postmanInput(doc31: Doc): {doc: Doc; methods: Map<string, string>} {
  const methods = new Map<string, string>();
  const paths: Doc = {};
  for (const [route, item] of Object.entries(isDoc(doc31.paths) ? doc31.paths : {})) {
    const extra = isDoc(item) && isDoc(item['x-additionalOperations']) ? Object.entries(item['x-additionalOperations']) : [];
    const [method, operation] = extra[0] ?? [];
    if (!isDoc(item) || extra.length !== 1 || item.post !== undefined || !isDoc(operation)) {
      if (isDoc(item) && extra.length)
        throw new Error(`${route}: the Postman collection cannot carry ${extra.map(([m]) => m).join(', ')} beside its other methods`);
      paths[route] = item;
      continue;
    }
    paths[route] = {...item, post: operation};
    methods.set(route, method!.toUpperCase());
  }
  return {doc: {...doc31, paths}, methods};
}

/** The converted collection with each request of `methods` (by path template) sent with its own method. */
function withOwnMethods(collection: unknown, methods: Map<string, string>): unknown {
  type Item = {item?: Item[]; request?: {method: string; url?: {path?: string[]}}};
  const template = (segments: string[]) => `/${segments.join('/').replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
  const visit = (item: Item) => {
    item.item?.forEach(visit);
    const route = item.request?.url?.path && [...methods.keys()].find((r) => template(item.request!.url!.path!).endsWith(r));
    if (route && item.request!.method === 'POST') item.request!.method = methods.get(route)!;
  };
  (collection as Item).item?.forEach(visit);
  return collection;
}

function toPostman(spec: unknown): Promise<unknown> {
  // Loaded on use (~0.4 s of start-up): most processes importing this module find the bundle made already.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Converter = require('openapi-to-postmanv2') as PostmanConverter;
  return new Promise((resolve, reject) => {
    Converter.convert({type: 'json', data: spec}, {folderStrategy: 'Tags', requestParametersResolution: 'Example'}, (err, result) => {
      if (err || !result.result) reject(err ?? new Error(result.reason));
      else resolve(result.output[0].data);
    });
  });
}

export async function bundleSpecs(siteDir = process.cwd(), outDir = ARTEFACT_DIR): Promise<string[]> {
  const target = path.join(siteDir, outDir);
  const tmp = `${target}.tmp-${process.pid}`;
  fs.rmSync(tmp, {recursive: true, force: true});
  fs.mkdirSync(tmp, {recursive: true});
  try {
    const roots = API_SPECS.map((s) => specPath(s));
    redocly(['bundle', ...roots, '-o', tmp, '--ext', 'yaml'], siteDir);
    for (const spec of API_SPECS) {
      const file = path.join(tmp, `${spec}.yaml`);
      const doc = withoutInternalServers(parseYamlData(fs.readFileSync(file, 'utf8')) as Doc);
      writeDocument(tmp, spec, doc);
      writeDocument(tmp, oas31Name(spec), toOpenApi31(doc as JsonObject));
    }
    const joined = path.join(tmp, `${COMBINED}.yaml`);
    redocly(['join', ...API_SPECS.map((s) => path.join(tmp, `${s}.yaml`)), '-o', joined], siteDir);
    const combined = parseYamlData(fs.readFileSync(joined, 'utf8')) as Doc;
    combined.info = {
      ...(combined.info as Doc),
      title: `${BRAND} API`,
      summary: `Every ${BRAND} API in one document: accounts, balances, coins, crypto, fiat, quotes, transactions and webhooks.`,
      description: `The combined ${BRAND} API: ${API_SPECS.join(', ')}. Each API is also published on its own.`,
    };
    writeDocument(tmp, COMBINED, combined);
    const combined31 = toOpenApi31(combined as JsonObject);
    writeDocument(tmp, oas31Name(COMBINED), combined31);
    fs.writeFileSync(path.join(tmp, `${COMBINED}.d.ts`), await typescriptTypes(combined));
    const postman = postmanInput(combined31 as Doc);
    const collection = withOwnMethods(await toPostman(postman.doc), postman.methods);
    fs.writeFileSync(path.join(tmp, `${COMBINED}.postman_collection.json`), `${JSON.stringify(collection, null, 2)}\n`);
    const asyncapi = path.join(tmp, `${ASYNCAPI_ARTEFACT}.yaml`);
    redocly(['bundle', ASYNCAPI_FILE, '-o', asyncapi], siteDir);
    const problems = await parserProblems(siteDir, path.relative(siteDir, asyncapi));
    if (problems.length > 0) throw new Error(`the bundled ${ASYNCAPI_FILE} does not validate:\n${problems.join('\n')}`);
    fs.writeFileSync(path.join(tmp, `${ASYNCAPI_ARTEFACT}.json`), `${JSON.stringify(parseYamlData(fs.readFileSync(asyncapi, 'utf8')), null, 2)}\n`);
    const workflows = publishWorkflows(siteDir, path.join(tmp, WORKFLOW_ARTEFACT_FOLDER));
    fs.rmSync(target, {recursive: true, force: true});
    fs.renameSync(tmp, target);
    const files = fs.readdirSync(target).filter((f) => f !== WORKFLOW_ARTEFACT_FOLDER);
    return [...files, ...workflows.map((f) => `${WORKFLOW_ARTEFACT_FOLDER}/${f}`)].sort();
  } finally {
    fs.rmSync(tmp, {recursive: true, force: true});
  }
}
