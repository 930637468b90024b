/**
 * The environment variable that tells a Docusaurus process which one of the two bundles to make (`client` or
 * `server`). Set by the three-process build (docusaurus-build.mjs, plain JavaScript run by `node`), read by
 * tools/one-bundle (TypeScript): defined in this module, which both can import, so the two cannot drift apart.
 */
export const BUNDLE_ONLY_ENV = 'NOVARAMP_BUNDLE_ONLY';
