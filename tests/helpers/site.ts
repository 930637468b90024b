/** One served build and one Chromium for a test file: started before its tests, stopped after them. */
import {after, before} from 'node:test';
import type {Browser, BrowserContext, BrowserContextOptions, Page} from 'playwright-core';
import {launchChromium} from '../../tools/cli/chromium';
import {serveBuild, type Served} from '../../tools/site/serve-build';

export interface Site {
  server: Served;
  browser: Browser;
}

export function useSiteInBrowser(dir = 'build'): Site {
  const site = {} as Site;
  before(async () => {
    [site.server, site.browser] = await Promise.all([serveBuild(dir), launchChromium('the browser tests')]);
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  return site;
}

export interface PageOptions extends BrowserContextOptions {
  /** A script run in the page before any of its own (e.g. to set localStorage). */
  init?: string;
}

/**
 * Opens `route` in a fresh browser context (1280×900 unless `options` say otherwise), waits until React has
 * hydrated, hands the page to `use`, and closes the context whatever happens.
 */
export async function withPage<T>(site: Site, route: string, use: (page: Page, context: BrowserContext) => Promise<T>, options: PageOptions = {}): Promise<T> {
  const {init, ...contextOptions} = options;
  const context = await site.browser.newContext({viewport: {width: 1280, height: 900}, ...contextOptions});
  try {
    if (init) await context.addInitScript({content: init});
    const page = await context.newPage();
    await page.goto(`${site.server.origin}${route}`);
    await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
    return await use(page, context);
  } finally {
    await context.close();
  }
}

/**
 * A script that opens the site in `mode`, as a reader's earlier choice does: Docusaurus keeps the colour mode under
 * the storage key `theme` (the site's storage has no namespace, docusaurus.config.ts).
 */
// relies on: colour-mode-storage-key
export const colourModeScript = (mode: 'light' | 'dark'): string => `localStorage.setItem('theme', '${mode}');`;
