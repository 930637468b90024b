/**
 * The site's Markdown front matter parser (`markdown.parseFrontMatter` in docusaurus.config.ts): Docusaurus' own,
 * without the cache of the library under it. Docusaurus parses front matter with gray-matter, which keeps every
 * file it ever parsed (its whole text as the key, the parsed front matter as the value) for the life of the
 * process. The docs plugin and the MDX loader parse each page, so every operation page stayed in memory twice
 * over in both build processes; the cache only saves a second parse of the same text (`npm run bench:scale`).
 */
import type {ParseFrontMatter} from '@docusaurus/types';
// relies on: front-matter-cache
import {clearDocusaurusFrontMatterCache} from '../../upstream/gray-matter-cache';

export const parseFrontMatterUncached: ParseFrontMatter = async ({defaultParseFrontMatter, ...file}) => {
  try {
    return await defaultParseFrontMatter(file);
  } finally {
    clearDocusaurusFrontMatterCache();
  }
};
