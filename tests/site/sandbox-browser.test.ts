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
import type {BrowserContext, Page} from 'playwright-core';
import {axeProblems} from '../helpers/axe';
import {useSiteInBrowser} from '../helpers/site';

const site = useSiteInBrowser();

const WITHDRAW = '/docs/api/crypto/wallet/whitdraw-crypto';
const LIST = '/docs/api/crypto/wallet/list-crypto-withdrawals';
/** A string of the engine's chunk (src/plugins/sandbox/client-engine.ts), and one of the panel's (client.ts). */
const ENGINE_MARK = 'does not deliver webhooks';
const CLIENT_MARK = 'novaramp-sandbox:request';
const VIEWPORTS = {phone: {width: 390, height: 844}, desktop: {width: 1280, height: 900}} as const;

/** A context whose every request to a host other than the local server is refused and recorded. */
async function sealedContext(viewport: {width: number; height: number}): Promise<{context: BrowserContext; leaked: string[]; scripts: string[]}> {
  const context = await site.browser.newContext({viewport});
  const leaked: string[] = [];
  const scripts: string[] = [];
  const local = new URL(site.server.origin).host;
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (/^(data|blob):/.test(url) || new URL(url).host === local) return route.continue();
    leaked.push(url);
    return route.abort();
  });
  context.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(response.url());
    void response.text().then(
      (text) => {
        if (text.includes(ENGINE_MARK)) scripts.push(`${response.url()} (engine)`);
        if (text.includes(CLIENT_MARK)) scripts.push(`${response.url()} (client)`);
      },
      () => undefined,
    );
  });
  return {context, leaked, scripts};
}

async function open(page: Page, route: string): Promise<void> {
  await page.goto(`${site.server.origin}${route}`);
  await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
}

async function openTryIt(page: Page): Promise<void> {
  await page.getByRole('button', {name: 'Try it'}).click();
  // relies on: openapi-try-it-markup
  await page.locator('form.openapi-explorer__request-form').waitFor({timeout: 20000}); // relies on: openapi-try-it-markup
}

/**
 * The spec's request example `toBeneficiary` of withdrawCrypto. The panel's own default body cannot be sent as it is:
 * the theme samples every property of the body's schema, both branches of its `oneOf` (`beneficiary_id` and
 * `address`, `network`, `owner`) with an amount in USD, which any NovaRamp refuses (400, then 422 for a USDC wallet).
 */
const WITHDRAWAL_EXAMPLE = {
  beneficiary_id: 'cbn_2Rf8Wm4Kx9Lq7Zt3',
  amount: {value: '250.000000', currency: 'USDC'},
  metadata: {payout_ref: 'po_20250314_0042'},
};

/** Replaces the body in the panel's editor, as a reader pasting the documented example. */
async function setBody(page: Page, body: unknown): Promise<void> {
  // relies on: openapi-try-it-markup
  const editor = page.locator('form.openapi-explorer__request-form pre[contenteditable]'); // relies on: openapi-try-it-markup
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  // Typed: the theme's editor reads key presses, not text inserted at once.
  await page.keyboard.type(JSON.stringify(body));
}

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

/** Sends the panel's request as it is and returns the response panel's text once an answer is there. */
async function send(page: Page): Promise<string> {
  // relies on: openapi-try-it-markup
  const response = page.locator('.openapi-explorer__response-container'); // relies on: openapi-try-it-markup
  // From the keyboard: the button moves while the body editor settles, and a click may land beside it.
  await page.getByRole('button', {name: 'Send API Request'}).focus();
  await page.keyboard.press('Enter');
  // relies on: openapi-try-it-markup
  await page.waitForFunction(() => /"(id|data|status)"/.test(document.querySelector('.openapi-explorer__response-container')?.textContent ?? ''), undefined, {
    timeout: 60000,
  });
  return response.innerText();
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  describe(`browser sandbox (${name})`, () => {
    test('creates a withdrawal, lists it on another page, keeps it over a reload, Reset empties it; nothing leaves the machine', async () => {
      const {context, leaked, scripts} = await sealedContext(viewport);
      try {
        const page = await context.newPage();
        await open(page, WITHDRAW);
        await page.waitForLoadState('networkidle');
        assert.deepEqual(
          scripts.filter((s) => s.endsWith('(client)') || s.endsWith('(engine)')),
          [],
          'a first visit carries nothing of the sandbox',
        );
        await openTryIt(page);
        const control = page.getByRole('region', {name: 'Browser sandbox'});
        await control.getByText(/sk_sandbox_[A-Za-z0-9]{24}/).waitFor();
        const key = (await control.locator('code').innerText()).trim();
        assert.equal(await page.evaluate(() => navigator.serviceWorker.controller), null, 'no service worker before the first Send');
        assert.ok(!scripts.some((s) => s.endsWith('(engine)')), 'the engine is not downloaded when the panel opens');

        await setBody(page, WITHDRAWAL_EXAMPLE);
        const created = await send(page);
        assert.match(created, /\b201\b/);
        const id = /"id":\s*"(wdr_[A-Za-z0-9]+)"/.exec(created)?.[1];
        assert.ok(id, `a withdrawal id in: ${created.slice(0, 400)}`);
        assert.ok(
          scripts.some((s) => s.endsWith('(engine)')),
          'the first Send downloaded the engine',
        );
        assert.match(await control.innerText(), /Running in this browser/);
        assert.ok(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sandbox-service-worker.js')));

        await open(page, LIST);
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
    const {context, leaked} = await sealedContext(VIEWPORTS.desktop);
    try {
      // The colour mode the reader chose earlier, as Docusaurus keeps it: the page loads in it, with no transition.
      await context.addInitScript({content: `localStorage.setItem('theme', '${mode}');`});
      const page = await context.newPage();
      await open(page, WITHDRAW);
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
