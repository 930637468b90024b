/**
 * Stands in for `rehype-raw` in the OpenAPI theme's Markdown component (alias in ./index.ts): a rehype plugin
 * that changes nothing, so react-markdown shows raw HTML in a spec description as text instead of parsing it
 * with parse5 (~46 KiB gzip on every operation page). The specs hold no raw HTML (tests/site/budget.test.ts).
 */
export default function rehypeRawOff(): void {}
