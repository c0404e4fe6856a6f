import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/support/chromium';

// End-to-end tests against the production build served by the real API server on a fresh data
// folder (PGlite), in the Debian Chromium with software GL (SwiftShader): no GPU, no browser
// download. `npm test` builds first; `npm run test:e2e` alone builds when dist/ is missing.

const root = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 8765);
const baseURL = `http://localhost:${port}`;
/**
 * The demo partner page (scripts/embed-demo) on another origin (port) than the editor, for
 * tests/e2e/embedding.spec.ts; its origin is on tenant yfang's EMBED_ORIGINS. The same site
 * (localhost): a test browser context blocks third-party storage, as incognito windows do
 * (docs/embedding.md "Browsers that block third-party storage").
 */
const EMBED_HOST_PORT = Number(process.env.E2E_EMBED_HOST_PORT ?? port + 10);
const embedHostURL = `http://localhost:${EMBED_HOST_PORT}`;

const isRunner = !process.env.TEST_WORKER_INDEX;
const dataRoot = path.join(root, '.data-test');

// The config is evaluated again in every worker process: the env var keeps one data folder per run.
if (isRunner && !process.env.E2E_DATA_DIR) {
  // Earlier runs' databases (~40 MB each) are of no use once those runs have ended. Keep the two
  // newest for debugging, and anything younger than a run could be (another run may still use it).
  const stale = Date.now() - 30 * 60 * 1000;
  const old = (fs.existsSync(dataRoot) ? fs.readdirSync(dataRoot) : [])
    .filter((name) => name.startsWith('e2e-'))
    .map((name) => ({ dir: path.join(dataRoot, name), mtime: fs.statSync(path.join(dataRoot, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime)
    .slice(2);
  for (const { dir, mtime } of old) if (mtime < stale) fs.rmSync(dir, { recursive: true, force: true });
}
process.env.E2E_DATA_DIR ??= path.join(dataRoot, `e2e-${Date.now()}-${process.pid}`);
const dataDir = process.env.E2E_DATA_DIR;

if (isRunner && !fs.existsSync(path.join(root, 'dist', 'index.html'))) {
  console.log('dist/ is missing: building the UI once (vite build) ...');
  execFileSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
};

/**
 * Specs that sign in with the same accounts or edit the same project's price list: yfang/admin
 * (person-center, price-list), yfang_corp/designer (person-center, widgets), fdm20cs member and
 * admin with its price list (quotation-integration, wallboard-quote). Every other spec has its own.
 */
const SHARED_LANE = /(person-center|price-list|widgets|quotation-integration|wallboard-quote)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // One spec file per two cores: each page renders in software (SwiftShader), so on two cores a
  // second worker only slows both (measured: 10.4 min with two, 10.8 with one). Specs may run side
  // by side because each signs in with accounts no other spec uses (one account has one live
  // session), except the few in SHARED_LANE.
  workers: Math.max(1, Math.min(4, Math.floor(os.availableParallelism() / 2))),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    baseURL,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    video: 'off',
    viewport: { width: 1280, height: 800 },
  },
  projects: [
    { name: 'chromium', testIgnore: SHARED_LANE, use: chromium },
    // One worker: these run one after another (beside the other lane), never at the same time.
    { name: 'shared-accounts', testMatch: SHARED_LANE, workers: 1, use: chromium },
  ],
  webServer: [
    {
      command: 'node --import tsx server/main.ts',
      cwd: root,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        // the specs log in as the demo accounts, which only a development start seeds
        NODE_ENV: 'development',
        PORT: String(port),
        DATA_DIR: dataDir,
        DIST_DIR: process.env.E2E_DIST_DIR ?? path.join(root, 'dist'),
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
        EMBED_ORIGINS: `yfang=${embedHostURL}`,
        // render jobs (render.spec.ts): a deterministic stand-in for the path tracer; E2E_RENDERER_MODULE= (empty) uses the real one
        RENDERER_MODULE: process.env.E2E_RENDERER_MODULE ?? path.join(root, 'tests/fixtures/render/test-renderer.ts'),
      },
    },
    {
      command: 'node --import tsx scripts/embed-demo/server.ts',
      cwd: root,
      url: `http://127.0.0.1:${EMBED_HOST_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { EDITOR_URL: baseURL, EMBED_DEMO_PORT: String(EMBED_HOST_PORT), EMBED_DEMO_HOST: '127.0.0.1', EMBED_DEMO_PROJECT: 'yfang' },
    },
  ],
});
