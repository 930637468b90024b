/**
 * Generates the API reference pages from openapi/ with docusaurus-plugin-openapi-docs, safely:
 * 1. checks what the portal relies on and Redocly cannot express (tools/spec-model.ts), then lints with Redocly
 *    (tools/spec-lint.ts: dangling $refs, examples that do not match their schemas, missing pins, …), all with
 *    file:line messages;
 * 2. runs the plugin's `gen-api-docs` into a temporary folder (the plugin skips existing files, so it always
 *    starts empty);
 * 3. reads back what it wrote into a manifest (operation id, doc id, route, method, category, label) and checks
 *    that every operation has exactly one page;
 * 4. only then brings docs/api/reference to the new pages, manifest and reference files (syncInto). Any failure
 *    before leaves the last good ones untouched.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {parse} from 'yaml';
import {GENERATED_DIR, MANIFEST_FILE, type ApiManifestEntry} from '../src/data/api-table';
import {REFERENCE_HTML_FOLDER} from '../src/data/static-reference';
import {docusaurusCli, run} from './cli';
import {replaceIfChanged} from './files';
import {lintProblems, lintSpec} from './spec-lint';
import {loadOperations, type Operation} from './spec-model';

/** docusaurus.config.ts points the OpenAPI plugin's output here when set (a folder relative to the site). */
export const GEN_OUT_ENV = 'NOVARAMP_API_GEN_DIR';

export class GenerationError extends Error {}

interface PageFrontMatter {
  id: string;
  slug?: string;
  sidebar_label?: string;
  title?: string;
  api?: {operationId?: string; method?: string};
}

/** The manifest of the pages in `dir` (a folder laid out like docs/api/reference), from their front matter. */
export function readGeneratedPages(dir: string, docsRelDir = GENERATED_DIR.replace(/^docs\//, '')): ApiManifestEntry[] {
  return fs
    .readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((f) => f.endsWith('.api.mdx'))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const front = parse(/^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? '') as Omit<PageFrontMatter, 'api'> & {api?: PageFrontMatter['api'] | string};
      // The plugin's own encoding unless told otherwise (the stock build of `npm run bench -- --stock`): deflate + base64.
      if (typeof front.api === 'string') front.api = JSON.parse(zlib.inflateSync(Buffer.from(front.api, 'base64')).toString('utf8')) as PageFrontMatter['api'];
      const slug = front.slug ?? '';
      if (!front.api?.operationId || !slug) throw new GenerationError(`${file}: generated without an operationId or a slug`);
      return {
        operationId: front.api.operationId,
        docId: path.posix.join(docsRelDir, path.posix.dirname(file.split(path.sep).join('/')), front.id),
        route: `/docs${slug}`,
        method: front.api.method ?? '',
        // Pins are checked to lie in an API category before generation (tools/spec-model.ts).
        category: path.posix.dirname(slug),
        label: front.sidebar_label ?? front.title ?? front.api.operationId,
      };
    });
}

/** Every operation has one page at its pin, and no page is left over. */
function checkPages(ops: Operation[], pages: ApiManifestEntry[]): string[] {
  const byId = new Map(pages.map((p) => [p.operationId, p]));
  const problems = ops.flatMap((op) => {
    const page = byId.get(op.operationId);
    if (!page) return [`${op.file}:${op.line}: ${op.operationId}: no page was generated`];
    return page.route === `/docs${op.slug}` ? [] : [`${op.file}:${op.line}: ${op.operationId}: generated at ${page.route}, pinned to /docs${op.slug}`];
  });
  if (pages.length !== ops.length) problems.push(`${pages.length} pages generated for ${ops.length} operations`);
  return problems;
}

/**
 * Makes `target` hold what `source` holds, file by file: each changed or new file is written beside its place and
 * renamed over it, each file `source` lacks is deleted, unchanged files are left alone. Not a rename of the whole
 * folder: the dev server's file watchers watch the folders they saw, and a page written into a folder that replaced
 * the one they watch never reached the open browser (only the first change after `npm start` did). Only what
 * changed is rebuilt, too. Order matters to an open page: the reference files a page names are in place before the
 * page (else the dev server reloads it and its fetch finds nothing), the manifest comes last, stale files go after.
 */
export function syncInto(source: string, target: string): void {
  const files = (dir: string): Set<string> =>
    new Set(fs.existsSync(dir) ? fs.readdirSync(dir, {recursive: true, withFileTypes: true}).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))) : []);
  const wanted = files(source);
  const manifest = path.relative(GENERATED_DIR, MANIFEST_FILE);
  const rank = (file: string): number => (file.startsWith(`${REFERENCE_HTML_FOLDER}${path.sep}`) ? 0 : file === manifest ? 2 : 1);
  for (const file of [...wanted].sort((a, b) => rank(a) - rank(b))) replaceIfChanged(path.join(target, file), fs.readFileSync(path.join(source, file)));
  for (const file of files(target)) if (!wanted.has(file)) fs.rmSync(path.join(target, file));
}

/** Checks, lints and generates; returns the manifest. Throws SpecError (tools/spec-model.ts) or GenerationError, the output untouched. */
export function generateApiPages(siteDir: string): ApiManifestEntry[] {
  const ops = loadOperations(siteDir);
  const lint = lintSpec(siteDir);
  if (!lint.ok) throw new GenerationError(['Redocly lint failed:', ...lintProblems(lint.output)].join('\n'));

  const tmp = fs.mkdtempSync(path.join(siteDir, '.api-gen-'));
  try {
    const gen = run(process.execPath, [docusaurusCli(siteDir), 'gen-api-docs', 'all'], siteDir, {[GEN_OUT_ENV]: path.relative(siteDir, tmp)});
    if (gen.status !== 0) {
      const errors = gen.output.split('\n').filter((l) => /error|fail|cannot|unexpected|invalid/i.test(l));
      throw new GenerationError([`docusaurus gen-api-docs exited with ${gen.status}`, ...errors.slice(0, 40)].join('\n'));
    }
    const pages = readGeneratedPages(tmp);
    const problems = checkPages(ops, pages);
    if (problems.length) throw new GenerationError(problems.join('\n'));
    fs.writeFileSync(path.join(tmp, path.relative(GENERATED_DIR, MANIFEST_FILE)), `${JSON.stringify(pages, null, 2)}\n`);

    syncInto(tmp, path.join(siteDir, GENERATED_DIR));
    return pages;
  } finally {
    fs.rmSync(tmp, {recursive: true, force: true});
  }
}
