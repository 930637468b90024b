/**
 * What this site assumes of its upstream packages beyond their public API, one contract per assumption, each
 * checked against the installed package's own files by tests/spec/upstream-contracts.test.ts. An upgrade that
 * breaks one fails that test with the assumption's sentence and the files of ours that rely on it; the version
 * numbers themselves are not pinned here. A contract that says "copied from" fails when the upstream file changed
 * at all: our copy then misses upstream's fixes until it is copied again.
 *
 * The register of the seam (src/upstream/README.md): a new reliance on a private module path, a generated file,
 * an undocumented switch, an upstream copy or an ejected component gets a contract here.
 */
import crypto from 'node:crypto';

export type ContractKind = 'switch' | 'module path' | 'generated file' | 'bundler setting' | 'copied source' | 'ejected file' | 'shape';

export interface Contract {
  /** Short name, as the test names it. */
  id: string;
  upstream: string;
  kind: ContractKind;
  /** The sentence that must hold; a failure repeats it. */
  assumption: string;
  /** Our files that rely on it: where to look when it breaks. */
  where: string[];
  /** What is wrong, or undefined when the assumption holds. */
  check: (read: ReadUpstream) => string | undefined;
}

/** A file of an installed package (`read('@docusaurus/core', 'lib/client/preload.js')`), or undefined when absent. */
export type ReadUpstream = (pkg: string, file: string) => string | undefined;

const sha = (text: string): string => crypto.createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Each needle occurs in the file (a string or a pattern); otherwise what is missing. */
function contains(pkg: string, file: string, ...needles: (string | RegExp)[]): Contract['check'] {
  return (read) => {
    const text = read(pkg, file);
    if (text === undefined) return `${pkg}/${file} is gone`;
    const missing = needles.filter((n) => (typeof n === 'string' ? !text.includes(n) : !n.test(text)));
    return missing.length ? `${pkg}/${file} no longer has ${missing.map(String).join(', ')}` : undefined;
  };
}

/**
 * The file is the one we copied, or a later version reviewed as the same for our copy: its SHA-256 (first 16 hex
 * digits) is one of `digests`.
 */
function copiedFrom(pkg: string, file: string, ...digests: string[]): Contract['check'] {
  return (read) => {
    const text = read(pkg, file);
    if (text === undefined) return `${pkg}/${file} is gone`;
    const now = sha(text);
    return digests.includes(now)
      ? undefined
      : `${pkg}/${file} changed since it was copied (sha256 ${digests.join('… or ')}…, now ${now}…): copy it again, with our change, or add its digest once reviewed`;
  };
}

/** Every check holds; otherwise the first problem, the later checks not run. */
function allOf(...checks: Contract['check'][]): Contract['check'] {
  return (read) => {
    for (const check of checks) {
      const problem = check(read);
      if (problem) return problem;
    }
    return undefined;
  };
}

export const CONTRACTS: Contract[] = [
  {
    id: 'build switches',
    upstream: '@docusaurus/core',
    kind: 'switch',
    assumption:
      '`docusaurus build` stops after bundling with DOCUSAURUS_EXIT_AFTER_BUNDLING=true, renders from the bundles of a previous run with DOCUSAURUS_SKIP_BUNDLING=true, and takes its SSG thread count from DOCUSAURUS_SSG_WORKER_THREAD_COUNT',
    where: ['src/upstream/docusaurus-build.mjs', 'scripts/docusaurus-build.mjs'],
    check: allOf(
      contains('@docusaurus/core', 'lib/commands/build/buildLocale.js', "DOCUSAURUS_EXIT_AFTER_BUNDLING === 'true'", "DOCUSAURUS_SKIP_BUNDLING === 'true'"),
      contains('@docusaurus/core', 'lib/ssg/ssgEnv.js', 'DOCUSAURUS_SSG_WORKER_THREAD_COUNT'),
    ),
  },
  {
    id: 'route table files',
    upstream: '@docusaurus/core',
    kind: 'generated file',
    assumption:
      'Docusaurus generates registry.js with one `"<chunk>": [() => import(/* webpackChunkName: "<chunk>" */ "<module>"), …]` line per chunk, beside routes.js, routesChunkNames.json and globalData.json, all read through @generated/ aliases',
    where: ['src/upstream/operation-entries/route-table.ts', 'src/upstream/operation-entries/index.ts', 'src/upstream/operation-entries/routes.ts'],
    check: allOf(
      contains(
        '@docusaurus/core',
        'lib/server/codegen/codegenRoutes.js',
        '`  "${chunkName}": [() => import(/* webpackChunkName: "${chunkName}" */ "${modulePath}"), "${modulePath}", require.resolveWeak("${modulePath}")],`',
        "'registry.js'",
        "'routes.js'",
        "'routesChunkNames.json'",
      ),
      contains('@docusaurus/core', 'lib/server/codegen/codegen.js', "'globalData.json'"),
    ),
  },
  {
    id: 'client preload',
    upstream: '@docusaurus/core',
    kind: 'copied source',
    assumption:
      "Docusaurus' client imports `./preload`, whose body (matchRoutes over @generated/routes, each match's component preloaded) our preload.ts copies",
    where: ['src/upstream/operation-entries/preload.ts', 'src/upstream/operation-entries/index.ts'],
    check: allOf(
      // 3.10.2, and 4.0.0-canary-6808 (`.map(…).flat()` written as `.flatMap(…)`: the same for our copy).
      copiedFrom('@docusaurus/core', 'lib/client/preload.js', '8c1e3de18d307e2f', '78b75252ccc58f6c'),
      contains('@docusaurus/core', 'lib/client/clientEntry.js', "from './preload'"),
    ),
  },
  {
    id: 'client manifest',
    upstream: '@docusaurus/core',
    kind: 'generated file',
    assumption: 'the client bundle writes client-manifest.json, which SSG reads to give each page its scripts',
    where: ['src/upstream/operation-entries/index.ts', 'src/upstream/docusaurus-build.mjs'],
    check: contains('@docusaurus/core', 'lib/webpack/client.js', 'client-manifest.json'),
  },
  {
    id: 'global docusaurus object',
    upstream: '@docusaurus/core',
    kind: 'shape',
    assumption: 'the client entry assigns `window.docusaurus` (prefetch, preload) once, which idle-prefetch wraps as it is assigned',
    where: ['src/upstream/docusaurus-client-global.ts', 'src/client/idle-prefetch.ts'],
    check: contains('@docusaurus/core', 'lib/client/clientEntry.js', 'window.docusaurus = docusaurus;'),
  },
  {
    id: 'end tags omitted',
    upstream: '@docusaurus/bundler',
    kind: 'bundler setting',
    assumption:
      "Docusaurus minifies pages with @swc/html omitting end tags (`tagOmission: 'keep-head-and-body'`), with the other options html-end-tags repeats",
    where: ['src/upstream/docusaurus-html-minifier.ts', 'src/plugins/html-end-tags/index.ts'],
    check: contains(
      '@docusaurus/bundler',
      'lib/minifyHtml.js',
      "tagOmission: 'keep-head-and-body'",
      'removeComments: false',
      'sortSpaceSeparatedAttributeValues: false',
      'sortAttributes: false',
      'normalizeAttributes: false',
      'removeEmptyAttributes: false',
      "removeRedundantAttributes: 'none'",
    ),
  },
  {
    id: 'front matter cache',
    upstream: '@docusaurus/utils',
    kind: 'module path',
    assumption: '@docusaurus/utils parses front matter with its dependency @11ty/gray-matter, whose cache `clearCache()` empties',
    where: ['src/upstream/gray-matter-cache.ts', 'src/plugins/bundler-memory/front-matter.ts'],
    check: allOf(
      contains('@docusaurus/utils', 'package.json', '"@11ty/gray-matter"'),
      contains('@11ty/gray-matter', 'index.js', 'matter.clearCache = function'),
    ),
  },
  {
    id: 'Prism at startup',
    upstream: '@docusaurus/theme-classic',
    kind: 'module path',
    assumption:
      'the classic theme runs @theme/prism-include-languages (Prism and its extra grammars) on every page through its client module lib/prism-include-languages.js',
    where: ['src/upstream/module-paths.ts', 'src/plugins/static-code/index.ts', 'src/theme/CodeBlock/Highlighted.tsx'],
    check: allOf(
      contains('@docusaurus/theme-classic', 'lib/index.js', "'./prism-include-languages'"),
      contains('@docusaurus/theme-classic', 'lib/prism-include-languages.js', "import prismIncludeLanguages from '@theme/prism-include-languages';"),
    ),
  },
  {
    id: 'endpoint line',
    upstream: 'docusaurus-theme-openapi-docs',
    kind: 'ejected file',
    assumption: 'src/upstream/ejected/MethodEndpoint.tsx is the OpenAPI theme’s MethodEndpoint with the server URL rendered on the server',
    where: ['src/upstream/ejected/MethodEndpoint.tsx', 'src/theme/ApiExplorer/MethodEndpoint/index.tsx'],
    check: copiedFrom('docusaurus-theme-openapi-docs', 'lib/theme/ApiExplorer/MethodEndpoint/index.js', 'aea76b2570fecf8c'),
  },
  {
    id: 'theme Markdown plugins',
    upstream: 'docusaurus-theme-openapi-docs',
    kind: 'module path',
    assumption: "the OpenAPI theme's lib/theme/Markdown/index.js imports rehype-raw, aliased to a no-op for that module only",
    where: ['src/upstream/module-paths.ts', 'src/plugins/page-weight/index.ts', 'src/upstream/stand-ins/rehype-raw-off.ts'],
    check: contains('docusaurus-theme-openapi-docs', 'lib/theme/Markdown/index.js', 'import rehypeRaw from "rehype-raw";'),
  },
  {
    id: 'theme hashes with SHA-1 only',
    upstream: 'docusaurus-theme-openapi-docs',
    kind: 'shape',
    assumption: 'the OpenAPI theme uses crypto-js for `SHA1(…).toString()` only (crypto-js is aliased to a SHA-1-only module)',
    where: ['src/upstream/stand-ins/crypto-js-sha1.ts', 'src/plugins/page-weight/index.ts'],
    check: (read) => {
      const file = 'lib/theme/ApiExplorer/storage-utils.js';
      const text = read('docusaurus-theme-openapi-docs', file);
      if (text === undefined) return `docusaurus-theme-openapi-docs/${file} is gone`;
      const uses = [...text.matchAll(/crypto_js_1\.default\.(\w+)/g)].map((m) => m[1]);
      return uses.length > 0 && uses.every((u) => u === 'SHA1') ? undefined : `${file} calls crypto-js ${uses.join(', ') || 'nowhere'}`;
    },
  },
  {
    id: 'persistent cache settings',
    upstream: '@docusaurus/core, @rspack/core',
    kind: 'bundler setting',
    assumption:
      "Docusaurus configures Rspack's persistent cache as `{type: 'persistent', version, buildDependencies}`, at `experiments.cache` (Rspack 1) or `cache` (Rspack 2), where the cache-key plugin extends it",
    where: ['src/upstream/rspack-persistent-cache.ts', 'src/plugins/bundler-cache/cache-key.ts', 'src/plugins/bundler-cache/index.ts'],
    check: allOf(
      contains('@docusaurus/core', 'lib/webpack/base.js', "type: 'persistent'", 'buildDependencies: getCacheBuildDependencies()'),
      // Rspack 1's place or Rspack 2's: a problem only when neither holds.
      (read) =>
        contains(
          '@rspack/core',
          'dist/config/types.d.ts',
          'cache?: ExperimentCacheOptions;',
          "type: 'persistent';\n    buildDependencies?: string[];\n    version?: string;",
        )(read) &&
        contains(
          '@rspack/core',
          'dist/config/types.d.ts',
          'export type PersistentCacheOptions = {',
          'buildDependencies?: string[];',
          'version?: string;',
        )(read),
    ),
  },
  {
    id: 'sidebar link markup',
    upstream: '@docusaurus/theme-classic',
    kind: 'shape',
    assumption:
      'a sidebar link renders as `<li class="theme-doc-sidebar-item-link … menu__list-item className"><a class="menu__link" aria-current>`, inside `.theme-doc-sidebar-menu`, which the operation pages read back before hydration',
    where: ['src/upstream/docusaurus-markup.ts', 'src/upstream/operation-entries/sidebar-pages.ts', 'src/theme/DocSidebarItems/index.tsx'],
    check: allOf(
      contains(
        '@docusaurus/theme-classic',
        'lib/theme/DocSidebarItem/Link/index.js',
        'ThemeClassNames.docs.docSidebarItemLink,',
        "'menu__list-item',",
        "'menu__link',",
        'aria-current',
      ),
      contains(
        '@docusaurus/theme-common',
        'lib/utils/ThemeClassNames.js',
        "docSidebarItemLink: 'theme-doc-sidebar-item-link'",
        "docSidebarMenu: 'theme-doc-sidebar-menu'",
      ),
    ),
  },
  {
    id: 'page helpers',
    upstream: 'docusaurus-plugin-openapi-docs',
    kind: 'module path',
    assumption:
      "the plugin's lib/markdown modules export createHeading, createMethodEndpoint, createRequestHeader, createDeprecationNotice and render (the helpers its demo composes pages with)",
    where: ['src/upstream/openapi-markdown.ts', 'tools/api-pages/page.ts'],
    check: allOf(
      ...['createHeading', 'createMethodEndpoint', 'createRequestHeader', 'createDeprecationNotice'].map((name) =>
        contains('docusaurus-plugin-openapi-docs', `lib/markdown/${name}.js`, `exports.${name} = ${name};`),
      ),
      contains('docusaurus-plugin-openapi-docs', 'lib/markdown/utils.js', 'exports.render = render;'),
    ),
  },
  {
    id: 'llms-full.txt layout',
    upstream: '@signalwire/docusaurus-plugin-llms-txt',
    kind: 'shape',
    assumption:
      'the plugin writes its files in its own postBuild (which ours runs, then finishes), and llms-full.txt is llms.txt, `---`, `# Full Documentation Content`, then every copy',
    where: ['src/upstream/llms-txt-layout.ts', 'tools/markdown/finish.ts', 'tools/markdown/docusaurus-plugin.ts'],
    check: allOf(
      contains('@signalwire/docusaurus-plugin-llms-txt', 'lib/index.js', 'async postBuild({'),
      contains('@signalwire/docusaurus-plugin-llms-txt', 'lib/generation/full-index-builder.js', "'\\n\\n---\\n\\n# Full Documentation Content\\n\\n'"),
    ),
  },
  {
    id: 'CSS module class names',
    upstream: '@docusaurus/theme-classic, @docusaurus/theme-common',
    kind: 'shape',
    assumption:
      "the classic theme's CSS modules name the classes the Markdown copies and the search selectors find pages by: codeBlockTitle, admonitionHeading, themedComponent--dark, generatedIndexPage (hashed: matched by prefix)",
    where: ['src/upstream/docusaurus-markup.ts', 'tools/markdown/rehype-docusaurus.ts', 'docusaurus.config.ts'],
    check: allOf(
      contains('@docusaurus/theme-classic', 'lib/theme/CodeBlock/Layout/styles.module.css', '.codeBlockTitle {'),
      contains('@docusaurus/theme-classic', 'lib/theme/Admonition/Layout/styles.module.css', '.admonitionHeading {'),
      contains('@docusaurus/theme-common', 'lib/components/ThemedComponent/styles.module.css', '.themedComponent--dark {'),
      contains('@docusaurus/theme-classic', 'lib/theme/DocCategoryGeneratedIndexPage/styles.module.css', '.generatedIndexPage {'),
    ),
  },
  {
    id: 'tslib helpers',
    upstream: '@docusaurus/utils-common',
    kind: 'shape',
    assumption: "the browser-side @docusaurus/utils-common calls tslib's __importDefault only (tslib is aliased to a module with that one helper)",
    where: ['src/upstream/stand-ins/tslib.ts', 'src/plugins/page-weight/index.ts'],
    check: (read) => {
      const text = read('@docusaurus/utils-common', 'lib/index.js');
      if (text === undefined) return '@docusaurus/utils-common/lib/index.js is gone';
      const other = [...new Set([...text.matchAll(/tslib_1\.(\w+)/g)].map((m) => m[1]))].filter((h) => h !== '__importDefault');
      return other.length ? `@docusaurus/utils-common/lib/index.js calls tslib's ${other.join(', ')}` : undefined;
    },
  },
  {
    id: 'try-it store',
    upstream: 'docusaurus-theme-openapi-docs',
    kind: 'shape',
    assumption:
      "ApiItem's Redux store (lib/theme/ApiItem/store.js) has exactly the slices our operation page's initial state fills: accept, contentType, encodingSelection, response, server, body, params, auth, schemaSelection",
    where: ['src/upstream/openapi-theme/page-store.ts', 'src/components/ApiDocItem/ApiPage.tsx'],
    check: (read) => {
      const file = 'lib/theme/ApiItem/store.js';
      const text = read('docusaurus-theme-openapi-docs', file);
      if (text === undefined) return `docusaurus-theme-openapi-docs/${file} is gone`;
      const block = /combineReducers\)\(\{([^}]*)\}/.exec(text)?.[1] ?? '';
      const slices = [...block.matchAll(/(\w+):/g)].map((m) => m[1]).sort();
      const ours = ['accept', 'auth', 'body', 'contentType', 'encodingSelection', 'params', 'response', 'schemaSelection', 'server'];
      return slices.join() === ours.join() ? undefined : `${file} combines the slices ${slices.join(', ') || '(none found)'}`;
    },
  },
  {
    id: 'theme modules of the operation page',
    upstream: 'docusaurus-theme-openapi-docs',
    kind: 'module path',
    assumption:
      'the theme modules our operation page composes ApiItem from export what it imports: createAuth, createPersistenceMiddleware, setServer and setServerVariable, createStorage, createStoreWithState, and the Request, Response and SecuritySchemes components of the try-it panel',
    where: [
      'src/upstream/openapi-theme/page-store.ts',
      'src/upstream/openapi-theme/try-it.ts',
      'src/components/ApiDocItem/ApiPage.tsx',
      'src/components/ApiDocItem/TryItPanel.tsx',
    ],
    check: allOf(
      ...(
        [
          ['lib/theme/ApiExplorer/Authorization/slice.js', 'exports.createAuth = createAuth;'],
          ['lib/theme/ApiExplorer/persistenceMiddleware.js', 'exports.createPersistenceMiddleware = createPersistenceMiddleware;'],
          ['lib/theme/ApiExplorer/Server/slice.js', 'exports.setServerVariable = exports.setServer ='],
          ['lib/theme/ApiExplorer/storage-utils.js', 'exports.createStorage = createStorage;'],
          ['lib/theme/ApiItem/store.js', 'exports.createStoreWithState = createStoreWithState;'],
          ['lib/theme/ApiItem/Layout/index.js', 'exports.default'],
          ['lib/theme/ApiExplorer/Request/index.js', 'exports.default'],
          ['lib/theme/ApiExplorer/Response/index.js', 'exports.default'],
          ['lib/theme/ApiExplorer/SecuritySchemes/index.js', 'exports.default'],
        ] as const
      ).map(([file, needle]) => contains('docusaurus-theme-openapi-docs', file, needle)),
    ),
  },
  {
    id: 'llms-txt logger import',
    upstream: '@signalwire/docusaurus-plugin-llms-txt, @docusaurus/logger',
    kind: 'module path',
    assumption:
      "the llms-txt plugin takes the logger as the default import of @docusaurus/logger, a CommonJS module exporting it as `exports.default` (loaded natively, as Docusaurus 4 does, that import is the whole module, hence the seam's resolve hook)",
    where: ['src/upstream/llms-txt-logger.ts', 'tools/markdown/docusaurus-plugin.ts'],
    check: allOf(
      contains('@signalwire/docusaurus-plugin-llms-txt', 'lib/logging/index.js', "import baseLogger from '@docusaurus/logger';"),
      contains('@docusaurus/logger', 'lib/index.js', 'exports.default = logger_1.default;'),
    ),
  },
  {
    id: 'configureWebpack merge',
    upstream: '@docusaurus/core',
    kind: 'module path',
    assumption:
      "lib/webpack/configure.js exports `applyConfigureWebpack`, the merge a build applies to a plugin's configureWebpack result, honouring its `mergeStrategy` (the one-bundle test builds through it)",
    where: ['src/upstream/docusaurus-bundle.mjs', 'tests/spec/one-bundle.test.ts'],
    check: contains(
      '@docusaurus/core',
      'lib/webpack/configure.js',
      'exports.applyConfigureWebpack = applyConfigureWebpack;',
      /const \{ mergeStrategy, \.\.\.res \} = configureWebpack\(/,
    ),
  },
];
