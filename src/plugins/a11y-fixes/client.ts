/**
 * Accessibility repairs for markup that docusaurus-theme-openapi-docs renders and that CSS cannot fix
 * (found by axe-core, guarded by tests/site/a11y.test.ts, which runs axe over every built page):
 * - the scroll arrows of its tab lists are <button>s without a name;
 * - schema lists put a <div> or <span> directly inside a <ul>;
 * - a table wider than its column scrolls (Infima makes tables `display: block; overflow: auto`), and a scroll
 *   region must be reachable by keyboard: such tables get `tabindex="0"`, and lose it when they fit again.
 * A client module rather than ejecting five theme components: it only adds attributes React does not manage.
 * The whole page is checked once; after that only what is added to it (a new page, an opened panel) and, on a
 * resize, the tables: measuring a table's width makes the browser lay the page out, so it is not done for every
 * change React makes while the page hydrates.
 */
const LIST_ITEMS = 'ul > div:not([role]), ul > span:not([role])';
// relies on: openapi-tab-arrows
const ARROWS = 'button.openapi-tabs__arrow:not([aria-label])';

function within<T extends Element>(root: Element | Document, selector: string): T[] {
  const found = Array.from(root.querySelectorAll<T>(selector));
  return root instanceof Element && root.matches(selector) ? [root as T, ...found] : found;
}

function repair(root: Element | Document): void {
  within<HTMLButtonElement>(root, ARROWS).forEach((button) => {
    button.setAttribute('aria-label', button.classList.contains('left') ? 'Scroll tabs left' : 'Scroll tabs right');
  });
  within(root, LIST_ITEMS).forEach((item) => item.setAttribute('role', 'listitem'));
}

function fitTables(tables: HTMLTableElement[]): void {
  // Every width first, then every change: one layout for all of them.
  const scrolls = tables.map((table) => table.scrollWidth > table.clientWidth + 1);
  tables.forEach((table, i) => {
    if (scrolls[i] && table.tabIndex !== 0) table.tabIndex = 0;
    else if (!scrolls[i] && table.hasAttribute('tabindex')) table.removeAttribute('tabindex');
  });
}

if (typeof window !== 'undefined') {
  const added = new Set<Element>();
  let everyTable = false;
  let queued = false;
  // At most one repair per frame.
  const schedule = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      const roots = Array.from(added).filter((el) => el.isConnected);
      added.clear();
      roots.forEach(repair);
      const tables = everyTable ? Array.from(document.querySelectorAll('table')) : roots.flatMap((root) => within<HTMLTableElement>(root, 'table'));
      everyTable = false;
      fitTables(tables);
    });
  };
  const start = () => {
    repair(document);
    fitTables(Array.from(document.querySelectorAll('table')));
    new MutationObserver((records) => {
      for (const record of records) record.addedNodes.forEach((node) => node instanceof Element && added.add(node));
      if (added.size > 0) schedule();
    }).observe(document.body, {childList: true, subtree: true});
    window.addEventListener('resize', () => {
      everyTable = true;
      schedule();
    });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}

export {};
