import path from 'node:path';
import { chromium } from '@playwright/test';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
const root = path.resolve(import.meta.dirname, '../..');
const page_ = process.argv[2] ?? 'tests/bench/pages/zz/exp.html';
const server = await createServer({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', clearScreen: false,
  server: { port: 0, host: '127.0.0.1', hmr: false, headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } },
  optimizeDeps: { entries: [page_, 'kernel-worker/main.ts', 'tests/bench/pages/zz/*.ts'], include: ['comlink', 'three', 'valtio/vanilla'] } });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
try {
  await server.listen();
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error(`[page] ${e.message}`));
  page.on('console', (m) => console.error(`[page ${m.type()}] ${m.text()}`));
  await page.goto(new URL(page_, server.resolvedUrls!.local[0]).href);
  await page.waitForFunction(() => typeof (window as any).runExp === 'function', null, { timeout: 60000 });
  const r = await page.evaluate((n) => (window as any).runExp(n), Number(process.env.N ?? 1000));
  console.log(JSON.stringify(r, null, 1));
} finally { await browser.close(); await server.close(); }
