// The seeded catalogue as plain data: brands, tile series (colours x sizes), pavings, waterjet
// medallions and sample rooms. Everything is derived deterministically from these tables, so two
// servers seeded apart hold the same public catalogue (same codes, SKUs, prices and pictures).
import type { TexturePattern, TextureSpec } from './textures';

/** core.md §3 tile types. */
export const TILE_TYPES = [0, 1, 2, 3, 4, 5] as const;
export type TileType = (typeof TILE_TYPES)[number];

/** Where a tile may be laid; the genre filter of the tile list. */
export const TILE_GENRES = ['floor', 'wall', 'floor_wall'] as const;
export type TileGenre = (typeof TILE_GENRES)[number];

/** catalogues.md §3 paving mix modes: none "0", rotated "2", multi-tile "3". */
export const MIX_MODES = ['0', '2', '3'] as const;
export type MixMode = (typeof MIX_MODES)[number];

export interface BrandDef {
  readonly name: string;
  /** first letter of the brand's pinyin (or Latin) name, for filters_brand_initial */
  readonly initial: string;
  /** prefix of codes and SKUs */
  readonly code: string;
}

export const BRANDS: readonly BrandDef[] = [
  { name: 'Arte Ceramica', initial: 'A', code: 'AC' },
  { name: '北欧橡木', initial: 'B', code: 'BO' },
  { name: '华岩岩板', initial: 'H', code: 'HY' },
  { name: '金诺瓷砖', initial: 'J', code: 'JN' },
  { name: '匠心定制', initial: 'J', code: 'JX' },
  { name: '澜庭石材', initial: 'L', code: 'LT' },
  { name: '青禾陶瓷', initial: 'Q', code: 'QH' },
  { name: '森木地板', initial: 'S', code: 'SM' },
  { name: '云石陶瓷', initial: 'Y', code: 'YS' },
];

interface Colour {
  readonly name: string;
  readonly base: string;
  readonly accent: string;
  readonly extra?: string;
}

interface SeriesDef {
  readonly brand: string;
  readonly series: string;
  /** short code used in SKUs */
  readonly sku: string;
  readonly type: TileType;
  readonly genre: TileGenre;
  readonly pattern: TexturePattern;
  readonly finish: string;
  /** price per square metre in yuan; a piece costs this times its area */
  readonly pricePerM2: number;
  readonly mode: MixMode;
  readonly colours: readonly Colour[];
  readonly specs: readonly string[];
}

const SERIES: readonly SeriesDef[] = [
  {
    brand: '云石陶瓷', series: '卡拉拉', sku: 'KLL', type: 0, genre: 'floor_wall', pattern: 'marble', finish: '柔光',
    pricePerM2: 138, mode: '0',
    colours: [
      { name: '卡拉拉白', base: '#eeeeec', accent: '#8d9096', extra: '#e2e3e4' },
      { name: '爵士白', base: '#f3f1ec', accent: '#9a9489', extra: '#e8e4dc' },
      { name: '鱼肚白', base: '#f4f2ee', accent: '#6f6a66', extra: '#ebe7e1' },
      { name: '雅士白', base: '#f7f6f2', accent: '#b9b5ad', extra: '#efede8' },
    ],
    specs: ['600x600', '600x1200', '750x1500', '800x800', '900x1800'],
  },
  {
    brand: '云石陶瓷', series: '帝皇金', sku: 'DHJ', type: 0, genre: 'floor_wall', pattern: 'marble', finish: '亮光',
    pricePerM2: 168, mode: '0',
    colours: [
      { name: '帝皇金', base: '#d9c29a', accent: '#7a5a32', extra: '#cdb286' },
      { name: '米黄玉', base: '#e8d9b8', accent: '#a88a5a', extra: '#dcc9a1' },
      { name: '金世纪', base: '#d4b98c', accent: '#5f4426', extra: '#c7a877' },
    ],
    specs: ['800x800', '600x1200', '1800x1800'],
  },
  {
    brand: '金诺瓷砖', series: '素色水泥', sku: 'SSN', type: 0, genre: 'floor_wall', pattern: 'concrete', finish: '哑光',
    pricePerM2: 89, mode: '0',
    colours: [
      { name: '水泥灰', base: '#a7a6a2', accent: '#7d7c78' },
      { name: '浅灰', base: '#c9c8c4', accent: '#a3a29e' },
      { name: '深灰', base: '#6f6e6b', accent: '#4d4c4a' },
      { name: '米白', base: '#e4ddd0', accent: '#c9c0b0' },
      { name: '暖沙', base: '#cdb9a0', accent: '#a99378' },
    ],
    specs: ['300x600', '400x800', '600x600', '600x1200'],
  },
  {
    brand: '金诺瓷砖', series: '仿古', sku: 'FG', type: 0, genre: 'floor', pattern: 'granite', finish: '防滑',
    pricePerM2: 76, mode: '0',
    colours: [
      { name: '仿古红', base: '#a45a3f', accent: '#e0b69a', extra: '#8c4a33' },
      { name: '仿古灰', base: '#8a8782', accent: '#c8c4bc', extra: '#6e6b67' },
      { name: '仿古米', base: '#cbb89a', accent: '#efe3cf', extra: '#b09c7e' },
    ],
    specs: ['300x300', '600x600'],
  },
  {
    brand: '金诺瓷砖', series: '木纹砖', sku: 'MWZ', type: 0, genre: 'floor', pattern: 'wood', finish: '木纹',
    pricePerM2: 99, mode: '0',
    colours: [
      { name: '原木', base: '#c89a68', accent: '#8f6338' },
      { name: '浅橡', base: '#dcc29c', accent: '#b08e62' },
      { name: '胡桃', base: '#7a5237', accent: '#4a2f1d' },
    ],
    specs: ['150x900', '200x1200'],
  },
  {
    brand: '青禾陶瓷', series: '水磨石', sku: 'SMS', type: 0, genre: 'floor', pattern: 'terrazzo', finish: '哑光',
    pricePerM2: 118, mode: '0',
    colours: [
      { name: '白水磨石', base: '#ecebe6', accent: '#9b9890', extra: '#d4b48c' },
      { name: '灰水磨石', base: '#b9b8b4', accent: '#f2f1ee', extra: '#5d5c58' },
      { name: '粉水磨石', base: '#ecd6cf', accent: '#b9786b', extra: '#f7efe9' },
      { name: '绿水磨石', base: '#cfd8cc', accent: '#5f7d61', extra: '#efeee8' },
    ],
    specs: ['300x300', '600x600', '800x800'],
  },
  {
    brand: '青禾陶瓷', series: '马赛克', sku: 'MSK', type: 0, genre: 'wall', pattern: 'mosaic', finish: '釉面',
    pricePerM2: 198, mode: '0',
    colours: [
      { name: '湖蓝', base: '#3f8fb0', accent: '#7fc2d6', extra: '#e8f2f4' },
      { name: '墨绿', base: '#2f5a48', accent: '#4f8a6e', extra: '#a9c9b5' },
      { name: '雾白', base: '#f1f0ec', accent: '#dcdad4', extra: '#c2c0ba' },
      { name: '暖粉', base: '#e6b8ab', accent: '#d39483', extra: '#f5e3dc' },
    ],
    specs: ['300x300'],
  },
  {
    brand: '青禾陶瓷', series: '花砖', sku: 'HZ', type: 0, genre: 'floor_wall', pattern: 'checker', finish: '釉面',
    pricePerM2: 158, mode: '3',
    colours: [
      { name: '黑白格', base: '#f0eee9', accent: '#2b2b2d' },
      { name: '蓝白格', base: '#f2f3f1', accent: '#2f5f9a' },
      { name: '赤陶格', base: '#efe4d6', accent: '#b0553a' },
      { name: '绿白格', base: '#f1f2ec', accent: '#557a5a' },
    ],
    specs: ['200x200', '300x300'],
  },
  {
    brand: 'Arte Ceramica', series: 'Statuario', sku: 'STA', type: 0, genre: 'floor_wall', pattern: 'marble', finish: '亮光',
    pricePerM2: 368, mode: '0',
    colours: [
      { name: 'Statuario', base: '#f6f5f2', accent: '#55565b', extra: '#ecebe7' },
      { name: 'Calacatta Oro', base: '#f5f1e8', accent: '#9b7a45', extra: '#ebe5d8' },
      { name: 'Nero Marquina', base: '#1f1f21', accent: '#e9e7e2', extra: '#2c2c2f' },
      { name: 'Emperador', base: '#6b4a34', accent: '#d8c0a0', extra: '#5a3d2a' },
    ],
    specs: ['600x1200', '750x1500', '900x1800'],
  },
  {
    brand: '森木地板', series: '橡木', sku: 'XM', type: 3, genre: 'floor', pattern: 'wood', finish: '拉丝',
    pricePerM2: 258, mode: '0',
    colours: [
      { name: '自然橡', base: '#d2ae80', accent: '#9c7448' },
      { name: '烟熏橡', base: '#9a7556', accent: '#5e4331' },
      { name: '白橡', base: '#e6d6bd', accent: '#bfa584' },
      { name: '灰橡', base: '#b3a89a', accent: '#7f7468' },
    ],
    specs: ['150x900', '200x1200', '220x1800'],
  },
  {
    brand: '森木地板', series: '胡桃', sku: 'HT', type: 3, genre: 'floor', pattern: 'wood', finish: '哑光',
    pricePerM2: 328, mode: '0',
    colours: [
      { name: '黑胡桃', base: '#5b3c2a', accent: '#2f1d13' },
      { name: '北美胡桃', base: '#7b553c', accent: '#47301f' },
      { name: '柚木', base: '#a4713f', accent: '#6a4322' },
    ],
    specs: ['150x900', '200x1200'],
  },
  {
    brand: '北欧橡木', series: '人字拼', sku: 'RZP', type: 3, genre: 'floor', pattern: 'wood', finish: '拉丝',
    pricePerM2: 298, mode: '2',
    colours: [
      { name: '浅橡', base: '#dfc59f', accent: '#b18e63' },
      { name: '蜂蜜', base: '#c99455', accent: '#8d5f2c' },
      { name: '烟灰', base: '#a79e93', accent: '#756b60' },
    ],
    specs: ['90x600', '120x600'],
  },
  {
    brand: '北欧橡木', series: '宽板', sku: 'KB', type: 3, genre: 'floor', pattern: 'wood', finish: '油蜡',
    pricePerM2: 268, mode: '0',
    colours: [
      { name: '原色', base: '#d8b78b', accent: '#a5825a' },
      { name: '奶咖', base: '#c3a688', accent: '#8e7157' },
      { name: '灰白', base: '#ddd6cc', accent: '#b2a899' },
      { name: '深咖', base: '#6e4e39', accent: '#3f2a1d' },
    ],
    specs: ['200x1200', '220x1800'],
  },
  {
    brand: '华岩岩板', series: '大理石纹', sku: 'DLS', type: 5, genre: 'floor_wall', pattern: 'marble', finish: '亮光',
    pricePerM2: 420, mode: '0',
    colours: [
      { name: '潘多拉', base: '#e9e6e1', accent: '#3d4a5c', extra: '#c9c2b6' },
      { name: '黑金花', base: '#2a2421', accent: '#c9a56a', extra: '#3a312c' },
      { name: '劳伦黑金', base: '#1c1b1d', accent: '#b48e54', extra: '#29272a' },
      { name: '鱼肚白', base: '#f3f1ed', accent: '#7a746e', extra: '#e9e5df' },
      { name: '雪山白', base: '#f8f8f6', accent: '#a9adb3', extra: '#f0f0ee' },
    ],
    specs: ['900x1800', '800x2600', '1200x2400', '1600x3200'],
  },
  {
    brand: '华岩岩板', series: '素色', sku: 'SS', type: 5, genre: 'floor_wall', pattern: 'concrete', finish: '哑光',
    pricePerM2: 360, mode: '0',
    colours: [
      { name: '岩灰', base: '#9c9b98', accent: '#7a7976' },
      { name: '奶油白', base: '#ede6d9', accent: '#d8cfbf' },
      { name: '暖灰', base: '#b8afa5', accent: '#958b80' },
      { name: '碳黑', base: '#3a3a3c', accent: '#262628' },
    ],
    specs: ['1200x2400', '1600x3200'],
  },
  {
    brand: '澜庭石材', series: '淋浴石', sku: 'LYS', type: 4, genre: 'floor', pattern: 'granite', finish: '烧面',
    pricePerM2: 268, mode: '0',
    colours: [
      { name: '芝麻灰', base: '#9d9c99', accent: '#e9e8e4', extra: '#7c7b78' },
      { name: '芝麻白', base: '#d6d4cf', accent: '#6d6c69', extra: '#c4c2bd' },
      { name: '山西黑', base: '#2b2b2d', accent: '#5a5a5d', extra: '#1f1f21' },
      { name: '中国黑', base: '#303032', accent: '#77777a', extra: '#242426' },
      { name: '雪花白', base: '#ecebe7', accent: '#a8a6a1', extra: '#dedcd7' },
    ],
    specs: ['200x900', '150x1200', '250x1000'],
  },
  {
    brand: '澜庭石材', series: '挡水条', sku: 'DST', type: 4, genre: 'floor', pattern: 'marble', finish: '亮光',
    pricePerM2: 320, mode: '0',
    colours: [
      { name: '爵士白', base: '#f3f1ec', accent: '#9a9489', extra: '#e8e4dc' },
      { name: '黑金花', base: '#2a2421', accent: '#c9a56a', extra: '#3a312c' },
      { name: '雅士白', base: '#f7f6f2', accent: '#b9b5ad', extra: '#efede8' },
    ],
    specs: ['80x900', '80x1200'],
  },
  {
    brand: '匠心定制', series: '客厅方案', sku: 'KTFA', type: 1, genre: 'floor', pattern: 'checker', finish: '组合',
    pricePerM2: 188, mode: '3',
    colours: [
      { name: '黑白经典', base: '#f2f0eb', accent: '#262628' },
      { name: '暖灰米白', base: '#e9e2d6', accent: '#a39b90' },
      { name: '蓝白地中海', base: '#f4f4f1', accent: '#3a6ea5' },
      { name: '绿白清新', base: '#f1f2ec', accent: '#6d9a72' },
    ],
    specs: ['600x600', '800x800'],
  },
  {
    brand: '匠心定制', series: '卫浴方案', sku: 'WYFA', type: 1, genre: 'floor_wall', pattern: 'mosaic', finish: '组合',
    pricePerM2: 208, mode: '3',
    colours: [
      { name: '海洋蓝', base: '#2f7fa8', accent: '#8cc6db', extra: '#f0f5f6' },
      { name: '奶白', base: '#f4f1ea', accent: '#e0d9cc', extra: '#c8bfae' },
      { name: '森林绿', base: '#355e4b', accent: '#79a58c', extra: '#dfe9e2' },
      { name: '焦糖', base: '#b47a4c', accent: '#e2c1a1', extra: '#7d5031' },
    ],
    specs: ['300x300', '300x600'],
  },
  {
    brand: '匠心定制', series: '拼花', sku: 'PH', type: 2, genre: 'floor', pattern: 'basketweave', finish: '组合',
    pricePerM2: 238, mode: '2',
    colours: [
      { name: '胡桃拼', base: '#7b553c', accent: '#b0835c' },
      { name: '橡木拼', base: '#d2ae80', accent: '#a98458' },
      { name: '石材拼', base: '#e8e5df', accent: '#a9a49b' },
      { name: '灰调拼', base: '#a7a39c', accent: '#6f6b65' },
    ],
    specs: ['600x600', '800x800'],
  },
  {
    brand: '青禾陶瓷', series: '波打线', sku: 'BDX', type: 2, genre: 'floor', pattern: 'marble', finish: '亮光',
    pricePerM2: 178, mode: '0',
    colours: [
      { name: '黑金花', base: '#2a2421', accent: '#c9a56a', extra: '#3a312c' },
      { name: '啡网', base: '#6a4b38', accent: '#e4d3bd', extra: '#5a3e2d' },
      { name: '爵士白', base: '#f3f1ec', accent: '#9a9489', extra: '#e8e4dc' },
    ],
    specs: ['150x800', '200x800'],
  },
];

export interface TileSeed {
  readonly code: string;
  readonly oldId: number;
  readonly name: string;
  readonly type: TileType;
  readonly genre: TileGenre;
  readonly brand: string;
  readonly series: string;
  readonly spec: string;
  readonly widthMm: number;
  readonly heightMm: number;
  readonly sku: string;
  readonly price: number;
  readonly mode: MixMode;
  readonly texture: TextureSpec;
  /** mixed-laying tiles get 3 colour variants and a laying preview */
  readonly variants: number;
}

export function parseSpec(spec: string): { widthMm: number; heightMm: number } {
  const m = /^(\d+)x(\d+)$/.exec(spec);
  if (!m) throw new Error(`bad spec ${spec}`);
  return { widthMm: Number(m[1]), heightMm: Number(m[2]) };
}

/** FNV-1a of a string: texture seeds derived from codes, stable across runs. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function brandCode(name: string): string {
  const brand = BRANDS.find((b) => b.name === name);
  if (!brand) throw new Error(`unknown brand ${name}`);
  return brand.code;
}

/** The public tile catalogue: every series x colour x size. */
export function publicTileSeeds(): TileSeed[] {
  const serial = new Map<string, number>();
  const out: TileSeed[] = [];
  for (const s of SERIES) {
    const bc = brandCode(s.brand);
    s.colours.forEach((colour, ci) => {
      for (const spec of s.specs) {
        const n = (serial.get(bc) ?? 0) + 1;
        serial.set(bc, n);
        const { widthMm, heightMm } = parseSpec(spec);
        const code = `${bc}-${String(n).padStart(4, '0')}`;
        const area = (widthMm * heightMm) / 1_000_000;
        // Lighter colours of a series cost a little less, as in real price lists.
        const price = Math.round(s.pricePerM2 * (1 + ci * 0.04) * area * 100) / 100;
        out.push({
          code,
          oldId: 100_000 + out.length + 1,
          name: `${colour.name} ${s.finish} ${widthMm}×${heightMm}`,
          type: s.type,
          genre: s.genre,
          brand: s.brand,
          series: s.series,
          spec,
          widthMm,
          heightMm,
          sku: `${bc}${s.sku}${widthMm}${heightMm}-${String(ci + 1).padStart(2, '0')}`,
          price,
          mode: s.mode,
          texture: {
            pattern: s.pattern,
            seed: seedOf(code),
            base: colour.base,
            accent: colour.accent,
            ...(colour.extra ? { extra: colour.extra } : {}),
          },
          variants: s.mode === '3' ? 3 : 0,
        });
      }
    });
  }
  return out;
}

/** A few private tiles per company project: only that project's users see them. */
export interface PrivateTileSeed extends TileSeed {
  readonly project: string;
}

export function privateTileSeeds(): PrivateTileSeed[] {
  const defs: { project: string; brand: string; prefix: string; pattern: TexturePattern; colours: Colour[]; spec: string; type: TileType }[] = [
    {
      project: 'yfang_corp', brand: '云方企业库', prefix: 'YFC', pattern: 'marble', spec: '600x1200', type: 0,
      colours: [
        { name: '企业定制白', base: '#f2f0ec', accent: '#8e8a84' },
        { name: '企业定制灰', base: '#bdbab5', accent: '#6d6a66' },
        { name: '企业定制金', base: '#dcc7a0', accent: '#7d5e35' },
      ],
    },
    {
      project: 'yfang_corp', brand: '云方企业库', prefix: 'YFC', pattern: 'wood', spec: '200x1200', type: 3,
      colours: [
        { name: '企业橡木', base: '#d0aa7c', accent: '#9a7246' },
        { name: '企业胡桃', base: '#77513a', accent: '#45301f' },
      ],
    },
    {
      project: 'chuangmi', brand: '创米自营', prefix: 'CMZ', pattern: 'terrazzo', spec: '600x600', type: 0,
      colours: [
        { name: '创米白', base: '#efeee9', accent: '#e4572e', extra: '#8d8a84' },
        { name: '创米灰', base: '#bcbab5', accent: '#f2f1ee', extra: '#e4572e' },
      ],
    },
    {
      project: 'chuangmi', brand: '创米自营', prefix: 'CMZ', pattern: 'concrete', spec: '1200x2400', type: 5,
      colours: [{ name: '创米岩板', base: '#a8a6a1', accent: '#7a7874' }],
    },
  ];
  const out: PrivateTileSeed[] = [];
  const serial = new Map<string, number>();
  for (const d of defs) {
    const { widthMm, heightMm } = parseSpec(d.spec);
    d.colours.forEach((colour, ci) => {
      const n = (serial.get(d.prefix) ?? 0) + 1;
      serial.set(d.prefix, n);
      const code = `${d.prefix}-${String(n).padStart(4, '0')}`;
      out.push({
        project: d.project,
        code,
        oldId: 0,
        name: `${colour.name} ${widthMm}×${heightMm}`,
        type: d.type,
        genre: d.type === 3 ? 'floor' : 'floor_wall',
        brand: d.brand,
        series: '企业专属',
        spec: d.spec,
        widthMm,
        heightMm,
        sku: `${d.prefix}${widthMm}${heightMm}-${String(ci + 1).padStart(2, '0')}`,
        price: Math.round(199 * ((widthMm * heightMm) / 1_000_000) * 100) / 100,
        mode: '0',
        texture: { pattern: d.pattern, seed: seedOf(`${d.project}:${code}`), base: colour.base, accent: colour.accent, ...(colour.extra ? { extra: colour.extra } : {}) },
        variants: 0,
      });
    });
  }
  return out;
}

// ---- pavings and waterjet medallions ----

export type PavingKind = 'paving' | 'waterjet';

export interface PavingCategorySeed {
  readonly id: number;
  readonly parentId: number | null;
  readonly kind: PavingKind;
  readonly name: string;
}

export const PAVING_CATEGORIES: readonly PavingCategorySeed[] = [
  { id: 1, parentId: null, kind: 'paving', name: '拼花' },
  { id: 2, parentId: null, kind: 'waterjet', name: '水刀' },
  { id: 11, parentId: 1, kind: 'paving', name: '客厅拼花' },
  { id: 12, parentId: 1, kind: 'paving', name: '餐厅拼花' },
  { id: 13, parentId: 1, kind: 'paving', name: '过道拼花' },
  { id: 14, parentId: 1, kind: 'paving', name: '卫浴拼花' },
  { id: 21, parentId: 2, kind: 'waterjet', name: '圆形' },
  { id: 22, parentId: 2, kind: 'waterjet', name: '方形' },
  { id: 23, parentId: 2, kind: 'waterjet', name: '椭圆' },
];

export interface PavingSeed {
  readonly kind: PavingKind;
  readonly code: string;
  readonly name: string;
  readonly categoryId: number;
  readonly brand: string;
  readonly spec: string;
  readonly widthMm: number;
  readonly heightMm: number;
  readonly mode: MixMode;
  readonly price: number;
  readonly sku: string;
  /** codes of the public tiles the pattern is laid with */
  readonly tiles: readonly string[];
  readonly texture: TextureSpec;
}

export function pavingSeeds(tiles: readonly TileSeed[]): PavingSeed[] {
  const pick = (series: string, i: number): string => {
    const list = tiles.filter((t) => t.series === series);
    return list[i % list.length]!.code;
  };
  const pavings: [string, number, string, TexturePattern, string, string, MixMode, [string, number][]][] = [
    ['经典人字拼', 11, '匠心定制', 'basketweave', '#d2ae80', '#a98458', '2', [['人字拼', 0], ['人字拼', 2]]],
    ['黑白棋盘', 11, '匠心定制', 'checker', '#f0eee9', '#2b2b2d', '3', [['卡拉拉', 0], ['大理石纹', 4]]],
    ['米白回字纹', 11, '匠心定制', 'checker', '#efe7d9', '#b49a74', '3', [['卡拉拉', 5], ['帝皇金', 0]]],
    ['石材编织', 12, '匠心定制', 'basketweave', '#e8e5df', '#a9a49b', '2', [['素色水泥', 3], ['素色水泥', 0]]],
    ['暖木编织', 12, '匠心定制', 'basketweave', '#c89a68', '#8f6338', '2', [['木纹砖', 0]]],
    ['地中海马赛克', 12, '青禾陶瓷', 'mosaic', '#3f8fb0', '#7fc2d6', '3', [['马赛克', 0], ['马赛克', 2]]],
    ['灰调长廊', 13, '匠心定制', 'checker', '#c9c8c4', '#6f6e6b', '3', [['素色水泥', 4], ['素色水泥', 8]]],
    ['水磨石过道', 13, '青禾陶瓷', 'terrazzo', '#ecebe6', '#9b9890', '0', [['水磨石', 0]]],
    ['木纹过道', 13, '北欧橡木', 'basketweave', '#dfc59f', '#b18e63', '2', [['人字拼', 1]]],
    ['浴室花砖', 14, '青禾陶瓷', 'checker', '#f2f3f1', '#2f5f9a', '3', [['花砖', 2], ['马赛克', 1]]],
    ['防滑小方砖', 14, '金诺瓷砖', 'mosaic', '#f1f0ec', '#dcdad4', '0', [['仿古', 0]]],
    ['绿意卫浴', 14, '匠心定制', 'mosaic', '#355e4b', '#79a58c', '3', [['卫浴方案', 4]]],
  ];
  const waterjets: [string, number, string, string, string, string, string][] = [
    ['太阳花', 21, '澜庭石材', '1200x1200', '#f3f1ec', '#2a2421', '#c9a56a'],
    ['罗盘', 21, '澜庭石材', '1500x1500', '#e9e6e1', '#3d4a5c', '#c9c2b6'],
    ['金色年华', 21, '华岩岩板', '1800x1800', '#f5f1e8', '#9b7a45', '#2a2421'],
    ['方圆', 22, '澜庭石材', '1200x1200', '#ecebe7', '#55565b', '#d8c0a0'],
    ['玄关拼花', 22, '华岩岩板', '1000x1000', '#f7f6f2', '#6b4a34', '#e9e7e2'],
    ['星辰', 22, '澜庭石材', '1500x1500', '#2b2b2d', '#e9e8e4', '#c9a56a'],
    ['椭圆门厅', 23, '华岩岩板', '1200x1800', '#f4f2ee', '#7a5a32', '#d9c29a'],
    ['云纹', 23, '澜庭石材', '1000x1600', '#eeeeec', '#3d4a5c', '#8d9096'],
    ['花开富贵', 23, '华岩岩板', '1500x2400', '#f5f1e8', '#a45a3f', '#557a5a'],
  ];
  const out: PavingSeed[] = [];
  pavings.forEach(([name, categoryId, brand, pattern, base, accent, mode, uses], i) => {
    const code = `PV-${String(i + 1).padStart(4, '0')}`;
    const spec = i % 3 === 0 ? '1200x1200' : i % 3 === 1 ? '1800x1800' : '2400x1200';
    const { widthMm, heightMm } = parseSpec(spec);
    out.push({
      kind: 'paving', code, name, categoryId, brand, spec, widthMm, heightMm, mode,
      price: Math.round(260 * ((widthMm * heightMm) / 1_000_000) * (1 + (i % 4) * 0.1) * 100) / 100,
      sku: `PV${categoryId}${String(i + 1).padStart(3, '0')}`,
      tiles: uses.map(([series, n]) => pick(series, n)),
      texture: { pattern, seed: seedOf(code), base, accent },
    });
  });
  waterjets.forEach(([name, categoryId, brand, spec, base, accent, extra], i) => {
    const code = `WJ-${String(i + 1).padStart(4, '0')}`;
    const { widthMm, heightMm } = parseSpec(spec);
    out.push({
      kind: 'waterjet', code, name, categoryId, brand, spec, widthMm, heightMm, mode: '0',
      price: Math.round(1880 * ((widthMm * heightMm) / 1_000_000) * 100) / 100,
      sku: `WJ${categoryId}${String(i + 1).padStart(3, '0')}`,
      tiles: [],
      texture: { pattern: 'medallion', seed: seedOf(code), base, accent, extra },
    });
  });
  return out;
}

// ---- sample rooms ----

export interface ModelRoomSeed {
  readonly key: string;
  /** owning project (scheme_brand) */
  readonly project: string;
  /** account in that project that made it; the owner's own views are not counted */
  readonly ownerAccount: string;
  readonly isPublic: boolean;
  readonly name: string;
  /** catalogues.md §3 room type code */
  readonly roomType: number;
  readonly style: string;
  readonly area: number;
  readonly viewedCount: number;
  readonly texture: TextureSpec;
}

export function modelRoomSeeds(): ModelRoomSeed[] {
  const rows: [string, string, string, boolean, string, number, string, number, string, string, string][] = [
    ['yfang-01', 'yfang', 'designer', true, '现代简约三居室', 100, '现代', 118.5, '#d8b78b', '#c9c8c4', '#6f7f8f'],
    ['yfang-02', 'yfang', 'designer', true, '轻奢大平层客厅', 1, '轻奢', 46.2, '#f3f1ec', '#d9c29a', '#2b2b2d'],
    ['yfang-03', 'yfang', 'designer', true, '北欧原木主卧', 2, '北欧', 18.6, '#dfc59f', '#e6d6bd', '#8fa3a0'],
    ['yfang-04', 'yfang', 'designer', true, '新中式茶室书房', 13, '新中式', 12.4, '#7b553c', '#a4713f', '#5c6b53'],
    ['yfang-05', 'yfang', 'member', true, '侘寂风客餐厅', 1, '侘寂', 38.8, '#cdb9a0', '#e4ddd0', '#8c7b6a'],
    ['yfang-06', 'yfang', 'member', true, '日式小户型', 100, '日式', 62.0, '#e6d6bd', '#d2ae80', '#6d8a6e'],
    ['yfang-07', 'yfang', 'designer', true, '美式乡村厨房', 7, '美式', 9.8, '#a45a3f', '#efe4d6', '#3a5a7a'],
    ['yfang-08', 'yfang', 'designer', true, '地中海卫浴', 8, '地中海', 6.2, '#f4f4f1', '#3a6ea5', '#e4b04a'],
    ['yfang-09', 'yfang', 'member', true, '简欧儿童房', 4, '简欧', 11.5, '#e6b8ab', '#ecd6cf', '#6a9ac4'],
    ['yfang-10', 'yfang', 'designer', true, '工业风Loft', 100, '工业', 86.0, '#6f6e6b', '#a7a6a2', '#b0553a'],
    ['corp-01', 'yfang_corp', 'admin', false, '企业样板·现代四居', 100, '现代', 142.0, '#d0aa7c', '#bdbab5', '#44546a'],
    ['corp-02', 'yfang_corp', 'admin', false, '企业样板·轻奢主卧', 2, '轻奢', 22.0, '#f2f0ec', '#dcc7a0', '#3b3b3d'],
    ['chuangmi-01', 'chuangmi', 'chuangmi', false, '创米智能家·客厅', 1, '现代', 35.0, '#efeee9', '#bcbab5', '#e4572e'],
    ['chuangmi-02', 'chuangmi', 'chuangmi', false, '创米智能家·卧室', 2, '北欧', 16.0, '#e6d6bd', '#efeee9', '#e4572e'],
  ];
  return rows.map(([key, project, ownerAccount, isPublic, name, roomType, style, area, floor, floor2, furniture], i) => ({
    key,
    project,
    ownerAccount,
    isPublic,
    name,
    roomType,
    style,
    area,
    viewedCount: (seedOf(key) % 400) + 20 * i,
    texture: { pattern: 'plan', seed: seedOf(`room:${key}`), base: floor, accent: floor2, extra: furniture },
  }));
}
