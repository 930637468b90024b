/**
 * The two OpenAPI 3.2 operations of issue #50 in the sandbox: `QUERY /transactions/search` (filters in a JSON body
 * across accounts, AND between filters and OR within a list, the list rules of every list, the cursor bound to the
 * body, the documented 400 and 404) through the engine and over HTTP; and `GET /events/stream` over HTTP (Server-Sent
 * Events: an event recorded after connecting arrives while the response is still open, `Last-Event-ID` replays what
 * followed it, keep-alive comments, 401 without a key, 400 for an id it does not know). Every response conforms.
 */
import assert from 'node:assert/strict';
import {after, before, test} from 'node:test';
import {startSandboxServer, type SandboxServer} from '../../src/plugins/sandbox/node/server';
import type {Sandbox} from '../../src/plugins/sandbox/engine';
import {SITE_ROOT} from '../../tools/cli';
import {DOCS_ACCOUNT, DOCS_WALLET, call, combinedSpec, newKey, testSandbox} from '../helpers/sandbox';

type Json = Record<string, unknown>;
type Page = {data: Json[]; has_more: boolean; next_cursor: string | null};

let sandbox: Sandbox;
let server: SandboxServer;

before(async () => {
  sandbox = await testSandbox();
  server = await startSandboxServer({siteDir: SITE_ROOT, spec: await combinedSpec(), eventStreamKeepAliveMs: 200});
});

after(async () => {
  await server?.stop();
  assert.deepEqual(sandbox.conformance().violations, [], 'every engine response conforms to the spec');
  assert.deepEqual(server?.report().invalidResponses ?? [], [], 'every server response conforms to the spec');
});

const search = (key: string, body: unknown, query?: Record<string, string>) => call(sandbox, key, 'QUERY', '/transactions/search', {body, query});

test('QUERY /transactions/search filters with AND between fields and OR within a list, across accounts', async () => {
  const key = newKey();
  // A second account (KYC not started) has no transactions; a deposit on the docs' wallet adds a pending one.
  const created = await call(sandbox, key, 'POST', '/accounts', {
    body: {
      type: 'individual',
      email: 'ada.lovelace@example.com',
      country: 'US',
      external_reference: 'search-second',
      individual: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        date_of_birth: '1990-04-12',
        address: {line1: '350 Fifth Avenue', city: 'New York', region: 'NY', postal_code: '10118', country: 'US'},
      },
    },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const deposit = await call(sandbox, key, 'POST', `/sandbox/accounts/${DOCS_ACCOUNT}/wallets/${DOCS_WALLET}/deposits`, {
    body: {amount: {value: '42.000000', currency: 'USDC'}},
  });
  assert.equal(deposit.status, 201, JSON.stringify(deposit.body));

  const all = await search(key, {});
  assert.equal(all.status, 200);
  const everything = (all.body as Page).data;
  assert.equal(everything.length, 4, 'the three seeded deposits and the simulated one');
  assert.ok(everything.every((t) => t.account_id === DOCS_ACCOUNT));

  const completedUsdOrUsdc = await search(key, {statuses: ['completed'], currencies: ['USD', 'USDC']});
  assert.deepEqual(
    (completedUsdOrUsdc.body as Page).data.map((t) => (t.amount as Json).currency).sort(),
    ['USD', 'USDC'],
    'OR within currencies, AND with the status (the pending USDC deposit is left out)',
  );
  const pending = await search(key, {statuses: ['pending'], types: ['crypto_deposit'], account_ids: [DOCS_ACCOUNT, String((created.body as Json).id)]});
  assert.deepEqual(
    (pending.body as Page).data.map((t) => (t.amount as Json).value),
    ['42.000000'],
  );
  const range = await search(key, {amount_gte: '1000.00', amount_lt: '5000.00'});
  assert.deepEqual(
    (range.body as Page).data.map((t) => (t.amount as Json).value).sort(),
    ['1000.00', '2500.000000'],
    'amount_gte inclusive, amount_lt exclusive (5000.00 USD is out)',
  );
  const none = await search(key, {account_ids: [String((created.body as Json).id)]});
  assert.deepEqual((none.body as Page).data, []);
});

test('QUERY /transactions/search pages and sorts like every list, and its cursor is bound to the body', async () => {
  const key = newKey();
  const first = await search(key, {types: ['crypto_deposit', 'fiat_deposit']}, {limit: '2', sort: 'created_at'});
  assert.equal(first.status, 200);
  const page1 = first.body as Page;
  assert.equal(page1.data.length, 2);
  assert.equal(page1.has_more, true);
  assert.ok(page1.next_cursor);
  const second = await search(key, {types: ['crypto_deposit', 'fiat_deposit']}, {limit: '2', sort: 'created_at', cursor: page1.next_cursor!});
  const page2 = second.body as Page;
  assert.equal(page2.data.length, 1);
  assert.equal(page2.has_more, false);
  const ids = [...page1.data, ...page2.data].map((t) => t.id);
  assert.equal(new Set(ids).size, 3, 'no transaction twice across pages');
  const sorted = [...page1.data, ...page2.data].map((t) => `${String(t.created_at)} ${String(t.id)}`);
  assert.deepEqual(sorted, [...sorted].sort(), 'sort=created_at is oldest first, ties by id');

  const otherBody = await search(key, {types: ['crypto_deposit']}, {limit: '2', sort: 'created_at', cursor: page1.next_cursor!});
  assert.equal(otherBody.status, 400);
  assert.equal((otherBody.body as Json).code, 'validation_failed');
  assert.equal(((otherBody.body as Json).errors as Json[])[0].field, 'cursor');
});

test('QUERY /transactions/search refuses bad filters with the documented codes', async () => {
  const key = newKey();
  const cases: [unknown, number, string, string | undefined][] = [
    [{statuses: ['settled']}, 400, 'validation_failed', 'statuses.0'],
    [{colour: 'red'}, 400, 'validation_failed', 'colour'],
    [{amount_gte: '-5.00'}, 400, 'validation_failed', 'amount_gte'],
    [{amount_gte: '10.00', amount_lt: '10.00'}, 400, 'validation_failed', 'amount_lt'],
    [{account_ids: ['acc_0000000000000000']}, 404, 'resource_not_found', undefined],
  ];
  for (const [body, status, code, field] of cases) {
    const answer = await search(key, body);
    assert.equal(answer.status, status, JSON.stringify(body));
    assert.equal((answer.body as Json).code, code, JSON.stringify(body));
    if (field)
      assert.ok(
        ((answer.body as Json).errors as Json[]).some((e) => String(e.field).startsWith(field)),
        JSON.stringify(answer.body),
      );
  }
  const noKey = await sandbox.handle({method: 'QUERY', path: '/transactions/search', headers: {}, body: {}});
  assert.equal(noKey.status, 401);
  const trace = await call(sandbox, key, 'TRACE', '/transactions/search');
  assert.equal(trace.status, 404, 'a TRACE request does not reach the QUERY operation');
});

test('QUERY over HTTP: the server takes the method, its JSON body and answers CORS preflights for it', async () => {
  const key = newKey();
  const preflight = await fetch(`${server.origin}/v1/transactions/search`, {
    method: 'OPTIONS',
    headers: {origin: 'https://docs.novaramp.example', 'access-control-request-method': 'QUERY'},
  });
  assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /\bQUERY\b/);
  const response = await fetch(`${server.origin}/v1/transactions/search?limit=1`, {
    method: 'QUERY',
    headers: {authorization: `Bearer ${key}`, 'content-type': 'application/json'},
    body: JSON.stringify({currencies: ['EUR']}),
  });
  assert.equal(response.status, 200);
  const page = (await response.json()) as Page;
  assert.deepEqual(
    page.data.map((t) => (t.amount as Json).currency),
    ['EUR'],
  );
});

/** An open event stream: the SSE items parsed as they arrive, and how to close it. */
interface OpenStream {
  status: number;
  headers: Headers;
  items: {id: string; event: string; data: Json}[];
  comments: number;
  close(): void;
  closed: Promise<void>;
}

async function openStream(key: string | undefined, lastEventId?: string): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${server.origin}/v1/events/stream`, {
    headers: {...(key ? {authorization: `Bearer ${key}`} : {}), ...(lastEventId ? {'last-event-id': lastEventId} : {})},
    signal: controller.signal,
  });
  const stream: OpenStream = {
    status: response.status,
    headers: response.headers,
    items: [],
    comments: 0,
    close: () => controller.abort(),
    closed: Promise.resolve(),
  };
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) return stream;
  stream.closed = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk, {stream: true});
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.startsWith(':')) stream.comments++;
          else {
            const fields = Object.fromEntries(frame.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]));
            stream.items.push({id: fields.id, event: fields.event, data: JSON.parse(fields.data) as Json});
          }
        }
      }
    } catch (error) {
      if ((error as Error).name !== 'AbortError') throw error;
    }
  })();
  return stream;
}

async function until(ready: () => boolean, ms: number, what: string): Promise<void> {
  for (const deadline = Date.now() + ms; !ready();) {
    if (Date.now() > deadline) assert.fail(`${what} did not happen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const simulate = (key: string, type: string) =>
  fetch(`${server.origin}/v1/sandbox/events`, {
    method: 'POST',
    headers: {authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID()},
    body: JSON.stringify({type}),
  }).then(async (r) => ({status: r.status, body: (await r.json()) as Json}));

test('GET /events/stream sends each event recorded after connecting, as it is recorded, with keep-alive comments', async () => {
  const key = newKey();
  await simulate(key, 'account.updated'); // before connecting: not replayed without Last-Event-ID
  const stream = await openStream(key);
  try {
    assert.equal(stream.status, 200);
    assert.match(stream.headers.get('content-type') ?? '', /^text\/event-stream/);
    assert.ok(stream.headers.get('request-id'));
    const first = await simulate(key, 'deposit.completed');
    assert.equal(first.status, 201);
    await until(() => stream.items.length === 1, 5_000, 'the first event on the stream');
    assert.deepEqual(stream.items[0], {id: first.body.id, event: 'deposit.completed', data: first.body});
    const second = await simulate(key, 'withdrawal.returned');
    await until(() => stream.items.length === 2, 5_000, 'the second event on the stream');
    assert.equal(stream.items[1].id, second.body.id);
    await until(() => stream.comments >= 2, 5_000, 'keep-alive comments');
    // Another key's events never reach this stream.
    await simulate(newKey(), 'deposit.completed');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(stream.items.length, 2);
  } finally {
    stream.close();
    await stream.closed;
  }
});

test('GET /events/stream resumes after Last-Event-ID, refuses an unknown one, and needs a key', async () => {
  const key = newKey();
  const events = [];
  for (const type of ['deposit.received', 'deposit.completed', 'trade.executed']) events.push((await simulate(key, type)).body);
  const resumed = await openStream(key, String(events[0].id));
  try {
    await until(() => resumed.items.length === 2, 5_000, 'the replay');
    assert.deepEqual(
      resumed.items.map((i) => i.id),
      [events[1].id, events[2].id],
      'the events after Last-Event-ID, in the order they were recorded',
    );
    const later = await simulate(key, 'quote.expired');
    await until(() => resumed.items.length === 3, 5_000, 'a new event after the replay');
    assert.equal(resumed.items[2].id, later.body.id);
  } finally {
    resumed.close();
    await resumed.closed;
  }
  const unknown = await openStream(key, 'evt_0000000000000000');
  assert.equal(unknown.status, 400);
  const noKey = await openStream(undefined);
  assert.equal(noKey.status, 401);
});
