import type {LoadContext, Plugin} from '@docusaurus/types';
import {CacheKeyPlugin, localPluginsDir} from './cache-key';

/**
 * Adds the Rspack plugin that keys the persistent cache by the bundler configuration (./cache-key.ts) to the client
 * and the server configuration, where it sees the options every other plugin has set. Why: a local plugin's edit
 * (an alias, a loader rule) left Rspack's cache valid, and the next build reused modules built under the old
 * settings, a stale server bundle whose SSG failed until `docusaurus clear`.
 */
export default function bundlerCachePlugin(context: LoadContext): Plugin {
  const cacheKeyPlugin = new CacheKeyPlugin([localPluginsDir(context.siteDir)]);
  return {
    name: 'novaramp-bundler-cache',
    configureWebpack: () => ({plugins: [cacheKeyPlugin as never]}),
  };
}
