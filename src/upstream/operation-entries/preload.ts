/**
 * Docusaurus' `preload` (@docusaurus/core/lib/client/preload.js, which this module replaces in the client bundle:
 * ./index.ts), with one step before it: a path the client's route table does not know, under the operation pages'
 * prefix, gets its route from the operation page's script first. Docusaurus calls `preload` before it hydrates the
 * first page and before every client-side navigation, and renders the route table once `preload` has resolved.
 *
 * On a page's first load the page's own HTML lists its scripts after main's, so the registration arrives when they
 * have run; on a navigation, the route file (`/operation-routes/<path>.json`) names the scripts to add. A path with no
 * route file is not an operation page: Docusaurus shows its page not found, as before.
 */
import ComponentCreator from '@docusaurus/ComponentCreator';
import globalData from '@generated/globalData';
import registry from '@generated/registry';
import routes from '@generated/routes';
import routesChunkNames from '@generated/routesChunkNames';
import type {RouteConfig} from 'react-router-config';
import {matchRoutes} from 'react-router-config';
import pagesApartIndex from '@generated/operation-entries/pages-apart.json';
import {
  OPERATION_QUEUE,
  OPERATION_ROUTE_PREFIX,
  OPERATION_SCRIPTS_FOLDER,
  operationRouteFile,
  pagesApartFileName,
  type OperationRegistration,
  type OperationRouteFile,
  type PagesApartIndex,
  type SidebarPagesApart,
} from './routes';
import {indexSidebars, keysAroundPage, keysOfPage, loadPages, pagesFromHtml, setPagesLoader} from './sidebar-pages';

type Queue = {push: (registration: OperationRegistration) => void};
interface DocsGlobalData {
  versions: {docs: OperationRegistration['doc'][]}[];
}

const registered = new Map<string, OperationRegistration>();
const waiting = new Map<string, () => void>();

/** Puts an operation page's route, chunks and doc where Docusaurus' own code looks for them. */
function register(registration: OperationRegistration): void {
  const {path, hash, chunkNames, sidebar, doc, contentChunk, modulePath, content} = registration;
  if (registered.has(path)) return;
  const parent = matchRoutes(routes as RouteConfig[], path).at(-1)?.route;
  if (!parent?.routes) throw new Error(`No parent route for the operation page ${path}`);
  (registry as Record<string, unknown>)[contentChunk] = [() => Promise.resolve(content), modulePath, undefined];
  (routesChunkNames as Record<string, unknown>)[`${path}-${hash}`] = chunkNames;
  parent.routes.push({path, component: ComponentCreator(path, hash), exact: true, ...(sidebar ? {sidebar} : {})} as RouteConfig);
  // relies on: docs-global-data
  const docs = (globalData['docusaurus-plugin-content-docs'] as Record<string, DocsGlobalData> | undefined)?.default;
  docs?.versions[0]?.docs.push(doc);
  registered.set(path, registration);
  waiting.get(path)?.();
  waiting.delete(path);
}

// Only the client bundle has this module (./index.ts), so `window` is always there.
const w = window as unknown as Record<string, OperationRegistration[] | Queue | undefined>;
const early = w[OPERATION_QUEUE];
w[OPERATION_QUEUE] = {push: register};
if (Array.isArray(early)) early.forEach(register);

/** The page route `pathname` matches in the table, if any (its parents match too, but not exactly). */
const leafRoute = (pathname: string): (RouteConfig & {sidebar?: string}) | undefined =>
  matchRoutes(routes as RouteConfig[], pathname).find(({route}) => route.exact)?.route;

/** Resolves when `path`'s script has registered it. */
const registration = (path: string): Promise<void> => (registered.has(path) ? Promise.resolve() : new Promise((resolve) => waiting.set(path, resolve)));

/** Adds the scripts not on the page yet, in order; rejects if one fails to load. */
function addScripts(scripts: string[]): Promise<void> {
  const present = new Set(Array.from(document.scripts, (s) => s.getAttribute('src')));
  return Promise.all(
    scripts
      .filter((src) => !present.has(src))
      .map(
        (src) =>
          new Promise<void>((resolve, reject) => {
            const script = document.createElement('script');
            script.src = src;
            script.async = false;
            script.onload = () => resolve();
            script.onerror = () => reject(new Error(`Could not load ${src}`));
            document.body.appendChild(script);
          }),
      ),
  ).then(() => undefined);
}

/** Is `pathname` the operation page this document was loaded for? Its HTML listed its scripts after main's. */
const firstPath = window.location.pathname;
const isFirstOperationPage = (pathname: string): boolean =>
  pathname === firstPath && Array.from(document.scripts).some((s) => s.getAttribute('src')?.includes(`/${OPERATION_SCRIPTS_FOLDER}`));

/** The route of each operation page being loaded (a hover preloads it, the click that follows waits for the same). */
const loading = new Map<string, Promise<void>>();

async function loadOperationRoute(pathname: string): Promise<void> {
  const response = await fetch(operationRouteFile(pathname));
  if (!response.ok) return; // Not an operation page.
  const file = (await response.json()) as OperationRouteFile;
  const {category} = file;
  await Promise.all([registration(pathname), addScripts(file.scripts), category !== undefined && pagesShown(() => keysAroundPage(category))]);
}

function operationRoute(pathname: string): Promise<void> | undefined {
  if (registered.has(pathname) || !pathname.startsWith(OPERATION_ROUTE_PREFIX) || leafRoute(pathname)) return undefined;
  if (isFirstOperationPage(pathname)) return registration(pathname);
  let route = loading.get(pathname);
  if (!route) {
    route = loadOperationRoute(pathname).finally(() => loading.delete(pathname));
    loading.set(pathname, route);
  }
  return route;
}

const index = pagesApartIndex as PagesApartIndex;
// The chunk's name starts with PAGES_APART_CHUNK_PREFIX.
setPagesLoader((key) =>
  import(/* webpackChunkName: "sidebar-pages-[request]" */ `@generated/operation-entries/pages/${pagesApartFileName(key)}.json`).then(
    (module: {default: SidebarPagesApart}) => module.default,
  ),
);

type VersionProps = Parameters<typeof indexSidebars>[0];
let indexed: Promise<void> | undefined;

/** The docs versions' props hold a placeholder for each sidebar category's operation pages: where are they? */
function placeholdersIndexed(): Promise<void> {
  indexed ??= Promise.all(
    index.versions.map(async (chunkName) => {
      const loaded = (await registry[chunkName][0]()) as {default?: {version: VersionProps}; version?: VersionProps};
      indexSidebars((loaded.default ?? loaded).version!);
    }),
  ).then(
    () => undefined,
    (error: unknown) => {
      indexed = undefined;
      throw error;
    },
  );
  return indexed;
}

/**
 * The pages of the keys a page shows, put into their categories. A failure does not hold up the page (Docusaurus
 * would not render it): the sidebar category says that its pages could not be loaded and offers to try again
 * (src/plugins/operation-page/theme/DocSidebarItems).
 */
const pagesShown = (keys: () => string[]): Promise<void> =>
  placeholdersIndexed()
    .then(() => Promise.all(keys().map((key) => loadPages(key))))
    .then(
      () => undefined,
      (error: unknown) => console.warn(error),
    );

/**
 * Before a page of a sidebar with pages apart renders, the pages it shows: an operation page those of its category
 * and of the categories around it (on its first load, read back from its HTML), a category page also those of its
 * subcategories (for their cards).
 */
async function sidebarPages(pathname: string): Promise<void> {
  const sidebar = leafRoute(pathname)?.sidebar;
  if (!sidebar || !index.sidebars.includes(sidebar)) return;
  const key = registered.get(pathname)?.category;
  if (key === undefined) return pagesShown(() => keysOfPage(pathname));
  if (isFirstOperationPage(pathname)) {
    const {doc} = registered.get(pathname)!;
    return pagesShown(() => pagesFromHtml(key, pathname, doc.id));
  }
  return pagesShown(() => keysAroundPage(key));
}

// Upstream's body below, unchanged but for the operation route's and the sidebar pages' steps.
/**
 * Helper function to make sure all async components for that particular route
 * is preloaded before rendering. This is especially useful to avoid loading
 * screens.
 *
 * @param pathname the route pathname, example: /docs/installation
 * @returns Promise object represents whether pathname has been preloaded
 */
export default async function preload(pathname: string): Promise<unknown> {
  const decoded = decodeURI(pathname);
  await operationRoute(decoded);
  const matches = Array.from(new Set([pathname, decoded]))
    .map((p) => matchRoutes(routes as RouteConfig[], p))
    .flat();
  return Promise.all([...matches.map((match) => (match.route.component as {preload?: () => Promise<unknown>}).preload?.()), sidebarPages(decoded)]);
}
