/**
 * `@novaramp/reference-html` in the browser (./index.ts): an operation page's reference HTML. When React hydrates a
 * server-rendered page, the HTML is the page's own (read from it, so hydration keeps it as it is); after a
 * client-side navigation it is fetched from the site's assets (tried three times before the page says it failed).
 * The last few are kept for going back and forth.
 */
import {useEffect, useState} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {REFERENCE_HTML_URL, STATIC_REFERENCE_CLASS, type ReferenceFile} from '../../data/static-reference';

export interface ReferenceHtml {
  state: 'ready' | 'loading' | 'failed';
  html: string;
}

const KEPT = 8;
const kept = new Map<string, string>();

function keep(file: string, html: string): void {
  kept.delete(file);
  kept.set(file, html);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
}

/** The reference as it is at first: kept, in the server-rendered page, or still to be fetched. */
function initial(file: string): ReferenceHtml {
  const html = kept.get(file) ?? document.querySelector(`.${STATIC_REFERENCE_CLASS}[data-file="${file}"]`)?.innerHTML;
  return html === undefined ? {state: 'loading', html: ''} : {state: 'ready', html};
}

/** Waits before each new attempt: a phone's connection that drops for a moment, a dev server still writing the file. */
const RETRY_DELAYS_MS = [1000, 3000];

async function fetchReference(url: string, signal: AbortSignal): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(url, {signal});
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return ((await response.json()) as ReferenceFile).html;
    } catch (error) {
      if (signal.aborted || attempt >= RETRY_DELAYS_MS.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
    }
  }
}

/** The reference HTML of `file`, which stays the same for the component's life (the caller keys it by file). */
export function useReferenceHtml(file: string): ReferenceHtml {
  const url = useBaseUrl(`${REFERENCE_HTML_URL}${file}`);
  const [reference, setReference] = useState(() => initial(file));
  useEffect(() => {
    if (reference.state === 'ready') keep(file, reference.html);
    if (reference.state !== 'loading') return undefined;
    const controller = new AbortController();
    fetchReference(url, controller.signal).then(
      (html) => setReference({state: 'ready', html}),
      () => controller.signal.aborted || setReference({state: 'failed', html: ''}),
    );
    return () => controller.abort();
  }, [file, url, reference]);
  return reference;
}
