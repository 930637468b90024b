/**
 * src/upstream/operation-entries/route-table.ts on generated files shaped as Docusaurus 3.10 writes them: what the
 * client's copies keep and lose, what each operation page registers, and the errors that name the file.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {parse} from '@babel/parser';
// relies on: route-table-files
import {pagesApartKey, pagesApartPlaceholder} from '../../../src/upstream/operation-entries/routes';
// relies on: route-table-files
import {registryWithoutModuleNames, routeTableWithout} from '../../../src/upstream/operation-entries/route-table';

const OP = '/docs/api/crypto/wallet/withdraw';
const OP2 = '/docs/api/crypto/wallet/list';
const GUIDE = '/docs/guides/banking-guide';
const OVERVIEW = '/docs/api/overview';

const link = (href: string, docId: string) => ({type: 'link', href, label: docId, docId, unlisted: false});
const opLink = (route: string) => link(route, docIdOf(route));
const docIdOf = (route: string) => `api/reference/crypto/${route.slice(route.lastIndexOf('/') + 1)}`;
const category = (label: string, items: unknown[]) => ({type: 'category', label, href: `/docs/category/${label.toLowerCase()}`, collapsed: true, items});

/** The API sidebar of the fixture: the overview, then Crypto › Wallet listing both operation pages. */
const API_SIDEBAR = [link(OVERVIEW, 'api/overview'), category('Crypto', [category('Wallet', [opLink(OP), opLink(OP2)])])];

/** Generated files as Docusaurus 3.10 writes them, for a guide and the operation pages `routes` (both by default). */
function generatedFiles(routes = [OP, OP2], apiSidebar: unknown[] = API_SIDEBAR): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-table-'));
  const routeLeaf = (route: string, hash: string, sidebar: string) => `          {
            path: '${route}',
            component: ComponentCreator('${route}', '${hash}'),
            exact: true,
            sidebar: "${sidebar}"
          }`;
  fs.writeFileSync(
    // relies on: route-table-files
    path.join(dir, 'routes.js'),
    `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/docs',
    component: ComponentCreator('/docs', 'a1'),
    routes: [
      {
        path: '/docs',
        component: ComponentCreator('/docs', 'a2'),
        routes: [
${[routeLeaf(GUIDE, 'g1', 'guides'), ...routes.map((route, i) => routeLeaf(route, `6b${i}`, 'api'))].join(',\n')}
        ]
      }
    ]
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
`,
  );
  const registryEntry = (name: string, module: string) =>
    // relies on: route-table-files
    `  "${name}": [() => import(/* webpackChunkName: "${name}" */ "${module}"), "${module}", require.resolveWeak("${module}")],`;
  fs.writeFileSync(
    // relies on: route-table-files
    path.join(dir, 'registry.js'),
    `export default {
${[
  registryEntry('comp', '@theme/DocItem'),
  registryEntry('guide', '@site/docs/guides/banking-guide.md'),
  ...routes.map((route, i) => registryEntry(`op${i}`, `@site/docs/${docIdOf(route)}.api.mdx`)),
  // relies on: route-table-files
  registryEntry('props', '@generated/docusaurus-plugin-content-docs/default/p/docs-175.json'),
].join('\n')}};
`,
  );
  fs.writeFileSync(
    // relies on: route-table-files
    path.join(dir, 'routesChunkNames.json'),
    JSON.stringify({
      [`${GUIDE}-g1`]: {__comp: 'comp', content: 'guide'},
      ...Object.fromEntries(routes.map((route, i) => [`${route}-6b${i}`, {__comp: 'comp', content: `op${i}`}])),
    }),
  );
  const docs = [{id: 'guides/banking-guide', path: GUIDE, sidebar: 'guides'}, ...routes.map((route) => ({id: docIdOf(route), path: route, sidebar: 'api'}))];
  // relies on: route-table-files
  fs.writeFileSync(path.join(dir, 'globalData.json'), JSON.stringify({'docusaurus-plugin-content-docs': {default: {versions: [{docs}]}}}));
  fs.mkdirSync(path.join(dir, 'docusaurus-plugin-content-docs/default/p'), {recursive: true});
  fs.writeFileSync(
    path.join(dir, 'docusaurus-plugin-content-docs/default/p/docs-175.json'),
    JSON.stringify({
      version: {
        docsSidebars: {guides: [link(GUIDE, 'guides/banking-guide')], api: apiSidebar},
        docs: Object.fromEntries(
          ['guides/banking-guide', 'api/overview', ...[OP, OP2].map(docIdOf)].map((id) => [id, {id, title: id, description: `About ${id}`}]),
        ),
      },
    }),
  );
  return dir;
}

const PAGES = [OP, OP2].map((route) => ({route, docId: docIdOf(route), category: '/api/crypto/wallet'}));

type Props = {version: {docsSidebars: Record<string, unknown[]>; docs: Record<string, unknown>}};

test('the client copies lose the operation pages and keep everything else; each operation carries its route back', () => {
  const table = routeTableWithout(generatedFiles(), PAGES);
  parse(table.routes, {sourceType: 'module'});
  parse(table.registry, {sourceType: 'module'});
  assert.ok(!table.routes.includes(OP) && !table.routes.includes(OP2) && table.routes.includes(GUIDE) && table.routes.includes("path: '*'"));
  assert.ok(!table.registry.includes('.api.mdx') && table.registry.includes('"comp"') && table.registry.includes('banking-guide.md'));
  // relies on: route-table-files
  assert.deepEqual(Object.keys(JSON.parse(table.routesChunkNames) as object), [`${GUIDE}-g1`]);
  assert.deepEqual(
    // relies on: route-table-files
    (JSON.parse(table.globalData) as {'docusaurus-plugin-content-docs': {default: {versions: {docs: {path: string}[]}[]}}})[
      'docusaurus-plugin-content-docs'
    ].default.versions[0].docs.map((d) => d.path),
    [GUIDE],
  );
  assert.deepEqual(table.operations[0], {
    path: OP,
    hash: '6b0',
    chunkNames: {__comp: 'comp', content: 'op0'},
    sidebar: 'api',
    doc: {id: docIdOf(OP), path: OP, sidebar: 'api'},
    contentChunk: 'op0',
    modulePath: `@site/docs/${docIdOf(OP)}.api.mdx`,
    category: '/api/crypto/wallet',
  });
  assert.equal(table.operations[1].path, OP2);
});

test('a sidebar category keeps its first operation page and a placeholder; the others and all their docs are apart', () => {
  const table = routeTableWithout(generatedFiles(), PAGES);
  assert.deepEqual(table.sidebars, ['api']);
  const [version] = table.versions;
  assert.equal(version.chunkName, 'props');
  const props = JSON.parse(version.props) as Props;
  // The guides' sidebar and every doc that is not an operation page's stay as they were.
  assert.deepEqual(props.version.docsSidebars.guides, [link(GUIDE, 'guides/banking-guide')]);
  assert.deepEqual(Object.keys(props.version.docs), ['guides/banking-guide', 'api/overview']);
  assert.deepEqual(props.version.docsSidebars.api, [
    link(OVERVIEW, 'api/overview'),
    category('Crypto', [category('Wallet', [opLink(OP), pagesApartPlaceholder('/api/crypto/wallet')])]),
  ]);
  assert.equal(pagesApartKey(pagesApartPlaceholder('/api/crypto/wallet')), '/api/crypto/wallet');
  assert.deepEqual(table.pagesApart, {
    '/api/crypto/wallet': {
      items: [opLink(OP2)],
      docs: Object.fromEntries([OP, OP2].map(docIdOf).map((id) => [id, {id, title: id, description: `About ${id}`}])),
    },
  });
});

test('a category that lists one operation page keeps it: nothing is apart, and the page names no pages apart', () => {
  const table = routeTableWithout(generatedFiles([OP], [category('Wallet', [opLink(OP)])]), PAGES.slice(0, 1));
  assert.deepEqual(table.pagesApart, {});
  assert.deepEqual(table.sidebars, []);
  assert.deepEqual((JSON.parse(table.versions[0].props) as Props).version.docsSidebars.api, [category('Wallet', [opLink(OP)])]);
  assert.equal(table.operations[0].category, undefined);
});

test('operation pages a sidebar lists apart from each other, outside a category or with another API category fail, naming the file', () => {
  const props = (dir: string) => path.join(dir, 'docusaurus-plugin-content-docs/default/p/docs-175.json');
  let dir = generatedFiles(undefined, [category('Wallet', [opLink(OP), link(OVERVIEW, 'api/overview'), opLink(OP2)])]);
  assert.throws(() => routeTableWithout(dir, PAGES), {
    message: `${props(dir)}: sidebar "api", category "Wallet": its operation pages are not listed next to each other`,
  });
  dir = generatedFiles(undefined, [opLink(OP), category('Wallet', [opLink(OP2)])]);
  assert.throws(() => routeTableWithout(dir, PAGES), {
    message: `${props(dir)}: sidebar "api": lists the operation page ${docIdOf(OP)} outside a category (its pages are kept apart by category)`,
  });
  dir = generatedFiles();
  assert.throws(() => routeTableWithout(dir, [PAGES[0], {...PAGES[1], category: '/api/fiat'}]), {
    message: `${props(dir)}: sidebar "api", category "Wallet": lists operation pages of /api/crypto/wallet and /api/fiat`,
  });
  dir = generatedFiles(undefined, [category('Wallet', [opLink(OP), opLink(OP2)]), category('Again', [opLink(OP), opLink(OP2)])]);
  assert.throws(() => routeTableWithout(dir, PAGES), {
    message: `${props(dir)}: sidebar "api", category "Again": the operation pages of /api/crypto/wallet are listed in a second category`,
  });
});

test('an operation page missing from the route table fails, naming the file', () => {
  const dir = generatedFiles(['/docs/api/crypto/wallet/other', OP2]);
  // relies on: route-table-files
  assert.throws(() => routeTableWithout(dir, PAGES), {message: `${path.join(dir, 'routes.js')}: no route for ${OP}`});
});

test("an operation route outside the operation pages' prefix fails, naming the page", () => {
  assert.throws(
    () => routeTableWithout(generatedFiles(), [{route: '/docs/elsewhere', docId: 'x/y', category: '/elsewhere'}]),
    /^Error: x\/y: its route \/docs\/elsewhere is not under \/docs\/api\//,
  );
});

test("the client's registry keeps each chunk's loader and module id, and names no module", () => {
  const dir = generatedFiles();
  const table = routeTableWithout(dir, PAGES);
  // relies on: client-module-names
  const registry = registryWithoutModuleNames(table.registry, 'registry.js');
  const entries = parse(registry, {sourceType: 'module'}).program.body.flatMap((statement) =>
    statement.type === 'ExportDefaultDeclaration' && statement.declaration.type === 'ObjectExpression' ? statement.declaration.properties : [],
  );
  assert.equal(entries.length, 3);
  for (const entry of entries) {
    assert.ok(entry.type === 'ObjectProperty' && entry.value.type === 'ArrayExpression');
    const [loader, name, id] = entry.value.elements;
    assert.equal(loader?.type, 'ArrowFunctionExpression');
    assert.equal(name?.type, 'NumericLiteral');
    assert.equal(id?.type, 'CallExpression');
  }
  // The modules are still imported (by the loaders) and resolved (by the ids): each path twice, no longer three times.
  assert.equal(registry.split('"@site/docs/guides/banking-guide.md"').length - 1, 2);
  assert.equal(table.registry.split('"@site/docs/guides/banking-guide.md"').length - 1, 3);
  assert.throws(
    // relies on: client-module-names
    () => registryWithoutModuleNames('export default {"a": () => 1};', 'registry.js'),
    /registry\.js:1: a registry entry that is not \[loader, module, id\]/,
  );
});
