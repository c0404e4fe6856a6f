import 'fake-indexeddb/auto';
import { gunzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api';
import type { SavedFileData } from '../../protocol/scene-file';
import { runBackup } from '../../ui/scene/backup';
import { createOfflineKeeper, offlineKindForSave, offlineOffer, restoreOfflineCopy, type OfflineDeps } from '../../ui/scene/offline';
import {
  createOfflineStore,
  offlineSceneKey,
  type OfflineCopy,
  type OfflineEntry,
  type OfflineOwner,
  type OfflineStorePort,
} from '../../ui/scene/offline-store';
import { saveScene } from '../../ui/scene/save';
import { currentSceneOf } from '../../ui/scene/state';
import { kernelRefusal, makeDeps, networkError } from './scene-fakes';

// The third tier (core.md §4 离线备份) on fake-indexeddb: newest 20 per scene, one account never
// sees another's copies, the copy offered when a scene opens, the restore through the load path,
// and the copies written when a backup or save cannot reach the server.

const ALICE: OfflineOwner = { userId: 7, project: 'yfang' };
const BOB: OfflineOwner = { userId: 8, project: 'yfang' };
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
const dataUrl = (bytes: Uint8Array) => `data:image/jpeg;base64,${Buffer.from(bytes).toString('base64')}`;

let dbs = 0;
/** A fresh database per test: the store is the browser's, its name the test's. */
const freshStore = () => createOfflineStore(`offline-test-${++dbs}`);

function copy(owner: OfflineOwner, sceneId: number | null, savedAt: number, over: Partial<OfflineCopy> = {}): OfflineCopy {
  return {
    sceneKey: offlineSceneKey(owner, sceneId),
    userId: owner.userId,
    project: owner.project,
    sceneId,
    sceneName: '',
    savedAt,
    kind: 'timed',
    baseVersion: sceneId === null ? null : 1,
    file: new Uint8Array([0x1f, 0x8b, savedAt & 0xff]),
    preview: null,
    floors: [],
    ...over,
  };
}

function keeperDeps(store: OfflineStorePort, over: Partial<OfflineDeps> = {}) {
  const deps = makeDeps();
  let now = 1_000;
  const offline: OfflineDeps = { kernel: deps.kernel, state: deps.state, store, owner: () => ALICE, clock: { now: () => ++now }, ...over };
  return { deps, offline, keeper: createOfflineKeeper(offline) };
}

describe('offline store', () => {
  it('keeps the newest 20 copies of a scene (trimmed on write), newest first', async () => {
    const store = freshStore();
    for (let i = 1; i <= 23; i++) expect((await store.put(copy(ALICE, 5, i))).stored).toBe(true);
    const list = await store.list(offlineSceneKey(ALICE, 5));
    expect(list.map((e) => e.savedAt)).toEqual(Array.from({ length: 20 }, (_, i) => 23 - i));
    // Every entry is a whole file that restores alone.
    expect(list[0]!.file).toEqual(new Uint8Array([0x1f, 0x8b, 23]));
  });

  it('files copies per user, project and scene: two accounts on one browser never see each other', async () => {
    const store = freshStore();
    await store.put(copy(ALICE, null, 1));
    await store.put(copy(BOB, null, 2));
    await store.put(copy({ userId: 7, project: 'other' }, null, 3));
    await store.put(copy(ALICE, 5, 4));
    expect((await store.list(offlineSceneKey(ALICE, null))).map((e) => e.savedAt)).toEqual([1]);
    expect((await store.list(offlineSceneKey(BOB, null))).map((e) => e.savedAt)).toEqual([2]);
    expect((await store.list(offlineSceneKey(ALICE, 5))).map((e) => e.savedAt)).toEqual([4]);
    expect(await store.list(offlineSceneKey(BOB, 5))).toEqual([]);
  });

  it('trimming one scene never touches another scene’s copies', async () => {
    const store = freshStore();
    await store.put(copy(ALICE, 6, 0));
    for (let i = 1; i <= 21; i++) await store.put(copy(ALICE, 5, i));
    expect(await store.list(offlineSceneKey(ALICE, 6))).toHaveLength(1);
  });

  it('on a full disk drops the oldest copies until the new one fits, and says how many went', async () => {
    const store = freshStore();
    for (let i = 1; i <= 3; i++) await store.put(copy(i === 2 ? BOB : ALICE, 5, i));
    const add = IDBObjectStore.prototype.add;
    let refusals = 2;
    IDBObjectStore.prototype.add = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['add']>) {
      if (refusals-- > 0) throw new DOMException('full', 'QuotaExceededError');
      return add.apply(this, args);
    };
    try {
      const result = await store.put(copy(ALICE, 5, 4));
      expect(result).toMatchObject({ stored: true, dropped: 2 });
    } finally {
      IDBObjectStore.prototype.add = add;
    }
    // The oldest two (whoever's) made room; the newest work is kept.
    expect((await store.list(offlineSceneKey(ALICE, 5))).map((e) => e.savedAt)).toEqual([4, 3]);
    expect(await store.list(offlineSceneKey(BOB, 5))).toEqual([]);
  });

  it('gives up when nothing more can be dropped', async () => {
    const store = freshStore();
    const add = IDBObjectStore.prototype.add;
    IDBObjectStore.prototype.add = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    try {
      expect(await store.put(copy(ALICE, 5, 1))).toMatchObject({ stored: false, dropped: 0 });
    } finally {
      IDBObjectStore.prototype.add = add;
    }
  });

  it('marks a copy dismissed and keeps it listed', async () => {
    const store = freshStore();
    const put = await store.put(copy(ALICE, 5, 1));
    if (!put.stored) throw new Error('not stored');
    await store.dismiss([put.entry.id]);
    const [entry] = await store.list(offlineSceneKey(ALICE, 5));
    expect(entry).toMatchObject({ id: put.entry.id, dismissed: true });
  });
});

describe('offlineOffer: a copy newer than the server', () => {
  const entry = (baseVersion: number | null, dismissed = false) => ({ ...copy(ALICE, 5, 1), id: 1, baseVersion, dismissed }) as OfflineEntry;

  it('offers the newest copy based on the server’s current version (or later)', () => {
    expect(offlineOffer([entry(3)], { version: 3 })).toMatchObject({ id: 1 });
    expect(offlineOffer([entry(4)], { version: 3 })).toMatchObject({ id: 1 });
  });

  it('does not offer a copy a later save made stale, one answered 忽略, or none at all', () => {
    expect(offlineOffer([entry(2)], { version: 3 })).toBeNull();
    expect(offlineOffer([entry(3, true)], { version: 3 })).toBeNull();
    expect(offlineOffer([], { version: 3 })).toBeNull();
  });

  it('offers any copy of the never-saved scene at a start without one', () => {
    expect(offlineOffer([entry(null)], null)).toMatchObject({ id: 1 });
  });
});

describe('the keeper', () => {
  it('writes the scene’s whole file (gzip of the kernel’s JSON), its base version and previews', async () => {
    const store = freshStore();
    const { deps, keeper } = keeperDeps(store);
    const scene = deps.server.seed('方案', 4);
    deps.state.scene = currentSceneOf(scene);
    const original = deps.kernel.savedFileData.bind(deps.kernel);
    deps.kernel.savedFileData = async (code?: string): Promise<SavedFileData> => ({
      ...(await original(code)),
      imageData: dataUrl(JPEG),
      imageList: [
        { layerIndex: 0, preview: dataUrl(JPEG) },
        { layerIndex: 1, preview: dataUrl(JPEG) },
      ],
    });
    const result = await keeper.keep('unload');
    expect(result?.stored).toBe(true);
    const [entry] = await store.list(offlineSceneKey(ALICE, scene.id));
    expect(entry).toMatchObject({ kind: 'unload', sceneId: scene.id, baseVersion: 4, sceneName: '方案', preview: JPEG });
    expect(entry!.floors.map((f) => f.layerIndex)).toEqual([0, 1]);
    expect(new TextDecoder().decode(gunzipSync(entry!.file))).toBe(deps.kernel.file.json);
    // A copy is not a save: the kernel's saved flag and backup checkpoint were not touched.
    expect(deps.kernel.called('save')).toHaveLength(0);
    expect(deps.kernel.called('backupDelta')).toHaveLength(0);
  });

  it('writes nothing without a user, for an empty scene, an untouched new scene, or the same content twice', async () => {
    const store = freshStore();
    const nobody = keeperDeps(store, { owner: () => null });
    expect(await nobody.keeper.keep('timed')).toBeNull();

    const { deps, keeper } = keeperDeps(store);
    deps.kernel.isDirty = false;
    expect(await keeper.keep('timed')).toBeNull();
    deps.kernel.isDirty = true;
    deps.kernel.content = 0;
    expect(await keeper.keep('timed')).toBeNull();
    deps.kernel.content = 5;
    expect((await keeper.keep('timed'))?.stored).toBe(true);
    expect(await keeper.keep('timed')).toBeNull();
    expect(await store.list(offlineSceneKey(ALICE, null))).toHaveLength(1);
  });
});

describe('copies written by backups and saves', () => {
  function savedScene(store: OfflineStorePort) {
    const { deps, keeper } = keeperDeps(store);
    const scene = deps.server.seed('方案', 2);
    deps.state.scene = currentSceneOf(scene);
    const backup = { ...deps, clock: { now: () => 5 }, keepOffline: keeper.keep.bind(keeper) };
    return { deps, backup, scene };
  }

  it('a timed backup is kept in the browser too', async () => {
    const store = freshStore();
    const { deps, backup, scene } = savedScene(store);
    deps.kernel.backup = { kind: 'full', file: deps.kernel.file };
    expect((await runBackup(backup)).kind).toBe('stored');
    expect((await store.list(offlineSceneKey(ALICE, scene.id))).map((e) => e.kind)).toEqual(['timed']);
  });

  it('a timed backup that cannot reach the server is kept as failed-backup', async () => {
    const store = freshStore();
    const { deps, backup, scene } = savedScene(store);
    deps.kernel.backup = { kind: 'full', file: deps.kernel.file };
    deps.server.failNext.set('upload', { error: networkError(), times: 2 });
    expect((await runBackup(backup)).kind).toBe('failed');
    const [entry] = await store.list(offlineSceneKey(ALICE, scene.id));
    expect(entry).toMatchObject({ kind: 'failed-backup', baseVersion: 2 });
  });

  it('a scene never saved has no server backup but its work is kept in the browser', async () => {
    const store = freshStore();
    const { deps, keeper } = keeperDeps(store);
    const outcome = await runBackup({ ...deps, clock: { now: () => 5 }, keepOffline: keeper.keep.bind(keeper) });
    expect(outcome).toEqual({ kind: 'skipped', reason: 'unsaved' });
    expect(deps.server.calls).toHaveLength(0);
    expect(await store.list(offlineSceneKey(ALICE, null))).toHaveLength(1);
  });

  it('a timed backup sends the previews when backupMode is 1, and none otherwise', async () => {
    const store = freshStore();
    const { deps, backup } = savedScene(store);
    const original = deps.kernel.savedFileData.bind(deps.kernel);
    deps.kernel.savedFileData = async (code?: string) => ({ ...(await original(code)), imageData: dataUrl(JPEG) });
    deps.kernel.backup = { kind: 'full', file: deps.kernel.file };
    await runBackup({ ...backup, withPreviews: true });
    expect(deps.server.called('storeBackup')[0]!.args[0]).toMatchObject({ preview: expect.stringMatching(/\.preview$/) });
    await runBackup({ ...backup, withPreviews: false });
    expect(deps.server.called('storeBackup')[1]!.args[0]).not.toHaveProperty('preview');
  });

  it('a save that cannot reach the server (network, 5xx) asks for a copy; a refused one does not', async () => {
    const deps = makeDeps();
    deps.state.scene = currentSceneOf(deps.server.seed('方案', 1));
    deps.server.failNext.set('upload', { error: networkError(), times: 1 });
    expect(offlineKindForSave(await saveScene(deps))).toBe('failed-save');
    const fiveHundred = new ApiError({ kind: 'response', method: 'PUT', url: '/x', status: 502, code: null });
    deps.server.failNext.set('update', { error: fiveHundred, times: 1 });
    expect(offlineKindForSave(await saveScene(deps))).toBe('failed-save');
    const refused = new ApiError({ kind: 'response', method: 'PUT', url: '/x', status: 400, code: 400 });
    deps.server.failNext.set('update', { error: refused, times: 1 });
    expect(offlineKindForSave(await saveScene(deps))).toBeNull();
    expect(offlineKindForSave(await saveScene(deps))).toBeNull();
  });
});

describe('restoreOfflineCopy', () => {
  it('loads the copy, stays on the same scene and base version, and leaves the work unsaved', async () => {
    const deps = makeDeps();
    const scene = deps.server.seed('方案', 3);
    deps.state.scene = currentSceneOf(scene);
    const entry = copy(ALICE, scene.id, 1, { baseVersion: 3 });
    expect(await restoreOfflineCopy(deps, entry)).toEqual({ kind: 'restored' });
    expect(deps.kernel.called('load')[0]!.args[0]).toEqual(entry.file);
    expect(deps.state.scene).toMatchObject({ id: scene.id, version: 3 });
    expect(deps.state.unconfirmedSave).toBe(true);
    // Nothing was sent: the next save is a normal update against version 3.
    expect(deps.server.calls).toHaveLength(0);
    expect((await saveScene(deps)).kind).toBe('saved');
    expect(deps.server.called('update')[0]!.args[1]).toMatchObject({ baseVersion: 3 });
  });

  it('refuses a copy of another scene and keeps the screen when the kernel refuses the file', async () => {
    const deps = makeDeps();
    deps.state.scene = currentSceneOf(deps.server.seed('方案', 1));
    expect(await restoreOfflineCopy(deps, copy(ALICE, 999, 1))).toEqual({ kind: 'other-scene' });
    deps.kernel.loadError = kernelRefusal('BAD_FILE');
    expect((await restoreOfflineCopy(deps, copy(ALICE, deps.state.scene.id, 1))).kind).toBe('refused');
    expect(deps.state.unconfirmedSave).toBe(false);
  });

  it('restores a never-saved scene’s copy at a start with no scene', async () => {
    const deps = makeDeps();
    expect(await restoreOfflineCopy(deps, copy(ALICE, null, 1))).toEqual({ kind: 'restored' });
    expect(deps.state.scene).toBeNull();
    expect(deps.state.unconfirmedSave).toBe(true);
  });
});
