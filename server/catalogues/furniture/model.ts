// What a furniture generator draws into: a Model collects parts per material (one glTF primitive
// each, so a part's material can be replaced by name) and a Plan collects the top-view symbol.
// Axis mapping (documented in furniture/README.md): glTF x = catalogue x (width), glTF y =
// catalogue z (height), glTF -z = catalogue y (depth); the origin is the centre of the footprint
// at the base, and the front of a piece faces glTF +z (catalogue -y). Plan symbols are in mm in the
// catalogue frame: x right, y toward the back.
import {
  boundsOf,
  cylinder,
  ellipsoid,
  IDENTITY,
  lathe,
  move,
  roundedBox,
  transform,
  alongSegment,
  type Bounds,
  type Geom,
  type Mat,
  type Vec3,
} from './geometry';
import { MATERIALS, type MaterialDef, type MaterialName } from './materials';

/** 'low' is the isUseLowGltf variant: the same shapes with fewer segments. */
export type Detail = 'high' | 'low';

export interface Part {
  readonly material: MaterialDef;
  readonly pos: Float32Array;
  readonly nrm: Float32Array;
  readonly uv: Float32Array;
  readonly idx: Uint32Array;
}

interface Acc {
  material: MaterialDef;
  pos: number[];
  nrm: number[];
  uv: number[];
  idx: number[];
}

export class Model {
  private readonly parts = new Map<string, Acc>();

  constructor(readonly detail: Detail) {}

  /** Segments around a full circle (a multiple of 4), fewer for the low-poly variant. */
  round(high: number): number {
    const n = this.detail === 'high' ? high : Math.max(8, Math.round(high / 3));
    return Math.ceil(n / 4) * 4;
  }

  /** Arc steps per 45 degrees of a rounded edge. */
  get arc(): number {
    return this.detail === 'high' ? 3 : 1;
  }

  /**
   * Adds geometry in `mat`. UVs are projected from the placed positions along the face's
   * dominant axis; `grain` names the world axis the texture's v (wood grain) follows where the
   * face allows it.
   */
  add(name: MaterialName, g: Geom, m: Mat = IDENTITY, grain: 0 | 1 | 2 = 0, fitUv = false): void {
    const material = MATERIALS[name];
    const placed = m === IDENTITY ? g : transform(g, m);
    // fitUv: one copy of the texture spans the part (a rug's border, a picture) instead of repeating
    const fb = fitUv ? boundsOf([placed]) : null;
    let acc = this.parts.get(material.key);
    if (!acc) {
      acc = { material, pos: [], nrm: [], uv: [], idx: [] };
      this.parts.set(material.key, acc);
    }
    const base = acc.pos.length / 3;
    const metres = material.texture?.metres ?? 1;
    for (let k = 0; k < placed.pos.length; k += 3) {
      const p = [placed.pos[k]!, placed.pos[k + 1]!, placed.pos[k + 2]!];
      const n = [Math.abs(placed.nrm[k]!), Math.abs(placed.nrm[k + 1]!), Math.abs(placed.nrm[k + 2]!)];
      const axis = n[0]! >= n[1]! && n[0]! >= n[2]! ? 0 : n[1]! >= n[2]! ? 1 : 2;
      const others = [0, 1, 2].filter((a) => a !== axis);
      let ua = others[0]!, va = others[1]!;
      if (ua === grain) [ua, va] = [va, ua];
      if (fb) acc.uv.push((p[ua]! - fb.min[ua]!) / (fb.max[ua]! - fb.min[ua]! || 1), (p[va]! - fb.min[va]!) / (fb.max[va]! - fb.min[va]! || 1));
      else acc.uv.push(p[ua]! / metres, p[va]! / metres);
    }
    acc.pos.push(...placed.pos);
    acc.nrm.push(...placed.nrm);
    for (const i of placed.idx) acc.idx.push(base + i);
  }

  /**
   * A rounded box given by its min corner and size (the usual way furniture is measured). A
   * bevel under 15 mm gets one step (three would not show); the low variant drops it.
   */
  box(name: MaterialName, x0: number, y0: number, z0: number, w: number, h: number, d: number, r = 0, grain: 0 | 1 | 2 = 0): void {
    const steps = r <= 0 ? 0 : r >= 0.015 ? this.arc : this.detail === 'high' ? 1 : 0;
    this.add(name, roundedBox(w, h, d, r, steps), move(x0 + w / 2, y0 + h / 2, z0 + d / 2), grain);
  }

  /** A vertical cylinder standing at (x, y, z), `seg` segments at high detail. */
  cyl(name: MaterialName, x: number, y: number, z: number, r: number, h: number, seg = 24, rTop = r): void {
    this.add(name, cylinder(r, rTop, h, this.round(seg)), move(x, y, z), 1);
  }

  /** A round rod from p to q. */
  rod(name: MaterialName, p: Vec3, q: Vec3, r: number, seg = 12): void {
    this.add(name, cylinder(r, r, 1, this.round(seg)), alongSegment(p, q), 1);
  }

  lathe(name: MaterialName, profile: readonly (readonly [number, number])[], m: Mat = IDENTITY, seg = 32): void {
    this.add(name, lathe(profile, this.round(seg)), m, 1);
  }

  ball(name: MaterialName, x: number, y: number, z: number, rx: number, ry = rx, rz = rx, seg = 20): void {
    this.add(name, ellipsoid(rx, ry, rz, this.round(seg)), move(x, y, z));
  }

  finish(): Part[] {
    return [...this.parts.values()].map((a) => ({
      material: a.material,
      pos: Float32Array.from(a.pos),
      nrm: Float32Array.from(a.nrm),
      uv: Float32Array.from(a.uv),
      idx: Uint32Array.from(a.idx),
    }));
  }

  bounds(): Bounds {
    return boundsOf([...this.parts.values()].map((a) => ({ pos: a.pos, nrm: a.nrm, idx: a.idx })));
  }

  triangles(): number {
    let n = 0;
    for (const a of this.parts.values()) n += a.idx.length / 3;
    return n;
  }

  /**
   * Scales and moves everything into the box [-w/2, w/2] x [0, h] x [-d/2, d/2]: organic shapes
   * (plants, drapes) are drawn freely and then fitted to their declared size.
   */
  fit(w: number, h: number, d: number): void {
    const b = this.bounds();
    const sx = w / (b.max[0] - b.min[0]), sy = h / (b.max[1] - b.min[1]), sz = d / (b.max[2] - b.min[2]);
    const cx = (b.max[0] + b.min[0]) / 2, cz = (b.max[2] + b.min[2]) / 2;
    for (const a of this.parts.values()) {
      const g = transform({ pos: a.pos, nrm: a.nrm, idx: [] }, [sx, 0, 0, -cx * sx, 0, sy, 0, -b.min[1] * sy, 0, 0, sz, -cz * sz]);
      a.pos = g.pos;
      a.nrm = g.nrm;
    }
  }
}

/** A plan symbol in mm, catalogue frame (x right, y toward the back), origin at the footprint centre. */
export interface PlanSymbol {
  /** closed outlines (the first is the footprint) */
  readonly outlines: readonly (readonly (readonly [number, number])[])[];
  /** open key lines: cushions, pillows, doors, basins */
  readonly lines: readonly (readonly (readonly [number, number])[])[];
}

/** Collects the plan symbol from glTF-frame metres (x, z), converting to catalogue mm. */
export class Plan {
  readonly outlines: [number, number][][] = [];
  readonly lines: [number, number][][] = [];

  private static pt(x: number, z: number): [number, number] {
    return [Math.round(x * 1000), Math.round(-z * 1000) || 0];
  }

  outline(points: readonly (readonly [number, number])[]): this {
    this.outlines.push(points.map(([x, z]) => Plan.pt(x, z)));
    return this;
  }

  line(points: readonly (readonly [number, number])[]): this {
    this.lines.push(points.map(([x, z]) => Plan.pt(x, z)));
    return this;
  }

  rect(x0: number, z0: number, x1: number, z1: number, asOutline = false): this {
    const pts: [number, number][] = [[x0, z0], [x1, z0], [x1, z1], [x0, z1], [x0, z0]];
    return asOutline ? this.outline(pts.slice(0, 4)) : this.line(pts);
  }

  ellipse(cx: number, cz: number, rx: number, rz: number, asOutline = false, n = 32): this {
    const pts: [number, number][] = [];
    for (let i = 0; i < n; i++) pts.push([cx + rx * Math.cos((i / n) * Math.PI * 2), cz + rz * Math.sin((i / n) * Math.PI * 2)]);
    if (asOutline) return this.outline(pts);
    pts.push(pts[0]!);
    return this.line(pts);
  }

  symbol(): PlanSymbol {
    return { outlines: this.outlines, lines: this.lines };
  }
}

/** The footprint rectangle of a w x d piece as the plan's outline. */
export function footprint(w: number, d: number): Plan {
  return new Plan().rect(-w / 2, -d / 2, w / 2, d / 2, true);
}
