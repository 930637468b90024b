/**
 * The operation pages outside the client's route table (src/upstream/operation-entries says why and how): what the
 * build writes and what the page's script reads. Pure data: the plugin, the client code and the tests read it.
 */

/** Every operation page's route starts with this (the docs' base and the `/api/` every `x-doc-slug` starts with). */
export const OPERATION_ROUTE_PREFIX = '/docs/api/';

/**
 * Where the build writes each operation page's route file: `<folder><route>.json`. Outside `/assets/`, whose files
 * hosts cache for a year: the name stays when the page's scripts change.
 */
export const OPERATION_ROUTE_FILES = '/operation-routes';

/** The folder of the operation pages' scripts (their own entry files and the chunk they share). */
export const OPERATION_SCRIPTS_FOLDER = 'assets/js/operations/';

/** What an operation page's route file holds: its scripts, in the order they run, and its sidebar category's pages. */
export interface OperationRouteFile {
  scripts: string[];
  /** The key of the sidebar pages apart that list the page (absent when its category lists it alone). */
  category?: string;
}

/** The global list an operation page's script adds its registration to (`self[OPERATION_QUEUE].push(…)`). */
export const OPERATION_QUEUE = 'novarampOperations';

/** What an operation page's script registers: its route as Docusaurus generated it, its doc and its content. */
export interface OperationRegistration extends OperationRoute {
  content: unknown;
}

export const operationRouteFile = (route: string): string => `${OPERATION_ROUTE_FILES}${route}.json`;

// What src/upstream/operation-entries/route-table.ts makes of Docusaurus' generated files for src/upstream/operation-entries.

/** The operation pages to take out: route, doc id and sidebar category (from the API manifest). */
export interface OperationPage {
  route: string;
  docId: string;
  /**
   * The key of its sidebar category's pages apart: the manifest's `sidebarCategory`, else its API category's `dir`
   * (src/data/api-table.ts).
   */
  category: string;
}

/** What the client bundle needs of one operation page. */
export interface OperationRoute {
  path: string;
  /** The route's hash in Docusaurus' route table (`ComponentCreator(path, hash)`). */
  hash: string;
  /** The route's chunk names (`{__comp, content}`), as in `routesChunkNames`. */
  chunkNames: Record<string, string>;
  sidebar?: string;
  /** The docs plugin's global data entry of the page. */
  doc: {id: string; path: string; sidebar?: string};
  /** The chunk name of the page's content and the module it is. */
  contentChunk: string;
  modulePath: string;
  /** The key of the sidebar pages apart that list the page (absent when its category lists it alone). */
  category?: string;
}

/**
 * A sidebar category's operation pages, kept apart from the docs version's props that every page of the version
 * loads: every link to an operation page but the category's first (Docusaurus finds a category's first link in the
 * sidebar), and the docs of all of them. A placeholder stands in the category's items where those links were.
 */
export interface SidebarPagesApart {
  items: SidebarLink[];
  docs: Record<string, unknown>;
}

/** A sidebar link as Docusaurus' docs plugin writes it in the version's props. */
export interface SidebarLink {
  type: 'link';
  href: string;
  label: string;
  docId?: string;
  unlisted?: boolean;
  className?: string;
}

/** The custom prop of the placeholder: the key of the pages it stands for. */
export const PAGES_APART_PROP = 'operationPagesApart';

/**
 * The placeholder in a category's items. Docusaurus' own `html` item, which its sidebar code takes as one visible item
 * that is neither a link nor active; src/plugins/operation-page/theme/DocSidebarItems never renders it as such.
 */
export interface PagesApartPlaceholder {
  type: 'html';
  value: '';
  customProps: {[PAGES_APART_PROP]: string};
}

export const pagesApartPlaceholder = (key: string): PagesApartPlaceholder => ({type: 'html', value: '', customProps: {[PAGES_APART_PROP]: key}});

/** The key of the pages a sidebar item stands for, if it is a placeholder. */
export function pagesApartKey(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const {type, customProps} = item as {type?: unknown; customProps?: Record<string, unknown>};
  const key = customProps?.[PAGES_APART_PROP];
  return type === 'html' && typeof key === 'string' ? key : undefined;
}

/** The file name of a key's pages apart (`.docusaurus/operation-entries/pages/<name>.json`), also its chunk's name. */
export const pagesApartFileName = (key: string): string => key.replace(/^\/+/, '').replace(/[^A-Za-z0-9]+/g, '-');

/** The name of each key's pages' chunk starts so (src/upstream/operation-entries/preload.ts, its `webpackChunkName`). */
export const PAGES_APART_CHUNK_PREFIX = 'sidebar-pages-';

/** Which docs versions' props hold placeholders and in which sidebars: what the client loads the pages apart for. */
export interface PagesApartIndex {
  /** The version props modules' chunk names in the registry. */
  versions: string[];
  sidebars: string[];
}

/** A docs version's props module (`p/docs-<hash>.json`: every sidebar and every doc of the version), the client's copy. */
export interface SplitVersionProps {
  /** The props module's chunk name in the registry. */
  chunkName: string;
  modulePath: string;
  /** The props with the sidebar categories' operation pages apart (JSON). */
  props: string;
}

export interface RouteTable {
  routes: string;
  registry: string;
  routesChunkNames: string;
  globalData: string;
  operations: OperationRoute[];
  versions: SplitVersionProps[];
  /** The pages apart, by key. */
  pagesApart: Record<string, SidebarPagesApart>;
  /** The sidebars that hold placeholders. */
  sidebars: string[];
}
