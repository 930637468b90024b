/**
 * What makes an operation page's static reference (HTML rendered at generation time: tools/reference/html.tsx)
 * interactive, on the DOM alone, with one delegated listener on the reference instead of a React component per group:
 * - tabs (parameters' media types, schema and examples, a `oneOf`'s variants, response statuses): a click or Enter
 *   selects a tab and shows the panel it names (`aria-controls`), the arrow keys move the focus along the list, and a
 *   list wider than its column gets scroll buttons on both sides while it overflows;
 * - a panel the page's HTML left empty (`data-deferred`, src/data/static-reference.ts) is filled when first selected,
 *   and the body of a `<details>` left empty when first opened (the largest references: src/plugins/operation-page/generate/defer-panels.ts);
 * - a component shown apart (a `<details>` with `data-schema-file`) loads its fields when first opened;
 * - a link to a place of the reference (`#id`: a recursive schema's link to its expansion) opens the tabs and
 *   `<details>` around its target, loading what they hold, and scrolls to it.
 * No React: the page's HTML is the reference, and this only changes what is shown. Unit-tested in a DOM
 * (tests/spec/dom-reference.test.ts), in a browser on fixture specs (tests/spec/one-process/reference-dom.test.ts) and on the
 * built pages (tests/site/api-page.test.ts).
 */
import {COMPONENT_FILE_ATTRIBUTE, DEFERRED_ATTRIBUTE, REFERENCE_DETAILS_CONTENT_CLASS, type ReferenceFile} from '../../../data/static-reference';

const TAB = '[role="tab"]';
const ERROR = (what: string) =>
  `<div class="alert alert--danger" role="alert">${what} could not be loaded. <a href="${window.location.pathname}">Reload the page</a> to see it.</div>`;

export interface ReferenceSources {
  /** The contents of the page's deferred panels. */
  panels: () => Promise<readonly string[]>;
  /** A component's file (COMPONENT_URL + name). */
  component: (file: string) => Promise<ReferenceFile>;
}

/** The deferred contents a panel's index points into: its component's file, or the page's own. */
function deferredOf(panel: Element, sources: ReferenceSources): Promise<readonly string[]> {
  const file = panel.closest(`[${COMPONENT_FILE_ATTRIBUTE}]`)?.getAttribute(COMPONENT_FILE_ATTRIBUTE);
  return file ? sources.component(file).then((f) => f.deferred) : sources.panels();
}

let scopes = 0;

/**
 * Gives the ids of inserted HTML a prefix of their own (and the references to them: `aria-controls`,
 * `aria-labelledby`, `#` links), so a component opened twice on one page keeps its ids unique.
 */
function scopeIds(root: Element, prefix: string): void {
  const ids = new Set(Array.from(root.querySelectorAll('[id]'), (el) => el.id));
  if (!ids.size) return;
  const map = (id: string) => (ids.has(id) ? `${prefix}${id}` : id);
  root.querySelectorAll('[id]').forEach((el) => (el.id = map(el.id)));
  for (const attr of ['aria-controls', 'aria-labelledby']) {
    root.querySelectorAll(`[${attr}]`).forEach((el) => el.setAttribute(attr, map(el.getAttribute(attr) ?? '')));
  }
  root
    .querySelectorAll<HTMLAnchorElement>('a[href^="#"]')
    .forEach((a) => a.setAttribute('href', `#${map(decodeURIComponent(a.getAttribute('href')!.slice(1)))}`));
}

/** Fills a deferred panel once its contents are there (at once when they are: a microtask, before the next frame). */
async function fill(panel: Element, sources: ReferenceSources, filled: (panel: Element) => void): Promise<void> {
  if (!panel.hasAttribute(DEFERRED_ATTRIBUTE) || panel.getAttribute('aria-busy') === 'true') return;
  panel.setAttribute('aria-busy', 'true');
  try {
    const contents = await deferredOf(panel, sources);
    if (!panel.hasAttribute(DEFERRED_ATTRIBUTE)) return;
    panel.innerHTML = contents[Number(panel.getAttribute(DEFERRED_ATTRIBUTE))] ?? '';
    const scope = panel.closest('[data-id-scope]')?.getAttribute('data-id-scope');
    if (scope) scopeIds(panel, scope);
    panel.removeAttribute(DEFERRED_ATTRIBUTE);
    filled(panel);
  } catch {
    panel.innerHTML = ERROR('This part of the reference');
  } finally {
    panel.removeAttribute('aria-busy');
  }
}

/** Loads a component shown apart into its `<details>` (once). */
async function open(details: HTMLElement, sources: ReferenceSources, filled: (el: Element) => void): Promise<void> {
  const file = details.getAttribute(COMPONENT_FILE_ATTRIBUTE);
  const content = details.querySelector(`:scope > div > .${REFERENCE_DETAILS_CONTENT_CLASS}`);
  if (!file || !content || details.hasAttribute('data-loaded') || details.getAttribute('aria-busy') === 'true') return;
  details.setAttribute('aria-busy', 'true');
  try {
    const {html} = await sources.component(file);
    const holder = document.createElement('div');
    holder.innerHTML = html;
    const scope = `s${++scopes}-`;
    holder.setAttribute('data-id-scope', scope);
    scopeIds(holder, scope);
    content.append(holder);
    details.setAttribute('data-loaded', '');
    filled(holder);
  } catch {
    content.insertAdjacentHTML('beforeend', ERROR('These fields'));
  } finally {
    details.removeAttribute('aria-busy');
  }
}

/** Selects a tab: marks it, shows its panel (filling it if it was left empty), hides its siblings' panels. */
function select(tab: Element, sources: ReferenceSources, filled: (el: Element) => void): Promise<void> {
  const list = tab.closest('[role="tablist"]');
  if (!list) return Promise.resolve();
  let shown: Promise<void> = Promise.resolve();
  for (const t of Array.from(list.querySelectorAll<HTMLElement>(TAB))) {
    const on = t === tab;
    t.setAttribute('aria-selected', String(on));
    t.tabIndex = on ? 0 : -1;
    const panel = document.getElementById(t.getAttribute('aria-controls') ?? '');
    if (!panel) continue;
    if (!on) panel.setAttribute('hidden', '');
    else {
      panel.removeAttribute('hidden');
      shown = fill(panel, sources, filled);
    }
  }
  return shown;
}

/** The scroll buttons' class (src/plugins/static-reference/reference.css draws them). */
const ARROW = 'novaramp-ref-tabs-arrow';

/** Scroll buttons around a tab list, present while it overflows. */
function showArrows(list: HTMLElement): void {
  const overflows = list.clientWidth < list.scrollWidth;
  const present = list.previousElementSibling?.classList.contains(ARROW) ?? false;
  if (overflows === present) return;
  if (!overflows) {
    list.previousElementSibling?.remove();
    list.nextElementSibling?.remove();
    return;
  }
  for (const side of ['left', 'right'] as const) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `${ARROW} ${ARROW}--${side}`;
    button.setAttribute('aria-label', side === 'left' ? 'Scroll tabs left' : 'Scroll tabs right');
    button.addEventListener('click', () => (list.scrollLeft += side === 'left' ? -90 : 90));
    list.insertAdjacentElement(side === 'left' ? 'beforebegin' : 'afterend', button);
  }
}

/**
 * Makes `el` visible: selects the tabs of the hidden panels around it, opens the `<details>` around it, and fills
 * what is still to be loaded on the way (outermost first, so each is in the page before the next is looked up).
 */
async function showAround(el: Element, root: Element, sources: ReferenceSources, filled: (el: Element) => void): Promise<void> {
  const chain: Element[] = [];
  for (let node: Element | null = el; node && node !== root && root.contains(node); node = node.parentElement) chain.unshift(node);
  for (const node of chain) {
    if (node.getAttribute('role') === 'tabpanel' && node.hasAttribute('hidden')) {
      const tab = root.querySelector(`[aria-controls="${CSS.escape(node.id)}"]`);
      if (tab) await select(tab, sources, filled);
    }
    if (node instanceof HTMLDetailsElement) node.open = true;
    if (node.hasAttribute(DEFERRED_ATTRIBUTE)) await fill(node, sources, filled);
  }
}

/**
 * Shows the element with `id` in the reference: selects the tabs of the panels around it and opens the `<details>`
 * around it, loading what they hold (found by its contents when the target is not in the page yet). Resolves to the
 * element, or undefined when the reference has no such id.
 */
export async function reveal(root: Element, id: string, sources: ReferenceSources, filled: (el: Element) => void): Promise<HTMLElement | undefined> {
  const find = () => root.querySelector<HTMLElement>(`[id="${CSS.escape(id)}"]`);
  if (!find()) {
    const contents = await sources.panels();
    const index = contents.findIndex((html) => html.includes(` id="${id}"`));
    const holder =
      index < 0 ? null : Array.from(root.querySelectorAll(`[${DEFERRED_ATTRIBUTE}="${index}"]`)).find((el) => !el.closest(`[${COMPONENT_FILE_ATTRIBUTE}]`));
    if (!holder) return undefined;
    await showAround(holder, root, sources, filled);
  }
  const target = find();
  if (!target) return undefined;
  await showAround(target, root, sources, filled);
  return target;
}

/** Makes `root`'s reference interactive; returns what undoes it. */
export function attachReference(root: HTMLElement, sources: ReferenceSources): () => void {
  const resize =
    typeof ResizeObserver === 'function' ? new ResizeObserver((entries) => entries.forEach((entry) => showArrows(entry.target as HTMLElement))) : undefined;
  const watch = (within: Element) => within.querySelectorAll<HTMLElement>('ul[role="tablist"]').forEach((list) => resize?.observe(list));
  const tabOf = (event: Event) => (event.target as Element | null)?.closest?.<HTMLElement>(TAB) ?? null;
  const onClick = (event: MouseEvent) => {
    const tab = tabOf(event);
    if (tab && root.contains(tab)) {
      void select(tab, sources, watch);
      return;
    }
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href^="#"]');
    // relies on: heading-anchor
    if (!link || !root.contains(link) || link.classList.contains('hash-link')) return;
    const id = decodeURIComponent(link.getAttribute('href')!.slice(1));
    if (!id) return;
    event.preventDefault();
    void reveal(root, id, sources, watch).then((target) => {
      if (!target) return;
      target.scrollIntoView({block: 'start'});
      window.history.pushState(null, '', `#${encodeURIComponent(id)}`);
    });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const tab = tabOf(event);
    if (!tab || !root.contains(tab)) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      void select(tab, sources, watch);
      return;
    }
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const tabs = Array.from(tab.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>(TAB) ?? []);
    tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]?.focus();
  };
  // `toggle` does not bubble: listened to in the capture phase, for every <details> of the reference.
  const onToggle = (event: Event) => {
    const details = event.target as HTMLElement;
    if (!(details instanceof HTMLDetailsElement) || !details.open) return;
    if (details.hasAttribute(COMPONENT_FILE_ATTRIBUTE)) void open(details, sources, watch);
    // The body of a closed <details> of a very large reference comes with the deferred panels.
    const body = details.querySelector(`:scope > [${DEFERRED_ATTRIBUTE}]`);
    if (body) void fill(body, sources, watch);
  };
  root.addEventListener('click', onClick);
  root.addEventListener('keydown', onKeyDown);
  root.addEventListener('toggle', onToggle, true);
  watch(root);
  return () => {
    root.removeEventListener('click', onClick);
    root.removeEventListener('keydown', onKeyDown);
    root.removeEventListener('toggle', onToggle, true);
    resize?.disconnect();
  };
}
