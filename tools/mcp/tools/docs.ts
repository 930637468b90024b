/** search_docs and get_page, and every page's Markdown as a resource. */
import {ErrorCode, McpError} from '@modelcontextprotocol/sdk/types.js';
import {ResourceTemplate, type McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod/v4';
import {BRAND} from '../../../src/data/brand';
import type {DocsBuild} from '../build-artefacts';
import {PAGE_URI_PREFIX, type DocPages} from '../pages';
import type {DocsSearch} from '../search';
import {READ_ONLY, jsonResult} from './result';

export function registerDocsTools(server: McpServer, build: DocsBuild, pages: DocPages, search: DocsSearch): void {
  server.registerTool(
    'search_docs',
    {
      title: `Search the ${BRAND} docs`,
      description: `Full-text search over every page of the ${BRAND} developer docs (guides, API reference, webhook events, blog), with the site's own search index. Returns the best pages, each with its title, URL, Markdown URL and the sections that matched with a snippet. Read a page in full with get_page.`,
      inputSchema: {
        query: z.string().min(1).max(500).describe('Words to look for, e.g. "cancel fiat withdrawal" or "idempotency key".'),
        limit: z.number().int().min(1).max(25).default(8).describe('How many pages to return at most.'),
      },
      annotations: READ_ONLY,
    },
    ({query, limit}) => {
      const hits = search.search(query, limit);
      return jsonResult({query, results: hits, ...(hits.length ? {} : {note: 'No page matches these words; try fewer or other words.'})});
    },
  );

  server.registerTool(
    'get_page',
    {
      title: 'Read a docs page as Markdown',
      description: `The Markdown copy of one page of the ${BRAND} docs. Takes the page URL (${pages.url('/docs/api/overview')}), its Markdown URL (….md), a path (/docs/guides/webhook-guide) or a resource URI (${PAGE_URI_PREFIX}/docs/...).`,
      inputSchema: {page: z.string().min(1).max(2000).describe('URL, path or resource URI of the page.')},
      annotations: READ_ONLY,
    },
    ({page: ref}) => {
      const {page, redirectedFrom} = pages.resolve(ref);
      const source = `Page: ${pages.url(page.route)} (Markdown: ${pages.markdownUrl(page)}; resource: ${pages.uri(page)})${redirectedFrom ? `, redirected from ${redirectedFrom}` : ''}.`;
      return {
        content: [
          {type: 'text', text: pages.read(page)},
          {type: 'text', text: source},
        ],
      };
    },
  );

  server.registerResource(
    'page',
    new ResourceTemplate(`${PAGE_URI_PREFIX}{+path}`, {
      list: () => ({
        resources: pages.all.map((p) => ({uri: pages.uri(p), name: p.route, title: p.title, description: p.description, mimeType: 'text/markdown'})),
      }),
      complete: {
        path: (value) =>
          pages.all
            .map((p) => p.route)
            .filter((r) => r.startsWith(value))
            .slice(0, 100),
      },
    }),
    {
      title: `${BRAND} docs page`,
      description: 'The Markdown copy of a page of the docs; the URI is this prefix and the page route.',
      mimeType: 'text/markdown',
    },
    (uri) => {
      try {
        const {page} = pages.resolve(uri.href);
        return {contents: [{uri: uri.href, mimeType: 'text/markdown', text: pages.read(page)}]};
      } catch (e) {
        throw new McpError(ErrorCode.InvalidParams, (e as Error).message);
      }
    },
  );

  if (build.llmsTxt !== undefined) {
    const llmsTxt = build.llmsTxt;
    server.registerResource(
      'llms.txt',
      `${PAGE_URI_PREFIX}/llms.txt`,
      {title: 'llms.txt', description: `The index of every page of the ${BRAND} docs, with a line on each.`, mimeType: 'text/markdown'},
      (uri) => ({contents: [{uri: uri.href, mimeType: 'text/markdown', text: llmsTxt}]}),
    );
  }
}
