/**
 * `npm run bench:scale`: how the build and the pages grow with the size of the API. For each N (default 200,
 * 500, 1000; or `npm run bench:scale -- 500 2000`) it makes a scratch copy of the site (tools/site/scratch-site.ts),
 * adds to the portal's own operations a synthetic payments API of realistic schemas (bench/synthetic-api.ts,
 * seeded) published as extra APIs (src/plugins/operation-page/generate/api-sources.ts) until the site holds N operations, runs the full
 * production build there (gen:api with its checks, bundle:spec, docusaurus build in its two processes; cold, no
 * Rspack persistent cache) and measures:
 * - wall time and peak memory (sum of RSS over the process tree, sampled from /proc every 200 ms), per step,
 *   per operation, and per added operation from one N to the next (flat when the last two stay level);
 * - the API pages, the largest (HTML bytes) with its HTML raw and gzip, its first-visit JS and Lighthouse mobile
 *   performance (simulated throttling, the median of `--lh-runs`, default 3; `--no-lighthouse` skips it);
 * - what a first visit to a guide and to an API page downloads (JS gzip, in Chromium: tools/measure/measure-page.ts),
 *   with main.js and the docs sidebar data apart, and the gzip size of the route table sources Docusaurus
 *   generates (routes, chunk names, registry, global data), which are what makes main.js grow with pages.
 * It prints Markdown tables, keeps the run in bench/results/ (`<date>-scale.md` and `.json`, tools/measure/bench-results.ts),
 * and writes the working files to .tmp/bench/ (scale-report.md, scale-results.json, build logs, memory over time)
 * with a chart of time and peak memory against operations (scale.svg). The machine's load averages are recorded
 * beside each build, since the builds share the CPUs with whatever else runs. The tests are not run on the
 * synthetic site.
 *
 * `--without <piece>[,<piece>…]` (repeatable) also builds each size's synthetic site without those pieces of the
 * speed machinery (tools/measure/speed-pieces.ts, NOVARAMP_WITHOUT) and prints what each buys there: build peak memory and
 * time, and the JS of the two pages, against the same site with them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type {Browser} from 'playwright-core';
// relies on: route-table-files
import {PAGES_APART_CHUNK_PREFIX} from '../src/upstream/operation-entries/routes';
import {API_SPECS, MANIFEST_FILE, specPath, type ApiManifestEntry} from '../src/data/api-table';
import {EXTRA_APIS_ENV} from '../src/plugins/operation-page/generate/api-sources';
import {writeBenchResults} from '../tools/measure/bench-results';
import {launchChromium} from '../tools/cli/chromium';
import {kib, measurePage, type PageWeight} from '../tools/measure/measure-page';
import {specSummary} from '../tools/openapi/spec-summary';
import {scratchSite} from '../tools/site/scratch-site';
import {serveBuild} from '../tools/site/serve-build';
import {parsePieces, WITHOUT_ENV, type SpeedPiece} from '../tools/measure/speed-pieces';
import {lighthouseRuns, type LighthouseResult} from './lighthouse';
import {measuredBuild, mib, optionValues, RESULTS_DIR, savedShare, secs, table, type BuildSteps} from './measure-build';
import {syntheticApis, writeSyntheticApis} from './synthetic-api';

const TARGET_PEAK_BYTES = 3 * 1024 ** 3;
/** Issue #50: 2,000 operations built within 10 minutes and 3 GiB, the largest page scoring at least 90. */
const TARGET_WALL_MS = 10 * 60 * 1000;
const TARGET_LIGHTHOUSE = 90;
/** The pages measured at every N: they exist in the real spec, so in every synthetic one. */
const GUIDE_ROUTE = '/docs/guides/banking-guide';
const API_ROUTE = '/docs/api/crypto/wallet/whitdraw-crypto';

const args = process.argv.slice(2);
/** The variants without pieces of the speed machinery (`--without a,b`, repeatable). */
const WITHOUT = optionValues(args, '--without').map((list) => parsePieces(list, '--without'));
const LH_RUNS = Math.max(1, Number(optionValues(args, '--lh-runs')[0] ?? 3) || 3);
const LIGHTHOUSE = !args.includes('--no-lighthouse');
const sizes = args
  .filter((arg, i) => !['--without', '--lh-runs'].includes(args[i - 1]))
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const NS = sizes.length ? sizes : [200, 500, 1000];

interface SynthResult {
  /** The portal's own operations, kept (the guides link to them). */
  real: number;
  /** The synthetic operations added, per extra API. */
  perApi: Record<string, number>;
  total: number;
}

interface LargestPage {
  route: string;
  html: number;
  htmlGzip: number;
  js: number;
  lighthouse?: LighthouseResult;
}

interface PageJs {
  route: string;
  /** All JS of the first visit, gzip bytes. */
  js: number;
  /** main.js and its runtime, gzip bytes. */
  main: number;
  /** The docs version's data (every sidebar), gzip bytes; 0 on pages outside the docs. */
  sidebars: number;
}

interface Row {
  n: number;
  /** The pieces of the speed machinery this build ran without (none: the site as it ships). */
  without: SpeedPiece[];
  synth: SynthResult;
  pages: number;
  buildMiB: number;
  build: BuildSteps;
  /** One-minute load average of the machine before and after the build. */
  load: [number, number];
  /** The 1-, 5- and 15-minute load averages before and after the build, as `uptime` prints them. */
  loadAverages: {before: number[]; after: number[]};
  guide: PageJs;
  api: PageJs;
  largest: LargestPage;
  /** gzip bytes of the route table sources in .docusaurus/ (before minification). */
  routeTable: Record<string, number>;
}

function dirBytes(dir: string): number {
  return fs
    .readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
}

const gzipBytes = (file: string): number => zlib.gzipSync(fs.readFileSync(file), {level: 9}).length;

/**
 * The generated route table of a built site as the client bundles it, per file, gzip bytes: the copies without the
 * operation pages (src/upstream/operation-entries) where they were written, else Docusaurus' own.
 */
function routeTableSizes(site: string): Record<string, number> {
  const generated = path.join(site, '.docusaurus');
  const clientCopy = (f: string) => [path.join(generated, 'operation-entries', f), path.join(generated, f)].find((p) => fs.existsSync(p))!;
  // relies on: route-table-files
  return Object.fromEntries(['routes.js', 'routesChunkNames.json', 'registry.js', 'globalData.json'].map((f) => [f, gzipBytes(clientCopy(f))]));
}

/** The chunk names of the docs versions' props modules (`p/docs-<hash>.json`: every sidebar of the version). */
function sidebarChunks(site: string): string[] {
  // relies on: route-table-files
  const registry = fs.readFileSync(path.join(site, '.docusaurus', 'registry.js'), 'utf8');
  return [
    ...registry.matchAll(
      // relies on: route-table-files
      /^\s*"([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "[^"]+" \*\/ "@generated\/docusaurus-plugin-content-docs\/[^/]+\/p\/docs-[0-9a-f]+\.json"\)/gm,
    ),
  ].map((m) => m[1]);
}

function pageJs(weight: PageWeight, sidebars: string[]): PageJs {
  const file = (url: string) => url.slice(url.lastIndexOf('/') + 1);
  const sum = (pick: (name: string) => boolean) => weight.scripts.filter((s) => pick(file(s.url))).reduce((n, s) => n + s.gzip, 0);
  return {
    route: weight.route,
    js: weight.js.gzip,
    main: sum((name) => /^(main|runtime~main)\./.test(name)),
    // The versions' props, and the sidebar categories' operation pages kept apart from them (src/upstream/operation-entries).
    sidebars: sum((name) => sidebars.some((chunk) => name.startsWith(`${chunk}.`)) || name.startsWith(PAGES_APART_CHUNK_PREFIX)),
  };
}

/** The operation page of the most HTML bytes, from the generation manifest. */
function largestPage(site: string): {route: string; bytes: number} {
  const manifest = JSON.parse(fs.readFileSync(path.join(site, MANIFEST_FILE), 'utf8')) as ApiManifestEntry[];
  return manifest
    .map((entry) => ({route: entry.route, bytes: fs.statSync(path.join(site, 'build', `${entry.route}.html`)).size}))
    .reduce((a, b) => (b.bytes > a.bytes ? b : a));
}

async function measurePages(browser: Browser, site: string, label: string): Promise<{guide: PageJs; api: PageJs; largest: LargestPage}> {
  const served = await serveBuild(path.join(site, 'build'));
  try {
    const sidebars = sidebarChunks(site);
    const {route} = largestPage(site);
    const raw = fs.readFileSync(path.join(site, 'build', `${route}.html`));
    const largest: LargestPage = {
      route,
      html: raw.length,
      htmlGzip: zlib.gzipSync(raw, {level: 9}).length,
      js: (await measurePage(browser, served.origin, route)).js.gzip,
    };
    if (LIGHTHOUSE) largest.lighthouse = await lighthouseRuns(label, served.origin, route, 'simulate', LH_RUNS);
    return {
      guide: pageJs(await measurePage(browser, served.origin, GUIDE_ROUTE), sidebars),
      api: pageJs(await measurePage(browser, served.origin, API_ROUTE), sidebars),
      largest,
    };
  } finally {
    await served.stop();
  }
}

/**
 * Adds the synthetic payments APIs to the scratch site until it holds `n` operations with the portal's own, and
 * returns the counts and the environment that publishes them.
 */
async function synthesize(site: string, n: number): Promise<{synth: SynthResult; env: NodeJS.ProcessEnv}> {
  let real = 0;
  for (const spec of API_SPECS) real += (await specSummary(path.join(site, specPath(spec)))).operations;
  if (n <= real) throw new Error(`N = ${n}: the site already has ${real} operations of its own; give an N above it`);
  const apis = syntheticApis(n - real);
  const list = writeSyntheticApis(site, apis);
  return {
    synth: {real, perApi: Object.fromEntries(apis.map((a) => [a.id, a.operations])), total: real + apis.reduce((sum, a) => sum + a.operations, 0)},
    env: {[EXTRA_APIS_ENV]: path.relative(site, list)},
  };
}

/**
 * A line chart of build time (s, left axis) and peak memory (MiB, right axis) against operations, as SVG text,
 * with the time and memory targets dashed.
 */
function scaleChart(points: {n: number; seconds: number; peakMiB: number}[]): string {
  const [width, height, left, right, top, bottom] = [640, 360, 64, 72, 36, 48];
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const maxN = Math.max(...points.map((p) => p.n));
  const maxS = Math.max(TARGET_WALL_MS / 1000, ...points.map((p) => p.seconds)) * 1.1;
  const maxM = Math.max(TARGET_PEAK_BYTES / 2 ** 20, ...points.map((p) => p.peakMiB)) * 1.1;
  const x = (n: number) => left + (n / maxN) * plotW;
  const yS = (s: number) => top + plotH - (s / maxS) * plotH;
  const yM = (m: number) => top + plotH - (m / maxM) * plotH;
  const line = (y: (p: (typeof points)[number]) => number) => points.map((p) => `${x(p.n).toFixed(1)},${y(p).toFixed(1)}`).join(' ');
  const ticks = (max: number, count: number) => Array.from({length: count + 1}, (_, i) => (max / 1.1 / count) * i);
  const text = (tx: number, ty: number, s: string, anchor = 'middle', fill = '#333') =>
    `<text x="${tx.toFixed(1)}" y="${ty.toFixed(1)}" text-anchor="${anchor}" fill="${fill}">${s}</text>`;
  const time = '#1f6feb';
  const memory = '#c2410c';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>Build time and peak memory against the number of API operations</title>`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<line x1="${left}" y1="${top + plotH}" x2="${left + plotW}" y2="${top + plotH}" stroke="#999"/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotH}" stroke="${time}"/>`,
    `<line x1="${left + plotW}" y1="${top}" x2="${left + plotW}" y2="${top + plotH}" stroke="${memory}"/>`,
    ...points.map((p) => text(x(p.n), top + plotH + 16, String(p.n))),
    text(left + plotW / 2, height - 8, 'API operations'),
    ...ticks(maxS, 4).map((s) => text(left - 6, yS(s) + 4, s.toFixed(0), 'end', time)),
    ...ticks(maxM, 4).map((m) => text(left + plotW + 6, yM(m) + 4, m.toFixed(0), 'start', memory)),
    text(left, top - 12, 'build s', 'middle', time),
    text(left + plotW, top - 12, 'peak MiB', 'middle', memory),
    `<line x1="${left}" y1="${yS(TARGET_WALL_MS / 1000).toFixed(1)}" x2="${left + plotW}" y2="${yS(TARGET_WALL_MS / 1000).toFixed(1)}" stroke="${time}" stroke-dasharray="4 4" opacity="0.6"/>`,
    `<line x1="${left}" y1="${yM(TARGET_PEAK_BYTES / 2 ** 20).toFixed(1)}" x2="${left + plotW}" y2="${yM(TARGET_PEAK_BYTES / 2 ** 20).toFixed(1)}" stroke="${memory}" stroke-dasharray="4 4" opacity="0.6"/>`,
    `<polyline points="${line((p) => yS(p.seconds))}" fill="none" stroke="${time}" stroke-width="2"/>`,
    `<polyline points="${line((p) => yM(p.peakMiB))}" fill="none" stroke="${memory}" stroke-width="2"/>`,
    ...points.flatMap((p) => [
      `<circle cx="${x(p.n).toFixed(1)}" cy="${yS(p.seconds).toFixed(1)}" r="3" fill="${time}"/>`,
      `<circle cx="${x(p.n).toFixed(1)}" cy="${yM(p.peakMiB).toFixed(1)}" r="3" fill="${memory}"/>`,
    ]),
    text(left + 8, top + 14, `build time (dashed: ${TARGET_WALL_MS / 60_000} min)`, 'start', time),
    text(left + 8, top + 30, 'peak memory, process tree (dashed: 3 GiB)', 'start', memory),
    '</svg>',
    '',
  ].join('\n');
}

/** A scratch copy of the site with a synthetic API of `n` operations, built (without `without`) and measured. */
async function buildAndMeasure(browser: Browser, n: number, without: SpeedPiece[]): Promise<Row> {
  const label = ['scale', n, ...without].join('-');
  const site = scratchSite(label);
  try {
    const {synth, env} = await synthesize(site, n);
    const what = without.length ? `, without ${without.join(', ')}` : '';
    console.error(`N = ${n}${what}: ${synth.real} own + ${synth.total - synth.real} synthetic operations in ${site}; building …`);
    const before = os.loadavg();
    const build = await measuredBuild(site, label, {...env, ...(without.length ? {[WITHOUT_ENV]: without.join(',')} : {})});
    const after = os.loadavg();
    const pages = (JSON.parse(fs.readFileSync(path.join(site, MANIFEST_FILE), 'utf8')) as unknown[]).length;
    console.error(`N = ${n}${what}: ${secs(build.wallMs)} s, peak ${mib(build.peakRssBytes)} MiB; measuring the pages …`);
    const weights = await measurePages(browser, site, label);
    return {
      n,
      without,
      synth,
      pages,
      buildMiB: dirBytes(path.join(site, 'build')) / 1024 ** 2,
      build,
      load: [before[0], after[0]],
      loadAverages: {before, after},
      ...weights,
      routeTable: routeTableSizes(site),
    };
  } finally {
    fs.rmSync(site, {recursive: true, force: true});
  }
}

/** What each piece buys at each size: the site as it ships against the same site without it (+: the piece saves). */
function piecesTable(all: Row[]): string[] {
  const variants = all.filter((r) => r.without.length > 0);
  if (variants.length === 0) return [];
  return [
    'What each piece buys (the same synthetic site built without it; % of the figure without it that the piece saves):',
    '',
    table(
      [
        'without',
        'N operations',
        'peak RSS MiB (with / without)',
        'peak saved',
        'build s (with / without)',
        'time saved',
        'guide JS saved',
        'API page JS saved',
      ],
      variants.map((v) => {
        const ours = all.find((r) => r.n === v.n && r.without.length === 0)!;
        return [
          v.without.join(', '),
          String(v.n),
          `${mib(ours.build.peakRssBytes)} / ${mib(v.build.peakRssBytes)}`,
          savedShare(ours.build.peakRssBytes, v.build.peakRssBytes),
          `${secs(ours.build.wallMs)} / ${secs(v.build.wallMs)}`,
          savedShare(ours.build.wallMs, v.build.wallMs),
          savedShare(ours.guide.js, v.guide.js),
          savedShare(ours.api.js, v.api.js),
        ];
      }),
    ),
    '',
  ];
}

async function main(): Promise<void> {
  fs.mkdirSync(RESULTS_DIR, {recursive: true});
  const browser = await launchChromium('measuring the pages of the synthetic sites');
  const all: Row[] = [];
  try {
    for (const n of NS) {
      for (const without of [[], ...WITHOUT]) all.push(await buildAndMeasure(browser, n, without));
    }
  } finally {
    await browser.close();
  }

  // The site as it ships, size by size; the variants without pieces only in the table of what each buys.
  const rows = all.filter((r) => r.without.length === 0);
  const steps = rows[0].build.steps.map((s) => s.name);
  /** Cost of one more operation between this N and the previous one. */
  const marginal = (i: number, of: (r: Row) => number, unit: number) =>
    i === 0 ? '–' : ((of(rows[i]) - of(rows[i - 1])) / unit / (rows[i].n - rows[i - 1].n)).toFixed(2);
  const kb = (bytes: number) => kib(bytes);
  const lines = [
    `# npm run bench:scale (${new Date().toISOString()}, Node ${process.version}, ${os.cpus().length} CPUs; cold builds, peak = highest sum of RSS over the process tree, /proc every 200 ms)`,
    '',
    table(
      [
        'N operations',
        'API pages',
        'build s',
        's / op',
        's / added op',
        'peak RSS MiB',
        'MiB / op',
        'MiB / added op',
        'largest process MiB',
        ...steps.map((s) => `${s} s / MiB`),
        'build/ MiB',
        'load avg',
        '≤ 3 GiB',
        `≤ ${TARGET_WALL_MS / 60_000} min`,
      ],
      rows.map((r, i) => [
        String(r.n),
        String(r.pages),
        secs(r.build.wallMs),
        (r.build.wallMs / 1000 / r.n).toFixed(2),
        marginal(i, (x) => x.build.wallMs, 1000),
        mib(r.build.peakRssBytes),
        (r.build.peakRssBytes / 2 ** 20 / r.n).toFixed(2),
        marginal(i, (x) => x.build.peakRssBytes, 2 ** 20),
        mib(r.build.peakSingleRssBytes),
        ...r.build.steps.map((s) => `${secs(s.wallMs)} / ${mib(s.peakRssBytes)}`),
        r.buildMiB.toFixed(0),
        `${r.loadAverages.before.map((l) => l.toFixed(2)).join(' ')} → ${r.loadAverages.after.map((l) => l.toFixed(2)).join(' ')}`,
        r.build.peakRssBytes <= TARGET_PEAK_BYTES ? 'yes' : 'NO',
        r.build.wallMs <= TARGET_WALL_MS ? 'yes' : 'NO',
      ]),
    ),
    '',
    `Load avg: the 1-, 5- and 15-minute load averages before → after the build (${os.cpus().length} CPUs). The largest API page (HTML bytes), its first visit (Chromium) and Lighthouse mobile performance (simulated throttling, median of ${LH_RUNS}; target ≥ ${TARGET_LIGHTHOUSE}):`,
    '',
    table(
      [
        'N operations',
        'own + synthetic',
        'largest page',
        'HTML KB (gzip)',
        'first-visit JS KiB gzip',
        'Lighthouse perf (runs)',
        'FCP / LCP / TBT / CLS',
        `≥ ${TARGET_LIGHTHOUSE}`,
      ],
      rows.map((r) => {
        const lh = r.largest.lighthouse;
        const perf = lh?.scores.performance;
        return [
          String(r.n),
          `${r.synth.real} + ${r.synth.total - r.synth.real}`,
          r.largest.route,
          `${(r.largest.html / 1000).toFixed(0)} (${(r.largest.htmlGzip / 1000).toFixed(0)})`,
          kb(r.largest.js),
          lh ? `${perf ?? '–'} (${(lh.performanceRuns ?? []).join(', ')})` : '–',
          lh ? Object.values(lh.metrics).join(' / ') : '–',
          perf === undefined ? '–' : perf >= TARGET_LIGHTHOUSE ? 'yes' : 'NO',
        ];
      }),
    ),
    ...rows.flatMap((r) => (r.largest.lighthouse?.error ? [`\nN = ${r.n}: Lighthouse: ${r.largest.lighthouse.error}`] : [])),
    '',
    // relies on: route-table-files
    `JS of a first visit, KiB gzip (${GUIDE_ROUTE} and ${API_ROUTE}, Chromium; main = main.js + runtime, sidebars = the docs version's sidebar data), and the route table sources Docusaurus generates (.docusaurus/, gzip, before minification):`,
    '',
    table(
      ['N operations', 'guide JS', 'guide main', 'guide sidebars', 'API page JS', 'API main', 'API sidebars', ...Object.keys(rows[0].routeTable)],
      rows.map((r) => [
        String(r.n),
        kb(r.guide.js),
        kb(r.guide.main),
        kb(r.guide.sidebars),
        kb(r.api.js),
        kb(r.api.main),
        kb(r.api.sidebars),
        ...Object.values(r.routeTable).map(kb),
      ]),
    ),
    '',
    ...piecesTable(all),
    `Chart: ${path.relative(process.cwd(), path.join(RESULTS_DIR, 'scale.svg'))}`,
    '',
  ];
  console.log(lines.join('\n'));
  fs.writeFileSync(path.join(RESULTS_DIR, 'scale-report.md'), `${lines.join('\n')}\n`);
  fs.writeFileSync(path.join(RESULTS_DIR, 'scale-results.json'), `${JSON.stringify(all, null, 2)}\n`);
  fs.writeFileSync(
    path.join(RESULTS_DIR, 'scale.svg'),
    scaleChart(rows.map((r) => ({n: r.n, seconds: r.build.wallMs / 1000, peakMiB: r.build.peakRssBytes / 2 ** 20}))),
  );
  const kept = writeBenchResults({
    kind: 'scale',
    command: ['npm run bench:scale', ...(args.length ? ['--', ...args] : [])].join(' '),
    summary: lines.join('\n'),
    results: all,
  });
  console.error(`Results kept in ${path.relative(process.cwd(), kept.json)} and ${path.basename(kept.markdown)}: commit them`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
