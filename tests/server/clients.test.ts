// Clients (customers, issue 16) on PGlite and PostgreSQL: CRUD, search and pages, the tenancy of
// scenes (another project's client answers 404 like a missing one), the limits with their zh/en
// messages (a refused write stores nothing), and schemes that belong to a client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import type { ClientRecord } from '../../protocol/clients';
import { backends, openTestApp } from './helpers';
import { call, createScene, login, sceneBytes, sceneFile, upload, type Caller, type PageAnswer, type SceneAnswer } from './scene-helpers';

const PATH = '/meta20/x/fenni/client';

interface LinkedScene extends SceneAnswer {
  clientId: number | null;
  clientName: string;
}

const client = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  phone: '',
  address: '',
  order_number: '',
  regionCode: '',
  custom_client_info: [],
  ...extra,
});

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`clients on ${backend.name}`, () => {
    let app: Caller;
    let db: Db;
    let dispose: () => Promise<void>;
    let designer: string;
    let colleague: string;
    let admin: string;
    let outsider: string;

    beforeAll(async () => {
      ({ app, db, dispose } = await openTestApp(backend));
      designer = await login(app, 'yfang', 'designer', 'Design@2026');
      colleague = await login(app, 'yfang', 'member', 'Member@2026');
      admin = await login(app, 'yfang', 'admin', 'Admin@2026');
      outsider = await login(app, 'yfang_corp', 'admin', 'Admin@2026');
    });
    afterAll(async () => dispose());

    const create = async (token: string, body: unknown) => {
      const res = await call<ClientRecord>(app, 'POST', `${PATH}/`, token, body);
      expect(res.status, res.msg).toBe(200);
      return res.data;
    };
    const count = async () => Number((await db.query<{ n: number }>('select count(*) as n from clients'))[0]!.n);

    it('creates, reads, updates, lists and deletes a client', async () => {
      const entries = [
        { key: 'OrderNo', Remark: 'DD-2026-001' },
        { key: '设计师', Remark: '王工' },
      ];
      const made = await create(
        designer,
        client('  张三  ', { phone: '+86 138-0013-8000', address: '滨江路 8 号', order_number: 'DD-2026-001', regionCode: '330100', custom_client_info: entries }),
      );
      expect(made).toMatchObject({
        name: '张三',
        phone: '+86 138-0013-8000',
        address: '滨江路 8 号',
        order_number: 'DD-2026-001',
        regionCode: '330100',
        custom_client_info: entries,
        sceneCount: 0,
      });
      expect(made.id).toBeGreaterThan(0);
      expect((await call<ClientRecord>(app, 'GET', `${PATH}/${made.id}`, designer)).data).toEqual(made);

      const changed = await call<ClientRecord>(app, 'PUT', `${PATH}/${made.id}`, designer, client('张三丰', { phone: '0571 8888 6666' }));
      expect(changed.status).toBe(200);
      expect(changed.data).toMatchObject({ id: made.id, name: '张三丰', phone: '0571 8888 6666', regionCode: '', custom_client_info: [] });

      const list = await call<PageAnswer<ClientRecord>>(app, 'GET', PATH, designer);
      expect(list.data.list.map((c) => c.id)).toContain(made.id);

      expect((await call(app, 'DELETE', `${PATH}/${made.id}`, designer)).status).toBe(200);
      const gone = await call(app, 'GET', `${PATH}/${made.id}`, designer);
      expect(gone.status).toBe(404);
      expect(gone.msg).toBe('客户不存在或无权访问');
      expect((await call(app, 'DELETE', `${PATH}/${made.id}`, designer)).status).toBe(404);
    });

    it('searches name, phone (by its digits too) and order number, newest first, in pages', async () => {
      const token = await login(app, 'yfang', 'expired', 'Expired@2026');
      const names = ['李雷', '韩梅梅', '李华', '王五', '赵六'];
      for (const [i, name] of names.entries()) {
        await create(token, client(name, { phone: `139-1234-000${i}`, order_number: `NO-${i}` }));
      }
      const get = (q: string) => call<PageAnswer<ClientRecord>>(app, 'GET', `${PATH}?${q}`, token);
      expect((await get('keyword=李')).data.list.map((c) => c.name)).toEqual(['李华', '李雷']);
      expect((await get('keyword=13912340003')).data.list.map((c) => c.name)).toEqual(['王五']);
      expect((await get('keyword=1234-0004')).data.list.map((c) => c.name)).toEqual(['赵六']);
      expect((await get('keyword=no-1')).data.list.map((c) => c.name)).toEqual(['韩梅梅']);
      expect((await get('keyword=%25')).data.total).toBe(0);

      const page1 = (await get('pageSize=2&pageNumber=1')).data;
      const page3 = (await get('pageSize=2&pageNumber=3')).data;
      expect(page1).toMatchObject({ total: 5, pageNumber: 1, pageSize: 2 });
      expect(page1.list.map((c) => c.name)).toEqual(['赵六', '王五']);
      expect(page3.list.map((c) => c.name)).toEqual(['李雷']);
      expect((await get('pageSize=2&pageNumber=9')).data).toMatchObject({ total: 5, list: [] });
      expect((await get('pageSize=101')).status).toBe(400);
    });

    it("answers another project's client, and a colleague's, like a missing one; the project admin sees all", async () => {
      const mine = await create(designer, client('保密客户', { phone: '13800000000' }));
      const missing = await call(app, 'GET', `${PATH}/999999999`, outsider);
      for (const token of [outsider, colleague]) {
        for (const [method, body] of [['GET'], ['PUT', client('改名')], ['DELETE']] as const) {
          const res = await call(app, method, `${PATH}/${mine.id}`, token, body);
          expect({ status: res.status, code: res.code, msg: res.msg, data: res.data }).toEqual({
            status: missing.status,
            code: missing.code,
            msg: missing.msg,
            data: missing.data,
          });
        }
        const list = await call<PageAnswer<ClientRecord>>(app, 'GET', `${PATH}?keyword=保密`, token);
        expect(list.data.total).toBe(0);
      }
      expect((await call<ClientRecord>(app, 'GET', `${PATH}/${mine.id}`, designer)).data.name).toBe('保密客户');
      expect((await call<ClientRecord>(app, 'GET', `${PATH}/${mine.id}`, admin)).data.name).toBe('保密客户');
      const seen = await call<PageAnswer<ClientRecord>>(app, 'GET', `${PATH}?keyword=保密`, admin);
      expect(seen.data.list.map((c) => c.id)).toEqual([mine.id]);
      expect((await call(app, 'GET', PATH, null)).status).toBe(401);
    });

    it('refuses what breaks a limit with a clear zh/en message and stores nothing', async () => {
      const before = await count();
      const refused = async (body: unknown, en = false) => {
        const res = await call<{ field: string; problems: unknown[] }>(app, 'POST', `${PATH}/`, designer, body, en ? { 'Accept-Language': 'en' } : {});
        expect(res.status).toBe(400);
        return res;
      };
      const empty = await refused(client('   '));
      expect(empty.code).toBe(50001);
      expect(empty.msg).toBe('请输入客户姓名');
      expect(empty.data.field).toBe('name');
      expect((await refused(client('名'.repeat(51)))).msg).toBe('客户姓名不能超过 50 个字');
      expect((await refused(client('名'.repeat(51)), true)).msg).toBe("The client's name may have at most 50 characters");
      expect((await refused(client('甲', { phone: '138abc' }))).data.field).toBe('phone');
      expect((await refused(client('甲', { phone: '+86 12' }), true)).msg).toMatch(/^The phone number is not valid/);
      expect((await refused(client('甲', { regionCode: '33' }))).msg).toBe('所在城市编码不正确：33');
      const many = Array.from({ length: 101 }, (_, i) => ({ key: `k${i}`, Remark: 'v' }));
      expect((await refused(client('甲', { custom_client_info: many }))).msg).toBe('自定义信息不能超过 100 条');
      expect((await refused(client('甲', { custom_client_info: [{ key: 'k'.repeat(41), Remark: '' }] }))).msg).toBe(
        '第 1 条自定义信息的名称不能超过 40 个字',
      );
      expect((await refused(client('甲', { custom_client_info: [{ key: 'Remark', Remark: 'x'.repeat(501) }] }), true)).msg).toBe(
        'The value of custom entry 1 may have at most 500 characters',
      );
      expect((await refused(client('甲', { custom_client_info: [{ key: '', Remark: '值' }] }))).msg).toBe('第 1 条自定义信息缺少名称');
      expect((await refused({ phone: '1' })).data.field).toBe('name');
      expect(await count()).toBe(before);

      const kept = await create(designer, client('乙'));
      const badUpdate = await call(app, 'PUT', `${PATH}/${kept.id}`, designer, client('乙', { phone: 'x' }));
      expect(badUpdate.status).toBe(400);
      expect((await call<ClientRecord>(app, 'GET', `${PATH}/${kept.id}`, designer)).data).toEqual(kept);
      // tolerated: +86, 0086, spaces, dashes, a landline with its area code, rows left empty
      const fine = await create(designer, client('丙', { phone: '0086 (571) 8888-6666', custom_client_info: [{ key: ' ', Remark: '' }] }));
      expect(fine.custom_client_info).toEqual([]);
    });

    it('links a scheme to a client, lists the schemes by client and refuses a client the caller may not use', async () => {
      const owner = await login(app, 'yfang', 'simple', '123456');
      const buyer = await create(owner, client('业主甲', { regionCode: '110100' }));
      const other = await create(owner, client('业主乙'));
      const foreign = await create(outsider, client('别家客户'));
      const colleagues = await create(colleague, client('同事的客户'));

      const up = await upload(app, owner, 'scene', sceneBytes(sceneFile(3, 'linked')));
      const made = await call<LinkedScene>(app, 'POST', '/meta20/x/scene', owner, { name: '甲的方案', file: up.url, clientId: buyer.id });
      expect(made.status, made.msg).toBe(200);
      expect(made.data).toMatchObject({ clientId: buyer.id, clientName: '业主甲' });
      const plain = await createScene(app, owner, '无客户的方案');
      expect(plain).toMatchObject({ clientId: null, clientName: '' });

      const byClient = await call<PageAnswer<LinkedScene>>(app, 'GET', `/meta20/x/scene?clientId=${buyer.id}`, owner);
      expect(byClient.data.list.map((s) => [s.name, s.clientName])).toEqual([['甲的方案', '业主甲']]);
      expect((await call<ClientRecord>(app, 'GET', `${PATH}/${buyer.id}`, owner)).data.sceneCount).toBe(1);

      // a save that moves the scheme to another client (with a new file) and one that keeps it
      const v2 = await upload(app, owner, 'scene', sceneBytes(sceneFile(4, 'linked-2')));
      const moved = await call<LinkedScene>(app, 'PUT', `/meta20/x/scene/${made.data.id}`, owner, { baseVersion: 1, file: v2.url, clientId: String(other.id) });
      expect(moved.status, moved.msg).toBe(200);
      expect(moved.data).toMatchObject({ version: 2, clientId: other.id, clientName: '业主乙' });
      const kept = await call<LinkedScene>(app, 'PUT', `/meta20/x/scene/${made.data.id}`, owner, { baseVersion: 2, name: '甲的方案 2' });
      expect(kept.data).toMatchObject({ version: 3, clientId: other.id });

      // another project's client, a colleague's, a missing one: refused, nothing saved
      for (const bad of [foreign.id, colleagues.id, 999999999]) {
        const v = await upload(app, owner, 'scene', sceneBytes(sceneFile(6, `bad-${bad}`)));
        const res = await call(app, 'PUT', `/meta20/x/scene/${made.data.id}`, owner, { baseVersion: 3, file: v.url, clientId: bad });
        expect(res.status).toBe(400);
        expect(res.code).toBe(50002);
        expect(res.msg).toBe(`方案所属的客户不存在或无权访问（客户编号 ${bad}），本次没有保存任何内容`);
        const createRes = await call(app, 'POST', '/meta20/x/scene', owner, { name: '不该存在', file: v.url, clientId: bad });
        expect(createRes.code).toBe(50002);
      }
      const after = await call<LinkedScene>(app, 'GET', `/meta20/x/scene/${made.data.id}`, owner);
      expect(after.data).toMatchObject({ version: 3, clientId: other.id, file: moved.data.file });
      const names = (await call<PageAnswer<LinkedScene>>(app, 'GET', '/meta20/x/scene?keyword=不该存在', owner)).data.total;
      expect(names).toBe(0);

      // null unlinks; deleting a client keeps its schemes, unlinked
      const unlinked = await call<LinkedScene>(app, 'PUT', `/meta20/x/scene/${made.data.id}`, owner, { baseVersion: 3, clientId: null });
      expect(unlinked.data).toMatchObject({ version: 4, clientId: null, clientName: '' });
      await call(app, 'PUT', `/meta20/x/scene/${plain.id}`, owner, { baseVersion: 1, clientId: buyer.id });
      expect((await call(app, 'DELETE', `${PATH}/${buyer.id}`, owner)).status).toBe(200);
      expect((await call<LinkedScene>(app, 'GET', `/meta20/x/scene/${plain.id}`, owner)).data).toMatchObject({ clientId: null, clientName: '' });
      expect((await call(app, 'GET', '/meta20/x/scene?clientId=abc', owner)).status).toBe(400);
    });
  });
}
