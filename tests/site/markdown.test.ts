/**
 * The Markdown copies in the production build, against its HTML (parsed by Chromium's DOMParser; an operation page's
 * reference with the tab panels it loads on demand filled in):
 * - every operation and event page's copy (written from the spec) has each parameter, schema property, status
 *   code and example the HTML page shows, including the code samples, and each row of the reference (name, type
 *   label, qualifiers) reads as words that start an item of the copy;
 * - llms.txt links to every copy and only to copies; every copy starts with the llms.txt directive, has only
 *   absolute links and fits an agent's fetch; every page with a copy has the directive near the top of its
 *   content and `<link rel="alternate" type="text/markdown">` to its copy, and pages without a copy have neither;
 * - the converted copies keep what a reader sees: each heading, each tab under a heading of its label, each card
 *   of a category page, admonitions.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {after, before, test} from 'node:test';
import type {Browser, Page} from 'playwright-core';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {htmlDirective, LLMS_TXT, markdownDirective, markdownPath, markdownUrl, SKILL_FILE_PATH, SKILL_PATH} from '../../src/data/agent-docs';
import {SITE_URL} from '../../src/data/brand';
import {launchChromium} from '../../tools/cli/chromium';
import {SITE_ROOT} from '../../tools/cli';
import {llmsTxtCopies, routeOfCopy} from '../../src/plugins/agent-markdown/finish';
import {apiManifest, builtReferenceFile} from '../helpers/reference';

const BUILD = path.join(SITE_ROOT, 'build');
const manifest = apiManifest();
const read = (file: string) => fs.readFileSync(path.join(BUILD, file), 'utf8');
const copyOf = (route: string) => read(markdownPath(route));
const squash = (s: string) => s.replace(/\s+/g, '');
/**
 * Code compared without backslashes or whitespace: the HTML pages' code samples lose their escapes on the way
 * through the generated page's front matter (`\\n` shows as `n`), the copy has them as generated.
 */
const squashCode = (s: string) => squash(s).replace(/\\n/g, '').replace(/\\/g, '');

/** Every HTML page of the build, by route (`x.html` and `x/index.html` → `/x`). */
const htmlPages = new Map(
  fs
    .readdirSync(BUILD, {recursive: true, encoding: 'utf8'})
    .filter((f) => f.endsWith('.html') && !f.startsWith('assets') && f !== '404.html')
    .map(
      (f) =>
        [
          '/' +
            f
              .replace(/\\/g, '/')
              .replace(/(^|\/)index\.html$/, '')
              .replace(/\.html$/, ''),
          f,
        ] as const,
    )
    .map(([route, f]) => [route === '/' ? '/' : route.replace(/\/$/, ''), f] as const),
);

/** The contents of the reference panels an operation page's HTML leaves empty; none for other pages. */
function deferredOf(route: string): string[] {
  const entry = manifest.find((e) => e.route === route);
  return entry ? builtReferenceFile(entry).deferred : [];
}

/** What a page's HTML shows, read in the browser. */
interface PageFacts {
  alternates: string[];
  directive: string[];
  /** The directive comes before the page's first h1. */
  directiveFirst: boolean;
  properties: string[];
  parameters: string[];
  /** The one-line summary of each named parameter, header and property: name, type label, qualifiers. */
  rows: string[];
  statuses: string[];
  /** Inline examples ("Example: …") and code blocks, except the examples the theme makes up from the schema. */
  examples: string[];
  headings: string[];
  tabs: string[];
  cards: string[];
  admonitions: string[];
}

/** `deferred`: the contents of the operation page's reference panels its HTML leaves empty (src/data/static-reference.ts). */
function facts({html, deferred}: {html: string; deferred: string[]}): PageFacts {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const panel of Array.from(doc.querySelectorAll('.novaramp-reference [data-deferred]')))
    panel.innerHTML = deferred[Number(panel.getAttribute('data-deferred'))];
  const text = (el: Element) => (el.textContent ?? '').trim();
  const all = (selector: string, root: ParentNode = doc) => Array.from(root.querySelectorAll(selector));
  // Panels of "Example (auto)" tabs: the theme's example built from the schema, not an example of the spec.
  const generated = new Set<Element>();
  for (const list of all('[role="tablist"]')) {
    const labels = all('[role="tab"]', list).map(text);
    const next = list.parentElement?.nextElementSibling;
    if (!next) continue;
    const panels = next.matches('[role="tabpanel"]') ? [next, ...all(':scope ~ [role="tabpanel"]', next)] : all(':scope > [role="tabpanel"]', next);
    panels.forEach((panel, i) => /\(auto\)/.test(labels[i] ?? '') && generated.add(panel));
  }
  const isGenerated = (el: Element) => [...generated].some((panel) => panel.contains(el));
  const directive = all('[data-agent-directive]');
  const h1 = doc.querySelector('h1');
  const markdown = doc.querySelector('.theme-doc-markdown');
  return {
    alternates: all('link[rel="alternate"][type="text/markdown"]').map((l) => l.getAttribute('href') ?? ''),
    directive: directive.map(text),
    directiveFirst: !!directive[0] && !!h1 && !!(directive[0].compareDocumentPosition(h1) & Node.DOCUMENT_POSITION_FOLLOWING),
    properties: all('.novaramp-ref-row__name').map(text).filter(Boolean),
    parameters: all('.novaramp-ref-param .novaramp-ref-row__name').map(text).filter(Boolean),
    rows: all('.novaramp-ref-row')
      .filter((row) => text(row.querySelector('.novaramp-ref-row__name') ?? row) !== '')
      .map((row) => (row.textContent ?? '').replace(/\s+/g, ' ').trim()),
    statuses: all('.novaramp-ref-status').map(text),
    // Every code block but the endpoint line (method, server and path: in the copy as the path and the servers).
    examples: [...all('.novaramp-ref-example code'), ...all('main pre')]
      // relies on: openapi-endpoint-markup
      .filter((el) => !isGenerated(el) && !el.closest('.openapi__method-endpoint'))
      .map(text)
      .filter(Boolean),
    headings: markdown
      ? all('h2, h3', markdown)
          .map(text)
          .map((h) => h.replace(/\u200b/g, '').trim())
      : [],
    // The labels of the tabs whose panel has content in the page: a lazy tab set (a workflow step a guide embeds)
    // holds only the chosen one's, its other panels empty (src/plugins/static-tabs); its other languages are on the
    // workflow page it links.
    tabs: markdown
      ? // relies on: openapi-tabs
        all('.tabs-container', markdown).flatMap((set) => {
          const panels = all('[role="tabpanel"]', set);
          return all('[role="tab"]', set)
            .filter((_, i) => panels[i] && panels[i].childElementCount > 0)
            .map(text);
        })
      : [],
    cards: all('a.card').map((a) => a.getAttribute('href') ?? ''),
    admonitions: markdown ? all('.theme-admonition', markdown).map((a) => (a.className.match(/theme-admonition-(\w+)/) ?? [])[1] ?? '') : [],
  };
}

let browser: Browser;
let page: Page;
const pageFacts = new Map<string, PageFacts>();

before(async () => {
  browser = await launchChromium('the Markdown copy tests');
  page = await browser.newPage();
  // tsx compiles `facts` with esbuild's keepNames, which wraps inner functions in `__name(…)`.
  await page.evaluate('globalThis.__name = (fn) => fn');
  for (const [route, file] of htmlPages) pageFacts.set(route, await page.evaluate(facts, {html: read(file), deferred: deferredOf(route)}));
});
after(async () => {
  await browser?.close();
});

test('every operation and event page: each parameter, schema property, status code and example of the HTML is in its copy', () => {
  const missing: string[] = [];
  for (const {route} of manifest) {
    const f = pageFacts.get(route);
    assert.ok(f, `${route} was built`);
    assert.ok(
      f.statuses.length > 0 && f.properties.length > 0 && f.rows.length > 0 && f.examples.length > 0,
      `${route}: the HTML shows statuses, properties and examples (did the page's markup change?)`,
    );
    const md = copyOf(route);
    const flat = squash(md);
    for (const name of new Set(f.properties)) if (!md.includes(`\`${name}\``)) missing.push(`${route}: property ${name}`);
    for (const name of new Set(f.parameters)) if (!md.includes(`**\`${name}\`**`)) missing.push(`${route}: parameter ${name}`);
    // Each row reads as its own words, and an item of the copy starts with the same words.
    const items = md
      .split('\n')
      .filter((l) => /^\s*- \*\*`/.test(l))
      .map((l) => l.replace(/[*`]/g, '').replace(/^\s*- /, ''));
    for (const row of new Set(f.rows)) if (!items.some((item) => item === row || item.startsWith(`${row} `))) missing.push(`${route}: row "${row}"`);
    for (const status of new Set(f.statuses)) if (!md.includes(`### Response ${status}`)) missing.push(`${route}: status ${status}`);
    const flatCode = squashCode(md);
    for (const example of new Set(f.examples))
      if (!flat.includes(squash(example)) && !flatCode.includes(squashCode(example))) missing.push(`${route}: example ${example.slice(0, 80)}`);
  }
  assert.deepEqual(missing, []);
});

test('llms.txt links to every Markdown copy, each starting with the directive, with absolute links only, under 100K characters', () => {
  const llms = read(LLMS_TXT);
  const copies = llmsTxtCopies(llms);
  const written = fs
    .readdirSync(BUILD, {recursive: true, encoding: 'utf8'})
    .filter((f) => f.endsWith('.md'))
    .map((f) => '/' + f.replace(/\\/g, '/'))
    // The Agent Skill is Markdown but no page's copy: llms.txt names it in its description (agent-discovery.test.ts).
    .filter((f) => f !== SKILL_PATH && f !== SKILL_FILE_PATH)
    .sort();
  assert.deepEqual([...copies].sort(), written, 'llms.txt lists exactly the copies written');
  // Every link of llms.txt into the site is a copy.
  const ownLinks = [...llms.matchAll(/\]\((https?:[^)\s]+)\)/g)].map((m) => m[1]).filter((u) => u.startsWith(SITE_URL));
  assert.deepEqual(
    ownLinks.filter((u) => !u.endsWith('.md')),
    [],
  );
  // A copy may be linked twice (a workflow page: under its route and in the Workflows section).
  assert.equal(new Set(ownLinks).size, copies.length);
  const parser = unified().use(remarkParse).use(remarkGfm);
  const relative: string[] = [];
  let largest = 0;
  for (const copy of copies) {
    const md = read(copy);
    const route = routeOfCopy(copy);
    assert.ok(md.startsWith(`${markdownDirective(route)}\n\n`), `${copy} starts with the directive`);
    assert.ok(htmlPages.has(route), `${copy} is the copy of a page`);
    largest = Math.max(largest, md.length);
    const visit = (node: {type: string; url?: string; children?: unknown[]}): void => {
      if (['link', 'image', 'definition'].includes(node.type) && node.url && !/^([a-z][a-z0-9+.-]*:|#)/i.test(node.url)) relative.push(`${copy}: ${node.url}`);
      (node.children as (typeof node)[] | undefined)?.forEach(visit);
    };
    visit(parser.parse(md) as never);
  }
  assert.deepEqual(relative, [], 'no link needs the base URL');
  assert.ok(largest < 100_000, `the largest copy has ${largest} characters`);
  for (const {route} of manifest) assert.ok(copyOf(route).length < 50_000, `${route}: ${copyOf(route).length} characters`);
});

test('every page with a copy has the directive before its title and the alternate link to its copy; the others have neither', () => {
  const copies = new Set(llmsTxtCopies(read(LLMS_TXT)).map(routeOfCopy));
  const wrong: string[] = [];
  for (const [route, f] of pageFacts) {
    if (copies.has(route)) {
      if (JSON.stringify(f.alternates) !== JSON.stringify([markdownUrl(route)])) wrong.push(`${route}: alternates ${f.alternates.join(', ')}`);
      if (JSON.stringify(f.directive) !== JSON.stringify([htmlDirective(route)])) wrong.push(`${route}: directive ${f.directive.join(' | ')}`);
      else if (!f.directiveFirst) wrong.push(`${route}: the directive is not before the title`);
    } else if (f.alternates.length || f.directive.length) {
      wrong.push(`${route} has no copy but points to one`);
    }
  }
  assert.deepEqual(wrong, []);
  assert.ok(copies.size > 100 && pageFacts.size > copies.size, `${copies.size} pages with a copy of ${pageFacts.size}`);
});

test('converted copies keep every heading, each tab under a heading of its label, every card and admonition', () => {
  const operations = new Set(manifest.map((m) => m.route));
  const lost: string[] = [];
  let tabs = 0;
  let cards = 0;
  let admonitions = 0;
  for (const copy of llmsTxtCopies(read(LLMS_TXT))) {
    const route = routeOfCopy(copy);
    if (operations.has(route)) continue;
    const f = pageFacts.get(route) as PageFacts;
    const md = read(copy);
    const headingLines = md
      .split('\n')
      // A heading inside a list item (a tab set in a numbered step) is indented.
      .filter((l) => /^\s*#{1,6} /.test(l))
      .map((l) => l.replace(/^\s*#+ /, '').replace(/[*`\\]/g, ''));
    for (const h of f.headings) if (!headingLines.includes(h)) lost.push(`${route}: heading "${h}"`);
    for (const label of f.tabs) if (!headingLines.includes(label)) lost.push(`${route}: tab "${label}"`);
    for (const href of f.cards) if (!md.includes(`](${markdownUrl(href)})`)) lost.push(`${route}: card ${href}`);
    for (const kind of f.admonitions) if (!new RegExp(`^> \\*\\*${kind}:`, 'im').test(md)) lost.push(`${route}: ${kind} admonition`);
    tabs += f.tabs.length;
    cards += f.cards.length;
    admonitions += f.admonitions.length;
  }
  assert.deepEqual(lost, []);
  assert.ok(tabs > 10 && cards > 20 && admonitions >= 2, `checked ${tabs} tabs, ${cards} cards, ${admonitions} admonitions`);
});
