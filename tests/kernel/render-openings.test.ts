import { describe, expect, it } from 'vitest';
import { BufferGeometry, LineSegments, Mesh, MeshStandardMaterial, Raycaster, Vector3, type Object3D } from 'three';
import type { OpeningRecord } from '../../protocol/records';
import { diffAddingAll } from '../../kernel-worker/document/diff';
import { createStore } from '../../kernel-worker/document/store';
import { createSceneGraph } from '../../kernel-worker/render/scene-graph';
import { TestKernel } from './test-kernel';

// Walls with real holes in 3D (wall-mesh.ts through scene-graph.ts), the openings' frames, glass
// and leaves, and which objects an opening change rebuilds.

function roomWith(openings: { kind: OpeningRecord['kind']; offset: number; side?: string }[] = []) {
  const k = new TestKernel();
  k.exec('scene.createDefaultRoom', {});
  const wall = (side: string) => k.ofType('wall').find((w) => w.id.endsWith(`default-wall-${side}`))!;
  const ids = openings.map((o) => k.exec('opening.add', { wallId: wall(o.side ?? 'south').id, kind: o.kind, offset: o.offset }).id);
  const graph = createSceneGraph();
  graph.sync(diffAddingAll(k.kernel.records.all()), k.kernel.records);
  return { k, graph, wall, ids };
}

function surfaceOf(object: Object3D): Mesh {
  const meshes = object.children.filter((c): c is Mesh => c instanceof Mesh && !(c instanceof LineSegments));
  expect(meshes).toHaveLength(1);
  return meshes[0]!;
}

/** Triangles of a non-indexed geometry, in world metres. */
function triangles(geometry: BufferGeometry): Vector3[][] {
  const pos = geometry.getAttribute('position');
  const out: Vector3[][] = [];
  for (let i = 0; i < pos.count; i += 3) out.push([0, 1, 2].map((j) => new Vector3(pos.getX(i + j), pos.getY(i + j), pos.getZ(i + j))));
  return out;
}

/** Enclosed volume (m³) by the divergence theorem: exact only for a closed, outward-facing surface. */
function volume(geometry: BufferGeometry): number {
  let v = 0;
  for (const [a, b, c] of triangles(geometry)) v += a!.dot(new Vector3().crossVectors(b!, c!)) / 6;
  return v;
}

/** Does a horizontal ray across the south wall (plan x mm, height mm) hit the object? */
function hitsAcross(object: Object3D, xMm: number, heightMm: number): boolean {
  object.updateMatrixWorld(true);
  const ray = new Raycaster(new Vector3(xMm / 1000, heightMm / 1000, 1), new Vector3(0, 0, -1));
  return ray.intersectObject(object, true).some((hit) => hit.object instanceof Mesh && !(hit.object instanceof LineSegments));
}

describe('walls with openings in 3D', () => {
  it('cut a door-sized hole through the wall: no wall inside the door, wall above it, a closed solid', () => {
    const { graph, wall, ids } = roomWith([{ kind: 1, offset: 3000 }]);
    const south = graph.objectFor(wall('south').id)!;
    // Door 800 x 2000 at 3000 along the wall (x 2600..3400), wall 240 thick at y = 0 (z = 0 in the world).
    expect(hitsAcross(south, 3000, 1000)).toBe(false);
    expect(hitsAcross(south, 2650, 1990)).toBe(false);
    expect(hitsAcross(south, 3000, 2400)).toBe(true);
    expect(hitsAcross(south, 1500, 1000)).toBe(true);
    expect(hitsAcross(south, 2550, 1000)).toBe(true);
    const surface = surfaceOf(south).geometry;
    for (const tri of triangles(surface)) {
      const c = tri.reduce((s, p) => s.add(p), new Vector3()).divideScalar(3);
      const inside = c.x > 2.6 + 1e-4 && c.x < 3.4 - 1e-4 && c.y > 1e-4 && c.y < 2.0 - 1e-4 && c.z > -0.12 + 1e-4 && c.z < 0.12 - 1e-4;
      expect(inside, `triangle at ${c.toArray().map((v) => v.toFixed(3))}`).toBe(false);
    }
    // Mitred wall: (6240 + 5760) / 2 x 240 x 2800, less the 800 x 240 x 2000 hole.
    expect(volume(surface)).toBeCloseTo(1.44 * 2.8 - 0.8 * 0.24 * 2.0, 5);
    // Its door: a wooden casing, a leaf and a threshold, in the hole.
    const door = graph.objectFor(ids[0]!)!;
    const materials = door.children.filter((c): c is Mesh => c instanceof Mesh && !(c instanceof LineSegments)).map((m) => m.material);
    expect(materials.length).toBeGreaterThanOrEqual(3);
    expect(hitsAcross(door, 3000, 1000)).toBe(true);
    expect(hitsAcross(door, 1500, 1000)).toBe(false);
  });

  it('leaves wall below a window’s sill and above its head, and glazes it', () => {
    const { graph, wall, ids } = roomWith([{ kind: 0, offset: 3000 }]);
    const south = graph.objectFor(wall('south').id)!;
    // Window 1200 x 1500 at a sill of 800: x 2400..3600, z 800..2300.
    expect(hitsAcross(south, 3000, 400)).toBe(true);
    expect(hitsAcross(south, 3000, 1500)).toBe(false);
    expect(hitsAcross(south, 2450, 850)).toBe(false);
    expect(hitsAcross(south, 3000, 2500)).toBe(true);
    expect(volume(surfaceOf(south).geometry)).toBeCloseTo(1.44 * 2.8 - 1.2 * 0.24 * 1.5, 5);
    const window = graph.objectFor(ids[0]!)!;
    const glass = window.children.filter((c): c is Mesh => c instanceof Mesh && (c.material as MeshStandardMaterial).transparent);
    expect(glass).toHaveLength(1);
    expect(glass[0]!.castShadow).toBe(false);
    expect(hitsAcross(window, 3000, 1500)).toBe(true);
  });

  it('makes a large opening just a hole, and walls without openings whole closed solids', () => {
    const { graph, wall, ids } = roomWith([{ kind: 7, offset: 3000 }]);
    const south = graph.objectFor(wall('south').id)!;
    expect(hitsAcross(south, 3000, 1000)).toBe(false);
    expect(hitsAcross(south, 3000, 2500)).toBe(true);
    expect(graph.objectFor(ids[0]!)!.children.filter((c) => c instanceof Mesh)).toHaveLength(0);
    expect(volume(surfaceOf(graph.objectFor(wall('north').id)!).geometry)).toBeCloseTo(1.44 * 2.8, 5);
  });

  it('draws wireframe edges round the hole and none across the plain wall face', () => {
    const { graph, wall } = roomWith([{ kind: 1, offset: 3000 }]);
    // Edges are built while a mode shows them (none in the material mode the graph starts in).
    expect(graph.objectFor(wall('south').id)!.children.some((c) => c instanceof LineSegments)).toBe(false);
    graph.setViewMode(1);
    const edges = graph.objectFor(wall('south').id)!.children.find((c): c is LineSegments => c instanceof LineSegments)!;
    const pos = edges.geometry.getAttribute('position');
    const segments: [Vector3, Vector3][] = [];
    for (let i = 0; i < pos.count; i += 2) segments.push([new Vector3().fromBufferAttribute(pos, i), new Vector3().fromBufferAttribute(pos, i + 1)]);
    const vertical = (x: number) => segments.filter(([a, b]) => Math.abs(a.x - x) < 1e-6 && Math.abs(b.x - x) < 1e-6 && Math.abs(a.y - b.y) > 1e-6);
    // The jambs: on both faces, from the floor to the head.
    for (const x of [2.6, 3.4]) {
      const jambs = vertical(x);
      expect(jambs).toHaveLength(2);
      for (const [a, b] of jambs) expect([Math.min(a.y, b.y), Math.max(a.y, b.y)].map((v) => +v.toFixed(6))).toEqual([0, 2]);
    }
  });
});

describe('rebuilding for opening changes', () => {
  it('rebuilds only the wall whose opening changed (and the opening), never its neighbours or the room', () => {
    const k = new TestKernel();
    k.exec('scene.createDefaultRoom', {});
    const store = createStore({ initial: k.kernel.records.all() });
    const graph = createSceneGraph();
    graph.sync(diffAddingAll(store.all()), store);
    const walls = store.ofType('wall');
    const south = walls.find((w) => w.id.endsWith('south'))!;
    const roomId = store.ofType('room')[0]!.id;
    const door: OpeningRecord = {
      id: 'door',
      type: 'opening',
      wallId: south.id,
      kind: 1,
      offset: 3000,
      width: 800,
      height: 2000,
      elevation: 0,
      flipSide: false,
      flipHinge: false,
    };
    const ids = [...walls.map((w) => w.id), roomId];
    // A record keeps its group; a rebuild gives it new meshes.
    const objects = () => new Map([...ids, door.id].map((id) => [id, graph.objectFor(id)?.children[0]]));
    const expectRebuilt = (before: Map<string, Object3D | undefined>, rebuilt: string[]) => {
      for (const [id, object] of objects()) {
        if (rebuilt.includes(id)) expect(object, id).not.toBe(before.get(id));
        else expect(object, id).toBe(before.get(id));
      }
    };

    let before = objects();
    let { diff } = store.transact((tx) => tx.put(door));
    expect(graph.sync(diff, store).changed).toBe(true);
    expectRebuilt(before, [south.id, door.id]);
    expect(graph.objectFor(door.id)).toBeDefined();

    before = objects();
    ({ diff } = store.transact((tx) => tx.put({ ...door, offset: 2000 })));
    graph.sync(diff, store);
    expectRebuilt(before, [south.id, door.id]);
    expect(hitsAcross(graph.objectFor(south.id)!, 2000, 1000)).toBe(false);
    expect(hitsAcross(graph.objectFor(south.id)!, 3000, 1000)).toBe(true);

    // A wall change rebuilds the openings in it too, and only the walls whose joints it moved.
    before = objects();
    ({ diff } = store.transact((tx) => tx.put({ ...south, height: 3000 })));
    graph.sync(diff, store);
    expectRebuilt(before, [south.id, door.id]);

    // Moving the door to another wall rebuilds both walls.
    const east = walls.find((w) => w.id.endsWith('east'))!;
    before = objects();
    ({ diff } = store.transact((tx) => tx.put({ ...store.getOfType(door.id, 'opening')!, wallId: east.id, offset: 2500 })));
    graph.sync(diff, store);
    expectRebuilt(before, [south.id, east.id, door.id]);

    before = objects();
    ({ diff } = store.transact((tx) => tx.remove(door.id)));
    graph.sync(diff, store);
    expect(graph.objectFor(door.id)).toBeUndefined();
    expectRebuilt(before, [east.id, door.id]);
    expect(hitsAcross(graph.objectFor(south.id)!, 2000, 1000)).toBe(true);
  });
});
