import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_LIST } from '../../protocol/price-list-default';
import type { PriceList, PriceListSnapshot } from '../../protocol/price-list';
import type { WallBoardItem } from '../../protocol/quote';
import { createQuoter } from '../../kernel-worker/quote/quote';
import { TestKernel } from './test-kernel';

// The wall-board quotation (WallPanelDesign: board, line, access) against a hand-computed room.
// The room: wall centre lines on (0,0) (3840,0) (3840,3240) (0,3240), counter-clockwise, 240 thick
// and 2700 high, so every wall's left face looks into the room and the inner faces are 3600 (south
// and north: x 120..3720) and 3000 (east and west: y 120..3120) long, mitred at the corners.
// Prices are the default list's: 18 mm flat board WB-BRD-FLAT-18 328/m² from 1220 x 2440 sheets,
// framed WB-BRD-FRAMED-18 680/m²; cap 38/m, skirting 32/m, inside corner 18/m, edge 16/m; clips
// 0.35 (8 per m²), adhesive 28 a tube (0.3 per m²), batten base 35/m² (framed only).

const SNAPSHOT: PriceListSnapshot = { version: 3, list: DEFAULT_PRICE_LIST };

function room() {
  const tk = new TestKernel();
  tk.exec('storey.add', {});
  const corners = [
    { x: 0, y: 0 },
    { x: 3840, y: 0 },
    { x: 3840, y: 3240 },
    { x: 0, y: 3240 },
  ];
  const wallIds = corners.map((start, i) => tk.exec('wall.add', { start, end: corners[(i + 1) % 4]!, height: 2700 }).id);
  const roomId = tk.ofType('room')[0]!.id;
  tk.exec('room.update', { id: roomId, name: '主卧' });
  return { tk, wallIds };
}

const pick = (i: WallBoardItem) => ({ name: i.name, matCode: i.matCode, report_class: i.report_class, qty: i.qtData.qty, price_hs: i.qtData.price_hs, sum: i.sum, unit: i.paramUnitName, num: i.num });

describe('wall-board quotation', () => {
  it('a full-height panel with a door in it and a dado on the next wall, line by line', () => {
    const { tk, wallIds } = room();
    // South wall: panelled floor to ceiling (0..2700), a 900 x 2100 door centred at 1500 along the
    // wall (x 1050..1950). The door reaches into the panel's height, so the panel is two spans,
    // x 120..1050 (930) and 1950..3720 (1770): 2700 wide in all, and nothing over the door.
    tk.exec('opening.add', { wallId: wallIds[0]!, kind: 1, offset: 1500, width: 900, height: 2100 });
    tk.exec('wallPanel.add', { wallId: wallIds[0]!, face: 'left', top: 2700 });
    // East wall: a dado 0..1200 along its whole inner face, y 120..3120 (3000).
    tk.exec('wallPanel.add', { wallId: wallIds[1]!, face: 'left', top: 1200 });

    const q = createQuoter().quote(tk.kernel.records, SNAPSHOT);
    expect(q.missingPrices).toEqual([]);
    expect(new Set([...q.wallBoards.board, ...q.wallBoards.line, ...q.wallBoards.access].map((i) => i.roomName))).toEqual(new Set(['主卧']));

    expect(q.wallBoards.board.map(pick)).toEqual([
      // 2700 x 2700 + 3000 x 1200 = 7.29 + 3.6 = 10.89 m² x 328 = 3571.92.
      // Sheets 1220 x 2440: span 930 -> 1 x 2 rows, span 1770 -> 2 x 2, dado 3000 -> 3 x 1: 9.
      { name: '实木多层免漆护墙板 18mm', matCode: 'WB-BRD-FLAT-18', report_class: '墙板', qty: 10.89, price_hs: 328, sum: 3571.92, unit: '平方米', num: 9 },
    ]);
    expect(q.wallBoards.line.map(pick)).toEqual([
      // The caps over both panels: 2700 + 3000 = 5.7 m x 38 = 216.60.
      { name: '护墙板顶线（收口线）', matCode: 'WB-LN-TOP', report_class: '线条', qty: 5.7, price_hs: 38, sum: 216.6, unit: '米', num: 0 },
      // Both stand on the floor: skirting along the same 5.7 m x 32 = 182.40.
      { name: '踢脚线 80mm', matCode: 'WB-LN-SKIRT', report_class: '线条', qty: 5.7, price_hs: 32, sum: 182.4, unit: '米', num: 0 },
      // Inside corners: south-west 2700; south-east, shared by the full panel and the dado, the
      // union of 0..2700 and 0..1200 = 2700; north-east, the dado alone, 1200: 6.6 m x 18 = 118.80.
      { name: '阴角线', matCode: 'WB-LN-INNER', report_class: '线条', qty: 6.6, price_hs: 18, sum: 118.8, unit: '米', num: 0 },
      // The two door jambs, 2700 each: 5.4 m x 16 = 86.40.
      { name: '收边线', matCode: 'WB-LN-EDGE', report_class: '线条', qty: 5.4, price_hs: 16, sum: 86.4, unit: '米', num: 0 },
    ]);
    expect(q.wallBoards.access.map(pick)).toEqual([
      // 10.89 m² x 8 = 87.12 -> 88 clips x 0.35 = 30.80.
      { name: '墙板卡扣（镀锌）', matCode: 'WB-ACC-CLIP', report_class: '辅料', qty: 88, price_hs: 0.35, sum: 30.8, unit: '件', num: 0 },
      // 10.89 x 0.3 = 3.267 -> 4 tubes x 28 = 112. No batten base: neither panel is framed.
      { name: '墙板结构胶 300ml', matCode: 'WB-ACC-GLUE', report_class: '辅料', qty: 4, price_hs: 28, sum: 112, unit: '件', num: 0 },
    ]);
    // The room: 3571.92 + 216.60 + 182.40 + 118.80 + 86.40 + 30.80 + 112 = 4318.92.
    const fen = [...q.wallBoards.board, ...q.wallBoards.line, ...q.wallBoards.access].reduce((s, i) => s + Math.round(i.sum * 100), 0);
    expect(fen / 100).toBe(4318.92);
  });

  it('a raised framed panel takes the framed board and batten base; trims the list lacks are 0 and reported', () => {
    const { tk, wallIds } = room();
    // North wall, 900..2100 (1200 high), 25 mm framed: the only framed board listed is 18 mm, the nearest.
    tk.exec('wallPanel.add', { wallId: wallIds[2]!, face: 'left', bottom: 900, top: 2100, thickness: 25, style: 'framed' });
    const list: PriceList = { ...DEFAULT_PRICE_LIST, items: DEFAULT_PRICE_LIST.items.filter((i) => !(i.category === 'wallBoard' && i.part === 'line')) };
    const q = createQuoter().quote(tk.kernel.records, { version: 4, list });

    expect(q.wallBoards.board.map(pick)).toEqual([
      // 3600 x 1200 = 4.32 m² x 680 = 2937.60; sheets: ceil(3600 / 1220) = 3 across, 1 up.
      { name: '实木多层造型护墙板（框架）18mm', matCode: 'WB-BRD-FRAMED-18', report_class: '墙板', qty: 4.32, price_hs: 680, sum: 2937.6, unit: '平方米', num: 3 },
    ]);
    // A raised panel has a cap on its bottom edge too: 3.6 x 2 = 7.2 m; two inside corners of 1.2 m.
    expect(q.wallBoards.line.map((i) => ({ ...pick(i), remark: i.remark }))).toEqual([
      { name: '顶线', matCode: '', report_class: '线条', qty: 7.2, price_hs: 0, sum: 0, unit: '米', num: 0, remark: '无价格' },
      { name: '阴角线', matCode: '', report_class: '线条', qty: 2.4, price_hs: 0, sum: 0, unit: '米', num: 0, remark: '无价格' },
    ]);
    expect(q.missingPrices).toEqual(['wallBoard:line:innerCorner', 'wallBoard:line:top']);
    expect(q.wallBoards.access.map(pick)).toEqual([
      // 4.32 x 8 = 34.56 -> 35 x 0.35 = 12.25
      { name: '墙板卡扣（镀锌）', matCode: 'WB-ACC-CLIP', report_class: '辅料', qty: 35, price_hs: 0.35, sum: 12.25, unit: '件', num: 0 },
      // 4.32 x 0.3 = 1.296 -> 2 x 28 = 56
      { name: '墙板结构胶 300ml', matCode: 'WB-ACC-GLUE', report_class: '辅料', qty: 2, price_hs: 28, sum: 56, unit: '件', num: 0 },
      // framed: 4.32 m² x 35 = 151.20
      { name: '木龙骨基层（框架护墙板）', matCode: 'WB-ACC-BATTEN', report_class: '辅料', qty: 4.32, price_hs: 35, sum: 151.2, unit: '平方米', num: 0 },
    ]);
  });

  it('a board priced per sheet is quoted by the sheets; no panels, no lines', () => {
    const { tk, wallIds } = room();
    expect(createQuoter().quote(tk.kernel.records, SNAPSHOT).wallBoards).toEqual({ board: [], line: [], access: [] });
    // A free-standing 9 mm flat panel on the west wall, 600..2400 along it, 0..2400 high: bamboo-wood
    // fibre sheets 600 x 2800 priced per sheet at 95: 1800 / 600 = 3 sheets -> 285.
    tk.exec('wallPanel.add', { wallId: wallIds[3]!, face: 'left', top: 2400, thickness: 9, start: 600, end: 2400 });
    const list: PriceList = { ...DEFAULT_PRICE_LIST, items: DEFAULT_PRICE_LIST.items.map((i) => (i.code === 'WB-BRD-FLAT-9' ? { ...i, unit: 'piece', price: 95 } : i)) };
    const q = createQuoter().quote(tk.kernel.records, { version: 5, list });
    expect(q.wallBoards.board.map(pick)).toEqual([{ name: '竹木纤维集成墙板 9mm', matCode: 'WB-BRD-FLAT-9', report_class: '墙板', qty: 3, price_hs: 95, sum: 285, unit: '件', num: 3 }]);
    // Stopped mid-wall at both ends: two edge trims of 2.4 m, no corner.
    expect(q.wallBoards.line.map((i) => [i.matCode, i.qtData.qty])).toEqual([
      ['WB-LN-TOP', 1.8],
      ['WB-LN-SKIRT', 1.8],
      ['WB-LN-EDGE', 4.8],
    ]);
  });
});
