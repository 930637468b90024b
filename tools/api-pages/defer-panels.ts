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
 */
import {parseFragment, type DefaultTreeAdapterMap} from 'parse5';
import {DEFERRED_ATTRIBUTE, type ReferenceFile} from '../../src/data/static-reference';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Elements a reference keeps in the page before its closed `<details>` are deferred too (the portal's largest: ~1,300). */
export const DETAILS_DEFERRED_ABOVE = 2000;

const isElement = (node: Node): node is Element => 'tagName' in node;
const attribute = (el: Element, name: string) => el.attrs.find((a) => a.name === name);

/** The hidden tab panels of `nodes`, outermost only, in document order. */
function hiddenPanels(nodes: Node[], found: Element[] = []): Element[] {
  for (const node of nodes) {
    if (!isElement(node)) continue;
    if (attribute(node, 'role')?.value === 'tabpanel' && attribute(node, 'hidden')) found.push(node);
    else hiddenPanels(node.childNodes, found);
  }
  return found;
}

/** The bodies (the element after the summary) of the closed `<details>` of `nodes`, outermost only. */
function closedDetailsBodies(nodes: Node[], found: Element[] = []): Element[] {
  for (const node of nodes) {
    if (!isElement(node)) continue;
    if (node.tagName === 'details' && !attribute(node, 'open')) {
      const body = node.childNodes.filter(isElement).find((c) => c.tagName !== 'summary');
      if (body && body.childNodes.length) found.push(body);
    } else closedDetailsBodies(node.childNodes, found);
  }
  return found;
}

/** The elements of `nodes`, those inside `emptied` left out. */
function countElements(nodes: Node[], emptied: Set<Element>): number {
  return nodes.reduce((n, node) => n + (isElement(node) ? 1 + (emptied.has(node) ? 0 : countElements(node.childNodes, emptied)) : 0), 0);
}

/** Cuts the contents of `elements` (in document order, none inside another) out of `html`. */
function cut(html: string, elements: Element[], deferred: string[]): string {
  let out = '';
  let at = 0;
  for (const el of elements) {
    const start = el.sourceCodeLocation?.startTag?.endOffset;
    const end = el.sourceCodeLocation?.endTag?.startOffset;
    if (start === undefined || end === undefined || html[start - 1] !== '>') {
      throw new Error(`defer-panels: an element at offset ${el.sourceCodeLocation?.startOffset} has no start or end tag of its own`);
    }
    out += `${html.slice(at, start - 1)} ${DEFERRED_ATTRIBUTE}="${deferred.length}">`;
    deferred.push(html.slice(start, end));
    at = end;
  }
  return out + html.slice(at);
}

export function deferHiddenPanels(html: string, {detailsAbove = DETAILS_DEFERRED_ABOVE} = {}): ReferenceFile {
  const deferred: string[] = [];
  const tree = parseFragment(html, {sourceCodeLocationInfo: true});
  const panels = hiddenPanels(tree.childNodes);
  const shown = cut(html, panels, deferred);
  // What the page keeps is counted on this tree, its panels emptied: parsing `shown` again (a quarter of this
  // function's time on the portal's references) is only needed to locate its <details>, over the bound.
  if (countElements(tree.childNodes, new Set(panels)) <= detailsAbove) return {html: shown, deferred};
  return {html: cut(shown, closedDetailsBodies(parseFragment(shown, {sourceCodeLocationInfo: true}).childNodes), deferred), deferred};
}
