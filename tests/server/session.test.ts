// Sessions: one live session per account, login tokens and logout, on PGlite and on PostgreSQL
// (login throttling: login-throttle.test.ts).
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress } from '../../server/auth/throttle';
import type { AppEnv } from '../../server/http/env';
import type { Db } from '../../server/db/types';
import {
  bearer,
  fromAddress,
  json,
  loginRequest,
  loginToken,
  openAccountsApp,
  postJson,
  type App,
  type CodeBody,
  type Credentials,
} from './accounts-kit';
import { backends } from './helpers';

const sha = (token: string) => createHash('sha256').update(token).digest('hex');
const ELSEWHERE = '您的账号正在其他设备或不同浏览器登录访问';

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`sessions on ${backend.name}`, () => {
    let app: App;
    let db: Db;
    let dispose: () => Promise<void>;

    beforeAll(async () => {
      ({ app, db, dispose } = await openAccountsApp(backend));
    });
    afterAll(async () => {
      await dispose?.();
    });

    const me = (token: string) => app.request('/api/session/me', { headers: bearer(token) });
    const liveSessions = async (project: string, account: string) =>
      db.query<{ token_hash: string }>(
        `select s.token_hash from sessions s join users u on u.id = s.user_id
         where u.project_code = $1 and u.account = $2 and s.revoked_at is null and s.expires_at > now()`,
        [project, account],
      );

    describe('one live session per account', () => {
      const MEMBER: Credentials = { project: 'chuangmi', account: 'member', password: 'Member@2026' };

      it('a new login revokes the older session, whose next call is a 401 saying why', async () => {
        const first = await loginToken(app, MEMBER);
        expect((await me(first)).status).toBe(200);
        const second = await loginToken(app, MEMBER);

        const old = await me(first);
        expect(old.status).toBe(401);
        expect(await json(old)).toEqual({ retcode: 401, retmsg: ELSEWHERE, retdata: { reason: 'logged_in_elsewhere' } });
        expect((await me(second)).status).toBe(200);

        // revoked_at and the reason stay on the row (the scenes family grants one auto save on them)
        const [row] = await db.query<{ revoke_reason: string; revoked_at: Date | null }>(
          'select revoke_reason, revoked_at from sessions where token_hash = $1',
          [sha(first)],
        );
        expect(row?.revoke_reason).toBe('logged_in_elsewhere');
        expect(row?.revoked_at).not.toBeNull();
        expect((await liveSessions('chuangmi', 'member')).map((r) => r.token_hash)).toEqual([sha(second)]);
      });

      it('the login answer says who is on the special list (the route guard reads it, core.md §2)', async () => {
        const special = await json(await loginRequest(app, { project: 'deson', account: 'desonsp', password: 'Deson@2026' }));
        expect(special.retdata).toMatchObject({ project: 'deson', username: 'desonsp', special_list: 1 });
        const plain = await json(await loginRequest(app, { project: 'deson', account: 'designer', password: 'Designer@2026' }));
        expect(plain.retdata).toMatchObject({ project: 'deson', special_list: 0 });
      });

      it('in English too', async () => {
        const first = await loginToken(app, MEMBER);
        await loginToken(app, MEMBER);
        const res = await app.request('/api/session/me', { headers: { ...bearer(first), 'Accept-Language': 'en' } });
        expect((await json(res)).retmsg).toBe('Your account is signed in on another device or browser');
      });

      it("leaves other accounts' sessions alone", async () => {
        const other = await loginToken(app, { project: 'chuangmi', account: 'designer', password: 'Designer@2026' });
        await loginToken(app, MEMBER);
        expect((await me(other)).status).toBe(200);
      });

      it('concurrent logins of one account leave exactly one live session', async () => {
        const creds: Credentials = { project: 'deson', account: 'member', password: 'Member@2026' };
        const tokens = await Promise.all(Array.from({ length: 5 }, () => loginToken(app, creds)));
        expect(new Set(tokens).size).toBe(5);
        const live = await liveSessions('deson', 'member');
        expect(live).toHaveLength(1);
        const statuses = await Promise.all(tokens.map(async (t) => (await me(t)).status));
        expect(statuses.filter((s) => s === 200)).toHaveLength(1);
        expect(statuses.filter((s) => s === 401)).toHaveLength(4);
      });
    });

    describe('get-login-token and loginWithToken', () => {
      const CREDS: Credentials = { project: 'mnls', account: 'designer', password: 'Designer@2026' };

      it('needs a session', async () => {
        const res = await app.request('/api/session/get-login-token');
        expect(res.status).toBe(401);
        expect((await json(res)).retcode).toBe(401);
      });

      it('hands the user to a new session once; the token is stored hashed and single-use', async () => {
        const session = await loginToken(app, CREDS);
        const res = await app.request('/api/session/get-login-token', { headers: bearer(session) });
        expect(res.status).toBe(200);
        const issued = (await json<{ retdata: { login_token: string; expires_at: string; expires_in_s: number } }>(res)).retdata;
        expect(issued.login_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(issued.expires_in_s).toBe(120);
        const expiresIn = Date.parse(issued.expires_at) - Date.now();
        expect(expiresIn).toBeGreaterThan(100_000);
        expect(expiresIn).toBeLessThanOrEqual(121_000);
        expect(await db.query('select 1 from login_tokens where token_hash = $1', [issued.login_token])).toHaveLength(0);
        expect(await db.query('select 1 from login_tokens where token_hash = $1', [sha(issued.login_token)])).toHaveLength(1);

        const used = await postJson(app, '/api/session', { action: 'loginWithToken', token: issued.login_token });
        expect(used.status).toBe(200);
        const info = (await json<{ retdata: { token: string; project: string; username: string } }>(used)).retdata;
        expect(info).toMatchObject({ project: 'mnls' });
        expect(info.token).not.toBe(session);
        expect(used.headers.get('authorization')).toBe(`Bearer ${info.token}`);
        expect((await me(info.token)).status).toBe(200);
        // like any login, it ends the account's older session
        expect(await json(await me(session))).toMatchObject({ retcode: 401, retmsg: ELSEWHERE });

        const again = await postJson(app, '/api/session', { action: 'loginWithToken', token: issued.login_token });
        expect(again.status).toBe(401);
        expect(await json(again)).toEqual({ retcode: 10004, retmsg: '登录凭证无效或已过期，请重新登录', retdata: null });
      });

      it('refuses an expired token, an unknown one, and a malformed one (400 naming token)', async () => {
        const session = await loginToken(app, CREDS);
        const issued = (await json<{ retdata: { login_token: string } }>(await app.request('/api/session/get-login-token', { headers: bearer(session) })))
          .retdata.login_token;
        await db.query(`update login_tokens set expires_at = now() - interval '1 second' where token_hash = $1`, [sha(issued)]);
        expect((await postJson(app, '/api/session', { action: 'loginWithToken', token: issued })).status).toBe(401);
        expect((await postJson(app, '/api/session', { action: 'loginWithToken', token: 'B'.repeat(43) })).status).toBe(401);
        for (const token of ['short', 42, null, 'x'.repeat(44)]) {
          const res = await postJson(app, '/api/session', { action: 'loginWithToken', token });
          expect(res.status).toBe(400);
          expect(await json(res)).toMatchObject({ retcode: 400, retdata: { field: 'token' } });
        }
      });
    });

    describe('logout', () => {
      const CREDS: Credentials = { project: 'BCLS', account: 'designer', password: 'Designer@2026' };

      it('DELETE /account2/session revokes the session and answers { code, msg, data }', async () => {
        const token = await loginToken(app, CREDS);
        const res = await app.request('/account2/session', { method: 'DELETE', headers: bearer(token) });
        expect(res.status).toBe(200);
        expect(await json<CodeBody>(res)).toEqual({ code: 0, msg: '成功', data: null });
        const [row] = await db.query<{ revoke_reason: string }>('select revoke_reason from sessions where token_hash = $1', [sha(token)]);
        expect(row?.revoke_reason).toBe('logout');
        const after = await me(token);
        expect(after.status).toBe(401);
        expect((await json(after)).retmsg).toBe('登录已失效，请重新登录');
        // ending an ended session still succeeds, so logout never loops into "session expired"
        const twice = await app.request('/account2/session', { method: 'DELETE', headers: bearer(token) });
        expect(await json<CodeBody>(twice)).toEqual({ code: 0, msg: '成功', data: null });
        const anonymous = await app.request('/account2/session', { method: 'DELETE' });
        expect(anonymous.status).toBe(200);
      });

      it('after logout the old bearer token no longer lists scenes, and is told apart from a login elsewhere', async () => {
        const token = await loginToken(app, CREDS);
        expect((await app.request('/meta20/x/scene', { headers: bearer(token) })).status).toBe(200);
        await app.request('/account2/session', { method: 'DELETE', headers: bearer(token) });
        const list = await app.request('/meta20/x/scene', { headers: bearer(token) });
        expect(list.status).toBe(401);
        // a plain expiry (the /meta20 envelope, no reason): the client shows 登录已失效, not the
        // login-elsewhere message
        expect(await json<CodeBody>(list)).toEqual({ code: 401, msg: '登录已失效，请重新登录', data: null });
      });

      it('POST /api/admin/utility minhuaAccountLogout revokes it too', async () => {
        const token = await loginToken(app, CREDS);
        const res = await postJson(app, '/api/admin/utility', { action: 'minhuaAccountLogout' }, bearer(token));
        expect(res.status).toBe(200);
        expect(await json(res)).toEqual({ retcode: 0, retmsg: '成功', retdata: null });
        expect((await me(token)).status).toBe(401);
        const [row] = await db.query<{ revoke_reason: string }>('select revoke_reason from sessions where token_hash = $1', [sha(token)]);
        expect(row?.revoke_reason).toBe('logout');
        expect((await postJson(app, '/api/admin/utility', { action: 'minhuaAccountLogout' }, bearer(token))).status).toBe(200);
      });
    });
    // Login throttling has its own suite: login-throttle.test.ts.
  });
}

describe('client address', () => {
  const probe = (trustProxy: boolean) => {
    const app = new Hono<AppEnv>();
    app.get('/', (c) => c.text(clientAddress(c, trustProxy)));
    return app;
  };

  it('is the socket peer, ignoring X-Forwarded-For unless a proxy is trusted', async () => {
    const res = await probe(false).request('/', { headers: { 'X-Forwarded-For': '1.2.3.4' } }, fromAddress('10.0.0.5'));
    expect(await res.text()).toBe('10.0.0.5');
    expect(await (await probe(false).request('/')).text()).toBe('unknown');
  });

  it('behind a trusted proxy is the last hop (the one the proxy appended)', async () => {
    const res = await probe(true).request('/', { headers: { 'X-Forwarded-For': 'spoofed, 1.2.3.4' } }, fromAddress('10.0.0.5'));
    expect(await res.text()).toBe('1.2.3.4');
    const none = await probe(true).request('/', {}, fromAddress('10.0.0.5'));
    expect(await none.text()).toBe('10.0.0.5');
  });
});

