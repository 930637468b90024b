/**
 * An operation's reference from a fixture spec (tests/fixtures/reference/) in Chromium, without a site build, put
 * together as the site puts it: the reference HTML as gen:api writes it (tools/reference/html.tsx, its hidden panels
 * cut out by src/plugins/operation-page/generate/defer-panels.ts), the components it shows apart served as their own files, the page's
 * endpoint line (our ejected MethodEndpoint) and its sidebar item (with the class the page generator gives it and the
 * attributes our wrapper gives its link), under the site's stylesheets (Infima, src/css/custom.css, the static
 * reference's own) in light or dark mode, and made interactive by the page's very module
 * (src/plugins/static-reference/components/reference-dom.ts, compiled here with TypeScript). Used by tests/spec/one-process/reference-dom.test.ts and reference-oas32-dom.test.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {Browser, Page} from 'playwright-core';
import {createElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import ts from 'typescript';
import type {ReferenceFile} from '../../src/data/static-reference';
// relies on: endpoint-line
import MethodEndpoint from '../../src/upstream/ejected/MethodEndpoint';
import {EndpointServerContext} from '../../src/upstream/ejected/endpoint-server';
import {sidebarLinkAttributes} from '../../src/plugins/operation-page/components/sidebar-method';
import {deferHiddenPanels} from '../../src/plugins/operation-page/generate/defer-panels';
import {pageMdx} from '../../src/plugins/operation-page/generate/page';
import {SITE_ROOT} from '../../tools/cli';
import type {ApiDocument} from '../../tools/openapi/document';
import {loadApi} from '../../tools/openapi/load';
import {buildOperationModel} from '../../tools/reference/build';
import {htmlContext, render} from '../../tools/reference/completeness';
import {renderReferenceHtml} from '../../tools/reference/html';
import type {OperationModel} from '../../tools/reference/model';

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

/** The site's stylesheets, in the order the site loads them: Infima (the classic theme's), ours, the reference's. */
const STYLESHEETS: Record<string, string> = {
  '/infima.css': createRequire(path.join(SITE_ROOT, 'package.json')).resolve('infima/dist/css/default/default.css'),
  '/custom.css': path.join(SITE_ROOT, 'src/css/custom.css'),
  '/reference.css': path.join(SITE_ROOT, 'src/plugins/static-reference/reference.css'),
};

/** The endpoint line's method badge and path, as our copy of the theme's MethodEndpoint renders them. */
// relies on: endpoint-line
export const ENDPOINT_BADGE = '.openapi__method-endpoint .badge';
// relies on: endpoint-line
export const ENDPOINT_PATH = '.openapi__method-endpoint-path';

const loaded = new Map<string, Promise<ApiDocument>>();

/** A fixture spec, loaded once per test file. */
export function fixtureApi(file: string): Promise<ApiDocument> {
  if (!loaded.has(file)) loaded.set(file, loadApi(path.join(FIXTURES, file), {siteDir: SITE_ROOT}));
  return loaded.get(file) as Promise<ApiDocument>;
}

export interface FixtureOperation {
  api: ApiDocument;
  model: OperationModel;
}

/** The reference model of `operationId` of a fixture spec. */
export async function fixtureOperation(file: string, operationId: string): Promise<FixtureOperation> {
  const api = await fixtureApi(file);
  const op = api.operations().find((o) => o.operationId === operationId);
  assert.ok(op, `${file} has ${operationId}`);
  return {api, model: buildOperationModel(api, op, {api: 'fixture'})};
}

export interface ReferencePageOptions {
  /** The colour mode (Infima's `data-theme`). */
  theme?: 'light' | 'dark';
}

/** What the page shows: its sidebar item, heading and endpoint line, then the reference (HTML-escaped text aside). */
function pageHtml({api, model}: FixtureOperation, html: string, theme: string): string {
  const title = model.summary ?? model.operationId;
  const mdx = pageMdx({model, id: model.operationId, slug: '/api/fixture', referenceFile: 'x.json', descriptionHtml: '', badges: '', codeSamples: []});
  const sidebarClass = /^sidebar_class_name: (.*)$/m.exec(mdx)?.[1]?.replace(/^"|"$/g, '') ?? '';
  const server = model.servers.find((s) => !s.internal) ?? (api.doc.servers as {url: string}[] | undefined)?.[0];
  const endpoint = renderToStaticMarkup(
    createElement(
      EndpointServerContext.Provider,
      {value: server && {url: server.url}},
      createElement(MethodEndpoint, {method: model.method, path: model.path}),
    ),
  );
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  // What our wrapper of the sidebar link adds to it (src/plugins/operation-page/theme/DocSidebarItem/Link).
  const linkAttributes = Object.entries(sidebarLinkAttributes(sidebarClass))
    .map(([name, value]) => ` ${name}="${escape(value).replace(/"/g, '&quot;')}"`)
    .join('');
  return `<!doctype html><html lang="en" data-theme="${theme}"><head><meta charset="utf-8"><title>${escape(title)}</title>
${Object.keys(STYLESHEETS)
  .map((href) => `<link rel="stylesheet" href="${href}">`)
  .join('\n')}
</head><body>
<nav class="menu" aria-label="API"><ul class="menu__list"><li class="theme-doc-sidebar-item-link menu__list-item ${sidebarClass}"><a class="menu__link menu__link--active" aria-current="page" href="/"${linkAttributes}>${escape(title)}</a></li></ul></nav>
<main><article><div class="markdown"><h1>${escape(title)}</h1>${endpoint}<div class="novaramp-reference">${html}</div></div></article><div style="height:3000px"></div></main>
<script type="module">
import {attachReference} from './reference-dom.js';
const panels = () => fetch('/deferred.json').then((r) => r.json());
const component = (name) => fetch('/components/' + name).then((r) => (r.ok ? r.json() : Promise.reject(new Error(name + ': ' + r.status))));
attachReference(document.querySelector('.novaramp-reference'), {panels, component});
window.__attached = true;
</script></body></html>`;
}

/** The components an operation shows apart (and those they show apart), as their files, by file name. */
function componentFiles({api, model}: FixtureOperation): Map<string, ReferenceFile> {
  const files = new Map<string, ReferenceFile>();
  for (const [key, html] of render(api, model).html) {
    if (key === 'operation') continue;
    const at = key.lastIndexOf('|');
    files.set(htmlContext().componentFile(key.slice(0, at), key.slice(at + 1)), deferHiddenPanels(html));
  }
  return files;
}

/** Opens the reference of `operation` in a page of its own, attached as the site attaches it; `use` gets the page. */
export async function withReference<T>(
  browser: Browser,
  operation: FixtureOperation,
  use: (page: Page) => Promise<T>,
  {theme = 'light'}: ReferencePageOptions = {},
): Promise<T> {
  const {html, deferred} = deferHiddenPanels(renderReferenceHtml(operation.model, htmlContext()));
  const components = componentFiles(operation);
  const context = await browser.newContext({viewport: {width: 900, height: 700}});
  try {
    // A fixture's page is small and local: what is not there within seconds is not coming (a failure, not a 30 s wait).
    context.setDefaultTimeout(5000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route(`${ORIGIN}/**`, async (route) => {
      const url = new URL(route.request().url());
      if (MODULES[url.pathname]) return route.fulfill({contentType: 'text/javascript', body: browserModule(MODULES[url.pathname])});
      if (STYLESHEETS[url.pathname]) return route.fulfill({contentType: 'text/css', body: fs.readFileSync(STYLESHEETS[url.pathname], 'utf8')});
      if (url.pathname === '/deferred.json') return route.fulfill({contentType: 'application/json', body: JSON.stringify(deferred)});
      if (url.pathname.startsWith('/components/')) {
        const file = components.get(decodeURIComponent(url.pathname.slice('/components/'.length)));
        return file ? route.fulfill({contentType: 'application/json', body: JSON.stringify(file)}) : route.fulfill({status: 404, body: 'no such component'});
      }
      if (url.pathname === '/') return route.fulfill({contentType: 'text/html', body: pageHtml(operation, html, theme)});
      return route.fulfill({status: 404, body: 'not part of the page'});
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
export const ownRows = (page: Page, selector: string) =>
  page
    .locator(
      `${selector} > ul > li > div > .novaramp-ref-row > .novaramp-ref-row__name, ${selector} > ul > li > details > summary > .novaramp-ref-row > .novaramp-ref-row__name`,
    )
    .allInnerTexts();
