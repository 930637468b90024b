/**
 * The seam's behaviour contracts: what the packages do, observed on the fixture site (tests/helpers/contract-site.ts),
 * where src/upstream/contracts.yaml can only check a package's text. Each names the assumption of the register it
 * checks (`assumption`) and says what is wrong, or returns undefined. Pure: tests/site/behaviour-contracts.test.ts runs
 * them on the built fixture and on copies with one assumption broken; the fast tier checks their ids against the
 * register (tests/spec/one-process/upstream-contracts.test.ts).
 */
import {isDeepStrictEqual} from 'node:util';
import type {Element} from 'domhandler';
import {DomUtils, parseDocument} from 'htmlparser2';
import {initialTryItState} from '../../src/data/try-it-state';
import type {Operation} from '../../src/data/operation';
// relies on: css-module-class-names
import {CSS_MODULE_PREFIX} from '../../src/upstream/docusaurus-markup';
// relies on: sidebar-link-markup
import {SIDEBAR_LINK_CLASSES} from '../../src/upstream/docusaurus-markup';
import {OPERATIONS, SAVED_SERVER, type FormComponent, type Observed, type OperationName} from './contract-site';
import {sidebarLink} from './sidebar-markup';

export interface BehaviourContract {
  id: string;
  /** The id of the assumption of src/upstream/contracts.yaml it checks. */
  assumption: string;
  /** What must hold, as a failure says it. */
  says: string;
  check: (observed: Observed) => string | undefined;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
/** A value as JSON has it (undefined properties dropped). */
const asJson = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
/** The first problem of several, or undefined. */
const first = (...problems: (string | false | undefined)[]): string | undefined => problems.find((p): p is string => typeof p === 'string');

/** Script sources of a page's HTML. */
const scriptsOf = (html: string): Set<string> => new Set([...html.matchAll(/<script[^>]*\ssrc="?([^"\s>]+)/g)].map((m) => m[1]));

/** The file the client bundle writes and SSG reads. relies on: client-manifest-shape */
const MANIFEST = 'client-manifest.json';

// relies on: client-manifest-shape
function checkClientManifest({manifest, pages}: Observed): string | undefined {
  if (!isObject(manifest)) return `${MANIFEST} is not an object`;
  const {entrypoints, origins, assets} = manifest;
  if (!isStringArray(entrypoints) || entrypoints.length === 0) return `${MANIFEST} has no \`entrypoints\` list of names`;
  if (!isObject(origins) || !Object.values(origins).every((chunks) => Array.isArray(chunks)))
    return `${MANIFEST} has no \`origins\` record of chunk lists (by module)`;
  if (!isObject(assets)) return `${MANIFEST} has no \`assets\` record (by chunk)`;
  const files = (name: string): string[] =>
    ((origins[name] as unknown[] | undefined) ?? []).flatMap((chunk) => {
      const js = (assets[String(chunk)] as {js?: {publicPath?: string}[]} | undefined)?.js ?? [];
      return js.map((f) => f.publicPath ?? '');
    });
  const missing = entrypoints.filter((name) => files(name).length === 0);
  if (missing.length) return `${MANIFEST}: the entry points ${missing.join(', ')} have no scripts through \`origins\` and \`assets\``;
  // SSG gives every page the scripts of every entry point.
  for (const [page, html] of Object.entries(pages)) {
    const scripts = scriptsOf(html);
    const absent = entrypoints.flatMap(files).filter((f) => !scripts.has(f));
    if (absent.length) return `${page} does not load the scripts of the manifest's entry points: ${absent.join(', ')}`;
  }
  return undefined;
}

interface SidebarItem {
  type?: unknown;
  docId?: unknown;
  href?: unknown;
  items?: unknown;
}

// relies on: docs-version-props
function checkDocsVersionProps({docsProps}: Observed): string | undefined {
  const versions = Object.entries(docsProps).filter(([, p]) => isObject(p) && isObject(p.version));
  if (versions.length !== 1) return `the docs plugin's props: ${versions.length} modules with a \`version\` where one is expected`;
  const [file, props] = versions[0];
  const {docsSidebars, docs} = (props as {version: Json}).version;
  if (!isObject(docsSidebars) || !Object.values(docsSidebars).every(Array.isArray))
    return `${file}: \`version.docsSidebars\` is not a record of sidebars, each a list of items`;
  if (!isObject(docs)) return `${file}: \`version.docs\` is not a record of docs by id`;
  const links: SidebarItem[] = [];
  const walk = (items: SidebarItem[]): void => {
    for (const item of items) {
      if (item.type === 'link') links.push(item);
      if (item.type === 'category') walk(Array.isArray(item.items) ? (item.items as SidebarItem[]) : []);
    }
  };
  Object.values(docsSidebars).forEach((items) => walk(items as SidebarItem[]));
  const operations = OPERATIONS.map((name) => `api/${name}`);
  const inline = operations.filter((id) => !links.some((l) => l.docId === id && typeof l.href === 'string'));
  if (inline.length) return `${file}: the sidebars have no link item \`{type: 'link', docId, href}\`, inline in its category, for ${inline.join(', ')}`;
  const undocumented = operations.filter((id) => !isObject(docs[id]) || (docs[id] as Json).id !== id);
  if (undocumented.length) return `${file}: \`version.docs\` lacks ${undocumented.join(', ')}`;
  return undefined;
}

// relies on: docs-global-data
function checkDocsGlobalData(observed: Observed): string | undefined {
  const data = observed.globalData; // relies on: docs-global-data
  const docsData = isObject(data) ? data['docusaurus-plugin-content-docs'] : undefined;
  const plugin = isObject(docsData) ? docsData.default : undefined;
  const versions = isObject(plugin) ? plugin.versions : undefined;
  const docs = Array.isArray(versions) && isObject(versions[0]) ? versions[0].docs : undefined;
  // relies on: docs-global-data
  if (!Array.isArray(docs)) return "globalData['docusaurus-plugin-content-docs'].default.versions[0].docs is not a list";
  const strange = docs.filter(
    (d) =>
      !isObject(d) || typeof d.id !== 'string' || typeof d.path !== 'string' || Object.keys(d).some((k) => !['id', 'path', 'sidebar', 'unlisted'].includes(k)),
  );
  if (strange.length) return `a doc of the docs plugin's global data is not {id, path, sidebar?, unlisted?}: ${JSON.stringify(strange[0])}`;
  const missing = OPERATIONS.filter((name) => !docs.some((d: Json) => d.id === `api/${name}` && d.path === `/api/${name}`));
  if (missing.length) return `the docs plugin's global data does not list the operation pages ${missing.join(', ')} as {id, path}`;
  return undefined;
}

/** The store's slices our initial state fills with the stock ApiItem's values (the others are the forms' own). */
const STORE_VALUES = ['accept', 'contentType', 'server', 'params', 'schemaSelection', 'encodingSelection'] as const;

// relies on: try-it-store
function checkTryItStore({operations}: Observed): string | undefined {
  for (const name of OPERATIONS) {
    const {item, state} = operations[name];
    const ours = initialTryItState(item as Operation);
    const expected = [...Object.keys(ours), 'auth'].sort();
    const slices = Object.keys(state).sort();
    if (!isDeepStrictEqual(slices, expected))
      return `${name}: ApiItem's store has the slices ${slices.join(', ')} where our initial state fills ${expected.join(', ')}`;
    for (const slice of STORE_VALUES) {
      if (!isDeepStrictEqual(asJson(state[slice]), asJson(ours[slice])))
        return `${name}: ApiItem's store has ${slice} ${JSON.stringify(state[slice])} where ours starts ${JSON.stringify(ours[slice])}`;
    }
    const {body, auth, response} = state as {body?: Json; auth?: Json; response?: Json};
    const problem = first(
      typeof body?.type !== 'string' && `${name}: the store's body has no \`type\``,
      !(isObject(auth) && isObject(auth.data) && isObject(auth.options)) && `${name}: the store's auth is not {data, options}`,
      !isObject(response) && `${name}: the store's response is not an object`,
    );
    if (problem) return problem;
  }
  return undefined;
}

/**
 * What src/plugins/operation-page/components/try-it-store.ts puts back (restoreSavedServer): the operation's server whose URL the
 * saved one has. relies on: try-it-saved-server
 */
function checkSavedServer({operations}: Observed): string | undefined {
  const {item, restoredServer} = operations[OPERATIONS[0]];
  const ours = (item.servers as {url: string}[] | undefined)?.find((s) => s.url === SAVED_SERVER.url);
  if (!ours) return `the fixture's operation has no server ${SAVED_SERVER.url}`;
  if (!isDeepStrictEqual(asJson(restoredServer), asJson(ours)))
    return `with ${JSON.stringify(SAVED_SERVER)} saved under sessionStorage's \`server\`, ApiItem's store starts on ${JSON.stringify(restoredServer)}, ours on ${JSON.stringify(ours)}`;
  return undefined;
}

/** The props our try-it panel (src/plugins/operation-page/components/TryItPanel.tsx) gives the theme's forms. */
export const OUR_FORM_PROPS: Record<FormComponent, string[]> = {Request: ['item'], Response: ['item'], SecuritySchemes: ['infoPath']};

// relies on: theme-modules-of-the-operation-page
function checkFormProps({operations}: Observed): string | undefined {
  for (const name of OPERATIONS) {
    for (const [component, ours] of Object.entries(OUR_FORM_PROPS)) {
      const theirs = operations[name].props[component as FormComponent];
      if (!theirs) return `${name}: the theme's ApiExplorer renders no ${component}`;
      if (!isDeepStrictEqual(theirs, ours))
        return `${name}: the theme's ApiExplorer gives ${component} the props ${theirs.join(', ')}, ours gives ${ours.join(', ')}`;
    }
    const {item} = operations[name];
    if (!isObject(item.postman) || !('requestBody' in item) || !Array.isArray(item.servers))
      return `${name}: the item ApiExplorer gives Request is not the operation with \`postman\`, \`requestBody\` and \`servers\``;
  }
  return undefined;
}

// relies on: try-it-json-body, try-it-form-body
function checkRequest(observed: Observed, name: OperationName, contentType: string, body: (text: string) => boolean): string | undefined {
  const sent = observed.operations[name].request;
  if (!sent) return `${name}: Send sent nothing`;
  return first(
    sent.method !== 'POST' && `${name}: Send sent ${sent.method}, not POST`,
    sent.contentType?.split(';')[0].trim() !== contentType && `${name}: Send sent the content type ${sent.contentType}, not ${contentType}`,
    !body(sent.body ?? '') && `${name}: Send sent the body ${JSON.stringify(sent.body)}`,
  );
}

/** A body that parses as the JSON `expected`. */
const jsonBody =
  (expected: unknown) =>
  (text: string): boolean => {
    try {
      return isDeepStrictEqual(JSON.parse(text), expected);
    } catch {
      return false;
    }
  };

/** The classes of a page's HTML. */
const classesOf = (html: string): string[] => [...html.matchAll(/\sclass=(?:"([^"]*)"|([^\s>"]+))/g)].flatMap((m) => (m[1] ?? m[2]).split(/\s+/));

// relies on: css-module-class-names
function checkCssModuleNames({pages}: Observed): string | undefined {
  const classes = new Set(Object.values(pages).flatMap(classesOf));
  const missing = Object.values(CSS_MODULE_PREFIX).filter((prefix) => ![...classes].some((c) => new RegExp(`^${prefix}_[\\w-]+$`).test(c)));
  return missing.length ? `no page of the fixture has a class ${missing.map((p) => `${p}_<hash>`).join(', ')}` : undefined;
}

const classList = (el: Element): string[] => (el.attribs.class ?? '').split(/\s+/).filter(Boolean);

/** An element's shape: its tag, attribute names and classes (a CSS module class's hash dropped), then its children's. */
function shape(el: Element): string {
  const classes = classList(el)
    .map((c) => c.replace(/^([a-z][A-Za-z]*)_[\w-]{4}$/, '$1_<hash>'))
    .sort();
  const attributes = Object.keys(el.attribs)
    .filter((a) => a !== 'class')
    .sort();
  const children = el.children.filter((c): c is Element => DomUtils.isTag(c)).map(shape);
  return `<${el.name}${attributes.map((a) => ` ${a}`).join('')}${classes.map((c) => ` .${c}`).join('')}>${children.join('')}</${el.name}>`;
}

/** The current page's link of the docs sidebar in the fixture's first operation page, as the theme rendered it. */
// relies on: sidebar-link-markup
function checkSidebarLink({pages}: Observed): string | undefined {
  const page = `api/${OPERATIONS[0]}.html`;
  const doc = parseDocument(pages[page] ?? '');
  const menu = DomUtils.findOne((e) => classList(e).includes('theme-doc-sidebar-menu'), doc.children);
  if (!menu) return `${page} has no sidebar menu (.theme-doc-sidebar-menu)`;
  const current = DomUtils.findOne((e) => e.name === 'a' && e.attribs['aria-current'] === 'page' && classList(e).includes('menu__link'), [menu]);
  const li = current?.parent;
  if (!li || !DomUtils.isTag(li) || li.name !== 'li') return `${page}: the sidebar menu has no <li><a class="menu__link" aria-current="page">`;
  const own = classList(li).filter((c) => !SIDEBAR_LINK_CLASSES.test(c));
  if (own.join(' ') !== 'post api-method')
    return `${page}: the current link's <li> has the classes ${own.join(' ')} besides the theme's, not its item's className`;
  const copy = parseDocument(sidebarLink(`/api/${OPERATIONS[0]}`, 'Create a note', 'post api-method', true)).children[0] as Element;
  if (shape(li) !== shape(copy))
    return `${page}: the theme renders a sidebar link as ${shape(li)}, our hand copy (tests/helpers/sidebar-markup.ts) as ${shape(copy)}`;
  return undefined;
}

export const BEHAVIOUR_CONTRACTS: BehaviourContract[] = [
  {
    id: 'client manifest',
    assumption: 'client-manifest-shape',
    // relies on: client-manifest-shape
    says: 'client-manifest.json has `entrypoints` (names), `origins` (chunks by name) and `assets` (files by chunk), and every page loads the scripts of every entry point',
    check: checkClientManifest,
  },
  {
    id: 'docs version props',
    assumption: 'docs-version-props',
    says: "the docs plugin's version props have `version.docsSidebars` (sidebars, their link items inline with `docId`) and `version.docs` (by id)",
    check: checkDocsVersionProps,
  },
  {
    id: 'docs global data',
    assumption: 'docs-global-data',
    says: "the docs plugin's global data lists each doc of its version as {id, path, sidebar?} under default.versions[0].docs",
    check: checkDocsGlobalData,
  },
  {
    id: 'try-it store',
    assumption: 'try-it-store',
    says: "ApiItem's store has the slices our initial state fills, with the values ours starts with once the forms have mounted",
    check: checkTryItStore,
  },
  {
    id: 'try-it saved server',
    assumption: 'try-it-saved-server',
    says: "ApiItem's store starts on the server a visitor chose before, read from the `server` key of the theme's storage, as ours does",
    check: checkSavedServer,
  },
  {
    id: 'try-it form props',
    assumption: 'theme-modules-of-the-operation-page',
    says: "the theme's ApiExplorer gives Request and Response `{item}` and SecuritySchemes `{infoPath}`, as our try-it panel does",
    check: checkFormProps,
  },
  {
    id: 'try-it JSON body',
    assumption: 'try-it-json-body',
    says: "Send of an operation with a JSON body POSTs the body's example as application/json",
    check: (o) => checkRequest(o, 'create-note', 'application/json', jsonBody({title: 'Hello', pages: 2})),
  },
  {
    id: 'try-it form body',
    assumption: 'try-it-form-body',
    says: 'Send of an operation with a form body POSTs its fields as application/x-www-form-urlencoded',
    check: (o) => checkRequest(o, 'create-token', 'application/x-www-form-urlencoded', (text) => text === 'grant_type=client_credentials&scope=notes'),
  },
  {
    id: 'sidebar link markup',
    assumption: 'sidebar-link-markup',
    says: 'the current page\'s sidebar link is `<li class="theme-doc-sidebar-item-link… menu__list-item className"><a class="menu__link" aria-current="page">` inside `.theme-doc-sidebar-menu`, shaped as the DOM tests\' hand copy',
    check: checkSidebarLink,
  },
  {
    id: 'CSS module class names',
    assumption: 'css-module-class-names',
    says: "the classic theme's pages carry a class `<prefix>_<hash>` for every CSS-module prefix we match (CSS_MODULE_PREFIX)",
    check: checkCssModuleNames,
  },
];

/** The ids of the contracts that fail on `observed`, with their problems. */
export const failing = (observed: Observed): Record<string, string> =>
  Object.fromEntries(
    BEHAVIOUR_CONTRACTS.flatMap((c) => {
      const problem = c.check(observed);
      return problem ? [[c.id, problem]] : [];
    }),
  );
