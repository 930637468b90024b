/**
 * A guide's tabs in the production build are the classic theme's (src/plugins/markdown-tabs, issue #47): none of the
 * scripts its first visit loads is the OpenAPI theme's CommonJS copy of them (TypeScript's CommonJS output, which the
 * classic theme's ES modules are not), and they behave as tabs: the keyboard moves between a group's tabs, a choice
 * selects that language in every group of the page and is kept for the next page (the `lang` group). The operation
 * pages' own tabs (the OpenAPI theme's) are tests/site/api-page.test.ts's.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {SITE_ROOT} from '../../tools/cli';
import {useSiteInBrowser, withPage} from '../helpers/site';

const GUIDE = '/docs/guides/banking-guide';
/** A guide with tabs of the same group, to see the choice kept. */
const NEXT_GUIDE = '/docs/guides/flow-of-fund-guide';
/** What TypeScript writes at the top of a CommonJS module that imports a default export (the OpenAPI theme's lib/). */
const TYPESCRIPT_COMMONJS = 'this&&this.__importDefault||function';

const site = useSiteInBrowser();

test("a guide's first visit loads no CommonJS copy of the tabs, and its tabs work as tabs", async () => {
  await withPage(site, GUIDE, async (page) => {
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.endsWith('.js')),
    );
    assert.ok(scripts.length > 5, 'the page scripts were listed');
    const commonJs = scripts.filter((p) => fs.readFileSync(path.join(SITE_ROOT, 'build', p), 'utf8').includes(TYPESCRIPT_COMMONJS));
    assert.deepEqual(commonJs, [], 'no script of the first visit is TypeScript CommonJS');

    const groups = page.locator('[role="tablist"]');
    assert.ok((await groups.count()) >= 2, 'the guide has several groups of tabs');
    const first = groups.first();
    await first.getByRole('tab', {name: 'cURL'}).focus();
    await page.keyboard.press('ArrowRight');
    const focused = await page.evaluate(() => document.activeElement?.textContent);
    assert.notEqual(focused, 'cURL', 'ArrowRight moves to the next tab');
    await first.getByRole('tab', {name: 'Python'}).click();
    const selected = await page.locator('[role="tab"][aria-selected="true"]').allTextContents();
    assert.ok(selected.length >= 2 && selected.every((label) => label === 'Python'), `every group shows Python: ${selected.join(', ')}`);
    await page.goto(`${site.server.origin}${NEXT_GUIDE}`);
    await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
    assert.deepEqual([...new Set(await page.locator('[role="tab"][aria-selected="true"]').allTextContents())], ['Python'], 'kept for the next page');
  });
});
