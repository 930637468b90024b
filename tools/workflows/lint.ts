/**
 * Lints the workflows of openapi/workflows/ (`npm run lint:api`): Redocly's Arazzo rules (recommended-strict's, and
 * redocly.yaml's configurable rules that apply to an Arazzo document), where an error or a warning fails, then the
 * checks of tools/workflows/check.ts. Every problem names `file:line`. The pages built on the workflows (every
 * `::workflow-step` names a step, no page copies a request a step covers) are checked after, by the checks layer
 * (tools/content/guide-steps.ts, which scripts/lint-api.ts runs when `stepsReady`): the steps are a feature's.
 */
import path from 'node:path';
import {bin, run} from '../cli';
import {checkWorkflows} from './check';
import {workflowFiles} from './workflows';

export interface WorkflowLintResult {
  ok: boolean;
  output: string;
  /**
   * There are workflows and our checks found no problem in them (Redocly may have): the pages built on their steps
   * can be checked against them as they are.
   */
  stepsReady: boolean;
}

/**
 * Redocly's output without the lines that are not about the files: its banners, and the notice that the OpenAPI
 * rules of redocly.yaml found nothing to check in an Arazzo document (they are for the eight APIs, linted apart).
 */
const redoclyLines = (output: string): string[] =>
  output
    .split('\n')
    .filter((l) => !/[║╔╚]/.test(l) && !/^\[WARNING\] Unused rules found in redocly\.yaml|^Check the spelling and verify the added plugin prefix/.test(l));

export async function lintWorkflows(siteDir: string, files = workflowFiles(siteDir)): Promise<WorkflowLintResult> {
  if (!files.length) return {ok: true, output: 'openapi/workflows/: no workflows\n', stepsReady: false};
  const relative = files.map((f) => path.relative(siteDir, f));
  const redocly = run(bin('redocly', siteDir), ['lint', '--format=codeframe', ...relative], siteDir);
  const redoclyOk = redocly.status === 0 && !/\d+ warnings?\b/i.test(redocly.output);
  const problems = await checkWorkflows(siteDir, files);
  const own = problems.length
    ? `✖ ${problems.length} workflow problem${problems.length === 1 ? '' : 's'} (tools/workflows/check.ts):\n${problems.map((p) => `  ${p}`).join('\n')}\n`
    : `openapi/workflows/: ${files.length} workflows, every operationId and field a step uses is in the spec (tools/workflows/check.ts)\n`;
  return {ok: redoclyOk && !problems.length, output: `${redoclyLines(redocly.output).join('\n').trim()}\n${own}`, stepsReady: !problems.length};
}
