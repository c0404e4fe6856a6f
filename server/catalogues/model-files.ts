// The files of a catalogue model: its GLB, low-poly GLB, cover (PNG) and plan symbol (JSON), under
// /files/<file_base><suffix>. file_base holds the model version (catalogue/models/v<version>/<model_id>),
// so a URL names one version's bytes for ever and can be cached as immutable; a new version is a new
// URL. Like the catalogue pictures (assets.ts) nothing is drawn at seeding: the first request draws
// the file from the row's generator (furniture/catalogue.ts modelFile) and stores it through
// FileStorage, and every later request is served from storage.
import { gzipSync } from 'node:zlib';
import type { Db } from '../db/types';
import type { FileStorage } from '../storage/types';
import type { ModelFile } from './furniture/catalogue';

export type ModelFileKind = ModelFile | 'plan';

/** Suffix of each file after the base; the order matters to parsing ('.low.glb' before '.glb'). */
export const MODEL_FILE_SUFFIX: Readonly<Record<ModelFileKind, string>> = {
  low: '.low.glb',
  glb: '.glb',
  cover: '.png',
  plan: '.plan.json',
};

const KINDS = Object.keys(MODEL_FILE_SUFFIX) as ModelFileKind[];
const BASE_RE = /^catalogue\/(?:models|private\/[0-9a-f]{32}\/models)\/v[0-9]{1,7}\/[A-Za-z0-9_-]{1,64}$/;

/** The storage key base of a public model's files. */
export function publicModelFileBase(modelId: string, version: number): string {
  return `catalogue/models/v${version}/${modelId}`;
}

/**
 * The base of a brand or personal model's files: under a random folder, since <img> and the
 * kernel's loader cannot send the bearer token, so the URL is the capability (as private tiles).
 */
export function privateModelFileBase(folder: string, modelId: string, version: number): string {
  return `catalogue/private/${folder}/models/v${version}/${modelId}`;
}

/** The base and file a storage key names, when it names a model file; else null. */
export function parseModelFileKey(key: string): { base: string; kind: ModelFileKind } | null {
  for (const kind of KINDS) {
    const suffix = MODEL_FILE_SUFFIX[kind];
    if (!key.endsWith(suffix)) continue;
    const base = key.slice(0, -suffix.length);
    // '.low.glb' also ends with '.glb': a base with a dot is never valid, so the wrong split fails here
    return BASE_RE.test(base) ? { base, kind } : null;
  }
  return null;
}

export function modelFileUrl(base: string, kind: ModelFileKind): string {
  return `/files/${base}${MODEL_FILE_SUFFIX[kind]}`;
}

/** Model files are immutable: their URL changes with the model version. */
export const MODEL_FILE_CACHE = 'public, max-age=31536000, immutable';

const CONTENT_TYPE: Readonly<Record<ModelFileKind, string>> = {
  glb: 'model/gltf-binary',
  low: 'model/gltf-binary',
  cover: 'image/png',
  plan: 'application/json',
};

async function drawModelFile(db: Db, storage: FileStorage, key: string, base: string, kind: ModelFileKind): Promise<boolean> {
  const rows = await db.query<{ generator: string; plan: unknown }>(
    'select m.generator, p.plan from catalogue_models m left join catalogue_model_plans p on p.model_id = m.id where m.file_base = $1',
    [base],
  );
  const row = rows[0];
  if (!row) return false;
  let bytes: Uint8Array | null;
  if (kind === 'plan') bytes = new TextEncoder().encode(JSON.stringify(row.plan ?? { outlines: [], lines: [] }));
  // loaded on the first file drawn, so that starting the server does not load the generators
  else bytes = row.generator ? await (await import('./furniture/catalogue')).modelFile(row.generator, kind) : null;
  if (!bytes) return false;
  if (kind === 'cover') {
    await storage.put(key, bytes, { contentType: CONTENT_TYPE[kind] });
  } else {
    // GLB float arrays and JSON shrink by about half; clients that accept gzip get it as stored
    await storage.put(key, new Uint8Array(gzipSync(bytes)), { contentType: CONTENT_TYPE[kind], gzip: true, preCompressed: true });
  }
  return true;
}

const inFlight = new Map<string, Promise<boolean>>();

/**
 * Makes sure the model file under `key` is in storage, drawing it once however many requests ask
 * at the same time. False when no model row has that base, or an uploaded model lacks the file.
 */
export async function ensureModelFile(db: Db, storage: FileStorage, key: string, parsed: { base: string; kind: ModelFileKind }): Promise<boolean> {
  if (await storage.stat(key)) return true;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = drawModelFile(db, storage, key, parsed.base, parsed.kind).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}
