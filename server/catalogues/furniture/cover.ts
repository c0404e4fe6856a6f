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
  const depth = new Float32Array(W * W).fill(-Infinity);

  if (opts.shadow ?? true) {
    // the footprint seen from straight above, flattened onto the floor, darkens the background
    const mask = new Uint8Array(W * W);
    for (const p of parts) {
      for (let t = 0; t < p.idx.length; t += 3) {
        const v = [0, 1, 2].map((j) => {
          const k = p.idx[t + j]! * 3;
          return toScreen(p.pos[k]!, 0, p.pos[k + 2]!);
        });
        fillTriangle(W, v[0]!, v[1]!, v[2]!, (i) => { mask[i] = 1; });
      }
    }
    // a box blur by summed-area table softens the edge (constant cost per pixel)
    const r = Math.round(W / 48);
    const sum = new Float64Array((W + 1) * (W + 1));
    for (let y = 0; y < W; y++) {
      let row = 0;
      for (let x = 0; x < W; x++) {
        row += mask[y * W + x]!;
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

  const passes = [parts.filter((p) => (p.material.alpha ?? 1) >= 1), parts.filter((p) => (p.material.alpha ?? 1) < 1)];
  passes.forEach((pass, passIndex) => {
    for (const p of pass) {
      const m = p.material;
      const alpha = m.alpha ?? 1;
      const tex = materialImages(m)?.image ?? null;
      const base = parseColor(m.colour);
      const emissive = m.emissive ? parseColor(m.emissive) : null;
      const gloss = Math.max(0, 1 - m.roughness);
      const shininess = 6 + 90 * gloss * gloss;
      const screen: [number, number, number][] = [];
      for (let k = 0; k < p.pos.length; k += 3) screen.push(toScreen(p.pos[k]!, p.pos[k + 1]!, p.pos[k + 2]!));
      for (let t = 0; t < p.idx.length; t += 3) {
        const ia = p.idx[t]!, ib = p.idx[t + 1]!, ic = p.idx[t + 2]!;
        const a = screen[ia]!, b = screen[ib]!, c = screen[ic]!;
        fillTriangle(W, a, b, c, (i, wa, wb, wc) => {
          const z = a[2] * wa + b[2] * wb + c[2] * wc;
          if (z <= depth[i]!) return;
          if (passIndex === 0) depth[i] = z;
          let nx = p.nrm[ia * 3]! * wa + p.nrm[ib * 3]! * wb + p.nrm[ic * 3]! * wc;
          let ny = p.nrm[ia * 3 + 1]! * wa + p.nrm[ib * 3 + 1]! * wb + p.nrm[ic * 3 + 1]! * wc;
          let nz = p.nrm[ia * 3 + 2]! * wa + p.nrm[ib * 3 + 2]! * wb + p.nrm[ic * 3 + 2]! * wc;
          const nl = Math.hypot(nx, ny, nz) || 1;
          nx /= nl; ny /= nl; nz /= nl;
          // faces seen from behind (leaves, drapes, the inside of a shade) are lit as their front
          if (nx * cam[0] + ny * cam[1] + nz * cam[2] < 0) { nx = -nx; ny = -ny; nz = -nz; }
          let cr = base[0], cg = base[1], cb = base[2];
          if (tex) {
            const u = p.uv[ia * 2]! * wa + p.uv[ib * 2]! * wb + p.uv[ic * 2]! * wc;
            const v = p.uv[ia * 2 + 1]! * wa + p.uv[ib * 2 + 1]! * wb + p.uv[ic * 2 + 1]! * wc;
            const tx = ((Math.floor((u - Math.floor(u)) * tex.width) % tex.width) + tex.width) % tex.width;
            const ty = ((Math.floor((v - Math.floor(v)) * tex.height) % tex.height) + tex.height) % tex.height;
            const ti = (ty * tex.width + tx) * 3;
            cr = tex.rgb[ti]!; cg = tex.rgb[ti + 1]!; cb = tex.rgb[ti + 2]!;
          }
          const lambert = Math.max(0, nx * key[0] + ny * key[1] + nz * key[2]);
          const fillL = Math.max(0, nx * fill[0] + ny * fill[1] + nz * fill[2]);
          let light = 0.42 + 0.55 * lambert + 0.18 * fillL;
          if (m.metallic > 0.5) light = 0.55 + 0.35 * ny + 0.3 * lambert; // a sky-above reflection
          const spec = gloss * 0.5 * Math.pow(Math.max(0, nx * half[0] + ny * half[1] + nz * half[2]), shininess) * 255;
          let r = cr * light + spec, g = cg * light + spec, bl = cb * light + spec;
          if (emissive) { r += emissive[0]; g += emissive[1]; bl += emissive[2]; }
          const k = i * 3;
          rgb[k] = rgb[k]! * (1 - alpha) + r * alpha;
          rgb[k + 1] = rgb[k + 1]! * (1 - alpha) + g * alpha;
          rgb[k + 2] = rgb[k + 2]! * (1 - alpha) + bl * alpha;
        });
      }
    }
  });

  const out = new Uint8Array(W * W * 3);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(rgb[i]!)));
  return downscale({ width: W, height: W, rgb: out }, size, size);
}

/** Calls `plot` for every pixel centre inside the triangle with its barycentric weights. */
function fillTriangle(
  W: number,
  a: readonly [number, number, number],
  b: readonly [number, number, number],
  c: readonly [number, number, number],
  plot: (i: number, wa: number, wb: number, wc: number) => void,
): void {
  const area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  if (Math.abs(area) < 1e-9) return;
  const x0 = Math.max(0, Math.floor(Math.min(a[0], b[0], c[0])));
  const x1 = Math.min(W - 1, Math.ceil(Math.max(a[0], b[0], c[0])));
  const y0 = Math.max(0, Math.floor(Math.min(a[1], b[1], c[1])));
  const y1 = Math.min(W - 1, Math.ceil(Math.max(a[1], b[1], c[1])));
  const inv = 1 / area;
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5;
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      const wa = ((b[0] - px) * (c[1] - py) - (b[1] - py) * (c[0] - px)) * inv;
      const wb = ((c[0] - px) * (a[1] - py) - (c[1] - py) * (a[0] - px)) * inv;
      const wc = 1 - wa - wb;
      if (wa < 0 || wb < 0 || wc < 0) continue;
      plot(y * W + x, wa, wb, wc);
    }
  }
}
