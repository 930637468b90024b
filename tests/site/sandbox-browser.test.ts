/**
 * The browser sandbox (src/plugins/sandbox/README.md, "In the browser") in Chromium, on the production build, at a
 * phone's and a desktop's width. With no server or key set up and the documented example as its body, the try-it
 * panel creates a crypto withdrawal in the reader's browser (the service worker hands the request to the engine in
 * the page); the list operation's page lists it; a reload keeps it (IndexedDB); Reset empties it; no request ever
 * leaves for a host other than the local server. Nothing of the sandbox loads before the first Send. The Sandbox
 * control is axe-clean in light and dark mode.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {axeProblems} from '../helpers/axe';
import {loaded, openHydrated, openTryIt, sealedContext, send, setBody, VIEWPORTS, WITHDRAWAL_EXAMPLE} from '../helpers/browser-sandbox';
import {colourModeScript, useSiteInBrowser} from '../helpers/site';

const site = useSiteInBrowser();

const WITHDRAW = '/docs/api/crypto/wallet/whitdraw-crypto';
const LIST = '/docs/api/crypto/wallet/list-crypto-withdrawals';
/** A string of the engine's chunk (src/plugins/sandbox/client-engine.ts), and one of the panel's (client.ts). */
const MARKERS = {engine: 'The sandbox serves the API under', client: 'novaramp-sandbox:request'};
/**
 * Clears the list's optional filters. The panel fills every query parameter with the spec's example (a cursor, a
 * client_reference, a status, a month of 2025), which together match nothing; and its `limit` (the number 25) is sent
 * without a value until another value is typed.
 */
async function withoutFilters(page: Page): Promise<void> {
  // relies on: openapi-try-it-markup
  const form = page.locator('form.openapi-explorer__request-form'); // relies on: openapi-try-it-markup
  const expand = form.getByRole('button', {name: 'Expand all'});
  if (await expand.isVisible()) await expand.click();
  const optional = form.getByRole('button', {name: 'Show optional parameters'});
  if (await optional.isVisible()) await optional.click();
  await form.getByLabel('limit', {exact: true}).fill('50');
  for (const name of ['cursor', 'client_reference', 'created_gte', 'created_lt']) await form.getByLabel(name, {exact: true}).fill('');
  await form.getByLabel('status', {exact: true}).selectOption('---');
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  describe(`browser sandbox (${name})`, () => {
    test('creates a withdrawal, lists it on another page, keeps it over a reload, Reset empties it; nothing leaves the machine', async () => {
      const {context, leaked, marks} = await sealedContext(site, viewport, MARKERS);
      try {
        const page = await context.newPage();
        await openHydrated(site, page, WITHDRAW);
        await page.waitForLoadState('networkidle');
        assert.equal(marks.join(', '), '', 'a first visit carries nothing of the sandbox');
        await openTryIt(page);
        const control = page.getByRole('region', {name: 'Browser sandbox'});
        await control.getByText(/sk_sandbox_[A-Za-z0-9]{24}/).waitFor();
        const key = (await control.locator('code').innerText()).trim();
        assert.equal(await page.evaluate(() => navigator.serviceWorker.controller), null, 'no service worker before the first Send');
        assert.ok(!marks.includes('engine'), 'the engine is not downloaded when the panel opens');

        await setBody(page, WITHDRAWAL_EXAMPLE);
        const created = await send(page);
        assert.match(created, /\b201\b/);
        const id = /"id":\s*"(wdr_[A-Za-z0-9]+)"/.exec(created)?.[1];
        assert.ok(id, `a withdrawal id in: ${created.slice(0, 400)}`);
        assert.ok(await loaded(marks, 'engine'), 'the first Send downloaded the engine');
        assert.match(await control.innerText(), /Running in this browser/);
        assert.ok(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sandbox-service-worker.js')));

        await openHydrated(site, page, LIST);
        await openTryIt(page);
        await page.getByRole('region', {name: 'Browser sandbox'}).getByText(key).waitFor({timeout: 5000}); // The same key.
        await withoutFilters(page);
        const listed = await send(page);
        assert.match(listed, /\b200\b/);
        assert.ok(listed.includes(id), `the list has ${id}: ${listed.slice(0, 400)}`);

        await page.reload();
        await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
        await openTryIt(page);
        await withoutFilters(page);
        assert.ok((await send(page)).includes(id), 'a reload keeps it');

        const reset = page.getByRole('button', {name: 'Reset sandbox'});
        await reset.focus();
        await page.keyboard.press('Enter');
        await page.getByRole('status').filter({hasText: 'Sandbox emptied'}).waitFor();
        await withoutFilters(page);
        const after = await send(page);
        assert.match(after, /\b200\b/);
        assert.ok(!after.includes(id), 'Reset emptied the sandbox');
        await page.reload();
        await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
        await openTryIt(page);
        await withoutFilters(page);
        const reloaded = await send(page);
        assert.match(reloaded, /\b200\b/);
        assert.ok(!reloaded.includes(id), 'and the reset state is what a reload finds');

        assert.deepEqual(leaked, [], 'no request left for another host');
      } finally {
        await context.close();
      }
    });
  });
}

for (const mode of ['light', 'dark'] as const) {
  test(`the Sandbox control, running, has no serious or critical axe violation (${mode} mode)`, async () => {
    const {context, leaked} = await sealedContext(site, VIEWPORTS.desktop);
    try {
      // The colour mode the reader chose earlier, as Docusaurus keeps it: the page loads in it, with no transition.
      await context.addInitScript({content: colourModeScript(mode)});
      const page = await context.newPage();
      await openHydrated(site, page, WITHDRAW);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), mode);
      await openTryIt(page);
      await send(page);
      assert.deepEqual(await axeProblems(page, mode, {include: '[data-sandbox-state]'}), []);
      assert.deepEqual(leaked, []);
    } finally {
      await context.close();
    }
  });
}
