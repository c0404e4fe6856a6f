// api/price-list.ts against the real server (PGlite): the typed calls reach their routes and the
// refusals come back with what the admin screen needs (problems per item, the newest version).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../api/session';
import {
  getPriceList,
  getPriceListHistory,
  priceListConflictVersion,
  priceListProblems,
  savePriceList,
  type PriceList,
} from '../../api/price-list';
import { isApiError } from '../../api/errors';
import { backends } from './helpers';
import { apiClientFor, designerClientFixture, openCatalogueApp } from './catalogue-helpers';

const pglite = backends().find((b) => b.name === 'pglite')!;

function withPrice(list: PriceList, code: string, price: number): PriceList {
  return { ...list, items: list.items.map((i) => (i.code === code ? { ...i, price } : i)) };
}

describe('api/price-list against the server', () => {
  const fixture = designerClientFixture(pglite);
  let adminClient: ReturnType<typeof apiClientFor>;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const opened = await openCatalogueApp(pglite);
    dispose = () => opened.dispose();
    adminClient = apiClientFor(opened.app);
    await login(adminClient, { project: 'yfang', account: 'admin', password: 'Admin@2026' });
  });
  afterAll(async () => {
    await dispose?.();
  });

  it('reads, saves, reads an old version and the history', async () => {
    const first = await getPriceList(adminClient);
    expect(first.version).toBe(1);
    const saved = await savePriceList(adminClient, { base_version: 1, list: withPrice(first.list, 'DR-FLAT', 450), note: '门板调价' });
    expect(saved.version).toBe(2);
    expect((await getPriceList(adminClient, 1)).list.items.find((i) => i.code === 'DR-FLAT')!.price).toBe(420);
    const history = await getPriceListHistory(adminClient);
    expect(history.map((h) => [h.version, h.note])).toEqual([
      [2, '门板调价'],
      [1, ''],
    ]);
  });

  it('hands back the problems of an invalid list and the newest version of a stale save', async () => {
    const current = await getPriceList(adminClient);
    const bad = { ...current.list, items: current.list.items.map((i) => (i.code === 'HW-RAIL' ? { ...i, price: -1 } : i)) };
    const invalid = await savePriceList(adminClient, { base_version: current.version, list: bad }, { silent: true }).catch((e: unknown) => e);
    expect(priceListProblems(invalid)?.map((p) => p.zh)).toEqual(['HW-RAIL：价格不能为负数']);
    expect(priceListConflictVersion(invalid)).toBeNull();

    const stale = await savePriceList(adminClient, { base_version: 1, list: withPrice(current.list, 'HW-RAIL', 40) }, { silent: true }).catch(
      (e: unknown) => e,
    );
    expect(priceListConflictVersion(stale)).toBe(current.version);
    expect(priceListProblems(stale)).toBeNull();
  });

  it('a designer reads but cannot save', async () => {
    const list = await getPriceList(fixture.client());
    const refused = await savePriceList(fixture.client(), { base_version: list.version, list: list.list }, { silent: true }).catch((e: unknown) => e);
    expect(isApiError(refused) && refused.status).toBe(403);
    expect(isApiError(refused) && refused.serverMessage).toBe('该账号无访问权限！');
  });
});
