// A save of a scene the server has sends the kernel's delta when it is small, and the file when
// there is no delta, when the delta is too big, or when the server cannot use it (20006, 20007, 412).
import { describe, expect, it } from 'vitest';
import { ApiError, SCENE_RETCODE } from '../../api';
import type { BackupDelta, BackupDeltaResult } from '../../protocol/scene-file';
import { SAVE_DELTA_MAX_CHARS } from '../../ui/scene/constants';
import { deltaToSave, saveScene } from '../../ui/scene/save';
import { currentSceneOf } from '../../ui/scene/state';
import { makeDeps } from './scene-fakes';

const delta: BackupDelta = { format: 'yfang-scene-delta', version: 2, base: '100', put: [], patch: [{ id: 'w1', set: { height: 2700 } }], removed: [] };
const small: BackupDeltaResult = { kind: 'delta', delta, json: JSON.stringify(delta) };

function refusal(status: number, code: number): ApiError {
  return new ApiError({ kind: 'response', method: 'PUT', url: '/meta20/x/scene/1', status, code, serverMessage: `code ${code}`, body: { code, msg: '', data: null } });
}

function opened(change: BackupDeltaResult = small) {
  const deps = makeDeps();
  const scene = deps.server.seed('方案', 3);
  deps.state.scene = currentSceneOf(scene);
  deps.kernel.backup = change;
  return { deps, scene };
}

describe('deltaToSave', () => {
  it('takes a delta at most half the size of the file, and nothing else', () => {
    expect(deltaToSave(small, 10_000)).toBe(delta);
    expect(deltaToSave(small, small.json.length * 2)).toBe(delta);
    expect(deltaToSave(small, small.json.length * 2 - 1)).toBeNull();
    expect(deltaToSave({ kind: 'none' }, 10_000)).toBeNull();
    expect(deltaToSave({ kind: 'full', file: { json: '{}', gzip: new Uint8Array() } }, 10_000)).toBeNull();
    const huge: BackupDeltaResult = { ...small, json: 'x'.repeat(SAVE_DELTA_MAX_CHARS + 1) };
    expect(deltaToSave(huge, 100 * SAVE_DELTA_MAX_CHARS)).toBeNull();
  });
});

describe('saveScene with a delta', () => {
  const bigFile = (deps: ReturnType<typeof makeDeps>) => {
    Object.assign(deps.kernel, { file: { json: 'x'.repeat(100_000), gzip: deps.kernel.file.gzip } });
  };

  it('sends the delta with the base version, uploads no scene file and acknowledges the new version', async () => {
    const { deps, scene } = opened();
    bigFile(deps);
    const outcome = await saveScene(deps);
    expect(outcome).toMatchObject({ kind: 'saved', created: false });
    const [update] = deps.server.called('update');
    expect(update!.args[1]).toMatchObject({ baseVersion: 3, delta });
    expect(update!.args[1]).not.toHaveProperty('file');
    expect(deps.server.called('upload').map((c) => c.args[0])).toEqual(['roomInfo']);
    expect(deps.kernel.called('save')).toHaveLength(0);
    expect(deps.state.unconfirmedSave).toBe(false);
    // The delta counted the scene as saved in the kernel, as save() does: no unsaved dot remains.
    expect(deps.kernel.isDirty).toBe(false);
    expect(deps.kernel.acknowledged).toEqual([String(deps.server.scenes.get(scene.id)!.currentVersionId)]);
  });

  it("sends the scheme's client with the delta, and again without it when the server refuses the client", async () => {
    const { deps } = opened();
    bigFile(deps);
    deps.kernel.clientId = '77';
    await saveScene(deps);
    const updates = deps.server.called('update');
    expect(updates.map((u) => (u.args[1] as { clientId?: unknown }).clientId)).toEqual([77, null]);
    expect(updates[1]!.args[1]).toMatchObject({ delta });
  });

  it('sends the file when the kernel has no delta or it is too big', async () => {
    const none = opened({ kind: 'none' });
    bigFile(none.deps);
    await saveScene(none.deps);
    expect(none.deps.server.called('update')[0]!.args[1]).toMatchObject({ file: '/files/scenes/p/upload-1.scene' });
    const big = opened();
    // the file (as its JSON) is no bigger than the delta
    await saveScene(big.deps);
    expect(big.deps.server.called('update')[0]!.args[1]).toHaveProperty('file');
  });

  for (const [status, code] of [
    [409, SCENE_RETCODE.BACKUP_BASE_NOT_FOUND],
    [400, SCENE_RETCODE.BACKUP_DELTA_INVALID],
  ] as const) {
    it(`falls back to the whole file when the server answers ${code}, reusing the room info`, async () => {
      const { deps } = opened();
      bigFile(deps);
      deps.server.failNext.set('update', { error: refusal(status, code), times: 1 });
      const outcome = await saveScene(deps);
      expect(outcome).toMatchObject({ kind: 'saved' });
      const updates = deps.server.called('update');
      expect(updates).toHaveLength(2);
      expect(updates[1]!.args[1]).toMatchObject({ baseVersion: 3, file: '/files/scenes/p/upload-2.scene', roomInfoUrl: '/files/scenes/p/upload-1.roomInfo' });
      expect(updates[1]!.args[1]).not.toHaveProperty('delta');
      expect(deps.kernel.called('save')).toHaveLength(1);
    });
  }

  it('a 412 on the delta ends as the usual conflict, with an uploaded file for the copy', async () => {
    const { deps, scene } = opened();
    bigFile(deps);
    deps.server.scenes.set(scene.id, { ...scene, version: 4 });
    const outcome = await saveScene(deps);
    expect(outcome.kind).toBe('conflict');
    expect(deps.state.conflict).toMatchObject({ baseVersion: 3, currentVersion: 4, file: '/files/scenes/p/upload-2.scene' });
    expect(deps.state.unconfirmedSave).toBe(true);
    expect(deps.kernel.acknowledged).toEqual([]);
  });

  it('a first save sends the file, never a delta', async () => {
    const deps = makeDeps();
    deps.kernel.backup = small;
    bigFile(deps);
    await saveScene(deps, { name: '新方案' });
    expect(deps.kernel.called('backupDelta')).toHaveLength(0);
    expect(deps.server.called('create')[0]!.args[0]).toHaveProperty('file');
  });
});
