import { afterEach, describe, expect, it } from 'vitest';
import type { Vec2 } from '../../protocol/records';
import { wallFootprints } from '../../kernel-worker/geometry/wall-footprint';
import { buildObstacles, isClear, moveCircle, ROAM_RADIUS_MM, type Obstacle } from '../../kernel-worker/render/roam';
import { mulberry32 } from '../fixtures/prng';
import { attachNodeRenderer, settle } from './render-kit';
import { TestKernel } from './test-kernel';

// Walking in the roam view never passes through a wall (the walker is a 200 mm circle tested
// against the wall footprints), slides along a wall it meets at an angle, and goes through doors.
// Default room: centre lines 6000 x 5000, walls 240 thick: inner faces at x 120 / 5880, y 120 / 4880.

const R = ROAM_RADIUS_MM;

function defaultRoom(): TestKernel {
  const k = new TestKernel();
  k.exec('scene.createDefaultRoom', {});
  return k;
}

function obstaclesOf(k: TestKernel): Obstacle[] {
  const walls = k.ofType('wall');
  return buildObstacles(walls, wallFootprints(walls), k.ofType('opening'));
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

describe('wall collision (plan geometry)', () => {
  it('walking into a wall stops with the walker touching its face', () => {
    const obstacles = obstaclesOf(track(defaultRoom()));
    const p = moveCircle({ x: 1000, y: 2500 }, { x: -5000, y: 0 }, obstacles);
    expect(p.x).toBeCloseTo(120 + R, 3);
    expect(p.y).toBeCloseTo(2500, 6);
    // One long step (a stalled frame) does not tunnel through either.
    const q = moveCircle({ x: 5500, y: 2500 }, { x: 3000, y: 0 }, obstacles);
    expect(q.x).toBeCloseTo(5880 - R, 3);
  });

  it('walking into a wall at an angle slides along it', () => {
    const obstacles = obstaclesOf(track(defaultRoom()));
    const p = moveCircle({ x: 1000, y: 2000 }, { x: -3000, y: 1000 }, obstacles);
    expect(p.x).toBeCloseTo(120 + R, 3);
    // The part of the move along the wall is kept.
    expect(p.y).toBeGreaterThan(2900);
    // Into the corner: stops clear of both walls.
    const c = moveCircle({ x: 1000, y: 1000 }, { x: -3000, y: -3000 }, obstacles);
    expect(c.x).toBeCloseTo(120 + R, 3);
    expect(c.y).toBeCloseTo(120 + R, 3);
  });

  it('goes through a door but not through the wall beside it', () => {
    const k = track(defaultRoom());
    const east = k.ofType('wall').find((w) => w.id.endsWith('east'))!;
    // The east wall runs along x = 6000; a door in its middle.
    const along = (y: number) => Math.abs(y - east.start.y);
    k.exec('opening.add', { wallId: east.id, kind: 1, offset: along(2500), width: 900 });
    const obstacles = obstaclesOf(k);
    const through = moveCircle({ x: 5000, y: 2500 }, { x: 3000, y: 0 }, obstacles);
    expect(through.x).toBeCloseTo(8000, 6);
    // A metre to the side of the door the wall still stops the walker.
    const beside = moveCircle({ x: 5000, y: 1300 }, { x: 3000, y: 0 }, obstacles);
    expect(beside.x).toBeCloseTo(5880 - R, 3);
    // A window (sill 800) is no door.
    const k2 = track(defaultRoom());
    const east2 = k2.ofType('wall').find((w) => w.id.endsWith('east'))!;
    k2.exec('opening.add', { wallId: east2.id, kind: 0, offset: along(2500) });
    const blocked = moveCircle({ x: 5000, y: 2500 }, { x: 3000, y: 0 }, obstaclesOf(k2));
    expect(blocked.x).toBeCloseTo(5880 - R, 3);
  });

  it('random walks inside the room never overlap a wall or leave the room', () => {
    const obstacles = obstaclesOf(track(defaultRoom()));
    const rng = mulberry32(7);
    const random = () => rng.next();
    let p: Vec2 = { x: 3000, y: 2500 };
    for (let i = 0; i < 400; i++) {
      const step = { x: (random() - 0.5) * 4000, y: (random() - 0.5) * 4000 };
      p = moveCircle(p, step, obstacles);
      expect(isClear(p, obstacles)).toBe(true);
      expect(p.x).toBeGreaterThan(120);
      expect(p.x).toBeLessThan(5880);
      expect(p.y).toBeGreaterThan(120);
      expect(p.y).toBeLessThan(4880);
    }
  });
});

describe('the roam view in the renderer', () => {
  async function roaming() {
    const k = track(defaultRoom());
    const r = await attachNodeRenderer(k);
    k.exec('view.setCamera', { view: 1 });
    await settle();
    r.drawFrames();
    expect(r.views.rig.walk).toBe(true);
    return { k, r, eye: () => ({ x: r.views.camera.position.x * 1000, y: -r.views.camera.position.z * 1000, z: r.views.camera.position.y * 1000 }) };
  }

  /** Holds a key for ms, with the keyboard's repeats, drawing frames of 16 ms. */
  function hold(k: TestKernel, r: Awaited<ReturnType<typeof attachNodeRenderer>>, key: string, ms: number, code?: string): void {
    k.keyDown(key, code ? { code } : {});
    for (let t = 0; t < ms; t += 16) {
      if (t > 0 && t % 48 === 0) k.keyDown(key, { repeat: true, ...(code ? { code } : {}) });
      r.now += 16;
      r.views.beforeDraw(r.now);
    }
    k.keyUp(key, code ? { code } : {});
  }

  it('W walks forward at walking speed until the wall, and the view keeps its direction', async () => {
    const { k, r, eye } = await roaming();
    const start = eye();
    const look = r.views.rig.target.clone().sub(r.views.camera.position);
    hold(k, r, 'w', 500);
    const after = eye();
    // 1.6 m/s for half a second, east (the view looks along the room's long side).
    expect(after.x - start.x).toBeGreaterThan(700);
    expect(after.x - start.x).toBeLessThan(900);
    expect(after.y).toBeCloseTo(start.y, 3);
    hold(k, r, 'w', 6000);
    expect(eye().x).toBeCloseTo(5880 - R, 1);
    expect(r.views.rig.target.clone().sub(r.views.camera.position).angleTo(look)).toBeLessThan(1e-6);
    // Released: no more frames.
    expect(r.views.beforeDraw(r.now + 16)).toBe(false);
  });

  it('A/D strafe, the arrows turn, E and Q rise and sink within the storey', async () => {
    const { k, r, eye } = await roaming();
    const start = eye();
    hold(k, r, 'a', 300);
    // Facing east, left is north.
    expect(eye().y - start.y).toBeGreaterThan(300);
    const before = r.views.rig.target.clone().sub(r.views.camera.position);
    hold(k, r, 'ArrowRight', 500, 'ArrowRight');
    const after = r.views.rig.target.clone().sub(r.views.camera.position);
    expect(before.angleTo(after)).toBeGreaterThan(0.5);
    hold(k, r, 'e', 5000);
    expect(eye().z).toBeCloseTo(2800 - 100, 0);
    hold(k, r, 'q', 8000);
    expect(eye().z).toBeCloseTo(300, 0);
  });

  it('walks while the key is held, without key repeats, and stops at its release', async () => {
    const { k, r, eye } = await roaming();
    k.keyDown('s');
    for (let i = 0; i < 120; i++) {
      r.now += 16;
      expect(r.views.beforeDraw(r.now)).toBe(true);
    }
    // Two seconds back (west) from the start: a wall a metre or so behind stops it.
    expect(eye().x).toBeCloseTo(120 + R, 1);
    k.keyUp('s');
    const stopped = eye();
    r.now += 16;
    expect(r.views.beforeDraw(r.now)).toBe(false);
    expect(eye()).toEqual(stopped);
  });

  it('the wheel walks too, and is stopped by the walls', async () => {
    const { k, eye } = await roaming();
    for (let i = 0; i < 100; i++) k.wheel(600, 400, -300);
    expect(eye().x).toBeCloseTo(5880 - R, 1);
  });

  it('the fly keys do nothing outside the roam view', async () => {
    const k = track(defaultRoom());
    const r = await attachNodeRenderer(k);
    r.drawFrames();
    const at = r.views.camera.position.clone();
    hold(k, r, 'w', 300);
    expect(r.views.camera.position.distanceTo(at)).toBe(0);
  });
});
