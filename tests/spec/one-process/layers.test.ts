/**
 * The folders import each other in one direction, every package the code imports is declared in package.json at an
 * exact version, and each thing has its folder: tools/ holds folders only, src/ only its layers' folders (no theme
 * wrapper or component outside a feature), and every client module, remark or rehype plugin and component the site
 * registers is in a feature's folder. Reads the imports of every source file with TypeScript's own pre-processor.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import {builtinModules} from 'node:module';
import path from 'node:path';
import {test} from 'node:test';
import ts from 'typescript';
import {SITE_ROOT} from '../../../tools/cli';
import {checkFakeFiles} from '../../helpers/fake-files';

/**
 * A feature's browser part (a path without its extension): its client modules (`client*.ts`), its theme components
 * (`theme/`) and the components the site's pages and theme use (`components/`). The rest of its folder
 * (`src/plugins/<feature>/`) is its Node part: the Docusaurus plugin, remark and rehype plugins, build steps.
 */
const FEATURE_BROWSER_PART = /^src\/plugins\/[^/]+\/(client[^/]*|(theme|components)(\/.*)?)$/;

/**
 * A feature's isomorphic part (`engine/`): code that runs unchanged in Node, in a browser's service worker and in
 * tests (the sandbox engine). It imports only `data`, `upstream` and npm packages, and no Node built-in
 * (isomorphicViolations).
 */
const FEATURE_ENGINE_PART = /^src\/plugins\/[^/]+\/engine(\/.*)?$/;

/**
 * The layers, most specific first (a folder, a file, or a pattern). Each may import itself and the layers it names;
 * nothing imports scripts/ (entry points, one per npm script), bench/ or tests/ from outside. `site entries` is part
 * of the site (the two import each other freely): the files tests may import of it, to unit-test its browser-side
 * logic in a DOM. A feature's Node part may use the tools/ kernel; the kernel never imports a feature (what it needs
 * of one, such as the changelog's release badges, its entry script passes in). The content checks (tools/content/)
 * sit above the features: they render the written pages as the site does, with its features' remark plugins.
 */
export const LAYERS: {name: string; paths: (string | RegExp)[]; mayImport: string[]}[] = [
  {name: 'data', paths: ['src/data/'], mayImport: []},
  // The seam to upstream: what the site assumes of its packages beyond their public API (src/upstream/README.md).
  {name: 'upstream', paths: ['src/upstream/'], mayImport: []},
  // A feature's isomorphic part, which both its browser part and its Node part use.
  {name: 'feature engines', paths: [FEATURE_ENGINE_PART], mayImport: ['data', 'upstream']},
  // The browser's public entries: a feature's browser part (its client modules, theme wrappers and components, such
  // as the module that makes the operation page's reference interactive).
  {
    name: 'site entries',
    paths: [FEATURE_BROWSER_PART],
    mayImport: ['data', 'upstream', 'site', 'feature engines'],
  },
  // A feature's Node part (src/plugins/<feature>/, its browser part aside).
  {name: 'features', paths: ['src/plugins/'], mayImport: ['data', 'upstream', 'site entries', 'feature engines', 'tools']},
  {name: 'site', paths: ['src/'], mayImport: ['data', 'upstream', 'site entries']},
  // The checks of the written pages (npm run check:content and the fast tier): the kernel and the features they render with.
  {name: 'checks', paths: ['tools/content/'], mayImport: ['data', 'upstream', 'features', 'tools']},
  {name: 'tools', paths: ['tools/'], mayImport: ['data', 'upstream']},
  // Code the hosts run (hosting/): self-contained, since each host bundles it its own way.
  {name: 'hosting', paths: ['hosting/'], mayImport: []},
  // Scripts the site serves as they are (static/: the browser sandbox's service worker): nothing bundles them.
  {name: 'static', paths: ['static/'], mayImport: []},
  {name: 'config', paths: ['docusaurus.config.ts', 'sidebars.ts'], mayImport: ['data', 'upstream', 'site', 'site entries', 'features', 'tools']},
  // The house rules (npm run lint): they import only their packages.
  {name: 'lint config', paths: ['eslint.config.mjs', 'prettier.config.mjs'], mayImport: []},
  {name: 'scripts', paths: ['scripts/'], mayImport: ['data', 'upstream', 'checks', 'features', 'tools']},
  // The benches publish extra APIs through the operation page's writer (src/plugins/operation-page/generate/).
  {name: 'bench', paths: ['bench/'], mayImport: ['data', 'upstream', 'features', 'tools']},
  {name: 'tests', paths: ['tests/'], mayImport: ['data', 'upstream', 'site entries', 'feature engines', 'checks', 'features', 'tools', 'hosting']},
];

/** A file's path without its extension: what an import names. */
const withoutExtension = (file: string): string => file.replace(/\.(ts|tsx|js|mjs|cjs)$/, '');
const inPath = (file: string, p: string | RegExp): boolean =>
  typeof p !== 'string' ? p.test(withoutExtension(file)) : p.endsWith('/') ? file.startsWith(p) : withoutExtension(file) === withoutExtension(p);
const layerOf = (file: string) => LAYERS.find((l) => l.paths.some((p) => inPath(file, p)));

function sourceFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {cwd: SITE_ROOT, encoding: 'utf8'})
    .split('\n')
    .filter((f) => /\.(ts|tsx|js|mjs|cjs)$/.test(f) && !f.endsWith('.d.ts') && fs.existsSync(path.join(SITE_ROOT, f)));
}

function importsOf(file: string): string[] {
  const info = ts.preProcessFile(fs.readFileSync(path.join(SITE_ROOT, file), 'utf8'), true, true);
  return info.importedFiles.map((f) => f.fileName);
}

/** Module names Docusaurus resolves itself (theme components, generated files, its client API). */
function docusaurusAliases(): (specifier: string) => boolean {
  // relies on: type-aliases-source
  const declared = fs.readFileSync(path.join(SITE_ROOT, 'node_modules/@docusaurus/module-type-aliases/src/index.d.ts'), 'utf8');
  // A RegExp from a string: TypeScript's pre-processor would read a regex literal of this text as a declaration.
  const exact = new Set([...declared.matchAll(new RegExp("declare module '(@docusaurus/[^']+)'", 'g'))].map((m) => m[1]));
  return (s) => exact.has(s) || /^@(theme|theme-original|theme-init|generated)\//.test(s);
}

/**
 * The project's own module names: tsconfig.json `paths` without a wildcard that point into src/ (a local plugin
 * gives the bundler the same alias), each with the file it names.
 */
const PROJECT_ALIASES: ReadonlyMap<string, string> = (() => {
  const {config} = ts.readConfigFile(path.join(SITE_ROOT, 'tsconfig.json'), ts.sys.readFile) as {config: {compilerOptions: {paths: Record<string, string[]>}}};
  return new Map(
    Object.entries(config.compilerOptions.paths)
      .filter(([name, [file]]) => !name.includes('*') && file.startsWith('./src/'))
      .map(([name, [file]]) => [name, file.slice(2)]),
  );
})();

const packageName = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const isLocal = (specifier: string): boolean => specifier.startsWith('.') || specifier.startsWith('@site/') || PROJECT_ALIASES.has(specifier);

/** Every import across the layer rule, as `file: imports target (layer → layer)`. */
export function layerViolations(files = sourceFiles(), read = importsOf): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const from = layerOf(file);
    if (!from) {
      problems.push(`${file}: is in no layer (add its folder to LAYERS in tests/spec/one-process/layers.test.ts)`);
      continue;
    }
    for (const specifier of read(file).filter(isLocal)) {
      const target =
        PROJECT_ALIASES.get(specifier) ??
        (specifier.startsWith('@site/') ? specifier.slice('@site/'.length) : path.posix.join(path.posix.dirname(file), specifier));
      const to = layerOf(target);
      if (to && (to === from || from.mayImport.includes(to.name))) continue;
      problems.push(
        `${file}: imports ${specifier} (${from.name} → ${to?.name ?? 'outside every layer'}; ${from.name} may import ${[from.name, ...from.mayImport].join(', ')})`,
      );
    }
  }
  return problems;
}

/** Every package imported but not declared in package.json, as `file: imports pkg`. */
export function undeclaredPackages(files = sourceFiles(), read = importsOf): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(SITE_ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const declared = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)]);
  const isAlias = docusaurusAliases();
  const builtins = new Set(builtinModules);
  const problems = files.flatMap((file) =>
    read(file)
      .filter((s) => !isLocal(s) && !s.startsWith('node:') && !builtins.has(packageName(s)) && !isAlias(s) && !declared.has(packageName(s)))
      .map((s) => `${file}: imports ${packageName(s)}, which package.json does not declare`),
  );
  return [...new Set(problems)];
}

test("imports follow the layers: src/ only src/data, tools/ only src/data, a feature's Node part also tools/, nothing imports scripts/, bench/ or tests/", () => {
  assert.deepEqual(layerViolations(), []);
});

test('the layer check names the file of an import across the rule', () => {
  const fake: Record<string, string[]> = {
    'src/components/X.tsx': ['@site/tools/cli/chromium'],
    'tools/y.ts': ['../tests/helpers/site'],
    'tools/u.ts': ['@novaramp/reference-html'],
    'bench/z.ts': ['../scripts/gen-api'],
    'src/data/w.ts': ['../components/X'],
    'tests/spec/v.test.ts': [
      '../../src/data/brand',
      '../../tools/cli',
      '../../src/upstream/operation-entries/sidebar-pages',
      '../../src/plugins/static-reference/components/reference-dom',
    ],
    'tests/spec/t.test.ts': ['../../src/pages/index', '../../tools/content/content-check'],
    // A feature's Node part may use the kernel; its browser part may not, and the kernel imports no feature.
    'src/plugins/f/index.ts': ['../../../tools/spec/spec-model', './client', './theme/Root'],
    'src/plugins/f/client.ts': ['../../../tools/spec/spec-model', './index'],
    'src/plugins/f/theme/Root/index.tsx': ['../../remark'],
    'tools/t.ts': ['../src/plugins/f/remark'],
    // The operation page's writer is the feature's, not the kernel's: the reference model it renders never imports
    // it; the benches, the entry scripts and the tests may.
    'tools/reference/r.ts': ['../../src/plugins/operation-page/generate/page', '@site/src/plugins/operation-page/generate/code-samples'],
    'bench/b.ts': ['../src/plugins/operation-page/generate/api-sources', '../tools/cli'],
    // The workflow pages' writer and the steps guides embed are the workflow-steps feature's: the kernel's workflow
    // lint never imports them; the guides' check that lint:api runs after it is the checks layer's, and may.
    'tools/workflows/lint.ts': ['../../src/plugins/workflow-steps/generate/guide-steps', './check'],
    'tools/workflows/w.ts': ['@site/src/plugins/workflow-steps/generate/pages'],
    'tools/content/guide-steps.ts': ['../../src/plugins/workflow-steps/generate/guide-steps', '../docs/doc-requests'],
    'scripts/lint-api.ts': ['../tools/content/guide-steps', '../tools/spec/lint-api'],
    // The content checks render with a feature's remark plugin; neither the kernel nor a feature imports a check.
    'tools/content/rendered.ts': ['../../src/plugins/spec-tables/remark-spec-tables', '../openapi/load'],
    'tools/spec/s.ts': ['../content/rendered'],
    'src/plugins/f/remark.ts': ['../../../tools/content/content-check'],
    // A feature's engine is isomorphic: data and packages only; its Node part and its browser part may use it.
    'src/plugins/f/engine/index.ts': ['../../../data/brand', '../index', '../../../../tools/cli'],
    'src/plugins/f/node/server.ts': ['../engine'],
    'src/plugins/f/client.tsx': ['./engine/index'],
  };
  assert.deepEqual(checkFakeFiles(layerViolations, fake), [
    'src/components/X.tsx: imports @site/tools/cli/chromium (site → tools; site may import site, data, upstream, site entries)',
    'tools/y.ts: imports ../tests/helpers/site (tools → tests; tools may import tools, data, upstream)',
    'tools/u.ts: imports @novaramp/reference-html (tools → site entries; tools may import tools, data, upstream)',
    'bench/z.ts: imports ../scripts/gen-api (bench → scripts; bench may import bench, data, upstream, features, tools)',
    'src/data/w.ts: imports ../components/X (data → site; data may import data)',
    'tests/spec/t.test.ts: imports ../../src/pages/index (tests → site; tests may import tests, data, upstream, site entries, feature engines, checks, features, tools, hosting)',
    'src/plugins/f/client.ts: imports ../../../tools/spec/spec-model (site entries → tools; site entries may import site entries, data, upstream, site, feature engines)',
    'src/plugins/f/client.ts: imports ./index (site entries → features; site entries may import site entries, data, upstream, site, feature engines)',
    'src/plugins/f/theme/Root/index.tsx: imports ../../remark (site entries → features; site entries may import site entries, data, upstream, site, feature engines)',
    'tools/t.ts: imports ../src/plugins/f/remark (tools → features; tools may import tools, data, upstream)',
    'tools/reference/r.ts: imports ../../src/plugins/operation-page/generate/page (tools → features; tools may import tools, data, upstream)',
    'tools/reference/r.ts: imports @site/src/plugins/operation-page/generate/code-samples (tools → features; tools may import tools, data, upstream)',
    'tools/workflows/lint.ts: imports ../../src/plugins/workflow-steps/generate/guide-steps (tools → features; tools may import tools, data, upstream)',
    'tools/workflows/w.ts: imports @site/src/plugins/workflow-steps/generate/pages (tools → features; tools may import tools, data, upstream)',
    'tools/spec/s.ts: imports ../content/rendered (tools → checks; tools may import tools, data, upstream)',
    'src/plugins/f/remark.ts: imports ../../../tools/content/content-check (features → checks; features may import features, data, upstream, site entries, feature engines, tools)',
    'src/plugins/f/engine/index.ts: imports ../index (feature engines → features; feature engines may import feature engines, data, upstream)',
    'src/plugins/f/engine/index.ts: imports ../../../../tools/cli (feature engines → tools; feature engines may import feature engines, data, upstream)',
  ]);
});

/** Every Node built-in a feature's engine imports, as `file: imports node:fs`: it must also run in a browser. */
export function isomorphicViolations(files = sourceFiles(), read = importsOf): string[] {
  const builtins = new Set(builtinModules);
  return files
    .filter((file) => FEATURE_ENGINE_PART.test(withoutExtension(file)))
    .flatMap((file) =>
      read(file)
        .filter((s) => s.startsWith('node:') || builtins.has(packageName(s)))
        .map((s) => `${file}: imports ${s}, a Node built-in (engines run in browsers too)`),
    );
}

test("a feature's engine imports no Node built-in", () => {
  assert.deepEqual(isomorphicViolations(), []);
});

test('the engine check names the file importing a Node built-in', () => {
  const fake: Record<string, string[]> = {'src/plugins/f/engine/store.ts': ['node:crypto', 'fs', 'ajv'], 'src/plugins/f/node/server.ts': ['node:http']};
  assert.deepEqual(checkFakeFiles(isomorphicViolations, fake), [
    'src/plugins/f/engine/store.ts: imports node:crypto, a Node built-in (engines run in browsers too)',
    'src/plugins/f/engine/store.ts: imports fs, a Node built-in (engines run in browsers too)',
  ]);
});

test('every imported package is declared in package.json', () => {
  assert.deepEqual(undeclaredPackages(), []);
});

test('the package check names the file importing an undeclared package', () => {
  const fake: Record<string, string[]> = {
    'src/a.tsx': ['react', '@theme/Layout', '@docusaurus/Link', 'node:fs', 'path', 'left-pad/index.js', '@scope/thing/deep'],
  };
  assert.deepEqual(checkFakeFiles(undeclaredPackages, fake), [
    'src/a.tsx: imports left-pad, which package.json does not declare',
    'src/a.tsx: imports @scope/thing, which package.json does not declare',
  ]);
});

test('every dependency is pinned to an exact version', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(SITE_ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
  const exact = (v: string | undefined): boolean => v !== undefined && /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(v);
  // An override may be `$<name>`: npm's reference to that direct dependency's version (the canary's overrides); an
  // alias (`npm:typescript@7.0.2`) names its version.
  const pinned = (v: string): boolean =>
    exact(v) ||
    exact(/^npm:(?:@[^/@]+\/)?[^/@]+@(.+)$/.exec(v)?.[1]) ||
    (v.startsWith('$') && exact(pkg.dependencies?.[v.slice(1)] ?? pkg.devDependencies?.[v.slice(1)]));
  const loose = ['dependencies', 'devDependencies', 'overrides'].flatMap((k) =>
    Object.entries(pkg[k] ?? {})
      .filter(([, v]) => !pinned(v))
      .map(([name, v]) => `${k}.${name}: ${v}`),
  );
  assert.deepEqual(loose, []);
});

/**
 * The folders src/ may have, one per layer or kind of browser code; anything else (a loose file, a `src/client/`)
 * belongs to one of them, most often to a feature's folder.
 */
const SRC_FOLDERS = ['data', 'upstream', 'plugins', 'pages', 'css'];

/** src/'s folders for a feature's parts that a site may have at its root, and where a feature keeps them instead. */
const FEATURE_PART_FOLDERS: Record<string, string> = {
  theme: "a theme wrapper outside a feature's folder (put it in src/plugins/<feature>/theme/, served by the plugin's getThemePath)",
  components: "a component outside a feature's folder (put it in src/plugins/<feature>/components/)",
  client: "a client module outside a feature's folder (put it in src/plugins/<feature>/client*.ts)",
};

/**
 * Every file of tools/ or src/ that is not in a folder of its own kind, as `file: why`: tools/ is the kernel's
 * folders (the spec, the reference, the site, the checks…), with no loose file beside them; src/ is SRC_FOLDERS.
 */
export function misplacedFiles(files: string[]): string[] {
  return files.flatMap((file) => {
    const parts = file.split('/');
    if (parts[0] === 'tools' && parts.length === 2) return [`${file}: a loose file of tools/ (put it in the folder of what it is)`];
    if (parts[0] === 'src' && parts.length === 2) return [`${file}: a loose file of src/ (put it in its feature's folder or its layer's)`];
    if (parts[0] === 'src' && FEATURE_PART_FOLDERS[parts[1]]) return [`${file}: ${FEATURE_PART_FOLDERS[parts[1]]}`];
    if (parts[0] === 'src' && !SRC_FOLDERS.includes(parts[1])) return [`${file}: src/${parts[1]}/ is not a folder of src/ (${SRC_FOLDERS.join(', ')})`];
    return [];
  });
}

const trackedFiles = (): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {cwd: SITE_ROOT, encoding: 'utf8'})
    .split('\n')
    .filter((f) => f && fs.existsSync(path.join(SITE_ROOT, f)));

test('tools/ has no loose file, and src/ only the folders of its layers', () => {
  assert.deepEqual(misplacedFiles(trackedFiles()), []);
});

test('the folder check names a loose file of tools/ and of src/, and a folder src/ does not have', () => {
  const files = [
    'tools/x.ts',
    'tools/spec/spec-model.ts',
    'src/y.ts',
    'src/client/z.ts',
    'src/theme/ApiExplorer/MethodEndpoint/index.tsx',
    'src/components/ApiDocItem/index.tsx',
    'src/lib/w.ts',
    'src/plugins/f/client.ts',
    'src/plugins/operation-page/theme/DocSidebarItems/index.tsx',
    'scripts/a.ts',
  ];
  assert.deepEqual(misplacedFiles(files), [
    'tools/x.ts: a loose file of tools/ (put it in the folder of what it is)',
    "src/y.ts: a loose file of src/ (put it in its feature's folder or its layer's)",
    "src/client/z.ts: a client module outside a feature's folder (put it in src/plugins/<feature>/client*.ts)",
    "src/theme/ApiExplorer/MethodEndpoint/index.tsx: a theme wrapper outside a feature's folder (put it in src/plugins/<feature>/theme/, served by the plugin's getThemePath)",
    "src/components/ApiDocItem/index.tsx: a component outside a feature's folder (put it in src/plugins/<feature>/components/)",
    `src/lib/w.ts: src/lib/ is not a folder of src/ (${SRC_FOLDERS.join(', ')})`,
  ]);
});

/**
 * Every part of a feature docusaurus.config.ts registers from outside a feature's folder, as
 * `docusaurus.config.ts:line: what`: a client module (`clientModules`), a remark or rehype plugin (a name in a
 * `…RemarkPlugins`/`…RehypePlugins` list, imported from the project) and a component (`'@site/src/…'`, such as the docs
 * item component) are a feature's parts, in src/plugins/<feature>/.
 */
export function featurePartsOutsideFolders(configText: string): string[] {
  const lineOf = (index: number): number => configText.slice(0, index).split('\n').length;
  const inFeature = (p: string): boolean => /^(\.|@site)\/src\/plugins\/[^/]+\//.test(p);
  const problems: {line: number; text: string}[] = [];
  const block = /\bclientModules:\s*\[([\s\S]*?)\n\s*\],/.exec(configText);
  if (!block) return ['docusaurus.config.ts: no `clientModules: [...]` found (the check reads it)'];
  for (const m of block[1].matchAll(/'(\.\/[^']+)'/g))
    if (!inFeature(m[1]))
      problems.push({line: lineOf(block.index + block[0].indexOf(block[1]) + m.index), text: `${m[1]} is a client module outside a feature's folder`});
  // The project's default imports, by local name: `import remarkX from './…'`.
  const imported = new Map([...configText.matchAll(/^import (\w+)(?:, \{[^}]*\})? from '(\.\/[^']+)';$/gm)].map((m) => [m[1], m[2]]));
  for (const list of configText.matchAll(/\b\w*(?:Remark|Rehype|remark|rehype)Plugins:\s*\[([^\n]*)\]/g))
    for (const name of list[1].matchAll(/\b\w+\b/g)) {
      const from = imported.get(name[0]);
      if (from && !inFeature(from))
        problems.push({line: lineOf(list.index), text: `${name[0]} (${from}) is a remark or rehype plugin outside a feature's folder`});
    }
  for (const m of configText.matchAll(/'(@site\/src\/[^']+)'/g))
    if (!inFeature(m[1])) problems.push({line: lineOf(m.index), text: `${m[1]} is a component outside a feature's folder`});
  return problems.sort((a, b) => a.line - b.line).map((p) => `docusaurus.config.ts:${p.line}: ${p.text}`);
}

test("every client module, remark or rehype plugin and component the site registers is a feature's (src/plugins/<feature>/)", () => {
  assert.deepEqual(featurePartsOutsideFolders(fs.readFileSync(path.join(SITE_ROOT, 'docusaurus.config.ts'), 'utf8')), []);
});

test('the feature part check names the line of one outside a feature', () => {
  const config = [
    "import remarkSpecTables from './tools/spec-tables/remark-spec-tables';",
    "import remarkStaticCode from './src/plugins/static-code/remark';",
    "import rehypeX, {X_OPTIONS} from './src/rehype-x';",
    'export default {',
    '  beforeDefaultRemarkPlugins: [remarkSpecTables, [remarkStaticCode, {}]],',
    '  rehypePlugins: [[rehypeX, X_OPTIONS]],',
    '  clientModules: [',
    "    './src/plugins/a11y-fixes/client.ts',",
    "    ...(x ? [] : ['./src/client/idle-prefetch.ts']),",
    "    'some-package/client',",
    '  ],',
    "  docs: {docItemComponent: '@site/src/components/ApiDocItem'},",
    "  blog: {docItemComponent: '@site/src/plugins/operation-page/components'},",
    '};',
  ].join('\n');
  assert.deepEqual(featurePartsOutsideFolders(config), [
    "docusaurus.config.ts:5: remarkSpecTables (./tools/spec-tables/remark-spec-tables) is a remark or rehype plugin outside a feature's folder",
    "docusaurus.config.ts:6: rehypeX (./src/rehype-x) is a remark or rehype plugin outside a feature's folder",
    "docusaurus.config.ts:9: ./src/client/idle-prefetch.ts is a client module outside a feature's folder",
    "docusaurus.config.ts:12: @site/src/components/ApiDocItem is a component outside a feature's folder",
  ]);
  assert.deepEqual(featurePartsOutsideFolders('export default {};'), ['docusaurus.config.ts: no `clientModules: [...]` found (the check reads it)']);
});
