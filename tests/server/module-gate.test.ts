// Module-gated endpoints (core.md §6): a user without the module, or whose DateEnd has passed, gets
// the authority tip with RETCODE.MODULE_NOT_LICENSED (HTTP 403) and no data; the end day itself
// still counts. Tile work gates the tile, paving and waterjet catalogues; 定制 (wardrobe or
// cupboard) gates the cabinet price list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { RETCODE } from '../../server/http/retcodes';
import { businessDay } from '../../server/users/roles';
import { backends } from './helpers';
import { openCatalogueApp, signIn, type Caller, type TestApp } from './catalogue-helpers';

const TIP_ZH = '您的账号暂未开通该功能模块或授权已过期，请联系管理员开通';
const TIP_EN = 'Your account has no licence for this module, or it has expired; please ask your administrator';

const TILE_CALLS: readonly [string, Record<string, string | number>?][] = [
  ['/api/admin/tile', { action: 'filters' }],
  ['/api/admin/tile', { action: 'list' }],
  ['/api/admin/tile/1'],
  ['/api/admin/paving', { action: 'filters' }],
  ['/api/admin/waterjet'],
];

function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`module gates on ${backend.name}`, () => {
    let app: TestApp;
    let db: Db;
    let dispose: () => Promise<void>;
    let expired: Caller;
    let designer: Caller;
    let subagent: Caller;

    beforeAll(async () => {
      ({ app, db, dispose } = await openCatalogueApp(backend));
      [expired, designer, subagent] = await Promise.all([
        signIn(app, 'yfang', 'expired', 'Expired@2026'),
        signIn(app, 'yfang', 'designer', 'Design@2026'),
        signIn(app, 'yfang', 'subagent', 'SubAgent@2026'),
      ]);
    });
    afterAll(async () => {
      await dispose?.();
    });

    it('an account whose every DateEnd has passed gets the authority tip from every tile-work call, never data', async () => {
      for (const [path, query] of TILE_CALLS) {
        const res = await expired.get(path, query);
        expect(res.status, path).toBe(403);
        expect(res.body, path).toEqual({ retcode: RETCODE.MODULE_NOT_LICENSED, retmsg: TIP_ZH, retdata: { feature: 'tileWork', modules: ['tileWork'] } });
      }
      const favour = await expired.post('/api/admin/tile', { action: 'favor', id: 1 });
      expect(favour.status).toBe(403);
      expect(favour.body.retcode).toBe(10005);
    });

    it('the price list (wardrobe and cupboard quotes) is refused the same way, in English too', async () => {
      const res = await expired.get('/api/admin/price-list');
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ retcode: 10005, retmsg: TIP_ZH, retdata: { feature: 'cabinets', modules: ['wardrobe', 'cupboard'] } });
      const en = await app.request('/api/admin/price-list/history', { headers: { Authorization: `Bearer ${expired.token}`, 'Accept-Language': 'en' } });
      expect(en.status).toBe(403);
      expect(await en.json()).toMatchObject({ retcode: 10005, retmsg: TIP_EN, retdata: { feature: 'cabinets' } });
    });

    it('a module never licensed is missing too (the sub-agent has none)', async () => {
      expect((await subagent.get('/api/admin/tile', { action: 'filters' })).body.retcode).toBe(10005);
      expect((await subagent.get('/api/admin/price-list')).body.retcode).toBe(10005);
    });

    it('a licensed designer gets the data', async () => {
      const tiles = await designer.get<{ total: number }>('/api/admin/tile', { action: 'filters' });
      expect(tiles.status).toBe(200);
      expect(tiles.body.retcode).toBe(0);
      expect(tiles.body.retdata.total).toBeGreaterThan(0);
      const prices = await designer.get<{ version: number }>('/api/admin/price-list');
      expect(prices.body.retcode).toBe(0);
    });

    it('the end day itself still counts; the day after it does not', async () => {
      const today = businessDay();
      const setTileWork = (day: string) =>
        db.query(`update users set modules = jsonb_build_object('tileWork', $1::text) where project_code = 'yfang' and account = 'subagent'`, [day]);
      await setTileWork(today);
      expect((await subagent.get('/api/admin/tile', { action: 'filters' })).body.retcode).toBe(0);
      await setTileWork(dayBefore(today));
      expect((await subagent.get('/api/admin/tile', { action: 'filters' })).body.retcode).toBe(10005);
      // one cabinet module is enough for the price list
      await db.query(`update users set modules = jsonb_build_object('cupboard', $1::text) where project_code = 'yfang' and account = 'subagent'`, [today]);
      expect((await subagent.get('/api/admin/price-list')).body.retcode).toBe(0);
      expect((await subagent.get('/api/admin/tile', { action: 'filters' })).body.retcode).toBe(10005);
    });

    it('the test project fdm20cs is not given tile work by its FDM20/DLITE rule', async () => {
      const auditer = await signIn(app, 'fdm20cs', 'auditer', 'Audit@2026');
      expect((await auditer.get('/api/admin/tile', { action: 'filters' })).body.retcode).toBe(10005);
    });
  });
}
