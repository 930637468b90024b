/**
 * Remark plugin: `::workflow-step{workflow="<workflowId>" step="<stepId>"}` on a line of its own becomes that step
 * of the Arazzo workflow as its workflow page shows it (./generate/pages.ts: one writer): the operation and the
 * workflow it comes from, linked, the variables its samples read and set, and its samples in `<Tabs groupId="lang">`.
 * The page imports Tabs and TabItem as every page with tabs does (the imports that tell src/plugins/static-tabs, which
 * runs next, that they are the theme's tabs: it renders them as static markup and drops the imports). A step that does not exist fails the build with
 * the page's file and line (tools/content/guide-steps.ts checks the same in `npm run lint:api`).
 *
 * With the `samples` option (the site's build: src/plugins/workflow-steps says why), each sample's fenced code is
 * not left in the page, where it became a string of highlighted HTML in the page's JS module: it is a
 * `<component file="<name>" sample="<index>" />` that renders the sample from the step's file of its own
 * (stepSampleFiles: every step's samples highlighted as static-code highlights a fenced block, named by a hash of
 * them). Without it (the checks, the tests of the directive), the samples stay fenced code in the page.
 *
 * The workflow pages themselves (WORKFLOW_PAGES_DIR, written by `npm run gen:api`) get the same with `samples`: each
 * of their `<Tabs>` of samples (a step's four languages, the page's setup) is a file of its own (workflowPageFiles:
 * highlighted and named as a step's, from the pages pages.ts writes), its fenced code the component that reads it
 * (a group the workflows no longer make, on a page older than them, stays fenced code).
 *
 * With the `run` option (the site's build), a Run block follows each step's samples, as static markup (runBlock):
 * its button, which ./client-page.ts makes send the request the step's file describes (`run`:
 * src/data/workflow-step-run.ts) to the browser sandbox. With `samples`, the panels of a step's lazy tabs but the
 * first are left empty, marked with their sample (lazyPanels), which ./client-page.ts loads when one is chosen: the
 * tabs themselves become static markup in src/plugins/static-tabs, which runs after this plugin.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {WORKFLOW_PAGES_DIR} from '../../data/navigation';
import {SITE_ROOT} from '../../../tools/cli';
import {codeBlockParts} from '../../../tools/reference/highlight';
import type {MdNode} from '../spec-tables/remark-spec-tables';
import {docPages, WORKFLOW_STEP_DIRECTIVE} from '../../../tools/docs/doc-requests';
import {staticCodeParts} from '../static-code/remark';
import type {StepRun} from '../../data/workflow-step-run';
import {stepKey, type StepEmbed} from './generate/pages';
import {
  runLabel,
  STEP_RUN_CLASS,
  STEP_RUN_URL_ATTRIBUTE,
  STEP_RUN_WORKFLOW_ATTRIBUTE,
  STEP_SAMPLE_SOURCE_ATTRIBUTE,
  stepFileUrl,
  stepRunId,
} from './client-files';
import {unknownStep, workflowPagesMdx, workflowSteps} from './generate/guide-steps';

export interface WorkflowStepsOptions {
  /** The site folder holding openapi/ (defaults to this repository). */
  siteDir?: string;
  /** Render the samples from their step's file: the component (imported by the page from `module`) that does. */
  samples?: {component: string; module: string};
  /**
   * Put a Run button after each step's samples (issue #47, "Guides you run in the page"): static markup naming the
   * step's file, which holds the request it sends (`run`), and the step's workflow and id, which
   * ./client-page.ts makes work. It comes with the sample component: `run` needs `samples`.
   */
  run?: boolean;
  /** The site's base URL, where its step files are served (`<baseUrl>assets/workflow-steps/`); `/` by default. */
  baseUrl?: string;
}

/**
 * One step's file: its samples, each one highlighted (the block's class and inner HTML), and what its Run button
 * sends and keeps (src/data/workflow-step-run.ts), built from the workflow with the samples; a workflow page's
 * files (a group of tabs of its own) have no Run button, so no `run`.
 */
export interface StepSamplesFile {
  samples: {className: string; html: string}[];
  run?: StepRun;
}

/** The fenced code blocks of some MDX nodes, in order, with the list and index of each (to replace it). */
function codeBlocks(nodes: MdNode[], out: {node: MdNode; siblings: MdNode[]; index: number}[] = []) {
  nodes.forEach((node, index) => {
    if (node.type === 'code' && node.lang !== 'mermaid') out.push({node, siblings: nodes, index});
    else codeBlocks(node.children ?? [], out);
  });
  return out;
}

/** A step's file: its name (a hash of its content) and its content. */
function samplesFile(nodes: MdNode[], run?: StepRun): {name: string; content: StepSamplesFile} {
  const content: StepSamplesFile = {
    ...(run ? {run} : {}),
    samples: codeBlocks(nodes).map(({node}) => {
      // As src/plugins/static-code/remark.ts highlights a block without a title, so the page reads the same.
      const {className, innerHtml} = codeBlockParts(String(node.value ?? ''), {language: String(node.lang || 'text')});
      return {className, html: innerHtml};
    }),
  };
  const name = `${crypto.createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 16)}.json`;
  return {name, content};
}

/** The files made for each step's MDX and run (the steps are built again when the spec changes: a new text, a new file). */
const filesByStep = new Map<string, {name: string; content: StepSamplesFile}>();
async function stepFile(embed: StepEmbed): Promise<{name: string; content: StepSamplesFile}> {
  const key = `${embed.mdx}\n${JSON.stringify(embed.run)}`;
  let file = filesByStep.get(key);
  if (!file) {
    file = samplesFile((await parseMdx(embed.mdx)).children ?? [], embed.run);
    filesByStep.set(key, file);
  }
  return file;
}

/** The `<Tabs>` of a page that hold code samples (a workflow page's: each step's, and the setup's), in page order. */
function sampleTabs(node: MdNode, out: MdNode[] = []): MdNode[] {
  for (const child of node.children ?? []) {
    if (child.type === 'mdxJsxFlowElement' && child.name === 'Tabs' && codeBlocks(child.children ?? []).length) out.push(child);
    else sampleTabs(child, out);
  }
  return out;
}

/** The files made for each group of tabs of a workflow page, by their code (the same samples, the same file). */
const filesByTabs = new Map<string, {name: string; content: StepSamplesFile}>();
function tabsFile(tabs: MdNode): {name: string; content: StepSamplesFile} {
  const key = JSON.stringify(codeBlocks(tabs.children ?? []).map(({node}) => [node.lang, node.value]));
  let file = filesByTabs.get(key);
  if (!file) {
    file = samplesFile(tabs.children ?? []);
    filesByTabs.set(key, file);
  }
  return file;
}

/** The files of the workflow pages, by the pages they were read from (the same until a workflow or the spec changes). */
const filesByPages = new WeakMap<Map<string, string>, Promise<Map<string, StepSamplesFile>>>();

/**
 * The samples files of a site's workflow pages, by file name: one per group of tabs of each page, read from the
 * pages pages.ts writes (those `npm run gen:api` wrote into WORKFLOW_PAGES_DIR, which the remark plugin reads).
 */
export async function workflowPageFiles(siteDir: string = SITE_ROOT): Promise<Map<string, StepSamplesFile>> {
  const pages = await workflowPagesMdx(siteDir);
  let files = filesByPages.get(pages);
  if (!files) {
    files = (async () => {
      const out = new Map<string, StepSamplesFile>();
      for (const mdx of pages.values()) {
        for (const tabs of sampleTabs(await parseMdx(mdx))) {
          const {name, content} = tabsFile(tabs);
          out.set(name, content);
        }
      }
      return out;
    })();
    filesByPages.set(pages, files);
    files.catch(() => filesByPages.delete(pages));
  }
  return files;
}

/**
 * A guide's own code blocks, outside the steps it embeds, that static-code renders as static HTML (a title at most,
 * no magic comment): the page's setup in four languages, the answers it shows. In the page's JS module each was a
 * string of highlighted HTML the reader already has in the page's HTML (2.4 KiB gzip of the banking guide's first
 * visit), so they go in a file of the page's own, as its steps' samples do.
 */
const ownBlocks = (nodes: MdNode[]) => codeBlocks(nodes).filter(({node}) => staticCodeParts(node) !== undefined);

/** The file of a guide's own blocks: each as static-code renders it (its title too), named by a hash of them. */
function ownBlocksFile(blocks: {node: MdNode}[]): {name: string; content: StepSamplesFile} {
  const content: StepSamplesFile = {
    samples: blocks.map(({node}) => {
      const {className, innerHtml} = staticCodeParts(node)!;
      return {className, html: innerHtml};
    }),
  };
  return {name: `${crypto.createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 16)}.json`, content};
}

/** The own-blocks files of guides, by the guide's text (the same until the guide changes). */
const filesByGuideText = new Map<string, Promise<{name: string; content: StepSamplesFile} | undefined>>();
function guideFile(text: string): Promise<{name: string; content: StepSamplesFile} | undefined> {
  let file = filesByGuideText.get(text);
  if (!file) {
    file = parseGuide(text).then((tree) => {
      const blocks = ownBlocks(tree.children ?? []);
      return blocks.length ? ownBlocksFile(blocks) : undefined;
    });
    filesByGuideText.set(text, file);
  }
  return file;
}

/**
 * The own-blocks files of a site's guides that embed workflow steps (the pages of docPages with a `::workflow-step`
 * line), by file name, read from the guides' files as the remark plugin reads their trees.
 */
export async function guideOwnFiles(siteDir: string = SITE_ROOT): Promise<Map<string, StepSamplesFile>> {
  const out = new Map<string, StepSamplesFile>();
  for (const page of docPages(siteDir)) {
    const text = fs.readFileSync(path.join(siteDir, page), 'utf8');
    if (!text.includes(`::${WORKFLOW_STEP_DIRECTIVE}{`)) continue;
    const file = await guideFile(text);
    if (file) out.set(file.name, file.content);
  }
  return out;
}

/**
 * Every samples file of a site, by file name (src/plugins/workflow-steps writes them before the pages build): each
 * step's a guide embeds, each group of tabs of the workflow pages, and each guide's own blocks.
 */
export async function stepSampleFiles(siteDir: string = SITE_ROOT): Promise<Map<string, StepSamplesFile>> {
  const files = new Map<string, StepSamplesFile>();
  for (const embed of (await workflowSteps(siteDir)).values()) {
    const {name, content} = await stepFile(embed);
    files.set(name, content);
  }
  for (const [name, content] of await workflowPageFiles(siteDir)) files.set(name, content);
  for (const [name, content] of await guideOwnFiles(siteDir)) files.set(name, content);
  return files;
}

/** The component that renders sample `index` of `file`, in place of its fenced code. */
const sampleElement = (component: string, file: string, index: number): MdNode => ({
  type: 'mdxJsxFlowElement',
  name: component,
  // MDX's JSX attributes are a list (MdNode types a directive's record).
  attributes: [
    {type: 'mdxJsxAttribute', name: 'file', value: file},
    {type: 'mdxJsxAttribute', name: 'sample', value: String(index)},
  ] as unknown as MdNode['attributes'],
  children: [],
});

/** Is the page one of the workflow pages (`<siteDir>/docs/guides/workflows/<id>.mdx`)? */
const isWorkflowPage = (siteDir: string, file: string | undefined): boolean =>
  !!file && path.relative(path.join(siteDir, WORKFLOW_PAGES_DIR), file).match(/^[^./\\][^/\\]*\.mdx$/) !== null;

/**
 * A workflow page's samples: each group of tabs' fenced code becomes the component reading the group's file. A group
 * whose file the workflows do not make (the page on disk is older than them: `npm start` while the spec it reads is
 * invalid, `npm run gen:api` not run since an edit) keeps its fenced code, as the page was: the build runs gen:api.
 */
async function workflowPageSamples(tree: MdNode, siteDir: string, samples: {component: string; module: string}): Promise<void> {
  const known = await workflowPageFiles(siteDir);
  const groups = sampleTabs(tree)
    .map((tabs) => ({tabs, name: tabsFile(tabs).name}))
    .filter(({name}) => known.has(name));
  if (!groups.length) return;
  tree.children!.unshift(...((await parseMdx(`import ${samples.component} from '${samples.module}';`)).children ?? []));
  for (const {tabs, name} of groups)
    codeBlocks(tabs.children ?? []).forEach(({siblings, index}, i) => (siblings[index] = sampleElement(samples.component, name, i)));
}

// unified, remark-parse, remark-gfm and remark-mdx are ESM-only: loaded on first use rather than required.
let mdxParser: Promise<(text: string) => MdNode> | null = null;
function parseMdx(text: string): Promise<MdNode> {
  mdxParser ??= (async () => {
    const [{unified}, {default: remarkParse}, {default: remarkGfm}, {default: remarkMdx}] = await Promise.all([
      import('unified'),
      import('remark-parse'),
      import('remark-gfm'),
      import('remark-mdx'),
    ]);
    const processor = unified().use(remarkParse).use(remarkGfm).use(remarkMdx);
    return (t: string) => processor.parse(t) as unknown as MdNode;
  })();
  return mdxParser.then((p) => p(text));
}

// A guide as Docusaurus parses it: MDX with directives (`::workflow-step{…}`, admonitions).
let guideParser: Promise<(text: string) => MdNode> | null = null;
function parseGuide(text: string): Promise<MdNode> {
  guideParser ??= (async () => {
    const [{unified}, {default: remarkParse}, {default: remarkGfm}, {default: remarkMdx}, {default: remarkDirective}] = await Promise.all([
      import('unified'),
      import('remark-parse'),
      import('remark-gfm'),
      import('remark-mdx'),
      import('remark-directive'),
    ]);
    const processor = unified().use(remarkParse).use(remarkGfm).use(remarkMdx).use(remarkDirective);
    return (t: string) => processor.parse(t) as unknown as MdNode;
  })();
  return guideParser.then((p) => p(text));
}

/** The page's workflow-step directives with their parents, in page order. */
function directives(node: MdNode, out: {node: MdNode; parent: MdNode}[] = []): {node: MdNode; parent: MdNode}[] {
  for (const child of node.children ?? []) {
    if (child.type === 'leafDirective' && child.name === WORKFLOW_STEP_DIRECTIVE) out.push({node: child, parent: node});
    else directives(child, out);
  }
  return out;
}

/** Does the page import a component from `@theme/<name>`? */
const imports = (tree: MdNode, name: string): boolean =>
  (tree.children ?? []).some((n) => n.type === 'mdxjsEsm' && new RegExp(`from\\s+['"]@theme/${name}['"]`).test(String(n.value ?? '')));

/**
 * A step's Run block as static markup (./client-page.ts makes it work): the button, and the live region below it
 * that shows the answer. The button's label is one text node, which the script changes while the step runs.
 */
function runBlock(url: string, workflow: string, step: string): MdNode {
  const attributes = (list: [string, string][]) => list.map(([name, value]) => ({type: 'mdxJsxAttribute', name, value})) as unknown as MdNode['attributes'];
  return {
    type: 'mdxJsxFlowElement',
    name: 'div',
    attributes: attributes([
      ['id', stepRunId(workflow, step)],
      ['data-run-step', step],
      [STEP_RUN_WORKFLOW_ATTRIBUTE, workflow],
      [STEP_RUN_URL_ATTRIBUTE, url],
      ['className', `${STEP_RUN_CLASS} margin-bottom--md`],
    ]),
    children: [
      {
        type: 'mdxJsxFlowElement',
        name: 'button',
        attributes: attributes([
          ['type', 'button'],
          ['className', 'button button--primary button--sm'],
        ]),
        children: [{type: 'text', value: runLabel(step)}],
      },
      {
        type: 'mdxJsxFlowElement',
        name: 'div',
        attributes: attributes([
          ['aria-live', 'polite'],
          ['className', 'margin-top--sm'],
        ]),
        children: [],
      },
    ],
  };
}

/**
 * The lazy panels of a step's `<Tabs lazy>` (./generate/pages.ts: a guide shows one language of each step, the
 * others when chosen), by their list of children: every `<TabItem>` but the first, which is the one shown.
 */
function lazyPanels(nodes: MdNode[]): Map<MdNode[], MdNode> {
  const out = new Map<MdNode[], MdNode>();
  const visit = (node: MdNode) => {
    const isLazy =
      node.type === 'mdxJsxFlowElement' && node.name === 'Tabs' && ((node.attributes ?? []) as unknown as {name?: string}[]).some((a) => a.name === 'lazy');
    if (isLazy) {
      const items = (node.children ?? []).filter((c) => c.type === 'mdxJsxFlowElement' && c.name === 'TabItem');
      for (const item of items.slice(1)) out.set((item.children ??= []), item);
    }
    node.children?.forEach(visit);
  };
  nodes.forEach(visit);
  return out;
}

export default function remarkWorkflowSteps(options: WorkflowStepsOptions = {}) {
  const siteDir = options.siteDir ?? SITE_ROOT;
  if (options.run && !options.samples) throw new Error("remarkWorkflowSteps: `run` needs `samples` (the sample component brings the Run buttons' listener)");
  return async (tree: MdNode, file: {path?: string; history?: string[]}): Promise<void> => {
    const page = file.path ?? file.history?.[0];
    if (options.samples && isWorkflowPage(siteDir, page)) await workflowPageSamples(tree, siteDir, options.samples);
    const found = directives(tree);
    if (!found.length) return;
    const where = (node: MdNode) => `${page ?? 'page'}:${node.position?.start.line ?? 0}`;
    const missing = ['Tabs', 'TabItem'].filter((name) => !imports(tree, name));
    if (missing.length)
      throw new Error(
        `${where(found[0].node)}: ::${WORKFLOW_STEP_DIRECTIVE} shows tabs: import ${missing.map((n) => `${n} from '@theme/${n}'`).join(' and ')} at the top of the page`,
      );
    const steps = await workflowSteps(siteDir);
    const {samples, run} = options;
    // The guide's own blocks, before its steps' come in: in their file when the plugin wrote it (the guide on disk
    // is this page as the build reads it; an edited page whose file is not written yet keeps them in its module).
    const own = samples ? ownBlocks(tree.children ?? []) : [];
    const ownFile = own.length ? ownBlocksFile(own) : undefined;
    if (ownFile && (await guideOwnFiles(siteDir)).has(ownFile.name))
      own.forEach(({siblings, index}, i) => (siblings[index] = sampleElement(samples!.component, ownFile.name, i)));
    if (samples) tree.children!.unshift(...((await parseMdx(`import ${samples.component} from '${samples.module}';`)).children ?? []));
    for (const {node, parent} of found) {
      const {workflow, step} = node.attributes ?? {};
      const problem = !workflow || !step ? `write ::${WORKFLOW_STEP_DIRECTIVE}{workflow="<workflowId>" step="<stepId>"}` : unknownStep(steps, workflow, step);
      if (problem) throw new Error(`${where(node)}: ${problem}`);
      const embed = steps.get(stepKey(workflow!, step!))!;
      const nodes = (await parseMdx(embed.mdx)).children ?? [];
      const {name} = await stepFile(embed);
      const url = stepFileUrl(options.baseUrl ?? '/', name);
      if (run) nodes.push(runBlock(url, workflow!, step!));
      if (samples) {
        const lazy = lazyPanels(nodes);
        codeBlocks(nodes).forEach(({siblings, index}, i) => {
          const panel = lazy.get(siblings);
          if (!panel) return void (siblings[index] = sampleElement(samples.component, name, i));
          // A lazy tab's panel stays empty, marked with its sample: the page's script fills it when the tab is chosen.
          siblings.splice(index, 1);
          ((panel.attributes ?? []) as unknown as object[]).push({type: 'mdxJsxAttribute', name: STEP_SAMPLE_SOURCE_ATTRIBUTE, value: `${url}#${i}`});
        });
      }
      parent.children!.splice(parent.children!.indexOf(node), 1, ...nodes);
    }
  };
}
