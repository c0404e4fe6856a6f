// Beds: a frame on legs, mattress, duvet with a folded edge, pillows and a headboard in one of
// four styles.
import type { StyleKey } from '../catalogue';
import { roundedBox } from '../geometry';
import { move } from '../geometry';
import type { MaterialName } from '../materials';
import { footprint, type Model } from '../model';
import { BRANDS, cat, DEPT, legs, mm, type Defs } from './common';

type Headboard = 'panel' | 'tufted' | 'channel' | 'slatted';

interface BedParams {
  width: number;
  headboard: Headboard;
  frame: MaterialName;
  upholstery: MaterialName;
  bedding: MaterialName;
}

const LENGTH = 2.0;

function bed(m: Model, p: BedParams) {
  const W = p.width + 0.12;
  const D = LENGTH + 0.14;
  const H = p.headboard === 'slatted' ? 0.95 : 1.1;
  const z0 = -D / 2;
  const headT = 0.1;
  const legH = 0.1;
  const railTop = 0.38;
  const frameMat = p.headboard === 'tufted' || p.headboard === 'channel' ? p.upholstery : p.frame;
  legs(m, p.frame, p.headboard === 'slatted' ? 'block' : 'tapered', -W / 2 + 0.02, W / 2 - 0.02, z0 + 0.02, D / 2 - 0.02, legH, 0.05);
  // side and foot rails around the mattress
  m.box(frameMat, -W / 2, legH, z0 + headT, W, railTop - legH, D - headT, 0.02, 2);
  // mattress, duvet and the duvet's turned-down fold
  const mw = p.width, mz0 = z0 + headT + 0.02, md = LENGTH;
  m.box('mattress', -mw / 2, railTop - 0.04, mz0, mw, 0.2, md, 0.04);
  const top = railTop + 0.16;
  m.box(p.bedding, -mw / 2 - 0.03, railTop + 0.02, mz0 + 0.5, mw + 0.06, top - railTop + 0.02, md - 0.5 + 0.01, 0.05);
  m.box(p.bedding, -mw / 2 - 0.03, top - 0.02, mz0 + 0.48, mw + 0.06, 0.07, 0.3, 0.03);
  // pillows: two on a wide bed, one on a single
  const pillows = p.width >= 1.35 ? 2 : 1;
  const pw = Math.min(0.7, (mw - 0.1) / pillows - 0.04);
  for (let i = 0; i < pillows; i++) {
    const x = -mw / 2 + (mw / pillows) * (i + 0.5);
    m.add(p.bedding === 'bedding' ? 'beddingGrey' : 'bedding', roundedBox(pw, 0.14, 0.4, 0.06, m.arc), move(x, top + 0.07, mz0 + 0.26));
  }
  // headboard
  if (p.headboard === 'panel') {
    m.box(p.frame, -W / 2, legH, z0, W, H - legH, headT, 0.015);
  } else if (p.headboard === 'slatted') {
    m.box(p.frame, -W / 2, legH, z0, 0.06, H - legH, headT, 0.01, 1);
    m.box(p.frame, W / 2 - 0.06, legH, z0, 0.06, H - legH, headT, 0.01, 1);
    m.box(p.frame, -W / 2, H - 0.08, z0, W, 0.08, headT, 0.01);
    const n = Math.round(W / 0.12);
    for (let k = 0; k < n; k++) {
      const x = -W / 2 + 0.08 + ((W - 0.22) * k) / (n - 1);
      m.box(p.frame, x, railTop, z0 + 0.03, 0.06, H - railTop - 0.08, 0.03, 0.005, 1);
    }
  } else {
    m.box(p.upholstery, -W / 2, legH, z0, W, H - legH, headT * 0.6, 0.03);
    if (p.headboard === 'tufted') {
      // buttoned panel: a padded layer with button rows
      m.box(p.upholstery, -W / 2 + 0.04, railTop, z0 + headT * 0.5, W - 0.08, H - railTop - 0.04, headT * 0.5, 0.04);
      for (let row = 0; row < 3; row++) {
        for (let k = 0; k < Math.round(W / 0.22); k++) {
          const x = -W / 2 + 0.12 + k * 0.22 + (row % 2) * 0.11;
          if (x > W / 2 - 0.1) continue;
          m.ball(p.frame === 'brass' ? 'brass' : p.upholstery, x, railTop + 0.2 + row * 0.15, z0 + headT - 0.006, 0.012, 0.012, 0.006, 8);
        }
      }
    } else {
      const n = Math.max(4, Math.round(W / 0.2));
      const cw = (W - 0.04) / n;
      for (let k = 0; k < n; k++) {
        m.box(p.upholstery, -W / 2 + 0.02 + k * cw, railTop, z0 + headT * 0.5, cw - 0.01, H - railTop - 0.03, headT * 0.5, cw * 0.4);
      }
    }
  }
  const plan = footprint(W, D);
  plan.rect(-W / 2, z0, W / 2, z0 + headT);
  for (let i = 0; i < pillows; i++) {
    const x = -mw / 2 + (mw / pillows) * (i + 0.5);
    plan.rect(x - pw / 2, mz0 + 0.06, x + pw / 2, mz0 + 0.46);
  }
  plan.line([[-mw / 2, mz0 + 0.5], [mw / 2, mz0 + 0.5]]).line([[-mw / 2, mz0 + 0.78], [mw / 2, mz0 + 0.78]]);
  return plan;
}

export function beds(): Defs {
  const defs: Defs = [];
  const configs: [number, Headboard, MaterialName, MaterialName, MaterialName, StyleKey][] = [
    [1.8, 'panel', 'oak', 'linen', 'bedding', 'nordic'],
    [1.5, 'panel', 'walnut', 'linen', 'beddingGrey', 'modern'],
    [1.8, 'tufted', 'walnut', 'greyFabric', 'bedding', 'american'],
    [2.0, 'tufted', 'brass', 'velvetGreen', 'bedding', 'lightLuxury'],
    [1.5, 'tufted', 'walnut', 'blush', 'bedding', 'french'],
    [1.8, 'channel', 'blackMetal', 'boucle', 'beddingGrey', 'wabiSabi'],
    [1.5, 'channel', 'walnut', 'charcoal', 'bedding', 'modern'],
    [2.0, 'channel', 'oak', 'cognac', 'bedding', 'postModern'],
    [1.8, 'slatted', 'ash', 'linen', 'bedding', 'japanese'],
    [1.2, 'slatted', 'oak', 'linen', 'beddingGrey', 'nordic'],
    [1.2, 'panel', 'whiteLacquer', 'linen', 'bedding', 'modern'],
    [0.9, 'panel', 'ash', 'linen', 'bedding', 'nordic'],
    [1.5, 'slatted', 'teak', 'linen', 'beddingGrey', 'newChinese'],
  ];
  const HEAD: Record<Headboard, [string, string]> = {
    panel: ['板式床', 'panel bed'],
    tufted: ['拉扣软包床', 'tufted upholstered bed'],
    channel: ['竖条软包床', 'channel-tufted bed'],
    slatted: ['实木条床', 'slatted wood bed'],
  };
  configs.forEach(([width, headboard, frame, upholstery, bedding, style], i) => {
    const p: BedParams = { width, headboard, frame, upholstery, bedding };
    const H = headboard === 'slatted' ? 0.95 : 1.1;
    const sub: [string, string] = width >= 1.35 ? ['双人床', 'Double bed'] : ['单人床', 'Single bed'];
    defs.push({
      key: `bed-${Math.round(width * 1000)}-${headboard}-${frame}-${upholstery}`.toLowerCase(),
      family: 'bed',
      name: { zh: `${Math.round(width * 1000)}${HEAD[headboard][0]}`, en: `${Math.round(width * 1000)} mm ${HEAD[headboard][1]}` },
      category: cat(DEPT.furniture, ['床', 'Beds'], sub),
      size: mm(width + 0.12, LENGTH + 0.14, H),
      style,
      mount: 'floor',
      resizable: true,
      price: Math.round(2000 + width * 1500 + i * 100),
      brand: BRANDS[(i + 1) % BRANDS.length]!,
      build: (m) => bed(m, p),
    });
  });
  return defs;
}
