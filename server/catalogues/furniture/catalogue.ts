// The furniture catalogue: every family's variants as definitions, and the build of one model
// into its GLB (full and low detail), cover, plan symbol and catalogue row (catalogues.md §3
// "Model fields read"). Ids follow the order of FAMILIES and of each family's variants, so a new
// variant goes at the end of its family list to keep the others' ids.
import { renderCover } from './cover';
import { writeGlb } from './glb';
import { Model, type PlanSymbol, type Plan } from './model';
import { encodePng } from '../png';
import type { RgbImage } from '../textures';
import { FAMILIES } from './families';

/** catalogues.md §3 styles (the first list), zh as shown and en for the English UI. */
export const STYLES = {
  modern: { zh: '现代', en: 'Modern' },
  lightLuxury: { zh: '轻奢', en: 'Light luxury' },
  nordic: { zh: '北欧', en: 'Nordic' },
  american: { zh: '美式', en: 'American' },
  newChinese: { zh: '新中式', en: 'New Chinese' },
  chinese: { zh: '中式', en: 'Chinese' },
  wabiSabi: { zh: '侘寂', en: 'Wabi-sabi' },
  simpleEuropean: { zh: '简欧', en: 'Simple European' },
  japanese: { zh: '日式', en: 'Japanese' },
  european: { zh: '欧式', en: 'European' },
  mediterranean: { zh: '地中海', en: 'Mediterranean' },
  postModern: { zh: '后现代', en: 'Post-modern' },
  french: { zh: '法式', en: 'French' },
  industrial: { zh: '工业风', en: 'Industrial' },
  pastoral: { zh: '田园', en: 'Pastoral' },
  mixed: { zh: '混搭', en: 'Mixed' },
  other: { zh: '其他', en: 'Other' },
} as const;
export type StyleKey = keyof typeof STYLES;

/**
 * Where a piece lands when placed: on the floor, hung on a wall, hung from the ceiling, or
 * standing on another piece (a table lamp). Written to the row's `type`.
 */
export type Mount = 'floor' | 'wall' | 'ceiling' | 'surface';

export interface Named {
  readonly zh: string;
  readonly en: string;
}

/** category1 (department) > category2 (family) > category3 (kind); category4 is the style's group. */
export interface CategoryPath {
  readonly c1: Named;
  readonly c2: Named;
  readonly c3: Named;
}

export interface FurnitureDef {
  /** stable slug: model_id is `yf-<key>` */
  readonly key: string;
  /** the generator family (row `class`) */
  readonly family: string;
  readonly name: Named;
  readonly category: CategoryPath;
  /** mm: width (x), depth (y), height (z), the model's bounding box */
  readonly size: readonly [number, number, number];
  readonly style: StyleKey;
  readonly mount: Mount;
  readonly resizable: boolean;
  /** yuan */
  readonly price: number;
  readonly brand: string;
  /** draws the piece into `m` (glTF metres) and returns its plan symbol */
  readonly build: (m: Model) => Plan;
}

/** A row of the model catalogue; gltf_url, cover_url and the low-poly url are set by the server. */
export interface ModelRow {
  readonly id: number;
  readonly model_id: string;
  readonly modelVersion: number;
  readonly category1: string;
  readonly category2: string;
  readonly category3: string;
  readonly category4: string;
  readonly category_en: readonly [string, string, string, string];
  readonly type: Mount;
  readonly class: string;
  readonly sizex: number;
  readonly sizey: number;
  readonly sizez: number;
  readonly style: string;
  readonly style_en: string;
  readonly display_size: string;
  readonly resizable: boolean;
  /** 1: a list price in yuan (`price`) */
  readonly price_type: number;
  readonly price: number;
  readonly brand: string;
  readonly name: string;
  readonly name_en: string;
  readonly model_type_name: string;
  readonly cover_url: string;
  readonly gltf_url: string;
  readonly low_gltf_url: string;
  readonly isUseLowGltf: boolean;
  readonly xml_url: string;
  readonly layout_model_id: string;
  readonly layout_jpg_url: string;
  readonly layout_png_url: string;
  readonly relation_model_id: string;
  readonly jsonUrl: string;
  readonly merge_model_data: string;
  readonly openingType: string;
  readonly plan: PlanSymbol;
  readonly triangles: number;
  readonly lowTriangles: number;
}

const STYLE_GROUP: Record<StyleKey, Named> = {
  modern: { zh: '现代简约', en: 'Contemporary' },
  lightLuxury: { zh: '轻奢', en: 'Luxury' },
  nordic: { zh: '北欧', en: 'Scandinavian' },
  american: { zh: '美式', en: 'Classic' },
  newChinese: { zh: '东方', en: 'Oriental' },
  chinese: { zh: '东方', en: 'Oriental' },
  wabiSabi: { zh: '东方', en: 'Oriental' },
  simpleEuropean: { zh: '欧式', en: 'Classic' },
  japanese: { zh: '东方', en: 'Oriental' },
  european: { zh: '欧式', en: 'Classic' },
  mediterranean: { zh: '欧式', en: 'Classic' },
  postModern: { zh: '现代简约', en: 'Contemporary' },
  french: { zh: '欧式', en: 'Classic' },
  industrial: { zh: '工业', en: 'Industrial' },
  pastoral: { zh: '田园', en: 'Country' },
  mixed: { zh: '混搭', en: 'Mixed' },
  other: { zh: '其他', en: 'Other' },
};

export function furnitureDefs(): FurnitureDef[] {
  return FAMILIES.flatMap((f) => f());
}

export function modelRow(def: FurnitureDef, id: number, triangles: number, lowTriangles: number, plan: PlanSymbol): ModelRow {
  const [sx, sy, sz] = def.size;
  const group = STYLE_GROUP[def.style];
  return {
    id,
    model_id: `yf-${def.key}`,
    modelVersion: 1,
    category1: def.category.c1.zh,
    category2: def.category.c2.zh,
    category3: def.category.c3.zh,
    category4: group.zh,
    category_en: [def.category.c1.en, def.category.c2.en, def.category.c3.en, group.en],
    type: def.mount,
    class: def.family,
    sizex: sx,
    sizey: sy,
    sizez: sz,
    style: STYLES[def.style].zh,
    style_en: STYLES[def.style].en,
    display_size: `${sx}x${sy}x${sz}`,
    resizable: def.resizable,
    price_type: 1,
    price: def.price,
    brand: def.brand,
    name: def.name.zh,
    name_en: def.name.en,
    model_type_name: def.category.c2.zh,
    cover_url: '',
    gltf_url: '',
    low_gltf_url: '',
    isUseLowGltf: true,
    xml_url: '',
    layout_model_id: '',
    layout_jpg_url: '',
    layout_png_url: '',
    relation_model_id: '',
    jsonUrl: '',
    merge_model_data: '',
    openingType: '',
    plan,
    triangles,
    lowTriangles,
  };
}

export const COVER_PX = 256;

export interface BuiltModel {
  readonly row: ModelRow;
  readonly glb: Uint8Array;
  readonly lowGlb: Uint8Array;
  readonly cover: RgbImage;
  readonly coverPng: Uint8Array;
}

/** `coverSize`: the cover's pixels (256 by default; 0 draws none, for checks that need only files). */
export async function buildModel(def: FurnitureDef, id: number, opts: { coverSize?: number } = {}): Promise<BuiltModel> {
  const high = new Model('high');
  const plan = def.build(high).symbol();
  const low = new Model('low');
  def.build(low);
  const parts = high.finish();
  const name = `yf-${def.key}`;
  const [glb, lowGlb] = await Promise.all([writeGlb(name, parts), writeGlb(`${name}-low`, low.finish())]);
  const coverSize = opts.coverSize ?? COVER_PX;
  const cover = coverSize > 0 ? renderCover(parts, { size: coverSize, shadow: def.mount === 'floor' }) : { width: 0, height: 0, rgb: new Uint8Array(0) };
  return {
    row: modelRow(def, id, high.triangles(), low.triangles(), plan),
    glb,
    lowGlb,
    cover,
    coverPng: cover.width > 0 ? encodePng(cover.width, cover.height, cover.rgb) : new Uint8Array(0),
  };
}

/**
 * Every row of the catalogue in id order, without drawing files (geometry only: a few seconds).
 * What a server seeds as rows; the files are drawn on first request by modelFile.
 */
export function modelRows(): ModelRow[] {
  return furnitureDefs().map((def, i) => {
    const high = new Model('high');
    const plan = def.build(high).symbol();
    const low = new Model('low');
    def.build(low);
    return modelRow(def, i + 1, high.triangles(), low.triangles(), plan);
  });
}

/** The files of a model: its GLB, its low-poly GLB and its cover (PNG). */
export type ModelFile = 'glb' | 'low' | 'cover';

let index: Map<string, { def: FurnitureDef; id: number }> | null = null;

/**
 * One file of the model `modelId` (`yf-<key>`), drawn from its generator; null when no model has
 * that id. The server's on-demand storage (like catalogue pictures in ../assets.ts) calls this
 * for a missing file and keeps the result.
 */
export async function modelFile(modelId: string, file: ModelFile): Promise<Uint8Array | null> {
  index ??= new Map(furnitureDefs().map((def, i) => [`yf-${def.key}`, { def, id: i + 1 }]));
  const hit = index.get(modelId);
  if (!hit) return null;
  const built = await buildModel(hit.def, hit.id, { coverSize: file === 'cover' ? COVER_PX : 0 });
  return file === 'glb' ? built.glb : file === 'low' ? built.lowGlb : built.coverPng;
}
