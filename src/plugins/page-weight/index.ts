/**
 * Bundle settings that keep the OpenAPI theme's weight on the API pages only (tests/site/budget.test.ts):
 * - `crypto-js` → a SHA-1-only module: the theme imports the whole library (every cipher)
 *   into every operation page just to hash storage keys with `CryptoJS.SHA1(…).toString()`.
 * - `rehype-raw` → a no-op, for the theme's Markdown component only (spec descriptions, all Markdown without raw
 *   HTML): instead of ejecting that component to drop one plugin, its import resolves to ./rehype-raw-off.ts.
 * - Prism components (prismjs/components/*) extend a free `Prism` variable; ProvidePlugin binds it to
 *   prism-react-renderer's instance, so the API-only grammars (src/components/ApiDocItem/prism-languages.ts)
 *   can be plain imports of the API chunk instead of globals registered from the main bundle.
 * - Docusaurus' `common` chunk takes every module used by half the pages or more; with more API pages
 *   than guides, that pulled the theme's tab and scroll helpers into every guide. The theme's modules and our
 *   API page's (src/components/ApiDocItem, src/theme) are left to the chunks of the pages that use them.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

// A regular expression, not a function: Rspack would call a JS function across its native boundary per module.
const NOT_OPENAPI_MODULES = /^(?!.*([\\/]node_modules[\\/]docusaurus-(theme|plugin)-openapi-docs|[\\/]src[\\/]components[\\/]ApiDocItem|[\\/]src[\\/]theme)[\\/])/;
const OPENAPI_MARKDOWN = /[\\/]node_modules[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]Markdown[\\/]index\.js$/;

export default function pageWeightPlugin(): Plugin {
  return {
    name: 'novaramp-page-weight',
    configureWebpack(_config, isServer, utils) {
      return {
        resolve: {
          alias: {
            'crypto-js$': path.resolve(__dirname, 'crypto-js-sha1.ts'),
            ...(isServer ? {} : {tslib$: path.resolve(__dirname, 'tslib.ts')}),
          },
        },
        // Requests made by the theme's Markdown module only.
        module: {rules: [{test: OPENAPI_MARKDOWN, resolve: {alias: {'rehype-raw$': path.resolve(__dirname, 'rehype-raw-off.ts')}}}]},
        plugins: [new utils.currentBundler.instance.ProvidePlugin({Prism: ['prism-react-renderer', 'Prism']})],
        ...(isServer
          ? {}
          : {
              optimization: {
                splitChunks: {
                  cacheGroups: {
                    common: {test: NOT_OPENAPI_MODULES},
                  },
                },
              },
            }),
      };
    },
  };
}
