/**
 * What a visitor sees when something fails, on the production build (no test-only routes): a page whose
 * content throws shows "This page crashed." with Try again; the try-it panel whose code fails to download offers
 * Retry. (A failed next-route load reloads the page: tests/site/browser.test.ts.)
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {SITE_ROOT} from '../../tools/cli';
import {useSiteInBrowser, withPage} from '../helpers/site';

const site = useSiteInBrowser();
const RECOVER_KEY = 'test-crash-may-recover';

/**
 * An init script that makes the content component of one page throw while rendering, until sessionStorage says it
 * may recover. It wraps the bundler's chunk-loading global (`self.webpackChunk<package name>` with Rspack 1,
 * `rspackChunk…` with Rspack 2: read from the built runtime, which every chunk pushes its modules onto): the module whose source contains `marker` gets a default export that throws.
 */
function crashingContent(marker: string): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(SITE_ROOT, 'package.json'), 'utf8')) as {name: string};
  const js = path.join(SITE_ROOT, 'build', 'assets', 'js');
  const runtime = fs.readdirSync(js).find((f) => f.startsWith('runtime~main.') && f.endsWith('.js'));
  assert.ok(runtime, `a runtime~main script in ${js}`);
  // relies on: chunk-loading-global
  const global = new RegExp(`\\b(?:webpack|rspack)Chunk${pkg.name.replace(/[^a-zA-Z0-9_$]/g, '_')}\\b`).exec(
    fs.readFileSync(path.join(js, runtime), 'utf8'),
  )?.[0];
  assert.ok(global, `the chunk-loading global of ${runtime}`);
  return `(() => {
    const marker = ${JSON.stringify(marker)};
    const patch = ([, modules]) => {
      for (const [id, factory] of Object.entries(modules)) {
        if (factory.__crashing || !String(factory).includes(marker)) continue;
        const wrapped = function (module, exports, require) {
          factory.call(this, module, exports, require);
          const original = module.exports;
          const Content = original.default;
          const out = {...original};
          Object.defineProperty(out, '__esModule', {value: true});
          out.default = function CrashingContent(props) {
            if (sessionStorage.getItem(${JSON.stringify(RECOVER_KEY)}) !== 'yes') throw new Error('Deliberate crash (test)');
            return Content(props);
          };
          module.exports = out;
        };
        wrapped.__crashing = true;
        modules[id] = wrapped;
      }
    };
    const chunks = [];
    let runtimePush;
    const beforeRuntime = (...items) => { items.forEach(patch); return Array.prototype.push.apply(chunks, items); };
    const afterRuntime = (...items) => { items.forEach(patch); return runtimePush(...items); };
    Object.defineProperty(chunks, 'push', {
      configurable: true,
      get: () => (runtimePush ? afterRuntime : beforeRuntime),
      set: (fn) => { runtimePush = fn; },
    });
    self[${JSON.stringify(global)}] = chunks;
  })();`;
}

test('a page whose content throws shows "This page crashed." and Try again renders it once it works', async () => {
  const context = await site.browser.newContext();
  try {
    await context.addInitScript({content: crashingContent('How the portal is built')});
    const page = await context.newPage();
    // Not withPage: a crashed page never hydrates.
    await page.goto(`${site.server.origin}/markdown-page`);
    await page.getByText('This page crashed.').waitFor();
    const tryAgain = page.getByRole('button', {name: 'Try again'});
    assert.ok(await tryAgain.isVisible());
    // Still broken: Try again shows the crash page again.
    await tryAgain.click();
    await page.getByText('This page crashed.').waitFor();
    await page.evaluate((key) => sessionStorage.setItem(key, 'yes'), RECOVER_KEY);
    await page.getByRole('button', {name: 'Try again'}).click();
    await page.getByRole('heading', {name: 'How the portal is built'}).waitFor();
    assert.equal(await page.getByText('This page crashed.').count(), 0);
  } finally {
    await context.close();
  }
});

test('the try-it panel whose code fails to download offers Retry, which loads it once the network is back', async () => {
  await withPage(site, '/docs/api/coin/list-coins', async (page) => {
    await page.waitForLoadState('networkidle');
    // Every script requested from now on is the panel's code.
    let failing = true;
    let aborted = 0;
    await page.route('**/assets/js/*.js', (route) => {
      if (!failing) return route.continue();
      aborted++;
      return route.abort();
    });
    await page.getByRole('button', {name: 'Try it'}).click();
    const retry = page.getByRole('button', {name: 'Retry'});
    await retry.waitFor();
    assert.ok(aborted > 0, 'the panel asked for its code');
    assert.match(await page.getByRole('alert').innerText(), /request form could not be loaded/);
    // relies on: openapi-endpoint-markup
    assert.ok(await page.locator('.openapi__method-endpoint').isVisible(), 'the rest of the page is still there');
    failing = false;
    await retry.click();
    // relies on: openapi-try-it-markup
    await page.locator('.openapi-explorer__request-form').waitFor({timeout: 15000});
    assert.equal(await retry.count(), 0);
  });
});
