/**
 * A Markdown page's `<Tabs>`/`<TabItem>` become the classic Tabs' markup as plain elements (src/plugins/static-tabs,
 * issue #47): compiled as Docusaurus compiles the page (MDX with the plugin) and rendered by React's server renderer,
 * the page imports no Tabs component and its HTML is the classic server-rendered markup; what the static markup
 * cannot honour fails with the page's file and line. tests/site/static-tabs.test.ts checks the behaviour in Chromium.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import * as runtime from 'react/jsx-runtime';
import React from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import remarkStaticTabs from '../../src/plugins/static-tabs/remark';

// @mdx-js/mdx (the compiler Docusaurus uses) is ESM-only: imported, not required.
const mdxModule = () => import('@mdx-js/mdx');
const compile: typeof import('@mdx-js/mdx').compile = async (...args) => (await mdxModule()).compile(...args);

// relies on: openapi-tabs
const IMPORTS = "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n";

async function html(mdx: string, file = 'docs/guides/g.md'): Promise<{code: string; html: string}> {
  const code = String(await compile({value: mdx, path: file}, {format: 'mdx', outputFormat: 'function-body', remarkPlugins: [remarkStaticTabs]}));
  const {default: Content} = await (await mdxModule()).run(code, {...runtime, baseUrl: __filename});
  return {code, html: renderToStaticMarkup(React.createElement(Content))};
}

const LANG = `${IMPORTS}<Tabs groupId="lang">
<TabItem value="curl" label="cURL">

cURL sample

</TabItem>
<TabItem value="python" label="Python">

Python sample

</TabItem>
</Tabs>
`;

describe('static tabs', () => {
  test("the classic Tabs' server-rendered markup, with no component imported", async () => {
    const {code, html: out} = await html(LANG);
    assert.doesNotMatch(code, /@theme\/Tab/, 'the page imports neither Tabs nor TabItem');
    assert.equal(
      out,
      // relies on: openapi-tabs
      '<div class="theme-tabs-container tabs-container novaramp-tabs" data-tabs-group="lang">' +
        '<ul role="tablist" aria-orientation="horizontal" class="tabs">' +
        '<li role="tab" tabindex="0" aria-selected="true" data-tab-value="curl" class="tabs__item novaramp-tabs__item tabs__item--active">cURL</li>' +
        '<li role="tab" tabindex="-1" aria-selected="false" data-tab-value="python" class="tabs__item novaramp-tabs__item">Python</li></ul>' +
        '<div class="margin-top--md">' +
        '<div role="tabpanel" class="novaramp-tabs__panel"><p>cURL sample</p></div>' +
        '<div role="tabpanel" class="novaramp-tabs__panel" hidden=""><p>Python sample</p></div>' +
        '</div></div>',
    );
  });

  test('the default tab is the group’s defaultValue, else the item marked default; data- attributes go on the panel', async () => {
    const marked = LANG.replace('<TabItem value="python" label="Python">', '<TabItem value="python" label="Python" default data-x="y">');
    const {html: out} = await html(marked);
    assert.match(out, /<li role="tab" tabindex="0" aria-selected="true" data-tab-value="python"/);
    assert.match(out, /<div role="tabpanel" class="novaramp-tabs__panel" hidden=""><p>cURL/);
    assert.match(out, /<div role="tabpanel" class="novaramp-tabs__panel" data-x="y"><p>Python/);
    const {html: byGroup} = await html(LANG.replace('<Tabs groupId="lang">', '<Tabs groupId="lang" defaultValue="python" lazy>'));
    assert.match(byGroup, /aria-selected="true" data-tab-value="python"/);
    assert.equal((byGroup.match(/role="tabpanel"/g) ?? []).length, 2, 'lazy: every panel is in the page, as its content makes it');
  });

  test('imports of other modules stay; a page without the imports keeps its elements as they are', async () => {
    const {code} = await html(`import X from './x';\n${LANG}`.replace("import X from './x';\n", 'export const x = 1;\n'));
    assert.match(code, /const x = 1/);
    const plain = await compile({value: '<Tabs>\n<p>x</p>\n</Tabs>\n', path: 'p.md'}, {format: 'mdx', remarkPlugins: [remarkStaticTabs]});
    assert.match(String(plain), /Tabs/, 'not imported: not the theme’s tabs, left alone');
  });

  test('what static markup cannot honour fails naming the file and line', async () => {
    await assert.rejects(
      html(LANG.replace('<Tabs groupId="lang">', '<Tabs groupId="lang" values={[]}>')),
      /docs\/guides\/g\.md:4: <Tabs> attribute values: static tabs/,
    );
    await assert.rejects(html(LANG.replace('<Tabs groupId="lang">', '<Tabs groupId={"lang"}>')), /g\.md:4: <Tabs> attribute groupId/);
    await assert.rejects(
      html(LANG.replace('<Tabs groupId="lang">', '<Tabs groupId="lang" defaultValue="go">')),
      /g\.md:4: <Tabs> defaultValue="go" is none of its tabs/,
    );
    await assert.rejects(html(`${IMPORTS}<TabItem value="a">\n\nA\n\n</TabItem>\n`), /g\.md:4: <TabItem> outside a <Tabs> group/);
    await assert.rejects(html(LANG.replace('<TabItem value="python" label="Python">', '<TabItem label="Python">')), /g\.md:10: <TabItem> needs a value/);
  });
});
