/**
 * `GET /events/stream` (openapi/paths/events_stream.yaml): the events of a key as Server-Sent Events. The engine
 * answers the request like any other (key, rate limit, scope, validation of `Last-Event-ID`), with the events to
 * replay as the body: those recorded after `Last-Event-ID`, or none. What follows is the host's: the Node server
 * keeps the response open and writes each event the engine announces (node/event-stream.ts); the browser ends the
 * response after the replay. The frames are written here, once, for both.
 */
import type {Context, HandlerResult} from './context';
import {retainedEvents} from './domain/webhooks';
import {ProblemError} from './problems';
import type {Resource} from './state';

export const EVENT_STREAM_TYPE = 'text/event-stream';

/** Sent while no event happens, so that proxies keep the connection open (the spec documents 15 seconds). */
export const KEEP_ALIVE_MS = 15_000;
export const KEEP_ALIVE_FRAME = ': keep-alive\n\n';

/** One item of the stream (EventStreamItem.yaml): `id` and `event` name the event, `data` is its envelope as JSON. */
export interface EventStreamItem {
  id: string;
  event: string;
  data: string;
}

export const streamItem = (event: Resource): EventStreamItem => ({id: event.id, event: String(event.type), data: JSON.stringify(event)});

/** An item as its Server-Sent Events frame (one line per field; JSON has no raw newline). */
export const sseFrame = (item: EventStreamItem): string => `id: ${item.id}\nevent: ${item.event}\ndata: ${item.data}\n\n`;

function streamEvents(ctx: Context): HandlerResult {
  const lastEventId = ctx.headers?.['last-event-id'];
  const kept = retainedEvents(ctx);
  let replay: Resource[] = [];
  if (lastEventId !== undefined) {
    const index = kept.findIndex((e) => e.id === lastEventId);
    if (index < 0) {
      throw ProblemError.validation(
        'Last-Event-ID',
        'unsupported_value',
        `Last-Event-ID ${lastEventId} is not one of your events of the last 30 days; list what you missed with GET /events and connect again without it.`,
      );
    }
    replay = kept.slice(index + 1);
  }
  return {status: 200, contentType: EVENT_STREAM_TYPE, body: replay.map(streamItem)};
}

export const eventStreamHandlers = {streamEvents};
