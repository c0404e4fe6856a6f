// Tables: dining (rectangular, round, oval), coffee and side tables, desks and consoles. A table
// is a top (rounded slab, disc or ellipse) over a base: four legs with an apron, a trestle, a
// pedestal or a metal frame.
import type { StyleKey } from '../catalogue';
import { cylinder, move, scale, chain } from '../geometry';
import type { MaterialName } from '../materials';
import { footprint, Plan, type Model } from '../model';
import { barHandle, BRANDS, cat, DEPT, legs, mm, type Defs } from './common';

type TopShape = 'rect' | 'round' | 'oval';
type Base = 'legs' | 'trestle' | 'pedestal' | 'frame' | 'desk' | 'sled';

interface TableParams {
  W: number;
  D: number;
  H: number;
  shape: TopShape;
  base: Base;
  top: MaterialName;
  legMat: MaterialName;
  topT: number;
  /** a lower shelf (coffee tables) */
  shelf?: boolean;
}

function table(m: Model, p: TableParams): Plan {
  const { W, D, H, topT } = p;
  const y0 = H - topT;
  if (p.shape === 'rect') m.box(p.top, -W / 2, y0, -D / 2, W, topT, D, Math.min(0.012, topT / 3));
  else m.add(p.top, cylinder(0.5, 0.5, topT, m.round(48)), chain(scale(W, 1, D), move(0, y0, 0)));
  // the base fits inside the top's outline: an ellipse's inscribed rectangle for round tops
  const k = p.shape === 'rect' ? 1 : Math.SQRT1_2;
  const bw = W * k - 0.08, bd = D * k - 0.08;
  const legH = y0;
  if (p.base === 'legs') {
    legs(m, p.legMat, 'tapered', -bw / 2, bw / 2, -bd / 2, bd / 2, legH, 0.05);
    if (p.shape === 'rect' && H > 0.6) {
      m.box(p.legMat, -bw / 2 + 0.03, y0 - 0.08, -bd / 2 + 0.01, bw - 0.06, 0.08, 0.02);
      m.box(p.legMat, -bw / 2 + 0.03, y0 - 0.08, bd / 2 - 0.03, bw - 0.06, 0.08, 0.02);
    }
  } else if (p.base === 'frame') {
    legs(m, p.legMat, 'block', -bw / 2, bw / 2, -bd / 2, bd / 2, legH, 0.03);
    m.box(p.legMat, -bw / 2, y0 - 0.04, -bd / 2, bw, 0.04, 0.03);
    m.box(p.legMat, -bw / 2, y0 - 0.04, bd / 2 - 0.03, bw, 0.04, 0.03);
    m.box(p.legMat, -bw / 2, y0 - 0.04, -bd / 2, 0.03, 0.04, bd);
    m.box(p.legMat, bw / 2 - 0.03, y0 - 0.04, -bd / 2, 0.03, 0.04, bd);
  } else if (p.base === 'sled') {
    for (const s of [-1, 1]) {
      const x = s * (bw / 2 - 0.015);
      m.rod(p.legMat, [x, 0.012, -bd / 2 + 0.012], [x, 0.012, bd / 2 - 0.012], 0.012);
      m.rod(p.legMat, [x, 0.012, -bd / 2 + 0.012], [x, y0, -bd / 2 + 0.012], 0.012);
      m.rod(p.legMat, [x, 0.012, bd / 2 - 0.012], [x, y0, bd / 2 - 0.012], 0.012);
    }
  } else if (p.base === 'trestle') {
    for (const s of [-1, 1]) {
      const x = s * (bw / 2 - 0.12);
      m.box(p.legMat, x - 0.04, 0, -bd / 2 + 0.05, 0.08, 0.06, bd - 0.1, 0.01);
      m.box(p.legMat, x - 0.035, 0.06, -0.06, 0.07, y0 - 0.13, 0.12, 0.005, 1);
      m.box(p.legMat, x - 0.04, y0 - 0.07, -bd / 2 + 0.05, 0.08, 0.07, bd - 0.1, 0.01);
    }
    m.box(p.legMat, -bw / 2 + 0.12, y0 * 0.45, -0.03, bw - 0.24, 0.06, 0.06, 0.005);
  } else if (p.base === 'pedestal') {
    const r = Math.min(bw, bd) * 0.35;
    m.lathe(p.legMat, [[0, 0], [r, 0], [r, 0.03], [r * 0.3, 0.1], [r * 0.2, y0 * 0.5], [r * 0.25, y0 - 0.02], [r * 0.5, y0], [0, y0]], move(0, 0, 0), 48);
  } else {
    // desk: a drawer pedestal on the right, a leg panel on the left, a modesty panel behind
    const pw = Math.min(0.42, W * 0.33);
    m.box(p.legMat, -W / 2 + 0.02, 0, -D / 2 + 0.02, 0.03, y0, D - 0.04);
    m.box(p.legMat, W / 2 - pw - 0.02, 0, -D / 2 + 0.02, pw, y0, D - 0.06);
    m.box(p.legMat, -W / 2 + 0.05, y0 - 0.3, -D / 2 + 0.04, W - pw - 0.1, 0.3, 0.015);
    const fz = D / 2 - 0.036 - 0.04;
    for (let i = 0; i < 3; i++) {
      const dy0 = (y0 * i) / 3 + 0.01;
      m.box(p.top, W / 2 - pw - 0.02 + 0.005, dy0, fz, pw - 0.01, y0 / 3 - 0.02, 0.02, 0.003);
      barHandle(m, 'steel', W / 2 - 0.02 - pw / 2, dy0 + y0 / 3 - 0.06, fz + 0.004, pw * 0.4, false);
    }
  }
  if (p.shelf) {
    if (p.shape === 'rect') m.box(p.top, -bw / 2 + 0.03, 0.12, -bd / 2 + 0.03, bw - 0.06, 0.02, bd - 0.06, 0.005);
    else m.add(p.top, cylinder(0.5, 0.5, 0.02, m.round(32)), chain(scale(bw, 1, bd), move(0, 0.12, 0)));
  }
  if (p.shape === 'rect') return footprint(W, D);
  return new Plan().ellipse(0, 0, W / 2, D / 2, true);
}

const TOP_NAMES: Partial<Record<MaterialName, [string, string]>> = {
  oak: ['橡木', 'oak'],
  walnut: ['胡桃木', 'walnut'],
  ash: ['白蜡木', 'ash'],
  carrara: ['大理石', 'marble'],
  marquina: ['黑色大理石', 'black marble'],
  travertine: ['洞石', 'travertine'],
  glass: ['玻璃', 'glass'],
  whiteLacquer: ['白色', 'white'],
  teak: ['柚木', 'teak'],
  blackWood: ['黑色', 'black'],
};

function tableDefs(
  family: string,
  c2: [string, string],
  list: [string, [string, string], StyleKey, TableParams][],
  brandOffset: number,
): Defs {
  return list.map(([key, sub, style, p], i) => {
    const top = TOP_NAMES[p.top] ?? ['实木', 'wood'];
    return {
      key: `${family}-${key}`,
      family,
      name: { zh: `${top[0]}${sub[0]}`, en: `${sub[1]}, ${top[1]} top, ${Math.round(p.W * 1000)}` },
      category: cat(DEPT.furniture, c2, sub),
      size: mm(p.W, p.D, p.H),
      style,
      mount: 'floor' as const,
      resizable: true,
      price: Math.round(500 + p.W * p.D * 2500),
      brand: BRANDS[(i + brandOffset) % BRANDS.length]!,
      build: (m: Model) => table(m, p),
    };
  });
}

const T = (W: number, D: number, H: number, shape: TopShape, base: Base, top: MaterialName, legMat: MaterialName, topT = 0.035, shelf = false): TableParams => ({
  W, D, H, shape, base, top, legMat, topT, shelf,
});

export function diningTables(): Defs {
  const rect: [string, string] = ['长方形餐桌', 'Dining table'];
  const round: [string, string] = ['圆餐桌', 'Round dining table'];
  const oval: [string, string] = ['椭圆餐桌', 'Oval dining table'];
  return tableDefs('dining-table', ['桌几', 'Tables'], [
    ['1400-oak-legs', rect, 'nordic', T(1.4, 0.8, 0.75, 'rect', 'legs', 'oak', 'oak')],
    ['1600-walnut-legs', rect, 'modern', T(1.6, 0.9, 0.75, 'rect', 'legs', 'walnut', 'walnut')],
    ['1800-oak-trestle', rect, 'industrial', T(1.8, 0.9, 0.76, 'rect', 'trestle', 'oak', 'blackWood', 0.045)],
    ['2000-teak-trestle', rect, 'wabiSabi', T(2.0, 1.0, 0.76, 'rect', 'trestle', 'teak', 'teak', 0.05)],
    ['1600-marble-frame', rect, 'lightLuxury', T(1.6, 0.85, 0.75, 'rect', 'frame', 'carrara', 'brass', 0.03)],
    ['1800-marquina-frame', rect, 'postModern', T(1.8, 0.9, 0.75, 'rect', 'frame', 'marquina', 'blackMetal', 0.03)],
    ['1400-sled', rect, 'modern', T(1.4, 0.8, 0.75, 'rect', 'sled', 'ash', 'steel', 0.03)],
    ['1200-round-pedestal', round, 'nordic', T(1.2, 1.2, 0.75, 'round', 'pedestal', 'oak', 'oak')],
    ['1000-round-marble', round, 'lightLuxury', T(1.0, 1.0, 0.75, 'round', 'pedestal', 'carrara', 'brass', 0.03)],
    ['1350-round-walnut', round, 'newChinese', T(1.35, 1.35, 0.76, 'round', 'legs', 'walnut', 'walnut')],
    ['1800-oval-travertine', oval, 'wabiSabi', T(1.8, 1.0, 0.75, 'oval', 'pedestal', 'travertine', 'travertine', 0.04)],
    ['2000-oval-oak', oval, 'modern', T(2.0, 1.0, 0.75, 'oval', 'legs', 'oak', 'oak')],
  ], 0);
}

export function coffeeTables(): Defs {
  const coffee: [string, string] = ['茶几', 'Coffee table'];
  const side: [string, string] = ['边几', 'Side table'];
  return tableDefs('coffee-table', ['桌几', 'Tables'], [
    ['1200-oak', coffee, 'nordic', T(1.2, 0.6, 0.42, 'rect', 'legs', 'oak', 'oak', 0.035, true)],
    ['1300-walnut', coffee, 'modern', T(1.3, 0.65, 0.38, 'rect', 'frame', 'walnut', 'blackMetal', 0.03, true)],
    ['1100-marble', coffee, 'lightLuxury', T(1.1, 0.6, 0.4, 'rect', 'sled', 'carrara', 'brass', 0.025)],
    ['900-round-travertine', coffee, 'wabiSabi', T(0.9, 0.9, 0.35, 'round', 'pedestal', 'travertine', 'travertine', 0.05)],
    ['800-round-oak', coffee, 'japanese', T(0.8, 0.8, 0.4, 'round', 'legs', 'oak', 'oak', 0.035, true)],
    ['1200-oval-glass', coffee, 'postModern', T(1.2, 0.7, 0.4, 'oval', 'frame', 'glass', 'chrome', 0.015)],
    ['1000-oval-marquina', coffee, 'postModern', T(1.0, 0.6, 0.38, 'oval', 'pedestal', 'marquina', 'blackMetal', 0.03)],
    ['450-round-marble', side, 'lightLuxury', T(0.45, 0.45, 0.55, 'round', 'pedestal', 'carrara', 'brass', 0.025)],
    ['500-oak', side, 'nordic', T(0.5, 0.5, 0.55, 'rect', 'legs', 'oak', 'oak', 0.03, true)],
    ['400-round-black', side, 'industrial', T(0.4, 0.4, 0.6, 'round', 'sled', 'blackWood', 'blackMetal', 0.025)],
  ], 2);
}

export function desks(): Defs {
  const desk: [string, string] = ['书桌', 'Desk'];
  const console: [string, string] = ['玄关桌', 'Console table'];
  const dressing: [string, string] = ['梳妆台', 'Dressing table'];
  return tableDefs('desk', ['书桌', 'Desks'], [
    ['1200-oak', desk, 'nordic', T(1.2, 0.6, 0.75, 'rect', 'desk', 'oak', 'whiteLacquer', 0.03)],
    ['1400-walnut', desk, 'modern', T(1.4, 0.7, 0.75, 'rect', 'desk', 'walnut', 'walnut', 0.035)],
    ['1600-black', desk, 'industrial', T(1.6, 0.7, 0.75, 'rect', 'frame', 'oak', 'blackMetal', 0.035)],
    ['1200-sled', desk, 'modern', T(1.2, 0.6, 0.74, 'rect', 'sled', 'whiteLacquer', 'steel', 0.025)],
    ['1000-legs', desk, 'japanese', T(1.0, 0.55, 0.74, 'rect', 'legs', 'ash', 'ash', 0.03)],
    ['1200-console', console, 'lightLuxury', T(1.2, 0.35, 0.8, 'rect', 'frame', 'carrara', 'brass', 0.03)],
    ['1000-console', console, 'nordic', T(1.0, 0.32, 0.78, 'rect', 'legs', 'oak', 'oak', 0.03, true)],
    ['1000-dressing', dressing, 'french', T(1.0, 0.45, 0.75, 'rect', 'desk', 'whiteLacquer', 'whiteLacquer', 0.025)],
  ], 3);
}
