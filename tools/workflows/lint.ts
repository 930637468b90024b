/**
 * Lints the workflows of openapi/workflows/ (`npm run lint:api`): Redocly's Arazzo rules (recommended-strict's, and
 * redocly.yaml's configurable rules that apply to an Arazzo document), where an error or a warning fails, then the
 * checks of tools/workflows/check.ts, then the pages built on them (guide-steps.ts: every `::workflow-step` names a
 * step, no page copies a request a step covers). Every problem names `file:line`.
 */
import path from 'node:path';
import {bin, run} from '../cli';
import {checkWorkflows} from './check';
import {guideStepProblems} from '../../src/plugins/workflow-steps/generate/guide-steps';
import {workflowFiles} from './workflows';

export interface WorkflowLintResult {
  ok: boolean;
  output: string;
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
  if (!files.length) return {ok: true, output: 'openapi/workflows/: no workflows\n'};
  const relative = files.map((f) => path.relative(siteDir, f));
  const redocly = run(bin('redocly', siteDir), ['lint', '--format=codeframe', ...relative], siteDir);
  const redoclyOk = redocly.status === 0 && !/\d+ warnings?\b/i.test(redocly.output);
  const problems = await checkWorkflows(siteDir, files);
  const own = problems.length
    ? `✖ ${problems.length} workflow problem${problems.length === 1 ? '' : 's'} (tools/workflows/check.ts):\n${problems.map((p) => `  ${p}`).join('\n')}\n`
    : `openapi/workflows/: ${files.length} workflows, every operationId and field a step uses is in the spec (tools/workflows/check.ts)\n`;
  // The pages read the workflows as they are: only once those check clean.
  const guides = problems.length ? [] : await guideStepProblems(siteDir);
  const pages = guides.length
    ? `✖ ${guides.length} page problem${guides.length === 1 ? '' : 's'} (src/plugins/workflow-steps/generate/guide-steps.ts):\n${guides.map((p) => `  ${p}`).join('\n')}\n`
    : problems.length
      ? ''
      : 'docs/: every ::workflow-step names a step, and no page copies a request a workflow step covers (src/plugins/workflow-steps/generate/guide-steps.ts)\n';
  return {ok: redoclyOk && !problems.length && !guides.length, output: `${redoclyLines(redocly.output).join('\n').trim()}\n${own}${pages}`};
}
