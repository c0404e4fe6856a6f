import { t } from '@lingui/core/macro';
import { proxy, subscribe } from 'valtio/vanilla';
import { getScene, type ModelRoom, type Scene } from '../../api';
import { api } from '../app/api';
import { notify } from '../notice';
import { openSceneFile, openStoredScene, requestSave, sceneUi } from './controller';
import { liveKernel } from './live';
import { sceneText } from './messages';
import { needsSavePrompt } from './open';
import { sceneSession } from './state';

// Opening a sample room (样板间, core.md §4, §8) through the scene session:
// - the owner's own sample room made from a stored scene opens that scene (the controller's open:
//   it becomes the session's scene, backups and saves continue it);
// - otherwise the sample room's scene file (or, without one, the file of the scene it was made
//   from, which the server lets project admins read) is loaded as a NEW unsaved scene, so that
//   saving never writes into someone else's scene;
// - neither: 该样板间没有场景文件.
// While the current scene has rooms the sample-room prompt asks first (是否保存当前场景: save then
// open, open without saving, or close). The prompt is a valtio state; ModelRoomPanel renders it.

export type ModelRoomSource =
  | { readonly kind: 'scene'; readonly sceneId: number }
  | { readonly kind: 'file'; readonly url: string }
  | { readonly kind: 'scene-file'; readonly sceneId: number }
  | { readonly kind: 'none' };

/** Where a sample room's content comes from (see above). */
export function modelRoomSource(room: Pick<ModelRoom, 'scene_id' | 'scene_file' | 'is_owner'>): ModelRoomSource {
  if (room.scene_id !== null && room.is_owner === 1) return { kind: 'scene', sceneId: room.scene_id };
  if (room.scene_file) return { kind: 'file', url: room.scene_file };
  if (room.scene_id !== null) return { kind: 'scene-file', sceneId: room.scene_id };
  return { kind: 'none' };
}

export type ModelRoomPromptChoice = 'save' | 'discard' | 'close';

export interface ModelRoomOpenUi {
  /** the sample-room prompt on show: the name of the sample room waiting to be opened */
  prompt: { readonly name: string } | null;
}

export const modelRoomOpenUi = proxy<ModelRoomOpenUi>({ prompt: null });

let answerPrompt: ((choice: ModelRoomPromptChoice) => void) | null = null;

/** The prompt's buttons (and closing it, or the panel going away: 'close'). */
export function answerModelRoomPrompt(choice: ModelRoomPromptChoice): void {
  const answer = answerPrompt;
  answerPrompt = null;
  modelRoomOpenUi.prompt = null;
  answer?.(choice);
}

function ask(name: string): Promise<ModelRoomPromptChoice> {
  // A second question replaces the first one, which counts as closed.
  answerModelRoomPrompt('close');
  return new Promise((resolve) => {
    answerPrompt = resolve;
    modelRoomOpenUi.prompt = { name };
  });
}

/** Resolves once `done()` holds (checked at every change of the scene session or its dialogs). */
function until(done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (done()) {
      resolve();
      return;
    }
    const stops = [subscribe(sceneUi, check), subscribe(sceneSession, check)];
    function check(): void {
      if (!done()) return;
      stops.forEach((stop) => stop());
      resolve();
    }
  });
}

/**
 * 保存 of a 保存提示: the controller's own save; a scene never saved asks its name first. True once
 * stored. (Also the import of a local file's 保存提示.)
 */
export async function saveFirst(): Promise<boolean> {
  if (sceneSession.scene) return requestSave();
  await requestSave();
  // requestSave opened the name dialog (or refused an empty scene): wait until it is answered.
  if (!sceneUi.saveDialog.open) return false;
  await until(() => !sceneUi.saveDialog.open && sceneSession.busy === null);
  return sceneSession.scene !== null && !sceneSession.unconfirmedSave;
}

function showFailure(): void {
  notify(sceneText.busy(), { kind: 'warning' });
}

async function readScene(id: number): Promise<Scene | null> {
  try {
    return await getScene(api, id, { silent: true });
  } catch (error) {
    console.error("[scene] reading the sample room's scene failed", error);
    notify(sceneText.openFailed(), { kind: 'error' });
    return null;
  }
}

/**
 * Opens a sample room (read fresh with getModelRoom by the caller) through the scene session.
 * True when its content is on screen now; every failure has been shown as a notice.
 */
export async function openModelRoom(room: Pick<ModelRoom, 'name' | 'scene_id' | 'scene_file' | 'is_owner'>): Promise<boolean> {
  const source = modelRoomSource(room);
  if (source.kind === 'none') {
    notify(t`该样板间没有场景文件`, { kind: 'error' });
    return false;
  }
  if (sceneSession.busy) {
    showFailure();
    return false;
  }
  if (needsSavePrompt(liveKernel)) {
    const choice = await ask(room.name);
    if (choice === 'close') return false;
    if (choice === 'save' && !(await saveFirst())) return false;
  }
  switch (source.kind) {
    case 'scene':
      return openStoredScene(source.sceneId);
    case 'file':
      return openSceneFile(source.url);
    case 'scene-file': {
      const scene = await readScene(source.sceneId);
      return scene ? openSceneFile(scene.file) : false;
    }
  }
}
