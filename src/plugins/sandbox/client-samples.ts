/**
 * "Your own key in every sample" (issue #47 item 3; src/plugins/sandbox/README.md, "Your key in the samples"): a
 * Docusaurus client module, so part of every page's first-visit JS, and therefore tiny on purpose. It reads one
 * localStorage record and, only if the reader has a sandbox key, loads ./client-samples-apply.ts, which rewrites the
 * site's code samples in place.
 *
 * Why these choices:
 * - **When the samples change.** The record is written when the browser sandbox first starts in this browser (the
 *   try-it panel's first Send to the sandbox server, or a Run button: ./client-engine.ts), not when the key is only
 *   minted for display: from then on the key answers requests, so a copied sample works as it is. Before that, and
 *   for every reader who never uses the sandbox, the samples keep the docs' placeholders and nothing else loads.
 * - **localStorage, not IndexedDB** (where the key also lives, ./client-storage.ts): one synchronous read tells a
 *   first visit whether anything is to be done, with no database to open. The record holds the key and, per id
 *   prefix, the reader's most recent created object; nothing secret (a test key for a sandbox that runs in this
 *   browser only, readable by the site's scripts either way).
 * - **Rewriting the rendered HTML, not a React hook.** Every sample of the reference pages, guides and workflow pages
 *   is static HTML highlighted at build time and set with `dangerouslySetInnerHTML` (tools/reference/highlight.ts: reference
 *   code samples, src/plugins/static-code, workflow-step samples), so no React component holds their text; React
 *   neither compares nor hydrates what is inside such an element, so editing its text nodes is safe before and after
 *   hydration. The copy button copies the block's `textContent` (src/plugins/static-code/client.ts): what is shown.
 * - **Server-rendered HTML, the Markdown copies and llms.txt keep the placeholders**: only the reader's browser
 *   rewrites, after the fact.
 */

import type {ReaderSamples} from './client-samples-apply';

export type {ReaderSamples};

/** The localStorage record: `{key, ids}` (./client-samples-record.ts writes it). */
export const SAMPLES_STORAGE_KEY = 'novaramp-sandbox:samples';
/** Dispatched on `window` after this page changed the record (another tab's change arrives as a `storage` event). */
export const SAMPLES_EVENT = 'novaramp-sandbox:samples';

export function readReaderSamples(): ReaderSamples | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(SAMPLES_STORAGE_KEY) ?? 'null') as Partial<ReaderSamples> | null;
    return typeof value?.key === 'string' ? {key: value.key, ids: typeof value.ids === 'object' && value.ids ? value.ids : {}} : undefined;
  } catch {
    return undefined; // Storage refused (some private windows) or a damaged record: the placeholders stay.
  }
}

function show(): void {
  const samples = readReaderSamples();
  if (samples) import('./client-samples-apply').then((m) => m.showReaderSamples(samples)).catch(() => undefined);
}

if (typeof window !== 'undefined') {
  show();
  addEventListener(SAMPLES_EVENT, show);
  addEventListener('storage', (event) => event.key === SAMPLES_STORAGE_KEY && show());
}
