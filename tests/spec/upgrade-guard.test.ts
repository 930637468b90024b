/**
 * The build leans on internals of a few packages (undocumented Docusaurus switches and generated files, the
 * `common` chunk group, non-default MDX exports reaching `props.content`, ejected OpenAPI theme files, the
 * plugin's page generator and the theme's request builder, shims of crypto-js and tslib). This pins the versions
 * that code was written for: an upgrade fails here with the list of files to re-check, and passes once they were
 * re-checked and the version below updated.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {SITE_ROOT} from '../../tools/cli';

const EJECTED_THEME_DIR = 'src/theme';

interface Reliance {
  pkg: string;
  writtenFor: string;
  relies: string;
  recheck: string[];
}

const RELIANCES: Reliance[] = [
  {
    pkg: '@docusaurus/core',
    writtenFor: '3.10.2',
    relies:
      "DOCUSAURUS_EXIT_AFTER_BUNDLING / DOCUSAURUS_SKIP_BUNDLING and .docusaurus/{client-manifest,i18n,routesChunkNames}.json; the client and server configurations merged with plugins' `entry` (one bundle per process) and the MDX cross-compiler cache that `future.faster.mdxCrossCompilerCache: false` turns off; non-default MDX exports copied onto props.content; the `common` split-chunks group; the Error page text and the chunk-loading global; a plugin's `devServer` merged into the dev server's options, the server bundle evaluated with Node's require; the generated routes.js, registry.js, routesChunkNames.json, globalData.json and version props (the docs plugin's sidebar items and their `html` type, the hooks reading a version's sidebars and docs), ComponentCreator reading registry and chunk names at call time, client/preload.js (replaced, its body copied) and the client manifest's entrypoints and origins read by SSG",
    recheck: [
      'scripts/docusaurus-build.mjs',
      'src/plugins/operation-entries/index.ts',
      'src/plugins/operation-entries/preload.ts',
      'tools/operation-route-table.ts',
      'tools/one-bundle/index.ts',
      'src/components/ApiDocItem/index.tsx',
      'tools/api-pages/page.ts',
      'src/plugins/page-weight/index.ts',
      'src/plugins/static-reference/index.ts',
      'tests/site/resilience.test.ts',
    ],
  },
  {
    pkg: '@rspack/core',
    writtenFor: '1.7.12',
    relies:
      'JSON parser `exportsDepth`, server-side `splitChunks` replaced with async splitting; the persistent cache keyed by `experiments.cache.version` and build dependencies only, holding the module graph and not chunks',
    recheck: ['src/plugins/bundler-memory/index.ts', 'tools/rspack-cache-key.ts'],
  },
  {
    pkg: 'docusaurus-theme-openapi-docs',
    writtenFor: '5.2.0',
    relies:
      "the ejected MethodEndpoint, the try-it forms reading the operation (`item`: parameters, body schema, Postman request) and ApiItem internals (store, Layout, auth slice, persistence middleware), the Markdown module importing rehype-raw, markup repaired for accessibility, the theme's CSS class names kept by the static reference, lib/ paths for types",
    recheck: [
      EJECTED_THEME_DIR,
      'src/components/ApiDocItem/ApiPage.tsx',
      'src/components/ApiDocItem/TryItPanel.tsx',
      'src/client/a11y-fixes.ts',
      'src/plugins/page-weight/rehype-raw-off.ts',
      'tools/api-pages/try-it.ts',
      'tools/reference/html.tsx',
      'tests/site/markdown.test.ts',
      'tsconfig.json',
    ],
  },
  {
    pkg: '@signalwire/docusaurus-plugin-llms-txt',
    writtenFor: '1.2.2',
    relies:
      "copies written in postBuild next to each page's HTML, the layout of llms-full.txt, rehype plugins seeing hast property names, route rules ignoring contentSelectors",
    recheck: ['tools/markdown/docusaurus-plugin.ts', 'tools/markdown/rehype-docusaurus.ts', 'docusaurus.config.ts'],
  },
  {
    pkg: '@docusaurus/theme-classic',
    writtenFor: '3.10.2',
    relies:
      "the markup of tabs, admonitions, code blocks, category cards and blog posts converted to Markdown, the generated-index page's CSS module name, DocBreadcrumbs rendered by every doc page, the ejected DocSidebar/Mobile (NavbarSecondaryMenuFiller memoising its props with localeCompare), the wrapped DocSidebarItems (its props, a category rendering its items only once opened) and the markup of DocSidebarItemLink and DocSidebarItemCategory read back from a page's HTML",
    recheck: [
      'tools/markdown/rehype-docusaurus.ts',
      'docusaurus.config.ts',
      'src/theme/DocBreadcrumbs/index.tsx',
      'src/theme/BlogPostItem/Header/index.tsx',
      'src/theme/DocSidebar/Mobile/index.tsx',
      'src/theme/DocSidebarItems/index.tsx',
      'src/plugins/operation-entries/sidebar-pages.ts',
    ],
  },
  {
    pkg: 'docusaurus-plugin-openapi-docs',
    writtenFor: '5.2.0',
    relies:
      'the lib/markdown helpers our pages are composed with (createHeading, createMethodEndpoint, createRequestHeader, createDeprecationNotice, render), and for the stock build only: gen-api-docs, the page template, the front matter read into the manifest',
    recheck: ['tools/api-pages/page.ts', 'tools/api-pages/api.mustache', 'tools/generate-api.ts'],
  },
  {pkg: 'crypto-js', writtenFor: '4.2.0', relies: 'the theme calls only SHA1(…).toString()', recheck: ['src/plugins/page-weight/crypto-js-sha1.ts']},
  {pkg: 'tslib', writtenFor: '2.9.1', relies: 'browser code calls only __importDefault', recheck: ['src/plugins/page-weight/tslib.ts']},
];

const installed = (pkg: string): string =>
  (JSON.parse(fs.readFileSync(path.join(SITE_ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as {version: string}).version;

/** Every version that differs from the one the code was written for, with the files to re-check. */
export function upgradesToRecheck(version = installed): string[] {
  return RELIANCES.filter((r) => version(r.pkg) !== r.writtenFor).map(
    (r) =>
      `${r.pkg} ${r.writtenFor} → ${version(r.pkg)} (${r.relies}): re-check ${r.recheck.join(', ')}, then set writtenFor in tests/spec/upgrade-guard.test.ts`,
  );
}

test('the packages whose internals the build relies on are at the versions it was written for', () => {
  assert.deepEqual(upgradesToRecheck(), []);
});

test('an upgrade names the files to re-check', () => {
  const problems = upgradesToRecheck((pkg) => (pkg === 'docusaurus-theme-openapi-docs' ? '5.3.0' : installed(pkg)));
  assert.equal(problems.length, 1);
  assert.match(problems[0], /^docusaurus-theme-openapi-docs 5\.2\.0 → 5\.3\.0 .*re-check src\/theme, src\/components\/ApiDocItem\/ApiPage\.tsx/);
});

test('every file the guard names exists, the ejected theme folder among them', () => {
  const named = RELIANCES.flatMap((r) => r.recheck);
  assert.deepEqual(
    named.filter((f) => !fs.existsSync(path.join(SITE_ROOT, f))),
    [],
  );
  const ejected = fs.readdirSync(path.join(SITE_ROOT, EJECTED_THEME_DIR), {recursive: true, encoding: 'utf8'});
  assert.ok(ejected.length > 0);
  assert.ok(named.includes(EJECTED_THEME_DIR), 'the ejected theme files are re-checked through their folder');
});
