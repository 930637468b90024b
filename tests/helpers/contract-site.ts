/**
 * The behaviour contracts' fixture site (tests/fixtures/contract-site/: two docs pages, a generated-index category and
 * two operations, one with a JSON body and one with a form body), built with the installed packages, and what it
 * shows: the files Docusaurus generates for it (the client manifest, the docs plugin's props and global data), its
 * pages' HTML, and in Chromium, for each operation, the try-it store's state once the forms have mounted, the props
 * the theme's ApiExplorer gives the forms, and the request the form sends (intercepted: nothing leaves the machine).
 * tests/helpers/behaviour-contracts.ts checks them; tests/site/behaviour-contracts.test.ts builds and observes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Browser} from 'playwright-core';
import {docusaurusCli, run, SITE_ROOT} from '../../tools/cli';
import {serveBuild} from '../../tools/site/serve-build';

export const CONTRACT_SITE = path.join(SITE_ROOT, 'tests/fixtures/contract-site');
/**
 * Where copies of packages with an assumption broken go: inside the tree (ignored by git), so that the copy's own
 * imports resolve to the installed packages, as the original's do.
 */
export const BROKEN_PACKAGES = path.join(CONTRACT_SITE, '.broken-packages');
/** The fixture's operations (their pages are /api/<name>), and the host of its one server (never resolved). */
export const OPERATIONS = ['create-note', 'create-token'] as const;
export type OperationName = (typeof OPERATIONS)[number];
const SERVER_HOST = 'https://fixture.invalid';
/**
 * A server chosen on an earlier visit (the fixture's second), as the theme's persistence middleware saves it: JSON in
 * the `server` key of sessionStorage. relies on: try-it-saved-server
 */
export const SAVED_SERVER = {url: `${SERVER_HOST}/v2`};

/** The theme's components whose props the page's composition passes, each found by a class name its own markup has. */
const FORM_COMPONENTS = {
  Request: 'openapi-explorer__request-form', // relies on: openapi-try-it-markup
  Response: 'openapi-explorer__response-container', // relies on: openapi-try-it-markup
  SecuritySchemes: 'openapi-security__details', // relies on: theme-modules-of-the-operation-page
};
export type FormComponent = keyof typeof FORM_COMPONENTS;

export interface SentRequest {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string | null;
}

export interface ObservedOperation {
  /** The operation as the plugin hands it to the theme (the `item` the forms get). */
  item: Record<string, unknown>;
  /** The try-it store's state once the forms have mounted. */
  state: Record<string, unknown>;
  /** The names of the props each form component gets. */
  props: Partial<Record<FormComponent, string[]>>;
  /** What Send sent. */
  request: SentRequest | undefined;
  /** The first operation's only: the store's server once loaded with SAVED_SERVER saved (try-it-store.ts puts it back). */
  restoredServer?: unknown;
}

export interface Observed {
  /** `.docusaurus/client-manifest.json`. */
  manifest: unknown;
  /** Each page's HTML, by its file under the build folder (`api/create-note.html`). */
  pages: Record<string, string>;
  /** Each JSON module of the docs plugin's props (`.docusaurus/docusaurus-plugin-content-docs/default/p/*.json`). */
  docsProps: Record<string, unknown>;
  /** `.docusaurus/globalData.json`. relies on: docs-global-data */
  globalData: unknown;
  operations: Record<OperationName, ObservedOperation>;
}

/**
 * Generates the operation pages and builds the fixture into `outDir` (a production build, Rspack, as the site's),
 * from scratch: its `.docusaurus/` and generated pages are removed first. Returns how long it took; throws with the
 * output on failure.
 */
export function buildContractSite(outDir: string, extraEnv: NodeJS.ProcessEnv = {}): {ms: number} {
  const started = performance.now();
  for (const dir of ['.docusaurus', 'docs/api']) fs.rmSync(path.join(CONTRACT_SITE, dir), {recursive: true, force: true});
  // The site's own switches are not the fixture's.
  const env = {
    ...Object.fromEntries(
      Object.keys(process.env)
        .filter((k) => /^(DOCUSAURUS_|NOVARAMP_|CONTRACT_SITE_)/.test(k))
        .map((k) => [k, undefined]),
    ),
    ...extraEnv,
  };
  for (const args of [
    ['gen-api-docs', 'all'],
    ['build', '--out-dir', outDir],
  ]) {
    const result = run(process.execPath, [docusaurusCli(), ...args], CONTRACT_SITE, env);
    if (result.status !== 0) throw new Error(`docusaurus ${args[0]} of the contract fixture exited with ${result.status}:\n${result.output.slice(-4000)}`);
  }
  return {ms: performance.now() - started};
}

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The fixture's generated files and built pages. */
export function observeFiles(outDir: string): Omit<Observed, 'operations'> {
  const generated = path.join(CONTRACT_SITE, '.docusaurus');
  const propsDir = path.join(generated, 'docusaurus-plugin-content-docs/default/p');
  const pages = fs
    .readdirSync(outDir, {recursive: true, encoding: 'utf8'})
    .filter((f) => f.endsWith('.html'))
    .sort();
  return {
    // relies on: client-manifest-shape
    manifest: readJson(path.join(generated, 'client-manifest.json')),
    pages: Object.fromEntries(pages.map((f) => [f, fs.readFileSync(path.join(outDir, f), 'utf8')])),
    // relies on: docs-version-props
    docsProps: Object.fromEntries(fs.readdirSync(propsDir).map((f) => [f, readJson(path.join(propsDir, f))])),
    // relies on: docs-global-data
    globalData: readJson(path.join(generated, 'globalData.json')),
  };
}

/**
 * Run in the page: the try-it store's state (the store of the nearest Redux Provider above the form), and the props of
 * the form components (found by `components`: a class name in each one's own source), the Request's `item` among them.
 */
const readTryIt = (components: Record<string, string>) => {
  type Fiber = {type: unknown; memoizedProps: Record<string, unknown> | null; child: Fiber | null; sibling: Fiber | null; return: Fiber | null};
  // relies on: openapi-try-it-markup
  const el = document.querySelector('form.openapi-explorer__request-form')!;
  const start = (el as unknown as Record<string, Fiber>)[Object.keys(el).find((k) => k.startsWith('__reactFiber$'))!];
  // The store of the nearest Redux Provider above the form.
  type Store = {getState: () => Record<string, unknown>};
  let f: Fiber | null = start;
  while (f && typeof (f.memoizedProps?.store as Partial<Store> | undefined)?.getState !== 'function') f = f.return;
  const store = f?.memoizedProps?.store as Store | undefined;
  let root = start;
  while (root.return) root = root.return;
  const props: Record<string, string[]> = {};
  let item: unknown;
  // Depth first, without a named function (the test runner's transform would name it with a helper the page lacks).
  const stack: Fiber[] = [root];
  while (stack.length) {
    const f = stack.pop()!;
    if (f.sibling) stack.push(f.sibling);
    if (f.child) stack.push(f.child);
    if (typeof f.type !== 'function') continue;
    const source = String(f.type);
    for (const [name, mark] of Object.entries(components)) {
      if (props[name] || !source.includes(mark)) continue;
      props[name] = Object.keys(f.memoizedProps ?? {}).sort();
      if (name === 'Request') item = f.memoizedProps?.item;
    }
  }
  return {state: store?.getState() ?? {}, props, item: (item ?? {}) as Record<string, unknown>};
};

/**
 * Each operation's page in Chromium: the store, the forms' props, then Send. `mutate`, when given, rewrites each of
 * the site's scripts as it is served (a copy of the bundled upstream code with one assumption broken).
 */
export async function observeOperations(
  browser: Browser,
  outDir: string,
  mutate?: (script: string, file: string) => string,
): Promise<Record<OperationName, ObservedOperation>> {
  const server = await serveBuild(outDir);
  const context = await browser.newContext({viewport: {width: 1280, height: 900}});
  // A script still loading (an idle prefetch) when the context closes below ends with "Response has been disposed":
  // only a failure before then is the site's.
  let closing = false;
  const scriptFailures: string[] = [];
  try {
    const sent: SentRequest[] = [];
    await context.route(`${SERVER_HOST}/**`, async (route) => {
      const r = route.request();
      sent.push({method: r.method(), url: r.url(), contentType: r.headers()['content-type'], body: r.postData()});
      await route.fulfill({status: 200, headers: {'access-control-allow-origin': '*', 'content-type': 'application/json'}, body: '{}'});
    });
    if (mutate) {
      await context.route(`${server.origin}/assets/js/*.js`, async (route) => {
        const file = new URL(route.request().url()).pathname;
        try {
          const response = await route.fetch();
          await route.fulfill({response, body: mutate(await response.text(), file)});
        } catch (error) {
          if (!closing) scriptFailures.push(`${file}: ${(error as Error).message}`);
        }
      });
    }
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const observed = {} as Record<OperationName, ObservedOperation>;
    for (const name of OPERATIONS) {
      sent.length = 0;
      await page.goto(`${server.origin}/api/${name}`);
      await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
      // relies on: openapi-try-it-markup
      const form = page.locator('form.openapi-explorer__request-form');
      await form.waitFor({timeout: 15_000}).catch(() => {
        throw new Error(`${name}: no try-it form${errors.length ? ` (${errors.join('; ')})` : ''}`);
      });
      const seen = await page.evaluate(readTryIt, FORM_COMPONENTS);
      await page.getByRole('button', {name: 'Send API Request'}).click();
      const deadline = Date.now() + 10_000;
      while (!sent.some((r) => r.method !== 'OPTIONS') && Date.now() < deadline) await page.waitForTimeout(100);
      observed[name] = {...seen, request: sent.find((r) => r.method !== 'OPTIONS')};
    }
    // The first operation again, with a server chosen on an earlier visit saved where the theme keeps it.
    // relies on: try-it-saved-server
    await page.evaluate((saved) => sessionStorage.setItem('server', saved), JSON.stringify(SAVED_SERVER));
    await page.goto(`${server.origin}/api/${OPERATIONS[0]}`);
    await page.waitForFunction(() => document.documentElement?.getAttribute('data-has-hydrated') === 'true');
    // relies on: openapi-try-it-markup
    await page.locator('form.openapi-explorer__request-form').waitFor({timeout: 15_000});
    const {state} = await page.evaluate(readTryIt, FORM_COMPONENTS);
    observed[OPERATIONS[0]].restoredServer = (state.server as {value?: unknown} | undefined)?.value;
    if (scriptFailures.length) throw new Error(`scripts not served with the mutation: ${scriptFailures.join('; ')}`);
    return observed;
  } finally {
    closing = true;
    await context.close();
    await server.stop();
  }
}
