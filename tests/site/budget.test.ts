/**
 * Size budget of a first visit, per page type, measured in Chromium on the production build (gzip bytes,
 * computed with zlib, and elements after hydration: stable, unlike timings). Fails when, e.g., the snippet
 * generators come back into a page's JS or code blocks go back to an element per token and line. Also checks
 * what the static HTML of an API page holds without JavaScript.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {BENCH_PAGES, BUDGET, SEARCH_INDEX_KIB} from '../../tools/measure/page-budgets';
import {STATIC_REFERENCE_CLASS} from '../../src/data/static-reference';
import {kib, measurePage} from '../../tools/measure/measure-page';
import {SITE_ROOT} from '../../tools/cli';
import {apiManifest} from '../helpers/reference';
import {useSiteInBrowser, withPage} from '../helpers/site';

const site = useSiteInBrowser();

describe('first-visit budget (gzip, elements)', () => {
  for (const {type, route} of BENCH_PAGES) {
    const budget = BUDGET[type];
    test(`${type} ${route}: JS ≤ ${budget.js} KiB, CSS ≤ ${budget.css} KiB, ≤ ${budget.dom} elements after load`, async () => {
      const w = await measurePage(site.browser, site.server.origin, route);
      const top = w.scripts
        .slice(0, 5)
        .map((s) => `${s.url} ${kib(s.gzip)} KiB`)
        .join(', ');
      assert.ok(w.js.gzip <= budget.js * 1024, `JS ${kib(w.js.gzip)} KiB > ${budget.js} KiB; largest: ${top}`);
      assert.ok(w.css.gzip <= budget.css * 1024, `CSS ${kib(w.css.gzip)} KiB > ${budget.css} KiB`);
      assert.ok(w.js.gzip > 50 * 1024, 'the measurement saw the page scripts');
      assert.ok(w.domElements <= budget.dom, `${w.domElements} elements after load > ${budget.dom}`);
      assert.ok(w.domElements > 100, 'the measurement counted the page');
    });
  }
});

describe('search index', () => {
  test(`is at most ${SEARCH_INDEX_KIB} KiB and has every operation page by its title, its description, not its reference`, async () => {
    const text = fs.readFileSync(path.join(SITE_ROOT, 'build', 'search-index.json'), 'utf8');
    assert.ok(text.length <= SEARCH_INDEX_KIB * 1024, `${kib(text.length)} KiB`);
    // One group per kind of document: titles, headings, descriptions, keywords, contents.
    const documents = (JSON.parse(text) as {documents: {t: string; u: string}[]}[]).flatMap((g) => g.documents);
    const manifest = apiManifest();
    const titled = new Set(documents.map((d) => `${d.u} ${d.t}`));
    assert.deepEqual(
      manifest.filter((e) => !titled.has(`${e.route} ${e.label}`)).map((e) => e.route),
      [],
    );
    const route = '/docs/api/crypto/wallet/whitdraw-crypto';
    const indexed = documents.filter((d) => d.u === route).map((d) => d.t);
    // The paragraph that starts as the operation's description in the spec does.
    const spec = JSON.parse(fs.readFileSync(path.join(SITE_ROOT, 'build', 'openapi', 'crypto.json'), 'utf8')) as {
      paths: Record<string, Record<string, {operationId?: string; description?: string}>>;
    };
    const start =
      Object.values(spec.paths)
        .flatMap((item) => Object.values(item))
        .find((op) => op.operationId === 'withdrawCrypto')
        ?.description?.slice(0, 40) ?? '';
    assert.ok(start.length === 40);
    const {description, reference} = await withPage(site, route, async (page) => ({
      description: await page.locator('.theme-doc-markdown p').filter({hasText: start}).first().innerText(),
      reference: (await page.locator(`.${STATIC_REFERENCE_CLASS}`).innerText()).split('\n').filter((line) => line.length > 40),
    }));
    assert.ok(
      indexed.some((t) => t.includes(description.slice(0, 60))),
      `the description is indexed: ${description}`,
    );
    assert.ok(reference.length > 20, 'the reference has text');
    assert.deepEqual(
      reference.filter((line) => indexed.some((t) => t.includes(line))),
      [],
    );
  });
});

describe('static HTML of an API page (no JavaScript)', () => {
  test('holds method, path, parameters with descriptions, request and response schemas, examples and 9 code samples', async () => {
    const html = await (await fetch(`${site.server.origin}/docs/api/crypto/wallet/whitdraw-crypto`)).text();
    const text = html
      .replace(/<[^>]+>/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    assert.match(html, /class="?badge badge--[a-z]+"?>POST</);
    assert.match(text, /\/accounts\/:account_id\/wallets\/:wallet_id\/withdrawals/);
    // relies on: openapi-try-it-markup
    assert.doesNotMatch(html, /openapi-skeleton|skeleton/i, 'no skeleton placeholders');
    for (const name of ['account_id', 'wallet_id', 'Idempotency-Key']) assert.ok(text.includes(name), `parameter ${name}`);
    assert.ok(text.includes('The identifier of the account, prefixed'), 'parameter description');
    assert.ok(text.includes('beneficiary_id'), 'request body property');
    assert.match(text, /Responses/);
    for (const code of ['201', '422']) assert.ok(text.includes(code), `response ${code}`);
    assert.ok(text.includes('"beneficiary_id": "cbn_2Rf8Wm4Kx9Lq7Zt3"'), 'request example');
    assert.equal((html.match(/role="?tabpanel"? id="?code-sample-/g) ?? []).length, 9, 'nine code-sample panels');
    for (const marker of [
      "curl -L 'https://api.sandbox.novaramp.example/v1/accounts/",
      'axios',
      'createClient<paths>',
      'import http.client',
      'package main',
      'OkHttpClient',
      '<?php',
      'require "uri"',
      'new HttpClient()',
    ]) {
      assert.ok(text.includes(marker), `code sample containing ${marker}`);
    }
    assert.ok(text.includes('Authorization: Bearer <TOKEN>'), 'credentials masked');
    // Highlighted on the server with each language's own grammar (a token only that grammar produces).
    const tokens: Record<string, string> = {
      curl: 'parameter',
      nodejs: 'arrow',
      typescript: 'builtin',
      python: 'keyword',
      go: 'boolean',
      java: 'class-name',
      php: 'delimiter',
      ruby: 'double-colon',
      csharp: 'constructor-invocation',
    };
    for (const [lang, token] of Object.entries(tokens)) {
      const start = html.search(new RegExp(`role="?tabpanel"? id="?code-sample-${lang}"?`));
      const end = html.indexOf('tabpanel', start + 20);
      const panel = html.slice(start, end < 0 ? undefined : end);
      assert.match(panel, new RegExp(`class="?token(?: [a-z-]+)* ${token}[ "]`), `${lang} sample highlighted (token ${token})`);
    }
  });
});

describe('static HTML of every operation page', () => {
  test('has the page in place: no Suspense boundary streamed as a hidden segment (invisible without JavaScript)', () => {
    const dir = path.join(SITE_ROOT, 'build', 'docs', 'api');
    const operations = fs
      .readdirSync(dir, {recursive: true, encoding: 'utf8'})
      .filter((f) => f.endsWith('.html'))
      .map((f) => ({f, html: fs.readFileSync(path.join(dir, f), 'utf8')}))
      // relies on: openapi-page-columns
      .filter(({html}) => html.includes('openapi-left-panel__container'));
    assert.ok(operations.length >= 46, `${operations.length} operation pages`);
    const hidden = operations.filter(({html}) => /<div hidden id="?S:/.test(html)).map(({f}) => f);
    assert.deepEqual(hidden, []);
  });
});
