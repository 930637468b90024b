/**
 * The operation pages' static reference (parameters, request body, responses: HTML rendered while `gen:api` writes
 * the pages) is kept in files of its own (src/data/static-reference.ts) instead of in the pages' JS modules.
 * Why: as strings in the modules it was four fifths of their bytes, which Rspack holds in both compilations (client
 * and server) through every step, so the build's memory grew with every operation; and a visitor's browser
 * downloaded the reference twice, in the page's HTML and in its JS.
 * - `@novaramp/reference-html` is ./server.ts in the server bundle (it reads the file: SSG writes it into the page)
 *   and ./client.ts in the browser (it takes the HTML from the page when hydrating, and fetches the file after a
 *   client-side navigation);
 * - postBuild copies the files into the build's assets; `npm start` serves them from where they are generated.
 * Covered by tests/site/api-page.test.ts (hydration, client-side navigation, a file that fails to load) and
 * tests/site/budget.test.ts (the page's JS does not carry it).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {GENERATED_DIR} from '../../data/api-table';
import {REFERENCE_HTML_FOLDER, REFERENCE_HTML_URL} from '../../data/static-reference';

export default function staticReferencePlugin(context: LoadContext): Plugin {
  const dir = path.join(context.siteDir, GENERATED_DIR, REFERENCE_HTML_FOLDER);
  const publicPath = `${context.baseUrl}${REFERENCE_HTML_URL.slice(1)}`;
  return {
    name: 'novaramp-static-reference',
    configureWebpack: (config, isServer, {currentBundler}) => ({
      resolve: {alias: {'@novaramp/reference-html$': path.join(__dirname, isServer ? 'server.ts' : 'client.ts')}},
      plugins: isServer ? [new currentBundler.instance.DefinePlugin({__NOVARAMP_REFERENCE_HTML_DIR__: JSON.stringify(dir)})] : [],
      ...(config.mode === 'development' ? {devServer: {static: [{directory: dir, publicPath, watch: false}]}} : {}),
    }),
    async postBuild({outDir}) {
      // Absent when the site builds with the stock OpenAPI page (bench: STOCK_API_ITEM), which renders its own.
      if (fs.existsSync(dir)) await fs.promises.cp(dir, path.join(outDir, REFERENCE_HTML_URL), {recursive: true});
    },
  };
}
