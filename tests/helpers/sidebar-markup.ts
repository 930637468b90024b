/**
 * The docs sidebar's markup as the classic theme renders it, written by hand for the DOM tests of
 * src/upstream/operation-entries/sidebar-pages.ts (tests/spec/dom-sidebar-pages.test.ts), and checked against the
 * markup the theme really renders by the behaviour contract 'sidebar link markup' (tests/helpers/behaviour-contracts.ts,
 * on the fixture site): the same elements, classes and attributes, so the hand copy cannot drift from the theme.
 */

/** A sidebar link as DocSidebarItemLink renders it (level 2: inside a top-level category), its label's class hashed. */
export const sidebarLink = (href: string, label: string, extra = '', current = false): string =>
  // relies on: sidebar-link-markup
  `<li class="theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-2 menu__list-item ${extra}"><a class="menu__link${current ? ' menu__link--active' : ''}" ${current ? 'aria-current="page" ' : ''}tabindex="0" href="${href}"><span class="linkLabel_h4sh">${label}</span></a></li>`;
