import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import fs from 'node:fs';
import path from 'node:path';
import {API_CATEGORIES, MANIFEST_FILE, type ApiCategory, type ApiManifestEntry} from './src/data/api-table';
import {API_DOC_PAGES, GUIDES, TERMINOLOGY, WORKFLOW_CATEGORY, WORKFLOW_ORDER, WORKFLOW_PAGES_DIR} from './src/data/navigation';
import {extraCategories} from './src/plugins/operation-page/generate/api-sources';
import {tagSidebarItems} from './src/plugins/operation-page/generate/tag-categories';

/** A sidebar item, from the docs plugin's public SidebarsConfig (a sidebar is a list of them). */
type Item = Extract<SidebarsConfig[string], unknown[]>[number];

// The API sidebar lists what generation produced (its manifest), in the categories of the API table, and inside
// them in the categories of the APIs' nested tags (OpenAPI 3.2 `parent`, src/plugins/operation-page/generate/tag-categories.ts).
function readManifest(): ApiManifestEntry[] {
  const file = path.join(__dirname, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new Error(`${MANIFEST_FILE} is missing: run \`npm run gen:api\` (npm start and npm run build do).`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ApiManifestEntry[];
}

function apiCategory(category: ApiCategory, pages: ApiManifestEntry[]): Item {
  return {
    type: 'category',
    label: category.label,
    collapsed: true,
    ...(category.slug ? {link: {type: 'generated-index', slug: `/category/${category.slug}`, title: category.label, description: category.description}} : {}),
    items: [...(category.children ?? []).map((child) => apiCategory(child, pages)), ...tagSidebarItems(pages.filter((page) => page.category === category.dir))],
  };
}

const apiPages = readManifest();

// The workflow pages generation wrote (src/plugins/workflow-steps/generate/pages.ts), in the journey's order, the others after by id.
function workflowDocs(): string[] {
  const dir = path.join(__dirname, WORKFLOW_PAGES_DIR);
  const ids = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.mdx'))
        .map((f) => f.slice(0, -'.mdx'.length))
    : [];
  const rank = (id: string) => ((WORKFLOW_ORDER as readonly string[]).includes(id) ? (WORKFLOW_ORDER as readonly string[]).indexOf(id) : WORKFLOW_ORDER.length);
  return ids.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)).map((id) => `${WORKFLOW_PAGES_DIR.replace(/^docs\//, '')}/${id}`);
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
    {
      type: 'category',
      label: WORKFLOW_CATEGORY.label,
      collapsed: true,
      link: {type: 'generated-index', slug: WORKFLOW_CATEGORY.slug, title: WORKFLOW_CATEGORY.label, description: WORKFLOW_CATEGORY.description},
      items: workflowDocs(),
    },
  ],
  // Extra APIs (a scratch copy's `NOVARAMP_EXTRA_APIS`: `npm run bench:corpus`) after the portal's own.
  api: [
    ...API_DOC_PAGES.map((page) => `api/${page}`),
    ...[
      ...API_CATEGORIES,
      ...extraCategories(
        apiPages.map((p) => p.route),
        __dirname,
      ),
    ].map((category) => apiCategory(category, apiPages)),
  ],
};

export default sidebars;
