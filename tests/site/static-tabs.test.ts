/**
 * Markdown pages' tabs and the guides' Run buttons are static HTML (src/plugins/static-tabs, src/plugins/workflow-steps,
 * issue #47), made to work by one listener on the document. In Chromium on the production build:
 * - a guide's first visit loads no Tabs component (the classic theme's or the OpenAPI theme's copy): none of its
 *   scripts holds their code, and it hydrates without an error in the console (React reports mismatches there);
 * - choosing Python in one step's tabs shows Python in every `lang` group of the page (a lazy panel filled from its
 *   step's file), keeps the chosen tab where it was on the screen, is stored under the classic key, and is shown
 *   again after a reload, on another guide and in another browser tab;
 * - the keyboard moves the focus along a group's tabs as the classic Tabs do (arrows, wrapping; Home and End), Enter
 *   chooses, and only the selected tab is in the Tab order;
 * - after a client-side navigation to a guide, its samples are filled and its Run buttons run.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import type {Page} from 'playwright-core';
import {SITE_ROOT} from '../../tools/cli';
import {openHydrated, sealedContext, VIEWPORTS} from '../helpers/browser-sandbox';
import {useSiteInBrowser, withPage} from '../helpers/site';

const site = useSiteInBrowser();

const GUIDE = '/docs/guides/banking-guide';
const OTHER_GUIDE = '/docs/guides/flow-of-fund-guide';
const RUN_GUIDE = '/docs/guides/create-account-guide';
/** The classic Tabs' storage key of the `lang` group (the site's storage has no namespace). */
// relies on: code-samples-tab-storage
const LANG_KEY = 'docusaurus.tab.lang';
/** A string only the Tabs' hooks hold (@docusaurus/theme-common's tabsUtils: the classic Tabs and the OpenAPI theme's copy). */
const TABS_CODE = ['the <Tabs> component requires at least one <TabItem>'];

/** The selected tab's label of every `lang` group of the page. */
const selectedLabels = (page: Page) => page.locator('[data-tabs-group="lang"] [role="tab"][aria-selected="true"]').allTextContents();

test("a guide's first visit loads no Tabs component and hydrates without a console error", async () => {
  await withPage(site, GUIDE, async (page) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(errors, [], 'no error while the guide loads and hydrates');
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.endsWith('.js')),
    );
    assert.ok(scripts.length > 5, 'the page scripts were listed');
    const withTabs = scripts.filter((p) => {
      const code = fs.readFileSync(path.join(SITE_ROOT, 'build', p), 'utf8');
      return TABS_CODE.some((s) => code.includes(s));
    });
    assert.deepEqual(withTabs, [], 'no script of the first visit holds a Tabs component (the static tabs load on first use)');
    // The classic markup: every group's selected tab is the only one in the Tab order, its panel the only one shown.
    // relies on: openapi-tabs
    const groups = page.locator('.tabs-container');
    assert.ok((await groups.count()) >= 10, 'the guide has its own tabs and its steps');
    const markup = await groups.evaluateAll((sets) =>
      sets.map((set) => {
        const tabs = [...set.querySelectorAll(':scope > [role="tablist"] > [role="tab"]')];
        const panels = [...set.querySelectorAll(':scope > div > [role="tabpanel"]')];
        return {
          tabs: tabs.length,
          panels: panels.length,
          selected: tabs.filter(
            (t) => t.getAttribute('aria-selected') === 'true' && t.getAttribute('tabindex') === '0' && t.classList.contains('tabs__item--active'),
          ).length,
          others: tabs.filter((t) => t.getAttribute('aria-selected') === 'false' && t.getAttribute('tabindex') === '-1').length,
          shown: panels.filter((p) => !(p as HTMLElement).hidden).length,
        };
      }),
    );
    for (const m of markup) assert.deepEqual(m, {tabs: m.tabs, panels: m.tabs, selected: 1, others: m.tabs - 1, shown: 1});
  });
});

test('a choice shows in every lang group, keeps the tab in place, and is kept after a reload, on another guide and in another tab', async () => {
  await withPage(site, GUIDE, async (page, context) => {
    const groups = page.locator('[data-tabs-group="lang"]');
    const count = await groups.count();
    assert.ok(count >= 10, `the guide has many lang groups (${count})`);
    assert.deepEqual(new Set(await selectedLabels(page)), new Set(['cURL']), 'cURL first');
    // A step's tabs far down the page: the groups above change height when Python is chosen.
    const group = groups.nth(count - 2);
    const python = group.getByRole('tab', {name: 'Python'});
    await python.scrollIntoViewIfNeeded();
    const before = await python.evaluate((el) => el.getBoundingClientRect().top);
    await python.click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-tabs-group="lang"] [role="tab"][aria-selected="true"]')].every((t) => t.textContent === 'Python'),
    );
    // The lazy panels shown are filled from their steps' files, which re-flows the page above again.
    await page.waitForFunction(() => !document.querySelector('[role="tabpanel"]:not([hidden])[data-step-sample-src], [role="tabpanel"] [aria-busy]'));
    await page.waitForTimeout(200);
    const after = await python.evaluate((el) => el.getBoundingClientRect().top);
    assert.ok(Math.abs(after - before) <= 1, `the chosen tab stays where it was on the screen (${before} → ${after})`);
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), LANG_KEY), 'python', 'stored under the classic key');
    // The lazy panel is filled from the step's file, with the Python sample.
    const shown = group.locator('[role="tabpanel"]:not([hidden]) code');
    await shown.waitFor();
    assert.match((await shown.textContent()) ?? '', /requests\.|import /, 'the Python sample');

    const other = await context.newPage();
    await openHydrated(site, other, OTHER_GUIDE);
    await other.waitForFunction(() =>
      [...document.querySelectorAll('[data-tabs-group="lang"] [role="tab"][aria-selected="true"]')].every((t) => t.textContent === 'Python'),
    );
    assert.deepEqual(new Set(await selectedLabels(other)), new Set(['Python']), 'another guide opens on Python');

    // Another browser tab's choice arrives through the storage event.
    await other.locator('[data-tabs-group="lang"]').first().getByRole('tab', {name: 'Node.js'}).click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-tabs-group="lang"] [role="tab"][aria-selected="true"]')].every((t) => t.textContent === 'Node.js'),
    );
    const filled = groups.nth(0).locator('[role="tabpanel"]:not([hidden]) code');
    assert.match((await filled.textContent()) ?? '', /\S/, 'the Node.js panel has its sample');

    await page.reload();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-tabs-group="lang"] [role="tab"][aria-selected="true"]')].every((t) => t.textContent === 'Node.js'),
    );
    const panels = await groups.evaluateAll((sets) => sets.map((s) => s.querySelectorAll('[role="tabpanel"]:not([hidden])').length));
    assert.ok(
      panels.every((n) => n === 1),
      'after a reload, one panel shown in each group',
    );
  });
});

test('the keyboard moves along the tabs as the classic Tabs do, and Enter chooses', async () => {
  await withPage(site, GUIDE, async (page) => {
    const group = page.locator('[data-tabs-group="lang"]').first();
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await group.getByRole('tab', {name: 'cURL'}).focus();
    const press = async (key: string, label: string) => {
      await page.keyboard.press(key);
      await page.waitForFunction((l) => document.activeElement?.textContent === l, label, {timeout: 5000}).catch(() => undefined);
      assert.equal(await focused(), label, `${key} moves the focus to ${label}`);
    };
    await press('ArrowRight', 'Node.js');
    await press('ArrowLeft', 'cURL');
    await press('ArrowLeft', 'Python');
    await press('ArrowRight', 'cURL');
    await press('End', 'Python');
    await press('Home', 'cURL');
    await press('ArrowRight', 'Node.js');
    assert.equal(await group.getByRole('tab', {name: 'cURL'}).getAttribute('aria-selected'), 'true', 'moving the focus chooses nothing');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-selected') === 'true');
    assert.deepEqual(
      await group.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => [t.textContent, t.getAttribute('tabindex')])),
      [
        ['cURL', '-1'],
        ['Node.js', '0'],
        ['TypeScript', '-1'],
        ['Python', '-1'],
      ],
      'Enter chooses; only the selected tab is in the Tab order',
    );
  });
});

test('after a client-side navigation to a guide, its samples are there and its Run buttons run', async () => {
  const {context, leaked} = await sealedContext(site, VIEWPORTS.desktop);
  try {
    const page = await context.newPage();
    await openHydrated(site, page, GUIDE);
    await page.evaluate(() => ((window as unknown as {notReloaded: boolean}).notReloaded = true));
    await page.locator(`nav a[href="${RUN_GUIDE}"]`).first().click();
    await page.waitForURL((url) => url.pathname === RUN_GUIDE);
    const block = page.locator('#run-onboard-account-create-account');
    await block.waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as {notReloaded?: boolean}).notReloaded), true, 'a client-side navigation');
    // The first step's sample, rendered after the navigation, is filled from its file.
    const sample = page.locator('[data-tabs-group="lang"] [role="tabpanel"]:not([hidden]) code').nth(1);
    await page.waitForFunction(() => !document.querySelector('[data-step-sample-src]:not([hidden])'));
    assert.match((await sample.textContent()) ?? '', /\S/, 'the samples shown are filled');
    const button = block.getByRole('button', {name: 'Run step create-account in the sandbox'});
    await button.click();
    const output = block.locator('[aria-live="polite"]');
    await output
      .getByText(/^\d{3} from /m)
      .first()
      .waitFor({timeout: 60000});
    assert.match(await output.innerText(), /^20[01] from POST /m, 'the step ran and answered');
    await block.locator('button:not([aria-busy])').waitFor();
    assert.equal(await button.textContent(), 'Run step create-account in the sandbox', 'the label is back once the answer is there');
    assert.deepEqual(leaked, [], 'nothing left the machine');
  } finally {
    await context.close();
  }
});
