/**
 * Bundle settings that keep the OpenAPI theme's weight on the API pages only (tests/site/budget.test.ts):
 * - `crypto-js` → a SHA-1-only module: the theme imports the whole library (every cipher)
 *   into every operation page just to hash storage keys with `CryptoJS.SHA1(…).toString()`.
 * - `tslib` → the one helper the browser-side @docusaurus/utils-common calls (src/upstream/stand-ins/tslib.ts), for every page.
 * - `rehype-raw` → a no-op, for the theme's Markdown component only (spec descriptions, all Markdown without raw
 *   HTML): instead of ejecting that component to drop one plugin, its import resolves to src/upstream/stand-ins/rehype-raw-off.ts.
 * - Prism components (prismjs/components/*: the theme's additionalLanguages) extend a free `Prism` variable;
 *   ProvidePlugin binds it to prism-react-renderer's instance rather than the global the theme sets around their
 *   import.
 * Together they are 11% of an API page's JS and 2% of a guide's (`npm run bench -- --without page-aliases`).
 * Docusaurus' own `common` chunk is left as it is: the operation pages are entries of their own
 * (src/upstream/operation-entries), which that group does not count, so it no longer pulls their modules into the
 * guides (`--without common-chunk` measured the same JS on every page before the override was deleted).
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {OPENAPI_THEME_MARKDOWN} from '../../upstream/module-paths';

/** Modules that stand in for a dependency, shaped by how upstream uses it (the seam: src/upstream/stand-ins). */
const STAND_INS = path.resolve(__dirname, '../../upstream/stand-ins');

export interface PageWeightOptions {
  /** The aliases and the provided Prism (default on; `npm run bench -- --without page-aliases`). */
  aliases?: boolean;
}

export default function pageWeightPlugin(_context: unknown, {aliases = true}: PageWeightOptions = {}): Plugin {
  return {
    name: 'novaramp-page-weight',
    configureWebpack(_config, isServer, utils) {
      if (!aliases) return {};
      return {
        resolve: {
          alias: {
            'crypto-js$': path.join(STAND_INS, 'crypto-js-sha1.ts'),
            ...(isServer ? {} : {tslib$: path.join(STAND_INS, 'tslib.ts')}),
          },
        },
        // Requests made by the theme's Markdown module only.
        module: {rules: [{test: OPENAPI_THEME_MARKDOWN, resolve: {alias: {'rehype-raw$': path.join(STAND_INS, 'rehype-raw-off.ts')}}}]},
        plugins: [new utils.currentBundler.instance.ProvidePlugin({Prism: ['prism-react-renderer', 'Prism']})],
      };
    },
  };
}
