// The model-upload worker pool (server/catalogues/model-upload-pool.ts): conversions run off the
// event loop, refusals and results come back as processModelUpload gives them, one thread takes
// jobs in turn, and a thread that dies or runs past its time refuses the upload (conversionFailed)
// instead of hanging the request.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelUploadPool } from '../../server/catalogues/model-upload-pool';
import { ModelUploadRefusal, processModelUpload } from '../../server/catalogues/model-upload';
import { decodePng } from '../../server/catalogues/png-decode';
import { denseGlb } from './dense-model';

/** The longest event-loop delay (ms) while `work` runs, sampled every 5 ms. */
async function longestDelay<T>(work: () => Promise<T>): Promise<{ result: T; delayMs: number; tookMs: number }> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  // the histogram's first tick only sets its baseline: a stretch blocked before it goes unseen
  await new Promise((resolve) => setTimeout(resolve, 20));
  const t0 = performance.now();
  try {
    const result = await work();
    const tookMs = performance.now() - t0;
    // the sampling timer records a blocked stretch only when it finally fires: give it that turn
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { result, tookMs, delayMs: h.max / 1e6 };
  } finally {
    h.disable();
  }
}

describe('model upload worker pool', () => {
  const pool = new ModelUploadPool({ workers: 1, timeoutMs: 60_000 });
  let dense: Uint8Array;
  beforeAll(async () => {
    dense = await denseGlb(200, 512);
  });
  afterAll(() => pool.close());

  it('starts no thread before the first upload', () => {
    expect(pool.threads).toBe(0);
  });

  it('converts in a worker thread: the event loop stays free while a dense model converts', async () => {
    await pool.convert(dense); // the first job also boots the thread (tsx, the modules)
    const pooled = await longestDelay(() => pool.convert(dense));
    expect(pooled.result.triangles).toBe(2 * 200 * 200);
    // the same conversion on this thread holds the loop for most of its run: the measure can fail
    const inline = await longestDelay(() => processModelUpload(dense));
    expect(inline.delayMs).toBeGreaterThan(inline.tookMs / 2);
    expect(pooled.tookMs).toBeGreaterThan(100);
    expect(pooled.delayMs).toBeLessThan(pooled.tookMs / 4);
    expect(pooled.delayMs).toBeLessThan(inline.delayMs / 2);
    expect(pool.threads).toBe(1);
  });

  it('gives the same files as converting in the process, and leaves the caller its bytes', async () => {
    const copy = dense.slice();
    const [pooled, inline] = await Promise.all([pool.convert(dense, { shadow: false, unit: 'm' }), processModelUpload(copy, { shadow: false, unit: 'm' })]);
    // Buffer.equals: a deep toEqual over megabytes takes seconds
    const same = (a: Uint8Array | null | undefined, b: Uint8Array | null | undefined) => !!a && !!b && Buffer.from(a).equals(Buffer.from(b));
    expect(same(dense, copy)).toBe(true);
    expect(same(pooled.glb, inline.glb)).toBe(true);
    expect(same(pooled.lowGlb, inline.lowGlb)).toBe(true);
    expect(same(decodePng(pooled.coverPng)?.rgb, decodePng(inline.coverPng)?.rgb)).toBe(true);
    expect({ ...pooled, glb: null, lowGlb: null, coverPng: null }).toEqual({ ...inline, glb: null, lowGlb: null, coverPng: null });
  });

  it('hands refusals back with their reason and parameters', async () => {
    const refused = await pool.convert(new TextEncoder().encode('hello')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ModelUploadRefusal);
    expect(refused).toMatchObject({ reason: 'notModel' });
    const limited = await pool.convert(dense, { limits: { maxTriangles: 1000, maxTextures: 16, maxTexturePx: 4096, maxUnzippedBytes: 1 << 20 } }).catch((e: unknown) => e);
    expect(limited).toMatchObject({ reason: 'tooManyTriangles', params: { count: 80000, max: 1000 } });
  });

  it('runs jobs one after another on one thread, each with its own answer', async () => {
    const sizes = [40, 60, 80];
    const models = await Promise.all(sizes.map(async (n) => pool.convert(await denseGlb(n, 16))));
    expect(models.map((m) => m.triangles)).toEqual(sizes.map((n) => 2 * n * n));
    expect(pool.threads).toBe(1);
  });
});

describe('model upload worker pool failures', () => {
  it('refuses an upload whose conversion runs past the time limit, and stops its thread', async () => {
    const failures: string[] = [];
    const pool = new ModelUploadPool({ workers: 1, timeoutMs: 1, onFailure: (why) => failures.push(why) });
    try {
      const glb = await denseGlb(40, 16);
      // the thread cannot even boot in 1 ms, so each job is cut off; a fresh thread takes the next
      for (let i = 0; i < 2; i++) {
        const refused = await pool.convert(glb).catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(ModelUploadRefusal);
        expect(refused).toMatchObject({ reason: 'conversionFailed' });
        expect(pool.threads).toBe(0);
      }
      expect(failures).toEqual([expect.stringMatching(/past 1 ms/), expect.stringMatching(/past 1 ms/)]);
    } finally {
      await pool.close();
    }
  });

  it('stops a thread left idle, and starts a fresh one for the next upload', async () => {
    const failures: string[] = [];
    const pool = new ModelUploadPool({ workers: 1, timeoutMs: 60_000, idleMs: 50, onFailure: (why) => failures.push(why) });
    try {
      const glb = await denseGlb(20, 16);
      expect((await pool.convert(glb)).triangles).toBe(800);
      expect(pool.threads).toBe(1);
      await expect.poll(() => pool.threads, { timeout: 5000 }).toBe(0);
      expect((await pool.convert(glb)).triangles).toBe(800);
      expect(failures).toEqual([]);
    } finally {
      await pool.close();
    }
  });

  it('refuses jobs still waiting or running when closed', async () => {
    const pool = new ModelUploadPool({ workers: 1, timeoutMs: 60_000 });
    const glb = await denseGlb(40, 16);
    const jobs = [pool.convert(glb), pool.convert(glb)].map((p) => p.catch((e: unknown) => e));
    await pool.close();
    for (const e of await Promise.all(jobs)) expect(e).toMatchObject({ message: 'ModelUploadPool is closed' });
    await expect(pool.convert(glb)).rejects.toThrow('closed');
  });
});
