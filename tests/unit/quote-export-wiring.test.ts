import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_LIST } from '../../protocol/price-list-default';
import { createQuoter } from '../../kernel-worker/quote/quote';
import { cabinetTableFileName, exportCabinetTable, exportCabinetTableCsv } from '../../ui/quote/export-cabinet-table';
import { cabinetTableInputOf, customerUidOf } from '../../ui/quote/export-input';
import { tilePriceOf, tilePricesOf, unknownTileCodes, type TilePriceCache } from '../../ui/quote/tile-prices';
import { withRoom } from '../kernel/test-kernel';
import { i18nFor, loadTemplate } from './cabinet-table-support';

// The quote screens' export from end to end without a browser: a scene in the kernel, its quote,
// the input the screen makes of it for the signed-in user, and the file. Checks what reaches the
// export: the client's Remark (MLS file name), the customer uid (503: engineering, no plan number)
// and the laid tiles.

const zh = i18nFor('zh');
const DATE = new Date(2026, 10, 26, 10, 30);
const MLS_DESIGNER = { id: 77, agent_id: 0, project: 'MLS' };
const ENGINEERING_DEALER = { id: 78, agent_id: 503, project: 'BCLS' };

function kitchenWithTiles() {
  const { tk, wallIds, roomId } = withRoom();
  tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[0]!, along: 1000 });
  tk.exec('paving.add', { surface: { id: roomId, face: 'floor' }, tileCode: 'T800', tileWidth: 800, tileHeight: 800 });
  tk.exec('meta.update', { client: { name: '王五', custom_client_info: [{ key: 'Remark', Remark: '王府花园 3/1201' }] } });
  const tilePrices = [tilePriceOf({ code: 'T800', name: '卡拉拉白', price: 88.32 })];
  return createQuoter().quote(tk.kernel.records, { version: 3, list: DEFAULT_PRICE_LIST, tilePrices });
}

describe('the customer of an export', () => {
  it('is the agent a designer works under, else the account itself', () => {
    expect(customerUidOf({ id: 78, agent_id: 503 })).toBe(503);
    expect(customerUidOf({ id: 503, agent_id: 0 })).toBe(503);
    expect(customerUidOf({ id: 12, agent_id: 1001 })).toBe(1001);
    expect(customerUidOf(null)).toBeNull();
  });
});

describe('quote screen export input', () => {
  it('MLS names the file by the client Remark from the scene (made safe), and the tiles are rows of their room', () => {
    const q = kitchenWithTiles();
    expect(q.clientData.Remark).toBe('王府花园 3/1201');
    const input = cabinetTableInputOf(q, 'all', MLS_DESIGNER, DATE);
    expect(input.customerUid).toBe(77);
    expect(cabinetTableFileName(input, 'xlsx', zh)).toBe('王府花园 3 1201.xlsx');
    // Another project: plan number (none), client, title, date.
    expect(cabinetTableFileName({ ...input, project: 'BCLS' }, 'csv', zh)).toBe('王五_柜体报价单_20261126.csv');

    const csv = exportCabinetTableCsv(input, zh);
    // the scene has no order number: 无计划号 for an ordinary customer
    expect(csv.warnings).toEqual(['无计划号']);
    const lines = new TextDecoder().decode(csv.bytes).split('\r\n');
    // 18 tiles x 88.32 = 1589.76; the base unit 590.87 + hardware 102 + toe kick 27 + 0.6 m fitted 36 = 755.87,
    // its quartz worktop 0.6 m x 1580 = 948 (and its slab at 0)
    // the tiles after the room's cabinet groups (6 parts, the worktop, 4 hardware, a toe kick, the slab, the installation)
    expect(lines[15]).toBe('15,客厅,瓷砖,,T800,卡拉拉白,800,,800,,18,18,88.32,1589.76');
    expect(csv.list.total).toBe(3293.63);
    // The wardrobe quote leaves kitchens and tiles out.
    expect(cabinetTableInputOf(q, 'wardrobe', MLS_DESIGNER, DATE)).toMatchObject({ priceData: [], tiles: [] });
  });

  it('a dealer of the engineering customer (agent 503) gets the engineering template and no 无计划号', async () => {
    const q = kitchenWithTiles();
    const input = cabinetTableInputOf(q, 'all', ENGINEERING_DEALER, DATE);
    expect(input.customerUid).toBe(503);
    const file = await exportCabinetTable(input, { loadTemplate, i18n: zh });
    expect(file.warnings).toEqual([]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.bytes.slice().buffer);
    const texts: string[] = [];
    wb.worksheets[0]!.eachRow((row) => row.eachCell((c) => texts.push(String(c.value))));
    expect(texts.some((s) => s.includes('工程项目报价单'))).toBe(true);
    // The engineering sheet prints the client's Remark as the project.
    expect(texts).toContain('王府花园 3/1201');
    expect(texts).toContain('卡拉拉白');
  });
});

describe('tile prices for the quote', () => {
  it('looks up each laid code once; a code the catalogue lacks stays unpriced', () => {
    const cache: TilePriceCache = new Map([['T800', tilePriceOf({ code: 'T800', name: '卡拉拉白', price: 88.32 })], ['GONE', null]]);
    const laid = (code: string) => ({ tileCode: code }) as Parameters<typeof unknownTileCodes>[0][number];
    expect(unknownTileCodes([laid('T800'), laid('W300'), laid('W300'), laid('GONE')], cache)).toEqual(['W300']);
    expect(tilePricesOf(cache)).toEqual([{ code: 'T800', name: '卡拉拉白', price: 88.32, unit: 'piece' }]);
  });
});
