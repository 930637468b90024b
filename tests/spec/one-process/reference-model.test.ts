/**
 * The reference model of an operation (tools/reference/build.ts) and its renderings (the page's HTML, the Markdown
 * copy, the example request), on small specs of our own, one per shape real payment specs have
 * (tests/fixtures/reference/): discriminated and nested variants, fields beside a `oneOf`, conflicting `allOf` parts,
 * recursion, expandable fields, maps, the three ways to say "or null", read-only and write-only fields, form bodies,
 * prose with markup in it, huge enums, deep nesting and an operation too large for one page (the last two built
 * here). Each fixture also goes through the "nothing lost" checks of tools/reference/completeness.ts. No build.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {parse, stringify} from 'yaml';
import {COMPONENT_FILE_ATTRIBUTE} from '../../../src/data/static-reference';
// relies on: sidebar-deprecated-class
import {MENU_LIST_ITEM_DEPRECATED} from '../../../src/upstream/docusaurus-markup';
import {codeSamples} from '../../../src/plugins/operation-page/generate/code-samples';
import {tryItFile} from '../../../src/plugins/operation-page/generate/try-it';
import {pageMdx} from '../../../src/plugins/operation-page/generate/page';
import {SITE_ROOT} from '../../../tools/cli';
import type {ApiDocument} from '../../../tools/openapi/document';
import type {JsonObject} from '../../../tools/openapi/json';
import {loadApi} from '../../../tools/openapi/load';
import {buildComponentModel, buildOperationModel, NODE_BUDGET} from '../../../tools/reference/build';
import {ENUM_SHOWN, typeLabel} from '../../../tools/reference/facts';
import {renderReferenceHtml} from '../../../tools/reference/html';
import {schemaRoots, views, type OperationModel, type SchemaNode, type SchemaView} from '../../../tools/reference/model';
import {proseHtml} from '../../../tools/reference/prose';
import {exampleRequest} from '../../../tools/reference/request';
import {sampleOf} from '../../../tools/reference/sample';
import {
  anchorProblems,
  elementsOf,
  htmlContext,
  htmlRows,
  linkProblems,
  lostDescriptions,
  lostRows,
  markdownRows,
  parseHtml,
  render,
  textOf,
} from '../../../tools/reference/completeness';

const FIXTURES = 'tests/fixtures/reference';
const fixtureFiles = fs.readdirSync(path.join(SITE_ROOT, FIXTURES)).filter((f) => f.endsWith('.yaml'));

// Each spec is loaded once (bundling and the 3.0 upgrade are the slow part).
const loaded = new Map<string, Promise<ApiDocument>>();
const load = (file: string): Promise<ApiDocument> => {
  if (!loaded.has(file)) loaded.set(file, loadApi(path.isAbsolute(file) ? file : path.join(FIXTURES, file), {siteDir: SITE_ROOT}));
  return loaded.get(file) as Promise<ApiDocument>;
};

async function operation(file: string, operationId: string): Promise<{api: ApiDocument; model: OperationModel}> {
  const api = await load(file);
  const op = api.operations().find((o) => o.operationId === operationId);
  assert.ok(op, `${file} has the operation ${operationId}`);
  return {api, model: buildOperationModel(api, op, {api: 'fixture'})};
}

const html = (model: OperationModel): string => renderReferenceHtml(model, htmlContext());
/** The operation's copy, then the copies of the components it shows apart (each its own file in the build). */
const markdown = (api: ApiDocument, model: OperationModel): string => [...render(api, model).markdown.values()].join('\n');

/** A node that must be a view (an expanded schema), for reading its fields. */
function view(node: SchemaNode | undefined, what = 'the schema'): SchemaView {
  assert.ok(node, `${what} exists`);
  assert.equal(node.kind, 'schema', `${what} is expanded (not a ${node.kind})`);
  return node as SchemaView;
}

/** The schema of the property at `names` under `node` (through array items). */
function at(node: SchemaNode | undefined, ...names: string[]): SchemaNode {
  let current = node;
  for (const name of names) {
    let v = view(current, `the parent of ${name}`);
    if (v.items) v = view(v.items, `the items around ${name}`);
    const property = v.properties.find((p) => p.name === name);
    assert.ok(property, `${name} is a property (there are ${v.properties.map((p) => p.name).join(', ')})`);
    current = property.schema;
  }
  assert.ok(current);
  return current;
}

const names = (node: SchemaNode): string[] => view(node).properties.map((p) => p.name);
const requiredNames = (node: SchemaNode): string[] =>
  view(node)
    .properties.filter((p) => p.required)
    .map((p) => p.name);
const labels = (node: SchemaNode): string[] => (view(node).variants?.options ?? []).map((o) => o.label);
const requestBody = (model: OperationModel): SchemaNode => model.requestBody?.content[0]?.schema as SchemaNode;
const responseBody = (model: OperationModel, status: string): SchemaNode => model.responses.find((r) => r.status === status)?.content[0]?.schema as SchemaNode;

const fragment = (text: string) => elementsOf(parseHtml(text));
const classed = (text: string, cls: string) => fragment(text).filter((el) => (el.attribs.class ?? '').split(/\s+/).includes(cls));

/** The lines of the Markdown item of the row `name` (its head and what is indented below it). */
function itemBody(md: string, name: string): string {
  const lines = md.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^ *- \\*\\*\`${name}\`\\*\\*`).test(l));
  assert.ok(start >= 0, `the copy has a row for ${name}`);
  const indent = /^ */.exec(lines[start])![0].length;
  const end = lines.findIndex((l, i) => i > start && l.trim() !== '' && /^ */.exec(l)![0].length <= indent);
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

test('the HTML helpers list each element once, in document order, from a page or from an element', () => {
  const page = parseHtml('<ul><li>a</li><li><p>b <b>c</b></p></li></ul>');
  assert.deepEqual(
    elementsOf(page).map((el) => el.name),
    ['ul', 'li', 'li', 'p', 'b'],
  );
  const [list] = elementsOf(page);
  assert.deepEqual(
    elementsOf(list).map((el) => el.name),
    ['ul', 'li', 'li', 'p', 'b'],
  );
  assert.equal(textOf(list), 'ab c');
});

test('a discriminator mapping labels each variant by its value, whether it names a $ref or a bare component name', async () => {
  const {api, model} = await operation('discriminator.yaml', 'createPaymentMethod');
  const body = view(requestBody(model));
  assert.equal(body.variants?.keyword, 'oneOf');
  assert.equal(body.variants?.discriminator?.propertyName, 'type');
  // A variant two values choose is labelled by both.
  assert.deepEqual(labels(body), ['card, debit_card', 'bank_account', 'wallet']);
  assert.deepEqual(
    body.variants?.options.map((o) => view(o.schema).name),
    ['Card', 'BankAccount', 'CryptoWallet'],
  );
  assert.deepEqual(names(body.variants!.options[2].schema), ['type', 'address', 'network']);
  // The page says what chooses the variant and has a tab per variant; the copy says the same.
  const page = html(model);
  assert.match(page, /Chosen by <code>type<\/code>: exactly one of these\./);
  assert.deepEqual(
    classed(page, 'novaramp-ref-tab-label')
      .map((el) => textOf(el))
      .filter((t) => ['card, debit_card', 'bank_account', 'wallet'].includes(t)),
    ['card, debit_card', 'bank_account', 'wallet', 'card, debit_card', 'bank_account', 'wallet'],
  );
  assert.match(markdown(api, model), /- Exactly one of these 3 variants, chosen by `type`:\n {2}- Variant 1 of 3: card, debit_card\n/);
});

test('every value of a discriminator mapping is kept, also two values that name the same schema', async () => {
  const {model} = await operation('discriminator.yaml', 'createPaymentMethod');
  const mapping = view(requestBody(model)).variants?.discriminator?.mapping ?? [];
  // `card` and `debit_card` are both a Card: a reader sending `debit_card` must find it.
  assert.deepEqual(
    [...mapping].sort((a, b) => a.value.localeCompare(b.value)),
    [
      {value: 'bank_account', variant: 1},
      {value: 'card', variant: 0},
      {value: 'debit_card', variant: 0},
      {value: 'wallet', variant: 2},
    ],
  );
});

test('without a mapping, the component names are the discriminator values and the variant labels', async () => {
  const {model} = await operation('discriminator.yaml', 'getPayoutDestination');
  const body = view(responseBody(model, '200'));
  assert.deepEqual(labels(body), ['IbanDestination', 'WalletDestination']);
  assert.deepEqual(body.variants?.discriminator, {
    propertyName: 'kind',
    mapping: [
      {value: 'IbanDestination', variant: 0},
      {value: 'WalletDestination', variant: 1},
    ],
  });
  assert.deepEqual(requiredNames(body.variants!.options[1].schema), ['kind', 'address']);
});

test('a variant that is itself a oneOf keeps its own variants, each with its own required fields', async () => {
  const {api, model} = await operation('oneof-nesting.yaml', 'createPayout');
  const destination = view(at(responseBody(model, '201'), 'destination'));
  assert.deepEqual(labels(destination), ['BankDestination', 'Crypto destination']);
  const crypto = view(destination.variants!.options[1].schema);
  assert.equal(crypto.name, 'CryptoDestination');
  assert.deepEqual(labels(crypto), ['OnChainAddress', 'ExchangeAccount']);
  assert.deepEqual(requiredNames(crypto.variants!.options[0].schema), ['address', 'network']);
  assert.deepEqual(requiredNames(crypto.variants!.options[1].schema), ['exchange', 'account_id']);
  // The page nests the inner tabs in the outer variant's panel; the copy nests the lists.
  const page = html(model);
  const inner = fragment(page).find((el) => el.attribs.id === crypto.id);
  assert.ok(inner, 'the inner choice has its own element');
  assert.deepEqual(
    classed(page, 'novaramp-ref-tab-label')
      .map((el) => textOf(el))
      .filter((t) => /Destination|destination|OnChain|Exchange/.test(t)),
    ['BankDestination', 'Crypto destination', 'OnChainAddress', 'ExchangeAccount'],
  );
  assert.match(markdown(api, model), /- Variant 2 of 2: Crypto destination\n\n {6}- Exactly one of these 2 variants:\n {8}- Variant 1 of 2: OnChainAddress/);
});

test('fields beside a oneOf are listed in every variant, and each variant keeps its own required list', async () => {
  const {api, model} = await operation('oneof-nesting.yaml', 'createPayout');
  const body = view(requestBody(model));
  assert.equal(body.name, 'PayoutRequest');
  assert.deepEqual(labels(body), ['IBAN', 'US account']);
  const [iban, us] = body.variants!.options.map((o) => o.schema);
  assert.deepEqual(names(iban), ['amount', 'currency', 'reference', 'iban']);
  assert.deepEqual(requiredNames(iban), ['amount', 'currency', 'iban']);
  assert.deepEqual(names(us), ['amount', 'currency', 'reference', 'account_number', 'routing_number']);
  assert.deepEqual(requiredNames(us), ['amount', 'currency', 'account_number', 'routing_number']);
  assert.equal(view(at(us, 'routing_number')).constraints.pattern, '^[0-9]{9}$');
  assert.equal(view(at(iban, 'amount')).description, 'Decimal amount, as a string.');
  const md = markdown(api, model);
  assert.match(md, /- Variant 1 of 2: IBAN\n\n {4}Requires `amount`, `currency`, `iban`\./);
  assert.match(md, /- Variant 2 of 2: US account\n\n {4}Requires `amount`, `currency`, `account_number`, `routing_number`\./);
});

test('a component used on its own and as a variant with fields beside it has those fields in the variant, on the page and in the copy', async () => {
  const {api, model} = await operation('oneof-nesting.yaml', 'getPayoutBeneficiary');
  const beneficiary = view(at(responseBody(model, '200'), 'beneficiary'));
  const bank = view(beneficiary.variants!.options[0].schema);
  assert.deepEqual(names(bank), ['name', 'iban', 'bank_name']);
  assert.deepEqual(names(at(responseBody(model, '200'), 'bank_on_file')), ['iban', 'bank_name']);
  // The copy must not send the reader to the plain BankDestination listed above: that one has no `name`.
  assert.deepEqual(lostRows(model, render(api, model)), []);
});

test('variants that extend the schema they are chosen from (allOf of it) list its fields and their own, once', async () => {
  const {model} = await operation('oneof-nesting.yaml', 'getEvent');
  const event = view(responseBody(model, '200'));
  assert.deepEqual(labels(event), ['payout.paid', 'payout.failed']);
  const [paid, failed] = event.variants!.options.map((o) => view(o.schema));
  // The common fields and the variant's own; no choice between the variants again inside a variant.
  assert.deepEqual(names(paid).sort(), ['id', 'paid_at', 'type']);
  assert.deepEqual(requiredNames(failed).sort(), ['failure_code', 'id', 'type']);
  assert.equal(paid.variants, undefined);
  assert.equal(failed.variants, undefined);
});

/** The problem of `model` about `property`, and the line of the fixture it points at. */
function conflictLine(model: OperationModel, property: string): {at: string; line: string} {
  const problem = model.problems.find((p) => p.message.startsWith(`allOf parts conflict on property "${property}"`));
  assert.ok(problem, `a problem names ${property}: ${JSON.stringify(model.problems)}`);
  const where = /^tests\/fixtures\/reference\/allof-conflict\.yaml:(\d+)$/.exec(problem.at ?? '');
  assert.ok(where, `the problem is at file:line (${problem.at})`);
  const lines = fs.readFileSync(path.join(SITE_ROOT, FIXTURES, 'allof-conflict.yaml'), 'utf8').split('\n');
  return {at: problem.at as string, line: lines[Number(where[1]) - 1]};
}

test('conflicting allOf parts are reported with the property and the spec line, and the schema still renders', async () => {
  const {model} = await operation('allof-conflict.yaml', 'createRefund');
  // The line is one of the two definitions of the property.
  for (const property of ['status', 'amount']) assert.match(conflictLine(model, property).line, new RegExp(`^\\s*${property}:`));
  assert.deepEqual(
    model.problems.map((p) => /on property "([^"]+)"/.exec(p.message)?.[1]),
    ['status', 'amount', 'currency'],
    'nothing else is reported',
  );
  const refund = responseBody(model, '201');
  assert.deepEqual(names(refund), ['id', 'status', 'amount', 'reason', 'destination']);
  assert.deepEqual(requiredNames(refund), ['id', 'status', 'reason']);
  assert.deepEqual(names(at(refund, 'destination')), ['currency', 'iban']);
  assert.deepEqual(
    htmlRows(html(model)).map((r) => [...r.path, r.name].join('.')),
    ['id', 'status', 'amount', 'reason', 'destination', 'destination.currency', 'destination.iban'],
  );
});

test('a conflict inside a property only a later allOf part has is located on that property, not on the first part', async () => {
  const {model} = await operation('allof-conflict.yaml', 'createRefund');
  const {at: where, line} = conflictLine(model, 'currency');
  assert.match(line, /^\s*currency:/, `${where} is a line defining currency: "${line}"`);
});

test("a self-recursive schema is finite: a category's children and parent link back to the category they are in", async () => {
  const {model} = await operation('recursion.yaml', 'getCategory');
  const category = view(responseBody(model, '200'));
  const children = view(at(category, 'children'));
  const child = children.items;
  assert.deepEqual(child?.kind === 'link' && {reason: child.reason, to: child.to}, {reason: 'recursive', to: category.id});
  const parent = at(category, 'parent');
  assert.equal(parent.kind, 'link');
  assert.deepEqual(
    {to: parent.to, nullable: parent.nullable, description: parent.description},
    {to: category.id, nullable: true, description: 'The category above, or null at the top.'},
  );
  assert.equal([...views(category)].length, 4, 'the category, its id, name and children');
  assert.equal(typeLabel(children), 'Category[]');
});

test("mutually recursive schemas end in a link to the outer one: an account's group is the group it is listed in", async () => {
  const {model} = await operation('recursion.yaml', 'getAccountGroup');
  const group = view(responseBody(model, '200'));
  const account = view(view(at(group, 'accounts')).items);
  assert.equal(account.name, 'Account');
  const back = at(account, 'group');
  assert.deepEqual(back.kind === 'link' && {to: back.to, reason: back.reason, name: back.name}, {to: group.id, reason: 'recursive', name: 'AccountGroup'});
});

test("a recursive link inside a list's items leads to an element of the page with the id it names", async () => {
  const {api, model} = await operation('recursion.yaml', 'listCategories');
  const category = view(view(at(responseBody(model, '200'), 'data')).items);
  const link = at(category, 'children');
  assert.equal(view(link).items?.kind, 'link');
  const page = html(model);
  const hrefs = fragment(page).flatMap((el) => (el.attribs.href?.startsWith('#') ? [el.attribs.href.slice(1)] : []));
  assert.ok(hrefs.includes(category.id), `a link to the category (${category.id}) is on the page`);
  const ids = fragment(page).flatMap((el) => (el.attribs.id === undefined ? [] : [el.attribs.id]));
  assert.ok(
    ids.includes(category.id),
    `the category's fields carry its id ${category.id} (ids: ${ids.filter((i) => i.startsWith('res-200-data')).join(', ')})`,
  );
  assert.deepEqual(linkProblems(model, render(api, model)), []);
});

test('a property whose schema is a link (a parent, a group, a second party) links to the fields on the page, as the copy does', async () => {
  const unlinked: string[] = [];
  for (const [file, id, property] of [
    ['recursion.yaml', 'getCategory', 'parent'],
    ['recursion.yaml', 'getAccountGroup', 'group'],
    ['repeated.yaml', 'getTransfer', 'destination'],
  ] as const) {
    const {api, model} = await operation(file, id);
    const link = schemaRoots(model)
      .flatMap((r) => [...views(r.schema)])
      .flatMap((v) => v.properties)
      .find((p) => p.name === property)?.schema;
    assert.ok(link?.kind === 'link', `${id}: ${property} is a link`);
    assert.ok(itemBody(markdown(api, model), property).includes(`- Fields as in \`${link.name}\``), `${id}: the copy points ${property} to ${link.name}`);
    const name = classed(html(model), 'novaramp-ref-row__name').find((el) => textOf(el) === property);
    let row = name?.parent;
    while (row && 'name' in row && row.name !== 'li') row = row.parent;
    assert.ok(row && 'name' in row, `${id}: ${property} has a row`);
    const anchors = elementsOf(row).filter((el) => el.name === 'a' && el.attribs.href === `#${link.to}`);
    if (anchors.length !== 1) unlinked.push(`${id}: the row of ${property} has ${anchors.length} links to #${link.to}`);
  }
  assert.deepEqual(unlinked, []);
});

test('query parameters of the example request are written in their style: exploded arrays repeat, explode false joins, deepObject nests', async () => {
  const {model} = await operation('query-styles.yaml', 'listCharges');
  const query = exampleRequest(model).query.map((q) => `${q.key}=${q.value}`);
  assert.deepEqual(query, [
    'expand=customer',
    'expand=invoice',
    'ids=ch_1,ch_2',
    'created[gte]=2024-01-01T00:00:00Z',
    'created[lt]=2024-02-01T00:00:00Z',
    'limit=10',
  ]);
  // What the reader copies: the curl sample's URL.
  const url = new URL(/curl -L '([^']+)'/.exec(codeSamples(model, {typed: false})[0].source)?.[1] ?? '');
  assert.deepEqual(url.searchParams.getAll('expand'), ['customer', 'invoice']);
  assert.equal(url.searchParams.get('created[gte]'), '2024-01-01T00:00:00Z');
});

test('a large schema met again in the same operation is a repeated link to its first expansion; a small one is expanded again', async () => {
  const {model} = await operation('repeated.yaml', 'getTransfer');
  const transfer = view(responseBody(model, '200'));
  const source = view(at(transfer, 'source'));
  const destination = at(transfer, 'destination');
  assert.deepEqual(destination.kind === 'link' && {to: destination.to, reason: destination.reason, description: destination.description}, {
    to: source.id,
    reason: 'repeated',
    description: 'Who receives the funds.',
  });
  assert.deepEqual(names(at(transfer, 'fee')), ['amount', 'currency']);
});

test('a large schema that is a variant with fields beside it keeps those fields instead of linking to its plain expansion', async () => {
  const {model} = await operation('repeated.yaml', 'getTransfer');
  const beneficiary = view(at(responseBody(model, '200'), 'beneficiary'));
  assert.deepEqual(labels(beneficiary), ['Party', 'Money']);
  const party = beneficiary.variants!.options[0].schema;
  // The party as a beneficiary has a required `role` the source party has not: a link to the source would drop it.
  assert.equal(party.kind, 'schema', `the Party variant is expanded, not a ${party.kind} to ${(party as {to?: string}).to}`);
  assert.deepEqual(requiredNames(party), ['role', 'id', 'name']);
});

test('a response whose whole body is a schema shown in another response lists its fields in its own tab', async () => {
  const {model} = await operation('repeated.yaml', 'createTransfer');
  assert.deepEqual(
    model.responses.map((r) => r.status),
    ['200', '201'],
  );
  const page = html(model);
  // The 201 tab's panel is hidden (and deferred) while the 200 one is shown: it must hold the fields itself.
  const rows = htmlRows(page, 'responses-panel-1')
    .filter((r) => r.path.length === 0)
    .map((r) => r.name);
  assert.deepEqual(rows, ['id', 'amount', 'fee', 'source', 'destination', 'beneficiary']);
});

test('the automatic example of a body fills a field shown as a link with a value of its schema, not null', async () => {
  const {model} = await operation('repeated.yaml', 'createTransfer');
  const replay = sampleOf(responseBody(model, '200')) as JsonObject;
  assert.equal(typeof replay.destination, 'object');
  assert.notEqual(replay.destination, null, 'a required, non-nullable party is not null');
  assert.deepEqual(sampleOf(responseBody(model, '201')), replay, 'the 201 body is the same transfer');
  const category = sampleOf(responseBody((await operation('recursion.yaml', 'getCategory')).model, '200')) as JsonObject;
  assert.ok(
    Array.isArray(category.children) && !category.children.includes(null),
    `children is a list of categories or empty: ${JSON.stringify(category.children)}`,
  );
});

test('an expandable field (an id or the whole object) is two anyOf variants: the string and the object', async () => {
  const {api, model} = await operation('expandable.yaml', 'getCharge');
  const customer = view(at(responseBody(model, '200'), 'customer'));
  assert.equal(customer.variants?.keyword, 'anyOf');
  assert.deepEqual(labels(customer), ['string', 'Customer']);
  const [id, object] = customer.variants!.options.map((o) => view(o.schema));
  assert.deepEqual({types: id.types, maxLength: id.constraints.maxLength}, {types: ['string'], maxLength: 64});
  assert.deepEqual(requiredNames(object), ['id', 'email']);
  assert.equal(customer.description, "The customer's id, or the customer when expanded.");
  // With a null branch too: two variants, and the field is nullable.
  const invoice = view(at(responseBody(model, '200'), 'invoice'));
  assert.deepEqual(labels(invoice), ['string', 'Invoice']);
  assert.equal(invoice.nullable, true);
  // The list of fields to expand is an array of an enum: its values are the possible values.
  const expand = model.parameters.find((p) => p.name === 'expand');
  assert.equal(expand?.schema && typeLabel(expand.schema), 'string[]');
  const md = markdown(api, model);
  assert.match(
    md,
    /- \*\*`expand`\*\* string\[\][^\n]*\n\n {2}Fields to expand into their whole object\.\n\n {2}\*\*Possible values:\*\* \[`customer`, `invoice`\]/,
  );
  assert.match(md, /- At least one of these 2 variants:\n {4}- Variant 1 of 2: string\n/);
  assert.match(html(model), /<span class="badge badge--info" style="margin-bottom:1rem">anyOf<\/span>/);
});

test('a map lists its values\' schema as "any other key", and additionalProperties false is kept and said in the copy', async () => {
  const {api, model} = await operation('maps.yaml', 'createWallet');
  const request = view(requestBody(model));
  assert.equal(request.additionalProperties, false);
  const metadata = view(at(request, 'metadata'));
  assert.deepEqual({label: typeLabel(metadata), maxProperties: metadata.constraints.maxProperties}, {label: 'object', maxProperties: 50});
  const value = view(metadata.additionalProperties || undefined, 'the metadata values');
  assert.deepEqual({types: value.types, maxLength: value.constraints.maxLength}, {types: ['string'], maxLength: 500});
  const balances = view(at(responseBody(model, '201'), 'balances'));
  const money = view(balances.additionalProperties || undefined, 'the balances');
  assert.deepEqual(
    {name: money.name, fields: names(money), closed: money.additionalProperties},
    {name: 'Money', fields: ['amount', 'currency'], closed: false},
  );
  const rows = htmlRows(html(model)).map((r) => `${[...r.path, r.name].join(' › ')}: ${r.label}`);
  assert.ok(rows.includes('metadata › any other key: string'), rows.join(' | '));
  assert.ok(rows.includes('balances › any other key: object'), rows.join(' | '));
  assert.ok(rows.includes('balances › any other key › currency: string'), rows.join(' | '));
  assert.match(markdown(api, model), /### Request body \(application\/json\)[\s\S]*\n- No other properties are accepted\.\n[\s\S]*## Responses/);
});

/** The response's rows as the page shows them: `name: label qualifiers`. */
const rowWords = (page: string, name: string): string => {
  const row = classed(page, 'novaramp-ref-row').find((el) => textOf(el).trim().startsWith(`${name} `));
  assert.ok(row, `a row for ${name}`);
  return textOf(row).replace(/\s+/g, ' ').trim();
};

test('OpenAPI 3.1 nullables (a type array, null first or last, a oneOf or anyOf with a null branch) are one nullable schema', async () => {
  const {model} = await operation('nullable-31.yaml', 'getTransfer');
  const body = responseBody(model, '200');
  for (const name of ['note', 'failure_code']) {
    const v = view(at(body, name));
    assert.deepEqual({types: v.types, nullable: v.nullable, label: typeLabel(v)}, {types: ['string'], nullable: true, label: 'string | null'}, name);
  }
  const fee = view(at(body, 'fee'));
  assert.deepEqual(
    {name: fee.name, nullable: fee.nullable, fields: names(fee), description: fee.description},
    {name: 'Money', nullable: true, fields: ['amount', 'currency'], description: 'The fee, or null before it is known.'},
  );
  const settled = view(at(body, 'settled_at'));
  assert.deepEqual(
    {nullable: settled.nullable, variants: settled.variants, label: typeLabel(settled)},
    {nullable: true, variants: undefined, label: '(string | null)<date-time>'},
  );
  const page = html(model);
  assert.equal(rowWords(page, 'note'), 'note string | null nullable required');
  assert.equal(rowWords(page, 'fee'), 'fee object nullable required');
});

test('an enum that lists null makes the value nullable', async () => {
  const {model} = await operation('nullable-31.yaml', 'getTransfer');
  const rail = view(at(responseBody(model, '200'), 'rail'));
  assert.deepEqual(rail.enum, ['sepa', 'swift', null]);
  assert.deepEqual({types: rail.types, nullable: rail.nullable}, {types: ['string'], nullable: true});
});

test('OpenAPI 3.0 nullable: true, also beside allOf: [$ref], reads as the same nullable schemas once upgraded', async () => {
  const {api, model} = await operation('nullable-30.yaml', 'getTransfer');
  assert.match(String(api.doc.openapi), /^3\.1\./);
  const body = responseBody(model, '200');
  const note = view(at(body, 'note'));
  assert.deepEqual({types: note.types, nullable: note.nullable, maxLength: note.constraints.maxLength}, {types: ['string'], nullable: true, maxLength: 140});
  assert.equal(typeLabel(at(body, 'settled_at')), '(string | null)<date-time>');
  const fee = view(at(body, 'fee'));
  assert.deepEqual(
    {name: fee.name, nullable: fee.nullable, fields: names(fee), description: fee.description},
    {name: 'Money', nullable: true, fields: ['amount', 'currency'], description: 'The fee, or null before it is known.'},
  );
  const beneficiary = view(at(body, 'beneficiary'));
  assert.deepEqual({nullable: beneficiary.nullable, fields: names(beneficiary)}, {nullable: true, fields: ['name']});
  assert.equal(rowWords(html(model), 'note'), 'note string | null nullable required');
});

test('read-only fields are left out of the request and shown in the response; write-only ones the other way round', async () => {
  const {model} = await operation('readwrite.yaml', 'createCustomer');
  const request = requestBody(model);
  const response = responseBody(model, '201');
  // Read-only directly, from an allOf part, through a $ref to a read-only component, beside allOf: [$ref].
  assert.deepEqual(names(request), ['email', 'password', 'card']);
  assert.deepEqual(names(at(request, 'card')), ['number', 'holder']);
  assert.deepEqual(requiredNames(request), ['email', 'password'], 'a required read-only field is not asked for');
  assert.deepEqual(names(response), ['id', 'livemode', 'email', 'object_ref', 'created_at', 'card']);
  assert.deepEqual(names(at(response, 'card')), ['last4', 'holder']);
  const page = html(model);
  assert.deepEqual(
    htmlRows(page, view(request).id).map((r) => [...r.path, r.name].join('.')),
    ['email', 'password', 'card', 'card.number', 'card.holder'],
  );
  assert.deepEqual(
    htmlRows(page, view(response).id).map((r) => [...r.path, r.name].join('.')),
    ['id', 'livemode', 'email', 'object_ref', 'created_at', 'card', 'card.last4', 'card.holder'],
  );
  assert.equal(rowWords(page, 'password'), 'password string required write-only');
  assert.equal(rowWords(page, 'created_at'), 'created_at string<date-time> read-only');
});

test("a form-encoded body's example request is form fields, nested as a[b], and the curl sample sends them as form fields", async () => {
  const {model} = await operation('form.yaml', 'createPaymentIntent');
  const example = exampleRequest(model);
  assert.equal(example.body?.mode, 'urlencoded');
  assert.equal(example.body?.raw, undefined);
  const fields = Object.fromEntries((example.body?.fields ?? []).map((f) => [f.key, f.value]));
  assert.deepEqual(
    {
      amount: fields.amount,
      currency: fields.currency,
      number: fields['card[number]'],
      month: fields['card[exp_month]'],
      sku: fields['items[0][sku]'],
      quantity: fields['items[0][quantity]'],
    },
    {amount: '2500', currency: 'eur', number: '4242424242424242', month: '12', sku: 'sku_1', quantity: '2'},
  );
  assert.ok(
    Object.keys(fields).some((k) => k.startsWith('metadata[')),
    'the metadata map is a form field too',
  );
  assert.ok(!Object.values(fields).some((v) => v.startsWith('{') || v.startsWith('[')), 'no field carries JSON');
  const curl = codeSamples(model, {typed: false})[0];
  assert.equal(curl.lang, 'cURL');
  assert.match(curl.source, /-H 'Content-Type: application\/x-www-form-urlencoded'/);
  const sent = [...curl.source.matchAll(/(?:-d|--data-urlencode|--data) '([^']*)'/g)].map((m) => decodeURIComponent(m[1]));
  assert.ok(sent.includes('amount=2500') && sent.includes('card[number]=4242424242424242') && sent.includes('items[0][quantity]=2'), sent.join(' '));
  assert.doesNotMatch(curl.source, /--data-raw|"amount"/, 'no JSON body');
});

test("descriptions with raw HTML, <, &, { and } are text on the page: no script, no handler, and the page's MDX compiles", async () => {
  const {model} = await operation('prose.yaml', 'createQuote');
  const page = html(model);
  const description = proseHtml(model.description ?? '', {headingLevel: 2, foreign: false});
  for (const text of [page, description.html]) {
    const els = fragment(text);
    assert.deepEqual(
      els.filter((el) => ['script', 'iframe', 'style'].includes(el.name)).map((el) => el.name),
      [],
    );
    assert.deepEqual(
      els.flatMap((el) =>
        Object.entries(el.attribs)
          .filter(([name, value]) => /^on/i.test(name) || /^\s*javascript:/i.test(value))
          .map(([name]) => `${el.name} ${name}`),
      ),
      [],
    );
  }
  const said = textOf(parseHtml(page)).replace(/\s+/g, ' ');
  for (const phrase of ['Use {side} & never', '1 < 2 & 3 > 2, {literal}, {not an expression}.', 'valid for < 30 s & {ttl} seconds.', 'of the quote {id}.'])
    assert.ok(said.includes(phrase), phrase);
  const intro = textOf(parseHtml(description.html)).replace(/\s+/g, ' ');
  for (const phrase of ['a draft quote for amounts < 10,000 & > 0.', '{"side": "buy"} or {side} in braces.', 'Rates & fees {apply}'])
    assert.ok(intro.includes(phrase), phrase);
  assert.equal(fragment(description.html).filter((el) => el.name === 'table').length, 1, 'the GitHub table is a table');
  // The page is MDX: the summary (its title) and the description must reach it as strings, never as expressions.
  const mdx = pageMdx({
    model,
    id: 'create-quote',
    slug: '/api/fixture/create-quote',
    referenceFile: '0123456789abcdef.json',
    descriptionHtml: description.html,
    badges: '',
    codeSamples: [],
  });
  const front = /^---\n[\s\S]*?\n---\n/.exec(mdx);
  assert.ok(front, 'the page starts with front matter');
  const {compile} = await import('@mdx-js/mdx');
  // Docusaurus reads the front matter apart and compiles the rest.
  const js = String(await compile(mdx.slice(front[0].length)));
  assert.ok(js.includes(JSON.stringify(description.html).slice(1, 40)), 'the description is passed whole, as a string');
  assert.match(js, /"Create a \{draft\} quote <beta>"/);
  // The meta description (search results, link previews) is plain text: no tag, no Markdown, the first sentence.
  const meta = (parse(front[0].slice(4, -5)) as {description: string}).description;
  assert.equal(meta, 'Creates a draft quote for amounts < 10,000 & > 0.');
});

/** The MDX of an operation's page with nothing beside its model: no description, release badges or code samples. */
const bareMdx = (model: OperationModel): string =>
  pageMdx({model, id: 'x', slug: '/api/fixture/x', referenceFile: '0123456789abcdef.json', descriptionHtml: '', badges: '', codeSamples: []});

test('a deprecated operation without a description still makes a page that compiles: its notice is a block of its own; its sidebar item is struck through', async () => {
  const {model} = await operation('readwrite.yaml', api0(await load('readwrite.yaml')));
  const mdx = bareMdx({...model, deprecated: true, description: undefined});
  const body = mdx.slice(mdx.indexOf('\n---\n', 4) + 5);
  assert.match(body, /^:::caution\[deprecated\]\n\n[^\n]+\n\n:::\n\n/m);
  const {compile} = await import('@mdx-js/mdx');
  await compile(body);
  const sidebarClasses = (parse(mdx.split('\n---\n')[0].slice(4)) as {sidebar_class_name: string}).sidebar_class_name.split(' ');
  assert.ok(sidebarClasses.includes(MENU_LIST_ITEM_DEPRECATED), sidebarClasses.join(' '));
  const css = fs.readFileSync(path.join(SITE_ROOT, 'src/css/custom.css'), 'utf8');
  assert.match(css, new RegExp(String.raw`\.${MENU_LIST_ITEM_DEPRECATED} > \.menu__link[^{]*\{\s*text-decoration: line-through;`));
});

test('an operation marked x-sandbox-only opens with the "Sandbox only" admonition, after its endpoint line; others do not', async () => {
  const {model} = await operation('readwrite.yaml', api0(await load('readwrite.yaml')));
  const page = (extensions: OperationModel['extensions']): string => bareMdx({...model, extensions});
  const body = page({'x-sandbox-only': true}).split('\n---\n')[1];
  assert.match(body, /<MethodEndpoint[\s\S]*?\n:::caution\[Sandbox only\]\n\n[^\n]*\(\/docs\/api\/sandbox-environment\)[^\n]*\n\n:::\n/);
  assert.doesNotMatch(page({}), /Sandbox only/);
  const {compile} = await import('@mdx-js/mdx');
  await compile(body);
});

/** The first operationId of a spec. */
const api0 = (api: ApiDocument): string => api.operations()[0].operationId ?? '';

/** A spec of our own made here: too repetitive to write out by hand. */
let scratch: string;
before(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-reference-model-'));
});
after(() => fs.rmSync(scratch, {recursive: true, force: true}));

function writeSpec(name: string, paths: JsonObject, schemas: JsonObject = {}): string {
  const file = path.join(scratch, `${name}.yaml`);
  fs.writeFileSync(
    file,
    stringify({openapi: '3.1.0', info: {title: name, version: '1.0.0'}, servers: [{url: 'https://api.fixture.example/v1'}], paths, components: {schemas}}),
  );
  return file;
}

const ok = (schema: JsonObject): JsonObject => ({'200': {description: 'OK.', content: {'application/json': {schema}}}});

test('raw HTML in a description renders sanitised on the page, in the Markdown copy and in the try-it panel: tags kept, no script, handler or style', async () => {
  const raw = '<b>bold</b><script>alert(1)</script><img src=x onerror=alert(1)> <span style="color:red">red</span><style>p{}</style>';
  const file = writeSpec('raw-html', {
    '/items': {
      get: {
        operationId: 'listItems',
        description: `Lists items.\n\n${raw}`,
        parameters: [{name: 'q', in: 'query', description: raw, schema: {type: 'string'}}],
        responses: ok({type: 'object'}),
      },
    },
  });
  const api = await load(file);
  const {model} = await operation(file, 'listItems');
  const renderings = {
    'the page (description)': proseHtml(model.description ?? '', {headingLevel: 2, foreign: false}).html,
    'the page (parameter)': html(model),
    'the Markdown copy': markdown(api, model),
    'the try-it panel': JSON.stringify(tryItFile(model)),
  };
  for (const [where, text] of Object.entries(renderings)) {
    assert.match(text, /<b>bold<\/b>/, `${where}: bold`);
    assert.match(text, /<img src=\\?"x\\?">/, `${where}: the image, without its handler`);
    assert.doesNotMatch(text, /<script|alert\(|onerror|color:red|<style|p\{\}/i, `${where}: no script, handler or style`);
  }
  assert.match(renderings['the Markdown copy'], /Lists items\.\n\n<p><b>bold<\/b>/, 'the copy keeps the Markdown around the block it sanitised');
});

test('an enum of hundreds of values keeps them all: the page shows the first ENUM_SHOWN and all behind a details, the copy lists all', async () => {
  // Three-letter codes, as currency and country lists have.
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const codes = Array.from({length: 300}, (_, i) => `${letters[Math.floor(i / 26 / 26) % 26]}${letters[Math.floor(i / 26) % 26]}${letters[i % 26]}`);
  const file = writeSpec('enum', {
    '/rates': {get: {operationId: 'listRates', responses: ok({type: 'object', properties: {currency: {type: 'string', enum: codes}}})}},
  });
  const api = await load(file);
  const model = buildOperationModel(api, api.operations()[0], {api: 'fixture'});
  assert.deepEqual(view(at(responseBody(model, '200'), 'currency')).enum, codes);
  const page = html(model);
  const row = fragment(page).find((el) => el.name === 'li' && textOf(el).trim().startsWith('currency'));
  assert.ok(row);
  const values = row.children.flatMap((c) => elementsOf(c)).filter((el) => el.name === 'p' && textOf(el).startsWith('Possible values:'));
  assert.equal(values.length, 1);
  assert.deepEqual(
    elementsOf(values[0])
      .filter((el) => el.name === 'code')
      .map((el) => textOf(el)),
    codes.slice(0, ENUM_SHOWN),
  );
  const details = classed(page, 'novaramp-enum');
  assert.equal(details.length, 1);
  assert.equal(textOf(elementsOf(details[0]).find((el) => el.name === 'summary')!), `All ${codes.length} values`);
  assert.deepEqual(
    elementsOf(details[0])
      .filter((el) => el.name === 'code')
      .map((el) => textOf(el)),
    codes,
  );
  const md = markdown(api, model);
  assert.ok(md.includes(`**Possible values:** [${codes.map((c) => `\`${c}\``).join(', ')}]`), 'the copy lists every value');
});

test('a schema used inside itself with fields of its own beside the $ref stays finite: expanded once more, then a link', async () => {
  const node = {type: 'object', properties: {name: {type: 'string'}, child: {$ref: '#/components/schemas/Node', properties: {depth: {type: 'integer'}}}}};
  const file = writeSpec('self-extending', {'/nodes': {get: {operationId: 'getNode', responses: ok({$ref: '#/components/schemas/Node'})}}}, {Node: node});
  const api = await load(file);
  const model = buildOperationModel(api, api.operations()[0], {api: 'fixture'});
  const root = view(responseBody(model, '200'));
  const child = view(at(root, 'child'));
  assert.deepEqual(names(child), ['name', 'child', 'depth'], 'the use adds its own field to the schema');
  const grandchild = at(child, 'child');
  assert.equal(grandchild.kind, 'link', 'met a second time inside itself: a link');
  assert.equal(grandchild.kind === 'link' && grandchild.reason, 'recursive');
});

test('ten levels of inline objects are all listed, on the page and in the copy, none cut', async () => {
  const {api, model} = await operation('deep-nesting.yaml', 'getSettlement');
  const levels = Array.from({length: 9}, (_, i) => `level_${i + 2}`);
  assert.equal(typeLabel(at(responseBody(model, '200'), ...levels, 'amount_minor')), 'integer');
  assert.deepEqual(model.refs, []);
  const deepest = htmlRows(html(model)).find((r) => r.name === 'amount_minor');
  assert.deepEqual(deepest?.path, levels);
  assert.deepEqual(markdownRows(markdown(api, model)).find((r) => r.name === 'amount_minor')?.path, levels);
  assert.deepEqual(lostRows(model, render(api, model)), []);
});

test('an operation over NODE_BUDGET shows its deepest object components apart, each built on its own, nothing lost', async () => {
  // A settlement report of 12 batches, each with a summary with a fee breakdown: 3 levels of components, 20 fields each.
  const fields = (n: number, prefix: string) => Object.fromEntries(Array.from({length: n}, (_, i) => [`${prefix}_${i + 1}`, {type: 'string'}]));
  const batches = Array.from({length: 12}, (_, i) => String(i + 1).padStart(2, '0'));
  const schemas: JsonObject = {
    SettlementReport: {type: 'object', properties: Object.fromEntries(batches.map((b) => [`batch_${b}`, {$ref: `#/components/schemas/Batch${b}`}]))},
  };
  for (const b of batches) {
    schemas[`Batch${b}`] = {type: 'object', properties: {...fields(20, 'line'), summary: {$ref: `#/components/schemas/BatchSummary${b}`}}};
    schemas[`BatchSummary${b}`] = {type: 'object', properties: {...fields(20, 'total'), fees: {$ref: `#/components/schemas/FeeBreakdown${b}`}}};
    schemas[`FeeBreakdown${b}`] = {type: 'object', required: ['fee_1'], properties: fields(10, 'fee')};
  }
  const properties = Object.values(schemas).reduce<number>((n, s) => n + Object.keys((s as {properties: JsonObject}).properties).length, 0);
  assert.ok(properties > NODE_BUDGET, `the report has more fields (${properties}) than NODE_BUDGET (${NODE_BUDGET})`);
  const file = writeSpec(
    'large',
    {'/settlement-report': {get: {operationId: 'getSettlementReport', responses: ok({$ref: '#/components/schemas/SettlementReport'})}}},
    schemas,
  );
  const api = await load(file);
  const model = buildOperationModel(api, api.operations()[0], {api: 'fixture'});
  assert.deepEqual(
    model.refs.map((r) => `${r.name} ${r.direction}`),
    batches.map((b) => `FeeBreakdown${b} response`),
  );
  const report = responseBody(model, '200');
  const fees = at(report, 'batch_07', 'summary', 'fees');
  assert.deepEqual(fees.kind === 'ref' && {ref: fees.ref, direction: fees.direction}, {ref: '#/components/schemas/FeeBreakdown07', direction: 'response'});
  // The page holds what fits the budget; every component apart is a closed <details> loading its own file.
  const count = (n: SchemaNode): number =>
    n.kind !== 'schema'
      ? 1
      : 1 +
        [...n.properties.map((p) => p.schema), ...(n.items ? [n.items] : []), ...(n.variants?.options.map((o) => o.schema) ?? [])].reduce(
          (s, c) => s + count(c),
          0,
        );
  assert.ok(count(report) <= NODE_BUDGET, `${count(report)} nodes on the page`);
  assert.equal(fragment(html(model)).filter((el) => COMPONENT_FILE_ATTRIBUTE in el.attribs).length, batches.length);
  const component = buildComponentModel(api, '#/components/schemas/FeeBreakdown07', 'response', {api: 'fixture'});
  assert.deepEqual(
    {name: component.name, fields: names(component.schema), required: requiredNames(component.schema), refs: component.refs},
    {name: 'FeeBreakdown07', fields: Object.keys(fields(10, 'fee')), required: ['fee_1'], refs: []},
  );
  const md = markdown(api, model);
  assert.match(md, /\n# `FeeBreakdown01` \(in responses\)\n\n[\s\S]*?\n- \*\*`fee_1`\*\* string required\n/);
  assert.deepEqual(lostRows(model, render(api, model)), []);
});

test('a named schema shown at two depths is two tables: the copy describes each once and points back only to its twin', async () => {
  // Square's Order: `return_amounts` and `net_amounts` (an OrderMoneyAmounts with Money inline) and, one level deeper,
  // `returns[].detail.amounts` (past the depth the budget allows, its Money is shown apart).
  const strings = (n: number, prefix: string) => Object.fromEntries(Array.from({length: n}, (_, i) => [`${prefix}_${i + 1}`, {type: 'string'}]));
  const schemas: JsonObject = {
    Order: {
      type: 'object',
      properties: {
        returns: {type: 'array', items: {$ref: '#/components/schemas/Return'}},
        return_amounts: {$ref: '#/components/schemas/Amounts'},
        net_amounts: {$ref: '#/components/schemas/Amounts'},
        padding: {$ref: '#/components/schemas/Padding1'},
      },
    },
    Return: {type: 'object', properties: {detail: {$ref: '#/components/schemas/Detail'}}},
    Detail: {type: 'object', properties: {amounts: {$ref: '#/components/schemas/Amounts'}}},
    Amounts: {type: 'object', properties: {total_money: {$ref: '#/components/schemas/Money'}, tax_money: {$ref: '#/components/schemas/Money'}}},
    Money: {type: 'object', required: ['amount'], properties: {amount: {type: 'integer'}, currency: {type: 'string'}}},
    // Enough fields, nested deep enough, that the operation is built at a depth of 4 objects.
    Padding1: {type: 'object', properties: {...strings(150, 'a'), next: {$ref: '#/components/schemas/Padding2'}}},
    Padding2: {type: 'object', properties: {...strings(150, 'b'), next: {$ref: '#/components/schemas/Padding3'}}},
    Padding3: {type: 'object', properties: {...strings(150, 'c'), next: {$ref: '#/components/schemas/Padding4'}}},
    Padding4: {type: 'object', properties: strings(150, 'd')},
  };
  const file = writeSpec('two-depths', {'/orders/{id}': {get: {operationId: 'getOrder', responses: ok({$ref: '#/components/schemas/Order'})}}}, schemas);
  const api = await load(file);
  const model = buildOperationModel(api, api.operations()[0], {api: 'fixture'});
  const order = responseBody(model, '200');
  assert.equal(at(order, 'return_amounts', 'total_money').kind, 'schema', 'Money inline at the shallow use');
  assert.equal(at(order, 'returns', 'detail', 'amounts', 'total_money').kind, 'ref', 'Money apart at the deep use');
  const md = render(api, model).markdown.get('operation') as string;
  // net_amounts is return_amounts again, and the only pointer back; the deep use is another table, listed where it is.
  const pointers = [...md.matchAll(/^ *- Fields as in `Amounts`, listed under (.*)\.$/gm)].map((m) => m[1]);
  assert.deepEqual(pointers, ['Response 200 OK body (application/json) › `return_amounts`']);
  assert.ok(
    markdownRows(md).some((r) => r.name === 'total_money' && r.path.join('.') === 'returns.detail.amounts'),
    'the deep use lists its fields',
  );
  assert.ok(
    markdownRows(md).some((r) => r.name === 'total_money' && r.path.join('.') === 'return_amounts'),
    'the shallow use lists its fields',
  );
  assert.deepEqual(lostRows(model, render(api, model)), []);
});

test('the nothing-lost checks catch a row left out of the copy, a wrong type on the page, a dead link and a link into a hidden tab', async () => {
  // The checks below are only worth their green if they can go red.
  const {api, model} = await operation('maps.yaml', 'createWallet');
  const whole = render(api, model);
  assert.deepEqual(lostRows(model, whole), []);
  const page = whole.html.get('operation') ?? '';
  const copy = whole.markdown.get('operation') ?? '';
  const damaged = {
    ...whole,
    markdown: new Map([['operation', copy.replace(/^- \*\*`label`\*\* string required\n/m, '')]]),
    html: new Map([
      [
        'operation',
        page.replace(
          '<strong class="novaramp-ref-row__name">label</strong> <span class="novaramp-ref-type">string</span>',
          '<strong class="novaramp-ref-row__name">label</strong> <span class="novaramp-ref-type">integer</span>',
        ),
      ],
    ]),
  };
  assert.deepEqual(lostRows(model, damaged), [
    'html: request body (application/json): label: string required',
    'markdown: request body (application/json): label: string required',
  ]);
  const links =
    '<div role="tabpanel" id="p0"><a href="#x">X</a></div><div role="tabpanel" id="p1" hidden=""><span id="x"></span></div><a href="#nowhere">N</a><i id="d"></i><b id="d"></b>';
  assert.deepEqual(anchorProblems(links, []), [
    'the id "d" is on 2 elements',
    'the link "X" (#x) leads into the tab panel p1, which is hidden when the link is shown',
    'the link "N" (#nowhere) leads to no element',
  ]);
});

test("an array of arrays of objects, directly or through allOf, lists the inner objects' fields on the page, in the copy and in the model", async () => {
  const {api, model} = await operation('nested-arrays.yaml', 'createGrid');
  // The model (what get_operation answers) has them through both levels of items.
  const rows = view(at(requestBody(model), 'rows'));
  assert.deepEqual(names(view(rows.items).items as SchemaNode), ['column', 'value']);
  const batches = view(at(responseBody(model, '201'), 'batches'));
  assert.deepEqual(names(view(batches.items).items as SchemaNode), ['id', 'amount', 'settled_at']);
  assert.deepEqual(requiredNames(view(batches.items).items as SchemaNode), ['id']);
  // The page: a collapsible row whose list holds the inner fields.
  const page = html(model);
  const rowsItem = fragment(page).find((el) => el.name === 'details' && el.attribs.id === rows.id);
  assert.ok(rowsItem, 'rows is a row that opens');
  assert.match(textOf(rowsItem), /column.*string.*required.*The column's key\..*value.*number/s);
  // The copy: the inner fields indented under the row.
  const md = markdown(api, model);
  assert.match(itemBody(md, 'rows'), /\n {2}- \*\*`column`\*\* string required\n\n {4}The column's key\.\n {2}- \*\*`value`\*\* number/);
  assert.match(itemBody(md, 'batches'), /- \*\*`id`\*\* string required[\s\S]*- \*\*`amount`\*\* integer[\s\S]*- \*\*`settled_at`\*\* string<date-time>/);
  assert.deepEqual(lostRows(model, render(api, model)), []);
});

test('a description inside an allOf part describes the schema that has none of its own, on the page, in the copy and in the model', async () => {
  const {api, model} = await operation('allof-descriptions.yaml', 'createRefund');
  const body = view(requestBody(model));
  const said = (name: string) => view(at(body, name)).description;
  // The part written in place describes the body; the component it is made of (Resource) does not.
  assert.equal(body.description, 'A refund of part of a payment.');
  assert.equal(said('amount'), "The amount refunded, at most the payment's.");
  // The schema's own description wins over its parts'.
  assert.equal(said('fee'), 'What the refund costs.');
  // A property two parts define keeps both descriptions, in the order of the parts.
  assert.equal(said('kind'), 'What the resource is.\n\nAlways `refund` here.');
  // Fields beside a `$ref` keep the component's description (and its name).
  assert.equal(said('original'), 'An amount in one currency.');
  assert.equal(view(at(body, 'original')).name, 'Money');
  const page = textOf(parseHtml(html(model)));
  const md = markdown(api, model);
  for (const text of ['A refund of part of a payment.', "The amount refunded, at most the payment's.", 'Always refund here.', 'An amount in one currency.']) {
    assert.ok(page.includes(text), `the page says "${text}"`);
    assert.ok(md.replace(/`/g, '').includes(text), `the copy says "${text}"`);
  }
  for (const text of ['Not repeated on the schemas made of it', 'Never shown']) {
    assert.ok(!page.includes(text) && !md.includes(text), `"${text}" is not said`);
  }
  assert.deepEqual(lostDescriptions(api, model, render(api, model)), []);
});

test('the nothing-lost check of descriptions reads the spec: a description the model or a rendering drops is reported', async () => {
  const {api, model} = await operation('nested-arrays.yaml', 'createGrid');
  const group = 'A group of lines settled together.';
  // The description of an allOf part of the batches' items (the model says it; the page and the copy as "Each item").
  assert.equal(view(view(at(responseBody(model, '201'), 'batches')).items).description, group);
  const whole = render(api, model);
  assert.deepEqual(lostDescriptions(api, model, whole), []);
  assert.match(itemBody(markdown(api, model), 'batches'), new RegExp(`Each item: ${group}`));
  const drop = (text: string) => text.replaceAll(group, '');
  const damaged = {html: new Map([...whole.html].map(([k, v]) => [k, drop(v)])), markdown: new Map([...whole.markdown].map(([k, v]) => [k, drop(v)]))};
  assert.deepEqual(lostDescriptions(api, model, damaged), [
    `html: response 201 (application/json) › batches › items: "${group}"`,
    `markdown: response 201 (application/json) › batches › items: "${group}"`,
  ]);
  // A model that drops it (as it did before allOf parts kept their descriptions) is caught too.
  const dropped = structuredClone(model);
  delete view(view(at(responseBody(dropped, '201'), 'batches')).items).description;
  assert.equal(lostDescriptions(api, dropped, render(api, dropped)).length, 2);
});

for (const file of fixtureFiles) {
  test(`nothing is lost from ${file}: every property of every operation has its row on the page and in the copy, every description too`, async () => {
    const api = await load(file);
    const lost = api.operations().flatMap((op) => {
      const model = buildOperationModel(api, op, {api: 'fixture'});
      const renderings = render(api, model);
      return [...lostRows(model, renderings), ...lostDescriptions(api, model, renderings)].map((l) => `${model.operationId}: ${l}`);
    });
    assert.deepEqual(lost, []);
  });

  test(`every link of ${file} has its anchor, leading to an element a reader can reach from it`, async () => {
    const api = await load(file);
    const problems = api.operations().flatMap((op) => {
      const model = buildOperationModel(api, op, {api: 'fixture'});
      return linkProblems(model, render(api, model)).map((p) => `${model.operationId}: ${p}`);
    });
    assert.deepEqual(problems, []);
  });
}

/** Events of two schemas, each event type a webhook with its own page, listed by one operation as a discriminated union. */
function eventsSpec(): string {
  const event = (types: string[], object: string): JsonObject => ({
    type: 'object',
    required: ['type', object],
    properties: {
      type: {type: 'string', enum: types},
      [object]: {type: 'object', required: ['amount'], properties: {amount: {type: 'integer', minimum: 1}, currency: {type: 'string', enum: ['EUR', 'USD']}}},
    },
  });
  const webhook = (name: string, schema: string): JsonObject => ({
    post: {
      operationId: `${name.replace('.', '_')}_event`,
      'x-doc-slug': `/fixture/events/${name.replace('.', '-')}`,
      requestBody: {required: true, content: {'application/json': {schema: {$ref: `#/components/schemas/${schema}`}}}},
      responses: {'200': {description: 'Received.'}},
    },
  });
  const union = (mapping: Record<string, string>): JsonObject => ({
    oneOf: [...new Set(Object.values(mapping))].map((name) => ({$ref: `#/components/schemas/${name}`})),
    discriminator: {propertyName: 'type', mapping: Object.fromEntries(Object.entries(mapping).map(([v, name]) => [v, `#/components/schemas/${name}`]))},
  });
  const list = (operationId: string, items: JsonObject): JsonObject => ({get: {operationId, responses: ok({type: 'array', items})}});
  const file = path.join(scratch, 'linked-variants.yaml');
  fs.writeFileSync(
    file,
    stringify({
      openapi: '3.1.0',
      info: {title: 'linked variants', version: '1.0.0'},
      servers: [{url: 'https://api.fixture.example/v1'}],
      paths: {
        '/events': list('listEvents', {$ref: '#/components/schemas/AnyEvent'}),
        // `refund.failed` has no page: the variants are expanded, as a union without pages is.
        '/events/mixed': list('listMixedEvents', union({'payment.created': 'PaymentEvent', 'refund.failed': 'RefundEvent'})),
        '/charges': list('listCharges', union({card: 'PaymentEvent', bank: 'RefundEvent'})),
      },
      webhooks: {
        'payment.created': webhook('payment.created', 'PaymentEvent'),
        'payment.paid': webhook('payment.paid', 'PaymentEvent'),
        'refund.created': webhook('refund.created', 'RefundEvent'),
      },
      components: {
        schemas: {
          PaymentEvent: event(['payment.created', 'payment.paid'], 'payment'),
          RefundEvent: event(['refund.created', 'refund.failed'], 'refund'),
          AnyEvent: union({'payment.created': 'PaymentEvent', 'payment.paid': 'PaymentEvent', 'refund.created': 'RefundEvent'}),
        },
      },
    }),
  );
  return file;
}

test('a discriminated union whose every variant has its own page lists each value with a link to it; nothing is lost', async () => {
  const api = await load(eventsSpec());
  const model = buildOperationModel(
    api,
    api.operations().find((o) => o.operationId === 'listEvents')!,
    {api: 'fixture'},
  );
  const union = view(view(responseBody(model, '200')).items);
  assert.deepEqual(union.variants?.pages, [
    {value: 'payment.created', variant: 0, name: 'PaymentEvent', operationId: 'payment_created_event', route: '/docs/fixture/events/payment-created'},
    {value: 'payment.paid', variant: 0, name: 'PaymentEvent', operationId: 'payment_paid_event', route: '/docs/fixture/events/payment-paid'},
    {value: 'refund.created', variant: 1, name: 'RefundEvent', operationId: 'refund_created_event', route: '/docs/fixture/events/refund-created'},
  ]);
  assert.deepEqual(labels(union), ['payment.created, payment.paid', 'refund.created']);
  assert.deepEqual(
    union.variants?.options.map((o) => o.schema.kind === 'ref' && o.schema.ref),
    ['#/components/schemas/PaymentEvent', '#/components/schemas/RefundEvent'],
    'each variant is its component, named, not expanded (the MCP answer too)',
  );
  assert.deepEqual(model.refs, [], 'and no component file is shown apart for it');

  const ctx = htmlContext();
  const page = renderReferenceHtml(model, ctx);
  const links = fragment(page)
    .filter((el) => el.name === 'a' && !el.attribs.href?.startsWith('#'))
    .map((a) => `${textOf(a)} ${a.attribs.href}`);
  assert.deepEqual(links, [
    'PaymentEvent /docs/fixture/events/payment-created',
    'PaymentEvent /docs/fixture/events/payment-paid',
    'RefundEvent /docs/fixture/events/refund-created',
  ]);
  assert.deepEqual(
    ctx.links,
    ['/docs/fixture/events/payment-created', '/docs/fixture/events/payment-paid', '/docs/fixture/events/refund-created'],
    'recorded for the link check',
  );
  assert.deepEqual(htmlRows(page), [], 'no variant field is expanded on the page');
  const whole = render(api, model);
  const copy = whole.markdown.get('operation') ?? '';
  assert.match(copy, /Exactly one of these 2 schemas, chosen by `type`, each listed on the page of its value:/);
  assert.match(copy, /\| `refund\.created` \| \[RefundEvent\]\(https:\/\/[^)]*\/docs\/fixture\/events\/refund-created\) \|/);
  assert.deepEqual(markdownRows(copy), [], 'no variant field is expanded in the copy');
  assert.deepEqual(lostRows(model, whole), []);
  assert.deepEqual(linkProblems(model, whole), []);

  // The check goes red when a link is missing or a page does not document the variant's schema.
  const refundPage = whole.page?.('refund_created_event');
  const paymentPage = whole.page?.('payment_created_event');
  assert.ok(refundPage && paymentPage);
  const damaged = {
    ...whole,
    markdown: new Map([['operation', copy.replace(/^ *\| `payment\.paid` .*\n/m, '')]]),
    html: new Map([['operation', page.replace('href="/docs/fixture/events/refund-created"', 'href="/docs/fixture/events/elsewhere"')]]),
    page: (operationId: string) =>
      operationId === 'payment_created_event'
        ? {...paymentPage, requestBody: refundPage.requestBody}
        : operationId === 'payment_paid_event'
          ? refundPage
          : whole.page?.(operationId),
  };
  assert.deepEqual(lostRows(model, damaged), [
    'page: response 200 (application/json): payment.created (PaymentEvent, /docs/fixture/events/payment-created): payment_created_event does not document PaymentEvent with its fields',
    'page: response 200 (application/json): payment.paid (PaymentEvent, /docs/fixture/events/payment-paid): payment_paid_event is the webhook refund.created, not the event payment.paid',
    'markdown: response 200 (application/json): payment.paid (PaymentEvent, /docs/fixture/events/payment-paid): no link to its page',
    'html: response 200 (application/json): refund.created (RefundEvent, /docs/fixture/events/refund-created): no link to its page',
  ]);
  assert.deepEqual(lostRows(model, {...whole, page: undefined}).length, 3, 'without the other pages, nothing is taken as documented');
});

test('a discriminated union with a variant or a value without a page of its own expands every variant, as before', async () => {
  const api = await load(eventsSpec());
  for (const operationId of ['listMixedEvents', 'listCharges']) {
    const model = buildOperationModel(
      api,
      api.operations().find((o) => o.operationId === operationId)!,
      {api: 'fixture'},
    );
    const union = view(view(responseBody(model, '200')).items);
    assert.equal(union.variants?.pages, undefined, operationId);
    assert.ok(union.variants?.discriminator, operationId);
    const page = html(model);
    assert.deepEqual(
      fragment(page).filter((el) => el.name === 'a' && !el.attribs.href?.startsWith('#')),
      [],
      `${operationId}: no link to another page`,
    );
    const rows = htmlRows(page).map((r) => [...r.path, r.name].join(' › '));
    assert.ok(
      rows.includes('payment › amount') && rows.includes('refund › amount'),
      `${operationId}: every variant's fields are on the page (${rows.join(', ')})`,
    );
    assert.deepEqual(lostRows(model, render(api, model)), [], operationId);
  }
});
