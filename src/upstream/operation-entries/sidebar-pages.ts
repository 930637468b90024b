/**
 * The sidebar categories' operation pages kept apart from the docs versions' props (./index.ts): where each key's
 * placeholder is, putting the pages in its place, and telling the sidebar (src/plugins/operation-page/theme/DocSidebarItems) when they come.
 * ./preload.ts indexes the placeholders, sets the loader and puts the pages in before a page that shows them renders.
 *
 * The pages are put into the version's own sidebar arrays and docs, where Docusaurus' hooks look for them (the active
 * category, breadcrumbs, category cards).
 */
import {OPERATION_ROUTE_PREFIX, pagesApartKey, type SidebarLink, type SidebarPagesApart} from './routes';
import {CURRENT_SIDEBAR_LINK, SIDEBAR_LINK_CLASSES, SIDEBAR_LINK_ITEM} from '../docusaurus-markup';

/**
 * `apart`: the placeholder stands in the category; `from-page`: the links were read back from the page's HTML (for
 * hydrating it; they lack the docs and the other pages' doc ids); `loaded`: the pages with their docs.
 */
type Status = 'apart' | 'from-page' | 'loaded';
/** What the sidebar shows for a key: `loading` and `failed` only while the placeholder still stands. */
export type PagesState = Status | 'loading' | 'failed';

interface Category {
  type: 'category';
  href?: string;
  items: unknown[];
}

interface Place {
  /** The category whose items hold the placeholder, then the links in its place. */
  category: Category;
  /** What stands in `items` for the pages now: the placeholder, or the links put in its place. */
  current: unknown[];
  /** The version's docs, which the pages' docs join. */
  docs: Record<string, unknown>;
  status: Status;
  loading?: Promise<void>;
  failed?: boolean;
}

const places = new Map<string, Place>();
/** Every category of the indexed sidebars with those that hold it, outermost first, itself last. */
const chains = new Map<Category, Category[]>();
const listeners = new Set<() => void>();
let loader: ((key: string) => Promise<SidebarPagesApart>) | undefined;

const notify = (): void => listeners.forEach((listener) => listener());

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function pagesState(key: string): PagesState | undefined {
  const place = places.get(key);
  if (!place) return undefined;
  if (place.status === 'apart' && place.loading) return 'loading';
  if (place.status === 'apart' && place.failed) return 'failed';
  return place.status;
}

export function setPagesLoader(load: (key: string) => Promise<SidebarPagesApart>): void {
  loader = load;
}

/** Finds the placeholders in a docs version's sidebars (each key once). relies on: docs-version-props */
export function indexSidebars(version: {docsSidebars: Record<string, unknown[]>; docs: Record<string, unknown>}): void {
  const walk = (items: unknown[], chain: Category[]): void => {
    for (const item of items) {
      const key = pagesApartKey(item);
      if (key !== undefined && chain.length > 0 && !places.has(key))
        places.set(key, {category: chain.at(-1)!, current: [item], docs: version.docs, status: 'apart'});
      if ((item as Partial<Category>).type === 'category') {
        const category = item as Category;
        chains.set(category, [...chain, category]);
        walk(category.items, [...chain, category]);
      }
    }
  };
  for (const items of Object.values(version.docsSidebars)) walk(items, []);
}

function put(place: Place, links: unknown[], status: Status): void {
  const {items} = place.category;
  items.splice(items.indexOf(place.current[0]), place.current.length, ...links);
  place.current = links;
  place.status = status;
}

/** Loads a key's pages into its category (again after a failure); resolves at once when they are there. */
export function loadPages(key: string): Promise<void> {
  const place = places.get(key);
  if (!place || place.status === 'loaded') return Promise.resolve();
  if (!place.loading) {
    if (!loader) throw new Error(`The pages of ${key} are apart from the sidebar, but nothing loads them`);
    place.failed = false;
    place.loading = loader(key)
      .then(
        (pages) => {
          put(place, pages.items, 'loaded');
          Object.assign(place.docs, pages.docs);
        },
        (error: unknown) => {
          place.failed = true;
          throw error;
        },
      )
      .finally(() => {
        place.loading = undefined;
        notify();
      });
    notify();
  }
  return place.loading;
}

/** The keys of the pages that the categories around `category`, open with it, show (its own included). */
const keysOpenWith = (category: Category): string[] => [...places].filter(([, place]) => chains.get(category)?.includes(place.category)).map(([key]) => key);

/** The keys of the pages an operation page of `key` shows: its category's and those of the categories around it. */
export const keysAroundPage = (key: string): string[] => {
  const place = places.get(key);
  return place ? keysOpenWith(place.category) : [];
};

/**
 * The keys of the pages the page at `pathname` shows when the sidebar data has its link: a category page those of
 * the categories around it, its own and its subcategories' (their cards count and link them); another page those of
 * its category and the categories around it.
 */
export function keysOfPage(pathname: string): string[] {
  const categories = [...chains.keys()];
  const category = categories.find((c) => c.href === pathname);
  if (category) {
    const under = [...places].filter(([, place]) => chains.get(place.category)!.includes(category)).map(([key]) => key);
    return [...new Set([...keysOpenWith(category), ...under])];
  }
  const holder = categories.find((c) => c.items.some((item) => (item as Partial<SidebarLink>).type === 'link' && (item as SidebarLink).href === pathname));
  return holder ? keysOpenWith(holder) : [];
}

/** A sidebar link as the server rendered it: `<li class="… className"><a class="menu__link" href>label</a></li>`. */
function renderedLink(li: Element): SidebarLink | undefined {
  const a = li.firstElementChild;
  const href = a?.getAttribute('href');
  if (!li.classList.contains(SIDEBAR_LINK_ITEM) || a?.tagName !== 'A' || li.children.length !== 1 || !href?.startsWith(OPERATION_ROUTE_PREFIX))
    return undefined;
  const className = Array.from(li.classList)
    .filter((name) => !SIDEBAR_LINK_CLASSES.test(name))
    .join(' ');
  return {type: 'link', href, label: a.textContent ?? '', unlisted: false, ...(className ? {className} : {})};
}

/** Puts a place's links back from the list its category rendered; false when the list does not hold them as expected. */
function fromList(place: Place, list: Element, page?: {pathname: string; docId: string}): boolean {
  const rendered = Array.from(list.children);
  // The category's items are rendered in order: those before the placeholder, its pages, those after it.
  const {items} = place.category;
  const at = items.indexOf(place.current[0]);
  const links = rendered.slice(at, rendered.length - (items.length - at - 1)).map(renderedLink);
  // The category's first operation page, which stays in the sidebar, comes right before them.
  const first = (items[at - 1] as Partial<SidebarLink> | undefined)?.href;
  const previous = rendered[at - 1];
  if (links.length === 0 || links.some((link) => !link) || !previous || renderedLink(previous)?.href !== first) return false;
  const pages = links as SidebarLink[];
  if (page) {
    const own = pages.find((link) => link.href === page.pathname);
    if (!own && first !== page.pathname) return false;
    if (own) own.docId = page.docId;
  }
  put(place, pages, 'from-page');
  return true;
}

/**
 * Puts the links an operation page of `key` shows back from its HTML, where the server rendered its category open
 * around the page's own link, and the categories around it open too: what hydrating the page needs, without
 * downloading them. Returns the keys of those it could not find there as the sidebar data says (load them).
 */
export function pagesFromHtml(key: string, pathname: string, docId: string): string[] {
  const place = places.get(key);
  if (!place) return [];
  const own = Array.from(document.querySelectorAll(CURRENT_SIDEBAR_LINK)).find((a) => a.getAttribute('href') === pathname);
  const chain = chains.get(place.category)!;
  const filled = new Set<string>();
  // From the page's link up: its category's list, then each category's `<li>` in the list of the one around it.
  let list = own?.closest('li')?.parentElement;
  for (let depth = chain.length - 1; depth >= 0 && list; depth--) {
    for (const [k, p] of places) {
      if (p.category === chain[depth] && p.status === 'apart' && fromList(p, list, k === key ? {pathname, docId} : undefined)) filled.add(k);
    }
    list = list.parentElement?.parentElement;
  }
  return keysAroundPage(key).filter((k) => !filled.has(k) && places.get(k)!.status === 'apart');
}
