/**
 * The event stream over HTTP (`GET /v1/events/stream`, engine/event-stream.ts): the engine answers the request (key,
 * rate limit, `Last-Event-ID`) with the events to replay; this keeps the response open and writes, as Server-Sent
 * Events, the replay, then every event the engine records for that key, as it is recorded, and a keep-alive comment
 * while nothing happens. It listens before the engine answers, so that an event recorded meanwhile is not lost.
 */
import type http from 'node:http';
import {EVENT_STREAM_TYPE, KEEP_ALIVE_FRAME, KEEP_ALIVE_MS, sseFrame, streamItem, type EventStreamItem} from '../engine/event-stream';
import type {Sandbox, SandboxResponse} from '../engine';

/** Whether the request asks for the stream (the engine still decides whether it gets it). */
export const asksForEventStream = (method: string | undefined, path: string): boolean => method === 'GET' && path === '/events/stream';

export interface PendingEventStream {
  /** Whether the engine's answer opened the stream (else it is an ordinary answer: a 401, a 400…). */
  opens(answer: SandboxResponse): boolean;
  /** Writes the replay and follows the key's events until the connection closes. */
  follow(answer: SandboxResponse, request: http.IncomingMessage, response: http.ServerResponse, extraHeaders: Record<string, string>): void;
  /** Stops listening (the answer did not open the stream). */
  cancel(): void;
}

export function pendingEventStream(sandbox: Sandbox, authorization: string | undefined, keepAliveMs = KEEP_ALIVE_MS): PendingEventStream {
  const apiKey = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1] ?? '';
  const recorded: EventStreamItem[] = [];
  let write: ((item: EventStreamItem) => void) | undefined;
  const unsubscribe = sandbox.onEvent((notice) => {
    if (notice.kind !== 'event' || notice.apiKey !== apiKey) return;
    const item = streamItem(notice.event);
    if (write) write(item);
    else recorded.push(item);
  });
  return {
    opens: (answer) => answer.status === 200 && answer.headers['Content-Type'] === EVENT_STREAM_TYPE,
    follow(answer, request, response, extraHeaders) {
      response.writeHead(200, {
        ...answer.headers,
        ...extraHeaders,
        'Content-Type': `${EVENT_STREAM_TYPE}; charset=utf-8`,
        'Cache-Control': 'no-cache',
        Connection: 'keep-alive',
      });
      const sent = new Set<string>();
      write = (item) => {
        if (sent.has(item.id)) return;
        sent.add(item.id);
        response.write(sseFrame(item));
      };
      for (const item of answer.body as EventStreamItem[]) write(item);
      for (const item of recorded.splice(0)) write(item);
      // The headers and the replay leave now, not with the first event.
      if (!sent.size) response.write(KEEP_ALIVE_FRAME);
      const keepAlive = setInterval(() => response.write(KEEP_ALIVE_FRAME), keepAliveMs);
      const close = () => {
        clearInterval(keepAlive);
        unsubscribe();
      };
      request.once('close', close);
      response.once('close', close);
    },
    cancel: unsubscribe,
  };
}
