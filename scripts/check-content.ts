/** `npm run check:content`: the written pages against the spec (tools/content-check.ts), as `file:line: message`. */
import {checkContent} from '../tools/content-check';
import {SITE_ROOT} from '../tools/cli';
import {linkableRoutes} from '../tools/routes-contract';

const report = checkContent(SITE_ROOT, linkableRoutes());
for (const p of report.problems) console.error(p);
console.log(
  `Checked ${report.files} pages, ${report.references} references to the spec and site: ${report.problems.length} problems.\n` +
    `Words: ${Object.entries(report.words)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
);
if (report.problems.length > 0) process.exit(1);
