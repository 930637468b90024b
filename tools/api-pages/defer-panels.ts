/**
 * Splits a rendered reference (./render-reference.ts) into what an operation page's HTML carries and what it loads
 * when a tab is selected (src/data/static-reference.ts, `ReferenceFile`): the contents of every hidden tab panel that
 * is not inside another hidden one are cut out of the HTML, in order, and the panel's start tag gets
 * `data-deferred="<index>"`. Everything else stays byte for byte as React wrote it, so `fullReferenceHtml` gives the
 * rendered HTML back exactly.
 */
import {parseFragment, type DefaultTreeAdapterMap} from 'parse5';
import {DEFERRED_ATTRIBUTE, type ReferenceFile} from '../../src/data/static-reference';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

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

export function deferHiddenPanels(html: string): ReferenceFile {
  const panels = hiddenPanels(parseFragment(html, {sourceCodeLocationInfo: true}).childNodes);
  const deferred: string[] = [];
  let out = '';
  let at = 0;
  for (const panel of panels) {
    const start = panel.sourceCodeLocation?.startTag?.endOffset;
    const end = panel.sourceCodeLocation?.endTag?.startOffset;
    if (start === undefined || end === undefined || html[start - 1] !== '>') {
      throw new Error(`defer-panels: a hidden tab panel at offset ${panel.sourceCodeLocation?.startOffset} has no start or end tag of its own`);
    }
    out += `${html.slice(at, start - 1)} ${DEFERRED_ATTRIBUTE}="${deferred.length}">`;
    deferred.push(html.slice(start, end));
    at = end;
  }
  return {html: out + html.slice(at), deferred};
}
