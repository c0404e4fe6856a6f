// Serving the built UI (real files, long cache for hashed assets, SPA fallback for page routes,
// never index.html for API paths or missing assets) and /healthz failing with the database.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import { createPgliteDb } from '../../server/db/pglite';
import type { Db } from '../../server/db/types';
import { silentLogger } from '../../server/logger';

const INDEX = '<!doctype html><html><head><title>yfang</title></head><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log("app")';

describe('static UI', () => {
  let dist: string;
  let db: Db;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'yfang-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'assets', 'index-3f2a9c.js'), SCRIPT);
    writeFileSync(path.join(dist, 'assets', 'index-77aa00.css'), 'body{margin:0}');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    db = await createPgliteDb();
    app = createApp({ db, config: defaultConfig({ distDir: dist }), logger: silentLogger });
  });
  afterAll(async () => {
    await db?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / and revalidates it', async () => {
    const res = await app.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('serves hashed assets with their content type and a one-year immutable cache', async () => {
    const js = await app.request('/assets/index-3f2a9c.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await js.text()).toBe(SCRIPT);
    const css = await app.request('/assets/index-77aa00.css');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('serves other files of dist with revalidation', async () => {
    const res = await app.request('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing asset with 404, not index.html', async () => {
    const res = await app.request('/assets/index-old.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).not.toContain('<html');
  });

  it('falls back to index.html for page routes (history mode)', async () => {
    for (const route of ['/login', '/personcenter', '/deson/design', '/MaterialLib/MaterialBall/CommonLib', '/yfang/login?redirect=%2F']) {
      const res = await app.request(route);
      expect(res.status, route).toBe(200);
      expect(await res.text()).toBe(INDEX);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('keeps HEAD consistent with GET', async () => {
    const res = await app.request('/personcenter', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('never answers API paths with the UI', async () => {
    for (const route of ['/api/nothing', '/meta20/nothing', '/account2/session', '/files/x.png', '/healthz/extra']) {
      const res = await app.request(route);
      expect(res.status, route).toBe(404);
      expect(await res.text()).not.toContain('<html');
    }
  });

  it('refuses path traversal out of dist', async () => {
    for (const route of ['/../package.json', '/assets/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/etc/passwd']) {
      const res = await app.request(route);
      const text = await res.text();
      expect(text).not.toContain('"dependencies"');
      expect(text).not.toContain('root:');
    }
  });

  it('does not fall back for other methods', async () => {
    const res = await app.request('/personcenter', { method: 'POST', body: 'x' });
    expect(res.status).toBe(404);
  });

  it('says how to build the UI when dist is missing', async () => {
    const bare = createApp({ db, config: defaultConfig({ distDir: path.join(dist, 'missing') }), logger: silentLogger });
    const res = await bare.request('/');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('npm run build');
    const en = await bare.request('/login', { headers: { 'Accept-Language': 'en' } });
    expect(await en.text()).toBe('The UI has not been built yet; run npm run build first');
  });

  // Last: it closes the database.
  it('reports 503 on /healthz once the database is gone', async () => {
    expect((await app.request('/healthz')).status).toBe(200);
    await db.close();
    const res = await app.request('/healthz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'error', db: 'pglite' });
  });
});
