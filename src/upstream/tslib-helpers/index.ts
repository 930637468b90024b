/**
 * The browser's @docusaurus/utils-common gets the one tslib helper it calls, not all of tslib (issue #47: the guides
 * back to their first-visit weight). Why: that package is CommonJS and every page loads it (the router's
 * `applyTrailingSlash`); its `require("tslib")` keeps the whole of tslib's ES module (every helper, 4 KiB gzip) in
 * main.js, since a CommonJS require uses every export. Rspack cannot see which helpers it calls; aliasing tslib to
 * its own ES build changes nothing (that build is already the one resolved).
 * How: for that package's requests only (an Rspack rule's `resolve`), `tslib` is ./tslib-stand-in.ts, which
 * holds the one helper it calls. Any other package keeps tslib whole.
 * relies on: tslib-helpers (src/upstream/contracts.yaml): utils-common calls `__importDefault` alone; a new helper
 * fails that contract before a page breaks.
 * Measured with `npm run bench -- --without tslib-helpers` (tools/measure/speed-pieces.ts).
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The browser-side users of tslib whose helpers the stand-in covers: @docusaurus/utils-common's CommonJS files. */
// relies on: tslib-helpers
export const UTILS_COMMON_FILE = /[\\/]node_modules[\\/]@docusaurus[\\/]utils-common[\\/]lib[\\/][^\\/]+\.js$/;

export default function tslibHelpersPlugin(): Plugin {
  return {
    name: 'novaramp-tslib-helpers',
    configureWebpack: (_config, isServer) =>
      isServer ? {} : {module: {rules: [{test: UTILS_COMMON_FILE, resolve: {alias: {tslib$: path.join(__dirname, 'tslib-stand-in.ts')}}}]}},
  };
}
