// Sofas, armchairs, dining chairs, stools and office chairs.
import type { StyleKey } from '../catalogue';
import { chain, move, rotX, roundedBox } from '../geometry';
import type { MaterialName } from '../materials';
import { footprint, type Model } from '../model';
import { BRANDS, cat, DEPT, legs, mm, type Defs, type LegStyle } from './common';

type ArmStyle = 'track' | 'rolled' | 'slope' | 'wing';

interface SofaParams {
  seats: number;
  seatW: number;
  arm: ArmStyle;
  leg: LegStyle;
  fabric: MaterialName;
  legMat: MaterialName;
  depth: number;
  height: number;
  /** a chaise longue on the right, this deep (0: none) */
  chaise: number;
}

const ARM_W: Record<ArmStyle, number> = { track: 0.16, rolled: 0.2, slope: 0.1, wing: 0.18 };

function sofaWidth(p: SofaParams): number {
  return p.seats * p.seatW + 2 * ARM_W[p.arm];
}

/** A sofa (or with one seat an armchair): base, arms, back frame, seat and back cushions. */
function sofa(m: Model, p: SofaParams) {
  const W = sofaWidth(p);
  const D = p.depth + p.chaise;
  const H = p.height;
  const legH = p.leg === 'plinth' ? 0.06 : 0.14;
  const aw = ARM_W[p.arm];
  const z0 = -D / 2; // back
  const zf = z0 + p.depth; // front of the sofa proper
  const r = 0.03;
  const baseTop = legH + 0.2;
  const seatTop = legH + 0.32;
  const armH = p.arm === 'slope' ? seatTop + 0.12 : p.arm === 'wing' ? H : legH + 0.5;
  const backT = 0.2;
  legs(m, p.legMat, p.leg, -W / 2 + 0.03, W / 2 - 0.03, z0 + 0.03, zf - 0.03, legH);
  if (p.chaise > 0) legs(m, p.legMat, p.leg, W / 2 - p.seatW - aw + 0.03, W / 2 - 0.03, zf - 0.1, D / 2 - 0.03, legH);
  // base under the cushions, from arm to arm
  m.box(p.fabric, -W / 2 + aw - 0.01, legH, z0 + 0.05, W - 2 * aw + 0.02, baseTop - legH, p.depth - 0.05, r, 0);
  // back frame
  m.box(p.fabric, -W / 2 + aw * 0.5, legH, z0, W - aw, H - legH, backT, r * 1.5);
  if (p.chaise > 0) m.box(p.fabric, W / 2 - aw - (W - 2 * aw) / p.seats, legH, zf - 0.01, (W - 2 * aw) / p.seats, baseTop - legH, p.chaise + 0.01, r);
  // arms
  for (const side of [-1, 1]) {
    const x0 = side < 0 ? -W / 2 : W / 2 - aw;
    const armDepth = side > 0 && p.chaise > 0 ? D : p.depth;
    if (p.arm === 'rolled') {
      m.box(p.fabric, x0, legH, z0, aw, armH - legH - aw * 0.4, armDepth, 0.02);
      // the roll: a horizontal cushion along the arm's top
      m.add(p.fabric, roundedBox(aw, aw * 0.8, armDepth, aw * 0.38, m.arc), move(x0 + aw / 2, armH - aw * 0.4, z0 + armDepth / 2));
    } else if (p.arm === 'wing') {
      m.box(p.fabric, x0, legH, z0 + 0.1, aw, seatTop + 0.2 - legH, armDepth - 0.1, 0.04);
      // the wing rises beside the back
      m.box(p.fabric, x0, seatTop, z0, aw, H - seatTop, 0.42, 0.05);
    } else {
      m.box(p.fabric, x0, legH, z0, aw, armH - legH, armDepth, p.arm === 'slope' ? 0.03 : r);
    }
  }
  // seat cushions, one per seat, crowned
  const seatD = p.depth - backT - 0.02;
  const cw = (W - 2 * aw) / p.seats;
  for (let i = 0; i < p.seats; i++) {
    const x = -W / 2 + aw + i * cw;
    const extra = p.chaise > 0 && i === p.seats - 1 ? p.chaise : 0;
    m.box(p.fabric, x + 0.005, baseTop, z0 + backT, cw - 0.01, seatTop - baseTop, seatD + extra + 0.02, 0.05);
  }
  // back cushions leaning back a little
  const bh = H - 0.1 - seatTop;
  for (let i = 0; i < p.seats; i++) {
    const x = -W / 2 + aw + i * cw + cw / 2;
    const g = roundedBox(cw - 0.02, bh, 0.17, 0.06, m.arc);
    m.add(p.fabric, g, chain(rotX(-0.12), move(x, seatTop + bh / 2 + 0.01, z0 + backT + 0.07)));
  }
  const plan = footprint(W, D);
  plan.rect(-W / 2, z0, W / 2, z0 + backT);
  plan.rect(-W / 2, z0, -W / 2 + aw, z0 + p.depth).rect(W / 2 - aw, z0, W / 2, z0 + (p.chaise > 0 ? D : p.depth));
  for (let i = 1; i < p.seats; i++) plan.line([[-W / 2 + aw + i * cw, z0 + backT], [-W / 2 + aw + i * cw, zf]]);
  if (p.chaise > 0) plan.line([[W / 2 - aw - cw, zf], [W / 2 - aw - cw, D / 2]]);
  return plan;
}

const SOFA_FABRICS: [MaterialName, string, string][] = [
  ['greyFabric', '浅灰布艺', 'light grey fabric'],
  ['linen', '亚麻', 'linen'],
  ['charcoal', '炭灰布艺', 'charcoal fabric'],
  ['navy', '藏青布艺', 'navy fabric'],
  ['velvetGreen', '墨绿丝绒', 'green velvet'],
  ['cognac', '焦糖真皮', 'cognac leather'],
  ['boucle', '羊羔绒', 'boucle'],
  ['terracotta', '陶土色布艺', 'terracotta fabric'],
  ['blackLeather', '黑色真皮', 'black leather'],
  ['mustard', '芥末黄布艺', 'mustard fabric'],
];

const ARM_NAMES: Record<ArmStyle, [string, string]> = {
  track: ['直扶手', 'track arm'],
  rolled: ['圆扶手', 'rolled arm'],
  slope: ['窄扶手', 'slim arm'],
  wing: ['高背', 'wingback'],
};

const LEG_WOOD: Record<LegStyle, MaterialName> = { block: 'walnut', tapered: 'oak', metal: 'blackMetal', plinth: 'charcoal', turned: 'walnut' };

const ARM_STYLE: Record<ArmStyle, StyleKey> = { track: 'modern', rolled: 'american', slope: 'nordic', wing: 'european' };

export function sofas(): Defs {
  const defs: Defs = [];
  const configs: [number, ArmStyle, LegStyle, number][] = [
    [2, 'track', 'block', 0], [3, 'track', 'block', 0], [4, 'track', 'plinth', 0], [3, 'track', 'metal', 0],
    [2, 'rolled', 'turned', 0], [3, 'rolled', 'turned', 0], [3, 'rolled', 'tapered', 0],
    [2, 'slope', 'tapered', 0], [3, 'slope', 'tapered', 0], [3, 'slope', 'metal', 0],
    [3, 'track', 'plinth', 0.75], [3, 'slope', 'tapered', 0.7], [4, 'track', 'block', 0.8], [3, 'rolled', 'turned', 0.7],
    [2, 'track', 'metal', 0], [3, 'track', 'tapered', 0],
  ];
  configs.forEach(([seats, arm, leg, chaise], i) => {
    const [fabric, fzh, fen] = SOFA_FABRICS[i % SOFA_FABRICS.length]!;
    const p: SofaParams = { seats, seatW: seats === 4 ? 0.62 : 0.66, arm, leg, fabric, legMat: LEG_WOOD[leg], depth: 0.92, height: 0.82, chaise };
    const W = sofaWidth(p);
    const kind = chaise > 0 ? (['L型沙发', 'L-shaped sofa'] as const) : ([`${'一二三四'[seats - 1]}人沙发`, `${seats}-seat sofa`] as const);
    defs.push({
      key: `sofa-${seats}${chaise > 0 ? 'l' : ''}-${arm}-${leg}-${fabric}`.toLowerCase(),
      family: 'sofa',
      name: { zh: `${fzh}${ARM_NAMES[arm][0]}${kind[0]}`, en: `${kind[1]}, ${ARM_NAMES[arm][1]}, ${fen}` },
      category: cat(DEPT.furniture, ['沙发', 'Sofas'], [kind[0], kind[1]]),
      size: mm(W, p.depth + chaise, p.height),
      style: ARM_STYLE[arm],
      mount: 'floor',
      resizable: true,
      price: Math.round(1800 + seats * 900 + chaise * 2000 + (fabric.includes('Leather') || fabric === 'cognac' ? 3000 : 0)),
      brand: BRANDS[i % BRANDS.length]!,
      build: (m) => sofa(m, p),
    });
  });
  return defs;
}

export function armchairs(): Defs {
  const defs: Defs = [];
  const configs: [ArmStyle, LegStyle, MaterialName, number][] = [
    ['track', 'block', 'greyFabric', 0.78], ['rolled', 'turned', 'linen', 0.86], ['slope', 'tapered', 'mustard', 0.78],
    ['wing', 'turned', 'velvetGreen', 1.05], ['wing', 'tapered', 'terracotta', 1.02], ['track', 'metal', 'cognac', 0.8],
    ['slope', 'tapered', 'boucle', 0.76], ['rolled', 'tapered', 'blush', 0.84], ['track', 'plinth', 'navy', 0.78],
    ['wing', 'turned', 'blackLeather', 1.08],
  ];
  configs.forEach(([arm, leg, fabric, height], i) => {
    const p: SofaParams = { seats: 1, seatW: arm === 'wing' ? 0.58 : 0.62, arm, leg, fabric, legMat: LEG_WOOD[leg], depth: 0.84, height, chaise: 0 };
    const W = sofaWidth(p);
    const fab = SOFA_FABRICS.find((f) => f[0] === fabric);
    defs.push({
      key: `armchair-${arm}-${leg}-${fabric}`.toLowerCase(),
      family: 'armchair',
      name: { zh: `${fab?.[1] ?? '布艺'}${ARM_NAMES[arm][0]}单人沙发`, en: `Armchair, ${ARM_NAMES[arm][1]}, ${fab?.[2] ?? 'fabric'}` },
      category: cat(DEPT.furniture, ['沙发', 'Sofas'], ['单人沙发', 'Armchair']),
      size: mm(W, p.depth, height),
      style: ARM_STYLE[arm],
      mount: 'floor',
      resizable: true,
      price: 1200 + i * 150,
      brand: BRANDS[(i + 2) % BRANDS.length]!,
      build: (m) => sofa(m, p),
    });
  });
  return defs;
}

type ChairKind = 'slat' | 'upholstered' | 'spindle' | 'bar' | 'stool' | 'office';

interface ChairParams {
  kind: ChairKind;
  frame: MaterialName;
  seat: MaterialName;
}

const CHAIR_SIZE: Record<ChairKind, [number, number, number]> = {
  slat: [0.46, 0.52, 0.82],
  upholstered: [0.5, 0.56, 0.9],
  spindle: [0.5, 0.5, 0.8],
  bar: [0.42, 0.42, 0.75],
  stool: [0.4, 0.4, 0.46],
  office: [0.64, 0.64, 1.1],
};

/** Dining chairs, bar stools and stools: four legs and a seat; office chairs a five-star base. */
function chair(m: Model, p: ChairParams) {
  const [W, D, H] = CHAIR_SIZE[p.kind];
  const plan = footprint(W, D);
  if (p.kind === 'office') {
    const baseR = W / 2;
    for (let k = 0; k < 5; k++) {
      const a = (k / 5) * Math.PI * 2 + Math.PI / 2;
      const ex = Math.cos(a) * (baseR - 0.03), ez = Math.sin(a) * (baseR - 0.03);
      m.rod('blackMetal', [0, 0.08, 0], [ex, 0.06, ez], 0.016);
      m.ball('rubber', ex, 0.03, ez, 0.03, 0.03, 0.03, 12);
    }
    m.cyl('chrome', 0, 0.07, 0, 0.025, 0.36, 16);
    m.box(p.seat, -0.25, 0.42, -0.24, 0.5, 0.09, 0.5, 0.04);
    // back on a spine, leaning back
    m.rod('blackMetal', [0, 0.44, -0.22], [0, 0.62, -0.3], 0.02);
    m.add(p.seat, roundedBox(0.46, 0.5, 0.07, 0.035, m.arc), chain(rotX(-0.12), move(0, 0.82, -0.27)));
    for (const s of [-1, 1]) {
      m.rod('blackMetal', [s * 0.24, 0.48, -0.05], [s * 0.24, 0.64, -0.05], 0.012);
      m.box('darkPlastic', s * 0.24 - 0.03, 0.64, -0.17, 0.06, 0.03, 0.24, 0.012);
    }
    m.fit(W, H, D);
    plan.ellipse(0, 0, W / 2 - 0.05, D / 2 - 0.05);
    return plan;
  }
  if (p.kind === 'bar' || p.kind === 'stool') {
    const seatH = H - 0.05;
    const spread = W / 2 - 0.02;
    for (const [sx, sz] of [[-1, -1], [1, -1], [1, 1], [-1, 1]] as const) {
      m.rod(p.frame, [sx * spread, 0, sz * spread], [sx * 0.13, seatH, sz * 0.13], 0.016);
    }
    if (p.kind === 'bar') {
      const ringH = 0.28;
      const rr = spread - (spread - 0.13) * (ringH / seatH);
      m.rod(p.frame, [-rr, ringH, -rr], [rr, ringH, -rr], 0.01);
      m.rod(p.frame, [rr, ringH, -rr], [rr, ringH, rr], 0.01);
      m.rod(p.frame, [rr, ringH, rr], [-rr, ringH, rr], 0.01);
      m.rod(p.frame, [-rr, ringH, rr], [-rr, ringH, -rr], 0.01);
      // a low back ring
      m.box(p.frame, -0.16, seatH, -0.19, 0.32, 0.05, 0.03, 0.01);
    }
    m.cyl(p.seat, 0, seatH, 0, 0.18, 0.05, 32, 0.17);
    m.fit(W, H, D);
    plan.ellipse(0, 0, 0.18 * (W / 0.4), 0.18 * (D / 0.4));
    return plan;
  }
  const seatH = 0.45;
  const t = 0.038;
  // front legs to the seat, back legs rising into the back posts
  for (const sx of [-1, 1]) {
    const x = sx * (W / 2 - t / 2);
    m.box(p.frame, x - t / 2, 0, D / 2 - t, t, seatH - 0.03, t, 0.004, 1);
    m.box(p.frame, x - t / 2, 0, -D / 2, t, H, t, 0.004, 1);
  }
  // apron and seat
  m.box(p.frame, -W / 2 + t, seatH - 0.1, -D / 2 + t, W - 2 * t, 0.07, D - 2 * t);
  if (p.kind === 'upholstered') {
    m.box(p.seat, -W / 2, seatH - 0.04, -D / 2 + 0.02, W, 0.08, D - 0.02, 0.03);
    m.box(p.seat, -W / 2 + t, seatH + 0.04, -D / 2 + 0.005, W - 2 * t, H - seatH - 0.06, 0.06, 0.025);
  } else {
    m.box(p.seat, -W / 2, seatH - 0.03, -D / 2 + 0.02, W, 0.035, D - 0.02, 0.008, 2);
    if (p.kind === 'slat') {
      for (const y of [H - 0.08, H - 0.2, H - 0.3]) m.box(p.frame, -W / 2 + t, y, -D / 2 + 0.008, W - 2 * t, y === H - 0.08 ? 0.07 : 0.035, 0.022, 0.005);
    } else {
      m.box(p.frame, -W / 2 + t, H - 0.07, -D / 2 + 0.004, W - 2 * t, 0.06, 0.03, 0.008);
      for (let k = 1; k <= 5; k++) {
        const x = -W / 2 + t + (k * (W - 2 * t)) / 6;
        m.rod(p.frame, [x, seatH, -D / 2 + 0.02], [x, H - 0.07, -D / 2 + 0.02], 0.009);
      }
    }
  }
  plan.rect(-W / 2, -D / 2, W / 2, -D / 2 + 0.05);
  return plan;
}

export function chairs(): Defs {
  const defs: Defs = [];
  const configs: [ChairKind, MaterialName, MaterialName, string, string, StyleKey][] = [
    ['slat', 'oak', 'oak', '橡木横板餐椅', 'Oak slat-back dining chair', 'nordic'],
    ['slat', 'walnut', 'walnut', '胡桃木餐椅', 'Walnut dining chair', 'modern'],
    ['slat', 'blackWood', 'blackWood', '黑色实木餐椅', 'Black wood dining chair', 'japanese'],
    ['upholstered', 'walnut', 'greyFabric', '软包餐椅 灰', 'Upholstered dining chair, grey', 'modern'],
    ['upholstered', 'oak', 'linen', '软包餐椅 亚麻', 'Upholstered dining chair, linen', 'french'],
    ['upholstered', 'blackMetal', 'cognac', '皮面餐椅', 'Leather dining chair', 'industrial'],
    ['upholstered', 'brass', 'velvetGreen', '丝绒餐椅', 'Velvet dining chair', 'lightLuxury'],
    ['spindle', 'ash', 'ash', '温莎椅', 'Windsor spindle chair', 'pastoral'],
    ['spindle', 'walnut', 'walnut', '胡桃木圆棒椅', 'Walnut spindle chair', 'newChinese'],
    ['bar', 'blackMetal', 'oak', '金属吧椅', 'Metal bar stool', 'industrial'],
    ['bar', 'brass', 'cognac', '皮面吧椅', 'Leather bar stool', 'lightLuxury'],
    ['stool', 'oak', 'oak', '实木矮凳', 'Oak stool', 'nordic'],
    ['stool', 'walnut', 'boucle', '软垫凳', 'Upholstered stool', 'wabiSabi'],
    ['office', 'blackMetal', 'charcoal', '办公椅', 'Office swivel chair', 'modern'],
    ['office', 'chrome', 'navy', '转椅 藏青', 'Swivel chair, navy', 'modern'],
  ];
  configs.forEach(([kind, frame, seat, zh, en, style], i) => {
    const size = CHAIR_SIZE[kind];
    const sub: [string, string] = kind === 'bar' ? ['吧椅', 'Bar stool'] : kind === 'stool' ? ['凳子', 'Stool'] : kind === 'office' ? ['办公椅', 'Office chair'] : ['餐椅', 'Dining chair'];
    defs.push({
      key: `chair-${kind}-${frame}-${seat}`.toLowerCase(),
      family: 'chair',
      name: { zh, en },
      category: cat(DEPT.furniture, ['椅凳', 'Chairs'], sub),
      size: mm(size[0], size[1], size[2]),
      style,
      mount: 'floor',
      resizable: false,
      price: 300 + i * 60,
      brand: BRANDS[i % BRANDS.length]!,
      build: (m) => chair(m, { kind, frame, seat }),
    });
  });
  return defs;
}
