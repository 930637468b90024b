import type * as Preset from '@docusaurus/preset-classic';
import type {Config} from '@docusaurus/types';
import type {SkipToContentFallbackId} from '@docusaurus/theme-common';
import path from 'node:path';
// relies on: css-module-class-names
import {CSS_MODULE_PREFIX} from './src/upstream/docusaurus-markup';
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import {themes as prismThemes} from 'prism-react-renderer';
import {
  API_PAGE_TEMPLATE,
  API_SPECS,
  CODE_SAMPLE_LANGUAGES,
  GEN_OUT_ENV,
  generatedDir,
  GENERATED_DIR,
  MANIFEST_FILE,
  OPENAPI_DIR,
  specPath,
} from './src/data/api-table';
import {API_CATALOG_PATH, MCP_CARD_PATH, ROUTES_WITHOUT_MARKDOWN, SKILL_PATH, SKILLS_INDEX_PATH} from './src/data/agent-docs';
import {BRAND, COPYRIGHT_YEAR, SITE_URL} from './src/data/brand';
import {GUIDE_ALIASES, WORKFLOW_DETAILS_CLASS} from './src/data/navigation';
import {PRISM_THEMES} from './src/data/prism-themes';
import {RELEASES_DIR} from './src/data/spec-changes';
import {STATIC_REFERENCE_CLASS} from './src/data/static-reference';
import type * as ChangelogPlugin from './src/plugins/changelog';
// relies on: route-table-files
import type {OperationEntriesOptions} from './src/upstream/operation-entries';
import type {StaticCodeOptions} from './src/plugins/static-code';
import {accessibleTheme} from './src/plugins/static-code/prism-contrast';
import {parseFrontMatterUncached} from './src/plugins/bundler-memory/front-matter';
import type {BundlerMemoryOptions} from './src/plugins/bundler-memory';
import {bundleOnly, otherBundleSettings} from './tools/one-bundle';
// relies on: route-table-files
import {routeTableWithout} from './src/upstream/operation-entries/route-table';
import {CHANGELOG_ROUTE, loadChangelog} from './src/plugins/changelog/load';
import agentMarkdownPlugin, {type AgentMarkdownOptions} from './src/plugins/agent-markdown';
import rehypeDocusaurus from './src/plugins/agent-markdown/rehype-docusaurus';
import {builtWithout} from './tools/measure/speed-pieces';
import remarkMermaidSvg, {MERMAID_THEMES} from './src/plugins/mermaid/remark-mermaid-svg';
import remarkSpecTables from './src/plugins/spec-tables/remark-spec-tables';
import remarkStaticCode from './src/plugins/static-code/remark';
import remarkWorkflowSteps, {type WorkflowStepsOptions} from './src/plugins/workflow-steps/remark';
import {STEP_RUN_CLASS, STEP_SAMPLE_COMPONENT, STEP_SAMPLE_MODULE} from './src/plugins/workflow-steps/client-files';
import remarkStaticTabs from './src/plugins/static-tabs/remark';

// Switches (environment variables), all read here:
// `NOVARAMP_API_GEN_DIR`: the stock build of `npm run bench -- --stock` generates its pages with the OpenAPI plugin
// (`docusaurus gen-api-docs`, called by src/plugins/operation-page/generate/generate-api.ts) into a temporary folder swapped in on success.
const apiOutputRoot = process.env[GEN_OUT_ENV] ?? GENERATED_DIR;
// `NOVARAMP_STOCK_API_ITEM=1` (`npm run bench -- --stock` only) builds the same site the theme's stock way:
// `@theme/ApiItem` as the docs item component and the OpenAPI plugin's own pages (its compressed front matter, its
// in-browser code samples). Everything else (template, ejected theme parts, plugins) stays.
const STOCK_API_ITEM = process.env.NOVARAMP_STOCK_API_ITEM === '1';
// The id of the element that wraps a page's content when it has no <main> (the home page, the About page):
// theme-common's public SkipToContentFallbackId. Its entry cannot be loaded here (it imports browser-only modules such
// as @docusaurus/Translate), so the value is written out and typed as theme-common's constant: tsc fails if it changes.
const SKIP_TO_CONTENT_FALLBACK_ID: typeof SkipToContentFallbackId = '__docusaurus_skipToContent_fallback';
// `NOVARAMP_BUNDLE_ONLY=client|server` (scripts/docusaurus-build.mjs): this process makes one of the two bundles
// (tools/one-bundle), and compiles its MDX itself: Docusaurus' cross-compiler cache hands the client's compiled MDX
// to the server compilation, which would wait for it forever.
const BUNDLE_ONLY = bundleOnly();
// `NOVARAMP_WITHOUT=<piece>,…` (`npm run bench -- --without <piece>`): the same site without a piece of its speed
// machinery (tools/measure/speed-pieces.ts), to measure what it buys.
const without = builtWithout;

// Docs, blog and pages: ```mermaid blocks become build-time SVG images (no mermaid in the browser), or stay for
// @docusaurus/theme-mermaid to draw in the browser when no Chrome/Chromium/Edge is installed. `::spec-table{…}`
// directives become the tables the OpenAPI spec holds (src/plugins/spec-tables/remark-spec-tables.ts), `::workflow-step{…}`
// the requests of an Arazzo workflow step (src/plugins/workflow-steps/remark.ts), their samples read from a file
// of their own (the workflow pages' samples too) and each followed by its Run button (src/plugins/workflow-steps). Fenced code is highlighted at build time into static HTML
// (src/plugins/static-code/remark.ts). Their `<Tabs>` (a guide's own, its steps', a workflow page's) become static
// markup after the steps are in (src/plugins/static-tabs/remark.ts).
/** Where the site is served; the workflow steps' static markup names their files under it. */
const BASE_URL = '/';
const WORKFLOW_STEPS: WorkflowStepsOptions = {
  baseUrl: BASE_URL,
  samples: {component: STEP_SAMPLE_COMPONENT, module: STEP_SAMPLE_MODULE},
  run: true,
};
const MARKDOWN_PLUGINS = {
  beforeDefaultRemarkPlugins: [remarkMermaidSvg, remarkSpecTables, [remarkWorkflowSteps, WORKFLOW_STEPS], remarkStaticTabs, remarkStaticCode],
};

/** Inline SVG icon links for the footer; each carries an accessible name. */
function socialLink(name: string, href: string, svgPath: string): {html: string} {
  return {
    html: `<a class="footer__social-link" href="${href}" target="_blank" rel="noopener noreferrer" aria-label="${BRAND} on ${name}" title="${name}"><svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><path fill="currentColor" d="${svgPath}"/></svg></a>`,
  };
}

const handle = BRAND.toLowerCase();

const config: Config = {
  title: BRAND,
  tagline: 'Crypto and fiat payments API: accounts, wallets, banking, trading and webhooks.',
  favicon: 'img/favicon.svg',
  url: SITE_URL,
  baseUrl: BASE_URL,
  trailingSlash: false,
  titleDelimiter: '|',

  // v4 behaviour now (Rspack build: the OpenAPI theme does not build with webpack). Storage keys stay
  // un-namespaced so the colour mode lives under `theme` and the bar under `docusaurus.announcement.dismiss`.
  future: {v4: true, faster: {mdxCrossCompilerCache: BUNDLE_ONLY === undefined}},
  storage: {namespace: false},

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',

  i18n: {defaultLocale: 'en', locales: ['en']},

  markdown: {
    // Fenced ```mermaid blocks are drawn at build time (src/plugins/mermaid/remark-mermaid-svg.ts). The mermaid theme
    // (design card) draws them in the browser on a machine without Chrome/Chromium/Edge.
    mermaid: true,
    hooks: {onBrokenMarkdownLinks: 'warn'},
    // Docusaurus' parser without its unbounded cache of every parsed file (why: in the module).
    ...(without('bundler-memory') ? {} : {parseFrontMatter: parseFrontMatterUncached}),
  },
  // The sandbox's client module reads one localStorage record: the code samples show the reader's sandbox key once
  // they have one (src/plugins/sandbox/client-samples.ts).
  clientModules: [
    './src/plugins/a11y-fixes/client.ts',
    ...(without('idle-prefetch') ? [] : ['./src/plugins/idle-prefetch/client.ts']),
    './src/plugins/sandbox/client-samples.ts',
  ],

  themes: [
    '@docusaurus/theme-mermaid',
    'docusaurus-theme-openapi-docs',
    // The operation page's theme wrappers: after the OpenAPI theme, whose MethodEndpoint it replaces.
    './src/plugins/operation-page/index.ts',
    [
      // Offline full-text search over guides, API pages and blog: the index is built with the site, no service.
      '@easyops-cn/docusaurus-search-local',
      {
        hashed: true,
        language: ['en'],
        docsRouteBasePath: '/docs',
        indexBlog: true,
        // The blog and the API changelog (a second blog instance).
        blogRouteBasePath: ['/blog', CHANGELOG_ROUTE],
        indexPages: true,
        searchBarShortcut: true,
        searchBarShortcutHint: true,
        highlightSearchTermsOnTargetPage: false,
        explicitSearchResultPath: true,
        // Operation pages are indexed by their title, summary, description and headings, not their reference
        // (every parameter and schema field): that was 95% of the index's text, the same shared schemas page after
        // page, and at 2,000 operations a 230 MB index whose building ran the build out of memory.
        // A workflow step's details likewise: its request in four languages and its error responses, step after step,
        // and a guide's Run buttons with the answers they show.
        ignoreCssSelectors: [`.${STATIC_REFERENCE_CLASS}`, `.${WORKFLOW_DETAILS_CLASS}`, `.${STEP_RUN_CLASS}`],
      },
    ],
  ],

  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.ts',
          // Plain docs render with the classic DocItem, operation pages with a lazily split, server-rendered
          // API page (src/plugins/operation-page/components: why, in its header comment).
          ...MARKDOWN_PLUGINS,
          // relies on: stock-api-item
          docItemComponent: STOCK_API_ITEM ? '@theme/ApiItem' : '@site/src/plugins/operation-page/components',
          lastVersion: 'current',
          versions: {current: {label: 'Next'}},
        },
        blog: {
          showReadingTime: true,
          ...MARKDOWN_PLUGINS,
          blogSidebarCount: 'ALL',
          blogSidebarTitle: 'All posts',
          feedOptions: {
            type: ['rss', 'atom'],
            title: `${BRAND} developer blog`,
            copyright: `Copyright © ${COPYRIGHT_YEAR} ${BRAND}`,
            xslt: false,
          },
          onInlineAuthors: 'throw',
          onInlineTags: 'throw',
          onUntruncatedBlogPosts: 'throw',
        },
        pages: MARKDOWN_PLUGINS,
        theme: {customCss: './src/css/custom.css'},
        sitemap: {lastmod: null, changefreq: null, priority: null},
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    'docusaurus-plugin-sass',
    // Keeps the build's memory flat as the API grows (why: in the plugin).
    [
      './src/plugins/bundler-memory/index.ts',
      {
        memorySettings: !without('bundler-memory'),
        otherBundleSettings: (isServer: boolean) => otherBundleSettings(BUNDLE_ONLY, isServer),
      } satisfies BundlerMemoryOptions,
    ],
    // The browser's site config and metadata without what only the build reads (why: in the plugin).
    ...(without('client-site-config') ? [] : ['./src/upstream/client-site-config/index.ts']),
    // Keeps Rspack's persistent cache from outliving a bundler setting (why: in the plugin).
    './src/plugins/bundler-cache/index.ts',
    // Holds the server-rendered <title> while a page hydrates (why: in the plugin).
    ...(without('hydration-title') ? [] : ['./src/plugins/hydration-title/index.ts']),
    // Colours and copy button of the code blocks highlighted at build time (why: in the plugin).
    ['./src/plugins/static-code/index.ts', {noPrismAtStartup: !without('prism-at-startup')} satisfies StaticCodeOptions],
    // The operation pages' reference as files of its own, not in their JS (why: in the plugin).
    './src/plugins/static-reference/index.ts',
    // The samples of the workflow steps guides embed as files of their own, not in the guides' JS (why: in the plugin).
    './src/plugins/workflow-steps/index.ts',
    // Markdown pages' tabs as static markup with one listener on the document, not the classic Tabs (why: in the plugin).
    './src/plugins/static-tabs/index.ts',
    // The browser's @docusaurus/utils-common gets the one tslib helper it calls, not all of tslib (why: in the plugin).
    ...(without('tslib-helpers') ? [] : ['./src/upstream/tslib-helpers/index.ts']),
    // The pages that render tables and workflow steps from the spec are compiled again when it changes (why: in the plugin).
    './src/plugins/spec-dependencies/index.ts',
    // The operation pages out of the JS every page downloads (why: in the plugin).
    [
      './src/upstream/operation-entries/index.ts',
      {
        active: !STOCK_API_ITEM && !without('operation-entries') && BUNDLE_ONLY !== 'server',
        manifestFile: path.join(__dirname, MANIFEST_FILE),
        routeTableWithout,
      } satisfies OperationEntriesOptions,
    ],
    // Pages written with every end tag, so lenient HTML parsers (agents, crawlers) read them right (why: in the plugin).
    ...(without('html-end-tags') ? [] : ['./src/plugins/html-end-tags/index.ts']),
    [
      // The API changelog at /changelog, one entry per release of the spec (plus Unreleased), with feeds; its posts
      // are generated into `.changelog/` (git-ignored) from the releases by src/plugins/changelog/load.ts at every (re)load.
      './src/plugins/changelog/index.ts',
      {
        id: 'changelog',
        path: '.changelog',
        routeBasePath: CHANGELOG_ROUTE.slice(1),
        load: () => loadChangelog(),
        watch: [path.join(__dirname, OPENAPI_DIR, '**/*.yaml'), path.join(__dirname, RELEASES_DIR, '**/*.json')],
        blogTitle: `${BRAND} API changelog`,
        blogDescription: `Every release of the ${BRAND} API: operations, fields and events added, changed, deprecated and removed.`,
        blogSidebarTitle: 'Releases',
        blogSidebarCount: 'ALL',
        postsPerPage: 'ALL',
        archiveBasePath: null,
        showReadingTime: false,
        // An entry is short enough to show whole in the list.
        onUntruncatedBlogPosts: 'ignore',
        onInlineAuthors: 'throw',
        onInlineTags: 'throw',
        feedOptions: {
          type: ['rss', 'atom'],
          title: `${BRAND} API changelog`,
          description: `Releases of the ${BRAND} API.`,
          copyright: `Copyright © ${COPYRIGHT_YEAR} ${BRAND}`,
          xslt: false,
        },
      } satisfies ChangelogPlugin.Options,
    ],
    [
      // Our pages are written by src/plugins/operation-page/generate/generate-api.ts from the reference model (tools/reference), composed with this
      // plugin's lib/markdown helpers; the plugin itself generates only the stock pages of `npm run bench -- --stock`.
      'docusaurus-plugin-openapi-docs',
      {
        id: 'openapi',
        docsPluginId: 'classic',
        config: Object.fromEntries(
          API_SPECS.map((spec) => [
            spec,
            {
              specPath: specPath(spec),
              outputDir: generatedDir(spec, apiOutputRoot),
              template: API_PAGE_TEMPLATE,
              showInfoPage: false,
              showSchemas: false,
            } satisfies OpenApiPlugin.Options,
          ]),
        ),
      },
    ],
    [
      // /llms.txt (an index of every page's Markdown copy), /llms-full.txt and a Markdown copy of every page:
      // converted from the built HTML by @signalwire/docusaurus-plugin-llms-txt, except the operation and event
      // pages, written from the bundled spec (src/plugins/agent-markdown/index.ts: why and how).
      agentMarkdownPlugin,
      {
        llmsTxt: {
          siteTitle: `${BRAND} developer documentation`,
          // Not links: the downloads are not pages, and llms.txt lists pages (each one a Markdown copy).
          siteDescription: `Guides and API reference for the ${BRAND} crypto and fiat payments API. Every link below is the Markdown copy of a page (the page itself is the same URL without .md). The OpenAPI 3.2 spec of every API in one file: \`${SITE_URL}/openapi/novaramp.yaml\` (one per API too, e.g. \`${SITE_URL}/openapi/accounts.yaml\`; as OpenAPI 3.1: \`${SITE_URL}/openapi/novaramp.oas31.yaml\`); a Postman collection: \`${SITE_URL}/openapi/novaramp.postman_collection.json\`. Every page in one file: \`${SITE_URL}/llms-full.txt\`. For agents: the API catalog (RFC 9727) \`${SITE_URL}${API_CATALOG_PATH}\`, an Agent Skill \`${SITE_URL}${SKILL_PATH}\` (also in \`${SITE_URL}${SKILLS_INDEX_PATH}\`) and the card of the docs' MCP server \`${SITE_URL}${MCP_CARD_PATH}\`.`,
          depth: 3,
          onRouteError: 'throw',
          content: {
            enableMarkdownFiles: true,
            enableLlmsFullTxt: true,
            includeBlog: true,
            includePages: true,
            // Absolute links to the copies, in llms.txt and in every copy: a copy read on its own still resolves.
            relativePaths: false,
            excludeRoutes: ROUTES_WITHOUT_MARKDOWN,
            // The first that matches: a doc's Markdown body; a category page's title, description and cards (it
            // has no Markdown body; its container has no stable class but its CSS module's name); a blog post or
            // the About page; the home page's hero and sections. (The plugin's routeRules ignore
            // contentSelectors in 1.2.2, hence one list for every page.)
            contentSelectors: ['.theme-doc-markdown', `[class*="${CSS_MODULE_PREFIX.categoryIndexPage}"]`, 'main article', `#${SKIP_TO_CONTENT_FALLBACK_ID}`],
            beforeDefaultRehypePlugins: [rehypeDocusaurus],
          },
        },
      } satisfies AgentMarkdownOptions,
    ],
    [
      '@docusaurus/plugin-client-redirects',
      {
        redirects: [{from: '/docs', to: '/docs/guides/welcome-guide'}, ...GUIDE_ALIASES.map(({from, to}) => ({from, to}))],
      },
    ],
  ],

  themeConfig: {
    colorMode: {defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false},
    announcementBar: {
      id: 'sandbox-v1',
      content: `The ${BRAND} sandbox is open: <a href="/docs/api/getting-started">make your first API call in five minutes</a>.`,
      isCloseable: true,
    },
    docs: {sidebar: {hideable: false, autoCollapseCategories: false}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    blog: {sidebar: {groupByYear: true}},
    navbar: {
      title: BRAND,
      logo: {alt: `${BRAND} logo`, src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', width: 32, height: 32},
      items: [
        {type: 'docSidebar', sidebarId: 'guides', label: 'Guides', position: 'left'},
        {type: 'docSidebar', sidebarId: 'api', label: 'API Reference', position: 'left'},
        {to: CHANGELOG_ROUTE, label: 'Changelog', position: 'right'},
        {to: '/blog', label: 'Blog', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      logo: {alt: `${BRAND} logo`, src: 'img/logo-dark.svg', href: '/', width: 40, height: 40},
      links: [
        socialLink(
          'Instagram',
          `https://www.instagram.com/${handle}`,
          'M12 2.2c3.2 0 3.6 0 4.8.1 3.3.1 4.8 1.7 4.9 4.9.1 1.3.1 1.6.1 4.8s0 3.6-.1 4.8c-.1 3.2-1.7 4.8-4.9 4.9-1.3.1-1.6.1-4.8.1s-3.6 0-4.8-.1c-3.3-.1-4.8-1.7-4.9-4.9C2.2 15.6 2.2 15.2 2.2 12s0-3.6.1-4.8C2.4 3.9 3.9 2.4 7.2 2.3 8.4 2.2 8.8 2.2 12 2.2zM12 0C8.7 0 8.3 0 7.1.1 2.7.3.3 2.7.1 7.1 0 8.3 0 8.7 0 12s0 3.7.1 4.9c.2 4.4 2.6 6.8 7 7 1.2.1 1.6.1 4.9.1s3.7 0 4.9-.1c4.4-.2 6.8-2.6 7-7 .1-1.2.1-1.6.1-4.9s0-3.7-.1-4.9c-.2-4.4-2.6-6.8-7-7C15.7 0 15.3 0 12 0zm0 5.8a6.2 6.2 0 1 0 0 12.4 6.2 6.2 0 0 0 0-12.4zM12 16a4 4 0 1 1 0-8 4 4 0 0 1 0 8zm6.4-11.8a1.4 1.4 0 1 0 0 2.9 1.4 1.4 0 0 0 0-2.9z',
        ),
        socialLink(
          'X',
          `https://x.com/${handle}`,
          'M18.9 1.2h3.7l-8 9.2 9.4 12.4h-7.4l-5.8-7.6-6.6 7.6H.5l8.6-9.8L0 1.2h7.6l5.2 6.9 6.1-6.9zm-1.3 19.5h2L6.5 3.2H4.3l13.3 17.5z',
        ),
        socialLink(
          'Facebook',
          `https://www.facebook.com/${handle}`,
          'M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v2.9h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z',
        ),
        socialLink(
          'LinkedIn',
          `https://www.linkedin.com/company/${handle}`,
          'M20.4 20.5h-3.6v-5.6c0-1.3 0-3-1.8-3s-2.1 1.4-2.1 2.9v5.7H9.4V9h3.4v1.6h.1c.5-.9 1.6-1.8 3.4-1.8 3.6 0 4.3 2.4 4.3 5.5v6.2zM5.3 7.4a2.1 2.1 0 1 1 0-4.2 2.1 2.1 0 0 1 0 4.2zM7.1 20.5H3.6V9h3.5v11.5zM22.2 0H1.8C.8 0 0 .8 0 1.7v20.6c0 .9.8 1.7 1.8 1.7h20.4c1 0 1.8-.8 1.8-1.7V1.7C24 .8 23.2 0 22.2 0z',
        ),
      ],
      copyright: `Copyright © ${COPYRIGHT_YEAR} ${BRAND}`,
    },
    mermaid: {theme: MERMAID_THEMES},
    prism: {
      theme: accessibleTheme(prismThemes[PRISM_THEMES.light]),
      darkTheme: accessibleTheme(prismThemes[PRISM_THEMES.dark]),
      // Code blocks are highlighted at build time (tools/reference/highlight.ts, with these grammars and the API samples' ones);
      // json, python and go ship with prism-react-renderer, bash is for a block left to the classic CodeBlock.
      additionalLanguages: ['bash'],
    },
    // Try-it credentials live for the browser tab only; snippets mask them (the theme's default).
    api: {authPersistence: 'sessionStorage'},
    // Code samples: the eight languages integrators ask for, cURL first.
    languageTabs: CODE_SAMPLE_LANGUAGES.map((l) => ({...l})),
    metadata: [{name: 'keywords', content: `${BRAND}, payments API, crypto API, on-ramp, off-ramp, OpenAPI`}],
  } satisfies Preset.ThemeConfig,
};

export default config;
