/**
 * The reference's behaviour in a real browser, on fixture specs (tests/fixtures/reference/), without a site build: the
 * fixture's reference HTML as gen:api writes it (tools/reference/html.tsx, its hidden panels cut out by
 * tools/api-pages/defer-panels.ts) in a page of its own, made interactive by the page's very module
 * (src/plugins/static-reference/components/reference-dom.ts, compiled here with TypeScript), in Chromium:
 * - every `oneOf`/`anyOf` variant shows its own fields when its tab is selected (a discriminated payment method, an
 *   id-or-object field), and hides the others;
 * - a recursive schema's link goes to its expansion: it opens the `<details>` around the target, scrolls to it and
 *   puts its anchor in the address;
 * - a link to a place the page has not loaded yet (inside a deferred panel) selects the tab that holds it first.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {after, before, test} from 'node:test';
import type {Browser, Page} from 'playwright-core';
import ts from 'typescript';
import {deferHiddenPanels} from '../../../tools/api-pages/defer-panels';
import {launchChromium} from '../../../tools/cli/chromium';
import {SITE_ROOT} from '../../../tools/cli';
import {loadApi} from '../../../tools/openapi/load';
import {buildOperationModel} from '../../../tools/reference/build';
import {htmlContext} from '../../../tools/reference/completeness';
import {renderReferenceHtml} from '../../../tools/reference/html';
import type {OperationModel} from '../../../tools/reference/model';

const ORIGIN = 'http://reference.fixture.test';
const FIXTURES = path.join('tests', 'fixtures', 'reference');

/** A module of the site compiled to an ES module the browser loads from ORIGIN (its one local import made explicit). */
function browserModule(file: string): string {
  const source = fs.readFileSync(path.join(SITE_ROOT, file), 'utf8');
  const js = ts.transpileModule(source, {compilerOptions: {module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022}}).outputText;
  // However deep the module sits under src/, its import of src/data/static-reference.
  return js.replace(/from ['"](?:\.\.\/)+data\/static-reference['"]/, "from './static-reference.js'");
}

const MODULES: Record<string, string> = {
  '/reference-dom.js': 'src/plugins/static-reference/components/reference-dom.ts',
  '/static-reference.js': 'src/data/static-reference.ts',
};

let browser: Browser;
before(async () => {
  browser = await launchChromium('the reference behaviour tests');
});
after(async () => {
  await browser?.close();
});

async function model(file: string, operationId: string): Promise<OperationModel> {
  const api = await loadApi(path.join(FIXTURES, file), {siteDir: SITE_ROOT});
  const op = api.operations().find((o) => o.operationId === operationId);
  assert.ok(op, `${file} has ${operationId}`);
  return buildOperationModel(api, op, {api: 'fixture'});
}

/** Opens the reference of `model` in a page of its own, attached as the site attaches it; `use` gets the page. */
async function withReference<T>(m: OperationModel, use: (page: Page) => Promise<T>): Promise<T> {
  const {html, deferred} = deferHiddenPanels(renderReferenceHtml(m, htmlContext()));
  const context = await browser.newContext({viewport: {width: 900, height: 700}});
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route(`${ORIGIN}/**`, async (route) => {
      const url = new URL(route.request().url());
      if (MODULES[url.pathname]) return route.fulfill({contentType: 'text/javascript', body: browserModule(MODULES[url.pathname])});
      if (url.pathname === '/deferred.json') return route.fulfill({contentType: 'application/json', body: JSON.stringify(deferred)});
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><title>${m.operationId}</title></head><body><main><div class="novaramp-reference">${html}</div><div style="height:3000px"></div></main>
<script type="module">
import {attachReference} from './reference-dom.js';
const panels = () => fetch('/deferred.json').then((r) => r.json());
attachReference(document.querySelector('.novaramp-reference'), {panels, component: () => Promise.reject(new Error('none'))});
window.__attached = true;
</script></body></html>`,
      });
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction('window.__attached === true');
    const result = await use(page);
    assert.deepEqual(errors, [], 'no error in the page');
    return result;
  } finally {
    await context.close();
  }
}

/** The names of the property rows directly in an element (not in nested objects). */
const ownRows = (page: Page, selector: string) =>
  page
    .locator(
      `${selector} > ul > li > div > .novaramp-ref-row > .novaramp-ref-row__name, ${selector} > ul > li > details > summary > .novaramp-ref-row > .novaramp-ref-row__name`,
    )
    .allInnerTexts();

test('a discriminated oneOf: each variant shows its own fields when its tab is selected, and only those', async () => {
  const m = await model('discriminator.yaml', 'createPaymentMethod');
  await withReference(m, async (page) => {
    const group = page.locator('.novaramp-variants').first();
    const expected: Record<string, string[]> = {
      'card, debit_card': ['type', 'last4', 'expires'],
      bank_account: ['type', 'iban', 'bic'],
      wallet: ['type', 'address', 'network'],
    };
    for (const [label, fields] of Object.entries(expected)) {
      const tab = group.getByRole('tab', {name: label, exact: true});
      await tab.click();
      const panel = `[id="${await tab.getAttribute('aria-controls')}"]`;
      await page.locator(`${panel}:not([aria-busy])`).waitFor();
      assert.equal(await tab.getAttribute('aria-selected'), 'true');
      assert.deepEqual(await ownRows(page, panel), fields, label);
      // The other variants' panels are hidden.
      const others = await group.locator('[role="tabpanel"]:visible').count();
      assert.equal(others, 1, `only ${label}'s panel is shown`);
    }
  });
});

test('an id-or-object field (anyOf of a string and an object): each variant shows its own content', async () => {
  const m = await model('expandable.yaml', 'getCharge');
  await withReference(m, async (page) => {
    // The field's row is collapsed, as every object row: open it.
    await page.locator('.novaramp-reference details:not([open]) > summary').first().click();
    const group = page.locator('.novaramp-variants').first();
    const tabs = await group.getByRole('tab').allInnerTexts();
    assert.equal(tabs.length, 2, tabs.join(' | '));
    const texts: string[] = [];
    for (const name of tabs) {
      const tab = group.getByRole('tab', {name, exact: true});
      await tab.click();
      const panel = page.locator(`[id="${await tab.getAttribute('aria-controls')}"]`);
      await page.locator(`[id="${await tab.getAttribute('aria-controls')}"]:not([aria-busy])`).waitFor();
      assert.ok(await panel.isVisible(), `${name}: its panel is shown`);
      texts.push((await panel.innerText()).trim());
    }
    assert.notEqual(texts[0], texts[1], 'the two variants do not show the same content');
    assert.ok(
      texts.some((t) => /^string\b/.test(t)),
      `one variant is the identifier string: ${texts.join(' | ')}`,
    );
  });
});

test('a recursive schema: its link goes to its expansion, opened and scrolled to, its anchor in the address', async () => {
  const m = await model('recursion.yaml', 'getCategory');
  await withReference(m, async (page) => {
    // `children` is a list of categories: its fields point back to the category it is in.
    const link = page.locator('.novaramp-reference .novaramp-schema-link a').first();
    const target = decodeURIComponent(((await link.getAttribute('href')) ?? '').slice(1));
    assert.ok(target, 'the recursive row links to an anchor');
    // Open the rows down to the link, then leave the expansion out of view.
    await link.evaluate((a) => {
      for (let d = a.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
    });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await link.click();
    await page.waitForFunction((id) => window.location.hash === `#${encodeURIComponent(id)}`, target);
    const shown = await page.evaluate((id) => {
      const el = document.getElementById(id) as HTMLElement;
      const box = el.getBoundingClientRect();
      return {open: el instanceof HTMLDetailsElement ? el.open : true, top: box.top, height: box.height};
    }, target);
    assert.ok(shown.open, 'the expansion is open');
    assert.ok(shown.height > 0 && shown.top >= -1 && shown.top < 700, `the expansion is scrolled into view (top ${shown.top})`);
  });
});

test('a link to a place in a panel the page has not loaded yet selects the tab that holds it, then shows it', async () => {
  const m = await model('recursion.yaml', 'getCategory');
  await withReference(m, async (page) => {
    // A hidden panel: the response's example, cut out of the page's HTML until its tab is selected.
    const deferred = page.locator('.novaramp-reference [role="tabpanel"][data-deferred]').first();
    const panelId = await deferred.getAttribute('id');
    assert.ok(panelId, 'the reference has a deferred panel');
    assert.equal(await deferred.evaluate((el) => el.childElementCount), 0, 'its contents are not in the page yet');
    await page.evaluate((id) => {
      const a = document.createElement('a');
      a.href = `#${id}`;
      a.textContent = 'to the example';
      a.id = 'probe-link';
      document.querySelector('.novaramp-reference')?.prepend(a);
    }, panelId);
    await page.locator('#probe-link').click();
    await page.waitForFunction(
      (id) => !document.getElementById(id)?.hasAttribute('hidden') && !document.getElementById(id)?.hasAttribute('data-deferred'),
      panelId,
    );
    assert.ok((await page.locator(`[id="${panelId}"]`).evaluate((el) => el.childElementCount)) > 0, 'the panel was filled');
    assert.equal(await page.locator(`[aria-controls="${panelId}"]`).getAttribute('aria-selected'), 'true');
  });
});

test("an array of arrays of objects: opening its row shows the inner objects' fields", async () => {
  const m = await model('nested-arrays.yaml', 'createGrid');
  await withReference(m, async (page) => {
    const body = m.requestBody?.content[0].schema;
    const rows = body?.kind === 'schema' ? body.properties.find((p) => p.name === 'rows')?.schema : undefined;
    assert.ok(rows?.kind === 'schema');
    const row = page.locator(`details[id="${rows.id}"]`);
    await row.locator('> summary').click();
    const names = await row.locator('.novaramp-ref-row__name').allInnerTexts();
    assert.deepEqual(names, ['rows', 'column', 'value']);
    assert.ok(await row.getByText("The column's key.").isVisible());
  });
});

test('a Server-Sent Events response (OpenAPI 3.2 itemSchema) shows the item fields and an example stream in its tab', async () => {
  const m = await model('oas32-stream.yaml', 'streamEvents');
  await withReference(m, async (page) => {
    const stream = page.locator('.novaramp-ref-stream').first();
    assert.match(await stream.innerText(), /A stream of items \(Server-Sent Events/);
    assert.deepEqual(await stream.locator(':scope > ul > li .novaramp-ref-row__name').allInnerTexts(), ['event', 'data', '', '', 'id']);
    // The event's data is JSON of a schema: its row opens on that schema's fields.
    await stream.locator(':scope > ul > li > details > summary').first().click();
    assert.deepEqual(await stream.locator(':scope > ul > li .novaramp-ref-row__name').allInnerTexts(), ['event', 'data', 'type', 'created_at', 'id']);
    const tab = page.getByRole('tab', {name: 'Example stream (auto)'}).first();
    await tab.click();
    const panel = page.locator(`[id="${await tab.getAttribute('aria-controls')}"]:not([aria-busy])`);
    await panel.waitFor();
    assert.match(await panel.innerText(), /event: string\s+data: \{"type":"payment\.settled"[^\n]*\s+id: string/);
  });
});
