/**
 * The server side of the production build over HTTP, held to tools/site/hosting.ts: `npm run serve`
 * (tools/site/serve-build.ts, which the other site tests and the bench use too) and the shipped nginx configuration
 * (hosting/nginx/novaramp.conf) run in Debian's nginx (scripts/ensure-nginx.sh). Content negotiation and its
 * q-values, Vary, the fallback to HTML, routes and 404s, cache headers, revalidation with 304, gzip.
 * The Netlify and Cloudflare adapters are checked in tests/spec/hosting.test.ts.
 */
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {SITE_ROOT} from '../../tools/cli';
import {API_CATALOG_PATH} from '../../src/data/agent-docs';
import {CACHE_IMMUTABLE, CACHE_REVALIDATE, DOWNLOAD_TYPES, markdownPathFor, NEGOTIATION_CASES, PATH_HEADERS} from '../../tools/site/hosting';
import {readRoutes} from '../../tools/site/routes-contract';
import {BUILD_DIR, freePort, serveBuild, type Served} from '../../tools/site/serve-build';

/** Whether a response's Vary header names Accept (not just Accept-Encoding). */
const variesOnAccept = (res: Response): boolean => (res.headers.get('vary') ?? '').split(',').some((v) => v.trim().toLowerCase() === 'accept');

const GUIDE = '/docs/guides/welcome-guide';
/** A page the build has no Markdown copy of. */
const WITHOUT_COPY = '/search';
/** Files that keep their URL when they change. */
const REVALIDATED = [
  '/llms.txt',
  '/sitemap.xml',
  '/blog/rss.xml',
  '/search-index.json',
  '/openapi/novaramp.yaml',
  ...DOWNLOAD_TYPES.map((t) => t.example),
  `${GUIDE}.md`,
];
const CHROME_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const NGINX_CONF = path.join(SITE_ROOT, 'hosting', 'nginx', 'novaramp.conf');

/** Runs hosting/nginx/novaramp.conf in nginx over build/, on 127.0.0.1, in the foreground, as this user. */
async function serveWithNginx(): Promise<Served> {
  assert.ok(fs.existsSync(NGINX), `${NGINX} is missing: run \`bash scripts/ensure-nginx.sh\` (npm run test:site does) or set NGINX_PATH`);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-'));
  const shipped = fs.readFileSync(NGINX_CONF, 'utf8');
  const site = shipped.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`).replace(/^(\s*)root \/var\/www\/novaramp;$/m, `$1root ${BUILD_DIR};`);
  assert.equal(
    site.split('\n').filter((l, i) => l !== shipped.split('\n')[i]).length,
    2,
    'hosting/nginx/novaramp.conf has `listen 80;` and `root /var/www/novaramp;`',
  );
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  fs.symlinkSync('/etc/nginx/mime.types', path.join(dir, 'mime.types'));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${path.join(dir, t)};`).join(' ');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off; master_process off; pid ${path.join(dir, 'nginx.pid')};\nevents { worker_connections 64; }\nhttp { access_log off; ${temp}\n  include site.conf;\n}\n`,
  );
  const nginx = spawn(NGINX, ['-p', `${dir}/`, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr'], {stdio: ['ignore', 'ignore', 'pipe']});
  let log = '';
  nginx.stderr.on('data', (d: Buffer) => (log += d));
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  for (let ready = false; !ready;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}: ${log}`);
    ready = await fetch(origin).then(
      () => true,
      () => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 50)),
    );
  }
  return {
    origin,
    stop: async () => {
      nginx.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, {recursive: true, force: true});
    },
  };
}

const SERVERS = [
  {name: 'npm run serve (tools/site/serve-build.ts)', start: () => serveBuild(), comparesQValues: true},
  {name: 'nginx with hosting/nginx/novaramp.conf', start: serveWithNginx, comparesQValues: false},
];

const readBuild = (urlPath: string) => fs.readFileSync(path.join(BUILD_DIR, urlPath), 'utf8');
const isMarkdown = (res: Response) => /^text\/markdown; charset=utf-8$/i.test(res.headers.get('content-type') ?? '');

for (const {name, start, comparesQValues} of SERVERS) {
  describe(name, () => {
    let served: Served;
    const get = (route: string, headers: Record<string, string> = {}, method = 'GET') =>
      fetch(`${served.origin}${route}`, {method, headers, redirect: 'manual'});
    before(async () => {
      served = await start();
    });
    after(async () => {
      await served?.stop();
    });

    test(`answers a page with its Markdown copy or its HTML as each Accept header of tools/site/hosting.ts says${comparesQValues ? '' : ' (but q-values below 1)'}`, async () => {
      const cases = NEGOTIATION_CASES.filter((c) => comparesQValues || !c.needsQComparison);
      for (const route of [GUIDE, '/']) {
        for (const {accept, expected} of cases) {
          const res = await get(route, accept === undefined ? {} : {Accept: accept});
          const body = await res.text();
          assert.equal(res.status, 200, `${route} ${accept}`);
          assert.equal(isMarkdown(res) ? 'markdown' : 'html', expected, `${route} with Accept: ${accept} (${res.headers.get('content-type')})`);
          if (expected === 'markdown') assert.equal(body, readBuild(markdownPathFor(route)), `${route} is its Markdown copy`);
          else assert.match(body, /^<!doctype html>/i, `${route} is its HTML`);
          assert.ok(variesOnAccept(res), `Vary: Accept on ${route} (${accept})`);
        }
      }
    });

    test('falls back to HTML for a page without a Markdown copy; a .md URL is always Markdown; unknown paths are 404', async () => {
      const fallback = await get(WITHOUT_COPY, {Accept: 'text/markdown'});
      assert.equal(fallback.status, 200);
      assert.match(await fallback.text(), /^<!doctype html>/i);
      assert.ok(variesOnAccept(fallback), 'Vary: Accept');
      const copy = await get(`${GUIDE}.md`, {Accept: CHROME_ACCEPT});
      assert.ok(isMarkdown(copy), `${GUIDE}.md is ${copy.headers.get('content-type')}`);
      assert.equal(await copy.text(), readBuild(`${GUIDE}.md`));
      for (const accept of ['text/markdown', CHROME_ACCEPT]) {
        const missing = await get('/docs/guides/no-such-page', {Accept: accept});
        assert.equal(missing.status, 404, accept);
        assert.match(await missing.text(), /Page Not Found/);
      }
    });

    test('serves every route of the contract, its aliases and 404s, and drops a trailing slash', async () => {
      const contract = readRoutes();
      for (const route of [...contract.routes, ...contract.aliases.map((a) => a.from)]) {
        const res = await get(route, {Accept: CHROME_ACCEPT});
        await res.arrayBuffer();
        assert.equal(res.status, 200, route);
      }
      for (const route of contract.missing) assert.equal((await get(route)).status, 404, route);
      const slash = await get(`${GUIDE}/`);
      assert.equal(slash.status, 301);
      assert.equal(new URL(slash.headers.get('location')!, served.origin).pathname, GUIDE);
    });

    test('caches hashed assets for a year and revalidates pages, Markdown copies, llms.txt, feeds and downloads', async () => {
      const asset = `/assets/js/${fs.readdirSync(path.join(BUILD_DIR, 'assets', 'js')).find((f) => f.startsWith('main.'))}`;
      const res = await get(asset);
      assert.equal(res.status, 200, asset);
      assert.equal(res.headers.get('cache-control'), CACHE_IMMUTABLE, asset);
      for (const [route, accept] of [[GUIDE, CHROME_ACCEPT], [GUIDE, 'text/markdown'], ['/', CHROME_ACCEPT], ...REVALIDATED.map((r) => [r, '*/*'])]) {
        const page = await get(route, {Accept: accept});
        await page.arrayBuffer();
        assert.equal(page.status, 200, route);
        assert.equal(page.headers.get('cache-control'), CACHE_REVALIDATE, `${route} (${accept})`);
        assert.ok(page.headers.get('etag'), `${route} has an ETag`);
      }
    });

    test('answers a conditional request with 304, per representation', async () => {
      const asset = `/assets/js/${fs.readdirSync(path.join(BUILD_DIR, 'assets', 'js')).find((f) => f.startsWith('main.'))}`;
      const etags = new Map<string, string>();
      for (const [route, accept] of [
        [GUIDE, CHROME_ACCEPT],
        [GUIDE, 'text/markdown'],
        [`${GUIDE}.md`, '*/*'],
        [asset, '*/*'],
      ]) {
        const first = await get(route, {Accept: accept, 'Accept-Encoding': 'gzip'});
        await first.arrayBuffer();
        const etag = first.headers.get('etag')!;
        etags.set(`${route} ${accept}`, etag);
        const again = await get(route, {Accept: accept, 'Accept-Encoding': 'gzip', 'If-None-Match': etag});
        assert.equal(again.status, 304, `${route} (${accept}) with If-None-Match: ${etag}`);
      }
      assert.notEqual(etags.get(`${GUIDE} ${CHROME_ACCEPT}`), etags.get(`${GUIDE} text/markdown`), 'HTML and Markdown have different ETags');
    });

    test('sends the spec and workflow downloads as the content types of tools/site/hosting.ts, as they are in the build', async () => {
      for (const {extension, contentType, example} of DOWNLOAD_TYPES) {
        for (const route of [example, `/openapi/novaramp${extension}`]) {
          const res = await get(route, {Accept: '*/*'});
          assert.equal(res.status, 200, route);
          assert.equal(res.headers.get('content-type')?.toLowerCase().replace(/\s/g, ''), contentType.replace(/\s/g, ''), route);
          assert.equal(await res.text(), readBuild(route), route);
        }
      }
    });

    test('sends the API catalog as a linkset that links to itself, and the home page links to it (PATH_HEADERS)', async () => {
      for (const {path: route, headers} of PATH_HEADERS) {
        for (const method of ['GET', 'HEAD']) {
          const res = await get(route, {Accept: CHROME_ACCEPT}, method);
          assert.equal(res.status, 200, `${method} ${route}`);
          for (const [name, value] of Object.entries(headers)) assert.equal(res.headers.get(name), value, `${method} ${route}: ${name}`);
        }
      }
      const catalog = await get(API_CATALOG_PATH, {Accept: 'application/linkset+json'});
      assert.equal(await catalog.text(), readBuild(API_CATALOG_PATH));
    });

    test('gzips pages and their Markdown copies', async () => {
      for (const accept of [CHROME_ACCEPT, 'text/markdown']) {
        const res = await get(GUIDE, {Accept: accept, 'Accept-Encoding': 'gzip'});
        assert.equal(res.headers.get('content-encoding'), 'gzip', accept);
        assert.match(res.headers.get('vary') ?? '', /Accept-Encoding/, accept);
        assert.ok((await res.text()).length > 1000, 'decoded body');
      }
    });
  });
}
