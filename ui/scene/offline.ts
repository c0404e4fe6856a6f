import { gzipSync } from 'fflate';
import { isApiError } from '../../api';
import { KernelCommandError, toKernelError } from '../../protocol/errors';
import type { SavedFileData } from '../../protocol/scene-file';
import { needsAutoSave } from '../auth/session-rules';
import { offlineSceneKey, type OfflineCopy, type OfflineEntry, type OfflineKind, type OfflineOwner, type OfflinePutResult, type OfflineStorePort } from './offline-store';
import type { Clock, SceneKernelPort } from './ports';
import { dataUrlBytes, type SaveOutcome, type SceneOpDeps } from './save';
import type { SceneSessionState } from './state';

// The third tier's decisions (core.md §4 离线备份): when a copy is written, which copy is offered
// when a scene opens, and how one is restored. The store itself is offline-store.ts.

/** What one copy is made of: the whole file and the previews the kernel gave with it. */
export interface SceneSnapshot {
  readonly json: string;
  readonly data: SavedFileData;
}

/**
 * The scene as it is now, without touching the kernel's dirty flag or backup checkpoint
 * (savedFileData, unlike save() and backupDelta(), moves neither): a copy never counts as saved.
 */
export async function takeSnapshot(kernel: Pick<SceneKernelPort, 'savedFileData'>, state: Pick<SceneSessionState, 'scene'>): Promise<SceneSnapshot> {
  const data = await kernel.savedFileData(state.scene?.uuid ?? '');
  return { json: data.sceneJson, data };
}

const encoder = new TextEncoder();

/** The entry a snapshot is kept as; pure (the time and the owner are given). */
export function copyOf(owner: OfflineOwner, state: Pick<SceneSessionState, 'scene'>, snapshot: SceneSnapshot, kind: OfflineKind, now: number): OfflineCopy {
  const scene = state.scene;
  // The same gzip the kernel's save() writes, so a copy loads through the one load path.
  const file = gzipSync(encoder.encode(snapshot.json), { level: 6, mtime: 0 });
  const floors = snapshot.data.imageList.length > 1
    ? snapshot.data.imageList.flatMap((f) => {
        const bytes = dataUrlBytes(f.preview);
        return bytes ? [{ layerIndex: f.layerIndex, preview: bytes }] : [];
      })
    : [];
  return {
    sceneKey: offlineSceneKey(owner, scene?.id ?? null),
    userId: owner.userId,
    project: owner.project,
    sceneId: scene?.id ?? null,
    sceneName: scene?.name ?? '',
    savedAt: now,
    kind,
    baseVersion: scene?.version ?? null,
    file,
    preview: dataUrlBytes(snapshot.data.imageData),
    floors,
  };
}

export interface OfflineDeps {
  readonly kernel: Pick<SceneKernelPort, 'savedFileData' | 'contentRecords' | 'dirty'>;
  readonly state: SceneSessionState;
  readonly store: OfflineStorePort;
  /** the signed-in user; null: nobody to file copies under, none is written */
  readonly owner: () => OfflineOwner | null;
  readonly clock: Pick<Clock, 'now'>;
}

export interface OfflineKeeper {
  /**
   * Keeps the scene on screen in the browser; null when nothing was written (no user, an empty
   * scene, a never-saved scene with no changes, or the very content of the last copy).
   */
  keep(kind: OfflineKind, snapshot?: SceneSnapshot | null): Promise<OfflinePutResult | null>;
}

export function createOfflineKeeper(deps: OfflineDeps): OfflineKeeper {
  // The last content written, per scene key: a second copy of the same content only pushes a
  // different one out of the newest 20.
  let last: { readonly sceneKey: string; readonly json: string } | null = null;
  return {
    async keep(kind, given) {
      const owner = deps.owner();
      const { kernel, state } = deps;
      if (!owner || kernel.contentRecords() === 0) return null;
      // An untouched starting room is no work to keep (and would be offered at every start).
      if (!state.scene && !needsAutoSave({ contentRecords: kernel.contentRecords(), dirty: kernel.dirty(), unconfirmedSave: state.unconfirmedSave })) {
        return null;
      }
      const snapshot = given ?? (await takeSnapshot(kernel, state));
      const copy = copyOf(owner, state, snapshot, kind, deps.clock.now());
      if (last && last.sceneKey === copy.sceneKey && last.json === snapshot.json) return null;
      const result = await deps.store.put(copy);
      if (result.stored) last = { sceneKey: copy.sceneKey, json: snapshot.json };
      return result;
    },
  };
}

/** A call that never reached the server, or that the server could not answer (5xx). */
export function isUnreachable(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.kind === 'network' || (error.status !== null && error.status >= 500);
}

/** A save that could not reach the server is kept in the browser; any other outcome is not. */
export function offlineKindForSave(outcome: SaveOutcome): 'failed-save' | null {
  if (outcome.kind !== 'upload-failed' && outcome.kind !== 'failed') return null;
  return isUnreachable(outcome.error) ? 'failed-save' : null;
}

/**
 * The copy to offer when a scene opens (or at a start with no scene): the newest one, when it is
 * based on the server's current version or later (a newer save elsewhere makes it stale) and was
 * not answered 忽略 before. Every copy of the never-saved scene qualifies.
 */
export function offlineOffer(entries: readonly OfflineEntry[], server: { readonly version: number } | null): OfflineEntry | null {
  const newest = entries[0];
  if (!newest || newest.dismissed) return null;
  if (!server) return newest;
  return newest.baseVersion !== null && newest.baseVersion >= server.version ? newest : null;
}

export type OfflineRestoreOutcome =
  | { readonly kind: 'restored' }
  | { readonly kind: 'busy' }
  /** the copy belongs to another scene than the one open */
  | { readonly kind: 'other-scene' }
  | { readonly kind: 'refused'; readonly error: KernelCommandError }
  | { readonly kind: 'failed'; readonly error: unknown };

/**
 * Loads a copy into the kernel through the one load path. The session stays on its scene and base
 * version, so the next save is a normal update (a 412 if the server moved on); the content on
 * screen is unsaved until then. The load forgets the kernel's backup base: the next timed backup
 * sends the whole file.
 */
export async function restoreOfflineCopy(deps: Pick<SceneOpDeps, 'kernel' | 'state' | 'lock'>, entry: OfflineCopy): Promise<OfflineRestoreOutcome> {
  const { state, kernel, lock } = deps;
  if (state.busy) return { kind: 'busy' };
  if (entry.sceneId !== (state.scene?.id ?? null)) return { kind: 'other-scene' };
  state.busy = 'restoring';
  try {
    return await lock.run(async (): Promise<OfflineRestoreOutcome> => {
      try {
        await kernel.load(entry.file);
      } catch (e) {
        const error = e instanceof KernelCommandError ? e : toKernelError(e, 'load');
        return error.code === 'BAD_FILE' || error.code === 'UNSUPPORTED_VERSION' ? { kind: 'refused', error } : { kind: 'failed', error };
      }
      // load() marked the kernel saved; nothing on the server holds this content.
      state.unconfirmedSave = true;
      state.lastBackup = null;
      return { kind: 'restored' };
    });
  } finally {
    state.busy = null;
  }
}
