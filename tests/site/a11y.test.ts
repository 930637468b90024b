/** axe-core in Chromium on one page of each kind, in light and dark mode: no serious or critical violation. */
import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {useSiteInBrowser, withPage} from '../helpers/site';

const PAGES = {
  home: '/',
  guide: '/docs/guides/banking-guide',
  terminology: '/docs/guides/terminology/kyc',
  'API operation': '/docs/api/crypto/wallet/whitdraw-crypto',
  'category index': '/docs/category/wallet',
  blog: '/blog',
};

const site = useSiteInBrowser();

for (const mode of ['light', 'dark'] as const) {
  for (const [kind, route] of Object.entries(PAGES)) {
    test(`${kind} (${route}) in ${mode} mode has no serious or critical axe violation`, async () => {
      await withPage(
        site,
        route,
        async (page) => {
          assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), mode);
          await page.waitForLoadState('networkidle');
          const results = await new AxeBuilder({page}).analyze();
          const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          const report = serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.length}× e.g. ${v.nodes[0]?.target.join(' ')} — ${v.nodes[0]?.failureSummary?.split('\n')[1] ?? ''}`);
          assert.deepEqual(report, []);
        },
        {init: `localStorage.setItem('theme', '${mode}');`},
      );
    });
  }
}
