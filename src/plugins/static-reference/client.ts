/**
 * `@novaramp/reference-html` in the browser (./index.ts): an operation page's reference HTML. When React hydrates a
 * server-rendered page, the HTML is the page's own (read from it, so hydration keeps it as it is); after a
 * client-side navigation it is fetched from the site's assets (tried three times before the page says it failed).
 * Either way the HTML leaves the hidden tab panels empty: their contents come from the same file
 * (src/data/static-reference.ts, `ReferenceFile`), fetched once the page is idle. The last few files are kept for
 * going back and forth (./client-files.ts).
 */
import {useCallback, useEffect, useState} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {DEFERRED_ATTRIBUTE, REFERENCE_HTML_URL, STATIC_REFERENCE_CLASS} from '../../data/static-reference';
import {loadedReference, loadReference} from './client-files';

export interface ReferenceHtml {
  state: 'ready' | 'loading' | 'failed';
  html: string;
  /** The contents of the panels the HTML leaves empty (`data-deferred` is their index). */
  panels: () => Promise<readonly string[]>;
}

/**
 * The reference as it is at first: loaded before, in the server-rendered page, or still to be fetched. Not from an
 * element still loading (`aria-busy`): when React mounts the page again (a hot update in development), the new
 * instance renders while the old one's empty element is still in the document.
 */
function initial(url: string, file: string): Omit<ReferenceHtml, 'panels'> {
  const html = loadedReference(url)?.html ?? document.querySelector(`.${STATIC_REFERENCE_CLASS}[data-file="${file}"]:not([aria-busy])`)?.innerHTML;
  return html === undefined ? {state: 'loading', html: ''} : {state: 'ready', html};
}

const whenIdle = (run: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, {timeout: 5000});
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 2000);
  return () => clearTimeout(id);
};

/** The reference HTML of `file`, which stays the same for the component's life (the caller keys it by file). */
export function useReferenceHtml(file: string): ReferenceHtml {
  const url = useBaseUrl(`${REFERENCE_HTML_URL}${file}`);
  const [reference, setReference] = useState(() => initial(url, file));
  useEffect(() => {
    if (reference.state !== 'loading') return undefined;
    let mounted = true;
    loadReference(url).then(
      ({html}) => mounted && setReference({state: 'ready', html}),
      () => mounted && setReference({state: 'failed', html: ''}),
    );
    return () => void (mounted = false);
  }, [url, reference.state]);
  // Fetched at idle, not on the first click, so that a tab opens at once; the page's HTML did not need them.
  const deferring = reference.state === 'ready' && reference.html.includes(DEFERRED_ATTRIBUTE);
  useEffect(() => (deferring ? whenIdle(() => loadReference(url).catch(() => undefined)) : undefined), [url, deferring]);
  const panels = useCallback(() => loadReference(url).then(({deferred}) => deferred), [url]);
  return {...reference, panels};
}
