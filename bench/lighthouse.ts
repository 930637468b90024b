/**
 * Lighthouse (its CLI, mobile form factor) on one page of a served build, for `npm run bench` and
 * `npm run bench:corpus`: the four category scores, FCP, LCP, TBT, CLS, its DOM size, and any request to another
 * origin. Each run is a process of its own, so the build can be served from the bench's process meanwhile.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {findChromium} from '../tools/chromium';
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
  metrics: Record<string, string>;
  /** Requests the page made to any origin other than the local server (should be none). */
  external: string[];
  error?: string;
  /** Performance score of every run (the reported run is the median one). */
  performanceRuns?: number[];
}

/** One Lighthouse run in its own process (async: the build is served from this process, which must stay responsive). */
export async function lighthouse(origin: string, route: string, throttling: Throttling, file: string): Promise<LighthouseResult> {
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
  const result: LighthouseResult = {route, throttling, scores: {}, metrics: {}, external: []};
  if (res.status !== 0 || !fs.existsSync(file)) {
    result.error = `lighthouse exited with ${res.status}: ${res.output.trim().split('\n').slice(-5).join(' / ')}`;
    return result;
  }
  const lhr = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    runtimeError?: {code: string; message: string};
    categories: Record<string, {score: number | null}>;
    audits: Record<string, {displayValue?: string; numericValue?: number; errorMessage?: string; details?: {items?: {url?: string}[]}}>;
  };
  if (lhr.runtimeError) result.error = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  // A metric Lighthouse could not compute leaves the performance score empty: say which and why.
  const failed = LH_METRICS.map(([id]) => [id, lhr.audits[id]?.errorMessage] as const).filter(([, message]) => message);
  if (failed.length) result.error = failed.map(([id, message]) => `${id}: ${message}`).join('; ');
  for (const c of LH_CATEGORIES) {
    const score = lhr.categories[c]?.score;
    if (typeof score === 'number') result.scores[c] = Math.round(score * 100);
  }
  for (const [id, label] of LH_METRICS) result.metrics[label] = lhr.audits[id]?.displayValue ?? '–';
  result.domElements = lhr.audits['dom-size']?.numericValue;
  result.external = (lhr.audits['network-requests']?.details?.items ?? [])
    .map((i) => i.url ?? '')
    .filter((u) => /^https?:/.test(u) && new URL(u).origin !== origin);
  return result;
}

/** `count` runs of one page; the run with the median performance score, with every run's score. */
export async function lighthouseRuns(label: string, origin: string, route: string, throttling: Throttling, count: number): Promise<LighthouseResult> {
  const runs: LighthouseResult[] = [];
  for (let run = 1; run <= count; run++) {
    console.error(`  ${label}: Lighthouse ${throttling} ${route} (run ${run}/${count})`);
    const file = path.join(RESULTS_DIR, `lighthouse-${label}-${throttling}-${route.replace(/\W+/g, '_') || 'home'}-${run}.json`);
    runs.push(await lighthouse(origin, route, throttling, file));
  }
  const ok = runs.filter((r) => typeof r.scores.performance === 'number');
  ok.sort((a, b) => a.scores.performance! - b.scores.performance!);
  const median = ok[Math.floor((ok.length - 1) / 2)] ?? runs[0];
  return {
    ...median,
    performanceRuns: runs.map((r) => r.scores.performance ?? NaN),
    external: [...new Set(runs.flatMap((r) => r.external))],
    error:
      runs
        .map((r) => r.error)
        .filter(Boolean)
        .join('; ') || undefined,
  };
}
