/**
 * Restricted keys on the sandbox's WebSocket stream (src/plugins/sandbox/node/stream.ts): `auth` takes them, and
 * subscribing to a channel needs the scope of reading its objects over HTTP, derived from the AsyncAPI document and
 * the REST spec (channel-scopes.ts), never from a table. A refused subscription is the AsyncAPI document's `error`
 * message (`insufficient_scope`), the connection stays open and its other subscriptions work; revoking the key
 * closes its connection with 4003 and the key is then refused at `auth` (4001). Every message received is checked
 * against its payload in the AsyncAPI document, and the `auth` frames of both kinds of key against its one `auth`
 * message.
 */
import assert from 'node:assert/strict';
import {after, before, test} from 'node:test';
import WebSocket from 'ws';
import {channelScopes, streamChannelScopes} from '../../src/plugins/sandbox/node/channel-scopes';
import {startSandboxServer, type SandboxServer} from '../../src/plugins/sandbox/node/server';
import {SITE_ROOT} from '../../tools/cli';
import {ajvErrors, payloadValidators, readAsyncApi} from '../../tools/spec/asyncapi';
import {DOCS_ACCOUNT, combinedSpec, newKey} from '../helpers/sandbox';

type Json = Record<string, unknown>;

let server: SandboxServer;
const payload = payloadValidators(SITE_ROOT);

before(async () => {
  server = await startSandboxServer({siteDir: SITE_ROOT, spec: await combinedSpec()});
});

after(async () => {
  await server?.stop();
});

/** The security requirement of `operationId` in the combined spec, as alternatives of scopes. */
async function scopesOf(operationId: string): Promise<string[][]> {
  const spec = await combinedSpec();
  for (const item of Object.values(spec.paths as Record<string, Record<string, {operationId?: string; security?: Record<string, string[]>[]}>>)) {
    const found = Object.values(item).find((op) => op.operationId === operationId);
    if (found) return (found.security ?? []).map((requirement) => Object.values(requirement).flat());
  }
  throw new Error(`no operation ${operationId}`);
}

test('each channel needs the scope of reading its objects over HTTP, and the AsyncAPI document says which', async () => {
  const derived = streamChannelScopes(SITE_ROOT, await combinedSpec());
  assert.deepEqual(Object.fromEntries(derived), {quotes: await scopesOf('getQuote'), transactions: await scopesOf('getTransaction')});
  const channels = (readAsyncApi(SITE_ROOT).data as {channels: Record<string, {description: string}>}).channels;
  for (const [name, alternatives] of derived) {
    assert.ok(channels[name].description.includes(`\`${alternatives[0][0]}\``), `channel ${name}'s description names ${alternatives[0][0]}`);
  }
});

test('a channel whose object no GET operation returns, or two that disagree on the scope, is refused naming the line', () => {
  const asyncapi = {
    data: {
      channels: {
        connection: {messages: {ping: {payload: {type: 'object'}}}},
        payouts: {messages: {payout: {$ref: '#/components/messages/payout'}}},
      },
      components: {messages: {payout: {payload: {type: 'object', properties: {data: {$ref: './components/schemas/Payout.yaml'}}}}}},
    },
    at: (keys: (string | number)[]) => `openapi/websocket.asyncapi.yaml:7:5 (${keys.join('.')})`,
  };
  const reads = (operationId: string, scope: string) => ({
    get: {
      operationId,
      security: [{ApiKey: [scope]}],
      responses: {'200': {content: {'application/json': {schema: {$ref: '#/components/schemas/Payout'}}}}},
    },
  });
  assert.throws(
    () => channelScopes(asyncapi, {paths: {}}),
    /^Error: openapi\/websocket\.asyncapi\.yaml:7:5 \(channels\.payouts\.messages\.payout\): channel payouts pushes Payout, which no GET operation/,
  );
  assert.throws(
    () => channelScopes(asyncapi, {paths: {'/a': reads('getPayout', 'withdrawals:read'), '/b': reads('getPayoutAgain', 'accounts:read')}}),
    /channel payouts pushes Payout, read over HTTP with different scopes \(getPayout: \[\["withdrawals:read"\]\]; getPayoutAgain: \[\["accounts:read"\]\]\)/,
  );
  assert.deepEqual(Object.fromEntries(channelScopes(asyncapi, {paths: {'/a': reads('getPayout', 'withdrawals:read')}})), {payouts: [['withdrawals:read']]});
});

/** Sends a request to the server as `key` (a new Idempotency-Key on every POST). */
async function send(key: string, method: string, path: string, body?: unknown): Promise<{status: number; json: Json}> {
  const response = await fetch(`${server.origin}/v1${path}`, {
    method,
    headers: {authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(method === 'POST' ? {'idempotency-key': crypto.randomUUID()} : {})},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {status: response.status, json: text ? (JSON.parse(text) as Json) : {}};
}

/** A stream connection that records what it receives, each message checked against the AsyncAPI document. */
async function connect(): Promise<{socket: WebSocket; received: Json[]; closed: Promise<number>; invalid: string[]}> {
  const socket = new WebSocket(`${server.origin.replace('http', 'ws')}/v1`);
  const received: Json[] = [];
  const invalid: string[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Json;
    received.push(message);
    const type = String(message.type);
    const validate = payload(type);
    if (!validate) invalid.push(`${type}: no such message in the AsyncAPI document`);
    else if (!validate(message)) invalid.push(`${type}: ${ajvErrors(validate.errors)}`);
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {socket, received, closed, invalid};
}

/** The close code, or a failure when the connection is not closed within 5 s (instead of a test that never ends). */
async function closeCode(stream: {socket: WebSocket; closed: Promise<number>}): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      stream.socket.terminate();
      reject(new Error('the connection was not closed within 5 s'));
    }, 5_000);
  });
  try {
    return await Promise.race([stream.closed, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function until(ready: () => boolean, what: string): Promise<void> {
  for (const deadline = Date.now() + 5_000; !ready();) {
    if (Date.now() > deadline) assert.fail(`${what} did not happen within 5 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('a quotes:read key subscribes to quotes and receives them, is refused transactions, and is closed when revoked', async () => {
  const owner = newKey();
  const created = await send(owner, 'POST', '/sandbox/restricted-keys', {scopes: ['quotes:read']});
  assert.equal(created.status, 201);
  const {key, id} = created.json as {key: string; id: string};

  const stream = await connect();
  stream.socket.send(JSON.stringify({type: 'auth', id: 'auth-1', api_key: key}));
  await until(() => stream.received.some((m) => m.type === 'authenticated'), 'authenticated');
  stream.socket.send(JSON.stringify({type: 'subscribe', id: 'sub-transactions-1', channel: 'transactions', account_id: DOCS_ACCOUNT}));
  await until(() => stream.received.some((m) => m.type === 'error'), 'the refusal');
  assert.deepEqual(
    stream.received.find((m) => m.type === 'error'),
    {
      type: 'error',
      id: 'sub-transactions-1',
      code: 'insufficient_scope',
      message: 'Subscribing to transactions needs the transactions:read scope, as reading its objects over HTTP does; this restricted key does not hold it.',
    },
  );
  // The connection stays open: the channel whose scope the key holds works.
  stream.socket.send(JSON.stringify({type: 'subscribe', id: 'sub-quotes-1', channel: 'quotes', account_id: DOCS_ACCOUNT}));
  await until(() => stream.received.some((m) => m.type === 'subscribed'), 'subscribed');
  const quote = await send(owner, 'POST', `/accounts/${DOCS_ACCOUNT}/quotes`, {sell_asset: 'USD', buy_asset: 'USDC', sell_amount: '1000.00'});
  assert.equal(quote.status, 201);
  await until(() => stream.received.some((m) => m.type === 'quote'), 'the quote message');
  assert.equal((stream.received.find((m) => m.type === 'quote')!.data as Json).id, quote.json.id);
  // No transaction reached the key that may not read them (the quote preview moves no money: none is expected at all).
  assert.equal(stream.received.filter((m) => m.type === 'transaction').length, 0);

  assert.equal((await send(owner, 'DELETE', `/sandbox/restricted-keys/${id}`)).status, 200);
  assert.equal(await closeCode(stream), 4003, 'revoking the key closes its connection with key_revoked');

  const again = await connect();
  again.socket.send(JSON.stringify({type: 'auth', api_key: key}));
  assert.equal(await closeCode(again), 4001);
  assert.deepEqual(
    again.received.map((m) => m.code),
    ['unauthenticated'],
  );
  assert.match(String(again.received[0].message), /was revoked at/);
  assert.deepEqual([...stream.invalid, ...again.invalid], [], 'every message as the AsyncAPI document describes it');
});

test('a secret key still subscribes to every channel; a transactions:read key receives the transactions of its secret key', async () => {
  const owner = newKey();
  const {key} = (await send(owner, 'POST', '/sandbox/restricted-keys', {scopes: ['transactions:read']})).json as {key: string};
  const [asOwner, asReader] = [await connect(), await connect()];
  try {
    asOwner.socket.send(JSON.stringify({type: 'auth', api_key: owner}));
    asReader.socket.send(JSON.stringify({type: 'auth', api_key: key}));
    await until(() => asOwner.received.length > 0 && asReader.received.length > 0, 'both authenticated');
    for (const channel of ['quotes', 'transactions']) asOwner.socket.send(JSON.stringify({type: 'subscribe', channel, account_id: DOCS_ACCOUNT}));
    asReader.socket.send(JSON.stringify({type: 'subscribe', channel: 'transactions', account_id: DOCS_ACCOUNT}));
    await until(
      () => asOwner.received.filter((m) => m.type === 'subscribed').length === 2 && asReader.received.some((m) => m.type === 'subscribed'),
      'subscribed',
    );
    const transfer = await send(owner, 'POST', `/sandbox/accounts/${DOCS_ACCOUNT}/bank-transfers`, {
      amount: {value: '10.00', currency: 'USD'},
      rail: 'wire',
      reference: 'DEP7HQ2LMX9',
    });
    assert.equal(transfer.status, 201);
    await until(
      () => asReader.received.some((m) => m.type === 'transaction') && asOwner.received.some((m) => m.type === 'transaction'),
      'the transaction on both',
    );
    assert.equal((asReader.received.find((m) => m.type === 'transaction')!.data as Json).id, transfer.json.id);
    assert.deepEqual([...asOwner.invalid, ...asReader.invalid], []);
  } finally {
    asOwner.socket.close();
    asReader.socket.close();
  }
});

test('one `auth` message takes both kinds of key: the frames of a secret and of a restricted key are valid against it and authenticate', async () => {
  // The client sends one message of `type: auth`, whichever key it holds (issue #47: no second message for restricted keys).
  const doc = readAsyncApi(SITE_ROOT).data as {components: {messages: Record<string, {payload?: {properties?: {type?: {const?: string}}}}>}};
  assert.deepEqual(
    Object.entries(doc.components.messages)
      .filter(([, m]) => m.payload?.properties?.type?.const === 'auth')
      .map(([name]) => name),
    ['auth'],
  );
  const validate = payload('auth')!;
  // Letters and digits only, 16 or more: what the document's secret key pattern asks (the sandbox takes any sk_sandbox_ key).
  const owner = `sk_sandbox_authone${process.pid}x${Date.now()}`;
  const {key} = (await send(owner, 'POST', '/sandbox/restricted-keys', {scopes: ['quotes:read']})).json as {key: string};
  for (const apiKey of [owner, key]) {
    const frame = {type: 'auth', id: 'auth-1', api_key: apiKey};
    assert.ok(validate(frame), `${apiKey}: ${ajvErrors(validate.errors)}`);
    const stream = await connect();
    try {
      stream.socket.send(JSON.stringify(frame));
      await until(() => stream.received.length > 0, `${apiKey} answered`);
      assert.deepEqual(stream.received[0], {type: 'authenticated', id: 'auth-1'});
      assert.deepEqual(stream.invalid, []);
    } finally {
      stream.socket.close();
    }
  }
  // The pattern still refuses what is neither kind of key.
  for (const apiKey of [`pk_sandbox_${'X'.repeat(24)}`, `rk_sandbox_${'X'.repeat(23)}`, 'sk_sandbox_short'])
    assert.equal(validate({type: 'auth', api_key: apiKey}), false, apiKey);
});
