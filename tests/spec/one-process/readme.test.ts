/**
 * The README is a manual, not a lab notebook (issue #49; structure review §3.1): short, every path of its "Where to
 * change what" table a file of the repository, its features table the folders of src/plugins/, and no measurement
 * tied to a day in it, in CONTRIBUTING.md or in contributing/. Numbers measured on a day go to bench/results/
 * (tools/measure/bench-results.ts); rules such as "the page budget is 180 KiB" stay in the docs.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {SITE_ROOT} from '../../../tools/cli';

const README_MAX_LINES = 150;
const read = (file: string): string => fs.readFileSync(path.join(SITE_ROOT, file), 'utf8');
const exists = (p: string): boolean => fs.existsSync(path.join(SITE_ROOT, p));
const CONTRIBUTING_PAGES = fs
  .readdirSync(path.join(SITE_ROOT, 'contributing'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `contributing/${f}`);
const MANUAL = ['README.md', 'CONTRIBUTING.md', ...CONTRIBUTING_PAGES];

/** A calendar date (2026-11-28) or a time of day (08:35), which make a number a measurement of that day. */
const DATED = [/\b(?:19|20)\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])\b/, /(?<![\d.:])(?:[01]?\d|2[0-3]):[0-5]\d(?![\d.:])/];
const NUMBER = String.raw`\d(?:[\d,.]*\d)?`;
/** A number with a unit of time, size or share; a Lighthouse score; a count of tests passed. */
const MEASURED = [
  new RegExp(String.raw`${NUMBER}(?:\s?[–-]\s?${NUMBER})?\s?(?:ms|s|min|minutes?|h|hours?|KiB|MiB|GiB|KB|MB|GB|kB|%)(?![\w])`),
  new RegExp(String.raw`\b(?:scored?|scores|performance|LCP|TBT|FCP|CLS)\b\D{0,20}${NUMBER}`, 'i'),
  /\b\d+\/\d+\b/,
];

/**
 * The sentences of a Markdown text with the line each starts on: a paragraph's lines joined, each list item, heading
 * and table row on its own, fenced code left out (an example is not a claim).
 */
export function sentencesOf(text: string): {line: number; text: string}[] {
  const blocks: {line: number; text: string}[] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced || /^\s*(```|~~~)/.test(line)) return;
    const last = blocks.at(-1);
    const starts = line.trim() === '' || /^\s*([-*+]|\d+\.)\s|^#|^\|/.test(line) || !last || last.text === '' || /^[|#]/.test(last.text);
    if (starts) blocks.push({line: i + 1, text: line.trim()});
    else last.text += ` ${line.trim()}`;
  });
  return blocks.filter((b) => b.text !== '').flatMap((b) => b.text.split(/(?<=[.!?])\s+(?=[A-Z`([*])/).map((s) => ({line: b.line, text: s})));
}

/** `file:line: sentence` for each sentence of `text` that dates a measurement. */
export function datedMeasurements(file: string, text: string): string[] {
  return sentencesOf(text)
    .filter((s) => DATED.some((d) => d.test(s.text)) && MEASURED.some((m) => m.test(s.text)))
    .map((s) => `${file}:${s.line}: ${s.text}`);
}

/** The rows of the table under `heading`, each a list of its cells (header and separator left out). */
export function tableUnder(markdown: string, heading: string): string[][] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith(`${heading}\n`)) ?? '';
  return section
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .slice(2)
    .map((l) =>
      l
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
}

/** The code spans of a text that name a file or folder (a slash or an extension, no space), without a `#anchor`. */
export const pathsIn = (text: string): string[] =>
  [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]).filter((p) => /^[\w.@{}-]+(\/[\w.@{}-]*)*$/.test(p) && (p.includes('/') || /\.\w+$/.test(p)));

test(`README.md has at most ${README_MAX_LINES} lines and no placeholder`, () => {
  const readme = read('README.md');
  const lines = readme.trimEnd().split('\n').length;
  assert.ok(lines <= README_MAX_LINES, `README.md has ${lines} lines: move the detail to CONTRIBUTING.md or contributing/`);
  assert.doesNotMatch(readme, /\b(TODO|TBD|FIXME|XXX)\b/);
});

test('no cell of a README table runs longer than a sentence or two', () => {
  const long = read('README.md')
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .flatMap((l) => l.split('|').filter((c) => c.trim().length > 240));
  assert.deepEqual(long, []);
});

test('the README, CONTRIBUTING.md and contributing/ hold no measurement tied to a day', () => {
  assert.ok(CONTRIBUTING_PAGES.length >= 5, CONTRIBUTING_PAGES.join(', '));
  assert.deepEqual(
    MANUAL.flatMap((f) => datedMeasurements(f, read(f))),
    [],
  );
});

test("the dated-measurement rule catches the review's examples and lets rules through", () => {
  // Quoted from the structure review, §3.1, and from the README it reviewed.
  const notebook = [
    "(about 59 s on 2 cores on a second run … 65–78 s on a fresh clone of a fresh machine, where the caches and the bundle are made first (eight runs, 2026-11-28 08:35–10:15, interleaved with five of the code before the shared mock, the narrower lint tests and htmlparser2 in the reference checks: 67–79 s); the machine's speed varies by the hour (that older code took 67 s at 08:43 and 79 s at 09:46) …",
    "An operation page's three head scripts … ran before its first frame in 18 of 20 runs of the two withdrawal pages (2026-11-27), when they weighed 180 KiB gzip: LCP 2.5–2.7 s and score 96–97 in 15, 3.3 s and 90–91 in the 3 …",
    'On 6808 (2026-11-26, after the seam move): every contract holds, the fast tier passes 500/500, the build passes, the site tier passes 302/302.',
    'The shared chunk then carried the try-it store, which now loads with the panel, and in the two `npm run bench -- --stock` runs since (2026-11-28) both withdrawal pages scored 98.',
    '| `page-weight` aliases | API pages 11.1%, guides 2.0–2.5%; on 2026-11-28, once the try-it store left the operation pages: 1.9–2.5% on every page | deleted (2026-11-28) |',
    'Eight fresh-clone runs this morning (08:35-10:15) took 65-78 s.',
  ];
  for (const text of notebook) assert.equal(datedMeasurements('x.md', text).length, 1, text);

  const rules = [
    'The page budget is 180 KiB.',
    "A piece stays while it buys at least 5% of a page's JS or of Lighthouse performance, or 15% of build peak memory.",
    'The target is 2,000 operations within 3 GiB and 15 minutes (`npm run bench:scale -- 500 2000`).',
    'Mark it `deprecated: true` with `x-sunset: YYYY-MM-DD`, and remove it on or after the sunset day.',
    '`npm run serve` serves it on http://127.0.0.1:3000, and `npm run mock` on http://127.0.0.1:4010 in about a minute.',
    'The page budget is 180 KiB. The release of 2026-11-28 added the withdrawal pages.',
    'Results go to `bench/results/<YYYY-MM-DD>-bench.json`.',
  ];
  for (const text of rules) assert.deepEqual(datedMeasurements('x.md', text), [], text);
  // A date in a fenced example is not a claim of the docs.
  assert.deepEqual(datedMeasurements('x.md', '```\n2026-11-28 took 65 s\n```\n'), []);
  // A wrapped paragraph is read as one text: the date on one line, the measurement on the next.
  assert.deepEqual(datedMeasurements('x.md', 'Intro.\n\nOn 2026-11-27 the two pages\nweighed 180 KiB gzip.\n'), [
    'x.md:3: On 2026-11-27 the two pages weighed 180 KiB gzip.',
  ]);
});

test('every path the "Where to change what" table names exists, and each row names one', () => {
  const rows = tableUnder(read('README.md'), 'Where to change what');
  assert.ok(rows.length >= 8, `${rows.length} rows`);
  const asked = ['request body', 'workflow step', 'lint rule', 'path item', 'schema', 'event', 'page budget', 'route pin', 'MCP server', 'hosting rule'];
  for (const topic of asked)
    assert.ok(
      rows.some((r) => r[0].toLowerCase().includes(topic.toLowerCase())),
      `no row for ${topic}`,
    );
  for (const row of rows) assert.ok(pathsIn(row.slice(1).join(' ')).length > 0, `row "${row[0]}" names no file`);
  assert.deepEqual(
    rows.flatMap((r) => pathsIn(r.join(' ')).filter((p) => !exists(p))),
    [],
  );
});

test('the table check reads paths, not commands or words, and reports a missing one', () => {
  const readme = [
    '## Where to change what',
    '',
    '| To change | Edit | Checked by |',
    '| --- | --- | --- |',
    '| A page budget | `tools/measure/page-budgets.ts`, `tools/page-budget.ts` | `npm run lint:api`, the `x-doc-slug` field, `redocly.yaml` |',
  ].join('\n');
  const rows = tableUnder(readme, 'Where to change what');
  assert.deepEqual(pathsIn(rows[0].join(' ')), ['tools/measure/page-budgets.ts', 'tools/page-budget.ts', 'redocly.yaml']);
  assert.deepEqual(
    pathsIn(rows[0].join(' ')).filter((p) => !exists(p)),
    ['tools/page-budget.ts'],
  );
});

test('the features table lists every folder of src/plugins/, one row each', () => {
  const rows = tableUnder(read('README.md'), 'Features');
  const listed = rows.map((r) => /^`src\/plugins\/([\w-]+)\/`$/.exec(r[0])?.[1] ?? r[0]);
  const folders = fs
    .readdirSync(path.join(SITE_ROOT, 'src/plugins'), {withFileTypes: true})
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  assert.deepEqual([...listed].sort(), folders.sort());
});

test('the README links CONTRIBUTING.md and every contributing page, and every relative link of the manual resolves', () => {
  const readme = read('README.md');
  for (const page of ['CONTRIBUTING.md', ...CONTRIBUTING_PAGES]) assert.ok(readme.includes(`](${page})`), `README.md does not link ${page}`);
  const broken = MANUAL.flatMap((file) =>
    [...read(file).matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
      .map((m) => m[1])
      .filter((target) => !/^[a-z]+:/.test(target) && !exists(path.join(path.dirname(file), target)))
      .map((target) => `${file}: ${target}`),
  );
  assert.deepEqual(broken, []);
});
