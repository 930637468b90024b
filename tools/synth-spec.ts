/**
 * Synthetic OpenAPI spec for `npm run bench:scale`: rewrites the eight root documents of a (scratch) site's
 * openapi/ so that together they hold N operations, and the pipeline still accepts them.
 *
 * The real operations stay (the guides link to their routes, and `onBrokenLinks: 'throw'` would fail the
 * build without them); the N − real extra operations are copies of the real path operations, taken round-robin
 * over all eight files so every file and sidebar category grows. Each copy gets what tools/spec-model.ts
 * and Redocly require of an operation: a unique operationId (`<id>Bench<i>`), a unique path
 * (`/bench-<i><path>`), an `x-doc-slug` in the same category folder (`<slug>-bench-<i>`), its original
 * declared tag, and the shared Idempotency-Key parameter on POSTs (kept from the original). Each root is first
 * bundled in place by Redocly (its path files and components inlined under its own `components`), so every copied
 * `$ref` still resolves and every example still validates.
 *
 * Never run it on the worktree itself: it overwrites openapi/*.yaml (it refuses to).
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse, stringify} from 'yaml';
import {API_SPECS, HTTP_METHODS, specPath, type ApiSpecId} from '../src/data/api-table';
import {bin, run} from './cli';

const isMethod = (key: string): boolean => (HTTP_METHODS as readonly string[]).includes(key);

type Operation = Record<string, unknown> & {operationId: string; summary?: string; 'x-doc-slug': string};
type PathItem = Record<string, unknown>;
interface SpecDoc {
  paths?: Record<string, PathItem>;
  webhooks?: Record<string, PathItem>;
}

function countOperations(doc: SpecDoc): number {
  return [doc.paths, doc.webhooks]
    .flatMap((section) => Object.values(section ?? {}))
    .reduce((n, item) => n + Object.keys(item).filter(isMethod).length, 0);
}

export interface SynthResult {
  real: number;
  added: number;
  total: number;
  perSpec: Record<ApiSpecId, number>;
}

/** Rewrites `<siteDir>/openapi/<spec>.yaml` for N operations in total (real ones included). */
export function synthesizeSpecs(siteDir: string, n: number): SynthResult {
  if (path.resolve(siteDir) === path.resolve(__dirname, '..')) {
    throw new Error('synth-spec rewrites openapi/: run it on a scratch copy of the site, not on the worktree');
  }
  for (const spec of API_SPECS) {
    const bundled = run(bin('redocly', siteDir), ['bundle', specPath(spec), '-o', specPath(spec)], siteDir);
    if (bundled.status !== 0) throw new Error(`redocly bundle ${specPath(spec)} failed:\n${bundled.output}`);
  }
  const docs = new Map<ApiSpecId, SpecDoc>();
  for (const spec of API_SPECS) docs.set(spec, parse(fs.readFileSync(path.join(siteDir, specPath(spec)), 'utf8')) as SpecDoc);
  const real = [...docs.values()].reduce((sum, doc) => sum + countOperations(doc), 0);
  if (n < real) throw new Error(`N = ${n} is below the ${real} real operations the synthetic spec keeps`);

  // The templates: every real path operation, interleaved across files (file 1 op 1, file 2 op 1, …).
  const perFile = API_SPECS.map((spec) =>
    Object.entries(docs.get(spec)!.paths ?? {}).flatMap(([p, item]) =>
      Object.keys(item)
        .filter(isMethod)
        .map((method) => ({spec, path: p, method, op: item[method] as Operation})),
    ),
  );
  const templates = Array.from({length: Math.max(...perFile.map((f) => f.length))}, (_, i) => perFile.map((f) => f[i]))
    .flat()
    .filter((t) => t !== undefined);

  const added = n - real;
  for (let i = 1; i <= added; i++) {
    const t = templates[(i - 1) % templates.length];
    const op = structuredClone(t.op);
    op.operationId = `${t.op.operationId}Bench${i}`;
    op['x-doc-slug'] = `${t.op['x-doc-slug']}-bench-${i}`;
    op.summary = `${t.op.summary ?? t.op.operationId} (copy ${i})`;
    const doc = docs.get(t.spec)!;
    // Path-level parameters (if any) go with the copy.
    const {[t.method]: _self, ...pathLevel} = doc.paths![t.path];
    const shared = Object.fromEntries(Object.entries(pathLevel).filter(([k]) => !isMethod(k)));
    doc.paths![`/bench-${i}${t.path}`] = {...structuredClone(shared), [t.method]: op};
  }

  const perSpec = {} as Record<ApiSpecId, number>;
  for (const [spec, doc] of docs) {
    perSpec[spec] = countOperations(doc);
    fs.writeFileSync(path.join(siteDir, specPath(spec)), stringify(doc, {lineWidth: 0, aliasDuplicateObjects: false}));
  }
  return {real, added, total: real + added, perSpec};
}
