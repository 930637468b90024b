/**
 * Crash page and content-load retry, in Chromium, on the e2e build (build-e2e/: the production site plus two
 * test-only routes from tests/e2e-site). The production build must not contain those routes.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {after, test} from 'node:test';
import {E2E_ROUTES} from './e2e-site/plugin';
import {ROOT} from './helpers/routes';
import {useSiteInBrowser} from './helpers/site';

const site = useSiteInBrowser('build-e2e');

test('a page that throws shows "This page crashed." and Try again renders it once it works', async () => {
  const context = await site.browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${site.server.origin}${E2E_ROUTES.crash}`);
    await page.getByText('This page crashed.').waitFor();
    const tryAgain = page.getByRole('button', {name: 'Try again'});
    assert.ok(await tryAgain.isVisible());
    // Still broken: Try again shows the crash page again.
    await tryAgain.click();
    await page.getByText('This page crashed.').waitFor();
    await page.evaluate(() => sessionStorage.setItem('e2e-crash-may-recover', 'yes'));
    await page.getByRole('button', {name: 'Try again'}).click();
    await page.getByRole('heading', {name: 'Recovered after Try again'}).waitFor();
    assert.equal(await page.getByText('This page crashed.').count(), 0);
  } finally {
    await context.close();
  }
});

test('content whose chunk fails to load offers Retry, which loads it once the network is back', async () => {
  const context = await site.browser.newContext();
  try {
    const page = await context.newPage();
    let failing = true;
    await page.route('**/assets/js/e2e-lazy-content.*.js', (route) => (failing ? route.abort() : route.continue()));
    await page.goto(`${site.server.origin}${E2E_ROUTES.lazy}`);
    const retry = page.getByRole('button', {name: 'Retry'});
    await retry.waitFor();
    assert.equal(await page.getByText('Lazy content loaded').count(), 0);
    failing = false;
    await retry.click();
    await page.getByRole('heading', {name: 'Lazy content loaded'}).waitFor();
  } finally {
    await context.close();
  }
});

test('the production build and its sitemap contain no test-only route', () => {
  const files = fs.readdirSync(path.join(ROOT, 'build'), {recursive: true}).map(String);
  assert.deepEqual(files.filter((f) => f.includes('__e2e') || f.includes('e2e-lazy-content')), []);
  assert.doesNotMatch(fs.readFileSync(path.join(ROOT, 'build', 'sitemap.xml'), 'utf8'), /__e2e/);
  assert.ok(fs.existsSync(path.join(ROOT, 'build-e2e', '__e2e', 'crash.html')), 'the e2e build has them');
});
