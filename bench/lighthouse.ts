/**
 * Lighthouse (its CLI, mobile form factor) on one page of a served build, for `npm run bench` and
 * `npm run bench:corpus`: the four category scores, FCP, LCP, TBT, CLS, its DOM size, and any request to another
 * origin. Each run is a process of its own, so the build can be served from the bench's process meanwhile.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {findChromium} from '../tools/cli/chromium';
import {SITE_ROOT} from '../tools/cli';
import {RESULTS_DIR} from './measure-build';

export const LH_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export const LH_METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
] as const;

export type Throttling = 'simulate' | 'devtools';

export interface LighthouseResult {
  route: string;
  throttling: Throttling;
  /** Lighthouse's DOM size audit: elements inside <body>. */
  domElements?: number;
  scores: Partial<Record<(typeof LH_CATEGORIES)[number], number>>;
  /** Each metric as Lighthouse displays it ("1.1 s", "150 ms"); of several runs, the median's. */
  metrics: Record<string, string>;
  /** Each metric's value (ms; CLS unitless), of several runs the median. */
  values: Partial<Record<(typeof LH_METRICS)[number][1], number>>;
  /** Requests the page made to any origin other than the local server (should be none). */
  external: string[];
  error?: string;
  /** Performance score of every run (the scores and metrics reported are each one's median over the runs). */
  performanceRuns?: number[];
}

/**
 * One Lighthouse run in its own process (async: the build is served from this process, which must stay responsive):
 * its numbers; lighthouseRuns writes the `metrics` shown, of the median.
 */
async function lighthouse(origin: string, route: string, throttling: Throttling, file: string): Promise<LighthouseResult> {
  const cli = path.join(SITE_ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const args = [
    cli,
    `${origin}${route}`,
    '--output=json',
    `--output-path=${file}`,
    `--only-categories=${LH_CATEGORIES.join(',')}`,
    `--throttling-method=${throttling}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
    '--quiet',
  ];
  fs.rmSync(file, {force: true});
  const res = await new Promise<{status: number | null; output: string}>((resolve) => {
    const child = spawn(process.execPath, args, {cwd: SITE_ROOT, env: {...process.env, CHROME_PATH: findChromium()}});
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGTERM'), 300_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({status, output});
    });
  });
  const result: LighthouseResult = {route, throttling, scores: {}, metrics: {}, values: {}, external: []};
  if (res.status !== 0 || !fs.existsSync(file)) {
    result.error = `lighthouse exited with ${res.status}: ${res.output.trim().split('\n').slice(-5).join(' / ')}`;
    return result;
  }
  const lhr = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    runtimeError?: {code: string; message: string};
    categories: Record<string, {score: number | null}>;
    audits: Record<string, {numericValue?: number; errorMessage?: string; details?: {items?: {url?: string}[]}}>;
  };
  if (lhr.runtimeError) result.error = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  // A metric Lighthouse could not compute leaves the performance score empty: say which and why.
  const failed = LH_METRICS.map(([id]) => [id, lhr.audits[id]?.errorMessage] as const).filter(([, message]) => message);
  if (failed.length) result.error = failed.map(([id, message]) => `${id}: ${message}`).join('; ');
  for (const c of LH_CATEGORIES) {
    const score = lhr.categories[c]?.score;
    if (typeof score === 'number') result.scores[c] = Math.round(score * 100);
  }
  for (const [id, label] of LH_METRICS) {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value === 'number') result.values[label] = value;
  }
  result.domElements = lhr.audits['dom-size']?.numericValue;
  result.external = (lhr.audits['network-requests']?.details?.items ?? [])
    .map((i) => i.url ?? '')
    .filter((u) => /^https?:/.test(u) && new URL(u).origin !== origin);
  return result;
}

/** The median of what `value` gives for each item that has it (undefined when none has). */
function medianOf<T>(items: T[], value: (item: T) => number | undefined): number | undefined {
  const sorted = items.flatMap((item) => value(item) ?? []).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? undefined : sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A metric's value as Lighthouse displays it: seconds to a tenth, TBT to 10 ms, CLS to three decimals. */
function displayValue(label: (typeof LH_METRICS)[number][1], value: number): string {
  if (label === 'CLS') return String(Math.round(value * 1000) / 1000);
  if (label === 'TBT') return `${(Math.round(value / 10) * 10).toLocaleString('en-US')} ms`;
  return `${(value / 1000).toFixed(1)} s`;
}

/**
 * `count` runs of one page, reported as each score's and each metric's median over the runs that completed (a run's
 * score and its TBT move apart from run to run on a shared machine: the median of each is the figure to judge), with
 * every run's performance score. Lighthouse's variability guide recommends five runs.
 */
export async function lighthouseRuns(label: string, origin: string, route: string, throttling: Throttling, count: number): Promise<LighthouseResult> {
  const runs: LighthouseResult[] = [];
  for (let run = 1; run <= count; run++) {
    console.error(`  ${label}: Lighthouse ${throttling} ${route} (run ${run}/${count})`);
    const file = path.join(RESULTS_DIR, `lighthouse-${label}-${throttling}-${route.replace(/\W+/g, '_') || 'home'}-${run}.json`);
    runs.push(await lighthouse(origin, route, throttling, file));
  }
  const ok = runs.filter((r) => typeof r.scores.performance === 'number');
  const result: LighthouseResult = {
    route,
    throttling,
    scores: {},
    metrics: {},
    values: {},
    domElements: medianOf(ok, (r) => r.domElements),
    external: [...new Set(runs.flatMap((r) => r.external))],
    performanceRuns: runs.map((r) => r.scores.performance ?? NaN),
    error:
      runs
        .map((r) => r.error)
        .filter(Boolean)
        .join('; ') || undefined,
  };
  for (const c of LH_CATEGORIES) {
    const m = medianOf(ok, (r) => r.scores[c]);
    if (m !== undefined) result.scores[c] = Math.round(m);
  }
  for (const [, metric] of LH_METRICS) {
    const m = medianOf(ok, (r) => r.values[metric]);
    result.metrics[metric] = m === undefined ? '–' : displayValue(metric, m);
    if (m !== undefined) result.values[metric] = m;
  }
  return result;
}
