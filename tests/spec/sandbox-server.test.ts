/**
 * The sandbox's Node server (src/plugins/sandbox/node/): the REST API at the root and under /v1, the WebSocket stream
 * of openapi/websocket.asyncapi.yaml pushing a transaction of a subscribed account, webhook deliveries signed per
 * Standard Webhooks to an endpoint the test runs (and retried when it fails), and a conformance report with no invalid
 * response after all that traffic. Also prints the request latency over 1,000 requests (never asserted).
 */
import assert from 'node:assert/strict';
import {createHmac, timingSafeEqual} from 'node:crypto';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {after, before, test} from 'node:test';
import WebSocket from 'ws';
import {startSandboxServer, type SandboxServer} from '../../src/plugins/sandbox/node/server';
import {SITE_ROOT} from '../../tools/cli';
import {DOCS_ACCOUNT, combinedSpec, newKey} from '../helpers/sandbox';

type Json = Record<string, unknown>;

let server: SandboxServer;

before(async () => {
  server = await startSandboxServer({siteDir: SITE_ROOT, spec: await combinedSpec()});
});

after(async () => {
  await server?.stop();
});

/** Sends a request to the server as `key` (a new Idempotency-Key on every POST). */
async function send(key: string, method: string, path: string, body?: unknown): Promise<{status: number; json: Json; headers: Headers}> {
  const response = await fetch(`${server.origin}${path}`, {
    method,
    headers: {authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(method === 'POST' ? {'idempotency-key': crypto.randomUUID()} : {})},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {status: response.status, json: text ? (JSON.parse(text) as Json) : {}, headers: response.headers};
}

/** Resolves once `ready()` is true, checking every 50 ms for at most `ms`. */
async function until(ready: () => boolean, ms: number, what: string): Promise<void> {
  for (const deadline = Date.now() + ms; !ready();) {
    if (Date.now() > deadline) assert.fail(`${what} did not happen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('the REST API answers at the root and under /v1, and a malformed body is 400 invalid_request', async () => {
  const key = newKey();
  const root = await send(key, 'GET', '/coins');
  const v1 = await send(key, 'GET', '/v1/coins');
  assert.deepEqual([root.status, v1.status], [200, 200]);
  assert.deepEqual(root.json, v1.json);
  const malformed = await fetch(`${server.origin}/v1/accounts`, {
    method: 'POST',
    headers: {authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': 'malformed-0001'},
    body: '{not json',
  });
  assert.equal(malformed.status, 400);
  assert.equal(malformed.headers.get('content-type'), 'application/problem+json');
  assert.equal(((await malformed.json()) as Json).code, 'invalid_request');
});

test('a page in a browser may call it: CORS preflight, and the documented headers exposed', async () => {
  const preflight = await fetch(`${server.origin}/v1/accounts`, {
    method: 'OPTIONS',
    headers: {origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, idempotency-key'},
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-headers'), 'authorization, idempotency-key');
  const answer = await send(newKey(), 'GET', '/coins');
  assert.equal(answer.headers.get('access-control-allow-origin'), '*');
  assert.match(String(answer.headers.get('access-control-expose-headers')), /Request-Id/);
});

test('the WebSocket stream authenticates, subscribes and pushes a transaction of the account', async () => {
  const key = newKey();
  const socket = new WebSocket(`${server.origin.replace('http', 'ws')}/v1`);
  const received: Json[] = [];
  socket.on('message', (data) => received.push(JSON.parse(String(data)) as Json));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  try {
    socket.send(JSON.stringify({type: 'auth', id: 'auth-1', api_key: key}));
    await until(() => received.some((m) => m.type === 'authenticated'), 5_000, 'authenticated');
    socket.send(JSON.stringify({type: 'subscribe', id: 'sub-1', channel: 'transactions', account_id: DOCS_ACCOUNT}));
    socket.send(JSON.stringify({type: 'subscribe', id: 'sub-2', channel: 'quotes', account_id: 'acc_9Zx4Wv7Tn2Qm5Lp8'}));
    await until(() => received.some((m) => m.type === 'subscribed') && received.some((m) => m.type === 'error'), 5_000, 'subscribed and error');
    assert.deepEqual(
      received.find((m) => m.type === 'error'),
      {type: 'error', id: 'sub-2', code: 'resource_not_found', message: 'No account acc_9Zx4Wv7Tn2Qm5Lp8 exists for this API key.'},
    );
    const transfer = await send(key, 'POST', `/sandbox/accounts/${DOCS_ACCOUNT}/bank-transfers`, {
      amount: {value: '10.00', currency: 'USD'},
      rail: 'wire',
      reference: 'DEP7HQ2LMX9',
    });
    assert.equal(transfer.status, 201);
    await until(() => received.some((m) => m.type === 'transaction'), 5_000, 'a transaction message');
    const message = received.find((m) => m.type === 'transaction')!;
    assert.equal(message.channel, 'transactions');
    assert.deepEqual((message.data as Json).id, transfer.json.id);
    socket.send(JSON.stringify({type: 'ping', id: 'ping-1'}));
    await until(() => received.some((m) => m.type === 'pong'), 5_000, 'pong');
  } finally {
    socket.close();
  }
});

test('the WebSocket stream refuses a production key with error unauthenticated, then closes with 4001', async () => {
  const socket = new WebSocket(`${server.origin.replace('http', 'ws')}/v1`);
  const received: Json[] = [];
  socket.on('message', (data) => received.push(JSON.parse(String(data)) as Json));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  socket.send(JSON.stringify({type: 'auth', api_key: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc'}));
  assert.equal(await closed, 4001);
  assert.deepEqual(
    received.map((m) => [m.type, m.code]),
    [['error', 'unauthenticated']],
  );
});

/** Standard Webhooks: HMAC-SHA256 of `id.timestamp.body` with the secret's base64 bytes, one `v1,` signature per secret. */
function signatureIsValid(secret: string, headers: http.IncomingHttpHeaders, rawBody: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${rawBody}`)
    .digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .some((s) => {
      const given = Buffer.from(s.slice(3), 'base64');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

test('webhooks: a verified endpoint receives signed events, and a failed delivery is retried once the clock passes 5 s', async () => {
  const deliveries: {headers: http.IncomingHttpHeaders; body: string}[] = [];
  let failNext = false;
  const endpoint = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      deliveries.push({headers: request.headers, body: Buffer.concat(chunks).toString('utf8')});
      response.writeHead(failNext ? 500 : 204).end();
      failNext = false;
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const port = (endpoint.address() as AddressInfo).port;
  try {
    const key = newKey();
    const created = await send(key, 'POST', '/webhooks', {
      url: `https://127.0.0.1:${port}/novaramp`,
      enabled_events: ['deposit.received', 'deposit.completed'],
    });
    assert.equal(created.status, 201, JSON.stringify(created.json));
    const secret = String(created.json.secret);
    const verified = await send(key, 'POST', `/webhooks/${String(created.json.id)}/verify`);
    assert.deepEqual([verified.json.outcome, verified.json.endpoint_status], ['verified', 'active']);
    assert.equal(JSON.parse(deliveries[0].body).type, 'webhook.verification');

    failNext = true;
    await send(key, 'POST', `/sandbox/accounts/${DOCS_ACCOUNT}/bank-transfers`, {
      amount: {value: '25.00', currency: 'USD'},
      rail: 'wire',
      reference: 'DEP7HQ2LMX9',
    });
    await until(() => deliveries.length === 2, 5_000, 'the first attempt of deposit.received');
    await send(key, 'POST', '/sandbox/clock/advance', {seconds: 5});
    await until(() => deliveries.length >= 4, 5_000, 'the retry of deposit.received and deposit.completed');
    const types = deliveries.slice(1).map((d) => JSON.parse(d.body).type as string);
    assert.deepEqual(types.sort(), ['deposit.completed', 'deposit.received', 'deposit.received']);
    for (const delivery of deliveries) assert.ok(signatureIsValid(secret, delivery.headers, delivery.body), `signature of ${delivery.body.slice(0, 80)}`);
    const retried = deliveries.filter((d) => JSON.parse(d.body).type === 'deposit.received');
    assert.equal(retried[0].headers['webhook-id'], retried[1].headers['webhook-id'], 'a retry keeps the event id');
  } finally {
    endpoint.closeAllConnections();
    await new Promise((r) => endpoint.close(r));
  }
});

test('request latency over 1,000 requests (printed, not asserted)', async (t) => {
  const durations: number[] = [];
  const paths = ['/coins', `/accounts/${DOCS_ACCOUNT}/balances`, `/accounts/${DOCS_ACCOUNT}/transactions`, `/accounts/${DOCS_ACCOUNT}/limits`];
  for (let i = 0; i < 1000; i++) {
    // 100 requests per key and 10-second window: a new key every 100.
    const key = `sk_sandbox_latency${Math.floor(i / 100)}x${process.pid}`;
    const started = performance.now();
    const {status} = await send(key, 'GET', paths[i % paths.length]);
    durations.push(performance.now() - started);
    assert.equal(status, 200);
  }
  durations.sort((a, b) => a - b);
  const at = (q: number) => durations[Math.floor(q * (durations.length - 1))].toFixed(2);
  t.diagnostic(`1,000 GET requests over HTTP: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
});

test('no response sent during these tests broke the spec', () => {
  const report = server.report();
  assert.ok(report.responses > 1000);
  assert.deepEqual(report.invalidResponses, []);
});
