// A small PNG decoder for screenshots: the 3D view is an OffscreenCanvas owned by the kernel worker,
// so the page cannot read its pixels; a screenshot of the canvas box can. Handles what Chromium
// writes: 8-bit, non-interlaced, greyscale / RGB / RGBA (+ alpha variants). Output is always RGBA.

import { inflateSync } from 'node:zlib';

export interface Image {
  readonly width: number;
  readonly height: number;
  /** RGBA, row-major, 4 bytes a pixel */
  readonly data: Uint8Array;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

export function decodePng(buf: Buffer): Image {
  if (!SIGNATURE.every((b, i) => buf[i] === b)) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let colourType = -1;
  const idat: Buffer[] = [];
  let off = 8;
  while (off < buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.toString('latin1', off + 4, off + 8);
    const body = buf.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      colourType = body[9]!;
      const interlace = body[12];
      if (depth !== 8) throw new Error(`unsupported PNG bit depth ${depth}`);
      if (interlace !== 0) throw new Error('interlaced PNG not supported');
      if (!(colourType in CHANNELS)) throw new Error(`unsupported PNG colour type ${colourType}`);
    } else if (type === 'IDAT') {
      idat.push(body);
    } else if (type === 'IEND') {
      break;
    }
    off += 12 + len;
  }
  const channels = CHANNELS[colourType]!;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  if (raw.length < height * (stride + 1)) throw new Error('truncated PNG data');

  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    const prev = row - stride;
    for (let x = 0; x < stride; x++) {
      const cur = raw[src + x]!;
      const a = x >= channels ? pixels[row + x - channels]! : 0;
      const b = y > 0 ? pixels[prev + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[prev + x - channels]! : 0;
      let v: number;
      switch (filter) {
        case 0: v = cur; break;
        case 1: v = cur + a; break;
        case 2: v = cur + b; break;
        case 3: v = cur + ((a + b) >> 1); break;
        case 4: v = cur + paeth(a, b, c); break;
        default: throw new Error(`bad PNG filter ${filter} in row ${y}`);
      }
      pixels[row + x] = v & 0xff;
    }
  }

  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const s = i * channels;
    const grey = channels <= 2;
    data[i * 4] = pixels[s]!;
    data[i * 4 + 1] = grey ? pixels[s]! : pixels[s + 1]!;
    data[i * 4 + 2] = grey ? pixels[s]! : pixels[s + 2]!;
    data[i * 4 + 3] = channels === 4 ? pixels[s + 3]! : channels === 2 ? pixels[s + 1]! : 255;
  }
  return { width, height, data };
}
