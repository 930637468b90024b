/**
 * axe-core in Chromium over every page of the production build, in light and dark mode: no serious or critical
 * violation (every rule in light mode, the colour-dependent ones again in dark mode). The pages are discovered from build/ (every .html file), not listed by hand, so a new page is covered
 * the day it is built. The alias pages, which only redirect, are checked as their targets.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {GUIDE_ALIASES} from '../../src/data/navigation';
import {SITE_ROOT} from '../../tools/cli';
import {axeProblems, colourTransitionsEnded} from '../helpers/axe';
import {useSiteInBrowser} from '../helpers/site';

const BUILD = path.join(SITE_ROOT, 'build');

/** The alias pages only redirect (tests/site/build.test.ts): each is checked as its target, a page of its own. */
const REDIRECTS = new Set(['/docs', ...GUIDE_ALIASES.map((a) => a.from)]);

/** `docs/x.html` → `/docs/x`, `blog/index.html` → `/blog` (trailingSlash: false writes x.html). */
const routes = fs
  .readdirSync(BUILD, {recursive: true, encoding: 'utf8'})
  .filter((f) => f.endsWith('.html'))
  .map((f) => `/${f.split(path.sep).join('/')}`.replace(/(\/index)?\.html$/, '') || '/')
  .filter((route) => !REDIRECTS.has(route))
  .sort();

/** The axe rules whose outcome depends on the colour mode: colours, and the images and links a themed image fills. */
const DARK_MODE_RULES = ['color-contrast', 'link-in-text-block', 'image-alt', 'svg-img-alt', 'role-img-alt', 'link-name', 'button-name'];

const site = useSiteInBrowser();

/**
 * Each test borrows a page and gives it back: one browser context per concurrent test, reused from route to route,
 * so the hashed assets come from the browser cache instead of being fetched (and gzipped) again for every page.
 * Each navigation starts as a first visit: the tab's storage (the colour mode the last page chose) is cleared
 * before the page's scripts run. Reduced motion ends Infima's colour transitions at once (its
 * --ifm-transition-* are 0 ms then): the colours axe sees are the ones they would end on, without the wait.
 * A page whose test failed is closed with its context, so the next test starts on a new one.
 */
const idlePages: Page[] = [];

async function withReusedPage(use: (page: Page) => Promise<void>): Promise<void> {
  let page = idlePages.pop();
  if (!page) {
    const context = await site.browser.newContext({viewport: {width: 1280, height: 900}, reducedMotion: 'reduce'});
    await context.addInitScript({content: 'localStorage.clear(); sessionStorage.clear();'});
    page = await context.newPage();
  }
  let passed = false;
  try {
    await use(page);
    passed = true;
  } finally {
    if (passed) idlePages.push(page);
    else await page.context().close();
  }
}

test('the build has pages of every kind to check', () => {
  for (const route of ['/', '/docs/guides/banking-guide', '/docs/api/crypto/wallet/whitdraw-crypto', '/blog', '/404']) {
    assert.ok(routes.includes(route), `${route} is among the ${routes.length} built pages`);
  }
});

// Two pages at a time: axe is CPU-bound in the page, the test runner waits on it.
describe('every built page', {concurrency: 2}, () => {
  for (const route of routes) {
    test(`${route}: no serious or critical axe violation, light and dark`, async () => {
      await withReusedPage(async (page) => {
        await page.goto(`${site.server.origin}${route}`);
        assert.equal(new URL(page.url()).pathname, route, 'the page is its own (not a redirect)');
        await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
        const problems: string[] = [];
        for (const mode of ['light', 'dark'] as const) {
          // Switched with the navbar's own toggle, so React re-renders what depends on the mode (themed images, code
          // colours), as for a reader; it may pass through "system" on the way.
          for (let i = 0; i < 3 && (await page.evaluate(() => document.documentElement.dataset.theme)) !== mode; i++) {
            await page.getByRole('button', {name: /dark and light mode/}).click();
          }
          assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), mode, 'the colour-mode toggle switched the page');
          // Colours change through CSS transitions (Infima's links): axe must see where they end, not a colour on the way.
          await colourTransitionsEnded(page);
          // Light: every rule. Dark changes colours and the themed images only, so it runs the rules those can fail
          // (the rest would repeat the light run at twice the cost on the large API pages).
          problems.push(...(await axeProblems(page, mode, mode === 'light' ? {} : {rules: DARK_MODE_RULES})));
        }
        assert.deepEqual(problems, []);
      });
    });
  }
});
