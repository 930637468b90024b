/**
 * One bundle per build process (tools/one-bundle; NOVARAMP_BUNDLE_ONLY, set by scripts/docusaurus-build.mjs): the
 * settings src/plugins/bundler-memory returns, applied by Docusaurus' own configureWebpack merge to a client and a
 * server configuration, then built by the Rspack Docusaurus bundles with: the bundle the process makes holds the
 * site's modules, the other one none of them. (The whole build with the switch is `npm run build`, which the site
 * tier tests; its memory is `npm run bench:scale`.)
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';
import {applyConfigureWebpack} from '@docusaurus/core/lib/webpack/configure';
import {rspack} from '@docusaurus/faster';
import {BUNDLE_ONLY_ENV, bundleOnly, otherBundleSettings} from '../../tools/one-bundle';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-bundler-memory-'));
after(() => fs.rmSync(dir, {recursive: true, force: true}));
fs.writeFileSync(path.join(dir, 'entry.js'), "console.log('SITE-ENTRY');\n");

/** Builds a client or server configuration after the plugin configured it; returns the bundle's text. */
async function bundle(only: string | undefined, isServer: boolean): Promise<string> {
  const settings = otherBundleSettings(bundleOnly(only === undefined ? {} : {[BUNDLE_ONLY_ENV]: only}), isServer);
  const out = fs.mkdtempSync(path.join(dir, 'out-'));
  const base = {
    mode: 'production' as const,
    context: dir,
    entry: {main: './entry.js'},
    target: isServer ? 'node' : 'web',
    output: {path: out, filename: 'bundle.js'},
    optimization: {minimize: false, splitChunks: isServer ? (false as const) : {chunks: 'all' as const}},
  };
  const config = applyConfigureWebpack({
    configureWebpack: () => settings as never,
    config: base as never,
    isServer,
    configureWebpackUtils: {currentBundler: {name: 'rspack', instance: rspack}} as never,
    content: undefined,
  });
  const compiler = rspack(config as never);
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString({preset: 'errors-only'})));
      else compiler.close(() => resolve());
    }),
  );
  return fs.readFileSync(path.join(out, 'bundle.js'), 'utf8');
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
