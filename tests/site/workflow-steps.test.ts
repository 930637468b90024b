/**
 * The samples of the workflow steps a guide embeds, and of the workflow pages, in the production build
 * (src/plugins/workflow-steps, issue #47): in the page's HTML (readers without JS, search, the Markdown copies), not
 * in its JS; taken from the page when it hydrates, fetched from the step's file when another language is chosen (a
 * guide's tabs are lazy; a workflow page has every language in its HTML) or after a client-side navigation.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {SITE_ROOT} from '../../tools/cli';
import {STEP_SAMPLE_ATTRIBUTE, STEP_SAMPLE_SOURCE_ATTRIBUTE, STEP_SAMPLES_URL, type StepSamples} from '../../src/plugins/workflow-steps/client-files';
import {useSiteInBrowser, withPage} from '../helpers/site';
import type {Page} from 'playwright-core';

const BUILD = path.join(SITE_ROOT, 'build');
const GUIDE = '/docs/guides/banking-guide';
/** The workflow page with the most steps (tools/measure/page-budgets.ts measures it). */
const WORKFLOW = '/docs/guides/workflows/sandbox-money-flow';

/** The text of some HTML: tags dropped, the entities a code block uses decoded. */
const textOf = (html: string): string =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The step files a page's HTML names (its attributes may be unquoted: src/plugins/html-end-tags). */
const stepFilesOf = (html: string): string[] => [
  ...new Set([...html.matchAll(new RegExp(`${STEP_SAMPLE_ATTRIBUTE}="?([0-9a-f]{16}\\.json)#\\d+`, 'g'))].map((m) => m[1])),
];

/** Text with what differs between a sample's HTML and a JS string of it dropped: quotes, backslashes, whitespace, non-ASCII. */
const normalized = (text: string): string => text.replace(/[\s"'\\]|[^\x20-\x7e]/g, '');
/** A JS module's text normalized as the samples are, after its strings' escapes (`\\n`, `\\xfc`, `\\\\`) are dropped. */
const normalizedJs = (js: string): string => normalized(js.replace(/\\(x[0-9a-f]{2}|u[0-9a-f]{4}|[ntr]|\\)/gi, ''));

/** Each sample of a step file, normalized. */
const samplesIn = (file: string): string[] =>
  (JSON.parse(fs.readFileSync(path.join(BUILD, STEP_SAMPLES_URL, file), 'utf8')) as StepSamples).samples.map(({html}) => normalized(html));

/** The samples of a page's step files (named by its HTML) that the scripts it loaded carry: none, if they are in files. */
async function samplesInScripts(page: Page, route: string): Promise<{samples: number; scripts: number; inJs: string[]}> {
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((u) => u.endsWith('.js')),
  );
  const code = loaded.map((url) => normalizedJs(fs.readFileSync(path.join(BUILD, new URL(url).pathname), 'utf8')));
  const samples = stepFilesOf(fs.readFileSync(path.join(BUILD, `${route.slice(1)}.html`), 'utf8')).flatMap(samplesIn);
  return {samples: samples.length, scripts: code.length, inJs: samples.filter((sample) => code.some((c) => c.includes(sample)))};
}

/**
 * Follows a link to `route` and waits until its samples show: the samples of the page that was there have
 * gone (it stays on screen until the new one's code has loaded), at least `min` samples are filled, and no sample is
 * still a mark (each fills when its step's file arrives, one file after another) but a lazy tab's hidden panel.
 */
async function navigateAndWaitForSamples(page: Page, route: string, min: number): Promise<void> {
  await page.locator(`[${STEP_SAMPLE_ATTRIBUTE}]`).evaluateAll((old) => old.forEach((sample) => sample.setAttribute('data-old-sample', '')));
  // Any visible link to the page navigates client-side; none of the theme's classes is needed to find one.
  await page.locator(`a[href="${route}"]:visible`).first().click();
  await page.waitForURL(new RegExp(`${route}$`));
  await page.waitForFunction(
    ([attribute, source, least]) => {
      const samples = [...document.querySelectorAll(`[${attribute}]`)];
      return (
        !document.querySelector('[data-old-sample]') &&
        document.querySelectorAll(`[${source}]:not([role="tabpanel"][hidden])`).length === 0 &&
        samples.length >= Number(least) &&
        samples.every((s) => !s.hasAttribute('aria-busy') && s.querySelector('code')?.textContent)
      );
    },
    [STEP_SAMPLE_ATTRIBUTE, STEP_SAMPLE_SOURCE_ATTRIBUTE, String(min)],
  );
}

describe('the step samples of a guide', () => {
  const site = useSiteInBrowser();

  test('are in the HTML, a generated Idempotency-Key, each step file in the build', () => {
    const html = fs.readFileSync(path.join(BUILD, `${GUIDE.slice(1)}.html`), 'utf8');
    const files = stepFilesOf(html);
    assert.ok(files.length >= 5, `the guide's samples are marked (${files.length})`);
    for (const file of files) assert.ok(fs.existsSync(path.join(BUILD, STEP_SAMPLES_URL, file)), `${file} is in the build`);
    assert.match(textOf(html), /-H "Idempotency-Key: \$\(uuidgen\)"/, 'the payout generates its key');
  });

  test("are not in the page's JS; another language is fetched from the step's file, once", async () => {
    await withPage(site, GUIDE, async (page) => {
      const stepFiles: string[] = [];
      page.on('response', (r) => {
        if (r.url().includes(STEP_SAMPLES_URL)) stepFiles.push(r.url());
      });
      const {samples, scripts, inJs} = await samplesInScripts(page, GUIDE);
      assert.ok(scripts > 3, 'the page scripts were read');
      assert.ok(samples >= 20, 'every sample of the guide');
      assert.deepEqual(inJs, [], "no step sample is in the page's JS");
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      // The guide's own HTML has Python blocks too (its setup): what shows a fetch is the step file's response.
      const fetched = page.waitForResponse((r) => r.url().includes(STEP_SAMPLES_URL), {timeout: 15000});
      await page.getByRole('tab', {name: 'Python'}).first().click();
      await fetched;
      assert.ok(stepFiles.length >= 1, 'the step files were fetched');
      // The first Python sample can show before the other steps' files have arrived: wait for all of them.
      await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, {timeout: 15000});
      assert.equal(await page.locator('[aria-busy="true"]').count(), 0, 'every sample shown has loaded');
      assert.deepEqual(errors, []);
    });
  });

  test('after a client-side navigation, the samples come from their files', async () => {
    await withPage(site, '/docs/guides/welcome-guide', async (page) => {
      await navigateAndWaitForSamples(page, GUIDE, 5);
      assert.match((await page.locator(`[${STEP_SAMPLE_ATTRIBUTE}] code`).allTextContents()).join('\n'), /curl -sS/);
    });
  });
});

describe('the samples of a workflow page', () => {
  const site = useSiteInBrowser();

  test('are all in the HTML, every language of every step, each group of tabs a file in the build', () => {
    const html = fs.readFileSync(path.join(BUILD, `${WORKFLOW.slice(1)}.html`), 'utf8');
    const files = stepFilesOf(html);
    assert.ok(files.length >= 10, `the setup's and each step's samples are marked (${files.length} files)`);
    for (const file of files) assert.ok(fs.existsSync(path.join(BUILD, STEP_SAMPLES_URL, file)), `${file} is in the build`);
    const marked = [...html.matchAll(new RegExp(`${STEP_SAMPLE_ATTRIBUTE}="?[0-9a-f]{16}\\.json#\\d+`, 'g'))].length;
    assert.equal(marked, files.flatMap(samplesIn).length, 'every sample of every file is in the page (its tabs are not lazy)');
    const text = normalized(textOf(html));
    assert.deepEqual(
      files.flatMap(samplesIn).filter((sample) => !text.includes(normalized(textOf(sample)))),
      [],
      'the HTML shows each sample',
    );
  });

  test("are not in the page's JS; another language shows without a fetch", async () => {
    await withPage(site, WORKFLOW, async (page) => {
      const fetched: string[] = [];
      page.on('response', (r) => r.url().includes(STEP_SAMPLES_URL) && fetched.push(r.url()));
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      const {samples, scripts, inJs} = await samplesInScripts(page, WORKFLOW);
      assert.ok(scripts > 3, 'the page scripts were read');
      assert.ok(samples >= 40, `every sample of the page (${samples})`);
      assert.deepEqual(inJs, [], "no sample is in the page's JS");
      await page.getByRole('tab', {name: 'Python'}).first().click();
      // The tabs' behaviour loads on first use (src/plugins/static-tabs): the choice shows once it has.
      await page.getByRole('tab', {name: 'Python', selected: true}).first().waitFor();
      const python = page.locator(`[role="tabpanel"]:not([hidden]) [${STEP_SAMPLE_ATTRIBUTE}] code`).first();
      assert.match((await python.textContent()) ?? '', /import|requests|=/);
      assert.equal(await page.locator('[aria-busy="true"]').count(), 0);
      assert.deepEqual(fetched, [], 'the hydrated page keeps its own samples');
      assert.deepEqual(errors, []);
    });
  });

  test('after a client-side navigation, the samples come from their files', async () => {
    await withPage(site, '/docs/guides/workflows/withdraw-fiat', async (page) => {
      await navigateAndWaitForSamples(page, WORKFLOW, 40);
      assert.match((await page.locator(`[${STEP_SAMPLE_ATTRIBUTE}] code`).allTextContents()).join('\n'), /curl -sS/);
    });
  });
});
