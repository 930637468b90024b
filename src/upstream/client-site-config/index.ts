/**
 * The browser gets the site config and metadata without what only the build reads (issue #47: the guides back to
 * their first-visit weight). Why: Docusaurus ships the whole site config to every page (a module it generates: the
 * config through JSON.stringify, functions as null) and the version of every plugin (the site metadata module), in
 * main.js. The browser reads a few fields of the config (`url`, `baseUrl`, `title`, `tagline`, `themeConfig`,
 * `future.experimental_router`…) and nothing of `plugins`, `themes`, `presets`, `markdown`, `clientModules` or the
 * metadata's `pluginVersions`, which were 2 KiB gzip of every first visit: spec paths, page templates, redirects,
 * the llms.txt description, remark plugin options, absolute paths of the build machine.
 * How: for the production client bundle only, those two modules are copies written here without the build-only parts
 * (Rspack's NormalModuleReplacementPlugin, as src/upstream/operation-entries does for the route table); the server
 * bundle, which renders the pages, every plugin and the dev server keep the whole config. Only whole fields are left
 * out, so a field a future client reads is there, except `future`, cut to the router flag the client reads.
 * relies on: client-site-config (src/upstream/contracts.yaml).
 * Measured with `npm run bench -- --without client-site-config` (tools/measure/speed-pieces.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {DocusaurusConfig, LoadContext, Plugin} from '@docusaurus/types';

/** Site config fields no browser code reads (Docusaurus' client, the themes, our components): build-only. */
export const SERVER_ONLY_FIELDS = [
  'plugins',
  'themes',
  'presets',
  'markdown',
  'clientModules',
  'staticDirectories',
  'onBrokenLinks',
  'onBrokenAnchors',
  'onBrokenMarkdownLinks',
  'onDuplicateRoutes',
  // Docusaurus' client has modules of their own for these two (its generated i18n and site storage modules).
  'i18n',
  'storage',
  // Written into the HTML by the server.
  'scripts',
  'stylesheets',
  'headTags',
] as const;

/** The site config the browser gets: the whole config but its build-only fields, and of `future` the router flag. */
export function clientSiteConfig(siteConfig: DocusaurusConfig): Record<string, unknown> {
  const fields: Record<string, unknown> = {...siteConfig};
  for (const field of SERVER_ONLY_FIELDS) delete fields[field];
  // relies on: client-site-config
  fields.future = {experimental_router: siteConfig.future.experimental_router};
  return fields;
}

/**
 * The site metadata the browser gets: without `pluginVersions`, the version of every plugin (read by the debug
 * plugin's page, which a production build does not have, and by nothing of ours). Docusaurus' and the site's versions stay.
 */
export function clientSiteMetadata(siteMetadata: Record<string, unknown>): Record<string, unknown> {
  return {...siteMetadata, pluginVersions: {}};
}

export default function clientSiteConfigPlugin(context: LoadContext): Plugin {
  return {
    name: 'novaramp-client-site-config',
    configureWebpack(config, isServer, utils) {
      // `npm start` reloads the config without configuring the bundler again: a copy would go stale there.
      if (isServer || config.mode !== 'production') return {};
      const dir = context.generatedFilesDir;
      const copies: Record<string, string> = {
        // relies on: client-site-config
        '@generated/docusaurus.config': path.join(dir, 'novaramp-client-site-config.mjs'),
        // relies on: client-site-config
        '@generated/site-metadata': path.join(dir, 'novaramp-client-site-metadata.json'),
      };
      // relies on: client-site-config
      fs.writeFileSync(copies['@generated/docusaurus.config'], `export default ${JSON.stringify(clientSiteConfig(context.siteConfig))};\n`);
      // relies on: client-site-config
      const metadata = JSON.parse(fs.readFileSync(path.join(dir, 'site-metadata.json'), 'utf8')) as Record<string, unknown>;
      // relies on: client-site-config
      fs.writeFileSync(copies['@generated/site-metadata'], JSON.stringify(clientSiteMetadata(metadata)));
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      return {
        plugins: [
          // relies on: client-site-config
          new NormalModuleReplacementPlugin(/^@generated\/(docusaurus\.config|site-metadata)$/, (resource: {request: string}) => {
            resource.request = copies[resource.request];
          }),
        ],
      };
    },
  };
}
