import { describe, expect, it } from 'vitest';
import type { AppliedMaterial } from '../../../protocol/records';
import { expectOneUndoStep, expectRefused, withRoom } from '../test-kernel';

// material.apply: a library material embedded on a wall face, a room's floor or ceiling, or a
// model part; null takes it off; each change one undo step; bad input refused and nothing changed.

const OAK: AppliedMaterial = {
  id: 18,
  materialId: 'mat-wood-oak',
  name: '橡木',
  color: '#c9a478',
  roughness: 0.6,
  metalness: 0,
  map: '/files/catalogue/materials/v1/mat-wood-oak.map.png',
  normalMap: '/files/catalogue/materials/v1/mat-wood-oak.normal.png',
  tileSize: 800,
};
const SAGE: AppliedMaterial = { id: 54, materialId: 'mat-paint-sage', name: '鼠尾草绿', color: '#a7b29b', roughness: 0.9, metalness: 0, tileSize: 1000 };
const sofa = { modelId: 'yf-sofa', position: { x: 2000, y: 1500, z: 0 }, size: { x: 2100, y: 900, z: 850 }, gltfUrl: '/files/catalogue/models/v1/yf-sofa.glb' };

describe('material.apply', () => {
  it('puts a material on each wall face and room surface and takes it off again, one undo step each', () => {
    const { tk, wallIds, roomId } = withRoom();
    const wallId = wallIds[0]!;
    expectOneUndoStep(tk, () => tk.exec('material.apply', { target: { kind: 'wall', id: wallId, face: 'left' }, material: SAGE }));
    expect(tk.get(wallId, 'wall').materials).toEqual({ left: SAGE });
    tk.exec('material.apply', { target: { kind: 'wall', id: wallId, face: 'right' }, material: OAK });
    expect(tk.get(wallId, 'wall').materials).toEqual({ left: SAGE, right: OAK });
    expectOneUndoStep(tk, () => tk.exec('material.apply', { target: { kind: 'room', id: roomId, face: 'floor' }, material: OAK }));
    tk.exec('material.apply', { target: { kind: 'room', id: roomId, face: 'ceiling' }, material: SAGE });
    expect(tk.get(roomId, 'room').materials).toEqual({ floor: OAK, ceiling: SAGE });

    tk.exec('material.apply', { target: { kind: 'wall', id: wallId, face: 'left' }, material: null });
    expect(tk.get(wallId, 'wall').materials).toEqual({ right: OAK });
    tk.exec('material.apply', { target: { kind: 'wall', id: wallId, face: 'right' }, material: null });
    // nothing left: the field goes, so the record is as it was before any material
    expect('materials' in tk.get(wallId, 'wall')).toBe(false);
  });

  it('dresses a model part by its name, keeping the other parts, and undoes to the model as it was', () => {
    const { tk } = withRoom();
    const { id } = tk.exec('model.add', sofa);
    const before = tk.get(id, 'model');
    expectOneUndoStep(tk, () => tk.exec('material.apply', { target: { kind: 'model', id, part: 'fabric_linen' }, material: SAGE }));
    tk.exec('material.apply', { target: { kind: 'model', id, part: 'wood_oak' }, material: OAK });
    expect(tk.get(id, 'model').materials).toEqual({ fabric_linen: SAGE, wood_oak: OAK });
    tk.undo();
    tk.undo();
    expect(tk.get(id, 'model')).toEqual(before);
  });

  it('refuses bad targets and materials, changing nothing', () => {
    const { tk, wallIds, roomId } = withRoom();
    const { id } = tk.exec('model.add', sofa);
    const wallId = wallIds[0]!;
    expect(expectRefused(tk, 'material.apply', { target: { kind: 'wall', id: roomId, face: 'left' }, material: SAGE }).detail).toBe(`no wall with id "${roomId}"`);
    expect(expectRefused(tk, 'material.apply', { target: { kind: 'wall', id: wallId, face: 'floor' } as never, material: SAGE }).detail).toMatch(/^target\.face: must be one of "left", "right"/);
    expect(expectRefused(tk, 'material.apply', { target: { kind: 'door', id: wallId } as never, material: SAGE }).detail).toMatch(/^target\.kind: must be one of/);
    expect(expectRefused(tk, 'material.apply', { target: { kind: 'model', id, part: 'a"b' }, material: SAGE }).detail).toMatch(/^target\.part: must match/);
    expect(expectRefused(tk, 'material.apply', { target: { kind: 'room', id: roomId, face: 'floor' }, material: { ...SAGE, color: 'green' } }).detail).toMatch(/^material\.color: must match/);
    expect(expectRefused(tk, 'material.apply', { target: { kind: 'room', id: roomId, face: 'floor' }, material: { ...SAGE, roughness: 2 } }).detail).toMatch(/^material\.roughness/);
    expect(expectRefused(tk, 'material.apply', { target: { kind: 'room', id: roomId, face: 'floor' }, material: { ...SAGE, map: 'javascript:x' } }).detail).toMatch(/^material\.map/);
    expect(expectRefused(tk, 'material.apply', { target: { kind: 'room', id: roomId, face: 'floor' }, material: { ...SAGE, tileSize: 0 } }).detail).toMatch(/^material\.tileSize/);
    expect('materials' in tk.get(roomId, 'room')).toBe(false);
    expect('materials' in tk.get(id, 'model')).toBe(false);
  });

  it('a record carrying materials passes validation through update, and a bad one does not', () => {
    const { tk, roomId } = withRoom();
    tk.exec('room.update', { id: roomId, materials: { floor: OAK } });
    expect(tk.get(roomId, 'room').materials).toEqual({ floor: OAK });
    expect(expectRefused(tk, 'room.update', { id: roomId, materials: { wall: OAK } as never }).detail).toMatch(/materials/);
  });
});
