import { describe, expect, it, vi } from 'vitest';
import {
  applyBackupDelta,
  canonicalJson,
  type BackupDeltaResult,
  type BackupDeltaV1,
  type BackupDeltaV2,
  type SceneFile,
} from '../../protocol/scene-file';
import { currentSchema } from '../../kernel-worker/persistence/migrations';
import { fileMeta } from '../../kernel-worker/persistence/scene-codec';
import { getMeta } from '../../kernel-worker/document/session-records';
import { generateHouseJson, HOUSE_IDS, type HouseOptions } from '../fixtures/house-scene';
import { mulberry32 } from '../fixtures/prng';
import { documentJson, fileKernel, randomStep, type FileKernel } from './persistence-kit';

const SMALL = { storeys: 2, rows: 2, cols: 3, records: 400 } as const;
const WALL = HOUSE_IDS.southWall(0, 1, 1);

function loaded(options: HouseOptions = SMALL): FileKernel {
  const k = fileKernel();
  k.files.load(generateHouseJson(options));
  return k;
}

function moveWall(k: FileKernel, id = WALL, dx = 100): void {
  k.kernel.transact(
    'test.moveWall',
    (tx) => {
      const w = tx.getOfType(id, 'wall')!;
      tx.put({ ...w, start: { x: w.start.x + dx, y: w.start.y + dx }, end: { x: w.end.x + dx, y: w.end.y + dx } });
    },
    'undoable',
  );
}

function expectDelta(result: BackupDeltaResult): BackupDeltaV2 {
  if (result.kind !== 'delta') throw new Error(`expected a delta, got ${result.kind}`);
  expect(result.json).toBe(canonicalJson(result.delta));
  if (result.delta.version !== 2) throw new Error(`expected a v2 delta, got v${result.delta.version}`);
  return result.delta;
}

/** Ids the delta puts or patches. */
function changedIds(delta: BackupDeltaV2): string[] {
  return [...delta.put.map((r) => r.id), ...(delta.patch ?? []).map((p) => p.id)].sort();
}

/** The same change as a v1 delta (every changed record whole), as an older kernel would send it. */
function asV1(delta: BackupDeltaV2, k: FileKernel): BackupDeltaV1 {
  const put = changedIds(delta).map((id) => k.kernel.records.get(id)!) as unknown as BackupDeltaV1['put'];
  const meta = fileMeta(getMeta(k.kernel.records));
  return { format: delta.format, version: 1, base: delta.base, schema: currentSchema(), meta, put, removed: delta.removed };
}

describe('backup deltas', () => {
  it('hands out the whole scene until a base is acknowledged', () => {
    const k = fileKernel();
    expect(k.kernel.snapshot().changedSinceBackup).toBe(false);
    k.kernel.transact('test', (tx) => tx.put({ id: 's', type: 'storey', index: 0, name: '1F', elevation: 0, layerHeight: 2800 }), 'undoable');
    expect(k.kernel.snapshot().changedSinceBackup).toBe(true);
    const first = k.files.backupDelta();
    if (first.kind !== 'full') throw new Error(`expected full, got ${first.kind}`);
    expect(first.file.json).toBe(documentJson(k.kernel));
    k.files.acknowledge('backup-1');
    expect(k.kernel.snapshot().changedSinceBackup).toBe(false);
    expect(k.files.backupDelta()).toEqual({ kind: 'none' });
  });

  it('after a load: full until acknowledged, then only what changed, against the named base', () => {
    const k = loaded();
    expect(k.kernel.snapshot().changedSinceBackup).toBe(false);
    expect(k.files.backupDelta().kind).toBe('full');
    k.files.acknowledge('scene-7');
    moveWall(k);
    expect(k.kernel.snapshot().changedSinceBackup).toBe(true);
    const delta = expectDelta(k.files.backupDelta());
    const wall = k.kernel.records.getOfType(WALL, 'wall')!;
    // Only the changed fields of the one wall; no meta (unchanged), no empty patch list.
    expect(delta).toEqual({
      format: 'yfang-scene-delta',
      version: 2,
      base: 'scene-7',
      schema: { wall: 2 },
      put: [],
      patch: [{ id: WALL, set: { start: wall.start, end: wall.end } }],
      removed: [],
    });
  });

  it('puts added records whole, patches changed ones, and carries meta only when it changed', () => {
    const k = loaded();
    k.files.backupDelta();
    k.files.acknowledge('b1');
    const storeyId = k.kernel.records.ofType('storey')[0]!.id;
    k.kernel.exec('meta.update', { style: '北欧' });
    const styleOnly = expectDelta(k.files.backupDelta());
    expect(styleOnly.meta).toBeUndefined();
    expect(styleOnly.patch).toEqual([{ id: 'meta', set: { style: '北欧' } }]);

    k.kernel.exec('meta.update', { name: '新名字' });
    const { id: lightId } = k.kernel.exec('light.add', { storeyId, position: { x: 1, y: 2, z: 2500 } });
    const delta = expectDelta(k.files.backupDelta());
    expect(delta.meta).toEqual({ name: '新名字' });
    expect(delta.put).toEqual([k.kernel.records.get(lightId)]);
    expect(delta.patch).toEqual([{ id: 'meta', set: { name: '新名字', style: '北欧' } }]);
    expect(delta.schema).toEqual({ light: 1, meta: 2 });
  });

  it('never sends a patch larger than the record it changes', () => {
    const k = loaded();
    k.files.backupDelta();
    k.files.acknowledge('b1');
    const model = k.kernel.records.ofType('model')[0]!;
    k.kernel.exec('model.update', {
      id: model.id,
      modelId: 'x',
      name: 'y',
      position: { x: 1, y: 1, z: 1 },
      rotation: 1,
      size: { x: 9, y: 9, z: 9 },
      storeyId: model.storeyId === HOUSE_IDS.storey(0) ? HOUSE_IDS.storey(1) : HOUSE_IDS.storey(0),
    });
    const delta = expectDelta(k.files.backupDelta());
    const now = k.kernel.records.get(model.id)!;
    // Every field changed: the patch carries them all and is still no larger than the record.
    const sent = [...delta.put, ...(delta.patch ?? [])];
    expect(sent).toHaveLength(1);
    expect(canonicalJson(sent[0]).length).toBeLessThanOrEqual(canonicalJson(now).length);
    const { id: _id, type: _type, ...fields } = now;
    expect(delta.patch).toEqual([{ id: now.id, set: fields }]);
  });

  it('a record removed and added again with another type goes whole', () => {
    const k = loaded();
    k.files.backupDelta();
    k.files.acknowledge('b1');
    const model = k.kernel.records.ofType('model')[0]!;
    k.kernel.transact(
      'test.retype',
      (tx) => {
        tx.remove(model.id);
        tx.put({ id: model.id, type: 'light', storeyId: model.storeyId, kind: 'point', position: model.position, color: '#ffffff', intensity: 1 });
      },
      'undoable',
    );
    const delta = expectDelta(k.files.backupDelta());
    expect(delta.put.map((r) => [r.id, r.type])).toEqual([[model.id, 'light']]);
    expect(delta.patch).toBeUndefined();
  });

  it('a load right after acknowledging: the loaded file is the base', () => {
    const json = generateHouseJson(SMALL);
    const k = fileKernel();
    k.files.load(json);
    k.files.acknowledge('file-1');
    moveWall(k);
    const base = JSON.parse(json) as SceneFile;
    expect(canonicalJson(applyBackupDelta(base, expectDelta(k.files.backupDelta())))).toBe(documentJson(k.kernel));
  });

  it('says none when edits were undone back to the base, and for session-only changes', () => {
    const k = loaded();
    k.files.backupDelta();
    k.files.acknowledge('b1');
    k.kernel.exec('view.setMode', { mode: 1 });
    expect(k.files.backupDelta()).toEqual({ kind: 'none' });
    moveWall(k);
    moveWall(k);
    k.kernel.undo();
    k.kernel.undo();
    expect(k.kernel.snapshot().changedSinceBackup).toBe(true);
    expect(k.files.backupDelta()).toEqual({ kind: 'none' });
    expect(k.kernel.snapshot().changedSinceBackup).toBe(false);
  });

  it('lists removed ids, and forgets records added and removed again since the base', () => {
    const k = loaded();
    k.files.backupDelta();
    k.files.acknowledge('b1');
    const model = k.kernel.records.ofType('model')[0]!;
    k.kernel.transact('test', (tx) => tx.remove(model.id), 'undoable');
    k.kernel.transact('test', (tx) => tx.put({ ...model, id: 'temp-model' }), 'undoable');
    k.kernel.transact('test', (tx) => tx.remove('temp-model'), 'undoable');
    const delta = expectDelta(k.files.backupDelta());
    expect(delta).toEqual({ format: 'yfang-scene-delta', version: 2, base: 'b1', put: [], removed: [model.id] });
  });

  it('keeps edits made while a backup was uploading for the next delta', () => {
    const k = loaded();
    const server = new Map<string, SceneFile>();
    const full = k.files.backupDelta();
    if (full.kind !== 'full') throw new Error('expected full');
    server.set('b1', JSON.parse(full.file.json) as SceneFile);
    k.files.acknowledge('b1');

    moveWall(k, WALL, 100);
    const d2 = expectDelta(k.files.backupDelta());
    const atD2 = documentJson(k.kernel);
    // The user keeps editing before the server answers.
    moveWall(k, HOUSE_IDS.westWall(1, 0, 0), 50);
    server.set('b2', applyBackupDelta(server.get(d2.base)!, d2));
    k.files.acknowledge('b2');
    expect(canonicalJson(server.get('b2'))).toBe(atD2);

    const d3 = expectDelta(k.files.backupDelta());
    expect(d3.base).toBe('b2');
    expect(changedIds(d3)).toEqual([HOUSE_IDS.westWall(1, 0, 0)]);
    expect(canonicalJson(applyBackupDelta(server.get('b2')!, d3))).toBe(documentJson(k.kernel));
  });

  it('keeps the old base when a backup was never acknowledged (failed upload)', () => {
    const k = loaded();
    const full = k.files.backupDelta();
    if (full.kind !== 'full') throw new Error('expected full');
    k.files.acknowledge('b1');
    moveWall(k, WALL, 100);
    k.files.backupDelta();
    moveWall(k, HOUSE_IDS.westWall(1, 0, 0), 50);
    const d = expectDelta(k.files.backupDelta());
    expect(d.base).toBe('b1');
    expect(changedIds(d)).toEqual([HOUSE_IDS.westWall(1, 0, 0), WALL].sort());
    expect(canonicalJson(applyBackupDelta(JSON.parse(full.file.json) as SceneFile, d))).toBe(documentJson(k.kernel));
  });

  it('save() is a payload too: acknowledging its id makes the saved file the base', () => {
    const k = loaded();
    moveWall(k);
    const saved = k.files.save();
    moveWall(k, HOUSE_IDS.westWall(0, 1, 1));
    k.files.acknowledge('save-3');
    const d = expectDelta(k.files.backupDelta());
    expect(d.base).toBe('save-3');
    expect(canonicalJson(applyBackupDelta(JSON.parse(saved.json) as SceneFile, d))).toBe(documentJson(k.kernel));
  });

  it('a delta handed out for a save counts the scene as saved; one for a timed backup does not', () => {
    const k = loaded();
    k.files.acknowledge('v1');
    moveWall(k);
    expect(k.kernel.snapshot().dirty).toBe(true);
    expectDelta(k.files.backupDelta());
    expect(k.kernel.snapshot().dirty).toBe(true);
    k.files.acknowledge('v2');
    moveWall(k, HOUSE_IDS.westWall(0, 1, 1));
    expectDelta(k.files.backupDelta(true));
    expect(k.kernel.snapshot().dirty).toBe(false);
  });

  it('refuses an empty base name', () => {
    const k = loaded();
    expect(() => k.files.acknowledge('')).toThrow(/base: must match/);
    expect(() => k.files.acknowledge(7)).toThrow(/base: must be a string/);
  });

  it('computes a one-wall delta from the tracked changes, not from the whole document', () => {
    const k = loaded({ storeys: 3, rows: 6, cols: 8, records: 5000 });
    k.files.backupDelta();
    k.files.acknowledge('b1');
    moveWall(k);
    const all = vi.spyOn(k.kernel.records, 'all');
    const ofType = vi.spyOn(k.kernel.records, 'ofType');
    const result = k.files.backupDelta();
    expect(all).not.toHaveBeenCalled();
    expect(ofType).not.toHaveBeenCalled();
    const delta = expectDelta(result);
    expect(delta.patch?.map((p) => p.id)).toEqual([WALL]);
    // The whole scene is about 950 kB; the delta is the wall's two moved ends plus the envelope.
    if (result.kind === 'delta') expect(result.json.length).toBeLessThan(250);
  });
});

describe('applyBackupDelta', () => {
  const base: SceneFile = {
    format: 'yfang-scene',
    schema: { wall: 2, light: 1 },
    meta: { name: 'a' },
    records: [
      { id: 'l1', type: 'light', color: '#fff', intensity: 1 },
      { id: 'w1', type: 'wall', thickness: 240, note: 'x' },
    ],
  };
  const v2 = (extra: Partial<BackupDeltaV2>): BackupDeltaV2 => ({ format: 'yfang-scene-delta', version: 2, base: 'b', put: [], removed: [], ...extra });

  it('applies v2 patches (set and unset), keeping the base meta when the delta has none', () => {
    const out = applyBackupDelta(base, v2({ schema: { wall: 2 }, patch: [{ id: 'w1', set: { thickness: 120 }, unset: ['note'] }] }));
    expect(out.meta).toEqual({ name: 'a' });
    expect(out.records).toEqual([base.records[0], { id: 'w1', type: 'wall', thickness: 120 }]);
  });

  it('still applies v1 deltas', () => {
    const v1: BackupDeltaV1 = {
      format: 'yfang-scene-delta',
      version: 1,
      base: 'b',
      schema: { wall: 2 },
      meta: { name: 'b' },
      put: [{ id: 'w2', type: 'wall', thickness: 90 }],
      removed: ['l1'],
    };
    const out = applyBackupDelta(base, v1);
    expect(out.meta).toEqual({ name: 'b' });
    expect(out.records.map((r) => r.id)).toEqual(['w1', 'w2']);
  });

  it('refuses a patch of a record the base lacks, a schema mismatch, an unknown version and a patch of the id', () => {
    expect(() => applyBackupDelta(base, v2({ patch: [{ id: 'w9', set: { thickness: 1 } }] }))).toThrow(/^BASE_MISMATCH: patch of record w9/);
    expect(() => applyBackupDelta(base, v2({ schema: { wall: 3 }, patch: [{ id: 'w1', set: { thickness: 1 } }] }))).toThrow(/^SCHEMA_MISMATCH/);
    expect(() => applyBackupDelta(base, { ...v2({}), version: 3 } as unknown as BackupDeltaV2)).toThrow(/^UNSUPPORTED_DELTA_VERSION/);
    expect(() => applyBackupDelta(base, v2({ patch: [{ id: 'w1', set: { id: 'l1' } }] }))).toThrow(/^NOT_A_DELTA/);
    expect(() => applyBackupDelta(base, { ...v2({}), put: undefined } as unknown as BackupDeltaV2)).toThrow(/^NOT_A_DELTA/);
  });
});

describe('property: base + delta == current, for random edits, backups and acknowledgements', () => {
  it.each(Array.from({ length: 12 }, (_, i) => i + 1))('seed %i', (seed) => {
    const rand = mulberry32(seed * 7919);
    const k = seed % 3 === 0 ? fileKernel() : loaded();
    const server = new Map<string, SceneFile>();
    let pending: { name: string; file: SceneFile } | null = null;
    let acknowledged: string | null = null;
    let deltas = 0;
    let patched = 0;
    for (let i = 0; i < 150; i++) {
      randomStep(k.kernel, rand);
      if (rand.chance(0.25)) {
        const result = k.files.backupDelta();
        const now = documentJson(k.kernel);
        const name = `b${i}`;
        if (result.kind === 'full') {
          expect(result.file.json).toBe(now);
          pending = { name, file: JSON.parse(result.file.json) as SceneFile };
        } else if (result.kind === 'delta') {
          deltas++;
          expect(result.delta.base).toBe(acknowledged);
          const base = server.get(result.delta.base)!;
          const applied = applyBackupDelta(base, result.delta);
          expect(canonicalJson(applied), `seed ${seed} step ${i}`).toBe(now);
          // What an older kernel would have sent for the same change still applies (v1 stays readable).
          const v2 = expectDelta(result);
          expect(canonicalJson(applyBackupDelta(base, asV1(v2, k))), `seed ${seed} step ${i}: v1`).toBe(now);
          patched += v2.patch?.length ?? 0;
          pending = { name, file: applied };
        } else {
          expect(canonicalJson(server.get(acknowledged!)), `seed ${seed} step ${i}: none`).toBe(now);
          pending = null;
        }
      }
      // Sometimes the upload is acknowledged right away, sometimes after more edits, sometimes never.
      if (pending && rand.chance(0.5)) {
        server.set(pending.name, pending.file);
        k.files.acknowledge(pending.name);
        acknowledged = pending.name;
        pending = null;
      }
    }
    expect(deltas).toBeGreaterThan(0);
    expect(patched).toBeGreaterThan(0);
  });
});
