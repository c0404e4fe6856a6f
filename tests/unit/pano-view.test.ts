import { describe, expect, it } from 'vitest';
import { clampView, DEFAULT_VIEW, dragView, FOV_LIMITS, hotspotDirection, lookAt, projectDirection, zoomView } from '../../ui/pano/pano-math';
import { equirectDirection } from '../../protocol/panorama';

// The panorama viewer's rules (ui/pano/pano-math.ts): drags, zoom limits and where a spot of the
// room shows on the screen, in the conventions the stitch uses (protocol/panorama.ts).

describe('panorama viewer rules', () => {
  it('follows the finger: a drag to the right looks left, a drag down looks up', () => {
    const right = dragView(DEFAULT_VIEW, 100, 0, 800);
    expect(right.yaw).toBeLessThan(0);
    const down = dragView(DEFAULT_VIEW, 0, 100, 800);
    expect(down.pitch).toBeGreaterThan(0);
    // a point at the middle of the screen moves with the pointer: 100 px on an 800 px high view
    // at 75° turns by atan(100 * 2 tan(37.5°) / 800)
    expect(-right.yaw).toBeCloseTo(Math.atan((100 * 2 * Math.tan(DEFAULT_VIEW.fov / 2)) / 800), 9);
  });

  it('never looks past straight up or down, and wraps the yaw', () => {
    expect(dragView(DEFAULT_VIEW, 0, 100_000, 100).pitch).toBeLessThan(Math.PI / 2);
    expect(Math.abs(clampView({ ...DEFAULT_VIEW, yaw: 3 * Math.PI }).yaw)).toBeCloseTo(Math.PI, 9);
    expect(clampView({ ...DEFAULT_VIEW, yaw: 2 * Math.PI + 0.5 }).yaw).toBeCloseTo(0.5, 9);
  });

  it('zooms within the field-of-view limits', () => {
    let v = DEFAULT_VIEW;
    for (let i = 0; i < 50; i++) v = zoomView(v, 1.5);
    expect(v.fov).toBeCloseTo(FOV_LIMITS.min, 9);
    for (let i = 0; i < 50; i++) v = zoomView(v, 1 / 1.5);
    expect(v.fov).toBeCloseTo(FOV_LIMITS.max, 9);
  });

  it('puts what the view looks at in the middle of the screen and hides what is behind', () => {
    const d = equirectDirection(0.75, 0.5); // east, on the horizon
    const v = lookAt(DEFAULT_VIEW, d);
    expect(v.yaw).toBeCloseTo(Math.PI / 2, 9);
    const at = projectDirection(v, d, 400, 300)!;
    expect(at.x).toBeCloseTo(200, 6);
    expect(at.y).toBeCloseTo(150, 6);
    expect(projectDirection(v, equirectDirection(0.25, 0.5), 400, 300)).toBeNull();
  });

  it('places another spot on the floor: ahead and below the horizon when it lies north', () => {
    const d = hotspotDirection({ x: 0, y: 0, z: 1500 }, { x: 0, y: 3000, z: 1500 });
    const at = projectDirection(DEFAULT_VIEW, d, 400, 300)!;
    expect(at.x).toBeCloseTo(200, 6);
    expect(at.y).toBeGreaterThan(150);
    // looking east instead, the spot to the north is off to the left, out of a 75° view
    expect(projectDirection({ ...DEFAULT_VIEW, yaw: Math.PI / 2 }, d, 400, 300)).toBeNull();
  });
});
