/**
 * Accessibility repairs for markup that docusaurus-theme-openapi-docs renders and that CSS cannot fix
 * (found by axe-core, guarded by tests/a11y.test.ts):
 * - the scroll arrows of its tab lists are <button>s without a name;
 * - schema lists put a <div> or <span> directly inside a <ul>.
 * A client module rather than ejecting five theme components: it only adds attributes React does not manage.
 */
function repair(root: ParentNode): void {
  root.querySelectorAll<HTMLButtonElement>('button.openapi-tabs__arrow:not([aria-label])').forEach((button) => {
    button.setAttribute('aria-label', button.classList.contains('left') ? 'Scroll tabs left' : 'Scroll tabs right');
  });
  root.querySelectorAll<HTMLElement>('ul > div:not([role]), ul > span:not([role])').forEach((div) => div.setAttribute('role', 'listitem'));
}

if (typeof window !== 'undefined') {
  const observer = new MutationObserver(() => repair(document));
  const start = () => {
    repair(document);
    observer.observe(document.body, {childList: true, subtree: true});
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}

export {};
