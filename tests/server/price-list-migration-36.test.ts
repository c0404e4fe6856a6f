// Migration 36 (server/db/families/pricing.ts): price lists stored before the wallBoard category
// existed get the default wall-board items appended as a new version, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { MIGRATIONS } from '../../server/db/migrations';
import { runMigrations } from '../../server/db/migrate';
import { WALL_BOARD_ITEMS_36, WALL_BOARD_NOTE_36 } from '../../server/db/families/pricing';
import { getPriceList, priceListHistory } from '../../server/pricing/price-lists';
import { validatePriceList, type PriceList } from '../../protocol/price-list';
import { DEFAULT_PRICE_LIST, DEFAULT_WALL_BOARD_ITEMS } from '../../protocol/price-list-default';
import { backends } from './helpers';

const UP_TO_36 = MIGRATIONS.filter((m) => m.id <= 36);

/** The default list as stored before migration 36: no wall-board items. */
const OLD_DEFAULT: PriceList = { ...DEFAULT_PRICE_LIST, items: DEFAULT_PRICE_LIST.items.filter((i) => i.category !== 'wallBoard') };

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`migration 36 (wall-board prices) on ${backend.name}`, () => {
    let db: Db;
    let dispose: () => Promise<void>;

    beforeAll(async () => {
      ({ db, dispose } = await backend.open());
      await runMigrations(
        db,
        MIGRATIONS.filter((m) => m.id < 36),
      );
      for (const code of ['edited', 'own-codes', 'fresh']) await db.query(`insert into projects (code, name) values ($1, $1)`, [code]);
      const store = (project: string, version: number, list: PriceList, note = '') =>
        db.query(`insert into price_list_versions (project_code, version, list, note) values ($1, $2, $3::jsonb, $4)`, [project, version, JSON.stringify(list), note]);
      // 'edited': the seeded list and a dealer's repricing on top of it.
      await store('edited', 1, OLD_DEFAULT);
      await store('edited', 2, { ...OLD_DEFAULT, items: OLD_DEFAULT.items.map((i) => (i.code === 'BRD-PB-18' ? { ...i, price: 228.5 } : i)) }, '板材调价');
      // 'own-codes': the dealer already sells a skirting under WB-LN-SKIRT (a plain trim of its own).
      await store('own-codes', 1, { ...OLD_DEFAULT, items: [...OLD_DEFAULT.items, { category: 'line', code: 'WB-LN-SKIRT', name_zh: '自有踢脚线', name_en: 'Own skirting', unit: 'm', price: 29 }] });
      // 'fresh' has no list yet.
      // Up to 36 only: later migrations have tests of their own.
      const report = await runMigrations(db, UP_TO_36);
      expect(report.applied).toEqual([36]);
    });
    afterAll(async () => {
      await dispose?.();
    });

    it('froze the items the default list had when it was written', () => {
      expect(WALL_BOARD_ITEMS_36).toEqual(DEFAULT_WALL_BOARD_ITEMS);
    });

    it('appends the wall-board items to the newest version as the next one, leaving the stored versions alone', async () => {
      const v3 = (await getPriceList(db, 'edited'))!;
      expect(v3.version).toBe(3);
      expect(v3.note).toBe(WALL_BOARD_NOTE_36);
      expect(v3.created_by_name).toBe('');
      const v2 = (await getPriceList(db, 'edited', 2))!;
      expect(v2.list.items.find((i) => i.code === 'BRD-PB-18')!.price).toBe(228.5);
      expect(v2.list.items.some((i) => i.category === 'wallBoard')).toBe(false);
      // the dealer's prices kept, the wall-board items after them
      expect(v3.list.items).toEqual([...v2.list.items, ...DEFAULT_WALL_BOARD_ITEMS]);
      expect(v3.list.tileWastePercent).toBe(v2.list.tileWastePercent);
      expect(validatePriceList(v3.list).ok).toBe(true);
      const history = await priceListHistory(db, 'edited');
      expect(history[0]!.changes).toEqual(DEFAULT_WALL_BOARD_ITEMS.map((i) => ({ code: i.code, from: null, to: i.price })));
    });

    it('skips a code the dealer already uses, and lists without a version get the defaults when first read', async () => {
      const own = (await getPriceList(db, 'own-codes'))!;
      expect(own.version).toBe(2);
      expect(own.list.items.filter((i) => i.code === 'WB-LN-SKIRT')).toEqual([{ category: 'line', code: 'WB-LN-SKIRT', name_zh: '自有踢脚线', name_en: 'Own skirting', unit: 'm', price: 29 }]);
      expect(own.list.items.filter((i) => i.category === 'wallBoard')).toHaveLength(DEFAULT_WALL_BOARD_ITEMS.length - 1);

      const rows = await db.query<{ n: number }>(`select count(*)::int as n from price_list_versions where project_code = 'fresh'`);
      expect(rows[0]!.n).toBe(0);
      const fresh = (await getPriceList(db, 'fresh'))!;
      expect(fresh.version).toBe(1);
      expect(fresh.list).toEqual(DEFAULT_PRICE_LIST);
    });

    it('runs once', async () => {
      expect((await runMigrations(db, UP_TO_36)).applied).toEqual([]);
      expect((await getPriceList(db, 'edited'))!.version).toBe(3);
    });
  });
}
