/**
 * `npm run lint:api` (scripts/lint-api.ts): Redocly lint of the eight APIs, then the AsyncAPI document of the
 * WebSocket API, then the Arazzo workflows of openapi/workflows/ (Redocly's Arazzo rules and tools/workflows/check.ts).
 * Every report is in `output`; `ok` only when none of them found a problem. The guides' workflow steps are checked
 * after these by the entry script (tools/content/guide-steps.ts, a check of the pages), when `workflowStepsReady`.
 */
import {lintAsyncApiSpec, lintSpec} from './spec-lint';
import {lintWorkflows} from '../workflows/lint';

interface Report {
  ok: boolean;
  output: string;
}

/** A lint's report, or, when it could not run, a failure saying so (the next lint still runs). */
async function reportOf(what: string, lint: () => Promise<Report>): Promise<Report> {
  try {
    return await lint();
  } catch (e) {
    return {ok: false, output: `✖ ${what} failed to run: ${(e as Error).message}\n`};
  }
}

export interface LintApiReport extends Report {
  /** The workflows checked clean (tools/workflows/lint.ts `stepsReady`): the guides' steps can be checked on them. */
  workflowStepsReady: boolean;
}

export async function lintApi(siteDir: string): Promise<LintApiReport> {
  const spec = lintSpec(siteDir, {force: true});
  const asyncApi = await reportOf('AsyncAPI validation', () => lintAsyncApiSpec(siteDir, {force: true}));
  const workflows: Report & {stepsReady?: boolean} = await reportOf('The workflow lint', () => lintWorkflows(siteDir));
  const reports = [spec, asyncApi, workflows];
  return {ok: reports.every((r) => r.ok), output: reports.map((r) => r.output).join(''), workflowStepsReady: workflows.stepsReady === true};
}
