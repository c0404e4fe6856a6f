// Decodes a PNG into RGB pixels for the cover renderer, which samples an uploaded model's base
// colour texture. Covers the PNG forms exporters write (bit depth 8 or 16; grey, grey+alpha, RGB,
// RGBA and palette; interlaced or not); alpha is dropped, since a cover shades opaque colour.
// Answers null for anything it cannot read, and the cover then falls back to the material's colour.
import { inflateSync } from 'node:zlib';
import type { RgbImage } from './textures';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A texture larger than this is not decoded: the upload limits refuse it before it gets here. */
const MAX_PIXELS = 4096 * 4096;

const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

// Adam7 passes: start x, start y, step x, step y
const ADAM7: readonly (readonly [number, number, number, number])[] = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Undoes the row filters of one (sub)image in place; false when a filter byte is unknown. One
 * tight loop per filter type: a per-byte switch made a 1024 px texture take over a second.
 */
function unfilter(data: Uint8Array, start: number, rows: number, rowBytes: number, bpp: number): boolean {
  for (let y = 0; y < rows; y++) {
    const at = start + y * (rowBytes + 1);
    const filter = data[at]!;
    const row = at + 1;
    const prev = y > 0 ? row - (rowBytes + 1) : -1;
    switch (filter) {
      case 0:
        break;
      case 1:
        for (let x = bpp; x < rowBytes; x++) data[row + x] = (data[row + x]! + data[row + x - bpp]!) & 0xff;
        break;
      case 2:
        if (prev >= 0) for (let x = 0; x < rowBytes; x++) data[row + x] = (data[row + x]! + data[prev + x]!) & 0xff;
        break;
      case 3:
        for (let x = 0; x < rowBytes; x++) {
          const a = x >= bpp ? data[row + x - bpp]! : 0;
          const b = prev >= 0 ? data[prev + x]! : 0;
          data[row + x] = (data[row + x]! + ((a + b) >> 1)) & 0xff;
        }
        break;
      case 4:
        for (let x = 0; x < rowBytes; x++) {
          const a = x >= bpp ? data[row + x - bpp]! : 0;
          const b = prev >= 0 ? data[prev + x]! : 0;
          const c = prev >= 0 && x >= bpp ? data[prev + x - bpp]! : 0;
          data[row + x] = (data[row + x]! + paeth(a, b, c)) & 0xff;
        }
        break;
      default:
        return false;
    }
  }
  return true;
}

export function decodePng(bytes: Uint8Array): RgbImage | null {
  if (bytes.length < 33 || SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let width = 0, height = 0, depth = 0, colourType = -1, interlace = 0;
  let palette: Uint8Array | null = null;
  const idat: Uint8Array[] = [];
  let offset = 8;
  while (offset + 8 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (data.length < length) return null;
    if (type === 'IHDR') {
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
      depth = data[8]!;
      colourType = data[9]!;
      interlace = data[12]!;
    } else if (type === 'PLTE') palette = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const channels = CHANNELS[colourType];
  if (!channels || width === 0 || height === 0 || width * height > MAX_PIXELS) return null;
  // below 8 bits only palette and grey exist; those are rare in textures and left to the fallback
  if (depth !== 8 && depth !== 16) return null;
  if (colourType === 3 && !palette) return null;
  let raw: Uint8Array;
  try {
    raw = new Uint8Array(inflateSync(Buffer.concat(idat)));
  } catch {
    return null;
  }
  const bpp = (channels * depth) / 8;
  const rgb = new Uint8Array(width * height * 3);
  // bytes per sample: a 16-bit sample is read by its high byte
  const step = depth / 8;
  const pal = palette ?? new Uint8Array(0);
  const put = (x: number, y: number, src: number) => {
    const o = (y * width + x) * 3;
    if (colourType === 3) {
      const i = raw[src]! * 3;
      rgb[o] = pal[i] ?? 0;
      rgb[o + 1] = pal[i + 1] ?? 0;
      rgb[o + 2] = pal[i + 2] ?? 0;
    } else if (channels <= 2) {
      rgb[o] = rgb[o + 1] = rgb[o + 2] = raw[src]!;
    } else {
      rgb[o] = raw[src]!;
      rgb[o + 1] = raw[src + step]!;
      rgb[o + 2] = raw[src + 2 * step]!;
    }
  };
  let at = 0;
  const passes = interlace === 1 ? ADAM7 : ([[0, 0, 1, 1]] as const);
  for (const [sx, sy, dx, dy] of passes) {
    const pw = Math.ceil((width - sx) / dx);
    const ph = Math.ceil((height - sy) / dy);
    if (pw <= 0 || ph <= 0) continue;
    const rowBytes = pw * bpp;
    if (at + ph * (rowBytes + 1) > raw.length) return null;
    if (!unfilter(raw, at, ph, rowBytes, bpp)) return null;
    for (let y = 0; y < ph; y++) {
      for (let x = 0; x < pw; x++) put(sx + x * dx, sy + y * dy, at + y * (rowBytes + 1) + 1 + x * bpp);
    }
    at += ph * (rowBytes + 1);
  }
  return { width, height, rgb };
}
