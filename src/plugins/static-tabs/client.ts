/**
 * The static tabs of Markdown pages (./remark.ts) in the browser: a Docusaurus client module, so in every page's
 * first-visit JS, and therefore only the listeners: one `click` and one `keydown` on the document, and the
 * lifecycle's `onRouteDidUpdate` (after hydration and after each navigation) with the `storage` event of other
 * browser tabs, which apply the reader's stored choice. What they do is in ./client-tabs.ts, loaded on first use:
 * a reader who never chooses a tab, and has no choice stored, never loads it.
 */
import {STATIC_TABS_CLASS, storedChoice, TAB_KEYS, TABS_GROUP_ATTRIBUTE, TABS_STORAGE_PREFIX} from './client-shared';

const TAB = `.${STATIC_TABS_CLASS} > [role="tablist"] > [role="tab"]`;
const behaviour = () => import('./client-tabs');

const tabOf = (event: Event) => (event.target as Element | null)?.closest?.<HTMLElement>(TAB) ?? null;

/** Is a choice stored for a group of this page? (One read per group: no more than a page's few.) */
const anyStored = (): boolean =>
  [...document.querySelectorAll(`[${TABS_GROUP_ATTRIBUTE}]`)].some((group) => storedChoice(group.getAttribute(TABS_GROUP_ATTRIBUTE)!));

export function onRouteDidUpdate(): void {
  if (anyStored()) void behaviour().then((m) => m.showStored());
}

if (typeof document !== 'undefined') {
  document.addEventListener('click', (event) => {
    const tab = tabOf(event);
    if (tab) void behaviour().then((m) => m.choose(tab));
  });
  document.addEventListener('keydown', (event) => {
    const tab = tabOf(event);
    if (!tab || !TAB_KEYS.includes(event.key)) return;
    // Home, End and Space would scroll the page; the arrows would scroll a scrolled container.
    event.preventDefault();
    void behaviour().then((m) => m.key(tab, event.key));
  });
  addEventListener('storage', (event) => event.key?.startsWith(TABS_STORAGE_PREFIX) && onRouteDidUpdate());
}
