/**
 * What the browser sandbox's parts say to each other: the page's entry (./client.ts), the engine's chunk
 * (./client-engine.ts) and the streams between them (./client-stream.ts, ./client-engine-stream.ts). Types and one
 * event name only, so each part imports them without importing another part.
 */

/** What the service worker forwards: the request as the page sent it (the header names lower-cased). */
export interface ForwardedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** What the worker makes its Response of. */
export interface ForwardedAnswer {
  status: number;
  headers: Record<string, string>;
  body?: string;
  /** A streamed answer (the event stream, client-engine-stream.ts): sends each later part of the body until its stop. */
  follow?: (send: (text: string) => void) => () => void;
}

export interface BrowserEngine {
  answer(request: ForwardedRequest): Promise<ForwardedAnswer>;
  /** Empties every key's state, here, in IndexedDB and in the site's other tabs. */
  reset(): Promise<void>;
}

/**
 * The event the browser sandbox dispatches on the page for each webhook delivery its simulated receiver answered
 * (./client-engine.ts: a page cannot reach the reader's server, so deliveries go to a receiver in the page); a Run
 * button lists the ones of its request.
 */
export const SIMULATED_DELIVERY_EVENT = 'novaramp-sandbox:delivered';
export interface SimulatedDelivery {
  /** The endpoint's URL, which received nothing. */
  url: string;
  eventId: string;
  eventType: string;
  /** What the simulated receiver answered (200, or 400 for a signature that does not check). */
  status: number;
}
