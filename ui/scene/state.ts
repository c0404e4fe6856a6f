import { proxy } from 'valtio/vanilla';
import type { Scene } from '../../api';

// The scene session: which stored scene is open (if any), at which version, and whether the work
// on screen is safely stored. One valtio proxy that the React side reads with useSnapshot; the
// functions of save.ts, open.ts, backup.ts and restore.ts are the only writers.

/** The stored scene the kernel holds, as the server last confirmed it. */
export interface CurrentScene {
  readonly id: number;
  readonly uuid: string;
  readonly name: string;
  /** sent as baseVersion with the next save or restore */
  readonly version: number;
  /** the stored version the kernel's content was last acknowledged against (backup base) */
  readonly currentVersionId: number | null;
  readonly updatedAt: string;
}

export type SceneBusy = 'saving' | 'opening' | 'restoring' | 'auto-saving';

/** A save refused with 412: the uploads are kept so that "save as a copy" needs no new upload. */
export interface SaveConflict {
  readonly sceneId: number;
  readonly sceneName: string;
  /** what the server says the scene is at now, and what this save was based on */
  readonly currentVersion: number | null;
  readonly baseVersion: number;
  readonly file: string;
  readonly roomInfoUrl: string | null;
  readonly area: number;
  readonly isUseStackWall: 0 | 1;
  /** the uploaded previews of the refused save, if any */
  readonly preview?: string;
  readonly multiFloorImage?: string;
}

export interface SceneSessionState {
  /** null: a new scene that was never saved (the title says 未保存方案) */
  scene: CurrentScene | null;
  /**
   * The kernel clears its dirty flag as soon as save() hands out the file, before the upload and
   * the server's answer. Until the server confirms, this flag keeps the scene counted as unsaved;
   * a save that fails (upload, conflict, network) leaves it set.
   */
  unconfirmedSave: boolean;
  /** a long operation the workspace shows an indicator for */
  busy: SceneBusy | null;
  /** the open 412 question, if any */
  conflict: SaveConflict | null;
  /** the last timed backup the server stored (ms since epoch, the version id) */
  lastBackup: { readonly at: number; readonly versionId: number } | null;
}

export function initialSessionState(): SceneSessionState {
  return { scene: null, unconfirmedSave: false, busy: null, conflict: null, lastBackup: null };
}

/** The browser's one session (tests make their own plain objects with initialSessionState()). */
export const sceneSession = proxy<SceneSessionState>(initialSessionState());

export function resetSession(state: SceneSessionState): void {
  Object.assign(state, initialSessionState());
}

export function currentSceneOf(scene: Scene): CurrentScene {
  return {
    id: scene.id,
    uuid: scene.uuid,
    name: scene.name,
    version: scene.version,
    currentVersionId: scene.currentVersionId,
    updatedAt: scene.updatedAt,
  };
}

/** Unsaved work on screen: the kernel's flag, or a save the server never confirmed. */
export function hasUnsavedWork(state: Pick<SceneSessionState, 'scene' | 'unconfirmedSave'>, kernelDirty: boolean): boolean {
  return state.scene === null || kernelDirty || state.unconfirmedSave;
}

/**
 * One file operation at a time: save(), backupDelta() and load() each move the kernel's backup
 * checkpoint, so an acknowledge() must follow its own payload with nothing in between.
 */
export interface OpLock {
  /** Runs fn once every earlier operation has finished. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** Runs fn now, or answers null at once when another operation holds the lock. */
  tryRun<T>(fn: () => Promise<T>): Promise<T | null>;
  readonly held: boolean;
}

export function createOpLock(): OpLock {
  let tail: Promise<unknown> = Promise.resolve();
  let holders = 0;
  const run = <T>(fn: () => Promise<T>): Promise<T> => {
    holders++;
    const next = tail.then(fn).finally(() => {
      holders--;
    });
    tail = next.catch(() => undefined);
    return next;
  };
  return {
    run,
    tryRun: (fn) => (holders > 0 ? Promise.resolve(null) : run(fn)),
    get held() {
      return holders > 0;
    },
  };
}
