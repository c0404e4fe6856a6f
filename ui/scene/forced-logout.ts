import type { AutoSaveSceneResult } from '../../api';
import { writeWithRetry } from './retry';
import { needsAutoSave } from '../auth/session-rules';
import type { SceneOpDeps } from './save';

// Forced logout elsewhere (core.md §4): when the account logs in on another device, this browser's
// next call answers 401 with 您的账号正在其他设备或不同浏览器登录访问. Before it leaves for the login
// screen it saves the work on screen once with auto_save_scene (the server accepts that one call
// from the revoked session, within 10 minutes), as an auto save of the open scene or, for a scene
// never saved, as a new scene.

export type AutoSaveOutcome =
  | { readonly kind: 'saved'; readonly result: AutoSaveSceneResult }
  /** nothing worth keeping: an empty scene, or one with no change since it was stored (an untouched starting room) */
  | { readonly kind: 'empty' }
  | { readonly kind: 'failed'; readonly error: unknown };

/** One auto save with the (revoked) session token; never raises, the caller logs out afterwards. */
export async function autoSaveOnForcedLogout(deps: SceneOpDeps, token: string): Promise<AutoSaveOutcome> {
  const { state, kernel, server, lock } = deps;
  if (!needsAutoSave({ contentRecords: kernel.contentRecords(), dirty: kernel.dirty(), unconfirmedSave: state.unconfirmedSave })) {
    return { kind: 'empty' };
  }
  state.busy = 'auto-saving';
  try {
    // Waits for a save or backup in flight (they fail fast on the revoked session anyway).
    return await lock.run(async (): Promise<AutoSaveOutcome> => {
      const open = state.scene;
      // savedFileData, not save(): the file without moving the kernel's saved flag or checkpoint.
      const data = await kernel.savedFileData(open?.uuid ?? '');
      const result = await writeWithRetry(server.newKey, (key) =>
        server.autoSave(
          {
            fromSceneId: open?.id ?? '',
            token,
            ...(open ? { uuid: open.uuid } : {}),
            filecontnt: data.sceneJson,
            isUseStackWall: data.isUseStackWall,
            previewcontent: data.imageData,
          },
          key,
        ),
      );
      return { kind: 'saved', result };
    });
  } catch (error) {
    return { kind: 'failed', error };
  } finally {
    state.busy = null;
  }
}

/**
 * Runs fn at most once: later calls get the first call's promise (a burst of 401s from parallel
 * calls saves once).
 */
export function once<A extends unknown[], T>(fn: (...args: A) => Promise<T>): { run: (...args: A) => Promise<T>; readonly started: boolean } {
  let pending: Promise<T> | null = null;
  return {
    run: (...args: A) => (pending ??= fn(...args)),
    get started() {
      return pending !== null;
    },
  };
}
