import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import type {SidebarItemConfig as Item} from '@docusaurus/plugin-content-docs/lib/sidebars/types.js';
import path from 'node:path';
import {API_CATEGORIES, type ApiCategory} from './scripts/api-table';
import {loadOperations, type Operation} from './scripts/spec-model';
import {API_DOC_PAGES, GUIDES, TERMINOLOGY} from './src/guides';

// The API sidebar follows the spec: each operation sits in the category of its pinned route's folder.
const operations = loadOperations();

function categoryItems(category: ApiCategory, ops: Operation[]): Item[] {
  const own = ops.filter((op) => op.slug && path.posix.dirname(op.slug) === category.dir);
  return [
    ...(category.children ?? []).map((child) => apiCategory(child, ops)),
    ...own.map((op): Item => ({type: 'doc', id: op.docId, label: op.summary, className: `api-method ${op.method}`})),
  ];
}

function apiCategory(category: ApiCategory, ops: Operation[]): Item {
  return {
    type: 'category',
    label: category.label,
    collapsed: true,
    ...(category.slug
      ? {
          link: {
            type: 'generated-index',
            slug: `/category/${category.slug}`,
            title: category.label,
            description: category.description,
          },
        }
      : {}),
    items: categoryItems(category, ops),
  };
}

const sidebars: SidebarsConfig = {
  guides: [
    ...GUIDES.map((name) => `guides/${name}-guide`),
    {
      type: 'category',
      label: 'Terminology',
      collapsed: false,
      link: {
        type: 'generated-index',
        slug: '/category/terminology',
        title: 'Terminology',
        description: 'The objects of the API, defined precisely: their fields that matter, their states and the operations that use them.',
      },
      items: TERMINOLOGY.map((term) => `guides/terminology/${term}`),
    },
  ],
  api: [
    ...API_DOC_PAGES.map((page) => `api/${page}`),
    ...API_CATEGORIES.map((category) => apiCategory(category, operations)),
  ],
};

export default sidebars;
