/**
 * The try-it panel's Stop for a stream the browser sandbox is sending (`GET /events/stream`): the theme's Response
 * shows each Server-Sent Event as it arrives (it reads a `text/event-stream` body as it comes) but reads until the
 * body ends, which a stream never does by itself. Stop ends the body (client-stream.ts), so the panel keeps what
 * arrived and Send works again. Shown only while a stream is open.
 */
import React, {useSyncExternalStore, type ReactNode} from 'react';
import {openBrowserStreams, stopBrowserStreams, subscribeBrowserStreams} from '../client-stream';

// relies on: try-it-event-stream (the theme's Request shows a text/event-stream body as it comes, until it ends)

export default function EventStreamStop(): ReactNode {
  const open = useSyncExternalStore(subscribeBrowserStreams, openBrowserStreams, () => 0);
  if (!open) return null;
  return (
    <p className="novaramp-event-stream" role="status">
      Following the event stream: each event appears below as it is recorded.{' '}
      <button type="button" className="button button--sm button--secondary" onClick={stopBrowserStreams}>
        Stop the stream
      </button>
    </p>
  );
}
