/**
 * The browser sandbox's entry for the page (src/plugins/sandbox/README.md, "In the browser"): small on purpose,
 * because the try-it panel's chunk carries it; the engine is a chunk apart (./client-engine.ts), downloaded by
 * `startBrowserSandbox()` only. No page registers the service worker or downloads the engine before the reader
 * first sends a request to the sandbox server: the try-it panel holds its first Send until `startBrowserSandbox()`
 * resolves (the worker controls the page and the engine is ready), then lets it go. A Run button does the same
 * before its fetch.
 *
 * The status (`idle` → `starting` → `running`, or `failed`) is a tiny store the Sandbox control reads.
 */
import type {BrowserEngine, ForwardedRequest} from './client-protocol';
import {deleteSnapshot, SANDBOX_CHANNEL} from './client-storage';
import {forgetCreated} from './client-samples-record';
import {postAnswer} from './client-stream';

export {SIMULATED_DELIVERY_EVENT, type SimulatedDelivery} from './client-protocol';

/** The spec's sandbox server (openapi/*.yaml `servers`), which static/sandbox-service-worker.js answers. */
export const SANDBOX_SERVER = 'https://api.sandbox.novaramp.example/v1';
/** Under the site's baseUrl (static/). */
export const SERVICE_WORKER_FILE = 'sandbox-service-worker.js';
/** The combined bundled spec the build publishes (src/data/api-table.ts: ARTEFACT_DIR, COMBINED_SPEC). */
export const SPEC_FILE = 'openapi/novaramp.json';
/** The message the worker posts for each request (static/sandbox-service-worker.js). */
const REQUEST_MESSAGE = 'novaramp-sandbox:request';

export type SandboxStatus = {state: 'idle' | 'starting' | 'running'} | {state: 'failed'; reason: string};

let status: SandboxStatus = {state: 'idle'};
const listeners = new Set<() => void>();
const setStatus = (next: SandboxStatus) => {
  status = next;
  listeners.forEach((l) => l());
};
export const getSandboxStatus = (): SandboxStatus => status;
export function subscribeSandboxStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a request to `url` goes to the browser sandbox (the URL of the server the try-it form selected). */
export const isSandboxUrl = (url: string | undefined): boolean => !!url && (url === SANDBOX_SERVER || url.startsWith(`${SANDBOX_SERVER}/`));

let engine: Promise<BrowserEngine> | undefined;
let started: Promise<void> | undefined;
let listening = false;

function loadEngine(baseUrl: string): Promise<BrowserEngine> {
  engine ??= import('./client-engine').then((m) => m.openBrowserEngine(`${baseUrl}${SPEC_FILE}`));
  engine.catch(() => (engine = undefined));
  return engine;
}

/** Answers the worker's forwarded requests: acknowledges at once (the worker then waits), answers when ready. */
function answerWorker(baseUrl: string) {
  return async (event: MessageEvent<{type?: string; request?: ForwardedRequest}>) => {
    const port = event.ports[0];
    if (event.data?.type !== REQUEST_MESSAGE || !event.data.request || !port) return;
    port.postMessage({type: 'acknowledged'});
    try {
      postAnswer(port, await (await loadEngine(baseUrl)).answer(event.data.request));
    } catch (error) {
      const detail = `The browser sandbox failed: ${(error as Error).message}`;
      port.postMessage({
        type: 'answer',
        status: 500,
        headers: {'Content-Type': 'application/problem+json'},
        body: JSON.stringify({type: 'about:blank', title: 'Sandbox failed', status: 500, detail}),
      });
    }
  };
}

/** How long the worker may take to install and take control of the page (it claims it as soon as it activates). */
const CONTROL_TIMEOUT_MS = 15000;

function whenControlled(container: ServiceWorkerContainer, workerUrl: string): Promise<void> {
  const ours = () => container.controller?.scriptURL === workerUrl;
  if (ours()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!ours()) return;
      container.removeEventListener('controllerchange', check);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      container.removeEventListener('controllerchange', check);
      reject(new Error('the service worker did not take control of the page'));
    }, CONTROL_TIMEOUT_MS);
    container.addEventListener('controllerchange', check);
  });
}

/**
 * Starts the browser sandbox in this page, once: listens to the worker, registers it (scope: the site), waits until
 * it controls the page, and readies the engine. `baseUrl` is the site's (`useBaseUrl('/')`).
 */
export function startBrowserSandbox(baseUrl: string): Promise<void> {
  started ??= (async () => {
    setStatus({state: 'starting'});
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!container) throw new Error('this browser runs no service worker here (a private window, or not HTTPS)');
    if (!listening) {
      // Once per page, even if a start fails and the reader sends again.
      container.addEventListener('message', answerWorker(baseUrl));
      container.startMessages();
      listening = true;
    }
    const workerUrl = new URL(`${baseUrl}${SERVICE_WORKER_FILE}`, location.href).href;
    const registered = container.register(workerUrl, {scope: baseUrl}).then((registration) => {
      // A browser (or an automation) that blocks workers may resolve without registering anything.
      if (!registration) throw new Error('this browser blocks service workers here');
      return whenControlled(container, workerUrl);
    });
    await Promise.all([registered, loadEngine(baseUrl)]);
  })().then(
    () => setStatus({state: 'running'}),
    (error: Error) => {
      started = undefined;
      setStatus({state: 'failed', reason: error.message});
      throw error;
    },
  );
  return started;
}

/**
 * Whether a Send to the sandbox server can go now: the sandbox runs, or it could not start (the request then goes
 * to the network as it did before the browser sandbox, and fails there; the Sandbox control says why).
 */
export const browserSandboxSettled = (): boolean => status.state === 'running' || status.state === 'failed';

/**
 * Empties the sandbox: every key's objects, in this page (if the engine runs) and in IndexedDB. The key stays; the
 * code samples go back to the docs' ids.
 */
export async function resetBrowserSandbox(): Promise<void> {
  forgetCreated();
  if (engine) return (await engine).reset();
  await deleteSnapshot();
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(SANDBOX_CHANNEL);
  channel.postMessage('reset');
  channel.close();
}
