/**
 * Small, safe pieces of Markdown text for the generated pages: code spans and fences that survive any content,
 * indentation for list-item bodies, and the rewriting of a description's links to absolute URLs (found with
 * remark's parser, so links inside code stay as they are).
 */
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {SITE_URL} from '../../src/data/brand';

/** `value` as an inline code span, with enough backticks around it for any backticks inside. */
export function code(value: string): string {
  const text = value.replace(/\n/g, ' ');
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/** A fenced code block whose fence is longer than any run of backticks in `source`. */
export function fence(source: string, lang = ''): string {
  const longest = Math.max(0, ...(source.match(/`{3,}/g) ?? []).map((r) => r.length));
  const ticks = '`'.repeat(Math.max(3, longest + 1));
  return `${ticks}${lang}\n${source.replace(/\n+$/, '')}\n${ticks}`;
}

/** Indents every non-empty line of `block` by `spaces` (the body of a list item). */
export function indent(block: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return block
    .split('\n')
    .map((line) => (line.trim() === '' ? '' : pad + line))
    .join('\n');
}

/** A value as it reads in the reference: strings bare, everything else as JSON. */
export function literal(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Where an internal link points once it leaves the site: the absolute URL of the page's Markdown copy when the
 * page has one (`hasMarkdown(path)`), otherwise the absolute URL itself.
 */
export function absoluteUrl(href: string, hasMarkdown: (path: string) => boolean): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const match = /^([^?#]*)(.*)$/.exec(href) as RegExpExecArray;
  const [, pathname, rest] = match;
  const clean = pathname.replace(/\/+$/, '') || '/';
  if (hasMarkdown(clean)) return `${SITE_URL}${clean === '/' ? '/index' : clean}.md${rest}`;
  return `${SITE_URL}${pathname}${rest}`;
}

interface MdNode {
  type: string;
  url?: string;
  position?: {start: {offset?: number}; end: {offset?: number}};
  children?: MdNode[];
}

const parser = unified().use(remarkParse).use(remarkGfm);

/** `markdown` with every root-relative link and definition made absolute (see absoluteUrl). */
export function absoluteLinks(markdown: string, hasMarkdown: (path: string) => boolean): string {
  // Only a link, an image or a definition has a URL, after `](` or `]:`: prose without a root-relative one (most of
  // it) is not parsed, which at 2,000 operations took most of the Markdown copies' time.
  if (!/\]\(\s*<?\/|\]:\s*<?\//.test(markdown)) return markdown;
  const edits: {start: number; end: number; text: string}[] = [];
  const visit = (node: MdNode): void => {
    if ((node.type === 'link' || node.type === 'definition' || node.type === 'image') && node.url?.startsWith('/') && node.position) {
      const start = node.position.start.offset as number;
      const end = node.position.end.offset as number;
      const source = markdown.slice(start, end);
      // The destination follows `](` in a link or image, `]:` in a definition.
      const at = node.type === 'definition' ? source.indexOf(node.url) : source.lastIndexOf(`](${node.url}`) + 2;
      if (at >= (node.type === 'definition' ? 0 : 2))
        edits.push({start: start + at, end: start + at + node.url.length, text: absoluteUrl(node.url, hasMarkdown)});
    }
    node.children?.forEach(visit);
  };
  visit(parser.parse(markdown) as MdNode);
  let out = markdown;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
