// A small software rasteriser for catalogue covers, so a model's picture is made from the model
// itself without a browser or GPU: an orthographic three-quarter view from the front right,
// z-buffered triangles with interpolated normals and texture coordinates, Lambert shading from a
// key and a fill light over an ambient term, a Blinn highlight for glossy materials, blended
// glass drawn after the opaque parts, a soft contact shadow, and 2x supersampling for anti-aliasing.
import { downscale, parseColor, type RgbImage } from '../textures';
import { materialImages } from './materials';
import type { Part } from './model';

const BACKGROUND: [number, number, number] = [244, 243, 240];

export interface CoverOptions {
  /** output size in pixels (square) */
  readonly size?: number;
  /** draw a contact shadow under the piece (floor-standing pieces) */
  readonly shadow?: boolean;
  /** degrees the camera is turned from the front toward the right */
  readonly yaw?: number;
  /** degrees the camera looks down */
  readonly pitch?: number;
}

function normalise(v: [number, number, number]): [number, number, number] {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

export function renderCover(parts: readonly Part[], opts: CoverOptions = {}): RgbImage {
  const size = opts.size ?? 256;
  const ss = 2;
  const W = size * ss;
  const yaw = ((opts.yaw ?? 32) * Math.PI) / 180;
  const pitch = ((opts.pitch ?? 24) * Math.PI) / 180;
  const cam: [number, number, number] = [Math.sin(yaw) * Math.cos(pitch), Math.sin(pitch), Math.cos(yaw) * Math.cos(pitch)];
  const right: [number, number, number] = [Math.cos(yaw), 0, -Math.sin(yaw)];
  const up: [number, number, number] = [
    cam[1] * right[2] - cam[2] * right[1],
    cam[2] * right[0] - cam[0] * right[2],
    cam[0] * right[1] - cam[1] * right[0],
  ];
  const key = normalise([-0.45, 0.85, 0.55]);
  const fill = normalise([0.7, 0.3, 0.4]);
  const half = normalise([key[0] + cam[0], key[1] + cam[1], key[2] + cam[2]]);

  // fit the projected model (and its shadow on the floor) into the frame with a margin
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  const project = (x: number, y: number, z: number): [number, number, number] => [
    x * right[0] + y * right[1] + z * right[2],
    x * up[0] + y * up[1] + z * up[2],
    x * cam[0] + y * cam[1] + z * cam[2],
  ];
  for (const p of parts) {
    for (let k = 0; k < p.pos.length; k += 3) {
      const [sx, sy] = project(p.pos[k]!, p.pos[k + 1]!, p.pos[k + 2]!);
      minX = Math.min(minX, sx); maxX = Math.max(maxX, sx);
      minY = Math.min(minY, sy); maxY = Math.max(maxY, sy);
    }
  }
  const span = Math.max(maxX - minX, maxY - minY) || 1;
  const scalePx = (W * 0.84) / span;
  const ox = W / 2 - ((minX + maxX) / 2) * scalePx;
  const oy = W / 2 + ((minY + maxY) / 2) * scalePx;
  const toScreen = (x: number, y: number, z: number): [number, number, number] => {
    const [sx, sy, sz] = project(x, y, z);
    return [ox + sx * scalePx, oy - sy * scalePx, sz];
  };

  const rgb = new Float32Array(W * W * 3);
  for (let i = 0; i < W * W; i++) rgb.set(BACKGROUND, i * 3);

  // screen positions of every part's vertices
  const screens = parts.map((p) => {
    const out = new Float32Array(p.pos.length);
    for (let k = 0; k < p.pos.length; k += 3) out.set(toScreen(p.pos[k]!, p.pos[k + 1]!, p.pos[k + 2]!), k);
    return out;
  });

  if (opts.shadow ?? true) {
    // the footprint seen from straight above, flattened onto the floor, darkens the background
    // (drawn at half resolution: it is blurred anyway)
    const hw = W / 2;
    const flat = new Raster(hw);
    parts.forEach((p) => {
      const s = new Float32Array(p.pos.length);
      for (let k = 0; k < p.pos.length; k += 3) {
        const [x, y] = toScreen(p.pos[k]!, 0, p.pos[k + 2]!);
        s[k] = x / 2;
        s[k + 1] = y / 2;
      }
      for (let t = 0; t < p.idx.length; t += 3) flat.triangle(s, p.idx[t]!, p.idx[t + 1]!, p.idx[t + 2]!, 0);
    });
    // a box blur by summed-area table softens the edge (constant cost per pixel)
    const r = Math.round(W / 48);
    const sum = new Float64Array((W + 1) * (W + 1));
    for (let y = 0; y < W; y++) {
      let row = 0;
      for (let x = 0; x < W; x++) {
        row += flat.id[(y >> 1) * hw + (x >> 1)]! >= 0 ? 1 : 0;
        sum[(y + 1) * (W + 1) + x + 1] = sum[y * (W + 1) + x + 1]! + row;
      }
    }
    for (let y = 0; y < W; y++) {
      const ya = Math.max(0, y - r), yb = Math.min(W, y + r + 1);
      for (let x = 0; x < W; x++) {
        const xa = Math.max(0, x - r), xb = Math.min(W, x + r + 1);
        const hit = sum[yb * (W + 1) + xb]! - sum[ya * (W + 1) + xb]! - sum[yb * (W + 1) + xa]! + sum[ya * (W + 1) + xa]!;
        if (hit === 0) continue;
        const f = 1 - 0.16 * (hit / ((yb - ya) * (xb - xa)));
        const i = (y * W + x) * 3;
        rgb[i]! *= f;
        rgb[i + 1]! *= f;
        rgb[i + 2]! *= f;
      }
    }
  }

  // Opaque parts: visibility first (depth, triangle and weights per pixel), then each visible
  // pixel is shaded once, however many triangles covered it.
  const shaders = parts.map((p) => shaderFor(p, cam, key, fill, half));
  const opaque = new Raster(W);
  const triBase: number[] = [];
  let triCount = 0;
  parts.forEach((p, pi) => {
    triBase.push(triCount);
    triCount += p.idx.length / 3;
    if ((p.material.alpha ?? 1) < 1) return;
    const cull = !p.material.doubleSided;
    for (let t = 0; t < p.idx.length; t += 3) opaque.triangle(screens[pi]!, p.idx[t]!, p.idx[t + 1]!, p.idx[t + 2]!, triBase[pi]! + t / 3, cull);
  });
  const partOf = (tri: number) => {
    let pi = 0;
    while (pi + 1 < parts.length && triBase[pi + 1]! <= tri) pi++;
    return pi;
  };
  const colour: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < W * W; i++) {
    const tri = opaque.id[i]!;
    if (tri < 0) continue;
    const pi = partOf(tri);
    shaders[pi]!(tri - triBase[pi]!, opaque.wa[i]!, opaque.wb[i]!, colour);
    rgb[i * 3] = colour[0];
    rgb[i * 3 + 1] = colour[1];
    rgb[i * 3 + 2] = colour[2];
  }
  // Blended parts (glass, sheer fabric) over the result, each covered pixel in front of the
  // opaque depth mixed in turn.
  parts.forEach((p, pi) => {
    const alpha = p.material.alpha ?? 1;
    if (alpha >= 1) return;
    const layer = new Raster(W, opaque.depth);
    for (let t = 0; t < p.idx.length; t += 3) {
      layer.touched.length = 0;
      layer.triangle(screens[pi]!, p.idx[t]!, p.idx[t + 1]!, p.idx[t + 2]!, t / 3);
      for (const i of layer.touched) {
        shaders[pi]!(t / 3, layer.wa[i]!, layer.wb[i]!, colour);
        for (let c = 0; c < 3; c++) rgb[i * 3 + c] = rgb[i * 3 + c]! * (1 - alpha) + colour[c]! * alpha;
      }
    }
  });

  const out = new Uint8Array(W * W * 3);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(rgb[i]!)));
  return downscale({ width: W, height: W, rgb: out }, size, size);
}

type Shader = (tri: number, wa: number, wb: number, out: [number, number, number]) => void;

/** The shading of one part: interpolated normal and texture, key + fill + ambient, highlight. */
function shaderFor(
  p: Part,
  cam: readonly [number, number, number],
  key: readonly [number, number, number],
  fill: readonly [number, number, number],
  half: readonly [number, number, number],
): Shader {
  const m = p.material;
  const tex = m.image ?? materialImages(m)?.image ?? null;
  const base = parseColor(m.colour);
  const emissive = m.emissive ? parseColor(m.emissive) : null;
  const gloss = Math.max(0, 1 - m.roughness);
  const shininess = 6 + 90 * gloss * gloss;
  const metal = m.metallic > 0.5;
  const { nrm, uv, idx } = p;
  return (tri, wa, wb, out) => {
    const wc = 1 - wa - wb;
    const ia = idx[tri * 3]!, ib = idx[tri * 3 + 1]!, ic = idx[tri * 3 + 2]!;
    let nx = nrm[ia * 3]! * wa + nrm[ib * 3]! * wb + nrm[ic * 3]! * wc;
    let ny = nrm[ia * 3 + 1]! * wa + nrm[ib * 3 + 1]! * wb + nrm[ic * 3 + 1]! * wc;
    let nz = nrm[ia * 3 + 2]! * wa + nrm[ib * 3 + 2]! * wb + nrm[ic * 3 + 2]! * wc;
    const nl = Math.hypot(nx, ny, nz) || 1;
    nx /= nl;
    ny /= nl;
    nz /= nl;
    // faces seen from behind (leaves, drapes, the inside of a shade) are lit as their front
    if (nx * cam[0] + ny * cam[1] + nz * cam[2] < 0) {
      nx = -nx;
      ny = -ny;
      nz = -nz;
    }
    let cr = base[0], cg = base[1], cb = base[2];
    if (tex) {
      const u = uv[ia * 2]! * wa + uv[ib * 2]! * wb + uv[ic * 2]! * wc;
      const v = uv[ia * 2 + 1]! * wa + uv[ib * 2 + 1]! * wb + uv[ic * 2 + 1]! * wc;
      const tx = Math.min(tex.width - 1, Math.floor((u - Math.floor(u)) * tex.width));
      const ty = Math.min(tex.height - 1, Math.floor((v - Math.floor(v)) * tex.height));
      const ti = (ty * tex.width + tx) * 3;
      cr = tex.rgb[ti]!;
      cg = tex.rgb[ti + 1]!;
      cb = tex.rgb[ti + 2]!;
    }
    const lambert = Math.max(0, nx * key[0] + ny * key[1] + nz * key[2]);
    const fillL = Math.max(0, nx * fill[0] + ny * fill[1] + nz * fill[2]);
    // metals have no colour of their own to light: a sky-above reflection reads as metal
    const light = metal ? 0.55 + 0.35 * ny + 0.3 * lambert : 0.42 + 0.55 * lambert + 0.18 * fillL;
    const spec = gloss * 0.5 * Math.pow(Math.max(0, nx * half[0] + ny * half[1] + nz * half[2]), shininess) * 255;
    out[0] = cr * light + spec + (emissive ? emissive[0] : 0);
    out[1] = cg * light + spec + (emissive ? emissive[1] : 0);
    out[2] = cb * light + spec + (emissive ? emissive[2] : 0);
  };
}

/**
 * A z-buffered visibility buffer: for each pixel the nearest triangle's id and barycentric
 * weights. Given another raster's depth, it only keeps pixels in front of it (blended layers)
 * and lists them in `touched`.
 */
class Raster {
  readonly depth: Float32Array;
  readonly id: Int32Array;
  readonly wa: Float32Array;
  readonly wb: Float32Array;
  readonly touched: number[] = [];
  private readonly limit: Float32Array | null;

  constructor(private readonly W: number, limit: Float32Array | null = null) {
    this.limit = limit;
    const n = limit ? 0 : W * W;
    this.depth = limit ?? new Float32Array(n).fill(-Infinity);
    this.id = new Int32Array(n).fill(-1);
    this.wa = new Float32Array(limit ? W * W : n);
    this.wb = new Float32Array(limit ? W * W : n);
  }

  /** `cull`: skip the triangle when it faces away (closed, single-sided surfaces). */
  triangle(s: Float32Array, ia: number, ib: number, ic: number, id: number, cull = false): void {
    const W = this.W;
    const ax = s[ia * 3]!, ay = s[ia * 3 + 1]!, az = s[ia * 3 + 2]!;
    const bx = s[ib * 3]!, by = s[ib * 3 + 1]!, bz = s[ib * 3 + 2]!;
    const cx = s[ic * 3]!, cy = s[ic * 3 + 1]!, cz = s[ic * 3 + 2]!;
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    // screen y points down, so a triangle facing the camera has a negative signed area
    if (Math.abs(area) < 1e-9 || (cull && area > 0)) return;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
    const x1 = Math.min(W - 1, Math.ceil(Math.max(ax, bx, cx)));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy)));
    const y1 = Math.min(W - 1, Math.ceil(Math.max(ay, by, cy)));
    const inv = 1 / area;
    // The weights are linear along a row: wa = ka * px + ma(py), wb = kb * px + mb(py). Each row
    // visits only the span where all three are non-negative, so long thin triangles (rods seen
    // at an angle) cost their pixels, not their bounding box.
    const ka = (by - cy) * inv, kb = (cy - ay) * inv, kc = -ka - kb;
    for (let y = y0; y <= y1; y++) {
      const py = y + 0.5;
      const ma = (bx * (cy - py) - cx * (by - py)) * inv;
      const mb = (cx * (ay - py) - ax * (cy - py)) * inv;
      const mc = 1 - ma - mb;
      let lo = x0 + 0.5, hi = x1 + 0.5;
      if (ka > 0) lo = Math.max(lo, -ma / ka);
      else if (ka < 0) hi = Math.min(hi, -ma / ka);
      else if (ma < 0) continue;
      if (kb > 0) lo = Math.max(lo, -mb / kb);
      else if (kb < 0) hi = Math.min(hi, -mb / kb);
      else if (mb < 0) continue;
      if (kc > 0) lo = Math.max(lo, -mc / kc);
      else if (kc < 0) hi = Math.min(hi, -mc / kc);
      else if (mc < 0) continue;
      if (lo > hi) continue;
      const xs = Math.max(x0, Math.ceil(lo - 0.5)), xe = Math.min(x1, Math.floor(hi - 0.5));
      for (let x = xs; x <= xe; x++) {
        const px = x + 0.5;
        const wa = ka * px + ma;
        const wb = kb * px + mb;
        if (wa < -1e-6 || wb < -1e-6 || wa + wb > 1 + 1e-6) continue;
        const z = az * wa + bz * wb + cz * (1 - wa - wb);
        const i = y * W + x;
        if (z <= this.depth[i]!) continue;
        if (this.limit) {
          this.touched.push(i);
        } else {
          this.depth[i] = z;
          this.id[i] = id;
        }
        this.wa[i] = wa;
        this.wb[i] = wb;
      }
    }
  }
}
