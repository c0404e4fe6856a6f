import { describe, expect, it } from 'vitest';
import { RECORD_SCOPES, type RecordType } from '../../protocol/records';
import { RECORD_VALIDATORS, REFERRING_TYPES, referencesOf, validateRecord } from '../../kernel-worker/document/validators';
import { withRoom } from './test-kernel';

// The per-type tables must agree with each other, or a removal would leave dangling references
// (and the store would refuse it at commit) or a new type would go unvalidated.

function sceneWithEveryType() {
  const { tk, wallIds, roomId } = withRoom();
  tk.exec('meta.update', { name: 'x' });
  tk.exec('opening.add', { wallId: wallIds[0]!, kind: 1, offset: 1000, width: 900 });
  tk.exec('model.add', { modelId: 'm', position: { x: 0, y: 0, z: 0 }, size: { x: 1, y: 1, z: 1 } });
  tk.exec('paving.add', { surface: { id: roomId, face: 'floor' }, tileCode: 't', tileWidth: 600, tileHeight: 600 });
  tk.exec('paving.add', { surface: { id: wallIds[1]!, face: 'right' }, tileCode: 't', tileWidth: 600, tileHeight: 600 });
  tk.exec('ceiling.add', { roomId });
  tk.exec('light.add', { position: { x: 0, y: 0, z: 2000 } });
  tk.exec('wallPanel.add', { wallId: wallIds[2]!, face: 'left', style: 'framed' });
  tk.exec('cabinet.add', { cabinetKind: 'wardrobe', wallId: wallIds[3]!, doorType: 'sliding', handleId: 'SLIDE' });
  tk.exec('floorOpening.add', { outline: [{ x: 1000, y: 1000 }, { x: 2000, y: 1000 }, { x: 2000, y: 2000 }, { x: 1000, y: 2000 }], kind: 'void', name: '中庭' });
  tk.exec('selection.set', { ids: [roomId] });
  return tk;
}

describe('record tables', () => {
  it('has a validator and a scope for every type, and the scene has one of each', () => {
    expect(Object.keys(RECORD_VALIDATORS).sort()).toEqual(Object.keys(RECORD_SCOPES).sort());
    const tk = sceneWithEveryType();
    const types = new Set(tk.kernel.records.all().map((r) => r.type));
    expect([...types].sort()).toEqual(Object.keys(RECORD_SCOPES).sort());
    // Every stored record passes its validator again unchanged.
    for (const record of tk.kernel.records.all()) expect(validateRecord(record)).toEqual(record);
  });

  it('lists every referring type in REFERRING_TYPES, so removals find all dependants', () => {
    const tk = sceneWithEveryType();
    for (const record of tk.kernel.records.all()) {
      for (const ref of referencesOf(record)) {
        expect(REFERRING_TYPES[ref.type as RecordType] ?? [], `${record.type} -> ${ref.type}`).toContain(record.type);
      }
    }
  });
});

describe('validateRecord', () => {
  it('names the whole path of a nested failure', () => {
    const { tk, roomId } = withRoom();
    const room = tk.kernel.records.getOfType(roomId, 'room')!;
    const outline = room.outline.map((p, i) => (i === 2 ? { ...p, x: 'a' } : p));
    expect(() => validateRecord({ ...room, outline })).toThrow(`room ${roomId}: outline[2].x: must be a finite number >= -1000000 and <= 1000000, got "a"`);
    expect(() => validateRecord({ ...room, colour: 1 })).toThrow(`room ${roomId}: colour: is not a known field`);
  });

  it('checks the fields a replacement changes and its rules, and keeps the stored ones', () => {
    const { tk, roomId, wallIds } = withRoom();
    const room = tk.kernel.records.getOfType(roomId, 'room')!;
    const renamed = validateRecord({ ...room, name: 'Hall' }, room) as typeof room;
    expect(renamed).toEqual({ ...room, name: 'Hall' });
    expect(renamed.outline).toBe(room.outline);
    expect(Object.isFrozen(renamed)).toBe(true);
    expect(() => validateRecord({ ...room, name: 7 }, room)).toThrow(`room ${roomId}: name: must be a string, got 7`);
    expect(() => validateRecord({ ...room, height: undefined }, room)).toThrow(`room ${roomId}: height: must be`);
    const wall = tk.kernel.records.getOfType(wallIds[0]!, 'wall')!;
    expect(() => validateRecord({ ...wall, end: wall.start }, wall)).toThrow(`wall ${wall.id}: end: must be at least 1 mm away from start`);
  });
});
