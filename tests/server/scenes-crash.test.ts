// The server killed with SIGKILL in the middle of saving, 25 times, on the embedded PGlite: every
// save it confirmed stays loadable, the database opens cleanly each time, and a save that was in
// flight is either fully there or not at all.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HISTORY_KEEP } from '../../server/scenes/limits';
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
}

function remote(port: number): Caller {
  return { request: (p, init) => fetch(`http://127.0.0.1:${port}${p}`, init) };
}

/**
 * One server on its own data folder, killed `rounds` times while WORKERS clients save; checks
 * after every restart and at the end. Returns how many saves were confirmed and checked.
 */
async function killChain(dataDir: string, rounds: number, servers: SpawnedServer[]): Promise<{ confirmed: number; checked: number }> {
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
  const current = new Map<number, number>();
  const confirmed: Confirmed[] = [];
  for (let w = 0; w < WORKERS; w++) {
    const up = await call<{ url: string }>(app, 'POST', '/meta20/x/scene/upload?kind=scene', token, sceneBytes(sceneFile(2, `w${w}-0`)));
    const made = await call<SceneAnswer>(app, 'POST', '/meta20/x/scene', token, { name: `crash ${w}`, file: up.data.url });
    expect(made.status).toBe(200);
    scenes.push(made.data.id);
    current.set(made.data.id, 1);
    confirmed.push({ sceneId: made.data.id, version: 1, tag: `w${w}-0`, file: made.data.file });
  }

  const worker = async (sceneId: number, round: number, stop: { now: boolean }): Promise<void> => {
    for (let i = 0; !stop.now; i++) {
      const tag = `s${sceneId}-r${round}-${i}`;
      try {
        const up = await call<{ url: string }>(app, 'POST', '/meta20/x/scene/upload?kind=scene', token, sceneBytes(sceneFile(3 + (i % 5), tag, 2000)));
        if (up.status !== 200) throw new Error(`upload ${up.status} ${up.msg}`);
        const res = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${sceneId}`, token, { baseVersion: current.get(sceneId), file: up.data.url });
        if (res.status !== 200) throw new Error(`save ${res.status} ${res.msg}`);
        current.set(sceneId, res.data.version);
        confirmed.push({ sceneId, version: res.data.version, tag, file: res.data.file });
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
      const last = confirmed.filter((c) => c.sceneId === id).at(-1)!;
      const now = await call<SceneAnswer>(app, 'GET', `/meta20/x/scene/${id}`, token);
      expect(now.status, `round ${round} scene ${id}`).toBe(200);
      // the last confirmed save, or one more that committed while its answer was lost
      expect([last.version, last.version + 1], `round ${round} scene ${id}`).toContain(now.data.version);
      if (now.data.version === last.version) expect(now.data.file).toBe(last.file);
      const file = await app.request(now.data.file, { headers: { Authorization: `Bearer ${token}` } });
      expect(file.status, `round ${round} scene ${id} file`).toBe(200);
      const parsed = (await file.json()) as { meta: { name: string } };
      if (now.data.version === last.version) expect(parsed.meta.name).toBe(last.tag);
      current.set(id, now.data.version);
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
      expect(((await file.json()) as { meta: { name: string } }).meta.name).toBe(c.tag);
      checked++;
    }
  }
  server!.child.kill('SIGTERM');
  expect((await server!.exit).code).toBe(0);
  return { confirmed: confirmed.length, checked };
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
  });
});
