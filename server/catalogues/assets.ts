// Catalogue pictures: keys, URLs and drawing on demand. An item row holds the URLs of its
// pictures; the first request for one draws it from catalogue_assets (texture spec and size),
// stores it through FileStorage and serves the stored copy from then on. Seeding therefore only
// writes rows (fast), and every process behind a load balancer can draw any missing picture.
// ensureAsset also stores the seeded sample rooms' committed scene files (model-room-scenes.ts).
import type { Db } from '../db/types';
import type { FileStorage } from '../storage/types';
import { ensureMaterialFile, parseMaterialFileKey } from './materials/files';
import { ensureModelFile, parseModelFileKey } from './model-files';
import { modelRoomSceneSeed, storeModelRoomScene } from './model-room-scenes';
import { modelRoomCoverSeed, storeModelRoomCover } from './model-room-covers';
import { encodePng } from './png';
import { mixedLaying, renderTexture, sizeForAspect, thumbnail, downscale, type RgbImage, type TextureSpec } from './textures';

export const FILES_URL_PREFIX = '/files/';
/** Long side of the texture the editor maps onto a tile. */
export const TEXTURE_PX = 256;
export const BIG_PX = 512;
/** core.md §9: default image thumbnail 100 by 100. */
export const THUMB_PX = 100;

export type AssetVariant = 'main' | 'big' | 'thumb' | 'hunpu' | `v${number}`;

const SUFFIX_RE = /^(catalogue\/[A-Za-z0-9_/-]{1,200}?)(?:\.(big|thumb|hunpu|v[1-8]))?\.png$/;

export function assetKey(base: string, variant: AssetVariant = 'main'): string {
  return variant === 'main' ? `${base}.png` : `${base}.${variant}.png`;
}

export function assetUrl(base: string, variant: AssetVariant = 'main'): string {
  return FILES_URL_PREFIX + assetKey(base, variant);
}

export function parseAssetKey(key: string): { base: string; variant: AssetVariant } | null {
  const m = SUFFIX_RE.exec(key);
  if (!m) return null;
  return { base: m[1]!, variant: (m[2] ?? 'main') as AssetVariant };
}

export interface AssetRow {
  texture: TextureSpec;
  width_mm: number;
  height_mm: number;
  variants: number;
}

/** Colour variant k of a mixed-laying tile: other veins, and every second one with colours swapped. */
function variantSpec(spec: TextureSpec, k: number): TextureSpec {
  const seed = (spec.seed + k * 7919) >>> 0;
  return k % 2 === 0 ? { ...spec, seed, base: spec.accent, accent: spec.base } : { ...spec, seed };
}

function draw(row: AssetRow, spec: TextureSpec, longSide: number): RgbImage {
  const { width, height } = sizeForAspect(row.width_mm, row.height_mm, longSide);
  return renderTexture(spec, width, height);
}

/** The PNG of one variant, or null when the item has no such variant. */
export function renderAsset(row: AssetRow, variant: AssetVariant): Uint8Array | null {
  let image: RgbImage;
  if (variant === 'main') image = draw(row, row.texture, TEXTURE_PX);
  else if (variant === 'big') image = draw(row, row.texture, BIG_PX);
  else if (variant === 'thumb') image = thumbnail(draw(row, row.texture, TEXTURE_PX), THUMB_PX);
  else if (variant === 'hunpu') {
    if (row.variants < 1) return null;
    const tiles: RgbImage[] = [];
    for (let k = 1; k <= row.variants; k++) tiles.push(draw(row, variantSpec(row.texture, k), TEXTURE_PX / 2));
    const laid = mixedLaying(tiles, row.texture.seed);
    const fit = sizeForAspect(laid.width, laid.height, BIG_PX);
    image = fit.width < laid.width ? downscale(laid, fit.width, fit.height) : laid;
  } else {
    const k = Number(variant.slice(1));
    if (!Number.isInteger(k) || k < 1 || k > row.variants) return null;
    image = draw(row, variantSpec(row.texture, k), TEXTURE_PX);
  }
  return encodePng(image.width, image.height, image.rgb);
}

const inFlight = new Map<string, Promise<boolean>>();

async function drawAsset(db: Db, storage: FileStorage, key: string, parsed: { base: string; variant: AssetVariant }): Promise<boolean> {
  const rows = await db.query<AssetRow>('select texture, width_mm, height_mm, variants from catalogue_assets where base = $1', [parsed.base]);
  const row = rows[0];
  if (!row) return false;
  const png = renderAsset(row, parsed.variant);
  if (!png) return false;
  await storage.put(key, png, { contentType: 'image/png' });
  return true;
}

/**
 * Makes sure the file under `key` is in storage: a picture, drawn when its item exists, the cover
 * of a seeded sample room (its plan, model-room-covers.ts), or the scene file of a seeded sample room (catalogue/model-rooms/<seed key>.scene.json, read from the
 * committed file: model-room-scenes.ts). False when the key names neither (unknown base, variant
 * or seed). Model files (GLB, cover, plan) go to model-files.ts.
 */
export async function ensureAsset(db: Db, storage: FileStorage, key: string): Promise<boolean> {
  const modelKey = parseModelFileKey(key);
  if (modelKey) return ensureModelFile(db, storage, key, modelKey);
  const materialKey = parseMaterialFileKey(key);
  if (materialKey) return ensureMaterialFile(db, storage, key, materialKey);
  if (await storage.stat(key)) return true;
  const coverSeed = modelRoomCoverSeed(key);
  if (coverSeed !== null) {
    let drawing = inFlight.get(key);
    if (!drawing) {
      drawing = storeModelRoomCover(storage, key, coverSeed).finally(() => inFlight.delete(key));
      inFlight.set(key, drawing);
    }
    return drawing;
  }
  const sceneSeed = modelRoomSceneSeed(key);
  const parsed = parseAssetKey(key);
  if (sceneSeed === null && !parsed) return false;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = (sceneSeed !== null ? storeModelRoomScene(storage, key, sceneSeed) : drawAsset(db, storage, key, parsed!)).finally(() =>
      inFlight.delete(key),
    );
    inFlight.set(key, pending);
  }
  return pending;
}
