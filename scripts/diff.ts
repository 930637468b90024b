/**
 * `npm run diff`: the working spec against the latest release (openapi/releases/), every change grouped by kind
 * with its source file:line; exits 1 when a breaking change is not allowed by the policy of docs/api/versioning.md.
 * Options: --date YYYY-MM-DD (the day sunsets are compared with; default today), --json (the report as JSON).
 */
import {SITE_ROOT} from '../tools/cli';
import {formatReport, runGate} from '../tools/spec-diff/gate';
import {SUNSET_FORMAT} from '../tools/spec-diff/policy';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

const date = arg('date');
if (date !== undefined && !SUNSET_FORMAT.test(date)) {
  console.error(`✖ --date ${date}: expected YYYY-MM-DD`);
  process.exit(2);
}
try {
  const report = runGate({siteDir: SITE_ROOT, ...(date ? {date} : {})});
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify({release: report.release, changes: report.changes.map((c) => c.change), violations: report.violations.map((v) => ({...v.change, reason: v.reason}))}, null, 2)}\n`);
  } else {
    process.stdout.write(formatReport(report));
  }
  process.exit(report.violations.length > 0 ? 1 : 0);
} catch (e) {
  console.error(`✖ ${(e as Error).message}`);
  process.exit(2);
}
