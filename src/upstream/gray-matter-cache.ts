/**
 * Docusaurus parses front matter with its dependency @11ty/gray-matter, which caches every text it parsed for the
 * life of the process; `clearCache()` empties that cache. Used by src/plugins/bundler-memory/front-matter.ts;
 * contract 'front matter cache'.
 */
import {createRequire} from 'node:module';

/** The gray-matter instance Docusaurus parses with (resolved from @docusaurus/utils, which depends on it). */
const grayMatter = createRequire(require.resolve('@docusaurus/utils'))('@11ty/gray-matter') as {clearCache(): void};

/** Empties the cache of the gray-matter Docusaurus parses front matter with. */
export function clearDocusaurusFrontMatterCache(): void {
  grayMatter.clearCache();
}
