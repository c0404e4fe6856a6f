import { directionAngles, planDirection, type PanoPosition, type Vec3Tuple } from '../../protocol/panorama';

// The viewer's pure rules: how a drag turns the view, how far it may zoom, and where a point of
// the room (another panorama's spot) shows on the screen. Angles in radians; yaw 0 looks north
// (the middle of the image, protocol/panorama.ts) and grows turning east; pitch up positive.

export interface PanoView {
  readonly yaw: number;
  readonly pitch: number;
  /** vertical field of view */
  readonly fov: number;
}

export const FOV_LIMITS = { min: (30 * Math.PI) / 180, max: (100 * Math.PI) / 180 } as const;
export const DEFAULT_VIEW: PanoView = { yaw: 0, pitch: 0, fov: (75 * Math.PI) / 180 };
const PITCH_LIMIT = (89 * Math.PI) / 180;

function wrap(angle: number): number {
  const t = 2 * Math.PI;
  return ((((angle + Math.PI) % t) + t) % t) - Math.PI;
}

export function clampView(view: PanoView): PanoView {
  return {
    yaw: wrap(view.yaw),
    pitch: Math.max(-PITCH_LIMIT, Math.min(PITCH_LIMIT, view.pitch)),
    fov: Math.max(FOV_LIMITS.min, Math.min(FOV_LIMITS.max, view.fov)),
  };
}

/**
 * A drag of (dx, dy) CSS px on a viewport `height` px tall: the picture follows the finger (drag
 * right, look left), at the speed that keeps the point under the finger under it near the middle.
 */
export function dragView(view: PanoView, dx: number, dy: number, height: number): PanoView {
  const perPx = (2 * Math.tan(view.fov / 2)) / Math.max(1, height);
  return clampView({ ...view, yaw: view.yaw - Math.atan(dx * perPx), pitch: view.pitch + Math.atan(dy * perPx) });
}

/** Zoom by a factor (> 1 closer): the field of view narrows. */
export function zoomView(view: PanoView, factor: number): PanoView {
  if (!(factor > 0)) return view;
  const half = Math.atan(Math.tan(view.fov / 2) / factor);
  return clampView({ ...view, fov: 2 * half });
}

/** The camera's axes in world space (world: y up, north -z). */
export function cameraAxes(view: PanoView): { forward: Vec3Tuple; right: Vec3Tuple; up: Vec3Tuple } {
  const sy = Math.sin(view.yaw);
  const cy = Math.cos(view.yaw);
  const sp = Math.sin(view.pitch);
  const cp = Math.cos(view.pitch);
  return {
    forward: [sy * cp, sp, -cy * cp],
    right: [cy, 0, sy],
    up: [-sy * sp, cp, cy * sp],
  };
}

/** Where a world direction shows on a width x height viewport (CSS px), or null behind the viewer or off screen. */
export function projectDirection(view: PanoView, d: Vec3Tuple, width: number, height: number): { x: number; y: number } | null {
  const { forward, right, up } = cameraAxes(view);
  const dot = (a: Vec3Tuple) => a[0] * d[0] + a[1] * d[1] + a[2] * d[2];
  const z = dot(forward);
  if (z <= 1e-6) return null;
  const t = Math.tan(view.fov / 2);
  const aspect = width / Math.max(1, height);
  const nx = dot(right) / z / (t * aspect);
  const ny = dot(up) / z / t;
  if (Math.abs(nx) > 1.2 || Math.abs(ny) > 1.2) return null;
  return { x: ((nx + 1) / 2) * width, y: ((1 - ny) / 2) * height };
}

/** The direction of another panorama's spot seen from this one: the floor where its eye stood. */
export function hotspotDirection(from: PanoPosition, to: PanoPosition): Vec3Tuple {
  return planDirection(from, { x: to.x, y: to.y, z: 0 });
}

/** The view that looks at a direction (turning to a hotspot), field of view kept. */
export function lookAt(view: PanoView, d: Vec3Tuple): PanoView {
  const { lon, lat } = directionAngles(d[0], d[1], d[2]);
  return clampView({ ...view, yaw: lon, pitch: lat });
}
