/**
 * "Your own key in every sample" (issue #47 item 3; src/plugins/sandbox/README.md, "Your key in the samples") in
 * Chromium, on the production build, at a phone's and a desktop's width. On a fresh profile an operation page's cURL
 * sample shows the placeholder and loads nothing of the substitution; once the try-it panel's first Send started the
 * browser sandbox, the same sample shows the reader's minted key (and its copy button copies it), a guide's embedded
 * workflow-step sample shows it (and so do a language tab chosen later, the samples after a client-side navigation
 * and a workflow page's), while the Markdown copies and llms.txt keep the placeholders; after creating a withdrawal,
 * a sample that needs a withdrawal id shows the reader's; Reset brings back the docs' id and keeps the key. The
 * samples with the key are axe-clean in light and dark mode.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {BrowserContext, Page} from 'playwright-core';
import {STEP_SAMPLE_ATTRIBUTE} from '../../src/plugins/workflow-steps/client-files';
import {axeProblems} from '../helpers/axe';
import {openHydrated, openTryIt, sealedContext as sealedContextOf, send, setBody, VIEWPORTS, WITHDRAWAL_EXAMPLE} from '../helpers/browser-sandbox';
import {colourModeScript, useSiteInBrowser} from '../helpers/site';

const site = useSiteInBrowser();

const WITHDRAW = '/docs/api/crypto/wallet/whitdraw-crypto';
/** An operation whose samples need a withdrawal id (`GET /withdrawals/{withdrawal_id}`). */
const GET_WITHDRAWAL = '/docs/api/crypto/wallet/get-crypto-withdrawal';
/** A guide that embeds workflow steps (src/plugins/workflow-steps). */
const GUIDE = '/docs/guides/banking-guide';
/** A workflow page (src/plugins/workflow-steps/generate/pages.ts). */
const WORKFLOW = '/docs/guides/workflows/sandbox-money-flow';
/** The docs' example withdrawal id (openapi/components/parameters: `withdrawal_id`). */
const EXAMPLE_WITHDRAWAL = 'wdr_6Jt3Vn8Rp2Xk5Mq9';
/** A string only the substitution chunk holds (src/plugins/sandbox/client-samples-apply.ts). */
const APPLY_MARK = '.novaramp-code code';
const KEY = /sk_sandbox_[A-Za-z0-9]{24}/;

/**
 * A context whose requests to other hosts are refused, that records the scripts holding the substitution chunk, and
 * whose clipboard writes are kept in `window.__copied` (what the copy handler copied).
 */
async function sealedContext(viewport: {width: number; height: number}): Promise<{context: BrowserContext; chunks: string[]}> {
  const {context, marks: chunks} = await sealedContextOf(site, viewport, {apply: APPLY_MARK});
  await context.addInitScript({
    content: `Object.defineProperty(navigator, 'clipboard', {configurable: true, value: {writeText: async (text) => void (window.__copied = text)}});`,
  });
  return {context, chunks};
}

/** The operation page's cURL sample (src/plugins/operation-page/components/CodeSamples.tsx), as shown. */
const curlSample = (page: Page) => page.locator('[id="code-sample-curl"] .novaramp-code code');

/** The first workflow-step sample of the page holding `text` (src/plugins/workflow-steps). */
const stepWith = (page: Page, text: string) => page.locator(`[${STEP_SAMPLE_ATTRIBUTE}] code`).filter({hasText: text}).first();

async function waitForText(page: Page, locator: ReturnType<Page['locator']>, pattern: RegExp | string, message: string): Promise<string> {
  const matches = (t: string) => (typeof pattern === 'string' ? t.includes(pattern) : pattern.test(t));
  const deadline = Date.now() + 10000;
  let text = '';
  while (Date.now() < deadline) {
    text = (await locator.textContent()) ?? '';
    if (matches(text)) return text;
    await page.waitForTimeout(100);
  }
  assert.fail(`${message}: ${text.slice(0, 300)}`);
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  describe(`the reader's key in the samples (${name})`, () => {
    test('placeholder first; the key after the first Send, copied as shown, in a guide; the reader id after a creation; Reset', async () => {
      const {context, chunks} = await sealedContext(viewport);
      try {
        const page = await context.newPage();
        await openHydrated(site, page, WITHDRAW);
        await page.waitForLoadState('networkidle');
        const fresh = (await curlSample(page).textContent()) ?? '';
        assert.ok(fresh.includes('Authorization: Bearer <TOKEN>'), `a fresh profile sees the placeholder: ${fresh}`);
        assert.deepEqual(chunks, [], 'a first visit without a key loads nothing of the substitution');

        await openTryIt(page);
        await page.getByRole('region', {name: 'Browser sandbox'}).getByText(KEY).waitFor();
        const key = (await page.getByRole('region', {name: 'Browser sandbox'}).locator('code').innerText()).trim();
        assert.match((await curlSample(page).textContent()) ?? '', /<TOKEN>/, 'opening the panel alone changes no sample');
        await setBody(page, WITHDRAWAL_EXAMPLE);
        const created = await send(page);
        assert.match(created, /\b201\b/);
        const id = /"id":\s*"(wdr_[A-Za-z0-9]{16})"/.exec(created)?.[1];
        assert.ok(id, `a withdrawal id in: ${created.slice(0, 400)}`);

        // The same page, at once: the sample shows the key instead of the placeholder, and the copy is what it shows.
        const shown = await waitForText(page, curlSample(page), `Authorization: Bearer ${key}`, 'the cURL sample shows the key');
        assert.ok(!shown.includes('<TOKEN>'));
        assert.ok(shown.includes('https://api.sandbox.novaramp.example/v1/'), 'and the sandbox server');
        await page.locator('[id="code-sample-curl"] .novaramp-code__copy').click();
        await page.waitForFunction(() => (window as {__copied?: string}).__copied !== undefined);
        assert.equal(await page.evaluate(() => (window as {__copied?: string}).__copied), shown, 'the copy button copies what is shown');
        // Highlighting kept: the sample still has its token spans.
        assert.ok((await curlSample(page).locator('span.token').count()) > 3, 'the highlighting spans stay');

        // Another language on the same page: the JS-form placeholders too.
        const typescript = (await page.locator('[id="code-sample-typescript"] .novaramp-code code').textContent()) ?? '';
        assert.ok(typescript.includes(`Bearer ${key}`) && !typescript.includes('NOVARAMP_API_KEY'), `TypeScript sample: ${typescript.slice(0, 300)}`);

        // A sample that needs a withdrawal id shows the reader's.
        await openHydrated(site, page, GET_WITHDRAWAL);
        const getSample = await waitForText(page, curlSample(page), id!, 'the withdrawal sample shows the reader id');
        assert.ok(!getSample.includes(EXAMPLE_WITHDRAWAL) && getSample.includes(key), getSample);

        // A guide's embedded workflow-step sample (a full load), then a language tab mounted later.
        await openHydrated(site, page, GUIDE);
        const step = await waitForText(page, stepWith(page, 'Authorization: Bearer'), key, "the guide's step sample shows the key");
        assert.ok(!step.includes('$NOVARAMP_API_KEY'), step);
        await page.getByRole('tab', {name: 'Python'}).first().click();
        await waitForText(page, stepWith(page, 'f"Bearer '), key, 'the Python tab opened later shows the key');
        if (name === 'desktop') {
          // Samples fetched after a client-side navigation (the sidebar is a menu at a phone's width).
          await openHydrated(site, page, '/docs/guides/welcome-guide');
          await page.locator(`.theme-doc-sidebar-menu a[href="${GUIDE}"]`).first().click();
          await page.waitForURL(new RegExp(`${GUIDE}$`));
          await waitForText(page, stepWith(page, 'Bearer '), key, 'a step sample after a client-side navigation shows the key');
        }
        // A workflow page's samples (static HTML in hidden tabs).
        await openHydrated(site, page, WORKFLOW);
        await waitForText(page, page.locator('.novaramp-code code').filter({hasText: 'Bearer '}).first(), key, 'the workflow page shows the key');

        // The Markdown copy and llms.txt keep the placeholders.
        for (const file of [`${WITHDRAW}.md`, '/llms.txt', `${GUIDE}.md`]) {
          const text = await page.evaluate(async (url) => (await fetch(url)).text(), file);
          assert.ok(!text.includes(key), `${file} does not show the key`);
          assert.ok(!KEY.test(text), `${file} shows no minted key`);
        }
        const markdown = await page.evaluate(async (url) => (await fetch(url)).text(), `${WITHDRAW}.md`);
        assert.ok(markdown.includes('Bearer <TOKEN>'), 'the Markdown copy keeps the placeholder');

        // Reset forgets the created ids (the docs' id comes back), keeps the key.
        await openHydrated(site, page, GET_WITHDRAWAL);
        await waitForText(page, curlSample(page), id!, 'the reader id after a reload');
        await openTryIt(page);
        const reset = page.getByRole('button', {name: 'Reset sandbox'});
        await reset.focus();
        await page.keyboard.press('Enter');
        await page.getByRole('status').filter({hasText: 'Sandbox emptied'}).waitFor();
        const after = await waitForText(page, curlSample(page), EXAMPLE_WITHDRAWAL, 'Reset brings back the docs id');
        assert.ok(after.includes(key) && !after.includes(id!), after);
      } finally {
        await context.close();
      }
    });
  });
}

for (const mode of ['light', 'dark'] as const) {
  test(`the samples with the reader's key have no serious or critical axe violation (${mode} mode)`, async () => {
    const {context} = await sealedContext(VIEWPORTS.desktop);
    try {
      await context.addInitScript({content: colourModeScript(mode)});
      const page = await context.newPage();
      await openHydrated(site, page, WITHDRAW);
      await openTryIt(page);
      await setBody(page, WITHDRAWAL_EXAMPLE);
      await send(page);
      await waitForText(page, curlSample(page), KEY, 'the key shows');
      assert.deepEqual(await axeProblems(page, mode, {include: '.novaramp-code-samples'}), []);
      await openHydrated(site, page, GUIDE);
      await waitForText(page, stepWith(page, 'Authorization: Bearer'), KEY, 'the key shows in the guide');
      assert.deepEqual(await axeProblems(page, mode, {include: 'article'}), []);
    } finally {
      await context.close();
    }
  });
}
