/** One served build and one Chromium for a test file: started before its tests, stopped after them. */
import {after, before} from 'node:test';
import type {Browser} from 'playwright-core';
import {launchChromium} from '../../tools/chromium';
import {serveBuild, type Served} from '../../tools/serve-build';

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
