/**
 * Where the browser sandbox keeps what must survive a reload, in the reader's own browser (IndexedDB, one database
 * per site origin): the reader's test key, minted on first use, and the engine's snapshot (every key's state).
 * Apart from the engine so that the Sandbox control can show the key without downloading the engine.
 */

const DATABASE = 'novaramp-sandbox';
const STORE = 'sandbox';
const KEY_RECORD = 'reader-key';
const SNAPSHOT_RECORD = 'snapshot';
/** The engine accepts `sk_sandbox_` and 1–64 letters, digits or `_` (engine/index.ts). */
const KEY_PREFIX = 'sk_sandbox_';
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The BroadcastChannel on which a page tells the site's other tabs that the saved state changed. */
export const SANDBOX_CHANNEL = 'novaramp-sandbox';

let database: Promise<IDBDatabase> | undefined;

function openDatabase(): Promise<IDBDatabase> {
  database ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
  database.catch(() => (database = undefined)); // Try again next time (a private window may refuse once).
  return database;
}

async function transact<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T> | undefined): Promise<T | undefined> {
  const db = await openDatabase();
  return new Promise<T | undefined>((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = use(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request?.result);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

const KEY_RANDOM_CHARS = 24;
/** As long as a reader's key: what holds its place on screen until IndexedDB answers. */
export const READER_KEY_PLACEHOLDER = KEY_PREFIX + '0'.repeat(KEY_RANDOM_CHARS);

/** A new test key: `sk_sandbox_` and 24 random letters and digits. */
export function mintReaderKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_RANDOM_CHARS));
  return KEY_PREFIX + Array.from(bytes, (b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join('');
}

let readerKey: Promise<string> | undefined;

/** The reader's test key: the stored one, or a new one stored now. The same promise for the page's lifetime. */
export function getReaderKey(): Promise<string> {
  readerKey ??= (async () => {
    const stored = await transact<unknown>('readonly', (s) => s.get(KEY_RECORD));
    if (typeof stored === 'string' && stored.startsWith(KEY_PREFIX)) return stored;
    const key = mintReaderKey();
    await transact('readwrite', (s) => s.put(key, KEY_RECORD));
    return key;
  })();
  readerKey.catch(() => (readerKey = undefined));
  return readerKey;
}

export const loadSnapshot = (): Promise<unknown> => transact<unknown>('readonly', (s) => s.get(SNAPSHOT_RECORD));
export const saveSnapshot = async (snapshot: unknown): Promise<void> => void (await transact('readwrite', (s) => s.put(snapshot, SNAPSHOT_RECORD)));
export const deleteSnapshot = async (): Promise<void> => void (await transact('readwrite', (s) => s.delete(SNAPSHOT_RECORD)));
