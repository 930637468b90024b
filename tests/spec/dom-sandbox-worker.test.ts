/**
 * The browser sandbox's service worker (static/sandbox-service-worker.js) run in Node, with a fake worker scope: it
 * answers only the sandbox origin, by asking the page that sent the request and turning the page's answer into the
 * Response; every other request is left alone; a page that does not answer gets a 503 problem, never the network.
 * And the origin it answers is the spec's server, the one the page's client checks (src/plugins/sandbox/client.ts).
 * The whole path in Chromium: tests/site/sandbox-browser.test.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import vm from 'node:vm';
import {SANDBOX_SERVER, SERVICE_WORKER_FILE} from '../../src/plugins/sandbox/client';
import {OPENAPI_DIR, API_SPECS} from '../../src/data/api-table';
import {parseYamlData} from '../../tools/openapi/yaml-data';
import {SITE_ROOT} from '../../tools/cli';

type Listener = (event: unknown) => void;
interface FetchEvent {
  request: Request;
  clientId: string;
  respondWith(answer: Promise<Response>): void;
}

/** The worker's script in a scope of its own; `page` plays the client that sent the requests. */
function loadWorker(page: (message: {type: string; request: {method: string; url: string; body?: string}}, port: MessagePort) => void) {
  const listeners = new Map<string, Listener>();
  const scope = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: () => undefined,
    clients: {
      claim: async () => undefined,
      get: async (id: string) => (id === 'page' ? {postMessage: (message: never, [port]: MessagePort[]) => page(message, port)} : undefined),
    },
  };
  const context = vm.createContext({self: scope, URL, Response, MessageChannel, ReadableStream, TextEncoder, setTimeout, clearTimeout, JSON, Promise});
  vm.runInContext(fs.readFileSync(path.join(SITE_ROOT, 'static', SERVICE_WORKER_FILE), 'utf8'), context);
  /** Dispatches a fetch event: the worker's answer, or undefined when it leaves the request alone. */
  return (request: Request, clientId = 'page'): Promise<Response> | undefined => {
    let answer: Promise<Response> | undefined;
    const event: FetchEvent = {request, clientId, respondWith: (a) => (answer = a)};
    listeners.get('fetch')!(event);
    return answer;
  };
}

test('another origin is left alone; the sandbox origin is answered by the page that sent it', async () => {
  const seen: {method: string; url: string; body?: string}[] = [];
  const fetchEvent = loadWorker(({request}, port) => {
    seen.push(request);
    port.postMessage({type: 'acknowledged'});
    setTimeout(() => port.postMessage({type: 'answer', status: 201, headers: {'Content-Type': 'application/json'}, body: '{"id":"wdr_x"}'}), 10);
  });
  assert.equal(fetchEvent(new Request('http://127.0.0.1:3000/assets/js/main.js')), undefined);
  assert.equal(fetchEvent(new Request('https://api.novaramp.example/v1/coins')), undefined, 'production is not the sandbox');
  const answer = await fetchEvent(new Request(`${SANDBOX_SERVER}/accounts/acc_1/wallets/wal_1/withdrawals`, {method: 'POST', body: '{"a":1}'}));
  assert.equal(answer?.status, 201);
  assert.equal(answer?.headers.get('content-type'), 'application/json');
  assert.deepEqual(await answer?.json(), {id: 'wdr_x'});
  assert.deepEqual(
    seen.map((r) => [r.method, r.url, r.body]),
    [['POST', `${SANDBOX_SERVER}/accounts/acc_1/wallets/wal_1/withdrawals`, '{"a":1}']],
  );
});

test('a streamed answer (the event stream) is a body that stays open: each chunk as it comes, until end or cancel', async () => {
  const ports: MessagePort[] = [];
  const fromWorker: unknown[] = [];
  const fetchEvent = loadWorker((_message, port) => {
    ports.push(port);
    port.onmessage = ({data}) => fromWorker.push(data);
    port.postMessage({type: 'acknowledged'});
    port.postMessage({type: 'answer', status: 200, headers: {'Content-Type': 'text/event-stream'}, body: 'id: evt_1\n\n', stream: true});
  });
  const decoder = new TextDecoder();
  const answer = await fetchEvent(new Request(`${SANDBOX_SERVER}/events/stream`));
  assert.equal(answer?.status, 200);
  const reader = answer!.body!.getReader();
  assert.equal(decoder.decode((await reader.read()).value), 'id: evt_1\n\n', 'the first part at once');
  ports[0].postMessage({type: 'chunk', text: 'id: evt_2\n\n'});
  assert.equal(decoder.decode((await reader.read()).value), 'id: evt_2\n\n', 'a later chunk while the body is open');
  ports[0].postMessage({type: 'end'});
  assert.equal((await reader.read()).done, true, 'end closes the body');

  const dropped = await fetchEvent(new Request(`${SANDBOX_SERVER}/events/stream`));
  await dropped!.body!.cancel();
  for (let i = 0; i < 50 && !fromWorker.length; i++) await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(fromWorker, [{type: 'cancel'}], 'the page is told when the response is dropped');
  ports.forEach((port) => port.close());
});

test('a page that has not started the sandbox, or no page, gets a 503 problem', async () => {
  const fetchEvent = loadWorker(() => undefined); // Never acknowledges.
  for (const answer of [await fetchEvent(new Request(`${SANDBOX_SERVER}/coins`)), await fetchEvent(new Request(`${SANDBOX_SERVER}/coins`), 'gone')]) {
    assert.equal(answer?.status, 503);
    assert.equal(answer?.headers.get('content-type'), 'application/problem+json');
    assert.match(String(((await answer?.json()) as {detail: string}).detail), /sandbox/);
  }
});

test("the worker's origin is the spec's sandbox server, the one the page's client checks", () => {
  const worker = fs.readFileSync(path.join(SITE_ROOT, 'static', SERVICE_WORKER_FILE), 'utf8');
  assert.equal(/const SANDBOX_ORIGIN = '([^']+)'/.exec(worker)?.[1], new URL(SANDBOX_SERVER).origin);
  for (const spec of API_SPECS) {
    const doc = parseYamlData(fs.readFileSync(path.join(SITE_ROOT, OPENAPI_DIR, `${spec}.yaml`), 'utf8')) as {servers?: {url: string}[]};
    assert.ok(
      doc.servers?.some((s) => s.url === SANDBOX_SERVER),
      `${spec}.yaml lists ${SANDBOX_SERVER}`,
    );
  }
});
