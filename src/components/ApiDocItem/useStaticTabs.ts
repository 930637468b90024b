/**
 * Makes the tab groups of the static reference work (its HTML comes from the OpenAPI theme's tab components,
 * rendered at generation time: tools/api-pages/render-reference.ts) with one delegated listener on the page's
 * reference instead of a React component per group. Same behaviour as the theme's tabs: a click or Enter selects a
 * tab, the arrow keys move the focus along the list, and a list wider than its column gets the theme's scroll
 * buttons on both sides while it overflows. A panel the page's HTML left empty (src/data/static-reference.ts,
 * `data-deferred`) is filled when its tab is first selected.
 */
import {useEffect, type RefObject} from 'react';
import {DEFERRED_ATTRIBUTE} from '@site/src/data/static-reference';

const TAB = '[role="tab"]';
const PANEL = '[role="tabpanel"]';

/**
 * The panels of a tab list, in order: the theme puts them in a sibling of the list's container, so they are found
 * from the closest ancestor that holds as many panels as the list has tabs (panels inside other panels, which
 * belong to nested groups, do not count).
 */
function panelsOf(list: Element, tabs: number, root: Element): Element[] {
  for (let node = list.parentElement; node && root.contains(node); node = node.parentElement) {
    const panels = Array.from(node.querySelectorAll(PANEL)).filter((panel) => {
      const outer = panel.parentElement?.closest(PANEL);
      return !panel.contains(list) && !(outer && node.contains(outer));
    });
    if (panels.length > 0) return panels.length === tabs ? panels : [];
  }
  return [];
}

type Panels = () => Promise<readonly string[]>;

/** Puts the contents of an empty panel in, once they are there (at once when they are: a microtask, before the next frame). */
async function fill(panel: Element, panels: Panels, filled: (panel: Element) => void): Promise<void> {
  panel.setAttribute('aria-busy', 'true');
  try {
    const contents = await panels();
    if (!panel.hasAttribute(DEFERRED_ATTRIBUTE)) return;
    panel.innerHTML = contents[Number(panel.getAttribute(DEFERRED_ATTRIBUTE))] ?? '';
    panel.removeAttribute(DEFERRED_ATTRIBUTE);
    filled(panel);
  } catch {
    panel.innerHTML = `<div class="alert alert--danger" role="alert">This part of the reference could not be loaded. <a href="${window.location.pathname}">Reload the page</a> to see it.</div>`;
  } finally {
    panel.removeAttribute('aria-busy');
  }
}

function select(tab: HTMLElement, root: Element, panels: Panels, filled: (panel: Element) => void): void {
  const list = tab.closest('[role="tablist"]');
  if (!list) return;
  const tabs = Array.from(list.querySelectorAll<HTMLElement>(TAB));
  const index = tabs.indexOf(tab);
  const tabPanels = panelsOf(list, tabs.length, root);
  tabs.forEach((t, i) => {
    t.classList.toggle('active', i === index);
    t.setAttribute('aria-selected', String(i === index));
    t.tabIndex = i === index ? 0 : -1;
  });
  tabPanels.forEach((panel, i) => {
    if (i !== index) panel.setAttribute('hidden', '');
    else {
      panel.removeAttribute('hidden');
      if (panel.hasAttribute(DEFERRED_ATTRIBUTE)) void fill(panel, panels, filled);
    }
  });
}

const ARROW = 'openapi-tabs__arrow';

/** The theme's scroll buttons around a tab list, present while it overflows (ApiTabs, MimeTabs, SchemaTabs). */
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
    button.className = `${ARROW} ${side}`;
    button.setAttribute('aria-label', side === 'left' ? 'Scroll tabs left' : 'Scroll tabs right');
    button.addEventListener('click', () => (list.scrollLeft += side === 'left' ? -90 : 90));
    list.insertAdjacentElement(side === 'left' ? 'beforebegin' : 'afterend', button);
  }
}

/**
 * `content`: the reference's HTML, whose tab lists are watched again when it changes (it loads after a client-side
 * navigation); `panels`: the contents of its empty panels.
 */
export function useStaticTabs(ref: RefObject<HTMLElement | null>, content: string, panels: Panels): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    const tabOf = (event: Event) => (event.target as Element | null)?.closest?.<HTMLElement>(TAB) ?? null;
    const onClick = (event: MouseEvent) => {
      const tab = tabOf(event);
      if (tab && root.contains(tab)) select(tab, root, panels, watch);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const tab = tabOf(event);
      if (!tab || !root.contains(tab)) return;
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        select(tab, root, panels, watch);
        return;
      }
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (!step) return;
      const tabs = Array.from(tab.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>(TAB) ?? []);
      tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]?.focus();
    };
    const resize = new ResizeObserver((entries) => entries.forEach((entry) => showArrows(entry.target as HTMLElement)));
    const watch = (within: Element) => within.querySelectorAll<HTMLElement>('ul[role="tablist"]').forEach((list) => resize.observe(list));
    root.addEventListener('click', onClick);
    root.addEventListener('keydown', onKeyDown);
    watch(root);
    return () => {
      root.removeEventListener('click', onClick);
      root.removeEventListener('keydown', onKeyDown);
      resize.disconnect();
    };
  }, [ref, content, panels]);
}
