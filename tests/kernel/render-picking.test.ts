import { afterEach, describe, expect, it } from 'vitest';
import { BoxGeometry, Group, Mesh, MeshStandardMaterial, PerspectiveCamera, PointLight, Raycaster, SpotLight, Vector2, Vector3 } from 'three';
import { createPicker, recordIdOf } from '../../kernel-worker/render/picking';
import { SELECTION_COLOUR } from '../../kernel-worker/render/highlight';
import { MAX_ROOM_LIGHTS } from '../../kernel-worker/render/lighting';
import { planToWorld } from '../../kernel-worker/render/coords';
import { attachNodeRenderer, settle, VIEWPORT, type NodeRenderer } from './render-kit';
import { TestKernel } from './test-kernel';

// Picking in the 3D views (three-mesh-bvh over the records' meshes), the selection outline and
// hover tint, Ctrl+H, and the room lights, on the default room (centre lines 6000 x 5000, 240
// thick walls 2800 high).

let kernels: TestKernel[] = [];
afterEach(() => {
  kernels.forEach((k) => k.dispose());
  kernels = [];
});

async function room(): Promise<{ k: TestKernel; r: NodeRenderer; wall: (side: string) => string }> {
  const k = new TestKernel();
  kernels.push(k);
  k.exec('scene.createDefaultRoom', {});
  const r = await attachNodeRenderer(k);
  r.drawFrames();
  return { k, r, wall: (side) => k.ofType('wall').find((w) => w.id.endsWith(side))!.id };
}

/** Where a plan point (mm, z above the floor) appears on the canvas. */
function screenOf(r: NodeRenderer, x: number, y: number, z: number): { x: number; y: number } {
  const camera = r.views.camera;
  camera.updateMatrixWorld();
  const v = planToWorld({ x, y }, z).project(camera);
  return { x: ((v.x + 1) / 2) * VIEWPORT.width, y: ((1 - v.y) / 2) * VIEWPORT.height };
}

function meshesOf(r: NodeRenderer, id: string): Mesh[] {
  const out: Mesh[] = [];
  r.graph.objectFor(id)?.traverse((o) => {
    if (o instanceof Mesh) out.push(o);
  });
  return out;
}

describe('picking', () => {
  it('returns the wall under the pointer and where its face was hit, in plan mm', async () => {
    const { r, wall } = await room();
    // The bird eye looks from the south-south-east: the south wall's outer face (y -120) is in view.
    const at = screenOf(r, 3000, -120, 1400);
    const hit = r.views.pick(at.x, at.y)!;
    expect(hit.id).toBe(wall('south'));
    expect(hit.point.x).toBeCloseTo(3000, -1);
    expect(hit.point.y).toBeCloseTo(-120, 0);
    expect(hit.point.z).toBeCloseTo(1400, -1);
  });

  it('returns the room for its floor, and null for empty space', async () => {
    const { k, r } = await room();
    const at = screenOf(r, 3000, 3500, 0);
    const hit = r.views.pick(at.x, at.y)!;
    expect(hit.id).toBe(k.ofType('room')[0]!.id);
    expect(hit.point.z).toBeCloseTo(1, 0);
    expect(r.views.pick(5, 5)).toBeNull();
  });

  it('still picks in wireframe, never in the 2D top view, and not what Ctrl+H hid', async () => {
    const { k, r, wall } = await room();
    const at = screenOf(r, 3000, -120, 1400);
    k.exec('view.setMode', { mode: 1 });
    await settle();
    expect(r.views.pick(at.x, at.y)?.id).toBe(wall('south'));
    k.exec('view.setMode', { mode: 0 });
    k.exec('selection.set', { ids: [wall('south')] });
    await settle();
    k.keyDown('h', { ctrlKey: true });
    expect(r.graph.objectFor(wall('south'))!.visible).toBe(false);
    // Behind the hidden wall: the floor or the far wall, not the hidden one.
    const behind = r.views.pick(at.x, at.y);
    expect(behind?.id).not.toBe(wall('south'));
    expect(behind).not.toBeNull();
    // Ctrl+H with nothing selected shows everything again.
    k.exec('selection.set', { ids: [] });
    await settle();
    k.keyDown('h', { ctrlKey: true });
    expect(r.graph.objectFor(wall('south'))!.visible).toBe(true);
    expect(r.views.pick(at.x, at.y)?.id).toBe(wall('south'));

    k.exec('view.setCamera', { view: 2 });
    await settle();
    r.drawFrames();
    expect(r.views.pick(600, 400)).toBeNull();
  });

  it('a click in the 3D view selects what is under it (the select tool asks the renderer)', async () => {
    const { k, r, wall } = await room();
    const at = screenOf(r, 2000, -120, 1000);
    k.pointerDown(at.x, at.y).pointerUp(at.x, at.y);
    await settle();
    expect(k.ofType('selection')[0]!.ids).toEqual([wall('south')]);
  });

  it('hides the openings of a hidden wall with it', async () => {
    const { k, r, wall } = await room();
    const { id: door } = k.exec('opening.add', { wallId: wall('south'), kind: 1, offset: 3000 });
    await settle();
    k.exec('selection.set', { ids: [wall('south')] });
    await settle();
    k.keyDown('h', { ctrlKey: true });
    const doorObject = r.graph.objectFor(door);
    if (doorObject) expect(doorObject.visible).toBe(false);
    expect(r.views.hidden.has(wall('south'))).toBe(true);
  });
});

describe('the picker between edits', () => {
  it('finds meshes added since its tree was built and never returns removed or hidden ones', () => {
    const scene = new Group();
    const geometry = new BoxGeometry(1, 1, 1);
    const material = new MeshStandardMaterial();
    const add = (id: string, x: number) => {
      const m = new Mesh(geometry, material);
      m.position.set(x, 0, 0);
      m.userData.recordId = id;
      scene.add(m);
      scene.updateMatrixWorld(true);
      return m;
    };
    // A row of 600 boxes along x, seen from +z.
    for (let i = 0; i < 600; i++) add(`box-${i}`, i * 2);
    const pickable = () => scene.children.filter((o): o is Mesh => o instanceof Mesh && o.visible);
    const picker = createPicker(pickable);
    const camera = new PerspectiveCamera(30, 1, 0.1, 100);
    const ray = new Raycaster();
    const at = (x: number) => {
      camera.position.set(x, 0, 10);
      camera.lookAt(x, 0, 0);
      camera.updateMatrixWorld();
      ray.setFromCamera(new Vector2(0, 0), camera);
      return recordIdOf(picker.pick(ray)?.object ?? null);
    };
    expect(at(10)).toBe('box-5');
    // An edit: box 5 rebuilt (new mesh), box 6 removed, box 7 hidden.
    const old5 = scene.children[5]!;
    scene.remove(old5);
    add('box-5-new', 10);
    scene.remove(scene.children.find((o) => o.userData.recordId === 'box-6')!);
    scene.children.find((o) => o.userData.recordId === 'box-7')!.visible = false;
    picker.invalidate();
    expect(at(10)).toBe('box-5-new');
    expect(at(12)).toBeNull();
    expect(at(14)).toBeNull();
    expect(at(16)).toBe('box-8');
    // Many changes at once rebuild the tree; answers stay the same.
    for (let i = 0; i < 300; i++) add(`late-${i}`, 2000 + i * 2);
    picker.invalidate();
    expect(at(2010)).toBe('late-5');
    expect(at(10)).toBe('box-5-new');
    expect(at(12)).toBeNull();
    expect(picker.size).toBe(600 - 2 + 300);
  });
});

describe('selection and hover highlight', () => {
  it('outlines and tints the selected record, and puts its materials back when deselected', async () => {
    const { k, r, wall } = await room();
    const south = wall('south');
    const [mesh] = meshesOf(r, south);
    const shared = mesh!.material as MeshStandardMaterial;
    k.exec('selection.set', { ids: [south] });
    await settle();
    expect(r.pendingFrame).toBe(true);
    expect(r.views.highlighter.stateOf(mesh!)).toBe('selected');
    const tinted = mesh!.material as MeshStandardMaterial;
    expect(tinted).not.toBe(shared);
    expect(tinted.emissive.getHex()).toBe(SELECTION_COLOUR);
    expect(tinted.emissiveIntensity).toBeGreaterThan(0);
    // The shared wall material is untouched: the other walls are not tinted.
    expect(shared.emissive.getHex()).toBe(0);
    expect(r.views.highlighter.layer.children).toHaveLength(meshesOf(r, south).length);

    // A view mode changes the shared material; the tinted copy follows (recompiled: three builds
    // opaque materials with alpha forced to 1).
    const version = tinted.version;
    k.exec('view.setMode', { mode: 3 });
    await settle();
    expect(mesh!.material).toBe(tinted);
    expect([tinted.transparent, tinted.opacity]).toEqual([true, 0.8]);
    expect(tinted.version).toBeGreaterThan(version);

    // Rebuilding the wall keeps it highlighted.
    k.exec('wall.update', { id: south, height: 3000 });
    await settle();
    const [rebuilt] = meshesOf(r, south);
    expect(rebuilt).not.toBe(mesh);
    expect(r.views.highlighter.stateOf(rebuilt!)).toBe('selected');

    k.exec('selection.set', { ids: [] });
    await settle();
    expect(rebuilt!.material).toBe(shared);
    expect(r.views.highlighter.layer.children).toHaveLength(0);
  });

  it('hovering a record in 3D tints it lightly (picked once per frame)', async () => {
    const { k, r, wall } = await room();
    const at = screenOf(r, 3000, -120, 1400);
    k.pointerMove(at.x, at.y);
    k.pointerMove(at.x + 1, at.y);
    r.runHover();
    const [mesh] = meshesOf(r, wall('south'));
    expect(r.views.highlighter.stateOf(mesh!)).toBe('hovered');
    expect(r.views.highlighter.layer.children).toHaveLength(0);
    k.pointerMove(5, 5);
    r.runHover();
    expect(r.views.highlighter.stateOf(mesh!)).toBeNull();
  });
});

describe('room lights', () => {
  it('follows the light records: point and spot lights at their plan position above the storey floor', async () => {
    const { k, r } = await room();
    expect(r.views.lighting.roomLights).toBe(0);
    const { id: lamp } = k.exec('light.add', { kind: 'point', position: { x: 3000, y: 2500, z: 2600 }, color: '#ffe0b0', intensity: 40 });
    k.exec('light.add', { kind: 'spot', position: { x: 1000, y: 1000, z: 2700 } });
    await settle();
    expect(r.views.lighting.roomLights).toBe(2);
    const lights: (PointLight | SpotLight)[] = [];
    r.views.lighting.group.traverse((o) => {
      if (o instanceof PointLight || o instanceof SpotLight) lights.push(o);
    });
    const point = lights.find((l) => l instanceof PointLight)!;
    expect(point.position.distanceTo(new Vector3(3, 2.6, -2.5))).toBeLessThan(1e-9);
    expect(point.intensity).toBe(40);
    const spot = lights.find((l) => l instanceof SpotLight) as SpotLight;
    // Shining down.
    expect(spot.target.position.y).toBeLessThan(spot.position.y);
    k.exec('light.remove', { id: lamp });
    await settle();
    expect(r.views.lighting.roomLights).toBe(1);
  });

  it('lights the current storey only, at most a handful of lights at once', async () => {
    const { k, r } = await room();
    for (let i = 0; i < MAX_ROOM_LIGHTS + 4; i++) k.exec('light.add', { kind: 'point', position: { x: 500 + i * 400, y: 2500, z: 2600 } });
    const { id: upper } = k.exec('storey.add', { name: '2F' });
    k.exec('light.add', { storeyId: upper, kind: 'point', position: { x: 1000, y: 1000, z: 2600 } });
    await settle();
    expect(r.views.lighting.roomLights).toBe(MAX_ROOM_LIGHTS);
    k.exec('view.setStorey', { storeyId: upper });
    await settle();
    expect(r.views.lighting.roomLights).toBe(1);
  });

  it('switches the sun shadows off, hard and soft', async () => {
    const { r } = await room();
    expect(r.views.lighting.sun.castShadow).toBe(true);
    r.views.lighting.setShadows('off');
    expect(r.views.lighting.sun.castShadow).toBe(false);
    r.views.lighting.setShadows('hard');
    expect([r.views.lighting.sun.castShadow, r.views.lighting.sun.shadow.radius]).toEqual([true, 1]);
    r.views.lighting.setShadows('soft');
    expect(r.views.lighting.sun.shadow.radius).toBeGreaterThan(1);
  });
});
