/**
 * Steps 1–4 of the Markdown copies (./index.ts runs them after the llms-txt plugin's postBuild): the
 * operation and event pages from their reference models, the directive atop every copy, the Workflows section of
 * llms.txt, llms-full.txt from the final copies. Apart from the plugin so that tests and tools read llms.txt without
 * loading the llms-txt plugin and its Docusaurus dependencies (ES modules only in Docusaurus 4).
 */
import fs from 'node:fs';
import path from 'node:path';
import {GENERATED_DIR, MANIFEST_FILE, type ApiManifestEntry} from '../../data/api-table';
import {LLMS_FULL_TXT, LLMS_TXT, markdownDirective, markdownPath} from '../../data/agent-docs';
import {SITE_URL} from '../../data/brand';
import {COMPONENT_FOLDER, COMPONENT_URL, componentFileName, MODEL_FOLDER, operationFileName} from '../../data/static-reference';
import {readSampleSources, SAMPLE_SOURCES_FOLDER} from '../operation-page/generate/code-samples';
import {componentMarkdown, operationMarkdown} from '../../../tools/reference/markdown';
import type {ComponentModel, Direction, OperationModel} from '../../../tools/reference/model';
import {workflowDownloadPath} from '../../../tools/workflows/publish';
import {withWorkflowsSection, workflowEntries, workflowsSection} from './workflows';
// relies on: llms-full-txt-layout
import {LLMS_FULL_HEADER, LLMS_FULL_SEPARATOR} from '../../upstream/llms-txt-layout';

export class MarkdownGenerationError extends Error {}

/**
 * The Markdown of every page of the manifest, from the reference models gen:api wrote beside the pages (the models the
 * pages were rendered from), keyed by the copy's path in `outDir`. Throws, naming the file, when one is missing.
 */
export async function operationPages(siteDir: string, outDir: string, manifestFile = MANIFEST_FILE): Promise<Map<string, string>> {
  const manifestPath = path.join(siteDir, manifestFile);
  if (!fs.existsSync(manifestPath)) throw new MarkdownGenerationError(`${manifestFile} is missing: run \`npm run gen:api\` (npm run build does).`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as ApiManifestEntry[];
  const generated = path.join(siteDir, GENERATED_DIR);
  const hasMarkdown = (route: string) => fs.existsSync(path.join(outDir, markdownPath(route)));
  const readJson = <T>(file: string): T => {
    if (!fs.existsSync(path.join(generated, file)))
      throw new MarkdownGenerationError(`${GENERATED_DIR}/${file} is missing: run \`npm run gen:api\` (npm run build does).`);
    return JSON.parse(fs.readFileSync(path.join(generated, file), 'utf8')) as T;
  };
  const pages = new Map<string, string>();
  for (const entry of manifest) {
    const model = readJson<OperationModel>(path.join(MODEL_FOLDER, operationFileName(entry.api, entry.operationId)));
    // The samples the page shows, as gen:api recorded them (src/plugins/operation-page/generate/code-samples.ts).
    const codeSamples = readSampleSources(generated, entry.api, entry.operationId);
    if (!codeSamples)
      throw new MarkdownGenerationError(
        `${GENERATED_DIR}/${SAMPLE_SOURCES_FOLDER}/${operationFileName(entry.api, entry.operationId)} is missing: run \`npm run gen:api\` (npm run build does).`,
      );
    try {
      pages.set(markdownPath(entry.route), operationMarkdown({model, codeSamples, hasMarkdown, componentUrl: componentCopyUrl(model.api)}));
    } catch (e) {
      throw new MarkdownGenerationError(
        `${GENERATED_DIR}/${MODEL_FOLDER}/${operationFileName(entry.api, entry.operationId)} (${entry.route}): ${(e as Error).message}`,
      );
    }
  }
  return pages;
}

/** The URL of the copy of a component shown apart (beside its reference file: componentPages). */
const componentCopyUrl =
  (api: string) =>
  (ref: string, direction: Direction): string =>
    `${SITE_URL}${COMPONENT_URL}${componentFileName(api, direction, ref).replace(/\.json$/, '.md')}`;

/**
 * The copies of the components shown apart (a real API's largest operations: tools/reference, SchemaRef), one per
 * component model gen:api wrote, keyed by their path in `outDir` (beside their reference file): an operation's copy
 * links to them, as its page loads them on demand.
 */
export function componentPages(siteDir: string, outDir: string): Map<string, string> {
  const dir = path.join(siteDir, GENERATED_DIR, MODEL_FOLDER, COMPONENT_FOLDER);
  const hasMarkdown = (route: string) => fs.existsSync(path.join(outDir, markdownPath(route)));
  const pages = new Map<string, string>();
  if (!fs.existsSync(dir)) return pages;
  for (const file of fs.readdirSync(dir, {recursive: true, encoding: 'utf8'}).filter((f) => f.endsWith('.json'))) {
    const component = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ComponentModel;
    pages.set(
      path.posix.join(
        COMPONENT_URL,
        file
          .split(path.sep)
          .join('/')
          .replace(/\.json$/, '.md'),
      ),
      componentMarkdown({component, hasMarkdown, componentUrl: componentCopyUrl(component.api)}),
    );
  }
  return pages;
}

/** The site paths of the Markdown copies llms.txt links to, in its order (`/docs/x.md`). */
export function llmsTxtCopies(llmsTxt: string): string[] {
  const paths: string[] = [];
  const prefix = SITE_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const m of llmsTxt.matchAll(new RegExp(`\\]\\(${prefix}(/[^)\\s]*\\.md)\\)`, 'g'))) if (!paths.includes(m[1])) paths.push(m[1]);
  return paths;
}

/** The route a copy is of: `/docs/x.md` → `/docs/x`, `/index.md` → `/`. */
export const routeOfCopy = (copy: string): string => (copy === '/index.md' ? '/' : copy.replace(/\.md$/, ''));

/**
 * Steps 1–4 on a build whose copies the llms-txt plugin has written: the operation pages from the spec, the
 * directive at the top of every copy, llms-full.txt from the final copies.
 */
export async function finishMarkdown(
  siteDir: string,
  outDir: string,
  manifestFile?: string,
): Promise<{operations: number; copies: number; components: number}> {
  const llmsTxtFile = path.join(outDir, LLMS_TXT);
  if (!fs.existsSync(llmsTxtFile)) throw new MarkdownGenerationError(`${path.relative(siteDir, llmsTxtFile)} is missing: the llms-txt plugin wrote nothing.`);
  const written = fs.readFileSync(llmsTxtFile, 'utf8');
  const workflows = workflowEntries(siteDir);
  for (const {id} of workflows) {
    for (const ext of ['yaml', 'json'] as const) {
      if (!fs.existsSync(path.join(outDir, workflowDownloadPath(id, ext))))
        throw new MarkdownGenerationError(`${workflowDownloadPath(id, ext)} is not in the build: run \`npm run bundle:spec\` (npm run build does).`);
    }
  }
  const llmsTxt = withWorkflowsSection(
    written,
    workflowsSection(workflows, (copy) => fs.existsSync(path.join(outDir, copy))),
  );
  const copies = llmsTxtCopies(llmsTxt);
  const operations = await operationPages(siteDir, outDir, manifestFile);
  const finished = new Map<string, string>();
  for (const copy of copies) {
    const file = path.join(outDir, copy);
    const body = operations.get(copy) ?? (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);
    if (body === undefined) throw new MarkdownGenerationError(`llms.txt links to ${SITE_URL}${copy}, which was not written.`);
    // Idempotent: a copy that already starts with its directive (a second run on the same build) keeps one.
    const directive = markdownDirective(routeOfCopy(copy));
    const content = body.startsWith(directive) ? body.slice(directive.length) : body;
    finished.set(copy, `${directive}\n\n${content.replace(/^\s+/, '')}`);
  }
  for (const copy of operations.keys()) {
    if (!finished.has(copy)) throw new MarkdownGenerationError(`llms.txt does not list the operation page ${SITE_URL}${copy}.`);
  }
  for (const [copy, text] of finished) fs.writeFileSync(path.join(outDir, copy), text);
  if (llmsTxt !== written) fs.writeFileSync(llmsTxtFile, llmsTxt);
  const components = componentPages(siteDir, outDir);
  for (const [copy, text] of components) {
    fs.mkdirSync(path.dirname(path.join(outDir, copy)), {recursive: true});
    fs.writeFileSync(path.join(outDir, copy), text);
  }
  // The layout of the llms-txt plugin's llms-full.txt: the index, then every page but the home page.
  const full = [`${llmsTxt}${LLMS_FULL_HEADER}`];
  for (const [copy, text] of finished) if (copy !== '/index.md') full.push(`${text}${LLMS_FULL_SEPARATOR}`);
  fs.writeFileSync(path.join(outDir, LLMS_FULL_TXT), full.join(''));
  return {operations: operations.size, copies: finished.size, components: components.size};
}
