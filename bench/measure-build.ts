/**
 * Shared pieces of `npm run bench` and `npm run bench:scale`: running a build while sampling its memory, and
 * table printing. Nothing here is part of the site build or of `npm test`.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {REDOCLY_ENV, SITE_ROOT} from '../tools/cli';

/** Where the bench keeps its logs, JSON results and Lighthouse reports (ignored by git: `.tmp/`). */
export const RESULTS_DIR = path.join(SITE_ROOT, '.tmp', 'bench');

export interface Measured {
  status: number | null;
  /** Wall time of the whole command, milliseconds. */
  wallMs: number;
  /** Highest sum of RSS over the command's process tree seen by the sampler, bytes. */
  peakRssBytes: number;
  /** Highest RSS of any single process of the tree, bytes (for comparison with `/usr/bin/time -v`). */
  peakSingleRssBytes: number;
  samples: number;
  logFile: string;
  /** [milliseconds since start, sum of RSS bytes] per sample, to see when in the build the peak happens. */
  timeline: [number, number][];
}

const PAGE_SIZE = 4096;

/** pid → ppid for every process currently in /proc. */
function processTable(): Map<number, number> {
  const table = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may contain spaces: the fields after its closing ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), Number(fields[1]));
    } catch {
      /* the process ended meanwhile */
    }
  }
  return table;
}

/** Resident set size of a process, bytes (second field of /proc/<pid>/statm, in pages). */
function rssOf(pid: number): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_SIZE;
  } catch {
    return 0;
  }
}

/** The root and all its descendants. */
function treeOf(root: number, table: Map<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const out: number[] = [];
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/**
 * Runs `cmd args` to completion with its output going to `logFile`, measuring wall time and peak memory:
 * every `intervalMs` the whole process tree (the command and every descendant, read from /proc) is listed
 * and the RSS of its processes summed; the peak of that sum is reported. Shared pages are counted once per
 * process, so the sum slightly overstates the true footprint; short spikes between two samples are missed.
 */
export async function runMeasured(
  cmd: string,
  args: string[],
  opts: {cwd: string; env?: NodeJS.ProcessEnv; logFile: string; intervalMs?: number; echo?: boolean},
): Promise<Measured> {
  fs.mkdirSync(path.dirname(opts.logFile), {recursive: true});
  const log = fs.openSync(opts.logFile, 'w');
  const started = process.hrtime.bigint();
  const child = spawn(cmd, args, {
    cwd: opts.cwd,
    env: {...process.env, ...REDOCLY_ENV, ...opts.env},
    stdio: ['ignore', log, log],
  });
  let peak = 0;
  let peakSingle = 0;
  let samples = 0;
  const timeline: [number, number][] = [];
  const sample = () => {
    if (child.pid === undefined) return;
    const rss = treeOf(child.pid, processTable()).map(rssOf);
    const sum = rss.reduce((a, b) => a + b, 0);
    timeline.push([Math.round(Number(process.hrtime.bigint() - started) / 1e6), sum]);
    peak = Math.max(peak, sum);
    peakSingle = Math.max(peakSingle, ...rss);
    samples++;
  };
  const timer = setInterval(sample, opts.intervalMs ?? 200);
  sample();
  const status = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  clearInterval(timer);
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  fs.closeSync(log);
  return {status, wallMs, peakRssBytes: peak, peakSingleRssBytes: peakSingle, samples, logFile: opts.logFile, timeline};
}

/** Throws with the end of the log when a measured command failed. */
export function assertOk(what: string, m: Measured): void {
  if (m.status === 0) return;
  const tail = fs.readFileSync(m.logFile, 'utf8').split('\n').slice(-40).join('\n');
  throw new Error(`${what} exited with ${m.status} (full log: ${m.logFile}):\n${tail}`);
}

/**
 * Environment of every measured build: the production build exactly as `npm run build`, but without Rspack's
 * persistent cache (node_modules/.cache/rspack), so each build is a cold one and builds are comparable.
 * relies on: cold-build-switch
 */
export const BUILD_ENV: NodeJS.ProcessEnv = {DOCUSAURUS_NO_PERSISTENT_CACHE: '1'};

/** What a speed piece saves: the share of the figure without it that the figure with it is lower by ('–' when unknown). */
export const savedShare = (withPiece: number | undefined, without: number | undefined): string =>
  withPiece === undefined || without === undefined || without === 0 ? '–' : `${(((without - withPiece) / without) * 100).toFixed(1)}%`;
/** The values of a repeatable command-line option (`--without a --without b,c`), in order. */
export const optionValues = (argv: string[], option: string): string[] => argv.flatMap((a, i) => (a === option && argv[i + 1] ? [argv[i + 1]] : []));
export const mib = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);
export const secs = (ms: number): string => (ms / 1000).toFixed(1);

/** A Markdown table with right-aligned numeric columns. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

export interface BuildSteps {
  steps: {name: string; wallMs: number; peakRssBytes: number}[];
  /** Sum of the steps' wall times. */
  wallMs: number;
  /** Peak over the steps (they run one after the other). */
  peakRssBytes: number;
  peakSingleRssBytes: number;
}

/**
 * `npm run build` (gen:api, bundle:spec, then scripts/docusaurus-build.mjs: Rspack bundling (server, then client) and SSG + postBuild,
 * in processes of their own) in `siteDir`, each step measured with runMeasured, logs in RESULTS_DIR/<label>-<step>.log and the
 * memory over time beside them (<label>-<step>.rss.csv).
 * `outDir` is passed to `docusaurus build --out-dir`.
 */
export async function measuredBuild(siteDir: string, label: string, env: NodeJS.ProcessEnv = {}, outDir?: string): Promise<BuildSteps> {
  const docusaurusBuild = (step: string): string[] => ['scripts/docusaurus-build.mjs', '--step', step, ...(outDir ? ['--out-dir', outDir] : [])];
  const steps: [string, string, string[]][] = [
    ['gen:api', 'npm', ['run', '--silent', 'gen:api']],
    ['bundle:spec', 'npm', ['run', '--silent', 'bundle:spec']],
    ['bundling', process.execPath, docusaurusBuild('bundle')],
    ['SSG + postBuild', process.execPath, docusaurusBuild('render')],
  ];
  const out: BuildSteps = {steps: [], wallMs: 0, peakRssBytes: 0, peakSingleRssBytes: 0};
  for (const [name, cmd, args] of steps) {
    const m = await runMeasured(cmd, args, {
      cwd: siteDir,
      env: {...BUILD_ENV, ...env},
      logFile: path.join(RESULTS_DIR, `${label}-${name.replace(/\W+/g, '-')}.log`),
    });
    fs.writeFileSync(m.logFile.replace(/\.log$/, '.rss.csv'), `ms,rss_mib\n${m.timeline.map(([t, b]) => `${t},${(b / 2 ** 20).toFixed(0)}`).join('\n')}\n`);
    assertOk(`${label}: ${name}`, m);
    out.steps.push({name, wallMs: m.wallMs, peakRssBytes: m.peakRssBytes});
    out.wallMs += m.wallMs;
    out.peakRssBytes = Math.max(out.peakRssBytes, m.peakRssBytes);
    out.peakSingleRssBytes = Math.max(out.peakSingleRssBytes, m.peakSingleRssBytes);
  }
  return out;
}
