/**
 * The browser's site config and metadata (src/upstream/client-site-config, issue #47): a site config loses every
 * build-only field (plugin options, paths of the build machine, remark plugin options) and keeps what the browser
 * reads; the plugin gives the client bundle, and only it, the copies. tests/site/client-site-config.test.ts checks the
 * site's built main.js.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import type {DocusaurusConfig, LoadContext} from '@docusaurus/types';
// relies on: client-site-config
import clientSiteConfigPlugin, {clientSiteConfig, clientSiteMetadata, SERVER_ONLY_FIELDS} from '../../src/upstream/client-site-config';

/**
 * A site config as Docusaurus validates it, with what only the build reads in the fields this site puts it in: plugin
 * and theme options (paths of the build machine, llms.txt's description, redirects), the preset's remark plugin
 * options, Markdown hooks, client modules. tests/site/client-site-config.test.ts checks the built main.js.
 */
const SITE_CONFIG = {
  title: 'NovaRamp',
  tagline: 'Payments API',
  favicon: 'img/favicon.svg',
  url: 'https://docs.novaramp.example',
  baseUrl: '/',
  trailingSlash: false,
  titleDelimiter: '|',
  baseUrlIssueBanner: true,
  noIndex: false,
  customFields: {reader: 'field'},
  future: {v4: {useCssCascadeLayers: true}, faster: {rspackBundler: true}, experimental_router: 'browser'},
  storage: {type: 'localStorage', namespace: false},
  i18n: {defaultLocale: 'en', locales: ['en']},
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onBrokenMarkdownLinks: 'warn',
  onDuplicateRoutes: 'warn',
  staticDirectories: ['static'],
  scripts: [],
  stylesheets: [],
  headTags: [],
  markdown: {mermaid: true, hooks: {onBrokenMarkdownLinks: 'warn'}},
  clientModules: ['/build/machine/src/plugins/a11y-fixes/client.ts'],
  themes: [['@easyops-cn/docusaurus-search-local', {ignoreCssSelectors: ['.static-reference']}]],
  presets: [['classic', {docs: {beforeDefaultRemarkPlugins: [null, [null, {samples: {module: '/build/machine/x'}}]]}}]],
  plugins: [
    [
      'docusaurus-plugin-openapi-docs',
      {id: 'openapi', config: {accounts: {specPath: '/build/machine/openapi/accounts.yaml', outputDir: '/build/machine/docs'}}},
    ],
    [null, {llmsTxt: {siteDescription: 'Guides and API reference', content: {contentSelectors: ['main article']}}}],
    ['@docusaurus/plugin-client-redirects', {redirects: [{from: '/docs', to: '/docs/guides/welcome-guide'}]}],
  ],
  themeConfig: {navbar: {title: 'NovaRamp'}, prism: {additionalLanguages: ['bash']}, api: {authPersistence: 'sessionStorage'}},
} as unknown as DocusaurusConfig;

/** Text only the build's options hold. */
const BUILD_ONLY = [
  '"specPath":',
  '"outputDir":',
  '"siteDescription":',
  '"contentSelectors":',
  '"redirects":',
  '"samples":',
  '"ignoreCssSelectors":',
  '/build/machine/',
];

test("the browser's site config has no build-only field, and every field the browser reads", () => {
  const whole = JSON.stringify(SITE_CONFIG);
  assert.deepEqual(
    BUILD_ONLY.filter((text) => !whole.includes(text)),
    [],
    'the whole config has them: the check would see them',
  );
  const client = clientSiteConfig(SITE_CONFIG);
  const shipped = JSON.stringify(client);
  assert.deepEqual(
    BUILD_ONLY.filter((text) => shipped.includes(text)),
    [],
  );
  assert.deepEqual(
    SERVER_ONLY_FIELDS.filter((field) => field in client),
    [],
  );
  for (const field of [
    'title',
    'tagline',
    'favicon',
    'url',
    'baseUrl',
    'trailingSlash',
    'titleDelimiter',
    'baseUrlIssueBanner',
    'noIndex',
    'customFields',
    'themeConfig',
  ] as const)
    assert.deepEqual(client[field], SITE_CONFIG[field], field);
  assert.deepEqual(client.future, {experimental_router: 'browser'});
  assert.equal(SITE_CONFIG.plugins.length, 3, 'the config itself is untouched');
});

test("the browser's site metadata has no plugin versions, and Docusaurus' and the site's", () => {
  const metadata = {docusaurusVersion: '3.10.2', siteVersion: '1.0.0', pluginVersions: {'docusaurus-plugin-x': {type: 'local'}}};
  assert.deepEqual(clientSiteMetadata(metadata), {docusaurusVersion: '3.10.2', siteVersion: '1.0.0', pluginVersions: {}});
});

test('the plugin points the client bundle, and only it, at the copies it writes', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-site-config-'));
  try {
    // relies on: client-site-config
    fs.writeFileSync(path.join(dir, 'site-metadata.json'), JSON.stringify({docusaurusVersion: '3.10.2', pluginVersions: {a: {type: 'local'}}}));
    const config = SITE_CONFIG;
    const plugin = clientSiteConfigPlugin({generatedFilesDir: dir, siteConfig: config} as LoadContext);
    const replacements: [RegExp, (resource: {request: string}) => void][] = [];
    class NormalModuleReplacementPlugin {
      constructor(pattern: RegExp, replace: (resource: {request: string}) => void) {
        replacements.push([pattern, replace]);
      }
    }
    const configure = plugin.configureWebpack as unknown as (config: unknown, isServer: boolean, utils: unknown) => {plugins?: unknown[]};
    const utils = {currentBundler: {instance: {NormalModuleReplacementPlugin}}};
    assert.deepEqual(configure({mode: 'production'}, true, utils), {}, 'the server bundle keeps the whole config');
    assert.deepEqual(configure({mode: 'development'}, false, utils), {}, 'so does the dev server, which reloads the config');
    assert.equal(configure({mode: 'production'}, false, utils).plugins?.length, 1);
    const resolved = (request: string) => {
      const resource = {request};
      for (const [pattern, replace] of replacements) if (pattern.test(request)) replace(resource);
      return resource.request;
    };
    // relies on: client-site-config
    const configFile = resolved('@generated/docusaurus.config');
    // relies on: client-site-config
    const metadataFile = resolved('@generated/site-metadata');
    // relies on: client-site-config
    assert.equal(resolved('@generated/registry'), '@generated/registry');
    // relies on: client-site-config
    assert.equal(resolved('@generated/docusaurus.config.mjs'), '@generated/docusaurus.config.mjs');
    const configText = fs.readFileSync(configFile, 'utf8');
    assert.ok(configText.startsWith('export default {'));
    assert.deepEqual(JSON.parse(configText.slice('export default '.length).trim().replace(/;$/, '')), JSON.parse(JSON.stringify(clientSiteConfig(config))));
    assert.deepEqual(JSON.parse(fs.readFileSync(metadataFile, 'utf8')), {docusaurusVersion: '3.10.2', pluginVersions: {}});
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});
