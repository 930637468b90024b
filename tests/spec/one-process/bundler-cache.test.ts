/**
 * Rspack's persistent cache after a change of bundler configuration (src/plugins/bundler-cache/cache-key.ts): small real
 * Rspack builds (the Rspack Docusaurus bundles with, from @docusaurus/faster) in a temporary folder, built twice
 * with the persistent cache on and the same `version` and build dependencies, as Docusaurus configures them.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';
import {rspack} from '@docusaurus/faster';
// relies on: persistent-cache-settings
import {withPersistentCache} from '../../../src/upstream/rspack-persistent-cache';
import {CacheKeyPlugin, moduleConfigHash} from '../../../src/plugins/bundler-cache/cache-key';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-bundler-cache-'));
after(() => fs.rmSync(dir, {recursive: true, force: true}));

/** Counts the loader's runs, so a test can tell a module compiled from one served by the cache. */
const LOADER = `const fs = require('node:fs');
module.exports = function (source) { fs.appendFileSync(${JSON.stringify(path.join(dir, 'loader-runs'))}, 'x'); return source; };\n`;

function site(name: string): string {
  const root = path.join(dir, name);
  fs.mkdirSync(root);
  fs.writeFileSync(path.join(root, 'a.js'), "export default 'from-a';\n");
  fs.writeFileSync(path.join(root, 'b.js'), "export default 'from-b';\n");
  fs.writeFileSync(path.join(root, 'index.js'), "import message from 'message';\nconsole.log(message);\n");
  fs.writeFileSync(path.join(root, 'config.js'), '// stands in for docusaurus.config.ts\n');
  fs.writeFileSync(path.join(root, 'count-loader.cjs'), LOADER);
  return root;
}

const loaderRuns = (): number => (fs.existsSync(path.join(dir, 'loader-runs')) ? fs.readFileSync(path.join(dir, 'loader-runs'), 'utf8').length : 0);

/** What the tests use of a compiler (typed here: @docusaurus/faster 4 types `rspack` as `any`). */
interface OneCompiler {
  run(callback: (error: Error | null, stats?: {hasErrors(): boolean; toString(): string}) => void): void;
  close(callback: () => void): void;
}

/** Builds `root` with `message` aliased to `target`, returns which module the bundle holds. */
function build(root: string, target: 'a.js' | 'b.js', withPlugin: boolean): Promise<string> {
  const compiler: OneCompiler = rspack({
    mode: 'production',
    context: root,
    entry: './index.js',
    target: 'node',
    output: {path: path.join(root, 'dist')},
    optimization: {minimize: false},
    resolve: {alias: {message: path.join(root, target)}},
    module: {rules: [{test: /index\.js$/, use: [{loader: path.join(root, 'count-loader.cjs')}]}]},
    plugins: withPlugin ? [new CacheKeyPlugin([])] : [],
    ...withPersistentCache(Number(rspack.rspackVersion.split('.')[0]), {
      type: 'persistent',
      version: 'docusaurus-version',
      buildDependencies: [path.join(root, 'config.js')],
      storage: {type: 'filesystem', directory: path.join(root, '.cache')},
    }),
  });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error || stats?.hasErrors()) return reject(error ?? new Error(stats?.toString()));
        resolve(/from-[ab]/.exec(fs.readFileSync(path.join(root, 'dist', 'main.js'), 'utf8'))?.[0] ?? 'neither');
      });
    });
  });
}

test('without the cache key, Rspack serves the module resolved under the old alias (the cause)', async () => {
  const root = site('plain');
  assert.equal(await build(root, 'a.js', false), 'from-a');
  assert.equal(await build(root, 'b.js', false), 'from-a', 'Rspack now invalidates on its own: src/plugins/bundler-cache may be unneeded');
});

test('with the cache key, a changed alias rebuilds, and an unchanged configuration is served from the cache', async () => {
  const root = site('keyed');
  assert.equal(await build(root, 'a.js', true), 'from-a');
  const runs = loaderRuns();
  assert.equal(await build(root, 'a.js', true), 'from-a');
  assert.equal(loaderRuns(), runs, 'same configuration: the cached module is reused, not compiled again');
  assert.equal(await build(root, 'b.js', true), 'from-b');
  assert.ok(loaderRuns() > runs, 'changed configuration: compiled again');
});

test('the configuration hash ignores chunk splitting and the cache settings, and sees aliases, rules and plugin options', () => {
  class ProvidePlugin {
    constructor(readonly definitions: Record<string, string[]>) {}
  }
  const base = () => ({
    resolve: {alias: {'crypto-js$': '/shim.ts'}},
    module: {rules: [{test: /\.json$/, type: 'javascript/auto'}]},
    plugins: [new ProvidePlugin({Prism: ['prism-react-renderer', 'Prism']})],
    optimization: {splitChunks: {cacheGroups: {common: {chunks: /^(?!api-1$)/}}}},
    experiments: {cache: {type: 'persistent', version: 'v1'}},
  });
  const hash = moduleConfigHash(base());
  assert.equal(moduleConfigHash(base()), hash);
  assert.equal(moduleConfigHash({...base(), optimization: {splitChunks: {cacheGroups: {common: {chunks: /^(?!api-1|api-2$)/}}}}}), hash);
  assert.equal(moduleConfigHash({...base(), experiments: {cache: {type: 'persistent', version: 'v2'}}}), hash);
  assert.notEqual(moduleConfigHash({...base(), resolve: {alias: {'crypto-js$': '/other.ts'}}}), hash);
  assert.notEqual(moduleConfigHash({...base(), module: {rules: [{test: /\.jsonc?$/, type: 'javascript/auto'}]}}), hash);
  assert.notEqual(moduleConfigHash({...base(), plugins: [new ProvidePlugin({Prism: ['prismjs', 'Prism']})]}), hash);
});
