/**
 * The host configurations shipped with the site agree with tools/site/hosting.ts (what `npm run serve` does): the
 * cache rules of static/_headers (Netlify, Cloudflare), and the Netlify edge function and Cloudflare Worker that
 * negotiate Markdown, run here in Node against a small static site served on 127.0.0.1 the way those hosts serve
 * the build (clean URLs, 404.html). The nginx configuration runs in nginx, over the build: tests/site/serve.test.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import serveHandler from 'serve-handler';
import cloudflareWorker from '../../hosting/cloudflare/worker';
import netlifyEdgeFunction from '../../hosting/netlify/edge-functions/markdown';
import {SITE_ROOT} from '../../tools/cli';
import {CACHE_REVALIDATE, CACHE_RULES, cacheControlFor, matchesPattern, NEGOTIATION_CASES, PATH_HEADERS} from '../../tools/site/hosting';

/** Whether a response's Vary header names Accept (not just Accept-Encoding). */
const variesOnAccept = (res: Response): boolean => (res.headers.get('vary') ?? '').split(',').some((v) => v.trim().toLowerCase() === 'accept');

/** What Netlify and Cloudflare send for a static file no `_headers` rule sets Cache-Control for. */
const HOST_DEFAULT_CACHE_CONTROL = CACHE_REVALIDATE;

/** The rules of a `_headers` file: a path line, then indented `Name: value` lines; `#` starts a comment. */
function parseHeadersFile(text: string): {pattern: string; line: number; headers: [string, string][]}[] {
  const rules: {pattern: string; line: number; headers: [string, string][]}[] = [];
  text.split('\n').forEach((raw, i) => {
    if (!raw.trim() || raw.trim().startsWith('#')) return;
    if (!/^\s/.test(raw)) {
      rules.push({pattern: raw.trim(), line: i + 1, headers: []});
      return;
    }
    const header = /^\s+([\w-]+):\s*(.+)$/.exec(raw);
    assert.ok(header && rules.length, `static/_headers:${i + 1}: not a "Name: value" line under a path`);
    rules.at(-1)!.headers.push([header[1], header[2].trim()]);
  });
  return rules;
}

describe('static/_headers (Netlify, Cloudflare)', () => {
  const rules = parseHeadersFile(fs.readFileSync(path.join(SITE_ROOT, 'static', '_headers'), 'utf8'));

  test('uses only paths both hosts accept: a literal path with at most one `*`, at its end', () => {
    assert.ok(rules.length > 0);
    for (const rule of rules) assert.match(rule.pattern, /^\/[^*]*\*?$/, `static/_headers:${rule.line}: ${rule.pattern}`);
  });

  test('gives each cache rule of tools/site/hosting.ts exactly its Cache-Control (hosts apply every matching rule)', () => {
    for (const {example} of CACHE_RULES) {
      const values = rules
        .filter((r) => matchesPattern(r.pattern, example))
        .flatMap((r) => r.headers.filter(([name]) => name.toLowerCase() === 'cache-control').map(([, v]) => v));
      assert.ok(values.length <= 1, `${example} gets ${values.length} Cache-Control headers: ${values.join(' | ')}`);
      assert.equal(values[0] ?? HOST_DEFAULT_CACHE_CONTROL, cacheControlFor(example), example);
    }
  });

  test('gives each path of PATH_HEADERS of tools/site/hosting.ts exactly its headers', () => {
    for (const {path: urlPath, headers} of PATH_HEADERS) {
      const sent = rules.filter((r) => r.pattern === urlPath).flatMap((r) => r.headers);
      assert.deepEqual(Object.fromEntries(sent), headers, `static/_headers for ${urlPath}`);
    }
  });
});

/** A build in miniature: pages with and without a Markdown copy, a file, the not-found page. */
const FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>Home</title><h1>Home</h1>',
  'index.md': '# Home\n',
  'docs/a.html': '<!doctype html><title>A</title><h1>A</h1>',
  'docs/a.md': '# A\n\nThe Markdown copy of A.\n',
  'docs/b.html': '<!doctype html><title>B</title><h1>B, which has no Markdown copy</h1>',
  'llms.txt': '# NovaRamp\n',
  '404.html': '<!doctype html><title>Page Not Found</title><h1>Page Not Found</h1>',
};

let dir: string;
let origin: string;
let server: http.Server;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosting-'));
  for (const [file, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    fs.writeFileSync(path.join(dir, file), text);
  }
  // The host's own static serving: no negotiation, no cache rules.
  server = http.createServer((req, res) => void serveHandler(req, res, {public: dir, cleanUrls: true, trailingSlash: false, directoryListing: false}));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});
after(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  fs.rmSync(dir, {recursive: true, force: true});
});

type Adapter = (request: Request) => Promise<Response>;
const ADAPTERS: [string, Adapter][] = [
  ['Netlify edge function', (request) => netlifyEdgeFunction(request, {next: () => fetch(request.url, {method: request.method})})],
  ['Cloudflare Worker', (request) => cloudflareWorker.fetch(request, {ASSETS: {fetch: (input) => fetch(input)}})],
];

for (const [name, adapter] of ADAPTERS) {
  describe(name, () => {
    const get = (route: string, headers: Record<string, string> = {}, method = 'GET') => adapter(new Request(`${origin}${route}`, {method, headers}));

    test('answers a page with its Markdown copy or its HTML as each Accept header of tools/site/hosting.ts says', async () => {
      for (const {accept, expected} of NEGOTIATION_CASES) {
        const res = await get('/docs/a', accept === undefined ? {} : {Accept: accept});
        const body = await res.text();
        assert.equal(res.status, 200, String(accept));
        if (expected === 'markdown') {
          assert.equal(res.headers.get('Content-Type'), 'text/markdown; charset=utf-8', String(accept));
          assert.equal(body, FILES['docs/a.md'], String(accept));
        } else {
          assert.match(res.headers.get('Content-Type') ?? '', /^text\/html/, String(accept));
          assert.equal(body, FILES['docs/a.html'], String(accept));
        }
        assert.ok(variesOnAccept(res), `Vary for ${accept}`);
        assert.equal(res.headers.get('Cache-Control'), cacheControlFor('/docs/a'));
      }
    });

    test('maps / to index.md, falls back to HTML without a copy, keeps 404s, sends no body to HEAD', async () => {
      const md = {Accept: 'text/markdown'};
      assert.equal(await (await get('/', md)).text(), FILES['index.md']);
      const noCopy = await get('/docs/b', md);
      assert.equal(noCopy.status, 200);
      assert.equal(await noCopy.text(), FILES['docs/b.html']);
      assert.ok(variesOnAccept(noCopy), 'Vary: Accept');
      const missing = await get('/docs/nope', md);
      assert.equal(missing.status, 404);
      assert.match(await missing.text(), /Page Not Found/);
      const head = await get('/docs/a', md, 'HEAD');
      assert.equal(head.headers.get('Content-Type'), 'text/markdown; charset=utf-8');
      assert.equal(await head.text(), '');
    });

    test('leaves files alone: a .md URL is the Markdown file, llms.txt is not negotiated', async () => {
      const copy = await get('/docs/a.md', {Accept: 'text/html'});
      assert.equal(await copy.text(), FILES['docs/a.md']);
      const llms = await get('/llms.txt', {Accept: 'text/markdown'});
      assert.equal(await llms.text(), FILES['llms.txt']);
      assert.ok(!variesOnAccept(llms), 'no Vary: Accept');
    });
  });
}
