/**
 * Markdown pages' tabs are the classic theme's (src/plugins/markdown-tabs, issue #47): the plugin's rule gives the
 * Markdown files, and them only, the `@theme-init/…` files for `@theme/Tabs` and `@theme/TabItem`, and fails the
 * build, naming itself, where Docusaurus has no such alias. tests/site/markdown-tabs.test.ts checks the built guide.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import type {Plugin} from '@docusaurus/types';
import markdownTabsPlugin, {markdownTabAliases} from '../../src/plugins/markdown-tabs';

/** Docusaurus' theme aliases where the OpenAPI theme shadows the classic tabs. */
const ALIASES = {
  // relies on: markdown-tabs
  '@theme/Tabs': '/openapi-theme/Tabs/index.js',
  // relies on: markdown-tabs
  '@theme/TabItem': '/openapi-theme/TabItem/index.js',
  // relies on: markdown-tabs
  '@theme-init/Tabs': '/classic/Tabs/index.js',
  // relies on: markdown-tabs
  '@theme-init/TabItem': '/classic/TabItem/index.js',
  '@theme/CodeBlock': '/classic/CodeBlock/index.js',
};

type Rule = {resource?: RegExp; test?: unknown; resolve?: {alias?: Record<string, string>}};

function rulesOf(aliases: Record<string, string>): Rule[] {
  const plugin = (markdownTabsPlugin as unknown as () => Plugin)();
  const configure = plugin.configureWebpack as unknown as (config: unknown) => {module: {rules: Rule[]}};
  return configure({resolve: {alias: aliases}}).module.rules;
}

// relies on: markdown-tabs
test('Markdown files resolve @theme/Tabs and @theme/TabItem to the classic files, nothing else', () => {
  const [rule, ...others] = rulesOf(ALIASES);
  assert.equal(others.length, 0);
  // relies on: markdown-tabs
  assert.deepEqual(rule.resolve?.alias, {'@theme/Tabs': '/classic/Tabs/index.js', '@theme/TabItem': '/classic/TabItem/index.js'});
  for (const file of ['/site/docs/guides/banking-guide.md', '/site/docs/guides/workflows/off-ramp.mdx', '/site/blog/post.mdx'])
    assert.ok(rule.resource?.test(file), file);
  for (const file of ['/site/src/plugins/operation-page/components/CodeSamples.tsx', '/site/node_modules/x/lib/theme/Schema/index.js', '/site/docs/x.md.js'])
    assert.ok(!rule.resource?.test(file), file);
  // Not `test`: Docusaurus' fallback Markdown rule would exclude this rule's (absent) `include` (contract mdx-fallback-rule).
  assert.equal(rule.test, undefined);
});

test('without the @theme-init aliases (the OpenAPI theme no longer shadows the tabs) the build fails, naming the plugin', () => {
  // relies on: markdown-tabs
  const {'@theme-init/TabItem': _dropped, ...withoutTabItem} = ALIASES;
  // relies on: markdown-tabs
  assert.throws(() => markdownTabAliases(withoutTabItem), /src\/plugins\/markdown-tabs: no @theme-init\/TabItem alias/);
  assert.throws(() => rulesOf({}), /no @theme-init\/Tabs alias/);
});
