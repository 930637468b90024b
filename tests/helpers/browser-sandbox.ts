/**
 * What the site tests of the browser sandbox share (sandbox-browser, sandbox-reader-key, workflow-step-runs): a
 * browser context sealed off from every host but the local server, which records what tried to leave and which
 * chunks the page loaded; and the try-it panel driven as a reader drives it.
 */
import type {BrowserContext, Page} from 'playwright-core';
import type {Site} from './site';

export const VIEWPORTS = {phone: {width: 390, height: 844}, desktop: {width: 1280, height: 900}} as const;

export interface SealedContext {
  context: BrowserContext;
  /** The URLs a page asked of another host (each refused). */
  leaked: string[];
  /** For each script loaded whose text holds one of the `markers`' strings, its name (once per script). */
  marks: string[];
}

/**
 * A fresh context at `viewport` whose every request to a host other than the local server is refused and recorded.
 * `markers`: a name for a string only one chunk holds, to tell when that chunk loads.
 */
export async function sealedContext(site: Site, viewport: {width: number; height: number}, markers: Record<string, string> = {}): Promise<SealedContext> {
  const context = await site.browser.newContext({viewport});
  const leaked: string[] = [];
  const marks: string[] = [];
  const local = new URL(site.server.origin).host;
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (/^(data|blob):/.test(url) || new URL(url).host === local) return route.continue();
    leaked.push(url);
    return route.abort();
  });
  context.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    void response.text().then(
      (text) => {
        for (const [name, marker] of Object.entries(markers)) if (text.includes(marker)) marks.push(name);
      },
      () => undefined,
    );
  });
  return {context, leaked, marks};
}

/** Waits (up to 10 s) until `marks` has `mark`: a script's text is read a moment after it loads. */
export async function loaded(marks: string[], mark: string): Promise<boolean> {
  for (let i = 0; i < 100 && !marks.includes(mark); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  return marks.includes(mark);
}

/** Opens `route` and waits until React has hydrated it. */
export async function openHydrated(site: Site, page: Page, route: string): Promise<void> {
  await page.goto(`${site.server.origin}${route}`);
  await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
}

export async function openTryIt(page: Page): Promise<void> {
  await page.getByRole('button', {name: 'Try it'}).click();
  // relies on: openapi-try-it-markup
  await page.locator('form.openapi-explorer__request-form').waitFor({timeout: 20000}); // relies on: openapi-try-it-markup
}

/**
 * The spec's request example `toBeneficiary` of withdrawCrypto. The panel's own default body cannot be sent as it is:
 * the theme samples every property of the body's schema, both branches of its `oneOf` (`beneficiary_id` and
 * `address`, `network`, `owner`) with an amount in USD, which any NovaRamp refuses (400, then 422 for a USDC wallet).
 */
export const WITHDRAWAL_EXAMPLE = {
  beneficiary_id: 'cbn_2Rf8Wm4Kx9Lq7Zt3',
  amount: {value: '250.000000', currency: 'USDC'},
  metadata: {payout_ref: 'po_20250314_0042'},
};

/** Replaces the body in the panel's editor, as a reader pasting the documented example. */
export async function setBody(page: Page, body: unknown): Promise<void> {
  // relies on: openapi-try-it-markup
  const editor = page.locator('form.openapi-explorer__request-form pre[contenteditable]'); // relies on: openapi-try-it-markup
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  // Typed: the theme's editor reads key presses, not text inserted at once.
  await page.keyboard.type(JSON.stringify(body));
}

/** Sends the panel's request as it is and returns the response panel's text once an answer is there. */
export async function send(page: Page): Promise<string> {
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
