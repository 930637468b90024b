/**
 * Serves the production build (build/) on 127.0.0.1 the way a static host does, for tests and the bench:
 * serve-handler resolves routes as `docusaurus serve` does (clean URLs, `x.html` for `/x`, 404.html for the
 * rest), and compression gzips text responses as production hosts do (`docusaurus serve` sends them raw, which
 * Lighthouse's simulated slow network would count against every page).
 */
import http from 'node:http';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import compression from 'compression';
import serveHandler from 'serve-handler';
import {SITE_ROOT} from './cli';

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

export async function serveBuild(dir = 'build', {port, host = '127.0.0.1'}: ServeOptions = {}): Promise<Served> {
  const root = path.resolve(SITE_ROOT, dir);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`${dir}/ is missing: run \`npm run build\` first (npm test does).`);
  }
  const gzip = compression();
  const server = http.createServer((req, res) => {
    gzip(req as never, res as never, () => {
      serveHandler(req, res, {public: root, cleanUrls: true, trailingSlash: false, directoryListing: false}).catch((e: Error) => {
        res.statusCode = 500;
        res.end(String(e));
      });
    });
  });
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
