/**
 * The try-it panel, loaded on first use: the request builder (postman-collection with faker) and the
 * theme's Request/Response/Authorization forms are only downloaded when the visitor opens the panel
 * (or points at the button, to start early). It sits last in the right column, so opening it moves
 * nothing that is already on screen (the endpoint line's server changes in that click if the visitor chose
 * another one earlier: ApiPage restores it then). If its code fails to download (offline, a deploy replaced the chunk),
 * the panel says so and offers Retry, which downloads it again; the rest of the page stays as it is.
 */
import React, {lazy, Suspense, useMemo, useState, type ReactNode} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import type {Operation} from './ApiPage';

const load = () => import('./TryItPanel');

/** `onOpen` runs in the click that opens the panel (ApiPage restores the visitor's server there). */
export default function TryIt({api, onOpen}: {api: Operation; onOpen?: () => void}): ReactNode {
  const [open, setOpen] = useState(false);
  // A new lazy component per attempt: React.lazy keeps a failed import's error for good.
  const [attempt, setAttempt] = useState(0);
  const TryItPanel = useMemo(() => lazy(load), [attempt]);
  if (api.method === 'event') return null;
  if (!open) {
    return (
      <section className="novaramp-try-it" aria-label="Try this request">
        <p className="novaramp-try-it__text">Send this request to the sandbox from your browser.</p>
        <button
          type="button"
          className="button button--primary novaramp-try-it__open"
          onMouseEnter={() => void load().catch(() => undefined)}
          onFocus={() => void load().catch(() => undefined)}
          onClick={() => {
            onOpen?.();
            setOpen(true);
          }}>
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
      <Suspense fallback={<p className="novaramp-try-it__loading" role="status">Loading the request form…</p>}>
        <TryItPanel api={api} />
      </Suspense>
    </ErrorBoundary>
  );
}
