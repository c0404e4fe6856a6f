import { describe, expect, it } from 'vitest';
import { LineSegments, Mesh, MeshStandardMaterial, Vector3 } from 'three';
import type { ForwardedInput } from '../../protocol/input';
import { diffAddingAll, type RecordsDiff } from '../../kernel-worker/document/diff';
import { createSequentialIds } from '../../kernel-worker/document/ids';
import { createStore } from '../../kernel-worker/document/store';
import { createKernel } from '../../kernel-worker/kernel';
import { applyCameraView, createCameraRig } from '../../kernel-worker/render/cameras';
import { createFrameLoop } from '../../kernel-worker/render/frame-loop';
import { createOrbitControls } from '../../kernel-worker/render/orbit';
import { createSceneGraph } from '../../kernel-worker/render/scene-graph';

// The renderer's parts that need no WebGL: records -> objects, view modes, cameras, navigation,
// and the on-demand frame loop.

function roomScene() {
  const kernel = createKernel({ ids: createSequentialIds() });
  const diffs: RecordsDiff[] = [];
  kernel.onCommit((d) => diffs.push(d));
  kernel.exec('scene.createDefaultRoom', {});
  const graph = createSceneGraph();
  graph.sync(diffAddingAll(kernel.records.all()), kernel.records);
  return { kernel, graph, diffs };
}

function parts(graph: ReturnType<typeof createSceneGraph>, id: string) {
  const group = graph.objectFor(id)!;
  const mesh = group.children.find((c): c is Mesh => c instanceof Mesh && !(c instanceof LineSegments))!;
  const edges = group.children.find((c): c is LineSegments => c instanceof LineSegments);
  return { group, mesh, edges };
}

describe('scene graph', () => {
  it('builds one object per wall and one floor per room, in metres with plan north at -z', () => {
    const { kernel, graph } = roomScene();
    expect(graph.objectCount).toBe(5);
    const b = graph.bounds();
    expect(b.min.x).toBeCloseTo(-0.12);
    expect(b.max.x).toBeCloseTo(6.12);
    expect(b.min.y).toBeCloseTo(0);
    expect(b.max.y).toBeCloseTo(2.8);
    expect(b.min.z).toBeCloseTo(-5.12);
    expect(b.max.z).toBeCloseTo(0.12);
    const room = kernel.records.ofType('room')[0]!;
    const floor = parts(graph, room.id).mesh;
    floor.geometry.computeBoundingBox();
    const size = floor.geometry.boundingBox!.getSize(new Vector3());
    expect(size.x).toBeCloseTo(5.76);
    expect(size.z).toBeCloseTo(4.76);
  });

  it('switches view modes: surfaces, edges and the transparent opacities of core.md', () => {
    const { kernel, graph, diffs } = roomScene();
    const wallId = kernel.records.ofType('wall')[0]!.id;
    const roomId = kernel.records.ofType('room')[0]!.id;
    const state = () => ({ surface: parts(graph, wallId).mesh.visible, edges: parts(graph, wallId).edges?.visible ?? false });
    expect(state()).toEqual({ surface: true, edges: false });
    // No edges are built while no mode shows them.
    expect(parts(graph, wallId).edges).toBeUndefined();

    const before = parts(graph, wallId).mesh;
    for (const [mode, expected] of [
      [1, { surface: false, edges: true }],
      [2, { surface: true, edges: true }],
      [3, { surface: true, edges: true }],
    ] as const) {
      kernel.exec('view.setMode', { mode });
      const result = graph.sync(diffs.at(-1)!, kernel.records);
      expect(result.changed).toBe(true);
      expect(state()).toEqual(expected);
    }
    const wallMaterial = parts(graph, wallId).mesh.material as MeshStandardMaterial;
    const floorMaterial = parts(graph, roomId).mesh.material as MeshStandardMaterial;
    expect([wallMaterial.transparent, wallMaterial.opacity, floorMaterial.opacity]).toEqual([true, 0.8, 0.3]);
    // Switching modes rebuilt nothing: the surfaces are the same meshes, the edges were added beside them.
    expect(parts(graph, wallId).mesh).toBe(before);
    expect(parts(graph, wallId).edges).toBeDefined();
    expect(parts(graph, roomId).edges).toBeDefined();

    kernel.exec('view.setMode', { mode: 0 });
    graph.sync(diffs.at(-1)!, kernel.records);
    expect([wallMaterial.transparent, wallMaterial.opacity]).toEqual([false, 1]);
  });

  it('rebuilds only the records in the diff and the walls whose corners they moved', () => {
    const { kernel } = roomScene();
    const store = createStore({ initial: kernel.records.all() });
    const graph = createSceneGraph();
    graph.sync(diffAddingAll(store.all()), store);
    const walls = store.ofType('wall');
    const south = walls.find((w) => w.id.endsWith('south'))!;
    const north = walls.find((w) => w.id.endsWith('north'))!;
    const roomId = store.ofType('room')[0]!.id;
    // A record keeps its group; a rebuild gives it new meshes.
    const objects = () => new Map([...walls.map((w) => w.id), roomId].map((id) => [id, graph.objectFor(id)?.children[0]]));

    // Raising one wall touches that wall alone.
    let before = objects();
    let { diff } = store.transact((tx) => tx.put({ ...south, height: 3000 }));
    expect(graph.sync(diff, store)).toEqual({ changed: true, boundsChanged: true });
    for (const [id, object] of objects()) {
      if (id === south.id) expect(object).not.toBe(before.get(id));
      else expect(object).toBe(before.get(id));
    }

    // Removing the north wall drops it and re-squares the ends of its two neighbours only.
    before = objects();
    ({ diff } = store.transact((tx) => tx.remove(north.id)));
    graph.sync(diff, store);
    expect(graph.objectFor(north.id)).toBeUndefined();
    expect(graph.objectCount).toBe(4);
    const after = objects();
    expect(after.get(south.id)).toBe(before.get(south.id));
    expect(after.get(roomId)).toBe(before.get(roomId));
    for (const w of walls.filter((w) => w.id.endsWith('east') || w.id.endsWith('west'))) {
      expect(after.get(w.id)).not.toBe(before.get(w.id));
    }
    expect([...graph.lastSync.rebuilt].sort()).toEqual(walls.filter((w) => w.id.endsWith('east') || w.id.endsWith('west')).map((w) => w.id).sort());

    // A diff with nothing visual in it changes nothing.
    ({ diff } = store.transact((tx) => tx.put({ id: 'selection', type: 'selection', ids: [south.id] })));
    expect(graph.sync(diff, store)).toEqual({ changed: false, boundsChanged: false });
  });
});

describe('cameras and navigation', () => {
  const pointer = (type: 'pointerdown' | 'pointermove' | 'pointerup', x: number, y: number, button = 0): ForwardedInput => ({
    kind: 'pointer',
    type,
    x,
    y,
    button,
    buttons: type === 'pointerup' ? 0 : 1,
    pointerId: 1,
    pointerType: 'mouse',
    shiftKey: false,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
  });
  const wheel = (deltaY: number): ForwardedInput => ({
    kind: 'wheel',
    type: 'wheel',
    x: 0,
    y: 0,
    deltaX: 0,
    deltaY,
    deltaMode: 0,
    shiftKey: false,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
  });

  it('frames the room from above in bird eye and keeps the orbit distance while dragging', () => {
    const { graph } = roomScene();
    const rig = createCameraRig(16 / 9);
    applyCameraView(rig, 0, graph.bounds());
    expect(rig.active).toBe(rig.perspective);
    expect(rig.perspective.position.y).toBeGreaterThan(2.8);
    // Everything in front of the camera.
    rig.perspective.updateMatrixWorld();
    const toCentre = graph.bounds().getCenter(new Vector3()).sub(rig.perspective.position);
    expect(toCentre.dot(rig.perspective.getWorldDirection(new Vector3()))).toBeGreaterThan(0);

    const controls = createOrbitControls(rig);
    controls.setViewport(800, 450);
    const distance = rig.perspective.position.distanceTo(rig.target);
    const start = rig.perspective.position.clone();
    expect(controls.handle(pointer('pointerdown', 100, 100))).toBe(false);
    expect(controls.handle(pointer('pointermove', 160, 120))).toBe(true);
    controls.handle(pointer('pointerup', 160, 120));
    expect(rig.perspective.position.distanceTo(start)).toBeGreaterThan(0.1);
    expect(rig.perspective.position.distanceTo(rig.target)).toBeCloseTo(distance);
    expect(controls.userMoved).toBe(true);
    // No drag, no move.
    expect(controls.handle(pointer('pointermove', 300, 300))).toBe(false);

    expect(controls.handle(wheel(100))).toBe(true);
    expect(rig.perspective.position.distanceTo(rig.target)).toBeCloseTo(distance * Math.exp(0.15));

    const target = rig.target.clone();
    controls.handle(pointer('pointerdown', 100, 100, 2));
    controls.handle(pointer('pointermove', 150, 100, 2));
    expect(rig.target.distanceTo(target)).toBeGreaterThan(0.05);
  });

  it('shows the plan from straight above, north up, in the top view; dragging pans', () => {
    const { graph } = roomScene();
    const rig = createCameraRig(1);
    applyCameraView(rig, 2, graph.bounds());
    expect(rig.active).toBe(rig.orthographic);
    const dir = rig.orthographic.getWorldDirection(new Vector3());
    expect(dir.y).toBeCloseTo(-1);
    // The frustum covers the 6.24 m x 5.24 m outer box.
    expect(rig.orthographic.top - rig.orthographic.bottom).toBeGreaterThanOrEqual(6.24);
    const controls = createOrbitControls(rig);
    controls.setViewport(500, 500);
    const x = rig.orthographic.position.x;
    controls.handle(pointer('pointerdown', 100, 100));
    controls.handle(pointer('pointermove', 50, 100));
    expect(rig.orthographic.position.x).toBeGreaterThan(x);
    expect(rig.orthographic.getWorldDirection(new Vector3()).y).toBeCloseTo(-1);
    controls.handle(wheel(-200));
    expect(rig.orthographic.zoom).toBeGreaterThan(1);
  });
});

describe('frame loop', () => {
  it('draws one frame per burst of invalidations and nothing while idle', () => {
    const queued: (() => void)[] = [];
    let draws = 0;
    const reported: number[] = [];
    const loop = createFrameLoop(
      () => draws++,
      (n) => reported.push(n),
      { request: (cb) => queued.push(cb), cancel: () => {} },
    );
    loop.invalidate();
    loop.invalidate();
    loop.invalidate();
    expect(queued).toHaveLength(1);
    queued.shift()!();
    expect([draws, loop.frames, reported]).toEqual([1, 1, [1]]);
    expect(queued).toHaveLength(0);
    loop.invalidate();
    loop.dispose();
    queued.shift()?.();
    expect(draws).toBe(1);
  });
});
