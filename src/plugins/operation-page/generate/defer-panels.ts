/**
 * Splits a rendered reference (tools/reference/html.tsx) into what an operation page's HTML carries and what it loads
 * when asked (src/data/static-reference.ts, `ReferenceFile`):
 * - the contents of every hidden tab panel (not inside another hidden one) are cut out of the HTML, in order, and the
 *   panel's start tag gets `data-deferred="<index>"`: filled when its tab is selected;
 * - on a reference still larger than DETAILS_DEFERRED_ABOVE elements (real APIs' largest operations: thousands of
 *   fields), the contents of every closed `<details>` too (its body, the element after its summary, gets the
 *   attribute): filled when it is opened. The portal's own references stay under the bound, so a reader without
 *   JavaScript opens every field of them.
 * Everything else stays byte for byte as rendered, so `fullReferenceHtml` gives the rendered HTML back exactly.
 * The HTML is read by htmlparser2's tokenizer, which gives each tag's offsets without building a DOM (parse5 with
 * source locations did the same work several times slower): the references are React's output, every element closed.
 */
import {Parser} from 'htmlparser2';
import {DEFERRED_ATTRIBUTE, type ReferenceFile} from '../../../data/static-reference';

/** Elements a reference keeps in the page before its closed `<details>` are deferred too (the portal's largest: ~1,300). */
export const DETAILS_DEFERRED_ABOVE = 2000;

/** An element as read: its tag, attributes, where its start tag starts and ends, where its end tag starts. */
interface Element {
  name: string;
  attribs: Record<string, string>;
  /** Offset of the start tag's `<` (for the error message), and one past its `>`. */
  start: number;
  contentStart: number;
  /** Offset of the end tag's `<`; undefined while open, or when the end tag is missing (implied). */
  contentEnd?: number;
  /** Whether anything (text, a comment or an element) is between its tags. */
  hasContent: boolean;
  children: Element[];
}

/** The elements of `html` as a tree of offsets (top level returned); an element closed without its own end tag has no `contentEnd`. */
function read(html: string): Element[] {
  const top: Element[] = [];
  const open: Element[] = [];
  const markParentFilled = () => {
    const parent = open.at(-1);
    if (parent) parent.hasContent = true;
  };
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const el: Element = {name, attribs, start: parser.startIndex, contentStart: parser.endIndex + 1, hasContent: false, children: []};
        markParentFilled();
        (open.at(-1)?.children ?? top).push(el);
        open.push(el);
      },
      ontext: markParentFilled,
      oncomment: markParentFilled,
      onclosetag(_name, isImplied) {
        const el = open.pop()!;
        if (!isImplied) el.contentEnd = parser.startIndex;
      },
    },
    {decodeEntities: false},
  );
  parser.write(html);
  parser.end();
  return top;
}

/** The hidden tab panels of `elements`, outermost only, in document order. */
function hiddenPanels(elements: Element[], found: Element[] = []): Element[] {
  for (const el of elements) {
    if (el.attribs.role === 'tabpanel' && 'hidden' in el.attribs) found.push(el);
    else hiddenPanels(el.children, found);
  }
  return found;
}

/** The bodies (the element after the summary) of the closed `<details>` of `elements`, outermost only. */
function closedDetailsBodies(elements: Element[], found: Element[] = []): Element[] {
  for (const el of elements) {
    if (el.name === 'details' && !('open' in el.attribs)) {
      const body = el.children.find((c) => c.name !== 'summary');
      if (body && body.hasContent) found.push(body);
    } else closedDetailsBodies(el.children, found);
  }
  return found;
}

/** The elements of `elements`, those inside `emptied` left out. */
function countElements(elements: Element[], emptied: Set<Element>): number {
  return elements.reduce((n, el) => n + 1 + (emptied.has(el) ? 0 : countElements(el.children, emptied)), 0);
}

/** Cuts the contents of `elements` (in document order, none inside another) out of `html`. */
function cut(html: string, elements: Element[], deferred: string[]): string {
  let out = '';
  let at = 0;
  for (const el of elements) {
    const start = el.contentStart;
    const end = el.contentEnd;
    if (end === undefined || html[start - 1] !== '>') {
      throw new Error(`defer-panels: an element at offset ${el.start} has no start or end tag of its own`);
    }
    out += `${html.slice(at, start - 1)} ${DEFERRED_ATTRIBUTE}="${deferred.length}">`;
    deferred.push(html.slice(start, end));
    at = end;
  }
  return out + html.slice(at);
}

export function deferHiddenPanels(html: string, {detailsAbove = DETAILS_DEFERRED_ABOVE} = {}): ReferenceFile {
  const deferred: string[] = [];
  const tree = read(html);
  const panels = hiddenPanels(tree);
  const shown = cut(html, panels, deferred);
  // What the page keeps is counted on this tree, its panels emptied: reading `shown` again is only needed to locate
  // its <details>, over the bound.
  if (countElements(tree, new Set(panels)) <= detailsAbove) return {html: shown, deferred};
  return {html: cut(shown, closedDetailsBodies(read(shown)), deferred), deferred};
}
