// Load on the real server process (server/main.ts) over loopback with autocannon: scene saves and
// scene lists, 50 concurrent clients, 5 s per case after a 1 s warm-up. A full save is what the
// client does for a first save or an import: upload the scene file (100 KB gzip) and PUT
// /meta20/x/scene/{id} naming it and the base version; its latency is the two requests together.
// A delta save is the client's save of a small edit: one PUT carrying the delta of one wall moved
// against the version it is based on (docs/scenes.md "Delta saves"). Each connection saves its
// own scene, so every save is a real one (no 412s).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon, { type AutocannonOptions, type AutocannonResult } from 'autocannon';
import { BACKUP_DELTA_FORMAT, canonicalJson, SCENE_FILE_FORMAT, type FileRecord, type SceneFile } from '../../protocol/scene-file';
import { SCENE_FILE_MAX_INFLATED } from '../../server/scenes/limits';
import { spawnServer } from '../server/spawn-server';
import { quantile, round } from './stats';
import type { BenchRow } from './types';

export const CONNECTIONS = 50;
/** A smoke run's clients: fewer scenes to set up, the same requests. */
const SMOKE_CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_SERVER_SECONDS ?? 5);
const WARMUP_S = 1;
/** Scenes beyond one per connection, so that the list has more than a page. */
const SPARE_SCENES = 10;
const FILE_TARGET_BYTES = 100 * 1024;

/** A scene whose gzip is about 100 KB: walls with pseudo-random coordinates (they compress like real ones). */
export function benchSceneGzip(): { gzip: Buffer; raw: number; walls: number } {
  let seed = 42;
  const rand = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const records: FileRecord[] = [
    { id: 'meta', type: 'meta', name: 'bench' },
    { id: 's1', type: 'storey', index: 0, name: '1F', elevation: 0, layerHeight: 2800 },
  ];
  let walls = 0;
  for (;;) {
    for (let i = 0; i < 100; i++, walls++) {
      records.push({
        id: `w${String(walls).padStart(6, '0')}`,
        type: 'wall',
        storeyId: 's1',
        start: { x: round(rand() * 20000, 1), y: round(rand() * 20000, 1) },
        end: { x: round(rand() * 20000, 1), y: round(rand() * 20000, 1) },
        thickness: [120, 180, 240][walls % 3],
        height: 2800,
        wallType: 'normal',
      });
    }
    const file: SceneFile = { format: SCENE_FILE_FORMAT, schema: { meta: 1, storey: 1, wall: 1 }, meta: { name: 'bench' }, records };
    const text = canonicalJson(file);
    const gzip = gzipSync(text);
    if (gzip.byteLength >= FILE_TARGET_BYTES) return { gzip, raw: Buffer.byteLength(text), walls };
  }
}

/**
 * A scene file of about `bytes` of JSON (walls with pseudo-random coordinates, compressing like
 * real ones): the bodies of the maximal-upload case, one at the inflated cap less a little.
 */
export function maximalScene(bytes: number): { json: string; gzip: Buffer } {
  let seed = 7;
  const rand = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const build = (walls: number): string => {
    const records: FileRecord[] = [
      { id: 'meta', type: 'meta', name: 'max' },
      { id: 's1', type: 'storey', index: 0, name: '1F', elevation: 0, layerHeight: 2800 },
    ];
    for (let i = 0; i < walls; i++) {
      records.push({
        id: `w${String(i).padStart(7, '0')}`,
        type: 'wall',
        storeyId: 's1',
        start: { x: round(rand() * 20000, 1), y: round(rand() * 20000, 1) },
        end: { x: round(rand() * 20000, 1), y: round(rand() * 20000, 1) },
        thickness: 240,
        height: 2800,
      });
    }
    return canonicalJson({ format: SCENE_FILE_FORMAT, schema: { meta: 1, storey: 1, wall: 1 }, meta: { name: 'max' }, records } satisfies SceneFile);
  };
  const probe = build(1000);
  const json = build(Math.floor((1000 * bytes) / Buffer.byteLength(probe)));
  return { json, gzip: gzipSync(json) };
}

// CPU accounting (Linux /proc): on a small machine the load generator, the server and the
// database share the cores, so each case reports who used how much of them. Elsewhere the rows
// read NaN.
const CLOCK_TICKS_PER_S = 100;

function processCpuSeconds(pid: number): number {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S;
  } catch {
    return Number.NaN;
  }
}

function machineCpuSeconds(): { busy: number; total: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number) as number[];
    const busy = user! + nice! + system! + irq! + softirq! + steal!;
    return { busy: busy / CLOCK_TICKS_PER_S, total: (busy + idle! + iowait!) / CLOCK_TICKS_PER_S };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}

interface Proc {
  pid: number;
  ppid: number;
  cmd: string;
}

function listProcesses(): Proc[] {
  const procs: Proc[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      procs.push({ pid: Number(name), ppid, cmd });
    } catch {
      /* gone meanwhile */
    }
  }
  return procs;
}

/** A process and its children: the server with SERVER_PROCESSES above 1 is a primary and its workers. */
export function processTree(pid: number): number[] {
  if (pid < 0) return [pid];
  return [pid, ...listProcesses().filter((p) => p.ppid === pid).map((p) => p.pid)];
}

/** The processes of a local PostgreSQL cluster: its postmaster (found by its port) and the postmaster's children. */
export function postgresPids(port: number): number[] {
  const procs = listProcesses();
  const master = procs.find((p) => /\/postgres\s/.test(p.cmd) && p.cmd.includes(`-p ${port}`));
  if (!master) return [];
  return [master.pid, ...procs.filter((p) => p.ppid === master.pid).map((p) => p.pid)];
}

interface CpuMark {
  at: number;
  self: number;
  server: number;
  db: number;
  machine: { busy: number; total: number };
}

/** CPU cores each party used during one case (CPU seconds per wall second) and CPU ms per operation. */
export interface CpuShare {
  cores: number;
  server: number;
  db: number;
  loadGenerator: number;
  /** every process on the machine, the three above included */
  machine: number;
  serverMsPerOp: number;
  dbMsPerOp: number;
  loadGeneratorMsPerOp: number;
}

function cpuMark(serverPid: number, dbPids: () => number[]): CpuMark {
  const self = process.cpuUsage();
  const db = dbPids().reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
  const server = processTree(serverPid).reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
  return { at: performance.now(), self: (self.user + self.system) / 1e6, server, db, machine: machineCpuSeconds() };
}

function cpuShare(from: CpuMark, to: CpuMark, operations: number): CpuShare {
  const wall = (to.at - from.at) / 1000;
  const per = (seconds: number) => round((seconds / Math.max(1, operations)) * 1000, 2);
  const server = to.server - from.server;
  const db = to.db - from.db;
  const self = to.self - from.self;
  const machineTotal = to.machine.total - from.machine.total;
  return {
    cores: os.availableParallelism(),
    server: round(server / wall, 2),
    db: round(db / wall, 2),
    loadGenerator: round(self / wall, 2),
    // /proc/stat counts all cores together
    machine: round(((to.machine.busy - from.machine.busy) / machineTotal) * os.availableParallelism(), 2),
    serverMsPerOp: per(server),
    dbMsPerOp: per(db),
    loadGeneratorMsPerOp: per(self),
  };
}

function runCannon(options: AutocannonOptions, onResponse?: (client: object, status: number, ms: number) => void): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
    if (onResponse) instance.on('response', (client: object, status: number, _bytes: number, ms: number) => onResponse(client, status, ms));
  });
}

interface Json {
  code?: number;
  data?: { url?: string; version?: number; id?: number; token?: string; currentVersionId?: number };
  retdata?: { token?: string };
}

type Case = 'save' | 'delta' | 'list' | 'floor' | 'pacedDelta' | 'pacedList' | 'bigUploads';

/**
 * The designer-pace cases: every client saves (or lists) once a second, far more often than a
 * person saves, but no longer a closed loop that sends the next request the moment an answer
 * comes (which measures how long 50 clients queue on 2 cores, not how long a save takes).
 */
export const PACE_S = 1;

export interface LoadNumbers {
  /** concurrent clients of each case */
  connections: number;
  saves: number;
  savesPerS: number;
  saveP50: number;
  saveP99: number;
  saveFailures: number;
  lists: number;
  listsPerS: number;
  listP50: number;
  listP99: number;
  listFailures: number;
  fileBytes: number;
  saveCpu: CpuShare;
  listCpu: CpuShare;
  /** one-wall-edit delta saves (one PUT each) */
  deltas: number;
  deltasPerS: number;
  deltaP50: number;
  deltaP99: number;
  deltaFailures: number;
  /** bytes of one delta save's body */
  deltaBytes: number;
  deltaCpu: CpuShare;
  /** the same delta saves at a designer's pace: each client saves once every PACE_S seconds */
  pacedDeltas: number;
  pacedDeltaP50: number;
  pacedDeltaP99: number;
  pacedDeltaFailures: number;
  /** the list at a designer's pace: each client lists once every PACE_S seconds */
  pacedListP50: number;
  pacedListP99: number;
  pacedListFailures: number;
  /** GET /healthz (HTTP and one `select 1`, no session): what the stack answers at best on this machine */
  floorPerS: number;
  floorP50: number;
  floorP99: number;
  floorCpu: CpuShare;
  /** GET /healthz, one at a time, while 4 clients send maximal scene bodies back to back */
  bigHealthP50: number;
  bigHealthP99: number;
  bigHealthCount: number;
  /** maximal bodies answered (200) during it, and those that failed */
  bigUploads: number;
  bigFailures: number;
  /** inflated bytes of one maximal body's scene */
  bigBytes: number;
}

export interface MeasureOptions {
  /** before the script, e.g. --cpu-prof to profile the server under load */
  nodeArgs?: readonly string[];
  /** the database's processes, for the CPU rows (PGlite runs inside the server) */
  dbPids?: () => number[];
  /** only these cases (profiling one of them); the others report NaN */
  cases?: readonly Case[];
  /** a smoke run: each case loaded for 1 s by SMOKE_CONNECTIONS clients without a warm-up */
  smoke?: boolean;
}

/** Starts the server with `env` (DATABASE_URL or none for PGlite), loads it, stops it. */
export async function measureServer(env: Record<string, string | undefined>, options: MeasureOptions = {}): Promise<LoadNumbers> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yfang-bench-server-'));
  const server = spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', UV_THREADPOOL_SIZE: '8', ...env }, options.nodeArgs ?? []);
  const dbPids = options.dbPids ?? ((): number[] => []);
  try {
    const port = await server.ready;
    const base = `http://127.0.0.1:${port}`;
    const post = async (p: string, body: unknown, token?: string, raw?: Buffer): Promise<Json> => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (token) headers.Authorization = `Bearer ${token}`;
      const res = await fetch(base + p, { method: 'POST', headers, body: raw ? new Uint8Array(raw) : JSON.stringify(body) });
      return (await res.json()) as Json;
    };
    const login = await post('/api/session', { action: 'login', project: 'yfang', account: 'designer', password: 'Design@2026' });
    const token = login.retdata?.token;
    if (!token) throw new Error('bench login failed');
    const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };

    const { gzip, walls } = benchSceneGzip();
    const ids: number[] = [];
    const connections = options.smoke ? SMOKE_CONNECTIONS : CONNECTIONS;
    for (let i = 0; i < connections + SPARE_SCENES; i++) {
      const up = await post('/meta20/x/scene/upload?kind=scene', null, token, gzip);
      const made = await post('/meta20/x/scene', { name: `bench ${i}`, file: up.data?.url }, token);
      if (made.code !== 0 || !made.data?.id) throw new Error(`bench setup: create failed ${JSON.stringify(made)}`);
      ids.push(made.data.id);
    }
    // A run stops mid-sequence on some connections: before each run every scene is free again,
    // with its version as the server has it.
    let free: { id: number; version: number; versionId: number }[] = [];
    const refill = async (): Promise<void> => {
      free = [];
      for (const id of ids) {
        const res = (await (await fetch(`${base}/meta20/x/scene/${id}`, { headers: auth })).json()) as Json;
        free.push({ id, version: res.data?.version ?? 1, versionId: res.data?.currentVersionId ?? 0 });
      }
    };

    // Save: upload then PUT, per connection, each on a scene nobody else is saving.
    const saveCase = async (seconds: number): Promise<{ latencies: number[]; failures: number; elapsed: number }> => {
      const latencies: number[] = [];
      const pendingUpload = new WeakMap<object, number>();
      let failures = 0;
      await refill();
      const started = performance.now();
      await runCannon(
        {
          url: base,
          connections,
          duration: seconds,
          timeout: 30,
          requests: [
            {
              method: 'POST',
              path: '/meta20/x/scene/upload?kind=scene',
              headers: auth,
              body: gzip,
              setupRequest: (req, ctx) => {
                ctx.scene = free.pop() ?? null;
                return req;
              },
              onResponse: (status, body, ctx) => {
                ctx.url = status === 200 ? (JSON.parse(body) as Json).data?.url : undefined;
              },
            },
            {
              method: 'PUT',
              headers: auth,
              setupRequest: (req, ctx) => {
                const scene = ctx.scene as { id: number; version: number; versionId: number } | null;
                return {
                  ...req,
                  path: `/meta20/x/scene/${scene?.id ?? 0}`,
                  body: JSON.stringify({ baseVersion: scene?.version ?? 1, file: ctx.url ?? 'missing' }),
                };
              },
              onResponse: (status, body, ctx) => {
                const scene = ctx.scene as { id: number; version: number; versionId: number } | null;
                if (!scene) return;
                if (status === 200) {
                  const saved = (JSON.parse(body) as Json).data;
                  scene.version = saved?.version ?? scene.version;
                  scene.versionId = saved?.currentVersionId ?? scene.versionId;
                }
                free.push(scene);
              },
            },
          ],
        },
        (client, status, ms) => {
          const upload = pendingUpload.get(client);
          if (upload === undefined) {
            pendingUpload.set(client, status === 200 ? ms : -1);
            return;
          }
          pendingUpload.delete(client);
          if (upload < 0 || status !== 200) failures++;
          else latencies.push(upload + ms);
        },
      );
      return { latencies, failures, elapsed: (performance.now() - started) / 1000 };
    };

    // Delta save: one PUT moving one wall's end, against the scene's current version.
    let deltaBytes = 0;
    let edit = 0;
    const deltaBody = (scene: { version: number; versionId: number }): string => {
      const n = edit++;
      const wall = `w${String((n * 7919) % walls).padStart(6, '0')}`;
      const body = JSON.stringify({
        baseVersion: scene.version,
        delta: {
          format: BACKUP_DELTA_FORMAT,
          version: 2,
          base: String(scene.versionId),
          schema: { wall: 1 },
          put: [],
          patch: [{ id: wall, set: { end: { x: (n * 37) % 20000, y: (n * 53) % 20000 } } }],
          removed: [],
        },
      });
      deltaBytes = Buffer.byteLength(body);
      return body;
    };
    // One autocannon per client, each on its own keep-alive connection and its own scene: a
    // designer's browser saving its scene (with several server processes a connection stays on
    // one, as a browser's does).
    const deltaCase = async (seconds: number, paced = false): Promise<{ latencies: number[]; failures: number; elapsed: number }> => {
      const latencies: number[] = [];
      let failures = 0;
      await refill();
      const started = performance.now();
      await Promise.all(
        free.slice(0, connections).map(async (scene, i) => {
          // Designers are not in step: at a pace, client i starts i/n of a period after the first.
          if (paced) await new Promise((r) => setTimeout(r, (i * PACE_S * 1000) / connections));
          return runCannon(
            {
              url: base,
              connections: 1,
              duration: seconds,
              timeout: 30,
              ...(paced ? { overallRate: 1 / PACE_S } : {}),
              requests: [
                {
                  method: 'PUT',
                  headers: auth,
                  setupRequest: (req) => ({ ...req, path: `/meta20/x/scene/${scene.id}`, body: deltaBody(scene) }),
                  onResponse: (status, body) => {
                    if (status !== 200) return;
                    const saved = (JSON.parse(body) as Json).data;
                    scene.version = saved?.version ?? scene.version;
                    scene.versionId = saved?.currentVersionId ?? scene.versionId;
                  },
                },
              ],
            },
            (_client, status, ms) => {
              if (status !== 200) failures++;
              else latencies.push(ms);
            },
          );
        }),
      );
      return { latencies, failures, elapsed: (performance.now() - started) / 1000 };
    };

    const listOptions = { url: `${base}/meta20/x/scene?pageNumber=1&pageSize=20`, timeout: 30, headers: { Authorization: `Bearer ${token}` } };
    const listCase = (seconds: number) => runCannon({ ...listOptions, connections, duration: seconds });
    // At a pace: one client per connection, out of step like the delta saves above.
    const pacedListCase = async (seconds: number): Promise<{ latencies: number[]; failures: number }> => {
      const latencies: number[] = [];
      let failures = 0;
      await Promise.all(
        Array.from({ length: connections }, async (_, i) => {
          await new Promise((r) => setTimeout(r, (i * PACE_S * 1000) / connections));
          return runCannon({ ...listOptions, connections: 1, duration: seconds, overallRate: 1 / PACE_S }, (_client, status, ms) => {
            if (status !== 200) failures++;
            else latencies.push(ms);
          });
        }),
      );
      return { latencies, failures };
    };

    const floorCase = (seconds: number) => runCannon({ url: `${base}/healthz`, connections, duration: seconds, timeout: 30 });

    // Four clients send maximal scene bodies back to back (two gzip uploads of a file at the
    // inflated cap, two inline backups of it), while one client asks /healthz every 10 ms: how
    // long a request waits behind them (issue 17). A smoke run sends 512 KiB files.
    const big = (options.cases ?? ['bigUploads']).includes('bigUploads') ? maximalScene(options.smoke ? 512 * 1024 : SCENE_FILE_MAX_INFLATED - 256 * 1024) : null;
    const bigCase = async (seconds: number): Promise<{ health: number[]; done: number; failures: number }> => {
      if (!big) return { health: [], done: 0, failures: 0 };
      const until = performance.now() + seconds * 1000;
      let done = 0;
      let failures = 0;
      const backupBody = (i: number) => `{"content":${big.json},"sceneId":${ids[i]}}`;
      const sender = async (i: number): Promise<void> => {
        while (performance.now() < until) {
          const inline = i % 2 === 1;
          const res = await fetch(inline ? `${base}/meta20/x/scene/store-scene-backup` : `${base}/meta20/x/scene/upload?kind=scene`, {
            method: 'POST',
            headers: auth,
            body: inline ? backupBody(i) : new Uint8Array(big.gzip),
          });
          await res.arrayBuffer();
          if (res.status === 200) done++;
          else failures++;
        }
      };
      const health: number[] = [];
      const prober = async (): Promise<void> => {
        // the senders' first bodies are on their way before the first probe
        await new Promise((r) => setTimeout(r, 50));
        while (performance.now() < until) {
          const t0 = performance.now();
          const res = await fetch(`${base}/healthz`);
          await res.arrayBuffer();
          if (res.status === 200) health.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, 10));
        }
      };
      await Promise.all([...[0, 1, 2, 3].map(sender), prober()]);
      return { health, done, failures };
    };
    const serverPid = server.child.pid ?? -1;

    const wanted = new Set<Case>(options.cases ?? ['save', 'delta', 'list', 'floor', 'pacedDelta', 'pacedList', 'bigUploads']);
    const measured = async <R>(name: Case, run: (seconds: number) => Promise<R>, count: (r: R) => number): Promise<{ result: R; cpu: CpuShare } | null> => {
      if (!wanted.has(name)) return null;
      if (!options.smoke) await run(WARMUP_S);
      const mark = cpuMark(serverPid, dbPids);
      const result = await run(options.smoke ? 1 : DURATION_S);
      return { result, cpu: cpuShare(mark, cpuMark(serverPid, dbPids), count(result)) };
    };
    const saved = await measured('save', saveCase, (r) => r.latencies.length);
    const deltaSaved = await measured('delta', deltaCase, (r) => r.latencies.length);
    const deltas = deltaSaved?.result ?? { latencies: [], failures: 0, elapsed: 1 };
    const listed = await measured('list', listCase, (r) => r['2xx']);
    // At a designer's pace a 1 s smoke run would hold one request per client: 2 s there.
    const atPace = (seconds: number) => Math.max(seconds, 2);
    const pacedDeltas = (await measured('pacedDelta', (s) => deltaCase(atPace(s), true), (r) => r.latencies.length))?.result ?? { latencies: [], failures: 0, elapsed: 1 };
    const pacedLists = (await measured('pacedList', (s) => pacedListCase(atPace(s)), (r) => r.latencies.length))?.result ?? { latencies: [], failures: 0 };
    const floored = await measured('floor', floorCase, (r) => r['2xx']);
    const bigged = (await measured('bigUploads', bigCase, (r) => r.done))?.result ?? { health: [], done: 0, failures: 0 };
    const saves = saved?.result ?? { latencies: [], failures: 0, elapsed: 1 };
    const lists = listed?.result;
    const floor = floored?.result;
    const noCpu = cpuShare(cpuMark(-1, () => []), cpuMark(-1, () => []), 0);

    return {
      connections,
      saves: saves.latencies.length,
      savesPerS: round(saves.latencies.length / saves.elapsed, 1),
      saveP50: round(quantile(saves.latencies, 0.5), 1),
      saveP99: round(quantile(saves.latencies, 0.99), 1),
      saveFailures: saves.failures,
      lists: lists?.['2xx'] ?? 0,
      listsPerS: lists ? round(lists.requests.average, 1) : Number.NaN,
      listP50: lists?.latency.p50 ?? Number.NaN,
      listP99: lists?.latency.p99 ?? Number.NaN,
      listFailures: lists ? lists.non2xx + lists.errors + lists.timeouts : 0,
      fileBytes: gzip.byteLength,
      saveCpu: saved?.cpu ?? noCpu,
      listCpu: listed?.cpu ?? noCpu,
      deltas: deltas.latencies.length,
      deltasPerS: round(deltas.latencies.length / deltas.elapsed, 1),
      deltaP50: round(quantile(deltas.latencies, 0.5), 1),
      deltaP99: round(quantile(deltas.latencies, 0.99), 1),
      deltaFailures: deltas.failures,
      deltaBytes,
      deltaCpu: deltaSaved?.cpu ?? noCpu,
      pacedDeltas: pacedDeltas.latencies.length,
      pacedDeltaP50: round(quantile(pacedDeltas.latencies, 0.5), 1),
      pacedDeltaP99: round(quantile(pacedDeltas.latencies, 0.99), 1),
      pacedDeltaFailures: pacedDeltas.failures,
      pacedListP50: round(quantile(pacedLists.latencies, 0.5), 1),
      pacedListP99: round(quantile(pacedLists.latencies, 0.99), 1),
      pacedListFailures: pacedLists.failures,
      floorPerS: floor ? round(floor.requests.average, 1) : Number.NaN,
      floorP50: floor?.latency.p50 ?? Number.NaN,
      floorP99: floor?.latency.p99 ?? Number.NaN,
      floorCpu: floored?.cpu ?? noCpu,
      bigHealthP50: round(quantile(bigged.health, 0.5), 1),
      bigHealthP99: round(quantile(bigged.health, 0.99), 1),
      bigHealthCount: bigged.health.length,
      bigUploads: bigged.done,
      bigFailures: bigged.failures,
      bigBytes: big ? Buffer.byteLength(big.json) : 0,
    };
  } finally {
    server.child.kill('SIGTERM');
    // unref: a server that stopped in time must not keep this process alive for the rest of the wait.
    await Promise.race([server.exit, new Promise((r) => setTimeout(r, 15_000).unref())]);
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Context rows: where the CPU went during one case. */
export function cpuRows(prefix: string, what: string, op: string, cpu: CpuShare, withDb: boolean): BenchRow[] {
  const rows: BenchRow[] = [{ name: `${prefix} ${what}: server CPU per ${op} (all its processes and threads)`, value: cpu.serverMsPerOp, unit: 'ms', target: '', met: null }];
  if (withDb) rows.push({ name: `${prefix} ${what}: database CPU per ${op}`, value: cpu.dbMsPerOp, unit: 'ms', target: '', met: null });
  rows.push(
    { name: `${prefix} ${what}: load generator CPU per ${op}`, value: cpu.loadGeneratorMsPerOp, unit: 'ms', target: '', met: null },
    { name: `${prefix} ${what}: load generator share`, value: cpu.loadGenerator, unit: `cores of ${cpu.cores}`, target: '', met: null },
    { name: `${prefix} ${what}: machine busy (all processes)`, value: cpu.machine, unit: `cores of ${cpu.cores}`, target: '', met: null },
  );
  return rows;
}

/**
 * Context rows: the most this machine could do for one operation at this CPU cost, and what that
 * leaves for latency. With every party on the same cores, throughput cannot pass
 * cores / (CPU per operation, all parties), and a closed loop of `connections` clients waits on
 * average connections / throughput (Little's law), whatever the software does in between.
 */
export function boundRows(prefix: string, what: string, op: string, cpu: CpuShare, withDb: boolean, connections: number): BenchRow[] {
  const perOp = cpu.serverMsPerOp + (withDb ? cpu.dbMsPerOp : 0) + cpu.loadGeneratorMsPerOp;
  const ceiling = (cpu.cores * 1000) / perOp;
  return [
    { name: `${prefix} ${what}: CPU per ${op}, all parties`, value: round(perOp, 2), unit: 'ms', target: '', met: null },
    { name: `${prefix} ${what}: most ${op}s/s ${cpu.cores} cores give at that cost`, value: round(ceiling, 0), unit: `${op}s/s`, target: '', met: null },
    { name: `${prefix} ${what}: least mean latency at ${connections} clients`, value: round((connections / ceiling) * 1000, 1), unit: 'ms', target: '', met: null },
  ];
}

/** The maximal-upload case: /healthz p99 while 4 clients send maximal scene bodies (target < 50 ms). */
export function bigUploadRows(prefix: string, n: LoadNumbers): BenchRow[] {
  return [
    { name: `${prefix} healthz p99 under 4 concurrent maximal uploads`, value: n.bigHealthP99, unit: 'ms', target: '< 50', met: n.bigHealthCount > 0 && n.bigHealthP99 < 50 },
    { name: `${prefix} healthz p50 under 4 concurrent maximal uploads`, value: n.bigHealthP50, unit: 'ms', target: '', met: null },
    { name: `${prefix} maximal uploads answered (scene of ${round(n.bigBytes / 1048576, 2)} MiB; gzip upload and inline backup)`, value: n.bigUploads, unit: 'count', target: '', met: null },
    { name: `${prefix} maximal upload failures`, value: n.bigFailures, unit: 'count', target: '0', met: n.bigFailures === 0 },
  ];
}

/** Context rows: the floor case (GET /healthz). */
export function floorRows(prefix: string, n: LoadNumbers, withDb: boolean): BenchRow[] {
  return [
    { name: `${prefix} floor: GET /healthz (select 1, no session) throughput`, value: n.floorPerS, unit: 'req/s', target: '', met: null },
    { name: `${prefix} floor: GET /healthz p50`, value: n.floorP50, unit: 'ms', target: '', met: null },
    { name: `${prefix} floor: GET /healthz p99`, value: n.floorP99, unit: 'ms', target: '', met: null },
    ...cpuRows(prefix, 'floor', 'request', n.floorCpu, withDb),
  ];
}
