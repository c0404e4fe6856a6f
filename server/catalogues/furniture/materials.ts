// The furniture catalogue's PBR materials (metallic-roughness). Textured ones carry a procedural
// texture spec (textures.ts) drawn once per material and shared by every model that uses it, so
// the whole catalogue draws a few dozen small pictures. Texture sizes stay small (128-256 px):
// the patterns repeat across a piece (`metres` is the size of one repeat on the model).
import { encodePng } from '../png';
import { renderTexture, type RgbImage, type TextureSpec } from '../textures';

export interface MaterialDef {
  /** unique name, also the glTF material's name (per-part material replacement finds parts by it) */
  readonly key: string;
  /** '#rrggbb' (sRGB); the base colour factor when untextured, the cover's colour hint otherwise */
  readonly colour: string;
  readonly metallic: number;
  readonly roughness: number;
  readonly texture?: { readonly spec: TextureSpec; readonly px: number; readonly metres: number };
  /** below 1: blended (glass, shades) */
  readonly alpha?: number;
  readonly doubleSided?: boolean;
  /** '#rrggbb' glow of lamp shades and screens */
  readonly emissive?: string;
  /**
   * An uploaded model's decoded base colour texture (already tinted by its colour factor): the
   * cover samples it as it samples a generated texture (model-upload.ts).
   */
  readonly image?: RgbImage;
}

/** A texture seed from the material's name (FNV-1a), so adding a material changes no other picture. */
function seedOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function textured(
  key: string,
  pattern: TextureSpec['pattern'],
  base: string,
  accent: string,
  opts: { px?: number; metres?: number; metallic?: number; roughness?: number; extra?: string } = {},
): MaterialDef {
  const spec: TextureSpec = { pattern, seed: seedOf(key), base, accent, ...(opts.extra ? { extra: opts.extra } : {}) };
  return {
    key,
    colour: base,
    metallic: opts.metallic ?? 0,
    roughness: opts.roughness ?? 0.8,
    texture: { spec, px: opts.px ?? 128, metres: opts.metres ?? 0.5 },
  };
}

const plain = (key: string, colour: string, metallic: number, roughness: number, more: Partial<MaterialDef> = {}): MaterialDef => ({
  key,
  colour,
  metallic,
  roughness,
  ...more,
});

const twoSided = (...args: Parameters<typeof textured>): MaterialDef => ({ ...textured(...args), doubleSided: true });
const fabric = (key: string, base: string, accent: string) => textured(key, 'fabric', base, accent, { px: 128, metres: 0.12, roughness: 0.95 });
const leather = (key: string, base: string, accent: string) => textured(key, 'leather', base, accent, { px: 128, metres: 0.4, roughness: 0.55 });
const wood = (key: string, base: string, accent: string) => textured(key, 'wood', base, accent, { px: 256, metres: 0.8, roughness: 0.6 });
const marble = (key: string, base: string, accent: string, extra: string) =>
  textured(key, 'marble', base, accent, { px: 256, metres: 0.9, roughness: 0.25, extra });
const brushed = (key: string, base: string, accent: string, roughness: number) =>
  textured(key, 'brushed', base, accent, { px: 128, metres: 0.3, metallic: 1, roughness });

export const MATERIALS = {
  // upholstery
  linen: fabric('fabric_linen', '#d8cdb8', '#b9ab92'),
  greyFabric: fabric('fabric_grey', '#9a9a98', '#7d7d7c'),
  charcoal: fabric('fabric_charcoal', '#55575a', '#3e4043'),
  navy: fabric('fabric_navy', '#2f3d5c', '#243049'),
  olive: fabric('fabric_olive', '#7a7c4f', '#62643d'),
  terracotta: fabric('fabric_terracotta', '#b4694a', '#95523a'),
  boucle: fabric('fabric_boucle', '#efe9dd', '#d9d1c1'),
  mustard: fabric('fabric_mustard', '#c99a3a', '#a97d2a'),
  velvetGreen: fabric('fabric_velvet_green', '#2f5a4a', '#244738'),
  blush: fabric('fabric_blush', '#d9aea3', '#c3958a'),
  cognac: leather('leather_cognac', '#9a5a2e', '#6e3c1c'),
  blackLeather: leather('leather_black', '#2a2a2c', '#151517'),
  whiteLeather: leather('leather_white', '#ece8e1', '#cfc8bd'),
  // wood
  oak: wood('wood_oak', '#c9a478', '#a77f55'),
  walnut: wood('wood_walnut', '#6b4a33', '#4a3122'),
  ash: wood('wood_ash', '#e3d3bb', '#c7b394'),
  blackWood: wood('wood_black', '#2d2a28', '#1d1b1a'),
  teak: wood('wood_teak', '#a8703f', '#7e4f29'),
  cherry: wood('wood_cherry', '#8e4a31', '#6a3221'),
  // lacquer and laminate
  whiteLacquer: plain('lacquer_white', '#f1efea', 0, 0.35),
  greyLacquer: plain('lacquer_grey', '#8d9094', 0, 0.4),
  sageLacquer: plain('lacquer_sage', '#a7b29b', 0, 0.45),
  navyLacquer: plain('lacquer_navy', '#2e3a52', 0, 0.4),
  // stone
  carrara: marble('marble_carrara', '#eeeeec', '#8d9096', '#e2e3e4'),
  marquina: marble('marble_marquina', '#26272a', '#d8d8d6', '#35363a'),
  travertine: textured('stone_travertine', 'concrete', '#d9c9ab', '#bba785', { px: 128, metres: 0.8, roughness: 0.7 }),
  // metal
  steel: brushed('metal_steel', '#c4c6c9', '#a6a9ad', 0.35),
  blackMetal: plain('metal_black', '#1f2022', 1, 0.5),
  brass: brushed('metal_brass', '#c9a45a', '#a8843f', 0.3),
  chrome: plain('metal_chrome', '#e6e8ea', 1, 0.08),
  // ceramics, glass, plastics
  porcelain: plain('ceramic_white', '#f7f7f5', 0, 0.12),
  glass: plain('glass_clear', '#d8e8ec', 0, 0.05, { alpha: 0.3 }),
  frosted: plain('glass_frosted', '#eef3f4', 0, 0.4, { alpha: 0.6 }),
  mirror: plain('mirror', '#dfe4e6', 1, 0.02),
  blackGlass: plain('glass_black', '#111214', 0, 0.08),
  whitePlastic: plain('plastic_white', '#f2f2f0', 0, 0.5),
  darkPlastic: plain('plastic_dark', '#2b2c2e', 0, 0.5),
  rubber: plain('rubber_black', '#161616', 0, 0.9),
  // textiles and soft goods
  bedding: fabric('fabric_bedding', '#f4f2ee', '#e4e0d8'),
  beddingGrey: fabric('fabric_bedding_grey', '#c9ccd0', '#b3b7bc'),
  mattress: fabric('fabric_mattress', '#f0eee9', '#dedad2'),
  sheer: plain('fabric_sheer', '#f3f1ec', 0, 0.9, { alpha: 0.55, doubleSided: true }),
  curtainLinen: twoSided('fabric_curtain_linen', 'fabric', '#cfc4b0', '#b5a891', { px: 128, metres: 0.2, roughness: 0.95 }),
  curtainVelvet: twoSided('fabric_curtain_velvet', 'fabric', '#4a5a6e', '#3b4858', { px: 128, metres: 0.2, roughness: 0.95 }),
  curtainRust: twoSided('fabric_curtain_rust', 'fabric', '#a65a3a', '#8a4a30', { px: 128, metres: 0.2, roughness: 0.95 }),
  rugBeige: textured('rug_beige', 'rug', '#e4d8c3', '#8a6a4a', { px: 256, metres: 2, roughness: 1, extra: '#c2a57e' }),
  rugBlue: textured('rug_blue', 'rug', '#d7dbe0', '#2f4466', { px: 256, metres: 2, roughness: 1, extra: '#7b8fae' }),
  rugRed: textured('rug_red', 'rug', '#9b3b2f', '#2e2a3a', { px: 256, metres: 2, roughness: 1, extra: '#d4a35a' }),
  rugGrey: textured('rug_grey', 'rug', '#9ea0a2', '#4b4d50', { px: 256, metres: 2, roughness: 1, extra: '#cfd0d1' }),
  // lamps
  shade: plain('shade_paper', '#f6efe2', 0, 0.9, { emissive: '#3a3328', doubleSided: true }),
  shadeLinen: { ...textured('shade_linen', 'fabric', '#ece3d2', '#d9ccb5', { px: 128, metres: 0.15, roughness: 0.9 }), doubleSided: true },
  bulb: plain('bulb', '#fffbe8', 0, 0.2, { emissive: '#fff4d0' }),
  // plants and pots
  leaf: plain('leaf_green', '#3f6b35', 0, 0.6, { doubleSided: true }),
  leafLight: plain('leaf_light', '#6b8f3a', 0, 0.6, { doubleSided: true }),
  leafDark: plain('leaf_dark', '#2c4a2a', 0, 0.6, { doubleSided: true }),
  soil: plain('soil', '#3b2c21', 0, 1),
  trunk: wood('wood_trunk', '#6d5640', '#4e3c2b'),
  terracottaPot: plain('ceramic_terracotta', '#b86a45', 0, 0.8),
  stonewarePot: plain('ceramic_stoneware', '#d9d4ca', 0, 0.6),
  blackPot: plain('ceramic_black', '#2a2a2a', 0, 0.5),
  // appliances and screens
  screen: plain('screen', '#0e0f12', 0, 0.05, { emissive: '#05070a' }),
  enamelWhite: plain('enamel_white', '#f4f4f2', 0.1, 0.25),
  // decor
  canvasArt: textured('canvas_art', 'marble', '#e9dcc6', '#3f5a73', { px: 128, metres: 1, roughness: 0.9, extra: '#c9784a' }),
  books: textured('books', 'mosaic', '#8a3b2f', '#2f4a5c', { px: 128, metres: 0.4, roughness: 0.8, extra: '#d8c7a0' }),
} as const satisfies Record<string, MaterialDef>;

export type MaterialName = keyof typeof MATERIALS;

export interface MaterialImages {
  png: Uint8Array;
  image: RgbImage;
}

const imageCache = new Map<string, MaterialImages>();

/** The material's texture as PNG bytes and pixels, drawn once per process. */
export function materialImages(m: MaterialDef): MaterialImages | null {
  if (!m.texture) return null;
  let hit = imageCache.get(m.key);
  if (!hit) {
    const image = renderTexture(m.texture.spec, m.texture.px, m.texture.px);
    hit = { image, png: encodePng(image.width, image.height, image.rgb) };
    imageCache.set(m.key, hit);
  }
  return hit;
}

export function srgbToLinear(c: number): number {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
}
