import { afterEach, describe, expect, it } from 'vitest';
import { Box3, Mesh, type MeshStandardMaterial } from 'three';
import { CABINET_MATERIALS } from '../../protocol/cabinets';
import { diffAddingAll } from '../../kernel-worker/document/diff';
import { materialColour } from '../../kernel-worker/kinds/cabinet/view';
import { planToWorld } from '../../kernel-worker/render/coords';
import { drawPlan, type PlanDrawing } from '../../kernel-worker/render/plan-drawing';
import { createSceneGraph, meshesOf, type SceneGraph } from '../../kernel-worker/render/scene-graph';
import { attachNodeRenderer, settle, VIEWPORT } from './render-kit';
import { TestKernel, withRoom } from './test-kernel';

// Cabinets drawn: real boards in 3D (one mesh per look, merged per material with every other
// cabinet's), picked like models, and their plan symbols.

let graphs: SceneGraph[] = [];
afterEach(() => {
  graphs.forEach((g) => g.dispose());
  graphs = [];
});

function withGraph(tk: TestKernel): SceneGraph {
  const graph = createSceneGraph();
  graphs.push(graph);
  tk.kernel.onCommit((d) => graph.sync(d, tk.kernel.records));
  graph.sync(diffAddingAll(tk.kernel.records.all()), tk.kernel.records);
  return graph;
}

function boxOf(meshes: readonly Mesh[]): Box3 {
  const box = new Box3();
  for (const mesh of meshes) {
    mesh.geometry.computeBoundingBox();
    box.union(mesh.geometry.boundingBox!);
  }
  return box;
}

const triangles = (m: Mesh) => m.geometry.getAttribute('position').count / 3;
const colourOf = (m: Mesh) => (m.material as MeshStandardMaterial).color.getHex();

describe('cabinets in 3D', () => {
  it('a base unit: carcass on its toe kick, the door and handle in front, its worktop on top, each look one mesh', () => {
    const { tk, storeyId } = withRoom();
    const graph = withGraph(tk);
    const { id } = tk.exec('cabinet.add', { storeyId, cabinetKind: 'base', position: { x: 2000, y: 1500, z: 0 }, matCode: 'W01', doorColor: 'N04' });
    const meshes = meshesOf(graph.objectFor(id)!);
    expect(meshes).toHaveLength(4);
    const [carcass, front, metal, worktop] = meshes as [Mesh, Mesh, Mesh, Mesh];
    // Its own worktop (geometry/worktop.ts): quartz 15 mm on its 820 top, flush at its back and
    // sides, 20 mm past its front: plan y 1780 to 1200.
    const w = boxOf([worktop]);
    expect([w.min.x, w.max.x, w.min.y, w.max.y, w.min.z, w.max.z]).toEqual([1.7, 2.3, 0.82, 0.835, -1.78, -1.2].map((v) => expect.closeTo(v, 6)));
    expect(colourOf(carcass)).toBe(CABINET_MATERIALS.find((m) => m.code === 'W01')!.colour);
    expect(colourOf(front)).toBe(materialColour('N04'));
    // The carcass: 600 wide about x 2000, 560 deep about y 1500, from the 100 toe kick to 820.
    const c = boxOf([carcass]);
    expect([c.min.x, c.max.x, c.min.y, c.max.y]).toEqual([1.7, 2.3, 0.1, 0.82].map((v) => expect.closeTo(v, 6)));
    // Plan y is world -z: the back at plan y 1780, the front at 1220.
    expect([c.min.z, c.max.z]).toEqual([-1.78, -1.22].map((v) => expect.closeTo(v, 6)));
    // The door 18 in front of the carcass, the handle 25 in front of the door.
    expect(boxOf([front]).max.z).toBeCloseTo(-1.202, 6);
    expect(boxOf([metal]).max.z).toBeCloseTo(-1.177, 6);
    // A shaker door: 4 more boxes (12 triangles each) than a slab.
    const flat = triangles(front);
    tk.exec('cabinet.update', { id, doorShape: 'shaker' });
    expect(graph.lastSync.rebuilt.has(id)).toBe(true);
    expect(triangles(meshesOf(graph.objectFor(id)!)[1]!)).toBe(flat + 4 * 12);
    // Another cabinet's change leaves it built as it was.
    const { id: other } = tk.exec('cabinet.add', { storeyId, cabinetKind: 'wall', position: { x: 500, y: 1500, z: 1450 } });
    tk.exec('cabinet.update', { id: other, width: 800 });
    expect(graph.lastSync.rebuilt.has(id)).toBe(false);
    expect(graph.lastSync.rebuilt.has(other)).toBe(true);
    // A wall unit hangs: its lowest board at 1450.
    expect(boxOf(meshesOf(graph.objectFor(other)!)).min.y).toBeCloseTo(1.45, 6);
    tk.exec('cabinet.remove', { id });
    expect(graph.objectFor(id)).toBeUndefined();
  });

  it('60 cabinets in a house add a handful of draw calls: their meshes merge per material', () => {
    const build = (cabinets: boolean) => {
      const { tk, storeyId } = withRoom();
      if (cabinets) {
        const kinds = ['base', 'wall', 'tall', 'wardrobe', 'cornerBase'] as const;
        for (let i = 0; i < 60; i++) {
          tk.exec('cabinet.add', {
            storeyId,
            cabinetKind: kinds[i % kinds.length]!,
            position: { x: 300 + (i % 10) * 1100, y: 5000 + Math.floor(i / 10) * 1000, z: 0 },
            matCode: ['W01', 'G02'][i % 2]!,
            doorColor: ['O03', 'N04', 'B05'][i % 3]!,
            doorShape: i % 4 === 0 ? 'shaker' : 'flat',
          });
        }
      }
      const graph = withGraph(tk);
      graph.prepareFrame(1000);
      return graph.batchStats();
    };
    const without = build(false);
    const withCabinets = build(true);
    // 2 carcass colours + 3 door colours (+ metal, shared with door handles) + the quartz of the 24
    // base and corner units' worktops (each stands alone): at most 7 more batches.
    expect(withCabinets.ownMeshes).toBe(0);
    expect(withCabinets.batchedMeshes - without.batchedMeshes).toBe(180 + 24);
    expect(withCabinets.batches - without.batches).toBeLessThanOrEqual(7);
    expect(withCabinets.batches - without.batches).toBeLessThan(50);
  });

  it('a worktop over two units is drawn unit by unit, cut round a sink with the bowl below; moving a unit away rebuilds both', () => {
    const { tk, storeyId } = withRoom();
    const graph = withGraph(tk);
    // Side by side at y 1500 (fronts to plan -y): a 600 at x 1700..2300, an 800 sink unit at 2300..3100.
    const { id: a } = tk.exec('cabinet.add', { storeyId, cabinetKind: 'base', position: { x: 2000, y: 1500, z: 0 } });
    const { id: b } = tk.exec('cabinet.add', { storeyId, cabinetKind: 'base', position: { x: 2700, y: 1500, z: 0 }, width: 800, fitting: 'sink' });
    // The plain unit: carcass, front, handle, and its part of the slab (one box, x 1700..2300).
    const plain = meshesOf(graph.objectFor(a)!);
    expect(plain).toHaveLength(4);
    expect(triangles(plain[3]!)).toBe(12);
    expect([boxOf([plain[3]!]).min.x, boxOf([plain[3]!]).max.x]).toEqual([1.7, 2.3].map((v) => expect.closeTo(v, 6)));
    // The sink unit: carcass, front, handles, its part of the slab, the tap, the bowl.
    const sink = meshesOf(graph.objectFor(b)!);
    expect(sink).toHaveLength(6);
    // x 2300..3100 cut round the 500 x 400 hole: a strip either side, one in front, one behind.
    expect(triangles(sink[3]!)).toBe(4 * 12);
    const top = boxOf([sink[3]!]);
    expect([top.min.x, top.max.x, top.min.y, top.max.y]).toEqual([2.3, 3.1, 0.82, 0.835].map((v) => expect.closeTo(v, 6)));
    // The bowl: its bottom and four sides, 200 below the slab's underside.
    const bowl = sink[5]!;
    expect(triangles(bowl)).toBe(5 * 2);
    expect(boxOf([bowl]).min.y).toBeCloseTo(0.62, 6);
    // A fitting on one unit rebuilds that unit only.
    tk.exec('cabinet.update', { id: b, sinkType: 'double' });
    expect(graph.lastSync.rebuilt.has(b)).toBe(true);
    expect(graph.lastSync.rebuilt.has(a)).toBe(false);

    // The plain unit moved 100 mm away: two worktops, each of its own unit.
    const m = tk.get(a, 'cabinet');
    tk.exec('cabinet.update', { id: a, position: { ...m.position, y: m.position.y + 100 } });
    expect(graph.lastSync.rebuilt.has(a)).toBe(true);
    expect(graph.lastSync.rebuilt.has(b)).toBe(true);
    expect(boxOf([meshesOf(graph.objectFor(a)!)[3]!]).max.x).toBeCloseTo(2.3, 6);
    expect(boxOf([meshesOf(graph.objectFor(b)!)[3]!]).min.x).toBeCloseTo(2.3, 6);
  });

  it('is picked in the 3D view and deleted as the selection', async () => {
    const k = new TestKernel();
    k.exec('scene.createDefaultRoom', {});
    const storeyId = k.ofType('storey')[0]!.id;
    const { id } = k.exec('cabinet.add', { storeyId, cabinetKind: 'tall', position: { x: 3000, y: 2500, z: 0 } });
    const r = await attachNodeRenderer(k);
    r.drawFrames();
    const camera = r.views.camera;
    camera.updateMatrixWorld();
    // The middle of its top: 100 + 2100 above the floor.
    const v = planToWorld({ x: 3000, y: 2500 }, 2200).project(camera);
    const hit = r.views.pick(((v.x + 1) / 2) * VIEWPORT.width, ((1 - v.y) / 2) * VIEWPORT.height);
    expect(hit?.id).toBe(id);
    k.exec('selection.set', { ids: [id] });
    k.keyDown('Delete');
    expect(k.kernel.records.get(id)).toBeUndefined();
    k.dispose();
  });
});

describe('cabinets in the plan view', () => {
  it('a click on a cabinet selects it; a drag moves it by the plan delta in one undo step', async () => {
    const k = new TestKernel();
    k.exec('scene.createDefaultRoom', {});
    const storeyId = k.ofType('storey')[0]!.id;
    const { id } = k.exec('cabinet.add', { storeyId, cabinetKind: 'base', position: { x: 3000, y: 2500, z: 0 }, rotation: Math.PI / 2 });
    await attachNodeRenderer(k);
    k.exec('view.setCamera', { view: 2 });
    await settle();
    // Turned a quarter: 600 wide along y, 560 deep along x.
    k.clickPlan({ x: 3000, y: 2500 + 280 });
    expect(k.get('selection', 'selection').ids).toEqual([id]);
    k.clickPlan({ x: 3000 + 400, y: 2500 });
    expect(k.get('selection', 'selection').ids).not.toEqual([id]);
    const steps = k.history.undoSteps;
    const before = k.documentJson();
    k.dragPlan({ x: 3000, y: 2500 }, { x: 3500, y: 2000 });
    const moved = k.get(id, 'cabinet');
    expect(moved.position.x).toBeCloseTo(3500, -1);
    expect(moved.position.y).toBeCloseTo(2000, -1);
    expect(k.history.undoSteps).toBe(steps + 1);
    k.undo();
    expect(k.documentJson()).toBe(before);
    k.dispose();
  });
});

const fills = (d: PlanDrawing, id: string) => d.fills.filter((f) => f.role === 'cabinet' && f.id === id);
const lines = (d: PlanDrawing, id: string) => d.lines.filter((l) => l.role === 'cabinet' && l.id === id).flatMap((l) => l.segments);

describe('cabinets in the plan', () => {
  it('a base unit is its outline filled, its door opened square with the swing arc; a wall unit dashed and unfilled', () => {
    const { tk, storeyId } = withRoom();
    const { id } = tk.exec('cabinet.add', { storeyId, cabinetKind: 'base', position: { x: 2000, y: 1500, z: 0 } });
    const drawing = drawPlan(tk.kernel.records, { pxPerMm: 0.1 });
    const [outline, ...more] = fills(drawing, id);
    expect(more).toEqual([]);
    const ring = outline!.rings[0]!.map((p) => [Math.round(p.x), Math.round(p.y)]);
    expect(ring).toEqual([
      [1700, 1220],
      [2300, 1220],
      [2300, 1780],
      [1700, 1780],
    ]);
    const segments = lines(drawing, id);
    // The leaf: from the hinge (x 1701.5 on the door's face, y 1202) straight out 597.
    const leaf = segments.findIndex((p, i) => i % 2 === 0 && Math.abs(p.x - 1701.5) < 1e-6 && Math.abs(p.y - 1202) < 1e-6);
    expect(leaf).toBeGreaterThanOrEqual(0);
    expect(segments[leaf + 1]!.y).toBeCloseTo(1202 - 597, 6);
    // The arc: every point of it 597 from the hinge.
    const arc = segments.slice(leaf + 2, leaf + 2 + 24);
    for (const p of arc) expect(Math.hypot(p.x - 1701.5, p.y - 1202)).toBeCloseTo(597, 6);

    const { id: wall } = tk.exec('cabinet.add', { storeyId, cabinetKind: 'wall', position: { x: 1000, y: 1500, z: 1450 } });
    const again = drawPlan(tk.kernel.records, { pxPerMm: 0.1 });
    expect(fills(again, wall)).toEqual([]);
    // Dashes: many short pieces around a 600 x 320 outline.
    const dashes = lines(again, wall);
    expect(dashes.length / 2).toBeGreaterThan(8);
    for (let i = 0; i < dashes.length; i += 2) expect(Math.hypot(dashes[i + 1]!.x - dashes[i]!.x, dashes[i + 1]!.y - dashes[i]!.y)).toBeLessThanOrEqual(60 + 1e-6);
  });

  it('a worktop is its pieces outlined 20 mm past the fronts, a hob its glass and two burners', () => {
    const { tk, storeyId } = withRoom();
    const { id } = tk.exec('cabinet.add', { storeyId, cabinetKind: 'base', position: { x: 2000, y: 1500, z: 0 }, width: 800, fitting: 'hob' });
    const segments = lines(drawPlan(tk.kernel.records, { pxPerMm: 0.1 }), id);
    const has = (p: { x: number; y: number }, q: { x: number; y: number }) => segments.some((s, i) => i % 2 === 0 && Math.hypot(s.x - p.x, s.y - p.y) < 1e-6 && Math.hypot(segments[i + 1]!.x - q.x, segments[i + 1]!.y - q.y) < 1e-6);
    // The front edge of the slab: y 1220 - 20, from x 2400 to 1600 (the ring runs back, then front).
    expect(has({ x: 2400, y: 1200 }, { x: 1600, y: 1200 })).toBe(true);
    // The hob's 760 x 450 glass about the slab's middle (y 1490).
    expect(has({ x: 1620, y: 1490 - 225 }, { x: 2380, y: 1490 - 225 })).toBe(true);
  });

  it('sliding doors are their panels on two tracks; selection shows in its state', () => {
    const { tk, storeyId } = withRoom();
    const { id } = tk.exec('cabinet.add', { storeyId, cabinetKind: 'wardrobe', width: 2400, position: { x: 2000, y: 1500, z: 0 }, doorType: 'sliding', doorPanels: 2, handleId: 'SLIDE' });
    const segments = lines(drawPlan(tk.kernel.records, { pxPerMm: 0.1 }), id);
    // The outline (4 edges) and two panels of (2364 + 40) / 2 = 1202, on tracks 25 apart.
    expect(segments).toHaveLength(12);
    const [a0, a1, b0, b1] = segments.slice(8) as [{ x: number; y: number }, { x: number; y: number }, { x: number; y: number }, { x: number; y: number }];
    expect(a1.x - a0.x).toBeCloseTo(1202, 6);
    expect(b1.x - b0.x).toBeCloseTo(1202, 6);
    expect(Math.abs(a0.y - b0.y)).toBeCloseTo(25, 6);
    tk.exec('selection.set', { ids: [id] });
    expect(fills(drawPlan(tk.kernel.records, { pxPerMm: 0.1 }), id)[0]!.state).toBe('selected');
  });
});
