// What a designer downloads, and how soon the 3D view shows: the production build served by the
// real server, opened in Chromium. Gzip sizes of the JavaScript the main thread loads for /login
// and for / (signed in), of the kernel worker, and the time from pressing 登录 to the first frame
// of the 3D view that shows the room (the worker's performance mark, kernel-worker/render/three-renderer.ts).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium, type Page, type Worker } from '@playwright/test';
import { build } from 'vite';
import { FIRST_CONTENT_FRAME_MARK } from '../../kernel-worker/render/three-renderer';
import { crawl, htmlEntries } from '../build/dist-graph';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { fillLogin } from '../e2e/support/login';
import { spawnServer } from '../server/spawn-server';
import { median, round } from './stats';
import type { Benchmark, BenchRow } from './types';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const KIB = 1024;
const TARGETS = { login: 150, home: 250, worker: 250, firstFrameMs: 3000 } as const;
const LOGINS = Number(process.env.BENCH_LOGINS ?? 3);
const ACCOUNT = { account: 'designer', password: 'Design@2026' } as const;

const gzipSize = (file: string) => gzipSync(fs.readFileSync(file)).length;
const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gzipSize(f), 0);

/** The JS files (dist paths) a page load fetched on the main thread. */
async function scriptsLoaded(page: Page, distDir: string, workerFiles: Set<string>, go: () => Promise<unknown>): Promise<Set<string>> {
  const seen = new Set<string>();
  const onResponse = (res: { url(): string }) => {
    const url = new URL(res.url());
    if (!/\.m?js$/.test(url.pathname)) return;
    const file = path.join(distDir, url.pathname);
    if (fs.existsSync(file) && !workerFiles.has(file)) seen.add(file);
  };
  page.on('response', onResponse);
  try {
    await go();
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', onResponse);
  }
  return seen;
}

async function firstFrameAfterLogin(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/login`);
  await page.waitForLoadState('networkidle');
  const workerStarted = page.waitForEvent('worker', { timeout: 60_000 });
  const clicked = await page.evaluate(() => performance.timeOrigin + performance.now());
  await fillLogin(page, { ...ACCOUNT, agree: true });
  const worker: Worker = await workerStarted;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const at = await worker
      .evaluate((name) => {
        const mark = performance.getEntriesByName(name)[0];
        return mark ? performance.timeOrigin + mark.startTime : null;
      }, FIRST_CONTENT_FRAME_MARK)
      .catch(() => null);
    if (at !== null) return at - clicked;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the 3D view drew no frame within a minute of logging in');
}

const bench: Benchmark = {
  id: 'bundle',
  title: 'JS downloaded for /login and / (gzip), the kernel worker, first 3D frame after login (built app, real server, Chromium)',
  async run({ smoke }) {
    const logins = smoke ? 1 : LOGINS;
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'yf-bundle-'));
    // A smoke run takes the build `npm test` made in its build step (dist/), when there is one: a
    // second production build would take most of the smoke run's time.
    const built = path.join(root, 'dist');
    const reuse = smoke && fs.existsSync(path.join(built, 'index.html'));
    const distDir = reuse ? built : path.join(work, 'dist');
    if (reuse) console.log('  smoke: serving the existing build in dist/');
    else await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true, sourcemap: false } });
    const mainGraph = crawl(distDir, htmlEntries(distDir, fs.readFileSync(path.join(distDir, 'index.html'), 'utf8')));
    const workerGraph = crawl(distDir, [...mainGraph.urlRefs].filter((p) => /\.m?js$/.test(p)));

    const server = spawnServer({ DATA_DIR: path.join(work, 'data'), DIST_DIR: distDir });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
    try {
      const port = await server.ready;
      const base = `http://localhost:${port}`;
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
      const page = await context.newPage();
      const login = await scriptsLoaded(page, distDir, workerGraph.files, () => page.goto(`${base}/login`));
      await fillLogin(page, { ...ACCOUNT, agree: true });
      await page.waitForURL((u) => u.pathname === '/');
      // A fresh page on / while signed in: what opening the workspace downloads.
      const home = await context.newPage();
      const homeFiles = await scriptsLoaded(home, distDir, workerGraph.files, () => home.goto(`${base}/`));
      await context.close();

      const frames: number[] = [];
      for (let i = 0; i < logins; i++) {
        const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
        frames.push(await firstFrameAfterLogin(await fresh.newPage(), base));
        await fresh.close();
      }

      const loginKib = sum(login) / KIB;
      const homeKib = sum(homeFiles) / KIB;
      const workerKib = sum(workerGraph.files) / KIB;
      const firstFrame = median(frames);
      const rows: BenchRow[] = [
        { name: `main-thread JS for /login (${login.size} files, gzip)`, value: round(loginKib, 1), unit: 'KiB', target: `<= ${TARGETS.login} KiB`, met: loginKib <= TARGETS.login },
        { name: `main-thread JS for / (${homeFiles.size} files, gzip)`, value: round(homeKib, 1), unit: 'KiB', target: `<= ${TARGETS.home} KiB`, met: homeKib <= TARGETS.home },
        { name: `kernel worker JS (${workerGraph.files.size} files, gzip)`, value: round(workerKib, 1), unit: 'KiB', target: `<= ${TARGETS.worker} KiB`, met: workerKib <= TARGETS.worker },
        { name: `first 3D frame after pressing 登录, median of ${logins}`, value: Math.round(firstFrame), unit: 'ms', target: `<= ${TARGETS.firstFrameMs} ms`, met: firstFrame <= TARGETS.firstFrameMs },
        { name: 'first 3D frame after login, slowest', value: Math.round(Math.max(...frames)), unit: 'ms', target: '', met: null },
      ];
      return rows;
    } finally {
      await browser.close();
      server.child.kill('SIGTERM');
      await server.exit;
      fs.rmSync(work, { recursive: true, force: true });
    }
  },
};

export default bench;
