import type { Rgb } from './pixels';

// The kernel paints walls 0xf2efe8, a warm off-white (kernel-worker/render/materials.ts); lighting
// changes its brightness face by face but keeps its hue: red a little above green, green a little
// above blue. The background (0xe9ecef) is cool (blue highest), the floor (0xcdb697) much warmer,
// the edges (0x46505c) cool and dark, so this test tells walls from all of them.
// Measured in SwiftShader screenshots: lit faces 249,246,239 / 205,201,192 / 174,169,161.
export function isWallColour([r, g, b]: Rgb): boolean {
  const warmth = r - b;
  return r >= 120 && warmth >= 5 && warmth <= 24 && r - g >= 0 && r - g <= 9 && g - b >= 2;
}
