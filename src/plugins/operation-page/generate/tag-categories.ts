/**
 * The API sidebar's categories made of nested tags (OpenAPI 3.2 `parent`): the table of src/data/api-table.ts pins
 * each category's route and folder; inside one, the pages whose tags sit below the tags all its pages share are
 * listed in a category per tag, labelled by the tag's `summary` (else its name). Fiat's pages all have `Fiat` above
 * their tag: Fiat's own pages (`/api/fiat/…`) go into `Deposit instructions` and `Withdrawals`, while `Bank`, whose
 * pages all share `Fiat › Bank accounts`, lists its pages itself. An API without nested tags keeps its sidebar.
 * Read by sidebars.ts, so it imports only the API table; ./tag-trails.ts reads the trails from the spec.
 */
import {allCategories, API_CATEGORIES, type ApiCategory, type ApiManifestEntry, type TagCategory} from '../../../data/api-table';

const SIDEBAR_KEY_SEPARATOR = '#';

/**
 * The pages with their `tagCategories` and `sidebarCategory`: a page of a category of `categories` whose tag trail
 * goes on below the trail every page of that category (its subcategories' too) shares is put in a category per tag
 * of the rest. `trails`: every API's, by operationId (./tag-trails.ts).
 */
export function withTagCategories(
  pages: ApiManifestEntry[],
  trails: ReadonlyMap<string, TagCategory[]>,
  categories: ApiCategory[] = API_CATEGORIES,
): ApiManifestEntry[] {
  const shared = new Map<string, number>();
  for (const category of allCategories(categories)) {
    const dirs = new Set(allCategories([category]).map((c) => c.dir));
    const under = pages.filter((p) => dirs.has(p.category)).map((p) => trails.get(p.operationId) ?? []);
    let length = 0;
    while (under.length && under.every((t) => t.length > length && t[length].name === under[0][length].name)) length++;
    shared.set(category.dir, length);
  }
  return pages.map((page) => {
    const {tagCategories: _old, sidebarCategory: _key, ...rest} = page;
    const below = (trails.get(page.operationId) ?? []).slice(shared.get(page.category) ?? Infinity);
    if (!below.length) return rest;
    return {...rest, tagCategories: below, sidebarCategory: `${page.category}${SIDEBAR_KEY_SEPARATOR}${below.map((t) => t.name).join('/')}`};
  });
}

/** A sidebar category's items as a tree: its pages listed in it, then one node per tag category, in the tags' order. */
export interface TagNode {
  pages: ApiManifestEntry[];
  categories: {tag: TagCategory; node: TagNode}[];
}

/** The pages of one category (their `category` is its `dir`) arranged by their `tagCategories`. */
export function tagTree(pages: ApiManifestEntry[], depth = 0): TagNode {
  const node: TagNode = {pages: pages.filter((p) => (p.tagCategories?.length ?? 0) <= depth), categories: []};
  const nested = pages.filter((p) => (p.tagCategories?.length ?? 0) > depth);
  const tags = new Map<string, TagCategory>();
  for (const p of nested) tags.set(p.tagCategories![depth].name, p.tagCategories![depth]);
  for (const tag of [...tags.values()].sort((a, b) => a.position - b.position)) {
    node.categories.push({
      tag,
      node: tagTree(
        nested.filter((p) => p.tagCategories![depth].name === tag.name),
        depth + 1,
      ),
    });
  }
  return node;
}

/** A sidebar item of the API sidebar as sidebars.ts hands it to the docs plugin: a page, or a category of a tag. */
export type ApiSidebarItem =
  {type: 'doc'; id: string; label: string; className: string} | {type: 'category'; label: string; collapsed: true; items: ApiSidebarItem[]};

/** The sidebar items of one category's own pages (their `category` is its `dir`): its pages, then a category per tag, labelled by the tag's summary. */
export function tagSidebarItems(pages: ApiManifestEntry[]): ApiSidebarItem[] {
  const items = (node: TagNode): ApiSidebarItem[] => [
    ...node.pages.map((page): ApiSidebarItem => ({type: 'doc', id: page.docId, label: page.label, className: `api-method ${page.method}`})),
    ...node.categories.map(({tag, node: below}): ApiSidebarItem => ({type: 'category', label: tag.label, collapsed: true, items: items(below)})),
  ];
  return items(tagTree(pages));
}
