/**
 * `npm run gen:api` on bad input: a clear file:line error, a non-zero exit, and the last good pages kept.
 * Each case runs the real generator in a throwaway copy of the site: the CLI itself on the real specs and on one broken
 * spec (its exit code and its output); the other bad inputs in this process (generateApiPages, and failureReport for
 * what the CLI prints), which spares each a second of start-up (tsx, Redocly's modules).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {after, before, test} from 'node:test';
// React's production build, as `npm run gen:api` renders with it (the in-process generations below).
import '../../src/plugins/operation-page/generate/production-react';
import {scratchSite} from '../../tools/site/scratch-site';
import {CODE_SAMPLE_LANGUAGES, GENERATED_DIR, MANIFEST_FILE, type ApiManifestEntry} from '../../src/data/api-table';
import {codeSampleBlocks, readSampleSources} from '../../src/plugins/operation-page/generate/code-samples';
import {fullReferenceHtml, REFERENCE_FILE_NAME, REFERENCE_HTML_FOLDER, type ReferenceFile} from '../../src/data/static-reference';
import {deferHiddenPanels} from '../../src/plugins/operation-page/generate/defer-panels';
import {failureReport, generateApiPages, readGeneratedPages, syncInto} from '../../src/plugins/operation-page/generate/generate-api';
import {releaseBadgesOf} from '../../src/plugins/changelog/release-badges';
import {run, SITE_ROOT} from '../../tools/cli';
import {loadOperations} from '../../tools/spec/spec-model';
import {apiManifest, referenceFileName} from '../helpers/reference';
import {OPENAPI_FETCH_METHODS} from '../../tools/typed-samples';

const BALANCES_PATH = 'paths/accounts_{account_id}_balances.yaml';
const operationCount = loadOperations(SITE_ROOT).length;

let site: string;
const marker = () => path.join(site, 'docs', 'api', 'reference', 'LAST-GOOD-OUTPUT');

before(() => {
  site = scratchSite('gen');
});
after(() => fs.rmSync(site, {recursive: true, force: true}));

function generate(env: NodeJS.ProcessEnv = {}) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/gen-api.ts'], site, env);
}

/** What the CLI prints when generation, run in this process, fails as it should (a SpecError or a GenerationError). */
async function failedGeneration(): Promise<string> {
  try {
    await generateApiPages(site, {releaseBadges: releaseBadgesOf(site)});
  } catch (error) {
    const report = failureReport(error);
    if (report === undefined) throw error;
    return report;
  }
  assert.fail('generation succeeded on a broken spec');
}

/** Edits files of openapi/ (an edit of the text, or null: deleted), runs `generation` on that spec, then restores it. */
async function onBrokenSpec<T>(edits: [string, ((text: string) => string) | null][], generation: () => T | Promise<T>): Promise<T> {
  const files = edits.map(([f, edit]) => ({abs: path.join(site, 'openapi', f), edit, original: fs.readFileSync(path.join(site, 'openapi', f), 'utf8')}));
  fs.mkdirSync(path.dirname(marker()), {recursive: true});
  fs.writeFileSync(marker(), 'pages from the last good generation\n');
  for (const f of files) {
    if (f.edit) fs.writeFileSync(f.abs, f.edit(f.original));
    else fs.rmSync(f.abs);
  }
  try {
    return await generation();
  } finally {
    for (const f of files) fs.writeFileSync(f.abs, f.original);
  }
}

/** What generation, run in this process, reports on a spec edited by `edit` (more files: `more`). */
const withBrokenSpec = (file: string, edit: (text: string) => string, more: [string, (text: string) => string][] = []) =>
  onBrokenSpec([[file, edit], ...more], failedGeneration);

/** What generation, run in this process, reports with `file` (relative to openapi/) deleted. */
const withDeletedFile = (file: string) => onBrokenSpec([[file, null]], failedGeneration);

function assertKept(output: string) {
  assert.ok(fs.existsSync(marker()), 'the previous output was left in place');
  assert.ok(fs.existsSync(path.join(site, MANIFEST_FILE)), 'with the manifest of those pages');
  assert.match(output, /previous pages in docs\/api\/reference\/ were left untouched/);
}

// One full generation serves both the output checks and the progress lines (a second run cost ~10 s of the tier).
// In this process, which the full generation of a later test then finds warm; the CLI's own lines are checked on a
// broken spec below, and its success by every build (`npm run build` runs it).
test('generation succeeds on the real specs, says how far it is operation by operation when asked to, and replaces the previous pages', async () => {
  fs.mkdirSync(path.dirname(marker()), {recursive: true});
  fs.writeFileSync(marker(), 'stale\n');
  let output = '';
  const pages = await generateApiPages(site, {progress: {everyMs: 0, write: (line) => (output += line)}, releaseBadges: releaseBadgesOf(site)});
  assert.equal(pages.length, operationCount);
  const counts = [...output.matchAll(/^\[gen:api\] (\d+)\/(\d+) operations$/gm)].map((m) => [Number(m[1]), Number(m[2])]);
  assert.equal(counts.length, operationCount, 'a line per operation');
  assert.deepEqual(counts.at(-1), [operationCount, operationCount]);
  assert.ok(
    counts.every(([n], i) => n === i + 1),
    'counting up one by one',
  );
  assert.ok(!fs.existsSync(marker()), 'stale pages are gone');
  const page = fs.readFileSync(path.join(site, 'docs/api/reference/crypto/withdraw-crypto.api.mdx'), 'utf8');
  assert.match(page, /^slug: \/api\/crypto\/wallet\/whitdraw-crypto$/m);
  // The manifest the API sidebar is built from lists what was written, page for page.
  const manifest = apiManifest(site);
  assert.equal(manifest.length, operationCount);
  const withdrawEntry = manifest.find((e) => e.operationId === 'withdrawCrypto');
  assert.ok(withdrawEntry, 'withdrawCrypto is in the manifest');
  const {referenceFile, ...entry}: Partial<ApiManifestEntry> = withdrawEntry;
  assert.deepEqual(entry, {
    operationId: 'withdrawCrypto',
    api: 'crypto',
    docId: 'api/reference/crypto/withdraw-crypto',
    route: '/docs/api/crypto/wallet/whitdraw-crypto',
    method: 'post',
    category: '/api/crypto/wallet',
    label: 'Withdraw crypto',
  });
  assert.match(referenceFile ?? '', REFERENCE_FILE_NAME, 'the page names its reference file');
  for (const entry of manifest) assert.ok(fs.existsSync(path.join(site, 'docs', `${entry.docId}.api.mdx`)), `${entry.docId} exists`);
  assert.deepEqual(
    fs.readdirSync(site).filter((f) => f.startsWith('.api-gen-')),
    [],
    'no temporary folder left',
  );
  // Each page's reference file, and no other, beside the pages (src/plugins/static-reference).
  const referenceDir = path.join(site, GENERATED_DIR, REFERENCE_HTML_FOLDER);
  const named = new Set(manifest.map((e) => referenceFileName(e)));
  assert.ok(
    [...named].every((f) => f && REFERENCE_FILE_NAME.test(f)),
    'every page names its reference file',
  );
  assert.deepEqual(fs.readdirSync(referenceDir).sort(), [...named].sort());
  const withdraw = JSON.parse(fs.readFileSync(path.join(referenceDir, referenceFileName(withdrawEntry)), 'utf8')) as ReferenceFile;
  assert.match(withdraw.html, /novaramp-ref-details[^]*beneficiary_id/);
  // The first response is in the page's HTML, the others' (and every example behind its schema) load on selection.
  assert.match(withdraw.html, /The withdrawal was accepted/);
  assert.doesNotMatch(withdraw.html, /The request is malformed/);
  assert.ok(withdraw.deferred.length >= 10, `${withdraw.deferred.length} panels deferred`);
  assert.match(fullReferenceHtml(withdraw), /The request is malformed/);
  assert.doesNotMatch(page, /novaramp-ref-details/, 'the page itself does not carry the reference');
  // Each page's code samples' sources beside the pages, for the Markdown copies: the very samples the page shows.
  for (const entry of manifest) {
    const recorded = readSampleSources(path.join(site, GENERATED_DIR), entry.api, entry.operationId);
    const shown = JSON.parse(
      /^export const codeSamples = (.*);$/m.exec(fs.readFileSync(path.join(site, 'docs', `${entry.docId}.api.mdx`), 'utf8'))?.[1] ?? '[]',
    ) as unknown[];
    assert.ok(recorded, `${entry.operationId}: samples recorded`);
    // A sample per language, TypeScript included; none for a webhook event (NovaRamp sends it, nobody calls it).
    const event = entry.route.startsWith('/docs/api/webhook/events/');
    assert.deepEqual(
      recorded.map((s) => s.language),
      event ? [] : CODE_SAMPLE_LANGUAGES.map((l) => l.language),
      entry.operationId,
    );
    // openapi-fetch for its methods; the platform's fetch for a method it has no function for (the QUERY search).
    const typed = OPENAPI_FETCH_METHODS.includes(entry.method) ? /createClient<paths>/ : new RegExp(`method: "${entry.method.toUpperCase()}"`);
    if (!event) assert.match(recorded.find((s) => s.language === 'typescript')!.source, typed, entry.operationId);
    assert.deepEqual(codeSampleBlocks(recorded), shown, entry.operationId);
  }
});

test('the manifest reads the front matter as the plugin writes it by default too (deflate + base64: the stock build of the bench)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-pages-'));
  try {
    const api = zlib.deflateSync(JSON.stringify({operationId: 'listCoins', method: 'get'})).toString('base64');
    fs.mkdirSync(path.join(dir, 'coins'));
    fs.writeFileSync(
      path.join(dir, 'coins', 'list-coins.api.mdx'),
      `---\nid: list-coins\ntitle: "List supported coins"\nslug: /api/coin/list-coins\napi: ${api}\n---\n`,
    );
    assert.deepEqual(readGeneratedPages(dir), [
      {
        operationId: 'listCoins',
        api: 'coins',
        docId: 'api/reference/coins/list-coins',
        route: '/docs/api/coin/list-coins',
        method: 'get',
        category: '/api/coin',
        label: 'List supported coins',
      },
    ]);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('the pages are brought up to date reference files first, manifest last, stale files after (an open page never names a file not there yet)', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-sync-'));
  try {
    const source = path.join(dir, 'new');
    const target = path.join(dir, 'current');
    const write = (root: string, file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
      fs.writeFileSync(path.join(root, file), text);
    };
    // Names chosen so that alphabetical or creation order would put the pages first.
    write(source, 'accounts/get-account.api.mdx', 'file=ffffffffffffff01');
    write(source, 'accounts/list-accounts.api.mdx', 'unchanged');
    write(source, 'manifest.json', '[]');
    write(source, `${REFERENCE_HTML_FOLDER}/ffffffffffffff01.json`, '{}');
    write(target, 'accounts/list-accounts.api.mdx', 'unchanged');
    write(target, `${REFERENCE_HTML_FOLDER}/0000000000000000.json`, '{}');
    const events: string[] = [];
    const {renameSync, rmSync} = fs;
    t.mock.method(fs, 'renameSync', function (this: unknown, from: fs.PathLike, to: fs.PathLike) {
      events.push(`write ${path.relative(target, String(to))}`);
      return renameSync.call(this, from, to);
    });
    t.mock.method(fs, 'rmSync', function (this: unknown, file: fs.PathLike, options?: fs.RmOptions) {
      events.push(`delete ${path.relative(target, String(file))}`);
      return rmSync.call(this, file, options);
    });
    syncInto(source, target);
    t.mock.restoreAll();
    assert.deepEqual(events, [
      `write ${REFERENCE_HTML_FOLDER}/ffffffffffffff01.json`,
      'write accounts/get-account.api.mdx',
      'write manifest.json',
      `delete ${REFERENCE_HTML_FOLDER}/0000000000000000.json`,
    ]);
    assert.deepEqual(
      fs
        .readdirSync(target, {recursive: true, encoding: 'utf8'})
        .filter((f) => f.includes('.'))
        .sort(),
      ['accounts/get-account.api.mdx', 'accounts/list-accounts.api.mdx', 'manifest.json', `${REFERENCE_HTML_FOLDER}/ffffffffffffff01.json`].map((f) =>
        f.replaceAll('/', path.sep),
      ),
    );
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

// The CLI on a broken spec: its exit code and what it prints (the other bad inputs run the same code in this process).
test('malformed YAML: names file and line, exits non-zero, keeps the last good pages', async () => {
  const {status, output} = await onBrokenSpec([['paths/coins.yaml', (t) => t.replace(/^get:\n/, 'get: [unclosed\n')]], () => generate());
  assert.notEqual(status, 0);
  assert.match(output, /openapi\/paths\/coins\.yaml:\d+:\d+: /);
  assertKept(output);
});

test('what Redocly finds is reported in one run, each with its file:line and rule: a missing route pin, a dangling $ref, an example that does not match its schema, an undeclared tag', async () => {
  const output = await withBrokenSpec(
    'paths/coins.yaml',
    (t) =>
      t
        .replace(/^\s+x-doc-slug: .*\n/m, '')
        .replace('                decimals: 6\n', '                decimals: six\n')
        .replace('  tags: [Coins]', '  tags: [Assets]'),
    // Apart from the coins' example, which a schema it cannot resolve would keep from being checked.
    [['components/schemas/Account.yaml', (t) => t.replace('$ref: ./AccountType.yaml', '$ref: ./AccountTypes.yaml')]],
  );
  assert.match(output, /openapi\/paths\/coins\.yaml:\d+:\d+ at #\/get\/x-doc-slug/);
  assert.match(output, /rule\/operation-doc-slug/);
  assert.match(output, /openapi\/components\/schemas\/Account\.yaml:\d+:\d+ at #\/properties\/type/);
  assert.match(output, /Can't resolve \$ref/);
  assert.match(output, /openapi\/paths\/coins\.yaml:\d+:\d+ at #\/get\/responses\/200\/content\/application~1json\/example\/data\/0\/decimals/);
  assert.match(output, /no-invalid-media-type-examples/);
  assert.match(output, /openapi\/paths\/coins\.yaml:\d+:\d+ at #\/get\/tags\/0/);
  assert.match(output, /operation-tag-defined/);
  assertKept(output);
});

test('two operations with the same pin fail and name both places', async () => {
  const output = await withBrokenSpec(BALANCES_PATH, (t) => t.replace('x-doc-slug: /api/balance/list-balances', 'x-doc-slug: /api/coin/list-coins'));
  assert.match(
    output,
    /openapi\/paths\/coins\.yaml:\d+: GET \/coins pins \/api\/coin\/list-coins, already pinned by listBalances at openapi\/paths\/accounts_\{account_id\}_balances\.yaml:\d+/,
  );
  assertKept(output);
});

test('a spec file deleted from openapi/ fails and names it', async () => {
  const output = await withDeletedFile('quotes.yaml');
  assert.match(output, /openapi\/quotes\.yaml: missing/);
  assertKept(output);
});

test('a path file a root points to that does not exist fails and names the root line', async () => {
  const output = await withDeletedFile('paths/coins.yaml');
  assert.match(output, /openapi\/coins\.yaml:\d+: \$ref openapi\/paths\/coins\.yaml — the file does not exist/);
  assertKept(output);
});

test('a duplicate operationId fails and names both places', async () => {
  const output = await withBrokenSpec(BALANCES_PATH, (t) => t.replace('operationId: listBalances', 'operationId: listCoins'));
  assert.match(output, /openapi\/paths\/coins\.yaml:\d+: operationId listCoins is also used at openapi\/paths\/accounts_\{account_id\}_balances\.yaml:\d+/);
  assertKept(output);
});

test('every operation that cannot be generated is reported with its cause and its file:line, and nothing is written', async () => {
  // Lint passes (a link to an anchor is a link), the reference model does not: the anchor is on no page of the site.
  const output = await withBrokenSpec('paths/coins.yaml', (t) => t.replace('  description: |\n', '  description: |\n    See [the limits](#limits-table).\n'), [
    [BALANCES_PATH, (t) => t.replace('  description: |\n', '  description: |\n    See [the list](../elsewhere).\n')],
  ]);
  assert.match(output, /2 operation\(s\) or component\(s\) could not be generated:/);
  assert.match(output, /openapi\/paths\/coins\.yaml:\d+: listCoins: the link "#limits-table" \(the limits\) leads nowhere on this site/);
  assert.match(
    output,
    /openapi\/paths\/accounts_\{account_id\}_balances\.yaml:\d+: listBalances: the link "\.\.\/elsewhere" \(the list\) leads nowhere on this site/,
  );
  assertKept(output);
});

test('the hidden tab panels of a reference: outermost ones emptied and numbered in order, the rest byte for byte; the whole comes back exactly', () => {
  const html =
    '<div class="x"><ul role="tablist"><li role="tab">200</li><li role="tab">400</li></ul>' +
    '<div role="tabpanel"><p>shown</p><div role="tabpanel" hidden="">example <b>one</b></div></div>' +
    '<div role="tabpanel" hidden=""><p>error</p><div role="tabpanel" hidden="">nested</div></div>' +
    '<div role="tabpanel" hidden="" class="empty"></div></div>';
  const file = deferHiddenPanels(html);
  assert.equal(
    file.html,
    '<div class="x"><ul role="tablist"><li role="tab">200</li><li role="tab">400</li></ul>' +
      '<div role="tabpanel"><p>shown</p><div role="tabpanel" hidden="" data-deferred="0"></div></div>' +
      '<div role="tabpanel" hidden="" data-deferred="1"></div>' +
      '<div role="tabpanel" hidden="" class="empty" data-deferred="2"></div></div>',
  );
  assert.deepEqual(file.deferred, ['example <b>one</b>', '<p>error</p><div role="tabpanel" hidden="">nested</div>', '']);
  assert.equal(fullReferenceHtml(file), html);
  assert.throws(() => deferHiddenPanels('<div role="tabpanel" hidden><p>never closed'), /defer-panels: an element at offset 0 has no start or end tag/);
});

test('a very large reference also leaves the bodies of its closed <details> out, filled when opened; the whole comes back exactly', () => {
  // A closed <details> may hold a tab group whose hidden panel is deferred itself: the whole still comes back.
  const field = (i: number) =>
    `<details><summary>field ${i}</summary><div><ul><li>a</li><li>b</li></ul><div role="tabpanel" hidden="">variant ${i}</div></div></details>`;
  const open = '<details open=""><summary>body</summary><div><p>shown</p></div></details>';
  const html = `<div>${open}${Array.from({length: 5}, (_, i) => field(i)).join('')}</div>`;
  // Under the bound: every closed <details> keeps its body (a reader without JavaScript opens it).
  const small = deferHiddenPanels(html, {detailsAbove: 1000});
  assert.deepEqual(small.deferred, ['variant 0', 'variant 1', 'variant 2', 'variant 3', 'variant 4'], 'only the hidden panels');
  assert.equal(fullReferenceHtml(small), html);
  const file = deferHiddenPanels(html, {detailsAbove: 10});
  assert.equal(file.deferred.length, 10, 'each hidden panel, then each closed <details> body, the open one kept');
  assert.match(file.html, /<details open=""><summary>body<\/summary><div><p>shown<\/p><\/div><\/details>/);
  assert.match(file.html, /<details><summary>field 0<\/summary><div data-deferred="5"><\/div><\/details>/);
  assert.match(file.deferred[5], /<div role="tabpanel" hidden="" data-deferred="0"><\/div>/);
  assert.equal(fullReferenceHtml(file), html);
});
