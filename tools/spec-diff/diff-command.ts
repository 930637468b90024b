/**
 * What `npm run diff` prints and its exit code, for a site folder: the policy gate (./gate.ts) and the workflows'
 * check (./workflows.ts) against the latest release. scripts/diff.ts prints it; tests call it in their own process.
 */
import {formatReport, runGate} from './gate';
import {checkWorkflowsAgainst, formatWorkflowReport} from './workflows';

export interface DiffOptions {
  /** The day sunsets are compared with (YYYY-MM-DD); default today. */
  date?: string;
  /** The report as JSON instead of text. */
  json?: boolean;
}

/** 1 when a breaking change is not allowed by the policy or the working spec breaks a workflow, else 0. */
export async function diffCommand(siteDir: string, {date, json = false}: DiffOptions = {}): Promise<{code: 0 | 1; output: string}> {
  const report = runGate({siteDir, ...(date ? {date} : {})});
  const workflows = await checkWorkflowsAgainst(
    siteDir,
    report.changes.map((c) => c.change),
  );
  const code = report.violations.length > 0 || workflows.breaks.length > 0 ? 1 : 0;
  if (json) {
    const violations = report.violations.map((v) => ({...v.change, reason: v.reason}));
    const broken = workflows.breaks.map(({problem, changes}) => ({...problem, changes}));
    return {
      code,
      output: `${JSON.stringify({release: report.release, changes: report.changes.map((c) => c.change), violations, workflows: broken}, null, 2)}\n`,
    };
  }
  return {code, output: formatReport(report) + formatWorkflowReport(workflows, report.release?.version)};
}
