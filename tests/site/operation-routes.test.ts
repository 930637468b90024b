/**
 * The operation pages outside the JS every page downloads (src/plugins/operation-entries), checked in Chromium
 * against the production build: a guide's scripts name no operation page, an operation page brings its own, and
 * navigating to one, from one and to a path that is no page works as Docusaurus' own route table did.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {OPERATION_ROUTE_FILES, OPERATION_SCRIPTS_FOLDER} from '../../src/data/operation-routes';
import {apiManifest} from '../helpers/reference';
import {useSiteInBrowser, withPage} from '../helpers/site';

const site = useSiteInBrowser();
const OPERATION = apiManifest().find((entry) => entry.operationId === 'withdrawCrypto')!;

/** Every script the page requested, with its text, and the route files it fetched. */
function recordRequests(page: Page): {scripts: {url: string; text: Promise<string>}[]; routeFiles: string[]} {
  const record = {scripts: [] as {url: string; text: Promise<string>}[], routeFiles: [] as string[]};
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === 'script') record.scripts.push({url: url.pathname, text: response.text()});
    if (url.pathname.startsWith(`${OPERATION_ROUTE_FILES}/`)) record.routeFiles.push(url.pathname);
  });
  return record;
}

/** Marks the document: a full page load loses the mark, a client-side navigation keeps it. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as {novarampMark: number}).novarampMark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as {novarampMark?: number}).novarampMark === 1);

describe('operation pages outside the route table', () => {
  test('a guide downloads no operation page: none of its scripts names one, and none is an operation page\'s', async () => {
    await withPage(site, '/docs/guides/banking-guide', async (page) => {
      const requests = recordRequests(page);
      await page.reload({waitUntil: 'networkidle'});
      assert.ok(requests.scripts.some((s) => /\/main\.[0-9a-f]+\.js$/.test(s.url)), 'main.js was recorded');
      assert.deepEqual(requests.scripts.filter((s) => s.url.includes(`/${OPERATION_SCRIPTS_FOLDER}`) || /operation-sidebars/.test(s.url)), []);
      // The guide's text links to a few operation pages, so its content chunk names those; nothing names another.
      const linked = new Set(await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href'))));
      const routes = apiManifest().map((entry) => entry.route).filter((route) => !linked.has(route));
      assert.ok(routes.length > 40, `${routes.length} operation pages the guide does not link to`);
      for (const script of requests.scripts) {
        const text = await script.text;
        const named = routes.filter((route) => text.includes(`"${route}"`) || text.includes(`'${route}'`));
        assert.deepEqual(named, [], `${script.url} names operation pages`);
      }
      // The guide's own sidebar is there, the API's is not needed.
      await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Terminology'}).waitFor();
    });
  });

  test('an operation page loads its scripts from its HTML, after main\'s, and fetches no route file', async () => {
    await withPage(site, OPERATION.route, async (page) => {
      const requests = recordRequests(page);
      await page.reload({waitUntil: 'networkidle'});
      const own = requests.scripts.map((s) => s.url).filter((url) => url.includes(`/${OPERATION_SCRIPTS_FOLDER}`));
      assert.equal(own.length, 2, `the shared chunk and the page's entry: ${own.join(', ')}`);
      assert.deepEqual(requests.routeFiles, []);
      // Hydrated, with the route it registered: the navbar marks the section, the sidebar the page.
      await page.locator('.navbar__link--active', {hasText: 'API Reference'}).waitFor();
      await page.locator('.theme-doc-sidebar-menu .menu__link--active', {hasText: OPERATION.label}).waitFor();
      assert.equal(await page.locator('h1').innerText(), OPERATION.label);
    });
  });

  test('from a guide to the API overview, then to an operation page and to another, client-side; back returns', async () => {
    await withPage(site, '/docs/guides/banking-guide', async (page) => {
      const requests = recordRequests(page);
      await mark(page);
      await page.locator('.navbar').getByRole('link', {name: 'API Reference'}).click();
      await page.waitForURL(/\/docs\/api\/overview$/);
      // The API sidebar, kept apart from the guides' data, is there with its operations.
      const sidebar = page.locator('.theme-doc-sidebar-menu');
      for (const category of ['Crypto', 'Wallet']) await sidebar.getByRole('button', {name: `Expand sidebar category '${category}'`}).click();
      await sidebar.locator(`a[href="${OPERATION.route}"]`).click();
      await page.waitForURL((url) => url.pathname === OPERATION.route);
      await page.locator('h1', {hasText: OPERATION.label}).waitFor();
      await page.locator('.theme-doc-sidebar-menu .menu__link--active', {hasText: OPERATION.label}).waitFor();
      assert.ok(await marked(page), 'client-side navigation, no page load');
      // Once, though the pointer preloaded it on its way (and preloaded the links it crossed).
      assert.equal(requests.routeFiles.filter((file) => file === `${OPERATION_ROUTE_FILES}${OPERATION.route}.json`).length, 1);
      // The reference, its tabs and the code samples work as on a first load.
      await page.locator('.novaramp-reference').first().waitFor();
      await page.locator('.navbar__link--active', {hasText: 'API Reference'}).waitFor();

      const other = apiManifest().find((entry) => entry.operationId === 'listCryptoWithdrawals')!;
      await page.locator(`.theme-doc-sidebar-menu a[href="${other.route}"]`).click();
      await page.locator('h1', {hasText: other.label}).waitFor();
      assert.ok(await marked(page), 'still the same document');

      await page.goBack();
      await page.locator('h1', {hasText: OPERATION.label}).waitFor();
      await page.goBack();
      await page.goBack();
      await page.waitForURL(/\/docs\/guides\/banking-guide$/);
      await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Terminology'}).waitFor();
      assert.ok(await marked(page), 'back, still client-side');
    });
  });

  test('a path under the API that is no page shows the page not found, with no error', async () => {
    await withPage(site, '/docs/api/crypto/wallet/no-such-operation', async (page) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const requests = recordRequests(page);
      await page.reload({waitUntil: 'networkidle'});
      await page.getByRole('heading', {name: 'Page Not Found'}).waitFor();
      assert.deepEqual(requests.routeFiles, [`${OPERATION_ROUTE_FILES}/docs/api/crypto/wallet/no-such-operation.json`]);
      assert.deepEqual(errors, []);
    });
  });
});
