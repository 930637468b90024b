/**
 * rehype rules for the llms-txt plugin's HTML → Markdown conversion of guides, terminology, blog posts and the
 * category pages, so their copies keep what a reader sees:
 * - tab groups become one heading per tab (its label) followed by its panel, instead of a list of labels and
 *   panels no heading tells apart;
 * - admonitions become blockquotes that start with their kind and title ("Tip:", "Warning: The reference is …");
 * - code blocks become one fenced block with their language (Prism splits them into a line per element) and
 *   keep their title;
 * - category pages' cards become a list of links (titled as the cards are, icon included) with their descriptions;
 * - diagrams drawn for both colour modes keep one image; images get absolute URLs;
 * - what is for people or for the browser only goes: heading anchors, breadcrumbs, buttons, the copy-page
 *   menu and the HTML's own agent directive (the copy has its own), React's empty comments.
 * Runs before the plugin's own link rules (`beforeDefaultRehypePlugins`), so links it creates are made absolute.
 */
import {SITE_URL} from '../../data/brand';
// relies on: css-module-class-names
import {CSS_MODULE_PREFIX} from '../../upstream/docusaurus-markup';

interface Text {
  type: 'text';
  value: string;
}
interface Element {
  type: 'element';
  tagName: string;
  properties: Record<string, unknown>;
  children: Node[];
}
interface Other {
  type: 'comment' | 'doctype' | 'root' | 'raw';
  value?: string;
  children?: Node[];
}
type Node = Text | Element | Other;
type Parent = {children: Node[]};

const classes = (el: Element): string[] => {
  const c = el.properties.className;
  return Array.isArray(c) ? c.map(String) : typeof c === 'string' ? c.split(/\s+/) : [];
};
const hasClass = (el: Element, name: string) => classes(el).includes(name);
const hasClassPrefix = (el: Element, prefix: string) => classes(el).some((c) => c.startsWith(prefix));
const isElement = (n: Node | undefined): n is Element => n?.type === 'element';
const text = (value: string): Text => ({type: 'text', value});
const element = (tagName: string, children: Node[], properties: Record<string, unknown> = {}): Element => ({type: 'element', tagName, properties, children});

/** The text of a node as it reads (line breaks from `<br>`). */
export function textOf(node: Node): string {
  if (node.type === 'text') return node.value;
  if (isElement(node) && node.tagName === 'br') return '\n';
  return 'children' in node && node.children ? node.children.map(textOf).join('') : '';
}

function find(node: Node, test: (el: Element) => boolean): Element | undefined {
  if (isElement(node) && test(node)) return node;
  for (const child of ('children' in node && node.children) || []) {
    const hit = find(child, test);
    if (hit) return hit;
  }
  return undefined;
}
function findAll(node: Node, test: (el: Element) => boolean, out: Element[] = []): Element[] {
  for (const child of ('children' in node && node.children) || []) {
    if (isElement(child) && test(child)) out.push(child);
    else findAll(child, test, out);
  }
  return out;
}

/** Elements that are for people or for the browser only. */
function dropped(el: Element): boolean {
  // relies on: heading-anchor
  if (hasClass(el, 'hash-link') || hasClass(el, 'novaramp-mermaid__dark') || hasClassPrefix(el, CSS_MODULE_PREFIX.darkThemeOnly)) return true;
  if (el.properties.dataMarkdownIgnore !== undefined || el.properties.dataAgentDirective !== undefined) return true;
  if (hasClass(el, 'theme-doc-toc-mobile') || hasClass(el, 'theme-doc-breadcrumbs')) return true;
  return ['button', 'nav', 'script', 'style', 'svg', 'template'].includes(el.tagName);
}

function codeBlock(el: Element): Node[] {
  const lang = classes(el).find((c) => c.startsWith('language-'));
  // relies on: code-block-lines
  const lines = findAll(el, (n) => hasClass(n, 'token-line'));
  const pre = find(el, (n) => n.tagName === 'pre');
  const source = lines.length ? lines.map((l) => textOf(l).replace(/\n$/, '')).join('\n') : pre ? textOf(pre) : textOf(el);
  const title = find(el, (n) => hasClassPrefix(n, CSS_MODULE_PREFIX.codeTitle));
  const out: Node[] = [];
  if (title) out.push(element('p', [element('strong', [text(textOf(title).trim())])]));
  out.push(element('pre', [element('code', [text(source.replace(/\n+$/, ''))], lang ? {className: [lang]} : {})]));
  return out;
}

function admonition(el: Element): Node[] {
  const kind =
    classes(el)
      .find((c) => c.startsWith('theme-admonition-'))
      ?.slice('theme-admonition-'.length) ?? 'note';
  const heading = find(el, (n) => hasClassPrefix(n, CSS_MODULE_PREFIX.calloutHeading));
  const content = find(el, (n) => hasClassPrefix(n, CSS_MODULE_PREFIX.calloutContent));
  const title = heading ? textOf(heading).trim() : '';
  const kindLabel = `${kind[0].toUpperCase()}${kind.slice(1)}`;
  // "Tip:", or with a title of its own "Warning: The reference is mandatory".
  const label = !title || title.toLowerCase() === kind ? `${kindLabel}:` : `${kindLabel}: ${title}`;
  const body = content?.children ?? [];
  const lead = element('p', [element('strong', [text(label)])]);
  return [element('blockquote', [lead, ...body])];
}

function tabs(el: Element, level: number): Node[] {
  const labels = findAll(el, (n) => n.properties.role === 'tab').map((t) => textOf(t).trim());
  const panels = findAll(el, (n) => n.properties.role === 'tabpanel');
  // A lazy tab's panel is empty in the page (src/plugins/static-tabs: a guide's step shows one language): no heading.
  return panels.flatMap((panel, i) => (panel.children.length ? [element(`h${level}`, [text(labels[i] ?? `Tab ${i + 1}`)]), ...panel.children] : []));
}

function cards(el: Element): Node[] {
  const items = findAll(el, (n) => n.tagName === 'a' && hasClass(n, 'card')).map((card) => {
    const title = find(card, (n) => hasClass(n, 'theme-doc-card-title') || /^h\d$/.test(n.tagName));
    const description = find(card, (n) => hasClass(n, 'theme-doc-card-description') || n.tagName === 'p');
    // The title as the card shows it, with its icon (📄️, 🗃️: a page or a category).
    const label = (title ? textOf(title) : textOf(card)).trim();
    const children: Node[] = [element('a', [text(label)], {href: card.properties.href})];
    if (description) children.push(text(`: ${textOf(description).trim()}`));
    return element('li', children);
  });
  return [element('ul', items)];
}

/** Rewrites the children of `parent` in place; `level` is the heading level a tab label gets here. */
function rewrite(parent: Parent, state: {heading: number}): void {
  const out: Node[] = [];
  for (const node of parent.children) {
    if (node.type === 'comment') continue;
    if (!isElement(node)) {
      out.push(node);
      continue;
    }
    if (dropped(node)) continue;
    const heading = /^h([1-6])$/.exec(node.tagName);
    if (heading) state.heading = Number(heading[1]);
    let replaced: Node[] | undefined;
    if (hasClass(node, 'theme-code-block')) replaced = codeBlock(node);
    else if (hasClass(node, 'theme-admonition')) replaced = admonition(node);
    // relies on: openapi-tabs
    else if (hasClass(node, 'tabs-container')) replaced = tabs(node, Math.min(state.heading + 1, 6));
    else if (node.tagName === 'section' && find(node, (n) => n.tagName === 'a' && hasClass(n, 'card'))) replaced = cards(node);
    if (replaced) {
      const holder = {children: replaced};
      const level = state.heading;
      rewrite(holder, state);
      // A tab label's heading starts no section: the next tab set on the page is at the same level.
      state.heading = level;
      out.push(...holder.children);
      continue;
    }
    if (node.tagName === 'img' && typeof node.properties.src === 'string' && node.properties.src.startsWith('/') && !node.properties.src.startsWith('//')) {
      node.properties.src = `${SITE_URL}${node.properties.src}`;
    }
    rewrite(node, state);
    out.push(node);
  }
  parent.children = out;
}

/**
 * An operation or webhook-event page (the `theme-api-markdown` row of src/plugins/operation-page/components/ApiPage.tsx): its copy is written from the spec afterwards
 * (./index.ts), so converting its reference, the largest HTML of the site, would only cost time and
 * memory, which grow with the API.
 * relies on: openapi-page-columns
 */
const isOperationPage = (tree: Parent): boolean => find(tree as Node, (el) => hasClass(el, 'theme-api-markdown')) !== undefined;

/** The rehype plugin (`content.beforeDefaultRehypePlugins` of the llms-txt plugin). */
export default function rehypeDocusaurus() {
  return (tree: Parent): void => {
    if (isOperationPage(tree)) {
      tree.children = [element('p', [text('Written from the spec by the agent-markdown plugin.')])];
      return;
    }
    rewrite(tree, {heading: 1});
  };
}
