import { describe, expect, it } from 'vitest';
import { INITIAL_RECORDS } from '../../protocol/initial';
import { RECORD_SCOPES, type RecordType, type SceneRecord } from '../../protocol/records';
import { RECORD_KINDS, kindOf } from '../../kernel-worker/kinds/records';
import { TestKernel, withRoom } from './test-kernel';

// The record-facet table against what the kernel does: a kind's declared defaults are what its
// add command gives when not told, and a fresh kernel holds exactly the session kinds' initial
// records. (Scopes agree with protocol/records.ts by type: RecordKind's scope is RECORD_SCOPES[T].)

describe('record kinds', () => {
  it('declare the defaults their add commands give when not told', () => {
    const { tk, wallIds, roomId } = withRoom();
    const made = (id: string): SceneRecord => tk.kernel.records.get(id)!;
    const added: { readonly [T in RecordType]?: SceneRecord } = {
      storey: made(tk.exec('storey.add', {}).id),
      wall: made(tk.exec('wall.add', { start: { x: 10000, y: 0 }, end: { x: 12000, y: 0 } }).id),
      opening: made(tk.exec('opening.add', { wallId: wallIds[0]!, kind: 1, offset: 1500 }).id),
      room: made(tk.exec('room.add', { outline: [{ x: 20000, y: 0 }, { x: 21000, y: 0 }, { x: 21000, y: 1000 }] }).id),
      model: made(tk.exec('model.add', { modelId: 'm', position: { x: 0, y: 0, z: 0 }, size: { x: 1, y: 1, z: 1 } }).id),
      paving: made(tk.exec('paving.add', { surface: { id: roomId, face: 'floor' }, tileCode: 't', tileWidth: 600, tileHeight: 600 }).id),
      light: made(tk.exec('light.add', { position: { x: 0, y: 0, z: 2000 } }).id),
      wallPanel: made(tk.exec('wallPanel.add', { wallId: wallIds[0]!, face: 'left' }).id),
      floorOpening: made(tk.exec('floorOpening.add', { outline: [{ x: 1000, y: 1000 }, { x: 2000, y: 1000 }, { x: 2000, y: 2000 }, { x: 1000, y: 2000 }] }).id),
      cabinet: made(tk.exec('cabinet.add', { cabinetKind: 'base', position: { x: 1000, y: 1000, z: 0 } }).id),
    };
    const withDefaults = (Object.keys(RECORD_KINDS) as RecordType[]).filter((t) => kindOf(t).defaults);
    expect(withDefaults.filter((t) => !added[t]), 'a kind with defaults needs a case here').toEqual([]);
    for (const type of withDefaults) expect(added[type], type).toMatchObject(kindOf(type).defaults!);
  });

  it('start a fresh kernel with the session kinds\' initial records, which are the protocol\'s', () => {
    const tk = new TestKernel();
    const initial = (Object.keys(RECORD_KINDS) as RecordType[]).flatMap((t) => {
      const make = kindOf(t).initial;
      return make && RECORD_SCOPES[t] === 'session' ? [make()] : [];
    });
    expect(tk.kernel.records.all()).toEqual(expect.arrayContaining(initial));
    expect(tk.kernel.records.all()).toHaveLength(initial.length);
    expect(initial).toEqual(expect.arrayContaining([...INITIAL_RECORDS]));
    expect(initial).toHaveLength(INITIAL_RECORDS.length);
  });
});
