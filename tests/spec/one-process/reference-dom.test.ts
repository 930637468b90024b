/**
 * The reference's behaviour in a real browser, on fixture specs (tests/fixtures/reference/), without a site build: the
 * fixture's reference in a page of its own, made interactive by the page's very module (tests/helpers/reference-browser.ts
 * puts it together as the site does), in Chromium (OpenAPI 3.2's features and nested arrays: reference-oas32-dom.test.ts):
 * - every `oneOf`/`anyOf` variant shows its own fields when its tab is selected (a discriminated payment method, an
 *   id-or-object field), and hides the others;
 * - a recursive schema's link goes to its expansion: it opens the `<details>` around the target, scrolls to it and
 *   puts its anchor in the address;
 * - a link to a place the page has not loaded yet (inside a deferred panel) selects the tab that holds it first.
 */
import assert from 'node:assert/strict';
import {after, before, test} from 'node:test';
import type {Browser} from 'playwright-core';
import {launchChromium} from '../../../tools/cli/chromium';
import {fixtureOperation, ownRows, withReference} from '../../helpers/reference-browser';

let browser: Browser;
before(async () => {
  browser = await launchChromium('the reference behaviour tests');
});
after(async () => {
  await browser?.close();
});

test('a discriminated oneOf: each variant shows its own fields when its tab is selected, and only those', async () => {
  const m = await fixtureOperation('discriminator.yaml', 'createPaymentMethod');
  await withReference(browser, m, async (page) => {
    const group = page.locator('.novaramp-variants').first();
    const expected: Record<string, string[]> = {
      'card, debit_card': ['type', 'last4', 'expires'],
      bank_account: ['type', 'iban', 'bic'],
      wallet: ['type', 'address', 'network'],
    };
    for (const [label, fields] of Object.entries(expected)) {
      const tab = group.getByRole('tab', {name: label, exact: true});
      await tab.click();
      const panel = `[id="${await tab.getAttribute('aria-controls')}"]`;
      await page.locator(`${panel}:not([aria-busy])`).waitFor();
      assert.equal(await tab.getAttribute('aria-selected'), 'true');
      assert.deepEqual(await ownRows(page, panel), fields, label);
      // The other variants' panels are hidden.
      const others = await group.locator('[role="tabpanel"]:visible').count();
      assert.equal(others, 1, `only ${label}'s panel is shown`);
    }
  });
});

test('an id-or-object field (anyOf of a string and an object): each variant shows its own content', async () => {
  const m = await fixtureOperation('expandable.yaml', 'getCharge');
  await withReference(browser, m, async (page) => {
    // The field's row is collapsed, as every object row: open it.
    await page.locator('.novaramp-reference details:not([open]) > summary').first().click();
    const group = page.locator('.novaramp-variants').first();
    const tabs = await group.getByRole('tab').allInnerTexts();
    assert.equal(tabs.length, 2, tabs.join(' | '));
    const texts: string[] = [];
    for (const name of tabs) {
      const tab = group.getByRole('tab', {name, exact: true});
      await tab.click();
      const panel = page.locator(`[id="${await tab.getAttribute('aria-controls')}"]`);
      await page.locator(`[id="${await tab.getAttribute('aria-controls')}"]:not([aria-busy])`).waitFor();
      assert.ok(await panel.isVisible(), `${name}: its panel is shown`);
      texts.push((await panel.innerText()).trim());
    }
    assert.notEqual(texts[0], texts[1], 'the two variants do not show the same content');
    assert.ok(
      texts.some((t) => /^string\b/.test(t)),
      `one variant is the identifier string: ${texts.join(' | ')}`,
    );
  });
});

test('a recursive schema: its link goes to its expansion, opened and scrolled to, its anchor in the address', async () => {
  const m = await fixtureOperation('recursion.yaml', 'getCategory');
  await withReference(browser, m, async (page) => {
    // `children` is a list of categories: its fields point back to the category it is in.
    const link = page.locator('.novaramp-reference .novaramp-schema-link a').first();
    const target = decodeURIComponent(((await link.getAttribute('href')) ?? '').slice(1));
    assert.ok(target, 'the recursive row links to an anchor');
    // Open the rows down to the link, then leave the expansion out of view.
    await link.evaluate((a) => {
      for (let d = a.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
    });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await link.click();
    await page.waitForFunction((id) => window.location.hash === `#${encodeURIComponent(id)}`, target);
    const shown = await page.evaluate((id) => {
      const el = document.getElementById(id) as HTMLElement;
      const box = el.getBoundingClientRect();
      return {open: el instanceof HTMLDetailsElement ? el.open : true, top: box.top, height: box.height};
    }, target);
    assert.ok(shown.open, 'the expansion is open');
    assert.ok(shown.height > 0 && shown.top >= -1 && shown.top < 700, `the expansion is scrolled into view (top ${shown.top})`);
  });
});

test('a link to a place in a panel the page has not loaded yet selects the tab that holds it, then shows it', async () => {
  const m = await fixtureOperation('recursion.yaml', 'getCategory');
  await withReference(browser, m, async (page) => {
    // A hidden panel: the response's example, cut out of the page's HTML until its tab is selected.
    const deferred = page.locator('.novaramp-reference [role="tabpanel"][data-deferred]').first();
    const panelId = await deferred.getAttribute('id');
    assert.ok(panelId, 'the reference has a deferred panel');
    assert.equal(await deferred.evaluate((el) => el.childElementCount), 0, 'its contents are not in the page yet');
    await page.evaluate((id) => {
      const a = document.createElement('a');
      a.href = `#${id}`;
      a.textContent = 'to the example';
      a.id = 'probe-link';
      document.querySelector('.novaramp-reference')?.prepend(a);
    }, panelId);
    await page.locator('#probe-link').click();
    await page.waitForFunction(
      (id) => !document.getElementById(id)?.hasAttribute('hidden') && !document.getElementById(id)?.hasAttribute('data-deferred'),
      panelId,
    );
    assert.ok((await page.locator(`[id="${panelId}"]`).evaluate((el) => el.childElementCount)) > 0, 'the panel was filled');
    assert.equal(await page.locator(`[aria-controls="${panelId}"]`).getAttribute('aria-selected'), 'true');
  });
});
