import { afterEach, describe, expect, it } from 'vitest';
import { Vector3 } from 'three';
import type { ModelRecord, Vec2, Vec3 } from '../../protocol/records';
import { FLUSH_GAP, footprintCorners } from '../../kernel-worker/geometry';
import { PASTE_OFFSET } from '../../kernel-worker/tools/manager';
import { attachNodeRenderer, settle, VIEWPORT, type NodeRenderer } from './render-kit';
import { TestKernel } from './test-kernel';

// Furnishing in the kernel: the drop query (where a catalogue card let go over the canvas lands,
// through the plan's frame or the 3D camera), model drags snapping against walls and neighbours,
// Ctrl+C / Ctrl+V and Ctrl+H on models. The default room: wall centre lines 6000 x 5000, 240
// thick, so the inner faces are x 120..5880 and y 120..4880.

let kernels: TestKernel[] = [];
afterEach(() => {
  kernels.forEach((k) => k.dispose());
  kernels = [];
});

const SOFA: Vec3 = { x: 2000, y: 900, z: 800 };
const TABLE: Vec3 = { x: 1200, y: 600, z: 750 };
const LAMP: Vec3 = { x: 300, y: 300, z: 450 };

function room(): TestKernel {
  const k = new TestKernel();
  kernels.push(k);
  k.exec('scene.createDefaultRoom', {});
  return k;
}

function inPlan(): TestKernel {
  const k = room();
  k.exec('view.setCamera', { view: 2 });
  return k;
}

function bounds(m: Pick<ModelRecord, 'position' | 'rotation' | 'size'>) {
  const c = footprintCorners(m.position, m.rotation, m.size);
  return { minX: Math.min(...c.map((p) => p.x)), maxX: Math.max(...c.map((p) => p.x)), minY: Math.min(...c.map((p) => p.y)), maxY: Math.max(...c.map((p) => p.y)) };
}

/** Canvas point (CSS px) of a plan point z mm above the floor, through the 3D camera. */
function screenOf(r: NodeRenderer, p: Vec2, z = 0): { x: number; y: number } {
  const camera = r.views.camera;
  camera.updateMatrixWorld();
  const v = new Vector3(p.x / 1000, z / 1000, -p.y / 1000).project(camera);
  return { x: ((v.x + 1) / 2) * VIEWPORT.width, y: ((1 - v.y) / 2) * VIEWPORT.height };
}

describe('drop query in the plan view', () => {
  it('lands a floor piece under the pointer, and refuses a point outside the room', () => {
    const k = inPlan();
    const at = k.toScreen({ x: 3000, y: 2500 });
    const drop = k.kernel.dropPlacement(at.x, at.y, { size: SOFA, mount: 'floor' });
    expect(drop.ok).toBe(true);
    if (!drop.ok) return;
    expect(drop.position.x).toBeCloseTo(3000, -1);
    expect(drop.position.y).toBeCloseTo(2500, -1);
    expect(drop.position.z).toBe(0);
    expect(drop.storeyId).toBe(k.ofType('storey')[0]!.id);
    expect(drop.roomId).toBe(k.ofType('room')[0]!.id);

    const out = k.toScreen({ x: 9000, y: 2500 });
    expect(k.kernel.dropPlacement(out.x, out.y, { size: SOFA, mount: 'floor' })).toEqual({ ok: false, reason: 'outside' });
  });

  it('turns a piece dropped by a wall back to it and puts it flush; the query changes nothing', () => {
    const k = inPlan();
    const before = k.documentJson();
    const at = k.toScreen({ x: 3000, y: 4500 });
    const drop = k.kernel.dropPlacement(at.x, at.y, { size: SOFA, mount: 'floor' });
    if (!drop.ok) throw new Error('refused');
    expect(bounds({ ...drop, size: SOFA }).maxY).toBeCloseTo(4880 - FLUSH_GAP, 3);
    expect(-Math.cos(drop.rotation)).toBeCloseTo(-1, 6);
    expect(k.documentJson()).toBe(before);
  });

  it('stands a lamp dropped over a table on the table top', () => {
    const k = inPlan();
    k.exec('model.add', { modelId: 'table', position: { x: 2000, y: 2000, z: 0 }, size: TABLE, mount: 'floor' });
    const at = k.toScreen({ x: 2100, y: 2050 });
    const drop = k.kernel.dropPlacement(at.x, at.y, { size: LAMP, mount: 'surface' });
    expect(drop.ok && drop.position.z).toBe(750);
  });
});

describe('drop query in the 3D views', () => {
  async function scene3d() {
    const k = room();
    const r = await attachNodeRenderer(k);
    await settle();
    r.drawFrames();
    return { k, r };
  }

  it('lands a floor piece on the floor point under the pointer, from the bird eye', async () => {
    const { k, r } = await scene3d();
    const at = screenOf(r, { x: 2500, y: 2000 });
    const drop = k.kernel.dropPlacement(at.x, at.y, { size: SOFA, mount: 'floor' });
    if (!drop.ok) throw new Error('refused');
    expect(drop.position.x).toBeCloseTo(2500, -1);
    expect(drop.position.y).toBeCloseTo(2000, -1);
    expect(drop.position.z).toBe(0);
  });

  it('stands a lamp on the table the pointer is over, and hangs a ceiling lamp under the ceiling', async () => {
    const { k, r } = await scene3d();
    k.exec('model.add', { modelId: 'table', position: { x: 2000, y: 2000, z: 0 }, size: TABLE, mount: 'floor' });
    await settle();
    r.drawFrames();
    const top = screenOf(r, { x: 2000, y: 2000 }, TABLE.z);
    const drop = k.kernel.dropPlacement(top.x, top.y, { size: LAMP, mount: 'surface' });
    if (!drop.ok) throw new Error('refused');
    expect(drop.position.z).toBe(750);
    expect(Math.hypot(drop.position.x - 2000, drop.position.y - 2000)).toBeLessThan(100);

    const floor = screenOf(r, { x: 4000, y: 3000 });
    const lamp = k.kernel.dropPlacement(floor.x, floor.y, { size: LAMP, mount: 'ceiling' });
    expect(lamp.ok && lamp.position.z).toBe(2800 - LAMP.z);
  });

  it('hangs a wall piece on the wall face under the pointer, back to it, at the pointer height', async () => {
    const { k, r } = await scene3d();
    const PICTURE = { x: 800, y: 40, z: 600 };
    // The north wall's inner face (y = 4880), seen over the south wall from the bird eye.
    const at = screenOf(r, { x: 3000, y: 4880 }, 1800);
    const hit = k.kernel.pick(at.x, at.y);
    expect(hit?.id).toBe(k.ofType('wall').find((w) => w.start.y === 5000 && w.end.y === 5000)?.id);
    const drop = k.kernel.dropPlacement(at.x, at.y, { size: PICTURE, mount: 'wall' });
    if (!drop.ok) throw new Error('refused');
    expect(drop.position.y).toBeCloseTo(4880 - PICTURE.y / 2 - 1, 3);
    expect(drop.position.x).toBeCloseTo(3000, -1);
    expect(drop.position.z).toBeCloseTo(1800 - PICTURE.z / 2, -1);
    expect(-Math.cos(drop.rotation)).toBeCloseTo(-1, 6);
  });

  it('hangs a ceiling lamp where the pointer meets the ceiling when looking up in the roam view', async () => {
    const { k, r } = await scene3d();
    k.exec('view.setCamera', { view: 1 });
    await settle();
    r.drawFrames(120);
    // The top edge of the canvas looks above the horizon: no floor there, the ceiling instead.
    expect(r.views.floorPoint(VIEWPORT.width / 2, 2, { storeyId: null, z: 0 })).toBeNull();
    const drop = k.kernel.dropPlacement(VIEWPORT.width / 2, 2, { size: LAMP, mount: 'ceiling' });
    if (!drop.ok) throw new Error(`refused: ${drop.reason}`);
    expect(drop.position.z).toBe(2800 - LAMP.z);
    expect(k.kernel.dropPlacement(VIEWPORT.width / 2, 2, { size: SOFA, mount: 'floor' })).toEqual({ ok: false, reason: 'outside' });
  });

  it('refuses a drop above the horizon or beside the house', async () => {
    const { k, r } = await scene3d();
    const beside = screenOf(r, { x: -3000, y: 2500 });
    expect(k.kernel.dropPlacement(beside.x, beside.y, { size: SOFA, mount: 'floor' })).toEqual({ ok: false, reason: 'outside' });
  });
});

describe('model drags snap', () => {
  it('a plan drag near a wall ends flush against it, and one into the wall is pushed back out', () => {
    const k = inPlan();
    const { id } = k.exec('model.add', { modelId: 'sofa', position: { x: 3000, y: 2500, z: 0 }, size: SOFA, mount: 'floor' });
    // Bottom face y = 120: back edge 40 mm from it.
    k.dragPlan({ x: 3000, y: 2500 }, { x: 3000, y: 120 + 40 + SOFA.y / 2 });
    expect(bounds(k.get(id, 'model')).minY).toBeCloseTo(120 + FLUSH_GAP, 0);
    const steps = k.history.undoSteps;
    const at = k.get(id, 'model').position;
    k.dragPlan({ x: at.x, y: at.y }, { x: 5800, y: at.y });
    const b = bounds(k.get(id, 'model'));
    expect(b.maxX).toBeLessThanOrEqual(5880 - FLUSH_GAP + 0.5);
    expect(b.maxX).toBeGreaterThan(5800);
    expect(k.history.undoSteps).toBe(steps + 1);
  });

  it('a plan drag lines a piece up with its neighbour; Shift drags freely', () => {
    const k = inPlan();
    k.exec('model.add', { modelId: 'table', position: { x: 2000, y: 2500, z: 0 }, size: TABLE, mount: 'floor' });
    const { id } = k.exec('model.add', { modelId: 'chair', position: { x: 4000, y: 2500, z: 0 }, size: { x: 500, y: 500, z: 900 }, mount: 'floor' });
    // Right edge of the table x = 2600; the chair's left edge is dropped 30 mm beyond it.
    k.dragPlan({ x: 4000, y: 2500 }, { x: 2600 + 30 + 250, y: 2500 });
    expect(bounds(k.get(id, 'model')).minX).toBeCloseTo(2600, 0);
  });

  it('a surface piece dragged onto a table stands on it, and off it back on the floor', () => {
    const k = inPlan();
    k.exec('model.add', { modelId: 'table', position: { x: 2000, y: 2500, z: 0 }, size: TABLE, mount: 'floor' });
    const { id } = k.exec('model.add', { modelId: 'lamp', position: { x: 4000, y: 2500, z: 0 }, size: LAMP, mount: 'surface' });
    k.dragPlan({ x: 4000, y: 2500 }, { x: 2000, y: 2400 });
    expect(k.get(id, 'model').position.z).toBe(750);
    k.dragPlan({ x: 2000, y: 2400 }, { x: 4000, y: 3500 });
    expect(k.get(id, 'model').position.z).toBe(0);
  });
});

describe('Ctrl+C, Ctrl+V and Ctrl+H on models', () => {
  it('pastes offset copies of the selected models in one undo step and selects them', () => {
    const k = inPlan();
    const { id } = k.exec('model.add', { modelId: 'chair', name: '椅子', position: { x: 2000, y: 2500, z: 0 }, rotation: 0.5, size: { x: 500, y: 500, z: 900 }, mount: 'floor', gltfUrl: '/files/chair.glb' });
    k.exec('selection.set', { ids: [id] });
    const before = k.documentJson();
    const steps = k.history.undoSteps;
    k.press('c', { ctrlKey: true }).press('v', { ctrlKey: true });
    const models = k.ofType('model');
    expect(models).toHaveLength(2);
    const copy = models.find((m) => m.id !== id)!;
    expect(copy).toMatchObject({ modelId: 'chair', name: '椅子', rotation: 0.5, size: { x: 500, y: 500, z: 900 }, mount: 'floor', gltfUrl: '/files/chair.glb' });
    expect(copy.position).toEqual({ x: 2000 + PASTE_OFFSET, y: 2500, z: 0 });
    expect(k.snapshot.selection).toEqual([copy.id]);
    expect(k.history.undoSteps).toBe(steps + 1);
    // A second paste goes a step further.
    k.press('v', { ctrlKey: true });
    expect(k.ofType('model').map((m) => m.position.x).sort()).toEqual([2000, 2000 + PASTE_OFFSET, 2000 + 2 * PASTE_OFFSET]);
    k.undo();
    k.undo();
    expect(k.documentJson()).toBe(before);
    k.expectMirrorInSync();
  });

  it('keeps pasted copies out of the walls', () => {
    const k = inPlan();
    const { id } = k.exec('model.add', { modelId: 'chest', position: { x: 5500, y: 2500, z: 0 }, size: { x: 600, y: 500, z: 900 }, mount: 'floor' });
    k.exec('selection.set', { ids: [id] });
    k.press('c', { ctrlKey: true }).press('v', { ctrlKey: true });
    const copy = k.ofType('model').find((m) => m.id !== id)!;
    expect(bounds(copy).maxX).toBeLessThanOrEqual(5880);
  });

  // (Walls, openings and rooms' contents copy too: tests/kernel/clipboard.test.ts.)
  it('Ctrl+V with nothing copied, or Ctrl+C with nothing selected, adds nothing', () => {
    const k = inPlan();
    const before = k.documentJson();
    k.press('v', { ctrlKey: true });
    k.exec('selection.set', { ids: [] });
    k.press('c', { ctrlKey: true }).press('v', { ctrlKey: true });
    expect(k.documentJson()).toBe(before);
  });

  it('Ctrl+H hides the selected model (not hit in the plan, not drawn there), again shows it; nothing selected shows all; each an undo step', () => {
    const k = inPlan();
    const { id } = k.exec('model.add', { modelId: 'sofa', position: { x: 3000, y: 2500, z: 0 }, size: SOFA, mount: 'floor' });
    k.exec('selection.set', { ids: [id] });
    const steps = k.history.undoSteps;
    k.press('h', { ctrlKey: true });
    expect(k.get(id, 'model').hidden).toBe(true);
    expect(k.history.undoSteps).toBe(steps + 1);
    k.clickPlan({ x: 3000, y: 2500 });
    expect(k.snapshot.selection).not.toContain(id);
    k.exec('selection.set', { ids: [id] });
    k.press('h', { ctrlKey: true });
    expect(k.get(id, 'model').hidden).toBe(false);
    k.press('h', { ctrlKey: true });
    k.exec('selection.set', { ids: [] });
    k.press('h', { ctrlKey: true });
    expect(k.get(id, 'model').hidden).toBe(false);
    k.clickPlan({ x: 3000, y: 2500 });
    expect(k.snapshot.selection).toEqual([id]);
    k.expectMirrorInSync();
  });

  it('a hidden model is not drawn in 3D and gets no gizmo', async () => {
    const k = room();
    const { id } = k.exec('model.add', { modelId: 'sofa', position: { x: 3000, y: 2500, z: 0 }, size: SOFA, mount: 'floor' });
    const r = await attachNodeRenderer(k);
    k.exec('selection.set', { ids: [id] });
    await settle();
    r.drawFrames();
    expect(r.views.gizmo.target).toBe(id);
    k.press('h', { ctrlKey: true });
    await settle();
    r.drawFrames();
    expect(r.views.gizmo.target).toBeNull();
    const at = screenOf(r, { x: 3000, y: 2500 }, SOFA.z);
    expect(k.kernel.pick(at.x, at.y)?.id).not.toBe(id);
  });
});

describe('model.settle (the position update after a replacement)', () => {
  it('moves a piece that grew into a wall back out in one undo step, and leaves a well placed one alone', () => {
    const k = inPlan();
    const { id } = k.exec('model.add', { modelId: 'sofa', position: { x: 3000, y: 120 + 1 + 450, z: 0 }, size: SOFA, mount: 'floor' });
    // Replaced by a 1200 deep corner sofa: its back now reaches 150 mm into the south wall.
    k.exec('model.update', { id, size: { x: 2400, y: 1200, z: 850 } });
    const steps = k.history.undoSteps;
    k.exec('model.settle', { id });
    const m = k.get(id, 'model');
    expect(bounds(m).minY).toBeGreaterThanOrEqual(120);
    expect(bounds(m).minY).toBeLessThan(123);
    expect(m.position.x).toBe(3000);
    expect(k.history.undoSteps).toBe(steps + 1);
    const after = k.documentJson();
    k.exec('model.settle', { id });
    expect(k.documentJson()).toBe(after);
    expect(k.history.undoSteps).toBe(steps + 1);
  });

  it('puts a replaced table lamp on the table top', () => {
    const k = inPlan();
    k.exec('model.add', { modelId: 'table', position: { x: 2000, y: 2000, z: 0 }, size: TABLE, mount: 'floor' });
    const { id } = k.exec('model.add', { modelId: 'lamp', position: { x: 2000, y: 2000, z: 750 }, size: LAMP, mount: 'surface' });
    k.exec('model.update', { id, position: { x: 2000, y: 2000, z: 0 } });
    k.exec('model.settle', { id });
    expect(k.get(id, 'model').position.z).toBe(750);
  });
});
