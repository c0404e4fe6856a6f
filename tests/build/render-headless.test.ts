// The headless renderer (server/render/headless.ts) on the built UI (dist/render.html): a real
// Chromium with SwiftShader path-traces a scene file the kernel wrote, as the render workers do.
// Run after `vite build` (npm test does); BUILD_OUT_DIR points it at another build folder.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKernel } from '../../kernel-worker/kernel';
import { createPersistence } from '../../kernel-worker/persistence/persistence';
import type { RenderRequest, Renderer } from '../../protocol/render';
import { HEADLESS_CHROMIUM_ARGS, startHeadlessRenderer } from '../../server/render/headless';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const distDir = path.resolve(process.env.BUILD_OUT_DIR ?? path.join(root, 'dist'));

/** The default room (6 x 5 m from the origin) with its north wall painted red, as a scene file. */
function redWallScene(): Uint8Array {
  const kernel = createKernel();
  const files = createPersistence(kernel);
  kernel.exec('scene.createDefaultRoom', {});
  const north = kernel.records.ofType('wall').find((w) => w.id.endsWith('.default-wall-north'));
  if (!north) throw new Error('the default room has no north wall');
  kernel.exec('wall.update', { id: north.id, color: 'red' });
  return files.save().gzip;
}

/** Standing in the room's south half, looking at the red north wall (world: x east, z south, metres). */
const AT_RED_WALL: RenderRequest['camera'] = { position: [3, 1.4, -1], target: [3, 1.4, -5], fovDeg: 50 };

let renderer: Renderer;
let decoder: Browser;
let sceneFile: Uint8Array;

interface Decoded {
  readonly width: number;
  readonly height: number;
  /** mean RGB of the middle fifth of the picture */
  readonly centre: [number, number, number];
  /** standard deviation of the luminance over the whole picture */
  readonly spread: number;
}

/** Decodes a JPEG in Chromium (Node has no decoder here) and measures it. */
async function decode(jpeg: Uint8Array): Promise<Decoded> {
  const page = await decoder.newPage();
  try {
    return await page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      const w = bitmap.width;
      const h = bitmap.height;
      const centre: [number, number, number] = [0, 0, 0];
      let n = 0;
      let sum = 0;
      let sum2 = 0;
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const i = (y * w + x) * 4;
          const l = 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
          sum += l;
          sum2 += l * l;
          if (Math.abs(x - w / 2) < w / 10 && Math.abs(y - h / 2) < h / 10) {
            centre[0] += data[i]!;
            centre[1] += data[i + 1]!;
            centre[2] += data[i + 2]!;
            n++;
          }
        }
      }
      const mean = sum / (w * h);
      return { width: w, height: h, centre: centre.map((c) => c / n) as [number, number, number], spread: Math.sqrt(sum2 / (w * h) - mean * mean) };
    }, Buffer.from(jpeg).toString('base64'));
  } finally {
    await page.close();
  }
}

const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[b.length - 2] === 0xff && b[b.length - 1] === 0xd9;

beforeAll(async () => {
  if (!fs.existsSync(path.join(distDir, 'render.html'))) throw new Error(`${distDir}/render.html is missing: run \`npm run build\` first`);
  sceneFile = redWallScene();
  renderer = await startHeadlessRenderer({ distDir });
  decoder = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...HEADLESS_CHROMIUM_ARGS] });
}, 60_000);

afterAll(async () => {
  await renderer?.close();
  await decoder?.close();
});

describe('headless renderer', () => {
  it('warms up as a render worker does at its start (the committed sample room it traces loads)', async () => {
    await expect(renderer.warm!()).resolves.toBeUndefined();
  }, 900_000);

  it('path-traces a scene file to a JPEG of the asked size, the red wall red, and a 100 x 100 thumbnail', async () => {
    const fractions: number[] = [];
    const result = await renderer.render(
      { sceneFile, camera: AT_RED_WALL, storeyId: null, width: 160, height: 120, samples: 3 },
      { signal: new AbortController().signal, onProgress: (f) => fractions.push(f) },
    );
    expect(isJpeg(result.jpeg)).toBe(true);
    expect(isJpeg(result.thumbJpeg)).toBe(true);
    expect([result.width, result.height, result.samples]).toEqual([160, 120, 3]);
    expect(fractions.at(-1)).toBe(1);
    const picture = await decode(result.jpeg);
    expect([picture.width, picture.height]).toEqual([160, 120]);
    // Not blank: walls, floor and ceiling differ in light.
    expect(picture.spread).toBeGreaterThan(8);
    const [r, g, b] = picture.centre;
    expect(r).toBeGreaterThan(60);
    expect(r).toBeGreaterThan(1.4 * g);
    expect(r).toBeGreaterThan(1.4 * b);
    const thumb = await decode(result.thumbJpeg);
    expect([thumb.width, thumb.height]).toEqual([100, 100]);
    // The thumbnail is the middle of the picture: the red wall.
    expect(thumb.centre[0]).toBeGreaterThan(1.4 * thumb.centre[1]);
    // The first picture of a renderer pays for SwiftShader compiling the path tracer: minutes on a busy machine.
  }, 900_000);

  it('stops at its time budget with the samples traced so far (at least one)', async () => {
    const result = await renderer.render(
      { sceneFile, camera: AT_RED_WALL, storeyId: null, width: 160, height: 120, samples: 4096, maxMs: 1000 },
      { signal: new AbortController().signal },
    );
    expect(isJpeg(result.jpeg)).toBe(true);
    expect(result.samples).toBeGreaterThanOrEqual(1);
    expect(result.samples).toBeLessThan(4096);
    const [r, g] = (await decode(result.jpeg)).centre;
    expect(r).toBeGreaterThan(1.4 * g);
  }, 240_000);

  it('the opening camera (null) frames the room from above', async () => {
    const result = await renderer.render({ sceneFile, camera: null, storeyId: null, width: 96, height: 64, samples: 1 }, { signal: new AbortController().signal });
    const picture = await decode(result.jpeg);
    expect([picture.width, picture.height]).toEqual([96, 64]);
    expect(picture.spread).toBeGreaterThan(8);
  }, 240_000);

  it('an abort stops the render and the renderer takes the next one', async () => {
    const abort = new AbortController();
    const pending = renderer.render(
      { sceneFile, camera: AT_RED_WALL, storeyId: null, width: 320, height: 240, samples: 4000 },
      { signal: abort.signal, onProgress: (f) => f > 0 && abort.abort(new Error('stopped by the test')) },
    );
    await expect(pending).rejects.toThrow('stopped by the test');
    const next = await renderer.render({ sceneFile, camera: AT_RED_WALL, storeyId: null, width: 32, height: 32, samples: 1 }, { signal: new AbortController().signal });
    expect(next.width).toBe(32);
  }, 240_000);

  it('refuses a size out of range before starting', async () => {
    await expect(renderer.render({ sceneFile, camera: null, storeyId: null, width: 0, height: 10, samples: 1 }, { signal: new AbortController().signal })).rejects.toThrow(/width and height/);
  });
});
