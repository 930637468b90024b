/**
 * The sidebar categories' operation pages kept apart (src/upstream/operation-entries/sidebar-pages.ts), in a DOM
 * (happy-dom): the pages loaded take their placeholder's place in the category, a failed load leaves the placeholder
 * and can be tried again, listeners hear each change, the keys a page shows, and the links read back from the
 * server-rendered sidebar. The module keeps its placeholders for the page's life: each test uses keys of its own.
 */
import '../helpers/dom';
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {sidebarLink} from '../helpers/sidebar-markup';
// relies on: route-table-files
import {pagesApartPlaceholder, type SidebarLink, type SidebarPagesApart} from '../../src/upstream/operation-entries/routes';
// relies on: sidebar-link-markup
import {
  indexSidebars,
  keysAroundPage,
  keysOfPage,
  loadPages,
  pagesFromHtml,
  pagesState,
  setPagesLoader,
  subscribe,
  type PagesState,
} from '../../src/upstream/operation-entries/sidebar-pages';

const link = (href: string, label: string, className?: string): SidebarLink => ({type: 'link', href, label, ...(className ? {className} : {})});

interface Category {
  type: 'category';
  label: string;
  href: string;
  items: unknown[];
}

/**
 * A docs version as the operation-entries plugin leaves it: API categories (Crypto, with a Withdrawals subcategory,
 * and Fiat), each with its first operation page and a placeholder for the others. Keys and routes start with `id`.
 */
function version(id: string) {
  const api = `/docs/api/${id}`;
  const withdrawals: Category = {
    type: 'category',
    label: 'Withdrawals',
    href: `${api}crypto/withdrawals`,
    items: [link(`${api}crypto/withdrawals/create-withdrawal`, 'Create withdrawal', 'api-method post'), pagesApartPlaceholder(`${id}crypto/withdrawals`)],
  };
  const crypto: Category = {
    type: 'category',
    label: 'Crypto',
    href: `${api}crypto`,
    items: [
      link(`${api}crypto/list-coins`, 'List coins', 'api-method get'),
      pagesApartPlaceholder(`${id}crypto`),
      withdrawals,
      link(`${api}crypto/limits`, 'Limits'),
    ],
  };
  const fiat: Category = {
    type: 'category',
    label: 'Fiat',
    href: `${api}fiat`,
    items: [link(`${api}fiat/list-banks`, 'List banks'), pagesApartPlaceholder(`${id}fiat`)],
  };
  const v = {docsSidebars: {api: [link('/docs/guides/intro', 'Introduction'), crypto, fiat]}, docs: {} as Record<string, unknown>};
  indexSidebars(v);
  return {v, crypto, withdrawals, fiat, api};
}

/** The loader's calls, each settled by the test. */
const calls: {key: string; resolve: (pages: SidebarPagesApart) => void; reject: (error: Error) => void}[] = [];
const loader = (key: string) => new Promise<SidebarPagesApart>((resolve, reject) => calls.push({key, resolve, reject}));

/** Records pagesState(key) at each notification. */
function listen(key: string): {seen: (PagesState | undefined)[]; stop: () => void} {
  const seen: (PagesState | undefined)[] = [];
  const stop = subscribe(() => seen.push(pagesState(key)));
  return {seen, stop};
}

// First: the loader is set by the tests that follow.
test('a placeholder with nothing to load its pages says so', () => {
  const {crypto} = version('none-');
  assert.throws(() => loadPages('none-crypto'), /The pages of none-crypto are apart from the sidebar, but nothing loads them/);
  assert.equal(pagesState('none-crypto'), 'apart');
  assert.deepEqual(crypto.items[1], pagesApartPlaceholder('none-crypto'));
});

test('the pages loaded take the placeholder’s place in its category, their docs join the version’s, listeners hear it', async () => {
  setPagesLoader(loader);
  const {v, crypto, withdrawals, api} = version('load-');
  const [first, , sub, last] = crypto.items;
  assert.equal(pagesState('load-crypto'), 'apart');
  assert.equal(pagesState('load-unknown'), undefined);
  const {seen, stop} = listen('load-crypto');

  const loading = loadPages('load-crypto');
  assert.equal(pagesState('load-crypto'), 'loading');
  assert.equal(loadPages('load-crypto'), loading, 'a second call waits for the same load');
  assert.deepEqual(
    calls.map((c) => c.key),
    ['load-crypto'],
  );
  const pages = [link(`${api}crypto/get-coin`, 'Get coin', 'api-method get'), link(`${api}crypto/quote`, 'Quote', 'api-method post')];
  calls.shift()!.resolve({items: pages, docs: {'api/crypto/get-coin': {id: 'api/crypto/get-coin'}}});
  await loading;

  assert.deepEqual(crypto.items, [first, ...pages, sub, last], 'in place of the placeholder, the items around it kept');
  assert.deepEqual(withdrawals.items[1], pagesApartPlaceholder('load-crypto/withdrawals'), 'the subcategory’s placeholder stays');
  assert.deepEqual(v.docs, {'api/crypto/get-coin': {id: 'api/crypto/get-coin'}});
  assert.equal(pagesState('load-crypto'), 'loaded');
  assert.deepEqual(seen, ['loading', 'loaded']);

  await loadPages('load-crypto');
  assert.equal(calls.length, 0, 'loaded pages are not loaded again');
  stop();
  const other = loadPages('load-fiat');
  calls.shift()!.resolve({items: [], docs: {}});
  await other;
  assert.deepEqual(seen, ['loading', 'loaded'], 'a listener that unsubscribed hears nothing more');
});

test('a failed load leaves the placeholder and says so; loading again tries again', async () => {
  setPagesLoader(loader);
  const {fiat, api} = version('fail-');
  const before = [...fiat.items];
  const {seen, stop} = listen('fail-fiat');

  const first = loadPages('fail-fiat');
  calls.shift()!.reject(new Error('offline'));
  await assert.rejects(first, /offline/);
  assert.equal(pagesState('fail-fiat'), 'failed');
  assert.deepEqual(fiat.items, before, 'the placeholder still stands');

  const again = loadPages('fail-fiat');
  assert.equal(pagesState('fail-fiat'), 'loading');
  const pages = [link(`${api}fiat/get-bank`, 'Get bank')];
  calls.shift()!.resolve({items: pages, docs: {}});
  await again;
  assert.deepEqual(fiat.items, [before[0], ...pages]);
  assert.equal(pagesState('fail-fiat'), 'loaded');
  assert.deepEqual(seen, ['loading', 'failed', 'loading', 'loaded']);
  stop();
});

test('the keys a page shows: its category’s and those around it; a category page’s, its subcategories’ too', () => {
  const {api} = version('keys-');
  assert.deepEqual(keysAroundPage('keys-crypto/withdrawals'), ['keys-crypto', 'keys-crypto/withdrawals']);
  assert.deepEqual(keysAroundPage('keys-crypto'), ['keys-crypto']);
  assert.deepEqual(keysAroundPage('keys-fiat'), ['keys-fiat']);
  assert.deepEqual(keysAroundPage('keys-unknown'), []);

  assert.deepEqual(keysOfPage(`${api}crypto`), ['keys-crypto', 'keys-crypto/withdrawals'], 'a category page counts its subcategories’ cards');
  assert.deepEqual(keysOfPage(`${api}crypto/withdrawals`), ['keys-crypto', 'keys-crypto/withdrawals']);
  assert.deepEqual(keysOfPage(`${api}crypto/withdrawals/create-withdrawal`), ['keys-crypto', 'keys-crypto/withdrawals']);
  assert.deepEqual(keysOfPage(`${api}crypto/list-coins`), ['keys-crypto']);
  assert.deepEqual(keysOfPage(`${api}fiat/list-banks`), ['keys-fiat']);
  assert.deepEqual(keysOfPage('/docs/guides/nowhere'), []);
});

/** A sidebar link as DocSidebarItemLink renders it (checked against the theme's own by a behaviour contract). */
const li = sidebarLink;

/** The sidebar of an operation page of Withdrawals as the server rendered it: Crypto and Withdrawals open. */
function renderSidebar(api: string, cryptoFirst = `${api}crypto/list-coins`): void {
  document.body.innerHTML = `<nav class="menu"><ul class="theme-doc-sidebar-menu menu__list">
${li('/docs/guides/intro', 'Introduction')}
<li class="theme-doc-sidebar-item-category menu__list-item"><div class="menu__list-item-collapsible"><a class="menu__link menu__link--sublist" href="${api}crypto">Crypto</a></div>
<ul class="menu__list">
${li(cryptoFirst, 'List coins', 'api-method get')}${li(`${api}crypto/get-coin`, 'Get coin', 'api-method get')}${li(`${api}crypto/quote`, 'Quote', 'api-method post')}
<li class="theme-doc-sidebar-item-category menu__list-item"><div class="menu__list-item-collapsible"><a class="menu__link menu__link--sublist" href="${api}crypto/withdrawals">Withdrawals</a></div>
<ul class="menu__list">${li(`${api}crypto/withdrawals/create-withdrawal`, 'Create withdrawal', 'api-method post')}${li(`${api}crypto/withdrawals/get-withdrawal`, 'Get withdrawal', 'api-method get', true)}</ul></li>
${li(`${api}crypto/limits`, 'Limits')}
</ul></li>
<li class="theme-doc-sidebar-item-category menu__list-item menu__list-item--collapsed"><div class="menu__list-item-collapsible"><a class="menu__link menu__link--sublist" href="${api}fiat">Fiat</a></div></li>
</ul></nav>`.replace(/\n/g, '');
}

test('the links an operation page shows are put back from its server-rendered sidebar, in place, then replaced when loaded', async () => {
  setPagesLoader(loader);
  const {crypto, withdrawals, api} = version('html-');
  renderSidebar(api);
  const [first, , , last] = crypto.items;
  const pathname = `${api}crypto/withdrawals/get-withdrawal`;

  assert.deepEqual(pagesFromHtml('html-crypto/withdrawals', pathname, 'api/get-withdrawal'), [], 'both categories were found in the page');
  assert.deepEqual(withdrawals.items.slice(1), [
    {type: 'link', href: pathname, label: 'Get withdrawal', unlisted: false, className: 'api-method get', docId: 'api/get-withdrawal'},
  ]);
  assert.deepEqual(crypto.items.slice(1, 3), [
    {type: 'link', href: `${api}crypto/get-coin`, label: 'Get coin', unlisted: false, className: 'api-method get'},
    {type: 'link', href: `${api}crypto/quote`, label: 'Quote', unlisted: false, className: 'api-method post'},
  ]);
  assert.equal(crypto.items[3], withdrawals);
  assert.equal(pagesState('html-crypto'), 'from-page');
  assert.equal(pagesState('html-fiat'), 'apart', 'a category the page does not show is left apart');

  // The links read from the page lack the docs: loading the pages replaces them, in place.
  const before = [...crypto.items];
  const loading = loadPages('html-crypto');
  const pages = [link(`${api}crypto/get-coin`, 'Get coin', 'api-method get'), link(`${api}crypto/quote`, 'Quote', 'api-method post')];
  calls.shift()!.resolve({items: pages, docs: {}});
  await loading;
  assert.deepEqual(crypto.items, [first, ...pages, withdrawals, last]);
  assert.notEqual(crypto.items[1], before[1], 'the loaded links, not those read from the page');
});

test('a category whose rendered list does not match the sidebar data is left apart, to be loaded', () => {
  const {crypto, api} = version('stale-');
  // The page's sidebar has another first link in Crypto (stale HTML): Crypto's links cannot be read from it.
  renderSidebar(api, `${api}crypto/other-first`);
  const before = [...crypto.items];
  assert.deepEqual(pagesFromHtml('stale-crypto/withdrawals', `${api}crypto/withdrawals/get-withdrawal`, 'api/get-withdrawal'), ['stale-crypto']);
  assert.deepEqual(crypto.items, before);
  assert.equal(pagesState('stale-crypto'), 'apart');
  assert.equal(pagesState('stale-crypto/withdrawals'), 'from-page');
});
