/**
 * Remark plugin: a Markdown page's `<Tabs>` and `<TabItem>` (imported from `@theme/Tabs` and `@theme/TabItem`: the
 * guides' `<Tabs groupId="lang">`, the tabs `::workflow-step` and the workflow pages put there) become the markup
 * the classic theme's Tabs render, as plain elements: Infima's `tabs`, `tabs__item`, `tabs__item--active`, the
 * `tablist`/`tab`/`tabpanel` roles, `aria-selected`, the hidden panels, in a `theme-tabs-container`. The page then
 * imports neither component (the imports are removed), so its JS module carries the elements only; ./client.ts,
 * one listener on the document, gives them what the classic Tabs do (issue #47: the guides back to their weight).
 * The classic Tabs' own CSS-module classes are ./styles.css's `novaramp-tabs…` ones (the same rules).
 *
 * `lazy` is accepted and changes nothing here: every panel is in the page, and a lazy group's hidden panels hold
 * what their content's owner put there (src/plugins/workflow-steps: an empty panel its script fills when chosen).
 * An attribute the static markup cannot honour (an expression, `values`, `queryString`) fails the build with the
 * page's file and line.
 */
import type {MdNode} from '../spec-tables/md-node';
import {STATIC_TABS_CLASS, TAB_VALUE_ATTRIBUTE, TABS_GROUP_ATTRIBUTE} from './client-shared';

/** The modules a Markdown page imports its tabs from. */
// relies on: openapi-tabs
const TABS_MODULE = '@theme/Tabs';
// relies on: openapi-tabs
const TAB_ITEM_MODULE = '@theme/TabItem';

/** The attributes each component may have here (strings, or `lazy`/`default` alone). */
const TABS_ATTRIBUTES = new Set(['groupId', 'defaultValue', 'className', 'lazy']);
/** A TabItem's `data-…` attributes are its panel's (src/plugins/workflow-steps marks a lazy panel's sample with one). */
const TAB_ITEM_ATTRIBUTES = new Set(['value', 'label', 'default', 'className']);

interface JsxAttribute {
  type: string;
  name?: string;
  value?: unknown;
}

interface EstreeImport {
  type: string;
  source?: {value?: unknown};
  specifiers?: {local?: {name?: string}}[];
}

const attribute = (name: string, value: string | null): JsxAttribute => ({type: 'mdxJsxAttribute', name, value});
const element = (name: string, attributes: JsxAttribute[], children: MdNode[]): MdNode => ({
  type: 'mdxJsxFlowElement',
  name,
  attributes: attributes as unknown as MdNode['attributes'],
  children,
});

/** The local names the page imports from `module` (`import Tabs from '@theme/Tabs'`: Tabs). */
function importedNames(tree: MdNode, module: string): Set<string> {
  const names = new Set<string>();
  for (const node of tree.children ?? []) {
    if (node.type !== 'mdxjsEsm') continue;
    const body = ((node.data as {estree?: {body?: EstreeImport[]}} | undefined)?.estree?.body ?? []) as EstreeImport[];
    for (const statement of body)
      if (statement.type === 'ImportDeclaration' && statement.source?.value === module)
        for (const specifier of statement.specifiers ?? []) if (specifier.local?.name) names.add(specifier.local.name);
  }
  return names;
}

/** Removes the page's imports of `modules` (the page no longer uses them), and any ESM node they leave empty. */
function removeImports(tree: MdNode, modules: string[]): void {
  tree.children = (tree.children ?? []).filter((node) => {
    if (node.type !== 'mdxjsEsm') return true;
    const estree = (node.data as {estree?: {body?: EstreeImport[]}} | undefined)?.estree;
    if (!estree?.body) return true;
    const kept = estree.body.filter((s) => !(s.type === 'ImportDeclaration' && modules.includes(String(s.source?.value))));
    if (kept.length === estree.body.length) return true;
    estree.body = kept;
    // The text is what a reader of the tree sees; the compiler reads the ESTree.
    node.value = String(node.value ?? '')
      .split('\n')
      .filter((line) => !modules.some((m) => line.includes(`'${m}'`) || line.includes(`"${m}"`)))
      .join('\n');
    return kept.length > 0;
  });
}

/** An element's attributes as strings (`null`: present without a value), or an error naming the one not allowed. */
function attributesOf(node: MdNode, allowed: Set<string>, where: string): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const a of (node.attributes ?? []) as unknown as JsxAttribute[]) {
    if (
      a.type !== 'mdxJsxAttribute' ||
      !a.name ||
      !(allowed.has(a.name) || (allowed === TAB_ITEM_ATTRIBUTES && a.name.startsWith('data-'))) ||
      (a.value !== null && a.value !== undefined && typeof a.value !== 'string')
    )
      throw new Error(
        `${where}: <${node.name}> ${a.name ? `attribute ${a.name}` : 'spread attributes'}: static tabs (src/plugins/static-tabs) take ${[...allowed].join(', ')}, as plain strings`,
      );
    out.set(a.name, (a.value as string | null | undefined) ?? null);
  }
  return out;
}

/** A `<Tabs>` element as the classic Tabs' server-rendered markup. */
function staticTabs(tabs: MdNode, itemNames: Set<string>, where: (node: MdNode) => string): MdNode {
  const props = attributesOf(tabs, TABS_ATTRIBUTES, where(tabs));
  const items = (tabs.children ?? []).filter((child) => !(child.type === 'text' && !String(child.value ?? '').trim()));
  const parsed = items.map((item) => {
    if (item.type !== 'mdxJsxFlowElement' || !itemNames.has(item.name ?? ''))
      throw new Error(`${where(item)}: <${tabs.name}> holds only <TabItem> elements (static tabs, src/plugins/static-tabs)`);
    const itemProps = attributesOf(item, TAB_ITEM_ATTRIBUTES, where(item));
    const value = itemProps.get('value');
    if (!value) throw new Error(`${where(item)}: <TabItem> needs a value`);
    const data = [...itemProps].filter(([name]) => name.startsWith('data-'));
    return {value, label: itemProps.get('label') ?? value, isDefault: itemProps.has('default'), className: itemProps.get('className'), data, item};
  });
  if (!parsed.length) throw new Error(`${where(tabs)}: <${tabs.name}> has no <TabItem>`);
  // As the classic Tabs choose: the group's defaultValue, else the item marked default, else the first.
  const chosen = props.get('defaultValue') ?? parsed.find((p) => p.isDefault)?.value ?? parsed[0].value;
  if (!parsed.some((p) => p.value === chosen)) throw new Error(`${where(tabs)}: <${tabs.name}> defaultValue="${chosen}" is none of its tabs`);
  const groupId = props.get('groupId');
  const list = element(
    'ul',
    [
      attribute('role', 'tablist'),
      attribute('aria-orientation', 'horizontal'),
      attribute('className', ['tabs', props.get('className')].filter(Boolean).join(' ')),
    ],
    parsed.map(({value, label}) =>
      element(
        'li',
        [
          attribute('role', 'tab'),
          attribute('tabIndex', value === chosen ? '0' : '-1'),
          attribute('aria-selected', String(value === chosen)),
          attribute(TAB_VALUE_ATTRIBUTE, value),
          attribute('className', `tabs__item ${STATIC_TABS_CLASS}__item${value === chosen ? ' tabs__item--active' : ''}`),
        ],
        [{type: 'text', value: label}],
      ),
    ),
  );
  const panels = parsed.map(({value, className, data, item}) =>
    element(
      'div',
      [
        attribute('role', 'tabpanel'),
        attribute('className', [`${STATIC_TABS_CLASS}__panel`, className].filter(Boolean).join(' ')),
        ...(value === chosen ? [] : [attribute('hidden', null)]),
        ...data.map(([name, v]) => attribute(name, v)),
      ],
      item.children ?? [],
    ),
  );
  return {
    ...element(
      'div',
      // relies on: openapi-tabs
      [attribute('className', `theme-tabs-container tabs-container ${STATIC_TABS_CLASS}`), ...(groupId ? [attribute(TABS_GROUP_ATTRIBUTE, groupId)] : [])],
      [list, element('div', [attribute('className', 'margin-top--md')], panels)],
    ),
    position: tabs.position,
  };
}

export default function remarkStaticTabs() {
  return (tree: MdNode, file: {path?: string; history?: string[]}): void => {
    const tabsNames = importedNames(tree, TABS_MODULE);
    if (!tabsNames.size) return;
    const itemNames = importedNames(tree, TAB_ITEM_MODULE);
    const page = file.path ?? file.history?.[0] ?? 'page';
    const where = (node: MdNode) => `${page}:${node.position?.start.line ?? 0}`;
    const visit = (node: MdNode): void =>
      node.children?.forEach((child, i) => {
        if (child.type === 'mdxJsxFlowElement' && tabsNames.has(child.name ?? '')) {
          // Tabs inside a tab's panel are turned first, so the group's items are what the page wrote.
          (child.children ?? []).forEach(visit);
          node.children![i] = staticTabs(child, itemNames, where);
        } else visit(child);
      });
    visit(tree);
    const left: MdNode[] = [];
    const find = (node: MdNode): void => {
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && (tabsNames.has(node.name ?? '') || itemNames.has(node.name ?? '')))
        left.push(node);
      node.children?.forEach(find);
    };
    find(tree);
    if (left.length) throw new Error(`${where(left[0])}: <${left[0].name}> outside a <Tabs> group (static tabs, src/plugins/static-tabs)`);
    removeImports(tree, [TABS_MODULE, TAB_ITEM_MODULE]);
  };
}
