/**
 * Measures what a first visit to a page of the production build downloads, in Chromium: JS, CSS and HTML
 * bytes (raw and gzip, gzip computed here with zlib level 9 so the numbers do not depend on the server)
 * and the number of requests. Link prefetches of other routes (`<link rel="prefetch">`) are not part of
 * the page, so they are left out; scripts the page itself loads (including lazy chunks) are counted. Also counts
 * the elements of the page after it has hydrated (as Lighthouse's DOM size audit counts them: everything inside
 * <body>), at the 1280 px viewport, where the docs sidebar and the table of contents are on the page too.
 */
import zlib from 'node:zlib';
import type {Browser} from 'playwright-core';

export interface Bytes {
  raw: number;
  gzip: number;
}
export interface PageWeight {
  route: string;
  /** The HTTP status of the page's document (404: the build has no such page). */
  status?: number;
  js: Bytes;
  css: Bytes;
  html: Bytes;
  requests: number;
  /** Elements inside <body> once the page has hydrated and the network is idle. */
  domElements: number;
  /** The JS files loaded, largest first (gzip bytes), to explain a budget failure. */
  scripts: {url: string; gzip: number}[];
}

const gzip = (buf: Buffer): number => zlib.gzipSync(buf, {level: 9}).length;
export const kib = (n: number): string => (n / 1024).toFixed(1);

export async function measurePage(browser: Browser, origin: string, route: string): Promise<PageWeight> {
  const context = await browser.newContext({viewport: {width: 1280, height: 900}});
  const weight: PageWeight = {
    route,
    js: {raw: 0, gzip: 0},
    css: {raw: 0, gzip: 0},
    html: {raw: 0, gzip: 0},
    requests: 0,
    domElements: 0,
    scripts: [],
  };
  const pending: Promise<void>[] = [];
  try {
    const page = await context.newPage();
    page.on('response', (response) => {
      const type = response.request().resourceType();
      // Prefetches of other routes' chunks are speculative work for the next navigation, not this page.
      if (type === 'other' || type === 'ping') return;
      weight.requests++;
      pending.push(
        response
          .body()
          .then((body) => {
            const url = new URL(response.url()).pathname;
            const b = {raw: body.length, gzip: gzip(body)};
            const add = (into: Bytes) => {
              into.raw += b.raw;
              into.gzip += b.gzip;
            };
            if (type === 'script') {
              add(weight.js);
              weight.scripts.push({url, gzip: b.gzip});
            } else if (type === 'stylesheet') add(weight.css);
            else if (type === 'document') add(weight.html);
          })
          .catch(() => undefined),
      );
    });
    weight.status = (await page.goto(`${origin}${route}`))?.status();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    weight.domElements = await page.evaluate(() => document.body.getElementsByTagName('*').length);
    await Promise.all(pending);
  } finally {
    await context.close();
  }
  weight.scripts.sort((a, b) => b.gzip - a.gzip);
  return weight;
}
