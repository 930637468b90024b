/**
 * `npm run canary -- [<version>] [--no-fast] [--no-site] [--keep]`: the site on the next Docusaurus major, in a scratch copy
 * (issue #28, "green on the next major"). Not part of CI: it installs other versions.
 *
 * 1. Checks that the registry has every `@docusaurus/*` package this site declares at `<version>` (default below;
 *    some canaries lack most packages) and names the ones missing; an installed one it lacks is left alone.
 * 2. Copies the working tree (tracked and untracked files git does not ignore) to a scratch folder, sets every
 *    declared `@docusaurus/*` package to `<version>`, and overrides every installed one to it, so the OpenAPI plugin's
 *    and theme's `^3` ranges cannot pull a Docusaurus 3 package back in; installs afresh (no lock file).
 * 3. Runs the upstream contracts there (tests/spec/one-process/upstream-contracts.test.ts: which of our assumptions the canary
 *    breaks) and the behaviour contracts (tests/site/behaviour-contracts.test.ts, on the fixture site), then, unless `--no-fast`, the fast tier (`npm run test:spec`, in the scratch copy committed to a
 *    throwaway git repository, since some tests read the tree through git), builds (`npm run build`) and, unless
 *    `--no-site`, runs the site tier on that build.
 * Prints what failed with the last lines of its output, and exits 1 when anything did; writes each step's outcome
 * and time, with the machine, to bench/results/<date>-canary.json and .md (tools/measure/bench-results.ts). The shipped
 * version stays the one of package.json.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {machineFacts, writeBenchResults} from '../tools/measure/bench-results';
import {SITE_ROOT} from '../tools/cli';

/** The newest canary with every `@docusaurus/*` package this site uses (6822 lacks most of them). */
const DEFAULT_VERSION = '4.0.0-canary-6808';
/** Run right after the contracts, not again with the site tier. */
const BEHAVIOUR_TEST = 'tests/site/behaviour-contracts.test.ts';
/**
 * Kept at the shipped version: @docusaurus/tsconfig 4 asks for TypeScript 6, which openapi-typescript 7 (a peer range
 * of ^5) refuses; it is a base tsconfig.json, nothing that runs.
 */
const KEPT = ['@docusaurus/tsconfig'];

interface Step {
  name: string;
  ok: boolean;
  seconds: number;
  tail: string;
}

function sh(cmd: string, args: string[], cwd: string): {status: number | null; output: string; seconds: number} {
  const start = Date.now();
  const res = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: {...process.env, npm_config_loglevel: 'warn', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'},
  });
  return {status: res.status, output: `${res.stdout ?? ''}${res.stderr ?? ''}`, seconds: (Date.now() - start) / 1000};
}

const tail = (text: string, lines = 25): string => text.trimEnd().split('\n').slice(-lines).join('\n');

/** Every `@docusaurus/*` package installed here (from package-lock.json), and those package.json declares. */
function docusaurusPackages(): {installed: string[]; declared: string[]} {
  const lock = JSON.parse(fs.readFileSync(path.join(SITE_ROOT, 'package-lock.json'), 'utf8')) as {packages: Record<string, unknown>};
  const installed = new Set<string>();
  for (const key of Object.keys(lock.packages)) {
    const m = /(?:^|\/)node_modules\/(@docusaurus\/[^/]+)$/.exec(key);
    if (m) installed.add(m[1]);
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(SITE_ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
  const declared = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})].filter(
    (n) => n.startsWith('@docusaurus/') && !KEPT.includes(n),
  );
  return {installed: [...installed].sort(), declared: declared.sort()};
}

/** The packages the registry does not have at `version`. */
function missingAt(packages: string[], version: string): string[] {
  return packages.filter((name) => sh('npm', ['view', `${name}@${version}`, 'version'], SITE_ROOT).output.trim() !== version);
}

/** The working tree's files (tracked, and untracked ones git does not ignore) copied to `dir`. */
function copyTree(dir: string): number {
  const files = sh('git', ['ls-files', '-co', '--exclude-standard', '-z'], SITE_ROOT).output.split('\0').filter(Boolean);
  for (const file of files) {
    const from = path.join(SITE_ROOT, file);
    if (!fs.existsSync(from) || fs.statSync(from).isDirectory()) continue;
    fs.mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    fs.copyFileSync(from, path.join(dir, file));
  }
  return files.length;
}

function main(): number {
  const args = process.argv.slice(2);
  const version = args.find((a) => !a.startsWith('--')) ?? DEFAULT_VERSION;
  // The commit copied now, not the one checked out when the run ends an hour later.
  const machine = machineFacts();
  const {installed, declared} = docusaurusPackages();
  console.log(`Docusaurus ${version}: ${declared.length} @docusaurus packages declared, ${installed.length} installed`);
  const missing = missingAt(installed, version);
  const missingDeclared = missing.filter((n) => declared.includes(n));
  if (missingDeclared.length) {
    console.error(`✖ the registry has no ${version} of: ${missingDeclared.join(', ')}; pick a canary that has them all`);
    return 1;
  }
  // Installed through a Docusaurus 3 package only (the classic preset's Universal Analytics plugin, gone in 4): the
  // canary's own packages do not ask for it, so it is not overridden.
  if (missing.length) console.log(`  not at ${version}, and not declared here: ${missing.join(', ')}`);
  const overridden = installed.filter((n) => !missing.includes(n) && !KEPT.includes(n));

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `novaramp-canary-${version}-`));
  console.log(`Scratch copy: ${dir} (${copyTree(dir)} files)`);
  const pkgFile = path.join(dir, 'package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as Record<string, Record<string, string>>;
  for (const field of ['dependencies', 'devDependencies'])
    for (const name of Object.keys(pkg[field] ?? {})) if (declared.includes(name)) pkg[field][name] = version;
  // npm refuses an override that differs from a direct dependency's spec: the declared ones take `version` above.
  pkg.overrides = {...pkg.overrides, ...Object.fromEntries(overridden.filter((n) => !declared.includes(n)).map((n) => [n, version]))};
  for (const n of declared) pkg.overrides[n] = `$${n}`;
  fs.writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
  fs.rmSync(path.join(dir, 'package-lock.json'), {force: true});

  const steps: Step[] = [];
  const step = (name: string, cmd: string, cmdArgs: string[]): boolean => {
    console.log(`… ${name}`);
    const r = sh(cmd, cmdArgs, dir);
    steps.push({name, ok: r.status === 0, seconds: r.seconds, tail: tail(r.output)});
    console.log(`${r.status === 0 ? '✔' : '✖'} ${name} (${r.seconds.toFixed(0)} s)`);
    if (r.status !== 0) console.log(tail(r.output) || `(no output; exit status ${r.status})`);
    return r.status === 0;
  };
  const installedOk = step('npm install', 'npm', ['install', '--no-audit', '--no-fund']);
  // The fast tier reads the tree through git (layers, stale paths, reliances): the scratch copy is committed as is.
  const git = (...a: string[]) => sh('git', ['-c', 'user.name=canary', '-c', 'user.email=canary@novaramp.example', ...a], dir);
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', `scratch copy on ${version}`);
  // Which of our assumptions the canary breaks (src/upstream/contracts.yaml), before the build says how it fails.
  const contractsOk =
    installedOk &&
    step('upstream contracts', process.execPath, ['--import', 'tsx', '--test', '--test-reporter=dot', 'tests/spec/one-process/upstream-contracts.test.ts']);
  // The shapes and behaviours the text checks cannot see, on the fixture site built with the canary's packages.
  const behaviourOk = installedOk && step('behaviour contracts', process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', BEHAVIOUR_TEST]);
  const fastOk = !installedOk || args.includes('--no-fast') || step('fast tier', 'npm', ['run', 'test:spec']);
  const ok =
    installedOk &&
    step('npm run build', 'npm', ['run', 'build']) &&
    (args.includes('--no-site') ||
      step('site tier', process.execPath, [
        '--import',
        'tsx',
        '--test',
        '--test-reporter=spec',
        ...fs
          .readdirSync(path.join(dir, 'tests/site'))
          .filter((f) => f.endsWith('.test.ts'))
          .map((f) => `tests/site/${f}`)
          .filter((f) => f !== BEHAVIOUR_TEST),
      ]));
  const counts = (s: Step): string =>
    s.tail
      .split('\n')
      .filter((l) => /^ℹ (tests|pass|fail)/.test(l))
      .join('\n');
  for (const tier of steps.filter((s) => s.name.endsWith(' tier'))) console.log(counts(tier));
  const kept = writeBenchResults({
    kind: 'canary',
    machine,
    command: ['npm run canary', ...(args.length ? ['--', ...args] : [])].join(' '),
    summary: [
      `Docusaurus ${version}.`,
      '',
      '| step | result | s |',
      '| --- | --- | --- |',
      ...steps.map((s) => `| ${s.name} | ${s.ok ? 'passed' : 'failed'}${counts(s) ? `: ${counts(s).replaceAll('\n', ', ')}` : ''} | ${s.seconds.toFixed(0)} |`),
    ].join('\n'),
    results: {version, steps: steps.map((s) => ({...s, tail: s.ok ? undefined : s.tail}))},
  });
  console.log(`Results kept in ${path.relative(SITE_ROOT, kept.json)} and ${path.basename(kept.markdown)}: commit them`);
  if (!args.includes('--keep')) fs.rmSync(dir, {recursive: true, force: true});
  else console.log(`Kept: ${dir}`);
  return ok && contractsOk && behaviourOk && fastOk ? 0 : 1;
}

process.exit(main());
