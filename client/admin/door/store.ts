/**
 * What an offline door keeps in IndexedDB, so a reload or a flat battery loses nothing: the list it
 * serves (as the worker signed it), the public key it pinned with the first list,
 * the scans waiting to be sent (each with its own time and nonce) and the tickets this device has
 * admitted per list. Nothing here can make a ticket: the public key only checks signatures.
 */

export type QueuedScan = { nonce: string; list: string; code: string; at: string; direction: 'in' | 'out' };
export type StoredList = { body: string; signature: string };

const DB = 'congress-door';
const STORES = ['kv', 'queue', 'admitted'] as const;
type StoreName = (typeof STORES)[number];

let opened: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore('kv');
      db.createObjectStore('queue', { keyPath: 'nonce' });
      db.createObjectStore('admitted');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return opened;
}

async function run<T>(
  store: StoreName,
  mode: IDBTransactionMode,
  act: (s: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, mode);
    const request = act(tx.objectStore(store));
    // Resolved when the transaction commits, so a scan counts as kept only once it is on disk.
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export const getValue = <T>(key: string) => run<T | undefined>('kv', 'readonly', (s) => s.get(key));
export const setValue = (key: string, value: unknown) => run('kv', 'readwrite', (s) => s.put(value, key));

export const queued = () => run<QueuedScan[]>('queue', 'readonly', (s) => s.getAll());
export const enqueue = (scan: QueuedScan) => run('queue', 'readwrite', (s) => s.add(scan));
export async function dequeue(nonces: string[]): Promise<void> {
  const db = await open();
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction('queue', 'readwrite');
    for (const nonce of nonces) tx.objectStore('queue').delete(nonce);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}

/** When this device admitted a ticket (by its own code's hash) on a list, or undefined. */
export const admittedAt = (list: string, own: string) =>
  run<string | undefined>('admitted', 'readonly', (s) => s.get(`${list}:${own}`));
export const markAdmitted = (list: string, own: string, at: string) =>
  run('admitted', 'readwrite', (s) => s.put(at, `${list}:${own}`));
