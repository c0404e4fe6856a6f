// A designer's own texture (MaterialLib PersonLib): a PNG or JPEG picture becomes a material of
// theirs. The picture is checked by its bytes (not its name), its pixel size read from the
// header (PNG IHDR, JPEG SOF) without decoding, and stored as sent: it is the material's map and
// its cover.
import { randomBytes } from 'node:crypto';
import { ApiError } from '../../http/envelope';
import { RETCODE } from '../../http/retcodes';
import type { Db } from '../../db/types';
import type { FileStorage } from '../../storage/types';
import type { Viewer } from '../tiles';
import type { MaterialCategory } from './defs';
import { materialFileKey, privateMaterialFileBase, type ImageExt } from './files';
import { getMaterial, insertMaterials, type MaterialItem } from './materials';

export const MATERIAL_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
/** Textures larger than this per side cost GPU memory without looking better at room scale. */
export const MATERIAL_UPLOAD_MAX_PX = 4096;
export const MATERIAL_UPLOAD_MIN_PX = 16;

export interface ImageInfo {
  ext: ImageExt;
  contentType: string;
  width: number;
  height: number;
}

function u16(b: Uint8Array, i: number): number {
  return (b[i]! << 8) | b[i + 1]!;
}

function u32(b: Uint8Array, i: number): number {
  return ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
}

/** The kind and pixel size of a PNG or JPEG; 'type' when it is neither, 'unreadable' when its header is broken. */
export function readImageInfo(b: Uint8Array): ImageInfo | 'type' | 'unreadable' {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((v, i) => b[i] === v)) {
    // the first chunk must be IHDR
    if (b.length < 24 || String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!) !== 'IHDR') return 'unreadable';
    return { ext: 'png', contentType: 'image/png', width: u32(b, 16), height: u32(b, 20) };
  }
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return 'unreadable';
      const marker = b[i + 1]!;
      if (marker === 0xff) {
        i++;
        continue;
      }
      // SOF0-SOF15 carry the size, except DHT (C4), JPG (C8) and DAC (CC)
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { ext: 'jpg', contentType: 'image/jpeg', width: u16(b, i + 7), height: u16(b, i + 5) };
      }
      if (marker === 0xd9 || marker === 0xda) return 'unreadable';
      i += 2 + u16(b, i + 2);
    }
    return 'unreadable';
  }
  return 'type';
}

/** The picture's kind and size; throws the refusal (zh/en message) of a picture that cannot be a texture. */
export function checkTexture(bytes: Uint8Array): ImageInfo {
  if (bytes.length > MATERIAL_UPLOAD_MAX_BYTES) {
    throw new ApiError(413, RETCODE.PAYLOAD_TOO_LARGE, 'materialUploadTooLarge', { limitMb: MATERIAL_UPLOAD_MAX_BYTES / (1024 * 1024) }, { field: 'file' });
  }
  const info = readImageInfo(bytes);
  if (info === 'type') throw new ApiError(400, RETCODE.BAD_REQUEST, 'materialUploadType', undefined, { field: 'file' });
  if (info === 'unreadable') throw new ApiError(400, RETCODE.BAD_REQUEST, 'materialUploadUnreadable', undefined, { field: 'file' });
  const { width, height } = info;
  if (width > MATERIAL_UPLOAD_MAX_PX || height > MATERIAL_UPLOAD_MAX_PX) {
    throw new ApiError(400, RETCODE.BAD_REQUEST, 'materialUploadPixelsTooLarge', { width, height, max: MATERIAL_UPLOAD_MAX_PX }, { field: 'file' });
  }
  if (width < MATERIAL_UPLOAD_MIN_PX || height < MATERIAL_UPLOAD_MIN_PX) {
    throw new ApiError(400, RETCODE.BAD_REQUEST, 'materialUploadPixelsTooSmall', { width, height, min: MATERIAL_UPLOAD_MIN_PX }, { field: 'file' });
  }
  return info;
}

export interface UploadedMaterial {
  name: string;
  category: MaterialCategory;
  tileMm: number;
  roughness: number;
}

/** Stores the picture and adds the viewer's material; answers it as the library lists it. */
export async function createUploadedMaterial(
  db: Db,
  storage: FileStorage,
  viewer: Viewer,
  bytes: Uint8Array,
  info: ImageInfo,
  m: UploadedMaterial,
): Promise<MaterialItem> {
  const materialId = `up-${randomBytes(8).toString('hex')}`;
  const base = privateMaterialFileBase(randomBytes(16).toString('hex'), materialId, 1);
  // stored first: a row whose file is missing would list a broken picture
  await storage.put(materialFileKey(base, 'map', info.ext), bytes, { contentType: info.contentType });
  const [id] = await insertMaterials(db, [
    {
      material_id: materialId,
      name: m.name,
      name_en: m.name,
      category: m.category,
      // the picture carries the colour; white leaves it as it is
      colour: '#ffffff',
      roughness: m.roughness,
      metalness: 0,
      opacity: 1,
      tile_mm: m.tileMm,
      has_map: true,
      has_normal: false,
      map_ext: info.ext,
      generator: '',
      file_base: base,
      owner_project: viewer.project,
      owner_user_id: viewer.userId,
      position: 100_000,
    },
  ]);
  const item = id === undefined ? null : await getMaterial(db, viewer, id);
  if (!item) throw new Error('uploaded material row missing');
  return item;
}
