/**
 * The operation pages outside the JS every page downloads (src/upstream/operation-entries), checked in Chromium
 * against the production build: a guide's scripts name no operation page, an operation page brings its own, and
 * navigating to one, from one and to a path that is no page works as Docusaurus' own route table did. The API
 * sidebar's categories list their pages as before, though only the first of each is in the sidebar data every page
 * loads: an operation page reads its category's back from its HTML, the others come when shown
 * (src/plugins/operation-page/theme/DocSidebarItems).
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
// relies on: route-table-files
import {OPERATION_ROUTE_FILES, OPERATION_SCRIPTS_FOLDER, PAGES_APART_CHUNK_PREFIX} from '../../src/upstream/operation-entries/routes';
import {apiManifest} from '../helpers/reference';
import {useSiteInBrowser, withPage} from '../helpers/site';

const site = useSiteInBrowser();
const OPERATION = apiManifest().find((entry) => entry.operationId === 'withdrawCrypto')!;
/** The sidebar pages of a category, apart from the sidebar data (src/upstream/operation-entries/preload.ts names them). */
const PAGES_CHUNK = new RegExp(`/assets/js/${PAGES_APART_CHUNK_PREFIX}[^/]+\\.js$`);

/**
 * The labels of the operation pages an API category (its `dir`) lists itself, in the sidebar's order: not those its
 * nested tags put in categories of their own (`tagCategories`), closed until opened.
 */
const labelsOf = (category: string): string[] =>
  apiManifest()
    .filter((entry) => entry.category === category && !entry.tagCategories)
    .map((entry) => entry.label);

/** The labels of the sidebar's links to the operation pages of a category. */
const sidebarLabels = (page: Page, category: string): Promise<string[]> =>
  page
    .locator(`.theme-doc-sidebar-menu a.menu__link[href^="/docs${category}/"]`)
    .evaluateAll(
      (links, dir) => links.filter((a) => a.getAttribute('href')!.lastIndexOf('/') === `/docs${dir}`.length).map((a) => a.textContent ?? ''),
      category,
    );

/** Errors React reports while hydrating (Docusaurus logs them) and uncaught ones. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Every script the page requested, with its text, and the route files it fetched. */
function recordRequests(page: Page): {scripts: {url: string; text: Promise<string>}[]; routeFiles: string[]} {
  const record = {scripts: [] as {url: string; text: Promise<string>}[], routeFiles: [] as string[]};
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === 'script') {
      const text = response.text();
      // A test that does not read a script's text closes the page before a late one arrives: its rejection is
      // handled here (a test that awaits the text still gets it).
      text.catch(() => undefined);
      record.scripts.push({url: url.pathname, text});
    }
    if (url.pathname.startsWith(`${OPERATION_ROUTE_FILES}/`)) record.routeFiles.push(url.pathname);
  });
  return record;
}

/** Marks the document: a full page load loses the mark, a client-side navigation keeps it. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as {novarampMark: number}).novarampMark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as {novarampMark?: number}).novarampMark === 1);

describe('operation pages outside the route table', () => {
  test("a guide downloads no operation page: none of its scripts names one, and none is an operation page's", async () => {
    await withPage(site, '/docs/guides/banking-guide', async (page) => {
      const requests = recordRequests(page);
      await page.reload({waitUntil: 'networkidle'});
      assert.ok(
        requests.scripts.some((s) => /\/main\.[0-9a-f]+\.js$/.test(s.url)),
        'main.js was recorded',
      );
      assert.deepEqual(
        requests.scripts.filter((s) => s.url.includes(`/${OPERATION_SCRIPTS_FOLDER}`) || PAGES_CHUNK.test(s.url)),
        [],
      );
      // The guide's text links to a few operation pages, so its content chunk names those, and the docs version's
      // sidebar data names the first page of each API category (the others are apart); nothing names another.
      const linked = new Set(await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href'))));
      const keyOf = (entry: ReturnType<typeof apiManifest>[number]) => entry.sidebarCategory ?? entry.category;
      const firsts = new Set([...new Set(apiManifest().map(keyOf))].map((c) => apiManifest().find((entry) => keyOf(entry) === c)!.route));
      const routes = apiManifest()
        .map((entry) => entry.route)
        .filter((route) => !linked.has(route) && !firsts.has(route));
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

  test("an operation page loads its scripts from its HTML, after main's, and fetches no route file and no sidebar pages", async () => {
    // withdraw-crypto is in a category of its own; list-bank's category is inside Fiat, which lists pages too.
    const bank = apiManifest().find((entry) => entry.operationId === 'listBankAccounts')!;
    for (const operation of [OPERATION, bank]) {
      await withPage(site, operation.route, async (page) => {
        const requests = recordRequests(page);
        const errors = pageErrors(page);
        await page.reload({waitUntil: 'networkidle'});
        await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
        const own = requests.scripts.map((s) => s.url).filter((url) => url.includes(`/${OPERATION_SCRIPTS_FOLDER}`));
        assert.equal(own.length, 2, `the shared chunk and the page's entry: ${own.join(', ')}`);
        assert.deepEqual(requests.routeFiles, []);
        assert.deepEqual(
          requests.scripts.filter((s) => PAGES_CHUNK.test(s.url)).map((s) => s.url),
          [],
          "its category's pages come from its HTML",
        );
        // Hydrated, with the route it registered: the navbar marks the section, the sidebar the page.
        await page.locator('.navbar__link--active', {hasText: 'API Reference'}).waitFor();
        await page.locator('.theme-doc-sidebar-menu .menu__link--active[aria-current="page"]', {hasText: operation.label}).waitFor();
        assert.equal(await page.locator('h1').innerText(), operation.label);
        // Its category lists all its pages, and so does the category around it, open with it; the breadcrumbs end at it.
        assert.deepEqual(await sidebarLabels(page, operation.category), labelsOf(operation.category));
        const parent = operation.category.slice(0, operation.category.lastIndexOf('/'));
        assert.deepEqual(await sidebarLabels(page, parent), labelsOf(parent));
        assert.equal(await page.locator('.breadcrumbs__item--active').innerText(), operation.label);
        // A link read back from the HTML navigates client-side like the others.
        await mark(page);
        const next = apiManifest()
          .filter((entry) => entry.category === operation.category && entry.route !== operation.route)
          .at(-1)!;
        await page.locator(`.theme-doc-sidebar-menu a[href="${next.route}"]`).click();
        await page.locator('h1', {hasText: next.label}).waitFor();
        assert.ok(await marked(page), 'client-side navigation');
        assert.equal(await page.locator('.breadcrumbs__item--active').innerText(), next.label);
        assert.deepEqual(errors, [], 'no hydration or page error');
      });
    }
  });

  test('from a guide to the API overview, then to an operation page and to another, client-side; back returns', async () => {
    await withPage(site, '/docs/guides/banking-guide', async (page) => {
      const requests = recordRequests(page);
      await mark(page);
      await page.locator('.navbar').getByRole('link', {name: 'API Reference'}).click();
      await page.waitForURL(/\/docs\/api\/overview$/);
      // The API sidebar, kept apart from the guides' data, is there; a category opened loads its pages, once.
      const sidebar = page.locator('.theme-doc-sidebar-menu');
      for (const category of ['Crypto', 'Wallet']) await sidebar.getByRole('button', {name: `Expand sidebar category '${category}'`}).click();
      await sidebar.locator(`a[href="${OPERATION.route}"]`).waitFor();
      assert.deepEqual(await sidebarLabels(page, OPERATION.category), labelsOf(OPERATION.category));
      // Each operation's link, the first in the sidebar data and those loaded apart, carries its method for its
      // badge (src/plugins/operation-page/theme/DocSidebarItem/Link).
      const methods = await sidebar
        .locator(`li.api-method > a.menu__link[href^="/docs${OPERATION.category}/"]`)
        .evaluateAll((links) => links.map((a) => [a.getAttribute('href') ?? '', a.getAttribute('data-method')]));
      assert.ok(methods.length >= labelsOf(OPERATION.category).length, `${methods.length} links`);
      assert.deepEqual(
        methods,
        methods.map(([href]) => [href, apiManifest().find((entry) => entry.route === href)?.method]),
      );
      // Click what a reader sees: until the categories are open (height transitions), the link is clipped by a list
      // still growing, which Playwright would scroll to reach it; the list springs back when it lets go, between the
      // press and the release, and the click lands on the list (2 runs in 25 with both cores busy).
      await page.waitForFunction(() => document.getAnimations().length === 0);
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

  test("from a guide's text to operation pages: the pages of their categories, and of those around them, come with them", async () => {
    await withPage(site, '/docs/guides/banking-guide', async (page) => {
      const requests = recordRequests(page);
      const errors = pageErrors(page);
      await mark(page);
      for (const operationId of ['listBankAccounts', 'bankAccountDisabledEvent']) {
        const operation = apiManifest().find((entry) => entry.operationId === operationId)!;
        await page.locator(`article a[href="${operation.route}"]`).first().click();
        await page.locator('h1', {hasText: operation.label}).waitFor();
        assert.ok(await marked(page), 'client-side navigation');
        const parent = operation.category.slice(0, operation.category.lastIndexOf('/'));
        for (const category of [operation.category, parent]) assert.deepEqual(await sidebarLabels(page, category), labelsOf(category), category);
        assert.equal(await page.locator('.breadcrumbs__item--active').innerText(), operation.label);
        await page.goBack();
        await page.waitForURL(/\/docs\/guides\/banking-guide$/);
      }
      // Fiat lists no page itself (its nested tags' categories do, closed), so Bank's page brings Bank's pages alone.
      const chunks = requests.scripts.map((s) => s.url).filter((url) => PAGES_CHUNK.test(url));
      assert.deepEqual(
        chunks.map((url) => url.slice(url.lastIndexOf(PAGES_APART_CHUNK_PREFIX) + PAGES_APART_CHUNK_PREFIX.length).replace(/-json\.[0-9a-f]+\.js$/, '')).sort(),
        ['api-fiat-bank', 'api-webhook', 'api-webhook-events'],
      );
      assert.deepEqual(errors, []);
    });
  });

  test('a category page shows a card for each page and subcategory, with its description', async () => {
    await withPage(site, '/docs/category/fiat', async (page) => {
      const errors = pageErrors(page);
      await page.reload();
      await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
      const cards = page.locator('a.theme-doc-card-container');
      // Fiat's own pages are in the categories of its nested tags (OpenAPI 3.2 `parent`), a card each, as Bank's.
      const fiat = apiManifest().filter((entry) => entry.category === '/api/fiat');
      const own = fiat.filter((entry) => !entry.tagCategories);
      const tagCategories = new Set(fiat.flatMap((entry) => (entry.tagCategories ? [entry.tagCategories[0].label] : [])));
      assert.deepEqual([...tagCategories].sort(), ['Deposit instructions', 'Withdrawals']);
      assert.equal(await cards.count(), own.length + 2 + tagCategories.size, 'Bank, Beneficiary, the tag categories and the pages of Fiat');
      for (const label of tagCategories) assert.match(await cards.filter({hasText: label}).first().locator('p').innerText(), /^\d+ items?$/, label);
      assert.equal(await cards.filter({hasText: 'Bank'}).first().locator('p').innerText(), `${labelsOf('/api/fiat/bank').length} items`);
      for (const entry of own) {
        const description = await cards.filter({hasText: entry.label}).locator('p').innerText();
        assert.ok(description.length > 20 && !/items$/.test(description), `${entry.label}: ${description}`);
      }
      assert.deepEqual(errors, [], 'hydrated with the pages it rendered');
    });
  });

  test('a category opened while its pages cannot be loaded says so, and lists them once they can', async () => {
    await withPage(site, '/docs/api/overview', async (page) => {
      let fail = true;
      await page.route(/\/sidebar-pages-api-account-json\.[0-9a-f]+\.js$/, (route) => (fail ? route.abort() : route.continue()));
      const sidebar = page.locator('.theme-doc-sidebar-menu');
      await sidebar.getByRole('button', {name: "Expand sidebar category 'Account'"}).click();
      await sidebar.getByRole('alert').filter({hasText: 'These pages could not be loaded.'}).waitFor();
      const labels = labelsOf('/api/account');
      assert.deepEqual(await sidebarLabels(page, '/api/account'), labels.slice(0, 1), 'the first page, which the sidebar data holds');
      // The category is still opening (a height transition): until it is still, Try again cannot be clicked, and
      // a load started meanwhile by anything else would take the button away once the network is back.
      await page.waitForFunction(() => document.getAnimations().length === 0);
      fail = false;
      await sidebar.getByRole('button', {name: 'Try again'}).click();
      await sidebar.locator('a.menu__link', {hasText: labels.at(-1)}).waitFor();
      assert.deepEqual(await sidebarLabels(page, '/api/account'), labels);
      assert.equal(await sidebar.getByRole('alert').count(), 0);
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
