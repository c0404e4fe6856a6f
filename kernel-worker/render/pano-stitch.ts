import { CUBE_FACES, cross, type Vec3Tuple } from '../../protocol/panorama';

// Cube faces -> equirectangular, a pure function (no three.js, no canvas): the kernel renders the
// six faces (panorama.ts) and this samples them for every pixel of the 2:1 image, bilinearly
// within the face the pixel's direction falls on. Face and image conventions: protocol/panorama.ts.

/** Six square RGBA faces in CUBE_FACES order, rows top to bottom, `size` pixels across. */
export interface CubeFaces {
  readonly size: number;
  readonly faces: readonly Uint8Array[];
}

const AXES = CUBE_FACES.map((f) => ({ forward: f.forward, up: f.up, right: cross(f.forward, f.up) }));

/** Which face a direction falls on (the axis it points furthest along). */
export function faceOf(x: number, y: number, z: number): number {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const az = Math.abs(z);
  if (ax >= ay && ax >= az) return x >= 0 ? 0 : 1;
  if (ay >= az) return y >= 0 ? 2 : 3;
  return z >= 0 ? 4 : 5;
}

const dot = (a: Vec3Tuple, x: number, y: number, z: number) => a[0] * x + a[1] * y + a[2] * z;

/**
 * Fills rows [y0, y1) of an equirectangular RGBA image `width` x `width / 2` from the faces.
 * Split into row ranges so a caller can report progress between them.
 */
export function stitchRows(cube: CubeFaces, width: number, out: Uint8ClampedArray, y0: number, y1: number): void {
  const height = width / 2;
  const { size, faces } = cube;
  const sinLon = new Float64Array(width);
  const cosLon = new Float64Array(width);
  for (let i = 0; i < width; i++) {
    const lon = ((i + 0.5) / width - 0.5) * 2 * Math.PI;
    sinLon[i] = Math.sin(lon);
    cosLon[i] = Math.cos(lon);
  }
  const last = size - 1;
  for (let j = y0; j < y1; j++) {
    const lat = (0.5 - (j + 0.5) / height) * Math.PI;
    const sy = Math.sin(lat);
    const cy = Math.cos(lat);
    let o = j * width * 4;
    for (let i = 0; i < width; i++, o += 4) {
      const x = sinLon[i]! * cy;
      const y = sy;
      const z = -cosLon[i]! * cy;
      const f = faceOf(x, y, z);
      const axes = AXES[f]!;
      const depth = dot(axes.forward, x, y, z);
      const a = dot(axes.right, x, y, z) / depth;
      const b = dot(axes.up, x, y, z) / depth;
      // face pixel centres sit at (k + 0.5) / size of the [-1, 1] span
      let px = ((a + 1) / 2) * size - 0.5;
      let py = ((1 - b) / 2) * size - 0.5;
      px = px < 0 ? 0 : px > last ? last : px;
      py = py < 0 ? 0 : py > last ? last : py;
      const x0 = Math.floor(px);
      const y0f = Math.floor(py);
      const x1 = x0 < last ? x0 + 1 : last;
      const y1f = y0f < last ? y0f + 1 : last;
      const fx = px - x0;
      const fy = py - y0f;
      const face = faces[f]!;
      const p00 = (y0f * size + x0) * 4;
      const p10 = (y0f * size + x1) * 4;
      const p01 = (y1f * size + x0) * 4;
      const p11 = (y1f * size + x1) * 4;
      const w00 = (1 - fx) * (1 - fy);
      const w10 = fx * (1 - fy);
      const w01 = (1 - fx) * fy;
      const w11 = fx * fy;
      out[o] = face[p00]! * w00 + face[p10]! * w10 + face[p01]! * w01 + face[p11]! * w11;
      out[o + 1] = face[p00 + 1]! * w00 + face[p10 + 1]! * w10 + face[p01 + 1]! * w01 + face[p11 + 1]! * w11;
      out[o + 2] = face[p00 + 2]! * w00 + face[p10 + 2]! * w10 + face[p01 + 2]! * w01 + face[p11 + 2]! * w11;
      out[o + 3] = 255;
    }
  }
}

/** The whole equirectangular RGBA image, `width` x `width / 2` (width even). */
export function stitchEquirect(cube: CubeFaces, width: number): Uint8ClampedArray {
  if (!Number.isInteger(width) || width < 2 || width % 2 !== 0) throw new RangeError('width must be an even whole number');
  if (cube.faces.length !== 6) throw new RangeError('a cube has six faces');
  for (const face of cube.faces) if (face.length !== cube.size * cube.size * 4) throw new RangeError('each face must hold size x size RGBA pixels');
  const out = new Uint8ClampedArray(width * (width / 2) * 4);
  stitchRows(cube, width, out, 0, width / 2);
  return out;
}

/**
 * The path tracer's equirect camera (three-gpu-pathtracer EquirectCamera, render/path-trace.ts)
 * is turned this much about y (radians) so that its picture follows protocol/panorama.ts: its
 * shader puts local +x in the picture's middle, the turn brings that to world -z (north).
 */
export const EQUIRECT_TURN_Y = Math.PI / 2;
