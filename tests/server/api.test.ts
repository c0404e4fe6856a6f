// The HTTP API against both databases: the same suite runs on PGlite and on PostgreSQL.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { DEMO_ACCOUNTS, SEED_PROJECTS } from '../../server/seed';
import type { Db } from '../../server/db/types';
import { backends, envelope, openTestApp } from './helpers';

type App = Awaited<ReturnType<typeof openTestApp>>['app'];

const DESIGNER = { action: 'login', project: 'yfang', account: 'designer', password: 'Design@2026' };
const JSON_HEADERS = { 'Content-Type': 'application/json' };

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`HTTP API on ${backend.name}`, () => {
    let app: App;
    let db: Db;
    let dispose: () => Promise<void>;

    beforeAll(async () => {
      ({ app, db, dispose } = await openTestApp(backend, { frameAncestors: "'self' https://partner.example" }));
    });
    afterAll(async () => {
      await dispose?.();
    });

    const post = (path: string, body: BodyInit | null, headers: Record<string, string> = JSON_HEADERS) =>
      app.request(path, { method: 'POST', body, headers });
    const login = (body: unknown, headers: Record<string, string> = {}) =>
      post('/api/session', JSON.stringify(body), { ...JSON_HEADERS, ...headers });
    const loginToken = async (body: unknown = DESIGNER): Promise<string> => {
      const res = await login(body);
      expect(res.status).toBe(200);
      return ((await envelope(res)).retdata as { token: string }).token;
    };
    const me = (token?: string, headers: Record<string, string> = {}) =>
      app.request('/api/session/me', { headers: token ? { Authorization: `Bearer ${token}`, ...headers } : headers });

    describe('health and catalogue', () => {
      it('GET /healthz reports ok and the database kind', async () => {
        const res = await app.request('/healthz');
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ status: 'ok', db: backend.name });
      });

      it('GET /api/projects lists every seeded project with a small logo, no login needed', async () => {
        const res = await app.request('/api/projects');
        expect(res.status).toBe(200);
        const body = await envelope(res);
        expect(body.retcode).toBe(0);
        const list = body.retdata as { code: string; name: string; logo: string }[];
        expect(list.map((p) => p.code)).toEqual(SEED_PROJECTS.map((p) => p.code));
        for (const p of list) {
          expect(Object.keys(p).sort()).toEqual(['code', 'logo', 'name']);
          expect(p.name).not.toBe('');
          expect(p.logo.startsWith('data:image/svg+xml')).toBe(true);
          expect(p.logo.length).toBeLessThan(2048);
        }
      });
    });

    describe('login', () => {
      it('answers the user info, sets Authorization and stores only the token hash', async () => {
        const res = await login(DESIGNER);
        expect(res.status).toBe(200);
        const body = await envelope(res);
        expect(body.retcode).toBe(0);
        const info = body.retdata as Record<string, unknown>;
        expect(info).toMatchObject({
          project: 'yfang',
          platform: '',
          is_project_admin: 0,
          agent_id: 0,
          username: '演示设计师',
          phone: '13800000001',
        });
        expect(typeof info.id).toBe('number');
        const token = info.token as string;
        expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(info.yfang_session).toBe(token);
        expect(info.account2_token).toBe(token);
        expect(info).not.toHaveProperty('password_hash');
        expect(res.headers.get('authorization')).toBe(`Bearer ${token}`);

        const sha = createHash('sha256').update(token).digest('hex');
        const rows = await db.query<{ token_hash: string }>('select token_hash from sessions where user_id = $1', [info.id]);
        expect(rows.map((r) => r.token_hash)).toContain(sha);
        const leaked = await db.query('select 1 from sessions where token_hash = $1', [token]);
        expect(leaked).toHaveLength(0);
      });

      it('gives each login its own token', async () => {
        expect(await loginToken()).not.toBe(await loginToken());
      });

      it('reports admin and agent flags', async () => {
        const admin = await envelope(await login({ action: 'login', project: 'yfang_corp', account: 'admin', password: 'Admin@2026' }));
        expect(admin.retdata).toMatchObject({ project: 'yfang_corp', is_project_admin: 1, platform: '' });
        const agent = await envelope(await login({ action: 'login', project: 'yfang_corp', account: 'agent', password: 'Agent@2026' }));
        expect(agent.retdata).toMatchObject({ platform: 'agent', agent_id: 1001, is_project_admin: 1 });
      });

      it('logs every demo account in with its documented password', async () => {
        for (const a of DEMO_ACCOUNTS) {
          const res = await login({ action: 'login', project: a.project, account: a.account, password: a.password });
          expect(res.status, `${a.project}/${a.account}`).toBe(a.noAccess ? 403 : 200);
        }
      });

      it('refuses a wrong password with 账号密码错误, in English on request', async () => {
        const res = await login({ ...DESIGNER, password: 'Design@2025' });
        expect(res.status).toBe(401);
        expect(res.headers.get('authorization')).toBeNull();
        expect(await envelope(res)).toEqual({ retcode: 10001, retmsg: '账号密码错误', retdata: null });

        const en = await login({ ...DESIGNER, password: 'nope' }, { 'Accept-Language': 'en-US,en;q=0.9' });
        expect(en.status).toBe(401);
        expect(await envelope(en)).toEqual({ retcode: 10001, retmsg: 'Wrong account or password', retdata: null });

        const zhFirst = await login({ ...DESIGNER, password: 'nope' }, { 'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.8' });
        expect((await envelope(zhFirst)).retmsg).toBe('账号密码错误');
      });

      it('answers an unknown account and a wrong project exactly like a wrong password', async () => {
        for (const body of [
          { ...DESIGNER, account: 'nobody-here' },
          { ...DESIGNER, project: 'yfang_corp' },
          { ...DESIGNER, project: 'no_such_project' },
        ]) {
          const res = await login(body);
          expect(res.status).toBe(401);
          expect(await envelope(res)).toEqual({ retcode: 10001, retmsg: '账号密码错误', retdata: null });
        }
      });

      it('spends comparable time on unknown accounts (a dummy hash is checked)', async () => {
        const time = async (body: unknown) => {
          const started = performance.now();
          await login(body);
          return performance.now() - started;
        };
        await time({ ...DESIGNER, account: 'warm-up' });
        const unknown = Math.min(await time({ ...DESIGNER, account: 'ghost' }), await time({ ...DESIGNER, account: 'ghost2' }));
        const wrong = Math.min(await time({ ...DESIGNER, password: 'x1' }), await time({ ...DESIGNER, password: 'x2' }));
        // argon2 (~10-50 ms) dominates both; without the dummy check "unknown" would take ~1 ms.
        expect(unknown).toBeGreaterThan(wrong * 0.4);
      });

      it('refuses a no-access account with 403 该账号无访问权限！ but only after a correct password', async () => {
        const res = await login({ action: 'login', project: 'yfang', account: 'noaccess', password: 'NoAccess@2026' });
        expect(res.status).toBe(403);
        expect(await envelope(res)).toEqual({ retcode: 10002, retmsg: '该账号无访问权限！', retdata: null });
        const en = await login({ action: 'login', project: 'yfang', account: 'noaccess', password: 'NoAccess@2026' }, { 'Accept-Language': 'en' });
        expect((await envelope(en)).retmsg).toBe('This account has no access!');
        const wrong = await login({ action: 'login', project: 'yfang', account: 'noaccess', password: 'guess' });
        expect(wrong.status).toBe(401);
      });

      it('rehashes a password stored with older argon2 parameters', async () => {
        const oldHash = await hash('Rehash@2026', { memoryCost: 4096, timeCost: 1, parallelism: 1 });
        await db.query(
          `insert into users (project_code, account, password_hash, username) values ('yfang', 'rehash', $1, 'r')`,
          [oldHash],
        );
        const res = await login({ action: 'login', project: 'yfang', account: 'rehash', password: 'Rehash@2026' });
        expect(res.status).toBe(200);
        const [row] = await db.query<{ password_hash: string }>(`select password_hash from users where account = 'rehash'`);
        expect(row?.password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
      });
    });

    describe('bad input is a 400 naming the field (or 413), never a 500', () => {
      const unreadable: { name: string; body: BodyInit | null }[] = [
        { name: 'not JSON', body: 'account=designer&password=x' },
        { name: 'empty body', body: null },
        { name: 'truncated JSON', body: '{"action":"login",' },
        { name: 'invalid UTF-8', body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) },
      ];
      for (const c of unreadable) {
        it(`${c.name} -> 400 "not valid JSON"`, async () => {
          const res = await post('/api/session', c.body);
          expect(res.status).toBe(400);
          expect(await envelope(res)).toEqual({ retcode: 400, retmsg: '请求体不是有效的 JSON', retdata: { field: 'body' } });
        });
      }

      const cases: { name: string; body: BodyInit | null; field: string }[] = [
        { name: 'an array', body: '[1,2,3]', field: 'body' },
        { name: 'a string', body: '"login"', field: 'body' },
        { name: 'null', body: 'null', field: 'body' },
        { name: 'no action', body: JSON.stringify({ account: 'designer', password: 'x', project: 'yfang' }), field: 'action' },
        { name: 'unknown action', body: JSON.stringify({ ...DESIGNER, action: 'hack' }), field: 'action' },
        { name: 'missing account', body: JSON.stringify({ action: 'login', password: 'x', project: 'yfang' }), field: 'account' },
        { name: 'account of wrong type', body: JSON.stringify({ ...DESIGNER, account: 12345 }), field: 'account' },
        { name: 'empty account', body: JSON.stringify({ ...DESIGNER, account: '   ' }), field: 'account' },
        { name: 'password of wrong type', body: JSON.stringify({ ...DESIGNER, password: ['Design@2026'] }), field: 'password' },
        { name: 'missing project', body: JSON.stringify({ action: 'login', account: 'designer', password: 'x' }), field: 'project' },
        { name: 'overlong password', body: JSON.stringify({ ...DESIGNER, password: 'x'.repeat(10_000) }), field: 'password' },
        { name: 'deeply nested JSON', body: '['.repeat(100_000) + ']'.repeat(100_000), field: 'body' },
      ];

      for (const c of cases) {
        it(`${c.name} -> 400 naming "${c.field}"`, async () => {
          const res = await post('/api/session', c.body);
          expect(res.status).toBe(400);
          const body = await envelope(res);
          expect(body.retcode).toBe(400);
          expect(body.retmsg).toContain(c.field);
          expect(body.retdata).toEqual({ field: c.field });
        });
      }

      it('names the field in English too', async () => {
        const res = await post('/api/session', JSON.stringify({ action: 'login', password: 'x', project: 'yfang' }), {
          ...JSON_HEADERS,
          'Accept-Language': 'en',
        });
        expect((await envelope(res)).retmsg).toBe('Invalid request parameter: account');
      });

      it('over 1 MiB -> 413 (declared length)', async () => {
        const huge = JSON.stringify({ ...DESIGNER, pad: 'x'.repeat(1024 * 1024 + 10) });
        const res = await post('/api/session', huge, { ...JSON_HEADERS, 'Content-Length': String(huge.length) });
        expect(res.status).toBe(413);
        const body = await envelope(res);
        expect(body.retcode).toBe(413);
        expect(body.retmsg).toContain('1048576');
      });

      it('accepts a body just under the limit', async () => {
        const body = JSON.stringify({ ...DESIGNER, pad: 'x'.repeat(1024 * 1024 - 200) });
        expect(body.length).toBeLessThanOrEqual(1024 * 1024);
        const res = await post('/api/session', body);
        expect(res.status).toBe(200);
      });

      it('over 1 MiB -> 413 (streamed without Content-Length)', async () => {
        const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
        let sent = 0;
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent++ < 40) controller.enqueue(chunk);
            else controller.close();
          },
        });
        const res = await app.request('/api/session', {
          method: 'POST',
          body: stream,
          headers: JSON_HEADERS,
          duplex: 'half',
        } as RequestInit);
        expect(res.status).toBe(413);
        expect(sent).toBeLessThan(40); // reading stopped at the limit
      });
    });

    describe('bearer sessions', () => {
      it('GET /api/session/me answers the user without a token', async () => {
        const token = await loginToken();
        const res = await me(token);
        expect(res.status).toBe(200);
        const profile = (await envelope(res)).retdata as Record<string, unknown>;
        expect(profile).toMatchObject({
          project: 'yfang',
          account: 'designer',
          username: '演示设计师',
          platform: '',
          is_project_admin: 0,
          agent_id: 0,
          is_sub: 0,
          user_member: { date_end: null },
          modules: {},
          order_roles: { designer: false, auditer: false, onlyRead: true },
        });
        expect(profile).not.toHaveProperty('token');
        expect(profile).not.toHaveProperty('password_hash');
      });

      it('reports membership, modules and order roles', async () => {
        const member = await envelope(await me(await loginToken({ action: 'login', project: 'yfang', account: 'member', password: 'Member@2026' })));
        expect(member.retdata).toMatchObject({ user_member: { date_end: '2099-12-31' } });
        const auditer = await envelope(await me(await loginToken({ action: 'login', project: 'fdm20cs', account: 'auditer', password: 'Audit@2026' })));
        expect(auditer.retdata).toMatchObject({
          project: 'fdm20cs',
          modules: { FDM20: '2099-12-31', DLITE: '2099-12-31' },
          order_roles: { auditer: true, reviewer: false, onlyRead: false },
        });
      });

      it('without a token, or with a bad one, answers 401 retcode 401', async () => {
        const attempts: Record<string, string>[] = [
          {},
          { Authorization: 'Bearer' },
          { Authorization: 'Basic ZGVzaWduZXI6eA==' },
          { Authorization: 'Bearer not-a-token' },
          { Authorization: `Bearer ${'A'.repeat(43)}` },
        ];
        for (const headers of attempts) {
          const res = await me(undefined, headers);
          expect(res.status).toBe(401);
          const body = await envelope(res);
          expect(body.retcode).toBe(401);
          expect(body.retmsg).toBe('登录已失效，请重新登录');
        }
      });

      it('logout revokes the token', async () => {
        const token = await loginToken();
        const out = await app.request('/api/session', { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
        expect(out.status).toBe(200);
        expect((await envelope(out)).retcode).toBe(0);
        expect((await me(token)).status).toBe(401);
        const [row] = await db.query<{ revoke_reason: string }>('select revoke_reason from sessions where token_hash = $1', [
          createHash('sha256').update(token).digest('hex'),
        ]);
        expect(row?.revoke_reason).toBe('logout');
      });

      it('an expired session is refused', async () => {
        const token = await loginToken();
        const sha = createHash('sha256').update(token).digest('hex');
        expect((await me(token)).status).toBe(200);
        await db.query(`update sessions set expires_at = now() - interval '1 second' where token_hash = $1`, [sha]);
        const res = await me(token);
        expect(res.status).toBe(401);
        expect((await envelope(res)).retcode).toBe(401);
      });

      it('a session revoked by a login elsewhere says so', async () => {
        const token = await loginToken();
        const sha = createHash('sha256').update(token).digest('hex');
        await db.query(`update sessions set revoked_at = now(), revoke_reason = 'logged_in_elsewhere' where token_hash = $1`, [sha]);
        const res = await me(token);
        expect(res.status).toBe(401);
        expect(await envelope(res)).toEqual({ retcode: 401, retmsg: '您的账号正在其他设备或不同浏览器登录访问', retdata: { reason: 'logged_in_elsewhere' } });
      });

      it('a live session of an account later marked no-access is refused with 403', async () => {
        const token = await loginToken({ action: 'login', project: 'chuangmi', account: 'chuangmi', password: 'Chuangmi@2026' });
        await db.query(`update users set no_access = true where project_code = 'chuangmi' and account = 'chuangmi'`);
        try {
          const res = await me(token);
          expect(res.status).toBe(403);
          expect((await envelope(res)).retcode).toBe(10002);
        } finally {
          await db.query(`update users set no_access = false where project_code = 'chuangmi' and account = 'chuangmi'`);
        }
      });
    });

    describe('routing and headers', () => {
      it('an unknown API route is a 404 envelope', async () => {
        for (const path of ['/api/nothing-here', '/api', '/meta20/nothing-here', '/api/session/nope']) {
          const res = await app.request(path);
          expect(res.status, path).toBe(404);
          expect(await envelope(res)).toMatchObject({ retcode: 404, retdata: null });
        }
        const wrongMethod = await app.request('/api/projects', { method: 'POST', body: '{}', headers: JSON_HEADERS });
        expect(wrongMethod.status).toBe(404);
        expect((await envelope(wrongMethod)).retcode).toBe(404);
      });

      it('every answer carries the security headers', async () => {
        const answers = [
          await app.request('/healthz'),
          await app.request('/api/projects'),
          await login({ ...DESIGNER, password: 'wrong' }),
          await post('/api/session', '[oops'),
          await app.request('/api/missing'),
          await app.request('/some/page'),
        ];
        for (const res of answers) {
          expect(res.headers.get('x-content-type-options')).toBe('nosniff');
          const csp = res.headers.get('content-security-policy') ?? '';
          for (const directive of [
            "object-src 'none'",
            "base-uri 'none'",
            "script-src 'self'",
            "worker-src 'self' blob:",
            "img-src 'self' data: blob:",
            "style-src 'self' 'unsafe-inline'",
            "frame-ancestors 'self' https://partner.example",
          ]) {
            expect(csp).toContain(directive);
          }
          expect(res.headers.get('x-request-id')).toBeTruthy();
        }
      });

      it('keeps a sane incoming X-Request-Id and replaces a hostile one', async () => {
        const kept = await app.request('/healthz', { headers: { 'X-Request-Id': 'lb-1234' } });
        expect(kept.headers.get('x-request-id')).toBe('lb-1234');
        const replaced = await app.request('/healthz', { headers: { 'X-Request-Id': 'a b"<script>' } });
        expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      });
    });
  });
}
