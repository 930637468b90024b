/**
 * Writes the record the code samples read (./client-samples.ts): the reader's key when the browser sandbox starts
 * (./client-engine.ts), the id of each object the reader creates in it, and forgetting those ids on Reset
 * (./client.ts). Each change is announced to this page (`SAMPLES_EVENT`); the site's other tabs see it as a
 * `storage` event. Not in any first-visit JS: only the engine's and the try-it panel's chunks import it.
 */
import {readReaderSamples, SAMPLES_EVENT, SAMPLES_STORAGE_KEY, type ReaderSamples} from './client-samples';

/** An id as every *Id.yaml pattern of the spec shapes it (engine/ids.ts): a prefix, `_` and 16 letters and digits. */
const CREATED_ID = /^([a-z]{2,4})_[A-Za-z0-9]{16}$/;

function write(samples: ReaderSamples): void {
  try {
    localStorage.setItem(SAMPLES_STORAGE_KEY, JSON.stringify(samples));
  } catch {
    return; // Storage full or refused: the samples keep what they showed.
  }
  dispatchEvent(new Event(SAMPLES_EVENT));
}

/** The sandbox runs with this key: from now on the samples show it (the ids recorded for the same key stay). */
export function rememberReaderKey(key: string): void {
  const saved = readReaderSamples();
  if (saved?.key === key) return;
  write({key, ids: {}});
}

/**
 * After a request of the reader's own key: a `POST` that succeeded and answered an object with an id made the
 * reader's newest object of that prefix (a creation, or an action on one: cancel, execute, a simulation).
 */
export function recordCreated(method: string, status: number, body: unknown): void {
  if (method !== 'POST' || status < 200 || status > 299) return;
  const id = (body as {id?: unknown} | undefined)?.id;
  const prefix = typeof id === 'string' ? CREATED_ID.exec(id)?.[1] : undefined;
  const saved = readReaderSamples();
  if (!prefix || !saved || saved.ids[prefix] === id) return;
  write({key: saved.key, ids: {...saved.ids, [prefix]: id as string}});
}

/** Reset: the objects are gone, so the samples go back to the docs' ids; the key stays. */
export function forgetCreated(): void {
  const saved = readReaderSamples();
  if (saved && Object.keys(saved.ids).length) write({key: saved.key, ids: {}});
}
