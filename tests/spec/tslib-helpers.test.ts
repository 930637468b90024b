/**
 * The browser's @docusaurus/utils-common gets the one tslib helper it calls (src/upstream/tslib-helpers, issue #47):
 * the plugin's rule gives that package's files, and only them, the stand-in, in the client bundle only, and the
 * stand-in's helper behaves as tslib's. The contract tslib-helpers checks that the package calls no other.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import {test} from 'node:test';
import type {Plugin} from '@docusaurus/types';
// relies on: tslib-helpers
import tslibHelpersPlugin, {UTILS_COMMON_FILE} from '../../src/upstream/tslib-helpers';
// relies on: tslib-helpers
import * as standIn from '../../src/upstream/tslib-helpers/tslib-stand-in';

type Rule = {test: RegExp; resolve: {alias: Record<string, string>}};
const configure = (isServer: boolean) =>
  ((tslibHelpersPlugin as () => Plugin)().configureWebpack as unknown as (config: unknown, isServer: boolean) => {module?: {rules: Rule[]}})({}, isServer);

test("the client bundle's utils-common, and only it, gets the stand-in for tslib", () => {
  assert.deepEqual(configure(true), {}, 'the server bundle keeps tslib');
  const rules = configure(false).module?.rules ?? [];
  assert.equal(rules.length, 1);
  assert.deepEqual(Object.keys(rules[0].resolve.alias), ['tslib$']);
  assert.equal(path.basename(rules[0].resolve.alias.tslib$), 'tslib-stand-in.ts');
  // relies on: tslib-helpers
  assert.match('/site/node_modules/@docusaurus/utils-common/lib/index.js', UTILS_COMMON_FILE);
  // relies on: tslib-helpers
  for (const other of ['/site/node_modules/@docusaurus/utils/lib/index.js', '/site/node_modules/@docusaurus/utils-common/lib/nested/x.js', '/site/src/x.js'])
    assert.doesNotMatch(other, UTILS_COMMON_FILE, other);
});

test("the stand-in's __importDefault wraps a CommonJS module and passes an ES module through, as tslib's", () => {
  assert.deepEqual(Object.keys(standIn), ['__importDefault']);
  const esModule = {__esModule: true, default: 1};
  assert.equal(standIn.__importDefault(esModule), esModule);
  const commonJs = {a: 1};
  assert.deepEqual(standIn.__importDefault(commonJs), {default: commonJs});
  const fn = () => 1;
  assert.equal((standIn.__importDefault(fn) as {default: unknown}).default, fn);
});
