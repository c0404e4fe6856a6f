// The browser benchmarks' pages (tests/bench/pages/*.html), served by one Vite dev server and
// opened in one Chromium for the whole run (run.ts closes them at the end). Started once, the dev
// server transforms the kernel's modules once and bundles the dependencies once for every page;
// each benchmark with its own server used to pay for both again (a third of a smoke run).

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { buildModel, furnitureDefs, type BuiltModel, type FurnitureDef } from '../../server/catalogues/furniture/catalogue';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Shared {
  readonly server: ViteDevServer;
  readonly browser: Browser;
  readonly url: string;
}

let shared: Promise<Shared> | null = null;

/**
 * Serves the generated catalogue's GLBs where the scenes of the bench pages point
 * (/files/catalogue/models/v<n>/<model_id>[.low].glb, render-house-scene.ts): drawn by the
 * generator on first request and kept for the run, as the app's server does with its storage.
 */
function catalogueModelFiles(): Plugin {
  let defs: Map<string, { def: FurnitureDef; id: number }> | null = null;
  const built = new Map<string, Promise<BuiltModel>>();
  return {
    name: 'bench-catalogue-model-files',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const m = /^\/files\/catalogue\/models\/v\d+\/([A-Za-z0-9_-]+?)(\.low)?\.glb$/.exec(req.url ?? '');
        if (!m) return next();
        defs ??= new Map(furnitureDefs().map((def, i) => [`yf-${def.key}`, { def, id: i + 1 }]));
        const hit = defs.get(m[1]!);
        if (!hit) {
          res.statusCode = 404;
          res.end();
          return;
        }
        let model = built.get(m[1]!);
        if (!model) built.set(m[1]!, (model = buildModel(hit.def, hit.id, { coverSize: 0 })));
        model.then(
          (b) => {
            res.setHeader('Content-Type', 'model/gltf-binary');
            res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
            res.end(Buffer.from(m[2] ? b.lowGlb : b.glb));
          },
          (e: unknown) => {
            res.statusCode = 500;
            res.end(String(e));
          },
        );
      });
    },
  };
}

async function start(): Promise<Shared> {
  const server = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    clearScreen: false,
    plugins: [catalogueModelFiles()],
    server: {
      port: 0,
      host: '127.0.0.1',
      hmr: false,
      // Cross-origin isolation gives performance.now() 5 µs resolution instead of 100 µs, which an
      // echo of a few tens of µs and a sub-millisecond backupDelta need.
      headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
    },
    // Every page and worker up front: a dependency found mid-run re-optimises and reloads the page.
    optimizeDeps: {
      entries: ['tests/bench/pages/*.html', 'tests/bench/pages/*-worker.ts', 'kernel-worker/main.ts'],
      include: ['comlink', 'three', 'three-mesh-bvh', 'valtio/vanilla', 'fflate'],
    },
  });
  // expose-gc: the persistence page starts each measured call from a collected heap; it only
  // exposes gc() and changes nothing for the other pages.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'] }).catch(async (e: unknown) => {
    await server.close();
    throw e;
  });
  try {
    await server.listen();
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error('vite dev server has no local URL');
    return { server, browser, url };
  } catch (e) {
    await browser.close();
    await server.close();
    throw e;
  }
}

export interface BenchPage {
  readonly page: Page;
  /** (Re)loads tests/bench/pages/<name>.html and waits until it has defined window[<ready>]. */
  load(): Promise<void>;
  close(): Promise<void>;
}

/** A new page (tab) for tests/bench/pages/<name>.html, loaded, with its errors and warnings printed. */
export async function openBenchPage(name: string, ready: string, options: { viewport?: { width: number; height: number } } = {}): Promise<BenchPage> {
  shared ??= start();
  let started: Shared;
  try {
    started = await shared;
  } catch (e) {
    shared = null;
    throw e;
  }
  const page = await started.browser.newPage(options.viewport ? { viewport: options.viewport } : {});
  page.on('pageerror', (e) => console.error(`  [page] ${e.message}`));
  page.on('console', (m) => {
    // The bench pages have no favicon; Chromium asks for one anyway.
    if (m.location().url.endsWith('/favicon.ico')) return;
    if (m.type() === 'error' || m.type() === 'warning') console.error(`  [page ${m.type()}] ${m.text()} (${m.location().url})`);
  });
  const load = async (): Promise<void> => {
    await page.goto(new URL(`tests/bench/pages/${name}.html`, started.url).href);
    await page.waitForFunction((fn) => typeof (window as unknown as Record<string, unknown>)[fn] === 'function', ready, { timeout: 60_000 });
  };
  try {
    await load();
  } catch (e) {
    await page.close();
    throw e;
  }
  return { page, load, close: () => page.close() };
}

/** Stops the shared Chromium and dev server, if a benchmark started them. */
export async function closeBenchBrowser(): Promise<void> {
  const running = shared;
  shared = null;
  const s = await running?.catch(() => null);
  if (!s) return;
  await s.browser.close();
  await s.server.close();
}
