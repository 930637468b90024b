/**
 * The event stream in the browser sandbox (engine chunk): an engine answer that opens `GET /events/stream` becomes
 * the worker's streamed Response. Its body starts with the replay (the events after `Last-Event-ID`), then carries,
 * frame by frame, every event this tab's engine records for the key (a simulation sent from another page of the
 * site, or from the console), until the reader stops it or the page goes. No keep-alive: nothing stands between the
 * page and its own worker.
 */
import type {Sandbox, SandboxResponse} from './engine';
import {EVENT_STREAM_TYPE, sseFrame, streamItem, type EventStreamItem} from './engine/event-stream';
import type {ForwardedAnswer} from './client-protocol';

export const opensEventStream = (answer: SandboxResponse): boolean => answer.status === 200 && answer.headers['Content-Type'] === EVENT_STREAM_TYPE;

/** The answer with the replay as SSE text, and `follow`, which sends each later frame of `apiKey` until its stop. */
export function streamedAnswer(sandbox: Sandbox, apiKey: string, answer: SandboxResponse): ForwardedAnswer {
  return {
    status: answer.status,
    headers: {...answer.headers, 'Content-Type': `${EVENT_STREAM_TYPE}; charset=utf-8`, 'Cache-Control': 'no-cache'},
    body: (answer.body as EventStreamItem[]).map(sseFrame).join(''),
    follow: (send) =>
      sandbox.onEvent((notice) => {
        if (notice.kind === 'event' && notice.apiKey === apiKey) send(sseFrame(streamItem(notice.event)));
      }),
  };
}
