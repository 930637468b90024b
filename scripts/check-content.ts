/**
 * `npm run check:content`: the written pages against the spec (tools/content/content-check.ts), and the checks that keep them
 * from falling behind it (tools/content/spec-coverage.ts), as `file:line: message`.
 */
import {checkContent} from '../tools/content/content-check';
import {SITE_ROOT} from '../tools/cli';
import {checkSpecCoverage} from '../tools/content/spec-coverage';
import {linkableRoutes} from '../tools/site/routes-contract';

async function main(): Promise<number> {
  const report = await checkContent(SITE_ROOT, linkableRoutes());
  const coverage = await checkSpecCoverage(SITE_ROOT);
  const problems = [...report.problems, ...coverage.derivedLists, ...coverage.completeness, ...coverage.steps];
  for (const p of problems) console.error(p);
  console.log(
    `Checked ${report.files} pages, ${report.references} references to the spec and site: ${report.problems.length} problems.\n` +
      `Derived lists: ${coverage.derivedLists.length} hand-written enumerations; owner pages: ${coverage.completeness.length} missing items; ` +
      `steps of ${coverage.counted.sequencePages} sequence pages: ${coverage.steps.length} unconnected identifiers.\n` +
      `Words: ${Object.entries(report.words)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
  );
  return problems.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
