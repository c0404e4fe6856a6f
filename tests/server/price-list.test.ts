// The quotation price list (/api/admin/price-list, issue 14) on both databases: the seeded first
// version, saving new versions, reading old ones, the project admin's right to save, validation,
// stale saves, and the wall between projects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { DEFAULT_PRICE_LIST } from '../../protocol/price-list-default';
import type { PriceList, PriceListVersion, PriceListVersionSummary } from '../../protocol/price-list';
import { backends } from './helpers';
import { openCatalogueApp, signIn, type Caller, type TestApp } from './catalogue-helpers';

const PATH = '/api/admin/price-list';

function withPrice(list: PriceList, code: string, price: unknown): PriceList {
  return { ...list, items: list.items.map((i) => (i.code === code ? { ...i, price } : i)) } as PriceList;
}

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`price list on ${backend.name}`, () => {
    let app: TestApp;
    let db: Db;
    let dispose: () => Promise<void>;
    let admin: Caller;
    let designer: Caller;
    let corpAdmin: Caller;
    let corpDesigner: Caller;

    beforeAll(async () => {
      ({ app, db, dispose } = await openCatalogueApp(backend));
      [admin, designer, corpAdmin, corpDesigner] = await Promise.all([
        signIn(app, 'yfang', 'admin', 'Admin@2026'),
        signIn(app, 'yfang', 'designer', 'Design@2026'),
        signIn(app, 'yfang_corp', 'admin', 'Admin@2026'),
        signIn(app, 'yfang_corp', 'designer', 'Designer@2026'),
      ]);
    });
    afterAll(async () => {
      await dispose?.();
    });

    it('every project starts with the default list as version 1, readable by any of its users', async () => {
      const res = await designer.get<PriceListVersion>(PATH);
      expect(res.status).toBe(200);
      expect(res.body.retcode).toBe(0);
      expect(res.body.retdata.version).toBe(1);
      expect(res.body.retdata.created_by_name).toBe('');
      expect(res.body.retdata.list).toEqual(DEFAULT_PRICE_LIST);
      // a second read does not seed again
      await designer.get(PATH);
      const rows = await db.query<{ n: number }>(`select count(*)::int as n from price_list_versions where project_code = 'yfang'`);
      expect(rows[0]!.n).toBe(1);
    });

    it('the project admin saves a new version; the old one stays readable', async () => {
      const before = (await admin.get<PriceListVersion>(PATH)).body.retdata;
      const edited = withPrice(before.list, 'BRD-PB-18', 228.5);
      const saved = await admin.post<PriceListVersion>(PATH, { base_version: before.version, list: edited, note: '  板材调价 ' });
      expect(saved.status).toBe(200);
      expect(saved.body.retdata.version).toBe(before.version + 1);
      expect(saved.body.retdata.note).toBe('板材调价');
      expect(saved.body.retdata.created_by_name).not.toBe('');
      expect(saved.body.retdata.list.items.find((i) => i.code === 'BRD-PB-18')!.price).toBe(228.5);

      const current = await designer.get<PriceListVersion>(PATH);
      expect(current.body.retdata.version).toBe(before.version + 1);
      expect(current.body.retdata.list.items.find((i) => i.code === 'BRD-PB-18')!.price).toBe(228.5);
      const old = await designer.get<PriceListVersion>(PATH, { version: before.version });
      expect(old.status).toBe(200);
      expect(old.body.retdata.list.items.find((i) => i.code === 'BRD-PB-18')!.price).toBe(215);

      // PUT does the same as POST
      const put = await app.request(PATH, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ base_version: before.version + 1, list: withPrice(edited, 'HW-HINGE', 28) }),
      });
      expect(put.status).toBe(200);
      expect(((await put.json()) as { retdata: PriceListVersion }).retdata.version).toBe(before.version + 2);

      const history = await designer.get<PriceListVersionSummary[]>(`${PATH}/history`);
      expect(history.body.retdata.map((v) => v.version)).toEqual([before.version + 2, before.version + 1, before.version]);
      expect(history.body.retdata[0]!.changes).toEqual([{ code: 'HW-HINGE', from: 26, to: 28 }]);
      expect(history.body.retdata[1]!.changes).toEqual([{ code: 'BRD-PB-18', from: 215, to: 228.5 }]);
      expect(history.body.retdata[2]!.item_count).toBe(DEFAULT_PRICE_LIST.items.length);
    });

    it('a designer without admin rights cannot save: 该账号无访问权限！, nothing stored', async () => {
      const before = (await designer.get<PriceListVersion>(PATH)).body.retdata;
      const res = await designer.post(PATH, { base_version: before.version, list: withPrice(before.list, 'HW-HINGE', 1) });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ retcode: 403, retmsg: '该账号无访问权限！', retdata: null });
      const en = await app.request(PATH, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${designer.token}`, 'Content-Type': 'application/json', 'Accept-Language': 'en' },
        body: JSON.stringify({ base_version: before.version, list: before.list }),
      });
      expect(en.status).toBe(403);
      expect(((await en.json()) as { retmsg: string }).retmsg).toBe('This account has no access!');
      expect((await designer.get<PriceListVersion>(PATH)).body.retdata.version).toBe(before.version);
    });

    it('refuses negative or non-numeric prices with the reasons, and stores nothing', async () => {
      const before = (await admin.get<PriceListVersion>(PATH)).body.retdata;
      const negative = await admin.post<{ field: string; problems: { path: string; zh: string; en: string }[] }>(PATH, {
        base_version: before.version,
        list: withPrice(before.list, 'WT-QUARTZ', -5),
      });
      expect(negative.status).toBe(400);
      expect(negative.body.retcode).toBe(40002);
      expect(negative.body.retmsg).toBe('价格表无效：WT-QUARTZ：价格不能为负数');
      expect(negative.body.retdata.problems).toHaveLength(1);
      expect(negative.body.retdata.problems[0]!.en).toBe('WT-QUARTZ: the price cannot be negative');

      const text = await app.request(PATH, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json', 'Accept-Language': 'en-US,en' },
        body: JSON.stringify({ base_version: before.version, list: withPrice(before.list, 'WT-QUARTZ', 'abc') }),
      });
      expect(text.status).toBe(400);
      expect(((await text.json()) as { retmsg: string }).retmsg).toBe('Invalid price list: WT-QUARTZ: the price must be a number');

      for (const body of [{ list: before.list }, { base_version: 'x', list: before.list }, { base_version: before.version, list: null }]) {
        const res = await admin.post(PATH, body);
        expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      }
      expect((await admin.get<PriceListVersion>(PATH)).body.retdata.version).toBe(before.version);
    });

    it('a save on an old version is refused and stores nothing; an unchanged list adds no version', async () => {
      const before = (await admin.get<PriceListVersion>(PATH)).body.retdata;
      const stale = await admin.post<{ current_version: number }>(PATH, {
        base_version: before.version - 1,
        list: withPrice(before.list, 'LN-TOP', 66),
      });
      expect(stale.status).toBe(409);
      expect(stale.body.retcode).toBe(40001);
      expect(stale.body.retdata.current_version).toBe(before.version);
      expect(stale.body.retmsg).toContain(`当前为第 ${before.version} 版`);

      const same = await admin.post(PATH, { base_version: before.version, list: before.list });
      expect(same.status).toBe(400);
      expect(same.body.retmsg).toBe('价格没有变化，未保存新版本');

      // two admins saving on the same base at once: exactly one version is added
      const results = await Promise.all(
        [70, 71].map((price) => admin.post(PATH, { base_version: before.version, list: withPrice(before.list, 'LN-TOP', price) })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect((await admin.get<PriceListVersion>(PATH)).body.retdata.version).toBe(before.version + 1);
    });

    it('projects never see each other’s lists or versions', async () => {
      const mine = (await admin.get<PriceListVersion>(PATH)).body.retdata;
      expect(mine.version).toBeGreaterThan(1);
      // the project's first reads arrive together: it is seeded once
      const first = await Promise.all([corpDesigner, corpAdmin, corpDesigner].map((c) => c.get<PriceListVersionSummary[]>(`${PATH}/history`)));
      for (const r of first) expect(r.body.retdata).toHaveLength(1);
      const corp = await corpDesigner.get<PriceListVersion>(PATH);
      expect(corp.body.retdata.version).toBe(1);
      expect(corp.body.retdata.list).toEqual(DEFAULT_PRICE_LIST);
      const missing = await corpDesigner.get(PATH, { version: mine.version });
      expect(missing.status).toBe(404);
      expect(missing.body.retmsg).toBe(`价格表版本不存在：${mine.version}`);

      const saved = await corpAdmin.post<PriceListVersion>(PATH, { base_version: 1, list: withPrice(corp.body.retdata.list, 'SK-TAP', 399) });
      expect(saved.status).toBe(200);
      expect((await designer.get<PriceListVersion>(PATH)).body.retdata.list.items.find((i) => i.code === 'SK-TAP')!.price).toBe(360);
    });

    it('needs a session', async () => {
      const res = await app.request(PATH);
      expect(res.status).toBe(401);
    });
  });
}
