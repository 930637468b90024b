/**
 * What agents are told about the Markdown copies: where a page's copy is, which pages have none, and the directive
 * that points them to llms.txt. Pure data: the build (src/plugins/agent-markdown/), the site (the copy-page menu, the head link)
 * and the tests read it.
 */
import {SITE_URL} from './brand';

export const LLMS_TXT = '/llms.txt';
export const LLMS_FULL_TXT = '/llms-full.txt';

/**
 * Routes without a Markdown copy (globs, as @signalwire/docusaurus-plugin-llms-txt's `excludeRoutes` reads them):
 * the search page, the blog's lists of posts (by page, tag, author, month), which only repeat the posts' titles
 * and excerpts, and the API changelog's list of releases; every post and every release has its own copy (and the
 * whole changelog is /changelog.json).
 */
export const ROUTES_WITHOUT_MARKDOWN = [
  '/search',
  '/blog',
  '/blog/page/**',
  '/blog/archive',
  '/blog/authors',
  '/blog/authors/**',
  '/blog/tags',
  '/blog/tags/**',
  '/changelog',
];

const globToRegExp = (glob: string) =>
  new RegExp(
    `^${glob
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\/\*\*$/, '(/.*)?')
      .replace(/\*\*/g, '.*')
      .replace(/\*/g, '[^/]*')}$`,
  );
const withoutMarkdown = ROUTES_WITHOUT_MARKDOWN.map(globToRegExp);

/** Whether a page has a Markdown copy (the pages of ROUTES_WITHOUT_MARKDOWN have none). */
export const hasMarkdownCopy = (route: string): boolean => !withoutMarkdown.some((re) => re.test(route.replace(/\/+$/, '') || '/'));

/** The path of a route's Markdown copy: `/docs/x` → `/docs/x.md`, `/` → `/index.md`. */
export function markdownPath(route: string): string {
  const clean = route.replace(/[?#].*$/, '').replace(/\/+$/, '');
  return clean === '' ? '/index.md' : `${clean}.md`;
}

/** The public URL of a route's Markdown copy. */
export const markdownUrl = (route: string): string => `${SITE_URL}${markdownPath(route)}`;

/**
 * The first lines of every Markdown copy: which page it is a copy of, and where the index of all pages is.
 * A blockquote, as agents expect it (afdocs' llms-txt-directive-md looks for `/llms.txt` near the top).
 */
export function markdownDirective(route: string): string {
  return `> Markdown copy of ${SITE_URL}${route === '/' ? '/' : route.replace(/\/+$/, '')}. For AI agents: the index of all ${SITE_URL.replace(/^https?:\/\//, '')} pages, each with its Markdown copy, is ${SITE_URL}${LLMS_TXT}.`;
}

/** The directive in the HTML of every page that has a Markdown copy (for agents that read the HTML). */
export function htmlDirective(route: string): string {
  return `For AI agents: this page is available as Markdown at ${markdownUrl(route)}, and the index of all pages is ${SITE_URL}${LLMS_TXT}.`;
}
