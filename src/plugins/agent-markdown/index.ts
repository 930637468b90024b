/**
 * The Markdown copies agents read: `/llms.txt`, `/llms-full.txt` and a `.md` copy of every page.
 *
 * @signalwire/docusaurus-plugin-llms-txt writes them in postBuild by converting each page's HTML (with the
 * rehype rules of ./rehype-docusaurus.ts for tabs, admonitions, code blocks and cards). This plugin runs it and
 * then, in the same postBuild (Docusaurus runs plugins' postBuild in parallel, so a separate plugin could not
 * come after it):
 * 1. replaces the copy of every operation and webhook-event page by one written from its reference model and the
 *    code samples gen:api recorded for it (tools/reference/markdown.ts: the HTML of a reference page is mostly
 *    widgets; the model it was rendered from is the real content);
 * 2. starts every copy with the directive that names its page and points to llms.txt;
 * 3. adds the Workflows section to llms.txt (./workflows.ts: each Arazzo workflow, its page's copy, its downloads);
 * 4. writes llms-full.txt again from the final copies, in llms.txt's order;
 * 5. writes what lets an agent find the API from the domain (./discovery.ts: the API catalog, the Agent Skill).
 * Everything is generated before anything is written, so a spec problem fails the build with its cause and
 * leaves no half-written set.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
// Before the plugin: on Docusaurus 4 its logger import needs the seam's hook (why: in that file).
// relies on: llms-txt-logger-import
import '../../upstream/llms-txt-logger';
import llmsTxtPlugin, {type PluginOptions as LlmsTxtOptions} from '@signalwire/docusaurus-plugin-llms-txt';
import {writeDiscovery} from './discovery';
import {finishMarkdown, MarkdownGenerationError} from './finish';

export interface AgentMarkdownOptions {
  /** The options of @signalwire/docusaurus-plugin-llms-txt. */
  llmsTxt: LlmsTxtOptions;
  /** The generation manifest (which operation is published at which route), relative to the site. */
  manifest?: string;
}

/** Options typed `unknown` as Docusaurus passes them; docusaurus.config.ts checks them with `satisfies`. */
export default function agentMarkdownPlugin(context: LoadContext, pluginOptions: unknown): Plugin {
  const options = pluginOptions as AgentMarkdownOptions;
  if (!options?.llmsTxt) throw new MarkdownGenerationError("agent-markdown plugin: the `llmsTxt` option (the llms-txt plugin's options) is missing.");
  const llmsTxt = llmsTxtPlugin(context, options.llmsTxt) as Plugin;
  return {
    name: 'novaramp-agent-markdown',
    // The "Copy page" menu's places: the breadcrumbs of doc pages, the header of blog posts.
    getThemePath: () => path.resolve(__dirname, 'theme'),
    async postBuild(props) {
      await llmsTxt.postBuild?.(props);
      const {operations, copies, components} = await finishMarkdown(context.siteDir, props.outDir, options.manifest);
      console.log(
        `[agent-markdown] ${copies} Markdown copies (${operations} written from the spec${components ? `, and ${components} of schemas shown apart` : ''}), llms.txt and llms-full.txt`,
      );
      const discovery = writeDiscovery(context.siteDir, props.outDir);
      console.log(`[agent-markdown] the API catalog and the Agent Skill (${discovery.apis} APIs, ${discovery.workflows} workflows)`);
    },
    extendCli: llmsTxt.extendCli,
  };
}
