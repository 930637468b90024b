/**
 * Checks the production build (build/) served on 127.0.0.1 as a static host would, over HTTP: every route of the
 * contract, every alias, the not-found page, titles, storage keys, feeds, the draft, the sitemap and the generated
 * operation pages. What a visitor sees in the browser (footer, blog sidebar, navigation) is tests/site/browser.test.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {minify} from '@swc/html';
// relies on: end-tags-omitted
import {SWC_OPTIONS_WITH_END_TAGS} from '../../src/upstream/docusaurus-html-minifier';
import {loadOperations} from '../../tools/spec/spec-model';
import {BRAND} from '../../src/data/brand';
import {GUIDE_ALIASES} from '../../src/data/navigation';
import {SITE_ROOT} from '../../tools/cli';
import {readExtraRoutes, readRoutes} from '../../tools/site/routes-contract';
import {BUILD_DIR, serveBuild, type Served} from '../../tools/site/serve-build';

const contract = readRoutes();
let server: Served;
const pages = new Map<string, {status: number; html: string}>();

async function get(route: string): Promise<{status: number; html: string}> {
  const cached = pages.get(route);
  if (cached) return cached;
  const res = await fetch(`${server.origin}${route}`, {redirect: 'manual'});
  const page = {status: res.status, html: await res.text()};
  pages.set(route, page);
  return page;
}

const titleOf = (html: string): string => /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
const refreshTarget = (html: string): string => /<meta http-equiv="?refresh"? content="0; ?url=([^"]+)"/.exec(html)?.[1] ?? '(no redirect)';
/** Links inside elements whose class matches `marker` (e.g. the cards of a category index). */
const hrefs = (html: string, marker: RegExp): string[] =>
  html
    .split('<a ')
    .filter((a) => marker.test(a.split('>')[0]))
    .map((a) => /href="?([^"\s>]+)/.exec(a)?.[1] ?? '');
const decode = (s: string): string =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

before(async () => {
  server = await serveBuild();
});
after(async () => {
  await server?.stop();
});

describe('routes of tests/routes.txt', () => {
  test('the contract copy matches its expected size (81 routes, 8 aliases, 1 missing)', () => {
    assert.equal(contract.routes.length, 81);
    assert.equal(contract.aliases.length, 8);
    assert.equal(contract.missing.length, 1);
  });

  test('every route renders a page titled "… | NovaRamp"', async () => {
    for (const route of contract.routes) {
      const {status, html} = await get(route);
      assert.equal(status, 200, `${route} answered ${status}`);
      if (route === '/docs') continue; // a redirect page, checked below
      assert.ok(titleOf(html).endsWith(` | ${BRAND}`), `${route} title "${titleOf(html)}"`);
      assert.ok(!html.includes('Page Not Found'), `${route} rendered the not-found page`);
    }
  });

  test('/docs lands on the welcome guide', async () => {
    const {status, html} = await get('/docs');
    assert.equal(status, 200);
    assert.ok(refreshTarget(html) === '/docs/guides/welcome-guide', `/docs redirects to ${refreshTarget(html)}`);
  });

  test('every alias redirects to its target', async () => {
    for (const {from, to} of contract.aliases) {
      const {status, html} = await get(from);
      assert.equal(status, 200, from);
      assert.equal(refreshTarget(html), to, `${from} → ${to}`);
    }
  });

  test('an unknown path gives the not-found page with HTTP 404', async () => {
    for (const route of contract.missing) {
      const {status, html} = await get(route);
      assert.equal(status, 404, route);
      assert.ok(html.includes('Page Not Found'), `${route} shows the not-found page`);
    }
  });

  test('the sitemap lists every route and no unplanned /docs page', async () => {
    const res = await fetch(`${server.origin}/sitemap.xml`);
    assert.equal(res.status, 200);
    const urls = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    for (const route of contract.routes) assert.ok(urls.includes(route) || route === '/docs', `${route} missing from sitemap`);
    const allowed = new Set([...contract.routes, ...readExtraRoutes()]);
    const unplanned = urls.filter((u) => u.startsWith('/docs') && !allowed.has(u));
    assert.deepEqual(unplanned, [], 'routes not in routes.txt nor tests/routes-extra.txt');
  });

  test('robots.txt allows indexing and points at the sitemap', async () => {
    const text = await (await fetch(`${server.origin}/robots.txt`)).text();
    assert.match(text, /User-agent: \*\s+Allow: \//);
    assert.match(text, /Sitemap: https:\/\/[^\s]+\/sitemap\.xml/);
  });
});

describe('generated API reference', () => {
  const operations = loadOperations(SITE_ROOT).filter((op) => op.method !== 'event');

  test('every operation page shows its method and path', async () => {
    assert.ok(operations.length >= 37 + 19, `only ${operations.length} operations`);
    for (const op of operations) {
      const {status, html} = await get(`/docs${op.slug}`);
      assert.equal(status, 200, op.slug);
      // The theme shows the method as a badge, the server URL (server-rendered since the page's store holds the
      // first server from the start) and path parameters as `:name`.
      // relies on: openapi-endpoint-markup
      const endpoint = /<pre class="?openapi__method-endpoint"?>([\s\S]*?)<\/pre>/.exec(html)?.[1] ?? '';
      const text = decode(endpoint.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).trim();
      const expected = `${op.method.toUpperCase()} https://api.sandbox.novaramp.example/v1 ${op.path.replace(/\{([^}]+)\}/g, ':$1')}`;
      assert.equal(text, expected, op.slug);
      assert.ok(decode(html).includes(op.summary), `${op.slug}: summary ${op.summary}`);
    }
  });

  test('the category index pages list their operations', async () => {
    await get('/docs/category/wallet');
    const cards = async (route: string) => hrefs((await get(route)).html, /class="?card /);
    assert.ok((await cards('/docs/category/wallet')).includes('/docs/api/crypto/wallet/whitdraw-crypto'));
    assert.ok((await cards('/docs/category/beneficiary-1')).includes('/docs/api/fiat/beneficiary/create-beneficiary'));
    assert.ok((await cards('/docs/category/beneficiary')).includes('/docs/api/crypto/beneficiary/create_crypto_beneficiary'));
    assert.ok((await cards('/docs/category/crypto')).includes('/docs/category/wallet'));
  });
});

describe('site behaviour configured in the build', () => {
  test('colour mode is stored under `theme`, light by default; the announcement dismissal is stored too', async () => {
    const {html} = await get('/');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
    assert.match(inline, /localStorage\.getItem\("theme"\)/);
    assert.match(inline, /\|\|"light"/, 'light when nothing is stored');
    assert.match(inline, /localStorage\.getItem\("docusaurus\.announcement\.dismiss"\)/);
  });

  test('the announcement bar is rendered and closeable', async () => {
    const {html} = await get('/');
    assert.match(html, /class="theme-announcement-bar[^>]*role="?banner"?>[\s\S]*?sandbox is open[\s\S]*?aria-label="?Close"?/);
  });

  test('the blog publishes RSS and Atom feeds with every post', async () => {
    const rss = await (await fetch(`${server.origin}/blog/rss.xml`)).text();
    const atom = await (await fetch(`${server.origin}/blog/atom.xml`)).text();
    assert.ok((rss.match(/<item>/g) ?? []).length >= 3, 'rss has the posts');
    assert.ok((atom.match(/<entry>/g) ?? []).length >= 3, 'atom has the posts');
  });

  test('the draft payment-provider doc exists in the source but not in the build or sitemap', async () => {
    const source = fs.readFileSync(path.join(SITE_ROOT, 'docs', 'guides', 'payment-provider.md'), 'utf8');
    assert.match(source, /^draft: true$/m);
    assert.equal((await get('/docs/guides/payment-provider')).status, 404);
    const files = fs.readdirSync(BUILD_DIR, {recursive: true}).map(String);
    assert.deepEqual(
      files.filter((f) => f.includes('payment-provider')),
      [],
    );
    const sitemap = fs.readFileSync(path.join(BUILD_DIR, 'sitemap.xml'), 'utf8');
    assert.doesNotMatch(sitemap, /payment-provider/);
  });
});

describe('the HTML of every built page', () => {
  // The redirect pages of the aliases are written by plugin-client-redirects, not rendered (nor minified) by Docusaurus.
  const redirects = new Set(['/docs', ...GUIDE_ALIASES.map((a) => a.from)].map((route) => path.join(BUILD_DIR, route, 'index.html')));
  const files = fs
    .readdirSync(BUILD_DIR, {recursive: true, encoding: 'utf8'})
    .filter((f) => f.endsWith('.html'))
    .map((f) => path.join(BUILD_DIR, f))
    .filter((f) => !redirects.has(f));

  test('has every end tag, so lenient parsers read the same tree as browsers (src/plugins/html-end-tags)', async () => {
    assert.ok(files.length > 100 && redirects.size > 5, `${files.length} pages, ${redirects.size} redirects`);
    assert.ok(
      [...redirects].every((f) => fs.existsSync(f)),
      'the redirect pages are where plugin-client-redirects writes them',
    );
    const changed: string[] = [];
    for (const file of files) {
      const html = fs.readFileSync(file);
      // The minifier with tag omission off adds back whatever end tag a page lacks; a page with all of them stays.
      const {code} = await minify(html, SWC_OPTIONS_WITH_END_TAGS);
      if (code !== html.toString('utf8')) changed.push(path.relative(BUILD_DIR, file));
    }
    assert.deepEqual(changed, [], 'pages missing end tags');
    const guide = fs.readFileSync(path.join(BUILD_DIR, 'docs', 'guides', 'banking-guide.html'), 'utf8');
    assert.ok(guide.includes('</main>') && guide.includes('</p>') && guide.trimEnd().endsWith('</html>'), 'the guide closes <main>, its paragraphs and <html>');
  });
});
