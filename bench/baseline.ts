/**
 * `npm run bench -- --baseline <commit>`: the site as it was at another commit, built and measured in the same run as
 * ours, so the two are compared on the same machine at the same load (timings move with the load by the hour).
 *
 * The commit is checked out in a scratch git worktree (`git worktree add --detach`) in the OS temp folder, named by
 * the commit; it installs its own dependencies from its own lock (`npm ci`: a commit before a dependency change builds
 * with what it had then) and builds with its own `npm run build`, measured as one step (its build script may differ
 * from today's). The worktree and its build are kept after the run: `--reuse` measures the build already there, and
 * `--baseline-clean` removes the worktree once measured.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {SITE_ROOT} from '../tools/cli';
import {assertOk, BUILD_ENV, RESULTS_DIR, runMeasured, type BuildSteps} from './measure-build';

export interface Baseline {
  /** The commit as given (`e983e3e`, `main~40`). */
  ref: string;
  /** Its full hash. */
  commit: string;
  /** The scratch worktree it is checked out in. */
  dir: string;
  /** Its build output. */
  buildDir: string;
}

const git = (args: string[], cwd = SITE_ROOT): string => execFileSync('git', args, {cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']}).trim();

/** Where `ref` is (to be) checked out; an unknown commit is an error naming it. */
export function baselineOf(ref: string): Baseline {
  let commit: string;
  try {
    commit = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new Error(`--baseline ${ref}: no such commit in ${SITE_ROOT}`);
  }
  const dir = path.join(os.tmpdir(), `novaramp-baseline-${commit.slice(0, 12)}`);
  return {ref, commit, dir, buildDir: path.join(dir, 'build')};
}

/** The PATH a command of the baseline runs with: its own node_modules/.bin first (its pinned Node, its tools). */
const pathFor = (dir: string): string => [path.join(dir, 'node_modules', '.bin'), process.env.PATH].join(path.delimiter);

/**
 * Checks the commit out in its scratch worktree (again if a half-made one is there), installs its dependencies from
 * its lock and builds it cold; returns the build's wall time and peak memory (one step: its own `npm run build`).
 */
export async function buildBaseline(b: Baseline): Promise<BuildSteps> {
  const label = `baseline-${b.commit.slice(0, 12)}`;
  const checkedOut = fs.existsSync(path.join(b.dir, '.git')) && git(['rev-parse', 'HEAD'], b.dir) === b.commit;
  if (!checkedOut) {
    removeBaseline(b);
    console.error(`Checking out ${b.ref} (${b.commit.slice(0, 12)}) in ${b.dir} …`);
    git(['worktree', 'add', '--detach', '--force', b.dir, b.commit]);
  }
  const env = {PATH: pathFor(b.dir)};
  if (!fs.existsSync(path.join(b.dir, 'node_modules', '.package-lock.json'))) {
    console.error(`  ${label}: npm ci (its own lock) …`);
    const install = await runMeasured('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: b.dir,
      env,
      logFile: path.join(RESULTS_DIR, `${label}-npm-ci.log`),
    });
    assertOk(`${label}: npm ci`, install);
  }
  console.error(`  ${label}: npm run build …`);
  fs.rmSync(b.buildDir, {recursive: true, force: true});
  const m = await runMeasured('npm', ['run', '--silent', 'build'], {
    cwd: b.dir,
    env: {...BUILD_ENV, ...env},
    logFile: path.join(RESULTS_DIR, `${label}-build.log`),
  });
  assertOk(`${label}: npm run build`, m);
  return {
    steps: [{name: 'npm run build', wallMs: m.wallMs, peakRssBytes: m.peakRssBytes}],
    wallMs: m.wallMs,
    peakRssBytes: m.peakRssBytes,
    peakSingleRssBytes: m.peakSingleRssBytes,
  };
}

/**
 * Removes the scratch worktree and its registration. A registration whose folder is gone (the temp folder was
 * emptied) is left: `git worktree add --force` checks the commit out there again.
 */
export function removeBaseline(b: Baseline): void {
  if (!fs.existsSync(b.dir)) return;
  try {
    git(['worktree', 'remove', '--force', b.dir]);
  } catch {
    fs.rmSync(b.dir, {recursive: true, force: true});
    git(['worktree', 'prune']);
  }
}
