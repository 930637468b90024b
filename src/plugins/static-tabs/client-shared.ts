/**
 * What ./remark.ts (the markup) and ./client.ts, ./client-tabs.ts (the browser) share. Pure data: the browser's
 * client module imports it, not the remark plugin.
 */

/** The class of a static tab group (./styles.css gives it, its tabs and panels the classic Tabs' CSS-module rules). */
export const STATIC_TABS_CLASS = 'novaramp-tabs';
/** A group's `groupId`, on its container: every group of the page with the same one follows a choice. */
export const TABS_GROUP_ATTRIBUTE = 'data-tabs-group';
/** A tab's value, on the tab. */
export const TAB_VALUE_ATTRIBUTE = 'data-tab-value';
/**
 * Where a group's choice is kept: the classic Tabs' localStorage key (`docusaurus.tab.<groupId>`,
 * @docusaurus/theme-common's tabsUtils; the site sets `storage: {namespace: false}`, so no suffix), so that a
 * choice made before these tabs still counts.
 */
// relies on: code-samples-tab-storage
export const TABS_STORAGE_PREFIX = 'docusaurus.tab.';

/** The choice stored for a group, if storage answers (some private windows refuse it: the defaults stay). */
export function storedChoice(groupId: string): string | null {
  try {
    return localStorage.getItem(TABS_STORAGE_PREFIX + groupId);
  } catch {
    return null;
  }
}
/** Dispatched (bubbling) on a panel when a choice shows it: what a panel loads on demand listens to it. */
export const TAB_SHOWN_EVENT = 'novaramp-tab-shown';
/** The keys a tab answers: the classic Tabs' arrows and Enter, with Home, End and Space of the ARIA tabs pattern. */
export const TAB_KEYS = ['ArrowLeft', 'ArrowRight', 'Home', 'End', 'Enter', ' '];
