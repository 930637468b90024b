/**
 * The Markdown copies of operation pages, written from the reference model (tools/reference/markdown.ts), and the
 * build step that puts them in place (src/plugins/agent-markdown/index.ts `finishMarkdown`), on a small spec of
 * their own (tests/fixtures/markdown/payments.json): every part of an operation under a heading that names it,
 * schemas described once, links absolute, the same rows as the HTML page rendered from the same model; on bad
 * input, an error naming the file and nothing written. The copies of the real site are checked over the build in
 * tests/site/markdown.test.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {GENERATED_DIR, type ApiManifestEntry} from '../../../src/data/api-table';
import type {CodeSample} from '../../../src/data/operation';
import {hasMarkdownCopy, markdownDirective, markdownPath} from '../../../src/data/agent-docs';
import {SITE_URL} from '../../../src/data/brand';
import {MODEL_FOLDER, operationFileName} from '../../../src/data/static-reference';
import {SAMPLE_SOURCES_FOLDER} from '../../../src/plugins/operation-page/generate/code-samples';
import {finishMarkdown, llmsTxtCopies, MarkdownGenerationError} from '../../../src/plugins/agent-markdown/finish';
import {absoluteLinks, fence} from '../../../tools/reference/markdown-text';
import rehypeDocusaurus from '../../../src/plugins/agent-markdown/rehype-docusaurus';
import type {ApiDocument} from '../../../tools/openapi/document';
import {loadApi} from '../../../tools/openapi/load';
import {buildOperationModel} from '../../../tools/reference/build';
import {elementsOf, parseHtml, textOf} from '../../../tools/reference/completeness';
import {renderReferenceHtml} from '../../../tools/reference/html';
import {operationMarkdown} from '../../../tools/reference/markdown';
import type {OperationModel} from '../../../tools/reference/model';

const FIXTURE = path.join(__dirname, '..', '..', 'fixtures', 'markdown', 'payments.json');
const docs = (p: string) => p.startsWith('/docs/');
let api: ApiDocument;
const model = (id: string): OperationModel => {
  const op = api.operations().find((o) => o.operationId === id);
  assert.ok(op, id);
  return buildOperationModel(api, op, {api: 'accounts'});
};
const copy = (id: string, codeSamples: CodeSample[] = []) => operationMarkdown({model: model(id), codeSamples, hasMarkdown: docs});

/** The headings of a Markdown text, in order. */
const headings = (md: string) => md.split('\n').filter((l) => /^#{1,6} /.test(l));

before(async () => {
  api = await loadApi(FIXTURE);
});

test('an operation page has every part of the operation under a heading that names it', () => {
  const md = copy('createPayout', [{lang: 'cURL', label: 'cURL', source: 'curl -d "```"'}]);
  assert.deepEqual(headings(md), [
    '# Create a payout',
    '## Servers',
    '## Authentication',
    '## Request',
    '### Path parameters',
    '### Header parameters',
    '### Request body (application/json)',
    '#### Request body example (application/json)',
    '## Responses',
    '### Response 201 Created',
    '#### Response 201 Created headers',
    '#### Response 201 Created body (application/json)',
    '##### Response 201 Created example (application/json)',
    '### Response 400 Bad Request',
    '#### Response 400 Bad Request headers',
    '#### Response 400 Bad Request body (application/problem+json)',
    '##### Response 400 Bad Request example (application/problem+json)',
    '### Response 404 Not Found',
    '#### Response 404 Not Found body (application/problem+json)',
    '##### Response 404 Not Found example (application/problem+json)',
    '## Code samples',
    '### cURL',
  ]);
  assert.match(md, /^`POST \/accounts\/\{account_id\}\/payouts` \(operation ID `createPayout`\)$/m);
  // Each public server with the endpoint as the page's request panel writes it; the scope the operation needs.
  assert.match(
    md,
    /- `https:\/\/api\.sandbox\.novaramp\.example\/v1`: Sandbox\. This endpoint: `https:\/\/api\.sandbox\.novaramp\.example\/v1\/accounts\/:account_id\/payouts`/,
  );
  assert.doesNotMatch(md, /127\.0\.0\.1/);
  assert.match(md, /Requires `ApiKey` \(HTTP bearer: `Authorization: Bearer <credential>`\), scopes `payouts:write`\./);
  // Parameters: name, then the page's words in the page's order (its type label, required), then what the copy
  // adds (the JSON type behind the name); description, constraints, example.
  assert.match(
    md,
    /- \*\*`account_id`\*\* AccountId required \(type string\)\n\n {2}The account\.\n\n {2}\*\*Possible values:\*\* Value must match regular expression `\^acc_\[A-Za-z0-9\]\{16\}\$`\n\n {2}\*\*Example:\*\* `acc_7Hq2LmX9pR4sT8vW`/,
  );
  assert.match(md, /- \*\*`Idempotency-Key`\*\* string required[\s\S]*?`>= 8 characters` and `<= 64 characters`[\s\S]*?\*\*Example:\*\* `5f1c2b7e-3d4a-4e8b`/);
  // The body's variants, each with every field (the ones beside the variants too) and what it requires.
  assert.match(
    md,
    /- Exactly one of these 2 variants:\n {2}- Variant 1 of 2: To a bank account\n\n {4}Requires `bank_account_id`, `amount`\.\n\n {4}- \*\*`bank_account_id`\*\* string required\n {4}- \*\*`wallet_id`\*\* string\n/,
  );
  assert.match(
    md,
    /- Variant 2 of 2: To a wallet\n\n {4}Requires `wallet_id`, `amount`\.\n\n {4}- \*\*`bank_account_id`\*\* string\n {4}- \*\*`wallet_id`\*\* string required\n/,
  );
  assert.match(md, /- No other properties are accepted\./);
  // allOf merged: every field of both parts, nested objects as nested lists.
  for (const field of ['id', 'status', 'amount', 'fee', 'note']) assert.match(md, new RegExp(`- \\*\\*\`${field}\`\\*\\*`), field);
  assert.match(md, /- \*\*`status`\*\* string required[\s\S]*?\*\*Possible values:\*\* \[`pending`, `completed`\][\s\S]*?\*\*Default value:\*\* `pending`/);
  // A nullable oneOf: its value's type, and that it may be null.
  assert.match(md, /- \*\*`note`\*\* string \| null nullable\n\n {2}Your note\.\n\n {2}\*\*Possible values:\*\* `<= 140 characters`/);
  assert.match(md, / {2}- \*\*`currency`\*\* string required\n\n {4}\*\*Possible values:\*\* \[`EUR`, `USD`\]/);
  // A named schema is described once per copy; later uses point back to it.
  assert.match(md, /Fields as in `Money`, listed under Response 201 Created body \(application\/json\) › `amount`\./);
  assert.equal(md.match(/A decimal string\./g)?.length, 2, 'once in requests, once in responses');
  assert.match(md, /### Response 404 Not Found[\s\S]*Fields as in `Problem`, listed under Response 400 Bad Request body \(application\/problem\+json\)\./);
  assert.match(md, /#### Response 400 Bad Request headers\n\n- \*\*`Request-Id`\*\*: as under Response 201 Created\./);
  // Examples, verbatim JSON.
  assert.ok(md.includes(fence(JSON.stringify({bank_account_id: 'bnk_1', amount: {value: '10.00', currency: 'EUR'}}, null, 2), 'json')));
  assert.ok(md.includes(fence(JSON.stringify({code: 'resource_not_found', status: 404}, null, 2), 'json')));
  // Links are absolute (to the Markdown copy of a page); code stays as written; a fence survives backticks.
  assert.match(md, /\[Idempotency\]\(https:\/\/docs\.novaramp\.example\/docs\/api\/error-handling\.md#idempotency\)/);
  assert.match(md, /`\[not a link\]\(\/docs\/x\)`/);
  assert.match(md, /````bash\ncurl -d "```"\n````/);
});

const classes = (el: {attribs: Record<string, string>}) => (el.attribs.class ?? '').split(/\s+/);

test('the reference rows and the copy say the same words in the same order: name, type label, qualifiers', () => {
  const m = model('createPayout');
  const html = renderReferenceHtml(m, {foreign: false, componentFile: () => 'x.json', links: [], problems: []});
  // The text of each row (name, type, qualifiers) as text extraction reads it.
  const rows = elementsOf(parseHtml(html))
    .filter((el) => classes(el).includes('novaramp-ref-row'))
    .map((el) => textOf(el).replace(/\s+/g, ' ').trim());
  assert.ok(rows.includes('account_id AccountId required'), rows.join(' | '));
  assert.ok(rows.includes('Idempotency-Key string required'), rows.join(' | '));
  assert.ok(rows.includes('amount object required'), rows.join(' | '));
  // Every row's words start an item of the copy made from the same model.
  const md = operationMarkdown({model: m, codeSamples: [], hasMarkdown: docs});
  const items = md
    .split('\n')
    .filter((l) => /^\s*- \*\*`/.test(l))
    .map((l) => l.replace(/[*`]/g, '').replace(/^\s*- /, ''));
  const unmatched = rows.filter((row) => !items.some((item) => item === row || item.startsWith(`${row} `)));
  assert.deepEqual(unmatched, []);
  // The request body's heading names its media type, with `required` a separate word.
  assert.match(
    html,
    /<h3 class="novaramp-ref-summary-heading">Request body \(application\/json\) <strong class="novaramp-ref-required">required<\/strong><\/h3>/,
  );
});

test('a webhook event page says who sends it and what the endpoint receives', () => {
  const md = copy('payoutCompletedEvent');
  assert.deepEqual(headings(md).slice(0, 4), [
    '# payout.completed',
    '## Authentication',
    '## Request (what your endpoint receives)',
    '### Request body (application/json)',
  ]);
  assert.match(md, /^Webhook event `payout\.completed`: NovaRamp sends it as an HTTP `POST` request to your webhook endpoint\./m);
  assert.doesNotMatch(md, /## Servers|## Code samples/);
  assert.match(md, /### Response 200 OK\n\nAcknowledge with any 2xx\./);
});

test('links become absolute, to the Markdown copy when the page has one', () => {
  const md = '[a](/docs/a#x) [b](/openapi/novaramp.yaml) [c](https://example.com/x) `[d](/docs/d)` ![e](/img/e.svg)\n\n[f]: /docs/f\n';
  assert.equal(
    absoluteLinks(md, docs),
    `[a](${SITE_URL}/docs/a.md#x) [b](${SITE_URL}/openapi/novaramp.yaml) [c](https://example.com/x) \`[d](/docs/d)\` ![e](${SITE_URL}/img/e.svg)\n\n[f]: ${SITE_URL}/docs/f.md\n`,
  );
  // A definition's URL on the next line; prose with no root-relative URL comes back as it is.
  assert.equal(absoluteLinks('[i]:\n  /docs/i\n', docs), `[i]:\n  ${SITE_URL}/docs/i.md\n`);
  const prose = 'See [the guide](https://example.com/g) or `](/x` in code: [j] [k][].';
  assert.equal(absoluteLinks(prose, docs), prose);
});

let site: string;
let out: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, text);
};
const entry = (operationId: string, route: string): ApiManifestEntry => ({
  operationId,
  api: 'accounts',
  docId: `api/reference/accounts/${operationId}`,
  route,
  method: 'post',
  category: path.posix.dirname(route.slice('/docs'.length)),
  label: operationId,
});
const LLMS_TXT = `# Docs\n\n> Index.\n\n- [Home](${SITE_URL}/index.md)\n\n## Guides\n\n- [Guide](${SITE_URL}/docs/guides/a.md): A guide.\n- [Create a payout](${SITE_URL}/docs/api/account/create-payout.md)\n- [payout.completed](${SITE_URL}/docs/api/webhook/events/payout-completed.md)\n`;

/** A build as the llms-txt plugin leaves it: llms.txt, converted copies; the manifest and the models gen:api wrote. */
function fakeBuild(manifest: ApiManifestEntry[]) {
  fs.rmSync(site, {recursive: true, force: true});
  write(path.join(site, 'manifest.json'), JSON.stringify(manifest));
  for (const id of ['createPayout', 'payoutCompletedEvent'])
    write(path.join(site, GENERATED_DIR, MODEL_FOLDER, operationFileName('accounts', id)), JSON.stringify(model(id)));
  write(path.join(out, 'llms.txt'), LLMS_TXT);
  write(path.join(out, 'index.md'), '# Home\n');
  write(path.join(out, 'docs/guides/a.md'), '# Guide\n\nConverted from HTML.\n');
  write(path.join(out, 'docs/api/account/create-payout.md'), '# Create a payout\n\nConverted from HTML.\n');
  write(path.join(out, 'docs/api/webhook/events/payout-completed.md'), '# payout.completed\n\nConverted from HTML.\n');
  // The samples gen:api recorded beside the pages (src/plugins/operation-page/generate/code-samples.ts), events have none.
  write(path.join(site, GENERATED_DIR, SAMPLE_SOURCES_FOLDER, operationFileName('accounts', 'createPayout')), JSON.stringify(SAMPLES));
  write(path.join(site, GENERATED_DIR, SAMPLE_SOURCES_FOLDER, operationFileName('accounts', 'payoutCompletedEvent')), '[]');
}
const SAMPLES: CodeSample[] = [
  {lang: 'cURL', label: 'cURL', source: "curl -L 'https://api.sandbox.novaramp.example/v1/accounts/acc_7Hq2LmX9pR4sT8vW/payouts'"},
  {lang: 'Node.js', label: 'Axios', source: "const axios = require('axios');"},
];

before(() => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'md-site-'));
  out = path.join(site, 'build');
});
after(() => fs.rmSync(site, {recursive: true, force: true}));

test('the build step writes operation pages from their models, the directive on every copy, and llms-full.txt', async () => {
  fakeBuild([entry('createPayout', '/docs/api/account/create-payout'), entry('payoutCompletedEvent', '/docs/api/webhook/events/payout-completed')]);
  assert.deepEqual(await finishMarkdown(site, out, 'manifest.json'), {operations: 2, copies: 4, components: 0});
  const read = (p: string) => fs.readFileSync(path.join(out, p), 'utf8');
  const operation = read('docs/api/account/create-payout.md');
  assert.ok(operation.startsWith(`${markdownDirective('/docs/api/account/create-payout')}\n\n# Create a payout\n`));
  assert.doesNotMatch(operation, /Converted from HTML/);
  // The samples are the ones gen:api recorded for the page, each under the title the page gives it.
  assert.match(
    operation,
    /## Code samples\n\n### cURL\n\n```bash\ncurl -L 'https:\/\/api\.sandbox\.novaramp\.example\/v1\/accounts\/acc_7Hq2LmX9pR4sT8vW\/payouts'\n```\n\n### Node\.js · Axios\n\n```javascript\nconst axios = require\('axios'\);\n```\n/,
  );
  assert.equal(read('docs/guides/a.md'), `${markdownDirective('/docs/guides/a')}\n\n# Guide\n\nConverted from HTML.\n`);
  assert.match(read('index.md'), /^> Markdown copy of https:\/\/docs\.novaramp\.example\/\. For AI agents: .*https:\/\/docs\.novaramp\.example\/llms\.txt/);
  // llms-full.txt: the index, then every copy in llms.txt's order but the home page.
  const full = read('llms-full.txt');
  assert.ok(full.startsWith(`${LLMS_TXT}\n\n---\n\n# Full Documentation Content\n\n`));
  const order = ['docs/guides/a.md', 'docs/api/account/create-payout.md', 'docs/api/webhook/events/payout-completed.md'].map((p) => full.indexOf(read(p)));
  assert.ok(
    order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1])),
    `copies in llms.txt order: ${order}`,
  );
  assert.ok(!full.includes('# Home'));
  assert.deepEqual(llmsTxtCopies(LLMS_TXT), [
    '/index.md',
    '/docs/guides/a.md',
    '/docs/api/account/create-payout.md',
    '/docs/api/webhook/events/payout-completed.md',
  ]);
});

test('an operation without a model fails the step, naming the file to generate, and writes nothing', async () => {
  fakeBuild([entry('createPayout', '/docs/api/account/create-payout'), entry('deletePayout', '/docs/api/account/delete-payout')]);
  await assert.rejects(finishMarkdown(site, out, 'manifest.json'), (e: Error) => {
    assert.ok(e instanceof MarkdownGenerationError);
    assert.match(e.message, /^docs\/api\/reference\/models\/accounts\/deletePayout\.json is missing: run `npm run gen:api`/);
    return true;
  });
  assert.equal(fs.readFileSync(path.join(out, 'docs/guides/a.md'), 'utf8'), '# Guide\n\nConverted from HTML.\n');
  assert.equal(fs.readFileSync(path.join(out, 'docs/api/account/create-payout.md'), 'utf8'), '# Create a payout\n\nConverted from HTML.\n');
});

test('an operation whose samples gen:api did not record fails the step, naming the file to generate, and writes nothing', async () => {
  fakeBuild([entry('createPayout', '/docs/api/account/create-payout')]);
  fs.rmSync(path.join(site, GENERATED_DIR, SAMPLE_SOURCES_FOLDER, operationFileName('accounts', 'createPayout')));
  await assert.rejects(finishMarkdown(site, out, 'manifest.json'), (e: Error) =>
    /^docs\/api\/reference\/samples\/accounts\/createPayout\.json is missing: run `npm run gen:api`/.test(e.message),
  );
  assert.equal(fs.readFileSync(path.join(out, 'docs/api/account/create-payout.md'), 'utf8'), '# Create a payout\n\nConverted from HTML.\n');
});

test('an llms.txt link to a copy that was not written fails the step', async () => {
  fakeBuild([entry('createPayout', '/docs/api/account/create-payout'), entry('payoutCompletedEvent', '/docs/api/webhook/events/payout-completed')]);
  fs.rmSync(path.join(out, 'docs/guides/a.md'));
  await assert.rejects(
    finishMarkdown(site, out, 'manifest.json'),
    /llms\.txt links to https:\/\/docs\.novaramp\.example\/docs\/guides\/a\.md, which was not written\./,
  );
  assert.equal(fs.readFileSync(path.join(out, 'index.md'), 'utf8'), '# Home\n');
});

test('pages without a Markdown copy: the search page and the lists of blog posts, not the posts', () => {
  for (const route of ['/search', '/blog', '/blog/page/2', '/blog/tags', '/blog/tags/quotes', '/blog/authors', '/blog/archive'])
    assert.equal(hasMarkdownCopy(route), false, route);
  for (const route of ['/', '/docs/guides/welcome-guide', '/blog/2025/03/18/sandbox-and-webhooks', '/blogroll'])
    assert.equal(hasMarkdownCopy(route), true, route);
  assert.equal(markdownPath('/'), '/index.md');
  assert.equal(markdownPath('/docs/a/'), '/docs/a.md');
});

test('the tabs of a page become headings of their labels, every tab set one level below the section it is in', () => {
  type H = {type: string; tagName?: string; properties?: Record<string, unknown>; children?: H[]; value?: string};
  const el = (tagName: string, properties: Record<string, unknown>, children: H[]): H => ({type: 'element', tagName, properties, children});
  const txt = (value: string): H => ({type: 'text', value});
  const tabSet = (labels: string[]) =>
    // relies on: openapi-tabs
    el('div', {className: ['tabs-container']}, [
      el(
        'ul',
        {role: 'tablist'},
        labels.map((l) => el('li', {role: 'tab'}, [txt(l)])),
      ),
      el(
        'div',
        {},
        labels.map((l) => el('div', {role: 'tabpanel'}, [el('p', {}, [txt(`${l} sample`)])])),
      ),
    ]);
  // Two tab sets in a section, the second inside a list item (a numbered step of a guide).
  const tree: H = {
    type: 'root',
    children: [
      el('h2', {}, [txt('Steps')]),
      tabSet(['cURL', 'Python']),
      el('ol', {}, [el('li', {}, [tabSet(['cURL', 'Node.js'])])]),
      el('h3', {}, [txt('Next')]),
    ],
  };
  (rehypeDocusaurus() as (t: unknown) => void)(tree);
  const headings: string[] = [];
  const walk = (n: H) => {
    if (n.tagName && /^h\d$/.test(n.tagName)) headings.push(`${n.tagName} ${n.children?.map((c) => c.value).join('')}`);
    n.children?.forEach(walk);
  };
  walk(tree);
  assert.deepEqual(headings, ['h2 Steps', 'h3 cURL', 'h3 Python', 'h3 cURL', 'h3 Node.js', 'h3 Next']);
});
