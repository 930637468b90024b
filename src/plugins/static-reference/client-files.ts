/**
 * The reference files in the browser, for ./client.ts: each fetched once (tried three times before it counts as
 * failed), the last few kept for going back and forth. No React and no Docusaurus, so that it is unit-tested on its
 * own (tests/spec/dom-static-reference.test.ts).
 */
import type {ReferenceFile} from '../../data/static-reference';

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

/** The file at `url`: the one kept, the fetch under way, or a new fetch. */
export function loadReference(url: string): Promise<ReferenceFile> {
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

/** The file at `url` if it has loaded and is still kept. */
export const loadedReference = (url: string): ReferenceFile | undefined => files.get(url)?.loaded;
