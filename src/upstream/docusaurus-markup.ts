/**
 * Class names of upstream markup that our code writes or reads: Infima's menu classes as Docusaurus' sidebar renders
 * them, the OpenAPI plugin's sidebar class for a deprecated operation, and classes of the classic theme's CSS modules
 * (hashed in the build: matched by prefix). Contracts 'sidebar link markup' and 'CSS module class names'.
 */

/** The `<li>` of a sidebar item (Infima). */
export const MENU_LIST_ITEM = 'menu__list-item';
/** The OpenAPI plugin's sidebar class for a deprecated operation; no upstream CSS styles it, src/css/custom.css does. */
export const MENU_LIST_ITEM_DEPRECATED = 'menu__list-item--deprecated';
/** The classes DocSidebarItemLink gives every link's `<li>`; the rest are the item's own `className`. */
export const SIDEBAR_LINK_CLASSES = /^(?:theme-doc-sidebar-item-link(?:-level-\d+)?|menu__list-item)$/;
/** The class DocSidebarItemLink gives a link's `<li>`. */
export const SIDEBAR_LINK_ITEM = 'theme-doc-sidebar-item-link';
/** The current page's link in the docs sidebar. */
export const CURRENT_SIDEBAR_LINK = '.theme-doc-sidebar-menu a.menu__link[aria-current="page"]';

/** Prefixes of the classic theme's CSS module classes (the build appends a hash). */
export const CSS_MODULE_PREFIX = {
  codeTitle: 'codeBlockTitle',
  calloutHeading: 'admonitionHeading',
  calloutContent: 'admonitionContent',
  darkThemeOnly: 'themedComponent--dark',
  categoryIndexPage: 'generatedIndexPage',
} as const;
