/**
 * Where measured numbers go: `npm run bench` and `npm run canary` write each run's results into `bench/results/`,
 * one dated JSON file and a short Markdown summary, with the machine that measured them. The docs state rules
 * (budgets, thresholds); what a run measured on a day lives here (contributing/benchmarks.md).
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {SITE_ROOT} from '../cli';

/** The folder of committed result files. */
export const BENCH_RESULTS_DIR = path.join(SITE_ROOT, 'bench', 'results');

/** What measured the numbers: timings mean little without it. */
export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  platform: string;
  /** The commit measured, with `-dirty` when the working tree had changes. */
  commit: string;
}

export function machineFacts(root = SITE_ROOT): Machine {
  const git = (...args: string[]): string => {
    try {
      return execFileSync('git', args, {cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}).trim();
    } catch {
      return '';
    }
  };
  const commit = git('rev-parse', '--short=12', 'HEAD') || 'unknown';
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    commit: dirty ? `${commit}-dirty` : commit,
  };
}

export interface ResultRun {
  /** What ran, a file-name word: `bench`, `canary`. */
  kind: string;
  /** The command as typed, e.g. `npm run bench -- --stock`. */
  command: string;
  /** The summary printed, Markdown. */
  summary: string;
  /** Everything measured, written as JSON. */
  results: unknown;
  date?: Date;
  machine?: Machine;
  dir?: string;
}

/**
 * Writes `<dir>/<YYYY-MM-DD>-<kind>.json` and `.md` (`-2`, `-3` … for another run of that kind that day, so no run
 * overwrites another) and returns the two paths.
 */
export function writeBenchResults(run: ResultRun): {json: string; markdown: string} {
  const date = run.date ?? new Date();
  const machine = run.machine ?? machineFacts();
  const dir = run.dir ?? BENCH_RESULTS_DIR;
  fs.mkdirSync(dir, {recursive: true});
  const day = date.toISOString().slice(0, 10);
  let base = `${day}-${run.kind}`;
  for (let n = 2; fs.existsSync(path.join(dir, `${base}.json`)); n++) base = `${day}-${run.kind}-${n}`;
  const json = path.join(dir, `${base}.json`);
  const markdown = path.join(dir, `${base}.md`);
  fs.writeFileSync(json, `${JSON.stringify({kind: run.kind, command: run.command, date: date.toISOString(), machine, results: run.results}, null, 2)}\n`);
  const machineLine = `${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform}, commit ${machine.commit}`;
  fs.writeFileSync(markdown, `# \`${run.command}\`, ${date.toISOString()}\n\nMachine: ${machineLine}.\n\n${run.summary.trim()}\n`);
  return {json, markdown};
}
