import { afterEach, describe, expect, it } from 'vitest';
import { BufferGeometry, InstancedMesh, Matrix4, Mesh, MeshStandardMaterial, Vector3, type Material } from 'three';
import type { PlanOpeningInput, PlanWallInput } from '../../protocol/commands';
import { WALL_COLORS } from '../../protocol/records';
import type { RecordsDiff } from '../../kernel-worker/document/diff';
import { diffAddingAll } from '../../kernel-worker/document/diff';
import { createStore } from '../../kernel-worker/document/store';
import { forgetGraphs } from '../../kernel-worker/geometry/graph-cache';
import { wallFootprints } from '../../kernel-worker/geometry/wall-footprint';
import { createSceneGraph, meshesOf, type SceneGraph } from '../../kernel-worker/render/scene-graph';
import { MODEL_PALETTE, paletteIndex } from '../../kernel-worker/render/models';
import { SKIRTING_HEIGHT } from '../../kernel-worker/render/room-mesh';
import { IDLE_MS } from '../../kernel-worker/render/static-batches';
import { openingsByWall } from '../../kernel-worker/render/wall-cut';
import { buildWallMesh } from '../../kernel-worker/render/wall-mesh';
import { generateHouseRecords } from '../fixtures/house-scene';
import { mulberry32 } from '../fixtures/prng';
import { planToWorld } from '../../kernel-worker/render/coords';
import { attachNodeRenderer, settle, VIEWPORT } from './render-kit';
import { TestKernel } from './test-kernel';

// The 3D scene built from records (render/scene-graph.ts): which records a diff rebuilds, walls'
// footprints kept up to date one edit at a time, the models drawn instanced, the rooms' floors,
// ceilings and skirting, pavings as materials per surface, light fixtures.

let kernels: TestKernel[] = [];
afterEach(() => {
  kernels.forEach((k) => k.dispose());
  kernels = [];
});

/** A kernel with a renderer-less scene graph following every commit. */
function withGraph(k: TestKernel, graph = createSceneGraph()): { graph: SceneGraph; last: () => RecordsDiff } {
  const diffs: RecordsDiff[] = [];
  k.kernel.onCommit((d) => {
    diffs.push(d);
    graph.sync(d, k.kernel.records);
  });
  graph.sync(diffAddingAll(k.kernel.records.all()), k.kernel.records);
  return { graph, last: () => diffs.at(-1)! };
}

function kernel(): TestKernel {
  const k = new TestKernel();
  kernels.push(k);
  return k;
}

const ROWS = 3;
const COLS = 4;
const W = 4200;
const D = 3600;

/** A grid of rooms, a door in each room's south wall, windows along the north. */
function gridPlan(): { walls: PlanWallInput[]; openings: PlanOpeningInput[] } {
  const walls: PlanWallInput[] = [];
  const openings: PlanOpeningInput[] = [];
  for (let r = 0; r <= ROWS; r++) {
    for (let c = 0; c < COLS; c++) {
      const index = walls.push({ start: { x: c * W, y: r * D }, end: { x: (c + 1) * W, y: r * D } }) - 1;
      if (r < ROWS) openings.push({ wall: index, kind: 1, offset: 1000 });
      else openings.push({ wall: index, kind: 0, offset: W / 2 });
    }
  }
  for (let r = 0; r < ROWS; r++) for (let c = 0; c <= COLS; c++) walls.push({ start: { x: c * W, y: r * D }, end: { x: c * W, y: (r + 1) * D } });
  return { walls, openings };
}

function surfaceOf(graph: SceneGraph, id: string): Mesh | undefined {
  return graph.objectFor(id)?.children.find((c): c is Mesh => c instanceof Mesh);
}

const positions = (g: BufferGeometry) => Array.from(g.getAttribute('position').array as Float32Array);

describe('rebuilding a whole house one edit at a time', () => {
  it('a one-wall move touches only that wall, the walls joined to it, the rooms beside them and nothing else', () => {
    const k = kernel();
    k.exec('storey.add', {});
    k.exec('plan.build', gridPlan());
    const { graph } = withGraph(k);
    const walls = k.ofType('wall');
    expect(walls).toHaveLength((ROWS + 1) * COLS + ROWS * (COLS + 1));
    const before = new Map(walls.map((w) => [w.id, surfaceOf(graph, w.id)]));
    // An inner wall between two rooms, joined at both ends.
    const inner = walls.find((w) => w.start.x === 2 * W && w.end.x === 2 * W && w.start.y === D)!;
    const joined = walls.filter((w) => w.id !== inner.id && [w.start, w.end].some((p) => [inner.start, inner.end].some((q) => p.x === q.x && p.y === q.y)));
    expect(joined).toHaveLength(6);

    k.exec('wall.move', { id: inner.id, by: { x: 300, y: 0 } });
    const { rebuilt, moved } = graph.lastSync;
    const diff = k.kernel.records;
    const roomsNow = new Set(k.ofType('room').map((r) => r.id));
    const allowed = new Set([inner.id, ...joined.map((w) => w.id), ...roomsNow]);
    for (const id of rebuilt) expect(allowed.has(id) || diff.get(id)?.type === 'opening', id).toBe(true);
    // The walls whose joints moved were rebuilt, the rest kept their meshes.
    expect(rebuilt.has(inner.id)).toBe(true);
    const rebuiltWalls = walls.filter((w) => rebuilt.has(w.id));
    expect(rebuiltWalls.length).toBeGreaterThan(1);
    expect(rebuiltWalls.length).toBeLessThanOrEqual(1 + joined.length);
    for (const w of walls) if (!rebuilt.has(w.id)) expect(surfaceOf(graph, w.id), w.id).toBe(before.get(w.id));
    // Rooms: the two beside the moved wall changed, the other ten did not.
    const rebuiltRooms = [...rebuilt].filter((id) => roomsNow.has(id));
    expect(rebuiltRooms.length).toBeGreaterThanOrEqual(2);
    expect(rebuiltRooms.length).toBeLessThan(roomsNow.size);
    // No opening was built again: the doors on the stretched walls kept their place.
    for (const id of [...rebuilt, ...moved]) expect(diff.get(id)?.type).not.toBe('opening');
  });

  it('on a 5,000-record house, a wall height change rebuilds that wall and its openings only', () => {
    const store = createStore({ initial: generateHouseRecords({ records: 5000 }) });
    const graph = createSceneGraph();
    graph.sync(diffAddingAll(store.all()), store);
    const wall = store.ofType('wall').find((w) => w.id === 's1.wall-h-2-3')!;
    const openingIds = store.ofType('opening').filter((o) => o.wallId === wall.id).map((o) => o.id);
    const { diff } = store.transact((tx) => tx.put({ ...wall, height: wall.height - 200 }));
    expect(graph.sync(diff, store).changed).toBe(true);
    expect([...graph.lastSync.rebuilt].sort()).toEqual([wall.id, ...openingIds].sort());
    expect(graph.lastSync.footprints).toBeLessThan(10);
    graph.dispose();
  });

  it('keeps every wall exactly as a build from scratch would make it, through random edits, undo and redo', () => {
    const k = kernel();
    k.exec('storey.add', {});
    k.exec('plan.build', gridPlan());
    // A dangling wall and a diagonal one across a room make joints of other kinds.
    k.exec('plan.build', { walls: [{ start: { x: 500, y: 1800 }, end: { x: 1900, y: 1800 } }, { start: { x: W, y: 2 * D }, end: { x: 2 * W, y: 3 * D } }], openings: [] });
    const { graph } = withGraph(k);
    const rand = mulberry32(7);
    /** Runs a command that may be refused (an opening no longer fitting, a wall too short): both are fine here. */
    const attempt = (run: () => unknown) => {
      try {
        run();
      } catch {
        // refused: the scene is unchanged
      }
    };
    const check = (step: string) => {
      const walls = k.ofType('wall');
      const expected = wallFootprints(walls);
      const openings = openingsByWall(k.ofType('opening'));
      for (const w of walls) {
        const mesh = surfaceOf(graph, w.id);
        const want = buildWallMesh(w, expected.get(w.id) ?? [], openings.get(w.id) ?? [], 0).surface;
        if (!want) {
          expect(mesh, `${step}: ${w.id}`).toBeUndefined();
          continue;
        }
        expect(mesh, `${step}: ${w.id}`).toBeDefined();
        expect(positions(mesh!.geometry), `${step}: ${w.id}`).toEqual(positions(want));
      }
    };
    check('start');
    // At an outer corner the walls are mitred: removing one squares the other's end (a wall the
    // diff does not name), undoing mitres it again, and a wall added at a corner joins it.
    const west = k.ofType('wall').find((w) => w.start.x === 0 && w.end.x === 0 && w.start.y === 0)!;
    k.exec('wall.remove', { id: west.id });
    check('corner wall removed');
    k.undo();
    check('corner wall back');
    k.exec('plan.build', { walls: [{ start: { x: COLS * W, y: ROWS * D }, end: { x: COLS * W + 2000, y: ROWS * D + 1500 } }], openings: [] });
    check('wall added at a corner');
    for (let step = 0; step < 30; step++) {
      const walls = k.ofType('wall');
      const wall = rand.pick(walls);
      const roll = rand.next();
      const name = `step ${step}`;
      if (roll < 0.35) attempt(() => k.exec('wall.move', { id: wall.id, by: { x: rand.int(-400, 400), y: rand.int(-400, 400) } }));
      else if (roll < 0.6) attempt(() => k.exec('wall.moveEnd', { id: wall.id, end: rand.next() < 0.5 ? 'start' : 'end', to: { x: rand.int(0, COLS * W), y: rand.int(0, ROWS * D) } }));
      else if (roll < 0.7) attempt(() => k.exec('wall.update', { id: wall.id, thickness: rand.pick([120, 180, 240, 300]) }));
      else if (roll < 0.8) attempt(() => k.exec('wall.remove', { id: wall.id }));
      else if (roll < 0.9) k.undo();
      else k.redo();
      check(name);
    }
  });

  it('shares the wall graph the command just built instead of building it again', () => {
    const k = kernel();
    k.exec('storey.add', {});
    k.exec('plan.build', gridPlan());
    const { graph } = withGraph(k);
    const inner = k.ofType('wall').find((w) => w.start.x === W && w.end.x === W && w.start.y === 0)!;
    k.exec('wall.move', { id: inner.id, by: { x: 100, y: 0 } });
    expect(graph.lastSync.graphsReused).toBe(1);
    // Records changed without a wall command (nothing remembered for them): it builds its own.
    forgetGraphs();
    const store = createStore({ initial: k.kernel.records.all() });
    const own = createSceneGraph();
    own.sync(diffAddingAll(store.all()), store);
    const wall = store.getOfType(inner.id, 'wall')!;
    const { diff } = store.transact((tx) => tx.put({ ...wall, height: 2500 }));
    own.sync(diff, store);
    expect(own.lastSync.graphsReused).toBe(0);
    expect(own.lastSync.rebuilt.has(inner.id)).toBe(true);
    own.dispose();
  });

  it('moves an opening whose wall slid along itself instead of building it again', () => {
    const k = kernel();
    k.exec('scene.createDefaultRoom', {});
    const south = k.ofType('wall').find((w) => w.id.endsWith('default-wall-south'))!;
    const { id: door } = k.exec('opening.add', { wallId: south.id, kind: 1, offset: 3000 });
    const { graph } = withGraph(k);
    const parts = () => meshesOf(graph.objectFor(door)!).map((m) => m.geometry);
    const before = parts();
    // The south wall moves 100 mm east: its door comes along, the same shape.
    k.exec('wall.move', { id: south.id, by: { x: 100, y: 0 } });
    expect(graph.lastSync.moved.has(door)).toBe(true);
    expect(graph.lastSync.rebuilt.has(door)).toBe(false);
    expect(parts()).toEqual(before);
    expect(graph.objectFor(door)!.position.x).toBeCloseTo(0.1);
    // Its new meshes (the picker tells moved objects by their meshes) over the same geometries.
    const box = graph.bounds();
    expect(box.max.x).toBeGreaterThan(6.12);
  });
});

describe('models', () => {
  it('are drawn by one InstancedMesh for all of them, with a pickable proxy per record', () => {
    const store = createStore({ initial: generateHouseRecords({ records: 5000 }) });
    const graph = createSceneGraph();
    graph.sync(diffAddingAll(store.all()), store);
    const models = store.ofType('model');
    expect(models.length).toBeGreaterThan(1000);
    const instanced: InstancedMesh[] = [];
    graph.scene.traverse((o) => {
      if (o instanceof InstancedMesh) instanced.push(o);
    });
    expect(instanced).toEqual([graph.modelMesh]);
    expect(graph.modelMesh.count).toBe(models.length);
    // Instance i stands where its model stands: the box's base centre.
    const model = models[17]!;
    // Its own object holds a proxy box, not drawn (there for picking and highlight).
    expect(graph.objectFor(model.id)!.userData.recordId).toBe(model.id);
    const proxy = meshesOf(graph.objectFor(model.id)!)[0]!;
    expect(proxy.visible).toBe(false);
    proxy.updateWorldMatrix(true, false);
    const base = new Vector3(0, 0, 0).applyMatrix4(proxy.matrixWorld);
    const storey = store.getOfType(model.storeyId, 'storey')!;
    expect(base.x).toBeCloseTo(model.position.x / 1000, 5);
    expect(base.y).toBeCloseTo((storey.elevation + model.position.z) / 1000, 5);
    expect(base.z).toBeCloseTo(-model.position.y / 1000, 5);

    // Adding, moving and removing keep one instance per model.
    let { diff } = store.transact((tx) => tx.put({ ...model, id: 'extra', position: { x: 1000, y: 1000, z: 0 } }));
    graph.sync(diff, store);
    expect(graph.modelMesh.count).toBe(models.length + 1);
    ({ diff } = store.transact((tx) => tx.put({ ...model, rotation: 1 })));
    graph.sync(diff, store);
    expect(graph.lastSync.rebuilt).toEqual(new Set([model.id]));
    expect(graph.modelMesh.count).toBe(models.length + 1);
    ({ diff } = store.transact((tx) => tx.remove('extra')));
    graph.sync(diff, store);
    expect(graph.modelMesh.count).toBe(models.length);
    expect(graph.objectFor('extra')).toBeUndefined();
    graph.dispose();
  });

  it('take their group being hidden or their proxy highlighted out of the batch, and out of the scene while it renders', () => {
    const k = kernel();
    k.exec('scene.createDefaultRoom', {});
    const { id } = k.exec('model.add', { modelId: 'sofa-3p', position: { x: 2000, y: 2000, z: 0 }, size: { x: 2000, y: 900, z: 800 } });
    const { graph } = withGraph(k);
    const mesh = graph.modelMesh as InstancedMesh;
    expect(mesh.count).toBe(1);
    const matrix = () => {
      const m = new Matrix4();
      mesh.getMatrixAt(0, m);
      return m;
    };
    const shown = matrix();
    expect(shown.determinant()).not.toBe(0);
    // The instance colour is the catalogue item's.
    const colour = new MeshStandardMaterial({ color: MODEL_PALETTE[paletteIndex('sofa-3p')] }).color;
    const c = mesh.instanceColor!;
    expect([c.getX(0), c.getY(0), c.getZ(0)]).toEqual([colour.r, colour.g, colour.b].map((v) => expect.closeTo(v, 5)));

    const group = graph.objectFor(id)!;
    group.visible = false;
    expect(graph.prepareFrame()).toBe(true);
    expect(matrix().determinant()).toBe(0);
    group.visible = true;
    graph.prepareFrame();
    expect(matrix().equals(shown)).toBe(true);

    // The highlight gives the proxy its own material: the proxy draws, tinted, instead.
    const proxy = meshesOf(group)[0]!;
    const shared = proxy.material as Material;
    proxy.material = (shared as MeshStandardMaterial).clone();
    graph.prepareFrame();
    expect(proxy.visible).toBe(true);
    expect(matrix().determinant()).toBe(0);

    // While three renders, the models' groups are out of the scene but for the highlighted one.
    const inScene = () => {
      let found = false;
      graph.scene.traverse((o) => (found ||= o === group));
      return found;
    };
    const renderer = null as never;
    graph.scene.onBeforeRender(renderer, graph.scene, null as never, null as never, null as never, null as never);
    expect(inScene()).toBe(true);
    graph.scene.onAfterRender(renderer, graph.scene, null as never, null as never, null as never, null as never);
    proxy.material = shared;
    graph.scene.onBeforeRender(renderer, graph.scene, null as never, null as never, null as never, null as never);
    expect(proxy.visible).toBe(false);
    expect(inScene()).toBe(false);
    graph.scene.onAfterRender(renderer, graph.scene, null as never, null as never, null as never, null as never);
    expect(inScene()).toBe(true);
    expect(matrix().equals(shown)).toBe(true);
  });
});

describe('picking models', () => {
  it('picks a model through its proxy, and not once Ctrl+H has hidden it', async () => {
    const k = kernel();
    k.exec('scene.createDefaultRoom', {});
    const { id } = k.exec('model.add', { modelId: 'wardrobe', position: { x: 3000, y: 2500, z: 0 }, size: { x: 1200, y: 600, z: 2000 } });
    const r = await attachNodeRenderer(k);
    r.drawFrames();
    const camera = r.views.camera;
    camera.updateMatrixWorld();
    const v = planToWorld({ x: 3000, y: 2500 }, 1200).project(camera);
    const at = { x: ((v.x + 1) / 2) * VIEWPORT.width, y: ((1 - v.y) / 2) * VIEWPORT.height };
    expect(r.views.pick(at.x, at.y)?.id).toBe(id);
    k.exec('selection.set', { ids: [id] });
    await settle();
    k.keyDown('h', { ctrlKey: true });
    // A model is hidden through its record (one undo step): the view follows on its next sync.
    expect(k.get(id, 'model').hidden).toBe(true);
    await settle();
    expect(r.views.pick(at.x, at.y)?.id).not.toBe(id);
  });
});

describe('rooms, ceilings, pavings, skirting and lights', () => {
  function room() {
    const k = kernel();
    k.exec('scene.createDefaultRoom', {});
    const { graph } = withGraph(k);
    const roomId = k.ofType('room')[0]!.id;
    const wall = (side: string) => k.ofType('wall').find((w) => w.id.endsWith(`default-wall-${side}`))!;
    return { k, graph, roomId, wall };
  }

  const normalsY = (m: Mesh) => {
    const n = m.geometry.getAttribute('normal');
    const ys = new Set<number>();
    for (let i = 0; i < n.count; i++) ys.add(Math.round(n.getY(i)));
    return [...ys];
  };
  const heights = (m: Mesh) => {
    const p = m.geometry.getAttribute('position');
    const ys = new Set<number>();
    for (let i = 0; i < p.count; i++) ys.add(Math.round(p.getY(i) * 1000));
    return [...ys].sort((a, b) => a - b);
  };

  it('gives a room a floor and its own flat ceiling facing down, which a ceiling record replaces', () => {
    const { k, graph, roomId } = room();
    const room0 = k.ofType('room')[0]!;
    const [floor, ceiling] = meshesOf(graph.objectFor(roomId)!);
    expect(normalsY(floor!)).toEqual([1]);
    expect(heights(floor!)).toEqual([1]);
    expect(normalsY(ceiling!)).toEqual([-1]);
    expect(heights(ceiling!)).toEqual([room0.height]);
    // From above (the bird eye) a ceiling is not drawn: one-sided, facing down.
    expect((ceiling!.material as Material).side).toBe(0);

    graph.setCeilingsShown(false);
    expect(ceiling!.visible).toBe(false);
    graph.setCeilingsShown(true);
    expect(ceiling!.visible).toBe(true);

    const { id } = k.exec('ceiling.add', { roomId, elevation: 2600 });
    expect(meshesOf(graph.objectFor(roomId)!)).toHaveLength(1);
    const suspended = meshesOf(graph.objectFor(id)!)[0]!;
    expect(normalsY(suspended)).toEqual([-1]);
    expect(heights(suspended)).toEqual([2600]);
    k.exec('ceiling.remove', { id });
    expect(graph.objectFor(id)).toBeUndefined();
    expect(meshesOf(graph.objectFor(roomId)!)).toHaveLength(2);
  });

  it('rebuilds a room or its ceiling when what it is built from changes, not on a rename', () => {
    const { k, graph, roomId } = room();
    const { id: ceilingId } = k.exec('ceiling.add', { roomId });
    k.exec('room.update', { id: roomId, name: 'Hall' });
    expect(graph.lastSync.rebuilt).toEqual(new Set());
    k.exec('room.update', { id: roomId, height: 3000 });
    expect(graph.lastSync.rebuilt).toEqual(new Set([roomId]));
    k.exec('ceiling.update', { id: ceilingId, thickness: 60 });
    expect(graph.lastSync.rebuilt).toEqual(new Set([ceilingId]));
    const outline = k.kernel.records.getOfType(roomId, 'room')!.outline.map((p) => (p.x > 0 ? { ...p, x: p.x - 100 } : p));
    k.exec('room.update', { id: roomId, outline });
    expect(graph.lastSync.rebuilt).toEqual(new Set([roomId, ceilingId]));
  });

  it('paints pavings: a tile grid per tile size on a wall side and a floor, the room type default otherwise', () => {
    const { k, graph, roomId, wall } = room();
    const floorMaterial = () => meshesOf(graph.objectFor(roomId)!)[0]!.material as MeshStandardMaterial;
    // Unnamed room: the default tile 1800 x 1800 (+2 mm joint) repeats every 1.802 m.
    expect(floorMaterial().map!.repeat.x).toBeCloseTo(1 / 1.802, 6);
    k.exec('room.update', { id: roomId, roomType: 2 });
    // Master bedroom: 3041 x 3000.
    expect(floorMaterial().map!.repeat.x).toBeCloseTo(1 / 3.043, 6);
    expect(floorMaterial().map!.repeat.y).toBeCloseTo(1 / 3.002, 6);

    k.exec('paving.add', { surface: { id: roomId, face: 'floor' }, tileCode: 'T-600', tileWidth: 600, tileHeight: 600, gap: 3 });
    expect(floorMaterial().map!.repeat.x).toBeCloseTo(1 / 0.603, 6);

    const south = wall('south').id;
    const plain = surfaceOf(graph, south)!;
    expect(Array.isArray(plain.material)).toBe(false);
    k.exec('paving.add', { surface: { id: south, face: 'left' }, tileCode: 'W-300', tileWidth: 300, tileHeight: 600, gap: 2 });
    expect(graph.lastSync.rebuilt).toEqual(new Set([south]));
    const tiled = surfaceOf(graph, south)!;
    const materials = tiled.material as MeshStandardMaterial[];
    expect(materials).toHaveLength(3);
    expect(materials[0]).toBe(plain.material);
    expect(materials[1]!.map!.repeat.x).toBeCloseTo(1 / 0.302, 6);
    expect(materials[2]).toBe(plain.material);
    // The left face (the room's side of the south wall, facing north: world -z) is group 1.
    const g1 = tiled.geometry.groups.find((g) => g.materialIndex === 1)!;
    const n = tiled.geometry.getAttribute('normal');
    for (let i = g1.start; i < g1.start + g1.count; i++) expect(n.getZ(i)).toBeCloseTo(-1);
  });

  it('paints a coloured wall in its colour, one material per colour, under any paving on its sides', () => {
    const { k, graph, wall } = room();
    const [south, north] = [wall('south').id, wall('north').id];
    const plain = surfaceOf(graph, south)!.material as MeshStandardMaterial;
    k.exec('wall.update', { id: south, color: 'blue' });
    expect(graph.lastSync.rebuilt).toEqual(new Set([south]));
    const blue = surfaceOf(graph, south)!.material as MeshStandardMaterial;
    expect(blue).not.toBe(plain);
    expect(blue.color.getHex()).toBe(new MeshStandardMaterial({ color: WALL_COLORS.blue }).color.getHex());
    k.exec('wall.update', { id: north, color: 'blue' });
    expect(surfaceOf(graph, north)!.material).toBe(blue);
    // A tiled side keeps its tiles; the untiled side and the ends keep the paint.
    k.exec('paving.add', { surface: { id: south, face: 'left' }, tileCode: 'W-300', tileWidth: 300, tileHeight: 600, gap: 2 });
    const sides = surfaceOf(graph, south)!.material as MeshStandardMaterial[];
    expect([sides[0], sides[2]]).toEqual([blue, blue]);
    expect(sides[1]!.map).not.toBeNull();
    k.exec('wall.update', { id: north, color: null });
    expect(surfaceOf(graph, north)!.material).toBe(plain);
  });

  it('draws skirting along the walls when asked, broken at a door', () => {
    const { k, graph, roomId, wall } = room();
    k.exec('opening.add', { wallId: wall('south').id, kind: 1, offset: 3000 });
    expect(graph.skirting).toBe(false);
    expect(graph.setSkirting(true)).toBe(true);
    const parts = meshesOf(graph.objectFor(roomId)!);
    const board = parts.find((m) => heights(m).includes(SKIRTING_HEIGHT))!;
    expect(board).toBeDefined();
    // Along the south wall's inner face (y 120 mm, world z -0.12): nothing where the door is (x 2.6..3.4 m).
    const p = board.geometry.getAttribute('position');
    const along: number[] = [];
    for (let i = 0; i < p.count; i++) if (Math.abs(p.getZ(i) + 0.132) < 1e-6) along.push(p.getX(i));
    expect(along.length).toBeGreaterThan(0);
    expect(along.some((x) => x > 2.61 && x < 3.39)).toBe(false);
    expect(along.some((x) => Math.abs(x - 2.6) < 1e-6)).toBe(true);
    expect(along.some((x) => Math.abs(x - 3.4) < 1e-6)).toBe(true);
    // Moving the door moves the break.
    const door = k.ofType('opening')[0]!;
    k.exec('opening.update', { id: door.id, offset: 2000 });
    expect(graph.lastSync.rebuilt.has(roomId)).toBe(true);
    graph.setSkirting(false);
    expect(meshesOf(graph.objectFor(roomId)!).some((m) => heights(m).includes(SKIRTING_HEIGHT))).toBe(false);
  });

  it('gives each light record a fixture glowing in its colour where the light is', () => {
    const { k, graph } = room();
    const { id } = k.exec('light.add', { kind: 'spot', position: { x: 3000, y: 2500, z: 2700 }, color: '#ffcc88' });
    const fixture = graph.objectFor(id)!;
    const parts = meshesOf(fixture);
    expect(parts.length).toBe(2);
    const glowing = parts.map((m) => m.material as MeshStandardMaterial).find((m) => m.emissive.getHex() !== 0)!;
    expect(glowing.emissive.getHexString()).toBe('ffcc88');
    expect(fixture.position.toArray().map((v) => +v.toFixed(6))).toEqual([3, 2.7, -2.5]);
    k.exec('light.update', { id, position: { x: 1000, y: 1000, z: 2700 } });
    expect(graph.objectFor(id)!.position.x).toBeCloseTo(1);
  });

  it('keeps the document extent from the records without walking the scene', () => {
    const { k, graph, wall } = room();
    const b = graph.bounds();
    expect([b.min.x, b.max.x, b.min.y, b.max.y, b.min.z, b.max.z].map((v) => +v.toFixed(3))).toEqual([-0.12, 6.12, 0, 2.8, -5.12, 0.12]);
    k.exec('wall.move', { id: wall('east').id, by: { x: 1000, y: 0 } });
    expect(+graph.bounds().max.x.toFixed(3)).toBe(7.12);
    k.exec('wall.move', { id: wall('east').id, by: { x: -2000, y: 0 } });
    expect(+graph.bounds().max.x.toFixed(3)).toBe(5.12);
    k.exec('model.add', { modelId: 'lamp', position: { x: 9000, y: 1000, z: 0 }, size: { x: 400, y: 400, z: 3500 } });
    const after = graph.bounds();
    expect(+after.max.x.toFixed(3)).toBe(9.2);
    expect(+after.max.y.toFixed(3)).toBe(3.5);
  });
});

describe('static geometry merged per material', () => {
  /** The batch meshes drawn, and the triangles they draw (zeroed indices draw nothing). */
  function drawnBatches(graph: SceneGraph): { meshes: Mesh[]; triangles: number } {
    const meshes: Mesh[] = [];
    graph.scene.traverse((o) => {
      if (o instanceof Mesh && o.name === 'batch' && o.visible) meshes.push(o);
    });
    let triangles = 0;
    for (const m of meshes) {
      const index = m.geometry.index!.array;
      for (let i = 0; i < index.length; i += 3) if (index[i] !== index[i + 1]) triangles++;
    }
    return { meshes, triangles };
  }
  const trianglesOf = (m: Mesh) => (m.geometry.index ? m.geometry.index.count : m.geometry.getAttribute('position').count) / 3;

  it('draws a house in a few batches; a hidden or highlighted record leaves its batch and draws itself', () => {
    const k = kernel();
    k.exec('storey.add', {});
    k.exec('plan.build', gridPlan());
    const { graph } = withGraph(k);
    const t0 = 1000;
    graph.prepareFrame(t0);
    const stats = graph.batchStats();
    // Walls, floors, ceilings, door and window parts: one batch per material, every mesh in one.
    expect(stats.ownMeshes).toBe(0);
    expect(stats.batchedMeshes).toBeGreaterThan(100);
    expect(stats.batches).toBeLessThan(15);
    const all = drawnBatches(graph).triangles;
    let meshTriangles = 0;
    for (const r of [...k.ofType('wall'), ...k.ofType('opening'), ...k.ofType('room')]) for (const m of meshesOf(graph.objectFor(r.id)!)) meshTriangles += trianglesOf(m);
    expect(all).toBe(meshTriangles);

    const wall = k.ofType('wall')[5]!;
    const group = graph.objectFor(wall.id)!;
    const [mesh] = meshesOf(group);
    expect(mesh!.visible).toBe(false);
    // Ctrl+H: out of the batch, not drawn at all.
    group.visible = false;
    expect(graph.prepareFrame(t0 + 1)).toBe(true);
    expect(drawnBatches(graph).triangles).toBe(all - trianglesOf(mesh!));
    group.visible = true;
    graph.prepareFrame(t0 + 2);
    expect(drawnBatches(graph).triangles).toBe(all);
    // The highlight's own material: out of the batch, drawing itself (tinted).
    const shared = mesh!.material;
    mesh!.material = (shared as Material).clone();
    graph.prepareFrame(t0 + 3);
    expect(mesh!.visible).toBe(true);
    expect(drawnBatches(graph).triangles).toBe(all - trianglesOf(mesh!));
    mesh!.material = shared;
    graph.prepareFrame(t0 + 4);
    expect(mesh!.visible).toBe(false);
    expect(drawnBatches(graph).triangles).toBe(all);
    // Transparent mode draws every mesh itself; wireframe draws no surface.
    graph.setViewMode(3);
    graph.prepareFrame(t0 + 5);
    expect(drawnBatches(graph).meshes).toHaveLength(0);
    expect(mesh!.visible).toBe(true);
    graph.setViewMode(1);
    graph.prepareFrame(t0 + 6);
    expect(drawnBatches(graph).meshes).toHaveLength(0);
    expect(mesh!.visible).toBe(false);
    graph.setViewMode(0);
    graph.prepareFrame(t0 + 7);
    expect(drawnBatches(graph).triangles).toBe(all);
  });

  it('draws what an edit rebuilt by itself until edits pause, then merges it back', () => {
    const k = kernel();
    k.exec('storey.add', {});
    k.exec('plan.build', gridPlan());
    const { graph } = withGraph(k);
    graph.prepareFrame(0);
    const inner = k.ofType('wall').find((w) => w.start.x === 2 * W && w.end.x === 2 * W && w.start.y === D)!;
    k.exec('wall.move', { id: inner.id, by: { x: 200, y: 0 } });
    const now = performance.now();
    graph.prepareFrame(now);
    // The moved wall's new meshes draw themselves (the walls' batch is mostly unchanged).
    expect(graph.batchStats().ownMeshes).toBeGreaterThan(0);
    for (const m of meshesOf(graph.objectFor(inner.id)!)) expect(m.visible).toBe(true);
    // Nothing is drawn twice or missing: the batches lack exactly the rebuilt records' old triangles.
    let ownTriangles = 0;
    let total = 0;
    for (const r of [...k.ofType('wall'), ...k.ofType('opening'), ...k.ofType('room')]) {
      for (const m of meshesOf(graph.objectFor(r.id)!)) {
        total += trianglesOf(m);
        if (m.visible) ownTriangles += trianglesOf(m);
      }
    }
    expect(drawnBatches(graph).triangles + ownTriangles).toBe(total);
    // Edits paused: merged again.
    graph.prepareFrame(now + IDLE_MS + 1);
    expect(graph.batchStats().ownMeshes).toBe(0);
    expect(drawnBatches(graph).triangles).toBe(total);
  });
});
