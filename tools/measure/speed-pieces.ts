/**
 * The site's speed machinery, one row per piece that can be turned off: what each departs from stock Docusaurus for,
 * so `npm run bench -- --without <piece>` (or `--without-each`) can build the same site without it and measure what
 * it buys. A piece stays only while that measurement shows it pays (contributing/benchmarks.md, "What each piece of
 * speed machinery buys").
 *
 * The switch is `NOVARAMP_WITHOUT=<piece>[,<piece>…]`, read by docusaurus.config.ts and, for `three-process-build`,
 * by scripts/docusaurus-build.mjs (plain JavaScript: it reads the variable itself).
 *
 * Measured with `npm run bench -- --without-each` (the results are in bench/results/): the Docusaurus `common` chunk
 * override, the ejected phone sidebar and the custom page template bought no JS and at most 3 Lighthouse points,
 * and were deleted; so were the page-weight aliases (crypto-js SHA-1 only, tslib helpers, rehype-raw off, Prism
 * provided) once the try-it store left the operation pages' first visit: 1.9–2.5% of every page's JS, −1 to +2
 * points. markdown-tabs (the classic Tabs for Markdown pages instead of the OpenAPI theme's copies) measured 1.8–1.9%
 * of the pages with tabs (2026-11-29, bench/results/2026-11-29-bench.md), and was replaced by src/plugins/static-tabs,
 * which loads no Tabs component at all. tslib-helpers (about 4 KiB
 * of every page) and client-site-config (about 2 KiB) are under the 5% alone too and stay for the same reason: with
 * them the banking guide is back at its weight at e983e3e. hydration-title and html-end-tags buy no speed: they stay for what they fix (the tab's title
 * during hydration, end tags for lenient HTML parsers), and are here so that stays measured.
 */
export const WITHOUT_ENV = 'NOVARAMP_WITHOUT';

export const SPEED_PIECES = {
  'operation-entries': {what: 'operation pages out of the route table and sidebar data every page loads'},
  'three-process-build': {what: 'bundling and SSG in processes of their own (scripts/docusaurus-build.mjs)'},
  'bundler-memory': {what: "JSON exports tracked at the top level, the server bundle's shared chunks, gray-matter uncached (src/plugins/bundler-memory)"},
  'idle-prefetch': {what: "Docusaurus' link prefetch spread over idle time (src/plugins/idle-prefetch/client.ts)"},
  'hydration-title': {what: 'the server title held during hydration (src/plugins/hydration-title)'},
  'prism-at-startup': {what: "the classic theme's Prism start-up module replaced by an empty one (src/plugins/static-code)"},
  'html-end-tags': {what: 'pages re-minified with every end tag (src/plugins/html-end-tags)'},
  'client-site-config': {what: "the browser's site config and metadata without what only the build reads (src/upstream/client-site-config)"},
  'tslib-helpers': {what: "@docusaurus/utils-common's one tslib helper in the browser, not all of tslib (src/upstream/tslib-helpers)"},
} as const satisfies Record<string, {what: string}>;

export type SpeedPiece = keyof typeof SPEED_PIECES;
export const SPEED_PIECE_NAMES = Object.keys(SPEED_PIECES) as SpeedPiece[];

/** The pieces a list names (`a,b`); an unknown name is an error that lists the known ones. */
export function parsePieces(list: string | undefined, source = WITHOUT_ENV): SpeedPiece[] {
  const names = (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(n in SPEED_PIECES));
  if (unknown.length) throw new Error(`${source}: no speed piece named ${unknown.join(', ')} (known: ${SPEED_PIECE_NAMES.join(', ')})`);
  return names as SpeedPiece[];
}

/** Whether this build runs without `piece` (NOVARAMP_WITHOUT). */
export const builtWithout = (piece: SpeedPiece, env: NodeJS.ProcessEnv = process.env): boolean => parsePieces(env[WITHOUT_ENV]).includes(piece);
