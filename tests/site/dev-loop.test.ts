/**
 * The API engineer's loop (`npm start`): every valid spec change (the heading, the reference) shows up in the open
 * browser without a restart; an invalid one prints the file:line error in the terminal and the last good pages stay. Runs in a throwaway copy
 * of the site so the real openapi/ is never touched.
 */
import assert from 'node:assert/strict';
import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {after, before, test} from 'node:test';
import type {Browser} from 'playwright-core';
import {scratchSite} from '../../tools/site/scratch-site';
import {launchChromium} from '../../tools/cli/chromium';
import {freePort} from '../../tools/site/serve-build';
import {GENERATED_DIR} from '../../src/data/api-table';
import {REFERENCE_HTML_FOLDER} from '../../src/data/static-reference';

let site: string;
let dev: ChildProcess;
let origin: string;
let output = '';
let browser: Browser;

before(async () => {
  // Sources only: no generated pages, no built downloads.
  site = scratchSite('dev');
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dev = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--port', String(port)], {
    cwd: site,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  dev.stdout?.on('data', (d) => (output += d));
  dev.stderr?.on('data', (d) => (output += d));
  browser = await launchChromium('the browser tests');
  const deadline = Date.now() + 180_000;
  while (
    !(await fetch(`${origin}/docs/api/coin/list-coins`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || dev.exitCode !== null) throw new Error(`npm start did not serve the site:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
});
after(async () => {
  await browser?.close();
  if (dev?.pid && dev.exitCode === null) {
    // The server's process group, and only then its folder: a regeneration still writing there kept it from going.
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    process.kill(-dev.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
  if (site) fs.rmSync(site, {recursive: true, force: true, maxRetries: 5});
});

const waitFor = async (what: string, check: () => boolean | Promise<boolean>, ms = 120_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

test('a summary, then a parameter of the reference, changed in openapi/ appear in the open page (each save, not only the first); a broken spec prints file:line and keeps the pages', async () => {
  const page = await browser.newPage();
  const browserLog: string[] = [];
  page.on('console', (m) => browserLog.push(`${m.type()}: ${m.text().slice(0, 200)}`));
  page.on('pageerror', (e) => browserLog.push(`pageerror: ${e.message.slice(0, 200)}`));
  page.on('response', (r) => r.url().includes('/assets/reference/') && browserLog.push(`${r.status()} ${new URL(r.url()).pathname}`));
  await page.goto(`${origin}/docs/api/coin/list-coins`);
  const heading = page.locator('h1').first();
  await heading.waitFor();
  assert.equal(await heading.innerText(), 'List supported coins');
  // No server render in development: the reference comes from its file (src/plugins/static-reference).
  const reference = page.locator('.novaramp-reference:not([aria-busy])');
  await reference.getByText('Only return crypto assets or only fiat currencies.').waitFor();

  // The classification of the working spec at start: what it changed since the latest release, not yet released.
  const CLASSIFIED = /lint clean · vs (\d+\.\d+\.\d+): (\d+) breaking, (\d+) deprecation, (\d+) non-breaking, (\d+) documentation\n/g;
  const atStart = [...output.matchAll(CLASSIFIED)].at(-1);
  assert.ok(atStart, `npm start printed no classification of the spec:\n${output.slice(-3000)}`);
  const [, release, breaking, deprecation, nonBreaking, documentation] = atStart;
  const specFile = path.join(site, 'openapi', 'paths', 'coins.yaml');
  const spec = fs.readFileSync(specFile, 'utf8');
  fs.writeFileSync(specFile, spec.replace('summary: List supported coins', 'summary: List every supported coin'));
  await waitFor('the new summary in the browser', async () => (await heading.innerText().catch(() => '')) === 'List every supported coin');
  assert.match(output, /openapi\/paths\/coins\.yaml changed: linting and regenerating/);
  // The save's classification against the latest release, next to the lint result (tools/spec-diff).
  // The save adds one documentation change (the summary) to those at start.
  const afterSave = `lint clean · vs ${release}: ${breaking} breaking, ${deprecation} deprecation, ${nonBreaking} non-breaking, ${Number(documentation) + 1} documentation\n`;
  await waitFor('the classification of the save', () => output.includes(afterSave));

  // A change in the reference part of the page reaches it as well.
  fs.writeFileSync(
    specFile,
    spec
      .replace('summary: List supported coins', 'summary: List every supported coin')
      .replace('description: Only return crypto assets or only fiat currencies.', 'description: Only crypto assets, or only fiat currencies.'),
  );
  const changed = reference.getByText('Only crypto assets, or only fiat currencies.');
  await waitFor('the new description in the reference', () => changed.isVisible(), 120_000).catch(async (e: Error) => {
    // What the page shows instead (the old reference, a failed load, still loading) and whether its file is there.
    const shown = await page
      .locator('[data-file], [role=alert]')
      .evaluateAll((els) => els.map((el) => `${el.getAttribute('data-file') ?? ''} busy=${el.getAttribute('aria-busy')} ${el.textContent?.slice(0, 120)}`));
    const files = fs.readdirSync(path.join(site, GENERATED_DIR, REFERENCE_HTML_FOLDER));
    throw new Error(
      `${e.message}\npage shows: ${shown.join(' | ')}\nreference files: ${files.length}, named on the page: ${shown.map((s) => files.includes(s.split(' ')[0])).join(',')}\nbrowser: ${browserLog.slice(-20).join('\n  ')}`,
    );
  });

  const before = output.length;
  fs.writeFileSync(specFile, spec.replace('summary: List supported coins', 'summary: List every supported coin').replace(/^get:\n/, 'get: [unclosed\n'));
  await waitFor('the error in the terminal', () => /last good pages stay in place/.test(output.slice(before)));
  assert.match(output.slice(before), /openapi\/paths\/coins\.yaml:\d+:\d+: /);
  await page.reload();
  await heading.waitFor();
  assert.equal(await heading.innerText(), 'List every supported coin', 'the last good page is still served');
});

test("a guide's spec table and its workflow step follow an edit of the spec and of the workflow", async (t) => {
  const page = await browser.newPage();
  /** Whether the article at `route`, loaded again, says `text`. */
  const says = async (route: string, text: string) => {
    // A dev server busy rebuilding can take longer than a navigation's 30 s to answer (seen in the canary under load):
    // that is "not yet", and waitFor's own deadline decides when it is too late.
    if (
      !(await page.goto(`${origin}${route}`).then(
        () => true,
        () => false,
      ))
    )
      return false;
    // The page's samples load from their files after it renders (aria-busy until then): read it once they have.
    await page
      .locator('article')
      .waitFor({timeout: 30_000})
      .then(() => page.waitForFunction(() => !document.querySelector('article [aria-busy="true"]'), undefined, {timeout: 30_000}))
      .catch(() => undefined);
    return (
      await page
        .locator('article')
        .innerText({timeout: 30_000})
        .catch(() => '')
    ).includes(text);
  };
  try {
    // docs/api/authentication.md lists each scope's operations by their summaries (`::spec-table{scopes}`).
    const specFile = path.join(site, 'openapi', 'paths', 'coins.yaml');
    const spec = fs.readFileSync(specFile, 'utf8').replace('get: [unclosed\n', 'get:\n');
    const summary = /^ {2}summary: (.+)$/m.exec(spec)![1];
    fs.writeFileSync(specFile, spec.replace(`summary: ${summary}`, 'summary: List the coins NovaRamp supports'));
    await waitFor('the new summary in the scopes table', () => says('/docs/api/authentication', 'List the coins NovaRamp supports'));
    // docs/api/sandbox-environment.md embeds the workflow's first step (`::workflow-step{…}`) with its request body.
    const workflowFile = path.join(site, 'openapi', 'workflows', 'sandbox-money-flow.arazzo.yaml');
    const workflow = fs.readFileSync(workflowFile, 'utf8');
    assert.ok(workflow.includes('first_name: Jane\n'), 'the workflow still names Jane (update this test with it)');
    // The page's samples, its own blocks as its steps', come from their files (src/plugins/workflow-steps): in the
    // dev server, which renders nothing on the server, they show once fetched.
    await waitFor('the request body in the page', () => says('/docs/api/sandbox-environment', '"first_name": "Jane"'));
    const before = output.length;
    fs.writeFileSync(workflowFile, workflow.replace('first_name: Jane\n', 'first_name: Janet\n'));
    // A workflow edit regenerates the pages (scripts/start.ts) and reloads every plugin (its getPathsToWatch): two
    // rebuilds of the dev server, which on CI's two busy cores took up to two minutes; the wait allows twice that.
    const saved = Date.now();
    await waitFor('the new request body in the embedded step', () => says('/docs/api/sandbox-environment', '"first_name": "Janet"'), 240_000);
    t.diagnostic(`the edited step reached the page ${((Date.now() - saved) / 1000).toFixed(0)} s after the save`);
    // The regeneration the edit started ends before the server is stopped.
    await waitFor('the regeneration after the edit', () => /sandbox-money-flow\.arazzo\.yaml changed[^]*API pages updated/.test(output.slice(before)));
  } finally {
    await page.close();
  }
});
