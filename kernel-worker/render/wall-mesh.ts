import { BufferAttribute, BufferGeometry, ShapeUtils, Vector2 } from 'three';
import type { OpeningRecord, Vec2, WallRecord } from '../../protocol/records';
import type { WallFootprint } from '../geometry/wall-footprint';
import { MM } from './coords';
import { cutWall, openingStyle, wallAxes, wallCoords, wallPoint, type WallAxes, type WallPiece } from './wall-cut';

// Wall solids with real holes, and the frames, glass and leaves of their openings, built straight
// in world coordinates (metres, y up, plan north = -z). A wall is its footprint cut across at its
// openings' edges (wall-cut.ts); each stretch is a prism over the heights where it has material:
// all of it for solid stretches, below the sill and above the head under an opening. Faces where
// two stretches meet are only built where one side has material and the other has not (the jambs,
// sill and head reveals), so the solid stays closed without faces inside it, and the wireframe
// edges follow the same rule (no lines across a plain wall face).

type Range = readonly [number, number];

/** Heights (mm above the storey floor) where a stretch of the wall has material. */
function materialRanges(piece: Pick<WallPiece, 'opening'>, height: number): Range[] {
  const o = piece.opening;
  if (!o) return [[0, height]];
  const sill = Math.min(Math.max(o.elevation, 0), height);
  const head = Math.min(Math.max(o.elevation + o.height, sill), height);
  const out: Range[] = [];
  if (sill > 0) out.push([0, sill]);
  if (head < height) out.push([head, height]);
  return out;
}

/** a minus b, for sorted disjoint ranges. */
function subtract(a: readonly Range[], b: readonly Range[]): Range[] {
  let out: Range[] = [...a];
  for (const [b0, b1] of b) {
    const next: Range[] = [];
    for (const [a0, a1] of out) {
      if (b1 <= a0 || b0 >= a1) next.push([a0, a1]);
      else {
        if (b0 > a0) next.push([a0, b0]);
        if (b1 < a1) next.push([b1, a1]);
      }
    }
    out = next;
  }
  return out.filter(([z0, z1]) => z1 - z0 > 1e-6);
}

class MeshBuilder {
  readonly positions: number[] = [];
  readonly normals: number[] = [];
  readonly uvs: number[] = [];
  readonly edges: number[] = [];

  /** false: line() records nothing (the wireframe edges are not wanted) */
  lines = true;

  constructor(readonly elevation: number) {}

  /** A plan point at height z (mm above the storey floor) in world metres. */
  world(p: Vec2, z: number): [number, number, number] {
    return [p.x * MM, (this.elevation + z) * MM, -p.y * MM];
  }

  private vertex(v: readonly [number, number, number], n: readonly [number, number, number], u: number, w: number): void {
    this.positions.push(v[0], v[1], v[2]);
    this.normals.push(n[0], n[1], n[2]);
    this.uvs.push(u, w);
  }

  /** A flat quad a-b-c-d (world points), wound so that it faces along `normal`. */
  quad(
    a: readonly [number, number, number],
    b: readonly [number, number, number],
    c: readonly [number, number, number],
    d: readonly [number, number, number],
    normal: readonly [number, number, number],
    uv: readonly (readonly [number, number])[],
  ): void {
    const e1 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const e2 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const cross = [e1[1]! * e2[2]! - e1[2]! * e2[1]!, e1[2]! * e2[0]! - e1[0]! * e2[2]!, e1[0]! * e2[1]! - e1[1]! * e2[0]!];
    const flip = cross[0]! * normal[0] + cross[1]! * normal[1] + cross[2]! * normal[2] < 0;
    const order = flip ? [0, 3, 2, 0, 2, 1] : [0, 1, 2, 0, 2, 3];
    const corners = [a, b, c, d];
    for (const i of order) this.vertex(corners[i]!, normal, uv[i]![0], uv[i]![1]);
  }

  /**
   * The side face below edge p-q of a counter-clockwise plan polygon, from z0 to z1 (mm). Texture
   * u runs in metres from `u0` (mm) at p: a wall face passes its distance along the wall, so a
   * tile grid runs on across the pieces an opening cuts it into.
   */
  side(p: Vec2, q: Vec2, z0: number, z1: number, u0 = 0): void {
    const dx = q.x - p.x;
    const dy = q.y - p.y;
    const l = Math.hypot(dx, dy);
    if (l === 0 || z1 <= z0) return;
    // Outward (right of p->q in plan) in world axes: plan (dy, -dx) -> world (dy, 0, dx).
    const normal = [dy / l, 0, dx / l] as const;
    const a = u0 * MM;
    const b = (u0 + l) * MM;
    const v0 = z0 * MM;
    const v1 = z1 * MM;
    this.quad(this.world(p, z0), this.world(q, z0), this.world(q, z1), this.world(p, z1), normal, [
      [a, v0],
      [b, v0],
      [b, v1],
      [a, v1],
    ]);
  }

  /** A horizontal cap over a counter-clockwise plan polygon at height z, facing up or down. */
  cap(polygon: readonly Vec2[], z: number, up: boolean): void {
    const contour = polygon.map((p) => new Vector2(p.x, p.y));
    const triangles = ShapeUtils.triangulateShape(contour, []);
    const normal = [0, up ? 1 : -1, 0] as const;
    for (const t of triangles) {
      const [a, b, c] = [contour[t[0]!]!, contour[t[1]!]!, contour[t[2]!]!];
      // Counter-clockwise in plan faces up in the world (see side()); down-facing caps turn round.
      const ccw = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) > 0;
      const tri = ccw === up ? [a, b, c] : [a, c, b];
      for (const p of tri) this.vertex(this.world(p, z), normal, p.x * MM, p.y * MM);
    }
  }

  line(p: Vec2, zp: number, q: Vec2, zq: number): void {
    if (!this.lines) return;
    this.edges.push(...this.world(p, zp), ...this.world(q, zq));
  }

  /**
   * An axis-aligned box in the wall's frame: along a0..a1, across c0..c1 (left +), z0..z1; its 12
   * edges go to `edges` (cheaper than an EdgesGeometry over the merged parts).
   */
  box(axes: WallAxes, a0: number, a1: number, c0: number, c1: number, z0: number, z1: number, edges: MeshBuilder | null = this): void {
    const ring = [wallPoint(axes, a0, c0), wallPoint(axes, a1, c0), wallPoint(axes, a1, c1), wallPoint(axes, a0, c1)];
    // counter-clockwise in plan: the (u, n) frame is right-handed
    for (let i = 0; i < 4; i++) {
      const p = ring[i]!;
      const q = ring[(i + 1) % 4]!;
      this.side(p, q, z0, z1);
      if (edges) {
        edges.line(p, z0 + this.elevation - edges.elevation, q, z0 + this.elevation - edges.elevation);
        edges.line(p, z1 + this.elevation - edges.elevation, q, z1 + this.elevation - edges.elevation);
        edges.line(p, z0 + this.elevation - edges.elevation, p, z1 + this.elevation - edges.elevation);
      }
    }
    this.cap(ring, z1, true);
    this.cap(ring, z0, false);
  }

  get empty(): boolean {
    return this.positions.length === 0;
  }

  geometry(): BufferGeometry {
    return MeshBuilder.merge([this]);
  }

  /** One geometry of several builders' triangles, one draw group per builder (none when one has all). */
  static merge(parts: readonly MeshBuilder[]): BufferGeometry {
    const g = new BufferGeometry();
    const vertices = parts.reduce((n, b) => n + b.positions.length / 3, 0);
    const position = new Float32Array(vertices * 3);
    const normal = new Float32Array(vertices * 3);
    const uv = new Float32Array(vertices * 2);
    let at = 0;
    const filled = parts.filter((b) => !b.empty).length;
    parts.forEach((b, index) => {
      const count = b.positions.length / 3;
      position.set(b.positions, at * 3);
      normal.set(b.normals, at * 3);
      uv.set(b.uvs, at * 2);
      if (filled > 1 && count > 0) g.addGroup(at, count, index);
      at += count;
    });
    g.setAttribute('position', new BufferAttribute(position, 3));
    g.setAttribute('normal', new BufferAttribute(normal, 3));
    g.setAttribute('uv', new BufferAttribute(uv, 2));
    g.computeBoundingBox();
    g.computeBoundingSphere();
    return g;
  }

  edgeGeometry(): BufferGeometry {
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(new Float32Array(this.edges), 3));
    return g;
  }
}

export interface WallMesh {
  /**
   * null for a wall with no footprint (covered by another, or shorter than the tolerance). With
   * `sides`, its draw groups are 0 (ends, top, reveals), 1 (left face) and 2 (right face), those
   * that have triangles; when only one has, there are no groups.
   */
  readonly surface: BufferGeometry | null;
  /** null too when options.edges is false */
  readonly edges: BufferGeometry | null;
}

/** Faces within this of square to the wall's normal are on its left or right face. */
const FACE_COS = 0.9999;

/**
 * The wall's solid (metres, world axes) with its openings cut out, and its feature edges.
 * sides: the faces along the wall's left and right (seen from its start) go to draw groups of
 * their own, for materials per side (pavings).
 */
export function buildWallMesh(
  wall: Pick<WallRecord, 'start' | 'end' | 'height'>,
  footprint: WallFootprint,
  openings: readonly OpeningRecord[],
  elevation: number,
  options: { readonly sides?: boolean; readonly edges?: boolean } = {},
): WallMesh {
  const axes = wallAxes(wall);
  const pieces = cutWall(wall, footprint, openings);
  const b = new MeshBuilder(elevation);
  b.lines = options.edges ?? true;
  const left = options.sides ? new MeshBuilder(elevation) : b;
  const right = options.sides ? new MeshBuilder(elevation) : b;
  /** The builder a face below edge p-q goes to: the left or right face of the wall, or the rest. */
  const faceOf = (p: Vec2, q: Vec2): MeshBuilder => {
    if (!options.sides) return b;
    const dx = q.x - p.x;
    const dy = q.y - p.y;
    const l = Math.hypot(dx, dy);
    if (l === 0) return b;
    // Outward normal (dy, -dx) / l against the wall's left normal n.
    const c = (dy * axes.n.x - dx * axes.n.y) / l;
    return c > FACE_COS ? left : c < -FACE_COS ? right : b;
  };
  const rangesAt = (along: number, from: WallPiece): Range[] => {
    // The stretch on the far side of a cut at `along` (none: the footprint ends there).
    const other = pieces.find((p) => p !== from && (Math.abs(p.from - along) < 1e-6 || Math.abs(p.to - along) < 1e-6));
    return other ? materialRanges(other, wall.height) : [];
  };
  for (const piece of pieces) {
    const ranges = materialRanges(piece, wall.height);
    const cuts = [piece.from, piece.to].filter(Number.isFinite);
    for (const polygon of piece.polygons) {
      const n = polygon.length;
      const alongs = polygon.map((p) => wallCoords(axes, p).along);
      /** the cut an edge lies on, or null for an edge of the footprint itself */
      const cutOf = (i: number): number | null => {
        const j = (i + 1) % n;
        for (const c of cuts) if (Math.abs(alongs[i]! - c) < 1e-3 && Math.abs(alongs[j]! - c) < 1e-3) return c;
        return null;
      };
      const edgeCut = polygon.map((_, i) => cutOf(i));
      for (const [z0, z1] of ranges) {
        b.cap(polygon, z1, true);
        b.cap(polygon, z0, false);
      }
      for (let i = 0; i < n; i++) {
        const p = polygon[i]!;
        const q = polygon[(i + 1) % n]!;
        const cut = edgeCut[i]!;
        if (cut === null) {
          const face = faceOf(p, q);
          // Texture u along the wall: from the start on the right face (seen from outside it runs
          // start to end), from the end on the left one, so both read left to right.
          const u0 = face === left ? axes.length - alongs[i]! : face === right ? alongs[i]! : 0;
          for (const [z0, z1] of ranges) {
            face.side(p, q, z0, z1, u0);
            b.line(p, z0, q, z0);
            b.line(p, z1, q, z1);
          }
          // A vertical edge where two footprint edges meet (cut corners are drawn below).
          if (edgeCut[(i + n - 1) % n] === null) for (const [z0, z1] of ranges) b.line(p, z0, p, z1);
        } else {
          // Where this stretch has material and the next has not: a reveal (jamb, sill, head).
          for (const [z0, z1] of subtract(ranges, rangesAt(cut, piece))) {
            b.side(p, q, z0, z1);
            b.line(p, z0, p, z1);
            b.line(q, z0, q, z1);
            b.line(p, z0, q, z0);
            b.line(p, z1, q, z1);
          }
        }
      }
    }
  }
  const parts = options.sides ? [b, left, right] : [b];
  if (parts.every((part) => part.empty)) return { surface: null, edges: null };
  return { surface: MeshBuilder.merge(parts), edges: b.lines ? b.edgeGeometry() : null };
}

/** The parts of an opening, each merged into one geometry (null when the kind has none of it). */
export interface OpeningMesh {
  readonly frame: BufferGeometry | null;
  readonly leaf: BufferGeometry | null;
  readonly glass: BufferGeometry | null;
  readonly metal: BufferGeometry | null;
  readonly stone: BufferGeometry | null;
  /** the edges of all the parts but the glass (the wireframe modes) */
  readonly edges: BufferGeometry | null;
  /** windows have aluminium frames, doors wooden ones */
  readonly frameKind: 'window' | 'door';
}

const WINDOW_FRAME = 50;
const WINDOW_DEPTH = 70;
const DOOR_FRAME = 60;
const LEAF = 40;
const GAP = 3;

/** Frames, glass and leaves of an opening in the wall's frame (doors shown closed). */
export function buildOpeningMesh(
  wall: Pick<WallRecord, 'start' | 'end' | 'thickness' | 'height'>,
  opening: OpeningRecord,
  elevation: number,
): OpeningMesh {
  const axes = wallAxes(wall);
  const style = openingStyle(opening.kind);
  const from = opening.offset - opening.width / 2;
  const to = opening.offset + opening.width / 2;
  const sill = Math.max(opening.elevation, 0);
  const h = Math.max(Math.min(opening.elevation + opening.height, wall.height) - sill, 0);
  const w = to - from;
  const half = wall.thickness / 2;
  const frame = new MeshBuilder(elevation + sill);
  const leaf = new MeshBuilder(elevation + sill);
  const glass = new MeshBuilder(elevation + sill);
  const metal = new MeshBuilder(elevation + sill);
  const stone = new MeshBuilder(elevation);
  // Boxes draw their edges into `frame` (and the glass none), so one LineSegments serves them all.
  const box = (part: MeshBuilder, ...r: [number, number, number, number, number, number]) => part.box(axes, ...r, part === glass ? null : frame);
  const done = (frameKind: 'window' | 'door'): OpeningMesh => ({
    frame: frame.empty ? null : frame.geometry(),
    leaf: leaf.empty ? null : leaf.geometry(),
    glass: glass.empty ? null : glass.geometry(),
    metal: metal.empty ? null : metal.geometry(),
    stone: stone.empty ? null : stone.geometry(),
    edges: frame.edges.length ? frame.edgeGeometry() : null,
    frameKind,
  });
  if (style === 'hole' || w <= 0 || h <= 0) return done('door');

  if (style === 'window') {
    const f = Math.min(WINDOW_FRAME, w / 4, h / 4);
    const d = Math.min(WINDOW_DEPTH, wall.thickness) / 2;
    box(frame, from, from + f, -d, d, 0, h);
    box(frame, to - f, to, -d, d, 0, h);
    box(frame, from + f, to - f, -d, d, h - f, h);
    box(frame, from + f, to - f, -d, d, 0, f);
    // Two casements from 1 m wide.
    if (w >= 1000) box(frame, opening.offset - f * 0.4, opening.offset + f * 0.4, -d * 0.8, d * 0.8, f, h - f);
    box(glass, from + f, to - f, -4, 4, f, h - f);
    return done('window');
  }

  // Doors: a casing over the whole reveal, a threshold, leaves closed in the middle of the wall.
  const f = Math.min(DOOR_FRAME, w / 6);
  const d = half + 10;
  box(frame, from, from + f, -d, d, 0, h);
  box(frame, to - f, to, -d, d, 0, h);
  box(frame, from + f, to - f, -d, d, h - f, h);
  if (sill === 0) box(stone, from + f, to - f, -half, half, 0, 8);
  const top = h - f - GAP;
  const a0 = from + f + GAP;
  const a1 = to - f - GAP;
  if (top <= 10 || a1 <= a0) return done('door');
  const handle = (at: number, towards: 1 | -1) => {
    // A lever on both faces, 1 m up, 70 mm in from the leaf's edge.
    const x = at - towards * 70;
    box(metal, Math.min(x, x - towards * 120), Math.max(x, x - towards * 120), -LEAF / 2 - 55, -LEAF / 2 - 40, 990 - sill, 1010 - sill);
    box(metal, Math.min(x, x - towards * 120), Math.max(x, x - towards * 120), LEAF / 2 + 40, LEAF / 2 + 55, 990 - sill, 1010 - sill);
    box(metal, x - 10, x + 10, -LEAF / 2 - 40, LEAF / 2 + 40, 990 - sill, 1010 - sill);
  };
  switch (style) {
    case 'single': {
      box(leaf, a0, a1, -LEAF / 2, LEAF / 2, 5, top);
      if (opening.flipHinge) handle(a0, -1);
      else handle(a1, 1);
      break;
    }
    case 'double':
    case 'unequal': {
      const split = style === 'double' ? opening.offset : opening.flipHinge ? to - (w * 2) / 3 : from + (w * 2) / 3;
      box(leaf, a0, split - GAP / 2, -LEAF / 2, LEAF / 2, 5, top);
      box(leaf, split + GAP / 2, a1, -LEAF / 2, LEAF / 2, 5, top);
      handle(split - GAP / 2, 1);
      handle(split + GAP / 2, -1);
      break;
    }
    case 'folding': {
      const panel = (a1 - a0) / 4;
      for (let k = 0; k < 4; k++) box(leaf, a0 + k * panel + (k ? GAP / 2 : 0), a0 + (k + 1) * panel - (k < 3 ? GAP / 2 : 0), -LEAF / 2, LEAF / 2, 5, top);
      break;
    }
    case 'sliding': {
      // Two glazed panels on two tracks, overlapping in the middle.
      const overlap = Math.min(40, w / 10);
      const stile = 45;
      for (const [p0, p1, c] of [
        [a0, opening.offset + overlap, half / 3],
        [opening.offset - overlap, a1, -half / 3],
      ] as const) {
        const t = 15;
        box(metal, p0, p0 + stile, c - t, c + t, 5, top);
        box(metal, p1 - stile, p1, c - t, c + t, 5, top);
        box(metal, p0 + stile, p1 - stile, c - t, c + t, top - stile, top);
        box(metal, p0 + stile, p1 - stile, c - t, c + t, 5, 5 + stile);
        box(glass, p0 + stile, p1 - stile, c - 3, c + 3, 5 + stile, top - stile);
      }
      break;
    }
  }
  return done('door');
}
