// Mesh building for the furniture generators: a few primitives (rounded box, cylinder, lathe,
// sheet) placed by affine transforms into one mesh per material. Coordinates are glTF's: metres,
// y up, the front of a piece facing +z. Every primitive reaches its nominal extent exactly (arcs
// are sampled at multiples of 90 degrees) so a model's bounding box is the size its generator
// declares, at every level of detail.

export type Vec3 = readonly [number, number, number];

/** Row-major 3x4 affine transform: [a b c tx; d e f ty; g h i tz]. */
export type Mat = readonly [number, number, number, number, number, number, number, number, number, number, number, number];

export const IDENTITY: Mat = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

/**
 * a then b: the transform applying `a` first. (Not named `then`: a module exporting `then` is a
 * thenable, and awaiting its dynamic import never settles.)
 */
export function compose(a: Mat, b: Mat): Mat {
  const r = (i: number, j: number) => b[i * 4]! * a[j]! + b[i * 4 + 1]! * a[4 + j]! + b[i * 4 + 2]! * a[8 + j]!;
  const t = (i: number) => b[i * 4]! * a[3]! + b[i * 4 + 1]! * a[7]! + b[i * 4 + 2]! * a[11]! + b[i * 4 + 3]!;
  return [r(0, 0), r(0, 1), r(0, 2), t(0), r(1, 0), r(1, 1), r(1, 2), t(1), r(2, 0), r(2, 1), r(2, 2), t(2)];
}

/** Composes left to right: chain(a, b, c) applies a, then b, then c. */
export function chain(...ms: Mat[]): Mat {
  return ms.reduce((acc, m) => compose(acc, m), IDENTITY);
}

export const move = (x: number, y: number, z: number): Mat => [1, 0, 0, x, 0, 1, 0, y, 0, 0, 1, z];
export const scale = (x: number, y: number, z: number): Mat => [x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0];
export function rotX(a: number): Mat {
  const c = Math.cos(a), s = Math.sin(a);
  return [1, 0, 0, 0, 0, c, -s, 0, 0, s, c, 0];
}
export function rotY(a: number): Mat {
  const c = Math.cos(a), s = Math.sin(a);
  return [c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0];
}
export function rotZ(a: number): Mat {
  const c = Math.cos(a), s = Math.sin(a);
  return [c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0];
}

/** Local geometry before placement. */
export interface Geom {
  pos: number[];
  nrm: number[];
  idx: number[];
}

function geom(): Geom {
  return { pos: [], nrm: [], idx: [] };
}

function norm3(x: number, y: number, z: number): [number, number, number] {
  const l = Math.hypot(x, y, z) || 1;
  return [x / l, y / l, z / l];
}

/** Tangent samples of a quarter arc split in two halves at 45 degrees: offsets r * tan(theta). */
function arcOffsets(r: number, seg: number): number[] {
  const out: number[] = [];
  for (let k = 1; k < seg; k++) out.push(r * Math.tan((Math.PI / 4) * (k / seg)));
  return out;
}

/**
 * A box of size w x h x d centred on the origin with edges rounded by `r`, `seg` steps per
 * 45 degrees of arc (0: sharp box). Each face is a grid whose vertices are pushed out from the
 * inner box, so neighbouring faces meet on the arcs with matching normals (smooth shading).
 */
export function roundedBox(w: number, h: number, d: number, r: number, seg: number): Geom {
  const half = [w / 2, h / 2, d / 2];
  const rad = seg > 0 ? Math.max(0, Math.min(r, Math.min(w, h, d) * 0.49)) : 0;
  const coords = (a: number): number[] => {
    if (rad === 0) return [-a, a];
    const inner = a - rad;
    const offs = arcOffsets(rad, seg);
    return [-a, ...offs.map((o) => -inner - o).reverse(), -inner, inner, ...offs.map((o) => inner + o), a];
  };
  const cs = half.map(coords);
  const g = geom();
  // axis: the face normal's axis; sign: +1 / -1; (ua, va): the grid's axes, ordered so that
  // (u x v) points along the normal and triangles wind counter-clockwise seen from outside
  const faces: [number, number, number, number][] = [
    [0, 1, 1, 2], [0, -1, 2, 1], [1, 1, 2, 0], [1, -1, 0, 2], [2, 1, 0, 1], [2, -1, 1, 0],
  ];
  for (const [axis, sign, ua, va] of faces) {
    const us = cs[ua]!;
    const vs = cs[va]!;
    const base = g.pos.length / 3;
    for (const v of vs) {
      for (const u of us) {
        const p = [0, 0, 0];
        p[axis] = sign * half[axis]!;
        p[ua] = u;
        p[va] = v;
        const inner = p.map((c, i) => Math.max(-(half[i]! - rad), Math.min(half[i]! - rad, c)));
        let n: [number, number, number];
        if (rad === 0) {
          const nn = [0, 0, 0];
          nn[axis] = sign;
          n = nn as [number, number, number];
          g.pos.push(p[0]!, p[1]!, p[2]!);
        } else {
          n = norm3(p[0]! - inner[0]!, p[1]! - inner[1]!, p[2]! - inner[2]!);
          g.pos.push(inner[0]! + n[0] * rad, inner[1]! + n[1] * rad, inner[2]! + n[2] * rad);
        }
        g.nrm.push(n[0], n[1], n[2]);
      }
    }
    const nu = us.length;
    for (let j = 0; j < vs.length - 1; j++) {
      for (let i = 0; i < nu - 1; i++) {
        const a = base + j * nu + i;
        g.idx.push(a, a + 1, a + nu + 1, a, a + nu + 1, a + nu);
      }
    }
  }
  return g;
}

/**
 * A surface of revolution about y from a profile of [radius, y] points (bottom to top).
 * `seg` is rounded up to a multiple of 4 so the widest ring reaches +-radius on x and z. A
 * corner sharper than 40 degrees in the profile keeps two normals (a crease); points on the
 * axis (radius 0) close the surface with a fan.
 */
export function lathe(profile: readonly (readonly [number, number])[], seg: number): Geom {
  const n = Math.max(4, Math.ceil(seg / 4) * 4);
  const g = geom();
  // split the profile into runs at creases; each run is a strip with smooth normals
  const segNormal = (i: number): [number, number] => {
    const [r0, y0] = profile[i]!;
    const [r1, y1] = profile[i + 1]!;
    const l = Math.hypot(r1 - r0, y1 - y0) || 1;
    return [(y1 - y0) / l, -(r1 - r0) / l];
  };
  const last = profile.length - 1;
  const rows: { r: number; y: number; nr: number; ny: number; breakAfter: boolean }[] = [];
  for (let i = 0; i <= last; i++) {
    const before = i > 0 ? segNormal(i - 1) : null;
    const after = i < last ? segNormal(i) : null;
    const [r, y] = profile[i]!;
    if (before && after) {
      const dot = before[0] * after[0] + before[1] * after[1];
      if (dot < Math.cos((40 * Math.PI) / 180)) {
        rows.push({ r, y, nr: before[0], ny: before[1], breakAfter: true });
        rows.push({ r, y, nr: after[0], ny: after[1], breakAfter: false });
        continue;
      }
      const l = Math.hypot(before[0] + after[0], before[1] + after[1]) || 1;
      rows.push({ r, y, nr: (before[0] + after[0]) / l, ny: (before[1] + after[1]) / l, breakAfter: false });
    } else {
      const nn = (before ?? after)!;
      rows.push({ r, y, nr: nn[0], ny: nn[1], breakAfter: false });
    }
  }
  const ringStart: number[] = [];
  for (const row of rows) {
    ringStart.push(g.pos.length / 3);
    for (let k = 0; k <= n; k++) {
      const a = (k / n) * Math.PI * 2;
      const c = Math.cos(a), s = Math.sin(a);
      g.pos.push(row.r * c, row.y, -row.r * s);
      g.nrm.push(row.nr * c, row.ny, -row.nr * s);
    }
  }
  for (let j = 0; j < rows.length - 1; j++) {
    if (rows[j]!.breakAfter) continue;
    const a0 = ringStart[j]!, b0 = ringStart[j + 1]!;
    const ra = rows[j]!.r, rb = rows[j + 1]!.r;
    if (ra === 0 && rb === 0) continue;
    for (let k = 0; k < n; k++) {
      const a = a0 + k, b = b0 + k;
      // winding: outward normals for a profile going up with positive radius
      if (ra !== 0) g.idx.push(a, a + 1, b + 1);
      if (rb !== 0) g.idx.push(a, b + 1, b);
    }
  }
  return g;
}

/** A cylinder (or cone frustum) along y from 0 to h, with flat caps. */
export function cylinder(rBottom: number, rTop: number, h: number, seg: number, caps = true): Geom {
  const profile: [number, number][] = [];
  if (caps && rBottom > 0) profile.push([0, 0]);
  profile.push([rBottom, 0], [rTop, h]);
  if (caps && rTop > 0) profile.push([0, h]);
  return lathe(profile, seg);
}

/** An ellipsoid with radii (rx, ry, rz) centred on the origin. */
export function ellipsoid(rx: number, ry: number, rz: number, seg: number): Geom {
  const rings = Math.max(4, Math.ceil(seg / 4) * 2);
  const profile: [number, number][] = [];
  for (let i = 0; i <= rings; i++) {
    const t = -Math.PI / 2 + (i / rings) * Math.PI;
    profile.push([i === 0 || i === rings ? 0 : Math.cos(t), Math.sin(t)]);
  }
  return transform(lathe(profile, seg), scale(rx, ry, rz));
}

/**
 * A surface over (u, v) in [0,1]^2 from a point function, `nu` x `nv` quads; normals from
 * finite differences. Used for curtains and leaves (drawn double-sided).
 */
export function sheet(f: (u: number, v: number) => Vec3, nu: number, nv: number): Geom {
  const g = geom();
  const e = 1e-4;
  for (let j = 0; j <= nv; j++) {
    for (let i = 0; i <= nu; i++) {
      const u = i / nu, v = j / nv;
      const p = f(u, v);
      const pu = f(Math.min(1, u + e), v), pu0 = f(Math.max(0, u - e), v);
      const pv = f(u, Math.min(1, v + e)), pv0 = f(u, Math.max(0, v - e));
      const du = [pu[0] - pu0[0], pu[1] - pu0[1], pu[2] - pu0[2]];
      const dv = [pv[0] - pv0[0], pv[1] - pv0[1], pv[2] - pv0[2]];
      const n = norm3(du[1]! * dv[2]! - du[2]! * dv[1]!, du[2]! * dv[0]! - du[0]! * dv[2]!, du[0]! * dv[1]! - du[1]! * dv[0]!);
      g.pos.push(p[0], p[1], p[2]);
      g.nrm.push(n[0], n[1], n[2]);
    }
  }
  // where the surface pinches to a point (a leaf's tip) the differences vanish: borrow the
  // normal of the nearest row that has one
  const row = nu + 1;
  for (let k = 0; k < g.nrm.length / 3; k++) {
    if (Math.hypot(g.nrm[k * 3]!, g.nrm[k * 3 + 1]!, g.nrm[k * 3 + 2]!) > 0.5) continue;
    for (let step = 1; step <= nv; step++) {
      const m = [k - step * row, k + step * row].find((q) => q >= 0 && q * 3 < g.nrm.length && Math.hypot(g.nrm[q * 3]!, g.nrm[q * 3 + 1]!, g.nrm[q * 3 + 2]!) > 0.5);
      if (m === undefined) continue;
      g.nrm[k * 3] = g.nrm[m * 3]!;
      g.nrm[k * 3 + 1] = g.nrm[m * 3 + 1]!;
      g.nrm[k * 3 + 2] = g.nrm[m * 3 + 2]!;
      break;
    }
  }
  for (let j = 0; j < nv; j++) {
    for (let i = 0; i < nu; i++) {
      const a = j * (nu + 1) + i;
      g.idx.push(a, a + 1, a + nu + 2, a, a + nu + 2, a + nu + 1);
    }
  }
  return g;
}

/** Applies an affine transform; normals by the cofactor matrix so non-uniform scales stay right. */
export function transform(g: Geom, m: Mat): Geom {
  const [a, b, c, tx, d, e, f, ty, gg, h, i, tz] = m;
  const co = [e * i - f * h, f * gg - d * i, d * h - e * gg, c * h - b * i, a * i - c * gg, b * gg - a * h, b * f - c * e, c * d - a * f, a * e - b * d];
  const det = a * co[0]! + b * co[1]! + c * co[2]!;
  const out = geom();
  for (let k = 0; k < g.pos.length; k += 3) {
    const x = g.pos[k]!, y = g.pos[k + 1]!, z = g.pos[k + 2]!;
    out.pos.push(a * x + b * y + c * z + tx, d * x + e * y + f * z + ty, gg * x + h * y + i * z + tz);
    const nx = g.nrm[k]!, ny = g.nrm[k + 1]!, nz = g.nrm[k + 2]!;
    // the cofactor matrix is det * inverse-transpose: flip by the sign of det to keep outward normals
    const sg = det < 0 ? -1 : 1;
    const n = norm3(
      sg * (co[0]! * nx + co[1]! * ny + co[2]! * nz),
      sg * (co[3]! * nx + co[4]! * ny + co[5]! * nz),
      sg * (co[6]! * nx + co[7]! * ny + co[8]! * nz),
    );
    out.nrm.push(n[0], n[1], n[2]);
  }
  // a mirroring transform turns faces inside out: swap the winding back
  if (det < 0) for (let k = 0; k < g.idx.length; k += 3) out.idx.push(g.idx[k]!, g.idx[k + 2]!, g.idx[k + 1]!);
  else out.idx.push(...g.idx);
  return out;
}

/** The transform taking the y axis segment [0, 1] onto the segment from p to q. */
export function alongSegment(p: Vec3, q: Vec3): Mat {
  const dx = q[0] - p[0], dy = q[1] - p[1], dz = q[2] - p[2];
  const len = Math.hypot(dx, dy, dz) || 1;
  const yv = [dx / len, dy / len, dz / len] as const;
  // any unit vector not parallel to yv, then an orthonormal frame around it
  const helper = Math.abs(yv[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  const xv = norm3(helper[1]! * yv[2] - helper[2]! * yv[1], helper[2]! * yv[0] - helper[0]! * yv[2], helper[0]! * yv[1] - helper[1]! * yv[0]);
  const zv = [xv[1] * yv[2] - xv[2] * yv[1], xv[2] * yv[0] - xv[0] * yv[2], xv[0] * yv[1] - xv[1] * yv[0]];
  return [xv[0], yv[0] * len, zv[0]!, p[0], xv[1], yv[1] * len, zv[1]!, p[1], xv[2], yv[2] * len, zv[2]!, p[2]];
}

export interface Bounds {
  min: [number, number, number];
  max: [number, number, number];
}

export function boundsOf(geoms: readonly Geom[]): Bounds {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (const g of geoms) {
    for (let k = 0; k < g.pos.length; k += 3) {
      for (let a = 0; a < 3; a++) {
        const v = g.pos[k + a]!;
        if (v < min[a]!) min[a] = v;
        if (v > max[a]!) max[a] = v;
      }
    }
  }
  return { min, max };
}
