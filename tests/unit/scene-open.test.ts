import { describe, expect, it } from 'vitest';
import { needsSavePrompt, openFileAsNewScene, openScene, sceneIdFromSearch, startNewScene } from '../../ui/scene/open';
import { restoreVersion } from '../../ui/scene/restore';
import { currentSceneOf } from '../../ui/scene/state';
import { kernelRefusal, makeDeps, networkError, versionRow } from './scene-fakes';

describe('openFileAsNewScene (a sample room)', () => {
  it('loads the file and forgets the open scene, so a save cannot write into it', async () => {
    const deps = makeDeps();
    const open = deps.server.seed('当前', 2);
    deps.state.scene = currentSceneOf(open);
    deps.state.unconfirmedSave = true;
    const sample = deps.server.seed('样板间', 1, new Uint8Array([7, 7]));
    expect(await openFileAsNewScene(deps, sample.file)).toEqual({ ok: true });
    expect(deps.kernel.called('load')[0]!.args[0]).toEqual(new Uint8Array([7, 7]));
    expect(deps.state).toMatchObject({ scene: null, unconfirmedSave: false, conflict: null, lastBackup: null, busy: null });
  });

  it('a refused or unreachable file keeps the open scene and the session', async () => {
    const deps = makeDeps();
    const open = deps.server.seed('当前', 2);
    deps.state.scene = currentSceneOf(open);
    const sample = deps.server.seed('坏样板间', 1);
    deps.kernel.loadError = kernelRefusal('BAD_FILE');
    const refused = await openFileAsNewScene(deps, sample.file);
    expect(refused.ok === false && refused.outcome.kind).toBe('refused');
    deps.server.failNext.set('fetchFile', { error: networkError(sample.file), times: 1 });
    const unreachable = await openFileAsNewScene(deps, sample.file);
    expect(unreachable.ok === false && unreachable.outcome.kind).toBe('fetch-failed');
    expect(deps.state.scene).toEqual(currentSceneOf(open));
    expect(deps.state.busy).toBeNull();
  });

  it('waits for nothing and changes nothing while another scene operation is running', async () => {
    const deps = makeDeps();
    deps.state.busy = 'saving';
    const sample = deps.server.seed('样板间', 1);
    expect(await openFileAsNewScene(deps, sample.file)).toEqual({ ok: false, outcome: { kind: 'busy' } });
    expect(deps.kernel.called('load')).toHaveLength(0);
    expect(deps.state.busy).toBe('saving');
  });
});

describe('startNewScene (新建方案)', () => {
  it('hands the defaults to the kernel and forgets the open scene: the next save makes a new one', async () => {
    const deps = makeDeps();
    const open = deps.server.seed('当前', 2);
    deps.state.scene = currentSceneOf(open);
    deps.state.unconfirmedSave = true;
    const meta = { name: '王宅', houseType: { roomNumber: 3, bedroomNumber: 2, parlourNumber: 1, bathroomNumber: 0, building: '' } };
    expect(await startNewScene(deps, meta)).toEqual({ ok: true });
    expect(deps.kernel.called('newScene')[0]!.args).toEqual([meta]);
    expect(deps.kernel.called('load')).toHaveLength(0);
    expect(deps.state).toMatchObject({ scene: null, unconfirmedSave: false, conflict: null, lastBackup: null, busy: null });
  });

  it('a refusal keeps the open scene and the session; a busy session changes nothing', async () => {
    const deps = makeDeps();
    const open = deps.server.seed('当前', 2);
    deps.state.scene = currentSceneOf(open);
    deps.kernel.loadError = kernelRefusal('INVALID_ARGS');
    const refused = await startNewScene(deps, { name: '' });
    expect(refused.ok === false && refused.outcome.kind).toBe('refused');
    expect(deps.state.scene).toEqual(currentSceneOf(open));
    deps.kernel.loadError = null;
    deps.state.busy = 'saving';
    expect(await startNewScene(deps, { name: 'x' })).toEqual({ ok: false, outcome: { kind: 'busy' } });
    expect(deps.kernel.called('newScene')).toHaveLength(1);
    expect(deps.state.scene).toEqual(currentSceneOf(open));
  });
});

describe('openScene', () => {
  it('fetches the scene fresh, loads its file bytes and makes it the session scene', async () => {
    const deps = makeDeps();
    const bytes = new Uint8Array([0x1f, 0x8b, 9]);
    const scene = deps.server.seed('旧方案', 5, bytes);
    const outcome = await openScene(deps, scene.id);
    expect(outcome).toEqual({ kind: 'opened', scene });
    expect(deps.server.called('fetchFile')[0]!.args).toEqual([scene.file]);
    expect(deps.kernel.called('load')[0]!.args[0]).toBe(bytes);
    expect(deps.state.scene).toEqual(currentSceneOf(scene));
    expect(deps.kernel.acknowledged).toEqual([String(scene.currentVersionId)]);
    expect(deps.state.busy).toBeNull();
  });

  it('a failed file fetch leaves the open scene and the session as they were', async () => {
    const deps = makeDeps();
    const open = deps.server.seed('当前', 2);
    deps.state.scene = currentSceneOf(open);
    const other = deps.server.seed('另一个', 1);
    deps.server.failNext.set('fetchFile', { error: networkError(other.file), times: 1 });
    const outcome = await openScene(deps, other);
    expect(outcome.kind).toBe('fetch-failed');
    expect(deps.kernel.called('load')).toHaveLength(0);
    expect(deps.state.scene).toEqual(currentSceneOf(open));
    expect(deps.state.busy).toBeNull();
  });

  it('a scene that cannot be read from the server is a failed fetch too', async () => {
    const deps = makeDeps();
    expect((await openScene(deps, 404)).kind).toBe('fetch-failed');
  });

  it('a kernel refusal (BAD_FILE, UNSUPPORTED_VERSION) keeps the open scene', async () => {
    for (const code of ['BAD_FILE', 'UNSUPPORTED_VERSION'] as const) {
      const deps = makeDeps();
      const open = deps.server.seed('当前', 2);
      deps.state.scene = currentSceneOf(open);
      deps.state.unconfirmedSave = true;
      const broken = deps.server.seed('坏文件', 1);
      deps.kernel.loadError = kernelRefusal(code);
      const outcome = await openScene(deps, broken);
      expect(outcome.kind).toBe('refused');
      expect(outcome.kind === 'refused' && outcome.error.code).toBe(code);
      expect(deps.state.scene).toEqual(currentSceneOf(open));
      expect(deps.state.unconfirmedSave).toBe(true);
      expect(deps.kernel.acknowledged).toEqual([]);
    }
  });

  it("a scene without a file address: 'cannot get scene file'", async () => {
    const deps = makeDeps();
    const scene = deps.server.seed('空', 1);
    deps.server.scenes.set(scene.id, { ...scene, file: '' });
    expect(await openScene(deps, scene.id)).toEqual({ kind: 'no-file' });
  });

  it('asks 保存提示 first only while the current scene has rooms', () => {
    expect(needsSavePrompt({ rooms: () => 1 })).toBe(true);
    expect(needsSavePrompt({ rooms: () => 0 })).toBe(false);
  });

  it('reads ?sceneId=<id> and nothing else', () => {
    expect(sceneIdFromSearch('?sceneId=42')).toBe(42);
    expect(sceneIdFromSearch('?a=1&sceneId=7')).toBe(7);
    for (const bad of ['', '?sceneId=', '?sceneId=0', '?sceneId=-3', '?sceneId=1e3', '?sceneId=abc', '?sceneId=99999999999999999']) {
      expect(sceneIdFromSearch(bad)).toBeNull();
    }
  });
});

describe('restoreVersion', () => {
  function opened() {
    const deps = makeDeps();
    const scene = deps.server.seed('方案', 4);
    deps.state.scene = currentSceneOf(scene);
    const bytes = new Uint8Array([7, 7, 7]);
    deps.server.files.set('/files/v/backup.json', bytes);
    return { deps, scene, version: versionRow(55, scene.id, '/files/v/backup.json', 'backup', 3), bytes };
  }

  it("needs one selected record ('please select one record to restore')", async () => {
    const { deps } = opened();
    expect(await restoreVersion(deps, null)).toEqual({ kind: 'no-selection' });
    expect(deps.server.calls).toHaveLength(0);
  });

  it('a scene never saved has no history to restore', async () => {
    const { deps, version } = opened();
    deps.state.scene = null;
    expect(await restoreVersion(deps, version)).toEqual({ kind: 'unsaved' });
  });

  it('loads the version into the kernel, then makes it current on the server with baseVersion', async () => {
    const { deps, scene, version, bytes } = opened();
    const outcome = await restoreVersion(deps, version);
    expect(outcome.kind).toBe('restored');
    expect(deps.kernel.called('load')[0]!.args[0]).toBe(bytes);
    expect(deps.server.called('restoreVersion')[0]!.args[0]).toEqual({ sceneId: scene.id, versionId: 55, baseVersion: 4 });
    const stored = deps.server.scenes.get(scene.id)!;
    expect(deps.state.scene).toEqual(currentSceneOf(stored));
    expect(deps.kernel.acknowledged).toEqual([String(stored.currentVersionId)]);
    expect(deps.state.unconfirmedSave).toBe(false);
  });

  it('a refused file is never made current on the server', async () => {
    const { deps, version, scene } = opened();
    deps.kernel.loadError = kernelRefusal('BAD_FILE');
    expect((await restoreVersion(deps, version)).kind).toBe('refused');
    expect(deps.server.called('restoreVersion')).toHaveLength(0);
    expect(deps.state.scene!.version).toBe(scene.version);
  });

  it('a stale scene (412) keeps the restored content on screen, counted as unsaved', async () => {
    const { deps, version, scene } = opened();
    deps.server.scenes.set(scene.id, { ...scene, version: 6 });
    const outcome = await restoreVersion(deps, version);
    expect(outcome).toMatchObject({ kind: 'server-failed', conflict: true });
    expect(deps.kernel.called('load')).toHaveLength(1);
    expect(deps.kernel.dirty()).toBe(false);
    expect(deps.state.unconfirmedSave).toBe(true);
    expect(deps.state.scene!.version).toBe(4);
  });
});
