/**
 * The two things the gate compares: a released snapshot (openapi/releases/<X.Y.Z>/, layout in
 * src/data/spec-changes.ts) and the working spec, bundled by Redocly exactly as `npm run release` bundles it, so
 * that both sides have the same shape (one document per API, `#/components/...` references).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {API_SPECS, OPENAPI_DIR, specPath} from '../../src/data/api-table';
import {RELEASES_DIR, type ReleaseInfo} from '../../src/data/spec-changes';
import {bin, run, SITE_ROOT} from '../cli';
import {parseYamlData} from '../openapi/yaml-data';

/** An OpenAPI or AsyncAPI document, as parsed from YAML. */
export type SpecDocument = Record<string, unknown>;

/** One version of the whole spec: every API document, bundled. */
export interface SpecSnapshot {
  /** `X.Y.Z` of a release, or `working` for the spec under openapi/. */
  version: string;
  /** Release day (absent for the working spec). */
  date?: string;
  /** The eight OpenAPI documents by API name (API_SPECS). */
  apis: Record<string, SpecDocument>;
  /** The bundled AsyncAPI document of the WebSocket API, when the snapshot has one. */
  websocket?: SpecDocument;
  /** The site folder of a working spec, to find source lines in (absent for releases). */
  siteDir?: string;
}

/** File name of the AsyncAPI document: under openapi/ (as tools/spec/asyncapi.ts names it) and in a release folder. */
export const RELEASE_ASYNCAPI = 'websocket.asyncapi.yaml';
// Not imported from tools/spec/asyncapi.ts, which loads the AsyncAPI parser (slow) that a diff does not need.
const ASYNCAPI_FILE = `${OPENAPI_DIR}/${RELEASE_ASYNCAPI}`;
export const RELEASE_INFO = 'release.json';
export const RELEASE_CHANGES = 'changes.json';

const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;

/** `X.Y.Z` as three numbers, or undefined when it is not one. */
export function parseVersion(version: string): [number, number, number] | undefined {
  const m = SEMVER.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** Orders two `X.Y.Z` versions (negative when a < b). */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  if (!x || !y) throw new Error(`not a version X.Y.Z: ${x ? b : a}`);
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** The released versions, newest first (folders of RELEASES_DIR named X.Y.Z that hold a release.json). */
export function listReleases(siteDir = SITE_ROOT): ReleaseInfo[] {
  const dir = path.join(siteDir, RELEASES_DIR);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((v) => parseVersion(v) && fs.existsSync(path.join(dir, v, RELEASE_INFO)))
    .map((v) => readReleaseInfo(siteDir, v))
    .sort((a, b) => compareVersions(b.version, a.version));
}

function readReleaseInfo(siteDir: string, version: string): ReleaseInfo {
  const file = path.join(RELEASES_DIR, version, RELEASE_INFO);
  const info = JSON.parse(fs.readFileSync(path.join(siteDir, file), 'utf8')) as ReleaseInfo;
  if (info.version !== version || !/^\d{4}-\d{2}-\d{2}$/.test(info.date)) {
    throw new Error(`${file}: expected {"version": "${version}", "date": "YYYY-MM-DD"}, found ${JSON.stringify(info)}`);
  }
  return info;
}

/** The newest release, or undefined before the first one. */
export const latestRelease = (siteDir = SITE_ROOT): ReleaseInfo | undefined => listReleases(siteDir)[0];

function readYaml(file: string, label: string): SpecDocument {
  try {
    return parseYamlData(fs.readFileSync(file, 'utf8')) as SpecDocument;
  } catch (e) {
    throw new Error(`${label}: ${(e as Error).message.split('\n')[0]}`, {cause: e});
  }
}

/** The snapshot of a release, read from its folder. */
export function loadRelease(version: string, siteDir = SITE_ROOT): SpecSnapshot {
  const dir = path.join(RELEASES_DIR, version);
  if (!fs.existsSync(path.join(siteDir, dir, RELEASE_INFO))) {
    throw new Error(
      `${dir}: no such release (${RELEASE_INFO} missing); releases: ${
        listReleases(siteDir)
          .map((r) => r.version)
          .join(', ') || 'none'
      }`,
    );
  }
  const info = readReleaseInfo(siteDir, version);
  const apis: Record<string, SpecDocument> = {};
  for (const api of API_SPECS) {
    const file = path.join(dir, `${api}.yaml`);
    if (fs.existsSync(path.join(siteDir, file))) apis[api] = readYaml(path.join(siteDir, file), file);
  }
  const ws = path.join(dir, RELEASE_ASYNCAPI);
  const websocket = fs.existsSync(path.join(siteDir, ws)) ? readYaml(path.join(siteDir, ws), ws) : undefined;
  return {version: info.version, date: info.date, apis, websocket};
}

/** The stored changes.json of a release (its changes from the previous release). */
export function loadReleaseChanges(version: string, siteDir = SITE_ROOT): unknown {
  return JSON.parse(fs.readFileSync(path.join(siteDir, RELEASES_DIR, version, RELEASE_CHANGES), 'utf8'));
}

/**
 * Bundles the working spec with Redocly (the eight roots and the AsyncAPI document) into `outDir`, as
 * `<api>.yaml` and RELEASE_ASYNCAPI: the file layout of a release folder. Throws with Redocly's output on failure.
 */
export function bundleWorkingSpec(outDir: string, siteDir = SITE_ROOT): void {
  fs.mkdirSync(outDir, {recursive: true});
  // One Redocly run for every document: the AsyncAPI file keeps its name (RELEASE_ASYNCAPI) in `outDir`.
  const roots = [...API_SPECS.map((s) => specPath(s)), ...(fs.existsSync(path.join(siteDir, ASYNCAPI_FILE)) ? [ASYNCAPI_FILE] : [])];
  const {status, output} = run(bin('redocly', siteDir), ['bundle', ...roots, '-o', outDir, '--ext', 'yaml'], siteDir);
  if (status !== 0) throw new Error(`redocly bundle failed:\n${output}`);
}

/**
 * A folder in the layout of a release (`<api>.yaml` bundled, RELEASE_ASYNCAPI), read as the working spec of
 * `siteDir`: the working spec bundled by ./snapshots.ts, or the downloads `npm start` just bundled (static/openapi/).
 */
export function loadBundledSpec(dir: string, siteDir = SITE_ROOT): SpecSnapshot {
  const apis: Record<string, SpecDocument> = {};
  for (const api of API_SPECS) apis[api] = readYaml(path.join(dir, `${api}.yaml`), specPath(api));
  const ws = path.join(dir, RELEASE_ASYNCAPI);
  const websocket = fs.existsSync(ws) ? readYaml(ws, ASYNCAPI_FILE) : undefined;
  return {version: 'working', apis, websocket, siteDir};
}

/** The working spec under openapi/, bundled in a temporary folder that is removed again. */
export function loadWorkingSpec(siteDir = SITE_ROOT): SpecSnapshot {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-spec-diff-'));
  try {
    bundleWorkingSpec(tmp, siteDir);
    return loadBundledSpec(tmp, siteDir);
  } finally {
    fs.rmSync(tmp, {recursive: true, force: true});
  }
}
