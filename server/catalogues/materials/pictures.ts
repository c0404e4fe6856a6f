// The pictures of a material: its base-colour texture (map), a normal map derived from the
// texture's brightness, the flat cover (MeterialImg) and the shaded sphere (MaterialBall). All
// are drawn in plain TypeScript so the server needs no image or 3D library.
import { parseColor, prng, renderTexture, downscale, type RgbImage } from '../textures';
import type { MaterialDef, MaterialPicture, Motif } from './defs';

/** Side of the base-colour and normal textures; repeats keep them small. */
export const MAP_PX = 256;
export const COVER_PX = 128;
export const BALL_PX = 160;

type Rgb = readonly [number, number, number];

function motifTexture(motif: Motif, seed: number, baseHex: string, accentHex: string, px: number): RgbImage {
  const base = parseColor(baseHex);
  const accent = parseColor(accentHex);
  const rnd = prng(seed);
  const grain = Array.from({ length: 64 }, () => 0.97 + rnd() * 0.06);
  const rgb = new Uint8Array(px * px * 3);
  for (let y = 0; y < px; y++) {
    for (let x = 0; x < px; x++) {
      const u = x / px;
      const v = y / px;
      let t: number;
      switch (motif) {
        case 'stripes':
          t = u < 0.5 ? 1 : 0;
          break;
        case 'pinstripe':
          t = Math.abs(u - 0.5) < 0.012 ? 1 : 0;
          break;
        case 'dots': {
          // two dots per tile, the second offset half a tile, so the pattern reads as a lattice
          const d1 = Math.hypot(u - 0.25, v - 0.25);
          const d2 = Math.hypot(u - 0.75, v - 0.75);
          t = Math.min(d1, d2) < 0.09 ? 1 : 0;
          break;
        }
        case 'grid':
          t = Math.abs(u - 0.5) < 0.02 || Math.abs(v - 0.5) < 0.02 ? 1 : Math.abs(u - 0.25) < 0.006 || Math.abs(v - 0.25) < 0.006 ? 0.5 : 0;
          break;
        case 'diamond': {
          const d = Math.abs(u - 0.5) + Math.abs(v - 0.5);
          t = Math.abs(d - 0.45) < 0.02 ? 1 : d < 0.12 ? 0.7 : 0;
          break;
        }
      }
      // paper grain: a fixed jitter per pixel row and column keeps the flat colour from looking digital
      const g = grain[(x * 7 + y * 13) & 63]!;
      const i = (y * px + x) * 3;
      for (let k = 0; k < 3; k++) rgb[i + k] = Math.max(0, Math.min(255, Math.round((base[k]! + (accent[k]! - base[k]!) * t) * g)));
    }
  }
  return { width: px, height: px, rgb };
}

/** The base-colour texture, or null for an untextured (plain colour) material. */
export function drawMap(picture: MaterialPicture | undefined, px = MAP_PX): RgbImage | null {
  if (!picture) return null;
  if (picture.kind === 'pattern') return renderTexture(picture.spec, px, px);
  return motifTexture(picture.motif, picture.seed, picture.base, picture.accent, px);
}

/** A tangent-space normal map from the brightness of `map`, wrapping at the edges like the texture. */
export function drawNormal(map: RgbImage, strength: number): RgbImage {
  const { width: w, height: h } = map;
  const lum = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) lum[i] = (0.299 * map.rgb[i * 3]! + 0.587 * map.rgb[i * 3 + 1]! + 0.114 * map.rgb[i * 3 + 2]!) / 255;
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const dx = lum[y * w + ((x + 1) % w)]! - lum[y * w + ((x - 1 + w) % w)]!;
      const dy = lum[((y + 1) % h) * w + x]! - lum[((y - 1 + h) % h) * w + x]!;
      const nx = -dx * strength * 4;
      const ny = dy * strength * 4;
      const len = Math.hypot(nx, ny, 1);
      const i = (y * w + x) * 3;
      rgb[i] = Math.round(((nx / len) * 0.5 + 0.5) * 255);
      rgb[i + 1] = Math.round(((ny / len) * 0.5 + 0.5) * 255);
      rgb[i + 2] = Math.round(((1 / len) * 0.5 + 0.5) * 255);
    }
  }
  return { width: w, height: h, rgb };
}

function swatch(colour: string, px: number): RgbImage {
  const c = parseColor(colour);
  const rgb = new Uint8Array(px * px * 3);
  for (let i = 0; i < px * px; i++) rgb.set(c, i * 3);
  return { width: px, height: px, rgb };
}

/** The flat cover (MeterialImg): a few repeats of the texture, or the colour. */
export function drawCover(def: MaterialDef, map: RgbImage | null): RgbImage {
  return map ? downscale(map, COVER_PX, COVER_PX) : swatch(def.colour, COVER_PX);
}

const lin = (c: number) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
};
const srgb = (v: number) => {
  const c = Math.max(0, Math.min(1, v));
  return Math.round((c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055) * 255);
};

const BACKGROUND: Rgb = [0.86, 0.86, 0.87];
/** The ball stands for a 400 mm sphere: how many texture repeats go round it. */
const BALL_MM = 400;

/**
 * A shaded sphere with the material on it (MaterialBall cover): Lambert plus a Blinn-Phong
 * highlight whose sharpness follows the roughness, a sky-to-floor gradient reflected by metals
 * and glass, and see-through materials mixed with the background.
 */
export function drawBall(def: MaterialDef, map: RgbImage | null, px = BALL_PX): RgbImage {
  const out = new Uint8Array(px * px * 3);
  const base = parseColor(def.colour);
  const repeats = Math.max(1, (Math.PI * BALL_MM) / def.tileMm);
  const light = normalise([-0.45, 0.6, 0.66]);
  const half = normalise([light[0], light[1], light[2] + 1]);
  const shininess = Math.max(2, 2 / Math.max(0.0008, def.roughness ** 4) - 2);
  const r = px * 0.42;
  const cx = px / 2;
  const cy = px / 2;
  for (let y = 0; y < px; y++) {
    for (let x = 0; x < px; x++) {
      const sx = (x + 0.5 - cx) / r;
      const sy = (cy - (y + 0.5)) / r;
      const d2 = sx * sx + sy * sy;
      const i = (y * px + x) * 3;
      // a soft contact shadow under the ball
      const shadow = Math.max(0, 1 - Math.hypot((x + 0.5 - cx) / (r * 1.1), (y + 0.5 - cy - r * 0.95) / (r * 0.22))) * 0.35;
      const bg: Rgb = [BACKGROUND[0] * (1 - shadow), BACKGROUND[1] * (1 - shadow), BACKGROUND[2] * (1 - shadow)];
      const edge = Math.max(0, Math.min(1, (1 - Math.sqrt(d2)) * r + 0.5));
      if (edge <= 0) {
        out[i] = srgb(bg[0]);
        out[i + 1] = srgb(bg[1]);
        out[i + 2] = srgb(bg[2]);
        continue;
      }
      const nz = Math.sqrt(Math.max(0, 1 - d2));
      const n: Rgb = [sx, sy, nz];
      let albedo: Rgb = [lin(base[0]), lin(base[1]), lin(base[2])];
      if (map) {
        const u = (0.5 + Math.atan2(sx, nz) / (2 * Math.PI)) * repeats;
        const v = (0.5 - Math.asin(Math.max(-1, Math.min(1, sy))) / Math.PI) * (repeats / 2);
        const tx = Math.floor((((u % 1) + 1) % 1) * map.width);
        const ty = Math.floor((((v % 1) + 1) % 1) * map.height);
        const j = (ty * map.width + tx) * 3;
        albedo = [lin(map.rgb[j]!), lin(map.rgb[j + 1]!), lin(map.rgb[j + 2]!)];
      }
      const ndl = Math.max(0, dot(n, light));
      const ndh = Math.max(0, dot(n, half));
      const spec = Math.pow(ndh, shininess) * (shininess + 8) / 40;
      // reflected view direction's height picks the environment: bright above, darker floor below
      const ry = 2 * n[1] * n[2];
      const env = 0.35 + 0.65 * Math.max(0, Math.min(1, (ry + 0.4) / 1.4));
      const fresnel = 0.04 + 0.96 * Math.pow(1 - n[2], 5);
      const m = def.metalness;
      const c: number[] = [0, 0, 0];
      for (let k = 0; k < 3; k++) {
        const a = albedo[k]!;
        const diffuse = a * (0.18 + 0.82 * ndl) * (1 - m);
        const specColour = m * a + (1 - m) * 0.04;
        const reflect = (m * a + (1 - m) * fresnel) * env * (1 - def.roughness * 0.7);
        let v = diffuse + specColour * spec * ndl + reflect * (m > 0 ? 1 : 0.5);
        if (def.opacity < 1) v = v * def.opacity + bg[k]! * 0.85 * (1 - def.opacity);
        c[k] = v * edge + bg[k]! * (1 - edge);
      }
      out[i] = srgb(c[0]!);
      out[i + 1] = srgb(c[1]!);
      out[i + 2] = srgb(c[2]!);
    }
  }
  return { width: px, height: px, rgb: out };
}

function dot(a: Rgb, b: Rgb): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

function normalise(v: readonly [number, number, number]): Rgb {
  const l = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / l, v[1] / l, v[2] / l];
}
