import type {
  AutoSaveSceneParams,
  AutoSaveSceneResult,
  CreateSceneParams,
  Scene,
  SceneFileKind,
  SceneVersion,
  StoreBackupParams,
  UpdateSceneParams,
  UploadedSceneFile,
} from '../../api';
import type { BackupPurpose, NewSceneMeta } from '../../protocol/kernel-api';
import type { BackupDeltaResult, LoadResult, SavedFileData, SavedScene } from '../../protocol/scene-file';

// What the scene session needs from the kernel and from the server, as two narrow ports. The
// browser binds them to the kernel worker and the API client (live.ts); unit tests bind fakes, so
// every decision of save, open, backup and restore is tested without a worker or a network.

export interface SceneKernelPort {
  /** Replaces the open scene (never undoable); a refused file leaves the open scene as it was. */
  load(bytes: Uint8Array): Promise<LoadResult>;
  /** Replaces the open scene by an empty one (one storey) whose meta carries these defaults; like a load. */
  newScene(meta: NewSceneMeta): Promise<void>;
  /** The scene file; the kernel counts the scene as saved from here on (see SceneSessionState.unconfirmedSave). */
  save(): Promise<SavedScene>;
  /** 'save': a delta handed out counts the scene as saved, as save() does. */
  backupDelta(purpose?: BackupPurpose): Promise<BackupDeltaResult>;
  acknowledge(base: string): Promise<void>;
  savedFileData(sceneCode?: string): Promise<SavedFileData>;
  /** Document records that are content (walls, rooms, models …; not meta or storeys). */
  contentRecords(): number;
  rooms(): number;
  /** The kernel's own flag: changed since its last save() or load(). */
  dirty(): boolean;
  /** The name in the file's meta record ('' when none). */
  metaName(): string;
  /** The id of the meta record's client ('' when none; a stored client's id is its server id). */
  metaClientId(): string;
}

export interface SceneServerPort {
  upload(kind: SceneFileKind, body: Uint8Array | string): Promise<UploadedSceneFile>;
  create(params: CreateSceneParams, idempotencyKey: string): Promise<Scene>;
  update(id: number, params: UpdateSceneParams, idempotencyKey: string): Promise<Scene>;
  get(id: number): Promise<Scene>;
  /** The stored scene file's bytes (plain or gzip); rejects when the answer is not 200 or empty. */
  fetchFile(url: string): Promise<Uint8Array>;
  storeBackup(params: StoreBackupParams, idempotencyKey: string): Promise<SceneVersion>;
  restoreVersion(params: { sceneId: number; versionId: number; baseVersion: number }, idempotencyKey: string): Promise<Scene>;
  autoSave(params: AutoSaveSceneParams, idempotencyKey: string): Promise<AutoSaveSceneResult>;
  /** A fresh Idempotency-Key for one logical write. */
  newKey(): string;
}

/** setTimeout/clearTimeout and now(), injected so that timers run on fake clocks in tests. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};
