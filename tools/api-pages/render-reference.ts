/**
 * The reference part of an operation page (parameters, request body, responses with their schemas and examples)
 * rendered to static HTML while `gen:api` writes the page, by the OpenAPI theme's own components (ParamsDetails,
 * RequestSchema, StatusCodes and everything they use), so the content is exactly the theme's. The page then carries
 * that HTML as a string (src/components/ApiDocItem): React neither hydrates it nor ships the components, which on a
 * phone cost most of the page's main-thread time (hydrating thousands of elements, parsing every description with
 * react-markdown in the browser, and rendering every tab group twice).
 *
 * The theme's files are CommonJS that import Docusaurus' webpack aliases (`@theme/…`, `@docusaurus/…`). They are run
 * here by a small module loader: `@theme/X` is the theme's own file; the aliases that only exist in a Docusaurus
 * bundle get stand-ins with the behaviour of a server render (no browser, no stored choices); the three classic
 * theme components the reference uses (Details, CodeBlock, Heading) become static equivalents styled by
 * src/css/custom.css: a native <details>, a code block highlighted here (tools/static-code), a heading with its
 * anchor link. A theme update that imports anything else fails generation with the name of the import.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import type * as ReactNamespace from 'react';
import type * as TypeScript from 'typescript';
import {prefillParameters, type OperationParameter} from '../../src/data/operation';
import {codeBlockParts} from '../static-code/highlight';

const nodeRequire = createRequire(__filename);

/**
 * React for the theme's components and the renderer (one copy: both resolve to the same node_modules). Loaded on the
 * first render, in the `gen:api` process: when nothing has chosen a build yet, the production one, as in the site's
 * own server render (the development build checks every element and is many times slower).
 */
function loadReact() {
  if (process.env.NODE_ENV === undefined && !nodeRequire.cache[nodeRequire.resolve('react')]) process.env.NODE_ENV = 'production';
  return {
    React: nodeRequire('react') as typeof ReactNamespace,
    renderToStaticMarkup: (nodeRequire('react-dom/server') as {renderToStaticMarkup: (element: ReactNamespace.ReactElement) => string}).renderToStaticMarkup,
    Provider: (nodeRequire('react-redux') as {Provider: ReactNamespace.ComponentType<{store: unknown; children?: ReactNamespace.ReactNode}>}).Provider,
  };
}
let react: ReturnType<typeof loadReact> | undefined;
const h: typeof ReactNamespace.createElement = ((...args: Parameters<typeof ReactNamespace.createElement>) =>
  (react ??= loadReact()).React.createElement(...args)) as typeof ReactNamespace.createElement;

const THEME_LIB = path.join(path.dirname(nodeRequire.resolve('docusaurus-theme-openapi-docs/package.json')), 'lib');
const THEME_DIR = path.join(THEME_LIB, 'theme');

type Module = Record<string, unknown>;

/** ES module with JSX → CommonJS (TypeScript is loaded only then: docusaurus.config.ts imports this file). */
function toCommonJs(source: string, fileName: string): string {
  const ts = nodeRequire('typescript') as typeof TypeScript;
  const compilerOptions = {module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.React, esModuleInterop: true};
  return ts.transpileModule(source, {fileName, compilerOptions}).outputText;
}

/** `{name}` placeholders, as @docusaurus/Translate interpolates them. */
function interpolate(message: string, values?: Record<string, unknown>): string {
  return message.replace(/\{(\w+)\}/g, (all, key: string) => (values && key in values ? String(values[key]) : all));
}

/** A stand-in module: its exports, and a clear error for any other export a theme update starts to use. */
function standIn(name: string, exports: Module): Module {
  return new Proxy(
    {__esModule: true, ...exports},
    {
      get(target, key) {
        if (typeof key === 'symbol' || key in target || key === 'then') return (target as Module)[key as string];
        throw new Error(`render-reference: the OpenAPI theme uses \`${String(key)}\` from ${name}, which its stand-in (tools/api-pages/render-reference.ts) does not provide`);
      },
    },
  );
}

const noStorage = [null, {get: () => null, set: () => undefined, del: () => undefined, listen: () => () => undefined}];
const location = {pathname: '/', search: '', hash: '', state: undefined};

function Details({summary, children, className, open, ...rest}: {summary?: ReactNamespace.ReactNode; children?: ReactNamespace.ReactNode; className?: string; open?: boolean; [k: string]: unknown}) {
  // `data-collapsed` drives the classic Details' animation in React; the native element keeps its own state.
  delete rest['data-collapsed'];
  return h(
    'details',
    {...rest, open, className: ['theme-details', 'alert', 'alert--info', 'novaramp-details', className].filter(Boolean).join(' ')},
    (react ??= loadReact()).React.isValidElement(summary) ? summary : h('summary', null, summary ?? 'Details'),
    h('div', null, h('div', {className: 'novaramp-details__content'}, children)),
  );
}

function CodeBlock({children, language, className, title}: {children?: unknown; language?: string; className?: string; title?: string}) {
  const code = Array.isArray(children) ? children.join('') : String(children ?? '');
  const lang = language ?? /language-(\S+)/.exec(className ?? '')?.[1] ?? 'text';
  const parts = codeBlockParts(code, {language: lang, title, className});
  return h('div', {className: parts.className, dangerouslySetInnerHTML: {__html: parts.innerHtml}});
}

function Heading({as: As = 'h2', id, children, className, ...rest}: {as?: string; id?: string; children?: ReactNamespace.ReactNode; className?: string}) {
  if (As === 'h1' || !id) return h(As, {...rest, className}, children);
  const title = `Direct link to ${typeof children === 'string' ? children : id}`;
  return h(
    As,
    {...rest, id, className: ['anchor', 'novaramp-anchor', className].filter(Boolean).join(' ')},
    children,
    h('a', {className: 'hash-link', href: `#${id}`, 'aria-label': title, title, translate: 'no'}, '\u200b'),
  );
}

const ADMONITION_CLASSES: Record<string, string> = {note: 'secondary', tip: 'success', info: 'info', warning: 'warning', danger: 'danger', caution: 'warning'};

/** An admonition in a spec description (`:::note` …), with the Infima alert colours of the classic one. */
function Admonition({type = 'note', title, children}: {type?: string; title?: string; children?: ReactNamespace.ReactNode}) {
  return h(
    'div',
    {className: `theme-admonition theme-admonition-${type} alert alert--${ADMONITION_CLASSES[type] ?? 'secondary'} novaramp-admonition`},
    h('div', {className: 'novaramp-admonition__heading'}, title ?? type),
    h('div', null, children),
  );
}

const STAND_INS: Record<string, Module> = {
  '@docusaurus/BrowserOnly': standIn('@docusaurus/BrowserOnly', {default: ({children}: {children: () => ReactNamespace.ReactNode}) => children()}),
  '@docusaurus/Translate': standIn('@docusaurus/Translate', {
    default: ({children, message, values}: {children?: string; message?: string; values?: Record<string, unknown>}) => interpolate(children ?? message ?? '', values),
    translate: ({message}: {message: string}, values?: Record<string, unknown>) => interpolate(message, values),
  }),
  '@docusaurus/router': standIn('@docusaurus/router', {
    useHistory: () => ({location, push: () => undefined, replace: () => undefined, listen: () => () => undefined}),
    useLocation: () => location,
  }),
  '@docusaurus/theme-common': standIn('@docusaurus/theme-common', {
    duplicates: <T,>(values: readonly T[], same: (a: T, b: T) => boolean = (a, b) => a === b) =>
      values.filter((v, i) => values.findIndex((w) => same(v, w)) !== i),
    useStorageSlot: () => noStorage,
    useEvent: <F,>(callback: F) => callback,
    ReactContextError: class ReactContextError extends Error {},
  }),
  '@docusaurus/useDocusaurusContext': standIn('@docusaurus/useDocusaurusContext', {default: () => ({siteConfig: {themeConfig: {}}})}),
  '@docusaurus/useIsBrowser': standIn('@docusaurus/useIsBrowser', {default: () => false}),
  // A server render runs no effects.
  '@docusaurus/useIsomorphicLayoutEffect': standIn('@docusaurus/useIsomorphicLayoutEffect', {default: () => undefined}),
  '@theme/Admonition': standIn('@theme/Admonition', {default: Admonition}),
  '@theme/CodeBlock': standIn('@theme/CodeBlock', {default: CodeBlock}),
  '@theme/Details': standIn('@theme/Details', {default: Details}),
  '@theme/Heading': standIn('@theme/Heading', {default: Heading}),
};

/** The class of the theme's one-line summary of a parameter, header or schema property: name, type, qualifiers. */
const ROW_CLASS = 'openapi-schema__container';
/** The request body's heading: its title, then `required` in an element of its own. */
const BODY_HEADING_CLASS = 'openapi-markdown__details-summary-header-body';

/** Whether a React child renders text of its own (the row's divider is an empty span, drawn as a line). */
function hasText(child: ReactNamespace.ReactNode): boolean {
  if (typeof child === 'string' || typeof child === 'number') return String(child) !== '';
  if (!react!.React.isValidElement(child)) return false;
  const children = (child.props as {children?: ReactNamespace.ReactNode}).children;
  return Array.isArray(children) ? children.some(hasText) : hasText(children);
}

/** Whether a child's text starts with a space (the theme's type label does, in parameter rows). */
function startsWithSpace(child: ReactNamespace.ReactNode): boolean {
  if (typeof child === 'string') return /^\s/.test(child);
  if (!react!.React.isValidElement(child)) return false;
  const children = (child.props as {children?: ReactNamespace.ReactNode}).children;
  return startsWithSpace(Array.isArray(children) ? children.find(hasText) : children);
}

/**
 * React for the theme's files, with a space between the parts of a row: the theme writes name, type and
 * qualifiers as adjacent elements of a flex container, so its text reads "account_idAccountIdrequired" to text
 * extraction, screen readers and copy-paste, while the flex layout shows them apart. A space between flex items
 * is not drawn, so the page looks the same and its text reads "account_id AccountId required". The request
 * body's heading ("Body" then "required") gets the same space.
 */
function spacedRows(React: typeof ReactNamespace): typeof ReactNamespace {
  const createElement = ((type: unknown, props: {className?: string} | null, ...children: ReactNamespace.ReactNode[]) => {
    if ((type === 'span' && props?.className === ROW_CLASS) || (type === 'h3' && props?.className === BODY_HEADING_CLASS)) {
      const spaced: ReactNamespace.ReactNode[] = [];
      let afterText = false;
      for (const child of children) {
        if (afterText && hasText(child) && !startsWithSpace(child)) spaced.push(' ');
        afterText ||= hasText(child);
        spaced.push(child);
      }
      children = spaced;
    }
    return (React.createElement as (...args: unknown[]) => ReactNamespace.ReactElement)(type, props, ...children);
  }) as typeof React.createElement;
  return {...React, createElement};
}

/** Runs the theme's CommonJS files with the aliases above; everything else is Node's own `require`. */
class ThemeModules {
  private readonly cache = new Map<string, {exports: unknown}>();
  private markdown?: Module;
  private react?: typeof ReactNamespace;

  load(file: string): Module {
    const cached = this.cache.get(file);
    if (cached) return cached.exports as Module;
    const module = {exports: {} as unknown};
    this.cache.set(file, module);
    let source = fs.readFileSync(file, 'utf8');
    // A few of the theme's files are shipped as ES modules with JSX (its Markdown component): to CommonJS, as its bundler would.
    if (/^\s*(import|export)\s/m.test(source)) source = toCommonJs(source, file);
    const run = vm.compileFunction(source, ['exports', 'require', 'module', '__filename', '__dirname'], {filename: file});
    run(module.exports, (spec: string) => this.require(file, spec), module, file, path.dirname(file));
    return module.exports as Module;
  }

  private require(parent: string, spec: string): unknown {
    const from = path.relative(THEME_LIB, parent);
    if (STAND_INS[spec]) return STAND_INS[spec];
    if (spec === '@theme/Markdown') return (this.markdown ??= this.cachedMarkdown());
    if (spec.startsWith('@theme/')) {
      const base = path.join(THEME_DIR, spec.slice('@theme/'.length));
      const file = [`${base}.js`, path.join(base, 'index.js')].find((f) => fs.existsSync(f));
      if (!file) throw new Error(`render-reference: ${from} imports ${spec}, which is neither in the OpenAPI theme nor a stand-in (tools/api-pages/render-reference.ts)`);
      return this.load(file);
    }
    if (/^@(docusaurus|theme-original|theme-init|generated|site)\//.test(spec)) {
      throw new Error(`render-reference: ${from} imports ${spec}, which exists only in a Docusaurus bundle and has no stand-in (tools/api-pages/render-reference.ts)`);
    }
    if (spec === 'react') return (this.react ??= spacedRows(react!.React));
    if (spec.startsWith('.')) {
      const resolved = path.resolve(path.dirname(parent), spec);
      // CSS modules: the class name itself (src/css/custom.css styles the few the reference uses).
      if (spec.endsWith('.css') || spec.endsWith('.scss')) return {__esModule: true, default: new Proxy({}, {get: (_, key) => String(key)})};
      const file = createRequire(parent).resolve(resolved);
      return file.startsWith(THEME_LIB) ? this.load(file) : createRequire(parent)(file);
    }
    return createRequire(parent)(spec);
  }

  /**
   * The theme's Markdown component, remembered per text: the same descriptions (shared parameters, the error schema)
   * come back on every page, and parsing them is most of the rendering time. Its output is an element tree from
   * react-markdown, which is computed once and reused (React elements are immutable).
   */
  private cachedMarkdown(): Module {
    const Markdown = this.load(path.join(THEME_DIR, 'Markdown', 'index.js')).default as (props: object) => ReactNamespace.ReactElement;
    const rendered = new Map<string, ReactNamespace.ReactNode>();
    function CachedMarkdown(props: {children?: unknown}): ReactNamespace.ReactNode {
      if (typeof props.children !== 'string') return h(Markdown, props);
      let tree = rendered.get(props.children);
      if (tree === undefined) {
        const element = Markdown(props) as ReactNamespace.ReactElement<object, (p: object) => ReactNamespace.ReactNode>;
        tree = typeof element?.type === 'function' ? element.type(element.props) : element;
        rendered.set(props.children, tree);
      }
      return tree;
    }
    return {__esModule: true, default: CachedMarkdown};
  }

  /** A file of the theme's `lib/` folder, by its path there. */
  lib(file: string): Module {
    return this.load(path.join(THEME_LIB, file));
  }

  theme(name: string): Module {
    return this.require(path.join(THEME_DIR, 'index.js'), `@theme/${name}`) as Module;
  }
}

let modules: ThemeModules | undefined;

/**
 * The type label the reference shows for a schema (the theme's own `getSchemaName`: `AccountId`, `string | null`,
 * `string<date-time>`, `object`), so that other renderings of the page (its Markdown copy) can say the same words.
 */
export function themeSchemaName(schema: object): string {
  modules ??= new ThemeModules();
  const {getSchemaName} = modules.lib('markdown/schema.js') as {getSchemaName: (schema: object) => string};
  return getSchemaName(schema);
}

export interface ReferenceOperation {
  method?: string;
  path?: string;
  parameters?: OperationParameter[];
  requestBody?: {content?: Record<string, unknown>};
  responses?: Record<string, {content?: Record<string, unknown>}>;
  servers?: {url: string}[];
}

/**
 * The heading of the request body. It names its media type when there is one (the theme repeats the heading in
 * its media-type and schema tab groups, so "Body" alone says nothing of which variant it is about); with several,
 * each tab is labelled by its media type.
 */
const bodyTitle = (contentTypes: string[]): string => (contentTypes.length === 1 ? `Request body (${contentTypes[0]})` : 'Request body');

/**
 * The static HTML of the operation's parameters, request body and responses, as the theme's ParamsDetails,
 * RequestSchema and StatusCodes render them on the server (the same props the plugin gives them, the same initial
 * try-it state as src/components/ApiDocItem/ApiPage.tsx).
 */
export function renderReference(api: ReferenceOperation): string {
  react ??= loadReact();
  const {renderToStaticMarkup, Provider} = react;
  modules ??= new ThemeModules();
  const component = (name: string) => modules!.theme(name).default as ReactNamespace.ComponentType<Record<string, unknown>>;
  const {createStoreWithState} = modules.theme('ApiItem/store') as {createStoreWithState: (state: unknown, middlewares: unknown[]) => unknown};
  const {SchemaExpansionProvider} = modules.theme('SchemaExpansion') as {SchemaExpansionProvider: ReactNamespace.ComponentType<{children?: ReactNamespace.ReactNode}>};
  const accept = Object.entries(api.responses ?? {})
    .filter(([code]) => /^2\d\d$/.test(code))
    .flatMap(([, r]) => Object.keys(r.content ?? {}));
  const contentTypes = Object.keys(api.requestBody?.content ?? {});
  const store = createStoreWithState(
    {
      accept: {value: accept[0], options: accept},
      contentType: {value: contentTypes[0], options: contentTypes},
      server: {value: api.servers?.[0], options: api.servers ?? []},
      response: {value: undefined},
      body: {type: 'empty'},
      params: prefillParameters(api.parameters),
      auth: {data: {}, options: {}},
      schemaSelection: {selections: {}},
      encodingSelection: {},
    },
    [],
  );
  const body = api.requestBody?.content ? api.requestBody : undefined;
  return renderToStaticMarkup(
    h(
      Provider,
      {store},
      h(
        SchemaExpansionProvider,
        null,
        h(component('ParamsDetails'), {parameters: api.parameters}),
        body && h(component('RequestSchema'), {title: bodyTitle(contentTypes), body}),
        h(component('StatusCodes'), {responses: api.responses}),
      ),
    ),
  );
}

