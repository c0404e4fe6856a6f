// Brand (BrandLib, per tenant) and personal (PersonLib, per user) models made from uploads: the
// catalogue row, the upload record and the files. The files sit under a random folder
// (privateModelFileBase), since <img> and the kernel's loader send no bearer token; the URL is the
// capability, as for private tiles. A new upload is a new model id and folder, so the URLs are
// immutable like the public catalogue's.
import { createHash, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Db } from '../db/types';
import { message } from '../messages';
import type { FileStorage } from '../storage/types';
import type { LibraryType } from './source-library';
import type { ModelMount } from './models';
import { MODEL_FILE_SUFFIX, privateModelFileBase, type ModelFileKind } from './model-files';
import type { ProcessedModel } from './model-upload';
import type { ModelRoomViewer } from './model-rooms';

export interface UploadMeta {
  readonly library: LibraryType;
  /** shown in the catalogue; the file name without its extension when not given */
  readonly name: string;
  readonly type: ModelMount;
  readonly originalName: string;
  readonly bytes: Uint8Array;
}

const CONTENT_TYPE: Readonly<Record<ModelFileKind, string>> = {
  glb: 'model/gltf-binary',
  low: 'model/gltf-binary',
  cover: 'image/png',
  plan: 'application/json',
};

async function putFile(storage: FileStorage, base: string, kind: ModelFileKind, bytes: Uint8Array): Promise<void> {
  const key = base + MODEL_FILE_SUFFIX[kind];
  if (kind === 'cover') await storage.put(key, bytes, { contentType: CONTENT_TYPE[kind] });
  // stored gzip as the public model files are (model-files.ts): GLB and JSON shrink by about half
  else await storage.put(key, new Uint8Array(gzipSync(bytes)), { contentType: CONTENT_TYPE[kind], gzip: true, preCompressed: true });
}

async function removeFiles(storage: FileStorage, base: string): Promise<void> {
  await Promise.all((Object.keys(MODEL_FILE_SUFFIX) as ModelFileKind[]).map((k) => storage.delete(base + MODEL_FILE_SUFFIX[k])));
}

/** Stores the files and the row; answers the new row id. Nothing is left behind when it fails. */
export async function storeUploadedModel(db: Db, storage: FileStorage, viewer: ModelRoomViewer, model: ProcessedModel, meta: UploadMeta): Promise<number> {
  const modelId = `up-${randomBytes(8).toString('hex')}`;
  const base = privateModelFileBase(randomBytes(16).toString('hex'), modelId, 1);
  try {
    await putFile(storage, base, 'glb', model.glb);
    if (model.lowGlb) await putFile(storage, base, 'low', model.lowGlb);
    await putFile(storage, base, 'cover', model.coverPng);
    await putFile(storage, base, 'plan', new TextEncoder().encode(JSON.stringify(model.plan)));
    return await db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        `insert into catalogue_models (model_id, model_version, name, name_en, category1, category_en, type, class,
           sizex, sizey, sizez, resizable, brand, is_use_low_gltf, triangles, low_triangles, generator, file_base,
           owner_project, owner_user_id, position)
         values ($1, 1, $2, $2, $3, $4::jsonb, $5, 'upload', $6, $7, $8, false, '', $9, $10, $11, '', $12, $13, $14, $15)
         returning id`,
        [
          modelId,
          meta.name,
          message('modelUploadCategory', 'zh'),
          JSON.stringify([message('modelUploadCategory', 'en')]),
          meta.type,
          model.sizex,
          model.sizey,
          model.sizez,
          model.lowGlb !== null,
          model.triangles,
          model.lowTriangles,
          base,
          viewer.project,
          meta.library === 'personal' ? viewer.userId : null,
          // newest first within the library: the list orders by position, then id
          -Math.floor(Date.now() / 1000),
        ],
      );
      const id = row!.id;
      await tx.query('insert into catalogue_model_plans (model_id, plan) values ($1, $2::jsonb)', [id, JSON.stringify(model.plan)]);
      await tx.query(
        `insert into model_uploads (model_id, user_id, original_name, format, size, sha256, unit_scale)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [id, viewer.userId, meta.originalName, model.format, meta.bytes.byteLength, createHash('sha256').update(meta.bytes).digest('hex'), model.scale],
      );
      return id;
    });
  } catch (e) {
    await removeFiles(storage, base).catch(() => undefined);
    throw e;
  }
}

export type DeleteOutcome = 'deleted' | 'notFound' | 'forbidden';

/**
 * Deletes an uploaded model: a personal one by its owner, a brand one by a project admin of its
 * project. Public and seeded models are not uploads and answer notFound, like another tenant's.
 */
export async function deleteUploadedModel(db: Db, viewer: ModelRoomViewer, id: number): Promise<DeleteOutcome> {
  const rows = await db.query<{ file_base: string; owner_user_id: number | null }>(
    `select m.file_base, m.owner_user_id from catalogue_models m join model_uploads u on u.model_id = m.id
      where m.id = $1 and m.owner_project = $2 and (m.owner_user_id is null or m.owner_user_id = $3)`,
    [id, viewer.project, viewer.userId],
  );
  const row = rows[0];
  if (!row) return 'notFound';
  if (row.owner_user_id === null && !viewer.isProjectAdmin) return 'forbidden';
  // The files stay: scenes that placed the model load it by its gltf_url, and deleting it from
  // the library must not break the designs that use it (no user work is lost). The random folder
  // keeps the URL unguessable, as before.
  await db.query('delete from catalogue_models where id = $1', [id]);
  return 'deleted';
}
