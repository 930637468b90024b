/**
 * `npm run bench:scale`: how the build grows with the size of the API. For each N (default 50, 200, 500;
 * or `npm run bench:scale -- 50 1000`) it makes a scratch copy of the site (tools/scratch-site.ts), replaces
 * its openapi/ root documents with a synthetic spec of N operations (tools/synth-spec.ts), runs the full
 * production build there (gen:api with its checks and Redocly lint, bundle:spec, docusaurus build; cold, no
 * Rspack persistent cache) and prints wall time and peak memory (sum of RSS over the process tree, sampled
 * from /proc every 200 ms) per N. The tests are not run on the synthetic site. Nothing is committed or kept
 * except the logs and results in .tmp/bench/.
 */
import fs from 'node:fs';
import path from 'node:path';
import {scratchSite} from '../tools/scratch-site';
import {synthesizeSpecs, type SynthResult} from '../tools/synth-spec';
import {measuredBuild, mib, RESULTS_DIR, secs, table, type BuildSteps} from './measure-build';

const TARGET_PEAK_BYTES = 3 * 1024 ** 3;
const sizes = process.argv.slice(2).map(Number).filter((n) => Number.isInteger(n) && n > 0);
const NS = sizes.length ? sizes : [50, 200, 500];

interface Row {
  n: number;
  synth: SynthResult;
  pages: number;
  buildMiB: number;
  build: BuildSteps;
}

function dirBytes(dir: string): number {
  return fs
    .readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
}

async function main(): Promise<void> {
  fs.mkdirSync(RESULTS_DIR, {recursive: true});
  const rows: Row[] = [];
  for (const n of NS) {
    const site = scratchSite(`scale-${n}`);
    try {
      const synth = synthesizeSpecs(site, n);
      console.error(`N = ${n}: ${synth.real} real + ${synth.added} synthetic operations in ${site}; building …`);
      const build = await measuredBuild(site, `scale-${n}`);
      const pages = fs
        .readdirSync(path.join(site, 'docs', 'api', 'reference'), {recursive: true, encoding: 'utf8'})
        .filter((f) => f.endsWith('.api.mdx')).length;
      rows.push({n, synth, pages, buildMiB: dirBytes(path.join(site, 'build')) / 1024 ** 2, build});
      console.error(`N = ${n}: ${secs(build.wallMs)} s, peak ${mib(build.peakRssBytes)} MiB`);
    } finally {
      fs.rmSync(site, {recursive: true, force: true});
    }
  }

  const steps = rows[0].build.steps.map((s) => s.name);
  const lines = [
    `# npm run bench:scale (${new Date().toISOString()}, Node ${process.version}; cold builds, peak = highest sum of RSS over the process tree, /proc every 200 ms)`,
    '',
    table(
      ['N operations', 'API pages', 'build s', 'peak RSS MiB', 'largest process MiB', ...steps.map((s) => `${s} s / MiB`), 'build/ MiB', '≤ 3 GiB'],
      rows.map((r) => [
        String(r.n),
        String(r.pages),
        secs(r.build.wallMs),
        mib(r.build.peakRssBytes),
        mib(r.build.peakSingleRssBytes),
        ...r.build.steps.map((s) => `${secs(s.wallMs)} / ${mib(s.peakRssBytes)}`),
        r.buildMiB.toFixed(0),
        r.build.peakRssBytes <= TARGET_PEAK_BYTES ? 'yes' : 'NO',
      ]),
    ),
    '',
  ];
  console.log(lines.join('\n'));
  fs.writeFileSync(path.join(RESULTS_DIR, 'scale-report.md'), `${lines.join('\n')}\n`);
  fs.writeFileSync(path.join(RESULTS_DIR, 'scale-results.json'), `${JSON.stringify(rows, null, 2)}\n`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
