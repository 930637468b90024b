/**
 * The look of a few pages, compared pixel by pixel with the baselines in ./screenshots/ (tests/helpers/screenshots.ts):
 * three operation pages (a POST with a body, a POST of another API, a GET list with query parameters), a guide and
 * the home page, on a phone and a desktop, in light and dark mode. Each page gives its top viewport; an operation
 * page also gives three sections of its reference (tools/reference/html.tsx): its start, its request body and its
 * responses, each scrolled to the top, since they start below the first screen. Why: the reference's stylesheet, Infima, the
 * classic and the OpenAPI theme all style these pages, and no other test sees how they look.
 * A meant change: `NOVARAMP_UPDATE_SCREENSHOTS=1 node --import tsx --test tests/site/screenshots.test.ts`, then look
 * at the new pictures and commit them (contributing/testing.md).
 */
import path from 'node:path';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {STATIC_REFERENCE_CLASS} from '../../src/data/static-reference';
import {matchBaseline, stableScreenshot} from '../helpers/screenshots';
import {colourModeScript, type PageOptions, useSiteInBrowser, withPage} from '../helpers/site';

const BASELINES = path.join(import.meta.dirname, 'screenshots');

const PAGES = [
  {name: 'withdraw-crypto', route: '/docs/api/crypto/wallet/whitdraw-crypto', operation: true},
  {name: 'withdraw-fiat', route: '/docs/api/fiat/withdraw-fiat', operation: true},
  {name: 'list-transaction', route: '/docs/api/transaction/list-transaction', operation: true},
  {name: 'banking-guide', route: '/docs/guides/banking-guide', operation: false},
  {name: 'home', route: '/', operation: false},
];

/** A phone at one device pixel per CSS pixel (the pictures stay small), and a laptop. */
const VIEWPORTS: Record<string, PageOptions> = {
  phone: {viewport: {width: 390, height: 844}, deviceScaleFactor: 1, isMobile: true, hasTouch: true},
  desktop: {viewport: {width: 1280, height: 800}, deviceScaleFactor: 1},
};

const MODES = ['light', 'dark'] as const;

const site = useSiteInBrowser();

/** How much of a section of the reference a picture shows, below the navbar (enough for its tabs and first rows). */
const SECTION_HEIGHT = 600;

/**
 * The sections of an operation's reference a picture is taken of: its start (the parameters), the request body's
 * tabs when there is a body, and the responses' tabs. Found by role and id, not by class, so that the same
 * pictures are taken whatever the reference's classes are called.
 */
const SECTIONS: Record<string, string> = {
  reference: `.${STATIC_REFERENCE_CLASS}`,
  /** The first tab list, when it comes before the responses' heading (else the operation has no body). */
  body: `.${STATIC_REFERENCE_CLASS} [role="tablist"]`,
  responses: `.${STATIC_REFERENCE_CLASS} #responses`,
};

/**
 * Scrolls `selector` to just below the sticky navbar and returns the part of the viewport the reference's column
 * fills there (the sidebar and the code samples are in the top picture already), or undefined when the page has no
 * such section.
 */
async function scrollToSection(page: Page, selector: string): Promise<{x: number; y: number; width: number; height: number} | undefined> {
  return page.evaluate(
    ({selector, reference, sectionHeight}) => {
      const element = document.querySelector(selector);
      const column = document.querySelector(reference);
      const responses = document.getElementById('responses');
      if (!element || !column) return undefined;
      if (element.matches('[role="tablist"]') && responses && responses.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) return undefined;
      const navbar = document.querySelector('.navbar')?.getBoundingClientRect().height ?? 0;
      window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - navbar - 16);
      const box = column.getBoundingClientRect();
      const x = Math.max(0, Math.floor(box.left) - 8);
      const width = Math.min(window.innerWidth - x, Math.ceil(box.width) + 16);
      return {x, y: navbar, width, height: Math.min(sectionHeight, window.innerHeight - navbar)};
    },
    {selector, reference: `.${STATIC_REFERENCE_CLASS}`, sectionHeight: SECTION_HEIGHT},
  );
}

for (const {name, route, operation} of PAGES) {
  describe(`${name} (${route})`, () => {
    for (const [viewport, options] of Object.entries(VIEWPORTS)) {
      for (const mode of MODES) {
        test(`${viewport}, ${mode}: looks as its baseline`, async (t) => {
          await withPage(
            site,
            route,
            async (page) => {
              if (operation) await page.locator(`.${STATIC_REFERENCE_CLASS}:not([aria-busy])`).waitFor();
              const top = matchBaseline(await stableScreenshot(page), BASELINES, `${name}.${viewport}.${mode}`);
              t.diagnostic(`top: ${top.different} pixels differ`);
              if (!operation) return;
              for (const [section, selector] of Object.entries(SECTIONS)) {
                const clip = await scrollToSection(page, selector);
                if (!clip) continue;
                const shot = matchBaseline(await stableScreenshot(page, clip), BASELINES, `${name}.${section}.${viewport}.${mode}`);
                t.diagnostic(`${section}: ${shot.different} pixels differ`);
              }
            },
            {...options, colorScheme: mode, init: colourModeScript(mode)},
          );
        });
      }
    }
  });
}
