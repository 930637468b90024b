/**
 * The spec's prose (CommonMark with GitHub tables, and raw HTML as real specs write it) as HTML for the page, never
 * as MDX source: a description holding `<`, `{`, `&` or a stray tag is text to show, not code to compile. Raw HTML is
 * parsed (rehype-raw) and kept to what GitHub keeps (rehype-sanitize: no script, no event handler, no style); headings
 * are moved below the page's own. The renderings that pass the prose on as Markdown (the Markdown copy, the try-it
 * panel, whose theme renders raw HTML as it comes) take it through proseMarkdown: the same sanitised HTML. Links are
 * collected: a root-relative one must be a page of the site (checked after the build: src/plugins/static-reference);
 * any other that leads nowhere here (`#anchor`, `../x`) is an error, or, in a spec the portal publishes as someone
 * else's (`foreign`), text with a problem reported.
 */
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, {defaultSchema} from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import {unified} from 'unified';
import {toText} from 'hast-util-to-text';

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

export interface ProseOptions {
  /** The heading level a `#` heading of the prose becomes (the page's own headings come first). */
  headingLevel: number;
  /** Someone else's spec: links that lead nowhere on this site become text (reported) instead of failing. */
  foreign: boolean;
}

export interface ProseResult {
  html: string;
  /** The inside of the prose's one paragraph, when it is a single paragraph (the page then writes one `<p>`). */
  paragraph?: string;
  /** Root-relative links (`/docs/x#y`), for the check after the build. */
  links: string[];
  /** Links that lead nowhere on the site. */
  problems: string[];
}

const schema = {
  ...defaultSchema,
  // GitHub's list, without its `user-content-` prefix on ids (the prose's ids are the page's anchors).
  clobberPrefix: '',
  // A style sheet's text goes with its tag, as a script's does, rather than showing as prose.
  strip: [...(defaultSchema.strip ?? []), 'style'],
};

const isInternal = (href: string) => href.startsWith('/') && !href.startsWith('//');
const isExternal = (href: string) => /^(https?:|mailto:)/i.test(href);

function rewrite(node: HastNode, options: ProseOptions, links: string[], problems: string[]): HastNode[] {
  if (node.type === 'element' && /^h[1-6]$/.test(node.tagName ?? '')) {
    node.tagName = `h${Math.min(6, Number(node.tagName?.slice(1)) - 1 + options.headingLevel)}`;
  }
  if (node.type === 'element' && node.tagName === 'a') {
    const href = String(node.properties?.href ?? '');
    if (isInternal(href) && !options.foreign) links.push(href);
    else if (!isExternal(href)) {
      problems.push(`the link "${href}" (${toText(node as never).trim() || 'no text'}) leads nowhere on this site`);
      if (options.foreign) return (node.children ?? []).flatMap((c) => rewrite(c, options, links, problems));
    }
  }
  if (node.children) node.children = node.children.flatMap((c) => rewrite(c, options, links, problems));
  return [node];
}

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, {allowDangerousHtml: true}).use(rehypeRaw).use(rehypeSanitize, schema);
const stringifier = unified().use(rehypeStringify);

const cache = new Map<string, ProseResult>();

/** The HTML of a piece of prose (cached: the same descriptions come back on page after page). */
export function proseHtml(markdown: string, options: ProseOptions): ProseResult {
  const key = `${options.headingLevel}|${options.foreign}|${markdown}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const links: string[] = [];
  const problems: string[] = [];
  const tree = processor.runSync(processor.parse(markdown)) as unknown as HastNode;
  rewrite(tree, options, links, problems);
  const blocks = (tree.children ?? []).filter((c) => !(c.type === 'text' && !c.value?.trim()));
  const only = blocks.length === 1 && blocks[0].tagName === 'p' ? blocks[0] : undefined;
  const result: ProseResult = {html: stringifier.stringify(tree as never), links, problems};
  if (only) result.paragraph = stringifier.stringify({type: 'root', children: only.children ?? []} as never);
  cache.set(key, result);
  return result;
}

interface MdNode {
  type: string;
  children?: MdNode[];
  position?: {start: {offset?: number}; end: {offset?: number}};
}

const markdownParser = unified().use(remarkParse).use(remarkGfm);
/** What raw HTML starts with (a tag, a closing tag, a comment, a declaration): prose without it is not parsed. */
const MAY_HOLD_HTML = /<[a-z!/?]/i;
const holdsHtml = (node: MdNode): boolean => node.type === 'html' || (node.children ?? []).some(holdsHtml);

/**
 * The prose as Markdown for a rendering that passes it on (the Markdown copy, the try-it panel): as written, but each
 * top-level block that holds raw HTML (a paragraph, a list, a table, an HTML block) is replaced by the page's HTML of
 * it, sanitised, so every rendering keeps the same tags and none carries a script, a handler or a style.
 */
export function proseMarkdown(markdown: string): string {
  if (!MAY_HOLD_HTML.test(markdown)) return markdown;
  const blocks = ((markdownParser.parse(markdown) as MdNode).children ?? []).filter(holdsHtml);
  let out = markdown;
  for (const block of blocks.reverse()) {
    const start = block.position?.start.offset as number;
    const end = block.position?.end.offset as number;
    const html = stringifier.stringify(processor.runSync(processor.parse(markdown.slice(start, end))) as never).trim();
    out = out.slice(0, start) + html + out.slice(end);
  }
  return out;
}

/** Plain text of a piece of prose, on one line (a page's meta description: no HTML, no Markdown). */
export function proseText(markdown: string): string {
  const tree = processor.runSync(processor.parse(markdown)) as unknown as HastNode;
  return toText(tree as never, {whitespace: 'normal'})
    .replace(/\s+/g, ' ')
    .trim();
}
