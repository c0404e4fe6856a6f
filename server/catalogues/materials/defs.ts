// The public material library (MaterialLib CommonLib): PBR materials a designer puts on walls,
// floors, ceilings and furniture parts. Like the furniture, nothing is a picture file: each
// material is a small spec (colours, a procedural pattern from ../textures.ts or a wallpaper
// motif drawn here) and its pictures are drawn on first request (files.ts).
import type { TextureSpec } from '../textures';

export const MATERIAL_CATEGORIES = ['fabric', 'leather', 'wood', 'stone', 'metal', 'glass', 'paint', 'wallpaper'] as const;
export type MaterialCategory = (typeof MATERIAL_CATEGORIES)[number];

/** The category names shown in both languages (rows carry the key; the UI and facets name it). */
export const MATERIAL_CATEGORY_NAMES: Readonly<Record<MaterialCategory, { zh: string; en: string }>> = {
  fabric: { zh: '布艺', en: 'Fabric' },
  leather: { zh: '皮革', en: 'Leather' },
  wood: { zh: '木材', en: 'Wood' },
  stone: { zh: '石材', en: 'Stone' },
  metal: { zh: '金属', en: 'Metal' },
  glass: { zh: '玻璃', en: 'Glass' },
  paint: { zh: '涂料', en: 'Paint' },
  wallpaper: { zh: '墙纸', en: 'Wallpaper' },
};

/** Wallpaper motifs drawn over a fine paper texture. */
export type Motif = 'stripes' | 'pinstripe' | 'dots' | 'grid' | 'diamond';

export type MaterialPicture =
  | { readonly kind: 'pattern'; readonly spec: TextureSpec }
  | { readonly kind: 'motif'; readonly motif: Motif; readonly seed: number; readonly base: string; readonly accent: string };

export interface MaterialDef {
  /** stable id, the row's material_id */
  readonly key: string;
  readonly name: string;
  readonly name_en: string;
  readonly category: MaterialCategory;
  /** '#rrggbb' sRGB: the base colour of an untextured material, the average look of a textured one */
  readonly colour: string;
  readonly roughness: number;
  readonly metalness: number;
  /** below 1: see-through (glass) */
  readonly opacity: number;
  /** real-world size of one texture repeat, mm */
  readonly tileMm: number;
  readonly picture?: MaterialPicture;
  /** strength of the normal map drawn from the picture's brightness; 0: no normal map */
  readonly bump: number;
}

/** FNV-1a of the key, so that adding a material redraws no other picture. */
export function seedOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

type Opts = Partial<Pick<MaterialDef, 'roughness' | 'metalness' | 'opacity' | 'tileMm' | 'bump'>> & { extra?: string };

function patterned(
  category: MaterialCategory,
  pattern: TextureSpec['pattern'],
  key: string,
  name: string,
  nameEn: string,
  base: string,
  accent: string,
  o: Opts,
): MaterialDef {
  const spec: TextureSpec = { pattern, seed: seedOf(key), base, accent, ...(o.extra ? { extra: o.extra } : {}) };
  return {
    key,
    name,
    name_en: nameEn,
    category,
    colour: base,
    roughness: o.roughness ?? 0.8,
    metalness: o.metalness ?? 0,
    opacity: o.opacity ?? 1,
    tileMm: o.tileMm ?? 500,
    picture: { kind: 'pattern', spec },
    bump: o.bump ?? 0,
  };
}

function plain(category: MaterialCategory, key: string, name: string, nameEn: string, colour: string, o: Opts): MaterialDef {
  return {
    key,
    name,
    name_en: nameEn,
    category,
    colour,
    roughness: o.roughness ?? 0.9,
    metalness: o.metalness ?? 0,
    opacity: o.opacity ?? 1,
    tileMm: o.tileMm ?? 1000,
    bump: 0,
  };
}

function wallpaper(key: string, name: string, nameEn: string, motif: Motif, base: string, accent: string, tileMm: number): MaterialDef {
  return {
    key,
    name,
    name_en: nameEn,
    category: 'wallpaper',
    colour: base,
    roughness: 0.85,
    metalness: 0,
    opacity: 1,
    tileMm,
    picture: { kind: 'motif', motif, seed: seedOf(key), base, accent },
    bump: 0.6,
  };
}

const fabric = (k: string, zh: string, en: string, base: string, accent: string) =>
  patterned('fabric', 'fabric', `mat-fabric-${k}`, zh, en, base, accent, { roughness: 0.95, tileMm: 120, bump: 1.5 });
const leather = (k: string, zh: string, en: string, base: string, accent: string) =>
  patterned('leather', 'leather', `mat-leather-${k}`, zh, en, base, accent, { roughness: 0.5, tileMm: 400, bump: 1.2 });
const wood = (k: string, zh: string, en: string, base: string, accent: string) =>
  patterned('wood', 'wood', `mat-wood-${k}`, zh, en, base, accent, { roughness: 0.6, tileMm: 800, bump: 0.8 });
const marble = (k: string, zh: string, en: string, base: string, accent: string, extra: string) =>
  patterned('stone', 'marble', `mat-stone-${k}`, zh, en, base, accent, { roughness: 0.2, tileMm: 900, extra });
const stone = (pattern: TextureSpec['pattern'], k: string, zh: string, en: string, base: string, accent: string, extra?: string) =>
  patterned('stone', pattern, `mat-stone-${k}`, zh, en, base, accent, { roughness: 0.6, tileMm: 600, bump: 0.6, ...(extra ? { extra } : {}) });
const brushed = (k: string, zh: string, en: string, base: string, accent: string, roughness: number) =>
  patterned('metal', 'brushed', `mat-metal-${k}`, zh, en, base, accent, { metalness: 1, roughness, tileMm: 300, bump: 0.3 });
const metal = (k: string, zh: string, en: string, colour: string, roughness: number) => plain('metal', `mat-metal-${k}`, zh, en, colour, { metalness: 1, roughness });
const glass = (k: string, zh: string, en: string, colour: string, opacity: number, roughness: number, metalness = 0) =>
  plain('glass', `mat-glass-${k}`, zh, en, colour, { opacity, roughness, metalness });
const paint = (k: string, zh: string, en: string, colour: string, roughness = 0.9) => plain('paint', `mat-paint-${k}`, zh, en, colour, { roughness });

/** Every public material, in catalogue order. Keys never change: scenes embed them. */
export const MATERIAL_DEFS: readonly MaterialDef[] = [
  fabric('linen', '亚麻布', 'Linen', '#d8cdb8', '#b9ab92'),
  fabric('grey', '浅灰布艺', 'Light grey fabric', '#9a9a98', '#7d7d7c'),
  fabric('charcoal', '炭灰布艺', 'Charcoal fabric', '#55575a', '#3e4043'),
  fabric('navy', '藏青布艺', 'Navy fabric', '#2f3d5c', '#243049'),
  fabric('olive', '橄榄绿布艺', 'Olive fabric', '#7a7c4f', '#62643d'),
  fabric('terracotta', '陶土色布艺', 'Terracotta fabric', '#b4694a', '#95523a'),
  fabric('boucle', '羊羔绒', 'Bouclé', '#efe9dd', '#d9d1c1'),
  fabric('mustard', '芥末黄布艺', 'Mustard fabric', '#c99a3a', '#a97d2a'),
  fabric('velvet-green', '墨绿丝绒', 'Green velvet', '#2f5a4a', '#244738'),
  fabric('blush', '豆沙粉布艺', 'Blush fabric', '#d9aea3', '#c3958a'),
  fabric('cotton-white', '白色棉布', 'White cotton', '#f4f2ee', '#e4e0d8'),
  leather('cognac', '干邑色皮革', 'Cognac leather', '#9a5a2e', '#6e3c1c'),
  leather('black', '黑色皮革', 'Black leather', '#2a2a2c', '#151517'),
  leather('white', '白色皮革', 'White leather', '#ece8e1', '#cfc8bd'),
  leather('tan', '浅棕皮革', 'Tan leather', '#b98a5c', '#95683f'),
  leather('oxblood', '酒红皮革', 'Oxblood leather', '#5e2226', '#3f1518'),
  leather('grey', '灰色皮革', 'Grey leather', '#7b7b7d', '#5c5c5e'),
  wood('oak', '橡木', 'Oak', '#c9a478', '#a77f55'),
  wood('walnut', '胡桃木', 'Walnut', '#6b4a33', '#4a3122'),
  wood('ash', '白蜡木', 'Ash', '#e3d3bb', '#c7b394'),
  wood('ebony', '黑檀木', 'Ebony', '#2d2a28', '#1d1b1a'),
  wood('teak', '柚木', 'Teak', '#a8703f', '#7e4f29'),
  wood('cherry', '樱桃木', 'Cherry', '#8e4a31', '#6a3221'),
  wood('maple', '枫木', 'Maple', '#e8cfa4', '#cdae7e'),
  wood('smoked-oak', '烟熏橡木', 'Smoked oak', '#7d6450', '#5a4533'),
  wood('pine', '松木', 'Pine', '#e2bf85', '#c49a5b'),
  wood('grey-oak', '灰橡木', 'Grey oak', '#a59c90', '#857b6f'),
  marble('carrara', '卡拉拉白大理石', 'Carrara marble', '#eeeeec', '#8d9096', '#e2e3e4'),
  marble('marquina', '黑金花大理石', 'Nero Marquina marble', '#26272a', '#d8d8d6', '#35363a'),
  marble('calacatta', '卡拉卡塔金大理石', 'Calacatta gold marble', '#f3f0ea', '#b89a5e', '#e6dfd2'),
  marble('verde', '大花绿大理石', 'Verde marble', '#254236', '#d7e0d8', '#335547'),
  marble('rosa', '玫瑰红大理石', 'Rosa marble', '#e3c4b8', '#9b6a5c', '#d7b1a4'),
  stone('granite', 'granite-grey', '芝麻灰花岗岩', 'Grey granite', '#8a8a8a', '#3d3d3d', '#d0d0d0'),
  stone('granite', 'granite-black', '黑色花岗岩', 'Black granite', '#2b2b2d', '#111112', '#6a6a6d'),
  stone('terrazzo', 'terrazzo', '水磨石', 'Terrazzo', '#e6e1d8', '#7b7368', '#c7744d'),
  stone('concrete', 'travertine', '洞石', 'Travertine', '#d9c9ab', '#bba785'),
  stone('concrete', 'concrete', '清水混凝土', 'Exposed concrete', '#a9a6a1', '#8a8782'),
  brushed('steel', '拉丝不锈钢', 'Brushed steel', '#c4c6c9', '#a6a9ad', 0.35),
  brushed('brass', '拉丝黄铜', 'Brushed brass', '#c9a45a', '#a8843f', 0.3),
  brushed('copper', '拉丝紫铜', 'Brushed copper', '#b87350', '#97593a', 0.3),
  metal('chrome', '镜面铬', 'Chrome', '#e6e8ea', 0.08),
  metal('black', '哑光黑金属', 'Matte black metal', '#1f2022', 0.55),
  metal('gold', '亮面金', 'Polished gold', '#d8b05c', 0.15),
  metal('gunmetal', '枪灰金属', 'Gunmetal', '#4a4d52', 0.4),
  glass('clear', '透明玻璃', 'Clear glass', '#d8e8ec', 0.25, 0.05),
  glass('frosted', '磨砂玻璃', 'Frosted glass', '#eef3f4', 0.6, 0.45),
  glass('grey', '灰色玻璃', 'Grey glass', '#5c6366', 0.45, 0.05),
  glass('bronze', '茶色玻璃', 'Bronze glass', '#7a5a3c', 0.45, 0.05),
  glass('mirror', '银镜', 'Mirror', '#dfe4e6', 1, 0.02, 1),
  paint('white', '纯白乳胶漆', 'Pure white paint', '#f5f4f0'),
  paint('ivory', '象牙白乳胶漆', 'Ivory paint', '#efe8d8'),
  paint('greige', '暖灰乳胶漆', 'Greige paint', '#cfc7bb'),
  paint('cool-grey', '冷灰乳胶漆', 'Cool grey paint', '#a9adb1'),
  paint('sage', '鼠尾草绿', 'Sage green paint', '#a7b29b'),
  paint('dusty-blue', '雾霾蓝', 'Dusty blue paint', '#8fa3b5'),
  paint('terracotta', '陶土红', 'Terracotta paint', '#c07a5a'),
  paint('navy', '深海蓝', 'Navy paint', '#2e3a52'),
  paint('charcoal', '石墨灰', 'Charcoal paint', '#45474a'),
  paint('blush', '藕粉色', 'Blush paint', '#e3c3b8'),
  paint('mustard', '姜黄色', 'Mustard paint', '#d0a24a'),
  paint('gloss-white', '白色亮光漆', 'White gloss', '#f3f2ee', 0.2),
  wallpaper('mat-wallpaper-stripe-sage', '绿白宽条纹墙纸', 'Sage stripe wallpaper', 'stripes', '#eef0e8', '#b8c4aa', 320),
  wallpaper('mat-wallpaper-stripe-navy', '藏青细条纹墙纸', 'Navy pinstripe wallpaper', 'pinstripe', '#f1efe9', '#33415e', 200),
  wallpaper('mat-wallpaper-dots', '波点墙纸', 'Polka dot wallpaper', 'dots', '#f4efe6', '#c58f7a', 160),
  wallpaper('mat-wallpaper-grid', '格纹墙纸', 'Grid wallpaper', 'grid', '#f2f2ef', '#9aa3aa', 240),
  wallpaper('mat-wallpaper-diamond', '菱形墙纸', 'Diamond wallpaper', 'diamond', '#e9e2d3', '#b49c6c', 260),
  wallpaper('mat-wallpaper-stripe-blush', '粉色宽条纹墙纸', 'Blush stripe wallpaper', 'stripes', '#f6ece8', '#e2bfb3', 320),
  patterned('wallpaper', 'fabric', 'mat-wallpaper-grasscloth', '草编墙布', 'Grasscloth wallcovering', '#cdbd98', '#a8966e', { roughness: 0.95, tileMm: 300, bump: 1 }),
  patterned('wallpaper', 'concrete', 'mat-wallpaper-plaster', '肌理艺术漆', 'Textured plaster', '#e4ddd0', '#cfc6b5', { roughness: 0.9, tileMm: 800, bump: 1.5 }),
];

export function materialDef(key: string): MaterialDef | undefined {
  return DEFS_BY_KEY.get(key);
}

const DEFS_BY_KEY = new Map(MATERIAL_DEFS.map((d) => [d.key, d]));
