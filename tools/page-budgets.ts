/** The pages `npm run bench` and tests/site/budget.test.ts load, by page type, and the gzip budgets per type (KiB). */
export const BENCH_PAGES = [
  {type: 'home', route: '/'},
  {type: 'guide', route: '/docs/guides/banking-guide'},
  {type: 'guide (diagrams)', route: '/docs/guides/flow-of-fund-guide'},
  {type: 'terminology', route: '/docs/guides/terminology/account'},
  {type: 'terminology (diagram)', route: '/docs/guides/terminology/kyc'},
  {type: 'API operation', route: '/docs/api/crypto/wallet/whitdraw-crypto'},
  {type: 'API operation', route: '/docs/api/account/create-account'},
  {type: 'API operation', route: '/docs/api/transaction/list-transaction'},
] as const;

/**
 * First-visit budgets, zlib level 9. A guide carries the site's shell only; an operation page adds the OpenAPI
 * theme's page code (its Redux store and schema components), never the try-it request builder or the snippet
 * generators, which load on use or run at build time. Pages with diagrams get the same budget as their kind
 * because diagrams are images drawn at build time. `npm run bench` prints what each page weighs today.
 */
export const BUDGET_KIB: Record<(typeof BENCH_PAGES)[number]['type'], {js: number; css: number}> = {
  home: {js: 200, css: 60},
  guide: {js: 200, css: 60},
  'guide (diagrams)': {js: 200, css: 60},
  terminology: {js: 200, css: 60},
  'terminology (diagram)': {js: 200, css: 60},
  'API operation': {js: 350, css: 60},
};
