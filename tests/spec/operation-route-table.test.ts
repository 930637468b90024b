/**
 * tools/operation-route-table.ts on generated files shaped as Docusaurus 3.10 writes them: what the
 * client's copies keep and lose, what each operation page registers, and the errors that name the file.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {parse} from '@babel/parser';
import {routeTableWithout} from '../../tools/operation-route-table';

const OP = '/docs/api/crypto/wallet/withdraw';
const GUIDE = '/docs/guides/banking-guide';

function generatedFiles(routeOf = OP): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-table-'));
  fs.writeFileSync(
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
          {
            path: '${GUIDE}',
            component: ComponentCreator('${GUIDE}', 'g1'),
            exact: true,
            sidebar: "guides"
          },
          {
            path: '${routeOf}',
            component: ComponentCreator('${routeOf}', '6b2'),
            exact: true,
            sidebar: "api"
          }
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
  fs.writeFileSync(
    path.join(dir, 'registry.js'),
    `export default {
  "comp": [() => import(/* webpackChunkName: "comp" */ "@theme/DocItem"), "@theme/DocItem", require.resolveWeak("@theme/DocItem")],
  "guide": [() => import(/* webpackChunkName: "guide" */ "@site/docs/guides/banking-guide.md"), "@site/docs/guides/banking-guide.md", require.resolveWeak("@site/docs/guides/banking-guide.md")],
  "op": [() => import(/* webpackChunkName: "op" */ "@site/docs/api/reference/crypto/withdraw.api.mdx"), "@site/docs/api/reference/crypto/withdraw.api.mdx", require.resolveWeak("@site/docs/api/reference/crypto/withdraw.api.mdx")],
  "props": [() => import(/* webpackChunkName: "props" */ "@generated/docusaurus-plugin-content-docs/default/p/docs-175.json"), "@generated/docusaurus-plugin-content-docs/default/p/docs-175.json", require.resolveWeak("@generated/docusaurus-plugin-content-docs/default/p/docs-175.json")],};
`,
  );
  fs.writeFileSync(
    path.join(dir, 'routesChunkNames.json'),
    JSON.stringify({[`${GUIDE}-g1`]: {__comp: 'comp', content: 'guide'}, [`${OP}-6b2`]: {__comp: 'comp', content: 'op'}}),
  );
  const docs = [
    {id: 'guides/banking-guide', path: GUIDE, sidebar: 'guides'},
    {id: 'api/reference/crypto/withdraw', path: OP, sidebar: 'api'},
  ];
  fs.writeFileSync(path.join(dir, 'globalData.json'), JSON.stringify({'docusaurus-plugin-content-docs': {default: {versions: [{docs}]}}}));
  fs.mkdirSync(path.join(dir, 'docusaurus-plugin-content-docs/default/p'), {recursive: true});
  fs.writeFileSync(
    path.join(dir, 'docusaurus-plugin-content-docs/default/p/docs-175.json'),
    JSON.stringify({
      version: {
        docsSidebars: {
          guides: [{type: 'link', href: GUIDE, docId: 'guides/banking-guide'}],
          api: [{type: 'category', items: [{type: 'link', href: OP, docId: 'api/reference/crypto/withdraw'}]}],
        },
        docs: {'guides/banking-guide': {id: 'guides/banking-guide'}, 'api/reference/crypto/withdraw': {id: 'api/reference/crypto/withdraw'}},
      },
    }),
  );
  return dir;
}

const PAGES = [{route: OP, docId: 'api/reference/crypto/withdraw'}];

test('the client copies lose the operation pages and keep everything else; each operation carries its route back', () => {
  const table = routeTableWithout(generatedFiles(), PAGES);
  parse(table.routes, {sourceType: 'module'});
  parse(table.registry, {sourceType: 'module'});
  assert.ok(!table.routes.includes(OP) && table.routes.includes(GUIDE) && table.routes.includes("path: '*'"));
  assert.ok(!table.registry.includes('withdraw.api.mdx') && table.registry.includes('"comp"') && table.registry.includes('banking-guide.md'));
  assert.deepEqual(Object.keys(JSON.parse(table.routesChunkNames) as object), [`${GUIDE}-g1`]);
  assert.deepEqual(
    (JSON.parse(table.globalData) as {'docusaurus-plugin-content-docs': {default: {versions: {docs: {path: string}[]}[]}}})['docusaurus-plugin-content-docs'].default.versions[0].docs.map((d) => d.path),
    [GUIDE],
  );
  assert.deepEqual(table.operations, [
    {
      path: OP,
      hash: '6b2',
      chunkNames: {__comp: 'comp', content: 'op'},
      sidebar: 'api',
      doc: {id: 'api/reference/crypto/withdraw', path: OP, sidebar: 'api'},
      contentChunk: 'op',
      modulePath: '@site/docs/api/reference/crypto/withdraw.api.mdx',
    },
  ]);
  // The version's props: the guides' sidebar and doc stay, the API's sidebar and the operation doc are apart.
  assert.deepEqual(table.sidebars, ['api']);
  const [version] = table.versions;
  assert.equal(version.chunkName, 'props');
  assert.deepEqual(Object.keys((JSON.parse(version.props) as {version: {docsSidebars: object}}).version.docsSidebars), ['guides']);
  assert.deepEqual(Object.keys(version.apart.docs), ['api/reference/crypto/withdraw']);
  assert.deepEqual(Object.keys(version.apart.docsSidebars), ['api']);
});

test('an operation page missing from the route table fails, naming the file', () => {
  const dir = generatedFiles('/docs/api/crypto/wallet/other');
  assert.throws(() => routeTableWithout(dir, PAGES), (error: Error) => error.message.startsWith(`${path.join(dir, 'routes.js')}: no route for ${OP}`));
});

test('an operation route outside the operation pages\' prefix fails, naming the page', () => {
  assert.throws(() => routeTableWithout(generatedFiles(), [{route: '/docs/elsewhere', docId: 'x/y'}]), /^Error: x\/y: its route \/docs\/elsewhere is not under \/docs\/api\//);
});
