import { gunzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { KernelCommandError } from '../../protocol/errors';
import { SCENE_FILE_FORMAT, canonicalJson, type SceneFile } from '../../protocol/scene-file';
import { currentSchema } from '../../kernel-worker/persistence/migrations';
import { generateHouseFile, generateHouseJson, HOUSE_IDS } from '../fixtures/house-scene';
import { mulberry32 } from '../fixtures/prng';
import { documentJson, everything, fileKernel, randomStep, type FileKernel } from './persistence-kit';

const SMALL = { storeys: 2, rows: 2, cols: 3, records: 400 } as const;

function caught(fn: () => unknown): KernelCommandError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(KernelCommandError);
    return e as KernelCommandError;
  }
  throw new Error('expected a KernelCommandError');
}

function loaded(json = generateHouseJson(SMALL)): FileKernel {
  const k = fileKernel();
  k.files.load(json);
  return k;
}

describe('save and load', () => {
  it('writes the documented format: current schema, meta from the meta record, document records sorted by id', () => {
    const { kernel, files } = loaded();
    kernel.exec('view.setMode', { mode: 2 });
    const file = JSON.parse(files.save().json) as SceneFile;
    expect(file.format).toBe(SCENE_FILE_FORMAT);
    expect(file.schema).toEqual(currentSchema());
    expect(file.schema).toMatchObject({ wall: 2, meta: 2, storey: 1, room: 1, opening: 1, model: 1, paving: 1, ceiling: 1, light: 1 });
    expect(Object.keys(file.schema)).not.toContain('view');
    expect(file.meta).toEqual({ name: '生成的别墅' });
    expect(file.records).toHaveLength(SMALL.records);
    const ids = file.records.map((r) => r.id);
    expect(ids).toEqual([...ids].sort());
    expect(file.records.some((r) => r.type === 'view' || r.type === 'selection')).toBe(false);
  });

  it('round-trips exactly: save -> load -> save gives identical JSON and gzip bytes', () => {
    const json = generateHouseJson();
    const first = loaded(json).files.save();
    expect(first.json).toBe(json);
    const again = fileKernel();
    again.files.load(first.gzip);
    const second = again.files.save();
    expect(second.json).toBe(first.json);
    expect(Buffer.from(second.gzip).equals(Buffer.from(first.gzip))).toBe(true);
  });

  it('round-trips random edit sequences exactly', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const rand = mulberry32(seed);
      const { kernel, files } = loaded();
      const initial = documentJson(kernel);
      for (let i = 0; i < 40; i++) randomStep(kernel, rand);
      const saved = files.save();
      expect(saved.json, `seed ${seed} made no change`).not.toBe(initial);
      const other = fileKernel();
      const viaBytes = rand.chance(0.5);
      other.files.load(viaBytes ? saved.gzip : saved.json);
      expect(other.files.save().json, `seed ${seed}`).toBe(saved.json);
      expect(documentJson(other.kernel)).toBe(documentJson(kernel));
    }
  });

  it('reads the same scene from JSON text, UTF-8 bytes and gzip bytes', () => {
    const json = generateHouseJson(SMALL);
    const gz = loaded(json).files.save().gzip;
    const variants = [json, new TextEncoder().encode(json), gz];
    const results = variants.map((v) => {
      const k = fileKernel();
      k.files.load(v);
      return documentJson(k.kernel);
    });
    expect(results[1]).toBe(results[0]);
    expect(results[2]).toBe(results[0]);
    expect(new TextDecoder().decode(gunzipSync(gz))).toBe(json);
  });

  it('writes gzip without a time stamp, so equal scenes give equal bytes', () => {
    const { gzip } = loaded().files.save();
    expect([...gzip.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect([...gzip.subarray(4, 8)]).toEqual([0, 0, 0, 0]);
  });

  it('is never undoable, leaves the scene saved and resets the view', () => {
    const k = fileKernel();
    k.kernel.transact(
      'test',
      (tx) => {
        tx.put({ id: 'old-storey', type: 'storey', index: 0, name: 'old', elevation: 0, layerHeight: 2800 });
      },
      'undoable',
    );
    k.kernel.exec('view.setCamera', { view: 2 });
    k.kernel.transact('test', (tx) => {
      tx.put({ ...tx.getOfType('view', 'view')!, materialMode: true });
      tx.put({ id: 'selection', type: 'selection', ids: ['old-storey'] });
    });
    expect(k.kernel.snapshot()).toMatchObject({ canUndo: true, dirty: true, cameraView: 2, currentStoreyId: 'old-storey' });

    const result = k.files.load(generateHouseJson(SMALL));
    expect(result).toEqual({ records: SMALL.records, migrated: 0 });
    expect(k.kernel.records.get('old-storey')).toBeUndefined();
    const snap = k.kernel.snapshot();
    expect(snap).toMatchObject({ canUndo: false, canRedo: false, dirty: false, cameraView: 0, selection: [], currentStoreyId: HOUSE_IDS.storey(0) });
    expect(k.kernel.records.getOfType('view', 'view')!.materialMode).toBe(false);
    expect(k.kernel.undo()).toBe(false);
    expect(k.kernel.records.ofType('storey')).toHaveLength(SMALL.storeys);
  });

  it('still resets the history when the file equals the open scene', () => {
    const k = loaded();
    const json = k.files.save().json;
    k.kernel.transact('test', (tx) => tx.put({ ...tx.getOfType(HOUSE_IDS.storey(0), 'storey')!, name: 'x' }), 'undoable');
    k.kernel.transact('test', (tx) => tx.put({ ...tx.getOfType(HOUSE_IDS.storey(0), 'storey')!, name: '1F' }), 'undoable');
    expect(k.kernel.snapshot().canUndo).toBe(true);
    k.files.load(json);
    expect(k.kernel.snapshot()).toMatchObject({ canUndo: false, dirty: false });
  });

  it('save() marks the scene saved; the next document change makes it dirty again', () => {
    const { kernel, files } = loaded();
    kernel.transact('test', (tx) => tx.put({ ...tx.getOfType(HOUSE_IDS.storey(1), 'storey')!, name: '二层' }), 'undoable');
    expect(kernel.snapshot().dirty).toBe(true);
    files.save();
    expect(kernel.snapshot().dirty).toBe(false);
    kernel.exec('view.setMode', { mode: 1 });
    expect(kernel.snapshot().dirty).toBe(false);
    kernel.undo();
    expect(kernel.snapshot().dirty).toBe(true);
  });
});

describe('load refuses what it cannot read and leaves the open scene untouched', () => {
  const base = generateHouseFile(SMALL);
  const json = canonicalJson(base);
  const withRecords = (edit: (records: Record<string, unknown>[]) => void, schema?: Record<string, number>) => {
    const records = base.records.map((r) => ({ ...r }) as Record<string, unknown>);
    edit(records);
    return JSON.stringify({ ...base, schema: schema ?? base.schema, records });
  };
  const firstOf = (records: Record<string, unknown>[], type: string) => records.find((r) => r.type === type)!;
  const gzip = loaded(json).files.save().gzip;

  const cases: readonly [string, () => string | Uint8Array | number, string, RegExp][] = [
    ['an unknown format', () => JSON.stringify({ ...base, format: 'other-cad' }), 'UNSUPPORTED_VERSION', /unknown file format "other-cad"/],
    ['a newer record version', () => JSON.stringify({ ...base, schema: { ...base.schema, wall: 99 } }), 'UNSUPPORTED_VERSION', /wall records are version 99; this kernel reads up to version 2/],
    ['an unknown record type', () => JSON.stringify({ ...base, schema: { ...base.schema, hologram: 1 } }), 'UNSUPPORTED_VERSION', /record type "hologram" \(version 1\) is unknown/],
    ['a file without a format', () => JSON.stringify({ records: [] }), 'BAD_FILE', /not a scene file/],
    ['JSON that is not an object', () => '[1,2]', 'BAD_FILE', /expected a JSON object/],
    ['a bad schema version', () => JSON.stringify({ ...base, schema: { ...base.schema, wall: 0 } }), 'BAD_FILE', /schema\.wall: must be a version number >= 1/],
    ['truncated JSON', () => json.slice(0, Math.floor(json.length / 2)), 'BAD_FILE', /not valid JSON/],
    ['truncated gzip', () => gzip.slice(0, gzip.length - 20), 'BAD_FILE', /gzip data/],
    [
      'gzip with a flipped byte',
      () => {
        const bad = gzip.slice();
        bad[Math.floor(bad.length / 2)]! ^= 0xff;
        return bad;
      },
      'BAD_FILE',
      /gzip data is damaged/,
    ],
    ['bytes that are not UTF-8', () => new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), 'BAD_FILE', /neither gzip nor UTF-8/],
    [
      'an invalid record',
      () => withRecords((rs) => void (firstOf(rs, 'wall').thickness = -5)),
      'BAD_FILE',
      /^wall s0\.wall-h-0-0: thickness: must be a finite number > 0/,
    ],
    ['a record with an unknown field', () => withRecords((rs) => void (firstOf(rs, 'model').colour = 'red')), 'BAD_FILE', /colour: is not a known field/],
    [
      'a duplicate id',
      () => withRecords((rs) => rs.push({ ...firstOf(rs, 'light') })),
      'BAD_FILE',
      /duplicate record id "s0\.room-0-0\.light-0"/,
    ],
    [
      'a dangling reference',
      () => withRecords((rs) => void (firstOf(rs, 'opening').wallId = 'no-such-wall')),
      'BAD_FILE',
      /wallId: no wall with id "no-such-wall"/,
    ],
    [
      'a session record',
      () => withRecords((rs) => rs.push({ id: 'v2', type: 'view', viewMode: 0, cameraView: 0, currentStoreyId: null, materialMode: false })),
      'BAD_FILE',
      /view records are never saved in files/,
    ],
    ['a record type missing from the schema', () => withRecords(() => {}, { ...base.schema, light: undefined as never }), 'BAD_FILE', /"light" is not listed in the file's schema/],
    [
      'a record a migration cannot read',
      () => withRecords((rs) => void (firstOf(rs, 'wall').loadBearing = 'yes'), { ...base.schema, wall: 1 }),
      'BAD_FILE',
      /migration v1 -> v2 \(boolean loadBearing becomes wallType\): loadBearing must be true or false/,
    ],
    ['a record id taken by a session record', () => withRecords((rs) => void rs.push({ ...firstOf(rs, 'model'), id: 'view' })), 'BAD_FILE', /id is taken by a session record/],
    ['something that is no file at all', () => 42, 'INVALID_ARGS', /must be a JSON string or the bytes/],
  ];

  it.each(cases)('%s', (_name, file, code, detail) => {
    const k = loaded(json);
    k.kernel.transact('test', (tx) => tx.put({ ...tx.getOfType(HOUSE_IDS.storey(0), 'storey')!, name: 'edited' }), 'undoable');
    k.kernel.exec('view.setCamera', { view: 3 });
    const before = { records: everything(k.kernel), snapshot: k.kernel.snapshot(), history: k.kernel.historyState() };
    const error = caught(() => k.files.load(file() as string));
    expect(error.code).toBe(code);
    expect(error.command).toBe('load');
    expect(error.detail).toMatch(detail);
    expect(everything(k.kernel)).toBe(before.records);
    expect(k.kernel.snapshot()).toEqual(before.snapshot);
    expect(k.kernel.historyState()).toEqual(before.history);
    // Still usable: the edit before the refused load can be undone.
    expect(k.kernel.undo()).toBe(true);
    expect(k.kernel.records.getOfType(HOUSE_IDS.storey(0), 'storey')!.name).toBe('1F');
  });
});

describe('saved-file data (core.md §3)', () => {
  it('lists the rooms, totals their area and carries the scene JSON', () => {
    const { kernel, files } = loaded();
    kernel.transact('test', (tx) => tx.put({ ...tx.getOfType('meta', 'meta')!, isUseStackWall: 1 }), 'undoable');
    const saved = files.save();
    const data = files.savedFileData('3f0c9a2e-uuid');
    expect(data.sceneCode).toBe('3f0c9a2e-uuid');
    expect(data.sceneJson).toBe(saved.json);
    expect(data.imageData).toBe('');
    expect(data.imageList).toEqual([]);
    expect(data.isUseStackWall).toBe(1);
    const rooms = SMALL.storeys * SMALL.rows * SMALL.cols;
    expect(data.roomInfoList).toHaveLength(rooms);
    // Every generated room is 4200 x 3600 on centre lines, 3960 x 3360 inside: 13.31 m².
    expect(data.roomInfoList[0]).toEqual({ type: 'room', roomType: 1, area: 13.31, groundArea: 13.31, name: '客餐厅' });
    expect(data.area).toBe(Math.round(rooms * 1331) / 100);
    expect(kernel.snapshot().dirty).toBe(false);
  });

  it('is empty for an empty scene', () => {
    const { files } = fileKernel();
    const data = files.savedFileData();
    expect(data).toMatchObject({ sceneCode: '', area: 0, isUseStackWall: 0, roomInfoList: [] });
    expect(JSON.parse(data.sceneJson)).toEqual({ format: SCENE_FILE_FORMAT, schema: currentSchema(), meta: {}, records: [] });
  });
});
