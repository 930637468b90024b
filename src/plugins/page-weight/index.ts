/**
 * Bundle settings that keep the OpenAPI theme's weight on the API pages only (tests/site/budget.test.ts):
 * - `crypto-js` → a SHA-1-only module: the theme imports the whole library (every cipher)
 *   into every operation page just to hash storage keys with `CryptoJS.SHA1(…).toString()`.
 * - `rehype-raw` → a no-op, for the theme's Markdown component only (spec descriptions, all Markdown without raw
 *   HTML): instead of ejecting that component to drop one plugin, its import resolves to ./rehype-raw-off.ts.
 * - Prism components (prismjs/components/*: the theme's additionalLanguages) extend a free `Prism` variable;
 *   ProvidePlugin binds it to prism-react-renderer's instance rather than the global the theme sets around their
 *   import (without it the output differs in that one chunk; whether it still pays is for issue #28's measurement).
 * - Docusaurus' `common` chunk takes every module used by half the pages or more; with more API pages
 *   than guides, that pulled what every API page uses (the theme, redux, its Markdown stack) into every guide.
 *   So `common` counts the other pages only: the chunks of the generated API pages (found in the route
 *   registry Docusaurus writes before bundling) are left out, and the threshold is half of the other pages. The
 *   theme's modules and our API page's (src/components/ApiDocItem, src/theme) also stay out, for the pages
 *   that share a chunk with an API page.
 */
import escapeRegExp from 'lodash/escapeRegExp';
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {GENERATED_DIR} from '../../data/api-table';

// A regular expression, not a function: Rspack would call a JS function across its native boundary per module.
const NOT_OPENAPI_MODULES =
  /^(?!.*([\\/]node_modules[\\/]docusaurus-(theme|plugin)-openapi-docs|[\\/]src[\\/]components[\\/]ApiDocItem|[\\/]src[\\/]theme)[\\/])/;
const OPENAPI_MARKDOWN = /[\\/]node_modules[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]Markdown[\\/]index\.js$/;

/** The chunk names of the generated API pages' content, from the registry (`"<chunk>": [() => import(…"<module>")…`). */
function apiPageChunks(generatedFilesDir: string): string[] {
  const registry = fs.readFileSync(path.join(generatedFilesDir, 'registry.js'), 'utf8');
  const apiModule = `/${GENERATED_DIR}/`;
  return [...registry.matchAll(/^\s*"([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "[^"]+" \*\/ "([^"]+)"\)/gm)]
    .filter(([, , module]) => module.includes(apiModule))
    .map(([, chunk]) => chunk);
}

export interface PageWeightOptions {
  /** The `common` chunk counted over the non-API pages (default on; `npm run bench -- --without common-chunk`). */
  commonChunk?: boolean;
  /** The crypto-js, tslib and rehype-raw aliases and the provided Prism (default on; `--without page-aliases`). */
  aliases?: boolean;
}

export default function pageWeightPlugin(context: LoadContext, {commonChunk = true, aliases = true}: PageWeightOptions = {}): Plugin {
  return {
    name: 'novaramp-page-weight',
    configureWebpack(config, isServer, utils) {
      // Docusaurus sets the threshold to half its page count.
      const docusaurusCommon = (config.optimization?.splitChunks || undefined)?.cacheGroups?.common as {minChunks?: number} | undefined;
      const totalPages = (docusaurusCommon?.minChunks ?? 0) * 2;
      const apiChunks = isServer ? [] : apiPageChunks(context.generatedFilesDir);
      const aliasSettings = {
        resolve: {
          alias: {
            'crypto-js$': path.resolve(__dirname, 'crypto-js-sha1.ts'),
            ...(isServer ? {} : {tslib$: path.resolve(__dirname, 'tslib.ts')}),
          },
        },
        // Requests made by the theme's Markdown module only.
        module: {rules: [{test: OPENAPI_MARKDOWN, resolve: {alias: {'rehype-raw$': path.resolve(__dirname, 'rehype-raw-off.ts')}}}]},
        plugins: [new utils.currentBundler.instance.ProvidePlugin({Prism: ['prism-react-renderer', 'Prism']})],
      };
      return {
        ...(aliases ? aliasSettings : {}),
        ...(isServer || !commonChunk
          ? {}
          : {
              optimization: {
                splitChunks: {
                  cacheGroups: {
                    common: {
                      test: NOT_OPENAPI_MODULES,
                      // A RegExp on chunk names (evaluated natively by Rspack): the async page chunks, as Docusaurus' default
                      // `async` selects, minus the API pages'. `main` and its runtime are the entry's initial chunks.
                      chunks: new RegExp(`^(?!(?:${['main', 'runtime~main', ...apiChunks].map(escapeRegExp).join('|')})$)`),
                      minChunks: Math.max(2, (totalPages - apiChunks.length) * 0.5),
                    },
                  },
                },
              },
            }),
      };
    },
  };
}
