/**
 * Every request the guides and API docs pages show states a status its operation documents, and every response body
 * shown validates against the spec's schema for that operation and status. The convention for stating a status is at
 * the top of tools/docs/doc-requests.ts. Then the requests are sent to the sandbox (`npm run mock`), page by page in page
 * order under one key per page (`sk_sandbox_docs_requests_<page>`), so that state carries from one to the next; every
 * body it answers validates too:
 * - a 2xx is what the request, as written, must answer;
 * - a 401 example is sent without its key; another error example cannot be asked of a sandbox that behaves like
 *   NovaRamp (Prism's `Prefer: code=` is gone), so it is checked against the spec only;
 * - the sequence pages (tools/content/step-connection.ts) are followed in every language, their embedded workflow
 *   steps included, by tests/spec/docs-snippets.test.ts: here their requests are checked against the spec only.
 * A workflow step a page embeds (`::workflow-step`) is checked against its step's operation.
 */
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import {SITE_ROOT} from '../../tools/cli';
import {API_KEY_PLACEHOLDER, extractDocRequests, extractPage, type DocRequest, type StatedStatus} from '../../tools/docs/doc-requests';
import {sharedOrOwnMock, type MockServer} from '../../tools/site/mock-server';
import type {UnknownObject} from '../../tools/openapi/json';
import {documentedStatuses, findOperation, responseSchemaPointer, specValidator} from '../../tools/spec/spec-lookup';
import {SEQUENCE_PAGES} from '../../tools/content/step-connection';
import {workflowSteps} from '../../src/plugins/workflow-steps/generate/guide-steps';
import {stepKey} from '../../src/plugins/workflow-steps/generate/pages';

/** The sandbox key of a page: a sandbox of its own, seeded on its first request. */
const pageKey = (file: string) =>
  `sk_sandbox_docs_requests_${file
    .replace(/^docs\//, '')
    .replace(/\.md$/, '')
    .replace(/\W/g, '_')}`;
const extracted = extractDocRequests(SITE_ROOT);

let mock: MockServer;
let spec: UnknownObject;
let validate: ReturnType<typeof specValidator>;

before(async () => {
  // The mock bundles the spec afresh and serves that bundle: the requests and the schemas come from the same one.
  mock = await sharedOrOwnMock(SITE_ROOT);
  spec = mock.spec;
  validate = specValidator(spec);
});
after(async () => {
  await mock?.stop();
});

/**
 * What each page's earlier answers carry to its later requests: a value a shown body holds (an id, a cursor) that the
 * sandbox returned otherwise at the same place, by page. A reader sends the value they got, not the page's.
 */
const carried = new Map<string, Map<string, string>>();

function carry(file: string, shown: unknown, actual: unknown): void {
  const values = carried.get(file) ?? carried.set(file, new Map()).get(file)!;
  if (typeof shown === 'string' && typeof actual === 'string' && shown !== actual && shown.length >= 8) values.set(shown, actual);
  else if (Array.isArray(shown) && Array.isArray(actual)) shown.forEach((v, i) => carry(file, v, actual[i]));
  else if (shown && actual && typeof shown === 'object' && typeof actual === 'object')
    for (const [k, v] of Object.entries(shown)) carry(file, v, (actual as Record<string, unknown>)[k]);
}

const carriedInto = (file: string, text: string): string => [...(carried.get(file) ?? [])].reduce((t, [shown, actual]) => t.split(shown).join(actual), text);

/** Checks the bodies a page shows for one status of an operation against the spec's schema of that response. */
function checkBodies(req: DocRequest, op: NonNullable<ReturnType<typeof findOperation>>, status: number, stated: StatedStatus[], mediaType?: string): void {
  const schema = responseSchemaPointer(spec, op, status, mediaType);
  for (const s of stated) {
    if (!s.body) continue;
    const at: string = `${req.file}:${s.body.line}: the ${status} body shown for ${op.method.toUpperCase()} ${op.template}`;
    assert.ok(schema, `${at}: the spec's ${status} response has no body`);
    let shown: unknown;
    assert.doesNotThrow(() => (shown = JSON.parse(s.body!.text)), `${at} is not JSON`);
    const problem = validate(schema.pointer, shown);
    assert.equal(problem, undefined, `${at} does not match the spec (${schema.pointer}): ${problem}`);
  }
}

/** A workflow step a page embeds, for one stated status: the status is one its operation documents, the bodies its schema's. */
async function checkStep(req: DocRequest, stated: StatedStatus[]): Promise<void> {
  const {status} = stated[0];
  const {workflow, step} = req.step!;
  const where = `${req.file}:${req.line} ::workflow-step{workflow="${workflow}" step="${step}"}`;
  const embed = (await workflowSteps(SITE_ROOT)).get(stepKey(workflow, step));
  assert.ok(embed, `${where}: no such step in openapi/workflows/`);
  const op = findOperation(spec, embed.method, embed.path);
  assert.ok(op, `${where}: the spec has no operation ${embed.method} ${embed.path}`);
  const documented = documentedStatuses(op);
  assert.ok(documented.includes(status), `${where}: the page states ${status}, the spec documents ${documented.join(', ')} for ${embed.method} ${op.template}`);
  checkBodies(req, op, status, stated);
}

/**
 * Checks one documented request for one stated status against the spec and, when `send` (a page outside the sequence
 * pages) and the sandbox can be made to answer that status, sends it and checks the answer.
 */
async function check(req: DocRequest, stated: StatedStatus[], send = true): Promise<void> {
  if (req.step) return checkStep(req, stated);
  const {status} = stated[0];
  const where = `${req.file}:${req.line} ${req.method} ${req.path}`;
  const op = findOperation(spec, req.method, req.path);
  assert.ok(op, `${where}: the spec has no operation ${req.method} for this path`);
  const documented = documentedStatuses(op);
  assert.ok(documented.includes(status), `${where}: the page states ${status}, the spec documents ${documented.join(', ')} for ${req.method} ${op.template}`);

  if (!send || (status >= 300 && status !== 401)) return checkBodies(req, op, status, stated);
  const headers = new Headers();
  for (const [name, value] of req.headers) headers.append(name, value.replace(API_KEY_PLACEHOLDER, pageKey(req.file)));
  // A 401 example is the request without its key.
  if (status === 401) headers.delete('Authorization');
  const body = req.body === undefined ? undefined : carriedInto(req.file, req.body);
  const res = await fetch(`${mock.origin}${carriedInto(req.file, req.path)}`, {method: req.method, headers, body, signal: AbortSignal.timeout(10_000)});
  const text = await res.text();
  assert.equal(res.status, status, `${where}: the sandbox answered ${res.status}, the page states ${status}\n${text}`);
  const shown = stated.find((s) => s.body)?.body;
  if (shown && status < 300) carry(req.file, JSON.parse(shown.text), JSON.parse(text));

  const mediaType = res.headers.get('content-type')?.split(';')[0].trim();
  const schema = responseSchemaPointer(spec, op, status, mediaType);
  if (schema) {
    assert.equal(mediaType, schema.mediaType, `${where}: the sandbox answered ${mediaType}, the spec documents ${schema.mediaType}`);
    const problem = validate(schema.pointer, JSON.parse(text));
    assert.equal(problem, undefined, `${where}: the sandbox's ${status} body does not match the spec (${schema.pointer}): ${problem}`);
  }
  checkBodies(req, op, status, stated, mediaType);
}

test('every curl request in the docs parses and states the status it answers', () => {
  assert.ok(
    extracted.pages.some((p) => p.requests.length > 0),
    'no curl request found in docs/guides or docs/api',
  );
  assert.deepEqual(extracted.problems, []);
});

const results = new Map<string, {requests: number; checks: number; passed: number}>();

for (const page of extracted.pages.filter((p) => p.requests.length)) {
  const tally = {requests: page.requests.length, checks: 0, passed: 0};
  results.set(page.file, tally);
  describe(page.file, () => {
    for (const req of page.requests) {
      const byStatus = new Map<number, StatedStatus[]>();
      for (const s of req.statuses) byStatus.set(s.status, [...(byStatus.get(s.status) ?? []), s]);
      for (const [status, stated] of byStatus) {
        tally.checks++;
        test(`line ${req.line}: ${req.step ? `workflow step ${req.step.workflow}/${req.step.step}` : `${req.method} ${req.path}`} → ${status}`, async () => {
          await check(req, stated, !SEQUENCE_PAGES.includes(page.file));
          tally.passed++;
        });
      }
    }
  });
}

test('every sequence page has requests this test runs (a guide that loses them is caught); the tally per page', (t) => {
  for (const [file, r] of results) t.diagnostic(`${file}: ${r.requests} requests, ${r.passed}/${r.checks} status checks pass`);
  assert.deepEqual(
    SEQUENCE_PAGES.filter((file) => !results.get(file)?.checks),
    [],
    'sequence pages without a checked request',
  );
});

test('the check catches a body off the schema, a status the spec lacks, a request the sandbox rejects and an unknown path', async () => {
  const auth: [string, string][] = [['Authorization', `Bearer ${API_KEY_PLACEHOLDER}`]];
  const req = (method: string, p: string, statuses: StatedStatus[], body?: string): DocRequest => ({
    file: 'page.md',
    line: 1,
    method,
    base: 'https://api.sandbox.novaramp.example/v1',
    path: p,
    headers: auth,
    body,
    statuses,
  });
  const coins = req('GET', '/coins', [{status: 200, line: 3, body: {text: '{"data": "none", "has_more": false, "next_cursor": null}', line: 4}}]);
  await assert.rejects(check(coins, coins.statuses), /page\.md:4: the 200 body shown for GET \/coins does not match the spec/);
  const created = req('GET', '/coins', [{status: 201, line: 3}]);
  await assert.rejects(check(created, created.statuses), /the page states 201, the spec documents 200/);
  const invalid = req('POST', '/accounts', [{status: 201, line: 3}], '{}');
  await assert.rejects(check(invalid, invalid.statuses), /the sandbox answered 400, the page states 201/);
  const nowhere = req('GET', '/nowhere', [{status: 200, line: 3}]);
  await assert.rejects(check(nowhere, nowhere.statuses), /the spec has no operation GET for this path/);
});

describe('the convention of tools/docs/doc-requests.ts', () => {
  const page = (md: string) => extractPage('page.md', md);
  const curl =
    'curl -X POST https://api.sandbox.novaramp.example/v1/webhooks \\\n  -H "Authorization: Bearer $NOVARAMP_API_KEY" \\\n  -H "Idempotency-Key: $(uuidgen)" \\\n  -d \'{"url": "it\'\'s"}\'';

  test('a titled json block after a request is its body; a title on the request block states a status with no body', () => {
    const {requests, problems} = page(
      `\`\`\`bash\n${curl}\n\`\`\`\n\ntext\n\n\`\`\`json title="201 Created"\n{"id": "whk_1"}\n\`\`\`\n\n\`\`\`json\n{"event": 1}\n\`\`\`\n\n\`\`\`sh title="204 No Content"\ncurl -X DELETE https://api.novaramp.example/v1/webhooks/whk_1 -H "Authorization: Bearer sk_sandbox_..."\n\`\`\`\n`,
    );
    assert.deepEqual(problems, []);
    assert.equal(requests.length, 2);
    const [post, del] = requests;
    assert.equal(post.method, 'POST');
    assert.equal(post.path, '/webhooks');
    assert.equal(post.line, 2);
    assert.equal(post.body, '{"url": "its"}');
    assert.deepEqual(post.headers[0], ['Authorization', `Bearer ${API_KEY_PLACEHOLDER}`]);
    assert.match(post.headers[1][1], /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.deepEqual(post.statuses, [{status: 201, line: 10, body: {text: '{"id": "whk_1"}', line: 11}}]);
    assert.equal(del.method, 'DELETE');
    assert.deepEqual(del.statuses, [{status: 204, line: 18}]);
  });

  test('a request without a status, a wrong reason phrase, an unknown host, variable or option, a misplaced title and an orphan body are errors with their line', () => {
    const {problems} = page(
      [
        '```bash\ncurl https://api.sandbox.novaramp.example/v1/coins\n```',
        '```json title="200 Ok"\n{}\n```',
        '```bash title="200 OK"\ncurl https://api.elsewhere.example/v1/coins\n```',
        '```bash title="200 OK"\ncurl -H "Authorization: Bearer $TOKEN" https://api.novaramp.example/v1/coins\n```',
        '```bash title="200 OK"\ncurl -u me:pw https://api.novaramp.example/v1/coins\n```',
        '```bash title="200 OK"\nnpm run mock\n```',
        '```text title="201 Created"\nCreated\n```',
      ].join('\n\n'),
    );
    assert.deepEqual(problems, [
      'page.md:5: title "200 Ok": write the status as "200 OK"',
      'page.md:10: URL https://api.elsewhere.example/v1/coins is not under a documented base URL (https://api.sandbox.novaramp.example/v1, https://api.novaramp.example/v1, http://127.0.0.1:4010)',
      'page.md:14: unknown shell variable $TOKEN: use $NOVARAMP_API_KEY for the key, or an UPPER_CASE *_ID variable an earlier sample set',
      'page.md:18: curl option -u is not supported by the docs request check (tools/docs/doc-requests.ts)',
      'page.md:21: a status title on a block without a curl request',
      "page.md:25: a status title goes on a json response block or on the request's own block, not on a text block",
      'page.md:2: GET /coins states no status: title its response block (```json title="200 OK") or, with no body shown, its own block (```bash title="204 No Content")',
    ]);
    assert.deepEqual(page('```json title="404 Not Found"\n{}\n```').problems, ['page.md:1: a 404 response body with no curl request above it on the page']);
  });
});
