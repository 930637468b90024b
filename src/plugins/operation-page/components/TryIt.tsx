/**
 * The try-it panel, loaded on first use: the request builder (postman-collection with faker), the theme's
 * Request/Response/Authorization forms and the operation's try-it file (its parameters and body as JSON Schema, its
 * Postman request: src/plugins/operation-page/generate/try-it.ts) are only downloaded when the visitor opens the panel (or points at the
 * button, to start early). It sits last in the right column, so opening it moves nothing that is already on screen
 * (the endpoint line's server changes when the panel arrives if the visitor chose another one earlier: the panel
 * puts it back and reports it, `onServer`). If its code or its file fails to download (offline, a deploy replaced the chunk), the panel says
 * so and offers Retry, which downloads them again; the rest of the page stays as it is.
 */
import React, {lazy, Suspense, useMemo, useState, type ReactNode} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {TRY_IT_URL} from '@site/src/data/static-reference';
import type {Operation} from '@site/src/data/operation';
import type {EndpointServer} from '@site/src/upstream/ejected/endpoint-server';

const loadPanel = () => import('./TryItPanel');

async function loadOperation(url: string): Promise<Operation> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
  return (await response.json()) as Operation;
}

/** `onServer` gets the server the panel's form selects, from the moment it opens (the endpoint line shows it). */
export default function TryIt({api, file, onServer}: {api: Operation; file?: string; onServer?: (server: EndpointServer | undefined) => void}): ReactNode {
  const [open, setOpen] = useState(false);
  // A new lazy component per attempt: React.lazy keeps a failed import's error for good.
  const [attempt, setAttempt] = useState(0);
  const url = useBaseUrl(`${TRY_IT_URL}${file ?? ''}`);
  const TryItPanel = useMemo(
    () =>
      lazy(async () => {
        const [panel, full] = await Promise.all([loadPanel(), file ? loadOperation(url) : Promise.resolve(api)]);
        const Panel = panel.default;
        return {default: () => <Panel api={full} onServer={onServer} />};
      }),
    [attempt, url], // eslint-disable-line react-hooks/exhaustive-deps
  );
  if (api.method === 'event') return null;
  if (!open) {
    return (
      <section className="novaramp-try-it" aria-label="Try this request">
        <p className="novaramp-try-it__text">Send this request to the sandbox from your browser.</p>
        <button
          type="button"
          className="button button--primary novaramp-try-it__open"
          onMouseEnter={() => void loadPanel().catch(() => undefined)}
          onFocus={() => void loadPanel().catch(() => undefined)}
          onClick={() => setOpen(true)}>
          Try it
        </button>
      </section>
    );
  }
  return (
    <ErrorBoundary
      fallback={({error, tryAgain}) => (
        <div className="alert alert--danger novaramp-try-it__error" role="alert">
          <p>The request form could not be loaded ({error.message}).</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setAttempt((n) => n + 1);
              tryAgain();
            }}>
            Retry
          </button>
        </div>
      )}>
      <Suspense
        fallback={
          <p className="novaramp-try-it__loading" role="status">
            Loading the request form…
          </p>
        }>
        <TryItPanel />
      </Suspense>
    </ErrorBoundary>
  );
}
