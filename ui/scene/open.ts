import type { Scene } from '../../api';
import { KernelCommandError, toKernelError } from '../../protocol/errors';
import type { NewSceneMeta } from '../../protocol/kernel-api';
import type { SceneOpDeps } from './save';
import { currentSceneOf, type SceneSessionState } from './state';

// Opening a stored scene (core.md §4): fetch its file by its address, hand the bytes to the
// kernel (which replaces the open scene, never undoably, or refuses and keeps it), then make it the
// session's scene. Whether to ask 保存提示 first is the caller's question (needsSavePrompt).

export type OpenOutcome =
  | { readonly kind: 'opened'; readonly scene: Scene }
  | { readonly kind: 'busy' }
  /** the scene or its file could not be fetched (status other than 200, or no data): 打开场景出错～ */
  | { readonly kind: 'fetch-failed'; readonly error: unknown }
  /** the scene has no file address: 'cannot get scene file' */
  | { readonly kind: 'no-file' }
  /** the kernel refused the file (BAD_FILE, UNSUPPORTED_VERSION); the open scene stayed */
  | { readonly kind: 'refused'; readonly error: KernelCommandError }
  | { readonly kind: 'failed'; readonly error: unknown };

/** core.md §4: opening a scene while the current one has rooms asks whether to save it first. */
export function needsSavePrompt(kernel: { rooms(): number }): boolean {
  return kernel.rooms() > 0;
}

/** Kernel refusals that are about the file, not about the kernel. */
const FILE_REFUSALS: readonly string[] = ['BAD_FILE', 'UNSUPPORTED_VERSION', 'INVALID_ARGS'];

export type LoadStep = { readonly ok: true } | { readonly ok: false; readonly outcome: OpenOutcome };

/** Fetches a file and loads it into the kernel; the session is not touched. */
export async function fetchAndLoad(deps: Pick<SceneOpDeps, 'kernel' | 'server'>, url: string): Promise<LoadStep> {
  if (!url) return { ok: false, outcome: { kind: 'no-file' } };
  let bytes: Uint8Array;
  try {
    bytes = await deps.server.fetchFile(url);
  } catch (error) {
    return { ok: false, outcome: { kind: 'fetch-failed', error } };
  }
  try {
    await deps.kernel.load(bytes);
  } catch (e) {
    const error = e instanceof KernelCommandError ? e : toKernelError(e, 'load');
    return { ok: false, outcome: FILE_REFUSALS.includes(error.code) ? { kind: 'refused', error } : { kind: 'failed', error } };
  }
  return { ok: true };
}

/** The kernel now holds this stored scene exactly as saved. */
export async function adoptLoadedScene(deps: Pick<SceneOpDeps, 'kernel' | 'state'>, scene: Scene): Promise<void> {
  const state: SceneSessionState = deps.state;
  state.scene = currentSceneOf(scene);
  state.unconfirmedSave = false;
  state.conflict = null;
  state.lastBackup = null;
  // The loaded file is the scene's current stored version: name it as the backup base.
  if (scene.currentVersionId !== null) await deps.kernel.acknowledge(String(scene.currentVersionId)).catch(() => undefined);
}

export async function openScene(deps: SceneOpDeps, target: Scene | number): Promise<OpenOutcome> {
  const { state, server, lock } = deps;
  if (state.busy) return { kind: 'busy' };
  state.busy = 'opening';
  try {
    return await lock.run(async (): Promise<OpenOutcome> => {
      let scene: Scene;
      try {
        // A listed scene may be stale (saved elsewhere since): read it fresh for its file and version.
        scene = await server.get(typeof target === 'number' ? target : target.id);
      } catch (error) {
        return { kind: 'fetch-failed', error };
      }
      const step = await fetchAndLoad(deps, scene.file);
      if (!step.ok) return step.outcome;
      await adoptLoadedScene(deps, scene);
      return { kind: 'opened', scene };
    });
  } finally {
    state.busy = null;
  }
}

/**
 * Loads a file (a sample room's) as a new scene that was never saved: the session forgets the
 * scene it had, so a save can never write the file into that scene. Under the session's lock,
 * like every open, save and backup.
 */
export async function openFileAsNewScene(deps: SceneOpDeps, url: string): Promise<LoadStep> {
  const { state, lock } = deps;
  if (state.busy) return { ok: false, outcome: { kind: 'busy' } };
  state.busy = 'opening';
  try {
    return await lock.run(async (): Promise<LoadStep> => {
      const step = await fetchAndLoad(deps, url);
      if (step.ok) Object.assign(state, { scene: null, unconfirmedSave: false, conflict: null, lastBackup: null });
      return step;
    });
  } finally {
    state.busy = null;
  }
}

/**
 * Starts a new, never-saved scheme (新建方案): the kernel replaces the open scene by an empty one
 * whose meta carries the house-type dialog's defaults, and the session forgets the scene it had.
 * Under the session's lock like every open; a refusal keeps the open scene and the session.
 */
export async function startNewScene(deps: SceneOpDeps, meta: NewSceneMeta): Promise<LoadStep> {
  const { state, lock, kernel } = deps;
  if (state.busy) return { ok: false, outcome: { kind: 'busy' } };
  state.busy = 'opening';
  try {
    return await lock.run(async (): Promise<LoadStep> => {
      try {
        await kernel.newScene(meta);
      } catch (e) {
        const error = e instanceof KernelCommandError ? e : toKernelError(e, 'newScene');
        return { ok: false, outcome: error.code === 'INVALID_ARGS' ? { kind: 'refused', error } : { kind: 'failed', error } };
      }
      Object.assign(state, { scene: null, unconfirmedSave: false, conflict: null, lastBackup: null });
      return { ok: true };
    });
  } finally {
    state.busy = null;
  }
}

/** The scene id of `?sceneId=<id>`, or null. */
export function sceneIdFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get('sceneId');
  if (!raw || !/^[1-9][0-9]{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}
