/**
 * The method of an API sidebar item, from the classes the page generator gives it (`api-method <method>`:
 * src/plugins/operation-page/generate/tag-categories.ts; `<method> api-method` in a page's `sidebar_class_name`). The sidebar's link
 * carries it as `data-method` (../theme/DocSidebarItem/Link), so that the badge of a method without a rule of its own
 * in src/css/custom.css (OpenAPI 3.2 `additionalOperations`, such as PURGE) still says its name.
 */
// relies on: sidebar-deprecated-class
import {MENU_LIST_ITEM_DEPRECATED} from '../../../upstream/docusaurus-markup';

/** The class every API sidebar item has, beside its method's. */
export const API_METHOD_CLASS = 'api-method';

/** The method an item's classes name, lower case; undefined when the item is not an operation's. */
export function sidebarItemMethod(className: string | undefined): string | undefined {
  const classes = (className ?? '').split(/\s+/).filter(Boolean);
  if (!classes.includes(API_METHOD_CLASS)) return undefined;
  return classes.find((c) => c !== API_METHOD_CLASS && c !== MENU_LIST_ITEM_DEPRECATED)?.toLowerCase();
}

/** The attributes an API sidebar item's link carries: `data-method`, which the badge reads when its method has no rule. */
export function sidebarLinkAttributes(className: string | undefined): {'data-method'?: string} {
  const method = sidebarItemMethod(className);
  return method ? {'data-method': method} : {};
}
