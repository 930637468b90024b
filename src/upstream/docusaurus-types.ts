/**
 * Types the docs plugin declares but does not export from its entry: a sidebar item (sidebars.ts). Contract
 * 'sidebar item type'.
 */
export type {SidebarItemConfig} from '@docusaurus/plugin-content-docs/lib/sidebars/types.js';
