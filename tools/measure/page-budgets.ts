/** The pages `npm run bench` and tests/site/budget.test.ts load, by page type, and the gzip budgets per type (KiB). */
const PAGES_BY_TYPE = {
  home: ['/'],
  guide: ['/docs/guides/banking-guide'],
  'guide (diagrams)': ['/docs/guides/flow-of-fund-guide'],
  terminology: ['/docs/guides/terminology/account'],
  'terminology (diagram)': ['/docs/guides/terminology/kyc'],
  'blog post': ['/blog/2025/03/18/sandbox-and-webhooks'],
  // The largest workflow page (the most steps): its samples are static HTML in hidden tabs (src/plugins/workflow-steps/generate/pages.ts),
  // not in its JS (src/plugins/workflow-steps).
  workflow: ['/docs/guides/workflows/sandbox-money-flow'],
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
 * First-visit budgets, zlib level 9. A guide carries the site's shell only; an operation page adds its own page code
 * (its endpoint line and tab behaviour; the reference is HTML), never the try-it forms, their Redux store, the request
 * builder or the snippet generators, which load on use or run at build time. Pages with diagrams get the same budget as their kind
 * because diagrams are images drawn at build time. `npm run bench` prints what each page weighs today. None of these
 * grows with the number of operations (src/upstream/operation-entries keeps the operation pages out of main.js and
 * out of the sidebar data a page loads; `npm run bench:scale` prints a guide's and an API page's JS at each size), so
 * each budget is what its pages weigh with a few KiB to spare: a change that adds to every page shows here. The
 * reference is neither in an operation page's JS nor downloaded twice (src/plugins/static-reference).
 *
 * `dom`: elements in <body> after hydration at 1280 px (sidebar and table of contents included), the size the
 * browser styles and lays out and React hydrates around. 1,500 for every page but the operation pages (issue #14's
 * ceiling for a guide). An operation page holds its reference with the hidden tab panels empty (every status code
 * but the first, every example behind its schema: loaded when their tab is selected, src/data/static-reference.ts),
 * so it is the operation's parameters, request body and first response: the largest, create-account's, about 2,050
 * (the withdrawals, with every panel in the HTML, had about 6,100). React does not walk it
 * (tools/reference/html.tsx); the ceiling is that content with a margin for a few more fields.
 * A workflow page has every step's samples in the HTML, four languages each, highlighted at build time (their
 * tokens are HTML React does not walk): sandbox-money-flow's fourteen steps are about 3,900 elements.
 * A guide that embeds workflow steps carries their samples the same way (src/plugins/workflow-steps keeps them out
 * of its JS, not out of its HTML): 1,800 since the guides are followed in a stateful sandbox (the banking guide,
 * which links a second bank account and beneficiary and waits on the sandbox clock, about 1,790: its steps' lazy
 * tabs have their three other panels in the page, empty until chosen, src/plugins/static-tabs). A workflow page's
 * JS no longer carries its samples either (src/plugins/workflow-steps, issue #47): sandbox-money-flow's first visit
 * went from 181.1 to 174.9 KiB (its page chunk from 14.6 to 8.1).
 * The guides are back near their weight before steps were embedded (issue #47; `npm run bench -- --baseline e983e3e`
 * compares them side by side): their tabs and Run buttons are static HTML made to work by one listener on the
 * document, with no Tabs component (src/plugins/static-tabs, src/plugins/workflow-steps: the flow-of-fund guide from
 * 166.1 to 164.3 KiB, the banking guide from 167.7 to 166.1, sandbox-money-flow from 165.5 to 164.0; the tabs'
 * listener is in every page's JS, at most 0.1 KiB), a guide's
 * own code blocks are in a file of its own like its steps' samples (src/plugins/workflow-steps), and the shell every page loads
 * is lighter: the browser's site config and metadata without what only the build reads (src/upstream/client-site-config),
 * tslib's one helper for @docusaurus/utils-common (src/upstream/tslib-helpers), the route registry without module
 * names (src/upstream/operation-entries). The banking guide is under its weight at e983e3e (167.9 KiB). Every
 * budget is what its pages weigh since then with about 1.5 KiB to spare, so that none silently regrows.
 */
export const BUDGET: Record<PageType, {js: number; css: number; dom: number}> = {
  home: {js: 138.5, css: 50, dom: 1500},
  guide: {js: 167.5, css: 50, dom: 1800},
  'guide (diagrams)': {js: 165.5, css: 50, dom: 1500},
  terminology: {js: 160, css: 50, dom: 1500},
  'terminology (diagram)': {js: 160, css: 50, dom: 1500},
  'blog post': {js: 158, css: 50, dom: 1500},
  workflow: {js: 165.5, css: 50, dom: 4500},
  'API operation': {js: 179, css: 50, dom: 2500},
};

/**
 * The search index (`/search-index.json`, @easyops-cn/docusaurus-search-local), KiB uncompressed: the browser
 * downloads it when a visitor first searches. Operation pages are indexed without their reference
 * (docusaurus.config.ts), so it grows with pages, not with the fields of their schemas (2,189 KiB with the ledger,
 * the reconciliation guide and eighteen workflow pages; 2,384 with five sandbox and 3.2 operations and the stream's
 * guide sections).
 */
export const SEARCH_INDEX_KIB = 2432;
