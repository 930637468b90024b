import type {Plugin} from '@docusaurus/types';

export interface BundlerMemoryOptions {
  /** The two memory settings below; off only to measure them (`npm run bench:scale -- --without bundler-memory`). */
  memorySettings: boolean;
  /** Settings that empty the bundle this build process does not make (tools/one-bundle, from docusaurus.config.ts). */
  otherBundleSettings: (isServer: boolean) => {entry?: Record<string, string>; mergeStrategy?: Record<string, 'replace'>};
}

/**
 * Rspack settings that keep the bundling step's memory in proportion to the number of API pages without
 * changing what is built (`npm run bench:scale` measures it):
 * - Server bundle: Docusaurus turns code splitting off for it (`splitChunks: false`), so each page's chunk carries
 *   its own copy of every component not in the server entry, the whole OpenAPI theme per API page, which Rspack
 *   generates, hashes and writes, and SSG workers parse page after page. Rspack's default splitting of async
 *   chunks keeps one shared copy. build/__server/ is deleted after SSG.
 * - JSON modules (each page's metadata, with the operation in its front matter): in production Rspack records
 *   every nested key as an export for tree shaking (`exportsDepth` unlimited); the site imports these files whole,
 *   so only the top level is worth tracking.
 * - One bundle per process (scripts/docusaurus-build.mjs): the other bundle's entry emptied (why: tools/one-bundle).
 */
export default function bundlerMemoryPlugin(_context: unknown, options: BundlerMemoryOptions): Plugin {
  return {
    name: 'novaramp-bundler-memory',
    configureWebpack: (_config, isServer) => {
      const other = options.otherBundleSettings(isServer);
      const serverSplit = isServer && options.memorySettings;
      return {
        ...(options.memorySettings ? {module: {parser: {json: {exportsDepth: 1}}}} : {}),
        // relies on: server-split-chunks
        ...(serverSplit ? {optimization: {splitChunks: {chunks: 'async'}}} : {}),
        ...(other.entry ? {entry: other.entry} : {}),
        mergeStrategy: {...(serverSplit ? {'optimization.splitChunks': 'replace'} : {}), ...other.mergeStrategy},
      };
    },
  };
}
