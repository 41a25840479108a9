/**
 * The app's own IndexedDB database, for what must outlive the page while there is no connection: the ratings and
 * replays not sent yet (outbox), the study sessions kept for review offline (sessions) and the finished lessons kept
 * to replay offline (lessons). A few promise wrappers over the plain API,
 * one connection per page.
 */
export const OFFLINE_DB_NAME = 'studypath-offline';
/** 1: outbox, sessions; 2: lessons. */
const VERSION = 2;

export type StoreName = 'outbox' | 'sessions' | 'lessons';

let opening: Promise<IDBDatabase> | null = null;

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

export function offlineDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      // Throws where there is no IndexedDB or it is refused (some private windows): tried again when next needed.
      request = indexedDB.open(OFFLINE_DB_NAME, VERSION);
    } catch (error) {
      opening = null;
      reject(error instanceof Error ? error : new Error('IndexedDB could not be opened'));
      return;
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains('outbox')) db.createObjectStore('outbox', { keyPath: 'id' });
      if (!db.objectStoreNames.contains('sessions')) db.createObjectStore('sessions', { keyPath: 'key' });
      if (!db.objectStoreNames.contains('lessons')) db.createObjectStore('lessons', { keyPath: 'key' });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the database: let it, and open again when next needed.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB could not be opened'));
    };
  });
  return opening;
}

async function withStore<T>(name: StoreName, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await offlineDb();
  const transaction = db.transaction(name, mode);
  const result = promised(work(transaction.objectStore(name)));
  await new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
  return result;
}

export const putRecord = <T>(name: StoreName, value: T) => withStore(name, 'readwrite', (store) => store.put(value)).then(() => undefined);
export const deleteRecord = (name: StoreName, key: string) => withStore(name, 'readwrite', (store) => store.delete(key));
export const getRecord = <T>(name: StoreName, key: string) => withStore(name, 'readonly', (store) => store.get(key) as IDBRequest<T | undefined>);
export const allRecords = <T>(name: StoreName) => withStore(name, 'readonly', (store) => store.getAll() as IDBRequest<T[]>);

/**
 * Forgets the cards and lessons kept for study offline (signing out on a shared device). The outbox stays: its ratings
 * are the student's own work, each marked with their user id, and are sent when they sign in here again.
 */
export async function forgetSessions(): Promise<void> {
  await withStore('sessions', 'readwrite', (store) => store.clear());
  await withStore('lessons', 'readwrite', (store) => store.clear());
}
