/** The pages `npm run bench` and tests/budget.test.ts load, by page type, and the gzip budgets per type (KiB). */
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
 * The targets: guide and terminology pages ≤ 200 KiB of JS, API operation pages ≤ 350 KiB, CSS ≤ 60 KiB
 * (zlib level 9), pages with mermaid diagrams included (drawn at build time: src/remark/mermaid-svg.ts).
 * Measured on this build: home 163.2, guide 195.5, terminology 189.3 (with a diagram 193.3), API operation
 * 321.4–326.3 KiB. Stock `@theme/ApiItem`: about 1 950 KiB on every doc page; browser-drawn mermaid: +180 KiB.
 */
export const BUDGET_KIB: Record<(typeof BENCH_PAGES)[number]['type'], {js: number; css: number}> = {
  home: {js: 200, css: 60},
  guide: {js: 200, css: 60},
  'guide (diagrams)': {js: 200, css: 60},
  terminology: {js: 200, css: 60},
  'terminology (diagram)': {js: 200, css: 60},
  'API operation': {js: 350, css: 60},
};
