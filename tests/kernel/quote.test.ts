import { describe, expect, it, onTestFinished } from 'vitest';
import { KernelCommandError } from '../../protocol/errors';
import { DEFAULT_PRICE_LIST } from '../../protocol/price-list-default';
import type { PriceListSnapshot } from '../../protocol/price-list';
import { quotedRooms, quoteListRows, VOLUME_NO_GROUPS, type QuoteLine } from '../../protocol/quote';
import { createQuoter, tilesNeeded } from '../../kernel-worker/quote/quote';
import { withRoom } from './test-kernel';
import { inProcessKernel } from './fixtures/in-process-kernel';

// The kernel quotation against hand-computed reference cases, line by line. The figures below
// were worked out on paper from cabinet-parts.ts's construction and the default price list
// (18 mm particle board 215/m², 9 mm 98/m², flat door 420/m², sliding panel 480/m², …); the
// comments show the arithmetic so a reviewer can redo it.

const SNAPSHOT: PriceListSnapshot = { version: 7, list: DEFAULT_PRICE_LIST };

/** The fields a hand-computed line checks. */
const pick = (l: QuoteLine) => ({ name: l.name, matCode: l.matCode, width: l.width, depth: l.depth, height: l.height, num: l.num, qty: l.qty, price_hs: l.price_hs, sum: l.sum, paramUnitName: l.paramUnitName });

describe('kernel quotation', () => {
  it('a 2400 mm wardrobe with two sliding doors, line by line', () => {
    const { tk, wallIds, roomId } = withRoom();
    tk.exec('cabinet.add', { cabinetKind: 'wardrobe', wallId: wallIds[0]!, along: 2000, width: 2400, doorType: 'sliding', doorPanels: 2, handleId: 'SLIDE', name: '主卧衣柜' });
    const q = createQuoter().quote(tk.kernel.records, SNAPSHOT);
    expect(q.priceListVersion).toBe(7);
    expect(q.missingPrices).toEqual([]);
    expect(q.priceData).toHaveLength(1);
    const room = q.priceData[0]!;
    expect(room).toMatchObject({ roomName: '客厅', isYg: true });
    expect(Object.keys(room.groups).sort()).toEqual(['五金', '柜体', '柜体附加费', '趟门'].sort());

    // 2400 wide, 600 deep, 2400 high, 18 mm boards, 9 mm back: inside 2364, two sections of 1173.
    const cabinet = room.groups.柜体![0]!;
    expect(pick(cabinet)).toMatchObject({ name: '主卧衣柜', width: 2400, depth: 600, height: 2400, num: 1, qty: 1, paramUnitName: '件' });
    expect(cabinet.children!.map(pick)).toEqual([
      // 600 x 2400 x 2 = 2.88 m² x 215 = 619.20
      { name: '侧板', matCode: 'BRD-PB-18', width: 600, depth: 18, height: 2400, num: 2, qty: 2.88, price_hs: 215, sum: 619.2, paramUnitName: '平方米' },
      // 2364 x 591 = 1.397124 -> 1.397 x 215 = 300.355 -> 300.36
      { name: '顶板', matCode: 'BRD-PB-18', width: 2364, depth: 18, height: 591, num: 1, qty: 1.397, price_hs: 215, sum: 300.36, paramUnitName: '平方米' },
      { name: '底板', matCode: 'BRD-PB-18', width: 2364, depth: 18, height: 591, num: 1, qty: 1.397, price_hs: 215, sum: 300.36, paramUnitName: '平方米' },
      // one per section: 1182 x 2400 x 2 = 5.6736 -> 5.674 x 98 = 556.052 -> 556.05
      { name: '背板', matCode: 'BRD-PB-9', width: 1182, depth: 9, height: 2400, num: 2, qty: 5.674, price_hs: 98, sum: 556.05, paramUnitName: '平方米' },
      // 591 x 2364 = 1.397
      { name: '中立板', matCode: 'BRD-PB-18', width: 591, depth: 18, height: 2364, num: 1, qty: 1.397, price_hs: 215, sum: 300.36, paramUnitName: '平方米' },
      // 2 shelves x 2 sections, 1173 x 491 (600 - 9 back - 100 sliding zone): 2.303772 -> 2.304 x 215 = 495.36
      { name: '层板', matCode: 'BRD-PB-18', width: 1173, depth: 18, height: 491, num: 4, qty: 2.304, price_hs: 215, sum: 495.36, paramUnitName: '平方米' },
    ]);
    // 619.20 + 300.36 x 3 + 556.05 + 495.36
    expect(cabinet.sum).toBe(2571.69);
    expect(cabinet.price_hs).toBe(2571.69);

    expect(room.groups.趟门!.map(pick)).toEqual([
      // (2364 + 40) / 2 = 1202 wide, 2364 high, 2 panels: 5.683056 -> 5.683 x 480 = 2727.84
      { name: '趟门', matCode: 'DR-SLIDE', width: 1202, depth: 20, height: 2364, num: 2, qty: 5.683, price_hs: 480, sum: 2727.84, paramUnitName: '平方米' },
      // the top and bottom track are priced together per metre: 2.364 x 88 = 208.032 -> 208.03
      { name: '趟门上轨', matCode: 'HW-TRACK', width: 2364, depth: 0, height: 0, num: 1, qty: 2.364, price_hs: 88, sum: 208.03, paramUnitName: '米' },
      { name: '趟门下轨', matCode: '', width: 2364, depth: 0, height: 0, num: 1, qty: 1, price_hs: 0, sum: 0, paramUnitName: '件' },
      { name: '趟门滑轮', matCode: '', width: 0, depth: 0, height: 0, num: 4, qty: 4, price_hs: 0, sum: 0, paramUnitName: '件' },
    ]);
    expect(room.groups.趟门![1]!.remark).toBe('主卧衣柜');
    expect(room.groups.趟门![2]!.remark).toBe('含于轨道');
    expect(room.groups.趟门![0]).toMatchObject({ doorShape: 'flat', textureDir: 'vertical', handle: 'SLIDE', color: 'O03' });

    expect(room.groups.五金!.map(pick)).toEqual([
      // 4 pins a shelf: 16 x 1.5 = 24
      { name: '层板托', matCode: 'HW-SHELF-PIN', width: 0, depth: 0, height: 0, num: 16, qty: 16, price_hs: 1.5, sum: 24, paramUnitName: '件' },
      // a 1173 rail in each section: 2.346 m x 36 = 84.456 -> 84.46
      { name: '挂衣杆', matCode: 'HW-RAIL', width: 1173, depth: 0, height: 0, num: 2, qty: 2.346, price_hs: 36, sum: 84.46, paramUnitName: '米' },
      { name: '拉手', matCode: 'HW-HDL-SLIDE', width: 400, depth: 0, height: 0, num: 2, qty: 2, price_hs: 28, sum: 56, paramUnitName: '件' },
    ]);

    // Volume: 18 mm boards 0.05184 + 0.050296 + 0.025148 + 0.041468 = 0.168752 m³ -> 0.17 (up);
    // the 9 mm back 5.6736 m² x 0.009 = 0.0510624 -> 0.06; no 25 mm board.
    expect(q.volume).toEqual({
      ok: true,
      groups: [{ groupName: '客厅', t_9: 0.06, t_18: 0.17, t_25: 0, worktop: 0, worktopDetail: [], doorNumber: 2, doorArea: 5.683, yakouNumber: 0, totalArea: 20.732 }],
    });

    // The standard quote: the room's area (withRoom: 4000 x 3000 on centre lines, 240 walls -> 3760 x 2760).
    expect(q.standard.name).toBe('定制家具');
    expect(q.standard.rooms).toHaveLength(1);
    const std = q.standard.rooms[0]!;
    expect(std).toMatchObject({ roomName: '客厅', roomId, roomArea: 10.38 });
    expect(std.cabinet).toEqual([cabinet]);
    expect(std.doorPanel.map((l) => l.name)).toEqual(['趟门']);
    expect(std.accessory.map((l) => l.name)).toEqual(['层板托', '挂衣杆', '拉手', '趟门上轨', '趟门下轨', '趟门滑轮']);

    // 2400 is not a wardrobe run width (1200, 1000 ... 400): made to order, 80 a piece; and 2.4 m of
    // cabinets fitted at 60 a metre = 144.
    expect(room.groups.柜体附加费!.map(pick)).toEqual([
      { name: '非标尺寸加工费', matCode: 'CF-NONSTD', width: 2400, depth: 600, height: 2400, num: 1, qty: 1, price_hs: 80, sum: 80, paramUnitName: '件' },
      { name: '安装费（按延米）', matCode: 'CF-INSTALL', width: 0, depth: 0, height: 0, num: 1, qty: 2.4, price_hs: 60, sum: 144, paramUnitName: '米' },
    ]);
    expect(room.groups.柜体附加费![0]!.remark).toBe('主卧衣柜');

    // The quote list adds up to the lines: 2571.69 + 2727.84 + 208.03 + 24 + 84.46 + 56 + 80 + 144 = 5896.02
    const list = quoteListRows(q.priceData);
    expect(list.total).toBe(5896.02);
    expect(list.totalCapital).toBe('伍仟捌佰玖拾陆元零贰分');
  });

  it('a run of two kitchen base units (a door unit and a drawer unit), line by line', () => {
    const { tk, wallIds } = withRoom();
    tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[0]!, along: 1000, name: '单门地柜' });
    tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[0]!, along: 1500, width: 400, shelves: 0, doorType: 'drawers', drawers: 3, name: '三抽地柜' });
    const q = createQuoter().quote(tk.kernel.records, SNAPSHOT);
    expect(q.missingPrices).toEqual([]);
    const room = q.priceData[0]!;
    expect(room.isYg).toBe(false);
    const [door, drawers] = room.groups.柜体!;

    // 600 x 560 x 720 on a 100 toe kick: inside 564, depth behind the back 551.
    expect(door!.children!.map(pick)).toEqual([
      // 560 x 720 x 2 = 0.8064 -> 0.806 x 215 = 173.29
      { name: '侧板', matCode: 'BRD-PB-18', width: 560, depth: 18, height: 720, num: 2, qty: 0.806, price_hs: 215, sum: 173.29, paramUnitName: '平方米' },
      // 564 x 551 = 0.310764 -> 0.311 x 215 = 66.865 -> 66.87
      { name: '顶板', matCode: 'BRD-PB-18', width: 564, depth: 18, height: 551, num: 1, qty: 0.311, price_hs: 215, sum: 66.87, paramUnitName: '平方米' },
      { name: '底板', matCode: 'BRD-PB-18', width: 564, depth: 18, height: 551, num: 1, qty: 0.311, price_hs: 215, sum: 66.87, paramUnitName: '平方米' },
      // 564 x 720 = 0.40608 -> 0.406 x 98 = 39.788 -> 39.79
      { name: '背板', matCode: 'BRD-PB-9', width: 564, depth: 9, height: 720, num: 1, qty: 0.406, price_hs: 98, sum: 39.79, paramUnitName: '平方米' },
      // 564 x 531 (560 - 9 - 20 setback) = 0.299484 -> 0.299 x 215 = 64.285 -> 64.29 (not the float product's 64.28)
      { name: '层板', matCode: 'BRD-PB-18', width: 564, depth: 18, height: 531, num: 1, qty: 0.299, price_hs: 215, sum: 64.29, paramUnitName: '平方米' },
      // 597 x 717 = 0.428049 -> 0.428 x 420 = 179.76
      { name: '门板', matCode: 'DR-FLAT', width: 597, depth: 18, height: 717, num: 1, qty: 0.428, price_hs: 420, sum: 179.76, paramUnitName: '平方米' },
    ]);
    expect(door!.children![5]).toMatchObject({ hingSlidName: '阻尼铰链 110°', hingSlidModelno: 'HG-110', handle: 'H128', doorShape: 'flat' });
    expect(door!.sum).toBe(590.87);

    // 400 wide, three drawers: inside 364; boxes 338 wide on 500 slides (541 inside depth).
    expect(drawers!.children!.map(pick)).toEqual([
      { name: '侧板', matCode: 'BRD-PB-18', width: 560, depth: 18, height: 720, num: 2, qty: 0.806, price_hs: 215, sum: 173.29, paramUnitName: '平方米' },
      // 364 x 551 = 0.200564 -> 0.201 x 215 = 43.215 -> 43.22
      { name: '顶板', matCode: 'BRD-PB-18', width: 364, depth: 18, height: 551, num: 1, qty: 0.201, price_hs: 215, sum: 43.22, paramUnitName: '平方米' },
      { name: '底板', matCode: 'BRD-PB-18', width: 364, depth: 18, height: 551, num: 1, qty: 0.201, price_hs: 215, sum: 43.22, paramUnitName: '平方米' },
      // 364 x 720 = 0.26208 -> 0.262 x 98 = 25.676 -> 25.68
      { name: '背板', matCode: 'BRD-PB-9', width: 364, depth: 9, height: 720, num: 1, qty: 0.262, price_hs: 98, sum: 25.68, paramUnitName: '平方米' },
      // a box: 2 x (338 + 500) x 120 + 338 x 500 = 370120 mm², x 3 = 1.11036 -> 1.11 x 215 = 238.65
      { name: '抽屉', matCode: 'BRD-PB-18', width: 338, depth: 12, height: 500, num: 3, qty: 1.11, price_hs: 215, sum: 238.65, paramUnitName: '平方米' },
      // 397 x 237 x 3 = 0.282267 -> 0.282 x 420 = 118.44
      { name: '抽屉面板', matCode: 'DR-FLAT', width: 397, depth: 18, height: 237, num: 3, qty: 0.282, price_hs: 420, sum: 118.44, paramUnitName: '平方米' },
    ]);
    expect(drawers!.children![5]).toMatchObject({ hingSlidName: '三节阻尼滑轨 500mm', hingSlidModelno: 'SL-500' });
    expect(drawers!.sum).toBe(642.5);

    // The toe kicks are sold as trims by the metre: 0.6 and 0.4 m x 45.
    expect(room.groups.线条!.map(pick)).toEqual([
      { name: '踢脚板', matCode: 'LN-PLINTH', width: 600, depth: 18, height: 100, num: 1, qty: 0.6, price_hs: 45, sum: 27, paramUnitName: '米' },
      { name: '踢脚板', matCode: 'LN-PLINTH', width: 400, depth: 18, height: 100, num: 1, qty: 0.4, price_hs: 45, sum: 18, paramUnitName: '米' },
    ]);
    // Each article once for the room, the two units' counts added, in the order first met.
    expect(room.groups.五金!.map((l) => [l.name, l.matCode, l.num, l.qty, l.price_hs, l.sum, l.remark])).toEqual([
      // legs: 2 x (ceil(600 / 600) + 1) = 4 under each unit, 8 x 6.5 = 52
      ['调整脚', 'HW-LEG', 8, 8, 6.5, 52, '单门地柜、三抽地柜'],
      ['层板托', 'HW-SHELF-PIN', 4, 4, 1.5, 6, '单门地柜'],
      // hingesFor(717) = 2
      ['铰链', 'HW-HINGE', 2, 2, 26, 52, '单门地柜'],
      // one on the door, one on each drawer: 4 x 18 = 72
      ['拉手', 'HW-HDL-H01', 4, 4, 18, 72, '单门地柜、三抽地柜'],
      ['抽屉滑轨', 'HW-SLIDE-500', 3, 3, 75, 225, '三抽地柜'],
    ]);
    // Both units are standard (600 and 400 wide, 560 deep, 720 high): no 非标 fee; 1.0 m fitted x 60.
    expect(room.groups.柜体附加费!.map(pick)).toEqual([
      { name: '安装费（按延米）', matCode: 'CF-INSTALL', width: 0, depth: 0, height: 0, num: 2, qty: 1, price_hs: 60, sum: 60, paramUnitName: '米' },
    ]);
    // Side by side, the two units carry one quartz worktop (their default): 1.0 m x 1580, the slab
    // 1000 x 580 in its price, no sink, no backsplash.
    expect(room.groups.台面!.map(pick)).toEqual([
      { name: '石英石台面 15mm', matCode: 'WT-QUARTZ', width: 1000, depth: 580, height: 15, num: 1, qty: 1, price_hs: 1580, sum: 1580, paramUnitName: '米' },
    ]);
    expect(room.groups.台面毛板!.map((l) => [l.width, l.depth, l.qty, l.sum])).toEqual([[1000, 580, 0.58, 0]]);
    expect(room.groups.水槽).toBeUndefined();
    expect(room.groups.台面附加费).toBeUndefined();
    // 590.87 + 642.50 + 27 + 18 + (52 + 6 + 52 + 72 + 225) + 60 + 1580
    expect(quoteListRows(q.priceData).total).toBe(3325.37);
  });

  it('a 3600 mm L-shaped kitchen with a double sink and a hob: worktop, sink, fees, slabs and appliances, line by line', () => {
    const { tk, wallIds } = withRoom();
    // The room's inside runs x 120..3880, y 120..2880 (240 mm walls on centre lines 0 and 4000 / 3000).
    // Leg A along wall 0 (y = 0), backs 1 mm off its face (y = 121), fronts at y = 681: a 1000 blind
    // corner unit at x 120..1120 (its blind part in the corner), an 800 sink unit at 1120..1920, a
    // 600 unit at 1920..2520: 2400 mm of units.
    const corner = tk.exec('cabinet.add', { cabinetKind: 'cornerBase', wallId: wallIds[0]!, along: 620, name: '转角柜' }).id;
    const sink = tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[0]!, along: 1520, width: 800, doorType: 'double', name: '水槽柜' }).id;
    tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[0]!, along: 2220, width: 600, name: '单门柜' });
    // Leg B along wall 3 ((0,3000) to (0,0); along = 3000 - y), backs at x = 121, from the corner
    // unit's fronts (y = 681) on: an 800 hob unit at y 681..1481, a 400 unit at 1481..1881: 1200 mm.
    const hob = tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[3]!, along: 1919, width: 800, doorType: 'double', name: '灶台柜' }).id;
    tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[3]!, along: 1319, width: 400, name: '拉篮柜' });
    tk.exec('cabinet.update', { id: sink, fitting: 'sink', sinkType: 'double' });
    tk.exec('cabinet.update', { id: hob, fitting: 'hob', appliances: ['FT-HOB-TH33B', 'FT-HOOD-JQ26TS'] });
    tk.exec('cabinet.setWorktop', { id: corner, worktopMaterial: 'quartz', backsplash: 50 });

    const q = createQuoter().quote(tk.kernel.records, SNAPSHOT);
    expect(q.missingPrices).toEqual([]);
    const room = q.priceData[0]!;
    expect(q.priceData).toHaveLength(1);
    expect(room.isYg).toBe(false);

    // Slab: 560 deep units + 20 overhang = 580 deep, quartz 15 mm. Leg A's slab runs the whole
    // 2400 (the corner square is its); leg B's starts at A's overhanging edge (y = 701) and runs to
    // y = 1881: 1180. Running metres along the wall side: 2.4 + 1.18 = 3.58 m x 1580 = 5656.40.
    expect(room.groups.台面!.map(pick)).toEqual([
      { name: '石英石台面 15mm', matCode: 'WT-QUARTZ', width: 3580, depth: 580, height: 15, num: 2, qty: 3.58, price_hs: 1580, sum: 5656.4, paramUnitName: '米' },
    ]);
    expect(room.groups.台面![0]!.remark).toBe('2400+1180');
    // The pieces as cut, in the worktop's price (0): 2400 x 580 = 1.392 m², 1180 x 580 = 0.6844 -> 0.684.
    expect(room.groups.台面毛板!.map((l) => [pick(l), l.remark])).toEqual([
      [{ name: '台面毛板', matCode: 'WT-QUARTZ', width: 2400, depth: 580, height: 15, num: 1, qty: 1.392, price_hs: 0, sum: 0, paramUnitName: '平方米' }, '含于台面延米价'],
      [{ name: '台面毛板', matCode: 'WT-QUARTZ', width: 1180, depth: 580, height: 15, num: 1, qty: 0.684, price_hs: 0, sum: 0, paramUnitName: '平方米' }, '含于台面延米价'],
    ]);
    // A double-bowl sink (760 x 420 cut-out) and its tap.
    expect(room.groups.水槽!.map(pick)).toEqual([
      { name: '304 不锈钢双槽', matCode: 'SK-DOUBLE', width: 760, depth: 420, height: 0, num: 1, qty: 1, price_hs: 980, sum: 980, paramUnitName: '件' },
      { name: '抽拉式冷热龙头', matCode: 'SK-TAP', width: 0, depth: 0, height: 0, num: 1, qty: 1, price_hs: 360, sum: 360, paramUnitName: '件' },
    ]);
    // Cut-outs, then the backsplash along the walls: A's back 2400, A's corner end against wall 3
    // 580, B's back 1180 (B's end butting against A has none, its free end no wall): 4.16 m x 90 = 374.40.
    expect(room.groups.台面附加费!.map(pick)).toEqual([
      { name: '水槽开孔（台下盆）', matCode: 'WF-SINK-CUT', width: 760, depth: 420, height: 0, num: 1, qty: 1, price_hs: 200, sum: 200, paramUnitName: '处' },
      { name: '灶具开孔', matCode: 'WF-HOB-CUT', width: 650, depth: 350, height: 0, num: 1, qty: 1, price_hs: 150, sum: 150, paramUnitName: '处' },
      { name: '后挡水', matCode: 'WF-BACKSPLASH', width: 4160, depth: 0, height: 50, num: 1, qty: 4.16, price_hs: 90, sum: 374.4, paramUnitName: '米' },
    ]);
    expect(room.groups.方太电器!.map(pick)).toEqual([
      { name: '方太燃气灶 TH33B', matCode: 'FT-HOB-TH33B', width: 0, depth: 0, height: 0, num: 1, qty: 1, price_hs: 2599, sum: 2599, paramUnitName: '件' },
      { name: '方太吸油烟机 JQ26TS', matCode: 'FT-HOOD-JQ26TS', width: 0, depth: 0, height: 0, num: 1, qty: 1, price_hs: 4299, sum: 4299, paramUnitName: '件' },
    ]);
    expect(room.groups.方太电器![0]!.remark).toBe('灶台柜');
    // The kitchen's lines besides the cabinets: 5656.40 + 0 + (980 + 360) + (200 + 150 + 374.40) + (2599 + 4299) = 14618.80.
    const rows = quoteListRows(q.priceData).rows.filter((r) => ['台面', '台面毛板', '水槽', '台面附加费', '方太电器'].includes(r.CombinationInfo));
    expect(Math.round(rows.reduce((s, r) => s + r.TotalAmount, 0) * 100) / 100).toBe(14618.8);

    // Volume report: 3.58 m of quartz.
    const volume = q.volume.ok ? q.volume.groups[0]! : null;
    expect(volume).toMatchObject({ worktop: 3.58, worktopDetail: [{ modelno: 'WT-QUARTZ', qty: 3.58, mats: '石英石台面 15mm' }] });
    // The standard quote's accessories list the sink, tap and appliances after the hardware.
    const accessory = q.standard.rooms[0]!.accessory.map((l) => l.matCode);
    expect(accessory.slice(-4)).toEqual(['SK-DOUBLE', 'SK-TAP', 'FT-HOB-TH33B', 'FT-HOOD-JQ26TS']);

    // Moving the 400 unit 100 mm away splits it off: A 2400, B 800 - 20 = 780, and a 400 on its own.
    const last = tk.ofType('cabinet').find((c) => c.name === '拉篮柜')!;
    tk.exec('cabinet.update', { id: last.id, position: { ...last.position, y: last.position.y + 100 } });
    const moved = createQuoter().quote(tk.kernel.records, SNAPSHOT);
    expect(moved.priceData[0]!.groups.台面!.map((l) => [l.qty, l.remark])).toEqual([
      [3.18, '2400+780'],
      [0.4, '400'],
    ]);
  });

  it('no cabinets: the volume report says 计算方数异常！ and the quote is empty', () => {
    const { tk } = withRoom();
    const q = createQuoter().quote(tk.kernel.records, SNAPSHOT);
    expect(q.volume).toEqual({ ok: false, message: VOLUME_NO_GROUPS });
    expect(VOLUME_NO_GROUPS).toBe('计算方数异常！');
    expect(q.priceData).toEqual([]);
    expect(q.standard.rooms).toEqual([]);
    expect(q.clientData).toEqual({ ClientName: '', ClientTel: '', OrderNo: '', ClientAddress: '', Remark: '' });
    tk.exec('meta.update', { client: { name: '张三', phone: '13800000000', order_number: 'JH-0042', address: '上海市徐汇区' } });
    expect(createQuoter().quote(tk.kernel.records, SNAPSHOT).clientData).toEqual({ ClientName: '张三', ClientTel: '13800000000', OrderNo: 'JH-0042', ClientAddress: '上海市徐汇区', Remark: '' });
    // custom_client_info: the Remark entry is the client's remark; an entry fills a field the record leaves empty.
    tk.exec('meta.update', { client: { phone: '', custom_client_info: [{ key: 'Remark', Remark: '王府花园3栋1201' }, { key: 'ClientTel', Remark: '021-5555' }, { key: 'ClientName', Remark: '李四' }] } });
    expect(createQuoter().quote(tk.kernel.records, SNAPSHOT).clientData).toEqual({ ClientName: '张三', ClientTel: '021-5555', OrderNo: 'JH-0042', ClientAddress: '上海市徐汇区', Remark: '王府花园3栋1201' });
    // one undo step, and a bad entry is refused without a change
    tk.undo();
    expect(createQuoter().quote(tk.kernel.records, SNAPSHOT).clientData.Remark).toBe('');
    expect(() => tk.exec('meta.update', { client: { custom_client_info: [{ key: '1 bad', Remark: 'x' }] } })).toThrow(/key/);
    expect(createQuoter().quote(tk.kernel.records, SNAPSHOT).clientData.ClientTel).toBe('13800000000');
  });

  it('counts the archways (垭口) of a room with cabinets apart from its doors', () => {
    const { tk, wallIds } = withRoom();
    tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[0]!, along: 1000 });
    tk.exec('opening.add', { wallId: wallIds[1]!, kind: 8, offset: 1500, width: 900, height: 2100 });
    tk.exec('opening.add', { wallId: wallIds[2]!, kind: 1, offset: 2000, width: 900, height: 2100 });
    const q = createQuoter().quote(tk.kernel.records, SNAPSHOT);
    expect(q.volume.ok && q.volume.groups[0]!.yakouNumber).toBe(1);
    // The cabinet's own door, not the room's: 597 x 717 = 0.428 m².
    expect(q.volume.ok && q.volume.groups[0]).toMatchObject({ doorNumber: 1, doorArea: 0.428 });
  });

  it('a price the list lacks is quoted at 0 with 无价格 and reported', () => {
    const { tk, wallIds } = withRoom();
    tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[0]!, along: 1000 });
    const list = { ...DEFAULT_PRICE_LIST, items: DEFAULT_PRICE_LIST.items.filter((i) => i.code !== 'HW-HINGE' && i.code !== 'HW-HINGE-165') };
    const q = createQuoter().quote(tk.kernel.records, { version: 8, list });
    expect(q.missingPrices).toEqual(['hardware:hinge']);
    const hinge = q.priceData[0]!.groups.五金!.find((l) => l.name === '铰链')!;
    expect(hinge).toMatchObject({ price_hs: 0, sum: 0, remark: '无价格', qty: 2 });
  });

  it('re-quotes only the edited cabinet, and a new price list version re-prices everything', () => {
    const { tk, wallIds } = withRoom();
    const a = tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[0]!, along: 1000 }).id;
    tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[0]!, along: 1600 });
    const quoter = createQuoter();
    const first = quoter.quote(tk.kernel.records, SNAPSHOT);
    tk.exec('cabinet.update', { id: a, doorShape: 'shaker' });
    const second = quoter.quote(tk.kernel.records, SNAPSHOT);
    const [c1, c2] = second.priceData[0]!.groups.柜体!;
    // The untouched cabinet's line is the very object of the first quote (taken from the cache).
    expect(c2).toBe(first.priceData[0]!.groups.柜体![1]);
    // The edited door: 0.428 m² at the framed price 760 = 325.28 instead of 179.76.
    expect(c1!.children!.find((l) => l.name === '门板')).toMatchObject({ matCode: 'DR-FRAMED', price_hs: 760, sum: 325.28, doorShape: 'shaker' });
    const dearer = { ...DEFAULT_PRICE_LIST, items: DEFAULT_PRICE_LIST.items.map((i) => (i.code === 'BRD-PB-18' ? { ...i, price: 300 } : i)) };
    const third = quoter.quote(tk.kernel.records, { version: 8, list: dearer });
    expect(third.priceListVersion).toBe(8);
    // 0.806 m² of sides at 300
    expect(third.priceData[0]!.groups.柜体![1]!.children![0]).toMatchObject({ price_hs: 300, sum: 241.8 });
  });

  it('a run of identical units lists each hardware article once, and merging leaves the per-cabinet cache alone', () => {
    const { tk, wallIds } = withRoom();
    const ids = [400, 1000, 1600, 2200, 2800].map((along) => tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[0]!, along }).id);
    const quoter = createQuoter();
    const first = quoter.quote(tk.kernel.records, SNAPSHOT);
    const room = first.priceData[0]!;
    expect(room.groups.柜体).toHaveLength(5);
    // Five units, each 2 hinges, 4 legs, 4 shelf pins, 1 handle; unnamed, so each is called by its
    // kind and width, the remark all five share.
    expect(room.groups.五金!.map((l) => [l.name, l.num, l.qty, l.price_hs, l.sum, l.remark])).toEqual([
      ['调整脚', 20, 20, 6.5, 130, '地柜 600'],
      ['层板托', 20, 20, 1.5, 30, '地柜 600'],
      ['铰链', 10, 10, 26, 260, '地柜 600'],
      ['拉手', 5, 5, 18, 90, '地柜 600'],
    ]);
    // Five 600 toe kicks of one colour: one trim line of 3 m x 45 = 135.
    expect(room.groups.线条!.map(pick)).toEqual([{ name: '踢脚板', matCode: 'LN-PLINTH', width: 600, depth: 18, height: 100, num: 5, qty: 3, price_hs: 45, sum: 135, paramUnitName: '米' }]);
    // 3.0 m fitted x 60 = 180
    expect(room.groups.柜体附加费!.map((l) => [l.matCode, l.num, l.qty, l.sum])).toEqual([['CF-INSTALL', 5, 3, 180]]);

    // One door edited: the other four cabinets come from the cache, and the merged lines of the
    // first quote are unchanged (merging made new lines, it did not add into cached ones).
    tk.exec('cabinet.update', { id: ids[2]!, doorShape: 'shaker' });
    const second = quoter.quote(tk.kernel.records, SNAPSHOT);
    const cabinets = second.priceData[0]!.groups.柜体!;
    expect(cabinets.filter((l) => room.groups.柜体!.includes(l))).toHaveLength(4);
    expect(cabinets.filter((l) => l.doorShape === 'shaker')).toHaveLength(1);
    expect(room.groups.五金!.find((l) => l.name === '铰链')!.qty).toBe(10);
    expect(second.priceData[0]!.groups.五金!.find((l) => l.name === '铰链')).toMatchObject({ num: 10, qty: 10, sum: 260 });
    // The shaker door: 0.428 m² x (760 - 420) = 145.52 dearer.
    expect(quoteListRows(second.priceData).total).toBe(Math.round((quoteListRows(first.priceData).total + 145.52) * 100) / 100);
  });

  it('cabinet surcharges: 非标 for a size off its kind\'s standard, installation by the metre of cabinets per room', () => {
    const { tk, wallIds } = withRoom();
    // Standard: a 600 base, a 1000 corner unit, a filler of any width.
    tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[0]!, along: 400, name: '标准地柜' });
    tk.exec('cabinet.add', { cabinetKind: 'filler', wallId: wallIds[0]!, along: 760, width: 120, name: '封板' });
    // Off standard: 550 wide (not a run width), a wall unit 350 deep (its kind's is 320), a tall unit 2200 high (2100).
    tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[0]!, along: 1200, width: 550, name: '窄地柜' });
    tk.exec('cabinet.add', { cabinetKind: 'wall', wallId: wallIds[0]!, along: 400, depth: 350, name: '深吊柜' });
    tk.exec('cabinet.add', { cabinetKind: 'tall', wallId: wallIds[0]!, along: 2000, height: 2200, name: '高柜' });
    tk.exec('cabinet.add', { cabinetKind: 'cornerBase', wallId: wallIds[0]!, along: 3300, name: '转角柜' });
    const q = createQuoter().quote(tk.kernel.records, SNAPSHOT);
    const fees = q.priceData[0]!.groups.柜体附加费!;
    const row = (l: QuoteLine) => [l.name, l.matCode, l.width, l.depth, l.height, l.num, l.qty, l.price_hs, l.sum, l.remark];
    // One line per off-standard cabinet (in the document's order), the installation last.
    expect(fees).toHaveLength(4);
    const byRemark = (r: string) => row(fees.find((l) => l.remark === r)!);
    expect(byRemark('窄地柜')).toEqual(['非标尺寸加工费', 'CF-NONSTD', 550, 560, 720, 1, 1, 80, 80, '窄地柜']);
    expect(byRemark('深吊柜')).toEqual(['非标尺寸加工费', 'CF-NONSTD', 600, 350, 720, 1, 1, 80, 80, '深吊柜']);
    expect(byRemark('高柜')).toEqual(['非标尺寸加工费', 'CF-NONSTD', 600, 580, 2200, 1, 1, 80, 80, '高柜']);
    // 600 + 120 + 550 + 600 (the wall unit counts: hung on its own) + 600 + 1000 = 3470 mm -> 3.47 m x 60 = 208.2
    expect(row(fees[3]!)).toEqual(['安装费（按延米）', 'CF-INSTALL', 0, 0, 0, 6, 3.47, 60, 208.2, '']);
    expect(q.missingPrices).toEqual([]);
    // A list without the fees: quoted at 0 with 无价格 and reported.
    const bare = { ...DEFAULT_PRICE_LIST, items: DEFAULT_PRICE_LIST.items.filter((i) => i.category !== 'cabinetFee') };
    const r = createQuoter().quote(tk.kernel.records, { version: 9, list: bare });
    expect(r.missingPrices).toEqual(['CF-INSTALL', 'CF-NONSTD']);
    expect(r.priceData[0]!.groups.柜体附加费!.map((l) => [l.num, l.qty, l.sum, l.remark])).toEqual([
      [1, 1, 0, '无价格'],
      [1, 1, 0, '无价格'],
      [1, 1, 0, '无价格'],
      [6, 3.47, 0, '无价格'],
    ]);
  });

  it('laid tiles: area per surface and the tiles needed with the waste allowance', () => {
    const { tk, roomId, wallIds } = withRoom();
    tk.exec('paving.add', { surface: { id: roomId, face: 'floor' }, tileCode: 'T800', tileWidth: 800, tileHeight: 800 });
    tk.exec('paving.add', { surface: { id: wallIds[0]!, face: 'left' }, tileCode: 'W300', tileWidth: 300, tileHeight: 600 });
    const q = createQuoter().quote(tk.kernel.records, SNAPSHOT);
    const floor = q.tiles.find((t) => t.face === 'floor')!;
    // 3760 x 2760 = 10.3776 m²; / 0.64 = 16.215 tiles x 1.1 = 17.8365 -> 18
    expect(floor).toMatchObject({ roomName: '客厅', tileCode: 'T800', area: 10.378, tiles: 18, wastePercent: 10 });
    // The south wall (left looks into the room) along its 4000 centre line, 2800 high, less a 900 x 2100
    // door: 11.2 - 1.89 = 9.31 m²; / 0.18 = 51.72 x 1.1 = 56.89 -> 57
    expect(q.tiles.find((t) => t.face === 'left')).toMatchObject({ roomName: '客厅', tileCode: 'W300', area: 11.2, tiles: 69 });
    tk.exec('opening.add', { wallId: wallIds[0]!, kind: 1, offset: 2000, width: 900, height: 2100 });
    const wall = createQuoter().quote(tk.kernel.records, SNAPSHOT).tiles.find((t) => t.face === 'left')!;
    expect(wall).toMatchObject({ area: 9.31, tiles: 57 });
    expect(tilesNeeded(1_000_000, 100, 100, 10)).toBe(110);
    expect(tilesNeeded(0, 100, 100, 10)).toBe(0);
  });
});

  it('laid tiles are priced from the catalogue prices given, per piece or per m², and count in the list', () => {
    const { tk, roomId, wallIds } = withRoom();
    tk.exec('paving.add', { surface: { id: roomId, face: 'floor' }, tileCode: 'T800', tileWidth: 800, tileHeight: 800 });
    tk.exec('paving.add', { surface: { id: wallIds[0]!, face: 'left' }, tileCode: 'W300', tileWidth: 300, tileHeight: 600 });
    const tilePrices = [
      { code: 'T800', name: '卡拉拉白 800×800', price: 88.32, unit: 'piece' as const },
      { code: 'W300', name: '墙砖 300×600', price: 75, unit: 'm2' as const },
    ];
    const q = createQuoter().quote(tk.kernel.records, { ...SNAPSHOT, tilePrices });
    expect(q.missingPrices).toEqual([]);
    // 18 tiles x 88.32 = 1589.76
    expect(q.tiles.find((t) => t.face === 'floor')).toMatchObject({ tileName: '卡拉拉白 800×800', tiles: 18, price: 88.32, unit: 'piece', qty: 18, amount: 1589.76 });
    // per m²: the 69 whole tiles bought, 69 x 0.18 = 12.42 m² x 75 = 931.5 (not the face's 11.2 m²)
    expect(q.tiles.find((t) => t.face === 'left')).toMatchObject({ tiles: 69, price: 75, unit: 'm2', qty: 12.42, amount: 931.5 });
    // No cabinets: the tiles alone make the room in the list, under 瓷砖; 1589.76 + 931.5 = 2521.26.
    const list = quoteListRows(q.priceData, q.tiles);
    expect(list.rows.map((r) => [r.SpaceInfo, r.CombinationInfo, r.Code, r.Name, r.Quantity, r.QuoteQty, r.UnitPrice, r.TotalAmount])).toEqual([
      ['客厅', '瓷砖', 'T800', '卡拉拉白 800×800', 18, 18, 88.32, 1589.76],
      ['客厅', '瓷砖', 'W300', '墙砖 300×600', 69, 12.42, 75, 931.5],
    ]);
    expect(list.total).toBe(2521.26);
    expect(quotedRooms(q.priceData, q.tiles)[0]!.groups.瓷砖![0]!.remark).toBe('地面 10.378㎡，损耗 10%');

    // A cabinet in the room: the tiles join its room after the cabinet groups. One 600 base unit: 590.87
    // + 26 + 6 + 52 + 18 (legs, pins, hinges, handle) + 27 (toe kick) + 36 (0.6 m fitted) = 755.87, its
    // quartz worktop 0.6 m x 1580 = 948, + 2521.26 = 4225.13
    tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[1]!, along: 1000 });
    const r = createQuoter().quote(tk.kernel.records, { ...SNAPSHOT, tilePrices });
    const withCabinet = quoteListRows(r.priceData, r.tiles);
    expect(withCabinet.rooms).toEqual([{ roomName: '客厅', total: 4225.13 }]);
    expect(withCabinet.rows.at(-1)!.CombinationInfo).toBe('瓷砖');

    // A code the catalogue has no price for: 0, and reported.
    const unpriced = createQuoter().quote(tk.kernel.records, { ...SNAPSHOT, tilePrices: tilePrices.slice(0, 1) });
    expect(unpriced.missingPrices).toEqual(['tile:W300']);
    expect(unpriced.tiles.find((t) => t.tileCode === 'W300')).toMatchObject({ tileName: '', price: 0, unit: 'piece', qty: 69, amount: 0 });
  });

describe('quote through the kernel API', () => {
  it('quotes the open scene, records the version and created_at, and changes nothing', async () => {
    const { api, channel, close } = inProcessKernel();
    onTestFinished(close);
    await api.init(null, { width: 800, height: 600, dpr: 1 });
    await channel.exec('scene.createDefaultRoom', {});
    expect((await api.quote(SNAPSHOT)).volume).toEqual({ ok: false, message: '计算方数异常！' });
    const storeyId = (await channel.exec('storey.add', {})).id;
    await channel.exec('cabinet.add', { cabinetKind: 'base', storeyId, position: { x: 0, y: 0, z: 0 } });
    const q = await api.quote({ ...SNAPSHOT, created_at: '2026-11-20T08:00:00.000Z' });
    expect(q.priceListVersion).toBe(7);
    // Outside any room: one priceData entry with no room name.
    expect(q.priceData.map((r) => r.roomName)).toEqual(['']);
    expect(q.priceData[0]!.groups.柜体![0]!.updatedAt).toBe('2026-11-20T08:00:00.000Z');
    expect(q.priceData[0]!.groups.柜体![0]!.sum).toBe(590.87);
  });

  it('refuses a bad price list with INVALID_ARGS', async () => {
    const { api, close } = inProcessKernel();
    onTestFinished(close);
    await api.init(null, { width: 800, height: 600, dpr: 1 });
    const refused = async (p: unknown) => {
      try {
        await api.quote(p as PriceListSnapshot);
      } catch (e) {
        expect(e).toBeInstanceOf(KernelCommandError);
        return [(e as KernelCommandError).code, (e as KernelCommandError).detail];
      }
      return null;
    };
    expect(await refused({ version: 0, list: DEFAULT_PRICE_LIST })).toEqual(['INVALID_ARGS', expect.stringContaining('version')]);
    expect(await refused({ version: 2, list: { ...DEFAULT_PRICE_LIST, items: [{ ...DEFAULT_PRICE_LIST.items[0]!, price: -1 }] } })).toEqual(['INVALID_ARGS', expect.stringContaining('negative')]);
    expect(await refused(null)).toEqual(['INVALID_ARGS', expect.any(String)]);
    expect(await refused({ version: 2, list: DEFAULT_PRICE_LIST, tilePrices: [{ code: 'T800', name: '砖', price: -5, unit: 'piece' }] })).toEqual(['INVALID_ARGS', expect.stringContaining('negative')]);
    expect(await refused({ version: 2, list: DEFAULT_PRICE_LIST, tilePrices: [{ code: 'T800', name: '砖', price: 5, unit: 'box' }] })).toEqual(['INVALID_ARGS', expect.stringContaining('unit')]);
  });
});
