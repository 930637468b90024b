/**
 * `docusaurus build` in three processes, so the memory Rspack keeps after bundling is not carried through SSG and
 * the postBuild plugins (search index, llms.txt), nor one bundle's through the other's. Used by `npm run build`;
 * arguments are passed to every process (e.g. `--out-dir build-stock`).
 *
 * Why: Rspack's native memory (module graph, sources; outside the JS heap, so no GC or heap cap touches it)
 * stays allocated in the process after the compiler is closed (web-infra-dev/rspack#14734). In one process
 * that memory, which grows with the number of API pages, sits under the other bundle, SSG's worker threads and the
 * postBuild plugins, and the sum is the build's peak. Split, the peak is the largest of the steps instead of their sum.
 *
 * How: Docusaurus 3.10's own switches (core/lib/commands/build/buildLocale.js):
 *   1. DOCUSAURUS_EXIT_AFTER_BUNDLING=true  loads the site, clears the out dir, bundles client and server, exits;
 *      run twice, the server bundle then the client's, the other one's entry emptied each time
 *      (tools/one-bundle); the server bundle is set aside while the second process clears the out dir;
 *   2. DOCUSAURUS_SKIP_BUNDLING=true        loads the site again, skips bundling (and the clearing), and runs
 *      SSG from the server bundle and client manifest of step 1, then postBuild and the broken-links check.
 * Loading the site three times costs a few seconds each. The switches are undocumented, so this checks that each
 * bundling process really stopped before SSG and left its bundle, that every process loaded the same site (same
 * routes and chunks), and fails loudly if a Docusaurus upgrade changed that. Docusaurus builds locales one after
 * the other in one process and step 1 exits after the first, so a second locale fails the build here instead of
 * silently missing. The switches are a contract of src/upstream/contracts.yaml, checked against the installed Docusaurus.
 *
 * Plain JavaScript run by `node`, not tsx: the wrapper stays alive for the whole build, and tsx would add two
 * Node processes to the build's memory.
 */
import {spawnSync} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {BUNDLE_ONLY_ENV} from './bundle-only-env.mjs';

const SITE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const docusaurus = path.join(SITE_ROOT, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');

/**
 * The steps: bundling is two processes, the server bundle then the client's, each with the other bundle's entry
 * emptied (tools/one-bundle, NOVARAMP_BUNDLE_ONLY): Rspack keeps a compilation's native memory until the
 * process ends, so bundled together the two module graphs of every page added up. `--step <name>` runs one of
 * `bundle` (both bundling processes) and `render` only (`npm run bench:scale` measures them separately).
 */
/** A step's V8 heap limit in MiB, unless NODE_OPTIONS sets one already. */
const heapLimit = (mib) => (/--max-old-space-size/.test(process.env.NODE_OPTIONS ?? '') ? [] : [`--max-old-space-size=${mib}`]);
const STEPS = {
  // A 1 GiB V8 heap (2,000 operations bundle within it): with V8's default limit (a share of the machine's memory)
  // the heap grew beside Rspack's native memory, and the bundling processes set the build's peak.
  server: {label: 'server bundle', env: {DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true', [BUNDLE_ONLY_ENV]: 'server'}, node: heapLimit(1024)},
  client: {label: 'client bundle', env: {DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true', [BUNDLE_ONLY_ENV]: 'client'}, node: heapLimit(1024)},
  // SSG workers and the postBuild plugins (search index, llms.txt) make a lot of short-lived garbage, and with
  // V8's default limit (a share of the machine's memory) the heap grows far beyond what stays alive before it is
  // collected. A 2 GiB limit (per isolate: main thread and each SSG worker) makes V8 collect sooner. One SSG worker
  // thread instead of Docusaurus' default of one per CPU: each worker evaluates the whole server bundle, and on the
  // two-CPU machines the build runs on a second one cost memory and time (`npm run bench:scale` measures both).
  // Either is left alone when set already (NODE_OPTIONS, DOCUSAURUS_SSG_WORKER_THREAD_COUNT).
  render: {
    label: 'SSG and postBuild',
    env: {DOCUSAURUS_SKIP_BUNDLING: 'true', DOCUSAURUS_SSG_WORKER_THREAD_COUNT: process.env.DOCUSAURUS_SSG_WORKER_THREAD_COUNT ?? '1'},
    node: heapLimit(2048),
  },
};
/**
 * `NOVARAMP_WITHOUT=three-process-build` (tools/measure/speed-pieces.ts, `npm run bench -- --without three-process-build`):
 * one stock `docusaurus build`, run by `--step bundle` (or no step), so bench can measure what the split buys.
 */
const ONE_PROCESS = (process.env.NOVARAMP_WITHOUT ?? '').split(',').some((piece) => piece.trim() === 'three-process-build');
/** @type {Record<'bundle' | 'render', ('server' | 'client' | 'render')[]>} */
const STEP_GROUPS = {bundle: ['server', 'client'], render: ['render']};

let args = process.argv.slice(2);
/** @type {'bundle' | 'render' | undefined} */
let only;
const stepAt = args.indexOf('--step');
if (stepAt >= 0) {
  const name = args[stepAt + 1];
  if (name !== 'bundle' && name !== 'render') throw new Error(`--step takes bundle or render, not ${name}`);
  only = name;
  args = args.filter((_, i) => i !== stepAt && i !== stepAt + 1);
}

/** @returns {string} */
function outDir() {
  const i = args.findIndex((a) => a === '--out-dir' || a.startsWith('--out-dir='));
  if (i < 0) return path.join(SITE_ROOT, 'build');
  return path.resolve(SITE_ROOT, args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : args[i + 1]);
}
const out = outDir();
const serverBundle = path.join(out, '__server', 'server.bundle.js');
const generated = path.join(SITE_ROOT, '.docusaurus');
const clientManifest = path.join(generated, 'client-manifest.json');
/** What the bundles were made for: the routes and their chunks, as the loaded site generated them. */
const routesChunkNames = path.join(generated, 'routesChunkNames.json');
const siteFingerprint = () => crypto.createHash('sha256').update(fs.readFileSync(routesChunkNames)).digest('hex');
let bundledFingerprint = '';

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`✖ ${message} See src/upstream/docusaurus-build.mjs.`);
  process.exit(1);
}

/** Where the server bundle waits while the client's is made (that process clears the out dir first). */
const serverBundleAside = `${out}-server-bundle`;

function checkOneLocale() {
  const {locales} = JSON.parse(fs.readFileSync(path.join(generated, 'i18n.json'), 'utf8'));
  if (locales.length !== 1) {
    fail(
      `The site has ${locales.length} locales (${locales.join(', ')}), and this build, one process per step, bundles only the first: build each locale on its own (--locale) or use \`docusaurus build\`.`,
    );
  }
}

/** @param {'server' | 'client' | 'render'} step */
function run(step) {
  const started = Date.now();
  if (step === 'server') fs.rmSync(serverBundleAside, {recursive: true, force: true});
  // So that the check below sees this process's manifest, not the empty bundle's of the server process.
  if (step === 'client') fs.rmSync(clientManifest, {force: true});
  const r = spawnSync(process.execPath, [...STEPS[step].node, docusaurus, 'build', ...args], {
    cwd: SITE_ROOT,
    stdio: 'inherit',
    env: {...process.env, ...STEPS[step].env},
  });
  if (r.status !== 0) {
    console.error(`✖ docusaurus build (${STEPS[step].label}) failed${r.signal ? ` with ${r.signal}` : ''}`);
    // V8 aborts when the heap is full ("JavaScript heap out of memory" above); near the limit it may instead fail one of
    // its own checks while collecting garbage ("Fatal error … Check failed" above), and that traps (SIGTRAP).
    if (r.signal === 'SIGABRT' || r.signal === 'SIGTRAP' || r.status === 134) {
      console.error(
        `  If it ran out of its JavaScript heap (${STEPS[step].node[0] ?? process.env.NODE_OPTIONS}), give it more: NODE_OPTIONS=--max-old-space-size=<MiB> npm run build`,
      );
    }
    process.exit(r.status ?? 1);
  }
  const stopped = (expected) =>
    `docusaurus build did not stop after bundling (expected ${path.relative(SITE_ROOT, expected)} and no HTML yet): has DOCUSAURUS_EXIT_AFTER_BUNDLING changed?`;
  if (step === 'server') {
    if (!fs.existsSync(serverBundle) || fs.existsSync(path.join(out, '404.html'))) fail(stopped(serverBundle));
    checkOneLocale();
    bundledFingerprint = siteFingerprint();
    fs.renameSync(path.dirname(serverBundle), serverBundleAside);
  }
  if (step === 'client') {
    if (!fs.existsSync(clientManifest) || fs.existsSync(path.join(out, '404.html'))) fail(stopped(clientManifest));
    if (siteFingerprint() !== bundledFingerprint) {
      fail('The client bundle was made for other routes or chunks than the server bundle (did a file change during the build?): build again.');
    }
    // The empty server bundle of this process makes way for the real one.
    fs.rmSync(path.dirname(serverBundle), {recursive: true, force: true});
    fs.renameSync(serverBundleAside, path.dirname(serverBundle));
  }
  if (step === 'render') {
    if (!fs.existsSync(path.join(out, '404.html'))) {
      fail('docusaurus build did not render the site from the bundles of the first step: has DOCUSAURUS_SKIP_BUNDLING changed?');
    }
    if (bundledFingerprint && siteFingerprint() !== bundledFingerprint) {
      fail('The site loaded for SSG has other routes or chunks than the one bundled (did a file change during the build?): build again.');
    }
  }
  console.log(`[docusaurus-build] ${STEPS[step].label} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (ONE_PROCESS) {
  if (only !== 'render') {
    const r = spawnSync(process.execPath, [docusaurus, 'build', ...args], {cwd: SITE_ROOT, stdio: 'inherit'});
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  process.exit(0);
}
if (only === 'render' && !fs.existsSync(serverBundle)) fail(`--step render needs the bundles of --step bundle (${path.relative(SITE_ROOT, serverBundle)}).`);
for (const step of only ? STEP_GROUPS[only] : [...STEP_GROUPS.bundle, ...STEP_GROUPS.render]) run(step);
