// Production defaults (issue 17): a production start (NODE_ENV=production) seeds no account with a
// published password unless SEED_DEMO=1 says so (and then warns loudly); development still seeds
// the demo accounts; the first admin comes from `npm run admin:create`, on PGlite and PostgreSQL.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../server/app';
import { ConfigError, defaultConfig, loadConfig, seedDemoFrom, serverModeFrom } from '../../server/config';
import { createPostgresDb } from '../../server/db/postgres';
import { runMigrations } from '../../server/db/migrate';
import type { Db } from '../../server/db/types';
import { createLogger, silentLogger } from '../../server/logger';
import { DEMO_ACCOUNTS, seedAtStart } from '../../server/seed';
import { backends, createPostgresSchema } from './helpers';
import { spawnServer, type SpawnedServer } from './spawn-server';

const ROOT = path.resolve(import.meta.dirname, '../..');
const STRONG = 'Gr4nite!Sky';

describe('server mode and SEED_DEMO', () => {
  it.each([
    [{}, 'development'],
    [{ NODE_ENV: 'development' }, 'development'],
    [{ NODE_ENV: 'test' }, 'development'],
    [{ NODE_ENV: 'prod' }, 'development'],
    [{ NODE_ENV: 'production' }, 'production'],
    [{ NODE_ENV: ' Production ' }, 'production'],
  ] as const)('%j is %s', (env, mode) => {
    expect(serverModeFrom(env)).toBe(mode);
    expect(loadConfig(env).mode).toBe(mode);
  });

  it.each([
    [{}, true],
    [{ SEED_DEMO: '' }, true],
    [{ SEED_DEMO: '1' }, true],
    [{ SEED_DEMO: '0' }, false],
    [{ SEED_DEMO: 'false' }, false],
    [{ NODE_ENV: 'production' }, false],
    [{ NODE_ENV: 'production', SEED_DEMO: '0' }, false],
    [{ NODE_ENV: 'production', SEED_DEMO: '1' }, true],
    [{ NODE_ENV: 'production', SEED_DEMO: 'TRUE' }, true],
  ] as const)('%j seeds the demo accounts: %s', (env, seeds) => {
    expect(loadConfig(env).seedDemo).toBe(seeds);
  });

  it('refuses a SEED_DEMO that is neither yes nor no instead of guessing', () => {
    expect(() => seedDemoFrom({ SEED_DEMO: 'yes please' }, 'production')).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'on' })).toThrow(/SEED_DEMO must be 1 or 0/);
  });
});

describe('README settings table', () => {
  it('lists every setting server/config.ts reads', () => {
    const source = readFileSync(path.join(ROOT, 'server/config.ts'), 'utf8');
    const keys = new Set([...source.matchAll(/env\.([A-Z][A-Z0-9_]*)|intFrom\(env, '([A-Z][A-Z0-9_]*)'/g)].map((m) => m[1] ?? m[2]!));
    expect(keys).toContain('TRUST_PROXY');
    expect(keys).toContain('NODE_ENV');
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'));
    expect([...keys].filter((k) => !table.includes(`| \`${k}\` |`))).toEqual([]);
  });
});

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`start seeding on ${backend.name}`, () => {
    async function count(db: Db, sql: string): Promise<number> {
      const [row] = await db.query<{ n: number }>(sql);
      return row!.n;
    }

    it('production seeds the tenants and the catalogue but no account; SEED_DEMO=1 adds them with a warning', async () => {
      const { db, dispose } = await backend.open();
      try {
        await runMigrations(db);
        const lines: string[] = [];
        const logger = createLogger({ level: 'info', write: (line) => lines.push(line) });
        const banner: string[] = [];
        await seedAtStart(db, { mode: 'production', seedDemo: false }, logger, (t) => banner.push(t));
        expect(await count(db, 'select count(*)::int as n from users')).toBe(0);
        expect(await count(db, 'select count(*)::int as n from projects')).toBe(8);
        expect(await count(db, 'select count(*)::int as n from tiles')).toBeGreaterThan(0);
        expect(await count(db, 'select count(*)::int as n from catalogue_models')).toBeGreaterThan(0);
        expect(banner).toEqual([]);
        expect(lines.some((l) => l.includes('"level":"warn"'))).toBe(false);

        await seedAtStart(db, { mode: 'production', seedDemo: true }, logger, (t) => banner.push(t));
        expect(await count(db, 'select count(*)::int as n from users')).toBe(DEMO_ACCOUNTS.length);
        expect(banner.join('\n')).toContain('SEED_DEMO=1 in production');
        expect(lines.filter((l) => l.includes('"level":"warn"')).join('\n')).toContain('published passwords');
      } finally {
        await dispose();
      }
    }, 300_000); // seeding the catalogue into a fresh PGlite takes a minute on a loaded machine

    it('development seeds the demo accounts without a warning; SEED_DEMO=0 seeds nothing', async () => {
      const { db, dispose } = await backend.open();
      try {
        await runMigrations(db);
        const banner: string[] = [];
        await seedAtStart(db, { mode: 'development', seedDemo: false }, silentLogger, (t) => banner.push(t));
        expect(await count(db, 'select count(*)::int as n from projects')).toBe(0);
        await seedAtStart(db, { mode: 'development', seedDemo: true }, silentLogger, (t) => banner.push(t));
        expect(await count(db, 'select count(*)::int as n from users')).toBe(DEMO_ACCOUNTS.length);
        expect(banner).toEqual([]);
      } finally {
        await dispose();
      }
    }, 300_000);
  });
}

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** npm run admin:create as the operator runs it (the script itself, without npm's banner). */
function adminCreate(args: readonly string[], env: Record<string, string | undefined>, stdin = ''): Promise<CliResult> {
  const full: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete full[k];
  delete full.ADMIN_PASSWORD;
  if (env.ADMIN_PASSWORD !== undefined) full.ADMIN_PASSWORD = env.ADMIN_PASSWORD;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', ...args], {
    cwd: ROOT,
    env: full,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

async function login(port: number, project: string, account: string, password: string): Promise<{ status: number; body: { retcode: number; retmsg: string } }> {
  const res = await fetch(`http://127.0.0.1:${port}/api/session`, {
    method: 'POST',
    body: JSON.stringify({ action: 'login', project, account, password }),
  });
  return { status: res.status, body: (await res.json()) as { retcode: number; retmsg: string } };
}

async function stop(server: SpawnedServer): Promise<void> {
  server.child.kill('SIGTERM');
  expect((await server.exit).code).toBe(0);
}

describe('production start and admin:create on PGlite (real processes)', () => {
  let dataDir: string;
  const servers: SpawnedServer[] = [];
  const start = (env: Record<string, string | undefined>) => {
    const s = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: undefined, ...env });
    servers.push(s);
    return s;
  };

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'yfang-prod-'));
  });
  afterAll(() => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a production start has no demo account; the first admin is created with admin:create and logs in', async () => {
    const first = start({ NODE_ENV: 'production', SEED_DEMO: undefined });
    const port = await first.ready;
    // The README's project admin is refused exactly like any wrong login.
    const demo = await login(port, 'yfang', 'admin', 'Admin@2026');
    const wrong = await login(port, 'yfang', 'nobody', 'Wrong@2026');
    expect(demo.status).toBe(401);
    expect(demo).toEqual(wrong);
    expect(first.output()).not.toContain('SEED_DEMO=1 in production');
    // The tenants are there: the login screen's brand selector needs them.
    const projects = (await (await fetch(`http://127.0.0.1:${port}/api/projects`)).json()) as { retdata: { code: string }[] };
    expect(projects.retdata.map((p) => p.code)).toContain('yfang');

    // While the server holds the PGlite folder, admin:create is refused and changes nothing.
    const locked = await adminCreate(['--project', 'acme', '--account', 'boss', '--password-stdin'], { DATA_DIR: dataDir, DATABASE_URL: undefined }, `${STRONG}\n`);
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('already in use by another server process');
    expect(locked.stderr).toContain('正被运行中的服务器使用');
    await stop(first);

    const env = { DATA_DIR: dataDir, DATABASE_URL: undefined, NODE_ENV: 'production' };
    const weak = await adminCreate(['--project', 'acme', '--account', 'boss', '--password-stdin'], env, 'boss2026\n');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('too simple');
    const badCode = await adminCreate(['--project', 'ac me', '--account', 'boss', '--password-stdin'], env, `${STRONG}\n`);
    expect(badCode.code).toBe(1);
    expect(badCode.stderr).toContain('Invalid project code');
    const onCommandLine = await adminCreate(['--project', 'acme', '--account', 'boss', `--password=${STRONG}`], env);
    expect(onCommandLine.code).toBe(2);
    expect(onCommandLine.stderr).toContain('command line is refused');

    const created = await adminCreate(['--project', 'acme', '--account', 'boss', '--name', '老板', '--password-stdin'], env, `${STRONG}\n`);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('Created project admin acme/boss');
    // ADMIN_PASSWORD serves scripts as well; an account that exists is refused.
    const again = await adminCreate(['--project', 'acme', '--account', 'boss'], { ...env, ADMIN_PASSWORD: 'Other!Pass9' });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists in project acme');

    const second = start({ NODE_ENV: 'production', SEED_DEMO: undefined });
    const port2 = await second.ready;
    const admin = await login(port2, 'acme', 'boss', STRONG);
    expect(admin.status).toBe(200);
    // the first password stands: the refused second run changed nothing
    expect((await login(port2, 'acme', 'boss', 'Other!Pass9')).status).toBe(401);
    const token = (admin.body as unknown as { retdata: { token: string } }).retdata.token;
    const profile = await fetch(`http://127.0.0.1:${port2}/api/session/me`, { headers: { Authorization: `Bearer ${token}` } });
    const me = (await profile.json()) as { retdata: { account: string; project: string; is_project_admin: number; username: string } };
    expect(me.retdata).toMatchObject({ account: 'boss', project: 'acme', is_project_admin: 1, username: '老板' });
    expect((await login(port2, 'yfang', 'admin', 'Admin@2026')).status).toBe(401);
    await stop(second);

    // The same folder started the way `npm start` does (no NODE_ENV): development seeds the demo.
    const dev = start({ NODE_ENV: undefined, SEED_DEMO: undefined });
    const port3 = await dev.ready;
    expect((await login(port3, 'yfang', 'admin', 'Admin@2026')).status).toBe(200);
    await stop(dev);
  }, 600_000);

  it('a production start with SEED_DEMO=1 seeds the demo accounts and warns loudly', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'yfang-prod-demo-'));
    try {
      const server = spawnServer({ DATA_DIR: dir, DATABASE_URL: undefined, NODE_ENV: 'production', SEED_DEMO: '1' });
      servers.push(server);
      const port = await server.ready;
      expect((await login(port, 'yfang', 'admin', 'Admin@2026')).status).toBe(200);
      expect(server.output()).toContain('!! SEED_DEMO=1 in production');
      expect(server.output()).toMatch(/"level":"warn".*published passwords/);
      await stop(server);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

const pgUrl = inject('pgUrl');
describe.skipIf(pgUrl === null)('admin:create on PostgreSQL', () => {
  it('migrates a fresh database, creates the project and an admin who can log in, and refuses an existing account', async () => {
    const schema = await createPostgresSchema(pgUrl as string);
    try {
      const env = { DATABASE_URL: schema.url, NODE_ENV: 'production', DATA_DIR: '/nonexistent-data-dir-for-pg' };
      const created = await adminCreate(['--project', 'acme_pg', '--account', 'root', '--password-stdin', '--all-modules'], env, `${STRONG}\n`);
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toContain('Created project acme_pg');
      const exists = await adminCreate(['--project', 'acme_pg', '--account', 'root', '--password-stdin'], env, 'An0ther!Pass\n');
      expect(exists.code).toBe(1);
      expect(exists.stderr).toContain('already exists');
      const weak = await adminCreate(['--project', 'acme_pg', '--account', 'second', '--password-stdin'], env, 'password1\n');
      expect(weak.code).toBe(1);
      expect(weak.stderr).toContain('too simple');

      const db = await createPostgresDb({ connectionString: schema.url, max: 2 });
      try {
        const [row] = await db.query<{ n: number }>(`select count(*)::int as n from users`);
        expect(row!.n).toBe(1);
        const app = createApp({ db, config: defaultConfig({ distDir: '/nonexistent-dist-for-tests' }), logger: silentLogger });
        const res = await app.request('/api/session', {
          method: 'POST',
          body: JSON.stringify({ action: 'login', project: 'acme_pg', account: 'root', password: STRONG }),
        });
        expect(res.status).toBe(200);
        const bad = await app.request('/api/session', {
          method: 'POST',
          body: JSON.stringify({ action: 'login', project: 'acme_pg', account: 'root', password: 'An0ther!Pass' }),
        });
        expect(bad.status).toBe(401);
      } finally {
        await db.close();
      }
    } finally {
      await schema.dispose();
    }
  }, 300_000);
});
