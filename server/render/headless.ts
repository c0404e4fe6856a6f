import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RenderPageApi, RenderPageImage, RenderPageStart } from '../../protocol/render-page';
import type { Page } from 'playwright-core';
import type { RenderOptions, RenderRequest, RenderResult, Renderer } from '../../protocol/render';
import { MODEL_ROOM_SCENES_DIR } from '../catalogues/model-room-scenes';

// The path-traced renderer the render worker processes use: a headless Chromium (software GL on
// machines without a GPU) running the product's own kernel. The built UI's render.html
// (ui/render/render-page.ts) is opened from an origin of its own that Playwright answers from
// distDir (page.route: no port is opened); the scene file goes in through the page, the kernel
// traces it (kernel-worker/render/trace.ts) and the JPEG comes back out. One Chromium per
// Renderer and one page, kept for the next picture (SwiftShader compiles the path tracer's
// shader once per page: minutes on a busy machine); a page that failed is replaced. playwright-core is imported when a renderer starts, so a
// server that never renders never loads it.

export interface HeadlessRendererOptions {
  /** the built UI (DIST_DIR) the headless page loads the kernel from */
  readonly distDir: string;
  /** Chromium to start (default: the CHROMIUM_PATH setting, else /usr/bin/chromium) */
  readonly executablePath?: string;
  /**
   * Where the scene's catalogue files (models' GLBs, tile pictures: /files/...) are fetched from,
   * e.g. the server's own http://127.0.0.1:PORT. Absent, they are not fetched and the models
   * are traced as their boxes.
   */
  readonly assetOrigin?: string;
  /**
   * The render page's address instead of distDir (benchmarks and tests against a Vite dev
   * server: `${url}/render.html`); distDir is then not read.
   */
  readonly pageUrl?: string;
}

/** The flags that give WebGL2 in a worker on an OffscreenCanvas without a GPU (SwiftShader). */
export const HEADLESS_CHROMIUM_ARGS = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--ignore-gpu-blocklist',
  '--enable-webgl',
] as const;

/** The origin the render page is served from (answered by page.route, never looked up). */
const PAGE_ORIGIN = 'http://render.yfang.invalid';
const POLL_MS = 250;
/** a small bathroom of the sample rooms: four walls, a door and a window */
const WARM_UP_ROOM = 'yfang-08.json';
const MIN_SIZE = 16;
const MAX_SIZE = 8192;
const MAX_SAMPLES = 4096;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.glb': 'model/gltf-binary',
  '.map': 'application/json',
};

function checkRequest(r: RenderRequest): void {
  const whole = (v: number, min: number, max: number) => Number.isInteger(v) && v >= min && v <= max;
  if (!whole(r.width, MIN_SIZE, MAX_SIZE) || !whole(r.height, MIN_SIZE, MAX_SIZE)) {
    throw new Error(`render size ${r.width} x ${r.height}: width and height must be whole numbers from ${MIN_SIZE} to ${MAX_SIZE}`);
  }
  if (!whole(r.samples, 1, MAX_SAMPLES)) throw new Error(`render samples ${r.samples}: must be a whole number from 1 to ${MAX_SAMPLES}`);
  if (r.maxMs !== undefined && !whole(r.maxMs, 1000, 7 * 86_400_000)) throw new Error(`render maxMs ${r.maxMs}: must be a whole number of ms from 1000 to a week`);
  if (!(r.sceneFile instanceof Uint8Array) || r.sceneFile.length === 0) throw new Error('render sceneFile: the scene file bytes are empty');
}

/**
 * The warm-up picture's scene: a committed sample room (a real scene file, kept current with the
 * format) without its models and paving, so nothing is fetched.
 */
function warmUpScene(): Uint8Array {
  const file = JSON.parse(readFileSync(path.join(MODEL_ROOM_SCENES_DIR, WARM_UP_ROOM), 'utf8')) as { records: { type: string }[] };
  file.records = file.records.filter((r) => r.type !== 'model' && r.type !== 'paving');
  return new TextEncoder().encode(JSON.stringify(file));
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('the render was aborted', 'AbortError');
}

export async function startHeadlessRenderer(options: HeadlessRendererOptions): Promise<Renderer> {
  const { chromium } = await import('playwright-core');
  const distDir = path.resolve(options.distDir);
  const browser = await chromium.launch({
    executablePath: options.executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...HEADLESS_CHROMIUM_ARGS],
  });
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const pageUrl = options.pageUrl ?? `${PAGE_ORIGIN}/render.html`;

  if (!options.pageUrl) {
    await context.route(`${PAGE_ORIGIN}/**`, async (route) => {
      const url = new URL(route.request().url());
      const file = path.resolve(distDir, `.${decodeURIComponent(url.pathname)}`);
      // Catalogue files live on the server, not in the build.
      if (url.pathname.startsWith('/files/') && options.assetOrigin) {
        const response = await route.fetch({ url: new URL(url.pathname + url.search, options.assetOrigin).href }).catch(() => null);
        if (response) await route.fulfill({ response });
        else await route.fulfill({ status: 502 });
        return;
      }
      if (!file.startsWith(distDir + path.sep)) {
        await route.fulfill({ status: 404 });
        return;
      }
      try {
        const body = await readFile(file);
        await route.fulfill({ status: 200, body, headers: { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' } });
      } catch {
        await route.fulfill({ status: 404 });
      }
    });
  }

  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;
  let open: { page: Page; errors: string[] } | null = null;

  async function thePage(): Promise<{ page: Page; errors: string[] }> {
    if (open) return open;
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    if (process.env.RENDER_DEBUG) page.on('console', (m) => console.log(`[render page] ${m.text()}`));
    try {
      await page.goto(pageUrl);
      await page.waitForFunction(() => 'yfRender' in window);
    } catch (e) {
      await page.close().catch(() => {});
      throw e;
    }
    open = { page, errors };
    return open;
  }

  async function renderOnce(request: RenderRequest, renderOptions: RenderOptions): Promise<RenderResult> {
    const { signal, onProgress } = renderOptions;
    if (signal.aborted) throw abortError(signal);
    const started = performance.now();
    const { page, errors } = await thePage();
    errors.length = 0;
    let healthy = false;
    const onAbort = () => {
      // The trace stops between tiles; closing the page ends whatever is left.
      void page.evaluate(() => (window as unknown as { yfRender: RenderPageApi }).yfRender.stop()).catch(() => {});
    };
    signal.addEventListener('abort', onAbort);
    try {
      const start: RenderPageStart = {
        sceneFile: Buffer.from(request.sceneFile).toString('base64'),
        camera: request.camera,
        storeyId: request.storeyId,
        width: request.width,
        height: request.height,
        samples: request.samples,
      };
      await page.evaluate((s) => (window as unknown as { yfRender: RenderPageApi }).yfRender.start(s), start);
      let last = -1;
      for (;;) {
        if (signal.aborted) {
          // Stopped between tiles, the page is fine for the next picture.
          await page.evaluate(() => (window as unknown as { yfRender: RenderPageApi }).yfRender.stop());
          healthy = true;
          throw abortError(signal);
        }
        const p = await page.evaluate(() => (window as unknown as { yfRender: RenderPageApi }).yfRender.progress());
        if (p.state === 'failed') throw new Error(`the path trace failed: ${p.error ?? 'no detail'}${errors.length ? ` (${errors.join('; ')})` : ''}`);
        if (p.state === 'stopped') {
          healthy = true;
          throw abortError(signal);
        }
        if (p.samples !== last) {
          last = p.samples;
          onProgress?.(Math.min(1, p.samples / request.samples));
        }
        if (p.state === 'done') break;
        if (request.maxMs !== undefined && p.samples >= 1 && performance.now() - started >= request.maxMs) {
          // out of time: the samples traced so far are the picture
          await page.evaluate(() => (window as unknown as { yfRender: RenderPageApi }).yfRender.stop());
          break;
        }
        // the listener goes with its poll: a long render polls thousands of times on one signal
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(() => {
            signal.removeEventListener('abort', wake);
            resolve();
          }, POLL_MS);
          signal.addEventListener('abort', wake, { once: true });
        });
      }
      const image: RenderPageImage = await page.evaluate(() => (window as unknown as { yfRender: RenderPageApi }).yfRender.image(0.92));
      healthy = true;
      return {
        jpeg: new Uint8Array(Buffer.from(image.jpeg, 'base64')),
        thumbJpeg: new Uint8Array(Buffer.from(image.thumbJpeg, 'base64')),
        width: image.width,
        height: image.height,
        samples: image.samples,
        ms: Math.round(performance.now() - started),
      };
    } finally {
      signal.removeEventListener('abort', onAbort);
      // A page that failed (or was aborted mid-call) may be in any state: the next picture gets a new one.
      if (!healthy) {
        open = null;
        await page.close().catch(() => {});
      }
    }
  }

  const enqueue = (request: RenderRequest, renderOptions: RenderOptions): Promise<RenderResult> => {
    if (closed) return Promise.reject(new Error('the headless renderer is closed'));
    try {
      checkRequest(request);
    } catch (e) {
      return Promise.reject(e);
    }
    // One picture at a time: software GL has the machine's cores to itself.
    const run = queue.then(() => renderOnce(request, renderOptions));
    queue = run.catch(() => {});
    return run;
  };

  return {
    render: enqueue,
    async warm() {
      // The shader's defines do not depend on the scene, so a bare room compiles the program every
      // later picture uses (on the same page, which is kept).
      await enqueue({ sceneFile: warmUpScene(), camera: null, storeyId: null, width: 32, height: 18, samples: 1 }, { signal: new AbortController().signal });
    },
    async close() {
      if (closed) return;
      closed = true;
      await browser.close();
    },
  };
}
