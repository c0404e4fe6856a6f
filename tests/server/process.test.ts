// server/main.ts as a real process: start, serve, refuse a second process on the same data
// folder, shut down cleanly on SIGTERM, and find its data again on the next start.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
): { child: ChildProcess; ready: Promise<Started>; exit: Promise<number | null> } {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
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
});
