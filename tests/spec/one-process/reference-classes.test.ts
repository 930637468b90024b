/**
 * The reference's HTML (tools/reference/html.tsx) carries none of the OpenAPI theme's class names. Why: the reference
 * has its own classes and stylesheet (src/plugins/static-reference/reference.css); while it borrowed the theme's, the
 * theme's SCSS styled it, and a theme release renaming a class would have changed every operation page silently.
 * The theme's class names are read from its installed package, not from a list kept here: every class selector of
 * its global stylesheets (`lib/**\/*.scss|css`, CSS modules aside: their names are hashed) and every `openapi…` name
 * its components write. Infima's and the classic theme's classes, which the theme's SCSS also names, are allowed.
 * Rendered: every operation (and every component shown apart) of the eight APIs and of the schema-shape fixtures of
 * tests/fixtures/reference/, which between them reach every branch of the renderer. No build.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {before, test} from 'node:test';
import {API_SPECS, specPath} from '../../../src/data/api-table';
import {SITE_ROOT} from '../../../tools/cli';
import type {ApiDocument} from '../../../tools/openapi/document';
import {loadApi} from '../../../tools/openapi/load';
import {buildOperationModel} from '../../../tools/reference/build';
import {elementsOf, parseHtml, render} from '../../../tools/reference/completeness';

// relies on: openapi-theme-class-sources
const THEME = path.join(SITE_ROOT, 'node_modules/docusaurus-theme-openapi-docs/lib');
/**
 * Where the other class names the theme's SCSS names come from, which our HTML may use too: Infima's stylesheet, the
 * classic theme's global stylesheets, the class names of the classic theme's components (theme-common's
 * ThemeClassNames: `theme-code-block`…) and those prism-react-renderer writes (`prism-code`).
 */
const INFIMA_CSS = path.join(SITE_ROOT, 'node_modules/infima/dist/css/default/default.css');
const CLASSIC_THEME = path.join(SITE_ROOT, 'node_modules/@docusaurus/theme-classic/lib');
// relies on: theme-class-sources
const CLASS_NAMES_IN_CODE = ['node_modules/@docusaurus/theme-common/lib/utils/ThemeClassNames.js', 'node_modules/prism-react-renderer/dist/index.mjs'];

const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));

/** The class names in a stylesheet's selectors (not in its values, comments or at-rule preludes). */
function selectorClasses(css: string): Set<string> {
  const names = new Set<string>();
  const code = css
    .replace(/\/\*[^]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1')
    .replace(/"[^"]*"|'[^']*'/g, '""')
    .replace(/url\([^)]*\)/g, '');
  // A selector is what comes before `{`, after the previous `{`, `}` or `;`; an at-rule's prelude is no selector.
  for (const [, selector] of code.matchAll(/(?<=^|[{};])([^{};]*)\{/g)) {
    if (selector.trim().startsWith('@')) continue;
    for (const [, name] of selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) names.add(name);
  }
  return names;
}

/** The OpenAPI theme's class names: its global stylesheets' selectors and the `openapi…` names its components write. */
function themeClasses(): Set<string> {
  const files = filesUnder(THEME);
  const names = new Set<string>();
  for (const file of files.filter((f) => /\.s?css$/.test(f) && !/\.module\.s?css$/.test(f))) {
    for (const name of selectorClasses(fs.readFileSync(file, 'utf8'))) names.add(name);
  }
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    for (const [name] of fs.readFileSync(file, 'utf8').matchAll(/\bopenapi[_-][\w-]*[\w]/g)) names.add(name);
  }
  const classicCss = filesUnder(CLASSIC_THEME).filter((f) => f.endsWith('.css') && !f.endsWith('.module.css'));
  const borrowed = new Set([INFIMA_CSS, ...classicCss].flatMap((f) => [...selectorClasses(fs.readFileSync(f, 'utf8'))]));
  const code = CLASS_NAMES_IN_CODE.map((f) => fs.readFileSync(path.join(SITE_ROOT, f), 'utf8'));
  const inCode = (name: string) => code.some((js) => new RegExp(`['"\`]${name}[\\s'"\`]`).test(js));
  return new Set([...names].filter((n) => !borrowed.has(n) && !inCode(n)));
}

const classesOfHtml = (html: string): Set<string> =>
  new Set(elementsOf(parseHtml(html)).flatMap((el) => (el.attribs.class ?? '').split(/\s+/).filter(Boolean)));

let theme: Set<string>;
/** Every class of the rendered reference, with the first operation that used it. */
const used = new Map<string, string>();
let operations = 0;

before(async () => {
  theme = themeClasses();
  const fixtures = fs.readdirSync(path.join(SITE_ROOT, 'tests/fixtures/reference')).filter((f) => f.endsWith('.yaml'));
  const specs: [string, string][] = [
    ...API_SPECS.map((api): [string, string] => [api, specPath(api)]),
    ...fixtures.map((f): [string, string] => ['fixture', path.join('tests/fixtures/reference', f)]),
  ];
  for (const [api, file] of specs) {
    const doc: ApiDocument = await loadApi(file, {siteDir: SITE_ROOT});
    for (const op of doc.operations()) {
      const model = buildOperationModel(doc, op, {api});
      operations++;
      for (const html of render(doc, model).html.values()) {
        for (const name of classesOfHtml(html)) if (!used.has(name)) used.set(name, `${file} ${model.operationId}`);
      }
    }
  }
});

test('the class names of the OpenAPI theme are read from its package (its schema, tab and details classes among them)', () => {
  // relies on: theme-class-sources, openapi-theme-class-sources
  for (const name of ['openapi-schema__property', 'openapi-tabs__schema-item', 'openapi-markdown__details', 'active']) assert.ok(theme.has(name), name);
  for (const name of ['tabs', 'tabs__item', 'alert', 'margin-top--md', 'theme-code-block'])
    assert.ok(!theme.has(name), `${name} is Infima's or the classic theme's`);
});

test("no class of the reference's HTML, for any operation, is one of the OpenAPI theme's", () => {
  assert.ok(operations >= 100, `${operations} operations rendered`);
  assert.ok(used.has('novaramp-ref-row') && used.has('novaramp-ref-status'), 'the reference uses its own classes');
  assert.deepEqual(
    [...used].filter(([name]) => theme.has(name)).map(([name, where]) => `${name} (${where})`),
    [],
  );
});

test('selectorClasses reads selectors only', () => {
  const css = `/* .comment's */ @media (max-width: 1.5rem) { .a.b:hover > .c-d { background: url("x.svg;a='rotate(1.5)'"); } }
    .e { content: ".f"; } // .g
    @layer docusaurus.infima { .h { margin: 0.5rem; } }`;
  assert.deepEqual([...selectorClasses(css)].sort(), ['a', 'b', 'c-d', 'e', 'h']);
});
