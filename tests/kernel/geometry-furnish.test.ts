import { describe, expect, it } from 'vitest';
import type { Vec2, Vec3 } from '../../protocol/records';
import { dropPlacement, FLUSH_GAP, footprintCorners, pieceUnder, rectangle, snapFootprint, surfaceHeight, type DropScene, type SnapPiece, type SnapWallBody } from '../../kernel-worker/geometry';

// Snapping of dropped and dragged furniture (geometry/furnish.ts): flush to wall faces, out of wall
// bodies, lined up with neighbours' edges, surface pieces on top of what is under them.

const SOFA: Vec3 = { x: 2000, y: 900, z: 800 };
const TABLE: Vec3 = { x: 1200, y: 600, z: 750 };
const LAMP: Vec3 = { x: 300, y: 300, z: 450 };
const PICTURE: Vec3 = { x: 800, y: 40, z: 600 };

/** A 4000 x 3000 room (inner faces) with 200 mm walls on their centre lines 100 mm outside it. */
const INNER = rectangle(0, 0, 4000, 3000);
const WALLS: SnapWallBody[] = [
  { start: { x: -100, y: -100 }, end: { x: 4100, y: -100 }, thickness: 200 },
  { start: { x: 4100, y: -100 }, end: { x: 4100, y: 3100 }, thickness: 200 },
  { start: { x: 4100, y: 3100 }, end: { x: -100, y: 3100 }, thickness: 200 },
  { start: { x: -100, y: 3100 }, end: { x: -100, y: -100 }, thickness: 200 },
];
const OPTIONS = { wallSnap: 150, edgeSnap: 80 };
const scene = (pieces: SnapPiece[] = []): DropScene => ({ rooms: [{ id: 'r', outline: INNER, height: 2800 }], walls: WALLS, pieces });

/** The footprint's bounds. */
function bounds(center: Vec2, rotation: number, size: Vec3) {
  const c = footprintCorners(center, rotation, size);
  return { minX: Math.min(...c.map((p) => p.x)), maxX: Math.max(...c.map((p) => p.x)), minY: Math.min(...c.map((p) => p.y)), maxY: Math.max(...c.map((p) => p.y)) };
}

const closeTo = (a: number, b: number) => expect(a).toBeCloseTo(b, 3);

describe('snapFootprint', () => {
  it('leaves a piece in the open where it is', () => {
    const s = snapFootprint({ center: { x: 2000, y: 1500 }, rotation: 0, size: SOFA }, WALLS, [], OPTIONS);
    expect(s).toEqual({ center: { x: 2000, y: 1500 }, rotation: 0 });
  });

  it('pulls a piece near a wall face flush against it', () => {
    // Bottom face at y = 0: the sofa's back edge 100 mm above it.
    const s = snapFootprint({ center: { x: 2000, y: 550 }, rotation: 0, size: SOFA }, WALLS, [], OPTIONS);
    closeTo(bounds(s.center, s.rotation, SOFA).minY, FLUSH_GAP);
    closeTo(s.center.x, 2000);
  });

  it('does not pull a piece farther than the snap distance', () => {
    const s = snapFootprint({ center: { x: 2000, y: 800 }, rotation: 0, size: SOFA }, WALLS, [], OPTIONS);
    expect(s.center).toEqual({ x: 2000, y: 800 });
  });

  it('pushes a piece out of a wall body it was dragged into, even from deep inside', () => {
    const s = snapFootprint({ center: { x: 3900, y: 1500 }, rotation: 0, size: SOFA }, WALLS, [], { wallSnap: 0, edgeSnap: 0 });
    const b = bounds(s.center, s.rotation, SOFA);
    closeTo(b.maxX, 4000 - FLUSH_GAP);
  });

  it('settles a piece pushed into a corner against both walls', () => {
    const s = snapFootprint({ center: { x: 300, y: 200 }, rotation: 0, size: SOFA }, WALLS, [], OPTIONS);
    const b = bounds(s.center, s.rotation, SOFA);
    closeTo(b.minX, FLUSH_GAP);
    closeTo(b.minY, FLUSH_GAP);
  });

  it('turns a dropped piece back to the nearest wall face (faceWall)', () => {
    // Near the right face (x = 4000): the front, -y at rotation 0, must face -x, into the room.
    const s = snapFootprint({ center: { x: 3500, y: 1500 }, rotation: 0, size: SOFA }, WALLS, [], { ...OPTIONS, faceWall: true });
    closeTo(s.rotation, -Math.PI / 2);
    const front = { x: Math.sin(s.rotation), y: -Math.cos(s.rotation) };
    closeTo(front.x, -1);
    const b = bounds(s.center, s.rotation, SOFA);
    closeTo(b.maxX, 4000 - FLUSH_GAP);
    expect(b.maxY - b.minY).toBeCloseTo(SOFA.x, 3);
  });

  it('lines a piece up with a neighbour: side by side and aligned', () => {
    const table: SnapPiece = { position: { x: 1000, y: 1500, z: 0 }, rotation: 0, size: TABLE };
    // 50 mm right of the table's right edge and 30 mm above its bottom edge.
    const s = snapFootprint({ center: { x: 1600 + 50 + 300, y: 1200 + 30 + 300 }, rotation: 0, size: { x: 600, y: 600, z: 800 } }, [], [table], OPTIONS);
    const b = bounds(s.center, 0, { x: 600, y: 600, z: 0 });
    closeTo(b.minX, 1600);
    closeTo(b.minY, 1200);
  });

  it('ignores pieces far away', () => {
    const far: SnapPiece = { position: { x: 3000, y: 2500, z: 0 }, rotation: 0, size: TABLE };
    const s = snapFootprint({ center: { x: 1000, y: 1000 }, rotation: 0, size: TABLE }, [], [far], OPTIONS);
    expect(s.center).toEqual({ x: 1000, y: 1000 });
  });

  it('lets the walls win over a neighbour that would pull the piece into one', () => {
    // A neighbour sticking 60 mm into the wall (a bad old file) must not drag the new piece in too.
    const bad: SnapPiece = { position: { x: 2000, y: 240, z: 0 }, rotation: 0, size: { x: 600, y: 600, z: 800 } };
    const s = snapFootprint({ center: { x: 2600, y: 301 }, rotation: 0, size: { x: 600, y: 600, z: 800 } }, WALLS, [bad], OPTIONS);
    expect(bounds(s.center, 0, { x: 600, y: 600, z: 0 }).minY).toBeGreaterThanOrEqual(0);
  });
});

describe('pieceUnder and surfaceHeight', () => {
  const low: SnapPiece = { position: { x: 1000, y: 1000, z: 0 }, rotation: 0, size: { x: 2000, y: 2000, z: 400 } };
  const table: SnapPiece = { position: { x: 1000, y: 1000, z: 0 }, rotation: Math.PI / 4, size: TABLE };

  it('finds the highest top under a point, turned footprints included', () => {
    expect(pieceUnder([low, table], { x: 1000, y: 1000 })).toBe(table);
    // Along the turned table's diagonal, outside its unturned bounds.
    expect(pieceUnder([table], { x: 1000 + 400, y: 1000 + 400 })).toBe(table);
    expect(pieceUnder([table], { x: 1000 + 500, y: 1000 - 500 })).toBeNull();
    expect(surfaceHeight([low, table], { x: 1000, y: 1000 })).toBe(750);
    expect(surfaceHeight([low, table], { x: 150, y: 150 })).toBe(400);
    expect(surfaceHeight([low, table], { x: 3000, y: 3000 })).toBe(0);
  });
});

describe('dropPlacement', () => {
  it('puts a floor piece on the floor under the pointer', () => {
    const p = dropPlacement(scene(), { at: { x: 2000, y: 1500 }, height: null }, SOFA, 'floor', OPTIONS);
    expect(p).toEqual({ roomId: 'r', position: { x: 2000, y: 1500, z: 0 }, rotation: 0 });
  });

  it('refuses a point outside every room', () => {
    expect(dropPlacement(scene(), { at: { x: 6000, y: 1500 }, height: null }, SOFA, 'floor', OPTIONS)).toBeNull();
    expect(dropPlacement(scene(), { at: { x: 9000, y: 1500 }, height: 1200 }, PICTURE, 'wall', OPTIONS)).toBeNull();
  });

  it('stands a lamp on the table under the pointer, and on the floor elsewhere', () => {
    const table: SnapPiece = { position: { x: 1500, y: 1500, z: 0 }, rotation: 0, size: TABLE };
    const on = dropPlacement(scene([table]), { at: { x: 1600, y: 1450 }, height: null }, LAMP, 'surface', OPTIONS);
    expect(on?.position).toEqual({ x: 1600, y: 1450, z: 750 });
    const off = dropPlacement(scene([table]), { at: { x: 3000, y: 1500 }, height: null }, LAMP, 'surface', OPTIONS);
    expect(off?.position.z).toBe(0);
  });

  it('hangs a wall piece on the face nearest the pointer, back to it, at the pointer height', () => {
    // Pointing at the top face (y = 3000) from inside the room, 1700 mm up.
    const p = dropPlacement(scene(), { at: { x: 1000, y: 3000 }, height: 1700 }, PICTURE, 'wall', OPTIONS)!;
    expect(p.position.y).toBeCloseTo(3000 - PICTURE.y / 2 - 1, 3);
    expect(p.position.x).toBeCloseTo(1000, 3);
    expect(p.position.z).toBe(1700 - PICTURE.z / 2);
    // Front (-y at 0) turned to face -y: into the room from the top wall.
    expect(-Math.cos(p.rotation)).toBeCloseTo(-1, 6);
  });

  it('hangs a ceiling lamp under the ceiling at the pointer', () => {
    const p = dropPlacement(scene(), { at: { x: 2000, y: 1000 }, height: null }, LAMP, 'ceiling', OPTIONS)!;
    expect(p.position).toEqual({ x: 2000, y: 1000, z: 2800 - LAMP.z });
  });

  it('drops a floor piece next to a wall flush with its back to it', () => {
    const p = dropPlacement(scene(), { at: { x: 2000, y: 2700 }, height: null }, SOFA, 'floor', OPTIONS)!;
    const b = bounds(p.position, p.rotation, SOFA);
    closeTo(b.maxY, 3000 - FLUSH_GAP);
    // Front toward -y, into the room from the top wall.
    expect(-Math.cos(p.rotation)).toBeCloseTo(-1, 6);
    // By the bottom wall the front turns to +y.
    const q = dropPlacement(scene(), { at: { x: 2000, y: 300 }, height: null }, SOFA, 'floor', OPTIONS)!;
    expect(-Math.cos(q.rotation)).toBeCloseTo(1, 6);
    closeTo(bounds(q.position, q.rotation, SOFA).minY, FLUSH_GAP);
  });
});
