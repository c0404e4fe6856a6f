import { describe, expect, it } from 'vitest';
import type { Vec2, Vec3 } from '../../protocol/records';
import { fitFootprint, footprintInside, placeModel, rectangle, WALL_PIECE_CENTRE } from '../../kernel-worker/geometry';
import { expectOneUndoStep, withRoom } from './test-kernel';

// Where a catalogue piece lands when placed by a click on its card (geometry/placement.ts and
// model.add without a position).

const SOFA: Vec3 = { x: 2000, y: 900, z: 800 };
const LAMP: Vec3 = { x: 600, y: 600, z: 300 };
const PICTURE: Vec3 = { x: 800, y: 40, z: 600 };

/** An L: 6000 x 2000 along the bottom and 2000 x 6000 up the left side, counter-clockwise. */
const L_ROOM: Vec2[] = [
  { x: 0, y: 0 },
  { x: 6000, y: 0 },
  { x: 6000, y: 2000 },
  { x: 2000, y: 2000 },
  { x: 2000, y: 6000 },
  { x: 0, y: 6000 },
];

/** The footprint's corners after turning by the placement's rotation. */
function corners(p: { position: Vec3; rotation: number }, size: Vec3): Vec2[] {
  const c = Math.cos(p.rotation);
  const s = Math.sin(p.rotation);
  return rectangle(-size.x / 2, -size.y / 2, size.x / 2, size.y / 2).map((v) => ({ x: p.position.x + v.x * c - v.y * s, y: p.position.y + v.x * s + v.y * c }));
}

describe('placeModel', () => {
  it('puts a floor piece on the floor in the middle of a rectangular room', () => {
    const room = { outline: rectangle(0, 0, 4000, 3000), height: 2800 };
    const p = placeModel(room, SOFA, 'floor', { x: 0, y: 0 }, 2800);
    expect(p).toEqual({ position: { x: 2000, y: 1500, z: 0 }, rotation: 0 });
  });

  it('shifts a footprint that would cross a wall toward the room until it fits', () => {
    const ring = rectangle(0, 0, 4000, 3000);
    const from = { x: 500, y: 1000 };
    expect(footprintInside(ring, from, SOFA.x, SOFA.y)).toBe(false);
    const at = fitFootprint(ring, from, SOFA.x, SOFA.y);
    expect(footprintInside(ring, at, SOFA.x, SOFA.y)).toBe(true);
    // Just clear of the left wall, no farther than the grid step.
    expect(at.x).toBeGreaterThanOrEqual(1000);
    expect(at.x).toBeLessThan(1000 + 100);
    expect(Math.abs(at.y - from.y)).toBeLessThan(100);
  });

  it('keeps a floor piece inside an L-shaped room whose middle lies outside it', () => {
    const room = { outline: L_ROOM, height: 2800 };
    const p = placeModel(room, SOFA, 'floor', { x: 0, y: 0 }, 2800);
    expect(p.position.z).toBe(0);
    expect(footprintInside(L_ROOM, p.position, SOFA.x, SOFA.y)).toBe(true);
    // A footprint over the missing corner is refused.
    expect(footprintInside(L_ROOM, { x: 3000, y: 3000 }, SOFA.x, SOFA.y)).toBe(false);
    expect(footprintInside(L_ROOM, { x: 2000, y: 2000 }, SOFA.x, SOFA.y)).toBe(false);
  });

  it('leaves a piece larger than the room at the inner point rather than nowhere', () => {
    const room = { outline: rectangle(0, 0, 1000, 1000), height: 2800 };
    expect(placeModel(room, SOFA, 'floor', { x: 0, y: 0 }, 2800).position).toEqual({ x: 500, y: 500, z: 0 });
  });

  it('hangs a ceiling lamp with its top at the room height', () => {
    const room = { outline: rectangle(0, 0, 4000, 3000), height: 2700 };
    expect(placeModel(room, LAMP, 'ceiling', { x: 0, y: 0 }, 2800).position).toEqual({ x: 2000, y: 1500, z: 2400 });
  });

  it('puts a wall piece against the nearest wall, facing the room', () => {
    // 4000 wide, 2000 deep: the bottom and top walls are nearest the middle; the bottom comes first.
    const room = { outline: rectangle(0, 0, 4000, 2000), height: 2800 };
    const p = placeModel(room, PICTURE, 'wall', { x: 0, y: 0 }, 2800);
    expect(p.position.z).toBe(WALL_PIECE_CENTRE - PICTURE.z / 2);
    const ys = corners(p, PICTURE).map((v) => v.y);
    // Back 1 mm off the wall at y = 0, front toward the room.
    expect(Math.min(...ys)).toBeCloseTo(1, 6);
    expect(Math.max(...ys)).toBeCloseTo(1 + PICTURE.y, 6);
    // Its front (-y turned by the rotation) points into the room (+y).
    expect(Math.sin(p.rotation)).toBeCloseTo(0, 9);
    expect(-Math.cos(p.rotation)).toBeCloseTo(1, 9);
  });

  it('turns a wall piece on a side wall to face the room, and works for clockwise outlines', () => {
    const room = { outline: rectangle(0, 0, 2000, 4000).reverse(), height: 2800 };
    const p = placeModel(room, PICTURE, 'wall', { x: 0, y: 0 }, 2800);
    const xs = corners(p, PICTURE).map((v) => v.x);
    const wall = Math.min(...xs) < 1000 ? 0 : 2000;
    const gap = wall === 0 ? Math.min(...xs) : 2000 - Math.max(...xs);
    expect(gap).toBeCloseTo(1, 6);
    // Front: (sin r, -cos r) points away from that wall.
    expect(Math.sin(p.rotation) * (wall === 0 ? 1 : -1)).toBeCloseTo(1, 9);
  });

  it('keeps a wall piece under the ceiling in a low room', () => {
    const room = { outline: rectangle(0, 0, 4000, 3000), height: 1600 };
    expect(placeModel(room, PICTURE, 'wall', { x: 0, y: 0 }, 2800).position.z).toBe(1000);
  });

  it('falls back to the given centre with no room', () => {
    expect(placeModel(null, LAMP, 'ceiling', { x: 7, y: 9 }, 2800).position).toEqual({ x: 7, y: 9, z: 2500 });
  });
});

describe('model.add without a position', () => {
  it('places the piece in the given room, keeps its files and mount, in one undo step', () => {
    const { tk, roomId } = withRoom();
    const room = tk.ofType('room')[0]!;
    let id = '';
    expectOneUndoStep(tk, () => {
      id = tk.exec('model.add', {
        modelId: 'lamp-1',
        name: '吸顶灯',
        size: LAMP,
        mount: 'ceiling',
        roomId,
        gltfUrl: '/files/models/lamp-1.glb',
        lowGltfUrl: '/files/models/lamp-1.low.glb',
      }).id;
    });
    const model = tk.get(id, 'model');
    expect(model).toMatchObject({ mount: 'ceiling', gltfUrl: '/files/models/lamp-1.glb', lowGltfUrl: '/files/models/lamp-1.low.glb', rotation: 0 });
    expect(model.position.z).toBe(room.height - LAMP.z);
    expect(footprintInside(room.outline, model.position, LAMP.x, LAMP.y)).toBe(true);
  });

  it('takes the largest room of the current storey when none is named, and a given position as it is', () => {
    const { tk } = withRoom();
    const room = tk.ofType('room')[0]!;
    const { id } = tk.exec('model.add', { modelId: 'sofa', size: SOFA });
    expect(footprintInside(room.outline, tk.get(id, 'model').position, SOFA.x, SOFA.y)).toBe(true);
    const { id: at } = tk.exec('model.add', { modelId: 'sofa', size: SOFA, position: { x: 1, y: 2, z: 3 } });
    expect(tk.get(at, 'model').position).toEqual({ x: 1, y: 2, z: 3 });
  });
});
