import { afterEach, describe, expect, it } from 'vitest';
import * as Comlink from 'comlink';
import { KernelCommandError } from '../../protocol/errors';
import { applyBackupDelta, canonicalJson, type SceneFile } from '../../protocol/scene-file';
import { generateHouseJson, HOUSE_IDS } from '../fixtures/house-scene';
import { spawnNodeKernel, type SpawnedKernel } from './fixtures/spawn-node-kernel';

// The file side of the kernel API through a real worker thread and Comlink: strings and
// transferred bytes in and out, refusals as KernelCommandErrors, and the scene left as it was.
// Edits and snapshots go through the UI channel, as the UI makes them.

const SMALL = { storeys: 1, rows: 2, cols: 2, records: 120 } as const;

let spawned: SpawnedKernel | null = null;
afterEach(async () => {
  await spawned?.close();
  spawned = null;
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected the call to reject');
}

async function started() {
  spawned = await spawnNodeKernel();
  await spawned.api.init(null, { width: 100, height: 100, dpr: 1 });
  return spawned;
}

describe('kernel files over Comlink', () => {
  it('loads a JSON string, saves JSON + gzip bytes, and loads transferred gzip bytes', async () => {
    const { api } = await started();
    const json = generateHouseJson(SMALL);
    expect(await api.load(json)).toEqual({ records: SMALL.records, migrated: 0 });
    const saved = await api.save();
    expect(saved.json).toBe(json);
    expect(saved.gzip).toBeInstanceOf(Uint8Array);
    expect([...saved.gzip.subarray(0, 2)]).toEqual([0x1f, 0x8b]);

    const bytes = saved.gzip.slice();
    expect(await api.load(Comlink.transfer(bytes, [bytes.buffer]))).toEqual({ records: SMALL.records, migrated: 0 });
    // Transferred, not copied: the buffer now belongs to the worker.
    expect(bytes.byteLength).toBe(0);
    expect((await api.save()).json).toBe(json);
  });

  it('refuses a damaged file with BAD_FILE and leaves the scene unchanged', async () => {
    const { api, channel } = await started();
    await api.load(generateHouseJson(SMALL));
    await channel.exec('view.setCamera', { view: 2 });
    const before = await channel.subscribe();
    const beforeFile = (await api.save()).json;
    const damaged = (await api.save()).gzip;
    const cut = damaged.slice(0, damaged.length - 30);

    const e = await rejection(api.load(Comlink.transfer(cut, [cut.buffer])));
    expect(e).toBeInstanceOf(KernelCommandError);
    expect(e).toMatchObject({ code: 'BAD_FILE', command: 'load' });
    const truncated = await rejection(api.load(beforeFile.slice(0, 500)));
    expect(truncated).toMatchObject({ code: 'BAD_FILE', command: 'load', detail: expect.stringMatching(/not valid JSON/) });
    const newer = await rejection(api.load(beforeFile.replace('"wall":2', '"wall":3')));
    expect(newer).toMatchObject({ code: 'UNSUPPORTED_VERSION', detail: expect.stringMatching(/wall records are version 3/) });

    const after = await channel.subscribe();
    expect(after).toEqual(before);
    expect(after.cameraView).toBe(2);
    expect((await api.save()).json).toBe(beforeFile);
  });

  it('hands out a full backup, then deltas against the acknowledged base', async () => {
    const { api, channel } = await started();
    const json = generateHouseJson(SMALL);
    await api.load(json);
    const full = await api.backupDelta();
    expect(full.kind).toBe('full');
    if (full.kind === 'full') {
      expect(full.file.json).toBe(json);
      expect(full.file.gzip).toBeInstanceOf(Uint8Array);
    }
    await api.acknowledge('backup-1');
    expect(await api.backupDelta()).toEqual({ kind: 'none' });

    const id = HOUSE_IDS.southWall(0, 1, 0);
    // A change of fields only: moving the wall would also split the walls it now meets and reshape
    // the rooms beside it (reconcile), which is more than this delta needs to show.
    await channel.exec('wall.update', { id, wallType: 'partition', height: 2700 });
    const result = await api.backupDelta();
    if (result.kind !== 'delta') throw new Error(`expected a delta, got ${result.kind}`);
    expect(result.delta.base).toBe('backup-1');
    expect(result.delta).toMatchObject({ version: 2, put: [], removed: [] });
    expect(result.delta.version === 2 && result.delta.patch?.map((p) => p.id)).toEqual([id]);
    const current = (await api.save()).json;
    expect(canonicalJson(applyBackupDelta(JSON.parse(json) as SceneFile, result.delta))).toBe(current);

    const bad = await rejection(api.acknowledge(''));
    expect(bad).toMatchObject({ code: 'INVALID_ARGS', command: 'acknowledge' });
  });

  it('gives the saved-file data', async () => {
    const { api } = await started();
    await api.load(generateHouseJson(SMALL));
    const data = await api.savedFileData('uuid-1');
    expect(data).toMatchObject({ sceneCode: 'uuid-1', imageData: '', imageList: [], isUseStackWall: 0, area: 53.24 });
    expect(data.roomInfoList).toHaveLength(4);
  });

  it('answers file calls before init with NOT_READY', async () => {
    spawned = await spawnNodeKernel();
    expect(await rejection(spawned.api.save())).toMatchObject({ code: 'NOT_READY', command: 'save' });
  });
});
