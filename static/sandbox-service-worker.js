/**
 * The browser sandbox's service worker (src/plugins/sandbox/README.md, "In the browser"). Why a worker: the try-it
 * panel and the Run buttons fetch the spec's server, https://api.sandbox.novaramp.example/v1, which does not exist;
 * only a service worker can answer a page's fetch of another origin without changing the code that fetches.
 *
 * What it does, and nothing more: a request to the sandbox origin is handed to the page that sent it (a message
 * with a MessageChannel port), where the sandbox engine runs (src/plugins/sandbox/client-engine.ts) and answers;
 * the worker turns that answer into the Response. Every other request passes through untouched (no respondWith,
 * and where the browser has the static routing API, the browser does not even wake the worker for it). Nothing is
 * fetched from the network for a sandbox request: if the page does not answer (it has not started the sandbox),
 * the answer is a 503 problem that says so.
 *
 * Registered by src/plugins/sandbox/client.ts on the reader's first Send, never before. Plain JavaScript: it is
 * served as it is from static/, so it cannot import the engine (and does not need to).
 */
'use strict';

/** The spec's sandbox server's origin (openapi/*.yaml `servers`); the page checks the `/v1` prefix. */
const SANDBOX_ORIGIN = 'https://api.sandbox.novaramp.example';
/** The page acknowledges at once when its sandbox runs; no acknowledgement in this time means it does not. */
const ACKNOWLEDGE_MS = 3000;
/** The first answer waits for the engine and the spec to download; later ones take milliseconds. */
const ANSWER_MS = 60000;
const MESSAGE = 'novaramp-sandbox:request';

self.addEventListener('install', (event) => {
  self.skipWaiting();
  // Static routing (Chromium 123+): requests to any other origin never start the worker. Optional.
  if (event.addRoutes && typeof URLPattern === 'function') {
    event.waitUntil(
      Promise.resolve()
        .then(() => event.addRoutes({condition: {not: {urlPattern: new URLPattern({origin: SANDBOX_ORIGIN})}}, source: 'network'}))
        .catch(() => undefined),
    );
  }
});

// Control the page that registered the worker at once, so its queued first request is answered.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  if (new URL(event.request.url).origin !== SANDBOX_ORIGIN) return;
  event.respondWith(answerFromPage(event));
});

function problem(status, title, detail) {
  return new Response(JSON.stringify({type: 'about:blank', title, status, detail}), {
    status,
    headers: {'Content-Type': 'application/problem+json'},
  });
}

async function answerFromPage(event) {
  const client = event.clientId ? await self.clients.get(event.clientId) : undefined;
  if (!client) return problem(503, 'Sandbox not running', 'The browser sandbox answers requests sent from a page of the documentation.');
  const request = event.request;
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
  const headers = {};
  request.headers.forEach((value, name) => (headers[name] = value));
  const channel = new MessageChannel();
  return new Promise((resolve) => {
    const giveUp = (status, title, detail) => {
      channel.port1.close();
      resolve(problem(status, title, detail));
    };
    const notRunning = () => giveUp(503, 'Sandbox not running', 'This page has not started the browser sandbox: send the request from the try-it panel.');
    let timer = setTimeout(notRunning, ACKNOWLEDGE_MS);
    channel.port1.onmessage = ({data}) => {
      clearTimeout(timer);
      if (data.type === 'acknowledged') {
        timer = setTimeout(() => giveUp(504, 'Sandbox did not answer', 'The browser sandbox took too long to answer.'), ANSWER_MS);
        return;
      }
      if (data.stream) {
        resolve(new Response(streamedBody(channel.port1, data.body), {status: data.status, headers: data.headers}));
        return;
      }
      channel.port1.close();
      const empty = data.status === 204 || data.status === 304 || data.body === undefined;
      resolve(new Response(empty ? null : data.body, {status: data.status, headers: data.headers}));
    };
    client.postMessage({type: MESSAGE, request: {method: request.method, url: request.url, headers, body}}, [channel.port2]);
  });
}

/**
 * A body that stays open (the event stream, src/plugins/sandbox/client-stream.ts): its first part, then each `chunk`
 * the page sends as it comes, until `end`; when the page drops the response, the page is told (`cancel`).
 */
function streamedBody(port, first) {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      if (first) controller.enqueue(encoder.encode(first));
      port.onmessage = ({data}) => {
        if (data.type === 'chunk') controller.enqueue(encoder.encode(data.text));
        else if (data.type === 'end') {
          port.close();
          controller.close();
        }
      };
    },
    cancel() {
      port.postMessage({type: 'cancel'});
      port.close();
    },
  });
}
