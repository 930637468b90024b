/**
 * Stands in for `rehype-raw` in the OpenAPI theme's Markdown component (alias in src/plugins/page-weight/index.ts): a rehype plugin
 * that changes nothing, so react-markdown shows raw HTML in a spec description as text instead of parsing it
 * with parse5, a large part of every operation page's script. The specs hold no raw HTML (tests/site/budget.test.ts).
 */
export default function rehypeRawOff(): void {}
