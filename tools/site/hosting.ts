/**
 * What the server side of the static site does, in one place: how long each response may be cached, and when a
 * page is answered with its Markdown copy (build/<route>.md). tools/site/serve-build.ts applies it (so `npm run serve`,
 * the tests and the bench see it); the host configurations shipped with the site (static/_headers, hosting/) are
 * tested against it (tests/spec/hosting.test.ts, tests/site/serve.test.ts).
 */
import Negotiator from 'negotiator';
import {API_CATALOG_CONTENT_TYPE, API_CATALOG_LINK, API_CATALOG_PATH} from '../../src/data/agent-docs';

/** For files whose URL changes when their content does. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** For files that keep their URL when they change: caches may keep them but must revalidate (ETag) before use. */
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';

/** Every rule of this file names a URL it applies to, which the tests check it against. */
interface Exemplified {
  example: string;
}

export interface CacheRule extends Exemplified {
  /** A URL path with at most one trailing `*` (the `_headers` syntax of Netlify and Cloudflare). */
  pattern: string;
  cacheControl: string;
}

/** First match wins. */
export const CACHE_RULES: readonly CacheRule[] = [
  // Docusaurus puts a content hash in the name of every file it writes under /assets/.
  {pattern: '/assets/*', cacheControl: CACHE_IMMUTABLE, example: '/assets/js/main.0123abcd.js'},
  // Pages, their Markdown copies, llms.txt, the sitemap, feeds, the search index, /img/ and the /openapi/ downloads.
  {pattern: '/*', cacheControl: CACHE_REVALIDATE, example: '/docs/guides/welcome-guide'},
];

export function matchesPattern(pattern: string, urlPath: string): boolean {
  return pattern.endsWith('*') ? urlPath.startsWith(pattern.slice(0, -1)) : urlPath === pattern;
}

export function cacheControlFor(urlPath: string): string {
  return CACHE_RULES.find((rule) => matchesPattern(rule.pattern, urlPath))!.cacheControl;
}

export const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8';

export interface DownloadType extends Exemplified {
  /** How the file name ends. */
  extension: string;
  contentType: string;
}

/**
 * What the spec and workflow downloads (/openapi/…) are sent as: YAML as `application/yaml` (RFC 9512; serve-handler's
 * old MIME table says `text/yaml`), JSON as `application/json`, both UTF-8. hosting/nginx/novaramp.conf maps them so;
 * Netlify and Cloudflare keep their defaults (a `_headers` path cannot match a file name's end).
 */
export const DOWNLOAD_TYPES: readonly DownloadType[] = [
  {extension: '.yaml', contentType: 'application/yaml; charset=utf-8', example: '/openapi/workflows/quote-and-trade.arazzo.yaml'},
  {extension: '.json', contentType: 'application/json; charset=utf-8', example: '/openapi/workflows/quote-and-trade.arazzo.json'},
];

export interface PathHeaders extends Exemplified {
  /** One exact URL path. */
  path: string;
  headers: Record<string, string>;
}

/**
 * Headers of their own for a few exact paths (issue #50): the API catalog (RFC 9727) is a file without an extension,
 * sent as a linkset with the RFC's profile and linking to itself; the home page points at it (§3), so that an agent
 * that reads only the home page's headers finds it.
 */
export const PATH_HEADERS: readonly PathHeaders[] = [
  {path: API_CATALOG_PATH, headers: {'Content-Type': API_CATALOG_CONTENT_TYPE, Link: API_CATALOG_LINK}, example: API_CATALOG_PATH},
  {path: '/', headers: {Link: API_CATALOG_LINK}, example: '/'},
];

/** The headers of PATH_HEADERS for a URL path. */
export const pathHeadersFor = (urlPath: string): Record<string, string> => PATH_HEADERS.find((rule) => rule.path === urlPath)?.headers ?? {};

/** A page is a URL whose last segment has no extension (`/`, `/docs/guides/welcome-guide`), not a file. */
export function isPagePath(urlPath: string): boolean {
  return !/\.[^/]*$/.test(urlPath);
}

/** Where a page's Markdown copy is: `/x` → `/x.md`, `/` → `/index.md`. */
export function markdownPathFor(pagePath: string): string {
  return pagePath === '/' ? '/index.md' : `${pagePath}.md`;
}

/** HTML first: when both are equally acceptable (`*\/*`, `text/*`, no Accept header) a page is HTML. */
const PAGE_TYPES = ['text/html', 'text/markdown'];

/** Whether an Accept header prefers Markdown to HTML (q-values, specificity, then order, as RFC 9110 says). */
export function prefersMarkdown(accept: string | undefined): boolean {
  return new Negotiator({headers: {accept}}).mediaType(PAGE_TYPES) === 'text/markdown';
}

export interface NegotiationCase {
  accept: string | undefined;
  expected: 'markdown' | 'html';
  /** Decided by comparing q-values below 1, which nginx's `map` cannot do (hosting/nginx/novaramp.conf). */
  needsQComparison?: boolean;
}

/** What a page request gets, per Accept header: the tests hold every server and host adapter to this table. */
export const NEGOTIATION_CASES: readonly NegotiationCase[] = [
  {accept: 'text/markdown', expected: 'markdown'}, // afdocs, and agents that want Markdown only
  {accept: 'text/markdown, text/html;q=0.9, */*;q=0.8', expected: 'markdown'}, // agents that take HTML too
  {accept: 'text/markdown, text/html', expected: 'markdown'}, // equal q: the first listed
  {accept: 'text/html;q=0.9, text/markdown', expected: 'markdown'}, // q beats order
  {accept: 'text/markdown;q=0.9, text/html;q=0.8', expected: 'markdown', needsQComparison: true},
  {accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8', expected: 'html'}, // Chrome
  {accept: 'text/html, text/markdown', expected: 'html'},
  {accept: 'text/markdown;q=0.5, text/html', expected: 'html'},
  {accept: 'text/markdown;q=0', expected: 'html'}, // q=0: not acceptable
  {accept: '*/*', expected: 'html'}, // curl
  {accept: 'text/*', expected: 'html'},
  {accept: 'text/plain', expected: 'html'}, // neither: the page as it is
  {accept: undefined, expected: 'html'},
];
