/**
 * Synthetic OpenAPI spec for `npm run bench:scale`: adds operations to a (scratch) site's openapi/ so that the
 * eight APIs together hold N operations, and the pipeline still accepts them.
 *
 * The real operations stay (the guides link to their routes, and `onBrokenLinks: 'throw'` would fail the
 * build without them); the N − real extra operations are copies of the real path operations, taken round-robin
 * over all eight files so every file and sidebar category grows. The spec keeps the repository's layout
 * (openapi/README.md), as a large API written by hand would: each copy is a path item file of its own beside
 * the one it copies (`paths/bench-<i>_<file>`, so every relative `$ref` in it still resolves and every example
 * still validates) and a `$ref` line in its root. Each copy gets what tools/spec/spec-model.ts and Redocly require of an
 * operation: a unique operationId (`<id>Bench<i>`), a unique path (`/bench-<i><path>`), an `x-doc-slug` in the same
 * category folder (`<slug>-bench-<i>`), its original declared tag, and the shared Idempotency-Key parameter on
 * POSTs (kept from the original), with the path item's own parameters.
 *
 * Never run it on the worktree itself: it rewrites openapi/ (it refuses to).
 */
import fs from 'node:fs';
import path from 'node:path';
import {stringify} from 'yaml';
import {API_SPECS, OPENAPI_DIR, specPath, type ApiSpecId} from '../../src/data/api-table';
import {PATH_ITEM_METHODS, pathItemOperations} from '../openapi/document';
import type {JsonObject} from '../openapi/json';
import {parseYamlData} from '../openapi/yaml-data';

/**
 * An operation key of a path item: the kernel's list (OpenAPI 3.2's `query` included), or its `additionalOperations`.
 * Copies are made of the first kind; a copy of a path item takes none of the others' operations.
 */
const isMethod = (key: string): boolean => (PATH_ITEM_METHODS as readonly string[]).includes(key);
const isOperationKey = (key: string): boolean => isMethod(key) || key === 'additionalOperations';

type Operation = Record<string, unknown> & {operationId: string; summary?: string; 'x-doc-slug': string};
type PathItem = Record<string, unknown>;
interface SpecDoc {
  paths?: Record<string, PathItem>;
  webhooks?: Record<string, PathItem>;
}

export interface SynthResult {
  real: number;
  added: number;
  total: number;
  perSpec: Record<ApiSpecId, number>;
}

/** A real path operation to copy, with the file its path item lives in (relative to openapi/). */
interface Template {
  spec: ApiSpecId;
  path: string;
  method: string;
  /** The path item file, or undefined when the path item is written inline in the root. */
  file?: string;
  item: PathItem;
}

const readYaml = (file: string): unknown => parseYamlData(fs.readFileSync(file, 'utf8'));
const writeYaml = (file: string, value: unknown): void => fs.writeFileSync(file, stringify(value, {lineWidth: 0, aliasDuplicateObjects: false}));

/** The path item an entry of `paths` stands for: the file its `$ref` names, or the entry itself. */
function pathItemOf(openapiDir: string, entry: PathItem): {file?: string; item: PathItem} {
  if (typeof entry.$ref !== 'string') return {item: entry};
  if (entry.$ref.includes('#')) throw new Error(`synth-spec copies whole path item files, not ${entry.$ref}`);
  return {file: entry.$ref, item: readYaml(path.join(openapiDir, entry.$ref)) as PathItem};
}

function countOperations(openapiDir: string, doc: SpecDoc): number {
  return [doc.paths, doc.webhooks]
    .flatMap((section) => Object.values(section ?? {}))
    .reduce((n, entry) => n + pathItemOperations(pathItemOf(openapiDir, entry).item as JsonObject).length, 0);
}

/** Adds operations to `<siteDir>/openapi/` until the eight APIs hold N in total (real ones included). */
export function synthesizeSpecs(siteDir: string, n: number): SynthResult {
  if (path.resolve(siteDir) === path.resolve(__dirname, '../..')) {
    throw new Error('synth-spec rewrites openapi/: run it on a scratch copy of the site, not on the worktree');
  }
  const openapiDir = path.join(siteDir, OPENAPI_DIR);
  const docs = new Map<ApiSpecId, SpecDoc>(API_SPECS.map((spec) => [spec, readYaml(path.join(siteDir, specPath(spec))) as SpecDoc]));
  const real = [...docs.values()].reduce((sum, doc) => sum + countOperations(openapiDir, doc), 0);
  if (n < real) throw new Error(`N = ${n} is below the ${real} real operations the synthetic spec keeps`);

  // The templates: every real path operation, interleaved across files (file 1 op 1, file 2 op 1, …).
  const perFile: Template[][] = API_SPECS.map((spec) =>
    Object.entries(docs.get(spec)!.paths ?? {}).flatMap(([p, entry]) => {
      const {file, item} = pathItemOf(openapiDir, entry);
      return Object.keys(item)
        .filter(isMethod)
        .map((method) => ({spec, path: p, method, file, item}));
    }),
  );
  const templates = Array.from({length: Math.max(...perFile.map((f) => f.length))}, (_, i) => perFile.map((f) => f[i]))
    .flat()
    .filter((t) => t !== undefined);

  const added = n - real;
  for (let i = 1; i <= added; i++) {
    const t = templates[(i - 1) % templates.length];
    const source = t.item[t.method] as Operation;
    const op = structuredClone(source);
    op.operationId = `${source.operationId}Bench${i}`;
    op['x-doc-slug'] = `${source['x-doc-slug']}-bench-${i}`;
    op.summary = `${source.summary ?? source.operationId} (copy ${i})`;
    // The path item's own keys (parameters, servers) go with the copy; its other operations do not.
    const copy: PathItem = {...structuredClone(Object.fromEntries(Object.entries(t.item).filter(([k]) => !isOperationKey(k)))), [t.method]: op};
    const route = `/bench-${i}${t.path}`;
    if (t.file) {
      const file = path.posix.join(path.posix.dirname(t.file), `bench-${i}_${path.posix.basename(t.file)}`);
      writeYaml(path.join(openapiDir, file), copy);
      docs.get(t.spec)!.paths![route] = {$ref: file};
    } else {
      docs.get(t.spec)!.paths![route] = copy;
    }
  }

  const perSpec = {} as Record<ApiSpecId, number>;
  for (const [spec, doc] of docs) {
    perSpec[spec] = countOperations(openapiDir, doc);
    writeYaml(path.join(siteDir, specPath(spec)), doc);
  }
  return {real, added, total: real + added, perSpec};
}
