// The server killed with SIGKILL in the middle of saving, 25 times, on the embedded PGlite: every
// save it confirmed stays loadable byte for byte, the database opens cleanly each time, and a save
// that was in flight is either fully there or not at all. Most saves are deltas (docs/scenes.md
// "Delta saves"), long enough in a row to write checkpoints; every 25th uploads the whole file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalJson, type SceneFile } from '../../protocol/scene-file';
import { CHECKPOINT_EVERY, HISTORY_KEEP } from '../../server/scenes/limits';
import { diffDelta } from './scene-delta-gen';
import { call, login, sceneBytes, sceneFile, type Caller, type PageAnswer, type SceneAnswer, type VersionAnswer } from './scene-helpers';
import { spawnServer, type SpawnedServer } from './spawn-server';

// SCENES_CRASH_ROUNDS lowers it for a quick local run; the suite's default is the 25 the issue asks for.
const ROUNDS = Number(process.env.SCENES_CRASH_ROUNDS ?? 25);
const WORKERS = 3;

interface Confirmed {
  sceneId: number;
  version: number;
  tag: string;
  file: string;
  /** the content saved, as a full save stores it */
  text: string;
}

interface Current {
  version: number;
  versionId: number;
  content: SceneFile;
  /** delta saves since the last full one */
  run: number;
}

/** The next content: meta and one wall carry the tag (a one-wall edit). */
function edited(file: SceneFile, tag: string, i: number): SceneFile {
  const walls = file.records.filter((r) => r.type === 'wall');
  const target = walls[i % walls.length]!.id;
  return {
    ...file,
    meta: { name: tag },
    records: file.records.map((r) => (r.id === target ? { ...r, note: tag } : r.id === 'meta' ? { ...r, name: tag } : r)),
  };
}

function remote(port: number): Caller {
  return { request: (p, init) => fetch(`http://127.0.0.1:${port}${p}`, init) };
}

/**
 * One server on its own data folder, killed `rounds` times while WORKERS clients save; checks
 * after every restart and at the end. Returns how many saves were confirmed and checked.
 */
async function killChain(dataDir: string, rounds: number, servers: SpawnedServer[]): Promise<{ confirmed: number; checked: number; longestRun: number }> {
  // Only the first start seeds the demo accounts; later ones skip the seed check to start faster.
  let starts = 0;
  let server: SpawnedServer;
  const start = async (): Promise<Caller> => {
    server = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: undefined, SEED_DEMO: starts++ === 0 ? '1' : '0' });
    servers.push(server);
    return remote(await server.ready);
  };
  let app = await start();
  const token = await login(app, 'yfang', 'designer', 'Design@2026');

  const scenes: number[] = [];
  const current = new Map<number, Current>();
  const confirmed: Confirmed[] = [];
  /** the longest run of delta saves on one scene: past CHECKPOINT_EVERY, checkpoints were written */
  let longestRun = 0;
  /** per scene: the newest version known to be stored, and the content of the save in flight */
  const known = new Map<number, { version: number; file: string; text: string }>();
  const inFlight = new Map<number, string>();
  for (let w = 0; w < WORKERS; w++) {
    const first = sceneFile(2, `w${w}-0`);
    const up = await call<{ url: string }>(app, 'POST', '/meta20/x/scene/upload?kind=scene', token, sceneBytes(first));
    const made = await call<SceneAnswer>(app, 'POST', '/meta20/x/scene', token, { name: `crash ${w}`, file: up.data.url });
    expect(made.status).toBe(200);
    scenes.push(made.data.id);
    current.set(made.data.id, { version: 1, versionId: made.data.currentVersionId!, content: first, run: 0 });
    confirmed.push({ sceneId: made.data.id, version: 1, tag: `w${w}-0`, file: made.data.file, text: canonicalJson(first) });
    known.set(made.data.id, { version: 1, file: made.data.file, text: canonicalJson(first) });
  }

  /** One save of the scene: a one-wall delta, or every 25th in a row the whole file. */
  const saveOnce = async (sceneId: number, tag: string, i: number): Promise<void> => {
    const now = current.get(sceneId)!;
    const full = (now.run + 1) % 25 === 0;
    let next: SceneFile;
    let body: unknown;
    if (full) {
      next = sceneFile(3 + (i % 5), tag, 2000);
      const up = await call<{ url: string }>(app, 'POST', '/meta20/x/scene/upload?kind=scene', token, sceneBytes(next));
      if (up.status !== 200) throw new Error(`upload ${up.status} ${up.msg}`);
      body = { baseVersion: now.version, file: up.data.url };
    } else {
      next = edited(now.content, tag, i);
      body = { baseVersion: now.version, delta: diffDelta(now.content, next, String(now.versionId)) };
    }
    inFlight.set(sceneId, canonicalJson(next));
    const res = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${sceneId}`, token, body);
    if (res.status !== 200) throw new Error(`save ${res.status} ${res.msg}`);
    known.set(sceneId, { version: res.data.version, file: res.data.file, text: canonicalJson(next) });
    const run = full ? 0 : now.run + 1;
    longestRun = Math.max(longestRun, run);
    current.set(sceneId, { version: res.data.version, versionId: res.data.currentVersionId!, content: next, run });
    confirmed.push({ sceneId, version: res.data.version, tag, file: res.data.file, text: canonicalJson(next) });
  };
  // Chains past a checkpoint before the first kill, so every round kills among deltas on checkpoints.
  for (const id of scenes) for (let i = 0; i < CHECKPOINT_EVERY + 2; i++) await saveOnce(id, `s${id}-warm-${i}`, i);

  const worker = async (sceneId: number, round: number, stop: { now: boolean }): Promise<void> => {
    for (let i = 0; !stop.now; i++) {
      try {
        await saveOnce(sceneId, `s${sceneId}-r${round}-${i}`, i);
      } catch (e) {
        if (stop.now) return;
        throw e;
      }
    }
  };

  for (let round = 1; round <= rounds; round++) {
    const stop = { now: false };
    const before = confirmed.length;
    const running = scenes.map((id) => worker(id, round, stop));
    // Kill while saves are going on: after the round's first confirmed save, at a random moment.
    for (let waited = 0; confirmed.length === before && waited < 10_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    expect(confirmed.length, `round ${round}: no save confirmed`).toBeGreaterThan(before);
    await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 150)));
    stop.now = true;
    server!.child.kill('SIGKILL');
    await server!.exit;
    await Promise.all(running);

    app = await start();
    const health = await (await app.request('/healthz')).json();
    expect(health, `round ${round}`).toEqual({ status: 'ok', db: 'pglite' });
    for (const id of scenes) {
      // what the server had for sure: its last confirmed save, or what the last check found
      const last = known.get(id)!;
      const now = await call<SceneAnswer>(app, 'GET', `/meta20/x/scene/${id}`, token);
      expect(now.status, `round ${round} scene ${id}`).toBe(200);
      // that, or one more save that committed while its answer was lost: then it is all there
      expect([last.version, last.version + 1], `round ${round} scene ${id}`).toContain(now.data.version);
      if (now.data.version === last.version) expect(now.data.file).toBe(last.file);
      const file = await app.request(now.data.file, { headers: { Authorization: `Bearer ${token}` } });
      expect(file.status, `round ${round} scene ${id} file`).toBe(200);
      const text = await file.text();
      const expected = now.data.version === last.version ? last.text : inFlight.get(id);
      expect(text, `round ${round} scene ${id} v${now.data.version}`).toBe(expected);
      known.set(id, { version: now.data.version, file: now.data.file, text });
      // go on from what the server has (a save whose answer was lost included)
      const was = current.get(id)!;
      current.set(id, { version: now.data.version, versionId: now.data.currentVersionId!, content: JSON.parse(text) as SceneFile, run: was.run });
    }
  }

  // Every confirmed save that retention has not replaced is in the history and loads intact.
  let checked = 0;
  for (const id of scenes) {
    const history = await call<PageAnswer<VersionAnswer>>(app, 'GET', `/meta20/x/scene/get-history-list-by-scene-id?sceneId=${id}&pageNumber=1&pageSize=20`, token);
    const byVersion = new Map(history.data.list.map((v) => [v.version, v]));
    for (const c of confirmed.filter((x) => x.sceneId === id).slice(-(HISTORY_KEEP - 1))) {
      const entry = byVersion.get(c.version);
      if (!entry) {
        // only possible when unconfirmed (answer lost) saves filled the history after it
        expect(history.data.list.length, `scene ${id} v${c.version} trimmed only by a full history`).toBe(HISTORY_KEEP);
        expect(Math.min(...byVersion.keys())).toBeGreaterThan(c.version);
        continue;
      }
      expect(entry.file).toBe(c.file);
      const file = await app.request(entry.file, { headers: { Authorization: `Bearer ${token}` } });
      expect(await file.text(), `scene ${id} v${c.version}`).toBe(c.text);
      checked++;
    }
  }
  server!.child.kill('SIGTERM');
  expect((await server!.exit).code).toBe(0);
  return { confirmed: confirmed.length, checked, longestRun };
}

describe('scene saves survive SIGKILL (PGlite)', () => {
  const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'yfang-crash-')));
  const servers: SpawnedServer[] = [];

  afterAll(() => {
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  // Two servers on two data folders side by side: restarting (node, tsx, PGlite's WebAssembly) is
  // nearly all of the time and uses one core, so two chains halve the wait on two cores.
  it(`keeps every confirmed save across ${ROUNDS} kills`, { timeout: 180_000 }, async () => {
    const half = Math.ceil(ROUNDS / 2);
    const results = await Promise.all([killChain(dirs[0]!, half, servers), killChain(dirs[1]!, ROUNDS - half, servers)]);
    const total = results.reduce((a, r) => ({ confirmed: a.confirmed + r.confirmed, checked: a.checked + r.checked }), { confirmed: 0, checked: 0 });
    expect(total.confirmed).toBeGreaterThanOrEqual(ROUNDS + 2 * WORKERS);
    expect(total.checked).toBeGreaterThanOrEqual(2 * WORKERS);
    // delta chains long enough to have written checkpoints
    expect(Math.min(...results.map((r) => r.longestRun))).toBeGreaterThan(CHECKPOINT_EVERY);
  });
});
