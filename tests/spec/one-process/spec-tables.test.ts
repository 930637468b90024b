/**
 * src/plugins/spec-tables/remark-spec-tables.ts: `::spec-table{…}` directives become the spec's own tables at build time,
 * run as Docusaurus runs it (remark-parse + remark-directive, and the MDX compiler); anything it cannot find fails
 * with the Markdown file and line; and the guides use it instead of retyping the spec's tables.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {parse} from 'yaml';
import remarkSpecTables, {specFileParses, type MdNode} from '../../../src/plugins/spec-tables/remark-spec-tables';
import {SITE_ROOT} from '../../../tools/cli';
import {specFacts} from '../../../src/plugins/spec-tables/spec-facts';
import {readWorkflowFile, workflowFiles} from '../../../tools/workflows/workflows';

const GUIDES = path.join(SITE_ROOT, 'docs', 'guides');

async function transform(markdown: string, options: {siteDir?: string; file?: string} = {}): Promise<MdNode> {
  const [{unified}, {default: remarkParse}, {default: remarkDirective}, {default: remarkGfm}] = await Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-directive'),
    import('remark-gfm'),
  ]);
  const processor = unified()
    .use(remarkParse)
    .use(remarkDirective)
    .use(remarkGfm)
    .use(remarkSpecTables, {siteDir: options.siteDir ?? SITE_ROOT});
  const file = {path: options.file ?? path.join(GUIDES, 'page.md'), cwd: options.siteDir ?? SITE_ROOT, value: markdown};
  return (await processor.run(processor.parse(file), file)) as unknown as MdNode;
}

const textOf = (n: MdNode): string => (n.value ?? '') + (n.children ?? []).map(textOf).join('');
const tables = (root: MdNode): MdNode[] => (root.children ?? []).filter((n) => n.type === 'table');
/** A table as lists of cell texts, header first. */
const cells = (table: MdNode): string[][] => (table.children ?? []).map((r) => (r.children ?? []).map(textOf));
const firstColumn = (table: MdNode): string[] =>
  cells(table)
    .slice(1)
    .map((r) => r[0]);
const schema = (name: string) => parse(fs.readFileSync(path.join(SITE_ROOT, 'openapi/components/schemas', `${name}.yaml`), 'utf8'));
const links = (n: MdNode): string[] => (n.type === 'link' ? [n.url ?? ''] : []).concat((n.children ?? []).flatMap(links));

interface RateLimit {
  id: string;
  name: string;
  requests: number;
  window_seconds: number;
}
/** The limits as the spec writes them, read here on their own (not through spec-facts.ts). */
const rateLimitData = (): RateLimit[] => parse(fs.readFileSync(path.join(SITE_ROOT, 'openapi/components/x-rate-limits.yaml'), 'utf8'));
/** Every operation of openapi/paths/ with an `x-rate-limit`: its limit id, summary and docs route. */
function rateLimitedOperations(): {limit: string; summary: string; route: string}[] {
  const dir = path.join(SITE_ROOT, 'openapi/paths');
  return fs.readdirSync(dir).flatMap((f) =>
    Object.values(parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Record<string, Record<string, string>>)
      .filter((op) => typeof op?.['x-rate-limit'] === 'string')
      .map((op) => ({limit: op['x-rate-limit'], summary: op.summary, route: `/docs${op['x-doc-slug']}`})),
  );
}

describe('spec tables', () => {
  test('a schema directive becomes the table of that schema, one row per status of its enum', async () => {
    const root = await transform('# Withdrawals\n\nBefore.\n\n::spec-table{schema="WithdrawalStatus"}\n\nAfter.\n');
    const [table] = tables(root);
    assert.ok(table, 'a table node replaced the directive');
    assert.deepEqual(firstColumn(table), schema('WithdrawalStatus').enum);
    assert.equal(table.position?.start.line, 5, 'the table keeps the position of the directive');
    assert.deepEqual(
      (root.children ?? []).map((n) => n.type),
      ['heading', 'paragraph', 'table', 'paragraph'],
    );
  });

  test('an operation directive takes the table of its description, and rows= keeps the rows named', async () => {
    const [all] = tables(await transform('::spec-table{operation="withdrawFiat"}\n'));
    assert.deepEqual(firstColumn(all), schema('FiatRail').enum, 'the rail limits: one row per rail');
    const [some] = tables(await transform('::spec-table{operation="withdrawFiat" rows="sepa,ach"}\n'));
    assert.deepEqual(firstColumn(some), ['ach', 'sepa'], 'the spec order, not the order asked');
    assert.deepEqual(cells(some)[0], cells(all)[0], 'the same header');
  });

  test('a file and pointer directive follows $refs and takes the table under a heading; spec-section takes the prose', async () => {
    const pointer = '/paths/~1accounts~1{account_id}~1fiat-withdrawals/post/description';
    const [viaRef] = tables(await transform(`::spec-table{file="fiat.yaml" pointer="${pointer}"}\n`));
    assert.deepEqual(firstColumn(viaRef), schema('FiatRail').enum);
    const [headers] = tables(await transform('::spec-table{file="webhooks.yaml" pointer="/info/description" heading="Verifying signatures"}\n'));
    assert.deepEqual(firstColumn(headers), ['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    const section = await transform('::spec-section{file="webhooks.yaml" pointer="/info/description" heading="Delivery"}\n');
    assert.ok(
      (section.children ?? []).some((n) => n.type === 'list'),
      'the delivery rules list',
    );
    assert.match(textOf(section), /Retries\./);
  });

  test('the events directive lists every event of the webhooks section, linked to its pinned page', async () => {
    const root = parse(fs.readFileSync(path.join(SITE_ROOT, 'openapi/webhooks.yaml'), 'utf8'));
    const [table] = tables(await transform('::spec-table{events}\n'));
    assert.deepEqual(firstColumn(table), Object.keys(root.webhooks));
    const firstLink = table.children?.[1].children?.[0].children?.[0];
    const type = Object.keys(root.webhooks)[0];
    const event = parse(fs.readFileSync(path.join(SITE_ROOT, 'openapi', root.webhooks[type].$ref), 'utf8'));
    assert.equal(firstLink?.url, `/docs${event.post['x-doc-slug']}`);
    for (const row of cells(table).slice(1)) assert.match(row[1], /^\S.*[.!?]$/, `a sentence for ${row[0]}`);
  });

  test('the derived forms enumerate the spec: operations of a tag, list operations, scopes, errors, events by prefix', async () => {
    const facts = specFacts(SITE_ROOT);
    const [accounts] = tables(await transform('::spec-table{operations="Accounts" sandbox="exclude"}\n'));
    const accountOps = facts.operations.filter((o) => o.tag === 'Accounts' && !o.sandboxOnly);
    assert.deepEqual(cells(accounts)[0], ['Operation', 'Endpoint', 'Scope']);
    assert.deepEqual(
      firstColumn(accounts),
      accountOps.map((o) => o.summary),
    );
    assert.deepEqual(
      cells(accounts)
        .slice(1)
        .map((r) => r[1]),
      accountOps.map((o) => `${o.method} ${o.path}`),
    );
    assert.equal(accounts.children?.[1].children?.[0].children?.[0].url, accountOps[0].route);
    const [sandbox] = tables(await transform('::spec-table{operations="" sandbox="only"}\n'));
    assert.ok(
      cells(sandbox)
        .slice(1)
        .every((r) => /^[A-Z]+ \/sandbox\//.test(r[1])),
      'only the sandbox operations (simulations, and the restricted keys a test creates, lists and revokes)',
    );
    assert.ok(cells(sandbox).length - 1 >= 9);
    // A list operation is one with a sort parameter: every list of the spec, with its filters.
    const [lists] = tables(await transform('::spec-table{lists}\n'));
    const listed = cells(lists).slice(1);
    assert.ok(listed.length >= 12, `${listed.length} list operations`);
    // A list is read with GET, or with QUERY when its filters travel in a body (the transaction search).
    assert.ok(listed.every((r) => /^(GET|QUERY) /.test(r[1]) && r[3].includes('-created_at')));
    assert.ok(
      listed.some((r) => r[0] === 'List events' && r[2].includes('created_gte')),
      'events list with its filters',
    );
    const [scopes] = tables(await transform('::spec-table{scopes}\n'));
    assert.deepEqual(firstColumn(scopes), facts.scopes);
    assert.ok(!firstColumn(scopes).includes('events:write'), 'a scope no operation needs is not listed');
    const [errors] = tables(await transform('::spec-table{errors}\n'));
    assert.deepEqual(firstColumn(errors), [...facts.errorCodes.keys()]);
    const quoteExpired = cells(errors).find((r) => r[0] === 'quote_expired')!;
    assert.deepEqual([quoteExpired[1], quoteExpired[3]], ['409', 'Execute a trade order']);
    const [withdrawals] = tables(await transform('::spec-table{events="withdrawal,trade"}\n'));
    assert.deepEqual(
      firstColumn(withdrawals),
      facts.events.map((e) => e.type).filter((t) => /^(withdrawal|trade)\./.test(t)),
    );
  });

  test('the rate-limits form lists every limit of x-rate-limits, each operation that names it, and its numbers', async () => {
    const limits = rateLimitData();
    const marked = rateLimitedOperations();
    assert.ok(marked.length >= 4, `${marked.length} operations name a limit`);
    const windows = [...new Set(limits.map((l) => l.window_seconds))];
    assert.equal(windows.length, 1, 'one window for every limit: it is in the header');
    const [table] = tables(await transform('::spec-table{rate-limits}\n'));
    const rows = cells(table);
    assert.deepEqual(rows[0], ['Limit', 'Requests it counts', `Per key, per ${windows[0]} s window`]);
    assert.deepEqual(
      firstColumn(table),
      limits.map((l) => l.name),
      'one row per limit, in the order of the list',
    );
    limits.forEach((limit, i) => {
      const [, counts, perWindow] = rows[i + 1];
      assert.equal(perWindow, String(limit.requests), `${limit.id}: requests per window`);
      const mine = marked.filter((o) => o.limit === limit.id);
      if (limit.id === 'default') {
        assert.equal(counts, 'Every other request');
        assert.deepEqual(mine, [], 'no operation names the default');
      } else {
        assert.deepEqual(counts.split(', ').sort(), mine.map((o) => o.summary).sort(), `${limit.id}: every operation with x-rate-limit: ${limit.id}`);
        assert.deepEqual(links(table.children![i + 1].children![1]).sort(), mine.map((o) => o.route).sort(), `${limit.id}: each linked to its page`);
      }
    });
    assert.ok(
      marked.every((o) => limits.some((l) => l.id === o.limit)),
      'every x-rate-limit is listed under a limit',
    );
  });

  test('the standard responses page renders its rate limits from the spec and types none of their numbers', async () => {
    const page = path.join(SITE_ROOT, 'docs/api/standard-responses.md');
    const text = fs.readFileSync(page, 'utf8');
    const section = /^## Rate limits\n([\s\S]*?)(?=^## )/m.exec(text)?.[1] ?? '';
    assert.match(section, /^::spec-table\{rate-limits\}$/m);
    // Status codes and header names are code; anything else that is a number here would be a limit retyped.
    assert.deepEqual(section.replace(/`[^`]*`/g, '').match(/\d+/g) ?? [], [], 'a number typed into the Rate limits section');
    const root = await transform(
      text.replace(/^---[\s\S]*?---/, (fm) => fm.replace(/[^\n]/g, '')),
      {file: page},
    );
    const rendered = tables(root).find((t) => cells(t)[0][0] === 'Limit');
    assert.deepEqual(
      rendered && firstColumn(rendered),
      rateLimitData().map((l) => l.name),
    );
  });

  test('the spec prose that still names the limits agrees with x-rate-limits', () => {
    const limits = rateLimitData();
    const known = new Set(limits.flatMap((l) => [l.requests, l.window_seconds]));
    const header = (name: string) => parse(fs.readFileSync(path.join(SITE_ROOT, 'openapi/components/headers', `${name}.yaml`), 'utf8'));
    const numbers = (t: string) => (t.replace(/\]\([^)]*\)/g, ']').match(/\d+/g) ?? []).map(Number);
    const limit = header('RateLimitLimit');
    // "…in the current 10-second window of the limit this request counted against (100, or 10 for withdrawals; …)"
    assert.deepEqual(
      numbers(limit.description).filter((n) => !known.has(n)),
      [],
      'RateLimitLimit.yaml names a number that is no limit or window',
    );
    for (const l of limits) assert.ok(numbers(limit.description).includes(l.requests), `RateLimitLimit.yaml names the ${l.id} limit, ${l.requests}`);
    assert.ok(
      limits.some((l) => l.requests === limit.example),
      `the RateLimit-Limit example ${limit.example} is a limit`,
    );
    assert.ok(header('RateLimitRemaining').example < Math.max(...limits.map((l) => l.requests)));
    assert.ok(header('RateLimitReset').example <= Math.max(...limits.map((l) => l.window_seconds)));
    const tooMany = parse(fs.readFileSync(path.join(SITE_ROOT, 'openapi/components/responses/TooManyRequests.yaml'), 'utf8'));
    const detail = String(JSON.stringify(tooMany.content)).match(/More than \d+ requests in \d+ seconds/g) ?? [];
    assert.ok(detail.length > 0, 'the 429 example names a limit');
    for (const d of detail)
      assert.deepEqual(
        numbers(d).filter((n) => !known.has(n)),
        [],
        `TooManyRequests.yaml: ${d}`,
      );
  });

  test('it compiles through MDX as Docusaurus does, into a real table', async () => {
    const {compile} = await import('@mdx-js/mdx');
    const {default: remarkDirective} = await import('remark-directive');
    const js = String(
      await compile(
        {path: path.join(GUIDES, 'page.md'), value: 'Statuses:\n\n::spec-table{schema="QuoteStatus"}\n'},
        {remarkPlugins: [remarkDirective, [remarkSpecTables, {siteDir: SITE_ROOT}]]},
      ),
    );
    assert.match(js, /_components\.table/);
    for (const status of schema('QuoteStatus').enum) assert.ok(js.includes(`"${status}"`), status);
  });

  test('an unknown schema, operation, pointer, heading, row or a missing table fails with the file and line', async () => {
    const file = path.join(GUIDES, 'broken.md');
    const cases: [string, RegExp][] = [
      ['::spec-table{schema="WithdrawalStatuz"}', /unknown schema "WithdrawalStatuz": openapi\/components\/schemas\/WithdrawalStatuz\.yaml does not exist/],
      ['::spec-table{operation="withdrawFiats"}', /unknown operation "withdrawFiats"/],
      ['::spec-table{file="webhooks.yaml" pointer="/info/descriptio"}', /nothing at \/info\/descriptio \(no "descriptio"/],
      ['::spec-table{file="webhooks.yaml" pointer="/info/description" heading="Retry"}', /has no heading "Retry" \(headings: "Delivery", /],
      ['::spec-table{schema="Network"}', /Network\.yaml has no Markdown table \(and no enum with x-enum-descriptions\)/],
      ['::spec-table{schema="QuoteStatus" rows="open,closed"}', /the table has no row "closed" \(rows: open, /],
      ['::spec-table{schema="QuoteStatus" file="quotes.yaml"}', /give exactly one of/],
      ['::spec-table{file="quotes.yaml"}', /needs a pointer/],
      ['::spec-table{operations="Acounts"}', /no operation has the tag "Acounts" \(tags: Accounts, /],
      ['::spec-table{operations="Accounts" sandbox="maybe"}', /sandbox="maybe": write include, exclude or only/],
      ['::spec-table{events="withdrawl"}', /no event type starts with "withdrawl\."/],
      ['::spec-table{lists scopes}', /give exactly one of/],
      ['::spec-table{rate-limits errors}', /give exactly one of/],
      [':::spec-table{schema="QuoteStatus"}\n:::', /must be a leaf directive/],
    ];
    for (const [directive, expected] of cases) {
      await assert.rejects(transform(`# Page\n\nSome text.\n\n${directive}\n`, {file}), (error: Error) => {
        assert.match(error.message, /^docs\/guides\/broken\.md:5: /, directive);
        assert.match(error.message, expected, directive);
        return true;
      });
    }
  });
});

describe('spec tables on a spec of its own', () => {
  let site: string;
  before(() => {
    site = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-spec-tables-'));
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(site, 'openapi', rel)), {recursive: true});
      fs.writeFileSync(path.join(site, 'openapi', rel), text);
    };
    write(
      'components/schemas/ParcelStatus.yaml',
      [
        'type: string',
        'enum: [packed, shipped, lost]',
        'x-enum-descriptions:',
        '  packed: In the box.',
        '  shipped: On its way, see `tracking_id`.',
        '  lost: Final.',
        'x-status-events:',
        '  shipped: [parcel.shipped]',
        '  lost: [parcel.lost, parcel.refunded]',
      ].join('\n'),
    );
    write('webhooks.yaml', 'webhooks:\n  parcel.shipped:\n    $ref: events/parcel.shipped.yaml\n  parcel.lost:\n    $ref: events/parcel.lost.yaml\n');
    write('events/parcel.shipped.yaml', 'post:\n  x-doc-slug: /api/events/parcel-shipped\n  description: Sent when a parcel leaves. More text.\n');
    write('events/parcel.lost.yaml', 'post:\n  x-doc-slug: /api/events/parcel-lost\n  description: Sent when a parcel is lost.\n');
  });
  after(() => fs.rmSync(site, {recursive: true, force: true}));

  test('an enum with x-enum-descriptions becomes a table, and x-status-events adds the linked events', async () => {
    const [table] = tables(await transform('::spec-table{schema="ParcelStatus" rows="packed,shipped"}\n', {siteDir: site, file: path.join(site, 'docs/p.md')}));
    assert.deepEqual(cells(table), [
      ['Value', 'Meaning', 'Event'],
      ['packed', 'In the box.', ''],
      ['shipped', 'On its way, see tracking_id.', 'parcel.shipped'],
    ]);
    assert.equal(table.children?.[2].children?.[2].children?.[0].url, '/docs/api/events/parcel-shipped');
    const [events] = tables(await transform('::spec-table{events}\n', {siteDir: site, file: path.join(site, 'docs/p.md')}));
    assert.deepEqual(cells(events).slice(1), [
      ['parcel.shipped', 'Sent when a parcel leaves.'],
      ['parcel.lost', 'Sent when a parcel is lost.'],
    ]);
  });

  test('each spec file is parsed once per process, and again only when it changes', async () => {
    const page = {siteDir: site, file: path.join(site, 'docs/p.md')};
    const twice = '::spec-table{schema="ParcelStatus" rows="packed"}\n\n::spec-table{events}\n';
    await transform(twice, page);
    const afterFirst = specFileParses();
    // The same directives again, and on another page: every file they read is already parsed.
    await transform(twice, page);
    await transform('::spec-table{events}\n\n::spec-table{events}\n', page);
    assert.equal(specFileParses(), afterFirst, 'a second directive re-parsed a spec file');
    // An edit (new size and mtime) is seen: exactly that file is parsed again.
    const event = path.join(site, 'openapi/events/parcel.lost.yaml');
    fs.writeFileSync(event, 'post:\n  x-doc-slug: /api/events/parcel-lost\n  description: Sent when a parcel is lost for good.\n');
    fs.utimesSync(event, new Date(), new Date(Date.now() + 5_000));
    const [events] = tables(await transform('::spec-table{events}\n', page));
    assert.equal(specFileParses(), afterFirst + 1);
    assert.equal(cells(events)[2][1], 'Sent when a parcel is lost for good.');
  });

  test('an event named by x-status-events but missing from the webhooks section fails', async () => {
    await assert.rejects(
      transform('Intro.\n\n::spec-table{schema="ParcelStatus"}\n', {siteDir: site, file: path.join(site, 'docs/p.md')}),
      /^Error: docs\/p\.md:3: ::spec-table: openapi\/components\/schemas\/ParcelStatus\.yaml: x-status-events names parcel\.refunded, which is not an event of openapi\/webhooks\.yaml/,
    );
  });
});

describe('the rate-limits form on a copy of the spec', () => {
  let site: string;
  const page = () => ({siteDir: site, file: path.join(site, 'docs/p.md')});
  /** Rewrites a spec file of the copy, with a new mtime so the cached parse is dropped. */
  const edit = (rel: string, change: (text: string) => string) => {
    const file = path.join(site, 'openapi', rel);
    fs.writeFileSync(file, change(fs.readFileSync(file, 'utf8')));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
  };
  before(() => {
    site = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-rate-limits-'));
    fs.cpSync(path.join(SITE_ROOT, 'openapi'), path.join(site, 'openapi'), {recursive: true, filter: (src) => !src.includes(`${path.sep}releases`)});
  });
  after(() => fs.rmSync(site, {recursive: true, force: true}));

  test('limits with windows of their own show each window in its cell', async () => {
    edit('components/x-rate-limits.yaml', () =>
      [
        ['withdrawals', 'Withdrawals', 20, 60],
        ['default', 'Default', 100, 10],
      ]
        .map(([id, name, requests, window]) => `- id: ${id}\n  name: ${name}\n  requests: ${requests}\n  window_seconds: ${window}\n  description: Some.\n`)
        .join(''),
    );
    const [table] = tables(await transform('::spec-table{rate-limits}\n', page()));
    assert.deepEqual(cells(table)[0], ['Limit', 'Requests it counts', 'Per key, per window']);
    assert.deepEqual(
      cells(table)
        .slice(1)
        .map((r) => r[2]),
      ['20 per 60 s', '100 per 10 s'],
    );
  });

  test('an x-rate-limit the list does not have fails with the operation and its file', async () => {
    edit('paths/accounts_{account_id}_fiat-withdrawals.yaml', (t) => t.replace('x-rate-limit: withdrawals', 'x-rate-limit: bulk'));
    await assert.rejects(
      transform('::spec-table{rate-limits}\n', page()),
      /^Error: docs\/p\.md:1: ::spec-table: openapi\/paths\/accounts_\{account_id\}_fiat-withdrawals\.yaml: withdrawFiat has x-rate-limit: bulk, which is not a limit of openapi\/components\/x-rate-limits\.yaml \(withdrawals, default\)/,
    );
    edit('paths/accounts_{account_id}_fiat-withdrawals.yaml', (t) => t.replace('x-rate-limit: bulk', 'x-rate-limit: withdrawals'));
  });

  test('a spec without x-rate-limits has no rate-limits table', async () => {
    for (const root of fs.readdirSync(path.join(site, 'openapi')).filter((f) => f.endsWith('.yaml') && !f.includes('asyncapi'))) {
      edit(root, (t) => t.replace(/^ {2}x-rate-limits:\n {4}\$ref: .*\n/m, ''));
    }
    await assert.rejects(transform('Limits:\n\n::spec-table{rate-limits}\n', page()), /^Error: docs\/p\.md:3: ::spec-table: no API declares x-rate-limits/);
  });
});

describe('the guides use the spec tables', () => {
  const pages = fs
    .readdirSync(GUIDES, {recursive: true})
    .map(String)
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join(GUIDES, f));

  test('every directive in the guides and terminology pages resolves', async () => {
    let directives = 0;
    for (const page of pages) {
      const text = fs.readFileSync(page, 'utf8');
      const found = text.match(/^::spec-(table|section)\{/gm)?.length ?? 0;
      if (found === 0) continue;
      directives += found;
      const root = await transform(
        text.replace(/^---[\s\S]*?---/, (fm) => fm.replace(/[^\n]/g, '')),
        {file: page},
      );
      assert.doesNotMatch(JSON.stringify(root), /"name":"spec-(table|section)"/, page);
    }
    assert.ok(directives >= 15, `${directives} directives`);
  });

  test('no guide, and no workflow a guide embeds, writes out an Idempotency-Key: a pasted request would replay it (N7)', () => {
    const seen = new Map<string, string>();
    const reused: string[] = [];
    for (const page of pages) {
      fs.readFileSync(page, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const m of line.matchAll(/Idempotency-Key: ([0-9A-Za-z-]{8,64})/g)) {
            const here = `${path.relative(SITE_ROOT, page)}:${i + 1}`;
            if (seen.has(m[1])) reused.push(`${here}: ${m[1]} is already used at ${seen.get(m[1])}`);
            else seen.set(m[1], here);
          }
        });
    }
    // The requests the guides embed from the workflows (::workflow-step) send the workflows' keys.
    for (const abs of workflowFiles(SITE_ROOT)) {
      const wf = readWorkflowFile(abs, SITE_ROOT);
      wf.doc.workflows.forEach((workflow, w) =>
        (workflow.steps ?? []).forEach((step, s) =>
          (step.parameters ?? []).forEach((p, i) => {
            if (p.in !== 'header' || p.name.toLowerCase() !== 'idempotency-key' || typeof p.value !== 'string' || p.value.startsWith('$')) return;
            const here = wf.where('workflows', w, 'steps', s, 'parameters', i, 'value');
            if (seen.has(p.value)) reused.push(`${here}: ${p.value} is already used at ${seen.get(p.value)}`);
            else seen.set(p.value, here);
          }),
        ),
      );
    }
    // Every sample generates its key ($(uuidgen), crypto.randomUUID(), uuid.uuid4(); the workflows $faker.string.uuid()).
    assert.deepEqual(
      [...seen].map(([key, where]) => `${where}: ${key}`),
      [],
    );
    assert.deepEqual(reused, []);
  });

  test('no guide retypes a status table of the spec', async () => {
    const statusSchemas = fs
      .readdirSync(path.join(SITE_ROOT, 'openapi/components/schemas'))
      .filter((f) => /Status\.yaml$/.test(f))
      .map((f) => ({name: f, values: (parse(fs.readFileSync(path.join(SITE_ROOT, 'openapi/components/schemas', f), 'utf8')).enum ?? []) as string[]}));
    assert.ok(statusSchemas.length >= 5);
    const {unified} = await import('unified');
    const {default: remarkParse} = await import('remark-parse');
    const {default: remarkGfm} = await import('remark-gfm');
    const processor = unified().use(remarkParse).use(remarkGfm);
    const retyped: string[] = [];
    for (const page of pages) {
      const root = processor.parse(fs.readFileSync(page, 'utf8')) as unknown as MdNode;
      for (const table of tables(root)) {
        // A copy that leaves out one status (a crypto-only list without `returned`) is still a copy.
        const values = firstColumn(table);
        const copy = statusSchemas.find((s) => values.every((v) => s.values.includes(v)) && values.length >= Math.max(3, s.values.length - 1));
        if (copy)
          retyped.push(
            `${path.relative(SITE_ROOT, page)}:${table.position?.start.line}: retypes ${copy.name}; use ::spec-table{schema="${copy.name.replace('.yaml', '')}"}`,
          );
      }
    }
    assert.deepEqual(retyped, []);
  });
});
