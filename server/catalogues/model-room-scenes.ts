// The scene files of the seeded sample rooms (样板间). They are made by the real kernel
// (`npm run catalogue:scenes`, scripts/model-room-scenes.ts: the server never imports the kernel)
// and committed under model-room-scenes/<seed key>.json. The first request for
// /files/catalogue/model-rooms/<seed key>.scene.json stores the file, gzip, through FileStorage
// (catalogues/assets.ts ensureAsset), and it is served from there like the catalogue's pictures:
// publicly, because public sample rooms are opened from every project.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FileStorage } from '../storage/types';
import { modelRoomSeeds } from './catalogue-data';

/** Where the committed scene files are: one `<seed key>.json` per sample-room seed. */
export const MODEL_ROOM_SCENES_DIR = fileURLToPath(new URL('./model-room-scenes/', import.meta.url));

const KEY_RE = /^catalogue\/model-rooms\/([A-Za-z0-9_-]{1,64})\.scene\.json$/;

/** The file of one seed inside MODEL_ROOM_SCENES_DIR. */
export function modelRoomSceneFileName(seedKey: string): string {
  return `${seedKey}.json`;
}

/** The storage key (and, after /files/, the address) of a seed's scene file. */
export function modelRoomSceneKey(seedKey: string): string {
  return `catalogue/model-rooms/${seedKey}.scene.json`;
}

/** The seed key a storage key names, when it names the scene file of a seeded sample room; else null. */
export function modelRoomSceneSeed(key: string): string | null {
  const m = KEY_RE.exec(key);
  if (!m) return null;
  const seedKey = m[1]!;
  return modelRoomSeeds().some((s) => s.key === seedKey) ? seedKey : null;
}

/**
 * Stores the committed scene file of the seed `key` names (the caller made sure it does), gzip.
 * Compressed here and stored as such, so every FileStorage keeps the same bytes.
 */
export async function storeModelRoomScene(storage: FileStorage, key: string, seedKey: string): Promise<boolean> {
  let json: Buffer;
  try {
    json = await readFile(path.join(MODEL_ROOM_SCENES_DIR, modelRoomSceneFileName(seedKey)));
  } catch {
    return false;
  }
  await storage.put(key, new Uint8Array(gzipSync(json, { level: 9 })), { contentType: 'application/json', gzip: true, preCompressed: true });
  return true;
}
