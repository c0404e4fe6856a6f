// Lamps: ceiling (pendants, chandeliers, flush lights), floor (arc, tripod, column) and table
// lamps. Shades are open lathe surfaces drawn double-sided; bodies are lathe profiles.
import type { Mount, StyleKey } from '../catalogue';
import { cylinder, move } from '../geometry';
import type { MaterialName } from '../materials';
import { Plan, type Model } from '../model';
import { BRANDS, cat, DEPT, mm, type Defs } from './common';

type Kind = 'dome' | 'drum' | 'globe' | 'chandelier' | 'flush' | 'arc' | 'tripod' | 'column' | 'jar' | 'cone' | 'mushroom' | 'task';

interface LampParams {
  kind: Kind;
  W: number;
  H: number;
  body: MaterialName;
  shade: MaterialName;
  arms?: number;
}

const at = (x: number, y: number, z: number) => move(x, y, z);

function openShade(m: Model, mat: MaterialName, rBottom: number, rTop: number, h: number, x: number, y: number, z: number): void {
  m.add(mat, cylinder(rBottom, rTop, h, m.round(40), false), at(x, y, z), 1);
}

function lamp(m: Model, p: LampParams): Plan {
  const { W, H } = p;
  const R = W / 2;
  switch (p.kind) {
    case 'dome': {
      const sh = R * 0.8;
      m.rod('darkPlastic', [0, sh, 0], [0, H, 0], 0.004, 8);
      m.cyl(p.body, 0, H - 0.02, 0, 0.05, 0.02, 24);
      m.lathe(p.shade, [[R, 0], [R * 0.92, sh * 0.35], [R * 0.6, sh * 0.8], [R * 0.15, sh], [0.03, sh * 1.04]], at(0, 0, 0), 48);
      m.ball('bulb', 0, sh * 0.35, 0, R * 0.18);
      break;
    }
    case 'drum': {
      const sh = Math.min(0.35, R * 0.7);
      for (let k = 0; k < 3; k++) {
        const a = (k / 3) * Math.PI * 2;
        m.rod('darkPlastic', [Math.cos(a) * R * 0.9, sh, Math.sin(a) * R * 0.9], [0, H - 0.02, 0], 0.002, 6);
      }
      m.cyl(p.body, 0, H - 0.02, 0, 0.06, 0.02, 24);
      openShade(m, p.shade, R, R, sh, 0, 0, 0);
      m.add('frosted', cylinder(R * 0.98, R * 0.98, 0.003, m.round(40)), at(0, 0.01, 0));
      break;
    }
    case 'globe': {
      m.rod(p.body, [0, R * 2, 0], [0, H, 0], 0.005, 8);
      m.cyl(p.body, 0, H - 0.02, 0, 0.05, 0.02, 24);
      m.cyl(p.body, 0, R * 1.85, 0, 0.04, 0.1, 16);
      m.ball('frosted', 0, R, 0, R, R, R, 32);
      m.ball('bulb', 0, R, 0, R * 0.3);
      break;
    }
    case 'chandelier': {
      const n = p.arms ?? 6;
      const hubY = H * 0.35;
      m.rod(p.body, [0, hubY, 0], [0, H, 0], 0.008);
      m.cyl(p.body, 0, H - 0.03, 0, 0.06, 0.03, 24);
      m.ball(p.body, 0, hubY, 0, 0.06, 0.08, 0.06);
      for (let k = 0; k < n; k++) {
        const a = (k / n) * Math.PI * 2;
        const ex = Math.cos(a) * (R - 0.07), ez = Math.sin(a) * (R - 0.07);
        m.rod(p.body, [0, hubY, 0], [ex * 0.6, hubY - 0.06, ez * 0.6], 0.007);
        m.rod(p.body, [ex * 0.6, hubY - 0.06, ez * 0.6], [ex, hubY + 0.05, ez], 0.007);
        m.cyl(p.body, ex, hubY + 0.05, ez, 0.025, 0.015, 12);
        openShade(m, p.shade, 0.07, 0.045, 0.12, ex, hubY + 0.07, ez);
        m.ball('bulb', ex, hubY + 0.1, ez, 0.02);
      }
      // a lower ring of drops
      m.ball('glass', 0, 0.05, 0, 0.05, 0.05, 0.05);
      m.rod(p.body, [0, 0.1, 0], [0, hubY, 0], 0.004);
      break;
    }
    case 'flush': {
      m.lathe(p.body, [[0, H], [R, H], [R, H - 0.02], [R * 0.98, H - 0.03]], at(0, 0, 0), 48);
      m.lathe(p.shade, [[R * 0.98, H - 0.03], [R * 0.95, H * 0.4], [R * 0.7, 0.01], [0, 0]], at(0, 0, 0), 48);
      break;
    }
    case 'arc': {
      // marble base, an arc of rod segments, a dome at its end
      const baseR = 0.18;
      m.cyl('marquina', -R + baseR, 0, 0, baseR, 0.05, 32);
      // the arc rises from the base and bends over to hang the shade a reach away
      const n = m.detail === 'high' ? 14 : 6;
      const cx = -R + baseR, top = H - 0.02, reach = W - baseR - 0.2;
      const sweep = Math.PI * 0.72;
      const rx = reach / (1 - Math.cos(sweep)), ry = top - 0.05;
      let prev: [number, number, number] = [cx, 0.05, 0];
      for (let k = 1; k <= n; k++) {
        const th = (k / n) * sweep;
        const pt: [number, number, number] = [cx + rx * (1 - Math.cos(th)), 0.05 + ry * Math.sin(th), 0];
        m.rod(p.body, prev, pt, 0.012);
        prev = pt;
      }
      const sx = prev[0], sy = prev[1];
      m.lathe(p.shade, [[0.2, 0], [0.17, 0.12], [0.06, 0.2], [0.015, 0.22]], at(sx, sy - 0.22, 0), 40);
      m.ball('bulb', sx, sy - 0.16, 0, 0.04);
      m.fit(W, H, 0.4);
      break;
    }
    case 'tripod': {
      const sh = 0.36;
      for (let k = 0; k < 3; k++) {
        const a = (k / 3) * Math.PI * 2 + Math.PI / 2;
        m.rod(p.body, [Math.cos(a) * (R - 0.02), 0, Math.sin(a) * (R - 0.02)], [0, H - sh - 0.05, 0], 0.012);
      }
      m.rod(p.body, [0, H - sh - 0.1, 0], [0, H - sh * 0.5, 0], 0.008);
      openShade(m, p.shade, 0.24, 0.2, sh, 0, H - sh, 0);
      m.ball('bulb', 0, H - sh * 0.5, 0, 0.04);
      m.fit(W, H, W);
      break;
    }
    case 'column': {
      const sh = 0.32;
      m.cyl(p.body, 0, 0, 0, 0.15, 0.03, 32);
      m.rod(p.body, [0, 0.03, 0], [0, H - sh * 0.6, 0], 0.012);
      openShade(m, p.shade, R, R * 0.6, sh, 0, H - sh, 0);
      m.ball('bulb', 0, H - sh * 0.6, 0, 0.04);
      break;
    }
    case 'jar':
    case 'cone':
    case 'mushroom':
    case 'task': {
      const baseH = H * 0.55;
      if (p.kind === 'jar') {
        const br = R * 0.55;
        m.lathe(p.body, [[0, 0], [br * 0.6, 0], [br, baseH * 0.35], [br * 0.9, baseH * 0.75], [br * 0.35, baseH * 0.95], [br * 0.3, baseH], [0, baseH]], at(0, 0, 0), 32);
        m.rod('brass', [0, baseH, 0], [0, H - 0.12, 0], 0.006);
        openShade(m, p.shade, R, R * 0.85, H - baseH - 0.02, 0, baseH + 0.02, 0);
      } else if (p.kind === 'cone') {
        m.cyl(p.body, 0, 0, 0, R * 0.4, 0.02, 32);
        m.cyl(p.body, 0, 0.02, 0, R * 0.1, baseH, 16, R * 0.07);
        openShade(m, p.shade, R, R * 0.45, H - baseH - 0.02, 0, baseH + 0.02, 0);
      } else if (p.kind === 'mushroom') {
        m.lathe(p.body, [[0, 0], [R * 0.5, 0], [R * 0.5, 0.02], [R * 0.15, 0.05], [R * 0.12, H * 0.6], [0, H * 0.6]], at(0, 0, 0), 32);
        m.lathe(p.shade, [[R, H * 0.55], [R * 0.95, H * 0.7], [R * 0.7, H * 0.9], [R * 0.3, H * 0.99], [0, H]], at(0, 0, 0), 40);
      } else {
        m.cyl(p.body, 0, 0, 0, R * 0.5, 0.025, 32);
        m.rod(p.body, [0, 0.025, 0], [R * 0.3, H * 0.6, -0.02], 0.008);
        m.rod(p.body, [R * 0.3, H * 0.6, -0.02], [R * 0.55, H * 0.85, 0.05], 0.008);
        m.lathe(p.body, [[0.07, 0], [0.06, 0.04], [0.03, 0.1], [0.01, 0.11]], at(R * 0.55, H * 0.85 - 0.11, 0.05), 24);
        m.fit(W, H, W);
      }
      break;
    }
  }
  // cords, arms and rods end on round caps; the fit makes the box exactly the declared size
  m.fit(W, H, p.kind === 'arc' ? 0.4 : W);
  return new Plan().ellipse(0, 0, R, p.kind === 'arc' ? 0.2 : R, true);
}

export function lamps(): Defs {
  const ceiling: [string, string] = ['吊灯', 'Ceiling lights'];
  const floor: [string, string] = ['落地灯', 'Floor lamps'];
  const table: [string, string] = ['台灯', 'Table lamps'];
  const list: [string, [string, string], [string, string], StyleKey, Mount, LampParams][] = [
    ['dome-black', ['黑色锅盖吊灯', 'Black dome pendant'], ceiling, 'industrial', 'ceiling', { kind: 'dome', W: 0.45, H: 0.9, body: 'blackMetal', shade: 'blackMetal' }],
    ['dome-brass', ['黄铜吊灯', 'Brass dome pendant'], ceiling, 'lightLuxury', 'ceiling', { kind: 'dome', W: 0.38, H: 0.8, body: 'brass', shade: 'brass' }],
    ['dome-white', ['白色吊灯', 'White dome pendant'], ceiling, 'nordic', 'ceiling', { kind: 'dome', W: 0.5, H: 0.9, body: 'whitePlastic', shade: 'whiteLacquer' }],
    ['drum-linen', ['亚麻鼓形吊灯', 'Linen drum pendant'], ceiling, 'american', 'ceiling', { kind: 'drum', W: 0.6, H: 0.8, body: 'brass', shade: 'shadeLinen' }],
    ['drum-paper', ['纸质吊灯', 'Paper drum pendant'], ceiling, 'japanese', 'ceiling', { kind: 'drum', W: 0.5, H: 0.7, body: 'oak', shade: 'shade' }],
    ['globe-opal', ['乳白球形吊灯', 'Opal globe pendant'], ceiling, 'modern', 'ceiling', { kind: 'globe', W: 0.3, H: 0.9, body: 'brass', shade: 'frosted' }],
    ['globe-small', ['小球吊灯', 'Small globe pendant'], ceiling, 'nordic', 'ceiling', { kind: 'globe', W: 0.2, H: 0.7, body: 'blackMetal', shade: 'frosted' }],
    ['chandelier-6', ['六头吊灯', 'Six-arm chandelier'], ceiling, 'french', 'ceiling', { kind: 'chandelier', W: 0.75, H: 0.8, body: 'brass', shade: 'shade', arms: 6 }],
    ['chandelier-8', ['八头吊灯', 'Eight-arm chandelier'], ceiling, 'european', 'ceiling', { kind: 'chandelier', W: 0.9, H: 0.9, body: 'brass', shade: 'shadeLinen', arms: 8 }],
    ['chandelier-black', ['黑色多头吊灯', 'Black chandelier'], ceiling, 'industrial', 'ceiling', { kind: 'chandelier', W: 0.8, H: 0.85, body: 'blackMetal', shade: 'shade', arms: 5 }],
    ['flush-400', ['吸顶灯', 'Flush ceiling light'], ['吸顶灯', 'Flush lights'], 'modern', 'ceiling', { kind: 'flush', W: 0.4, H: 0.1, body: 'whitePlastic', shade: 'frosted' }],
    ['flush-600', ['大号吸顶灯', 'Large flush light'], ['吸顶灯', 'Flush lights'], 'modern', 'ceiling', { kind: 'flush', W: 0.6, H: 0.12, body: 'whitePlastic', shade: 'frosted' }],
    ['flush-brass', ['黄铜吸顶灯', 'Brass flush light'], ['吸顶灯', 'Flush lights'], 'lightLuxury', 'ceiling', { kind: 'flush', W: 0.5, H: 0.12, body: 'brass', shade: 'frosted' }],
    ['arc-black', ['钓鱼落地灯', 'Arc floor lamp'], floor, 'modern', 'floor', { kind: 'arc', W: 1.5, H: 1.9, body: 'steel', shade: 'steel' }],
    ['arc-brass', ['黄铜弧形落地灯', 'Brass arc lamp'], floor, 'lightLuxury', 'floor', { kind: 'arc', W: 1.3, H: 1.8, body: 'brass', shade: 'brass' }],
    ['tripod-oak', ['三脚落地灯', 'Tripod floor lamp'], floor, 'nordic', 'floor', { kind: 'tripod', W: 0.55, H: 1.55, body: 'oak', shade: 'shadeLinen' }],
    ['tripod-walnut', ['胡桃木三脚灯', 'Walnut tripod lamp'], floor, 'american', 'floor', { kind: 'tripod', W: 0.55, H: 1.6, body: 'walnut', shade: 'shade' }],
    ['column-black', ['简约落地灯', 'Column floor lamp'], floor, 'modern', 'floor', { kind: 'column', W: 0.45, H: 1.6, body: 'blackMetal', shade: 'shadeLinen' }],
    ['column-brass', ['黄铜落地灯', 'Brass floor lamp'], floor, 'lightLuxury', 'floor', { kind: 'column', W: 0.42, H: 1.65, body: 'brass', shade: 'shade' }],
    ['jar-ceramic', ['陶瓷台灯', 'Ceramic table lamp'], table, 'american', 'surface', { kind: 'jar', W: 0.4, H: 0.65, body: 'stonewarePot', shade: 'shadeLinen' }],
    ['jar-blue', ['青花瓷台灯', 'Blue ceramic lamp'], table, 'newChinese', 'surface', { kind: 'jar', W: 0.38, H: 0.62, body: 'navyLacquer', shade: 'shade' }],
    ['cone-brass', ['黄铜台灯', 'Brass table lamp'], table, 'lightLuxury', 'surface', { kind: 'cone', W: 0.3, H: 0.55, body: 'brass', shade: 'shade' }],
    ['cone-black', ['黑色台灯', 'Black table lamp'], table, 'modern', 'surface', { kind: 'cone', W: 0.32, H: 0.5, body: 'blackMetal', shade: 'shadeLinen' }],
    ['mushroom-white', ['蘑菇台灯', 'Mushroom lamp'], table, 'nordic', 'surface', { kind: 'mushroom', W: 0.3, H: 0.4, body: 'whiteLacquer', shade: 'whiteLacquer' }],
    ['mushroom-travertine', ['洞石蘑菇灯', 'Travertine mushroom lamp'], table, 'wabiSabi', 'surface', { kind: 'mushroom', W: 0.32, H: 0.38, body: 'travertine', shade: 'travertine' }],
    ['task-black', ['工作台灯', 'Task lamp'], table, 'industrial', 'surface', { kind: 'task', W: 0.35, H: 0.5, body: 'blackMetal', shade: 'blackMetal' }],
  ];
  return list.map(([key, name, sub, style, mount, p], i) => ({
    key: `lamp-${key}`,
    family: 'lamp',
    name: { zh: name[0], en: name[1] },
    category: cat(DEPT.lighting, ['灯具', 'Lamps'], sub),
    size: p.kind === 'arc' ? mm(p.W, 0.4, p.H) : mm(p.W, p.W, p.H),
    style,
    mount,
    resizable: false,
    price: 200 + i * 90,
    brand: BRANDS[i % BRANDS.length]!,
    build: (m: Model) => lamp(m, p),
  }));
}
