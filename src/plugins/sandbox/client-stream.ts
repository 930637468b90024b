/**
 * How the page hands an answer to the service worker (static/sandbox-service-worker.js), and the streamed answers
 * still open (the event stream: client-engine-stream.ts). A plain answer is one `answer` message. A streamed one is an
 * `answer` with `stream: true` (the worker then makes a Response whose body stays open), a `chunk` message per frame,
 * and `end` when the reader stops it (`stopBrowserStreams`, the try-it panel's Stop); the worker sends `cancel` when
 * the page drops the response itself. Kept out of the engine chunk: the try-it panel's Stop imports it.
 */
import type {ForwardedAnswer} from './client-protocol';

const openStreams = new Set<() => void>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function postAnswer(port: MessagePort, answer: ForwardedAnswer): void {
  const {follow, ...message} = answer;
  port.postMessage({type: 'answer', ...message, stream: !!follow});
  if (!follow) return;
  let stopFollowing: () => void = () => undefined;
  const close = (tellWorker: boolean) => {
    if (!openStreams.delete(end)) return;
    stopFollowing();
    if (tellWorker) port.postMessage({type: 'end'});
    port.close();
    changed();
  };
  const end = () => close(true);
  openStreams.add(end);
  port.onmessage = ({data}: MessageEvent<{type?: string}>) => data?.type === 'cancel' && close(false);
  stopFollowing = follow((text) => port.postMessage({type: 'chunk', text}));
  changed();
}

/** How many streamed answers are open (the Stop button shows while there is one). */
export const openBrowserStreams = (): number => openStreams.size;

export function subscribeBrowserStreams(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Ends every open stream: each response's body ends, as if the server closed it. */
export function stopBrowserStreams(): void {
  for (const end of [...openStreams]) end();
}
