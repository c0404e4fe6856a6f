// Soft furnishings and decor: curtains (pleated panels on a rod), rugs, plants in pots, vases,
// wall art, mirrors, clocks, cushions and tabletop objects.
import type { Mount, StyleKey } from '../catalogue';
import { chain, cylinder, move, rotX, rotY, roundedBox, sheet, type Vec3 } from '../geometry';
import type { MaterialName } from '../materials';
import { footprint, Plan, type Model } from '../model';
import { prng } from '../../textures';
import { BRANDS, cat, DEPT, mm, type Defs } from './common';
import type { FurnitureDef } from '../catalogue';

interface CurtainParams {
  W: number;
  H: number;
  fabric: MaterialName;
  sheer: boolean;
  /** how far the panels are drawn open (0: closed, 1: gathered at the sides) */
  open: number;
}

function curtain(m: Model, p: CurtainParams): Plan {
  const { W, H } = p;
  const D = 0.16;
  const rodY = H - 0.03;
  m.rod('blackMetal', [-W / 2 + 0.03, rodY, 0], [W / 2 - 0.03, rodY, 0], 0.014);
  for (const s of [-1, 1]) m.ball('blackMetal', s * (W / 2 - 0.03), rodY, 0, 0.03);
  const panelW = (W / 2) * (1 - p.open * 0.7);
  const folds = Math.max(3, Math.round(panelW / 0.12));
  const amp = 0.035 + p.open * 0.02;
  const nu = m.detail === 'high' ? folds * 6 : folds * 2;
  for (const s of [-1, 1]) {
    const x0 = s < 0 ? -W / 2 + 0.02 : W / 2 - 0.02 - panelW;
    m.add(
      p.fabric,
      sheet((u, v) => {
        // pleats flare a little toward the hem of a drawn-open panel
        const flare = 1 + p.open * 0.4 * (1 - v);
        const x = x0 + (s < 0 ? u * panelW * flare : panelW - (1 - u) * panelW * flare);
        return [Math.max(-W / 2 + 0.02, Math.min(W / 2 - 0.02, x)), 0.01 + v * (rodY - 0.05), 0.04 + amp * Math.sin(u * folds * Math.PI * 2)];
      }, nu, m.detail === 'high' ? 8 : 2),
      undefined,
      1,
    );
  }
  if (p.sheer) {
    const sf = Math.round(W / 0.1);
    m.add('sheer', sheet((u, v) => [-W / 2 + 0.05 + u * (W - 0.1), 0.01 + v * (rodY - 0.05), -0.03 + 0.02 * Math.sin(u * sf * Math.PI * 2)], m.detail === 'high' ? sf * 4 : sf * 2, 2), undefined, 1);
  }
  m.fit(W, H, D);
  const plan = new Plan().rect(-W / 2, -D / 2, W / 2, D / 2, true);
  const wave: [number, number][] = [];
  for (let k = 0; k <= 40; k++) wave.push([-W / 2 + (k / 40) * W, 0.03 * Math.sin((k / 40) * Math.PI * 2 * Math.round(W / 0.15))]);
  return plan.line(wave);
}

export function curtains(): Defs {
  const list: [string, [string, string], StyleKey, CurtainParams][] = [
    ['linen-2000', ['亚麻窗帘 2米', 'Linen curtains, 2 m'], 'nordic', { W: 2.0, H: 2.6, fabric: 'curtainLinen', sheer: true, open: 1 }],
    ['linen-3000', ['亚麻窗帘 3米', 'Linen curtains, 3 m'], 'wabiSabi', { W: 3.0, H: 2.7, fabric: 'curtainLinen', sheer: true, open: 1 }],
    ['linen-closed', ['亚麻遮光帘', 'Linen blackout curtains'], 'japanese', { W: 2.4, H: 2.6, fabric: 'curtainLinen', sheer: false, open: 0 }],
    ['velvet-2400', ['丝绒窗帘', 'Velvet curtains'], 'lightLuxury', { W: 2.4, H: 2.8, fabric: 'curtainVelvet', sheer: true, open: 1 }],
    ['velvet-closed', ['丝绒遮光帘', 'Velvet blackout curtains'], 'french', { W: 2.0, H: 2.6, fabric: 'curtainVelvet', sheer: false, open: 0.2 }],
    ['rust-2000', ['锈红窗帘', 'Rust curtains'], 'mediterranean', { W: 2.0, H: 2.5, fabric: 'curtainRust', sheer: true, open: 1 }],
    ['rust-3600', ['锈红落地帘', 'Rust floor-length curtains'], 'american', { W: 3.6, H: 2.8, fabric: 'curtainRust', sheer: false, open: 0.8 }],
    ['sheer-only', ['纱帘', 'Sheer curtain'], 'modern', { W: 2.4, H: 2.6, fabric: 'sheer', sheer: false, open: 0 }],
    ['linen-1500', ['亚麻短帘', 'Short linen curtains'], 'pastoral', { W: 1.5, H: 1.6, fabric: 'curtainLinen', sheer: false, open: 0.6 }],
  ];
  return list.map(([key, name, style, p], i) => ({
    key: `curtain-${key}`,
    family: 'curtain',
    name: { zh: name[0], en: name[1] },
    category: cat(DEPT.soft, ['窗帘', 'Curtains'], p.sheer ? ['双层窗帘', 'Curtains with sheer'] : ['单层窗帘', 'Curtains']),
    size: mm(p.W, 0.16, p.H),
    style,
    mount: 'wall' as const,
    resizable: true,
    price: Math.round(300 + p.W * p.H * 80 + i * 10),
    brand: BRANDS[4],
    build: (m: Model) => curtain(m, p),
  }));
}

export function rugs(): Defs {
  const list: [string, [string, string], StyleKey, number, number, MaterialName, boolean][] = [
    ['2000x3000-beige', ['米色地毯 2×3米', 'Beige rug, 2 x 3 m'], 'nordic', 3.0, 2.0, 'rugBeige', false],
    ['1600x2300-beige', ['米色地毯 1.6×2.3米', 'Beige rug, 1.6 x 2.3 m'], 'modern', 2.3, 1.6, 'rugBeige', false],
    ['2000x3000-blue', ['蓝色地毯 2×3米', 'Blue rug, 2 x 3 m'], 'mediterranean', 3.0, 2.0, 'rugBlue', false],
    ['1400x2000-blue', ['蓝色小地毯', 'Small blue rug'], 'modern', 2.0, 1.4, 'rugBlue', false],
    ['2000x3000-red', ['波斯地毯', 'Persian-style rug'], 'american', 3.0, 2.0, 'rugRed', false],
    ['1700x2400-red', ['红色地毯', 'Red rug'], 'european', 2.4, 1.7, 'rugRed', false],
    ['2000x2900-grey', ['灰色地毯', 'Grey rug'], 'industrial', 2.9, 2.0, 'rugGrey', false],
    ['round-2000-beige', ['米色圆地毯', 'Round beige rug'], 'wabiSabi', 2.0, 2.0, 'rugBeige', true],
    ['round-1600-grey', ['灰色圆地毯', 'Round grey rug'], 'modern', 1.6, 1.6, 'rugGrey', true],
    ['round-1200-blue', ['蓝色圆地毯', 'Round blue rug'], 'nordic', 1.2, 1.2, 'rugBlue', true],
  ];
  return list.map(([key, name, style, W, D, mat, round], i) => ({
    key: `rug-${key}`,
    family: 'rug',
    name: { zh: name[0], en: name[1] },
    category: cat(DEPT.soft, ['地毯', 'Rugs'], round ? ['圆形地毯', 'Round rug'] : ['方形地毯', 'Rectangular rug']),
    size: mm(W, D, 0.012),
    style,
    mount: 'floor' as const,
    resizable: true,
    price: Math.round(400 + W * D * 300 + i),
    brand: BRANDS[4],
    build: (m: Model) => {
      if (round) {
        m.add(mat, cylinder(W / 2, W / 2, 0.012, m.round(64)), undefined, 0, true);
        return new Plan().ellipse(0, 0, W / 2, D / 2, true);
      }
      m.add(mat, roundedBox(W, 0.012, D, 0.005, m.arc), move(0, 0.006, 0), 0, true);
      return footprint(W, D).rect(-W / 2 + 0.1 * W, -D / 2 + 0.1 * D, W / 2 - 0.1 * W, D / 2 - 0.1 * D);
    },
  }));
}

type PlantKind = 'bigleaf' | 'fiddle' | 'snake' | 'palm' | 'succulent' | 'topiary' | 'olive';

interface PlantParams {
  kind: PlantKind;
  W: number;
  H: number;
  pot: MaterialName;
  leaf: MaterialName;
  seed: number;
}

/** A thick succulent leaf: a rounded slab standing on its base. */
function roundedLeaf(m: Model, len: number) {
  const g = roundedBox(len * 0.5, len * 2, len * 0.25, len * 0.12, m.arc);
  return { ...g, pos: g.pos.map((v, i) => (i % 3 === 1 ? v + len : v)) };
}

/** A leaf as a surface: along local y, widest in the middle, cupped and bent down toward the tip. */
function leafGeom(m: Model, length: number, width: number, bend: number) {
  const f = (u: number, v: number): Vec3 => {
    const w = width * Math.pow(Math.sin(Math.PI * Math.min(1, v * 1.05)), 0.8) * (u - 0.5);
    return [w, v * length, -bend * v * v * length - Math.abs(u - 0.5) * width * 0.2];
  };
  return sheet(f, m.detail === 'high' ? 4 : 2, m.detail === 'high' ? 6 : 3);
}

function plant(m: Model, p: PlantParams): Plan {
  const r = prng(p.seed);
  const potH = p.kind === 'succulent' ? p.H * 0.45 : Math.min(0.45, p.H * 0.3);
  const potR = p.kind === 'succulent' ? p.W * 0.35 : Math.min(0.22, p.W * 0.28);
  m.lathe(p.pot, [[0, 0], [potR * 0.75, 0], [potR, potH * 0.9], [potR * 1.04, potH], [potR * 0.95, potH], [0, potH * 0.94]], undefined, 32);
  m.cyl('soil', 0, potH * 0.9, 0, potR * 0.92, 0.01, 24);
  const top = potH * 0.9;
  const place = (geom: ReturnType<typeof leafGeom>, yaw: number, tilt: number, x: number, y: number, z: number) =>
    m.add(p.leaf, geom, chain(rotX(tilt), rotY(yaw), move(x, y, z)));
  if (p.kind === 'bigleaf' || p.kind === 'palm') {
    const n = p.kind === 'palm' ? 9 : 8;
    for (let k = 0; k < n; k++) {
      const yaw = (k / n) * Math.PI * 2 + r() * 0.5;
      const h = (p.H - top) * (0.45 + r() * 0.4);
      const lean = 0.15 + r() * 0.35;
      const sx = Math.sin(yaw) * h * lean, sz = Math.cos(yaw) * h * lean;
      m.rod('leafDark', [0, top, 0], [sx, top + h, sz], 0.006, 6);
      if (p.kind === 'bigleaf') place(leafGeom(m, 0.32 + r() * 0.12, 0.28, 0.4), yaw, 0.9 + r() * 0.4, sx, top + h, sz);
      else for (let j = 0; j < 5; j++) place(leafGeom(m, 0.35, 0.05, 0.6), yaw + (j - 2) * 0.35, 1.3, sx, top + h - j * 0.02, sz);
    }
  } else if (p.kind === 'fiddle' || p.kind === 'olive' || p.kind === 'topiary') {
    const trunkTop = p.H * (p.kind === 'topiary' ? 0.6 : 0.85);
    m.rod('trunk', [0, top, 0], [0, trunkTop, 0], 0.015, 8);
    if (p.kind === 'topiary') {
      m.ball(p.leaf, 0, p.H - p.W * 0.35, 0, p.W * 0.35, p.W * 0.35, p.W * 0.35, 24);
    } else {
      const n = p.kind === 'olive' ? 40 : 22;
      for (let k = 0; k < n; k++) {
        const y = top + (p.H - top) * (0.35 + 0.6 * r());
        const yaw = r() * Math.PI * 2;
        const reach = p.W * 0.3 * r();
        const len = p.kind === 'olive' ? 0.09 : 0.22 + r() * 0.08;
        place(leafGeom(m, len, p.kind === 'olive' ? 0.025 : 0.16, 0.2), yaw, 0.6 + r() * 0.8, Math.sin(yaw) * reach, y, Math.cos(yaw) * reach);
      }
    }
  } else if (p.kind === 'snake') {
    for (let k = 0; k < 9; k++) {
      const yaw = r() * Math.PI * 2;
      place(leafGeom(m, (p.H - top) * (0.6 + 0.4 * r()), 0.07, 0.02), yaw, 0.05 + r() * 0.2, Math.sin(yaw) * 0.04, top, Math.cos(yaw) * 0.04);
    }
  } else {
    // succulent: a rosette of thick leaves
    for (let ring = 0; ring < 3; ring++) {
      const n = 6 + ring * 2;
      for (let k = 0; k < n; k++) {
        const yaw = (k / n) * Math.PI * 2 + ring * 0.3;
        const len = p.W * (0.22 - ring * 0.05);
        m.add(p.leaf, roundedLeaf(m, len), chain(rotX(1.1 - ring * 0.35), rotY(yaw), move(0, top + 0.01, 0)));
      }
    }
  }
  m.fit(p.W, p.H, p.W);
  return new Plan().ellipse(0, 0, p.W / 2, p.W / 2, true).ellipse(0, 0, (potR / p.W) * p.W, (potR / p.W) * p.W);
}

export function plants(): Defs {
  const list: [string, [string, string], StyleKey, Mount, PlantParams][] = [
    ['monstera', ['龟背竹', 'Monstera'], 'nordic', 'floor', { kind: 'bigleaf', W: 0.8, H: 1.1, pot: 'terracottaPot', leaf: 'leaf', seed: 11 }],
    ['monstera-white', ['白盆龟背竹', 'Monstera in white pot'], 'modern', 'floor', { kind: 'bigleaf', W: 0.7, H: 0.9, pot: 'stonewarePot', leaf: 'leaf', seed: 12 }],
    ['fiddle-leaf', ['琴叶榕', 'Fiddle-leaf fig'], 'modern', 'floor', { kind: 'fiddle', W: 0.6, H: 1.7, pot: 'stonewarePot', leaf: 'leafDark', seed: 13 }],
    ['fiddle-small', ['小琴叶榕', 'Small fiddle-leaf fig'], 'nordic', 'floor', { kind: 'fiddle', W: 0.5, H: 1.2, pot: 'blackPot', leaf: 'leafDark', seed: 14 }],
    ['olive', ['橄榄树', 'Olive tree'], 'mediterranean', 'floor', { kind: 'olive', W: 0.7, H: 1.6, pot: 'terracottaPot', leaf: 'leafLight', seed: 15 }],
    ['snake', ['虎尾兰', 'Snake plant'], 'modern', 'floor', { kind: 'snake', W: 0.4, H: 0.8, pot: 'blackPot', leaf: 'leaf', seed: 16 }],
    ['snake-small', ['小虎尾兰', 'Small snake plant'], 'japanese', 'surface', { kind: 'snake', W: 0.22, H: 0.45, pot: 'stonewarePot', leaf: 'leaf', seed: 17 }],
    ['palm', ['散尾葵', 'Areca palm'], 'mediterranean', 'floor', { kind: 'palm', W: 1.0, H: 1.6, pot: 'stonewarePot', leaf: 'leafLight', seed: 18 }],
    ['succulent', ['多肉盆栽', 'Succulent'], 'wabiSabi', 'surface', { kind: 'succulent', W: 0.18, H: 0.16, pot: 'terracottaPot', leaf: 'leafLight', seed: 19 }],
    ['topiary', ['球形盆景', 'Topiary ball'], 'european', 'floor', { kind: 'topiary', W: 0.5, H: 1.1, pot: 'blackPot', leaf: 'leaf', seed: 20 }],
  ];
  return list.map(([key, name, style, mount, p], i) => ({
    key: `plant-${key}`,
    family: 'plant',
    name: { zh: name[0], en: name[1] },
    category: cat(DEPT.plants, ['绿植', 'Plants'], p.H > 0.6 ? ['落地绿植', 'Floor plant'] : ['桌面绿植', 'Tabletop plant']),
    size: mm(p.W, p.W, p.H),
    style,
    mount,
    resizable: true,
    price: 80 + i * 40,
    brand: BRANDS[4],
    build: (m: Model) => plant(m, p),
  }));
}

type DecorKind = 'vase' | 'bowl' | 'art' | 'mirror' | 'roundMirror' | 'clock' | 'cushion' | 'books' | 'candles' | 'sculpture';

interface DecorParams {
  kind: DecorKind;
  W: number;
  D: number;
  H: number;
  mat: MaterialName;
  frame?: MaterialName;
  profile?: [number, number][];
}

function decor(m: Model, p: DecorParams): Plan {
  const { W, D, H } = p;
  switch (p.kind) {
    case 'vase':
    case 'bowl':
      m.lathe(p.mat, p.profile!, undefined, 40);
      m.fit(W, H, D);
      return new Plan().ellipse(0, 0, W / 2, D / 2, true);
    case 'art':
    case 'mirror': {
      const f = 0.03;
      const frame = p.frame ?? 'blackWood';
      m.box(frame, -W / 2, 0, -D / 2, W, f, D, 0.003);
      m.box(frame, -W / 2, H - f, -D / 2, W, f, D, 0.003);
      m.box(frame, -W / 2, f, -D / 2, f, H - 2 * f, D, 0.003);
      m.box(frame, W / 2 - f, f, -D / 2, f, H - 2 * f, D, 0.003);
      m.add(p.mat, roundedBox(W - 2 * f, H - 2 * f, 0.005, 0, 0), move(0, H / 2, D / 2 - 0.012), 0, p.kind === 'art');
      return footprint(W, D);
    }
    case 'roundMirror':
    case 'clock': {
      m.add(p.frame ?? 'brass', cylinder(W / 2, W / 2, D * 0.6, m.round(48)), chain(rotX(Math.PI / 2), move(0, H / 2, -D / 2)));
      m.add(p.mat, cylinder(W / 2 - 0.02, W / 2 - 0.02, D * 0.7, m.round(48)), chain(rotX(Math.PI / 2), move(0, H / 2, -D / 2)));
      if (p.kind === 'clock') {
        m.box('blackMetal', -0.004, H / 2, D * 0.7 - D / 2, 0.008, W * 0.3, 0.004);
        m.box('blackMetal', -0.004, H / 2 - 0.004, D * 0.7 - D / 2 + 0.004, W * 0.22, 0.008, 0.004);
        for (let k = 0; k < 12; k++) {
          const a = (k / 12) * Math.PI * 2;
          m.box('blackMetal', Math.cos(a) * W * 0.38 - 0.005, H / 2 + Math.sin(a) * W * 0.38 - 0.005, D * 0.7 - D / 2, 0.01, 0.01, 0.003);
        }
      }
      m.fit(W, H, D);
      return footprint(W, D);
    }
    case 'cushion':
      m.add(p.mat, roundedBox(W, H, D * 0.6, D * 0.28, m.arc), move(0, H / 2, 0));
      m.add(p.mat, roundedBox(W * 0.86, H * 0.86, D, D * 0.45, m.arc), move(0, H / 2, 0));
      return footprint(W, D);
    case 'books': {
      const r = prng(W * 1000);
      let y = 0;
      const n = 4;
      for (let k = 0; k < n; k++) {
        const t = 0.025 + r() * 0.02;
        const w = W * (0.8 + r() * 0.2), d = D * (0.8 + r() * 0.2);
        m.add(k % 2 ? 'books' : 'whiteLacquer', roundedBox(w, t, d, 0.002, m.arc), chain(rotY((r() - 0.5) * 0.2), move(0, y + t / 2, 0)));
        y += t;
      }
      m.fit(W, H, D);
      return footprint(W, D);
    }
    case 'candles':
      m.cyl(p.frame ?? 'brass', 0, 0, 0, W / 2, 0.015, 32);
      for (const [x, z, h] of [[-W / 4, 0, H * 0.9], [W / 5, -D / 5, H * 0.7], [W / 6, D / 4, H * 0.5]] as const) {
        m.cyl(p.mat, x, 0.015, z, W * 0.12, h - 0.015, 20);
      }
      m.fit(W, H, D);
      return new Plan().ellipse(0, 0, W / 2, D / 2, true);
    case 'sculpture':
      m.cyl(p.frame ?? 'marquina', 0, 0, 0, W * 0.35, H * 0.1, 32);
      m.ball(p.mat, 0, H * 0.45, 0, W * 0.4, H * 0.35, D * 0.35, 24);
      m.ball(p.mat, 0, H * 0.85, 0, W * 0.22, H * 0.15, D * 0.22, 20);
      m.fit(W, H, D);
      return new Plan().ellipse(0, 0, W / 2, D / 2, true);
  }
}

export function decorItems(): Defs {
  const vase = (bottom: number, belly: number, neck: number, lip: number): [number, number][] => [
    [0, 0], [bottom, 0], [belly, 0.35], [neck, 0.8], [lip, 1], [lip * 0.85, 1], [neck * 0.8, 0.8], [0, 0.75],
  ];
  const list: [string, [string, string], [string, string], StyleKey, Mount, DecorParams][] = [
    ['vase-tall-white', ['白色高花瓶', 'Tall white vase'], ['花瓶', 'Vase'], 'modern', 'surface', { kind: 'vase', W: 0.18, D: 0.18, H: 0.45, mat: 'porcelain', profile: vase(0.5, 1, 0.35, 0.45) }],
    ['vase-round-terracotta', ['陶土圆花瓶', 'Round terracotta vase'], ['花瓶', 'Vase'], 'wabiSabi', 'surface', { kind: 'vase', W: 0.28, D: 0.28, H: 0.3, mat: 'terracottaPot', profile: vase(0.6, 1, 0.4, 0.35) }],
    ['vase-black', ['黑色陶瓷瓶', 'Black ceramic vase'], ['花瓶', 'Vase'], 'industrial', 'surface', { kind: 'vase', W: 0.16, D: 0.16, H: 0.38, mat: 'blackPot', profile: vase(0.7, 0.9, 0.5, 0.6) }],
    ['vase-ginger', ['青花将军罐', 'Ginger jar'], ['花瓶', 'Vase'], 'newChinese', 'surface', { kind: 'vase', W: 0.26, D: 0.26, H: 0.36, mat: 'navyLacquer', profile: [[0, 0], [0.6, 0], [1, 0.4], [0.85, 0.8], [0.45, 0.88], [0.45, 0.95], [0.5, 0.95], [0.5, 1], [0, 1]] }],
    ['vase-floor', ['落地花瓶', 'Floor vase'], ['花瓶', 'Vase'], 'wabiSabi', 'floor', { kind: 'vase', W: 0.32, D: 0.32, H: 0.8, mat: 'stonewarePot', profile: vase(0.55, 1, 0.3, 0.4) }],
    ['bowl-marble', ['大理石果盘', 'Marble bowl'], ['摆件', 'Ornament'], 'lightLuxury', 'surface', { kind: 'bowl', W: 0.32, D: 0.32, H: 0.09, mat: 'carrara', profile: [[0, 0], [0.5, 0], [0.9, 0.6], [1, 1], [0.92, 1], [0.8, 0.6], [0, 0.25]] }],
    ['bowl-wood', ['木质果盘', 'Wooden bowl'], ['摆件', 'Ornament'], 'japanese', 'surface', { kind: 'bowl', W: 0.3, D: 0.3, H: 0.1, mat: 'walnut', profile: [[0, 0], [0.5, 0], [0.9, 0.6], [1, 1], [0.92, 1], [0.8, 0.6], [0, 0.25]] }],
    ['art-900', ['装饰画 抽象', 'Abstract wall art'], ['装饰画', 'Wall art'], 'modern', 'wall', { kind: 'art', W: 0.9, D: 0.04, H: 0.6, mat: 'canvasArt', frame: 'blackWood' }],
    ['art-1200', ['大幅装饰画', 'Large wall art'], ['装饰画', 'Wall art'], 'nordic', 'wall', { kind: 'art', W: 1.2, D: 0.04, H: 0.8, mat: 'canvasArt', frame: 'oak' }],
    ['art-600-brass', ['竖幅装饰画', 'Portrait wall art'], ['装饰画', 'Wall art'], 'lightLuxury', 'wall', { kind: 'art', W: 0.5, D: 0.035, H: 0.7, mat: 'canvasArt', frame: 'brass' }],
    ['mirror-rect', ['长方形镜', 'Rectangular mirror'], ['镜子', 'Mirror'], 'modern', 'wall', { kind: 'mirror', W: 0.6, D: 0.03, H: 1.2, mat: 'mirror', frame: 'blackMetal' }],
    ['mirror-floor', ['落地镜', 'Floor mirror'], ['镜子', 'Mirror'], 'french', 'floor', { kind: 'mirror', W: 0.7, D: 0.04, H: 1.7, mat: 'mirror', frame: 'brass' }],
    ['mirror-round', ['圆镜', 'Round mirror'], ['镜子', 'Mirror'], 'lightLuxury', 'wall', { kind: 'roundMirror', W: 0.7, D: 0.035, H: 0.7, mat: 'mirror', frame: 'brass' }],
    ['clock-oak', ['挂钟', 'Wall clock'], ['挂钟', 'Clock'], 'nordic', 'wall', { kind: 'clock', W: 0.4, D: 0.04, H: 0.4, mat: 'whiteLacquer', frame: 'oak' }],
    ['cushion-linen', ['亚麻抱枕', 'Linen cushion'], ['抱枕', 'Cushion'], 'nordic', 'surface', { kind: 'cushion', W: 0.45, D: 0.15, H: 0.45, mat: 'linen' }],
    ['cushion-velvet', ['丝绒抱枕', 'Velvet cushion'], ['抱枕', 'Cushion'], 'lightLuxury', 'surface', { kind: 'cushion', W: 0.45, D: 0.15, H: 0.45, mat: 'velvetGreen' }],
    ['cushion-mustard', ['芥末黄抱枕', 'Mustard cushion'], ['抱枕', 'Cushion'], 'modern', 'surface', { kind: 'cushion', W: 0.5, D: 0.16, H: 0.35, mat: 'mustard' }],
    ['books-stack', ['书本摆件', 'Stack of books'], ['摆件', 'Ornament'], 'modern', 'surface', { kind: 'books', W: 0.25, D: 0.18, H: 0.13, mat: 'books' }],
    ['candles-brass', ['烛台', 'Candle set'], ['摆件', 'Ornament'], 'french', 'surface', { kind: 'candles', W: 0.25, D: 0.25, H: 0.25, mat: 'whiteLacquer', frame: 'brass' }],
    ['sculpture-white', ['抽象雕塑', 'Abstract sculpture'], ['摆件', 'Ornament'], 'postModern', 'surface', { kind: 'sculpture', W: 0.2, D: 0.2, H: 0.4, mat: 'porcelain', frame: 'marquina' }],
  ];
  return list.map(([key, name, sub, style, mount, p], i): FurnitureDef => ({
    key: `decor-${key}`,
    family: 'decor',
    name: { zh: name[0], en: name[1] },
    category: cat(DEPT.decor, ['饰品', 'Decor'], sub),
    size: mm(p.W, p.D, p.H),
    style,
    mount,
    resizable: p.kind === 'art' || p.kind === 'mirror',
    price: 60 + i * 35,
    brand: BRANDS[4],
    build: (m: Model) => decor(m, p),
  }));
}
