import { isApiError, isClientUnavailable, isSceneVersionConflict, SCENE_RETCODE, type Scene } from '../../api';
import { serverClientId } from '../../protocol/clients';
import type { BackupDelta, BackupDeltaResult, SavedFileData } from '../../protocol/scene-file';
import { SAVE_DELTA_MAX_CHARS, SAVE_DELTA_MAX_SHARE } from './constants';
import type { SceneKernelPort, SceneServerPort } from './ports';
import { writeWithRetry } from './retry';
import { currentSceneOf, type OpLock, type SaveConflict, type SceneSessionState } from './state';

// Manual save (保存, Ctrl+S), core.md §4/§5/§7/§8: refuse an empty scene; take the file from the
// kernel; upload it (and the room-info list, the preview and the per-storey previews of a
// multi-storey scene); then create the scene (POST) or save a new version
// of it (PUT /{id} with baseVersion) under an Idempotency-Key. A save of a scene the server has
// sends only what changed since the session's base version when the kernel can say (the timed
// backups' delta, docs/scenes.md "Delta saves"), and the file after all when the server cannot
// use it. A stale baseVersion (HTTP 412) is
// never overwritten: the uploads are kept for "save as a copy". Only the server's answer marks the
// work saved (SceneSessionState.unconfirmedSave).

export interface SceneOpDeps {
  readonly kernel: SceneKernelPort;
  readonly server: SceneServerPort;
  readonly state: SceneSessionState;
  readonly lock: OpLock;
}

export type SaveOutcome =
  | { readonly kind: 'saved'; readonly scene: Scene; readonly created: boolean }
  /** 'empty scene cannot be saved' */
  | { readonly kind: 'empty' }
  /** another save, open or restore is running */
  | { readonly kind: 'busy' }
  /** a scene saved for the first time needs a name (ask for one, then save again) */
  | { readonly kind: 'needs-name' }
  /** HTTP 412: someone saved a newer version; state.conflict holds what a copy needs */
  | { readonly kind: 'conflict'; readonly conflict: SaveConflict }
  /** 'uploadFile fail!': nothing was saved */
  | { readonly kind: 'upload-failed'; readonly error: unknown }
  | { readonly kind: 'failed'; readonly error: unknown };

export interface SaveOptions {
  /** The name of a scene saved for the first time (the save dialog's field). */
  readonly name?: string;
}

/** Content records: a scene of only its meta record and storeys is empty. */
export function isEmptyScene(kernel: Pick<SceneKernelPort, 'contentRecords'>): boolean {
  return kernel.contentRecords() === 0;
}

/**
 * 保存 / Ctrl+S, before anything is shown: an empty scene is refused on the spot (no name dialog,
 * no upload), a scene never stored asks for its name, a stored one saves.
 */
export function saveRequestStep(state: Pick<SceneSessionState, 'scene'>, kernel: Pick<SceneKernelPort, 'contentRecords'>): 'empty' | 'ask-name' | 'save' {
  if (isEmptyScene(kernel)) return 'empty';
  return state.scene ? 'save' : 'ask-name';
}

/** The bytes of a base64 data: URL (the kernel's imageData), or null for anything else. */
export function dataUrlBytes(url: string): Uint8Array | null {
  const m = /^data:[^,;]*;base64,([A-Za-z0-9+/=]+)$/.exec(url);
  if (!m) return null;
  const binary = atob(m[1]!);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/**
 * Uploads the kernel's previews: the scene's (imageData) and, for a scene of several storeys, one
 * per storey and their list (multiFloorImage, core.md §3). Best effort: a preview that cannot be
 * uploaded leaves the saved version without it, it never fails the save of the design itself.
 */
export async function uploadPreviews(
  server: Pick<SceneOpDeps['server'], 'upload'>,
  data: Pick<SavedFileData, 'imageData' | 'imageList'>,
): Promise<{ preview?: string; multiFloorImage?: string }> {
  const out: { preview?: string; multiFloorImage?: string } = {};
  const image = dataUrlBytes(data.imageData);
  if (image) {
    try {
      out.preview = (await server.upload('preview', image)).url;
    } catch {
      // No preview on this version; the design is what matters.
    }
  }
  if (data.imageList.length > 1) {
    try {
      const floors: { layerIndex: number; preview: string }[] = [];
      for (const floor of data.imageList) {
        const bytes = dataUrlBytes(floor.preview);
        if (bytes) floors.push({ layerIndex: floor.layerIndex, preview: (await server.upload('preview', bytes)).url });
      }
      if (floors.length > 0) out.multiFloorImage = (await server.upload('floors', JSON.stringify(floors))).url;
    } catch {
      // As above: the version keeps no floor images.
    }
  }
  return out;
}

function conflictVersion(e: unknown): number | null {
  if (!isApiError(e) || typeof e.body !== 'object' || e.body === null) return null;
  const data = (e.body as { data?: unknown }).data;
  const v = typeof data === 'object' && data !== null ? (data as { currentVersion?: unknown }).currentVersion : undefined;
  return typeof v === 'number' ? v : null;
}

function isEmptyRefusal(e: unknown): boolean {
  return isApiError(e) && Number(e.code) === SCENE_RETCODE.EMPTY;
}

/**
 * The delta to save instead of the file: the kernel's change since its acknowledged base (the
 * session's base version), when it has one and it is well smaller than the file. `none` (nothing
 * changed since a backup) and `full` (no base) save the file.
 */
export function deltaToSave(change: BackupDeltaResult, fileJsonChars: number): BackupDelta | null {
  if (change.kind !== 'delta') return null;
  const size = change.json.length;
  return size <= SAVE_DELTA_MAX_CHARS && size <= fileJsonChars * SAVE_DELTA_MAX_SHARE ? change.delta : null;
}

/** The server cannot use the delta (its base is gone, or it does not apply): the file goes instead. */
function isDeltaRefusal(e: unknown): boolean {
  const code = isApiError(e) ? Number(e.code) : null;
  return code === SCENE_RETCODE.BACKUP_BASE_NOT_FOUND || code === SCENE_RETCODE.BACKUP_DELTA_INVALID;
}

/** The server confirmed a save: this scene and version are what the kernel holds now. */
async function confirm(deps: SceneOpDeps, scene: Scene): Promise<void> {
  const { state, kernel } = deps;
  state.scene = currentSceneOf(scene);
  state.unconfirmedSave = false;
  state.conflict = null;
  // The stored version is the file save() handed out: later backup deltas are relative to it.
  // Nothing else ran in between (the op lock), so the kernel's checkpoint is that file. A failure
  // only means the next backup is relative to an older base, or full.
  if (scene.currentVersionId !== null) await kernel.acknowledge(String(scene.currentVersionId)).catch(() => undefined);
}

export async function saveScene(deps: SceneOpDeps, options: SaveOptions = {}): Promise<SaveOutcome> {
  const { state, kernel, server, lock } = deps;
  if (state.busy) return { kind: 'busy' };
  if (isEmptyScene(kernel)) return { kind: 'empty' };
  const newName = state.scene ? '' : options.name?.trim() || kernel.metaName().trim();
  if (!state.scene && !newName) return { kind: 'needs-name' };
  state.busy = 'saving';
  try {
    // Waits for a timed backup in flight (it moves the kernel's checkpoint too).
    return await lock.run(async (): Promise<SaveOutcome> => {
      const open = state.scene;
      const data = await kernel.savedFileData(open?.uuid ?? '');
      // save() clears the kernel's dirty flag now; only the server's answer may clear ours.
      state.unconfirmedSave = true;
      // The scheme's client is the meta record's when that is a stored client (null unlinks). A
      // client deleted meanwhile (or of another project, in an imported file) must never cost the
      // design: the refused write saved nothing, so it is sent again without the link.
      const clientId = serverClientId(kernel.metaClientId());
      const withClient = <T>(write: (clientId: number | null) => Promise<T>): Promise<T> =>
        write(clientId).catch((e: unknown) => {
          if (clientId !== null && isClientUnavailable(e)) return write(null);
          throw e;
        });
      // the room info and previews a refused delta sent, used again with the file
      let sent: { roomInfoUrl: string | null; images: Awaited<ReturnType<typeof uploadPreviews>> } | null = null;
      if (open) {
        // backupDelta() hands out its payload like save() does: the stored version acknowledged
        // afterwards is that delta's content; a delta handed out for a save clears the kernel's
        // dirty flag as save() does (unconfirmedSave, set above, keeps the work unsaved until the
        // server's answer).
        const delta = deltaToSave(await kernel.backupDelta('save'), data.sceneJson.length);
        if (delta) {
          let roomInfo: string | null = null;
          try {
            if (data.roomInfoList.length > 0) roomInfo = (await server.upload('roomInfo', JSON.stringify(data.roomInfoList))).url;
          } catch (error) {
            return { kind: 'upload-failed', error };
          }
          const images = await uploadPreviews(server, data);
          sent = { roomInfoUrl: roomInfo, images };
          const fields = { delta, roomInfoUrl: roomInfo, area: data.area, isUseStackWall: data.isUseStackWall, ...images };
          try {
            const scene = await withClient((clientId) =>
              writeWithRetry(server.newKey, (key) => server.update(open.id, { ...fields, clientId, baseVersion: open.version }, key)),
            );
            await confirm(deps, scene);
            return { kind: 'saved', scene, created: false };
          } catch (error) {
            // A 412 goes on to the file as well: its refusal then keeps an upload for the copy.
            if (!isDeltaRefusal(error) && !isSceneVersionConflict(error)) {
              if (isEmptyRefusal(error)) return { kind: 'empty' };
              return { kind: 'failed', error };
            }
          }
        }
      }
      const file = await kernel.save();

      let fileUrl: string;
      let roomInfoUrl: string | null = sent?.roomInfoUrl ?? null;
      try {
        fileUrl = (await server.upload('scene', file.gzip)).url;
        if (!sent && data.roomInfoList.length > 0) roomInfoUrl = (await server.upload('roomInfo', JSON.stringify(data.roomInfoList))).url;
      } catch (error) {
        return { kind: 'upload-failed', error };
      }

      const images = sent?.images ?? (await uploadPreviews(server, data));
      const fields = { file: fileUrl, roomInfoUrl, area: data.area, isUseStackWall: data.isUseStackWall, ...images };
      const write = (clientId: number | null) =>
        open
          ? writeWithRetry(server.newKey, (key) => server.update(open.id, { ...fields, clientId, baseVersion: open.version }, key))
          : writeWithRetry(server.newKey, (key) => server.create({ ...fields, clientId, name: newName }, key));
      try {
        const scene = await withClient(write);
        await confirm(deps, scene);
        return { kind: 'saved', scene, created: !open };
      } catch (error) {
        if (open && isSceneVersionConflict(error)) {
          const conflict: SaveConflict = {
            sceneId: open.id,
            sceneName: open.name,
            currentVersion: conflictVersion(error),
            baseVersion: open.version,
            file: fileUrl,
            roomInfoUrl,
            area: data.area,
            isUseStackWall: data.isUseStackWall,
            ...images,
          };
          state.conflict = conflict;
          return { kind: 'conflict', conflict };
        }
        if (isEmptyRefusal(error)) return { kind: 'empty' };
        return { kind: 'failed', error };
      }
    });
  } catch (error) {
    // The kernel refused to hand out the file (or to take the name): nothing left the browser.
    return { kind: 'failed', error };
  } finally {
    state.busy = null;
  }
}

export type CopyOutcome =
  | { readonly kind: 'saved'; readonly scene: Scene }
  | { readonly kind: 'busy' }
  | { readonly kind: 'failed'; readonly error: unknown };

/**
 * "Save as a copy" after a 412: a new scene made from the very upload the refused save made (the
 * server keeps unclaimed uploads for a day), remembering the scene it came from. The original
 * scene is not touched.
 */
export async function saveConflictAsCopy(deps: SceneOpDeps, name: string): Promise<CopyOutcome> {
  const { state, server, lock } = deps;
  const conflict = state.conflict;
  if (!conflict) return { kind: 'failed', error: new Error('no save conflict to resolve') };
  if (state.busy) return { kind: 'busy' };
  state.busy = 'saving';
  try {
    return await lock.run(async (): Promise<CopyOutcome> => {
      const scene = await writeWithRetry(server.newKey, (key) =>
        server.create(
          {
            name,
            file: conflict.file,
            roomInfoUrl: conflict.roomInfoUrl,
            area: conflict.area,
            isUseStackWall: conflict.isUseStackWall,
            ...(conflict.preview ? { preview: conflict.preview } : {}),
            ...(conflict.multiFloorImage ? { multiFloorImage: conflict.multiFloorImage } : {}),
            fromSceneId: conflict.sceneId,
          },
          key,
        ),
      );
      await confirm(deps, scene);
      return { kind: 'saved', scene };
    });
  } catch (error) {
    return { kind: 'failed', error };
  } finally {
    state.busy = null;
  }
}

/** The 412 question was answered with cancel: nothing is saved, the work stays unsaved. */
export function dismissConflict(state: SceneSessionState): void {
  state.conflict = null;
  state.unconfirmedSave = true;
}
