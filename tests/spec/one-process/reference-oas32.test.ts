/**
 * OpenAPI 3.2 in the reference, one fixture per feature (tests/fixtures/reference/oas32-*.yaml): each read by the
 * kernel, built into the model (what the MCP server's get_operation answers: tools/mcp/spec-index.ts `describe`
 * returns the operation's model), rendered into the page's HTML and the Markdown copy with the feature where a
 * reader needs it, and each passing the nothing-lost check (tools/reference/completeness.ts). Also the code samples
 * of a QUERY operation, in every language we generate. No build.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import {test} from 'node:test';
import {CODE_SAMPLE_LANGUAGES} from '../../../src/data/api-table';
import {codeSamples} from '../../../src/plugins/operation-page/generate/code-samples';
import {pageMdx} from '../../../src/plugins/operation-page/generate/page';
import {tagTrails} from '../../../src/plugins/operation-page/generate/tag-trails';
import {SITE_ROOT} from '../../../tools/cli';
import type {ApiDocument} from '../../../tools/openapi/document';
import {loadApi} from '../../../tools/openapi/load';
import {buildOperationModel, buildTagTree} from '../../../tools/reference/build';
import {elementsOf, htmlContext, lostRows, parseHtml, render, textOf} from '../../../tools/reference/completeness';
import {renderReferenceHtml} from '../../../tools/reference/html';
import {tagTrailLabels, type OperationModel, type SchemaView} from '../../../tools/reference/model';
import {exampleRequest} from '../../../tools/reference/request';

const FIXTURES = 'tests/fixtures/reference';
const loaded = new Map<string, Promise<ApiDocument>>();
const load = (file: string): Promise<ApiDocument> => {
  if (!loaded.has(file)) loaded.set(file, loadApi(path.join(FIXTURES, file), {siteDir: SITE_ROOT}));
  return loaded.get(file) as Promise<ApiDocument>;
};

interface Rendered {
  api: ApiDocument;
  model: OperationModel;
  /** The page's reference HTML, and its text. */
  html: string;
  text: string;
  /** The Markdown copy (the operation's, then the components it shows apart). */
  md: string;
  /** The model as get_operation returns it (JSON). */
  mcp: string;
}

async function rendered(file: string, operationId: string): Promise<Rendered> {
  const api = await load(file);
  const op = api.operations().find((o) => o.operationId === operationId);
  assert.ok(op, `${file} has the operation ${operationId}`);
  const model = buildOperationModel(api, op, {api: 'fixture'});
  const renderings = render(api, model);
  assert.deepEqual(lostRows(model, renderings), [], `nothing is lost from ${operationId}`);
  const html = renderReferenceHtml(model, htmlContext());
  return {api, model, html, text: textOf(parseHtml(html)), md: [...renderings.markdown.values()].join('\n'), mcp: JSON.stringify(model)};
}

const byClass = (html: string, cls: string) => elementsOf(parseHtml(html)).filter((el) => (el.attribs.class ?? '').split(/\s+/).includes(cls));

test('QUERY and an additional method (PURGE) are operations with their method on the page, the copy and the sidebar', async () => {
  const query = await rendered('oas32-query.yaml', 'searchTransactions');
  assert.equal(query.model.method, 'query');
  assert.match(query.md, /^`QUERY \/transactions\/search` \(operation ID `searchTransactions`\)$/m);
  assert.match(query.md, /### Request body \(application\/json\)[\s\S]*- \*\*`status`\*\* string required/);
  const mdx = pageMdx({model: query.model, id: 'search', slug: '/api/search', referenceFile: 'x.json', descriptionHtml: '', badges: '', codeSamples: []});
  assert.match(mdx, /sidebar_class_name: query api-method/);
  assert.match(mdx, /method: query/);
  const purge = await rendered('oas32-query.yaml', 'purgeCacheEntry');
  assert.equal(purge.model.method, 'purge');
  assert.equal(purge.model.pointer, '#/paths/~1cache~1{key}/additionalOperations/PURGE');
  assert.match(purge.md, /^`PURGE \/cache\/\{key\}`/m);
  assert.deepEqual(
    purge.model.parameters.map((p) => `${p.in} ${p.name}`),
    ['path key'],
  );
  assert.match(purge.mcp, /"method":"purge"/);
});

test('a QUERY operation has a code sample in every language we generate, each sending QUERY with the body', async () => {
  const {model} = await rendered('oas32-query.yaml', 'searchTransactions');
  for (const typed of [true, false]) {
    const samples = codeSamples(model, {typed});
    const languages = CODE_SAMPLE_LANGUAGES.filter((l) => typed || l.generator !== 'openapi-fetch').map((l) => l.language);
    assert.deepEqual(
      samples.map((s) => s.language),
      languages,
    );
    for (const s of samples) {
      assert.match(s.source, /QUERY|'query'/i, `${s.lang} sends QUERY`);
      assert.match(s.source, /settled/, `${s.lang} sends the body`);
      assert.match(s.source, /transactions\/search/, `${s.lang} calls the path`);
    }
    if (typed) {
      // openapi-fetch's client has no QUERY function: the TypeScript sample uses fetch, which takes any method.
      const ts = samples.find((s) => s.language === 'typescript');
      assert.equal(ts?.label, 'fetch');
      assert.match(ts?.source ?? '', /method: "QUERY"/);
      assert.doesNotMatch(ts?.source ?? '', /client\.QUERY/);
    }
  }
  const purge = await rendered('oas32-query.yaml', 'purgeCacheEntry');
  assert.match(codeSamples(purge.model, {typed: false})[0].source, /-X PURGE/);
});

test('hierarchical tags: the model has the tag tree with summaries, and each operation its trail, on the page and in the copy', async () => {
  const api = await load('oas32-tags.yaml');
  const tree = buildTagTree(api);
  const shape = (nodes: typeof tree): unknown[] => nodes.map((t) => [t.name, t.summary, t.kind, ...(t.children.length ? [shape(t.children)] : [])]);
  assert.deepEqual(shape(tree), [
    [
      'payments',
      'Payments',
      'nav',
      [
        ['refunds', 'Refunds', 'nav'],
        ['disputes', 'Disputes', 'nav', [['chargebacks', 'Chargebacks', 'nav']]],
      ],
    ],
    ['beta', 'Beta', 'badge'],
  ]);
  assert.equal(tree[0].description, 'Money in and out.');
  const chargeback = await rendered('oas32-tags.yaml', 'getChargeback');
  assert.deepEqual(chargeback.model.tagPaths, [['payments', 'disputes', 'chargebacks']]);
  // The trail says what the sidebar says: each tag's summary (the fixture's are capitalised, its names are not).
  assert.match(chargeback.text, /In Payments › Disputes › Chargebacks/);
  assert.match(chargeback.md, /^In: Payments › Disputes › Chargebacks\.$/m);
  assert.match(chargeback.mcp, /"tagPaths":\[\["payments","disputes","chargebacks"\]\]/);
  assert.match(chargeback.mcp, /"tagSummaries":\{"payments":"Payments","disputes":"Disputes","chargebacks":"Chargebacks"\}/);
  const sidebar = tagTrails(api).get('getChargeback');
  assert.deepEqual(tagTrailLabels(chargeback.model)[0], sidebar?.map((t) => t.label).join(' › '));
  const refund = await rendered('oas32-tags.yaml', 'createRefund');
  assert.deepEqual(refund.model.tagPaths, [['payments', 'refunds'], ['beta']]);
  assert.match(refund.text, /In Payments › Refunds, Beta/);
  assert.match(refund.md, /^In: Payments › Refunds, Beta\.$/m);
  // A 3.1 API without nested tags keeps the model it had.
  const flat = await rendered('query-styles.yaml', 'listCharges');
  assert.equal(flat.model.tagPaths, undefined);
});

test("the page's tag trail names a tag without a summary by its name, as the sidebar does", async () => {
  const {ApiDocument} = await import('../../../tools/openapi/document');
  const api = new ApiDocument({
    openapi: '3.2.0',
    info: {title: 'Trail', version: '1'},
    tags: [
      {name: 'fiat', summary: 'Fiat money'},
      {name: 'fiat-withdrawals', summary: '  ', parent: 'fiat'},
    ],
    paths: {'/w': {get: {operationId: 'listWithdrawals', tags: ['fiat-withdrawals'], responses: {'200': {description: 'OK'}}}}},
  });
  const op = api.operations().find((o) => o.operationId === 'listWithdrawals');
  assert.ok(op);
  const model = buildOperationModel(api, op, {api: 'fixture'});
  assert.deepEqual(model.tagSummaries, {fiat: 'Fiat money'});
  assert.match(textOf(parseHtml(renderReferenceHtml(model, htmlContext()))), /In Fiat money › fiat-withdrawals/);
  assert.deepEqual(
    tagTrails(api)
      .get('listWithdrawals')
      ?.map((t) => t.label),
    ['Fiat money', 'fiat-withdrawals'],
  );
});

test('a tag whose parents lead back to it, or to no tag, stays at the top of the tree', async () => {
  const {ApiDocument} = await import('../../../tools/openapi/document');
  const api = new ApiDocument({
    openapi: '3.2.0',
    tags: [
      {name: 'a', parent: 'b'},
      {name: 'b', parent: 'a'},
      {name: 'c', parent: 'nowhere'},
      {name: 'd', parent: 'c'},
    ],
  });
  const names = (nodes: ReturnType<typeof buildTagTree>): unknown[] => nodes.map((t) => (t.children.length ? [t.name, names(t.children)] : t.name));
  assert.deepEqual(names(buildTagTree(api)), ['a', 'b', ['c', ['d']]]);
});

test('a querystring parameter is shown as the one schema it is, with its media type, and serialised in the example request', async () => {
  const {model, html, text, md, mcp} = await rendered('oas32-querystring.yaml', 'listPayments');
  const [p] = model.parameters;
  assert.equal(p.in, 'querystring');
  assert.equal(p.mediaType, 'application/x-www-form-urlencoded');
  assert.deepEqual(
    (p.schema as SchemaView).properties.map((x) => x.name),
    ['status', 'limit'],
  );
  assert.match(text, /Query String/);
  assert.match(text, /The whole query string is this one value, serialised as application\/x-www-form-urlencoded\./);
  assert.ok(byClass(html, 'novaramp-ref-param').length === 1, 'one parameter row');
  assert.match(text, /Example, as sent.*status=settled&limit=10/);
  assert.match(
    md,
    /### Query string\n\n- \*\*`filter`\*\* object\n\n {2}The whole query string is this one value, serialised as `application\/x-www-form-urlencoded`\./,
  );
  assert.match(md, /\*\*Example `settled`, as sent:\*\* `status=settled&limit=10`/);
  assert.match(mcp, /"in":"querystring"/);
  const request = exampleRequest(model);
  assert.deepEqual(request.query, [
    {key: 'status', value: 'settled'},
    {key: 'limit', value: '10'},
  ]);
  assert.match(codeSamples(model, {typed: false})[0].source, /\/payments\?status=settled&limit=10'/);
});

test('a sequential media type is a stream of items of its itemSchema, with an example sequence in its framing', async () => {
  const {model, html, text, md, mcp} = await rendered('oas32-stream.yaml', 'streamEvents');
  const [sse, jsonl] = model.responses[0].content;
  assert.equal(sse.mediaType, 'text/event-stream');
  assert.deepEqual(
    (sse.itemSchema as SchemaView).properties.map((x) => x.name),
    ['event', 'data', 'id'],
  );
  assert.equal(sse.schema, undefined);
  assert.match(text, /A stream of items \(Server-Sent Events: one event per item, events separated by a blank line\), each one object:/);
  assert.ok(byClass(html, 'novaramp-ref-stream').length === 2, 'each media type shows its stream');
  assert.match(text, /Example stream \(auto\)/);
  assert.match(text, /event: string\ndata: \{"type":"payment\.settled","created_at":"2024-01-01T00:00:00Z"\}\nid: string\n+event: string/);
  // The event's `data` is JSON of the Event schema (contentSchema): its fields are listed under it.
  const data = (sse.itemSchema as SchemaView).properties[1].schema as SchemaView;
  assert.equal(data.constraints.contentMediaType, 'application/json');
  assert.deepEqual(
    (data.contentSchema as SchemaView).properties.map((x) => x.name),
    ['type', 'created_at'],
  );
  assert.match(
    md,
    /- \*\*`data`\*\* string required\n\n {2}The event envelope, as JSON\.\n\n {2}\*\*Possible values:\*\* content `application\/json`\n\n {2}- \*\*`type`\*\* string required/,
  );
  assert.match(md, /A stream of items \(Server-Sent Events[^)]*\), each one object:\n\n- \*\*`event`\*\* string/);
  assert.match(
    md,
    /##### Response 200 OK example stream \(auto, text\/event-stream\)\n\n```\nevent: string\ndata: \{"type":"payment\.settled"[^\n]*\nid: string\n\nevent: string/,
  );
  // JSON Lines: one JSON value per line, the item a component.
  assert.equal((jsonl.itemSchema as SchemaView).name, 'Event');
  assert.match(md, /```\n\{"type":"payment\.settled","created_at":"2024-01-01T00:00:00Z"\}\n\{"type":"payment\.settled"/);
  assert.match(mcp, /"itemSchema":\{"kind":"schema"/);
  const exported = await rendered('oas32-stream.yaml', 'exportEvents');
  assert.match(exported.text, /A stream of items \(JSON text sequence: .*\(0x1E, shown ␞\)\), each one object \(Event\):/, 'a request body streams too');
  assert.match(exported.text, /Example stream \(auto\)[\s\S]*␞\{"type":"payment\.settled"/);
  assert.match(exported.md, /JSON text sequence[\s\S]*␞\{"type":"payment\.settled"/);
  assert.match(exported.md, /multipart\/mixed: one part per item[\s\S]*--item-boundary\nContent-Type: application\/json/);
});

test('$self and named servers are on the page and in the copy', async () => {
  const {model, text, md, mcp} = await rendered('oas32-servers-self.yaml', 'ping');
  assert.equal(model.self, 'https://api.fixture.example/openapi/servers.yaml');
  assert.deepEqual(
    model.servers.map((s) => s.name),
    ['production', 'sandbox'],
  );
  assert.match(text, /production: https:\/\/api\.fixture\.example\/v1 \(Live money\.\)/);
  assert.match(text, /sandbox: https:\/\/api\.sandbox\.fixture\.example\/v1/);
  assert.match(text, /From the API description https:\/\/api\.fixture\.example\/openapi\/servers\.yaml/);
  assert.match(md, /- \*\*production\*\*: `https:\/\/api\.fixture\.example\/v1`: Live money\./);
  assert.match(md, /From the API description `https:\/\/api\.fixture\.example\/openapi\/servers\.yaml`\./);
  assert.match(mcp, /"name":"sandbox"/);
});

test('a response summary is shown above its description and names its status tab', async () => {
  const {model, html, md} = await rendered('oas32-response-summary.yaml', 'getPayout');
  assert.deepEqual(
    model.responses.map((r) => r.summary),
    ['The payout', 'No such payout'],
  );
  assert.deepEqual(
    byClass(html, 'novaramp-ref-response-summary').map((el) => textOf(el)),
    ['The payout', 'No such payout'],
  );
  assert.deepEqual(
    byClass(html, 'novaramp-ref-status').map((el) => el.attribs.title),
    ['The payout', 'No such payout'],
  );
  assert.match(md, /### Response 404 Not Found\n\n\*\*No such payout\*\*\n\nNo payout has this id/);
});

test("dataValue is an example's value and serializedValue is shown as sent", async () => {
  const {model, text, md} = await rendered('oas32-examples.yaml', 'createToken');
  const [example] = model.requestBody?.content[0].examples ?? [];
  assert.deepEqual(example.value, {grant_type: 'client_credentials', scope: 'payments:read payments:write'});
  assert.equal(example.serializedValue, 'grant_type=client_credentials&scope=payments%3Aread%20payments%3Awrite');
  assert.match(text, /As sent \(application\/x-www-form-urlencoded\):grant_type=client_credentials&scope=payments%3Aread%20payments%3Awrite/);
  assert.match(md, /As sent \(application\/x-www-form-urlencoded\):\n\n```\ngrant_type=client_credentials&scope=payments%3Aread%20payments%3Awrite\n```/);
  assert.deepEqual(model.responses[0].content[0].examples[0].value, {access_token: 'tok_123'});
});

test('a discriminator defaultMapping says which variant a payload without (or with an unlisted) value is', async () => {
  const {model, text, md, mcp} = await rendered('oas32-default-mapping.yaml', 'getDestination');
  const variants = (model.responses[0].content[0].schema as SchemaView).variants;
  assert.deepEqual(variants?.discriminator?.defaultMapping, {name: 'OtherDestination', variant: 1});
  assert.match(text, /Chosen by kind: exactly one of these\. Without kind, or with a value not listed: OtherDestination\./);
  assert.match(md, /chosen by `kind` \(without `kind`, or with a value not listed: OtherDestination\):/);
  assert.match(mcp, /"defaultMapping":\{"name":"OtherDestination","variant":1\}/);
});

test('the OAuth device flow and the metadata URL are in the security section of the page and the copy', async () => {
  const {model, html, text, md, mcp} = await rendered('oas32-device-flow.yaml', 'listBalances');
  const [[oauth]] = model.security;
  assert.equal(oauth.oauth2MetadataUrl, 'https://auth.fixture.example/.well-known/oauth-authorization-server');
  assert.deepEqual(oauth.flows?.[0], {
    flow: 'deviceAuthorization',
    deviceAuthorizationUrl: 'https://auth.fixture.example/device/code',
    tokenUrl: 'https://auth.fixture.example/token',
    scopes: {'payments:read': 'Read payments and balances.'},
  });
  assert.equal(byClass(html, 'novaramp-ref-flow').length, 2);
  assert.match(text, /Authorization/);
  assert.match(text, /Device authorization \(RFC 8628[^)]*\)Device authorization URL: https:\/\/auth\.fixture\.example\/device\/code/);
  assert.match(text, /Authorization server metadata: https:\/\/auth\.fixture\.example\/\.well-known\/oauth-authorization-server/);
  assert.match(
    md,
    /- Device authorization \(RFC 8628\) flow: device authorization URL `https:\/\/auth\.fixture\.example\/device\/code`, token URL `https:\/\/auth\.fixture\.example\/token`; scopes `payments:read` \(Read payments and balances\.\)\./,
  );
  assert.match(md, /- Authorization server metadata: `https:\/\/auth\.fixture\.example\/\.well-known\/oauth-authorization-server`/);
  assert.match(mcp, /"deviceAuthorizationUrl"/);
});

test('a cookie parameter with style: cookie is sent as it is; the default form style percent-encodes', async () => {
  const {model, text, md} = await rendered('oas32-cookie-style.yaml', 'getSession');
  assert.equal(model.parameters[0].style, 'cookie');
  assert.match(md, /### Cookie parameters\n\n- \*\*`session_id`\*\* string required/);
  // The page and the copy say how the example is sent, which is what the style changes.
  assert.match(text, /Example: s:abc\/123Sent as: Cookie: session_id=s:abc\/123/);
  assert.match(md, /\*\*Example:\*\* `s:abc\/123`\n\n {2}\*\*Sent as:\*\* `Cookie: session_id=s:abc\/123`/);
  assert.deepEqual(
    exampleRequest(model).headers.find((h) => h.key === 'Cookie'),
    {key: 'Cookie', value: 'session_id=s:abc/123'},
  );
  const form = {...model, parameters: model.parameters.map((p) => ({...p, style: 'form'}))};
  assert.deepEqual(
    exampleRequest(form).headers.find((h) => h.key === 'Cookie'),
    {key: 'Cookie', value: 'session_id=s%3Aabc%2F123'},
  );
  assert.match(textOf(parseHtml(renderReferenceHtml(form, htmlContext()))), /Sent as: Cookie: session_id=s%3Aabc%2F123/);
});
