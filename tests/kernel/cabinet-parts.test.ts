import { describe, expect, it } from 'vitest';
import type { CabinetRecord } from '../../protocol/records';
import { cabinetParts, hingesFor, slideFor, type CabinetPart } from '../../kernel-worker/geometry/cabinet-parts';
import { fillRun, freeStretches, RUN_WIDTHS } from '../../kernel-worker/geometry/cabinet-run';
import { CABINET_DEFAULTS } from '../../kernel-worker/kinds/cabinet/record';
import { cabinetProblem } from '../../kernel-worker/kinds/cabinet/rules';

// A cabinet's parts, checked line by line against sizes worked out by hand from the construction
// written in geometry/cabinet-parts.ts (18 mm carcass, 9 mm back, 3 mm front gaps), and the
// filling of a run of units.

type Fields = Parameters<typeof cabinetParts>[0];

function cabinet(kind: keyof typeof CABINET_DEFAULTS, over: Partial<CabinetRecord> = {}): Fields {
  const { z: _z, ...fields } = CABINET_DEFAULTS[kind];
  return { ...fields, ...over };
}

/** The parts as short lines, `name thickness width x height xcount`, to compare with the hand-made list. */
const lines = (parts: readonly CabinetPart[]) => parts.map((p) => `${p.name} ${p.thickness} ${p.width}x${p.height} x${p.count}${p.modelNo ? ` ${p.modelNo}` : ''}`);

describe('cabinet parts', () => {
  it('a 600 base unit: 2 sides, top and bottom between them, back, shelf, toe kick, one door on 2 hinges', () => {
    const c = cabinet('base');
    expect(c).toMatchObject({ width: 600, depth: 560, height: 720, plinth: 100, board: 18, shelves: 1, doorType: 'single', handleId: 'H128' });
    const { parts, sections } = cabinetParts(c);
    expect(sections).toBe(1);
    expect(lines(parts)).toEqual([
      // sides: depth 560 x height 720
      '侧板 18 560x720 x2',
      // between the sides: 600 - 2 x 18 = 564 wide, 560 - 9 back = 551 deep
      '顶板 18 564x551 x1',
      '底板 18 564x551 x1',
      // between the sides, the carcass's full height
      '背板 9 564x720 x1',
      // the width of the unit, the toe kick's height; legs: 2 x (600/600 + 1)
      '踢脚板 18 600x100 x1',
      '调整脚 0 100x0 x4 LEG-100',
      // 564 inside, 551 - 20 set back from the door
      '层板 18 564x531 x1',
      '层板托 0 0x0 x4 PIN-5',
      // 600 - 3 and 720 - 3 (half a 3 mm gap each side)
      '门板 18 597x717 x1',
      // 717 <= 1000: two hinges
      '铰链 0 0x0 x2 HG-110',
      '拉手 0 128x0 x1 H128',
    ]);
    const door = parts.find((p) => p.role === 'door')!;
    // Fronts in the door colour, the carcass in its own.
    expect(door).toMatchObject({ doorShape: 'flat', textureDir: 'vertical', matCode: 'G02' });
    expect(parts.find((p) => p.role === 'side')!.matCode).toBe('W01');
    expect(parts.find((p) => p.role === 'side')!.textureDir).toBe('vertical');
    expect(parts.find((p) => p.role === 'top')!.textureDir).toBe('horizontal');
  });

  it('a 2400 x 600 x 2400 wardrobe with two sliding doors: two sections, hanging rails, drawers, tracks', () => {
    const c = cabinet('wardrobe', { width: 2400, depth: 600, height: 2400, doorType: 'sliding', doorPanels: 2, shelves: 2, drawers: 2, handleId: 'SLIDE' });
    expect(cabinetProblem(c)).toBeNull();
    const { parts, sections, sectionWidth } = cabinetParts(c);
    // Inside 2400 - 36 = 2364 > 1200: two sections of (2364 - 18) / 2 = 1173.
    expect(sections).toBe(2);
    expect(sectionWidth).toBe(1173);
    expect(lines(parts)).toEqual([
      '侧板 18 600x2400 x2',
      '顶板 18 2364x591 x1',
      '底板 18 2364x591 x1',
      // one back per section: 2364 / 2
      '背板 9 1182x2400 x2',
      // between top and bottom: 2400 - 36; as deep as the top: 591
      '中立板 18 591x2364 x1',
      // 2 per section; 591 - 100 for the sliding doors' tracks in front
      '层板 18 1173x491 x4',
      '层板托 0 0x0 x16 PIN-5',
      '挂衣杆 0 1173x0 x2 RAIL-25',
      // 2 per section, 1173 - 2 x 13 wide, on 450 slides (the longest within 491)
      '抽屉 12 1147x450 x4',
      '抽屉滑轨 0 450x0 x4 SL-450',
      // (2364 + 40 overlap) / 2 wide, between top and bottom: 2364 high
      '趟门 20 1202x2364 x2',
      '拉手 0 400x0 x2 SLIDE',
      '趟门上轨 0 2364x0 x1 TRK-TOP',
      '趟门下轨 0 2364x0 x1 TRK-BOT',
      '趟门滑轮 0 0x0 x4 ROL-2',
    ]);
    // No hinges on sliding doors, no toe kick without a plinth.
    expect(parts.some((p) => p.role === 'hinge' || p.role === 'plinth')).toBe(false);
  });

  it('hinges by door height, slides by depth, drawer fronts stacked, a blind corner door and its blind panel', () => {
    expect([400, 1000, 1001, 1600, 1601, 2400].map(hingesFor)).toEqual([2, 2, 3, 3, 4, 4]);
    expect([249, 250, 531, 551, 600].map(slideFor)).toEqual([null, 250, 500, 550, 550]);
    // A 1000 wardrobe with double hinged doors 2397 high: 4 hinges each.
    const wardrobe = cabinetParts(cabinet('wardrobe')).parts;
    expect(wardrobe.find((p) => p.role === 'door')).toMatchObject({ width: 497, height: 2397, count: 2 });
    expect(wardrobe.find((p) => p.role === 'hinge')!.count).toBe(8);
    // Three drawer fronts on a 720 base: (720 - 9) / 3 = 237 high, 597 wide, each on a 500 slide
    // (551 deep inside less 10 behind the slide: 541), the boxes 564 - 2 x 13 wide.
    const drawers = cabinetParts(cabinet('base', { doorType: 'drawers', drawers: 3, shelves: 0 })).parts;
    expect(lines(drawers.filter((p) => ['drawerFront', 'slide', 'drawerBox', 'handle'].includes(p.role)))).toEqual([
      '抽屉 12 538x500 x3',
      '抽屉滑轨 0 500x0 x3 SL-500',
      '抽屉面板 18 597x237 x3',
      '拉手 0 128x0 x3 H128',
    ]);
    // Blind corner 1000 x 560: the door on 1000 - 560 - 20 = 420, less a gap; the blind panel the rest.
    const corner = cabinetParts(cabinet('cornerBase')).parts;
    expect(corner.find((p) => p.role === 'door')).toMatchObject({ width: 417, height: 717, count: 1 });
    expect(corner.find((p) => p.role === 'blind')).toMatchObject({ width: 577, height: 717, count: 1 });
  });

  it('a filler is one board on its toe kick; a wall unit hangs on two hangers and has no toe kick', () => {
    expect(lines(cabinetParts(cabinet('filler', { width: 75 })).parts)).toEqual(['调整板 18 75x720 x1', '踢脚板 18 75x100 x1', '调整脚 0 100x0 x4 LEG-100']);
    const wall = cabinetParts(cabinet('wall')).parts;
    expect(wall.find((p) => p.role === 'hanger')!.count).toBe(2);
    expect(wall.find((p) => p.role === 'plinth')).toBeUndefined();
    // Sides 320 deep, top 320 - 9.
    expect(wall.find((p) => p.role === 'top')).toMatchObject({ width: 564, height: 311 });
  });

  it('boxes for the 3D view: the carcass inside its footprint, the doors in front of it, a shaker door framed', () => {
    const c = cabinet('base');
    const { boxes } = cabinetParts(c);
    const carcass = boxes.filter((b) => b.look === 'carcass');
    for (const b of carcass) {
      expect(b.min[0]).toBeGreaterThanOrEqual(-300);
      expect(b.max[0]).toBeLessThanOrEqual(300);
      expect(b.min[1]).toBeGreaterThanOrEqual(-280);
      expect(b.max[1]).toBeLessThanOrEqual(280);
      expect(b.min[2]).toBeGreaterThanOrEqual(100);
      expect(b.max[2]).toBeLessThanOrEqual(820);
    }
    const fronts = boxes.filter((b) => b.look === 'front');
    // The door (in front of the carcass) and the toe kick (under it).
    expect(fronts.map((b) => [b.min[1], b.max[1]])).toEqual([
      [-230, -212],
      [-298, -280],
    ]);
    const flat = fronts.length;
    const shaker = cabinetParts({ ...c, doorShape: 'shaker' }).boxes.filter((b) => b.look === 'front');
    // Panel + 2 stiles + 2 rails instead of one slab; the panel recessed half the door's thickness.
    expect(shaker.length).toBe(flat + 4);
    expect(shaker.some((b) => b.min[1] === -289 && b.max[1] === -280)).toBe(true);
  });
});

describe('cabinet rules', () => {
  it('refuse sizes under a kind\'s minimum, a handle that does not fit (拉手错误), doors a kind cannot take, an overfull inside', () => {
    expect(cabinetProblem(cabinet('base', { width: 100 }))).toMatchObject({ reason: 'CABINET_TOO_SMALL', field: 'width' });
    expect(cabinetProblem(cabinet('wardrobe', { height: 2800 }))).toMatchObject({ reason: 'CABINET_TOO_LARGE', field: 'height' });
    // The recessed kitchen profile on a wardrobe, a long bar on a 720 drawer-front cabinet, a sliding pull on a hinged door.
    const gola = cabinetProblem(cabinet('wardrobe', { handleId: 'GOLA' }));
    expect(gola).toMatchObject({ reason: 'CABINET_HANDLE', field: 'handleId' });
    expect(gola!.detail).toMatch(/^拉手错误/);
    expect(cabinetProblem(cabinet('base', { handleId: 'H320' }))?.reason).toBe('CABINET_HANDLE');
    expect(cabinetProblem(cabinet('wardrobe', { handleId: 'SLIDE' }))?.reason).toBe('CABINET_HANDLE');
    expect(cabinetProblem(cabinet('base', { handleId: 'NOPE' }))?.reason).toBe('CABINET_HANDLE');
    expect(cabinetProblem(cabinet('base', { handleId: '' }))).toBeNull();
    expect(cabinetProblem(cabinet('base', { doorType: 'sliding' }))?.reason).toBe('CABINET_DOORS');
    expect(cabinetProblem(cabinet('wardrobe', { doorType: 'sliding', doorPanels: 5, handleId: 'SLIDE' }))).toMatchObject({ reason: 'CABINET_DOORS', field: 'doorPanels' });
    expect(cabinetProblem(cabinet('base', { doorType: 'drawers', drawers: 0 }))?.reason).toBe('CABINET_DOORS');
    expect(cabinetProblem(cabinet('base', { shelves: 5 }))).toMatchObject({ reason: 'CABINET_INTERIOR', field: 'shelves' });
    expect(cabinetProblem(cabinet('base', { hangingRail: true }))?.reason).toBe('CABINET_INTERIOR');
    for (const kind of Object.keys(CABINET_DEFAULTS) as (keyof typeof CABINET_DEFAULTS)[]) expect(cabinetProblem(cabinet(kind)), kind).toBeNull();
  });
});

describe('filling a run', () => {
  it('covers the most with the fewest units, widest first, the rest a filler', () => {
    expect(fillRun(3600, RUN_WIDTHS.base)).toEqual({ units: [900, 900, 900, 900], fillers: [0, 0], gap: 0 });
    // Greedy (900 + 900, then 600) would leave a 100 filler; three units cover it all.
    expect(fillRun(2500, RUN_WIDTHS.base)).toEqual({ units: [900, 800, 800], fillers: [0, 0], gap: 0 });
    // 2450 is the most 50 mm steps cover of 2475 (four units), a 25 filler at the end.
    expect(fillRun(2475, RUN_WIDTHS.base)).toEqual({ units: [900, 800, 450, 300], fillers: [0, 25], gap: 0 });
    expect(fillRun(2475, [600])).toEqual({ units: [600, 600, 600, 600], fillers: [0, 75], gap: 0 });
    expect(fillRun(2475, [600], 'start')!.fillers).toEqual([75, 0]);
    expect(fillRun(2475, [600], 'both')!.fillers).toEqual([37.5, 37.5]);
    // Under 10 mm is left as scribing room.
    expect(fillRun(1806, [600])).toEqual({ units: [600, 600, 600], fillers: [0, 0], gap: 6 });
    expect(fillRun(299, RUN_WIDTHS.base)).toBeNull();
    expect(fillRun(300, RUN_WIDTHS.base)).toEqual({ units: [300], fillers: [0, 0], gap: 0 });
  });

  it('finds the free stretches between taken intervals', () => {
    expect(freeStretches(3000, [])).toEqual([[0, 3000]]);
    expect(freeStretches(3000, [[2300, 1700]])).toEqual([
      [0, 1700],
      [2300, 3000],
    ]);
    // Past the ends, overlapping, and touching by no more than 10 mm.
    expect(freeStretches(3000, [[-500, 400], [350, 900], [2995, 3400], [1500, 1508]])).toEqual([
      [900, 3000],
    ]);
  });

  it('leaves under one 50 mm step over, in fillers and gap, from 700 mm up', () => {
    // From 700 up every 50 mm step is some sum of the base widths (350, 550 and 650 are not).
    for (let L = 700; L <= 6000; L += 37) {
      const fill = fillRun(L, RUN_WIDTHS.base)!;
      const covered = fill.units.reduce((a, b) => a + b, 0);
      const rest = L - covered;
      expect(rest).toBeGreaterThanOrEqual(0);
      expect(rest).toBeLessThan(50);
      expect(fill.fillers[0] + fill.fillers[1] + fill.gap).toBeCloseTo(rest, 6);
    }
  });
});
