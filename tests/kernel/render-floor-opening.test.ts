import { afterEach, describe, expect, it } from 'vitest';
import type { Mesh } from 'three';
import type { Vec2 } from '../../protocol/records';
import { diffAddingAll } from '../../kernel-worker/document/diff';
import { createSceneGraph, meshesOf, type SceneGraph } from '../../kernel-worker/render/scene-graph';
import { TestKernel } from './test-kernel';

// Floor openings in 3D: a hole in the floors of their storey and in the ceilings of the storey
// right below, measured on the meshes themselves (area of their triangles, which points they cover).

let kernels: TestKernel[] = [];
afterEach(() => {
  kernels.forEach((k) => k.dispose());
  kernels = [];
});

const rect = (x0: number, y0: number, x1: number, y1: number): Vec2[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

/** Two storeys, each with a room 5000 x 4000 inside (walls 240 thick on 0..5240 x 0..4240). */
function twoStoreys() {
  const k = new TestKernel();
  kernels.push(k);
  const c = rect(0, 0, 5240, 4240);
  const walls = c.map((start, i) => ({ start, end: c[(i + 1) % 4]!, thickness: 240 }));
  const lower = k.exec('storey.add', {}).id;
  const upper = k.exec('storey.add', {}).id;
  expect(k.get(upper, 'storey').elevation).toBeGreaterThan(k.get(lower, 'storey').elevation);
  const lowerRoom = k.exec('plan.build', { storeyId: lower, walls }).roomIds[0]!;
  const upperRoom = k.exec('plan.build', { storeyId: upper, walls }).roomIds[0]!;
  const graph = createSceneGraph();
  k.kernel.onCommit((d) => graph.sync(d, k.kernel.records));
  graph.sync(diffAddingAll(k.kernel.records.all()), k.kernel.records);
  return { k, graph, lower, upper, lowerRoom, upperRoom };
}

/** The triangles of a horizontal mesh in plan mm. */
function planTriangles(mesh: Mesh): Vec2[][] {
  const p = mesh.geometry.getAttribute('position');
  const out: Vec2[][] = [];
  for (let i = 0; i + 2 < p.count; i += 3) out.push([0, 1, 2].map((j) => ({ x: p.getX(i + j) * 1000, y: -p.getZ(i + j) * 1000 })));
  return out;
}

const triArea = (t: Vec2[]) => Math.abs((t[1]!.x - t[0]!.x) * (t[2]!.y - t[0]!.y) - (t[2]!.x - t[0]!.x) * (t[1]!.y - t[0]!.y)) / 2;
/** m², two decimals */
const meshArea = (mesh: Mesh) => Math.round(planTriangles(mesh).reduce((s, t) => s + triArea(t), 0) / 10_000) / 100;

function covers(mesh: Mesh, q: Vec2): boolean {
  return planTriangles(mesh).some((t) => {
    const s = (a: Vec2, b: Vec2) => (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x);
    const d = [s(t[0]!, t[1]!), s(t[1]!, t[2]!), s(t[2]!, t[0]!)];
    return d.every((v) => v >= 0) || d.every((v) => v <= 0);
  });
}

function floorAndCeiling(graph: SceneGraph, roomId: string): { floor: Mesh; ceiling: Mesh } {
  const [floor, ceiling] = meshesOf(graph.objectFor(roomId)!);
  return { floor: floor!, ceiling: ceiling! };
}

describe('floor openings in 3D', () => {
  it('an opening upstairs cuts the upper floor and the ceiling below it, and nothing else', () => {
    const { k, graph, upper, lowerRoom, upperRoom } = twoStoreys();
    expect(meshArea(floorAndCeiling(graph, lowerRoom).ceiling)).toBe(20);
    const { id } = k.exec('floorOpening.add', { storeyId: upper, outline: rect(1000, 1000, 2000, 3000), kind: 'stair' });
    expect(graph.lastSync.rebuilt).toEqual(new Set([id, lowerRoom, upperRoom]));
    const below = floorAndCeiling(graph, lowerRoom);
    const above = floorAndCeiling(graph, upperRoom);
    // 20 m² less the 1 x 2 m hole.
    expect(meshArea(below.ceiling)).toBe(18);
    expect(meshArea(above.floor)).toBe(18);
    // The lower floor and the upper ceiling (nothing above it) are whole.
    expect(meshArea(below.floor)).toBe(20);
    expect(meshArea(above.ceiling)).toBe(20);
    // You see down through it: its middle is covered by neither, the floor beside it by both.
    expect(covers(below.ceiling, { x: 1500, y: 2000 })).toBe(false);
    expect(covers(above.floor, { x: 1500, y: 2000 })).toBe(false);
    expect(covers(below.ceiling, { x: 2500, y: 2000 })).toBe(true);
    expect(covers(above.floor, { x: 500, y: 2000 })).toBe(true);
    // The hole's edge is drawn.
    expect(meshesOf(graph.objectFor(id)!)).toHaveLength(1);

    // Moved half out through the east wall: only the inside half is cut (0.5 x 2 m).
    k.exec('floorOpening.update', { id, outline: rect(4620, 1000, 5620, 3000) });
    expect(meshArea(floorAndCeiling(graph, lowerRoom).ceiling)).toBe(19);
    expect(meshArea(floorAndCeiling(graph, upperRoom).floor)).toBe(19);
    // An L-shaped void.
    k.exec('floorOpening.update', { id, outline: [{ x: 1000, y: 1000 }, { x: 3000, y: 1000 }, { x: 3000, y: 2000 }, { x: 2000, y: 2000 }, { x: 2000, y: 3000 }, { x: 1000, y: 3000 }] });
    expect(meshArea(floorAndCeiling(graph, lowerRoom).ceiling)).toBe(17);
    expect(covers(floorAndCeiling(graph, lowerRoom).ceiling, { x: 2500, y: 2500 })).toBe(true);
    expect(covers(floorAndCeiling(graph, lowerRoom).ceiling, { x: 2500, y: 1500 })).toBe(false);

    k.exec('floorOpening.remove', { id });
    expect(graph.objectFor(id)).toBeUndefined();
    expect(meshArea(floorAndCeiling(graph, lowerRoom).ceiling)).toBe(20);
    expect(meshArea(floorAndCeiling(graph, upperRoom).floor)).toBe(20);
  });

  it('the ceiling below closes again when the storey above goes, openings and all', () => {
    const { k, graph, upper, lowerRoom } = twoStoreys();
    k.exec('floorOpening.add', { storeyId: upper, outline: rect(1000, 1000, 2000, 3000), kind: 'stair' });
    expect(meshArea(floorAndCeiling(graph, lowerRoom).ceiling)).toBe(18);
    k.exec('storey.remove', { id: upper });
    expect(meshArea(floorAndCeiling(graph, lowerRoom).ceiling)).toBe(20);
    k.undo();
    expect(meshArea(floorAndCeiling(graph, lowerRoom).ceiling)).toBe(18);
  });

  it('cuts a suspended ceiling below too; an opening on the lower storey cuts no ceiling', () => {
    const { k, graph, lower, upper, lowerRoom } = twoStoreys();
    const { id: ceilingId } = k.exec('ceiling.add', { roomId: lowerRoom, elevation: 2600 });
    k.exec('floorOpening.add', { storeyId: upper, outline: rect(1000, 1000, 2000, 3000), kind: 'void' });
    expect(meshArea(meshesOf(graph.objectFor(ceilingId)!)[0]!)).toBe(18);
    k.exec('floorOpening.add', { storeyId: lower, outline: rect(3000, 1000, 4000, 2000), kind: 'void' });
    expect(meshArea(meshesOf(graph.objectFor(ceilingId)!)[0]!)).toBe(18);
    expect(meshArea(meshesOf(graph.objectFor(lowerRoom)!)[0]!)).toBe(19);
  });
});
