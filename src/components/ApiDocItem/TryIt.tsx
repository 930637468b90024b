/**
 * The try-it panel, loaded on first use: the request builder (postman-collection with faker) and the
 * theme's Request/Response/Authorization forms are only downloaded when the visitor opens the panel
 * (or points at the button, to start early). It sits last in the right column, so opening it moves
 * nothing that is already on screen.
 */
import React, {lazy, Suspense, useState, type ReactNode} from 'react';
import type {Operation} from './ApiPage';

const load = () => import('./TryItPanel');
const TryItPanel = lazy(load);

export default function TryIt({api}: {api: Operation}): ReactNode {
  const [open, setOpen] = useState(false);
  if (api.method === 'event') return null;
  if (!open) {
    return (
      <section className="novaramp-try-it" aria-label="Try this request">
        <p className="novaramp-try-it__text">Send this request to the sandbox from your browser.</p>
        <button
          type="button"
          className="button button--primary novaramp-try-it__open"
          onMouseEnter={() => void load()}
          onFocus={() => void load()}
          onClick={() => setOpen(true)}>
          Try it
        </button>
      </section>
    );
  }
  return (
    <Suspense fallback={<p className="novaramp-try-it__loading" role="status">Loading the request form…</p>}>
      <TryItPanel api={api} />
    </Suspense>
  );
}
