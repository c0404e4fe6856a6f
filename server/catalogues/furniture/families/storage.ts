// Cabinets: wardrobes, chests of drawers, bedside tables, sideboards, shoe cabinets, TV units and
// shelves. A cabinet is a carcass with fronts (doors and drawers) set slightly proud with shadow
// gaps between them, and handles; its depth includes the handles.
import type { StyleKey } from '../catalogue';
import type { MaterialName } from '../materials';
import { footprint, type Model, type Plan } from '../model';
import { barHandle, BRANDS, cat, DEPT, knob, legs, mm, type Defs, type LegStyle } from './common';

type Front = { kind: 'door' | 'drawer' | 'open' | 'glass'; x0: number; x1: number; y0: number; y1: number };

interface CabinetParams {
  W: number;
  D: number;
  H: number;
  leg: LegStyle;
  legH: number;
  body: MaterialName;
  front: MaterialName;
  handle: MaterialName;
  handleKind: 'bar' | 'knob' | 'none';
  /** fronts in front-plane coordinates (x from -W/2, y from the carcass bottom) */
  fronts: (W: number, H: number) => Front[];
  top?: MaterialName;
}

const HANDLE_DEPTH = 0.036;

function cabinet(m: Model, p: CabinetParams): Plan {
  const { W, D, H } = p;
  const z0 = -D / 2;
  const handleSpace = p.handleKind === 'none' ? 0 : HANDLE_DEPTH;
  const frontZ = D / 2 - handleSpace; // the fronts' outer face
  const ft = 0.02; // front thickness
  const cz1 = frontZ - ft; // carcass front
  const bodyH = H - p.legH;
  legs(m, p.body, p.leg, -W / 2 + 0.01, W / 2 - 0.01, z0 + 0.01, cz1 - 0.01, p.legH);
  const topT = p.top ? 0.03 : 0;
  m.box(p.body, -W / 2, p.legH, z0, W, bodyH - topT, cz1 - z0, 0.004);
  if (p.top) m.box(p.top, -W / 2, H - topT, z0, W, topT, frontZ - z0, 0.005);
  const gap = 0.003;
  for (const f of p.fronts(W, bodyH - topT)) {
    const x0 = f.x0 + gap, x1 = f.x1 - gap, y0 = p.legH + f.y0 + gap, y1 = p.legH + f.y1 - gap;
    if (f.kind === 'open') {
      // a recess: the darker back of an open compartment
      m.box('darkPlastic', x0, y0, cz1 - 0.002, x1 - x0, y1 - y0, 0.003);
      continue;
    }
    m.box(f.kind === 'glass' ? 'glass' : p.front, x0, y0, cz1, x1 - x0, y1 - y0, ft, 0.003, 1);
    if (p.handleKind === 'none') continue;
    const cx = (x0 + x1) / 2;
    if (f.kind === 'drawer') {
      if (p.handleKind === 'knob') knob(m, p.handle, cx, (y0 + y1) / 2, frontZ);
      else barHandle(m, p.handle, cx, (y0 + y1) / 2, frontZ, Math.min(0.3, (x1 - x0) * 0.4), false);
    } else {
      // doors: the handle on the side that opens, half way up or at hand height on tall doors
      const leftHalf = cx < 0 || (f.x0 + f.x1) / 2 < 0;
      const hx = leftHalf ? x1 - 0.04 : x0 + 0.04;
      const hy = y1 - y0 > 1.2 ? p.legH + 1.0 : (y0 + y1) / 2;
      if (p.handleKind === 'knob') knob(m, p.handle, hx, hy, frontZ);
      else barHandle(m, p.handle, hx, hy, frontZ, Math.min(0.4, (y1 - y0) * 0.35), true);
    }
  }
  const plan = footprint(W, D);
  plan.line([[-W / 2, cz1], [W / 2, cz1]]);
  return plan;
}

const doors = (n: number, kind: Front['kind'] = 'door') => (W: number, H: number): Front[] =>
  Array.from({ length: n }, (_, i) => ({ kind, x0: -W / 2 + (W * i) / n, x1: -W / 2 + (W * (i + 1)) / n, y0: 0, y1: H }));

const drawers = (rows: number, cols = 1) => (W: number, H: number): Front[] => {
  const out: Front[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      out.push({ kind: 'drawer', x0: -W / 2 + (W * c) / cols, x1: -W / 2 + (W * (c + 1)) / cols, y0: (H * r) / rows, y1: (H * (r + 1)) / rows });
    }
  }
  return out;
};

/** Doors below, a row of drawers above (sideboards). */
const doorsUnderDrawers = (n: number) => (W: number, H: number): Front[] => [
  ...doors(n)(W, H * 0.72),
  ...drawers(1, n)(W, H).map((f) => ({ ...f, y0: H * 0.72, y1: H })),
];

/** TV unit: open middle, drawers or doors either side. */
const tvFronts = (W: number, H: number): Front[] => {
  const side = W * 0.3;
  return [
    { kind: 'drawer', x0: -W / 2, x1: -W / 2 + side, y0: 0, y1: H },
    { kind: 'open', x0: -W / 2 + side, x1: W / 2 - side, y0: 0, y1: H },
    { kind: 'door', x0: W / 2 - side, x1: W / 2, y0: 0, y1: H },
  ];
};

/** Wardrobe: n doors, the top row a band of short doors (the tall-cabinet look). */
const wardrobeFronts = (n: number, glass: boolean) => (W: number, H: number): Front[] => [
  ...doors(n, glass ? 'glass' : 'door')(W, H * 0.82),
  ...doors(n)(W, H).map((f) => ({ ...f, y0: H * 0.82 })),
];

interface CabinetDef {
  key: string;
  zh: string;
  en: string;
  sub: [string, string];
  c2: [string, string];
  style: StyleKey;
  mount?: 'floor' | 'wall';
  p: CabinetParams;
}

function toDefs(list: CabinetDef[], family: string, brandOffset: number): Defs {
  return list.map((c, i) => ({
    key: `${family}-${c.key}`,
    family,
    name: { zh: c.zh, en: c.en },
    category: cat(DEPT.furniture, c.c2, c.sub),
    size: mm(c.p.W, c.p.D, c.p.H),
    style: c.style,
    mount: c.mount ?? 'floor',
    resizable: true,
    price: Math.round(600 + c.p.W * c.p.H * 1200),
    brand: BRANDS[(i + brandOffset) % BRANDS.length]!,
    build: (m: Model) => cabinet(m, c.p),
  }));
}

const C = (W: number, D: number, H: number, rest: Omit<CabinetParams, 'W' | 'D' | 'H'>): CabinetParams => ({ W, D, H, ...rest });

export function wardrobes(): Defs {
  const sub: [string, string] = ['衣柜', 'Wardrobe'];
  const c2: [string, string] = ['柜类', 'Cabinets'];
  const list: CabinetDef[] = [
    { key: '2d-oak', zh: '两门橡木衣柜', en: 'Two-door oak wardrobe', sub, c2, style: 'nordic', p: C(1.0, 0.6, 2.1, { leg: 'plinth', legH: 0.06, body: 'oak', front: 'oak', handle: 'blackMetal', handleKind: 'bar', fronts: wardrobeFronts(2, false) }) },
    { key: '3d-white', zh: '三门白色衣柜', en: 'Three-door white wardrobe', sub, c2, style: 'modern', p: C(1.5, 0.6, 2.2, { leg: 'plinth', legH: 0.06, body: 'whiteLacquer', front: 'whiteLacquer', handle: 'steel', handleKind: 'bar', fronts: wardrobeFronts(3, false) }) },
    { key: '4d-walnut', zh: '四门胡桃木衣柜', en: 'Four-door walnut wardrobe', sub, c2, style: 'modern', p: C(2.0, 0.6, 2.3, { leg: 'plinth', legH: 0.06, body: 'walnut', front: 'walnut', handle: 'brass', handleKind: 'bar', fronts: wardrobeFronts(4, false) }) },
    { key: '4d-glass', zh: '玻璃门衣柜', en: 'Glass-door wardrobe', sub, c2, style: 'lightLuxury', p: C(2.0, 0.6, 2.4, { leg: 'plinth', legH: 0.06, body: 'blackWood', front: 'blackWood', handle: 'brass', handleKind: 'bar', fronts: wardrobeFronts(4, true) }) },
    { key: '2d-grey', zh: '灰色两门衣柜', en: 'Grey two-door wardrobe', sub, c2, style: 'modern', p: C(1.2, 0.58, 2.0, { leg: 'block', legH: 0.1, body: 'greyLacquer', front: 'greyLacquer', handle: 'blackMetal', handleKind: 'bar', fronts: doors(2) }) },
    { key: '3d-ash', zh: '三门白蜡木衣柜', en: 'Three-door ash wardrobe', sub, c2, style: 'japanese', p: C(1.6, 0.6, 2.1, { leg: 'plinth', legH: 0.05, body: 'ash', front: 'ash', handle: 'ash', handleKind: 'none', fronts: doors(3) }) },
    { key: '2d-classic', zh: '美式两门衣柜', en: 'Classic two-door wardrobe', sub, c2, style: 'american', p: C(1.1, 0.62, 2.05, { leg: 'turned', legH: 0.14, body: 'cherry', front: 'cherry', handle: 'brass', handleKind: 'knob', fronts: wardrobeFronts(2, false) }) },
    { key: '5d-sage', zh: '五门鼠尾草绿衣柜', en: 'Five-door sage wardrobe', sub, c2, style: 'french', p: C(2.5, 0.6, 2.4, { leg: 'plinth', legH: 0.06, body: 'sageLacquer', front: 'sageLacquer', handle: 'brass', handleKind: 'knob', fronts: wardrobeFronts(5, false) }) },
    { key: '1d-tall', zh: '单门高柜', en: 'Single-door tall cabinet', sub, c2, style: 'modern', p: C(0.5, 0.55, 2.0, { leg: 'plinth', legH: 0.05, body: 'whiteLacquer', front: 'oak', handle: 'blackMetal', handleKind: 'bar', fronts: doors(1) }) },
  ];
  return toDefs(list, 'wardrobe', 0);
}

export function chests(): Defs {
  const c2: [string, string] = ['柜类', 'Cabinets'];
  const chest: [string, string] = ['斗柜', 'Chest of drawers'];
  const night: [string, string] = ['床头柜', 'Bedside table'];
  const side: [string, string] = ['餐边柜', 'Sideboard'];
  const shoe: [string, string] = ['鞋柜', 'Shoe cabinet'];
  const list: CabinetDef[] = [
    { key: '3-oak', zh: '三斗柜 橡木', en: 'Three-drawer chest, oak', sub: chest, c2, style: 'nordic', p: C(0.8, 0.45, 0.8, { leg: 'tapered', legH: 0.16, body: 'oak', front: 'oak', handle: 'oak', handleKind: 'knob', fronts: drawers(3) }) },
    { key: '4-walnut', zh: '四斗柜 胡桃木', en: 'Four-drawer chest, walnut', sub: chest, c2, style: 'modern', p: C(0.8, 0.45, 1.05, { leg: 'block', legH: 0.1, body: 'walnut', front: 'walnut', handle: 'brass', handleKind: 'bar', fronts: drawers(4) }) },
    { key: '6-white', zh: '六斗柜 白色', en: 'Six-drawer chest, white', sub: chest, c2, style: 'simpleEuropean', p: C(1.2, 0.45, 0.85, { leg: 'turned', legH: 0.12, body: 'whiteLacquer', front: 'whiteLacquer', handle: 'brass', handleKind: 'knob', fronts: drawers(3, 2) }) },
    { key: '5-tall-grey', zh: '五斗柜 灰色', en: 'Tall five-drawer chest, grey', sub: chest, c2, style: 'modern', p: C(0.6, 0.42, 1.2, { leg: 'plinth', legH: 0.05, body: 'greyLacquer', front: 'greyLacquer', handle: 'blackMetal', handleKind: 'bar', fronts: drawers(5) }) },
    { key: '3-navy', zh: '三斗柜 藏青', en: 'Three-drawer chest, navy', sub: chest, c2, style: 'american', p: C(0.9, 0.48, 0.82, { leg: 'turned', legH: 0.12, body: 'navyLacquer', front: 'navyLacquer', handle: 'brass', handleKind: 'knob', fronts: drawers(3) }) },
    { key: 'night-oak', zh: '橡木床头柜', en: 'Oak bedside table', sub: night, c2, style: 'nordic', p: C(0.45, 0.4, 0.55, { leg: 'tapered', legH: 0.18, body: 'oak', front: 'oak', handle: 'oak', handleKind: 'knob', fronts: drawers(2) }) },
    { key: 'night-walnut', zh: '胡桃木床头柜', en: 'Walnut bedside table', sub: night, c2, style: 'modern', p: C(0.5, 0.4, 0.5, { leg: 'metal', legH: 0.16, body: 'walnut', front: 'walnut', handle: 'brass', handleKind: 'bar', fronts: drawers(1) }) },
    { key: 'night-white', zh: '白色床头柜', en: 'White bedside table', sub: night, c2, style: 'french', p: C(0.48, 0.4, 0.6, { leg: 'turned', legH: 0.14, body: 'whiteLacquer', front: 'whiteLacquer', handle: 'brass', handleKind: 'knob', fronts: drawers(2) }) },
    { key: 'night-marble', zh: '岩板床头柜', en: 'Stone-top bedside table', sub: night, c2, style: 'lightLuxury', p: C(0.5, 0.42, 0.52, { leg: 'plinth', legH: 0.04, body: 'blackWood', front: 'blackWood', handle: 'brass', handleKind: 'bar', fronts: drawers(2), top: 'carrara' }) },
    { key: 'side-oak', zh: '橡木餐边柜', en: 'Oak sideboard', sub: side, c2, style: 'nordic', p: C(1.6, 0.45, 0.8, { leg: 'tapered', legH: 0.18, body: 'oak', front: 'oak', handle: 'blackMetal', handleKind: 'bar', fronts: doors(4) }) },
    { key: 'side-walnut', zh: '胡桃木餐边柜', en: 'Walnut sideboard', sub: side, c2, style: 'modern', p: C(1.8, 0.45, 0.85, { leg: 'metal', legH: 0.12, body: 'walnut', front: 'walnut', handle: 'brass', handleKind: 'bar', fronts: doorsUnderDrawers(3) }) },
    { key: 'side-marble', zh: '大理石台面餐边柜', en: 'Marble-top sideboard', sub: side, c2, style: 'lightLuxury', p: C(1.6, 0.45, 0.85, { leg: 'plinth', legH: 0.05, body: 'whiteLacquer', front: 'whiteLacquer', handle: 'brass', handleKind: 'bar', fronts: doorsUnderDrawers(4), top: 'marquina' }) },
    { key: 'side-glass', zh: '玻璃门酒柜', en: 'Glass-door cabinet', sub: side, c2, style: 'industrial', p: C(1.0, 0.42, 1.8, { leg: 'metal', legH: 0.1, body: 'blackMetal', front: 'blackMetal', handle: 'blackMetal', handleKind: 'none', fronts: doors(2, 'glass') }) },
    { key: 'shoe-white', zh: '白色鞋柜', en: 'White shoe cabinet', sub: shoe, c2, style: 'modern', p: C(1.0, 0.35, 1.1, { leg: 'plinth', legH: 0.05, body: 'whiteLacquer', front: 'whiteLacquer', handle: 'steel', handleKind: 'bar', fronts: doors(2) }) },
    { key: 'shoe-oak', zh: '橡木鞋柜', en: 'Oak shoe cabinet', sub: shoe, c2, style: 'japanese', p: C(1.2, 0.35, 0.9, { leg: 'block', legH: 0.1, body: 'oak', front: 'oak', handle: 'oak', handleKind: 'none', fronts: doors(3) }) },
  ];
  return toDefs(list, 'chest', 1);
}

export function tvUnits(): Defs {
  const sub: [string, string] = ['电视柜', 'TV unit'];
  const c2: [string, string] = ['柜类', 'Cabinets'];
  const list: CabinetDef[] = [
    { key: '1600-oak', zh: '1.6米橡木电视柜', en: '1.6 m oak TV unit', sub, c2, style: 'nordic', p: C(1.6, 0.4, 0.5, { leg: 'tapered', legH: 0.15, body: 'oak', front: 'oak', handle: 'oak', handleKind: 'knob', fronts: tvFronts }) },
    { key: '1800-walnut', zh: '1.8米胡桃木电视柜', en: '1.8 m walnut TV unit', sub, c2, style: 'modern', p: C(1.8, 0.4, 0.48, { leg: 'metal', legH: 0.12, body: 'walnut', front: 'walnut', handle: 'brass', handleKind: 'bar', fronts: tvFronts }) },
    { key: '2000-white', zh: '2米白色电视柜', en: '2 m white TV unit', sub, c2, style: 'modern', p: C(2.0, 0.4, 0.42, { leg: 'plinth', legH: 0.04, body: 'whiteLacquer', front: 'whiteLacquer', handle: 'steel', handleKind: 'none', fronts: tvFronts }) },
    { key: '2400-marble', zh: '2.4米岩板电视柜', en: '2.4 m stone-top TV unit', sub, c2, style: 'lightLuxury', p: C(2.4, 0.42, 0.45, { leg: 'plinth', legH: 0.05, body: 'blackWood', front: 'blackWood', handle: 'brass', handleKind: 'bar', fronts: drawers(1, 4), top: 'carrara' }) },
    { key: '2200-ash', zh: '2.2米原木电视柜', en: '2.2 m ash TV unit', sub, c2, style: 'japanese', p: C(2.2, 0.38, 0.4, { leg: 'block', legH: 0.1, body: 'ash', front: 'ash', handle: 'ash', handleKind: 'none', fronts: tvFronts }) },
    { key: '1800-wall', zh: '悬挂电视柜', en: 'Wall-hung TV unit', sub, c2, style: 'modern', mount: 'wall', p: C(1.8, 0.35, 0.32, { leg: 'plinth', legH: 0, body: 'greyLacquer', front: 'greyLacquer', handle: 'steel', handleKind: 'none', fronts: drawers(1, 3) }) },
  ];
  return toDefs(list, 'tv-unit', 2);
}

interface ShelfParams {
  W: number;
  D: number;
  H: number;
  shelves: number;
  frame: MaterialName;
  board: MaterialName;
  kind: 'bookcase' | 'ladder' | 'wall' | 'cube';
  books: boolean;
}

/** Open shelving: side frames and boards, with rows of books and a few objects on them. */
function shelf(m: Model, p: ShelfParams): Plan {
  const { W, D, H } = p;
  const t = 0.025;
  const z0 = -D / 2;
  if (p.kind === 'ladder') {
    // two leaning rails, boards getting shallower toward the top
    for (const s of [-1, 1]) {
      m.rod(p.frame, [s * (W / 2 - 0.02), 0, D / 2 - 0.02], [s * (W / 2 - 0.02), H - 0.02, z0 + 0.02], 0.02);
    }
    for (let k = 0; k < p.shelves; k++) {
      const f = (k + 0.3) / p.shelves;
      const y = f * (H - 0.15);
      const zf = D / 2 - f * (D - 0.1) - 0.02;
      const dd = Math.max(0.12, zf - z0 - 0.02);
      m.box(p.board, -W / 2 + 0.04, y, zf - dd, W - 0.08, t, dd, 0.003);
    }
    // the slanted rails' round ends stick out a little: fit the whole to the declared box
    m.fit(W, H, D);
  } else {
    const cols = p.kind === 'cube' ? Math.max(2, Math.round(W / 0.38)) : 1;
    if (p.kind !== 'wall') {
      for (let c = 0; c <= cols; c++) {
        const x = -W / 2 + ((W - t) * c) / cols;
        m.box(p.frame, x, 0, z0, t, H, D, 0.002, 1);
      }
      if (p.kind === 'bookcase') m.box('darkPlastic', -W / 2 + t, 0.02, z0, W - 2 * t, H - 0.04, 0.004);
    }
    for (let k = 0; k <= p.shelves; k++) {
      // wall shelves start a bracket's height up so the lowest bracket stays inside the box
      const y = p.kind === 'wall' ? 0.02 + (k * (H - t - 0.02)) / p.shelves : (k * (H - t)) / p.shelves;
      m.box(p.board, p.kind === 'wall' ? -W / 2 : -W / 2 + t, y, z0, p.kind === 'wall' ? W : W - 2 * t, t, D, 0.002);
      if (p.kind === 'wall') {
        for (const s of [-1, 1]) m.box('blackMetal', s * (W / 2 - 0.08) - 0.01, y - 0.02, z0, 0.02, 0.02, D * 0.8, 0);
      }
      if (!p.books || k === p.shelves) continue;
      const gapH = (H - t) / Math.max(1, p.shelves) - t - 0.03;
      const rows = cols;
      for (let c = 0; c < rows; c++) {
        const cw = (W - 2 * t) / rows;
        const bx0 = -W / 2 + t + c * cw + 0.02;
        const n = Math.max(2, Math.floor(((k + c) % 3 === 0 ? 0.5 : 0.8) * cw / 0.035));
        for (let b = 0; b < n; b++) {
          const bh = Math.min(gapH, 0.17 + ((b * 37 + k * 11 + c * 5) % 9) * 0.012);
          m.box('books', bx0 + b * 0.035, y + t, z0 + 0.02, 0.03, bh, Math.min(D - 0.04, 0.2), 0, 1);
        }
        if ((k + c) % 3 === 0) {
          const vx = bx0 + cw * 0.7;
          m.lathe('stonewarePot', [[0, 0], [0.04, 0], [0.05, 0.06], [0.025, Math.min(gapH, 0.16)], [0, Math.min(gapH, 0.16)]], [1, 0, 0, vx, 0, 1, 0, y + t, 0, 0, 1, z0 + D / 2], 16);
        }
      }
    }
  }
  const plan = footprint(W, D);
  if (p.kind !== 'ladder' && p.kind !== 'wall') plan.line([[-W / 2 + t, z0 + t], [W / 2 - t, z0 + t]]);
  return plan;
}

export function shelves(): Defs {
  const c2: [string, string] = ['书架置物架', 'Shelving'];
  const list: [string, string, string, [string, string], StyleKey, 'floor' | 'wall', ShelfParams][] = [
    ['bookcase-oak', '橡木书架', 'Oak bookcase', ['书架', 'Bookcase'], 'nordic', 'floor', { W: 0.9, D: 0.32, H: 1.9, shelves: 5, frame: 'oak', board: 'oak', kind: 'bookcase', books: true }],
    ['bookcase-walnut', '胡桃木书架', 'Walnut bookcase', ['书架', 'Bookcase'], 'modern', 'floor', { W: 1.2, D: 0.35, H: 2.0, shelves: 5, frame: 'walnut', board: 'walnut', kind: 'bookcase', books: true }],
    ['bookcase-white', '白色书架', 'White bookcase', ['书架', 'Bookcase'], 'modern', 'floor', { W: 0.8, D: 0.3, H: 1.8, shelves: 4, frame: 'whiteLacquer', board: 'whiteLacquer', kind: 'bookcase', books: true }],
    ['metal-open', '金属开放架', 'Metal open shelf', ['置物架', 'Open shelf'], 'industrial', 'floor', { W: 1.0, D: 0.35, H: 1.8, shelves: 4, frame: 'blackMetal', board: 'oak', kind: 'bookcase', books: true }],
    ['ladder-oak', '梯形置物架', 'Ladder shelf', ['置物架', 'Open shelf'], 'nordic', 'floor', { W: 0.6, D: 0.4, H: 1.8, shelves: 4, frame: 'oak', board: 'oak', kind: 'ladder', books: false }],
    ['ladder-black', '黑色梯形架', 'Black ladder shelf', ['置物架', 'Open shelf'], 'industrial', 'floor', { W: 0.7, D: 0.42, H: 1.9, shelves: 5, frame: 'blackMetal', board: 'walnut', kind: 'ladder', books: false }],
    ['cube-white', '格子柜', 'Cube shelf', ['置物架', 'Open shelf'], 'modern', 'floor', { W: 1.16, D: 0.39, H: 1.16, shelves: 3, frame: 'whiteLacquer', board: 'whiteLacquer', kind: 'cube', books: true }],
    ['cube-oak', '橡木格子柜', 'Oak cube shelf', ['置物架', 'Open shelf'], 'japanese', 'floor', { W: 1.5, D: 0.39, H: 0.8, shelves: 2, frame: 'ash', board: 'ash', kind: 'cube', books: true }],
    ['wall-oak', '橡木墙面隔板', 'Oak wall shelf', ['墙面置物架', 'Wall shelf'], 'nordic', 'wall', { W: 0.9, D: 0.22, H: 0.62, shelves: 2, frame: 'oak', board: 'oak', kind: 'wall', books: true }],
    ['wall-walnut', '胡桃木墙面隔板', 'Walnut wall shelf', ['墙面置物架', 'Wall shelf'], 'modern', 'wall', { W: 1.2, D: 0.25, H: 0.3, shelves: 1, frame: 'walnut', board: 'walnut', kind: 'wall', books: true }],
  ];
  return list.map(([key, zh, en, sub, style, mount, p], i) => ({
    key: `shelf-${key}`,
    family: 'shelf',
    name: { zh, en },
    category: cat(DEPT.furniture, c2, sub),
    size: mm(p.W, p.D, p.H),
    style,
    mount,
    resizable: true,
    price: 300 + i * 120,
    brand: BRANDS[(i + 3) % BRANDS.length]!,
    build: (m: Model) => shelf(m, p),
  }));
}
