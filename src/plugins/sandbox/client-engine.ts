/**
 * The sandbox engine in the reader's page: a chunk of its own (the engine, openapi-backend, Ajv), downloaded by
 * ./client.ts only when the reader first sends a request to the sandbox server. It fetches the combined bundled
 * spec the build publishes (/openapi/novaramp.json), puts back the state saved in IndexedDB (./client-storage.ts),
 * answers what the service worker forwards (static/sandbox-service-worker.js), and saves the state after each
 * request. A request without a key is the reader's: it gets their minted test key, so the try-it panel works with
 * no configuration. Other tabs of the site are told when the state changed (BroadcastChannel) and load it again,
 * so the last tab to write never throws away what another created. Once it runs, the site's code samples show the
 * reader's key, and the id of what the reader's own requests create (./client-samples-record.ts). Webhook
 * deliveries go to a simulated receiver in the page (`simulatedReceiver`, ./engine/delivery.ts), never to the
 * endpoint's URL, and each is announced on the page (SIMULATED_DELIVERY_EVENT).
 */
import {createSandbox, type Sandbox, type WebhookTransport} from './engine';
import {simulatedReceiver} from './engine/delivery';
import {opensEventStream, streamedAnswer} from './client-engine-stream';
import {deleteSnapshot, getReaderKey, loadSnapshot, SANDBOX_CHANNEL, saveSnapshot} from './client-storage';
import {recordCreated, rememberReaderKey} from './client-samples-record';
import {SIMULATED_DELIVERY_EVENT, type BrowserEngine, type ForwardedAnswer, type SimulatedDelivery} from './client-protocol';

/** The sandbox server of the spec (openapi/*.yaml `servers`): its path prefix is not part of the spec's paths. */
const SERVER_PATH = '/v1';
/** Saves coalesce: reads settle time-based changes too, but a burst of them is one write. */
const SAVE_DELAY_MS = 250;

const problem = (status: number, title: string, detail: string): ForwardedAnswer => ({
  status,
  headers: {'Content-Type': 'application/problem+json'},
  body: JSON.stringify({type: 'about:blank', title, status, detail}),
});

/** No Authorization, or `Bearer` with no token (the theme's form sends `Bearer <TOKEN>` when its key field is empty). */
const hasNoKey = (authorization: string | undefined): boolean => !authorization || /^bearer\s*(<token>|undefined|null)?$/i.test(authorization.trim());

function queryOf(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    const seen = query[name];
    query[name] = seen === undefined ? value : ([] as string[]).concat(seen, value);
  }
  return query;
}

export async function openBrowserEngine(specUrl: string): Promise<BrowserEngine> {
  const [spec, saved, readerKey] = await Promise.all([
    fetch(specUrl).then((r) => {
      if (!r.ok) throw new Error(`the spec ${specUrl} answered ${r.status}`);
      return r.json() as Promise<Record<string, unknown>>;
    }),
    loadSnapshot().catch(() => undefined),
    getReaderKey(),
  ]);
  // No webhook delivery leaves the machine: a page cannot reach the reader's server, so each goes to a simulated
  // receiver in the page, which checks its signature and answers; the page is told (a Run button lists them).
  const transport: WebhookTransport = async (request, endpoint) => {
    const answer = await simulatedReceiver(request, endpoint);
    let event: {id?: string; type?: string} = {};
    try {
      event = JSON.parse(request.body) as typeof event;
    } catch {
      // The engine sends JSON; nothing to name otherwise.
    }
    const detail: SimulatedDelivery = {url: request.url, eventId: String(event.id), eventType: String(event.type), status: answer.status ?? 0};
    dispatchEvent(new CustomEvent(SIMULATED_DELIVERY_EVENT, {detail}));
    return answer;
  };
  const sandbox: Sandbox = createSandbox({spec, checkResponses: false, transport});
  const restore = (snapshot: unknown) => {
    try {
      if (snapshot) sandbox.restore(snapshot);
      else sandbox.reset();
    } catch {
      sandbox.reset(); // An older or damaged snapshot: start from the seed.
    }
  };
  restore(saved);
  rememberReaderKey(readerKey);

  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SANDBOX_CHANNEL) : undefined;
  if (channel) channel.onmessage = () => void loadSnapshot().then(restore, () => undefined);

  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing = Promise.resolve();
  const save = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const snapshot = sandbox.snapshot();
    writing = writing
      .then(() => saveSnapshot(snapshot))
      .then(
        () => channel?.postMessage('saved'),
        () => undefined, // Storage full or refused: the state lives on in this page.
      );
    return writing;
  };
  const saveSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void save(), SAVE_DELAY_MS);
  };
  addEventListener('pagehide', () => timer !== undefined && void save());

  return {
    async answer(request) {
      const url = new URL(request.url);
      if (url.pathname !== SERVER_PATH && !url.pathname.startsWith(`${SERVER_PATH}/`)) {
        return problem(404, 'Not found', `The sandbox serves the API under ${SERVER_PATH}.`);
      }
      const headers = {...request.headers};
      if (hasNoKey(headers.authorization)) headers.authorization = `Bearer ${readerKey}`;
      const answer = await sandbox.handle({
        method: request.method,
        path: url.pathname.slice(SERVER_PATH.length) || '/',
        query: queryOf(url),
        headers,
        rawBody: request.body ? request.body : undefined,
      });
      // Written now: a delivery below completes the log entry a resend answers with (`scheduled`, as documented).
      const body = answer.body === undefined ? undefined : JSON.stringify(answer.body);
      // The deliveries due (the request's events, a resend), as the Node server makes them after each request.
      await sandbox.deliverDue();
      // A change is saved before its answer leaves, so a reload right after it finds it; reads are saved soon.
      if (request.method === 'GET' || request.method === 'HEAD') saveSoon();
      else await save();
      if (headers.authorization === `Bearer ${readerKey}`) recordCreated(request.method, answer.status, answer.body);
      if (opensEventStream(answer)) return streamedAnswer(sandbox, headers.authorization.slice('Bearer '.length), answer);
      return {status: answer.status, headers: answer.headers, body};
    },
    async reset() {
      sandbox.reset();
      clearTimeout(timer);
      timer = undefined;
      // After any write still under way, so that it cannot bring the old state back.
      const deleted = writing.then(deleteSnapshot).then(() => channel?.postMessage('reset'));
      writing = deleted.catch(() => undefined);
      await deleted;
    },
  };
}
