// Builds one entry the way a Docusaurus build does after a plugin's configureWebpack: the plugin's settings merged by
// Docusaurus' own merge (applyConfigureWebpack, a private module: contract 'configureWebpack merge'), then compiled by
// the Rspack @docusaurus/faster bundles. Used by tests/spec/one-process/one-bundle.test.ts, which runs this file with plain
// `node`: under tsx's CommonJS hook, Docusaurus 4's ESM-only dependencies (execa → unicorn-magic) fail to load.
//
//   node src/upstream/docusaurus-bundle.mjs '{"dir": …, "builds": [{"settings": {…}, "isServer": false}, …]}'
//   → prints each bundle's path, one a line. Every build in one process: loading Docusaurus and Rspack is most of one.
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {rspack} from '@docusaurus/faster';

const {applyConfigureWebpack} = createRequire(import.meta.url)('@docusaurus/core/lib/webpack/configure');

const {dir, builds} = JSON.parse(process.argv[2]);
for (const {settings, isServer} of builds) {
  const out = fs.mkdtempSync(path.join(dir, 'out-'));
  const base = {
    mode: 'production',
    context: dir,
    entry: {main: path.join(dir, 'entry.js')},
    target: isServer ? 'node' : 'web',
    output: {path: out, filename: 'bundle.js'},
    optimization: {minimize: false, splitChunks: isServer ? false : {chunks: 'all'}},
  };
  const config = applyConfigureWebpack({
    configureWebpack: () => settings,
    config: base,
    isServer,
    configureWebpackUtils: {currentBundler: {name: 'rspack', instance: rspack}},
    content: undefined,
  });
  const compiler = rspack(config);
  await new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString({preset: 'errors-only'})));
      else compiler.close(() => resolve());
    }),
  );
  console.log(path.join(out, 'bundle.js'));
}
