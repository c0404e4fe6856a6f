import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { HISTORY_RECORDS } from './constants';

// The third tier of backups (core.md §4 离线备份): whole scene files kept in the browser's
// IndexedDB, so work survives a network that is gone and a tab that is closed. A port like the
// kernel's and the server's: the browser binds it to IndexedDB through idb, unit tests to
// fake-indexeddb, and every rule (newest 20 per scene, one user never sees another's copies,
// quota) lives here or in offline.ts.

export type OfflineKind =
  /** a timed backup (also of a scene that was never saved, which has no server backups) */
  | 'timed'
  /** a save that could not reach the server (network error, 5xx) */
  | 'failed-save'
  /** a timed backup that could not reach the server */
  | 'failed-backup'
  /** the tab was hidden or closed with unsaved changes */
  | 'unload';

/** Whose copies these are: two accounts on one browser never see each other's. */
export interface OfflineOwner {
  readonly userId: number;
  readonly project: string;
}

export interface OfflineFloor {
  readonly layerIndex: number;
  /** image bytes (JPEG) */
  readonly preview: Uint8Array;
}

export interface OfflineCopy {
  readonly sceneKey: string;
  readonly userId: number;
  readonly project: string;
  /** the stored scene this is a copy of; null for the never-saved scene */
  readonly sceneId: number | null;
  readonly sceneName: string;
  /** ms since epoch (this browser's clock) */
  readonly savedAt: number;
  readonly kind: OfflineKind;
  /** the server version the work was based on (the session's baseVersion), if any */
  readonly baseVersion: number | null;
  /** the whole scene file as gzip bytes: every entry restores alone (never a delta) */
  readonly file: Uint8Array;
  /** the scene's preview (JPEG bytes), or null when the renderer gave none */
  readonly preview: Uint8Array | null;
  readonly floors: readonly OfflineFloor[];
  /** answered 忽略 in the offer (or restored): not offered again, still listed */
  readonly dismissed?: boolean;
}

export interface OfflineEntry extends OfflineCopy {
  readonly id: number;
}

export type OfflinePutResult =
  | { readonly stored: true; readonly entry: OfflineEntry; /** older copies dropped to make room (quota) */ readonly dropped: number }
  | { readonly stored: false; readonly error: unknown; readonly dropped: number };

export interface OfflineStorePort {
  /** Writes one copy, keeps the newest HISTORY_RECORDS of its scene; on a full disk drops the oldest copies first. */
  put(copy: OfflineCopy): Promise<OfflinePutResult>;
  /** The copies of one scene key, newest first. */
  list(sceneKey: string): Promise<OfflineEntry[]>;
  dismiss(ids: readonly number[]): Promise<void>;
}

/** The key a scene's copies are filed under: per project, user and scene (or the never-saved scene). */
export function offlineSceneKey(owner: OfflineOwner, sceneId: number | null): string {
  return `${owner.project}:${owner.userId}:${sceneId === null ? 'unsaved' : `scene-${sceneId}`}`;
}

const DB_NAME = 'yfang-offline-backups';
const STORE = 'copies';
/** Copies dropped at most, one by one, before a write on a full disk gives up. */
const QUOTA_DROPS = 10;

interface OfflineDb extends DBSchema {
  copies: {
    key: number;
    value: OfflineCopy & { id?: number };
    indexes: { bySceneSaved: [string, number]; bySaved: number };
  };
}

function isQuotaError(e: unknown): boolean {
  return e instanceof Error && (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED');
}

/** The browser's store (one database per origin); tests name their own database. */
export function createOfflineStore(dbName = DB_NAME): OfflineStorePort {
  let db: Promise<IDBPDatabase<OfflineDb>> | null = null;
  const open = () =>
    (db ??= openDB<OfflineDb>(dbName, 1, {
      upgrade(d) {
        const store = d.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
        store.createIndex('bySceneSaved', ['sceneKey', 'savedAt']);
        store.createIndex('bySaved', 'savedAt');
      },
    }).catch((e: unknown) => {
      // Private windows and blocked storage: the next call tries again instead of failing forever.
      db = null;
      throw e;
    }));
  return makeStore(open);
}

function makeStore(open: () => Promise<IDBPDatabase<OfflineDb>>): OfflineStorePort {
  /** One write with the trim of its scene, in one transaction (so a crash leaves 20, never 21). */
  async function write(copy: OfflineCopy): Promise<OfflineEntry> {
    const d = await open();
    const tx = d.transaction(STORE, 'readwrite');
    const id = await tx.store.add(copy);
    const range = IDBKeyRange.bound([copy.sceneKey, -Infinity], [copy.sceneKey, Infinity]);
    const keys = await tx.store.index('bySceneSaved').getAllKeys(range);
    // Oldest first: everything before the newest HISTORY_RECORDS goes.
    for (const key of keys.slice(0, Math.max(0, keys.length - HISTORY_RECORDS))) await tx.store.delete(key);
    await tx.done;
    return { ...copy, id };
  }

  async function dropOldest(): Promise<boolean> {
    const d = await open();
    const tx = d.transaction(STORE, 'readwrite');
    const cursor = await tx.store.index('bySaved').openCursor();
    if (!cursor) {
      await tx.done;
      return false;
    }
    await cursor.delete();
    await tx.done;
    return true;
  }

  return {
    async put(copy) {
      let dropped = 0;
      for (;;) {
        try {
          return { stored: true, entry: await write(copy), dropped };
        } catch (error) {
          // A full disk: the oldest copy anywhere goes first (the newest work is what matters).
          if (!isQuotaError(error) || dropped >= QUOTA_DROPS) return { stored: false, error, dropped };
          try {
            if (!(await dropOldest())) return { stored: false, error, dropped };
          } catch {
            return { stored: false, error, dropped };
          }
          dropped++;
        }
      }
    },
    async list(sceneKey) {
      const d = await open();
      const range = IDBKeyRange.bound([sceneKey, -Infinity], [sceneKey, Infinity]);
      const rows = await d.getAllFromIndex(STORE, 'bySceneSaved', range);
      return rows.reverse().filter((r): r is OfflineEntry => typeof r.id === 'number');
    },
    async dismiss(ids) {
      const d = await open();
      const tx = d.transaction(STORE, 'readwrite');
      for (const id of ids) {
        const row = await tx.store.get(id);
        if (row) await tx.store.put({ ...row, dismissed: true });
      }
      await tx.done;
    },
  };
}
