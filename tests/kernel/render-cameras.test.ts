import { afterEach, describe, expect, it } from 'vitest';
import { OrthographicCamera, PerspectiveCamera, Vector3 } from 'three';
import type { CameraView } from '../../protocol/records';
import { diffAddingAll } from '../../kernel-worker/document/diff';
import { CAMERA_ANIMATION_MS, createCameraTween, easeInOutCubic } from '../../kernel-worker/render/camera-animation';
import { EYE_HEIGHT, placeView, type ViewPlacement } from '../../kernel-worker/render/cameras';
import { createSceneGraph } from '../../kernel-worker/render/scene-graph';
import { viewContext } from '../../kernel-worker/render/view-context';
import { pointInRing } from '../../kernel-worker/geometry/polygon';
import { createPersistence } from '../../kernel-worker/persistence/persistence';
import { attachNodeRenderer, settle, VIEWPORT } from './render-kit';
import { TestKernel } from './test-kernel';

// The camera views of core.md §4 placed from the records (default room: centre lines 6000 x 5000,
// walls 240 thick, floor 5760 x 4760 inside), the animated switch between them, and the hotkeys.

const ASPECT = VIEWPORT.width / VIEWPORT.height;
const toPlan = (v: Vector3) => ({ x: v.x * 1000, y: -v.z * 1000 });

function defaultRoom(): TestKernel {
  const k = new TestKernel();
  k.exec('scene.createDefaultRoom', {});
  return k;
}

function place(k: TestKernel, view: CameraView): ViewPlacement {
  const graph = createSceneGraph();
  graph.sync(diffAddingAll(k.kernel.records.all()), k.kernel.records);
  return placeView(view, viewContext(k.kernel.records, graph.bounds()), ASPECT);
}

function direction(p: ViewPlacement): Vector3 {
  return p.pose.target.clone().sub(p.pose.position).normalize();
}

let kernels: TestKernel[] = [];
afterEach(() => {
  kernels.forEach((k) => k.dispose());
  kernels = [];
});
function track(k: TestKernel): TestKernel {
  kernels.push(k);
  return k;
}

describe('camera views placed from the records', () => {
  it('bird eye (0) looks down into the room from outside it, the whole room in front', () => {
    const p = place(track(defaultRoom()), 0);
    expect(p.pose.projection).toBe('perspective');
    expect(p.navigation).toBe('orbit');
    expect(p.pose.position.y).toBeGreaterThan(2.8);
    const d = direction(p);
    expect(d.y).toBeLessThan(-0.3);
    // From outside the outer walls, south-east of the middle.
    const eye = toPlan(p.pose.position);
    expect(eye.y < -120 || eye.x > 6120).toBe(true);
  });

  it('roam (1) stands inside the room at eye height, clear of the walls, looking level along the long side', () => {
    const k = track(defaultRoom());
    const p = place(k, 1);
    expect(p.walk).toBe(true);
    expect(p.pose.position.y).toBeCloseTo(EYE_HEIGHT);
    const eye = toPlan(p.pose.position);
    const room = k.ofType('room')[0]!;
    expect(pointInRing(eye, room.outline)).toBe(true);
    // At least the walker's radius from every inner face (120 .. 5880, 120 .. 4880).
    expect(Math.min(eye.x - 120, 5880 - eye.x, eye.y - 120, 4880 - eye.y)).toBeGreaterThanOrEqual(200);
    const d = direction(p);
    expect(Math.abs(d.y)).toBeLessThan(1e-9);
    // The room is wider (x) than deep: look east, from the west part.
    expect(d.x).toBeCloseTo(1);
    expect(eye.x).toBeLessThan(3000);
  });

  it('top (2) is orthographic, straight down, north up, framing the outer walls', () => {
    const p = place(track(defaultRoom()), 2);
    expect(p.pose.projection).toBe('orthographic');
    expect(direction(p).y).toBeCloseTo(-1);
    expect(p.pose.up.z).toBeCloseTo(-1);
    expect(p.pose.halfHeight * 2).toBeGreaterThanOrEqual(5.24);
    expect(p.pose.halfHeight * 2 * ASPECT).toBeGreaterThanOrEqual(6.24);
  });

  it('look down (3) is high above the storey, within 10° of straight down', () => {
    const p = place(track(defaultRoom()), 3);
    expect(p.pose.projection).toBe('perspective');
    expect(p.pose.position.y).toBeGreaterThan(6);
    expect(Math.acos(-direction(p).y)).toBeLessThan((10 * Math.PI) / 180);
  });

  it('look up (4) is low in the room, looking up at the ceiling line', () => {
    const k = track(defaultRoom());
    const p = place(k, 4);
    expect(p.pose.position.y).toBeLessThan(0.6);
    expect(pointInRing(toPlan(p.pose.position), k.ofType('room')[0]!.outline)).toBe(true);
    expect(direction(p).y).toBeGreaterThan(0.5);
  });

  it('surface (5) faces the longest wall straight on from inside the room, or the selected wall', () => {
    const k = track(defaultRoom());
    let p = place(k, 5);
    expect(p.pose.projection).toBe('orthographic');
    const d = direction(p);
    expect(Math.abs(d.y)).toBeLessThan(1e-9);
    // The longest walls run east-west (6000); the first of them by id is the north one.
    const north = k.ofType('wall').find((w) => w.id.endsWith('north'))!;
    expect(north.start.y).toBe(5000);
    expect(d.z).toBeCloseTo(-1);
    // The eye stands just inside the room, 15 cm in front of the inner face (y 4880).
    expect(toPlan(p.pose.position).y).toBeCloseTo(4880 - 150);
    expect(p.pose.halfHeight * 2 * ASPECT).toBeGreaterThanOrEqual(6);

    const east = k.ofType('wall').find((w) => w.id.endsWith('east'))!;
    k.exec('selection.set', { ids: [east.id] });
    p = place(k, 5);
    // Looking east at the east wall's inner face (x 5880) from inside.
    expect(direction(p).x).toBeCloseTo(1);
    expect(toPlan(p.pose.position).x).toBeCloseTo(5880 - 150);
    expect(p.pose.halfHeight * 2).toBeGreaterThanOrEqual(2.8);
  });
});

describe('the switch animation', () => {
  it('eases from the old pose to the new one in 40 frames of 60 Hz', () => {
    const k = track(defaultRoom());
    const from = place(k, 0).pose;
    const to = place(k, 3).pose;
    expect(CAMERA_ANIMATION_MS).toBe(667);
    const tween = createCameraTween(from, to, 0);
    const start = tween.at(0);
    expect(start.done).toBe(false);
    expect(start.pose.position.distanceTo(from.position)).toBeLessThan(1e-6);
    // Eased: a quarter of the time covers less than a quarter of the way, half the time half.
    expect(easeInOutCubic(0.25)).toBeLessThan(0.25);
    expect(easeInOutCubic(0.5)).toBeCloseTo(0.5);
    const quarter = tween.at(CAMERA_ANIMATION_MS / 4).pose.target;
    expect(quarter.distanceTo(from.target)).toBeLessThan(from.target.distanceTo(to.target) / 4);
    const end = tween.at(CAMERA_ANIMATION_MS);
    expect(end.done).toBe(true);
    expect(end.pose).toBe(to);
    // Every pose on the way looks at the interpolated target (no wild swings).
    for (let t = 0; t <= CAMERA_ANIMATION_MS; t += 50) {
      const pose = tween.at(t).pose;
      expect(Number.isFinite(pose.position.x + pose.position.y + pose.position.z)).toBe(true);
      expect(pose.position.distanceTo(pose.target)).toBeGreaterThan(0.5);
    }
  });

  it('flies an orthographic end with the perspective camera and lands on the orthographic one', async () => {
    const k = track(defaultRoom());
    const r = await attachNodeRenderer(k);
    r.drawFrames();
    expect(r.views.camera).toBeInstanceOf(PerspectiveCamera);
    k.exec('view.setCamera', { view: 5 });
    await settle();
    expect(r.views.animating).toBe(true);
    // Half way: still flying in perspective.
    r.now += CAMERA_ANIMATION_MS / 2;
    expect(r.views.beforeDraw(r.now)).toBe(true);
    expect(r.views.camera).toBeInstanceOf(PerspectiveCamera);
    const frames = r.drawFrames(16);
    expect(frames).toBeGreaterThan(5);
    expect(frames).toBeLessThanOrEqual(Math.ceil(CAMERA_ANIMATION_MS / 2 / 16) + 2);
    expect(r.views.animating).toBe(false);
    expect(r.views.camera).toBeInstanceOf(OrthographicCamera);
    // Idle: no more frames.
    expect(r.pendingFrame).toBe(false);
  });
});

describe('storeys', () => {
  it('roaming goes up to the storey made current, and stands in its room', async () => {
    const k = track(defaultRoom());
    const r = await attachNodeRenderer(k);
    k.exec('view.setCamera', { view: 1 });
    await settle();
    r.drawFrames();
    const ground = k.ofType('storey')[0]!;
    const { id: upper } = k.exec('storey.copy', { sourceId: ground.id });
    k.exec('view.setStorey', { storeyId: upper });
    await settle();
    r.drawFrames();
    const elevation = k.get(upper, 'storey').elevation;
    expect(elevation).toBeGreaterThan(0);
    expect(r.views.camera.position.y).toBeCloseTo(elevation / 1000 + EYE_HEIGHT);
    expect(r.views.rig.walk).toBe(true);
  });
});

describe('hotkeys and loading', () => {
  it('Ctrl+0 … Ctrl+7 switch the camera view; Ctrl+6 and Ctrl+7 face the storey from the south and the east', async () => {
    const k = track(defaultRoom());
    const r = await attachNodeRenderer(k);
    const expected: CameraView[] = [0, 1, 2, 3, 4, 5, 5, 5];
    for (const n of [3, 1, 2, 4, 5, 0]) {
      k.keyDown(String(n), { ctrlKey: true });
      await settle();
      expect(k.snapshot.cameraView).toBe(expected[n]);
      r.drawFrames();
      expect(r.views.rig.view).toBe(expected[n]);
    }
    const facing = () => r.views.rig.target.clone().sub(r.views.camera.position).normalize();
    k.keyDown('6', { ctrlKey: true });
    await settle();
    r.drawFrames();
    expect(k.snapshot.cameraView).toBe(5);
    expect(facing().z).toBeCloseTo(-1);
    // From outside: the eye is south of the south wall's outer face (y -120).
    expect(toPlan(r.views.camera.position).y).toBeLessThan(-120);
    k.keyDown('7', { ctrlKey: true });
    await settle();
    r.drawFrames();
    expect(facing().x).toBeCloseTo(-1);
    expect(toPlan(r.views.camera.position).x).toBeGreaterThan(6120);
    // Ctrl+5: back to the (longest) wall from inside.
    k.keyDown('5', { ctrlKey: true });
    await settle();
    r.drawFrames();
    expect(toPlan(r.views.camera.position).y).toBeCloseTo(4880 - 150);
    // With Shift or Alt the digits are not camera keys.
    k.keyDown('1', { ctrlKey: true, altKey: true });
    await settle();
    expect(k.snapshot.cameraView).toBe(5);
  });

  it('loading a file goes back to the bird eye at 100 % even when the user had moved it', async () => {
    const k = track(defaultRoom());
    const r = await attachNodeRenderer(k);
    r.drawFrames();
    const home = r.views.camera.position.clone();
    // Orbit and zoom away.
    k.pointerDown(600, 400).pointerMove(700, 420).pointerUp(700, 420);
    k.wheel(600, 400, 400);
    r.drawFrames();
    expect(r.views.camera.position.distanceTo(home)).toBeGreaterThan(0.5);
    k.exec('view.setMode', { mode: 3 });
    k.exec('view.setCamera', { view: 1 });
    await settle();
    r.drawFrames();
    const files = createPersistence(k.kernel);
    files.load(files.save().json);
    await settle();
    // The transparent-wall mode (and its bar) is left; the camera is the bird eye again.
    expect([k.snapshot.cameraView, k.snapshot.viewMode]).toEqual([0, 0]);
    expect(r.loads).toBe(1);
    // No animation from the roam spot: the loaded scene shows at once.
    expect(r.views.animating).toBe(false);
    expect(r.views.camera.position.distanceTo(home)).toBeLessThan(1e-6);
    expect(r.views.rig.perspective.zoom).toBe(1);
  });
});
