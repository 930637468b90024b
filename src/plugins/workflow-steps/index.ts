/**
 * The code samples of the workflow steps a guide embeds (`::workflow-step`, src/plugins/workflow-steps/remark.ts),
 * and those of the workflow pages (/docs/guides/workflows/<id>, ./generate/pages.ts: each step's, and the page's
 * setup), are kept in files of their own, one per step (a workflow page: one per group of language tabs),
 * instead of in the pages' JS modules (issue #47).
 * Why: highlighted at build time, each sample was a string of HTML in the page's module, four languages a step, and a
 * guide embeds up to a dozen steps: the banking guide's first visit grew from 171 to 180 KiB of JS (gzip), its
 * budget, to carry samples the reader already had in the page's HTML (one language a step, the others seen by few);
 * sandbox-money-flow's page, fifteen groups of tabs, was at 181.1 (174.9 without them).
 * - loadContent writes every file (stepSampleFiles: named by a hash of their content; a workflow page's computed from
 *   the pages ./generate/pages.ts writes, the ones `npm run gen:api` put in docs/guides/workflows/) into the site's generated files, before the pages build, so that a page whose module the bundler's cache kept finds them;
 * - the remark plugin, given `samples` by docusaurus.config.ts, puts `<NovarampWorkflowStepSample file sample />` in
 *   place of each sample of a guide's step and of a workflow page (a page older than its workflow keeps its code);
 * - `@novaramp/workflow-step-sample` is ./server.tsx in the server bundle (it reads the file: SSG writes the sample
 *   into the page, for readers without JS, search, the Markdown copies and llms.txt) and ./client.tsx in the browser
 *   (it takes the sample from the page when hydrating, and fetches the step's file after a client-side navigation or
 *   when another language's tab is chosen), as src/plugins/static-reference does for the operation pages' reference;
 * - postBuild copies the files into the build's content-hashed assets; `npm start` serves them from where they are.
 * A workflow page's tabs are not lazy: every language is in its HTML, so hydrating fetches nothing. A guide's step
 * tabs are (src/plugins/static-tabs renders them): the other languages' panels are empty in the page, marked with
 * their sample, which ./client-page.ts loads (./client-fill.ts) when one is chosen.
 * A guide that embeds steps has its own code blocks (its setup, the answers it shows) in a file of its own the same
 * way (remark.ts, guideOwnFiles), one per guide: they were strings of highlighted HTML in its JS module.
 * Covered by tests/spec/workflow-steps.test.ts, tests/site/workflow-steps.test.ts (neither a guide's nor a workflow
 * page's JS carries them) and tests/site/budget.test.ts. Workflow pages have no Run buttons: their files no `run`.
 *
 * Guides you run in the page (issue #47, item 4): a step's file also describes the request the step sends and the
 * outputs it sets (`run`, src/data/workflow-step-run.ts, built from the workflow), and the remark plugin, given
 * `run`, puts a Run block after each step's samples: static markup naming the step's file (no component in the page),
 * which ./client-page.ts (listeners on the document, loaded with the sample component) makes work; the first click loads
 * ./client-run.tsx, which starts the browser sandbox
 * (src/plugins/sandbox/client.ts), fills the request with what the steps run before on the page set, sends it with
 * the reader's key and shows the answer. A step that reads workflow inputs shows a field per input with its answer
 * (labelled from the input's schema, filled with what the Run sent: the input's default computed where the workflow
 * says how, `x-default-midnight-utc`, else its documented default or example); what the reader types there is what
 * the next Run of the workflow's steps sends. Nothing of it is in the page's first visit: the fields come with the run
 * chunk, their schema with the step's file. tests/site/workflow-step-runs.test.ts runs guides with them in Chromium.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {stepSampleFiles} from './remark';
import {STEP_SAMPLE_MODULE, STEP_SAMPLES_FOLDER, STEP_SAMPLES_URL} from './client-files';

/** Writes every step's samples file into `dir`, the ones no step has any more removed; returns how many. */
export async function writeStepSampleFiles(siteDir: string, dir: string): Promise<number> {
  const files = await stepSampleFiles(siteDir);
  await fs.promises.mkdir(dir, {recursive: true});
  for (const name of await fs.promises.readdir(dir)) if (!files.has(name)) await fs.promises.rm(path.join(dir, name), {force: true});
  for (const [name, content] of files) {
    const file = path.join(dir, name);
    // Named by their content: a file already there is this one.
    if (!fs.existsSync(file)) await fs.promises.writeFile(file, JSON.stringify(content));
  }
  return files.size;
}

export default function workflowStepsPlugin(context: LoadContext): Plugin {
  const dir = path.join(context.generatedFilesDir, STEP_SAMPLES_FOLDER);
  return {
    name: 'novaramp-workflow-steps',
    // The workflows and the spec they call: a change makes new samples (src/plugins/spec-dependencies rebuilds the pages);
    // a guide's own blocks: an edit makes a new file of them.
    getPathsToWatch: () => [
      path.join(context.siteDir, 'openapi/**/*.yaml'),
      path.join(context.siteDir, 'docs/guides/**/*.md'),
      path.join(context.siteDir, 'docs/api/*.md'),
    ],
    async loadContent() {
      await writeStepSampleFiles(context.siteDir, dir);
    },
    configureWebpack: (config, isServer, {currentBundler}) => ({
      resolve: {alias: {[`${STEP_SAMPLE_MODULE}$`]: path.join(__dirname, isServer ? 'server.tsx' : 'client.tsx')}},
      plugins: isServer ? [new currentBundler.instance.DefinePlugin({__NOVARAMP_STEP_SAMPLES_DIR__: JSON.stringify(dir)})] : [],
      ...(config.mode === 'development'
        ? {devServer: {static: [{directory: dir, publicPath: `${context.baseUrl}${STEP_SAMPLES_URL.slice(1)}`, watch: false}]}}
        : {}),
    }),
    async postBuild({outDir}) {
      await fs.promises.cp(dir, path.join(outDir, STEP_SAMPLES_URL), {recursive: true});
    },
  };
}
