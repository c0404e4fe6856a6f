// The files of a material under /files/<file_base>.<kind>.<ext>: map (base-colour texture),
// normal, img (flat cover) and ball (sphere cover). file_base holds the version
// (catalogue/materials/v<version>/<material_id>), so the URLs are immutable. A public material's
// files are drawn on the first request from its definition (defs.ts) and kept in storage; an
// uploaded one's files are stored at upload.
import type { Db } from '../../db/types';
import type { FileStorage } from '../../storage/types';
import { encodePng } from '../png';
import { materialDef } from './defs';
import { drawBall, drawCover, drawMap, drawNormal } from './pictures';

export const MATERIAL_FILE_KINDS = ['map', 'normal', 'img', 'ball'] as const;
export type MaterialFileKind = (typeof MATERIAL_FILE_KINDS)[number];
export type ImageExt = 'png' | 'jpg';

const KEY_RE =
  /^(catalogue\/(?:materials|private\/[0-9a-f]{32}\/materials)\/v[0-9]{1,7}\/[A-Za-z0-9_-]{1,64})\.(map|normal|img|ball)\.(png|jpg)$/;

export function publicMaterialFileBase(materialId: string, version: number): string {
  return `catalogue/materials/v${version}/${materialId}`;
}

/** A tenant's or user's material: a random folder, since the URL is the capability (as private models). */
export function privateMaterialFileBase(folder: string, materialId: string, version: number): string {
  return `catalogue/private/${folder}/materials/v${version}/${materialId}`;
}

export function parseMaterialFileKey(key: string): { base: string; kind: MaterialFileKind; ext: ImageExt } | null {
  const m = KEY_RE.exec(key);
  return m ? { base: m[1]!, kind: m[2] as MaterialFileKind, ext: m[3] as ImageExt } : null;
}

export function materialFileKey(base: string, kind: MaterialFileKind, ext: ImageExt = 'png'): string {
  return `${base}.${kind}.${ext}`;
}

export function materialFileUrl(base: string, kind: MaterialFileKind, ext: ImageExt = 'png'): string {
  return `/files/${materialFileKey(base, kind, ext)}`;
}

/** The PNG of one picture of a public material; null when it has none of that kind. */
export function renderMaterialFile(generator: string, kind: MaterialFileKind): Uint8Array | null {
  const def = materialDef(generator);
  if (!def) return null;
  const map = drawMap(def.picture);
  let image;
  if (kind === 'map') image = map;
  else if (kind === 'normal') image = map && def.bump > 0 ? drawNormal(map, def.bump) : null;
  else if (kind === 'img') image = drawCover(def, map);
  else image = drawBall(def, map);
  return image ? encodePng(image.width, image.height, image.rgb) : null;
}

const inFlight = new Map<string, Promise<boolean>>();

/** Makes sure the material file under `key` is stored, drawing it once; false when no row names it. */
export async function ensureMaterialFile(
  db: Db,
  storage: FileStorage,
  key: string,
  parsed: { base: string; kind: MaterialFileKind; ext: ImageExt },
): Promise<boolean> {
  if (await storage.stat(key)) return true;
  if (parsed.ext !== 'png') return false;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = (async () => {
      const rows = await db.query<{ generator: string }>('select generator from catalogue_materials where file_base = $1', [parsed.base]);
      const generator = rows[0]?.generator;
      if (!generator) return false;
      const png = renderMaterialFile(generator, parsed.kind);
      if (!png) return false;
      await storage.put(key, png, { contentType: 'image/png' });
      return true;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}
