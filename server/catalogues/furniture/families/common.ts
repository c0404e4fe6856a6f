// Shared parts of the family generators: category names, brands, and the legs and handles most
// pieces share. Generators measure in metres (glTF frame: x width, y up, z toward the front).
import type { CategoryPath, FurnitureDef, Named } from '../catalogue';
import type { MaterialName } from '../materials';
import type { Model } from '../model';

export const BRANDS = ['云方家居', '北欧橡木', '匠心定制', '森木家具', '澜庭软装'] as const;

export const DEPT = {
  furniture: { zh: '家具', en: 'Furniture' },
  kitchenBath: { zh: '厨卫', en: 'Kitchen & bath' },
  lighting: { zh: '灯具', en: 'Lighting' },
  soft: { zh: '软装', en: 'Soft furnishings' },
  decor: { zh: '饰品', en: 'Decor' },
  plants: { zh: '绿植', en: 'Plants' },
  appliances: { zh: '家电', en: 'Appliances' },
} as const satisfies Record<string, Named>;

export function cat(c1: Named, c2: [string, string], c3: [string, string]): CategoryPath {
  return { c1, c2: { zh: c2[0], en: c2[1] }, c3: { zh: c3[0], en: c3[1] } };
}

export type LegStyle = 'block' | 'tapered' | 'metal' | 'plinth' | 'turned';

/** mm size from metres, rounded to whole millimetres as the catalogue stores them. */
export const mm = (w: number, d: number, h: number): [number, number, number] => [Math.round(w * 1000), Math.round(d * 1000), Math.round(h * 1000)];

/**
 * Four legs under a rectangle [x0, x1] x [z0, z1] (their outer faces on its edges), height h.
 * 'plinth' is a recessed base instead of legs.
 */
export function legs(m: Model, mat: MaterialName, style: LegStyle, x0: number, x1: number, z0: number, z1: number, h: number, t = 0.045): void {
  if (h <= 0) return;
  if (style === 'plinth') {
    const inset = Math.min(0.04, (x1 - x0) / 10);
    m.box(mat, x0 + inset, 0, z0 + inset, x1 - x0 - 2 * inset, h, z1 - z0 - 2 * inset);
    return;
  }
  for (const x of [x0, x1]) {
    for (const z of [z0, z1]) {
      const cx = x === x0 ? x0 + t / 2 : x1 - t / 2;
      const cz = z === z0 ? z0 + t / 2 : z1 - t / 2;
      if (style === 'block') m.box(mat, cx - t / 2, 0, cz - t / 2, t, h, t, 0.004);
      else if (style === 'tapered') m.cyl(mat, cx, 0, cz, t * 0.3, h, 12, t / 2);
      else if (style === 'metal') m.cyl(mat, cx, 0, cz, t * 0.22, h, 10);
      else {
        // turned: a lathe profile with a bead and a foot
        const r = t / 2;
        m.lathe(mat, [[0, 0], [r * 0.55, 0], [r * 0.7, h * 0.08], [r * 0.5, h * 0.2], [r, h * 0.45], [r * 0.55, h * 0.7], [r * 0.8, h * 0.9], [r, h], [0, h]], [1, 0, 0, cx, 0, 1, 0, 0, 0, 0, 1, cz], 12);
      }
    }
  }
}

/** A bar handle across a door or drawer front at (x, y) on the front plane z, horizontal or vertical. */
export function barHandle(m: Model, mat: MaterialName, x: number, y: number, z: number, length: number, vertical: boolean): void {
  const off = 0.03;
  const r = 0.006;
  const a: [number, number, number] = vertical ? [x, y - length / 2, z + off] : [x - length / 2, y, z + off];
  const b: [number, number, number] = vertical ? [x, y + length / 2, z + off] : [x + length / 2, y, z + off];
  m.rod(mat, a, b, r, 8);
  for (const p of [a, b]) m.rod(mat, [p[0], p[1], z], p, r * 0.8, 8);
}

/** A round knob on a front plane, standing out `depth` (the same as a bar handle by default). */
export function knob(m: Model, mat: MaterialName, x: number, y: number, z: number, depth = 0.036, r = 0.015): void {
  m.rod(mat, [x, y, z], [x, y, z + depth - r], r * 0.4, 8);
  m.ball(mat, x, y, z + depth - r * 0.7, r, r, r * 0.7, 12);
}

export type Defs = FurnitureDef[];
