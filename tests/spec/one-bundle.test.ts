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
import {BUNDLE_ONLY_ENV, bundleOnly, otherBundleSettings} from '../../tools/one-bundle';
import {SITE_ROOT} from '../../tools/cli';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-bundler-memory-'));
after(() => fs.rmSync(dir, {recursive: true, force: true}));
fs.writeFileSync(path.join(dir, 'entry.js'), "console.log('SITE-ENTRY');\n");

/**
 * Builds a client or server configuration after the plugin configured it; returns the bundle's text. The build runs
 * in plain `node` (src/upstream/docusaurus-bundle.mjs), which loads Docusaurus 3 and 4 alike.
 */
async function bundle(only: string | undefined, isServer: boolean): Promise<string> {
  const settings = otherBundleSettings(bundleOnly(only === undefined ? {} : {[BUNDLE_ONLY_ENV]: only}), isServer);
  const {stdout} = await promisify(execFile)(
    process.execPath,
    [path.join(SITE_ROOT, 'src/upstream/docusaurus-bundle.mjs'), JSON.stringify({dir, settings, isServer})],
    {
      cwd: SITE_ROOT,
    },
  );
  return fs.readFileSync(stdout.trim(), 'utf8');
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
