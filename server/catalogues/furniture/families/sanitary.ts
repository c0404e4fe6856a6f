// Sanitary ware: toilets, basins (pedestal, vanity unit, countertop vessel), showers and baths.
// Bowls and tubs are lathe shapes squashed to their plan size; everything is fitted to its box.
import type { StyleKey } from '../catalogue';
import { chain, lathe, move, rotY, roundedBox, scale } from '../geometry';
import type { MaterialName } from '../materials';
import { footprint, Plan, type Model } from '../model';
import { BRANDS, cat, DEPT, knob, mm, type Defs } from './common';

type Kind = 'toilet' | 'wallToilet' | 'pedestal' | 'vanity' | 'vessel' | 'shower' | 'showerQuadrant' | 'bath' | 'freeBath' | 'showerColumn';

interface SanitaryParams {
  kind: Kind;
  W: number;
  D: number;
  H: number;
  cabinet?: MaterialName;
  tap: MaterialName;
}

/** A bowl as a lathe: outer wall, rim, inner wall down to a floor (r in units of the half width). */
const BOWL: [number, number][] = [[0, 0], [0.55, 0], [0.8, 0.35], [1, 0.85], [1, 1], [0.9, 1], [0.78, 0.6], [0.4, 0.3], [0, 0.3]];

/** A mixer tap: a column `height` tall, a spout reaching forward and a lever behind. */
function tap(m: Model, mat: MaterialName, x: number, y: number, z: number, reach: number, height = 0.12): void {
  m.cyl(mat, x, y, z, 0.022, height, 16);
  m.rod(mat, [x, y + height - 0.01, z], [x, y + height - 0.01, z + reach], 0.011);
  m.rod(mat, [x, y + height, z - 0.01], [x, y + height + 0.04, z - 0.06], 0.007);
}

function sanitary(m: Model, p: SanitaryParams): Plan {
  const { W, D, H } = p;
  const plan = footprint(W, D);
  switch (p.kind) {
    case 'toilet':
    case 'wallToilet': {
      const seatH = 0.4;
      const wall = p.kind === 'wallToilet';
      // bowl: an egg-shaped lathe, stretched toward the front
      m.add('porcelain', lathe(BOWL, m.round(32)), chain(scale(0.19, seatH - (wall ? 0.12 : 0), 0.26), move(0, wall ? 0.12 : 0, 0.06)));
      m.add('porcelain', roundedBox(0.36, 0.03, 0.46, 0.14, m.arc), move(0, seatH + 0.015, 0.06)); // seat
      if (!wall) {
        m.box('porcelain', -0.08, 0, -0.12, 0.16, 0.2, 0.2, 0.04); // foot
        m.box('porcelain', -0.19, seatH, -D / 2, 0.38, H - seatH, 0.2, 0.03); // cistern
        m.cyl('chrome', 0, H, -D / 2 + 0.1, 0.025, 0.001, 16);
      } else {
        m.box('whiteLacquer', -0.25, 0.12, -D / 2, 0.5, H - 0.12, 0.12, 0.01); // in-wall frame cover
        m.box('chrome', -0.1, H - 0.4, -D / 2 + 0.12, 0.2, 0.14, 0.008, 0.004);
      }
      m.fit(W, H, D);
      plan.ellipse(0, 0.06 * (D / 0.7), 0.15 * (W / 0.4), 0.2 * (D / 0.7));
      break;
    }
    case 'pedestal': {
      m.add('porcelain', lathe(BOWL, m.round(32)), chain(scale(W / 2, 0.18, D / 2), move(0, H - 0.18, 0)));
      m.lathe('porcelain', [[0, 0], [0.1, 0], [0.09, 0.05], [0.07, H - 0.2], [0.12, H - 0.16], [0, H - 0.16]], move(0, 0, -D * 0.1), 24);
      tap(m, p.tap, 0, H - 0.04, -D / 2 + 0.08, 0.1);
      m.fit(W, H, D);
      plan.ellipse(0, 0, W * 0.35, D * 0.3);
      break;
    }
    case 'vanity': {
      const cab = p.cabinet ?? 'oak';
      const topY = H - 0.05;
      m.box(cab, -W / 2, 0.25, -D / 2, W, topY - 0.25, D - 0.02, 0.004); // wall-hung cabinet
      m.box(cab, -W / 2 + 0.003, 0.253, D / 2 - 0.022, W / 2 - 0.006, topY - 0.26, 0.02, 0.003);
      m.box(cab, 0.003, 0.253, D / 2 - 0.022, W / 2 - 0.006, topY - 0.26, 0.02, 0.003);
      // basin top with the bowl sunk in (drawn as a slab and an inset oval)
      m.box('porcelain', -W / 2, topY, -D / 2, W, 0.05, D, 0.015);
      m.add('greyLacquer', lathe([[1, 0], [0, 0]], m.round(32)), chain(scale(Math.min(0.22, W * 0.3), 1, D * 0.3), move(0, H + 0.0005, 0.02)));
      tap(m, p.tap, 0, H, -D / 2 + 0.06, 0.1);
      m.fit(W, H, D);
      plan.ellipse(0, 0.02, Math.min(0.22, W * 0.3), D * 0.3);
      break;
    }
    case 'vessel': {
      const cab = p.cabinet ?? 'walnut';
      m.box(cab, -W / 2, 0, -D / 2, W, 0.06, D, 0.01); // a counter slab on the wall
      m.add('porcelain', lathe([[0, 0], [0.7, 0], [1, 0.6], [1, 1], [0.92, 1], [0.88, 0.4], [0, 0.25]], m.round(40)), chain(scale(0.2, 0.14, 0.2), move(0, 0.06, 0.04)));
      // a tall tap: its spout clears the bowl's rim
      tap(m, p.tap, 0, 0.06, -D / 2 + 0.04, 0.16, 0.22);
      m.fit(W, H, D);
      plan.ellipse(0, 0.02 * (D / 0.5), 0.2, 0.2);
      break;
    }
    case 'bath':
    case 'freeBath': {
      if (p.kind === 'bath') {
        // an open tub: four rim walls around a floor, so the inside shows
        const t = 0.09;
        m.box('porcelain', -W / 2, 0, -D / 2, W, 0.12, D, 0.01);
        m.box('porcelain', -W / 2, 0, -D / 2, W, H, t, 0.02);
        m.box('porcelain', -W / 2, 0, D / 2 - t, W, H, t, 0.02);
        m.box('porcelain', -W / 2, 0, -D / 2, t * 1.6, H, D, 0.02);
        m.box('porcelain', W / 2 - t, 0, -D / 2, t, H, D, 0.02);
        m.box('enamelWhite', -W / 2 + t * 1.6, 0.12, -D / 2 + t, W - t * 2.6, 0.005, D - 2 * t, 0);
        tap(m, p.tap, -W / 2 + t * 0.8, H, 0, 0.12);
      } else {
        m.add('porcelain', lathe([[0, 0], [0.8, 0], [0.9, 0.1], [1, 0.9], [1, 1], [0.92, 1], [0.85, 0.3], [0, 0.25]], m.round(48)), scale(W / 2, H, D / 2));
      }
      m.fit(W, H, D);
      plan.rect(-W / 2 + 0.08, -D / 2 + 0.08, W / 2 - 0.08, D / 2 - 0.08);
      break;
    }
    case 'shower':
    case 'showerQuadrant': {
      const trayH = 0.05;
      m.box('porcelain', -W / 2, 0, -D / 2, W, trayH, D, 0.01);
      const t = 0.008;
      if (p.kind === 'shower') {
        // two glass walls on the open sides and a door, with chrome profiles
        m.box('glass', -W / 2, trayH, D / 2 - t, W, H - trayH - 0.02, t);
        m.box('glass', W / 2 - t, trayH, -D / 2, t, H - trayH - 0.02, D);
        m.box('chrome', -W / 2, H - 0.02, D / 2 - 0.02, W, 0.02, 0.02);
        m.box('chrome', W / 2 - 0.02, H - 0.02, -D / 2, 0.02, 0.02, D);
        plan.line([[-W / 2, D / 2], [W / 2, D / 2], [W / 2, -D / 2]]);
      } else {
        // a quarter-round glass front, the corner at the back left
        const R = W;
        const seg = m.round(24) / 4;
        for (let k = 0; k < seg; k++) {
          const a0 = (k / seg) * (Math.PI / 2), a1 = ((k + 1) / seg) * (Math.PI / 2);
          const x0 = -W / 2 + R * Math.sin(a0), z0 = -D / 2 + R * Math.cos(a0);
          const x1 = -W / 2 + R * Math.sin(a1), z1 = -D / 2 + R * Math.cos(a1);
          const len = Math.hypot(x1 - x0, z1 - z0);
          m.add('glass', roundedBox(len, H - trayH, t, 0, 0), chain(rotY(Math.atan2(-(z1 - z0), x1 - x0)), move((x0 + x1) / 2, trayH + (H - trayH) / 2, (z0 + z1) / 2)));
        }
        const pts: [number, number][] = [];
        for (let k = 0; k <= 16; k++) pts.push([-W / 2 + R * Math.sin((k / 16) * Math.PI / 2), -D / 2 + R * Math.cos((k / 16) * Math.PI / 2)]);
        plan.line(pts);
      }
      // head and mixer on the back wall
      m.rod('chrome', [-W / 4, trayH, -D / 2 + 0.04], [-W / 4, H - 0.1, -D / 2 + 0.04], 0.012);
      m.rod('chrome', [-W / 4, H - 0.1, -D / 2 + 0.04], [-W / 4, H - 0.1, -D / 2 + 0.25], 0.01);
      m.cyl('chrome', -W / 4, H - 0.13, -D / 2 + 0.25, 0.1, 0.02, 24);
      knob(m, 'chrome', -W / 4, 1.0, -D / 2 + 0.02, 0.05, 0.025);
      plan.line([[-W / 2, -D / 2 + 0.0], [-W / 2, D / 2]]);
      m.fit(W, H, D);
      break;
    }
    case 'showerColumn': {
      m.rod(p.tap, [0, 0.9, -D / 2 + 0.03], [0, H - 0.05, -D / 2 + 0.03], 0.012);
      m.rod(p.tap, [0, H - 0.05, -D / 2 + 0.03], [0, H - 0.05, D / 2 - 0.12], 0.01);
      m.cyl(p.tap, 0, H - 0.08, D / 2 - 0.12, 0.12, 0.02, 32);
      m.box(p.tap, -0.15, 0.95, -D / 2, 0.3, 0.06, 0.06, 0.02);
      knob(m, p.tap, 0.1, 0.98, -D / 2 + 0.06, 0.03, 0.02);
      m.fit(W, H, D);
      break;
    }
  }
  return plan;
}

export function sanitaryWare(): Defs {
  const list: [string, Kind, [string, string], [string, string], StyleKey, 'floor' | 'wall', SanitaryParams][] = [
    ['toilet', 'toilet', ['连体坐便器', 'Close-coupled toilet'], ['马桶', 'Toilet'], 'modern', 'floor', { kind: 'toilet', W: 0.4, D: 0.7, H: 0.78, tap: 'chrome' }],
    ['toilet-compact', 'toilet', ['小户型坐便器', 'Compact toilet'], ['马桶', 'Toilet'], 'modern', 'floor', { kind: 'toilet', W: 0.36, D: 0.62, H: 0.74, tap: 'chrome' }],
    ['toilet-wall', 'wallToilet', ['壁挂式坐便器', 'Wall-hung toilet'], ['马桶', 'Toilet'], 'modern', 'wall', { kind: 'wallToilet', W: 0.5, D: 0.66, H: 1.12, tap: 'chrome' }],
    ['basin-pedestal', 'pedestal', ['立柱盆', 'Pedestal basin'], ['台盆', 'Basin'], 'simpleEuropean', 'floor', { kind: 'pedestal', W: 0.56, D: 0.45, H: 0.85, tap: 'chrome' }],
    ['vanity-600-oak', 'vanity', ['600浴室柜', '600 vanity unit'], ['浴室柜', 'Vanity unit'], 'nordic', 'wall', { kind: 'vanity', W: 0.6, D: 0.46, H: 0.85, cabinet: 'oak', tap: 'chrome' }],
    ['vanity-800-white', 'vanity', ['800浴室柜', '800 vanity unit'], ['浴室柜', 'Vanity unit'], 'modern', 'wall', { kind: 'vanity', W: 0.8, D: 0.48, H: 0.85, cabinet: 'whiteLacquer', tap: 'chrome' }],
    ['vanity-1000-walnut', 'vanity', ['1000浴室柜', '1000 vanity unit'], ['浴室柜', 'Vanity unit'], 'lightLuxury', 'wall', { kind: 'vanity', W: 1.0, D: 0.5, H: 0.85, cabinet: 'walnut', tap: 'brass' }],
    ['vanity-800-grey', 'vanity', ['灰色浴室柜', 'Grey vanity unit'], ['浴室柜', 'Vanity unit'], 'modern', 'wall', { kind: 'vanity', W: 0.8, D: 0.46, H: 0.85, cabinet: 'greyLacquer', tap: 'blackMetal' }],
    ['vessel-walnut', 'vessel', ['台上盆', 'Countertop basin'], ['台盆', 'Basin'], 'wabiSabi', 'wall', { kind: 'vessel', W: 0.8, D: 0.5, H: 0.36, cabinet: 'walnut', tap: 'blackMetal' }],
    ['vessel-marble', 'vessel', ['大理石台上盆', 'Basin on marble counter'], ['台盆', 'Basin'], 'lightLuxury', 'wall', { kind: 'vessel', W: 1.0, D: 0.5, H: 0.36, cabinet: 'carrara', tap: 'brass' }],
    ['shower-900', 'shower', ['900淋浴房', '900 shower enclosure'], ['淋浴房', 'Shower'], 'modern', 'floor', { kind: 'shower', W: 0.9, D: 0.9, H: 2.0, tap: 'chrome' }],
    ['shower-1200', 'shower', ['1200淋浴房', '1200 shower enclosure'], ['淋浴房', 'Shower'], 'modern', 'floor', { kind: 'shower', W: 1.2, D: 0.9, H: 2.0, tap: 'chrome' }],
    ['shower-quadrant', 'showerQuadrant', ['扇形淋浴房', 'Quadrant shower'], ['淋浴房', 'Shower'], 'modern', 'floor', { kind: 'showerQuadrant', W: 0.9, D: 0.9, H: 1.95, tap: 'chrome' }],
    ['shower-column', 'showerColumn', ['淋浴花洒', 'Shower column'], ['花洒', 'Shower set'], 'modern', 'wall', { kind: 'showerColumn', W: 0.3, D: 0.45, H: 1.2, tap: 'chrome' }],
    ['bath-1700', 'bath', ['1.7米浴缸', '1.7 m built-in bath'], ['浴缸', 'Bath'], 'modern', 'floor', { kind: 'bath', W: 1.7, D: 0.75, H: 0.55, tap: 'chrome' }],
    ['bath-1500', 'bath', ['1.5米浴缸', '1.5 m built-in bath'], ['浴缸', 'Bath'], 'modern', 'floor', { kind: 'bath', W: 1.5, D: 0.7, H: 0.55, tap: 'chrome' }],
    ['bath-free', 'freeBath', ['独立浴缸', 'Freestanding bath'], ['浴缸', 'Bath'], 'lightLuxury', 'floor', { kind: 'freeBath', W: 1.7, D: 0.8, H: 0.6, tap: 'chrome' }],
    ['bath-free-small', 'freeBath', ['小型独立浴缸', 'Small freestanding bath'], ['浴缸', 'Bath'], 'french', 'floor', { kind: 'freeBath', W: 1.5, D: 0.75, H: 0.6, tap: 'brass' }],
  ];
  return list.map(([key, kind, name, sub, style, mount, p], i) => ({
    key: `sanitary-${key}`,
    family: kind === 'bath' || kind === 'freeBath' ? 'bath' : kind.startsWith('shower') ? 'shower' : kind.toLowerCase().includes('toilet') ? 'toilet' : 'basin',
    name: { zh: name[0], en: name[1] },
    category: cat(DEPT.kitchenBath, ['卫浴', 'Bathroom'], sub),
    size: mm(p.W, p.D, p.H),
    style,
    mount,
    resizable: false,
    price: 800 + i * 260,
    brand: BRANDS[(i + 4) % BRANDS.length]!,
    build: (m: Model) => sanitary(m, p),
  }));
}
