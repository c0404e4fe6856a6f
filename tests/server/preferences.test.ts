// Per-user preferences and the password change (issue 15): the user config and hotkeys stored on
// the server (migration 37), validated there with zh/en messages, and POST /account2/password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions';
import type { Preferences } from '../../protocol/preferences';
import { bearer, json, loginRequest, loginToken, openAccountsApp, type App, type TestApp } from './accounts-kit';
import { backends } from './helpers';

interface CodeReply<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

const USER = { project: 'yfang', account: 'reviewer', password: 'Review@2026' };
const OTHER = { project: 'yfang', account: 'auditer', password: 'Audit@2026' };

function call(app: App, method: string, url: string, token: string, body?: unknown, lang = 'zh'): Promise<Response> {
  return Promise.resolve(
    app.request(url, {
      method,
      headers: { ...bearer(token), 'Content-Type': 'application/json', 'Accept-Language': lang },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`preferences on ${backend.name}`, () => {
    let t: TestApp;
    let token: string;
    let other: string;

    beforeAll(async () => {
      t = await openAccountsApp(backend);
      token = await loginToken(t.app, USER);
      other = await loginToken(t.app, OTHER);
    });
    afterAll(async () => {
      await t?.dispose();
    });

    it('a user who never changed anything gets the catalogues.md defaults', async () => {
      const res = await call(t.app, 'GET', '/account2/preferences', token);
      expect(res.status).toBe(200);
      const { data } = await json<CodeReply<Preferences>>(res);
      expect(data.config).toMatchObject({ wallThickness: 240, cameraMoveSpeedPercentage: 100, angleDragResponse: 400, backupTime: 600000, backupMode: 1, dynamicLineWidth: 0.2, staticLineWidth: 0.1 });
      expect(data.hotkeys.find((h) => h.name === 'undo')).toEqual({ name: 'undo', type: 'combo', textVal: 'Ctrl+Z', defVal: 'Ctrl+Z', dir: 'general' });
      expect(data.hotkeys.find((h) => h.name === 'flyForward')).toMatchObject({ textVal: 'W', dir: 'view' });
    });

    it('a config change is stored for that user only, and only what differs from the default is kept', async () => {
      const res = await call(t.app, 'PUT', '/account2/preferences/config', token, { config: { wallThickness: 120, backupTime: 300000 } });
      expect(res.status).toBe(200);
      expect((await json<CodeReply<Preferences>>(res)).data.config).toMatchObject({ wallThickness: 120, backupTime: 300000, backupMode: 1 });
      const again = await json<CodeReply<Preferences>>(await call(t.app, 'GET', '/account2/preferences', token));
      expect(again.data.config.wallThickness).toBe(120);
      const theirs = await json<CodeReply<Preferences>>(await call(t.app, 'GET', '/account2/preferences', other));
      expect(theirs.data.config.wallThickness).toBe(240);
      // back to the default: nothing is stored for it any more
      await call(t.app, 'PUT', '/account2/preferences/config', token, { config: { backupTime: 600000 } });
      const rows = await t.db.query<{ config: Record<string, unknown> }>(
        `select p.config from user_preferences p join users u on u.id = p.user_id where u.account = 'reviewer' and u.project_code = 'yfang'`,
      );
      expect(rows[0]!.config).toEqual({ wallThickness: 120 });
    });

    it('an invalid value is refused with a zh or en message and changes nothing', async () => {
      const zh = await call(t.app, 'PUT', '/account2/preferences/config', token, { config: { wallThickness: 5, backupTime: 120000 } });
      expect(zh.status).toBe(400);
      expect(await json(zh)).toEqual({ code: 400, msg: '默认墙厚必须在 10 到 1000 之间', data: { field: 'wallThickness' } });
      const en = await call(t.app, 'PUT', '/account2/preferences/config', token, { config: { backupMode: 2 } }, 'en');
      expect((await json<CodeReply>(en)).msg).toBe('Backup mode must be between 0 and 1');
      const flag = await call(t.app, 'PUT', '/account2/preferences/config', token, { config: { isEnableLod: 'yes' } }, 'en');
      expect((await json<CodeReply>(flag)).msg).toBe('Model level of detail can only be on or off');
      const unknown = await call(t.app, 'PUT', '/account2/preferences/config', token, { config: { theme: 'dark' } });
      expect((await json<CodeReply>(unknown)).msg).toBe('用户配置中没有 theme 这一项');
      const kept = await json<CodeReply<Preferences>>(await call(t.app, 'GET', '/account2/preferences', token));
      expect(kept.data.config).toMatchObject({ wallThickness: 120, backupTime: 600000, backupMode: 1, isEnableLod: false });
    });

    it('hotkeys: a new combination is kept, a conflict and a reserved key are refused, the default resets', async () => {
      const moved = await call(t.app, 'PUT', '/account2/preferences/hotkeys', token, { hotkeys: { undo: 'Ctrl+U' } });
      expect(moved.status).toBe(200);
      expect((await json<CodeReply<Preferences>>(moved)).data.hotkeys.find((h) => h.name === 'undo')).toMatchObject({ textVal: 'Ctrl+U', defVal: 'Ctrl+Z' });

      const clash = await call(t.app, 'PUT', '/account2/preferences/hotkeys', token, { hotkeys: { redo: 'Ctrl+U' } });
      expect(clash.status).toBe(409);
      expect(await json(clash)).toEqual({ code: 400, msg: '重做：Ctrl+U 已被“撤销”使用，请先修改“撤销”', data: { field: 'redo', other: 'undo' } });
      const reserved = await call(t.app, 'PUT', '/account2/preferences/hotkeys', token, { hotkeys: { copy: 'F11' } }, 'en');
      expect((await json<CodeReply>(reserved)).msg).toBe('Copy: F11 is reserved by the system; choose another combination');
      const bare = await call(t.app, 'PUT', '/account2/preferences/hotkeys', token, { hotkeys: { copy: 'K' } }, 'en');
      expect((await json<CodeReply>(bare)).msg).toBe('Copy: K needs Ctrl, Shift or Alt with it');
      const held = await call(t.app, 'PUT', '/account2/preferences/hotkeys', token, { hotkeys: { flyForward: 'Ctrl+I' } });
      expect((await json<CodeReply>(held)).msg).toBe('漫游前进：只能设为单个按键（不带 Ctrl、Shift、Alt），Ctrl+I 不行');

      // a swap in one change is fine: the list is checked as a whole
      const swap = await call(t.app, 'PUT', '/account2/preferences/hotkeys', token, { hotkeys: { copy: 'Ctrl+V', paste: 'Ctrl+C' } });
      expect(swap.status).toBe(200);
      const reset = await call(t.app, 'PUT', '/account2/preferences/hotkeys', token, { hotkeys: { copy: 'Ctrl+C', paste: 'Ctrl+V' } });
      expect(reset.status).toBe(200);
      const rows = await t.db.query<{ hotkeys: Record<string, string> }>(
        `select p.hotkeys from user_preferences p join users u on u.id = p.user_id where u.account = 'reviewer' and u.project_code = 'yfang'`,
      );
      expect(rows[0]!.hotkeys).toEqual({ undo: 'Ctrl+U' });
    });

    it('the calls need a session', async () => {
      const res = await Promise.resolve(t.app.request('/account2/preferences'));
      expect(res.status).toBe(401);
    });

    it('password change: the current password is required, weak or unchanged passwords are refused', async () => {
      const wrong = await call(t.app, 'POST', '/account2/password', token, { oldPassword: 'nope', newPassword: 'Better#Pass1' });
      expect(wrong.status).toBe(400);
      expect(await json(wrong)).toEqual({ code: 400, msg: '当前密码错误', data: { field: 'oldPassword' } });
      const same = await call(t.app, 'POST', '/account2/password', token, { oldPassword: USER.password, newPassword: USER.password }, 'en');
      expect((await json<CodeReply>(same)).msg).toBe('The new password must differ from the current one');
      const simple = await call(t.app, 'POST', '/account2/password', token, { oldPassword: USER.password, newPassword: 'reviewer2026' });
      expect((await json<CodeReply>(simple)).msg).toMatch(/^新密码过于简单/);
      // still the old password
      expect((await loginRequest(t.app, { ...USER, password: 'Better#Pass1' })).status).toBe(401);
    });

    it('password change: the new password signs in, the old one no longer does, other sessions are signed out, this one stays', async () => {
      // a second live session of the same account (another device that kept an older session)
      const [user] = await t.db.query<{ id: number }>(`select id from users where project_code = 'yfang' and account = 'reviewer'`);
      const id = user!.id;
      const elsewhere = await createSession(t.db, id, 3_600_000);
      expect((await call(t.app, 'GET', '/account2/preferences', elsewhere)).status).toBe(200);

      const res = await call(t.app, 'POST', '/account2/password', token, { oldPassword: USER.password, newPassword: 'Better#Pass1' });
      expect(res.status).toBe(200);
      expect((await call(t.app, 'GET', '/account2/preferences', token)).status).toBe(200);
      expect((await call(t.app, 'GET', '/account2/preferences', elsewhere)).status).toBe(401);
      expect((await loginRequest(t.app, USER)).status).toBe(401);
      expect((await loginRequest(t.app, { ...USER, password: 'Better#Pass1' })).status).toBe(200);
      const [row] = await t.db.query<{ password_hash: string }>(`select password_hash from users where id = $1`, [id]);
      expect(row!.password_hash.startsWith('$argon2id$')).toBe(true);
    });
  });
}
