// server/main.ts as a real process: start, serve, refuse a second process on the same data
// folder, shut down cleanly on SIGTERM, and find its data again on the next start.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCK_FILE_NAME } from '../../server/data-lock';
import { createPostgresSchema } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
}

function startServer(
  dataDir: string,
  databaseUrl?: string,
  extraEnv: Record<string, string> = {},
): { child: ChildProcess; ready: Promise<Started>; exit: Promise<number | null> } {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const output = () => out;
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<Started>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Server listening on http:\/\/localhost:(\d+)/.exec(out);
      if (match) resolve({ child, port: Number(match[1]), output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exit.then((code) => reject(new Error(`server exited with ${code} before listening:\n${out}`)));
  });
  return { child, ready, exit };
}

/** The live child processes of pid (Linux /proc). */
function childPids(pid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === pid && state !== 'Z') out.push(Number(name));
    } catch {
      /* gone meanwhile */
    }
  }
  return out.sort((a, b) => a - b);
}

async function until<T>(what: string, probe: () => T | null, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('server process', () => {
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'yfang-data-'));
  });
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves, refuses a second process on the same DATA_DIR, stops cleanly and keeps its data', async () => {
    const first = startServer(dataDir);
    children.push(first.child);
    const server = await first.ready;
    expect(server.output()).toMatch(/\(database: PGlite \(embedded\) at .*\/pg\)/);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);

    const health = await fetch(`http://127.0.0.1:${server.port}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'pglite' });

    const second = startServer(dataDir);
    children.push(second.child);
    const refusal = await second.ready.then(
      () => 'it started',
      (e: Error) => e.message,
    );
    expect(await second.exit).toBe(1);
    expect(refusal).toContain(`already in use by another server process (pid ${first.child.pid}`);

    // The first one is unharmed.
    const login = await fetch(`http://127.0.0.1:${server.port}/api/session`, {
      method: 'POST',
      body: JSON.stringify({ action: 'login', project: 'yfang', account: 'designer', password: 'Design@2026' }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { retdata: { token: string } }).retdata.token;

    // A model upload converts in the process's worker thread, which loads the TypeScript as the
    // server does (node --import tsx) and does not keep the process from stopping.
    const form = new FormData();
    form.set('file', new File([readFileSync(path.join(ROOT, 'tests/fixtures/gltf/Box.gltf'))], 'box.gltf'));
    const uploaded = await fetch(`http://127.0.0.1:${server.port}/api/admin/model?action=upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    expect(((await uploaded.json()) as { retdata: { display_size: string } }).retdata.display_size).toBe('1000x1000x1000');

    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);

    // A restart opens the same database: the session written by the first run is still valid.
    const again = startServer(dataDir);
    children.push(again.child);
    const restarted = await again.ready;
    const me = await fetch(`http://127.0.0.1:${restarted.port}/api/session/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { retdata: { account: string } }).retdata.account).toBe('designer');
    again.child.kill('SIGINT');
    expect(await again.exit).toBe(0);
  });

  const pgUrl = inject('pgUrl');
  it.skipIf(pgUrl === null)('runs several processes on one PostgreSQL, sharing sessions (stateless)', async () => {
    const schema = await createPostgresSchema(pgUrl as string);
    try {
      // The same DATA_DIR is fine here: only PGlite needs the folder lock.
      // Started together, so both migrate and seed the empty schema at the same time.
      const a = startServer(dataDir, schema.url);
      const b = startServer(dataDir, schema.url);
      children.push(a.child, b.child);
      const [first, second] = await Promise.all([a.ready, b.ready]);
      expect(first.output()).toMatch(/\(database: PostgreSQL at 127\.0\.0\.1:\d+\/yfang_test\)/);
      expect(first.output()).not.toContain('options');
      for (const s of [first, second]) {
        const health = await fetch(`http://127.0.0.1:${s.port}/healthz`);
        expect(await health.json()).toEqual({ status: 'ok', db: 'postgres' });
      }
      const login = await fetch(`http://127.0.0.1:${first.port}/api/session`, {
        method: 'POST',
        body: JSON.stringify({ action: 'login', project: 'yfang_corp', account: 'admin', password: 'Admin@2026' }),
      });
      const token = ((await login.json()) as { retdata: { token: string } }).retdata.token;
      const me = await fetch(`http://127.0.0.1:${second.port}/api/session/me`, { headers: { Authorization: `Bearer ${token}` } });
      expect(((await me.json()) as { retdata: { account: string } }).retdata.account).toBe('admin');
      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      expect(await a.exit).toBe(0);
      expect(await b.exit).toBe(0);
    } finally {
      await schema.dispose();
    }
  });

  it('refuses SERVER_PROCESSES above 1 on the embedded PGlite', async () => {
    const started = startServer(dataDir, undefined, { SERVER_PROCESSES: '2' });
    children.push(started.child);
    const refusal = await started.ready.then(
      () => 'it started',
      (e: Error) => e.message,
    );
    expect(await started.exit).toBe(2);
    expect(refusal).toContain('SERVER_PROCESSES above 1 needs DATABASE_URL');
  });

  it.skipIf(pgUrl === null || !existsSync('/proc/self/stat'))(
    'runs SERVER_PROCESSES workers on one port, replaces one that dies and stops them all',
    async () => {
      const schema = await createPostgresSchema(pgUrl as string);
      try {
        const started = startServer(dataDir, schema.url, { SERVER_PROCESSES: '2' });
        children.push(started.child);
        const server = await started.ready;
        expect(server.output()).toMatch(/\(database: PostgreSQL at 127\.0\.0\.1:\d+\/yfang_test\) with 2 processes/);
        const primary = started.child.pid!;
        const workers = childPids(primary);
        expect(workers).toHaveLength(2);

        const base = `http://127.0.0.1:${server.port}`;
        const login = await fetch(`${base}/api/session`, {
          method: 'POST',
          body: JSON.stringify({ action: 'login', project: 'yfang', account: 'designer', password: 'Design@2026' }),
        });
        const token = ((await login.json()) as { retdata: { token: string } }).retdata.token;
        // A fresh connection each time: the primary hands them to the workers in turn, and a
        // session made by one is valid on the other.
        const me = async () => {
          const res = await fetch(`${base}/api/session/me`, { headers: { Authorization: `Bearer ${token}`, Connection: 'close' } });
          return res.status;
        };
        for (let i = 0; i < 4; i++) expect(await me()).toBe(200);

        // A worker that dies is replaced; the port keeps answering meanwhile.
        process.kill(workers[0]!, 'SIGKILL');
        const replaced = await until('a replacement worker', () => {
          const now = childPids(primary);
          return now.length === 2 && !now.includes(workers[0]!) ? now : null;
        });
        expect(replaced).toContain(workers[1]);
        await until('the replacement to listen', () => (/exited; starting another/.test(server.output()) ? true : null));
        for (let i = 0; i < 4; i++) expect(await me()).toBe(200);

        started.child.kill('SIGTERM');
        expect(await started.exit).toBe(0);
        expect(childPids(primary)).toEqual([]);
        for (const pid of replaced) expect(existsSync(`/proc/${pid}`)).toBe(false);
      } finally {
        await schema.dispose();
      }
    },
  );
});
