/**
 * Nested tags (OpenAPI 3.2 `parent`) become the API sidebar's categories below the API table's
 * (src/plugins/operation-page/generate/tag-categories.ts): a child tag's pages are a category of their own under their parent's,
 * labelled by the tag's `summary` (else its name), in the order of the document's `tags`; the routes stay the pins.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import {test} from 'node:test';
import type {ApiCategory, ApiManifestEntry} from '../../../src/data/api-table';
import {tagSidebarItems, withTagCategories, type ApiSidebarItem} from '../../../src/plugins/operation-page/generate/tag-categories';
import {tagTrails} from '../../../src/plugins/operation-page/generate/tag-trails';
import {SITE_ROOT} from '../../../tools/cli';
import {ApiDocument} from '../../../tools/openapi/document';
import {loadApi} from '../../../tools/openapi/load';

/** A manifest entry as generation writes it, for an operation pinned at `slug`. */
const entry = (api: string, operationId: string, slug: string, label = operationId): ApiManifestEntry => ({
  operationId,
  api,
  docId: `api/reference/${api}/${operationId}`,
  route: `/docs${slug}`,
  method: 'get',
  category: path.posix.dirname(slug),
  label,
});

/** The shape of sidebar items: a page by its label, a category as [label, its items]. */
const shape = (items: ApiSidebarItem[]): unknown[] => items.map((i) => (i.type === 'doc' ? i.label : [i.label, shape(i.items)]));

test("fiat's own pages are in a category per child tag of Fiat, labelled by its summary; Bank's stay in Bank", async () => {
  const api = await loadApi('openapi/fiat.yaml', {siteDir: SITE_ROOT});
  const pages = api.operations().map((o) => entry('fiat', o.operationId!, String(o.operation['x-doc-slug']), String(o.operation.summary)));
  const nested = withTagCategories(pages, tagTrails(api));

  const own = nested.filter((p) => p.category === '/api/fiat');
  const items = tagSidebarItems(own);
  assert.deepEqual(
    items.map((i) => (i.type === 'category' ? i.label : i.label)),
    ['Deposit instructions', 'Withdrawals'],
    'the summaries (`Fiat withdrawals` is labelled `Withdrawals`), in the order of the tags',
  );
  const byLabel = new Map(items.map((i) => [i.label, i]));
  const withdrawals = byLabel.get('Withdrawals');
  assert.ok(withdrawals?.type === 'category');
  assert.deepEqual(
    withdrawals.items.map((i) => i.label).sort(),
    own
      .filter((p) => p.tagCategories?.[0].name === 'Fiat withdrawals')
      .map((p) => p.label)
      .sort(),
  );
  assert.ok(withdrawals.items.some((i) => i.label === 'Withdraw fiat'));
  // Each nested category has its own key for the pages kept apart (src/upstream/operation-entries); routes are the pins.
  assert.deepEqual([...new Set(own.map((p) => p.sidebarCategory))].sort(), ['/api/fiat#Deposit instructions', '/api/fiat#Fiat withdrawals']);
  assert.ok(own.every((p) => p.route.startsWith('/docs/api/fiat/') && p.route.split('/').length === 5));

  // Bank's pages all share `Fiat › Bank accounts`: Bank lists them itself.
  const bank = nested.filter((p) => p.category === '/api/fiat/bank');
  assert.ok(bank.length >= 5);
  assert.ok(bank.every((p) => p.tagCategories === undefined && p.sidebarCategory === undefined));
  assert.ok(tagSidebarItems(bank).every((i) => i.type === 'doc'));
});

test('a tag two levels down is a category inside its parent’s; a tag without a summary is labelled by its name', () => {
  const api = new ApiDocument({
    openapi: '3.2.0',
    info: {title: 'Payments', version: '1'},
    tags: [
      {name: 'payments', summary: 'Payments', kind: 'nav'},
      {name: 'disputes', parent: 'payments'},
      {name: 'chargebacks', parent: 'disputes', summary: 'Charge-backs'},
      {name: 'refunds', parent: 'payments', summary: 'Refunds'},
    ],
    paths: {
      '/payments': {get: {operationId: 'listPayments', tags: ['payments']}},
      '/refunds': {get: {operationId: 'listRefunds', tags: ['refunds']}},
      '/disputes': {get: {operationId: 'listDisputes', tags: ['disputes']}},
      '/chargebacks': {get: {operationId: 'listChargebacks', tags: ['chargebacks']}},
    },
  });
  const categories: ApiCategory[] = [{label: 'Payments', dir: '/api/pay', description: 'Payments.'}];
  const pages = ['listPayments', 'listRefunds', 'listDisputes', 'listChargebacks'].map((id) => entry('pay', id, `/api/pay/${id}`));
  const nested = withTagCategories(pages, tagTrails(api), categories);
  assert.deepEqual(shape(tagSidebarItems(nested)), [
    'listPayments',
    ['disputes', ['listDisputes', ['Charge-backs', ['listChargebacks']]]],
    ['Refunds', ['listRefunds']],
  ]);
  assert.equal(nested.find((p) => p.operationId === 'listChargebacks')?.sidebarCategory, '/api/pay#disputes/chargebacks');
});

test('an API whose tags are flat keeps its sidebar: no tag categories', async () => {
  const api = await loadApi('openapi/accounts.yaml', {siteDir: SITE_ROOT});
  assert.equal(tagTrails(api).size, 0);
  const pages = api.operations().map((o) => entry('accounts', o.operationId!, String(o.operation['x-doc-slug'])));
  const nested = withTagCategories(pages, tagTrails(api));
  assert.deepEqual(nested, pages);
  assert.ok(tagSidebarItems(nested).every((i) => i.type === 'doc'));
});
