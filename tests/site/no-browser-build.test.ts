/**
 * A writer's laptop: no Chrome/Chromium/Edge (CHROMIUM_PATH points nowhere) and no root. `npm run build` must still
 * succeed, say once that diagrams are drawn in the browser, never try to install anything, and the diagrams must
 * render in the visitor's browser (@docusaurus/theme-mermaid). Built in a scratch copy of the site.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {after, before, test} from 'node:test';
import type {Browser} from 'playwright-core';
import {launchChromium} from '../../tools/cli/chromium';
import {run, type RunResult} from '../../tools/cli';
import {scratchSite} from '../../tools/site/scratch-site';
import {serveBuild, type Served} from '../../tools/site/serve-build';

let site: string;
let build: RunResult;
let installAttempts: string;
let server: Served;
let browser: Browser;

before(async () => {
  site = scratchSite('no-browser');
  // Package managers that record being called: the build must not reach for them.
  const fakeBin = path.join(site, '.fake-bin');
  fs.mkdirSync(fakeBin);
  installAttempts = path.join(site, 'install-attempts.log');
  for (const name of ['apt-get', 'apt', 'sudo']) {
    fs.writeFileSync(path.join(fakeBin, name), `#!/bin/sh\necho "${name} $*" >> ${installAttempts}\nexit 1\n`, {mode: 0o755});
  }
  build = run('npm', ['run', 'build'], site, {
    CHROMIUM_PATH: path.join(site, 'no-browser-here'),
    PATH: `${fakeBin}${path.delimiter}${process.env.PATH}`,
    // relies on: cold-build-switch
    DOCUSAURUS_NO_PERSISTENT_CACHE: '1',
  });
  if (build.status === 0) [server, browser] = await Promise.all([serveBuild(path.join(site, 'build')), launchChromium('the browser tests')]);
});
after(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(site, {recursive: true, force: true});
});

test('npm run build succeeds without a browser, warns once and installs nothing', () => {
  assert.equal(build.status, 0, build.output.slice(-3000));
  assert.equal(build.output.match(/No Chrome, Chromium or Edge found/g)?.length, 1, 'one warning');
  assert.match(build.output, /diagrams are drawn in the visitor's browser by @docusaurus\/theme-mermaid/);
  assert.equal(fs.existsSync(installAttempts) ? fs.readFileSync(installAttempts, 'utf8') : '', '', 'no package manager was called');
});

test('the diagrams of that build render in the browser', async () => {
  const context = await browser.newContext({viewport: {width: 1280, height: 900}});
  try {
    const page = await context.newPage();
    await page.goto(`${server.origin}/docs/guides/flow-of-fund-guide`);
    await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
    assert.equal(await page.locator('.novaramp-mermaid').count(), 0, 'no build-time images');
    const diagram = page.locator('.docusaurus-mermaid-container svg').first();
    await diagram.waitFor({timeout: 20000});
    assert.ok((await page.locator('.docusaurus-mermaid-container svg').count()) >= 2, 'both diagrams drawn');
    assert.match((await diagram.textContent()) ?? '', /NovaRamp/, 'the sequence diagram has its participants');
  } finally {
    await context.close();
  }
});
