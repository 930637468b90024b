/**
 * `@novaramp/reference-html` in the browser (./index.ts): an operation page's reference HTML. When React hydrates a
 * server-rendered page, the HTML is the page's own (read from it, so hydration keeps it as it is); after a
 * client-side navigation it is fetched from the site's assets (tried three times before the page says it failed).
 * Either way the HTML leaves the hidden tab panels empty: their contents come from the same file
 * (src/data/static-reference.ts, `ReferenceFile`), fetched once the page is idle. The last few files are kept for
 * going back and forth.
 */
import {useCallback, useEffect, useState} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {DEFERRED_ATTRIBUTE, REFERENCE_HTML_URL, STATIC_REFERENCE_CLASS, type ReferenceFile} from '../../data/static-reference';

export interface ReferenceHtml {
  state: 'ready' | 'loading' | 'failed';
  html: string;
  /** The contents of the panels the HTML leaves empty (`data-deferred` is their index). */
  panels: () => Promise<readonly string[]>;
}

/** Waits before each new attempt: a phone's connection that drops for a moment, a dev server still writing the file. */
const RETRY_DELAYS_MS = [1000, 3000];

async function fetchReference(url: string): Promise<ReferenceFile> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return (await response.json()) as ReferenceFile;
    } catch (error) {
      if (attempt >= RETRY_DELAYS_MS.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
    }
  }
}

const KEPT = 8;

/** The files fetched or being fetched, by URL, the most recently used last; a failed fetch is forgotten. */
const files = new Map<string, {file: Promise<ReferenceFile>; loaded?: ReferenceFile}>();

function load(url: string): Promise<ReferenceFile> {
  const entry = files.get(url) ?? {file: fetchReference(url)};
  if (!files.has(url)) {
    entry.file.then(
      (loaded) => (entry.loaded = loaded),
      () => files.get(url) === entry && files.delete(url),
    );
  }
  files.delete(url);
  files.set(url, entry);
  if (files.size > KEPT) files.delete(files.keys().next().value as string);
  return entry.file;
}

/**
 * The reference as it is at first: loaded before, in the server-rendered page, or still to be fetched. Not from an
 * element still loading (`aria-busy`): when React mounts the page again (a hot update in development), the new
 * instance renders while the old one's empty element is still in the document.
 */
function initial(url: string, file: string): Omit<ReferenceHtml, 'panels'> {
  const html = files.get(url)?.loaded?.html ?? document.querySelector(`.${STATIC_REFERENCE_CLASS}[data-file="${file}"]:not([aria-busy])`)?.innerHTML;
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
    load(url).then(
      ({html}) => mounted && setReference({state: 'ready', html}),
      () => mounted && setReference({state: 'failed', html: ''}),
    );
    return () => void (mounted = false);
  }, [url, reference.state]);
  // Fetched at idle, not on the first click, so that a tab opens at once; the page's HTML did not need them.
  const deferring = reference.state === 'ready' && reference.html.includes(DEFERRED_ATTRIBUTE);
  useEffect(() => (deferring ? whenIdle(() => load(url).catch(() => undefined)) : undefined), [url, deferring]);
  const panels = useCallback(() => load(url).then(({deferred}) => deferred), [url]);
  return {...reference, panels};
}
