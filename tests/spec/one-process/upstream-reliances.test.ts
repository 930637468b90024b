/**
 * Every private reliance in the code sits in the seam, src/upstream/, or is a marked use of an assumption the seam
 * registers: a reliance found anywhere else passes only on a line that carries `relies on: <id>` (or the line after a
 * comment that does), with <id> an assumption of src/upstream/contracts.yaml. Inside the seam, each file that relies
 * on something is named by a contract (its `where`), so an upgrade that breaks the assumption fails that contract.
 *
 * What counts is read from the installed packages, not a word list (`installedVocabulary`): the class names the
 * classic and OpenAPI themes define or emit, minus Infima's and ThemeClassNames' (public API); the OpenAPI theme's
 * components and the theme modules whose swizzle config forbids wrapping; deep module paths of our upstreams; the files
 * Docusaurus generates; the DOCUSAURUS_* switches its code reads; the theme's storage keys; and a wrapper
 * (`@theme-original/X`, `@theme-init/X`) of a component its theme's swizzle config does not mark safe to wrap; plus
 * the few behaviours no name gives away that the seam's contracts name (`window.docusaurus`, the chunk global). An
 * import of a seam file a contract names is a use too: its marker names one of that contract's assumptions.
 * Every file type we write is read (code, styles, templates, YAML), its comments stripped but their markers read.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {test} from 'node:test';
import ts from 'typescript';
import {SITE_ROOT} from '../../../tools/cli';
import {readContracts} from '../../helpers/upstream-contracts';

const CONTRACTS = readContracts();
const ASSUMPTIONS = new Set(CONTRACTS.flatMap((c) => c.assumptions.map((a) => a.id)));

// ---------------------------------------------------------------------------------------------------------------------
// The vocabulary, from the installed packages.

const NODE_MODULES = path.join(SITE_ROOT, 'node_modules');
const OPENAPI_THEME = 'docusaurus-theme-openapi-docs';
const OPENAPI_PLUGIN = 'docusaurus-plugin-openapi-docs';

/** Every file under `dir` (of an installed package) whose name matches `name`. */
function filesUnder(dir: string, name: RegExp): string[] {
  const full = path.join(NODE_MODULES, dir);
  if (!fs.existsSync(full)) return [];
  return (fs.readdirSync(full, {recursive: true, encoding: 'utf8'}) as string[]).filter((f) => name.test(f)).map((f) => path.join(full, f));
}

/** A class-like name: lower-case words joined by `-`, `_`, `__` or `--` (single words are too common to tell apart). */
const CLASS_LIKE = /^-?[a-z][a-z0-9]*(?:(?:-{1,2}|_{1,2})[a-z0-9]+)+$/;

/** The class names a stylesheet's selectors name (not its declarations, urls or numbers). */
function selectorClasses(css: string): string[] {
  const selectors = stripComments('x.scss', css)
    .code.replace(/url\([^)]*\)/g, '')
    .replace(/:\s*[^;{}]*;/g, ';');
  return [...selectors.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]).filter((c) => CLASS_LIKE.test(c));
}

/** The class-like words of the string literals on the lines of compiled JS that set a class name. */
function emittedClasses(js: string): string[] {
  return js
    .split('\n')
    .filter((line) => /className|clsx|classList/.test(line))
    .flatMap((line) => [...line.matchAll(/(["'`])((?:(?!\1)[^\\\n])*)\1/g)].flatMap((m) => m[2].split(/[\s${}]+/)))
    .filter((c) => CLASS_LIKE.test(c) && !/--$/.test(c));
}

export interface Vocabulary {
  /** A theme-internal class name, with the package that defines or emits it. */
  classes: Map<string, string>;
  /** The classes of the themes' CSS modules (matched hashed, by prefix): only camelCase ones, distinct enough. */
  moduleClasses: Set<string>;
  /** Component paths of the OpenAPI theme (`ApiItem/Layout`), all internal: it has no swizzle config. */
  openapiThemeModules: Set<string>;
  /** Components the classic theme's swizzle config marks safe to wrap, plus Root (documented: "Wrapping your site with <Root>"). */
  safeToWrap: Set<string>;
  /** Theme modules the classic theme's swizzle config forbids wrapping (not components: `prism-include-languages`). */
  notComponents: Set<string>;
  /** The DOCUSAURUS_* environment switches Docusaurus' installed code reads. */
  switches: Set<string>;
  /** Names of the files Docusaurus generates (in .docusaurus/, or beside the bundles). */
  generated: Set<string>;
  /** Prefixes of the local-storage keys the themes write. */
  storageKeys: Set<string>;
  /** Our upstream packages, whose insides (`lib/`, `src/`, `dist/`) are private. */
  packages: string[];
}

let vocabulary: Vocabulary | undefined;
/** The vocabulary of upstream internals, read from node_modules once. */
export function installedVocabulary(): Vocabulary {
  if (vocabulary) return vocabulary;
  const read = (f: string): string => fs.readFileSync(f, 'utf8');
  const infima = new Set(selectorClasses(read(path.join(NODE_MODULES, 'infima/dist/css/default/default.css'))));
  const themeClassNames = new Set(
    [...read(path.join(NODE_MODULES, '@docusaurus/theme-common/lib/utils/ThemeClassNames.js')).matchAll(/'(theme-[\w-]+)'/g)].map((m) => m[1]),
  );
  const classes = new Map<string, string>();
  const moduleClasses = new Set<string>();
  // The themes, the OpenAPI plugin (it hands class names to the sidebar), and the code renderer the classic theme uses.
  for (const [pkg, dir] of [
    ['@docusaurus/theme-classic', 'lib'],
    ['@docusaurus/theme-common', 'lib'],
    [OPENAPI_THEME, 'lib'],
    [OPENAPI_PLUGIN, 'lib'],
    ['prism-react-renderer', 'dist'],
  ]) {
    for (const f of filesUnder(`${pkg}/${dir}`, /\.(s?css)$/)) {
      if (/\.module\.css$/.test(f)) {
        for (const m of read(f).matchAll(/\.([a-z]+[A-Z][\w]*)/g)) if (m[1].length >= 8) moduleClasses.add(m[1].replace(/-.*/, ''));
      } else for (const c of selectorClasses(read(f))) classes.set(c, pkg);
    }
    for (const f of filesUnder(`${pkg}/${dir}`, /\.m?js$/)) {
      const text = read(f);
      // Class names set on markup, and BEM modifiers handed on in data (a sidebar item's className).
      const bem = [...text.matchAll(/["'`]([a-z][a-z0-9-]*(?:__|--)[a-z0-9_-]+)["'`]/g)].map((m) => m[1]).filter((c) => CLASS_LIKE.test(c));
      for (const c of [...emittedClasses(text), ...bem]) if (!classes.has(c)) classes.set(c, pkg);
    }
  }
  for (const c of [...infima, ...themeClassNames]) classes.delete(c);

  const openapiThemeModules = new Set(
    filesUnder(`${OPENAPI_THEME}/lib/theme`, /(^|\/)index\.js$|\.js$/).map((f) =>
      path.relative(path.join(NODE_MODULES, OPENAPI_THEME, 'lib/theme'), f).replace(/(\/index)?\.js$/, ''),
    ),
  );
  const require = createRequire(path.join(SITE_ROOT, 'package.json'));
  const swizzle = // By path: the classic theme comes with the preset, which package.json declares.
    (
      require(path.join(NODE_MODULES, '@docusaurus/theme-classic/lib/getSwizzleConfig.js')) as {
        default: () => {components: Record<string, {actions: {wrap: string}; description?: string}>};
      }
    ).default();
  const entries = Object.entries(swizzle.components);
  const safeToWrap = new Set(['Root', ...entries.filter(([, c]) => c.actions.wrap === 'safe').map(([k]) => k)]);
  const notComponents = new Set(entries.filter(([, c]) => c.actions.wrap === 'forbidden' && !/folder/i.test(c.description ?? '')).map(([k]) => k));

  const docusaurusLib = fs
    .readdirSync(path.join(NODE_MODULES, '@docusaurus'))
    .flatMap((p) => filesUnder(`@docusaurus/${p}/lib`, /\.js$/))
    .map(read);
  const switches = new Set(docusaurusLib.flatMap((t) => [...t.matchAll(/process\.env\.(DOCUSAURUS_[A-Z_]+)/g)].map((m) => m[1])));
  const codegen = filesUnder('@docusaurus/core/lib/server/codegen', /\.js$/).map(read).join('\n');
  const generated = new Set([
    ...[...codegen.matchAll(/'([\w-]+\.(?:js|json|mjs))'/g)].map((m) => m[1]),
    ...[...read(path.join(NODE_MODULES, '@docusaurus/core/lib/webpack/client.js')).matchAll(/'([\w-]+\.json)'/g)].map((m) => m[1]),
  ]);
  const storageKeys = new Set(
    filesUnder('@docusaurus/theme-common/lib', /\.js$/).flatMap((f) => [...read(f).matchAll(/[`'](docusaurus\.[a-z]+\.)/g)].map((m) => m[1])),
  );
  const manifest = JSON.parse(read(path.join(SITE_ROOT, 'package.json'))) as {dependencies: Record<string, string>; devDependencies?: Record<string, string>};
  const packages = [
    ...new Set([
      ...fs.readdirSync(path.join(NODE_MODULES, '@docusaurus')).map((p) => `@docusaurus/${p}`),
      ...[...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies ?? {})].filter((p) => /docusaurus|^@rspack\//.test(p)),
    ]),
  ];
  vocabulary = {classes, moduleClasses, openapiThemeModules, safeToWrap, notComponents, switches, generated, storageKeys, packages};
  return vocabulary;
}

// ---------------------------------------------------------------------------------------------------------------------
// Reading a file: its code without comments (same offsets, same lines), and the comments' `relies on:` markers.

interface Stripped {
  code: string;
  /** Line (1-based) → the assumption ids a marker gives it. */
  marked: Map<number, string[]>;
}

const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const STYLE = /\.(css|scss)$/;
export const SCANNED = /\.(ts|tsx|js|mjs|cjs|css|scss|mustache|ya?ml)$/;
const MARKER = /relies on:\s*([a-z0-9-]+(?:\s*,\s*[a-z0-9-]+)*)/g;

const lineAt = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

/** [start, end) of a comment or a template literal. */
type Span = [number, number];

/**
 * Every comment of a TS/JS file, from the parser's tokens (a `//` in a string or JSX text is not one), and every
 * template literal (a marker before its first line covers it all).
 */
function codeComments(file: string, text: string): {comments: Span[]; templates: Span[]} {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const leaves: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(source);
    if (children.length === 0) leaves.push(node);
    else children.forEach(visit);
  };
  visit(source);
  const templates: Span[] = [];
  const visitTemplates = (node: ts.Node): void => {
    if (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node)) templates.push([node.getStart(source), node.end]);
    ts.forEachChild(node, visitTemplates);
  };
  visitTemplates(source);
  const ranges = new Map<number, number>();
  const add = (list: ts.CommentRange[] | undefined): void => list?.forEach((r) => ranges.set(r.pos, r.end));
  leaves.forEach((leaf, i) => {
    if (leaf.kind !== ts.SyntaxKind.JsxText) add(ts.getLeadingCommentRanges(text, leaf.pos));
    if (leaves[i + 1]?.kind !== ts.SyntaxKind.JsxText) add(ts.getTrailingCommentRanges(text, leaf.end));
  });
  return {comments: [...ranges], templates};
}

/** Every comment of a stylesheet, template or YAML file (strings and CSS urls matched only to be skipped). */
function textComments(file: string, text: string): Span[] {
  const found: Span[] = [];
  const pattern = STYLE.test(file)
    ? file.endsWith('.scss')
      ? /(["'])(?:(?!\1)[^\\\n]|\\.)*\1|url\([^)]*\)|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g
      : /(["'])(?:(?!\1)[^\\\n]|\\.)*\1|\/\*[\s\S]*?\*\//g
    : file.endsWith('.mustache')
      ? /\{\{!--[\s\S]*?--\}\}|\{\{![\s\S]*?\}\}|<!--[\s\S]*?-->/g
      : /(["'])(?:(?!\1)[^\\\n]|\\.)*\1|(?<=^|\s)#[^\n]*/gm;
  for (const m of text.matchAll(pattern)) if (!/^["'u]/.test(m[0])) found.push([m.index, m.index + m[0].length]);
  return found;
}

/** The file's text with its comments blanked (newlines kept), and the lines its `relies on:` markers cover. */
export function stripComments(file: string, text: string): Stripped {
  const {comments, templates} = CODE.test(file) ? codeComments(file, text) : {comments: textComments(file, text), templates: []};
  const templateLines = templates.map(([start, end]) => [lineAt(text, start), lineAt(text, end)] as const);
  const marked = new Map<number, string[]>();
  // Offsets are UTF-16 units; blank by slicing instead of by code points.
  let code = '';
  let at = 0;
  for (const [start, end] of [...comments].sort((a, b) => a[0] - b[0])) {
    if (start < at) continue;
    const comment = text.slice(start, end);
    code += text.slice(at, start) + comment.replace(/[^\n]/g, ' ');
    at = end;
    const ids = [...comment.matchAll(MARKER)].flatMap((m) => m[1].split(/\s*,\s*/));
    if (ids.length === 0) continue;
    const first = lineAt(text, start);
    const next = lineAt(text, end) + 1;
    // The line after the comment, or all of a template literal that starts on it (a fixture of markup, a page's text).
    const last = Math.max(next, ...templateLines.filter(([from]) => from === next).map(([, to]) => to));
    for (let line = first; line <= last; line++) marked.set(line, [...(marked.get(line) ?? []), ...ids]);
  }
  return {code: code + text.slice(at), marked};
}

// ---------------------------------------------------------------------------------------------------------------------
// Finding reliances.

export interface Reliance {
  line: number;
  /** What is relied on: `a Docusaurus environment switch: DOCUSAURUS_NO_PERSISTENT_CACHE`. */
  what: string;
  /** The assumption ids marked on its line (empty: unmarked). */
  marked: string[];
  /** For an import of the seam: the assumptions of the contracts that name the imported file, one of which it marks. */
  oneOf?: string[];
}

/** Each file of the seam a contract names (`where`), with the assumptions of those contracts. */
const SEAM_ASSUMPTIONS: ReadonlyMap<string, string[]> = new Map(
  [...new Set(CONTRACTS.flatMap((c) => c.where).filter((f) => f.startsWith('src/upstream/')))].map((f) => [
    f,
    CONTRACTS.filter((c) => c.where.includes(f)).flatMap((c) => c.assumptions.map((a) => a.id)),
  ]),
);

/** The file of the seam an import specifier of `file` names (`@site/src/upstream/…` or relative), if any. */
function seamFileOf(file: string, specifier: string): string | undefined {
  const target = specifier.startsWith('@site/')
    ? specifier.slice('@site/'.length)
    : specifier.startsWith('.')
      ? path.posix.join(path.posix.dirname(file), specifier)
      : undefined;
  if (!target?.startsWith('src/upstream/')) return undefined;
  return ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts']
    .map((ext) => target + ext)
    .find((f) => fs.existsSync(path.join(SITE_ROOT, f)) && fs.statSync(path.join(SITE_ROOT, f)).isFile());
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** One regular expression for a set of words, longest first, whole words only (a class name may hold `-`). */
const wordsPattern = (words: Iterable<string>): RegExp =>
  new RegExp(
    `(?<![\\w-])(?:${[...words]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|')})(?![\\w-])`,
    'g',
  );

interface Patterns {
  text: [RegExp, (m: string) => string][];
}
let patterns: Patterns | undefined;
function textPatterns(v: Vocabulary): Patterns {
  if (patterns && vocabulary === v) return patterns;
  const pkgs = v.packages.map(escape).join('|');
  patterns = {
    text: [
      [wordsPattern(v.classes.keys()), (m) => `a class name of ${v.classes.get(m)}'s markup: ${m}`],
      // Hashed (`codeBlockTitle_x1y2`), or matched by prefix in an attribute selector (`[class*="codeBlockTitle"]`).
      [
        new RegExp(`(?<=[*^|~]=["']?)(?:${[...v.moduleClasses].map(escape).join('|')})|(?<![\\w-])(?:${[...v.moduleClasses].map(escape).join('|')})(?=_)`, 'g'),
        (m) => `a CSS-module class of a theme: ${m}`,
      ],
      [/DOCUSAURUS_[A-Z_]+/g, (m) => (v.switches.has(m) ? `a Docusaurus environment switch: ${m}` : `a DOCUSAURUS_ switch Docusaurus does not read: ${m}`)],
      [/\.docusaurus\/|@generated\//g, (m) => `a file Docusaurus generates: ${m}`],
      [
        wordsPattern(
          [...v.generated, ...[...v.generated].filter((g) => g.endsWith('.json')).map((g) => g.replace(/\.json$/, ''))].filter(
            (g) => !/^(i18n|routes)$/.test(g),
          ),
        ),
        (m) => `a file Docusaurus generates: ${m}`,
      ],
      [new RegExp(`(?:${[...v.storageKeys].map(escape).join('|')})`, 'g'), (m) => `a storage key of the theme: ${m}`],
      [new RegExp(`(?:${pkgs})/(?:lib|src|dist)/|\\[\\\\\\\\/\\]lib\\[\\\\\\\\/\\]`, 'g'), (m) => `a module path inside a package: ${m}`],
      [
        new RegExp(
          `@theme(?:-original|-init)?/(?:${[...v.openapiThemeModules]
            .sort((a, b) => b.length - a.length)
            .map(escape)
            .join('|')})(?![\\w/-])`,
          'g',
        ),
        (m) => `a component of the OpenAPI theme: ${m}`,
      ],
      // Behaviours no file name or class gives away: the few the seam's contracts name.
      [
        /experiments\??\.cache|window\.docusaurus|(?:webpack|rspack)\)?Chunk\w*|@11ty\/gray-matter|ssgTemplate|tagOmission/g,
        (m) => `an upstream internal: ${m}`,
      ],
    ],
  };
  return patterns;
}

/** The file's statements are all `export … from '<…>/upstream/…'`: a theme file that points at the seam's copy. */
function onlyReExportsTheSeam(file: string, text: string): boolean {
  const statements = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false).statements;
  return (
    statements.length > 0 &&
    statements.every(
      (st) =>
        ts.isExportDeclaration(st) &&
        st.moduleSpecifier !== undefined &&
        ts.isStringLiteral(st.moduleSpecifier) &&
        /(^|\/)upstream\//.test(st.moduleSpecifier.text),
    )
  );
}

/** A theme component of ours (it shadows the theme's of the same path). */
const THEME_FILE = /^src\/(?:plugins\/[^/]+\/)?theme\/(.+?)(?:\/index)?\.(?:tsx?|jsx?)$/;

/**
 * A file's reliances, each with its line and the assumption ids marked there. `folderText` is the text of the other
 * source files of its folder (a wrapper may load the original lazily from a file beside it).
 */
export function reliancesIn(file: string, text: string, folderText = text, v = installedVocabulary(), seam = SEAM_ASSUMPTIONS): Reliance[] {
  if (!SCANNED.test(file)) return [];
  const {code, marked} = stripComments(file, text);
  const found: Reliance[] = [];
  const add = (offset: number, what: string, oneOf?: string[]): void => {
    const line = lineAt(text, offset);
    found.push({line, what, marked: marked.get(line) ?? [], ...(oneOf ? {oneOf} : {})});
  };
  if (CODE.test(file)) {
    for (const {fileName, pos} of ts.preProcessFile(text, true, true).importedFiles) {
      const wrapped = /^@theme-(?:original|init)\/(.+)$/.exec(fileName)?.[1];
      const themed = /^@theme\/(.+)$/.exec(fileName)?.[1];
      if (wrapped && !v.safeToWrap.has(wrapped)) add(pos, `wraps ${wrapped}, which its theme's swizzle config does not mark safe to wrap: ${fileName}`);
      else if (themed && v.notComponents.has(themed)) add(pos, `imports a theme module its swizzle config says is not a component: ${fileName}`);
      else if (/^@docusaurus\/theme-common\/internal$/.test(fileName)) add(pos, `imports ${fileName}`);
      // A name or function of the seam, used here: a use of what the seam's contracts for that file assume.
      const seamFile = seamFileOf(file, fileName);
      const assumptions = seamFile === undefined ? undefined : seam.get(seamFile);
      const what = `imports ${seamFile}, which relies on an upstream internal`;
      // At the statement's first line (an import may span lines), once a file.
      const statement = Math.max(code.lastIndexOf('import', pos), code.lastIndexOf('export', pos));
      if (assumptions && !found.some((r) => r.what === what)) add(statement >= 0 ? statement : pos, what, assumptions);
    }
  }
  const {text: list} = textPatterns(v);
  for (const [pattern, what] of list) for (const m of code.matchAll(pattern)) add(m.index, what(m[0]));
  // A theme component that replaces upstream's instead of wrapping it (the public way: @theme-original, @theme-init),
  // unless it only hands over an ejected copy kept in the seam.
  const theme = THEME_FILE.exec(file);
  if (theme && !/\.d\.ts$/.test(file) && !/['"]@theme-(original|init)\//.test(folderText) && !onlyReExportsTheSeam(file, text))
    add(0, `replaces the theme component ${theme[1]}`);
  // One reliance a line and kind: a line that names one class twice is one use.
  const seen = new Set<string>();
  return found.filter((r) => !seen.has(`${r.line} ${r.what}`) && seen.add(`${r.line} ${r.what}`)).sort((a, b) => a.line - b.line);
}

/** A reliance that does not pass: unmarked, or marked with an id the register does not know. */
export function unmarked(file: string, found: Reliance[], known: ReadonlySet<string> = ASSUMPTIONS): string[] {
  return found.flatMap((r) => {
    if (r.marked.length === 0) return [`${file}:${r.line}: ${r.what} (no \`relies on: <id>\` marker${r.oneOf ? `; one of ${r.oneOf.join(', ')}` : ''})`];
    const unknown = r.marked.filter((id) => !known.has(id));
    if (unknown.length) return [`${file}:${r.line}: ${r.what} (marked with ${unknown.join(', ')}, which no contract of the register lists)`];
    if (r.oneOf && !r.marked.some((id) => r.oneOf!.includes(id)))
      return [`${file}:${r.line}: ${r.what} (marked with ${r.marked.join(', ')}; an import of it names one of ${r.oneOf.join(', ')})`];
    return [];
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// The tree.

/** The seam: its folder, and its own tests (they name upstream internals to check them). */
const SEAM = /^(src\/upstream\/|tests\/spec\/one-process\/upstream-(reliances|contracts)\.test\.ts$|tests\/helpers\/upstream-contracts\.ts$)/;
/** The seam's register (data: it names upstream files to check them). */
const REGISTER = 'src/upstream/contracts.yaml';
/** Where we write code, styles, templates and data the code reads. */
const WRITTEN = /^(src|tools|scripts|bench|tests|hosting)\/|^docusaurus\.config\.ts$/;

const sourceFiles = (): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {cwd: SITE_ROOT, encoding: 'utf8'})
    .split('\n')
    .filter((f) => WRITTEN.test(f) && SCANNED.test(f) && fs.existsSync(path.join(SITE_ROOT, f)));

const read = (f: string): string => fs.readFileSync(path.join(SITE_ROOT, f), 'utf8');
/** The text of every source file in `file`'s folder. */
const folderText = (file: string): string =>
  fs
    .readdirSync(path.join(SITE_ROOT, path.dirname(file)))
    .filter((f) => /\.(ts|tsx|js|mjs)$/.test(f))
    .map((f) => read(path.join(path.dirname(file), f)))
    .join('\n');

let scanned: (readonly [string, Reliance[]])[] | undefined;
/** Every file we write with the reliances found in it: the tree is read once, by the first test that asks. */
const reliances = (): (readonly [string, Reliance[]])[] =>
  (scanned ??= sourceFiles()
    .map((f) => [f, reliancesIn(f, read(f), THEME_FILE.test(f) ? folderText(f) : undefined)] as const)
    .filter(([, found]) => found.length > 0));

/** Every assumption id a marker names, in any file we write. */
const markedIds = (): Set<string> => new Set(sourceFiles().flatMap((f) => [...stripComments(f, read(f)).marked.values()].flat()));

test('no file outside the seam relies on an upstream internal but at a use marked with a registered assumption', () => {
  const outside = reliances()
    .filter(([f]) => !SEAM.test(f))
    .flatMap(([f, found]) => unmarked(f, found));
  assert.deepEqual(
    outside,
    [],
    `each is a reliance on an upstream internal: move it into src/upstream/, or mark the line (or a comment on the line before) with \`relies on: <id>\`, the id of an assumption of src/upstream/contracts.yaml (add one if none fits)`,
  );
});

test('every file of the seam that relies on an upstream internal is named by a contract', () => {
  const registered = new Set(CONTRACTS.flatMap((c) => c.where));
  const unregistered = reliances()
    .filter(([f]) => /^src\/upstream\//.test(f) && f !== REGISTER && !registered.has(f))
    .map(([f, found]) => `${f}: ${found.map((r) => `${r.line}: ${r.what}`).join('; ')}`);
  assert.deepEqual(unregistered, [], `name the file in the contract of src/upstream/contracts.yaml it relies on (or add one)`);
});

test('every assumption of the register is relied on: a marked use, or a file of the seam its contract names', () => {
  const marked = markedIds();
  const unused = CONTRACTS.filter((c) => !c.where.some((f) => f.startsWith('src/upstream/'))).flatMap((c) =>
    c.assumptions.filter((a) => !marked.has(a.id)).map((a) => `${c.id}: ${a.id}`),
  );
  assert.deepEqual(unused, [], 'mark its uses with `relies on: <id>`, or delete the assumption');
});

/** The reliances of a made-up file, as the test reports them. */
const report = (file: string, text: string, folder?: string): string[] => unmarked(file, reliancesIn(file, text, folder));

test('the vocabulary is read from the installed packages: theme classes minus public ones, swizzle safety, switches, generated files', () => {
  const v = installedVocabulary();
  assert.ok(v.classes.has('openapi-explorer__request-form') && v.classes.has('hash-link'), 'theme-internal classes');
  assert.ok(!v.classes.has('menu__link') && !v.classes.has('theme-doc-sidebar-menu'), "Infima's and ThemeClassNames' classes are public");
  assert.ok(v.safeToWrap.has('CodeBlock') && v.safeToWrap.has('DocSidebar') && !v.safeToWrap.has('DocBreadcrumbs'));
  assert.ok(v.switches.has('DOCUSAURUS_NO_PERSISTENT_CACHE') && v.generated.has('registry.js') && v.storageKeys.has('docusaurus.tab.'));
  assert.ok(v.openapiThemeModules.has('ApiItem/Layout') && v.notComponents.has('prism-include-languages'));
});

/** Made-up files of each type, each with the reliances it must report (`line: what`); comments in them are not code. */
const FILE_TYPES: [file: string, text: string, found: string[]][] = [
  [
    'src/components/X.tsx',
    "import Layout from '@theme/ApiItem/Layout';\n// routesChunkNames in a comment is fine\n",
    ['1: a component of the OpenAPI theme: @theme/ApiItem/Layout'],
  ],
  ['bench/x.ts', "const env = {DOCUSAURUS_NO_PERSISTENT_CACHE: '1'};", ['1: a Docusaurus environment switch: DOCUSAURUS_NO_PERSISTENT_CACHE']],
  [
    'src/css/x.css',
    '/* .openapi-tabs__arrow in a comment */\na {}\n.openapi-tabs__arrow { color: red; }\n',
    ["3: a class name of docusaurus-theme-openapi-docs's markup: openapi-tabs__arrow"],
  ],
  [
    'src/css/x.scss',
    '// .hash-link\n.menu__link { a { b: url(//x.org/a.svg) } }\n.hash-link {}\n',
    ["3: a class name of @docusaurus/theme-classic's markup: hash-link"],
  ],
  [
    'tools/x.mustache',
    '{{! menu__list-item--deprecated }}\nsidebar_class_name: "x menu__list-item--deprecated"\n',
    ["2: a class name of docusaurus-plugin-openapi-docs's markup: menu__list-item--deprecated"],
  ],
  [
    'src/x.cjs',
    "module.exports = require('@docusaurus/bundler/lib/minifyHtml.js');\nconst test = /[\\\\/]lib[\\\\/]/;",
    ['1: a module path inside a package: @docusaurus/bundler/lib/', '2: a module path inside a package: [\\\\/]lib[\\\\/]'],
  ],
  ['tests/x.ts', "localStorage.getItem('docusaurus.tab.code-samples');", ['1: a storage key of the theme: docusaurus.tab.']],
  [
    'tools/x.yaml',
    '# .docusaurus/registry.js\nfile: .docusaurus/registry.js\n',
    ['2: a file Docusaurus generates: .docusaurus/', '2: a file Docusaurus generates: registry.js'],
  ],
  // JSX text is not a comment.
  ['src/x.tsx', 'const a = <p>see http://x <b className="hash-link" /></p>;', ["1: a class name of @docusaurus/theme-classic's markup: hash-link"]],
];

test('a reliance outside the seam is found in every file type, with its file and line; comments are not code', () => {
  for (const [file, text, found] of FILE_TYPES)
    assert.deepEqual(
      report(file, text),
      found.map((f) => `${file}:${f} (no \`relies on: <id>\` marker)`),
    );
});

test('a wrapper of a component its swizzle config does not mark safe is a reliance; of a safe one, or Root, it is not', () => {
  assert.deepEqual(report('src/plugins/agent-markdown/theme/DocBreadcrumbs/index.tsx', "import X from '@theme-original/DocBreadcrumbs';"), [
    "src/plugins/agent-markdown/theme/DocBreadcrumbs/index.tsx:1: wraps DocBreadcrumbs, which its theme's swizzle config does not mark safe to wrap: @theme-original/DocBreadcrumbs (no `relies on: <id>` marker)",
  ]);
  assert.deepEqual(report('src/plugins/static-code/theme/CodeBlock/index.tsx', "import X from '@theme-original/CodeBlock';"), []);
  assert.deepEqual(report('src/plugins/x/theme/Root/index.tsx', "import Root from '@theme-init/Root';"), []);
  assert.deepEqual(report('src/theme/Footer/index.tsx', 'export default function Footer() { return null; }'), [
    'src/theme/Footer/index.tsx:1: replaces the theme component Footer (no `relies on: <id>` marker)',
  ]);
  // A wrapper that loads the original lazily from a file beside it; a file that only hands over the seam's copy.
  assert.deepEqual(report('src/theme/Footer/index.tsx', "const Full = lazy(() => import('./Full'));", "import Footer from '@theme-original/Footer';"), []);
  assert.deepEqual(report('src/theme/Footer/index.tsx', "export {default} from '../../upstream/ejected/Footer';\n"), []);
});

test("an import of a seam file a contract names is a use of that contract's assumptions: its marker names one of them", () => {
  const seam = new Map([['src/upstream/docusaurus-markup.ts', ['sidebar-link-markup', 'css-module-class-names']]]);
  const known = new Set(['sidebar-link-markup', 'css-module-class-names', 'cold-build-switch']);
  const check = (text: string) => unmarked('src/plugins/x/index.ts', reliancesIn('src/plugins/x/index.ts', text, text, installedVocabulary(), seam), known);
  const IMPORT = "import {\n  CSS_MODULE_PREFIX,\n} from '../../upstream/docusaurus-markup';";
  assert.deepEqual(check(IMPORT), [
    'src/plugins/x/index.ts:1: imports src/upstream/docusaurus-markup.ts, which relies on an upstream internal (no `relies on: <id>` marker; one of sidebar-link-markup, css-module-class-names)',
  ]);
  assert.deepEqual(check(`// relies on: css-module-class-names\n${IMPORT}`), []);
  assert.deepEqual(check(`// relies on: cold-build-switch\n${IMPORT}`), [
    'src/plugins/x/index.ts:2: imports src/upstream/docusaurus-markup.ts, which relies on an upstream internal (marked with cold-build-switch; an import of it names one of sidebar-link-markup, css-module-class-names)',
  ]);
  // A file of the seam no contract names relies on nothing: our own names kept there (bundle-only-env.mjs).
  assert.deepEqual(check("import {BUNDLE_ONLY_ENV} from '../../upstream/bundle-only-env.mjs';"), []);
});

test('a marker passes the line it is on, the line after its comment, or a template literal that starts there; an unknown id fails', () => {
  const known = new Set(['cold-build-switch']);
  const check = (text: string) => unmarked('bench/x.ts', reliancesIn('bench/x.ts', text), known);
  assert.deepEqual(check("const a = 'DOCUSAURUS_NO_PERSISTENT_CACHE'; // relies on: cold-build-switch"), []);
  assert.deepEqual(check("// relies on: cold-build-switch\nconst a = 'DOCUSAURUS_NO_PERSISTENT_CACHE';"), []);
  assert.deepEqual(check('// relies on: cold-build-switch\nconst a = `\nDOCUSAURUS_NO_PERSISTENT_CACHE\n`;'), []);
  assert.deepEqual(check("// relies on: cold-build-switch\n\nconst a = 'DOCUSAURUS_NO_PERSISTENT_CACHE';"), [
    'bench/x.ts:3: a Docusaurus environment switch: DOCUSAURUS_NO_PERSISTENT_CACHE (no `relies on: <id>` marker)',
  ]);
  assert.deepEqual(check("// relies on: cold-cache\nconst a = 'DOCUSAURUS_NO_PERSISTENT_CACHE';"), [
    'bench/x.ts:2: a Docusaurus environment switch: DOCUSAURUS_NO_PERSISTENT_CACHE (marked with cold-cache, which no contract of the register lists)',
  ]);
  assert.deepEqual(unmarked('src/x.css', reliancesIn('src/x.css', '/* relies on: heading-anchor */\n.hash-link {}'), new Set(['heading-anchor'])), []);
});
