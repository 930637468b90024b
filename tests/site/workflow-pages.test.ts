/**
 * The workflow pages in the production build (issue #29; src/plugins/workflow-steps/generate/pages.ts), in Chromium: server-rendered
 * (steps, samples and links in the HTML before any script runs), the sequence diagram an SVG drawn at build time,
 * the Workflows category listing them, the operation pages linking back to their steps, and no serious or
 * critical axe violation on a phone (390 px) and a desktop, in light and dark mode.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {MANIFEST_FILE} from '../../src/data/api-table';
import {WORKFLOW_CATEGORY} from '../../src/data/navigation';
import {SITE_ROOT} from '../../tools/cli';
import {stepAnchor, workflowRoute} from '../../src/plugins/workflow-steps/generate/pages';
import {parseOperationId, readWorkflowFile, workflowFiles} from '../../tools/workflows/workflows';
import {axeProblems} from '../helpers/axe';
import {colourModeScript, useSiteInBrowser, withPage} from '../helpers/site';

const site = useSiteInBrowser();

const workflows = workflowFiles(SITE_ROOT).map((abs) => {
  const wf = readWorkflowFile(abs, SITE_ROOT);
  const workflow = wf.doc.workflows[0];
  return {id: workflow.workflowId, title: wf.doc.info.title, steps: workflow.steps, route: workflowRoute(workflow.workflowId)};
});
/** The largest page: the most steps. */
const largest = [...workflows].sort((a, b) => b.steps.length - a.steps.length)[0];
/** Where each operation is published, from the generation manifest. */
const manifest = JSON.parse(fs.readFileSync(path.join(SITE_ROOT, MANIFEST_FILE), 'utf8')) as {operationId: string; route: string}[];
const decode = (s: string): string =>
  s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const routeOf = (operationId: string) => manifest.find((m) => m.operationId === operationId)?.route;

describe('static HTML (no JavaScript)', () => {
  for (const w of workflows) {
    test(`${w.route}: every step with its heading, reference link and samples; the diagram as SVG images`, async () => {
      const res = await fetch(`${site.server.origin}${w.route}`);
      assert.equal(res.status, 200);
      const html = await res.text();
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
      assert.equal(decode(h1.replace(/<[^>]+>/g, '')), w.title, 'the title');
      for (const step of w.steps) {
        assert.match(html, new RegExp(`<h3[^>]*id="?${stepAnchor(step.stepId)}"?`), `step ${step.stepId}: its heading and anchor`);
        const route = routeOf(parseOperationId(step.operationId!).operationId);
        assert.ok(route, `${step.operationId} has a page`);
        assert.match(html, new RegExp(`href="?${route}["#> ]`), `step ${step.stepId}: a link to ${route}`);
      }
      // Every sample of every step is in the HTML (hidden tabs too), highlighted at build time.
      const panels = (html.match(/role="?tabpanel"?/g) ?? []).length;
      assert.equal(panels, (w.steps.length + 1) * 4, 'four sample panels per step and for the set-up');
      const text = decode(html.replace(/<[^>]+>/g, ''));
      for (const marker of ['curl -sS', 'await fetch(', 'await client.', 'requests.']) assert.ok(text.includes(marker), `a sample with ${marker}`);
      assert.match(html, /class="?token /, 'samples highlighted');
      // The diagram: two SVG images (light and dark), with their alt text.
      const images = [...html.matchAll(/<img [^>]*src="?(\/assets\/images\/[^" >]+\.svg)"?[^>]*>/g)];
      assert.equal(images.length, 2, 'the light and dark diagram');
      for (const [tag] of images)
        assert.ok(
          decode(tag).includes(`alt="${w.title}. Every call of your client to the NovaRamp API, in order`),
          `the diagram has its title as alt text: ${tag}`,
        );
      assert.match(html, /href="?\/docs\/api\/error-handling["#> ]/, 'link to error handling');
    });
  }

  test('the diagram files are SVG', async () => {
    const html = await (await fetch(`${site.server.origin}${largest.route}`)).text();
    const src = /<img [^>]*src="?(\/assets\/images\/[^" >]+\.svg)"?/.exec(html)![1];
    const svg = await fetch(`${site.server.origin}${src}`);
    assert.equal(svg.status, 200);
    assert.match(await svg.text(), /^<svg[\s>]/);
  });
});

describe('in the browser', () => {
  test('the Workflows category lists every workflow page, in the guides sidebar', async () => {
    await withPage(site, `/docs${WORKFLOW_CATEGORY.slug}`, async (page) => {
      const cards = await page.locator('article a.card').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      assert.deepEqual([...cards].sort(), workflows.map((w) => w.route).sort());
      const sidebar = page.locator('nav.menu').first();
      assert.ok(await sidebar.getByRole('link', {name: WORKFLOW_CATEGORY.label, exact: true}).first().isVisible());
    });
  });

  test('a sample tab switches the language of every step, as the guides do', async () => {
    await withPage(site, largest.route, async (page) => {
      const python = page.getByRole('tab', {name: 'Python'}).first();
      await python.click();
      // The tabs' behaviour loads on first use (src/plugins/static-tabs): the choice shows once it has.
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-tabs-group="lang"] [role="tab"][aria-selected="true"]')].every((t) => t.textContent === 'Python'),
      );
      const visible = await page.locator('[role="tabpanel"]:not([hidden]) code').evaluateAll((codes) => codes.map((c) => c.textContent ?? ''));
      assert.equal(visible.length, largest.steps.length + 1);
      assert.ok(
        visible.slice(1).every((c) => c.includes('requests.')),
        'every step shows its Python sample',
      );
    });
  });

  test("a guide shows the steps of its workflow: the workflow page's sample, one language in the HTML, the others on choice", async () => {
    // create-account-guide embeds onboard-account's create-account step (::workflow-step, tools/workflows/).
    const guide = '/docs/guides/create-account-guide';
    const onboard = workflows.find((w) => w.id === 'onboard-account')!;
    await withPage(site, guide, async (page) => {
      const href = `${onboard.route}#${stepAnchor('create-account')}`;
      const source = page.locator(`p:has(a[href="${href}"])`).first();
      assert.ok(await source.isVisible(), `the step names where it comes from (${href})`);
      assert.match(
        (await source.textContent()) ?? '',
        /^Step create-account of the workflow Onboard and verify an account, which CI runs against the mock \(reference: Create an account\)\. The samples set \$ACCOUNT_ID from the response\.$/,
      );
      // The tabs right after it: the cURL sample is the one the workflow page shows.
      // relies on: openapi-tabs
      const tabs = source.locator('xpath=following-sibling::div[contains(@class, "tabs-container")][1]');
      assert.deepEqual(await tabs.getByRole('tab').allTextContents(), ['cURL', 'Node.js', 'TypeScript', 'Python']);
      const curl = (await tabs.locator('[role="tabpanel"]:not([hidden]) code').textContent()) ?? '';
      assert.match(
        curl,
        /^curl -sS -X POST "https:\/\/api\.sandbox\.novaramp\.example\/v1\/accounts"[\s\S]* -o create-account\.json [\s\S]*\nACCOUNT_ID=\$\(jq -r '\.id' create-account\.json\)$/,
      );
      assert.equal(await tabs.locator('[role="tabpanel"] code').count(), 1, "lazy: only the chosen language's sample is in the page");
      assert.equal(await tabs.locator('[role="tabpanel"][hidden]:empty').count(), 3, 'the other panels are empty until chosen');
      await tabs.getByRole('tab', {name: 'Python'}).click();
      // Shown once the tabs' behaviour has loaded (first use), filled once the step's file has (lazy).
      await tabs.locator('[role="tab"][aria-selected="true"]', {hasText: 'Python'}).waitFor();
      const shown = tabs.locator('[role="tabpanel"]:not([hidden]) code');
      await shown.waitFor();
      const python = (await shown.textContent()) ?? '';
      assert.match(python, /create_account_response = requests\.post\(/);
      const workflowPage = await (await fetch(`${site.server.origin}${onboard.route}`)).text();
      assert.ok(decode(workflowPage.replace(/<[^>]+>/g, '')).includes(python.trim().split('\n')[0]), 'the same sample as on the workflow page');
    });
  });

  test('an operation page links to the steps that call it', async () => {
    const step = largest.steps[0];
    const route = routeOf(parseOperationId(step.operationId!).operationId)!;
    await withPage(site, route, async (page) => {
      const link = page.locator(`a[href="${largest.route}#${stepAnchor(step.stepId)}"]`).first();
      assert.ok(await link.isVisible(), `${route} links to ${largest.route}#${stepAnchor(step.stepId)}`);
      await link.click();
      await page.waitForURL((url) => url.pathname === largest.route && url.hash === `#${stepAnchor(step.stepId)}`);
      await page.locator(`h3#${stepAnchor(step.stepId)}`).waitFor({state: 'visible', timeout: 10_000});
    });
  });
});

describe('accessibility (axe) on a phone and a desktop, light and dark', {concurrency: 1}, () => {
  const viewports = {phone: {width: 390, height: 844}, desktop: {width: 1280, height: 900}};
  for (const w of [largest, workflows.find((x) => x.id === 'withdraw-fiat') ?? workflows[0]]) {
    for (const [name, viewport] of Object.entries(viewports)) {
      test(`${w.route} at ${viewport.width} px`, async () => {
        const problems: string[] = [];
        for (const mode of ['light', 'dark'] as const) {
          await withPage(
            site,
            w.route,
            async (page) => {
              assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), mode);
              await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
              problems.push(...(await axeProblems(page, `${name} ${mode}`)));
            },
            {viewport, isMobile: name === 'phone', init: colourModeScript(mode)},
          );
        }
        assert.deepEqual(problems, []);
      });
    }
  }
});
