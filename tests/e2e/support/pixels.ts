// Questions the e2e specs ask of a screenshot: is anything drawn, is a given colour present,
// did the picture change. Pure functions over decoded RGBA images.

import type { Image } from './png';

export type Rgb = readonly [number, number, number];

export function pixelAt(img: Image, x: number, y: number): Rgb {
  const i = (Math.floor(y) * img.width + Math.floor(x)) * 4;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
}

export function colourDistance(a: Rgb, b: Rgb): number {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2]));
}

/** Number of distinct colours after dropping the low `shift` bits of each channel (ignores noise). */
export function distinctColours(img: Image, shift = 3): number {
  const seen = new Set<number>();
  for (let i = 0; i < img.data.length; i += 4) {
    seen.add(((img.data[i]! >> shift) << 16) | ((img.data[i + 1]! >> shift) << 8) | (img.data[i + 2]! >> shift));
  }
  return seen.size;
}

/** The most common colour: the background of a mostly empty view. */
export function dominantColour(img: Image): Rgb {
  const counts = new Map<number, number>();
  let best = 0;
  let bestCount = -1;
  for (let i = 0; i < img.data.length; i += 4) {
    const key = (img.data[i]! << 16) | (img.data[i + 1]! << 8) | img.data[i + 2]!;
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (n > bestCount) {
      bestCount = n;
      best = key;
    }
  }
  return [(best >> 16) & 0xff, (best >> 8) & 0xff, best & 0xff];
}

/** Fraction (0..1) of pixels in the rectangle matching `predicate`. */
export function fractionWhere(
  img: Image,
  predicate: (c: Rgb) => boolean,
  rect: { x: number; y: number; width: number; height: number } = { x: 0, y: 0, width: img.width, height: img.height },
): number {
  let hits = 0;
  let total = 0;
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    for (let x = rect.x; x < rect.x + rect.width; x++) {
      total++;
      if (predicate(pixelAt(img, x, y))) hits++;
    }
  }
  return total === 0 ? 0 : hits / total;
}

/** The middle half of the image in each direction, where the default camera frames the room. */
export function centre(img: Image): { x: number; y: number; width: number; height: number } {
  return { x: Math.floor(img.width / 4), y: Math.floor(img.height / 4), width: Math.floor(img.width / 2), height: Math.floor(img.height / 2) };
}

/** Fraction of pixels that differ by more than `tolerance` in some channel; sizes must match. */
export function differingFraction(a: Image, b: Image, tolerance = 8): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let diff = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (
      Math.abs(a.data[i]! - b.data[i]!) > tolerance ||
      Math.abs(a.data[i + 1]! - b.data[i + 1]!) > tolerance ||
      Math.abs(a.data[i + 2]! - b.data[i + 2]!) > tolerance
    ) {
      diff++;
    }
  }
  return diff / (a.width * a.height);
}
