/**
 * `npm run bench`: what the portal costs to build and what a first visit downloads, as numbers (no assertions).
 *
 *   npm run bench                    build the site (cold: no Rspack persistent cache), measure it
 *   npm run bench -- --reuse         measure the existing build/ (and build-stock/ with --stock) without building
 *   npm run bench -- --stock         also build the same site with the theme's stock `@theme/ApiItem`
 *                                    (NOVARAMP_STOCK_API_ITEM=1, see docusaurus.config.ts) into build-stock/,
 *                                    and print ours vs stock side by side
 *   npm run bench -- --without <piece>[,<piece>…]
 *                                    also build the same site without those pieces of its speed machinery
 *                                    (tools/measure/speed-pieces.ts; NOVARAMP_WITHOUT) into build-without-<pieces>/, in a
 *                                    scratch copy; repeatable, one variant each; `--without-each`: one variant per
 *                                    piece. Prints what each piece buys: the variant against ours, in %
 *   npm run bench -- --baseline <commit>
 *                                    also build the site as it was at that commit (bench/baseline.ts: a scratch git
 *                                    worktree of it, its own `npm ci` from its own lock, its own `npm run build`) and
 *                                    measure it in the same run: the page table and Lighthouse print ours and the
 *                                    baseline side by side, with ours minus the baseline's JS. With --reuse, a
 *                                    baseline build left by an earlier run is measured again; `--baseline-clean`
 *                                    removes its worktree after the run. A page the baseline does not have is `–`
 *   npm run bench -- --lh-page <route>
 *                                    Lighthouse on this page instead of the default list (repeatable)
 *   npm run bench -- --no-lighthouse skip the Lighthouse runs
 *   npm run bench -- --no-afdocs     skip the Agent-Friendly Docs check of build/ (bench/afdocs.ts)
 *   npm run bench -- --lh-throttling simulate|devtools|both
 *                                    which Lighthouse throttling to run (default both, printed side by side):
 *                                    `simulate` is Lighthouse's default (a simulated slow 4G and 4× CPU computed
 *                                    from an unthrottled load), `devtools` throttles the real load; on a local
 *                                    server the simulation can count the whole JS download into LCP when the first
 *                                    frame happens to be painted after the scripts ran
 *   npm run bench -- --lh-runs 3     Lighthouse runs per page and throttling (default 5, as Lighthouse's variability
 *                                    guide recommends; each score and each metric is reported as its median over
 *                                    the runs, and every run's performance score is listed)
 *
 * Build: wall time and peak memory of gen:api, bundle:spec and the two docusaurus build steps of
 * scripts/docusaurus-build.mjs (bundling: server then client bundle, one process each; SSG + postBuild), each step run and sampled by
 * bench/measure-build.ts (sum of RSS over the step's process tree, read from /proc every 200 ms); the stock
 * build runs in a scratch copy of the site so this worktree's generated pages stay ours.
 * Pages: tools/measure/measure-page.ts in Chromium (JS/CSS/HTML raw and gzip level 9, requests, prefetches excluded,
 * elements after hydration), on the build served gzipped (tools/site/serve-build.ts).
 * Sandbox (bench/sandbox.ts): `npm run sandbox`'s latency over 1,000 requests in Node (p50/p95), and the time from the
 * first try-it Send to its answer in Chromium on a phone profile with Lighthouse's mobile throttling (the service
 * worker, the engine and the spec load on that Send), then a second Send.
 * Lighthouse 12 (its CLI, default mobile form factor) on home, a guide, a terminology page, a blog post and two
 * API operation pages: the four category scores, FCP, LCP, TBT, CLS and its DOM size (elements in <body>).
 * Everything printed is also written to .tmp/bench/ (report.md, results.json, Lighthouse JSON reports), and the run's
 * results with the machine that measured them to bench/results/<date>-bench.json and .md (tools/measure/bench-results.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Browser} from 'playwright-core';
import {writeBenchResults} from '../tools/measure/bench-results';
import {launchChromium} from '../tools/cli/chromium';
import {SITE_ROOT} from '../tools/cli';
import {kib, measurePage, type PageWeight} from '../tools/measure/measure-page';
import {BENCH_PAGES as PAGES} from '../tools/measure/page-budgets';
import {scratchSite} from '../tools/site/scratch-site';
import {serveBuild, type Served} from '../tools/site/serve-build';
import {parsePieces, SPEED_PIECE_NAMES, WITHOUT_ENV} from '../tools/measure/speed-pieces';
import {afdocsScorecard} from './afdocs';
import {baselineOf, buildBaseline, removeBaseline, type Baseline} from './baseline';
import {firstSendOnMobile, latencyTable, sandboxLatency, type FirstSend, type SandboxLatency} from './sandbox';
import {LH_CATEGORIES, LH_METRICS, lighthouseRuns, type LighthouseResult, type Throttling} from './lighthouse';
import {measuredBuild, mib, optionValues, RESULTS_DIR, savedShare, secs, table, type BuildSteps} from './measure-build';

const DEFAULT_LIGHTHOUSE_PAGES = [
  '/',
  '/docs/guides/banking-guide',
  '/docs/guides/terminology/kyc',
  '/blog/2025/03/18/sandbox-and-webhooks',
  '/docs/api/crypto/wallet/whitdraw-crypto',
  '/docs/api/fiat/withdraw-fiat',
  // The largest workflow page (issue #29: Lighthouse ≥ 95 on mobile).
  ...PAGES.filter((p) => p.type === 'workflow').map((p) => p.route),
];
const argv = process.argv.slice(2);
const valuesOf = (option: string): string[] => optionValues(argv, option);
const LIGHTHOUSE_PAGES = valuesOf('--lh-page').length ? valuesOf('--lh-page') : DEFAULT_LIGHTHOUSE_PAGES;
/** The variants without pieces of the speed machinery: each a list of pieces, built together. */
const WITHOUT = [
  ...valuesOf('--without').map((list) => parsePieces(list, '--without')),
  ...(argv.includes('--without-each') ? SPEED_PIECE_NAMES.map((p) => [p]) : []),
];
const args = new Set(argv);
const BASELINE_REFS = valuesOf('--baseline');
if (argv.includes('--baseline') && BASELINE_REFS.length === 0) throw new Error('--baseline takes a commit: npm run bench -- --baseline e983e3e');

const REUSE = args.has('--reuse');
const STOCK = args.has('--stock');
const LIGHTHOUSE = !args.has('--no-lighthouse');
const THROTTLING_ARG = argv.includes('--lh-throttling') ? argv[argv.indexOf('--lh-throttling') + 1] : 'both';
if (!['simulate', 'devtools', 'both'].includes(THROTTLING_ARG)) throw new Error(`--lh-throttling takes simulate, devtools or both, not ${THROTTLING_ARG}`);
const THROTTLINGS: Throttling[] = THROTTLING_ARG === 'both' ? ['simulate', 'devtools'] : [THROTTLING_ARG as Throttling];
const LH_RUNS = argv.includes('--lh-runs') ? Math.max(1, Number(argv[argv.indexOf('--lh-runs') + 1]) || 1) : 5;

interface Variant {
  /** `ours`, `stock`, `-<piece>[,<piece>]` (ours without those pieces) or `baseline <commit>`. */
  name: string;
  without?: string[];
  /** The commit this variant is the site of (--baseline). */
  baseline?: Baseline;
  /** Why the variant did not build (it is then not measured). */
  failed?: string;
  dir: string;
  build?: BuildSteps;
  pages: PageWeight[];
  lighthouse: LighthouseResult[];
}
const report: string[] = [];
function out(text = ''): void {
  console.log(text);
  report.push(text);
}

async function buildOurs(): Promise<BuildSteps> {
  console.error('Building the site (ours) …');
  return measuredBuild(SITE_ROOT, 'ours');
}

/** Ours without some pieces, built in a scratch copy into `v.dir`. */
async function buildWithout(v: Variant): Promise<BuildSteps> {
  const pieces = parsePieces(v.without!.join(','));
  console.error(`Building the site without ${pieces.join(', ')} into ${path.relative(SITE_ROOT, v.dir)}/ (scratch copy) …`);
  const site = scratchSite(`without-${pieces.join('-')}`);
  fs.rmSync(v.dir, {recursive: true, force: true});
  try {
    return await measuredBuild(site, `without-${pieces.join('-')}`, {[WITHOUT_ENV]: pieces.join(',')}, v.dir);
  } finally {
    fs.rmSync(site, {recursive: true, force: true});
  }
}

async function buildStock(): Promise<BuildSteps> {
  // relies on: stock-api-item
  console.error('Building the site with the stock @theme/ApiItem into build-stock/ (scratch copy) …');
  const site = scratchSite('stock');
  const outDir = path.join(SITE_ROOT, 'build-stock');
  fs.rmSync(outDir, {recursive: true, force: true});
  try {
    return await measuredBuild(site, 'stock', {NOVARAMP_STOCK_API_ITEM: '1'}, outDir);
  } finally {
    fs.rmSync(site, {recursive: true, force: true});
  }
}

/** LH_RUNS runs of one page of a variant: each score's and metric's median, with every run's score. */
const lighthouseMedian = (v: Variant, origin: string, route: string, throttling: Throttling): Promise<LighthouseResult> =>
  lighthouseRuns(v.name, origin, route, throttling, LH_RUNS);

async function measureVariant(v: Variant, browser: Browser): Promise<void> {
  let server: Served | undefined;
  try {
    server = await serveBuild(v.dir);
    for (const {route} of PAGES) {
      console.error(`  ${v.name}: measuring ${route}`);
      v.pages.push(await measurePage(browser, server.origin, route));
    }
    if (LIGHTHOUSE) {
      // A page the variant does not have (a baseline older than it) gets no Lighthouse run.
      const missing = new Set(v.pages.filter((w) => w.status === 404).map((w) => w.route));
      for (const throttling of THROTTLINGS) {
        for (const route of LIGHTHOUSE_PAGES) if (!missing.has(route)) v.lighthouse.push(await lighthouseMedian(v, server.origin, route, throttling));
      }
    }
  } finally {
    await server?.stop();
  }
}

function printBuilds(variants: Variant[]): void {
  const built = variants.filter((v) => v.build);
  if (built.length === 0) {
    out('Build: reused the existing build output (--reuse), no build measured.');
    return;
  }
  // relies on: cold-build-switch
  out('## Build (cold: DOCUSAURUS_NO_PERSISTENT_CACHE=1; peak = highest sum of RSS over the process tree, sampled from /proc every 200 ms)');
  out();
  // A baseline builds with its own `npm run build`, one step: its row has `–` under today's steps.
  const stepNames = [...new Set(built.flatMap((v) => v.build!.steps.map((s) => s.name)))];
  const stepCell = (v: Variant, name: string): string => {
    const step = v.build!.steps.find((s) => s.name === name);
    return step ? `${secs(step.wallMs)} / ${mib(step.peakRssBytes)}` : '–';
  };
  out(
    table(
      ['build', 'total s', 'peak RSS MiB', 'largest process MiB', ...stepNames.map((n) => `${n} s / MiB`)],
      built.map((v) => [v.name, secs(v.build!.wallMs), mib(v.build!.peakRssBytes), mib(v.build!.peakSingleRssBytes), ...stepNames.map((n) => stepCell(v, n))]),
    ),
  );
  out();
}

/** What each piece buys: ours against the variant without it, in % of the variant's figure (+: ours is lower). */
function printPieces(variants: Variant[]): void {
  const ours = variants[0];
  const withouts = variants.filter((v) => v.without && !v.failed);
  for (const v of variants.filter((x) => x.failed)) out(`${v.name} did not build: ${v.failed}\n`);
  if (withouts.length === 0) return;
  const jsOf = (v: Variant, route: string) => v.pages.find((p) => p.route === route)?.js.gzip;
  const lhOf = (v: Variant, route: string) => v.lighthouse.find((l) => l.route === route && l.throttling === THROTTLINGS[0]);
  const tbt = (r: LighthouseResult | undefined) => r?.values.TBT;
  out(
    `## What each piece buys (ours vs the same site without it; JS gzip and TBT: % saved by the piece; performance: points gained; build: % of peak memory and time saved)`,
  );
  out();
  const lhRoutes = LIGHTHOUSE ? LIGHTHOUSE_PAGES : [];
  out(
    table(
      ['without', 'build peak', 'build time', ...PAGES.map((p) => `JS ${p.type} ${p.route}`), ...lhRoutes.flatMap((r) => [`performance ${r}`, `TBT ${r}`])],
      withouts.map((v) => [
        `${v.without!.join(', ')}`,
        v.build && ours.build ? savedShare(ours.build.peakRssBytes, v.build.peakRssBytes) : '–',
        v.build && ours.build ? savedShare(ours.build.wallMs, v.build.wallMs) : '–',
        ...PAGES.map((p) => `${savedShare(jsOf(ours, p.route), jsOf(v, p.route))} (${kib(jsOf(v, p.route) ?? 0)})`),
        ...lhRoutes.flatMap((r) => {
          const [a, b] = [lhOf(ours, r), lhOf(v, r)];
          const points = a?.scores.performance !== undefined && b?.scores.performance !== undefined ? a.scores.performance - b.scores.performance : undefined;
          return [
            `${points === undefined ? '–' : points >= 0 ? `+${points}` : points} (${b?.scores.performance ?? '–'})`,
            `${savedShare(tbt(a), tbt(b))} (${b?.metrics.TBT ?? '–'})`,
          ];
        }),
      ]),
    ),
  );
  out();
}

/** A page the variant's build does not have (a baseline older than the page) is not measured: its cells are `–`. */
const pageOf = (v: Variant, i: number): PageWeight | undefined => (v.pages[i]?.status === 404 ? undefined : v.pages[i]);

function printPages(variants: Variant[]): void {
  const several = variants.length > 1;
  out(
    `## First visit, per page (KiB; gzip = zlib level 9; elements in <body> after hydration at 1280 px${several ? `; each cell: ${variants.map((v) => v.name).join(' / ')}` : ''})`,
  );
  out();
  const cell = (f: (w: PageWeight) => string, i: number) =>
    variants
      .map((v) => {
        const w = pageOf(v, i);
        return w ? f(w) : '–';
      })
      .join(' / ');
  // Ours minus each baseline's JS, gzip: what the commits since the baseline added to the page's first visit.
  const baselines = variants.filter((v) => v.baseline);
  const delta = (i: number, b: Variant): string => {
    const [a, z] = [pageOf(variants[0], i), pageOf(b, i)];
    if (!a || !z) return '–';
    const d = a.js.gzip - z.js.gzip;
    return `${d >= 0 ? '+' : ''}${kib(d)}`;
  };
  out(
    table(
      [
        'page',
        'JS raw',
        'JS gzip',
        ...baselines.map((b) => `JS gzip ours − ${b.name}`),
        'CSS raw',
        'CSS gzip',
        'HTML raw',
        'HTML gzip',
        'requests',
        'DOM elements',
      ],
      PAGES.map((p, i) => [
        `${p.type} ${p.route}`,
        cell((w) => kib(w.js.raw), i),
        cell((w) => kib(w.js.gzip), i),
        ...baselines.map((b) => delta(i, b)),
        cell((w) => kib(w.css.raw), i),
        cell((w) => kib(w.css.gzip), i),
        cell((w) => kib(w.html.raw), i),
        cell((w) => kib(w.html.gzip), i),
        cell((w) => String(w.requests), i),
        cell((w) => String(w.domElements), i),
      ]),
    ),
  );
  out();
}

function printLighthouse(variants: Variant[]): void {
  if (!LIGHTHOUSE) return;
  const names = {simulate: 'default simulated throttling', devtools: 'DevTools throttling (slow 4G, 4× CPU)'};
  const columns = THROTTLINGS.length > 1 ? `each timing cell: ${THROTTLINGS.map((t) => names[t]).join(' / ')}` : names[THROTTLINGS[0]];
  out(`## Lighthouse ${lighthouseVersion()} (mobile; ${columns}; ${LH_RUNS} run(s) per page, each score and metric the median over the runs; scores 0–100)`);
  out();
  const rows: string[][] = [];
  for (const route of LIGHTHOUSE_PAGES) {
    for (const v of variants) {
      const runs = THROTTLINGS.map((t) => v.lighthouse.find((l) => l.route === route && l.throttling === t)!);
      if (runs.some((r) => !r)) continue;
      const each = (f: (r: LighthouseResult) => string) => runs.map(f).join(' / ');
      const first = runs[0];
      rows.push([
        `${route} (${v.name})`,
        each((r) => String(r.scores.performance ?? '–')),
        ...LH_CATEGORIES.slice(1).map((c) => String(first.scores[c] ?? '–')),
        ...LH_METRICS.map(([, label]) => each((r) => r.metrics[label] ?? '–')),
        String(first.domElements ?? '–'),
        each((r) => (r.performanceRuns ?? []).join(', ')),
        String(new Set(runs.flatMap((r) => r.external)).size),
      ]);
    }
  }
  out(
    table(
      [
        'page',
        'performance',
        'accessibility',
        'best-practices',
        'SEO',
        ...LH_METRICS.map(([, l]) => l),
        'DOM elements',
        'performance per run',
        'external requests',
      ],
      rows,
    ),
  );
  for (const v of variants) {
    for (const r of v.lighthouse) {
      if (r.error) out(`\n${v.name} ${r.throttling} ${r.route}: ${r.error}`);
      if (r.external.length) out(`\n${v.name} ${r.throttling} ${r.route} requested outside 127.0.0.1: ${r.external.join(', ')}`);
    }
  }
  out();
}

function printSandbox(latency: SandboxLatency, firstSend: FirstSend): void {
  out(`## Sandbox`);
  out();
  out(`In Node (\`npm run sandbox\` over HTTP on 127.0.0.1, ${latency.requests} requests one after the other, a new key every 50), ms:`);
  out();
  out(table(['request', 'count', 'p50 ms', 'p95 ms', 'statuses'], latencyTable(latency)));
  out();
  out(
    `In the browser (${firstSend.route}, try-it at 390 px, 4× CPU and slow 4G): first Send to its answer ${firstSend.firstMs} ms ` +
      `(service worker, engine and spec loaded on it), second Send ${firstSend.secondMs} ms; statuses ${firstSend.statuses.join(', ')}.`,
  );
  out();
}

function lighthouseVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(SITE_ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as {version: string};
  return pkg.version;
}

async function main(): Promise<void> {
  fs.mkdirSync(RESULTS_DIR, {recursive: true});
  const variants: Variant[] = [{name: 'ours', dir: path.join(SITE_ROOT, 'build'), pages: [], lighthouse: []}];
  if (STOCK) variants.push({name: 'stock', dir: path.join(SITE_ROOT, 'build-stock'), pages: [], lighthouse: []});
  for (const pieces of WITHOUT) {
    variants.push({name: `-${pieces.join(',')}`, without: pieces, dir: path.join(SITE_ROOT, `build-without-${pieces.join('-')}`), pages: [], lighthouse: []});
  }

  for (const ref of BASELINE_REFS) {
    const baseline = baselineOf(ref);
    variants.push({name: `baseline ${ref}`, baseline, dir: baseline.buildDir, pages: [], lighthouse: []});
  }

  for (const v of variants) {
    const missing = !fs.existsSync(path.join(v.dir, 'index.html'));
    if (REUSE && !missing) continue;
    if (v.baseline) {
      // A baseline that does not build (or install) is reported, and the others are still measured.
      try {
        v.build = await buildBaseline(v.baseline);
      } catch (e) {
        v.failed = e instanceof Error ? e.message : String(e);
        console.error(`✖ ${v.name}: ${v.failed}`);
      }
      continue;
    }
    if (REUSE) console.error(`--reuse: ${path.relative(SITE_ROOT, v.dir)}/ is missing, building it`);
    if (v.without) {
      // A variant that does not build is reported, and the others are still measured.
      try {
        v.build = await buildWithout(v);
      } catch (e) {
        v.failed = e instanceof Error ? e.message : String(e);
        console.error(`✖ ${v.name}: ${v.failed}`);
      }
      continue;
    }
    v.build = v.name === 'ours' ? await buildOurs() : await buildStock();
  }

  const browser = await launchChromium('measuring the pages');
  let firstSend: FirstSend | undefined;
  try {
    for (const v of variants) if (!v.failed) await measureVariant(v, browser);
    console.error('  ours: the first try-it Send on a phone profile');
    const served = await serveBuild(path.relative(SITE_ROOT, variants[0].dir));
    try {
      firstSend = await firstSendOnMobile(browser, served.origin);
    } finally {
      await served.stop();
    }
  } finally {
    await browser.close();
  }

  if (args.has('--baseline-clean')) for (const v of variants) if (v.baseline) removeBaseline(v.baseline);

  out(`# npm run bench${STOCK ? ' -- --stock' : ''} (${new Date().toISOString()}, Node ${process.version}, ${variants.map((v) => v.name).join(' vs ')})`);
  out();
  const measured = variants.filter((v) => !v.failed);
  printBuilds(measured);
  printPieces(variants);
  // Side by side: ours, stock and the baselines (the variants without a piece are in the table above, and in results.json).
  for (const v of measured.filter((x) => x.baseline)) out(`${v.name}: commit ${v.baseline!.commit.slice(0, 12)}, built in ${v.baseline!.dir}\n`);
  printPages(measured.filter((v) => !v.without));
  printLighthouse(measured);
  console.error('  the sandbox in Node: 1,000 requests');
  const latency = await sandboxLatency();
  printSandbox(latency, firstSend!);
  if (!args.has('--no-afdocs')) out(`${await afdocsScorecard(variants[0].dir)}\n`);
  fs.writeFileSync(path.join(RESULTS_DIR, 'report.md'), `${report.join('\n')}\n`);
  fs.writeFileSync(path.join(RESULTS_DIR, 'results.json'), `${JSON.stringify({variants, sandbox: {latency, firstSend}}, null, 2)}\n`);
  console.error(`Written to ${path.relative(SITE_ROOT, RESULTS_DIR)}/report.md and results.json`);
  const kept = writeBenchResults({
    kind: 'bench',
    command: ['npm run bench', ...(argv.length ? ['--', ...argv] : [])].join(' '),
    summary: report.join('\n'),
    results: {variants: variants.map((v) => ({...v, dir: path.relative(SITE_ROOT, v.dir)})), sandbox: {latency, firstSend}},
  });
  console.error(`Results kept in ${path.relative(SITE_ROOT, kept.json)} and ${path.basename(kept.markdown)}: commit them`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
