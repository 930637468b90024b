/**
 * Accessibility repairs for markup that docusaurus-theme-openapi-docs renders and that CSS cannot fix
 * (found by axe-core, guarded by tests/site/a11y.test.ts, which runs axe over every built page):
 * - the scroll arrows of its tab lists are <button>s without a name;
 * - schema lists put a <div> or <span> directly inside a <ul>;
 * - a table wider than its column scrolls (Infima makes tables `display: block; overflow: auto`), and a scroll
 *   region must be reachable by keyboard: such tables get `tabindex="0"`, and lose it when they fit again.
 * A client module rather than ejecting five theme components: it only adds attributes React does not manage.
 */
function repair(root: ParentNode): void {
  root.querySelectorAll<HTMLButtonElement>('button.openapi-tabs__arrow:not([aria-label])').forEach((button) => {
    button.setAttribute('aria-label', button.classList.contains('left') ? 'Scroll tabs left' : 'Scroll tabs right');
  });
  root.querySelectorAll<HTMLElement>('ul > div:not([role]), ul > span:not([role])').forEach((div) => div.setAttribute('role', 'listitem'));
  root.querySelectorAll<HTMLTableElement>('table').forEach((table) => {
    const scrolls = table.scrollWidth > table.clientWidth + 1;
    if (scrolls && table.tabIndex !== 0) table.tabIndex = 0;
    else if (!scrolls && table.hasAttribute('tabindex')) table.removeAttribute('tabindex');
  });
}

if (typeof window !== 'undefined') {
  // At most one repair per frame: measuring the tables reads layout.
  let queued = false;
  const schedule = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      repair(document);
    });
  };
  const start = () => {
    repair(document);
    new MutationObserver(schedule).observe(document.body, {childList: true, subtree: true});
    window.addEventListener('resize', schedule);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}

export {};
