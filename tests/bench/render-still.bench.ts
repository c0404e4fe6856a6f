// Path-traced stills of a furnished room (issue 20) the way a render worker makes them: the
// headless renderer (server/render/headless.ts: Chromium with SwiftShader, the build's
// render.html, the kernel's path tracer) on the built UI (dist/: run `npm run build` first). The
// scene is the render benchmark's house (render-house-scene.ts) with 96 catalogue models of 24
// kinds (8 a room; the furniture generator's GLBs, served here), seen from a corner of one room.
// The warm-up a render worker runs at its start pays for SwiftShader compiling the path tracer's
// shader; it is timed apart, then 540P, 720P and 1080P as immediate jobs render them: the
// resolution's samples (RENDER_SIZES) within the immediate time budget (RENDER_BUDGET_S), and a
// 2K high-quality panorama job from the middle of the room (smoke: a small panorama only).

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { RenderCamera } from '../../protocol/render';
import { buildModel, furnitureDefs, type BuiltModel } from '../../server/catalogues/furniture/catalogue';
import { PANO_RESOLUTIONS } from '../../protocol/panorama';
import { RENDER_SIZES } from '../../protocol/render-jobs';
import { loadConfig } from '../../server/config';
import { startHeadlessRenderer } from '../../server/render/headless';
import { renderHouseJson } from './render-house-scene';
import type { Benchmark, BenchRow } from './types';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const distDir = path.resolve(process.env.BUILD_OUT_DIR ?? path.join(root, 'dist'));

/** An immediate job's time budget, as the server's default (or BENCH_RENDER_BUDGET_S). */
const BUDGET_MS = Number(process.env.BENCH_RENDER_BUDGET_S ?? loadConfig({}).renderBudgetS) * 1000;
const TARGET_1080P_MS = 5 * 60_000;
const SIZES = (['540P', '720P', '1080P'] as const).map((name) => ({ name, ...RENDER_SIZES[name] }));

/** In room-0-0 (x 0.12..4.88 m, plan y 0.12..4.08 m), from its south-west corner towards the far one. */
const CORNER: RenderCamera = { position: [0.5, 1.5, -0.5], target: [4.4, 0.7, -3.6], fovDeg: 60 };

/** The eye of a panorama in the middle of room-0-0, 1.5 m above its floor. */
const MIDDLE_EYE: RenderCamera = { position: [2.5, 1.5, -2.1], target: [2.5, 1.5, -3.1], fovDeg: 90, projection: 'equirect' };

/** The catalogue's GLBs where the scene points (/files/catalogue/models/v1/<id>[.low].glb). */
async function modelServer(): Promise<{ origin: string; close(): Promise<void> }> {
  const defs = new Map(furnitureDefs().map((def, i) => [`yf-${def.key}`, { def, id: i + 1 }]));
  const built = new Map<string, Promise<BuiltModel>>();
  const server = http.createServer((req, res) => {
    const m = /^\/files\/catalogue\/models\/v\d+\/([A-Za-z0-9_-]+?)(\.low)?\.glb$/.exec(req.url ?? '');
    const hit = m ? defs.get(m[1]!) : undefined;
    if (!m || !hit) {
      res.statusCode = 404;
      res.end();
      return;
    }
    let model = built.get(m[1]!);
    if (!model) built.set(m[1]!, (model = buildModel(hit.def, hit.id, { coverSize: 0 })));
    model.then(
      (b) => {
        res.setHeader('Content-Type', 'model/gltf-binary');
        res.end(Buffer.from(m[2] ? b.lowGlb : b.glb));
      },
      (e: unknown) => {
        res.statusCode = 500;
        res.end(String(e));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('model server has no port');
  return { origin: `http://127.0.0.1:${address.port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const renderStill: Benchmark = {
  id: 'render-still',
  title: `path-traced stills of a furnished room (96 models) in headless Chromium (SwiftShader): 540P, 720P, 1080P as immediate jobs (their samples within a ${BUDGET_MS / 1000} s budget) and a 2K panorama job`,
  async run({ smoke }) {
    if (!fs.existsSync(path.join(distDir, 'render.html'))) throw new Error(`${distDir}/render.html is missing: run \`npm run build\` first`);
    const sceneFile = new Uint8Array(gzipSync(renderHouseJson({ items: 96, kinds: 24 })));
    const models = await modelServer();
    const renderer = await startHeadlessRenderer({ distDir, assetOrigin: models.origin });
    const rows: BenchRow[] = [];
    try {
      const still = async (width: number, height: number, samples: number, maxMs?: number, camera = CORNER) => {
        const result = await renderer.render({ sceneFile, camera, storeyId: null, width, height, samples, ...(maxMs ? { maxMs } : {}) }, { signal: new AbortController().signal });
        if (result.width !== width || result.height !== height || result.jpeg.length < 1000) throw new Error(`render ${width} x ${height}: bad picture`);
        const kind = camera.projection === 'equirect' ? 'pano' : 'render';
        if (process.env.BENCH_RENDER_OUT) fs.writeFileSync(path.join(process.env.BENCH_RENDER_OUT, `${kind}-${width}x${height}.jpg`), result.jpeg);
        return { ms: result.ms, samples: result.samples };
      };
      // What a render worker does at its start (Renderer.warm): SwiftShader compiles the path tracer.
      const warmStarted = performance.now();
      await renderer.warm?.();
      const warm = performance.now() - warmStarted;
      rows.push({ name: "warm-up at a render worker's start (SwiftShader compiles the path tracer; bare room, 32 x 18)", value: Math.round(warm / 100) / 10, unit: 's', target: '', met: null });
      // the furnished scene's first picture: its GLBs load; the shader must not compile again
      const { ms: first } = await still(smoke ? 64 : 160, smoke ? 36 : 90, 1);
      rows.push({ name: 'first picture of the furnished room after the warm-up (models loaded), 160 x 90, 1 sample', value: Math.round(first / 100) / 10, unit: 's', target: '', met: null });
      // smoke: the panorama below stands for the budgeted job (a second still would only repeat the first)
      for (const size of smoke ? [] : SIZES) {
        const { ms, samples } = await still(size.width, size.height, size.samples, smoke ? 1000 : BUDGET_MS);
        const is1080 = size.name === '1080P';
        rows.push({ name: `${size.name}: samples traced (of ${size.samples})`, value: samples, unit: 'samples', target: '', met: null });
        rows.push({
          name: `${size.name} (${size.width} x ${size.height}) immediate job, renderer warm`,
          value: Math.round(ms / 100) / 10,
          unit: 's',
          target: is1080 ? `< ${TARGET_1080P_MS / 60_000} min (worker warmed at its start)` : '',
          met: is1080 ? ms < TARGET_1080P_MS : null,
        });
        if (is1080) {
          rows.push({ name: '1080P on a render worker started just now (warm-up + picture)', value: Math.round((warm + ms) / 100) / 10, unit: 's', target: '', met: null });
        }
      }
      // A high-quality panorama job (2K, paid with a 1080P coupon: its samples within the budget),
      // from the middle of the room: the equirect camera's own shader variant compiles first.
      const pano = smoke ? { width: 128, samples: 2 } : { width: 2048, samples: RENDER_SIZES[PANO_RESOLUTIONS[2048]].samples };
      const { ms: panoMs, samples: panoSamples } = await still(pano.width, pano.width / 2, pano.samples, smoke ? 1000 : BUDGET_MS, MIDDLE_EYE);
      rows.push({ name: `panorama ${pano.width} x ${pano.width / 2}: samples traced (of ${pano.samples})`, value: panoSamples, unit: 'samples', target: '', met: null });
      rows.push({ name: `panorama ${pano.width} x ${pano.width / 2} job (equirect camera; its shader compiles first), renderer warm`, value: Math.round(panoMs / 100) / 10, unit: 's', target: '', met: null });
    } finally {
      await renderer.close();
      await models.close();
    }
    return rows;
  },
};

export default renderStill;
