/**
 * The operation pages outside the client's route table (src/plugins/operation-entries says why and how): what the
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

/** What an operation page's route file holds: its scripts, in the order they run. */
export interface OperationRouteFile {
  scripts: string[];
}

/** The global list an operation page's script adds its registration to (`self[OPERATION_QUEUE].push(…)`). */
export const OPERATION_QUEUE = 'novarampOperations';

/** What an operation page's script registers: its route as Docusaurus generated it, its doc and its content. */
export interface OperationRegistration extends OperationRoute {
  content: unknown;
}

export const operationRouteFile = (route: string): string => `${OPERATION_ROUTE_FILES}${route}.json`;

// What tools/operation-route-table.ts makes of Docusaurus' generated files for src/plugins/operation-entries.

/** The operation pages to take out: route and doc id (from the API manifest). */
export interface OperationPage {
  route: string;
  docId: string;
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
}

/**
 * A docs version's props (`p/docs-<hash>.json`: every sidebar and every doc of the version) without the sidebars
 * that list operation pages and without the operation docs, and those apart.
 */
export interface SplitVersionProps {
  /** The props module's chunk name in the registry. */
  chunkName: string;
  modulePath: string;
  /** The props without them, for the client (JSON). */
  props: string;
  apart: {docsSidebars: Record<string, unknown>; docs: Record<string, unknown>};
}

export interface RouteTable {
  routes: string;
  registry: string;
  routesChunkNames: string;
  globalData: string;
  operations: OperationRoute[];
  versions: SplitVersionProps[];
  /** The sidebars taken out of the versions' props. */
  sidebars: string[];
}

