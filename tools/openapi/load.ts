/**
 * Reads an OpenAPI document into an ApiDocument: its files bundled into one document whose `$ref`s are all local
 * (Redocly's openapi-core, the library of the CLI that lints the spec: the same reading of `$ref`s), then upgraded
 * to OpenAPI 3.1 when it is 2.0 or 3.0 (Scalar's openapi-upgrader: `nullable` to type arrays, `example` to
 * `examples`, boolean exclusive bounds to numbers), so every tool reads one dialect: 3.1, or 3.2 as it is (3.2 only
 * adds to 3.1: the `query` method, `additionalOperations`, `querystring`, `itemSchema`, …; the kernel and model read
 * those). Why these: openapi-core resolves a split layout (openapi-starter's) with the file and line of each
 * problem and keeps recursive schemas as `$ref`s instead of expanding them; @apidevtools/json-schema-ref-parser and
 * @scalar/openapi-parser would add a second reading of the same files, and neither keeps source positions.
 */
import fs from 'node:fs';
import path from 'node:path';
import {BaseResolver, bundle, createConfig, getLineColLocation, isAbsoluteUrl, ResolveError, type Config, type Plugin} from '@redocly/openapi-core';
import {upgrade} from '@scalar/openapi-upgrader';
import {ApiDocument} from './document';
import {isObject, type JsonObject} from './json';
import {fileState} from './spec-files';

export class SpecLoadError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'SpecLoadError';
  }
}

let config: Promise<Config> | undefined;

/**
 * openapi-core 2.64's OpenAPI 3.2 types declare the device flow's `scopes` as a map of a type named `string`, which
 * does not exist: bundling any 3.2 document then fails with "Unknown type name found: string" (the types are
 * normalised per document version, so 3.0 and 3.1 are unaffected). Later releases (the one inside Redocly CLI 2.77)
 * declare it as every other flow does; this type extension, the library's own hook, says the same until we move to one.
 */
export const OAS32_TYPES_FIX: Plugin = {
  id: 'novaramp-oas32-types',
  typeExtension: {
    oas3: (types, version) => {
      const device = types.DeviceAuthorization;
      if (version !== 'oas3_2' || !device?.properties) return types;
      const scopes = {type: 'object', additionalProperties: {type: 'string'}, description: 'The available scopes: name to description.'} as const;
      return {...types, DeviceAuthorization: {...device, properties: {...device.properties, scopes}}};
    },
  },
};

/** Reads the files a spec references, never a URL: nothing is fetched from the network at build or test time. */
class OfflineResolver extends BaseResolver {
  async loadExternalRef(absoluteRef: string) {
    if (isAbsoluteUrl(absoluteRef)) throw new ResolveError(new Error(`${absoluteRef} is not fetched (no network at build time)`));
    return super.loadExternalRef(absoluteRef);
  }
}

interface LoadOptions {
  /** The folder paths are relative to (the site). */
  siteDir?: string;
  /**
   * `error` (default): a `$ref` that cannot be resolved fails the load. `report`: it stays in the document as it is
   * (every tool then reports it where it meets it) and is listed in `ApiDocument.loadProblems`: for someone else's
   * spec, which the portal shows as well as it can.
   */
  unresolved?: 'error' | 'report';
}

/** Loads and bundles `file` (relative to `siteDir`); throws SpecLoadError listing every problem as `file:line:col`. */
export async function loadApi(file: string, options: LoadOptions = {}): Promise<ApiDocument> {
  return (await bundleApi(file, options)).doc;
}

/** loadApi, with the absolute paths of every file the bundle read (Redocly's `fileDependencies`). */
async function bundleApi(file: string, {siteDir = process.cwd(), unresolved = 'error'}: LoadOptions): Promise<{doc: ApiDocument; files: string[]}> {
  const abs = path.resolve(siteDir, file);
  if (!fs.existsSync(abs)) throw new SpecLoadError([`${file}: the file does not exist`]);
  config ??= createConfig({}, {plugins: [OAS32_TYPES_FIX]});
  let result;
  try {
    result = await bundle({ref: abs, config: await config, dereference: false, externalRefResolver: new OfflineResolver()});
  } catch (error) {
    const e = error as {message?: string; source?: {absoluteRef?: string}; line?: number; col?: number};
    const at = e.source?.absoluteRef ? `${path.relative(siteDir, e.source.absoluteRef)}${e.line ? `:${e.line}:${e.col ?? 1}` : ''}` : file;
    throw new SpecLoadError([`${at}: ${String(e.message ?? error).split('\n')[0]}`]);
  }
  const errors = result.problems
    .filter((p) => p.severity === 'error')
    .map((p) => {
      const location = p.location[0];
      if (!location) return `${file}: ${p.message}`;
      const {start} = getLineColLocation(location);
      return `${path.relative(siteDir, location.source.absoluteRef)}:${start.line}:${start.col}: ${p.message}`;
    });
  if (errors.length && unresolved === 'error') throw new SpecLoadError(errors);
  const parsed = result.bundle.parsed as unknown;
  if (!isObject(parsed) || (typeof parsed.openapi !== 'string' && typeof parsed.swagger !== 'string')) {
    throw new SpecLoadError([`${file}: not an OpenAPI document (no \`openapi\` version)`]);
  }
  return {doc: new ApiDocument(toOpenApi31(parsed), {siteDir, file: path.relative(siteDir, abs)}, errors), files: [...result.fileDependencies]};
}

/** How recent a file's modification time is too recent to trust the bundle that read it (ms). */
const RECENT_WRITE_MS = 20;

/** The bundles `loadFreshApi` made in this process, by absolute path, with the state of the files each read then. */
const remembered = new Map<string, {doc: Promise<ApiDocument>; files: Promise<Map<string, string>>}>();

/**
 * loadApi, made once per process while the files its bundle read stay as they were (modification time and size):
 * for the callers that ask for the same API again and again (lint:api's workflow check then the guides' steps; the
 * dev server's Markdown loader, whose process lives on through edits of the spec). A file added to the spec changes a
 * file that references it, so the files the bundle read are enough.
 */
export async function loadFreshApi(file: string, options: Omit<LoadOptions, 'unresolved'> = {}): Promise<ApiDocument> {
  const siteDir = options.siteDir ?? process.cwd();
  const key = path.resolve(siteDir, file);
  const known = remembered.get(key);
  const states = known && (await known.files.catch(() => undefined));
  if (known && states && [...states].every(([abs, state]) => fileState(abs) === state)) return known.doc;
  const startedAt = Date.now();
  const bundled = bundleApi(file, {siteDir});
  const files = bundled.then(({files: read}) => {
    // A file written while the bundle read it may hold more than the bundle saw; file times come from a coarse clock,
    // so one written just before counts too: such a bundle is not remembered.
    if (read.some((abs) => (fs.statSync(abs, {throwIfNoEntry: false})?.mtimeMs ?? Infinity) > startedAt - RECENT_WRITE_MS))
      throw new Error('changed while read');
    return new Map(read.map((abs) => [abs, fileState(abs)]));
  });
  files.catch(() => undefined); // a failed or unremembered bundle is made again on the next call
  const doc = bundled.then((b) => b.doc);
  remembered.set(key, {doc, files});
  return doc;
}

/** The document in OpenAPI 3.1 or later (a 3.1 or 3.2 document as it is; 2.0 and 3.0 upgraded). */
export function toOpenApi31(doc: JsonObject): JsonObject {
  const version = String(doc.openapi ?? doc.swagger ?? '');
  if (/^3\.[12](\.|$)/.test(version)) return doc;
  return upgrade(structuredClone(doc), '3.1') as unknown as JsonObject;
}
