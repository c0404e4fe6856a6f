// Resource budgets of scene bodies (issue 17), on PGlite and PostgreSQL: a gzip bomb stops
// inflating at the caps (inflated size, compression ratio) and is refused 413 with nothing stored;
// the server's own reads of a stored file stop at the cap too; large inline scene bodies are
// prepared in the scene pool's threads, so /healthz is answered while they are worked on; and the
// largest house the project builds still saves and opens.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync, constants as zlib, gunzipSync, gzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENE_FILE_FORMAT, type SceneFile } from '../../protocol/scene-file';
import { boundedUnzip, ModelUploadRefusal } from '../../server/catalogues/model-upload';
import type { Db } from '../../server/db/types';
import { inflatedBytesSoFar, readSceneFileBytes } from '../../server/scenes/files';
import { INLINE_SCENE_BODY_LIMIT, SCENE_FILE_MAX_INFLATED, SCENE_FILE_MAX_RATIO, SCENE_POOL_THRESHOLD } from '../../server/scenes/limits';
import { scenePool } from '../../server/scenes/scene-pool';
import { LocalDiskStorage } from '../../server/storage/local-disk';
import { renderHouseJson } from '../bench/render-house-scene';
import { backends, openTestApp } from './helpers';
import { call, createScene, login, sceneBytes, sceneFile, type Caller, type SceneAnswer } from './scene-helpers';

const EN = { 'Accept-Language': 'en' };
const MiB = 1024 * 1024;
/** what a refused gzip body may inflate past the point of refusal: a few of zlib's output chunks */
const INFLATE_SLACK = 2 * MiB;

/**
 * A gzip scene file whose "note" is `mib` MiB of one repeated byte, made without holding it: the
 * deflate of 1 MiB of 'a' (flushed, not final) repeated, which inflates to the same MiB each time.
 */
function gzipBomb(mib: number): Uint8Array {
  const head = Buffer.from(`{"format":"${SCENE_FILE_FORMAT}","schema":{},"meta":{},"records":[{"id":"w1","type":"wall","note":"`);
  const tail = Buffer.from('"}]}');
  const block = Buffer.alloc(MiB, 0x61);
  const flush = { finishFlush: zlib.Z_SYNC_FLUSH };
  const deflatedBlock = deflateRawSync(block, flush);
  const parts: Buffer[] = [Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]), deflateRawSync(head, flush)];
  let crc = crc32(head);
  for (let i = 0; i < mib; i++) {
    parts.push(deflatedBlock);
    crc = crc32(block, crc);
  }
  parts.push(deflateRawSync(tail));
  crc = crc32(tail, crc);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((head.length + mib * MiB + tail.length) % 2 ** 32, 4);
  parts.push(trailer);
  return new Uint8Array(Buffer.concat(parts));
}

const scenes = new Map<number, SceneFile>();

/** A scene file of about `bytes` that compresses only about 2:1 (pseudo-random digits in its notes). */
function incompressibleScene(bytes: number): SceneFile {
  const known = scenes.get(bytes);
  if (known) return known;
  let seed = 12345;
  const digits = (n: number) => {
    const b = Buffer.alloc(n);
    for (let i = 0; i < n; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      b[i] = 0x30 + (seed % 10);
    }
    return b.toString('latin1');
  };
  const file = sceneFile(Math.ceil(bytes / 4096), 'big');
  const out = { ...file, records: file.records.map((r) => (r.type === 'wall' ? { ...r, note: digits(4000) } : r)) };
  scenes.set(bytes, out);
  return out;
}

describe('model upload zips', () => {
  /** A zip of one .gltf of `mib` MiB of one byte, its sizes in the headers set to `declared` (a lie when smaller). */
  const zipOf = (mib: number, declared?: number): Uint8Array => {
    const zip = zipSync({ 'a.gltf': new Uint8Array(mib * MiB).fill(0x61) }, { level: 6 });
    if (declared !== undefined) {
      const dv = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
      dv.setUint32(22, declared, true);
      for (let i = zip.byteLength - 22; i >= 0; i--) {
        if (dv.getUint32(i, true) === 0x02014b50) {
          dv.setUint32(i + 24, declared, true);
          break;
        }
      }
    }
    return zip;
  };
  const cpuMs = (work: () => void): number => {
    const t0 = process.cpuUsage();
    try {
      work();
    } catch {
      // the refusal is checked apart
    }
    const d = process.cpuUsage(t0);
    return (d.user + d.system) / 1000;
  };

  it('stops inflating an entry at its declared size: a bomb behind a small size costs a fraction of inflating it', () => {
    const limits = { maxUnzippedBytes: 200 * MiB };
    const honest = zipOf(64);
    expect(boundedUnzip(honest, limits)['a.gltf']!.byteLength).toBe(64 * MiB);
    const lying = zipOf(64, 1000);
    expect(() => boundedUnzip(lying, limits)).toThrow(ModelUploadRefusal);
    try {
      boundedUnzip(lying, limits);
    } catch (e) {
      expect((e as ModelUploadRefusal).reason).toBe('tooLarge');
    }
    // relative, not a time limit: inflating all 64 MiB vs stopping after the declared 1000 bytes
    const full = Math.min(...[0, 1, 2].map(() => cpuMs(() => boundedUnzip(honest, limits))));
    const refused = Math.min(...[0, 1, 2].map(() => cpuMs(() => boundedUnzip(lying, limits))));
    expect(refused).toBeLessThan(full / 4);
  });

  it('refuses by the declared sizes before inflating anything', () => {
    expect(() => boundedUnzip(zipOf(3), { maxUnzippedBytes: 2 * MiB })).toThrow(ModelUploadRefusal);
  });
});

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`scene body budgets on ${backend.name}`, () => {
    let app: Caller & { fetch: (r: Request) => Response | Promise<Response> };
    let db: Db;
    let dispose: () => Promise<void>;
    let dataDir: string;
    let storage: LocalDiskStorage;
    let designer: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'yfang-budgets-'));
      ({ app, db, dispose } = await openTestApp(backend, { dataDir, sceneWorkers: 2 }));
      storage = new LocalDiskStorage(path.join(dataDir, 'files'));
      designer = await login(app, 'yfang', 'designer', 'Design@2026');
    });
    afterAll(async () => {
      await dispose?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const fileCount = async () => Number((await db.query<{ n: string }>('select count(*) as n from scene_files'))[0]!.n);
    const uploadScene = (bytes: Uint8Array, headers: Record<string, string> = {}) =>
      call<{ url: string }>(app, 'POST', '/meta20/x/scene/upload?kind=scene', designer, bytes, { 'Content-Type': 'application/json', ...headers });

    it('refuses a 400 KiB gzip inflating to 400 MiB with 413, having inflated little of it, and stores nothing', async () => {
      const bomb = gzipBomb(400);
      expect(bomb.byteLength).toBeLessThan(512 * 1024);
      const before = await fileCount();
      const inflatedBefore = inflatedBytesSoFar();
      const res = await uploadScene(bomb, EN);
      expect(res.status).toBe(413);
      expect(res.code).toBe(413);
      const inflated = inflatedBytesSoFar() - inflatedBefore;
      expect(inflated).toBeLessThanOrEqual(SCENE_FILE_MAX_INFLATED + INFLATE_SLACK);
      expect(res.msg).toMatch(new RegExp(`limit (${SCENE_FILE_MAX_RATIO} to 1|${SCENE_FILE_MAX_INFLATED} bytes)`));
      expect(await fileCount()).toBe(before);
    });

    it('refuses a file past the ratio cap before the size cap, saying the ratio', async () => {
      const bomb = gzipBomb(4);
      const inflatedBefore = inflatedBytesSoFar();
      const en = await uploadScene(bomb, EN);
      expect(en.status).toBe(413);
      expect(en.msg).toBe(`The scene file is compressed too far (limit ${SCENE_FILE_MAX_RATIO} to 1)`);
      // stopped once past the ratio, not at 4 MiB
      expect(inflatedBytesSoFar() - inflatedBefore).toBeLessThan(4 * MiB);
      const zh = await uploadScene(bomb);
      expect(zh.msg).toBe(`方案文件压缩比过高（上限 ${SCENE_FILE_MAX_RATIO} 倍）`);
    });

    it('refuses a file past the inflated cap at a modest ratio, gzip or plain, saying the cap', async () => {
      const big = sceneBytes(incompressibleScene(SCENE_FILE_MAX_INFLATED + MiB));
      expect(big.byteLength).toBeGreaterThan(SCENE_FILE_MAX_INFLATED);
      const gz = gzipSync(big);
      expect(big.byteLength / gz.byteLength).toBeLessThan(SCENE_FILE_MAX_RATIO);
      const before = await fileCount();
      const inflatedBefore = inflatedBytesSoFar();
      const res = await uploadScene(new Uint8Array(gz), EN);
      expect(res.status).toBe(413);
      expect(res.msg).toBe(`The scene file is too large once inflated (limit ${SCENE_FILE_MAX_INFLATED} bytes)`);
      expect(inflatedBytesSoFar() - inflatedBefore).toBeLessThanOrEqual(SCENE_FILE_MAX_INFLATED + INFLATE_SLACK);
      expect((await uploadScene(big)).status).toBe(413);
      expect(await fileCount()).toBe(before);
    });

    it("stops the server's own read of a stored file at the cap", async () => {
      const key = `scenes/yfang/00000000-0000-4000-8000-${String(Date.now() % 1e12).padStart(12, '0')}.json`;
      await storage.put(key, gzipBomb(64), { contentType: 'application/json', gzip: true, preCompressed: true });
      const inflatedBefore = inflatedBytesSoFar();
      await expect(readSceneFileBytes(storage, key)).rejects.toMatchObject({ status: 413 });
      expect(inflatedBytesSoFar() - inflatedBefore).toBeLessThanOrEqual(SCENE_FILE_MAX_INFLATED);
      await storage.delete(key);
    });

    it('saves, backs up and opens the largest house the project builds', async () => {
      const house = renderHouseJson();
      const bytes = new TextEncoder().encode(house);
      expect(bytes.byteLength * 8).toBeLessThan(SCENE_FILE_MAX_INFLATED * 1.05);
      const up = await uploadScene(new Uint8Array(gzipSync(bytes)));
      expect(up.status, up.msg).toBe(200);
      const created = await call<SceneAnswer>(app, 'POST', '/meta20/x/scene', designer, { name: 'house', file: up.data.url });
      expect(created.status, created.msg).toBe(200);
      const opened = await app.request(created.data.file, { headers: { Authorization: `Bearer ${designer}` } });
      expect(await opened.text()).toBe(house);
      // inline, above the pool's threshold: prepared in a thread, stored the same
      expect(bytes.byteLength).toBeGreaterThan(SCENE_POOL_THRESHOLD);
      const pool = scenePool(2);
      const jobs = pool.jobsRun;
      const backup = await call<{ file: string }>(app, 'POST', '/meta20/x/scene/store-scene-backup', designer, { sceneId: created.data.id, content: JSON.parse(house) });
      expect(backup.status, backup.msg).toBe(200);
      expect(pool.jobsRun).toBe(jobs + 1);
      const stored = await app.request(backup.data.file, { headers: { Authorization: `Bearer ${designer}`, 'Accept-Encoding': 'gzip' } });
      expect(gunzipSync(Buffer.from(await stored.arrayBuffer())).toString()).toBe(house);
    });

    it('refuses an inline backup past the scene cap 413, and takes one just under it', async () => {
      const scene = await createScene(app, designer, 'inline cap');
      const over = { sceneId: scene.id, content: incompressibleScene(INLINE_SCENE_BODY_LIMIT) };
      const refused = await call(app, 'POST', '/meta20/x/scene/store-scene-backup', designer, over, EN);
      expect(refused.status).toBe(413);
      const under = incompressibleScene(SCENE_FILE_MAX_INFLATED - MiB);
      const taken = await call(app, 'POST', '/meta20/x/scene/store-scene-backup', designer, { sceneId: scene.id, content: under });
      expect(taken.status, taken.msg).toBe(200);
    });

    it('answers /healthz on a socket while four maximal inline backups are being prepared', async () => {
      const scene = await createScene(app, designer, 'healthz');
      const body = JSON.stringify({ sceneId: scene.id, content: incompressibleScene(SCENE_FILE_MAX_INFLATED - MiB) });
      const server: ServerType = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise<void>((resolve) => server.once('listening', () => resolve()));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const pool = scenePool(2);
        const jobs = pool.jobsRun;
        let backupsDone = 0;
        const backups = Array.from({ length: 4 }, () =>
          fetch(`${base}/meta20/x/scene/store-scene-backup`, { method: 'POST', headers: { Authorization: `Bearer ${designer}` }, body }).then(async (r) => {
            backupsDone++;
            return r.status;
          }),
        );
        // once the threads have the bodies, the event loop is free for other requests
        while (pool.busy === 0) await new Promise((resolve) => setTimeout(resolve, 1));
        const health = await fetch(`${base}/healthz`);
        expect(health.status).toBe(200);
        const busyWhenAnswered = pool.busy;
        const doneWhenAnswered = backupsDone;
        expect(await Promise.all(backups)).toEqual([200, 200, 200, 200]);
        expect(pool.jobsRun).toBe(jobs + 4);
        expect(busyWhenAnswered).toBeGreaterThan(0);
        expect(doneWhenAnswered).toBe(0);
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });
  });
}
