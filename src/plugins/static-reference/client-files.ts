/**
 * The reference files in the browser, for ./client.ts: each fetched once (tried three times before it counts as
 * failed), the last few kept for going back and forth. No React and no Docusaurus, so that it is unit-tested on its
 * own (tests/spec/dom-static-reference.test.ts). `jsonFiles` is the same for any JSON a page loads from the site's
 * assets (src/plugins/workflow-steps: a guide's step samples).
 */
import type {ReferenceFile} from '../../data/static-reference';

/** Waits before each new attempt: a phone's connection that drops for a moment, a dev server still writing the file. */
const RETRY_DELAYS_MS = [1000, 3000];

async function fetchJson<T>(url: string): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return (await response.json()) as T;
    } catch (error) {
      if (attempt >= RETRY_DELAYS_MS.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
    }
  }
}

export interface JsonFiles<T> {
  /** The file at `url`: the one kept, the fetch under way, or a new fetch. */
  load(url: string): Promise<T>;
  /** The file at `url` if it has loaded and is still kept. */
  loaded(url: string): T | undefined;
}

/** JSON files fetched once each, the `kept` most recently used kept; a failed fetch is forgotten. */
export function jsonFiles<T>(kept: number): JsonFiles<T> {
  /** The files fetched or being fetched, by URL, the most recently used last. */
  const files = new Map<string, {file: Promise<T>; loaded?: T}>();
  return {
    load(url) {
      const entry = files.get(url) ?? {file: fetchJson<T>(url)};
      if (!files.has(url)) {
        entry.file.then(
          (loaded) => (entry.loaded = loaded),
          () => files.get(url) === entry && files.delete(url),
        );
      }
      files.delete(url);
      files.set(url, entry);
      if (files.size > kept) files.delete(files.keys().next().value as string);
      return entry.file;
    },
    loaded: (url) => files.get(url)?.loaded,
  };
}

const references = jsonFiles<ReferenceFile>(8);

/** The file at `url`: the one kept, the fetch under way, or a new fetch. */
export const loadReference = (url: string): Promise<ReferenceFile> => references.load(url);

/** The file at `url` if it has loaded and is still kept. */
export const loadedReference = (url: string): ReferenceFile | undefined => references.loaded(url);
