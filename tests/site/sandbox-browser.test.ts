/**
 * The browser sandbox (src/plugins/sandbox/README.md, "In the browser") in Chromium, on the production build, at a
 * phone's and a desktop's width: the try-it panel with no configuration creates a crypto withdrawal in the reader's
 * browser (the service worker hands the request to the engine in the page), the list operation's page lists it, a
 * reload keeps it (IndexedDB), Reset empties it, and no request ever leaves for a host other than the local server.
 * Nothing of the sandbox loads before the first Send. The Sandbox control is axe-clean in light and dark mode.
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
  await page.locator('form.openapi-explorer__request-form').waitFor({timeout: 20000});
}

/** Sends the panel's request as it is and returns the response panel's text once an answer is there. */
async function send(page: Page): Promise<string> {
  const response = page.locator('.openapi-explorer__response-container');
  await page.getByRole('button', {name: 'Send API Request'}).click();
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
        assert.equal((await page.getByRole('region', {name: 'Browser sandbox'}).locator('code').innerText()).trim(), key, 'the same key');
        const listed = await send(page);
        assert.match(listed, /\b200\b/);
        assert.ok(listed.includes(id), `the list has ${id}: ${listed.slice(0, 400)}`);

        await page.reload();
        await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
        await openTryIt(page);
        assert.ok((await send(page)).includes(id), 'a reload keeps it');

        const reset = page.getByRole('button', {name: 'Reset sandbox'});
        await reset.focus();
        await page.keyboard.press('Enter');
        await page.getByRole('status').filter({hasText: 'Sandbox emptied'}).waitFor();
        const after = await send(page);
        assert.match(after, /\b200\b/);
        assert.ok(!after.includes(id), 'Reset emptied the sandbox');
        await page.reload();
        await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
        await openTryIt(page);
        assert.ok(!(await send(page)).includes(id), 'and the reset state is what a reload finds');

        assert.deepEqual(leaked, [], 'no request left for another host');
      } finally {
        await context.close();
      }
    });
  });
}

test('the Sandbox control has no serious or critical axe violation, light and dark', async () => {
  const {context, leaked} = await sealedContext(VIEWPORTS.desktop);
  try {
    const page = await context.newPage();
    await open(page, WITHDRAW);
    await openTryIt(page);
    await send(page);
    const problems: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      for (let i = 0; i < 3 && (await page.evaluate(() => document.documentElement.dataset.theme)) !== mode; i++) {
        await page.getByRole('button', {name: /dark and light mode/}).click();
      }
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), mode);
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a instanceof CSSTransition)
            .map((a) => a.finished.catch(() => undefined)),
        ),
      );
      problems.push(...(await axeProblems(page, mode, {include: '[data-sandbox-state]'})));
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(leaked, []);
  } finally {
    await context.close();
  }
});
