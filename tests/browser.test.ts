/** Behaviours a visitor sees, checked in Chromium against the production build on 127.0.0.1. */
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import type {Browser, BrowserContext, Page} from 'playwright-core';
import {launchBrowser} from './helpers/browser';
import {serveBuild, type Served} from './helpers/server';

let server: Served;
let browser: Browser;

before(async () => {
  [server, browser] = await Promise.all([serveBuild(), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(route: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<{context: BrowserContext; page: Page}> {
  const context = await browser.newContext({viewport: {width: 1280, height: 900}, ...options});
  const page = await context.newPage();
  await page.goto(`${server.origin}${route}`);
  await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
  return {context, page};
}

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

describe('colour mode', () => {
  test('light by default even when the browser prefers dark; the toggle stores `theme` and survives a reload', async () => {
    const {context, page} = await open('/docs/guides/welcome-guide', {colorScheme: 'dark'});
    try {
      assert.equal(await theme(page), 'light');
      await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');
      await page.reload();
      assert.equal(await theme(page), 'dark');
    } finally {
      await context.close();
    }
  });

  test('mermaid diagrams render with the default theme in light mode and the dark theme in dark mode', async () => {
    const {context, page} = await open('/docs/guides/flow-of-fund-guide');
    try {
      const diagram = page.locator('.docusaurus-mermaid-container svg').first();
      await diagram.waitFor();
      const fill = () =>
        page.evaluate(() => {
          const node = document.querySelector('.docusaurus-mermaid-container svg rect.actor, .docusaurus-mermaid-container svg rect');
          return node ? getComputedStyle(node).fill : '';
        });
      const light = await fill();
      await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      await page.waitForFunction((before) => {
        const node = document.querySelector('.docusaurus-mermaid-container svg rect.actor, .docusaurus-mermaid-container svg rect');
        return node !== null && getComputedStyle(node).fill !== before;
      }, light);
      const dark = await fill();
      assert.notEqual(light, dark, 'the diagram re-rendered with other colours');
      // mermaid's default theme paints actors light (#ECECFF); its dark theme paints them dark.
      const lightness = (rgb: string) => (rgb.match(/\d+/g) ?? []).slice(0, 3).reduce((a, b) => a + Number(b), 0) / 3;
      assert.ok(lightness(light) > 180, `light-mode fill ${light}`);
      assert.ok(lightness(dark) < 120, `dark-mode fill ${dark}`);
    } finally {
      await context.close();
    }
  });
});

describe('announcement bar', () => {
  test('visible on the first visit, hidden by its close button, still hidden after a reload', async () => {
    const {context, page} = await open('/');
    try {
      const bar = page.locator('.theme-announcement-bar');
      assert.ok(await bar.isVisible());
      await bar.getByRole('button', {name: 'Close'}).click();
      assert.ok(await bar.isHidden());
      assert.equal(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss')), 'true');
      await page.reload();
      await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
      assert.ok(await page.locator('.theme-announcement-bar').isHidden());
    } finally {
      await context.close();
    }
  });
});

describe('navigation', () => {
  test('Guides and API Reference lead to the welcome guide and the overview, and the sidebar follows', async () => {
    const {context, page} = await open('/');
    try {
      await page.locator('.navbar').getByRole('link', {name: 'API Reference'}).click();
      await page.waitForURL(/\/docs\/api\/overview$/);
      await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Error handling'}).waitFor({timeout: 5000});
      await page.locator('.navbar').getByRole('link', {name: 'Guides'}).click();
      await page.waitForURL(/\/docs\/guides\/welcome-guide$/);
      await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Terminology'}).waitFor({timeout: 5000});
      assert.equal(await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Error handling'}).count(), 0);
    } finally {
      await context.close();
    }
  });

  test('at 996 px the mobile menu opens and closes and lists both sections; at 1280 px it is absent', async () => {
    const mobile = await open('/', {viewport: {width: 996, height: 800}});
    try {
      const toggle = mobile.page.getByRole('button', {name: 'Toggle navigation bar'});
      assert.ok(await toggle.isVisible());
      await toggle.click();
      const sidebar = mobile.page.locator('.navbar-sidebar');
      await sidebar.getByRole('link', {name: 'Guides'}).waitFor();
      assert.ok(await sidebar.getByRole('link', {name: 'API Reference'}).isVisible());
      await mobile.page.getByRole('button', {name: 'Close navigation bar'}).click();
      await mobile.page.waitForFunction(() => !document.querySelector('.navbar-sidebar--show'));
    } finally {
      await mobile.context.close();
    }
    const desktop = await open('/', {viewport: {width: 1280, height: 800}});
    try {
      assert.ok(await desktop.page.getByRole('button', {name: 'Toggle navigation bar'}).isHidden());
    } finally {
      await desktop.context.close();
    }
  });

  test('the docs sidebar has no hide button and opening a category leaves the others as they were', async () => {
    const {context, page} = await open('/docs/api/overview');
    try {
      assert.equal(await page.getByRole('button', {name: /Collapse sidebar/i}).count(), 0);
      const menu = page.locator('.theme-doc-sidebar-menu');
      const expanded = (label: string) =>
        menu.locator('.menu__list-item-collapsible', {hasText: label}).first().locator('[aria-expanded]').first().getAttribute('aria-expanded');
      await menu.getByRole('button', {name: /Account/}).first().click();
      assert.equal(await expanded('Account'), 'true');
      await menu.getByRole('button', {name: /Balance/}).first().click();
      assert.equal(await expanded('Balance'), 'true');
      assert.equal(await expanded('Account'), 'true', 'Account stays open');
    } finally {
      await context.close();
    }
  });
});
