/**
 * One bundle per build process (tools/one-bundle; NOVARAMP_BUNDLE_ONLY, set by scripts/docusaurus-build.mjs): the
 * settings src/plugins/bundler-memory returns, applied by Docusaurus' own configureWebpack merge to a client and a
 * server configuration, then built by the Rspack Docusaurus bundles with: the bundle the process makes holds the
 * site's modules, the other one none of them. (The whole build with the switch is `npm run build`, which the site
 * tier tests; its memory is `npm run bench:scale`.)
 */
import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';
import {promisify} from 'node:util';
import {BUNDLE_ONLY_ENV, bundleOnly, otherBundleSettings} from '../../../tools/one-bundle';
import {SITE_ROOT} from '../../../tools/cli';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-bundler-memory-'));
after(() => fs.rmSync(dir, {recursive: true, force: true}));
fs.writeFileSync(path.join(dir, 'entry.js'), "console.log('SITE-ENTRY');\n");

const ONLY = [undefined, 'server', 'client'] as const;
let built: Promise<Map<string, string>> | undefined;

/**
 * Builds a client and a server configuration after the plugin configured them, for each value of the switch; returns
 * the bundles' texts by `<value>:<client|server>`. The builds run in plain `node` (src/upstream/docusaurus-bundle.mjs),
 * which loads Docusaurus 3 and 4 alike, all six in one process (loading Docusaurus and Rspack is most of a build).
 */
async function buildAll(): Promise<Map<string, string>> {
  const jobs = ONLY.flatMap((only) => [false, true].map((isServer) => ({only, isServer})));
  const builds = jobs.map(({only, isServer}) => ({
    settings: otherBundleSettings(bundleOnly(only === undefined ? {} : {[BUNDLE_ONLY_ENV]: only}), isServer),
    isServer,
  }));
  const {stdout} = await promisify(execFile)(process.execPath, [path.join(SITE_ROOT, 'src/upstream/docusaurus-bundle.mjs'), JSON.stringify({dir, builds})], {
    cwd: SITE_ROOT,
  });
  const files = stdout.trim().split('\n');
  assert.equal(files.length, jobs.length, stdout);
  return new Map(jobs.map(({only, isServer}, i) => [`${only}:${isServer ? 'server' : 'client'}`, fs.readFileSync(files[i], 'utf8')]));
}

/** The bundle of a client or server configuration with the switch set to `only`. */
async function bundle(only: (typeof ONLY)[number], isServer: boolean): Promise<string> {
  built ??= buildAll();
  return (await built).get(`${only}:${isServer ? 'server' : 'client'}`)!;
}

test('unset, both bundles are made', async () => {
  assert.match(await bundle(undefined, false), /SITE-ENTRY/);
  assert.match(await bundle(undefined, true), /SITE-ENTRY/);
});

test('NOVARAMP_BUNDLE_ONLY=server: the server bundle is made, the client one is empty', async () => {
  assert.match(await bundle('server', true), /SITE-ENTRY/);
  assert.doesNotMatch(await bundle('server', false), /SITE-ENTRY/);
});

test('NOVARAMP_BUNDLE_ONLY=client: the client bundle is made, the server one is empty', async () => {
  assert.match(await bundle('client', false), /SITE-ENTRY/);
  assert.doesNotMatch(await bundle('client', true), /SITE-ENTRY/);
});

test('another value is refused, naming the variable', () => {
  assert.throws(() => bundleOnly({[BUNDLE_ONLY_ENV]: 'both'}), /NOVARAMP_BUNDLE_ONLY is client or server, not "both"/);
});
