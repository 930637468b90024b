/**
 * The "Workflows" section of llms.txt (issue #29): each Arazzo workflow of openapi/workflows/ with its summary, the
 * Markdown copy of its page (`/docs/guides/workflows/<id>.md`, when the build has it) and its two downloads
 * (`/openapi/workflows/<id>.arazzo.yaml|json`, written by tools/workflows/publish.ts). The downloads are named in
 * code, not linked: every link of llms.txt into the site is a page's Markdown copy (tests/site/markdown.test.ts).
 */
import {markdownPath} from '../../data/agent-docs';
import {SITE_URL} from '../../data/brand';
import {workflowDownloadPath} from '../../../tools/workflows/publish';
import {readWorkflowFile, workflowFiles, workflowIdOfFile} from '../../../tools/workflows/workflows';
import {workflowRoute} from '../../data/navigation';

export const WORKFLOWS_HEADING = '## Workflows';

/** One workflow as llms.txt lists it. */
export interface WorkflowEntry {
  id: string;
  title: string;
  summary?: string;
}

/** The workflows of a site, in file order. */
export function workflowEntries(siteDir: string): WorkflowEntry[] {
  return workflowFiles(siteDir).map((abs) => {
    const {doc} = readWorkflowFile(abs, siteDir);
    const id = workflowIdOfFile(abs);
    const summary = doc.info?.summary ?? doc.workflows?.[0]?.summary;
    return {id, title: doc.info?.title ?? id, ...(summary ? {summary: summary.trim()} : {})};
  });
}

/**
 * The section, or '' when there are no workflows. `hasCopy(path)`: whether the build has the Markdown copy at `path`
 * (`/docs/guides/workflows/<id>.md`); a workflow whose page is not built is listed by name.
 */
export function workflowsSection(entries: readonly WorkflowEntry[], hasCopy: (copy: string) => boolean): string {
  if (!entries.length) return '';
  const lines = entries.map(({id, title, summary}) => {
    const copy = markdownPath(workflowRoute(id));
    const name = hasCopy(copy) ? `[${title}](${SITE_URL}${copy})` : `${title} (\`${id}\`)`;
    const downloads = (['yaml', 'json'] as const).map((ext) => `\`${SITE_URL}${workflowDownloadPath(id, ext)}\``).join(', ');
    return `- ${name}: ${summary ? `${summary.replace(/\.$/, '')}. ` : ''}Arazzo document: ${downloads} (bundled).`;
  });
  return [
    WORKFLOWS_HEADING,
    '',
    'The journeys an integrator follows, each an Arazzo 1.0.1 workflow whose steps call operations of the spec in order, with the values carried from step to step and what success looks like. Each document is published as YAML and as bundled JSON, whose source descriptions point at the published OpenAPI downloads beside them (`../<api>.yaml`, `../<api>.json`): `redocly respect` runs a downloaded copy kept next to those.',
    '',
    ...lines,
  ].join('\n');
}

/**
 * `llmsTxt` with its Workflows section, in place of the one it had (a second run on the same build keeps one). A page
 * the section links is listed there only: the plugin's own entry for it, in its list of guides, is dropped.
 */
export function withWorkflowsSection(llmsTxt: string, section: string): string {
  const at = llmsTxt.indexOf(`\n${WORKFLOWS_HEADING}\n`);
  if (at < 0 && !section) return llmsTxt;
  const linked = new Set([...section.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]));
  const rest = (at < 0 ? llmsTxt : llmsTxt.slice(0, at))
    .split('\n')
    .filter((line) => !/^\s*- \[/.test(line) || ![...line.matchAll(/\]\(([^)\s]+)\)/g)].some((m) => linked.has(m[1])))
    .join('\n')
    .replace(/\s+$/, '');
  return section ? `${rest}\n\n${section}\n` : `${rest}\n`;
}
