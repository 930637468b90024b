/**
 * Generates the API reference pages from openapi/, safely:
 * 1. checks what the portal relies on and Redocly cannot express (tools/spec/spec-model.ts), then lints with Redocly
 *    (tools/spec/spec-lint.ts), all with file:line messages;
 * 2. reads each API with the OpenAPI kernel (tools/openapi) and, for every operation and webhook, builds its
 *    reference model (tools/reference) and writes, into a temporary folder: its page (src/plugins/operation-page/generate/page.ts), its
 *    static reference and try-it files, its model and its code samples' sources; then the components shown apart;
 * 3. reports every operation that failed, each with its cause and its file:line in the spec (not only the first);
 * 4. checks that every operation has exactly one page at its pin, writes the manifest, and only then brings
 *    docs/api/reference to the new files (syncInto). Any failure before leaves the last good ones untouched.
 * The workflow pages (the workflow-steps feature's writer, src/plugins/workflow-steps/generate/pages.ts, one per Arazzo
 * workflow, into docs/guides/workflows) are made from the same bundled APIs before anything is written, and synced with
 * the operation pages, which link to them.
 */
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import kebabCase from 'lodash/kebabCase';
import {parse} from 'yaml';
import {API_SPECS, GEN_OUT_ENV, GENERATED_DIR, MANIFEST_FILE, type ApiManifestEntry} from '../../../data/api-table';
import {WORKFLOW_PAGES_DIR} from '../../../data/navigation';
import {
  COMPONENT_FOLDER,
  LINKS_FILE,
  MODEL_FOLDER,
  operationFileName,
  REFERENCE_HTML_FOLDER,
  TRY_IT_FOLDER,
  componentFileName,
  type ReferenceFile,
} from '../../../data/static-reference';
import {apiSources, derivedSlug, type ApiSource} from './api-sources';
import {codeSampleBlocks, codeSamples, SAMPLE_SOURCES_FOLDER} from './code-samples';
import {deferHiddenPanels} from './defer-panels';
import {pageMdx, type PageOperation} from './page';
import {withTagCategories} from './tag-categories';
import {tagTrails} from './tag-trails';
import {tryItFile} from './try-it';
import {docusaurusCli, run} from '../../../../tools/cli';
import type {ApiDocument, ApiOperation} from '../../../../tools/openapi/document';
import {loadApi, SpecLoadError} from '../../../../tools/openapi/load';
import {replaceIfChanged} from '../../../../tools/cli/files';
import {buildComponentModel, buildOperationModel} from '../../../../tools/reference/build';
import {renderComponentHtml, renderReferenceHtml, type HtmlContext} from '../../../../tools/reference/html';
import type {ComponentModel, Direction, OperationModel} from '../../../../tools/reference/model';
import {proseHtml} from '../../../../tools/reference/prose';
import {lintProblems, lintSpec} from '../../../../tools/spec/spec-lint';
import {loadOperations, SpecError, type Operation} from '../../../../tools/spec/spec-model';
import {usedInWorkflowsMdx, workflowUseKey, WorkflowPageError, workflowPages, type WorkflowUse} from '../../workflow-steps/generate/pages';

/** `npm run bench -- --stock`: the pages are the OpenAPI plugin's own (`docusaurus gen-api-docs`), for comparison. */
const STOCK = process.env.NOVARAMP_STOCK_API_ITEM === '1';

/** What the model reported on a spec published as someone else's (bench:corpus counts them). */
export const PROBLEMS_FILE = 'problems.json';

export class GenerationError extends Error {}

export interface SpecLink {
  route: string;
  href: string;
  /** `file:line` of the operation in the spec. */
  at: string;
}

export interface GenerationProblem {
  api: string;
  operationId?: string;
  at: string;
  message: string;
}

interface PageFrontMatter {
  id: string;
  reference_file?: string;
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
      // The plugin's own encoding (the stock build of `npm run bench -- --stock`): deflate + base64. relies on: api-front-matter-encoding
      if (typeof front.api === 'string') front.api = JSON.parse(zlib.inflateSync(Buffer.from(front.api, 'base64')).toString('utf8')) as PageFrontMatter['api'];
      const slug = front.slug ?? '';
      if (!front.api?.operationId || !slug) throw new GenerationError(`${file}: generated without an operationId or a slug`);
      return {
        operationId: front.api.operationId,
        api: file.split(/[\\/]/)[0],
        docId: path.posix.join(docsRelDir, path.posix.dirname(file.split(path.sep).join('/')), front.id),
        route: `/docs${slug}`,
        method: front.api.method ?? '',
        category: path.posix.dirname(slug),
        label: front.sidebar_label ?? front.title ?? front.api.operationId,
        ...(front.reference_file ? {referenceFile: front.reference_file} : {}),
      };
    });
}

/** Every operation of the portal's APIs has one page at its pin, and no page of theirs is left over. */
function checkPages(ops: Operation[], allPages: ApiManifestEntry[]): string[] {
  const pages = allPages.filter((p) => (API_SPECS as readonly string[]).includes(p.api));
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
    new Set(
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir, {recursive: true, withFileTypes: true})
            .filter((e) => e.isFile())
            .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
        : [],
    );
  const wanted = files(source);
  const manifest = path.relative(GENERATED_DIR, MANIFEST_FILE);
  const first = [REFERENCE_HTML_FOLDER, COMPONENT_FOLDER, TRY_IT_FOLDER].map((f) => `${f}${path.sep}`);
  const rank = (file: string): number => (first.some((f) => file.startsWith(f)) ? 0 : file === manifest ? 2 : 1);
  for (const file of [...wanted].sort((a, b) => rank(a) - rank(b))) replaceIfChanged(path.join(target, file), fs.readFileSync(path.join(source, file)));
  for (const file of files(target)) if (!wanted.has(file)) fs.rmSync(path.join(target, file));
}

/** Writes a file of the pages being generated. */
function write(out: string, file: string, text: string): void {
  const abs = path.join(out, file);
  fs.mkdirSync(path.dirname(abs), {recursive: true});
  fs.writeFileSync(abs, text);
}

/** Writes a content-named JSON file (`<16 hex>.json`) into `folder` and returns its name. */
function writeHashed(out: string, folder: string, text: string): string {
  const name = `${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`;
  write(out, path.join(folder, name), text);
  return name;
}

export interface GenerateOptions {
  /** Print `n/total operations` (on stderr, or to `write`) at most every `everyMs` (a long run), and when done. */
  progress?: {everyMs: number; write?: (line: string) => void};
  /**
   * The release badges line of an operation's page (MDX, or empty): the changelog feature makes it
   * (src/plugins/changelog/release-badges.ts `releaseBadgesOf`), and the entry scripts pass it in: a seam kept from
   * when this writer was kernel (tools/ may not import a feature); as a feature now, it could import it itself.
   */
  releaseBadges: (operation: PageOperation) => string;
}

/** Progress of a long run. */
function progress(every: GenerateOptions['progress'], total: number): (done: number) => void {
  let last = Date.now();
  const write = every?.write ?? ((line: string) => process.stderr.write(line));
  return (done) => {
    if (!every || (Date.now() - last < every.everyMs && done < total)) return;
    last = Date.now();
    write(`[gen:api] ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} operations\n`);
  };
}

interface ApiRun {
  source: ApiSource;
  doc: ApiDocument;
}

/**
 * Generates the pages of every API into `out`; returns what they link to and the problems found. `uses`: the
 * workflow steps that call each operation (`<api>.<operationId>`), listed on its page.
 */
function generateInto(
  runs: ApiRun[],
  out: string,
  {progress: showProgress, releaseBadges}: GenerateOptions,
  uses = new Map<string, WorkflowUse[]>(),
): {links: SpecLink[]; problems: GenerationProblem[]} {
  const links: SpecLink[] = [];
  const problems: GenerationProblem[] = [];
  const total = runs.reduce((n, r) => n + r.doc.operations().length, 0);
  const tick = progress(showProgress, total);
  let done = 0;
  for (const {source, doc} of runs) {
    const components = new Map<string, {ref: string; direction: Direction}>();
    const pageIds = new Set<string>();
    const ctx = (route: string, at: string): HtmlContext & {flush: (operationId?: string) => void} => {
      const c = {
        foreign: source.foreign,
        componentFile: (ref: string, direction: string) => componentFileName(source.id, direction, ref),
        links: [] as string[],
        problems: [] as string[],
        flush: (operationId?: string) => {
          links.push(...c.links.map((href) => ({route, href, at})));
          problems.push(...c.problems.map((message) => ({api: source.id, operationId, at, message})));
        },
      };
      return c;
    };
    for (const op of doc.operations()) {
      const at = doc.where(op.pointer);
      try {
        const model = buildOperationModel(doc, op, {api: source.id});
        const slug = source.foreign ? derivedSlug(source, op) : String(op.operation['x-doc-slug'] ?? '');
        if (!slug) throw new Error('no x-doc-slug: the route of its page is not pinned');
        const route = `/docs${slug}`;
        const c = ctx(route, at);
        problems.push(...model.problems.map((p) => ({api: source.id, operationId: model.operationId, at: p.at ?? at, message: p.message})));
        for (const r of model.refs) components.set(`${r.ref}|${r.direction}`, r);
        writeOperation(out, source, model, slug, c, releaseBadges, pageIds, usedInWorkflowsMdx(uses.get(workflowUseKey(source.id, model.operationId)) ?? []));
        c.flush(model.operationId);
      } catch (error) {
        problems.push({api: source.id, operationId: op.operationId, at, message: `generation failed: ${(error as Error).message}`});
      }
      tick(++done);
    }
    // The components the operations show apart, and the ones those show apart in turn, each once.
    const queue = [...components.values()];
    for (let i = 0; i < queue.length; i++) {
      const {ref, direction} = queue[i];
      const at = doc.where(ref);
      try {
        const component = buildComponentModel(doc, ref, direction, {api: source.id});
        for (const r of component.refs) {
          const key = `${r.ref}|${r.direction}`;
          if (!components.has(key)) {
            components.set(key, r);
            queue.push(r);
          }
        }
        problems.push(...component.problems.map((p) => ({api: source.id, at: p.at ?? at, message: p.message})));
        const c = ctx('', at);
        writeComponent(out, source, component, c);
        c.flush();
      } catch (error) {
        problems.push({api: source.id, at, message: `the component ${ref} failed: ${(error as Error).message}`});
      }
    }
  }
  return {links, problems};
}

/** `pageIds`: the page ids of the API so far (two operationIds may make the same one: `getFoo`, `get_foo`). */
function writeOperation(
  out: string,
  source: ApiSource,
  model: OperationModel,
  slug: string,
  ctx: HtmlContext,
  releaseBadges: GenerateOptions['releaseBadges'],
  pageIds: Set<string>,
  workflowUses: string,
): void {
  const html = renderReferenceHtml(model, ctx);
  const referenceFile = writeHashed(out, REFERENCE_HTML_FOLDER, JSON.stringify(deferHiddenPanels(html) satisfies ReferenceFile));
  const tryIt = model.kind === 'webhook' ? undefined : writeHashed(out, TRY_IT_FOLDER, JSON.stringify(tryItFile(model)));
  const samples = codeSamples(model, {typed: !source.foreign});
  const description = model.description ? proseHtml(model.description, {headingLevel: 2, foreign: source.foreign}) : undefined;
  if (description) {
    ctx.links.push(...description.links);
    ctx.problems.push(...description.problems);
  }
  const method = model.kind === 'webhook' ? 'event' : model.method;
  const badges = source.foreign
    ? ''
    : releaseBadges({
        method,
        path: model.path,
        operationId: model.operationId,
        deprecated: model.deprecated,
        'x-doc-slug': slug,
        'x-sunset': model.extensions['x-sunset'] as string | undefined,
      });
  const base = kebabCase(model.operationId) || 'operation';
  let id = base;
  for (let n = 2; pageIds.has(id); n++) id = `${base}-${n}`;
  pageIds.add(id);
  const mdx = pageMdx({
    model,
    id,
    slug,
    referenceFile,
    tryItFile: tryIt,
    descriptionHtml: description?.html ?? '',
    badges,
    codeSamples: codeSampleBlocks(samples),
    workflowUses,
  });
  write(out, path.join(source.id, `${id}.api.mdx`), mdx);
  write(out, path.join(SAMPLE_SOURCES_FOLDER, operationFileName(source.id, model.operationId)), JSON.stringify(samples));
  write(out, path.join(MODEL_FOLDER, operationFileName(source.id, model.operationId)), JSON.stringify(model));
}

function writeComponent(out: string, source: ApiSource, component: ComponentModel, ctx: HtmlContext): void {
  const file = componentFileName(source.id, component.direction, component.ref);
  write(out, path.join(COMPONENT_FOLDER, file), JSON.stringify(deferHiddenPanels(renderComponentHtml(component, ctx)) satisfies ReferenceFile));
  write(out, path.join(MODEL_FOLDER, COMPONENT_FOLDER, file), JSON.stringify(component));
}

/** The OpenAPI plugin's own pages in place of ours (the stock build of the bench), generated into `out`. */
function stockPages(siteDir: string, out: string): void {
  for (const file of fs.readdirSync(out, {recursive: true, encoding: 'utf8'})) if (file.endsWith('.api.mdx')) fs.rmSync(path.join(out, file));
  const gen = run(process.execPath, [docusaurusCli(siteDir), 'gen-api-docs', 'all'], siteDir, {[GEN_OUT_ENV]: path.relative(siteDir, out)});
  if (gen.status !== 0) throw new GenerationError(`docusaurus gen-api-docs exited with ${gen.status}\n${gen.output.split('\n').slice(-20).join('\n')}`);
}

/** Checks, lints and generates; returns the manifest. Throws SpecError (tools/spec/spec-model.ts) or GenerationError, the output untouched. */
export async function generateApiPages(siteDir: string, options: GenerateOptions): Promise<ApiManifestEntry[]> {
  const ops = loadOperations(siteDir);
  const lint = lintSpec(siteDir);
  if (!lint.ok) throw new GenerationError(['Redocly lint failed:', ...lintProblems(lint.output)].join('\n'));

  const sources = apiSources(siteDir);
  const runs: ApiRun[] = [];
  const loadProblems: string[] = [];
  for (const source of sources) {
    try {
      const doc = await loadApi(source.file, {siteDir, unresolved: source.foreign ? 'report' : 'error'});
      runs.push({source, doc});
      loadProblems.push(...doc.loadProblems);
    } catch (error) {
      if (!(error instanceof SpecLoadError)) throw error;
      loadProblems.push(...error.problems);
      if (!source.foreign) throw new GenerationError(error.problems.join('\n'));
    }
  }

  // The workflow pages (src/plugins/workflow-steps/generate/pages.ts), from the same bundled APIs: made before anything
  // is written, so a workflow whose step calls no operation fails generation with its file:line and leaves every page
  // as it was.
  let workflows: ReturnType<typeof workflowPages>;
  try {
    workflows = workflowPages(siteDir, new Map(runs.filter((r) => !r.source.foreign).map((r) => [r.source.id, r.doc])));
  } catch (error) {
    if (error instanceof WorkflowPageError) throw new GenerationError(['The workflow pages could not be generated:', ...error.problems].join('\n'));
    throw error;
  }

  const tmp = fs.mkdtempSync(path.join(siteDir, '.api-gen-'));
  const workflowTmp = fs.mkdtempSync(path.join(siteDir, '.api-gen-workflows-'));
  try {
    const {links, problems} = generateInto(runs, tmp, options, workflows.uses);
    const own = problems.filter((p) => !sources.find((s) => s.id === p.api)?.foreign);
    if (own.length) {
      throw new GenerationError(
        [
          `${new Set(own.map((p) => p.operationId ?? p.at)).size} operation(s) or component(s) could not be generated:`,
          ...own.map((p) => `${p.at}: ${p.operationId ? `${p.operationId}: ` : ''}${p.message}`),
        ].join('\n'),
      );
    }
    if (STOCK) stockPages(siteDir, tmp);
    // The categories of nested tags (OpenAPI 3.2 `parent`) below the API table's, from every API's tags.
    const trails = new Map(runs.flatMap((r) => [...tagTrails(r.doc)]));
    const pages = withTagCategories(readGeneratedPages(tmp), trails);
    const mismatch = checkPages(ops, pages);
    if (mismatch.length) throw new GenerationError(mismatch.join('\n'));
    write(tmp, LINKS_FILE, JSON.stringify(links));
    write(tmp, PROBLEMS_FILE, JSON.stringify({load: loadProblems, model: problems}));
    write(tmp, path.relative(GENERATED_DIR, MANIFEST_FILE), `${JSON.stringify(pages, null, 2)}\n`);
    for (const [file, mdx] of workflows.pages) write(workflowTmp, file, mdx);
    // The workflow pages first: the operation pages link to them.
    syncInto(workflowTmp, path.join(siteDir, WORKFLOW_PAGES_DIR));
    syncInto(tmp, path.join(siteDir, GENERATED_DIR));
    return pages;
  } finally {
    fs.rmSync(tmp, {recursive: true, force: true});
    fs.rmSync(workflowTmp, {recursive: true, force: true});
  }
}

/** The problems of a generation that failed on the spec (a SpecError or a GenerationError), one per line; undefined for
 * any other error (a bug, to be thrown as it is). */
export function generationProblems(error: unknown): string[] | undefined {
  if (error instanceof SpecError) return error.problems;
  if (error instanceof GenerationError) return error.message.split('\n');
  return undefined;
}

/** What `npm run gen:api` prints when generation fails on the spec: every problem, and that the last good pages were kept. */
export function failureReport(error: unknown): string | undefined {
  const problems = generationProblems(error);
  if (problems === undefined) return undefined;
  return `\n✖ API generation failed; the previous pages in ${GENERATED_DIR}/ were left untouched.\n${problems.map((p) => `  ${p}`).join('\n')}\n`;
}

export type {ApiOperation};
