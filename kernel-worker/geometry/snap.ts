import type { Vec2 } from '../../protocol/records';

// Snapping for the wall tools: a pointer position on the plan (mm) to the point the tool uses, and
// which kind of snap it was (the UI shows a marker per kind). In order of priority: a wall endpoint,
// a wall midpoint, a point on a wall's centre line (where the angle ray from the start point
// crosses it, when angle snapping is on too), then a direction from the start point in 90°
// (orthogonal) or 15° steps. Each can be switched off; all off is "no snapping".

export interface SnapWall {
  readonly id: string;
  readonly start: Vec2;
  readonly end: Vec2;
}

export type SnapKind = 'endpoint' | 'midpoint' | 'line' | 'orthogonal' | 'angle' | 'none';

export interface SnapOptions {
  /** how near (mm) the pointer must come; the tool passes its pixel radius times mm per pixel */
  readonly tolerance: number;
  readonly endpoints?: boolean;
  readonly midpoints?: boolean;
  readonly lines?: boolean;
  /** directions from `from` in 90° steps (from the plan's x axis) */
  readonly orthogonal?: boolean;
  /** directions from `from` in `angleStep` steps */
  readonly angles?: boolean;
  /** radians; default 15° */
  readonly angleStep?: number;
  /** the start of the segment being drawn; direction snaps need it */
  readonly from?: Vec2 | null;
  /** walls to ignore (the one being drawn or dragged) */
  readonly exclude?: ReadonlySet<string>;
}

export interface SnapResult {
  readonly point: Vec2;
  readonly kind: SnapKind;
  /** the wall snapped to (endpoint, midpoint, line) */
  readonly wallId: string | null;
  /** the snapped direction from `from`, radians in (-π, π], when a direction snap applied */
  readonly angle: number | null;
}

export const DEFAULT_ANGLE_STEP = Math.PI / 12;

interface Ray {
  readonly origin: Vec2;
  readonly dir: Vec2;
  readonly angle: number;
  readonly point: Vec2;
}

function angleRay(p: Vec2, o: SnapOptions): Ray | null {
  const from = o.from;
  if (!from || !(o.orthogonal || o.angles)) return null;
  const dx = p.x - from.x;
  const dy = p.y - from.y;
  if (dx === 0 && dy === 0) return null;
  const step = o.angles ? (o.angleStep ?? DEFAULT_ANGLE_STEP) : Math.PI / 2;
  let angle = Math.round(Math.atan2(dy, dx) / step) * step;
  if (angle <= -Math.PI) angle += 2 * Math.PI;
  // Exact axes: cos(π/2) is 6e-17, not 0, and the drawn wall would not be quite vertical.
  const quarter = angle / (Math.PI / 2);
  const axis = Math.abs(quarter - Math.round(quarter)) < 1e-9;
  const dir = axis ? ([{ x: 1, y: 0 }, { x: 0, y: 1 }, { x: -1, y: 0 }, { x: 0, y: -1 }] as const)[((Math.round(quarter) % 4) + 4) % 4]! : { x: Math.cos(angle), y: Math.sin(angle) };
  const along = dx * dir.x + dy * dir.y;
  if (along <= 0) return null;
  const point = { x: from.x + dir.x * along, y: from.y + dir.y * along };
  if (Math.hypot(point.x - p.x, point.y - p.y) > o.tolerance) return null;
  return { origin: from, dir, angle, point };
}

const isAxis = (angle: number): boolean => {
  const quarter = angle / (Math.PI / 2);
  return Math.abs(quarter - Math.round(quarter)) < 1e-9;
};

export function snapPoint(p: Vec2, walls: readonly SnapWall[], options: SnapOptions): SnapResult {
  const tol = options.tolerance;
  const usable = walls.filter((w) => !options.exclude?.has(w.id));
  const nearest = (candidates: (w: SnapWall) => Vec2[]): { point: Vec2; wallId: string } | null => {
    let best: { point: Vec2; wallId: string } | null = null;
    let bestDistance = tol;
    for (const w of usable) {
      for (const q of candidates(w)) {
        const d = Math.hypot(q.x - p.x, q.y - p.y);
        // Strictly nearer: of two walls sharing an endpoint, the first listed is named.
        if (d < bestDistance || (d <= tol && best === null)) {
          bestDistance = d;
          best = { point: q, wallId: w.id };
        }
      }
    }
    return best;
  };

  if (options.endpoints ?? true) {
    const hit = nearest((w) => [w.start, w.end]);
    if (hit) return { ...hit, kind: 'endpoint', angle: null };
  }
  if (options.midpoints ?? true) {
    const hit = nearest((w) => [{ x: (w.start.x + w.end.x) / 2, y: (w.start.y + w.end.y) / 2 }]);
    if (hit) return { ...hit, kind: 'midpoint', angle: null };
  }
  const ray = angleRay(p, options);
  if (options.lines ?? true) {
    const hit = nearest((w) => [closestOnSegment(p, w.start, w.end)]);
    if (hit) {
      const wall = usable.find((w) => w.id === hit.wallId)!;
      const onRay = ray && rayMeetsWall(ray, wall);
      if (onRay && Math.hypot(onRay.x - p.x, onRay.y - p.y) <= tol) return { point: onRay, wallId: hit.wallId, kind: 'line', angle: ray.angle };
      return { ...hit, kind: 'line', angle: null };
    }
  }
  if (ray) return { point: ray.point, kind: isAxis(ray.angle) ? 'orthogonal' : 'angle', wallId: null, angle: ray.angle };
  return { point: p, kind: 'none', wallId: null, angle: null };
}

/** Closest point on segment a-b to p. */
function closestOnSegment(p: Vec2, a: Vec2, b: Vec2): Vec2 {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.min(1, Math.max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0;
  return { x: a.x + dx * t, y: a.y + dy * t };
}

/** Where the ray crosses the wall's centre line, if it does within the wall. */
function rayMeetsWall(ray: Ray, wall: SnapWall): Vec2 | null {
  const ex = wall.end.x - wall.start.x;
  const ey = wall.end.y - wall.start.y;
  const denom = ray.dir.x * ey - ray.dir.y * ex;
  if (Math.abs(denom) < 1e-12 * Math.hypot(ex, ey)) return null;
  const ox = wall.start.x - ray.origin.x;
  const oy = wall.start.y - ray.origin.y;
  const s = (ox * ey - oy * ex) / denom;
  const u = (ox * ray.dir.y - oy * ray.dir.x) / denom;
  if (s <= 0 || u < 0 || u > 1) return null;
  return { x: ray.origin.x + ray.dir.x * s, y: ray.origin.y + ray.dir.y * s };
}

/**
 * The centre line of a wall drawn along one of its faces (drawMode inner or outer face): the face
 * line moved by half the thickness to the given side (left or right, seen from start to end).
 */
export function centreLineFromFace(start: Vec2, end: Vec2, thickness: number, side: 'left' | 'right'): { start: Vec2; end: Vec2 } {
  const len = Math.hypot(end.x - start.x, end.y - start.y);
  if (len === 0) return { start, end };
  const k = ((side === 'left' ? 1 : -1) * thickness) / 2 / len;
  const nx = -(end.y - start.y) * k;
  const ny = (end.x - start.x) * k;
  return { start: { x: start.x + nx, y: start.y + ny }, end: { x: end.x + nx, y: end.y + ny } };
}
