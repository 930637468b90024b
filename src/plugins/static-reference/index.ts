/**
 * The operation pages' static reference (parameters, request body, responses: HTML rendered while `gen:api` writes
 * the pages) is kept in files of its own (src/data/static-reference.ts) instead of in the pages' JS modules.
 * Why: as strings in the modules it was four fifths of their bytes, which Rspack holds in both compilations (client
 * and server) through every step, so the build's memory grew with every operation; and a visitor's browser
 * downloaded the reference twice, in the page's HTML and in its JS.
 * - `@novaramp/reference-html` is ./server.ts in the server bundle (it reads the file: SSG writes it into the page)
 *   and ./client.ts in the browser (it takes the HTML from the page when hydrating, and fetches the file after a
 *   client-side navigation);
 * - postBuild copies the files into the build (the reference and try-it files into its content-hashed assets, the
 *   components shown apart to COMPONENT_URL, the reference models to MODEL_URL); `npm start` serves them from where
 *   they are generated;
 * - postBuild also checks every root-relative link the spec's prose makes (gen:api lists them: the reference is HTML
 *   Docusaurus' own link check does not read): a link to a page the site does not have fails the build with the
 *   spec's file:line.
 * Its look is ./reference.css, on the reference's own classes.
 * Covered by tests/site/api-page.test.ts (hydration, client-side navigation, a file that fails to load) and
 * tests/site/budget.test.ts (the page's JS does not carry it).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {GENERATED_DIR} from '../../data/api-table';
import {
  COMPONENT_FOLDER,
  COMPONENT_URL,
  LINKS_FILE,
  MODEL_FOLDER,
  MODEL_URL,
  REFERENCE_HTML_FOLDER,
  REFERENCE_HTML_URL,
  TRY_IT_FOLDER,
  TRY_IT_URL,
} from '../../data/static-reference';

interface SpecLink {
  route: string;
  href: string;
  at: string;
}

/** The links of the spec's prose that lead to no page of the build (their path, without `#` or `?`). */
export function brokenSpecLinks(links: SpecLink[], routes: ReadonlySet<string>, baseUrl = '/'): SpecLink[] {
  return links.filter((link) => {
    const pathname = (/^[^?#]*/.exec(link.href)?.[0] ?? '').replace(/\/+$/, '') || '/';
    const route = baseUrl !== '/' && pathname.startsWith(baseUrl) ? `/${pathname.slice(baseUrl.length)}` : pathname;
    return !routes.has(route) && !routes.has(`${route}/`);
  });
}

export default function staticReferencePlugin(context: LoadContext): Plugin {
  const generated = path.join(context.siteDir, GENERATED_DIR);
  const folders = [
    {dir: path.join(generated, REFERENCE_HTML_FOLDER), url: REFERENCE_HTML_URL},
    {dir: path.join(generated, TRY_IT_FOLDER), url: TRY_IT_URL},
    {dir: path.join(generated, COMPONENT_FOLDER), url: COMPONENT_URL},
    {dir: path.join(generated, MODEL_FOLDER), url: MODEL_URL},
  ];
  const publicPath = (url: string) => `${context.baseUrl}${url.slice(1)}`;
  return {
    name: 'novaramp-static-reference',
    // The reference's own look (why its own: in the stylesheet).
    getClientModules: () => [path.join(__dirname, 'reference.css')],
    configureWebpack: (config, isServer, {currentBundler}) => ({
      resolve: {alias: {'@novaramp/reference-html$': path.join(__dirname, isServer ? 'server.ts' : 'client.ts')}},
      plugins: isServer ? [new currentBundler.instance.DefinePlugin({__NOVARAMP_REFERENCE_HTML_DIR__: JSON.stringify(folders[0].dir)})] : [],
      ...(config.mode === 'development'
        ? {devServer: {static: folders.map(({dir, url}) => ({directory: dir, publicPath: publicPath(url), watch: false}))}}
        : {}),
    }),
    async postBuild({outDir, routesPaths}) {
      // Absent when the site builds with the stock OpenAPI page (bench: STOCK_API_ITEM), which renders its own.
      for (const {dir, url} of folders) if (fs.existsSync(dir)) await fs.promises.cp(dir, path.join(outDir, url), {recursive: true});
      const linksFile = path.join(generated, LINKS_FILE);
      if (!fs.existsSync(linksFile)) return;
      const broken = brokenSpecLinks(JSON.parse(fs.readFileSync(linksFile, 'utf8')) as SpecLink[], new Set(routesPaths), context.baseUrl);
      if (broken.length) {
        const lines = [...new Set(broken.map((l) => `  ${l.at}: ${l.href} (on ${l.route || 'a component shown apart'}) is not a page of the site`))];
        throw new Error(`The spec's descriptions link to pages that do not exist:\n${lines.join('\n')}`);
      }
    },
  };
}
