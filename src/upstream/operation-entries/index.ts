/**
 * Keeps the operation pages out of the JS every page downloads, so it stays the same size at any number of
 * operations (`npm run bench:scale`; tests/site/budget.test.ts). Production client bundle only.
 *
 * Why: Docusaurus puts every page in the client's route table: its route (routes.js), its chunks' loaders
 * (registry.js), their names (routesChunkNames.json), its doc (the docs plugin's global data), all inside main.js,
 * and the Rspack runtime keeps three entries per async chunk; every docs page also loads its version's props, every
 * sidebar with every link. All of it grew with each operation, on every page.
 *
 * How:
 * - The client bundle reads copies of those four generated files without the operation pages
 *   (src/upstream/operation-entries/route-table.ts).
 * - Each operation page's content is an entry of its own that depends on `main` (Rspack leaves entries out of the
 *   runtime's chunk maps), whose module registers the page's route with its content (./routes.ts);
 *   what the operation pages share is one chunk beside them. Their files go to OPERATION_SCRIPTS_FOLDER.
 * - The client manifest lists those files for the page's content module, so each operation page's HTML loads
 *   them after main's; no other page does. Each page's route file names them for client-side navigation.
 * - Docusaurus' `preload` is replaced by ./preload.ts, which puts the route back before Docusaurus matches it.
 * - In the versions' props, each sidebar category lists its first operation page and a placeholder for the others,
 *   which are a chunk per category with their docs (src/upstream/operation-entries/route-table.ts). An operation page's first load
 *   reads its category's links back from its own HTML, where the server rendered them; ./sidebar-pages.ts loads a
 *   category's chunk for a navigation to one of its pages, for its category page and when it is opened.
 * The server bundle keeps the whole route table: the HTML of every page is as before.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import escapeRegExp from 'lodash/escapeRegExp';
import fs from 'node:fs';
import path from 'node:path';
import {
  OPERATION_QUEUE,
  OPERATION_SCRIPTS_FOLDER,
  operationRouteFile,
  pagesApartFileName,
  type OperationPage,
  type PagesApartIndex,
  type OperationRoute,
  type OperationRouteFile,
  type RouteTable,
} from './routes';
import {registryWithoutModuleNames} from './route-table';

export interface OperationEntriesOptions {
  /** Off for the stock comparison build and in a process that makes only the server bundle. */
  active: boolean;
  /** The API pages' manifest written by `npm run gen:api` (a JSON list with each page's route, docId and category). */
  manifestFile: string;
  /** The route table without the operation pages (./route-table.ts, from docusaurus.config.ts). */
  routeTableWithout: (generatedFilesDir: string, pages: OperationPage[]) => RouteTable;
}

const NAME = 'novaramp-operation-entries';
const GENERATED_FILES = ['routes', 'registry', 'routesChunkNames', 'globalData'] as const;
/** Files in `.docusaurus/operation-entries/` that ./preload.ts imports: which versions' props and sidebars hold
 * placeholders (PagesApartIndex), and each key's pages apart, a chunk of its own (`pages/<pagesApartFileName>.json`). */
const PAGES_APART_INDEX_FILE = 'pages-apart.json';
const PAGES_APART_DIR = 'pages';
const SCRIPT_FILENAME = `${OPERATION_SCRIPTS_FOLDER}[name].[contenthash:8].js`;
/** Docusaurus' client/preload.js, requested as `./preload` by its client entry, navigation and `window.docusaurus`. */
const CORE_CLIENT_DIR = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client$/;

interface Chunk {
  id?: string | number | null;
  files: ReadonlySet<string>;
}
interface Compilation {
  entrypoints: ReadonlyMap<string, {chunks: Chunk[]}>;
  outputOptions: {publicPath?: unknown};
  emitAsset: (file: string, source: unknown) => void;
  hooks: {processAssets: {tap: (options: {name: string; stage: number}, fn: () => void) => void}};
}
interface Compiler {
  hooks: {
    thisCompilation: {tap: (name: string, fn: (compilation: Compilation) => void) => void};
    afterEmit: {tap: (name: string, fn: () => void) => void};
  };
  rspack: {Compilation: {PROCESS_ASSETS_STAGE_REPORT: number}; sources: {RawSource: new (source: string) => unknown}};
}

/** The scripts of an operation entry, in order: the chunks it does not share with `main`, each one's JS file. */
const entryScripts = (chunks: Chunk[]): {id: string; file: string}[] =>
  chunks.flatMap((chunk) => [...chunk.files].filter((f) => f.endsWith('.js')).map((file) => ({id: String(chunk.id), file})));

/**
 * Writes each operation page's route file, then, once Docusaurus' client manifest is written (its `emit`), takes the
 * operation entries out of the manifest's entry points (which every page loads) and lists their files under the
 * page's content module, the name the server render reports for the page.
 */
class OperationFilesPlugin {
  constructor(
    private readonly operations: OperationRoute[],
    private readonly manifestFile: string,
  ) {}

  apply(target: object): void {
    const compiler = target as Compiler;
    const chunksByModule = new Map<string, string[]>();
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({name: NAME, stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT}, () => {
        const publicPath = typeof compilation.outputOptions.publicPath === 'string' ? compilation.outputOptions.publicPath : '/';
        for (const operation of this.operations) {
          const entry = compilation.entrypoints.get(operation.contentChunk);
          if (!entry) throw new Error(`${NAME}: no entry point for ${operation.path} (${operation.modulePath})`);
          const scripts = entryScripts(entry.chunks);
          chunksByModule.set(
            operation.modulePath,
            scripts.map((s) => s.id),
          );
          const file: OperationRouteFile = {
            scripts: scripts.map((s) => `${publicPath}${s.file}`),
            ...(operation.category ? {category: operation.category} : {}),
          };
          compilation.emitAsset(operationRouteFile(operation.path).slice(1), new compiler.rspack.sources.RawSource(JSON.stringify(file)));
        }
      });
    });
    // relies on: client-manifest-shape
    compiler.hooks.afterEmit.tap(NAME, () => {
      const manifest = JSON.parse(fs.readFileSync(this.manifestFile, 'utf8')) as {entrypoints: string[]; origins: Record<string, string[]>};
      const entries = new Set(this.operations.map((o) => o.contentChunk));
      manifest.entrypoints = manifest.entrypoints.filter((name) => !entries.has(name));
      for (const [modulePath, chunks] of chunksByModule) manifest.origins[modulePath] = chunks;
      fs.writeFileSync(this.manifestFile, JSON.stringify(manifest));
    });
  }
}

/** The module an operation entry runs: the page's content, registered with its route (./preload.ts reads it). */
function registeringModule(operation: OperationRoute): string {
  return [
    `import * as content from ${JSON.stringify(operation.modulePath)};`,
    `(self.${OPERATION_QUEUE} = self.${OPERATION_QUEUE} || []).push(Object.assign(${JSON.stringify(operation)}, {content: content}));`,
    '',
  ].join('\n');
}

export default function operationEntriesPlugin(context: LoadContext, options: OperationEntriesOptions): Plugin {
  return {
    name: NAME,
    configureWebpack(config, isServer, utils) {
      if (!options.active || isServer || config.mode !== 'production') return {};
      // A page its API's nested tags put in a category of its own has that category's key too (src/data/api-table.ts).
      const manifest = JSON.parse(fs.readFileSync(options.manifestFile, 'utf8')) as (OperationPage & {sidebarCategory?: string})[];
      const table = options.routeTableWithout(
        context.generatedFilesDir,
        manifest.map((entry) => ({route: entry.route, docId: entry.docId, category: entry.sidebarCategory ?? entry.category})),
      );
      const dir = path.join(context.generatedFilesDir, 'operation-entries');
      fs.rmSync(dir, {recursive: true, force: true});
      fs.mkdirSync(path.join(dir, 'entries'), {recursive: true});
      const generated = {
        routes: path.join(dir, 'routes.js'),
        registry: path.join(dir, 'registry.js'),
        routesChunkNames: path.join(dir, 'routesChunkNames.json'),
        globalData: path.join(dir, 'globalData.json'),
      };
      // The versions' props with each sidebar category's operation pages apart (but its first), and those pages, a file
      // per category: ./preload.ts loads them for the page that shows them.
      let registry = table.registry;
      for (const version of table.versions) {
        const file = path.join(dir, `version-${version.chunkName}.json`);
        fs.writeFileSync(file, version.props);
        registry = registry.split(JSON.stringify(version.modulePath)).join(JSON.stringify(file));
      }
      // relies on: client-module-names
      registry = registryWithoutModuleNames(registry, generated.registry);
      fs.mkdirSync(path.join(dir, PAGES_APART_DIR));
      const keyOfFile = new Map<string, string>();
      for (const [key, pages] of Object.entries(table.pagesApart)) {
        const name = pagesApartFileName(key);
        if (keyOfFile.has(name)) throw new Error(`${NAME}: the pages of ${key} and of ${keyOfFile.get(name)} would share the file ${name}.json`);
        keyOfFile.set(name, key);
        fs.writeFileSync(path.join(dir, PAGES_APART_DIR, `${name}.json`), JSON.stringify(pages));
      }
      const index: PagesApartIndex = {versions: table.versions.map((v) => v.chunkName), sidebars: table.sidebars};
      fs.writeFileSync(path.join(dir, PAGES_APART_INDEX_FILE), JSON.stringify(index));
      for (const name of GENERATED_FILES) fs.writeFileSync(generated[name], name === 'registry' ? registry : table[name]);
      const entries: Record<string, {import: string; dependOn: string; filename: string}> = {};
      for (const operation of table.operations) {
        const file = path.join(dir, 'entries', `${operation.contentChunk}.js`);
        fs.writeFileSync(file, registeringModule(operation));
        entries[operation.contentChunk] = {import: file, dependOn: 'main', filename: SCRIPT_FILENAME};
      }
      // relies on: client-entry-single
      if (typeof config.entry !== 'string') throw new Error(`${NAME}: expected Docusaurus' client entry as one path, got ${JSON.stringify(config.entry)}`);
      config.entry = {main: config.entry, ...entries};

      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(/^@generated\/(routes|registry|routesChunkNames|globalData)$/, (resource: {request: string}) => {
            resource.request = generated[resource.request.slice('@generated/'.length) as keyof typeof generated];
          }),
          new NormalModuleReplacementPlugin(/^\.\/preload$/, (resource: {request: string; context: string}) => {
            if (CORE_CLIENT_DIR.test(resource.context)) resource.request = path.join(__dirname, 'preload.ts');
          }),
          new OperationFilesPlugin(table.operations, path.join(context.generatedFilesDir, 'client-manifest.json')),
        ],
        optimization: {
          splitChunks: {
            cacheGroups: {
              // What two operation pages or more share (the API page component, the try-it state, the theme's
              // components): one chunk beside their entries, loaded with each.
              operations: {
                name: 'operations',
                chunks: new RegExp(`^(?:${table.operations.map((o) => escapeRegExp(o.contentChunk)).join('|')})$`),
                minChunks: 2,
                priority: 45,
                enforce: true,
                filename: SCRIPT_FILENAME,
              },
            },
          },
        },
      };
    },
  };
}
