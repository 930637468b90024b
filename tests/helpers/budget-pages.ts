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
 * The targets are guide/terminology ≤ 200 KiB and API ≤ 350 KiB of JS. Measured here (zlib level 9):
 * guide 205.9, terminology 201.8, API operation 352.0 KiB; the shared main bundle alone is 165.8 KiB.
 * The ceilings below are those measurements rounded up, NOT the targets: they keep the gains (stock: about
 * 2 000 KiB on every doc page) and fail if the snippet generators come back; closing the last few KiB is
 * open work (see the closing note of the branch).
 */
export const BUDGET_KIB: Record<(typeof BENCH_PAGES)[number]['type'], {js: number; css: number}> = {
  home: {js: 200, css: 60},
  guide: {js: 210, css: 60},
  terminology: {js: 210, css: 60},
  // A page with a mermaid diagram also loads mermaid's renderer (~150 KiB gzip) to draw it: tracked
  // separately so that everything else on such pages still has a ceiling.
  'terminology (diagram)': {js: 400, css: 60},
  'API operation': {js: 360, css: 60},
};
