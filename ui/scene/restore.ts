import { isSceneVersionConflict, type Scene, type SceneVersion } from '../../api';
import { adoptLoadedScene, fetchAndLoad, type OpenOutcome } from './open';
import { writeWithRetry } from './retry';
import type { SceneOpDeps } from './save';

// Restoring a history version (core.md §4 restore dialog): the chosen version's file is loaded
// into the kernel (never undoable: a load resets history) and the server copies it as a new manual
// save (POST restore-version with baseVersion), which makes it the scene's current version.

export type RestoreOutcome =
  | { readonly kind: 'restored'; readonly scene: Scene }
  /** 'please select one record to restore' */
  | { readonly kind: 'no-selection' }
  /** the open scene was never saved: it has no history */
  | { readonly kind: 'unsaved' }
  /**
   * The version is on screen, but the server did not make it current (conflict: someone saved a
   * newer version meanwhile). The work counts as unsaved so that a save (or a copy) keeps it.
   */
  | { readonly kind: 'server-failed'; readonly error: unknown; readonly conflict: boolean }
  | Exclude<OpenOutcome, { kind: 'opened' }>;

export async function restoreVersion(deps: SceneOpDeps, version: SceneVersion | null): Promise<RestoreOutcome> {
  const { state, server, lock } = deps;
  if (!version) return { kind: 'no-selection' };
  const open = state.scene;
  if (!open || version.sceneId !== open.id) return { kind: 'unsaved' };
  if (state.busy) return { kind: 'busy' };
  state.busy = 'restoring';
  try {
    return await lock.run(async (): Promise<RestoreOutcome> => {
      // Loaded first: a file the kernel refuses must not become the stored current version.
      const step = await fetchAndLoad(deps, version.file);
      if (!step.ok) return step.outcome as RestoreOutcome;
      try {
        const scene = await writeWithRetry(server.newKey, (key) =>
          server.restoreVersion({ sceneId: open.id, versionId: version.id, baseVersion: open.version }, key),
        );
        await adoptLoadedScene(deps, scene);
        return { kind: 'restored', scene };
      } catch (error) {
        // load() marked the kernel saved, but nothing on the server matches the screen.
        state.unconfirmedSave = true;
        return { kind: 'server-failed', error, conflict: isSceneVersionConflict(error) };
      }
    });
  } finally {
    state.busy = null;
  }
}
