/**
 * `npm run diff`: the working spec against the latest release (openapi/releases/), every change grouped by kind
 * with its source file:line; exits 1 when a breaking change is not allowed by the policy of docs/api/versioning.md,
 * or when the working spec breaks a workflow of openapi/workflows/ (named by file:line, with the change behind it).
 * Options: --date YYYY-MM-DD (the day sunsets are compared with; default today), --json (the report as JSON).
 */
import {SITE_ROOT} from '../tools/cli';
import {formatReport, runGate} from '../tools/spec-diff/gate';
import {SUNSET_FORMAT} from '../tools/spec-diff/policy';
import {checkWorkflowsAgainst, formatWorkflowReport} from '../tools/spec-diff/workflows';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

const date = arg('date');
if (date !== undefined && !SUNSET_FORMAT.test(date)) {
  console.error(`✖ --date ${date}: expected YYYY-MM-DD`);
  process.exit(2);
}
async function main(): Promise<number> {
  const report = runGate({siteDir: SITE_ROOT, ...(date ? {date} : {})});
  const workflows = await checkWorkflowsAgainst(
    SITE_ROOT,
    report.changes.map((c) => c.change),
  );
  if (process.argv.includes('--json')) {
    const violations = report.violations.map((v) => ({...v.change, reason: v.reason}));
    const broken = workflows.breaks.map(({problem, changes}) => ({...problem, changes}));
    process.stdout.write(
      `${JSON.stringify({release: report.release, changes: report.changes.map((c) => c.change), violations, workflows: broken}, null, 2)}\n`,
    );
  } else {
    process.stdout.write(formatReport(report) + formatWorkflowReport(workflows, report.release?.version));
  }
  return report.violations.length > 0 || workflows.breaks.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: Error) => {
    console.error(`✖ ${e.message}`);
    process.exit(2);
  },
);
