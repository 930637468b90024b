/**
 * The "Copy page" menu (src/plugins/agent-markdown/components, on every doc page through src/plugins/agent-markdown/theme/DocBreadcrumbs and on blog
 * posts through src/plugins/agent-markdown/theme/BlogPostItem/Header), in Chromium over the production build: the clipboard receives
 * the page's Markdown copy byte for byte, "View" opens that copy, the AI links carry its public URL, the
 * keyboard works as the menu button pattern says, and what it adds to a page's JavaScript stays under 3 KiB gzip.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {test} from 'node:test';
import ts from 'typescript';
import type {Page} from 'playwright-core';
import {markdownPath, markdownUrl} from '../../src/data/agent-docs';
import {SITE_ROOT} from '../../tools/cli';
import {axeProblems} from '../helpers/axe';
import {colourModeScript, useSiteInBrowser, withPage} from '../helpers/site';

const site = useSiteInBrowser();
const copyOf = (route: string) => fs.readFileSync(path.join(SITE_ROOT, 'build', markdownPath(route)), 'utf8');
const menuButton = (page: Page) => page.getByRole('button', {name: 'Copy page'});
const items = (page: Page) => page.getByRole('menu', {name: 'Copy page'}).getByRole('menuitem');
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

/** Opens the menu with the mouse and copies; the clipboard must then hold the page's Markdown copy. */
async function copyWithMouse(page: Page, route: string): Promise<void> {
  await menuButton(page).click();
  await items(page).first().waitFor();
  assert.deepEqual(await items(page).allTextContents(), ['Copy page as Markdown', 'View as Markdown', 'Open in ChatGPT', 'Open in Claude']);
  await items(page).first().click();
  await page.getByRole('status').filter({hasText: 'Copied the page as Markdown.'}).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), copyOf(route), `${route}: the clipboard holds the copy`);
  assert.equal(await items(page).count(), 0, 'the menu closed');
}

for (const route of ['/docs/api/crypto/wallet/whitdraw-crypto', '/blog/2025/03/18/sandbox-and-webhooks']) {
  test(`${route}: "Copy page as Markdown" puts the page's Markdown copy on the clipboard`, async () => {
    await withPage(site, route, async (page, context) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: site.server.origin});
      await copyWithMouse(page, route);
    });
  });
}

test('a guide: copy, the keyboard (arrows open and move, Escape returns to the button), "View as Markdown", the AI links', async () => {
  const route = '/docs/guides/create-account-guide';
  await withPage(site, route, async (page, context) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: site.server.origin});
    await copyWithMouse(page, route);

    const button = menuButton(page);
    assert.equal(await button.getAttribute('aria-haspopup'), 'menu');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    await button.focus();
    await page.keyboard.press('ArrowDown');
    await items(page).first().waitFor();
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    assert.equal(await button.getAttribute('aria-controls'), await page.getByRole('menu').getAttribute('id'));
    assert.equal(await focused(page), 'Copy page as Markdown');
    await page.keyboard.press('ArrowUp');
    assert.equal(await focused(page), 'Open in Claude', 'ArrowUp from the first item wraps to the last');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    assert.equal(await focused(page), 'View as Markdown');
    await page.keyboard.press('Escape');
    assert.equal(await items(page).count(), 0);
    assert.equal(await focused(page), 'Copy page');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    // ArrowUp opens on the last item; a click elsewhere closes.
    await page.keyboard.press('ArrowUp');
    await items(page).first().waitFor();
    assert.equal(await focused(page), 'Open in Claude');
    await page.locator('h1').click();
    assert.equal(await items(page).count(), 0);

    await button.click();
    await items(page).first().waitFor();
    const prompt = `Read ${markdownUrl(route)} so I can ask you questions about it.`;
    assert.equal(await items(page).nth(2).getAttribute('href'), `https://chatgpt.com/?q=${encodeURIComponent(prompt)}`);
    assert.equal(await items(page).nth(3).getAttribute('href'), `https://claude.ai/new?q=${encodeURIComponent(prompt)}`);
    const [copy] = await Promise.all([context.waitForEvent('page'), items(page).nth(1).click()]);
    await copy.waitForLoadState();
    assert.equal(new URL(copy.url()).pathname, markdownPath(route));
    assert.equal(await copy.evaluate(() => document.body.innerText.trim()), copyOf(route).trim());
  });
});

test('the open menu has no serious or critical axe violation, light and dark', async () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await withPage(
      site,
      '/docs/guides/welcome-guide',
      async (page) => {
        await page.evaluate(() => document.documentElement.dataset.theme).then((t) => assert.equal(t, colorScheme));
        await menuButton(page).click();
        await items(page).first().waitFor();
        assert.deepEqual(await axeProblems(page, colorScheme, {include: '[data-markdown-ignore]'}), []);
      },
      // The site starts in light mode whatever the browser prefers; a stored choice opens it dark.
      {init: colorScheme === 'dark' ? colourModeScript('dark') : undefined},
    );
  }
});

/** The modules of a Rspack chunk: the entries of its module maps (`{123(e,t,n){…}, …}`), with their source range. */
function modulesOf(source: string): {id: string; start: number; end: number}[] {
  const file = ts.createSourceFile('chunk.js', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const found: {id: string; start: number; end: number}[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node) && node.properties.length && node.properties.every((p) => p.name && ts.isNumericLiteral(p.name))) {
      for (const p of node.properties) found.push({id: (p.name as ts.NumericLiteral).text, start: p.getStart(file), end: p.end});
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Strings only the copy-page and agent-discovery modules hold (the shared data, the components, their CSS map). */
const OWN_MODULE_MARKERS = ['For AI agents: this page is available as Markdown', 'data-markdown-ignore', 'copyPageButton'];

/**
 * What the feature adds to a page's JavaScript, gzip: every script the page loads, compressed as it is and
 * without the feature's modules (those holding a marker, and the small wrappers that only require them).
 */
async function addedJs(route: string): Promise<{added: number; total: number; menuLoaded: boolean}> {
  const context = await site.browser.newContext({viewport: {width: 1280, height: 900}});
  const scripts: Promise<string>[] = [];
  try {
    const page = await context.newPage();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.text());
    });
    await page.goto(`${site.server.origin}${route}`);
    await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
    await page.waitForLoadState('networkidle');
  } finally {
    await context.close();
  }
  const texts = await Promise.all(scripts);
  const gzip = (s: string) => zlib.gzipSync(s, {level: 9}).length;
  let withFeature = 0;
  let without = 0;
  for (const text of texts) {
    if (!OWN_MODULE_MARKERS.some((marker) => text.includes(marker))) {
      const size = gzip(text);
      withFeature += size;
      without += size;
      continue;
    }
    const modules = modulesOf(text);
    const own = modules.filter((m) => OWN_MODULE_MARKERS.some((marker) => text.slice(m.start, m.end).includes(marker)));
    const ids = own.map((m) => m.id);
    const wrappers = modules.filter(
      (m) => m.end - m.start < 600 && !own.includes(m) && ids.some((id) => new RegExp(`\\(${id}\\)`).test(text.slice(m.start, m.end))),
    );
    let stripped = text;
    for (const m of [...own, ...wrappers].sort((a, b) => b.start - a.start)) stripped = stripped.slice(0, m.start) + stripped.slice(m.end);
    withFeature += gzip(text);
    without += gzip(stripped);
  }
  return {added: withFeature - without, total: withFeature, menuLoaded: texts.some((t) => t.includes('Copy page as Markdown'))};
}

test('the button adds under 3 KiB gzip of JavaScript to a page; the menu is loaded only when used', async () => {
  for (const route of ['/docs/guides/welcome-guide', '/docs/api/crypto/wallet/whitdraw-crypto']) {
    const {added, total, menuLoaded} = await addedJs(route);
    console.log(`${route}: the copy-page feature adds ${added} B gzip of ${total} B of JavaScript`);
    assert.ok(added > 200, `${route}: the feature's modules were found in the page's scripts (${added} B)`);
    assert.ok(added < 3 * 1024, `${route}: ${added} B gzip added`);
    assert.ok(!menuLoaded, `${route}: the menu's chunk is not loaded before the button is used`);
  }
});
