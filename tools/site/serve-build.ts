/**
 * Serves the production build (build/) the way the site's hosts do (tools/site/hosting.ts), for `npm run serve`, the
 * tests and the bench: serve-handler resolves routes as `docusaurus serve` does (clean URLs, `x.html` for `/x`,
 * 404.html for the rest); a page request whose Accept header prefers Markdown gets the page's Markdown copy;
 * hashed assets are cached for a year and everything else revalidates with its ETag; compression gzips text
 * responses as production hosts do (`docusaurus serve` sends them raw, which Lighthouse's simulated slow network
 * would count against every page).
 */
import http from 'node:http';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import compression from 'compression';
import serveHandler from 'serve-handler';
import {SITE_ROOT} from '../cli';
import {CACHE_RULES, DOWNLOAD_TYPES, isPagePath, markdownPathFor, pathHeadersFor, prefersMarkdown} from './hosting';

export const BUILD_DIR = path.join(SITE_ROOT, 'build');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const {port} = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Served {
  origin: string;
  stop: () => Promise<void>;
}

export interface ServeOptions {
  /** Port to listen on; a free one when absent. */
  port?: number;
  host?: string;
}

/**
 * serve-handler matches header rules against the file it serves (relative to the build), so a 404 gets the rule
 * of 404.html, not that of the missing asset. Later rules override earlier ones, the reverse of CACHE_RULES.
 */
const HEADER_RULES = [
  ...[...CACHE_RULES].reverse().map((rule) => ({
    source: rule.pattern.replace(/^\//, '').replace(/\*$/, '**'),
    headers: [{key: 'Cache-Control', value: rule.cacheControl}],
  })),
  ...DOWNLOAD_TYPES.map((type) => ({source: `openapi/**/*${type.extension}`, headers: [{key: 'Content-Type', value: type.contentType}]})),
];

/** A request target's path (still percent-encoded) and its query with the `?`. */
function splitUrl(target: string): [string, string] {
  const at = target.indexOf('?');
  return at < 0 ? [target, ''] : [target.slice(0, at), target.slice(at)];
}

/** The build file of a page's Markdown copy, when it has one. */
function markdownCopy(root: string, pagePath: string): string | undefined {
  let file: string;
  try {
    file = path.join(root, decodeURIComponent(markdownPathFor(pagePath)));
  } catch {
    return undefined; // not a valid URL path: serve-handler answers it
  }
  return file.startsWith(root + path.sep) && fs.existsSync(file) ? markdownPathFor(pagePath) : undefined;
}

export async function serveBuild(dir = 'build', {port, host = '127.0.0.1'}: ServeOptions = {}): Promise<Served> {
  const root = path.resolve(SITE_ROOT, dir);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`${dir}/ is missing: run \`npm run build\` first (npm test does).`);
  }
  const config = {public: root, cleanUrls: true, trailingSlash: false, directoryListing: false, etag: true, headers: HEADER_RULES};
  const gzip = compression();
  const server = http.createServer((req, res) => {
    gzip(req as never, res as never, () => {
      const [pathname, query] = splitUrl(req.url ?? '/');
      // serve-handler keeps them: it sets a Content-Type only from a file's extension, and the API catalog has none.
      for (const [name, value] of Object.entries(pathHeadersFor(pathname))) res.setHeader(name, value);
      if (isPagePath(pathname)) {
        res.setHeader('Vary', 'Accept');
        // A path with a trailing slash is left to serve-handler, which redirects it (trailingSlash: false).
        const negotiable = (req.method === 'GET' || req.method === 'HEAD') && (pathname === '/' || !pathname.endsWith('/'));
        const markdown = negotiable && prefersMarkdown(req.headers.accept) ? markdownCopy(root, pathname) : undefined;
        if (markdown) req.url = `${markdown}${query}`;
      }
      // serve-handler opens the file before it answers a conditional request with 304 and never closes it.
      const createReadStream = (file: string, options: object) => {
        const stream = fs.createReadStream(file, options);
        res.once('close', () => stream.destroy());
        return stream;
      };
      serveHandler(req, res, config, {createReadStream} as never).catch((e: Error) => {
        res.statusCode = 500;
        res.end(String(e));
      });
    });
  });
  // Idle connections outlive the longest a client keeps one (undici: 10 minutes), so the client always closes first:
  // a client busy when the server closes (afdocs converting pages) would reuse the dead socket and fail the request.
  server.keepAliveTimeout = 15 * 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port ?? 0, host, () => resolve());
  });
  const {port: bound} = server.address() as net.AddressInfo;
  return {
    origin: `http://${host}:${bound}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
