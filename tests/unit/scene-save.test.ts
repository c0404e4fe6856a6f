import { describe, expect, it } from 'vitest';
import { SCENE_RETCODE } from '../../api';
import { dismissConflict, saveConflictAsCopy, saveScene } from '../../ui/scene/save';
import { currentSceneOf, hasUnsavedWork } from '../../ui/scene/state';
import { makeDeps, networkError } from './scene-fakes';

describe('saveScene: a new scene', () => {
  it('refuses an empty scene before anything leaves the kernel', async () => {
    const deps = makeDeps();
    deps.kernel.content = 0;
    expect(await saveScene(deps, { name: 'A' })).toEqual({ kind: 'empty' });
    expect(deps.kernel.called('save')).toHaveLength(0);
    expect(deps.server.calls).toHaveLength(0);
    expect(deps.state.scene).toBeNull();
  });

  it('asks for a name when neither the dialog nor the file gives one', async () => {
    const deps = makeDeps();
    expect(await saveScene(deps)).toEqual({ kind: 'needs-name' });
    expect(deps.server.calls).toHaveLength(0);
  });

  it('uploads the gzip file and the room-info list, then creates the scene with both', async () => {
    const deps = makeDeps();
    const outcome = await saveScene(deps, { name: '  客厅方案 ' });
    expect(outcome.kind).toBe('saved');
    const [scene, roomInfo] = deps.server.called('upload');
    expect(scene!.args[0]).toBe('scene');
    expect(scene!.args[1]).toBe(deps.kernel.file.gzip);
    expect(roomInfo!.args[0]).toBe('roomInfo');
    expect(JSON.parse(roomInfo!.args[1] as string)).toEqual([{ type: 'room', roomType: 0, area: 27.42, groundArea: 27.42, name: '' }]);
    const [create] = deps.server.called('create');
    expect(create!.args[0]).toMatchObject({ name: '客厅方案', file: '/files/scenes/p/upload-1.scene', roomInfoUrl: '/files/scenes/p/upload-2.roomInfo', area: 27.42 });
    expect(create!.args[1]).toBe('key-1');
    const stored = deps.server.scenes.get(deps.state.scene!.id)!;
    expect(deps.state.scene).toEqual(currentSceneOf(stored));
    expect(deps.state.unconfirmedSave).toBe(false);
    expect(hasUnsavedWork(deps.state, deps.kernel.dirty())).toBe(false);
    // The stored version is the base of the next backup delta.
    expect(deps.kernel.acknowledged).toEqual([String(stored.currentVersionId)]);
    expect(deps.state.busy).toBeNull();
  });

  it('a second save while one runs is refused as busy, not queued', async () => {
    const deps = makeDeps();
    const first = saveScene(deps, { name: 'A' });
    expect(await saveScene(deps, { name: 'A' })).toEqual({ kind: 'busy' });
    expect((await first).kind).toBe('saved');
    expect(deps.server.called('create')).toHaveLength(1);
  });
});

describe('saveScene: a stored scene', () => {
  function opened() {
    const deps = makeDeps();
    const scene = deps.server.seed('方案', 3);
    deps.state.scene = currentSceneOf(scene);
    return { deps, scene };
  }

  it('saves a new version with PUT, naming the version it was based on', async () => {
    const { deps, scene } = opened();
    const outcome = await saveScene(deps);
    expect(outcome).toMatchObject({ kind: 'saved', created: false });
    const [update] = deps.server.called('update');
    expect(update!.args[0]).toBe(scene.id);
    expect(update!.args[1]).toMatchObject({ baseVersion: 3, file: '/files/scenes/p/upload-1.scene' });
    expect(deps.state.scene!.version).toBe(4);
    expect(deps.server.called('create')).toHaveLength(0);
  });

  it('a lost answer is retried once with the same Idempotency-Key and applied once', async () => {
    const { deps, scene } = opened();
    deps.server.failNext.set('update', { error: networkError(), times: 1, applyFirst: true });
    const outcome = await saveScene(deps);
    expect(outcome.kind).toBe('saved');
    const updates = deps.server.called('update');
    expect(updates.map((c) => c.args[2])).toEqual(['key-1', 'key-1']);
    expect(deps.server.scenes.get(scene.id)!.version).toBe(4);
    expect(deps.state.scene!.version).toBe(4);
  });

  it('HTTP 412: nothing is overwritten, the work stays unsaved and the uploads wait for a copy', async () => {
    const { deps, scene } = opened();
    // Someone else saved version 4 meanwhile.
    deps.server.scenes.set(scene.id, { ...scene, version: 4, file: '/files/theirs.json' });
    const outcome = await saveScene(deps);
    expect(outcome.kind).toBe('conflict');
    expect(deps.state.conflict).toMatchObject({ sceneId: scene.id, currentVersion: 4, baseVersion: 3, file: '/files/scenes/p/upload-1.scene' });
    expect(deps.server.scenes.get(scene.id)!.file).toBe('/files/theirs.json');
    // The kernel already cleared its dirty flag when it handed out the file ...
    expect(deps.kernel.dirty()).toBe(false);
    // ... but the session still counts the work as unsaved.
    expect(deps.state.unconfirmedSave).toBe(true);
    expect(hasUnsavedWork(deps.state, deps.kernel.dirty())).toBe(true);
    expect(deps.kernel.acknowledged).toEqual([]);
  });

  it('save as a copy makes a new scene from the same upload and leaves the original alone', async () => {
    const { deps, scene } = opened();
    deps.server.scenes.set(scene.id, { ...scene, version: 4, file: '/files/theirs.json' });
    await saveScene(deps);
    const uploadsBefore = deps.server.called('upload').length;
    const outcome = await saveConflictAsCopy(deps, '方案 副本');
    expect(outcome.kind).toBe('saved');
    expect(deps.server.called('upload')).toHaveLength(uploadsBefore);
    const [create] = deps.server.called('create');
    expect(create!.args[0]).toMatchObject({ name: '方案 副本', file: '/files/scenes/p/upload-1.scene', fromSceneId: scene.id });
    expect(deps.state.scene!.id).not.toBe(scene.id);
    expect(deps.state.scene!.name).toBe('方案 副本');
    expect(deps.state.conflict).toBeNull();
    expect(deps.state.unconfirmedSave).toBe(false);
    expect(deps.server.scenes.get(scene.id)!.file).toBe('/files/theirs.json');
  });

  it('cancelling the 412 question keeps the work unsaved', async () => {
    const { deps, scene } = opened();
    deps.server.scenes.set(scene.id, { ...scene, version: 9 });
    await saveScene(deps);
    dismissConflict(deps.state);
    expect(deps.state.conflict).toBeNull();
    expect(hasUnsavedWork(deps.state, deps.kernel.dirty())).toBe(true);
    expect(deps.state.scene!.version).toBe(3);
  });

  it("a failed upload ('uploadFile fail!') aborts the save and leaves the scene unsaved", async () => {
    const { deps, scene } = opened();
    deps.server.failNext.set('upload', { error: networkError('/meta20/x/scene/upload'), times: 1 });
    const outcome = await saveScene(deps);
    expect(outcome.kind).toBe('upload-failed');
    expect(deps.server.called('update')).toHaveLength(0);
    expect(deps.server.called('create')).toHaveLength(0);
    expect(deps.kernel.dirty()).toBe(false);
    expect(deps.state.unconfirmedSave).toBe(true);
    expect(hasUnsavedWork(deps.state, deps.kernel.dirty())).toBe(true);
    expect(deps.state.scene!.version).toBe(scene.version);
    expect(deps.kernel.acknowledged).toEqual([]);
  });

  it('a later successful save clears the unsaved mark again', async () => {
    const { deps } = opened();
    deps.server.failNext.set('upload', { error: networkError(), times: 1 });
    await saveScene(deps);
    expect(deps.state.unconfirmedSave).toBe(true);
    expect((await saveScene(deps)).kind).toBe('saved');
    expect(hasUnsavedWork(deps.state, deps.kernel.dirty())).toBe(false);
  });

  it('the server refusing an empty file (20002) reads as the empty-scene outcome', async () => {
    const { deps } = opened();
    const { ApiError } = await import('../../api');
    deps.server.failNext.set('update', {
      error: new ApiError({ kind: 'response', method: 'PUT', url: '/x', status: 400, code: SCENE_RETCODE.EMPTY }),
      times: 1,
    });
    expect(await saveScene(deps)).toEqual({ kind: 'empty' });
    expect(deps.state.unconfirmedSave).toBe(true);
  });
});
