/**
 * The client's copies of the route table Docusaurus generates (`.docusaurus/routes.js`, `registry.js`,
 * `routesChunkNames.json`, `globalData.json`) without the operation pages, and what each operation page's script
 * must register to put its route back (src/upstream/operation-entries/routes.ts). Run by src/upstream/operation-entries (handed to
 * it by docusaurus.config.ts). Read with a JavaScript parser, cut by the parser's offsets: the rest of each file stays
 * byte for byte what Docusaurus wrote.
 */
import {parse} from '@babel/parser';
import fs from 'node:fs';
import path from 'node:path';
import {
  OPERATION_ROUTE_PREFIX,
  pagesApartPlaceholder,
  type OperationPage,
  type OperationRoute,
  type RouteTable,
  type SidebarPagesApart,
  type SplitVersionProps,
} from './routes';

interface SidebarItem {
  type: string;
  label?: string;
  docId?: string;
  items?: SidebarItem[];
}

interface VersionProps {
  version: {docsSidebars: Record<string, SidebarItem[]>; docs: Record<string, unknown>};
}

interface SplitVersions {
  versions: SplitVersionProps[];
  pagesApart: RouteTable['pagesApart'];
  sidebars: Set<string>;
}

/**
 * The version props modules in the registry (module path under the docs plugin's `p/`) with each sidebar category's
 * operation pages apart: the links but the first replaced by one placeholder, the docs of all of them moved out.
 * Throws, naming the file, for operation pages a category does not list next to each other, a category listing pages
 * of two API categories, an API category in two sidebar categories and an operation page outside any category.
 */
function splitVersions(generatedFilesDir: string, registry: Map<string, string>, pages: Map<string, OperationPage>): SplitVersions {
  const split: SplitVersions = {versions: [], pagesApart: {}, sidebars: new Set()};
  for (const [chunkName, modulePath] of registry) {
    if (!/^@generated\/docusaurus-plugin-content-docs\/[^/]+\/p\/[^/]+\.json$/.test(modulePath)) continue;
    const file = path.join(generatedFilesDir, modulePath.slice('@generated/'.length));
    const props = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VersionProps>;
    // relies on: docs-version-props
    if (!props.version?.docsSidebars) continue;
    const {docsSidebars, docs} = props.version;
    for (const [sidebar, items] of Object.entries(docsSidebars)) {
      const where = (category?: SidebarItem) => `${file}: sidebar "${sidebar}"${category ? `, category "${category.label}"` : ''}`;
      const splitCategory = (list: SidebarItem[], category?: SidebarItem): void => {
        for (const item of list) if (item.type === 'category') splitCategory(item.items ?? [], item);
        const at = list.flatMap((item, index) => (item.type === 'link' && item.docId !== undefined && pages.has(item.docId) ? [index] : []));
        if (at.length === 0) return;
        if (!category) throw new Error(`${where()}: lists the operation page ${list[at[0]].docId} outside a category (its pages are kept apart by category)`);
        if (at.at(-1)! - at[0] !== at.length - 1) throw new Error(`${where(category)}: its operation pages are not listed next to each other`);
        const links = at.map((index) => list[index]);
        const keys = new Set(links.map((link) => pages.get(link.docId!)!.category));
        if (keys.size > 1) throw new Error(`${where(category)}: lists operation pages of ${[...keys].join(' and ')}`);
        const [key] = keys;
        if (links.length === 1) return; // Its one page stays: nothing to keep apart.
        if (key in split.pagesApart) throw new Error(`${where(category)}: the operation pages of ${key} are listed in a second category`);
        split.pagesApart[key] = {
          items: links.slice(1) as SidebarPagesApart['items'],
          docs: Object.fromEntries(links.filter((link) => link.docId! in docs).map((link) => [link.docId!, docs[link.docId!]])),
        };
        for (const link of links) delete docs[link.docId!];
        list.splice(at[1], links.length - 1, pagesApartPlaceholder(key) as unknown as SidebarItem);
        split.sidebars.add(sidebar);
      };
      splitCategory(items);
    }
    split.versions.push({chunkName, modulePath, props: JSON.stringify(props)});
  }
  return split;
}

interface Node {
  type: string;
  start: number;
  end: number;
  loc: {start: {line: number}};
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function* walk(node: Node): Generator<Node> {
  yield node;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc') continue;
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) yield* walk(child);
  }
}

/** A property's key as a string (identifier or string literal). */
const keyOf = (property: Node): string | undefined => {
  const key = property.key as Node | undefined;
  if (!key) return undefined;
  return key.type === 'Identifier' ? (key.name as string) : key.type === 'StringLiteral' ? (key.value as string) : undefined;
};

const stringProperty = (object: Node, name: string): string | undefined => {
  const property = (object.properties as Node[]).find((p) => p.type === 'ObjectProperty' && keyOf(p) === name);
  const value = property?.value as Node | undefined;
  return value?.type === 'StringLiteral' ? (value.value as string) : undefined;
};

/** `source` with the listed members of each container (an array's elements or an object's properties) taken out. */
function withoutMembers(source: string, cuts: {container: Node; members: Node[]; drop: Set<Node>}[]): string {
  let out = source;
  for (const {container, members, drop} of [...cuts].sort((a, b) => b.container.start - a.container.start)) {
    const kept = members.filter((m) => !drop.has(m)).map((m) => source.slice(m.start, m.end));
    const [open, close] = container.type === 'ArrayExpression' ? ['[', ']'] : ['{', '}'];
    out = out.slice(0, container.start) + `${open}\n${kept.join(',\n')}\n${close}` + out.slice(container.end);
  }
  return out;
}

const parseModule = (source: string, file: string): Node => {
  try {
    return parse(source, {sourceType: 'module'}).program as unknown as Node;
  } catch (error) {
    throw new Error(`${file}: cannot parse the file Docusaurus generated: ${(error as Error).message}`, {cause: error});
  }
};

/**
 * The route table without `pages`, from the generated files in `generatedFilesDir`. Throws, naming the file, when a
 * page is not where Docusaurus 3.10 puts it (a route leaf with `path`, one `routesChunkNames` entry with a
 * `content` chunk in the registry, one doc in the docs plugin's global data).
 */
export function routeTableWithout(generatedFilesDir: string, pages: OperationPage[]): RouteTable {
  const file = (name: string) => path.join(generatedFilesDir, name);
  const byRoute = new Map(pages.map((page) => [page.route, page]));
  for (const page of pages) {
    if (!page.route.startsWith(OPERATION_ROUTE_PREFIX))
      throw new Error(`${page.docId}: its route ${page.route} is not under ${OPERATION_ROUTE_PREFIX}, where the site looks for operation pages`);
  }

  // routes.js: the leaves whose path is an operation page.
  const routesSource = fs.readFileSync(file('routes.js'), 'utf8');
  const sidebars = new Map<string, string | undefined>();
  const routeCuts: {container: Node; members: Node[]; drop: Set<Node>}[] = [];
  for (const node of walk(parseModule(routesSource, file('routes.js')))) {
    if (node.type !== 'ArrayExpression') continue;
    const elements = node.elements as Node[];
    const drop = new Set(elements.filter((e) => e?.type === 'ObjectExpression' && byRoute.has(stringProperty(e, 'path') ?? '')));
    for (const element of drop) {
      const route = stringProperty(element, 'path')!;
      if (sidebars.has(route)) throw new Error(`${file('routes.js')}:${element.loc.start.line}: a second route for ${route}`);
      if ((element.properties as Node[]).some((p) => keyOf(p) === 'routes'))
        throw new Error(`${file('routes.js')}:${element.loc.start.line}: the operation route ${route} has child routes`);
      sidebars.set(route, stringProperty(element, 'sidebar'));
    }
    if (drop.size > 0) routeCuts.push({container: node, members: elements, drop});
  }
  const missing = pages.filter((page) => !sidebars.has(page.route));
  if (missing.length > 0) throw new Error(`${file('routes.js')}: no route for ${missing.map((p) => p.route).join(', ')}`);

  // routesChunkNames.json: `<path>-<hash>` → {__comp, content}.
  const chunkNames = JSON.parse(fs.readFileSync(file('routesChunkNames.json'), 'utf8')) as Record<string, Record<string, string>>;
  const routeKeys = new Map<string, string>();
  for (const key of Object.keys(chunkNames)) {
    const route = key.slice(0, key.lastIndexOf('-'));
    if (!byRoute.has(route)) continue;
    if (routeKeys.has(route)) throw new Error(`${file('routesChunkNames.json')}: two entries for ${route}`);
    routeKeys.set(route, key);
  }

  // registry.js: chunk name → [loader, module path, module id]; an operation's content chunk is its own.
  const registrySource = fs.readFileSync(file('registry.js'), 'utf8');
  const registryObject = [...walk(parseModule(registrySource, file('registry.js')))].find((n) => n.type === 'ObjectExpression');
  if (!registryObject) throw new Error(`${file('registry.js')}: no object exported`);
  const registryEntries = new Map((registryObject.properties as Node[]).map((p) => [keyOf(p) ?? '', p]));
  const modulePathOf = (entry: Node): string | undefined => {
    const second = ((entry.value as Node).elements as Node[] | undefined)?.[1];
    return second?.type === 'StringLiteral' ? (second.value as string) : undefined;
  };

  const modulePaths = new Map([...registryEntries].map(([key, entry]) => [key, modulePathOf(entry) ?? '']));
  const split = splitVersions(generatedFilesDir, modulePaths, new Map(pages.map((page) => [page.docId, page])));

  const operations: OperationRoute[] = pages.map((page) => {
    const key = routeKeys.get(page.route);
    if (!key) throw new Error(`${file('routesChunkNames.json')}: no entry for ${page.route}`);
    const names = chunkNames[key];
    const entry = registryEntries.get(names.content ?? '');
    const modulePath = entry && modulePathOf(entry);
    if (!entry || !modulePath) throw new Error(`${file('registry.js')}: no module for the content chunk "${names.content}" of ${page.route}`);
    const sidebar = sidebars.get(page.route);
    return {
      path: page.route,
      hash: key.slice(page.route.length + 1),
      chunkNames: names,
      ...(sidebar ? {sidebar} : {}),
      doc: {id: page.docId, path: page.route, ...(sidebar ? {sidebar} : {})},
      contentChunk: names.content,
      modulePath,
      ...(page.category in split.pagesApart ? {category: page.category} : {}),
    };
  });

  const contentChunks = new Set(operations.map((o) => o.contentChunk));
  const registryMembers = registryObject.properties as Node[];
  const registry = withoutMembers(registrySource, [
    {container: registryObject, members: registryMembers, drop: new Set(registryMembers.filter((p) => contentChunks.has(keyOf(p) ?? '')))},
  ]);
  for (const key of routeKeys.values()) delete chunkNames[key];

  // globalData.json: every docs version's list of docs.
  const globalData = JSON.parse(fs.readFileSync(file('globalData.json'), 'utf8')) as Record<string, Record<string, {versions?: {docs: {path: string}[]}[]}>>;
  let docsLeft = pages.length;
  for (const instance of Object.values(globalData['docusaurus-plugin-content-docs'] ?? {})) {
    for (const version of instance.versions ?? []) {
      const before = version.docs.length;
      version.docs = version.docs.filter((doc) => !byRoute.has(doc.path));
      docsLeft -= before - version.docs.length;
    }
  }
  if (docsLeft !== 0)
    throw new Error(`${file('globalData.json')}: expected ${pages.length} operation docs in the docs plugin's data, found ${pages.length - docsLeft}`);

  return {
    routes: withoutMembers(routesSource, routeCuts),
    registry,
    routesChunkNames: JSON.stringify(chunkNames),
    globalData: JSON.stringify(globalData),
    operations,
    versions: split.versions,
    pagesApart: split.pagesApart,
    sidebars: [...split.sidebars],
  };
}

/**
 * The client's registry.js with each chunk's module name (an entry's second member) as `0`: in the browser nothing
 * reads it. Docusaurus hands the names to react-loadable's `modules`, which reports them only inside its `Capture`
 * (the server entry's, to find a page's chunks at SSG); the client entry renders without one. The loader and the
 * module id stay. The names were a third of the registry every page loads (issue #47); the server bundle keeps them.
 * Throws, naming the file, for a registry that is not an object of arrays.
 */
export function registryWithoutModuleNames(source: string, file: string): string {
  // relies on: client-module-names
  const registryObject = [...walk(parseModule(source, file))].find((n) => n.type === 'ObjectExpression');
  if (!registryObject) throw new Error(`${file}: no object exported`);
  const names: Node[] = [];
  for (const property of registryObject.properties as Node[]) {
    const entry = property.value as Node;
    if (entry.type !== 'ArrayExpression') throw new Error(`${file}:${property.loc.start.line}: a registry entry that is not [loader, module, id]`);
    const name = (entry.elements as Node[])[1];
    if (name?.type === 'StringLiteral') names.push(name);
  }
  let out = source;
  for (const name of names.sort((a, b) => b.start - a.start)) out = out.slice(0, name.start) + '0' + out.slice(name.end);
  return out;
}
