/**
 * The operation page's overrides in Chromium (src/plugins/operation-page/components, src/theme/*): the reference is static
 * HTML made at generation time that hydration leaves alone and whose tabs, sections and copy buttons work, also
 * after a client-side navigation (which fetches it from its file, scrolls to a link's anchor, says when it fails);
 * the HTML leaves the hidden tab panels empty, filled from the file when their tab is selected (at once when it has
 * been fetched at idle, when it arrives otherwise, an error in the panel when it cannot be); the code samples are
 * static and switch language (tests/browser.test.ts), the
 * try-it panel loads only on use, still sends a request, moves nothing already on screen, and is styled in dark mode.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import type {Page} from 'playwright-core';
import {DEFERRED_ATTRIBUTE, REFERENCE_FILE_NAME} from '../../src/data/static-reference';
import {operationReferenceFileName} from '../helpers/reference';
import {colourModeScript, useSiteInBrowser, withPage} from '../helpers/site';

const ROUTE = '/docs/api/crypto/wallet/whitdraw-crypto';
/** Its reference file (the page a test starts from fetches its own at idle). */
const ROUTE_REFERENCE = `**/assets/reference/${operationReferenceFileName(ROUTE)}`;
const site = useSiteInBrowser();

async function openApiPage(mode: 'light' | 'dark') {
  // No service worker: the browser sandbox would answer the try-it's request before page.route sees it (the panel
  // then sends to the network, as without the sandbox); tests/site/sandbox-browser.test.ts tests the sandbox.
  const context = await site.browser.newContext({viewport: {width: 1280, height: 900}, serviceWorkers: 'block'});
  await context.addInitScript({content: colourModeScript(mode)});
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(`${site.server.origin}${ROUTE}`);
  await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
  await page.waitForLoadState('networkidle');
  return {context, page, scripts};
}

const sizes = async (page: Page, urls: string[]) => Promise.all(urls.map(async (u) => (await page.request.get(u)).body().then((b) => b.length)));

/**
 * Tags every element of the reference when the HTML parser is done, before the page's (deferred) scripts run, so a
 * test can tell the parser's elements from any React would render in their place.
 */
const TAG_SERVER_ELEMENTS = `document.addEventListener('readystatechange', () => {
  if (document.readyState !== 'interactive') return;
  for (const el of document.querySelectorAll('.novaramp-reference *')) el.__fromServer = true;
});`;

/** The start of the text of each visible panel of the reference's response tabs (one per status code), once filled. */
const visibleResponse = async (page: Page) => {
  await page.waitForFunction(
    (deferred) => !document.querySelector(`.novaramp-reference [role=tabpanel]:not([hidden])[${deferred}], .novaramp-reference [aria-busy]`),
    DEFERRED_ATTRIBUTE,
  );
  return page.evaluate(() => {
    const group = document.querySelector('.novaramp-reference .novaramp-ref-status-tabs')?.closest('.novaramp-ref-responses');
    const panels = Array.from(group?.querySelectorAll(':scope > .margin-top--md > [role="tabpanel"]') ?? []);
    return panels.filter((p) => !p.hasAttribute('hidden')).map((p) => (p.textContent ?? '').slice(0, 120));
  });
};

async function openTryIt(page: Page) {
  await page.getByRole('button', {name: 'Try it'}).click();
  // relies on: openapi-try-it-markup
  await page.locator('.openapi-explorer__request-form').waitFor({timeout: 15000});
}

test('the try-it panel loads on first use, sends the request and shows the response; nothing on screen moves', async () => {
  const {context, page, scripts} = await openApiPage('light');
  try {
    const before = await sizes(page, scripts);
    assert.ok(Math.max(...before) < 1_500_000, `no request-builder chunk before use (largest script ${Math.max(...before)} bytes)`);
    // relies on: openapi-try-it-markup
    assert.equal(await page.locator('.openapi-explorer__request-form').count(), 0);
    const boxes = () =>
      page.evaluate(
        // relies on: openapi-endpoint-markup, openapi-page-columns
        "['.openapi__method-endpoint', '.novaramp-code-samples', '.openapi-left-panel__container h2'].map((s) => { const r = document.querySelector(s).getBoundingClientRect(); return [Math.round(r.top), Math.round(r.left), Math.round(r.height)]; })",
      );
    const at = await boxes();
    await page.evaluate(
      "window.__shift = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__shift += e.value; }).observe({type: 'layout-shift', buffered: false});",
    );
    const loaded = scripts.length;
    await openTryIt(page);
    assert.ok(scripts.length > loaded, 'the panel fetched its own chunks');
    assert.deepEqual(await boxes(), at, 'method, samples and headings stay where they were');
    assert.equal(await page.evaluate('window.__shift'), 0, 'no layout shift');

    let sent: {method: string; url: string; headers: Record<string, string>} | undefined;
    await page.route('https://api.sandbox.novaramp.example/**', async (route) => {
      const r = route.request();
      sent = {method: r.method(), url: r.url(), headers: r.headers()};
      await route.fulfill({status: 201, contentType: 'application/json', headers: {'access-control-allow-origin': '*'}, body: '{"id":"cwd_test_response_42"}'});
    });
    // relies on: openapi-try-it-markup
    await page.locator('.openapi-explorer__request-btn').click();
    await page.getByText('cwd_test_response_42').first().waitFor({timeout: 15000});
    assert.equal(sent?.method, 'POST');
    assert.match(sent?.url ?? '', /\/accounts\/acc_[A-Za-z0-9]+\/wallets\/wal_[A-Za-z0-9]+\/withdrawals$/);
  } finally {
    await context.close();
  }
});

test('the reference is the HTML built with the page: hydration leaves it alone, no schema component is downloaded, and its tabs, sections and copy buttons work', async () => {
  const context = await site.browser.newContext({viewport: {width: 1280, height: 900}});
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: site.server.origin});
    await context.addInitScript({content: TAG_SERVER_ELEMENTS});
    const page = await context.newPage();
    const scripts: string[] = [];
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`${site.server.origin}${ROUTE}`);
    await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
    await page.waitForLoadState('networkidle');
    const file = await page.locator('.novaramp-reference').getAttribute('data-file');
    // Hydration takes the reference from the page (src/plugins/static-reference); the file is fetched once, at idle, for the hidden panels.
    assert.deepEqual(
      requested.filter((p) => p.startsWith('/assets/reference/')),
      [`/assets/reference/${file}`],
    );
    const empty = await page
      .locator(`.novaramp-reference [role=tabpanel][hidden][${DEFERRED_ATTRIBUTE}]`)
      .evaluateAll((panels) => panels.map((p) => p.childNodes.length));
    assert.ok(empty.length >= 10 && empty.every((n) => n === 0), `the hidden panels are empty in the HTML (${empty.join()} children)`);
    const elements = (await page.evaluate(() => {
      // The scroll buttons of overflowing tab lists are added after load, as the theme's are.
      const all = Array.from(document.querySelectorAll('.novaramp-reference *')).filter((el) => !el.closest('.novaramp-ref-tabs-arrow'));
      return [all.length, all.filter((el) => (el as unknown as {__fromServer?: boolean}).__fromServer).length];
    })) as [number, number];
    assert.ok(elements[0] > 600 && elements[0] < 1500, `${elements[0]} elements in the reference`);
    assert.equal(elements[1], elements[0], 'every element of the reference is the one the HTML parser made');
    for (const url of scripts) {
      const body = await (await page.request.get(url)).text();
      assert.doesNotMatch(body, /theme\.openapi\.schemaItem/, `${new URL(url).pathname} carries the theme's schema components`);
      assert.doesNotMatch(body, /The withdrawal was accepted/, `${new URL(url).pathname} carries the reference's text`);
    }

    // Response tabs: a click selects, the arrow keys move the focus, Enter selects.
    const reference = page.locator('.novaramp-reference');
    assert.match((await visibleResponse(page)).join(), /The withdrawal was accepted/);
    await reference.getByRole('tab', {name: '400', exact: true}).click();
    assert.equal(await reference.getByRole('tab', {name: '400', exact: true}).getAttribute('aria-selected'), 'true');
    assert.equal(await reference.getByRole('tab', {name: '201', exact: true}).getAttribute('aria-selected'), 'false');
    assert.deepEqual((await visibleResponse(page)).length, 1);
    assert.match((await visibleResponse(page))[0], /The request is malformed/);
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), '401');
    await page.keyboard.press('Enter');
    assert.match((await visibleResponse(page))[0], /The API key is missing/);

    // A collapsed property opens and closes natively.
    await page.evaluate(() => {
      const summaries = Array.from(document.querySelectorAll('.novaramp-reference details:not([open]) > summary'));
      const owner = summaries.find((s) => /^owner\s*object/.test(s.textContent?.trim() ?? ''));
      if (owner?.parentElement) owner.parentElement.id = 'test-owner-property';
    });
    const owner = page.locator('#test-owner-property');
    const summary = owner.locator('> summary');
    await summary.click();
    assert.equal(await owner.getAttribute('open'), '');
    assert.ok(await owner.locator('.novaramp-ref-row__name').first().isVisible(), 'its properties are visible');
    await summary.click();
    assert.equal(await owner.getAttribute('open'), null);

    // The copy button of the visible code sample copies its code.
    const sample = page.locator('.novaramp-code-samples [role=tabpanel]:not([hidden]) .novaramp-code');
    await sample.hover();
    await sample.getByRole('button', {name: 'Copy code to clipboard'}).click();
    await sample.getByRole('button', {name: 'Copied'}).waitFor();
    const copied = (await page.evaluate('navigator.clipboard.readText()')) as string;
    assert.equal(copied, await sample.locator('code').textContent());
    assert.match(copied, /^curl -L /);
  } finally {
    await context.close();
  }
});

test('a tab selected before the hidden panels have arrived shows its panel when they do; a panel that cannot be fetched says so, and its tab tries again', async () => {
  const context = await site.browser.newContext({viewport: {width: 1280, height: 900}});
  try {
    const page = await context.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let fail = true;
    let requests = 0;
    await page.route(ROUTE_REFERENCE, async (route) => {
      requests += 1;
      if (fail) return route.fulfill({status: 503, body: 'unavailable'});
      await held;
      return route.fallback();
    });
    await page.goto(`${site.server.origin}${ROUTE}`);
    await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
    const reference = page.locator('.novaramp-reference');
    const panel422 = async () => {
      await reference.getByRole('tab', {name: '422', exact: true}).click();
      return reference
        .locator('.novaramp-ref-status-tabs')
        .locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " novaramp-ref-responses ")][1]')
        .locator(':scope > .margin-top--md > [role=tabpanel]:not([hidden])');
    };
    // Every attempt fails (the idle fetch's and the tab's own: three each).
    const failed = await panel422();
    await failed.getByRole('alert').filter({hasText: 'This part of the reference could not be loaded'}).waitFor({timeout: 20_000});
    assert.equal(await failed.getByRole('link', {name: 'Reload the page'}).getAttribute('href'), ROUTE);
    assert.ok(requests >= 3, `${requests} attempts`);
    // Then the file comes, slowly: the panel is busy until it does.
    fail = false;
    await reference.getByRole('tab', {name: '201', exact: true}).click();
    const waiting = await panel422();
    await page.waitForFunction(() => !!document.querySelector('.novaramp-reference [role=tabpanel][aria-busy="true"]:not([hidden])'));
    release();
    await page.waitForFunction(() => !document.querySelector('.novaramp-reference [aria-busy]'));
    assert.match((await waiting.textContent()) ?? '', /422|insufficient|unprocessable|valid/i);
    assert.equal(await waiting.getAttribute('data-deferred'), null);
  } finally {
    await context.close();
  }
});

test('after a client-side navigation the operation page has its reference, fetched from its file, with working tabs', async () => {
  await withPage(site, '/docs/api/crypto/wallet/list-crypto-wallets', async (page) => {
    const fetched: string[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/assets/reference/')) fetched.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await page.evaluate(() => ((window as unknown as {__sameDocument: boolean}).__sameDocument = true));
    await page.locator(`.theme-doc-sidebar-menu a[href="${ROUTE}"]`).click();
    await page.waitForURL(new RegExp(`${ROUTE}$`));
    await page.getByRole('heading', {level: 1, name: 'Withdraw crypto'}).waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as {__sameDocument?: boolean}).__sameDocument), true, 'no page load');
    await page.locator('.novaramp-reference:not([aria-busy])').waitFor();
    assert.ok((await page.locator('.novaramp-reference *').count()) > 600, 'the reference is rendered');
    const file = await page.locator('.novaramp-reference').getAttribute('data-file');
    assert.match(file ?? '', REFERENCE_FILE_NAME);
    assert.deepEqual(
      fetched.filter((f) => !f.endsWith(operationReferenceFileName('/docs/api/crypto/wallet/list-crypto-wallets'))),
      [`200 /assets/reference/${file}`],
    );
    await page.locator('.novaramp-reference').getByRole('tab', {name: '422', exact: true}).click();
    assert.equal((await visibleResponse(page)).length, 1);
    assert.match((await visibleResponse(page))[0], /422|insufficient|unprocessable|valid/i);
  });
});

test('a client-side navigation to an anchor of the reference scrolls to it once the reference has loaded', async () => {
  await withPage(site, '/docs/api/crypto/wallet/list-crypto-wallets', async (page) => {
    await page.evaluate(() => ((window as unknown as {__sameDocument: boolean}).__sameDocument = true));
    // What the router does for an in-site link (history.push): a new entry, then the router's own listener.
    await page.evaluate((to) => {
      window.history.pushState({key: 'test'}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', {state: {key: 'test'}}));
    }, `${ROUTE}#responses`);
    await page.locator('.novaramp-reference:not([aria-busy]) #responses').waitFor();
    await page.waitForFunction(() => {
      const top = document.getElementById('responses')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < window.innerHeight / 2;
    });
    assert.equal(await page.evaluate(() => (window as unknown as {__sameDocument?: boolean}).__sameDocument), true, 'no page load');
  });
});

test('a reference whose first fetch fails is fetched again, and shows', async () => {
  await withPage(site, '/docs/api/crypto/wallet/list-crypto-wallets', async (page) => {
    let attempts = 0;
    await page.route(ROUTE_REFERENCE, (route) => (++attempts === 1 ? route.abort('connectionreset') : route.fallback()));
    await page.locator(`.theme-doc-sidebar-menu a[href="${ROUTE}"]`).click();
    await page.getByRole('heading', {level: 1, name: 'Withdraw crypto'}).waitFor();
    await page.locator('.novaramp-reference:not([aria-busy])').waitFor();
    assert.ok((await page.locator('.novaramp-reference *').count()) > 600, 'the reference is rendered');
    assert.equal(attempts, 2);
  });
});

test('a reference that cannot be fetched after a client-side navigation says so after three attempts, with a link that reloads the page', async () => {
  await withPage(site, '/docs/api/crypto/wallet/list-crypto-wallets', async (page) => {
    let attempts = 0;
    await page.route(ROUTE_REFERENCE, (route) => (attempts++, route.fulfill({status: 404, body: 'not found'})));
    await page.locator(`.theme-doc-sidebar-menu a[href="${ROUTE}"]`).click();
    await page.getByRole('heading', {level: 1, name: 'Withdraw crypto'}).waitFor();
    const alert = page.getByRole('alert').filter({hasText: 'The reference of this operation could not be loaded'});
    await alert.waitFor();
    assert.equal(await alert.getByRole('link', {name: 'Reload the page'}).getAttribute('href'), ROUTE);
    assert.equal(attempts, 3);
    await page.unroute(ROUTE_REFERENCE);
    await alert.getByRole('link', {name: 'Reload the page'}).click();
    await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
    assert.ok((await page.locator('.novaramp-reference *').count()) > 600, 'the reloaded page has its reference');
  });
});

test('Prism is not part of a first visit; a block left to the classic CodeBlock (line highlighting) loads it and is highlighted, in the HTML and after hydration', async () => {
  const context = await site.browser.newContext({viewport: {width: 1280, height: 900}});
  try {
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`${site.server.origin}/docs/guides/banking-guide`);
    await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
    await page.waitForLoadState('networkidle');
    assert.ok(scripts.length > 3);
    for (const url of scripts) {
      // Prism's grammars are objects with `lookbehind: true`, which minify to `lookbehind:!0`.
      assert.doesNotMatch(await (await page.request.get(url)).text(), /lookbehind:!0/, `${new URL(url).pathname} carries Prism`);
    }
    const html = await (await page.request.get(`${site.server.origin}/markdown-page`)).text();
    // relies on: highlighted-line-class
    assert.match(html, /theme-code-block-highlighted-line[^]*?\$ref/, 'server-rendered with the highlighted line');
    await page.goto(`${site.server.origin}/markdown-page`);
    await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
    // relies on: highlighted-line-class
    const line = page.locator('.theme-code-block-highlighted-line');
    await line.waitFor();
    assert.match(await line.innerText(), /\$ref: \.\.\/components\/responses\/Unauthorized\.yaml/);
    assert.ok((await page.locator('.theme-code-block .token').count()) > 5, 'tokens highlighted by Prism');
  } finally {
    await context.close();
  }
});

test('the try-it panel and the code samples are styled for dark mode', async () => {
  const colours = async (mode: 'light' | 'dark') => {
    const {context, page} = await openApiPage(mode);
    try {
      await openTryIt(page);
      return await page.evaluate(
        // relies on: openapi-try-it-markup
        "[getComputedStyle(document.querySelector('.openapi-explorer__request-form')).backgroundColor, getComputedStyle(document.querySelector('.openapi-explorer__request-form')).color, getComputedStyle(document.querySelector('.novaramp-code-samples [role=tabpanel]:not([hidden]) pre')).backgroundColor]",
      );
    } finally {
      await context.close();
    }
  };
  const light = (await colours('light')) as string[];
  const dark = (await colours('dark')) as string[];
  const lightness = (rgb: string) => (rgb.match(/\d+/g) ?? []).slice(0, 3).reduce((a, b) => a + Number(b), 0) / 3;
  assert.notDeepEqual(light, dark);
  assert.ok(lightness(dark[1]) > lightness(light[1]), `request form text is lighter in dark mode (${light[1]} → ${dark[1]})`);
  assert.ok(lightness(dark[2]) < lightness(light[2]), `code sample background is darker in dark mode (${light[2]} → ${dark[2]})`);
});

test('on a phone and without JavaScript, the page is laid out once: the reference is visible, nothing shifts while it loads', async () => {
  for (const javaScriptEnabled of [false, true]) {
    const context = await site.browser.newContext({viewport: {width: 412, height: 823}, isMobile: true, hasTouch: true, javaScriptEnabled});
    try {
      const page = await context.newPage();
      await page.addInitScript({
        content:
          "window.__shift = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__shift += e.value; }).observe({type: 'layout-shift', buffered: true});",
      });
      await page.goto(`${site.server.origin}${ROUTE}`);
      if (javaScriptEnabled) {
        await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(500);
        assert.equal(await page.evaluate('window.__shift'), 0, 'cumulative layout shift while loading and hydrating');
      }
      // React streams a large Suspense boundary as a hidden segment shown by a script: there must be none.
      assert.equal(await page.locator('div[hidden][id^="S:"]').count(), 0, 'no hidden streamed segment');
      // relies on: openapi-page-columns
      const heading = page.locator('.openapi-left-panel__container h1').first();
      assert.ok(await heading.isVisible(), `heading visible (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`);
      // relies on: openapi-page-columns
      assert.ok((await page.locator('.openapi-left-panel__container').boundingBox())!.height > 2000, 'the reference has its height');
    } finally {
      await context.close();
    }
  }
});

// Every value document.title takes from the start of navigation: the <title> the HTML parser creates, then every
// change to it (react-helmet-async replaces its text or assigns document.title).
const RECORD_TITLES = `
window.__titles = [];
const record = () => {
  if (!document.querySelector('title')) return;
  const t = document.title;
  if (window.__titles[window.__titles.length - 1] !== t) window.__titles.push(t);
};
new MutationObserver(record).observe(document, {subtree: true, childList: true, characterData: true});
`;

test('the page title is the page’s own from the first frame to the end of hydration, on an API page and on a guide', async () => {
  const pages = [
    {route: ROUTE, title: 'Withdraw crypto | NovaRamp'},
    {route: '/docs/guides/wallets-guide', title: undefined},
  ];
  for (const {route, title} of pages) {
    const context = await site.browser.newContext({viewport: {width: 1280, height: 900}});
    try {
      await context.addInitScript({content: RECORD_TITLES});
      const page = await context.newPage();
      // A slower CPU, as on a phone: hydration takes several frames, which is when a wrong title would show.
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', {rate: 4});
      await page.goto(`${site.server.origin}${route}`);
      await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const titles = (await page.evaluate('window.__titles')) as string[];
      const expected = title ?? titles[0];
      assert.match(expected ?? '', / \| NovaRamp$/, `${route}: the static HTML's title`);
      assert.deepEqual(titles, [expected], `${route}: every value document.title took`);
    } finally {
      await context.close();
    }
  }
});

test('the server chosen in the try-it form comes back after a reload when the panel opens; the page loads as rendered', async () => {
  const context = await site.browser.newContext({viewport: {width: 1280, height: 900}});
  try {
    await context.addInitScript({
      content:
        "window.__shift = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__shift += e.value; }).observe({type: 'layout-shift', buffered: true});",
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    // relies on: openapi-endpoint-markup
    const endpoint = () => page.locator('.openapi__method-endpoint-path').innerText();
    const serverSelect = async () => {
      // relies on: openapi-try-it-markup
      const form = page.locator('form.openapi-explorer__request-form');
      // relies on: openapi-try-it-markup
      await form.locator('.openapi-explorer__floating-btn').first().hover();
      // relies on: openapi-try-it-markup
      await form.locator('.openapi-explorer__floating-btn button', {hasText: 'Edit'}).click();
      return form.locator('select').first();
    };
    // relies on: openapi-try-it-markup
    const port = () => page.locator('form.openapi-explorer__request-form').getByLabel('port', {exact: true});
    const hydrated = async () => {
      await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
    };

    await page.goto(`${site.server.origin}${ROUTE}`);
    await hydrated();
    await openTryIt(page);
    await (await serverSelect()).selectOption('http://127.0.0.1:{port}');
    await port().fill('4999');
    // relies on: openapi-endpoint-markup
    await page.waitForFunction(() => /^http:\/\/127\.0\.0\.1:4999\//.test(document.querySelector('.openapi__method-endpoint-path')?.textContent ?? ''));

    await page.reload();
    await hydrated();
    // Until the visitor acts, the page is the static HTML (first server), hydrated without a mismatch or a shift.
    const html = await (await page.request.get(`${site.server.origin}${ROUTE}`)).text();
    // relies on: openapi-endpoint-markup
    assert.match(html, /openapi__method-endpoint-path[^>]*>https:\/\/api\.sandbox\.novaramp\.example\/v1/);
    assert.match(await endpoint(), /^https:\/\/api\.sandbox\.novaramp\.example\/v1\/accounts\//);
    // Below 0.001 rather than exactly 0: on the Docusaurus 4 canary this once scored 0.0000104, a sub-pixel move that
    // did not come back on rerun; a shift a reader sees (half the viewport moving 3 px) scores above 0.001.
    const shift = (await page.evaluate('window.__shift')) as number;
    assert.ok(shift < 0.001, `no layout shift before the visitor acts (score ${shift})`);
    assert.deepEqual(
      errors.filter((e) => /hydrat|Recoverable|Minified React error/i.test(e)),
      [],
      'no hydration error',
    );

    await openTryIt(page);
    assert.match(await endpoint(), /^http:\/\/127\.0\.0\.1:4999\/accounts\//, 'the endpoint line shows the chosen server');
    // relies on: openapi-try-it-markup
    assert.equal(await page.locator('.openapi-explorer__server-url').innerText(), 'http://127.0.0.1:4999');
    assert.equal(await (await serverSelect()).inputValue(), 'http://127.0.0.1:{port}');
    assert.equal(await port().inputValue(), '4999');
    assert.equal(await page.evaluate('window.__shift'), shift, 'only the click moved anything');
  } finally {
    await context.close();
  }
});
