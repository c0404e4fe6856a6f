// Migration 35 (server/db/families/pricing.ts): projects whose price list was stored before room
// doors were priced get the default room-door items as a new version, so no tenant quotes its
// doors at 0; the stored versions stay as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../../server/db/pglite';
import { runMigrations } from '../../server/db/migrate';
import { MIGRATIONS } from '../../server/db/migrations';
import { ROOM_DOOR_PRICES_NOTE } from '../../server/db/families/pricing';
import { getPriceList } from '../../server/pricing/price-lists';
import type { Db } from '../../server/db/types';
import { DEFAULT_PRICE_LIST, DEFAULT_ROOM_DOOR_ITEMS } from '../../protocol/price-list-default';
import { validatePriceList, type PriceChange, type PriceItem, type PriceList } from '../../protocol/price-list';

/** The default list as it was before room doors: what migration 34's tenants stored. */
const OLD_DEFAULT: PriceList = { ...DEFAULT_PRICE_LIST, items: DEFAULT_PRICE_LIST.items.filter((i) => i.category !== 'roomDoor') };

const withPrice = (list: PriceList, code: string, price: number): PriceList => ({ ...list, items: list.items.map((i) => (i.code === code ? { ...i, price } : i)) });

describe('migration 35: room-door prices on PGlite', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createPgliteDb();
    await runMigrations(db, MIGRATIONS.filter((m) => m.id < 35));
    for (const code of ['edited', 'own', 'clash', 'none']) await db.query('insert into projects (code, name) values ($1, $1)', [code]);
    const store = (project: string, version: number, list: PriceList) =>
      db.query('insert into price_list_versions (project_code, version, list, note) values ($1, $2, $3::jsonb, $4)', [project, version, JSON.stringify(list), `v${version}`]);
    // Two versions: the newest (the admin's edit) is the one extended.
    await store('edited', 1, OLD_DEFAULT);
    await store('edited', 2, withPrice(OLD_DEFAULT, 'BRD-PB-18', 230));
    // Already prices room doors its own way: left alone.
    const ownDoor: PriceItem = { category: 'roomDoor', code: 'MY-DOOR', name_zh: '自有门', name_en: 'Own door', unit: 'set', price: 1999, doorPart: 'leaf' };
    await store('own', 1, { ...OLD_DEFAULT, items: [...OLD_DEFAULT.items, ownDoor] });
    // Uses RD-COVER for a trim of its own: that code is skipped, the rest added.
    const clash: PriceItem = { category: 'line', code: 'RD-COVER', name_zh: '装饰线', name_en: 'Decor trim', unit: 'm', price: 30 };
    await store('clash', 1, { ...OLD_DEFAULT, items: [...OLD_DEFAULT.items, clash] });
    // Up to 35 only: later migrations have tests of their own.
    const report = await runMigrations(db, MIGRATIONS.filter((m) => m.id <= 35));
    expect(report.applied).toEqual([35]);
  });
  afterAll(async () => {
    await db?.close();
  });

  const versions = (project: string) =>
    db.query<{ version: number; list: PriceList; note: string; changes: PriceChange[]; created_by_name: string }>(
      'select version, list, note, changes, created_by_name from price_list_versions where project_code = $1 order by version',
      [project],
    );

  it('appends the default room-door items to the newest list as a new version, with a note and the changes', async () => {
    const rows = await versions('edited');
    expect(rows.map((r) => r.version)).toEqual([1, 2, 3]);
    // The stored versions are untouched.
    expect(rows[0]!.list).toEqual(OLD_DEFAULT);
    expect(rows[1]!.list).toEqual(withPrice(OLD_DEFAULT, 'BRD-PB-18', 230));
    const v3 = rows[2]!;
    // The admin's price survives; the room doors follow the old items in the default order.
    expect(v3.list).toEqual({ ...withPrice(OLD_DEFAULT, 'BRD-PB-18', 230), items: [...withPrice(OLD_DEFAULT, 'BRD-PB-18', 230).items, ...DEFAULT_ROOM_DOOR_ITEMS] });
    expect(validatePriceList(v3.list).ok).toBe(true);
    expect(v3.note).toBe(ROOM_DOOR_PRICES_NOTE);
    expect(v3.created_by_name).toBe('');
    expect(v3.changes).toEqual(DEFAULT_ROOM_DOOR_ITEMS.map((i) => ({ code: i.code, from: null, to: i.price })));
    // What a quote reads now.
    const current = await getPriceList(db, 'edited');
    expect(current!.version).toBe(3);
    expect(current!.list.items.find((i) => i.code === 'RD-LEAF-SINGLE')!.price).toBe(1280);
  });

  it('leaves a list that already prices room doors alone, skips codes a list already uses, and seeds new projects with the new defaults', async () => {
    expect((await versions('own')).map((r) => r.version)).toEqual([1]);
    const clash = await versions('clash');
    expect(clash.map((r) => r.version)).toEqual([1, 2]);
    const added = clash[1]!.list.items.filter((i) => i.category === 'roomDoor').map((i) => i.code);
    expect(added).toEqual(DEFAULT_ROOM_DOOR_ITEMS.map((i) => i.code).filter((c) => c !== 'RD-COVER'));
    expect(validatePriceList(clash[1]!.list).ok).toBe(true);
    expect(await versions('none')).toEqual([]);
    const seeded = await getPriceList(db, 'none');
    expect(seeded!.version).toBe(1);
    expect(seeded!.list).toEqual(DEFAULT_PRICE_LIST);
  });
});
