// Accounts: the demo tenants and accounts, the profile, the reqac2s wrapper, and the typed api/
// modules driven against the in-process app, on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApiClient,
  checkSimplePassword,
  getLoginToken,
  getProfile,
  getUserByUserId,
  isApiError,
  login,
  loginWithToken,
  logout,
  me,
  type AccountProfile,
} from '../../api';
import type { Db } from '../../server/db/types';
import { DEMO_ACCOUNTS, SEED_PROJECTS, demoAccountsMarkdown } from '../../server/seed';
import { MODULES, businessDay, deriveRoles } from '../../server/users/roles';
import { ORDER_ROLE_NAMES, findUserByAccount, type UserRow } from '../../server/users/users';
import { apiClientFor, bearer, inProcess, json, loginToken, openAccountsApp, postJson, type App, type CodeBody, type Credentials } from './accounts-kit';
import { backends } from './helpers';

const credsOf = (project: string, account: string): Credentials => {
  const a = DEMO_ACCOUNTS.find((d) => d.project === project && d.account === account);
  if (!a) throw new Error(`no demo account ${project}/${account}`);
  return { project, account, password: a.password };
};

const simplePasswordBody = { url: '/client/user', method: 'get', action: 'reqac2s', params: { action: 'checkSimplePassword' } };

describe('demo accounts (data)', () => {
  it('has unique project/account pairs and a role description for each', () => {
    const keys = DEMO_ACCOUNTS.map((a) => `${a.project}/${a.account}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const a of DEMO_ACCOUNTS) expect(a.role.length, `${a.project}/${a.account}`).toBeGreaterThan(10);
    const table = demoAccountsMarkdown().split('\n');
    expect(table).toHaveLength(DEMO_ACCOUNTS.length + 2);
    expect(table).toContain('| yfang | designer | Design@2026 | ordinary designer (personal project, no membership) |');
  });

  it('keeps the fixed account yfang/designer/Design@2026 exactly', () => {
    expect(DEMO_ACCOUNTS.find((a) => a.project === 'yfang' && a.account === 'designer')).toEqual({
      project: 'yfang',
      account: 'designer',
      password: 'Design@2026',
      role: 'ordinary designer (personal project, no membership)',
      username: '演示设计师',
      phone: '13800000001',
      // 铺砖 and 定制 are module-gated (core.md §6); the demo designer uses both
      modules: { tileWork: '2099-12-31', wardrobe: '2099-12-31', cupboard: '2099-12-31' },
    });
  });
});

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`accounts on ${backend.name}`, () => {
    let app: App;
    let db: Db;
    let dispose: () => Promise<void>;

    beforeAll(async () => {
      ({ app, db, dispose } = await openAccountsApp(backend));
    });
    afterAll(async () => {
      await dispose?.();
    });

    const profile = async (token: string, query = ''): Promise<AccountProfile> => {
      const res = await app.request(`/account2/x/user/profile${query}`, { headers: bearer(token) });
      expect(res.status).toBe(200);
      const body = await json<CodeBody>(res);
      expect(body.code).toBe(0);
      return body.data as AccountProfile;
    };

    describe('seeded tenants', () => {
      it('every project has users of every derived role and every order role', async () => {
        const today = businessDay();
        for (const p of SEED_PROJECTS) {
          const users: UserRow[] = [];
          for (const a of DEMO_ACCOUNTS.filter((d) => d.project === p.code)) {
            const u = await findUserByAccount(db, a.project, a.account);
            expect(u, `${a.project}/${a.account}`).not.toBeNull();
            users.push(u!);
          }
          const roles = users.map((u) => deriveRoles(u, today));
          for (const flag of ['member', 'serviceAdmin', 'isAgent', 'agentManager', 'customizationManager', 'projectAdmin', 'orgAdmin'] as const) {
            expect(roles.some((r) => r[flag]), `${p.code}: ${flag}`).toBe(true);
          }
          // an agent that is no manager, and a lapsed member
          expect(roles.some((r) => r.isAgent && !r.agentManager && !r.customizationManager), `${p.code}: plain agent`).toBe(true);
          expect(users.some((u) => u.member_date_end !== null && u.member_date_end < today), `${p.code}: lapsed member`).toBe(true);
          expect(roles.some((r) => r.identity === 'agent')).toBe(true);
          for (const role of ORDER_ROLE_NAMES) {
            const holders = users.filter((u) => u.order_roles[role] === true);
            expect(holders.length, `${p.code}: order role ${role}`).toBeGreaterThan(0);
          }
          // module entitlements with DateEnd dates, some of them expired
          expect(roles.some((r) => r.licensed_modules.length > 0), `${p.code}: licensed`).toBe(true);
          expect(roles.some((r) => r.expired_modules.length > 0), `${p.code}: expired`).toBe(true);
          expect(roles.every((r) => r.project_kind === p.kind)).toBe(true);
        }
      });

      it('a deson account is on the special list', async () => {
        const token = await loginToken(app, credsOf('deson', 'desonsp'));
        const data = await profile(token);
        expect(data.username).toBe('desonsp');
        expect(data.restrictions?.special_list).toBe(true);
        const other = await profile(await loginToken(app, credsOf('deson', 'designer')));
        expect(other.restrictions?.special_list).toBe(false);
      });
    });

    describe('GET /account2/x/user/profile', () => {
      it('needs a session; the error keeps the { code, msg, data } shape', async () => {
        const res = await app.request('/account2/x/user/profile');
        expect(res.status).toBe(401);
        expect(await json<CodeBody>(res)).toEqual({ code: 401, msg: '登录已失效，请重新登录', data: null });
      });

      it('an unknown /account2 path is a 404 in the same shape', async () => {
        const res = await app.request('/account2/x/user/nothing');
        expect(res.status).toBe(404);
        expect(await json<CodeBody>(res)).toEqual({ code: 404, msg: '接口不存在', data: null });
      });

      it('answers every section for an admin', async () => {
        const data = await profile(await loginToken(app, credsOf('yfang_corp', 'admin')));
        expect(data).toMatchObject({
          project: 'yfang_corp',
          account: 'admin',
          is_project_admin: 1,
          roles: { project_kind: 'company', serviceAdmin: true, projectAdmin: true, orgAdmin: true, identity: 'general' },
          restrictions: { no_access: false, special_list: false },
          project_admin: { isCorpAdmin: true, isYunpingAdmin: false, is_admin: true },
          project_user_roles: [{ role_id: 1, role_name: '组织管理员' }],
          is_org_admin: true,
          project_info: { code: 'yfang_corp', name: '云方设计（企业版）', kind: 'company' },
        });
        expect(data.project_info?.logo.startsWith('data:image/svg+xml')).toBe(true);
        expect(data).not.toHaveProperty('password_hash');
        expect(data).not.toHaveProperty('token');
      });

      it('member info: membership, module DateEnd fields (licensed and expired), order roles', async () => {
        const admin = await profile(await loginToken(app, credsOf('chuangmi', 'admin')));
        expect(Object.keys(admin.member_info?.date_ends ?? {})).toEqual(MODULES.map((m) => `${m}DateEnd`));
        expect(admin.member_info?.date_ends.officeDateEnd).toBe('2024-06-30');
        expect(admin.member_info?.date_ends.FDM20DateEnd).toBe('2099-12-31');
        expect(admin.roles.expired_modules).toEqual(['office']);
        expect(admin.roles.licensed_modules).toHaveLength(MODULES.length - 1);

        const member = await profile(await loginToken(app, credsOf('chuangmi', 'member')));
        expect(member.member_info).toMatchObject({ date_end: '2099-12-31', is_member: true });
        expect(member.roles.member).toBe(true);
        const lapsed = await profile(await loginToken(app, credsOf('chuangmi', 'expired')));
        expect(lapsed.member_info).toMatchObject({ date_end: '2024-06-30', is_member: false });
        expect(lapsed.roles.licensed_modules).toEqual([]);
        expect(lapsed.roles.expired_modules).toEqual([...MODULES]);

        const reviewer = await profile(await loginToken(app, credsOf('chuangmi', 'reviewer')));
        expect(reviewer.member_info?.order_roles).toEqual({
          designer: false,
          auditer: false,
          reviewer: true,
          brokenInspectioner: false,
          yfshenchaimgt: false,
          onlyRead: false,
        });
        expect(reviewer.roles.licensed_modules).toEqual(expect.arrayContaining(['FDM20', 'DLITE']));
      });

      it('derives agent, agent manager and customization manager', async () => {
        const sub = await profile(await loginToken(app, credsOf('BCLS', 'subagent')));
        expect(sub).toMatchObject({ platform: 'agent', is_sub: 1, agent_id: 1002, roles: { isAgent: true, agentManager: false, identity: 'agent' } });
        expect(sub.restrictions?.permission_list).toEqual(['HouseType', 'Layout', 'Product']);
        const manager = await profile(await loginToken(app, credsOf('BCLS', 'agent')));
        expect(manager.roles).toMatchObject({ isAgent: true, agentManager: true, customizationManager: false });
        const custom = await profile(await loginToken(app, credsOf('BCLS', 'custmgr')));
        expect(custom.roles).toMatchObject({ isAgent: true, agentManager: false, customizationManager: true, identity: 'custom' });
        const personal = await profile(await loginToken(app, credsOf('yfang', 'designer')));
        expect(personal.roles).toMatchObject({ project_kind: 'personal', identity: 'general', member: false, serviceAdmin: false });
      });

      it('fdm20cs gets FDM20 and DLITE whatever its entitlements say', async () => {
        const data = await profile(await loginToken(app, credsOf('fdm20cs', 'readonly')));
        expect(data.member_info?.date_ends.FDM20DateEnd).toBe('2024-06-30');
        expect(data.roles.licensed_modules).toEqual(expect.arrayContaining(['FDM20', 'DLITE']));
        expect(data.roles.expired_modules).not.toContain('FDM20');
      });

      it('answers only the sections asked for, and names a bad include', async () => {
        const token = await loginToken(app, credsOf('MLS', 'designer'));
        const some = await profile(token, '?include=restrictions,member');
        expect(some.restrictions).toBeDefined();
        expect(some.member_info).toBeDefined();
        expect(some).not.toHaveProperty('project_admin');
        expect(some).not.toHaveProperty('project_info');
        expect(some).not.toHaveProperty('project_user_roles');
        const bad = await app.request('/account2/x/user/profile?include=restrictions,secrets', { headers: bearer(token) });
        expect(bad.status).toBe(400);
        expect(await json<CodeBody>(bad)).toEqual({ code: 400, msg: '请求参数错误：include', data: { field: 'include' } });
      });
    });

    describe('POST /api/admin/utility reqac2s', () => {
      it('checkSimplePassword reads the verdict of the last login', async () => {
        const weak = await loginToken(app, credsOf('yfang', 'simple'));
        const res = await postJson(app, '/api/admin/utility', simplePasswordBody, bearer(weak));
        expect(res.status).toBe(200);
        expect(await json(res)).toEqual({ retcode: 0, retmsg: '成功', retdata: { isSimplePassword: true } });
        const strong = await loginToken(app, credsOf('yfang', 'member'));
        expect((await json(await postJson(app, '/api/admin/utility', simplePasswordBody, bearer(strong)))).retdata).toEqual({ isSimplePassword: false });
      });

      it('checkSimplePassword needs a session', async () => {
        const res = await postJson(app, '/api/admin/utility', simplePasswordBody);
        expect(res.status).toBe(401);
      });

      it('getUserByUserId answers the account info in an inner envelope', async () => {
        const token = await loginToken(app, credsOf('yfang', 'member'));
        const self = await findUserByAccount(db, 'yfang', 'member');
        const body = { url: '/client/user', method: 'get', action: 'reqac2s', params: { action: 'getUserByUserId' } };
        const res = await postJson(app, '/api/admin/utility', body, bearer(token));
        const outer = await json<{ retcode: number; retdata: { retcode: number; retmsg: string; retdata: Record<string, unknown> } }>(res);
        expect(outer.retcode).toBe(0);
        expect(outer.retdata.retcode).toBe(0);
        expect(outer.retdata.retdata).toMatchObject({ id: self!.id, account: 'member', is_sub: 0, user_member: { date_end: '2099-12-31' } });
        const byId = await postJson(app, '/api/admin/utility', { ...body, params: { action: 'getUserByUserId', user_id: String(self!.id) } }, bearer(token));
        expect((await json<{ retdata: { retcode: number } }>(byId)).retdata.retcode).toBe(0);
      });

      it("getUserByUserId: another user's info only for an admin of the same project, else 'no such user'", async () => {
        const target = await findUserByAccount(db, 'yfang_corp', 'agent');
        const foreign = await findUserByAccount(db, 'chuangmi', 'designer');
        const ask = async (token: string, id: number) =>
          (
            await json<{ retcode: number; retdata: { retcode: number; retmsg: string; retdata: unknown } }>(
              await postJson(
                app,
                '/api/admin/utility',
                { url: '/client/user', method: 'GET', action: 'reqac2s', params: { action: 'getUserByUserId', userId: id } },
                bearer(token),
              ),
            )
          ).retdata;
        const admin = await loginToken(app, credsOf('yfang_corp', 'admin'));
        expect(await ask(admin, target!.id)).toMatchObject({ retcode: 0, retdata: { account: 'agent', platform: 'agent' } });
        expect(await ask(admin, foreign!.id)).toEqual({ retcode: 404, retmsg: '用户不存在', retdata: null });
        expect(await ask(admin, 2_000_000_000)).toEqual({ retcode: 404, retmsg: '用户不存在', retdata: null });
        const plain = await loginToken(app, credsOf('yfang_corp', 'designer'));
        expect(await ask(plain, target!.id)).toEqual({ retcode: 404, retmsg: '用户不存在', retdata: null });
      });

      it('names the wrong field of a wrapper call', async () => {
        const token = await loginToken(app, credsOf('yfang_corp', 'designer'));
        const cases: [unknown, string][] = [
          [{ ...simplePasswordBody, url: '/client/other' }, 'url'],
          [{ ...simplePasswordBody, method: 'post' }, 'method'],
          [{ ...simplePasswordBody, params: { action: 'dropTables' } }, 'params.action'],
          [{ ...simplePasswordBody, params: null }, 'params'],
          [{ url: '/client/user', method: 'get', action: 'reqac2s', params: { action: 'getUserByUserId', user_id: -3 } }, 'params.user_id'],
          [{ action: 42 }, 'action'],
          [[], 'body'],
        ];
        for (const [body, field] of cases) {
          const res = await postJson(app, '/api/admin/utility', body, bearer(token));
          expect(res.status, JSON.stringify(body)).toBe(400);
          expect(await json(res)).toMatchObject({ retcode: 400, retdata: { field } });
        }
      });

      it('an action nobody handles is a 400 naming action', async () => {
        const res = await postJson(app, '/api/admin/utility', { action: 'noSuchAction' });
        expect(res.status).toBe(400);
        expect(await json(res)).toEqual({ retcode: 400, retmsg: '请求参数错误：action（不支持的操作 noSuchAction）', retdata: { field: 'action' } });
      });
    });

    describe('the api/ modules against the server', () => {
      it('login, profile, simple-password check, account info, login token and logout', async () => {
        const client = apiClientFor(app);
        const info = await login(client, credsOf('deson', 'admin'));
        expect(info).toMatchObject({ project: 'deson', is_project_admin: 1 });
        // the client keeps the token the server sent in the Authorization header
        const profileData = await getProfile(client);
        expect(profileData).toMatchObject({ account: 'admin', roles: { serviceAdmin: true }, project_info: { code: 'deson' } });
        expect(await checkSimplePassword(client)).toBe(false);
        const account = await getUserByUserId(client);
        expect(account).toMatchObject({ retcode: 0, retdata: { account: 'admin', is_sub: 0 } });
        expect(await getUserByUserId(client, 2_000_000_000)).toMatchObject({ retcode: 404, retdata: null });

        // a client with a token store clears it for any path containing 'login' (core.md §7) …
        const cleared = await getLoginToken(apiClientFor(app, 'A'.repeat(43))).catch((e: unknown) => e);
        expect(isApiError(cleared) && cleared.status).toBe(401);
        // … so the hand-off token is asked for on a client holding the session token as a static token
        const handoff = await getLoginToken(createApiClient({ baseURL: 'http://app.test/api', staticToken: info.token, fetch: inProcess(app) }));
        const other = apiClientFor(app);
        const second = await loginWithToken(other, handoff.login_token);
        expect(second.project).toBe('deson');
        expect((await me(other)).account).toBe('admin');
        // the first client's session ended with the hand-off
        const ended = await me(client).catch((e: unknown) => e);
        expect(isApiError(ended) && ended.sessionExpired).toBe(true);
        expect(isApiError(ended) && ended.serverMessage).toBe('您的账号正在其他设备或不同浏览器登录访问');

        await logout(other);
        const after = await me(other).catch((e: unknown) => e);
        expect(isApiError(after) && after.status).toBe(401);
      });

      it('a failed login reports the spec messages', async () => {
        const client = apiClientFor(app);
        const wrong = await login(client, { ...credsOf('deson', 'admin'), password: 'nope' }).catch((e: unknown) => e);
        expect(isApiError(wrong) && wrong.serverMessage).toBe('账号密码错误');
        const refused = await login(client, credsOf('yfang', 'noaccess')).catch((e: unknown) => e);
        expect(isApiError(refused) && refused.serverMessage).toBe('该账号无访问权限！');
      });
    });
  });
}
