/** The pages `npm run bench` and tests/site/budget.test.ts load, by page type, and the gzip budgets per type (KiB). */
const PAGES_BY_TYPE = {
  home: ['/'],
  guide: ['/docs/guides/banking-guide'],
  'guide (diagrams)': ['/docs/guides/flow-of-fund-guide'],
  terminology: ['/docs/guides/terminology/account'],
  'terminology (diagram)': ['/docs/guides/terminology/kyc'],
  'blog post': ['/blog/2025/03/18/sandbox-and-webhooks'],
  'API operation': [
    '/docs/api/crypto/wallet/whitdraw-crypto',
    '/docs/api/fiat/withdraw-fiat',
    '/docs/api/account/create-account',
    '/docs/api/transaction/list-transaction',
  ],
} as const;
type PageType = keyof typeof PAGES_BY_TYPE;

export const BENCH_PAGES: {type: PageType; route: string}[] = Object.entries(PAGES_BY_TYPE).flatMap(([type, routes]) =>
  routes.map((route) => ({type: type as PageType, route})),
);

/**
 * First-visit budgets, zlib level 9. A guide carries the site's shell only; an operation page adds the OpenAPI
 * theme's page code (its Redux store and schema components), never the try-it request builder or the snippet
 * generators, which load on use or run at build time. Pages with diagrams get the same budget as their kind
 * because diagrams are images drawn at build time. `npm run bench` prints what each page weighs today.
 * Docs pages get 210: main.js carries the route table, which grows with every API page (issue #14 is to make a
 * guide's JS independent of the number of operations).
 */
export const BUDGET_KIB: Record<PageType, {js: number; css: number}> = {
  home: {js: 200, css: 60},
  guide: {js: 210, css: 60},
  'guide (diagrams)': {js: 210, css: 60},
  terminology: {js: 210, css: 60},
  'terminology (diagram)': {js: 210, css: 60},
  'blog post': {js: 200, css: 60},
  'API operation': {js: 350, css: 60},
};
