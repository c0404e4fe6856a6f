// /wallboardQuote's sheet (ui/quote/wall-board-view.ts): the flat board, line and access lists
// regrouped by room, amounts from the printed quantities, totals in fen and in Chinese capitals.
import { describe, expect, it } from 'vitest';
import type { WallBoardItem } from '../../protocol/quote';
import { wallBoardAmount, wallBoardSheet } from '../../ui/quote/wall-board-view';

function item(roomName: string, name: string, qty: number, price_hs: number, report_class = '墙板'): WallBoardItem {
  return { name, qtData: { qty, price_hs }, report_class, roomName, matCode: name, paramUnitName: '平方米', sum: 0, num: 0, remark: '' };
}

describe('wallBoardSheet', () => {
  it('groups the three lists by room in first-named order and adds the rounded amounts', () => {
    const sheet = wallBoardSheet({
      board: [item('主卧', 'A', 10.89, 328), item('客厅', 'B', 4.32, 680)],
      line: [item('客厅', 'C', 7.2, 38, '线条'), item('主卧', 'D', 5.7, 32, '线条')],
      // 0.299 x 215 = 64.285 -> 64.29 (the integer product, not the float 64.28499…)
      access: [item('主卧', 'E', 0.299, 215, '辅料')],
    });
    expect(sheet.rooms.map((r) => r.roomName)).toEqual(['主卧', '客厅']);
    expect(sheet.rooms[0]!.sections.line.map((i) => i.name)).toEqual(['D']);
    // 主卧: 3571.92 + 182.40 + 64.29 = 3818.61; 客厅: 2937.60 + 273.60 = 3211.20
    expect(sheet.rooms.map((r) => r.total)).toEqual([3818.61, 3211.2]);
    expect(sheet.total).toBe(7029.81);
    expect(sheet.totalCapital).toBe('柒仟零贰拾玖元捌角壹分');
    expect(wallBoardAmount(item('x', 'x', 0.299, 215))).toBe(64.29);
  });

  it('is empty, with no capital amount, when there are no wall panels', () => {
    expect(wallBoardSheet({ board: [], line: [], access: [] })).toEqual({ rooms: [], total: 0, totalCapital: '' });
  });
});
