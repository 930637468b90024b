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

/**
 * What lets an agent find the API and these docs from the domain alone (issue #50, "Found by agents"): the RFC 9727
 * API catalog, an Agent Skill (the agentskills.io format, at the root as Mintlify serves it and in the well-known
 * discovery index), and the MCP server's card. src/plugins/agent-markdown/discovery.ts writes them, tools/site/hosting.ts
 * says how they are served.
 */
export const API_CATALOG_PATH = '/.well-known/api-catalog';
/** RFC 9727 §4.2: the linkset media type (RFC 9264) with the api-catalog profile. */
export const API_CATALOG_CONTENT_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';
/** RFC 9727 §3: the link relation that points at the catalog (sent by the home page and by the catalog itself). */
export const API_CATALOG_LINK = `<${API_CATALOG_PATH}>; rel="api-catalog"`;
export const SKILL_NAME = 'novaramp-api';
export const SKILL_PATH = '/skill.md';
export const SKILLS_INDEX_PATH = '/.well-known/agent-skills/index.json';
export const SKILL_FILE_PATH = `/.well-known/agent-skills/${SKILL_NAME}/SKILL.md`;
export const MCP_CARD_PATH = '/.well-known/mcp/server-card.json';
