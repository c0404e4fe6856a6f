import { afterEach, describe, expect, it } from 'vitest';
import { Vector3 } from 'three';
import { GIZMO_ARROW_PX, GIZMO_CENTRE_PX, GIZMO_RING_PX, GIZMO_SCALE_PX } from '../../kernel-worker/render/gizmo';
import { attachNodeRenderer, settle, VIEWPORT, type NodeRenderer } from './render-kit';
import { TestKernel } from './test-kernel';

// The model gizmo in the 3D views (render/gizmo.ts) and the select tool's model drags: on the
// gizmo in 3D (move along x, y or freely on the floor; turn with the ring) and by the footprint in
// the plan view. Each drag is one undo step; Esc leaves nothing behind. The default room (centre
// lines 6000 x 5000) with one 1000 x 600 x 800 model in its middle, seen from the bird eye.

let kernels: TestKernel[] = [];
afterEach(() => {
  kernels.forEach((k) => k.dispose());
  kernels = [];
});

const CENTRE = { x: 3000, y: 2500 };

async function scene(): Promise<{ k: TestKernel; r: NodeRenderer; model: string }> {
  const k = new TestKernel();
  kernels.push(k);
  k.exec('scene.createDefaultRoom', {});
  const { id } = k.exec('model.add', { modelId: 'sofa-1', position: { ...CENTRE, z: 0 }, size: { x: 1000, y: 600, z: 800 } });
  const r = await attachNodeRenderer(k);
  k.exec('selection.set', { ids: [id] });
  await settle();
  r.drawFrames();
  return { k, r, model: id };
}

/** Where a point of the gizmo (its own pixel units: x east, -z north on the floor) is on the canvas. */
function gizmoScreen(r: NodeRenderer, local: { x: number; z: number }): { x: number; y: number } {
  const camera = r.views.camera;
  camera.updateMatrixWorld();
  r.views.gizmo.group.updateMatrixWorld();
  const v = r.views.gizmo.group.localToWorld(new Vector3(local.x, 0, local.z)).project(camera);
  return { x: ((v.x + 1) / 2) * VIEWPORT.width, y: ((1 - v.y) / 2) * VIEWPORT.height };
}

const ringAt = (angle: number) => ({ x: GIZMO_RING_PX * Math.cos(angle), z: -GIZMO_RING_PX * Math.sin(angle) });

describe('model gizmo', () => {
  it('shows on exactly one selected model, at its base, and nowhere else', async () => {
    const { k, r, model } = await scene();
    const gizmo = r.views.gizmo;
    expect(gizmo.target).toBe(model);
    expect(gizmo.group.visible).toBe(true);
    expect(gizmo.group.position.x).toBeCloseTo(3, 6);
    expect(gizmo.group.position.z).toBeCloseTo(-2.5, 6);

    const wall = k.ofType('wall')[0]!.id;
    k.exec('selection.set', { ids: [model, wall] });
    await settle();
    expect(gizmo.group.visible).toBe(false);
    k.exec('selection.set', { ids: [wall] });
    await settle();
    expect(gizmo.target).toBeNull();
    k.exec('selection.set', { ids: [model] });
    await settle();
    expect(gizmo.group.visible).toBe(true);

    // Not in captures, not in the plan view.
    const restore = r.views.withoutHighlight();
    expect(gizmo.group.visible).toBe(false);
    restore();
    expect(gizmo.group.visible).toBe(true);
    k.exec('view.setCamera', { view: 2 });
    await settle();
    r.drawFrames();
    expect(gizmo.group.visible).toBe(false);
  });

  it('keeps its size on screen whatever the camera distance', async () => {
    const { k, r } = await scene();
    const length = () => {
      const a = gizmoScreen(r, { x: 0, z: 0 });
      // The x arrow runs across the bird eye's view: little foreshortening either way.
      const b = gizmoScreen(r, { x: GIZMO_ARROW_PX, z: 0 });
      return Math.hypot(a.x - b.x, a.y - b.y);
    };
    const before = length();
    // Zoom in a lot: the model comes much nearer.
    const distance = r.views.camera.position.distanceTo(r.views.gizmo.group.position);
    for (let i = 0; i < 10; i++) k.wheel(600, 400, -200);
    r.drawFrames();
    expect(r.views.camera.position.distanceTo(r.views.gizmo.group.position)).toBeLessThan(distance / 2);
    expect(length()).toBeGreaterThan(before * 0.7);
    expect(length()).toBeLessThan(before * 1.4);
  });

  it('hit-tests its handles on screen', async () => {
    const { r } = await scene();
    const hit = (p: { x: number; y: number }) => r.views.gizmoHit(p.x, p.y);
    expect(hit(gizmoScreen(r, { x: 0, z: 0 }))).toBe('move-xy');
    expect(hit(gizmoScreen(r, { x: GIZMO_ARROW_PX - 10, z: 0 }))).toBe('move-x');
    expect(hit(gizmoScreen(r, { x: 0, z: -(GIZMO_ARROW_PX - 10) }))).toBe('move-y');
    expect(hit(gizmoScreen(r, ringAt(2.2)))).toBe('rotate');
    expect(hit({ x: 5, y: 5 })).toBeNull();
    expect(hit(gizmoScreen(r, { x: GIZMO_SCALE_PX, z: -GIZMO_SCALE_PX }))).toBe('scale');
    expect(hit(gizmoScreen(r, { x: GIZMO_CENTRE_PX + 20, z: -(GIZMO_CENTRE_PX + 20) }))).toBeNull();
  });

  it('dragging the centre moves the model by the pointer floor delta, in one undo step, without turning the camera', async () => {
    const { k, r, model } = await scene();
    const steps = k.history.undoSteps;
    const before = k.documentJson();
    const camera = r.views.camera.position.clone();
    const from = gizmoScreen(r, { x: 0, z: 0 });
    const to = { x: from.x + 120, y: from.y - 60 };
    const level = { storeyId: null, z: 0 };
    const a = r.views.floorPoint(from.x, from.y, level)!;
    const b = r.views.floorPoint(to.x, to.y, level)!;
    k.drag(from, to, 6);
    const moved = k.get(model, 'model');
    expect(moved.position.x).toBeCloseTo(CENTRE.x + (b.x - a.x), -1);
    expect(moved.position.y).toBeCloseTo(CENTRE.y + (b.y - a.y), -1);
    expect(Math.abs(moved.position.x - CENTRE.x)).toBeGreaterThan(100);
    expect(moved.position.z).toBe(0);
    expect(r.views.camera.position.distanceTo(camera)).toBe(0);
    expect(k.history.undoSteps).toBe(steps + 1);
    expect(k.history.marks).toEqual([]);
    // The gizmo followed the model.
    await settle();
    expect(r.views.gizmo.group.position.x).toBeCloseTo(moved.position.x / 1000, 6);
    k.undo();
    expect(k.documentJson()).toBe(before);
    k.expectMirrorInSync();
  });

  it('an arrow moves along its axis only', async () => {
    const { k, r, model } = await scene();
    const from = gizmoScreen(r, { x: GIZMO_ARROW_PX - 10, z: 0 });
    k.drag(from, { x: from.x + 80, y: from.y + 50 });
    const m = k.get(model, 'model');
    expect(m.position.x).toBeGreaterThan(CENTRE.x + 100);
    expect(m.position.y).toBe(CENTRE.y);
    await settle();
    r.drawFrames();
    const fromY = gizmoScreen(r, { x: 0, z: -(GIZMO_ARROW_PX - 10) });
    k.drag(fromY, { x: fromY.x + 80, y: fromY.y - 70 });
    const n = k.get(model, 'model');
    expect(n.position.x).toBe(m.position.x);
    expect(n.position.y).toBeGreaterThan(CENTRE.y + 100);
  });

  it('a free move into a wall is pushed back out, flush against its face', async () => {
    const { k, r, model } = await scene();
    const from = gizmoScreen(r, { x: 0, z: 0 });
    // The east wall's inner face is x = 5880 (centre line 6000, 240 thick): the model's centre is
    // dragged to 5900, half of it inside the wall.
    const past = { x: 5900, y: CENTRE.y };
    const camera = r.views.camera;
    camera.updateMatrixWorld();
    const v = new Vector3(past.x / 1000, 0, -past.y / 1000).project(camera);
    const to = { x: ((v.x + 1) / 2) * VIEWPORT.width, y: ((1 - v.y) / 2) * VIEWPORT.height };
    k.drag(from, to, 8);
    const m = k.get(model, 'model');
    expect(m.position.x + m.size.x / 2).toBeLessThanOrEqual(5880);
    expect(m.position.x + m.size.x / 2).toBeGreaterThan(5870);
    expect(m.position.y).toBeCloseTo(CENTRE.y, -1);
  });

  it('Esc in the middle of a gizmo drag leaves nothing: no change, no undo step, no redo', async () => {
    const { k, r } = await scene();
    const steps = k.history.undoSteps;
    const before = k.documentJson();
    const from = gizmoScreen(r, { x: 0, z: 0 });
    k.pointerDown(from.x, from.y).pointerMove(from.x + 40, from.y).pointerMove(from.x + 90, from.y + 30);
    expect(k.documentJson()).not.toBe(before);
    expect(k.history.marks).toHaveLength(1);
    k.press('Escape');
    expect(k.documentJson()).toBe(before);
    expect(k.history.marks).toEqual([]);
    k.pointerMove(from.x + 150, from.y + 30).pointerUp(from.x + 150, from.y + 30);
    expect(k.documentJson()).toBe(before);
    expect(k.history.undoSteps).toBe(steps);
    expect(k.history.canRedo).toBe(false);
    k.expectMirrorInSync();
  });

  it('the ring turns the model counter-clockwise by the angle swept around its centre, in 15° steps; Shift turns freely', async () => {
    const { k, r, model } = await scene();
    const steps = k.history.undoSteps;
    const start = gizmoScreen(r, ringAt(0));
    const quarter = gizmoScreen(r, ringAt(Math.PI / 2));
    const mid = gizmoScreen(r, ringAt(Math.PI / 4));
    k.pointerDown(start.x, start.y).pointerMove(mid.x, mid.y).pointerMove(quarter.x, quarter.y).pointerUp(quarter.x, quarter.y);
    const m = k.get(model, 'model');
    expect(m.rotation).toBeCloseTo(Math.PI / 2, 1);
    expect(m.position).toEqual({ ...CENTRE, z: 0 });
    expect(k.history.undoSteps).toBe(steps + 1);

    await settle();
    r.drawFrames();
    const a = gizmoScreen(r, ringAt(0));
    const b = gizmoScreen(r, ringAt(-0.3));
    k.pointerDown(a.x, a.y).pointerMove(b.x, b.y).pointerUp(b.x, b.y);
    const turned = k.get(model, 'model').rotation;
    expect(turned).toBeCloseTo(Math.PI / 2 - Math.PI / 12, 6);

    await settle();
    r.drawFrames();
    const c = gizmoScreen(r, ringAt(0));
    const e = gizmoScreen(r, ringAt(0.1));
    k.pointerDown(c.x, c.y).pointerMove(e.x, e.y, { shiftKey: true }).pointerUp(e.x, e.y, { shiftKey: true });
    const free = k.get(model, 'model').rotation;
    // About 0.1 rad more, not a whole step: no snapping with Shift.
    expect(free - turned).toBeGreaterThan(0.05);
    expect(free - turned).toBeLessThan(0.15);
  });

  it('the cube resizes the model in proportion, in one undo step; a fixed-size piece has no cube', async () => {
    const { k, r, model } = await scene();
    const steps = k.history.undoSteps;
    const from = gizmoScreen(r, { x: GIZMO_SCALE_PX, z: -GIZMO_SCALE_PX });
    // Half again as far from the base centre on screen: the floor point moves about as far.
    const to = gizmoScreen(r, { x: GIZMO_SCALE_PX * 1.5, z: -GIZMO_SCALE_PX * 1.5 });
    k.pointerDown(from.x, from.y).pointerMove(to.x, to.y).pointerUp(to.x, to.y);
    const m = k.get(model, 'model');
    expect(m.size.x / 1000).toBeCloseTo(1.5, 1);
    // Every side by the same factor, the base centre where it was.
    expect(m.size.y / 600).toBeCloseTo(m.size.x / 1000, 2);
    expect(m.size.z / 800).toBeCloseTo(m.size.x / 1000, 2);
    expect(m.position).toEqual({ ...CENTRE, z: 0 });
    expect(k.history.undoSteps).toBe(steps + 1);
    k.undo();
    expect(k.get(model, 'model').size).toEqual({ x: 1000, y: 600, z: 800 });

    k.exec('model.update', { id: model, resizable: false });
    await settle();
    r.drawFrames();
    const cube = gizmoScreen(r, { x: GIZMO_SCALE_PX, z: -GIZMO_SCALE_PX });
    expect(r.views.gizmoHit(cube.x, cube.y)).toBeNull();
    const far = gizmoScreen(r, { x: GIZMO_SCALE_PX * 1.5, z: -GIZMO_SCALE_PX * 1.5 });
    k.pointerDown(cube.x, cube.y).pointerMove(far.x, far.y).pointerUp(far.x, far.y);
    expect(k.get(model, 'model').size).toEqual({ x: 1000, y: 600, z: 800 });
  });

  it('a press off the gizmo still orbits the camera and selects nothing new', async () => {
    const { k, r, model } = await scene();
    const camera = r.views.camera.position.clone();
    const before = k.documentJson();
    k.drag({ x: 80, y: 80 }, { x: 200, y: 120 });
    expect(r.views.camera.position.distanceTo(camera)).toBeGreaterThan(0.01);
    expect(k.documentJson()).toBe(before);
    expect(k.get(model, 'model').position).toEqual({ ...CENTRE, z: 0 });
  });

  it('floorPoint misses above the horizon', async () => {
    const { r } = await scene();
    r.views.input({ kind: 'pointer', type: 'pointerdown', x: 600, y: 400, button: 0, buttons: 1, pointerId: 1, pointerType: 'mouse', shiftKey: false, ctrlKey: false, altKey: false, metaKey: false });
    // Tilt the bird eye down to the horizon, then look for the floor at the top of the canvas.
    r.views.input({ kind: 'pointer', type: 'pointermove', x: 600, y: -4000, button: 0, buttons: 1, pointerId: 1, pointerType: 'mouse', shiftKey: false, ctrlKey: false, altKey: false, metaKey: false });
    r.drawFrames();
    expect(r.views.floorPoint(600, 0, { storeyId: null, z: 0 })).toBeNull();
  });
});

describe('models in the plan view', () => {
  it('a drag on a model footprint moves it by the plan delta in one undo step; hover names it', async () => {
    const { k, model } = await scene();
    k.exec('view.setCamera', { view: 2 });
    k.exec('selection.set', { ids: [] });
    await settle();
    k.movePlan({ x: 3200, y: 2600 });
    expect(k.get('tool', 'tool').hoverId).toBe(model);
    const steps = k.history.undoSteps;
    const before = k.documentJson();
    k.dragPlan({ x: 3200, y: 2600 }, { x: 3700, y: 2100 });
    const m = k.get(model, 'model');
    expect(m.position.x).toBeCloseTo(3500, -1);
    expect(m.position.y).toBeCloseTo(2000, -1);
    expect(k.get('selection', 'selection').ids).toEqual([model]);
    expect(k.history.undoSteps).toBe(steps + 1);
    k.undo();
    expect(k.documentJson()).toBe(before);
  });

  it('a turned model is hit by its turned footprint', async () => {
    const { k, model } = await scene();
    k.exec('model.update', { id: model, rotation: Math.PI / 2 });
    k.exec('view.setCamera', { view: 2 });
    k.exec('selection.set', { ids: [] });
    await settle();
    // 1000 along x became 1000 along y: 450 north of the centre is on it, 450 east is not.
    k.clickPlan({ x: CENTRE.x, y: CENTRE.y + 450 });
    expect(k.get('selection', 'selection').ids).toEqual([model]);
    k.clickPlan({ x: CENTRE.x + 450, y: CENTRE.y });
    expect(k.get('selection', 'selection').ids).not.toEqual([model]);
  });
});
