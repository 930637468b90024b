import type {Plugin} from '@docusaurus/types';

/**
 * Adds the Rspack plugin that keys the persistent cache by the bundler configuration (tools/rspack-cache-key.ts,
 * handed over by docusaurus.config.ts) to the client and the server configuration, where it sees the options
 * every other plugin has set. Why: a local plugin's edit (an alias, a loader rule) left Rspack's cache valid, and
 * the next build reused modules built under the old settings, a stale server bundle whose SSG failed until
 * `docusaurus clear`.
 */
export default function bundlerCachePlugin(_context: unknown, options: {cacheKeyPlugin: object}): Plugin {
  return {
    name: 'novaramp-bundler-cache',
    configureWebpack: () => ({plugins: [options.cacheKeyPlugin as never]}),
  };
}
