/**
 * The try-it panel of an API page sends a real request — to a local Prism mock of the bundled spec that this test
 * starts on 127.0.0.1, never the internet — and shows the response. Credentials stay in sessionStorage.
 */
import assert from 'node:assert/strict';
import {spawn, type ChildProcess} from 'node:child_process';
import {after, before, test} from 'node:test';
import type {Browser} from 'playwright-core';
import {launchChromium} from '../../tools/cli/chromium';
import {SITE_ROOT} from '../../tools/cli';
import {freePort, serveBuild, type Served} from '../../tools/site/serve-build';

let server: Served;
let browser: Browser;
let mock: ChildProcess;
let mockPort: number;
let mockLog = '';

before(async () => {
  mockPort = await freePort();
  mock = spawn(process.execPath, ['--import', 'tsx', 'scripts/mock.ts', '--port', String(mockPort)], {cwd: SITE_ROOT, stdio: ['ignore', 'pipe', 'pipe']});
  mock.stdout?.on('data', (d) => (mockLog += d));
  mock.stderr?.on('data', (d) => (mockLog += d));
  [server, browser] = await Promise.all([serveBuild(), launchChromium('the browser tests')]);
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${mockPort}/coins`, {headers: {Authorization: 'Bearer sk_sandbox_x'}})).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`mock did not start:\n${mockLog}`);
    await new Promise((r) => setTimeout(r, 300));
  }
});
after(async () => {
  mock?.kill('SIGTERM');
  await browser?.close();
  await server?.stop();
});

test('try-it sends the request to the local mock server and shows the response; the key stays in sessionStorage', async () => {
  const context = await browser.newContext({viewport: {width: 1280, height: 900}});
  try {
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`${server.origin}/docs/api/coin/list-coins`);
    await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
    // The request panel loads on first use.
    await page.getByRole('button', {name: 'Try it'}).click();
    // relies on: openapi-try-it-markup
    const form = page.locator('form.openapi-explorer__request-form');
    await form.waitFor({timeout: 15000});
    // The Edit button of the Base URL only shows while the pointer is over it.
    // relies on: openapi-try-it-markup
    await form.locator('.openapi-explorer__floating-btn').hover();
    // relies on: openapi-try-it-markup
    await form.locator('.openapi-explorer__floating-btn button', {hasText: 'Edit'}).click();
    const serverSelect = form.locator('select').first();
    const mockOption = await serverSelect.locator('option', {hasText: '127.0.0.1'}).first().getAttribute('value');
    await serverSelect.selectOption(mockOption!);
    const portInput = form.getByLabel('port', {exact: true});
    await portInput.fill(String(mockPort));
    await form.getByLabel('Bearer Token').fill('sk_sandbox_try_it_key');
    await form.getByRole('button', {name: 'Send API Request'}).click();
    // relies on: openapi-try-it-markup
    await page.waitForFunction(() => /"USD Coin"/.test(document.querySelector('.openapi-explorer__response-container')?.textContent ?? ''), undefined, {
      timeout: 15000,
    });
    // relies on: openapi-try-it-markup
    assert.match(await page.locator('.openapi-explorer__response-container').innerText(), /\b200\b/);
    assert.ok(
      requests.some((u) => u.startsWith(`http://127.0.0.1:${mockPort}/coins`)),
      'the request went to the mock',
    );
    assert.ok(!requests.some((u) => /novaramp\.example/.test(u)), 'nothing went to the sandbox host');
    const stored = await page.evaluate(() => ({
      session: JSON.stringify(Object.assign({}, sessionStorage)),
      local: JSON.stringify(Object.assign({}, localStorage)),
    }));
    assert.match(stored.session, /sk_sandbox_try_it_key/);
    assert.doesNotMatch(stored.local, /sk_sandbox_try_it_key/);
    // relies on: openapi-code-tabs
    const snippet = await page.locator('.openapi-explorer__code-block pre').first().innerText();
    assert.doesNotMatch(snippet, /sk_sandbox_try_it_key/, 'the code snippet masks the key');
  } finally {
    await context.close();
  }
});
