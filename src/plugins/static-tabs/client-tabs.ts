/**
 * What a static tab group does (./client.ts loads it on first use), as the classic Tabs do: choosing a tab shows
 * its panel, and every group of the page with the same `groupId` follows; the choice is kept in localStorage under
 * the classic key, and shown again on the next page and in other browser tabs; the arrows, Home and End move the
 * focus along the tabs (the selected one is the only one in the Tab order); and the chosen tab stays where it was
 * on the screen when the groups above it change height (the classic `useScrollPositionBlocker`), also while their
 * lazy panels load.
 */
import {STATIC_TABS_CLASS, storedChoice, TAB_SHOWN_EVENT, TAB_VALUE_ATTRIBUTE, TABS_GROUP_ATTRIBUTE, TABS_STORAGE_PREFIX} from './client-shared';

const tabsOf = (group: Element): HTMLElement[] => [...group.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]')];
const panelsOf = (group: Element): HTMLElement[] => [...group.querySelectorAll<HTMLElement>(':scope > div > [role="tabpanel"]')];

/** Shows the tab of `group` whose value is `value`, if it has one. */
function show(group: Element, value: string): void {
  const tabs = tabsOf(group);
  const index = tabs.findIndex((tab) => tab.getAttribute(TAB_VALUE_ATTRIBUTE) === value);
  if (index < 0) return;
  const panels = panelsOf(group);
  tabs.forEach((tab, i) => {
    tab.setAttribute('aria-selected', String(i === index));
    tab.tabIndex = i === index ? 0 : -1;
    tab.classList.toggle('tabs__item--active', i === index);
  });
  panels.forEach((panel, i) => {
    const shown = i === index;
    if (panel.hidden !== !shown) {
      panel.hidden = !shown;
      if (shown) panel.dispatchEvent(new CustomEvent(TAB_SHOWN_EVENT, {bubbles: true}));
    }
  });
}

/** The page's tab groups that have a `groupId`. */
const groupedTabs = (): Element[] => [...document.querySelectorAll(`.${STATIC_TABS_CLASS}[${TABS_GROUP_ATTRIBUTE}]`)];
const groupsWith = (groupId: string): Element[] => groupedTabs().filter((g) => g.getAttribute(TABS_GROUP_ATTRIBUTE) === groupId);

/** How long a chosen tab is kept in place while the panels it showed load (a lazy panel's sample is fetched). */
const KEEP_IN_PLACE_MS = 3000;

/**
 * Keeps `element` at `top` on the screen while the page above it changes height: now (the groups above show
 * another panel, `panels`) and while those panels fill (src/plugins/workflow-steps loads a lazy panel's sample), until the
 * reader scrolls or a few seconds pass. The classic Tabs' `useScrollPositionBlocker` does the first part.
 */
function keepInPlace(element: Element, top: number, panels: Element[]): void {
  const keep = () => {
    const moved = element.getBoundingClientRect().top - top;
    if (moved) window.scrollBy({top: moved, behavior: 'instant'});
  };
  keep();
  // The panels shown are what changes height (the page's body does not: the theme gives it the window's height).
  const observer = new ResizeObserver(keep);
  for (const panel of panels) observer.observe(panel);
  const stop = () => {
    observer.disconnect();
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) removeEventListener(type, stop);
  };
  for (const type of ['wheel', 'touchstart', 'keydown'] as const) addEventListener(type, stop, {passive: true});
  setTimeout(stop, KEEP_IN_PLACE_MS);
}

/** Chooses `tab`: its group (and every group with its groupId) shows it, and the choice is kept. */
export function choose(tab: HTMLElement): void {
  const group = tab.closest(`.${STATIC_TABS_CLASS}`);
  const value = tab.getAttribute(TAB_VALUE_ATTRIBUTE);
  if (!group || value === null || tab.getAttribute('aria-selected') === 'true') return;
  const top = tab.getBoundingClientRect().top;
  const groupId = group.getAttribute(TABS_GROUP_ATTRIBUTE);
  const groups = groupId ? groupsWith(groupId) : [group];
  for (const g of groups) show(g, value);
  keepInPlace(
    tab,
    top,
    groups.flatMap((g) => panelsOf(g).filter((panel) => !panel.hidden)),
  );
  if (groupId) {
    try {
      localStorage.setItem(TABS_STORAGE_PREFIX + groupId, value);
    } catch {
      // Storage refused: the choice holds on this page only.
    }
  }
}

/** A key pressed on `tab`: Enter and Space choose it, the others move the focus (wrapping, as the classic Tabs). */
export function key(tab: HTMLElement, name: string): void {
  if (name === 'Enter' || name === ' ') return choose(tab);
  const group = tab.closest(`.${STATIC_TABS_CLASS}`);
  if (!group) return;
  const tabs = tabsOf(group);
  const at = tabs.indexOf(tab);
  const next = {ArrowRight: at + 1 < tabs.length ? at + 1 : 0, ArrowLeft: at > 0 ? at - 1 : tabs.length - 1, Home: 0, End: tabs.length - 1}[name];
  if (next !== undefined) tabs[next]?.focus();
}

/** Shows the stored choice of every group of the page (after a navigation, or another browser tab's choice). */
export function showStored(): void {
  for (const group of groupedTabs()) {
    const value = storedChoice(group.getAttribute(TABS_GROUP_ATTRIBUTE)!);
    if (value !== null) show(group, value);
  }
}
