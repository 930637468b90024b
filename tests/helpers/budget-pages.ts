/** The pages `npm run bench` and tests/budget.test.ts load, by page type, and the gzip budgets per type (KiB). */
export const BENCH_PAGES = [
  {type: 'home', route: '/'},
  {type: 'guide', route: '/docs/guides/banking-guide'},
  {type: 'terminology', route: '/docs/guides/terminology/account'},
  {type: 'terminology (diagram)', route: '/docs/guides/terminology/kyc'},
  {type: 'API operation', route: '/docs/api/crypto/wallet/whitdraw-crypto'},
  {type: 'API operation', route: '/docs/api/account/create-account'},
  {type: 'API operation', route: '/docs/api/transaction/list-transaction'},
] as const;

/**
 * The targets: guide and terminology pages ≤ 200 KiB of JS, API operation pages ≤ 350 KiB, CSS ≤ 60 KiB
 * (zlib level 9). Measured on this build: home 163.8, guide 197.1, terminology 190.9, API operation 323.0–327.8
 * KiB; stock `@theme/ApiItem`: about 1 950 KiB on every doc page. What got there: src/plugins/page-weight
 * (crypto-js, tslib, the common chunk) and the API-only Prism grammars (src/components/ApiDocItem).
 */
export const BUDGET_KIB: Record<(typeof BENCH_PAGES)[number]['type'], {js: number; css: number}> = {
  home: {js: 200, css: 60},
  guide: {js: 200, css: 60},
  terminology: {js: 200, css: 60},
  // A page with a mermaid diagram also loads mermaid's renderer (~180 KiB gzip) to draw it in the browser:
  // tracked separately, with its own ceiling, so that everything else on such pages is still bounded.
  'terminology (diagram)': {js: 400, css: 60},
  'API operation': {js: 350, css: 60},
};
