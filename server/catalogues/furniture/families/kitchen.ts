// Kitchen and household appliances: fridges, ovens, hobs, range hoods, microwaves, dishwashers,
// washing machines and televisions.
import type { StyleKey } from '../catalogue';
import { chain, cylinder, lathe, move, rotX, rotY, scale } from '../geometry';
import type { MaterialName } from '../materials';
import { footprint, Plan, type Model } from '../model';
import { barHandle, BRANDS, cat, DEPT, mm, type Defs } from './common';

type Kind = 'fridge' | 'fridge2' | 'oven' | 'hob' | 'hood' | 'microwave' | 'dishwasher' | 'washer' | 'tv';

interface ApplianceParams {
  kind: Kind;
  W: number;
  D: number;
  H: number;
  body: MaterialName;
  burners?: number;
}

function appliance(m: Model, p: ApplianceParams): Plan {
  const { W, D, H } = p;
  const z0 = -D / 2;
  const hd = 0.036; // handle depth in front of the door
  const fz = D / 2 - hd;
  const plan = footprint(W, D);
  switch (p.kind) {
    case 'fridge':
    case 'fridge2': {
      m.box(p.body, -W / 2, 0.02, z0, W, H - 0.02, fz - z0 - 0.04, 0.02);
      m.box('darkPlastic', -W / 2 + 0.03, 0, z0 + 0.05, W - 0.06, 0.02, fz - z0 - 0.1);
      if (p.kind === 'fridge') {
        m.box(p.body, -W / 2, 0.04, fz - 0.04, W, H * 0.62 - 0.04, 0.04, 0.012);
        m.box(p.body, -W / 2, H * 0.62 + 0.005, fz - 0.04, W, H * 0.38 - 0.005, 0.04, 0.012);
        barHandle(m, 'steel', -W / 2 + 0.06, H * 0.62 - 0.25, fz, 0.35, true);
        barHandle(m, 'steel', -W / 2 + 0.06, H * 0.62 + 0.2, fz, 0.25, true);
      } else {
        // side by side with a water dispenser
        for (const s of [-1, 1]) {
          m.box(p.body, s < 0 ? -W / 2 : 0.003, 0.04, fz - 0.04, W / 2 - 0.003, H - 0.04, 0.04, 0.012);
          barHandle(m, 'steel', s * 0.04, H * 0.55, fz, 0.7, true);
        }
        m.box('blackGlass', -W / 2 + 0.08, H * 0.5, fz - 0.002, 0.18, 0.3, 0.004, 0.01);
      }
      plan.line([[0, fz - 0.04], [0, D / 2]]);
      break;
    }
    case 'oven':
    case 'microwave':
    case 'dishwasher':
    case 'washer': {
      m.box(p.body, -W / 2, 0, z0, W, H, fz - z0 - 0.02, 0.01);
      if (p.kind === 'washer') {
        m.box(p.body, -W / 2, 0, fz - 0.025, W, H, 0.025, 0.01);
        m.box('darkPlastic', -W / 2 + 0.03, H - 0.12, fz - 0.002, W - 0.06, 0.09, 0.004, 0.01);
        // round porthole door with a chrome ring
        m.add('chrome', cylinder(0.2, 0.2, 0.02, m.round(40)), chain(rotX(Math.PI / 2), move(0, H * 0.45, fz)));
        m.add('blackGlass', cylinder(0.16, 0.16, hd, m.round(40)), chain(rotX(Math.PI / 2), move(0, H * 0.45, fz)));
      } else {
        const glass = p.kind !== 'dishwasher';
        const doorH = p.kind === 'microwave' ? H - 0.04 : H - 0.14;
        const doorW = p.kind === 'microwave' ? W * 0.72 : W;
        m.box(p.body, -W / 2, 0.01, fz - 0.025, doorW, doorH, 0.025, 0.005);
        if (glass) m.box('blackGlass', -W / 2 + 0.05, 0.08, fz - 0.002, doorW - 0.1, doorH - 0.2, 0.004, 0.01);
        const panelX = p.kind === 'microwave' ? -W / 2 + doorW + 0.01 : -W / 2 + 0.02;
        const panelW = p.kind === 'microwave' ? W - doorW - 0.02 : W - 0.04;
        const panelY = p.kind === 'microwave' ? 0.03 : H - 0.11;
        const panelH = p.kind === 'microwave' ? H - 0.06 : 0.09;
        m.box('blackGlass', panelX, panelY, fz - 0.022, panelW, panelH, 0.02, 0.005);
        if (p.kind === 'microwave') barHandle(m, 'steel', -W / 2 + doorW - 0.04, H / 2, fz, H * 0.6, true);
        else barHandle(m, 'steel', 0, doorH - 0.05, fz, W * 0.7, false);
      }
      break;
    }
    case 'hob': {
      // a glass slab with burners (rings) seen from above
      m.box('blackGlass', -W / 2, 0, z0, W, H - 0.004, D, 0.004);
      const n = p.burners ?? 4;
      const spots: [number, number, number][] =
        n === 2 ? [[0, -D / 4, 0.1], [0, D / 4, 0.09]] :
        n === 5 ? [[-W / 3, -D / 4, 0.08], [-W / 3, D / 4, 0.09], [0, 0, 0.12], [W / 3, -D / 4, 0.09], [W / 3, D / 4, 0.08]] :
        [[-W / 4, -D / 4, 0.09], [-W / 4, D / 4, 0.08], [W / 4, -D / 4, 0.08], [W / 4, D / 4, 0.1]];
      for (const [x, z, r] of spots) {
        // a raised ring (outer wall, top, inner wall) around the glass of the zone
        m.lathe('greyLacquer', [[r, H - 0.004], [r, H], [r * 0.8, H], [r * 0.8, H - 0.004]], move(x, 0, z), 32);
        m.cyl('greyLacquer', x, H - 0.004, z, r * 0.15, 0.003, 12);
        plan.ellipse(x, z, r, r);
      }
      break;
    }
    case 'hood': {
      // a chimney hood: canopy and a flue up to the top
      // four sides turned 45 degrees make a square canopy and flue; fitted to the declared box
      m.add(p.body, lathe([[0.5, 0.08], [0.12, 0.38], [0.12, 1], [0, 1]], 4), chain(rotY(Math.PI / 4), scale(Math.SQRT2, 1, Math.SQRT2)), 1);
      m.box(p.body, -0.5, 0, -0.5, 1, 0.08, 1, 0.01);
      m.box('blackGlass', -0.3, 0.075, 0.3, 0.6, 0.01, 0.2, 0.004);
      m.fit(W, H, D);
      plan.rect(-W * 0.12, -D / 2, W * 0.12, -D / 2 + D * 0.24);
      break;
    }
    case 'tv': {
      const standH = 0.08;
      const panelT = 0.04;
      m.box('darkPlastic', -W / 2, standH, -panelT / 2, W, H - standH, panelT, 0.006);
      m.box('screen', -W / 2 + 0.01, standH + 0.01, panelT / 2 - 0.001, W - 0.02, H - standH - 0.03, 0.001);
      m.box('darkPlastic', -W * 0.15, 0, -D / 2, W * 0.3, 0.012, D, 0.005);
      m.box('darkPlastic', -0.04, 0.012, -0.03, 0.08, standH, 0.05, 0.005);
      break;
    }
  }
  return plan;
}

const KIND_NAMES: Record<Kind, [string, string]> = {
  fridge: ['冰箱', 'Fridge'],
  fridge2: ['冰箱', 'Fridge'],
  oven: ['烤箱', 'Oven'],
  hob: ['灶具', 'Hob'],
  hood: ['烟机', 'Range hood'],
  microwave: ['微波炉', 'Microwave'],
  dishwasher: ['洗碗机', 'Dishwasher'],
  washer: ['洗衣机', 'Washing machine'],
  tv: ['电视', 'Television'],
};

export function appliances(): Defs {
  const kitchen: [string, string] = ['厨房电器', 'Kitchen appliances'];
  const home: [string, string] = ['生活电器', 'Home appliances'];
  const list: [string, Kind, [string, string], [string, string], StyleKey, 'floor' | 'wall' | 'surface', ApplianceParams][] = [
    ['fridge-steel', 'fridge', ['不锈钢冰箱', 'Stainless fridge-freezer'], kitchen, 'modern', 'floor', { kind: 'fridge', W: 0.6, D: 0.66, H: 1.85, body: 'steel' }],
    ['fridge-white', 'fridge', ['白色冰箱', 'White fridge-freezer'], kitchen, 'nordic', 'floor', { kind: 'fridge', W: 0.6, D: 0.65, H: 1.75, body: 'enamelWhite' }],
    ['fridge-sbs', 'fridge2', ['对开门冰箱', 'Side-by-side fridge'], kitchen, 'modern', 'floor', { kind: 'fridge2', W: 0.91, D: 0.72, H: 1.78, body: 'steel' }],
    ['fridge-sbs-black', 'fridge2', ['黑色对开门冰箱', 'Black side-by-side fridge'], kitchen, 'lightLuxury', 'floor', { kind: 'fridge2', W: 0.91, D: 0.72, H: 1.78, body: 'blackMetal' }],
    ['oven-steel', 'oven', ['嵌入式烤箱', 'Built-in oven'], kitchen, 'modern', 'floor', { kind: 'oven', W: 0.595, D: 0.56, H: 0.595, body: 'steel' }],
    ['oven-black', 'oven', ['黑色烤箱', 'Black built-in oven'], kitchen, 'modern', 'floor', { kind: 'oven', W: 0.595, D: 0.56, H: 0.595, body: 'blackMetal' }],
    ['hob-2', 'hob', ['双眼灶', 'Two-zone hob'], kitchen, 'modern', 'surface', { kind: 'hob', W: 0.3, D: 0.52, H: 0.05, body: 'blackGlass', burners: 2 }],
    ['hob-4', 'hob', ['四眼灶', 'Four-zone hob'], kitchen, 'modern', 'surface', { kind: 'hob', W: 0.6, D: 0.52, H: 0.05, body: 'blackGlass', burners: 4 }],
    ['hob-5', 'hob', ['五眼灶', 'Five-zone hob'], kitchen, 'modern', 'surface', { kind: 'hob', W: 0.78, D: 0.52, H: 0.05, body: 'blackGlass', burners: 5 }],
    ['hood-steel', 'hood', ['烟机', 'Chimney hood'], kitchen, 'modern', 'wall', { kind: 'hood', W: 0.9, D: 0.5, H: 0.9, body: 'steel' }],
    ['microwave', 'microwave', ['微波炉', 'Microwave'], kitchen, 'modern', 'surface', { kind: 'microwave', W: 0.5, D: 0.4, H: 0.3, body: 'steel' }],
    ['dishwasher', 'dishwasher', ['洗碗机', 'Dishwasher'], kitchen, 'modern', 'floor', { kind: 'dishwasher', W: 0.6, D: 0.57, H: 0.82, body: 'steel' }],
    ['washer', 'washer', ['滚筒洗衣机', 'Front-loading washer'], home, 'modern', 'floor', { kind: 'washer', W: 0.6, D: 0.58, H: 0.85, body: 'enamelWhite' }],
    ['washer-grey', 'washer', ['深灰洗衣机', 'Grey washer'], home, 'modern', 'floor', { kind: 'washer', W: 0.6, D: 0.6, H: 0.85, body: 'greyLacquer' }],
    ['tv-55', 'tv', ['55英寸电视', '55-inch TV'], home, 'modern', 'surface', { kind: 'tv', W: 1.23, D: 0.26, H: 0.79, body: 'darkPlastic' }],
    ['tv-65', 'tv', ['65英寸电视', '65-inch TV'], home, 'modern', 'surface', { kind: 'tv', W: 1.45, D: 0.3, H: 0.91, body: 'darkPlastic' }],
    ['tv-75', 'tv', ['75英寸电视', '75-inch TV'], home, 'modern', 'surface', { kind: 'tv', W: 1.67, D: 0.34, H: 1.04, body: 'darkPlastic' }],
  ];
  return list.map(([key, kind, name, sub, style, mount, p], i) => ({
    key: `appliance-${key}`,
    family: kind === 'tv' ? 'tv' : 'appliance',
    name: { zh: name[0], en: name[1] },
    category: cat(DEPT.appliances, sub, KIND_NAMES[kind]),
    size: mm(p.W, p.D, p.H),
    style,
    mount,
    resizable: false,
    price: 1500 + i * 300,
    brand: BRANDS[i % BRANDS.length]!,
    build: (m: Model) => appliance(m, p),
  }));
}
