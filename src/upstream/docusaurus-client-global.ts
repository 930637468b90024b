/**
 * Docusaurus' client entry assigns `window.docusaurus` (frozen, with `prefetch` and `preload`) once, after the client
 * modules have run; a client module that wants to change it puts a setter in its place. Contract 'global docusaurus
 * object'. Used by src/plugins/idle-prefetch/client.ts.
 */
export interface DocusaurusGlobal {
  prefetch: (routePath: string) => unknown;
  preload: (routePath: string) => unknown;
}

/** From now on, `window.docusaurus` is what `wrap` makes of the object Docusaurus assigns (or has assigned). */
export function wrapDocusaurusGlobal(wrap: (value: DocusaurusGlobal) => DocusaurusGlobal): void {
  const w = window as unknown as {docusaurus?: DocusaurusGlobal};
  const wrapped = (value: DocusaurusGlobal | undefined) => value && wrap(value);
  let current = wrapped(w.docusaurus);
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    get: () => current,
    set: (value: DocusaurusGlobal) => {
      current = wrapped(value);
    },
  });
}
