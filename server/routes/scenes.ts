// /meta20/x/scene: scenes, their history lists, backups, labels and settings (core.md §7). Answers
// and errors are { code, msg, data }. Every route takes the tenant from the verified session and
// finds rows by tenant and id: another project's scene answers 404 like a missing one.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../auth/middleware';
import { ApiError, codeEnvelope, okData } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { parseWith, readBodyBytes, readQuery } from '../http/input';
import { RETCODE } from '../http/retcodes';
import { storeBackup } from '../scenes/backups';
import { fileUrl, putFloorList, putPreview, putRoomInfo, putSceneFile, recordFile, type StoredSceneFile } from '../scenes/files';
import { actorOf, answerData, idFrom, readInlineSceneBody, readOptionalBody, readWriteBody } from '../scenes/http';
import { idempotencyScope } from '../scenes/idempotency';
import { scenePool } from '../scenes/scene-pool';
import {
  AIR_CONDITIONER_MAX_BYTES,
  DELTA_BODY_LIMIT,
  HISTORY_PAGE_SIZE,
  INLINE_SCENE_BODY_LIMIT,
  LABEL_MAX_CHARS,
  LABELS_PER_SCENE,
  LIST_PAGE_SIZE,
  LIST_PAGE_SIZE_MAX,
  NAME_MAX_CHARS,
  SCENE_FILE_MAX_DEPTH,
  UPLOAD_LIMITS,
} from '../scenes/limits';
import {
  deepDelete,
  getAirConditioner,
  getScene,
  labelCounts,
  listScenes,
  LIST_ORDERS,
  LIST_SORTS,
  listVersions,
  putAirConditioner,
  removeLabel,
  renameLabel,
  renameScene,
  restoreDeleted,
  softDelete,
  writeLabels,
} from '../scenes/manage';
import type { VersionKind } from '../scenes/repo';
import { cloneScene, cloneToUnnamed, createScene, restoreVersion, saveScene } from '../scenes/saves';
import { maybeSweep } from '../scenes/sweep';
import { assertStorageRoom, quotaOf } from '../storage/quota';
import { ownerOf, type SceneDeps } from '../scenes/write';

const ID = z.union([z.number().int().min(1).max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9][0-9]{0,15}$/).transform(Number)]);
const FILE_REF = z.string().max(2048);
const BIT = z.union([
  z.literal(0),
  z.literal(1),
  z.boolean().transform((b) => (b ? 1 : 0)),
  z.enum(['0', '1']).transform((s) => (s === '1' ? 1 : 0)),
]);
const NAME = z.string().trim().min(1).max(NAME_MAX_CHARS);
const LABEL = z.string().trim().min(1).max(LABEL_MAX_CHARS);

const SceneFields = {
  name: NAME.optional(),
  area: z.number().finite().min(0).max(1e9).optional(),
  isUseStackWall: BIT.optional(),
  jsdUrl: z.string().max(2048).optional(),
  hasMeasuringSize: BIT.optional(),
  has_measuring_size: BIT.optional(),
  roomType: z.number().int().min(-1).max(1_000_000).optional(),
  customPreview: FILE_REF.nullable().optional(),
  /** the client (customer) the scheme belongs to; null unlinks it */
  clientId: ID.nullable().optional(),
};

const VersionFiles = {
  preview: FILE_REF.nullable().optional(),
  multiFloorImage: FILE_REF.nullable().optional(),
  roomInfoUrl: FILE_REF.nullable().optional(),
};

const CreateBody = z.object({
  ...SceneFields,
  ...VersionFiles,
  name: NAME,
  file: FILE_REF.min(1),
  uuid: z.string().max(64).optional(),
  fromSceneId: ID.optional(),
});

const SaveBody = z
  .object({
    ...SceneFields,
    ...VersionFiles,
    file: FILE_REF.min(1).optional(),
    /** a BackupDelta against a stored version of this scene (docs/scenes.md "Delta saves") */
    delta: z.unknown().optional(),
    baseVersion: z.number().int().min(1).max(2_147_483_647),
  })
  .refine((b) => b.file === undefined || b.delta === undefined, { path: ['delta'], message: 'file or delta, not both' });
/** A name and nothing else: a rename, which needs no baseVersion (docs/scenes.md). */
const RenameBody = z.object({ name: NAME }).strict();

const BackupBody = z
  .object({
    sceneId: ID,
    content: z.unknown().optional(),
    file: FILE_REF.min(1).optional(),
    ...VersionFiles,
  })
  .refine((b) => (b.content === undefined) !== (b.file === undefined), { path: ['content'], message: 'content or file, one of them' });

const RestoreVersionBody = z.object({ sceneId: ID, versionId: ID, baseVersion: z.number().int().min(1).max(2_147_483_647) });
const IdsBody = z.object({ ids: z.array(ID).min(1).max(200) });
const CloneBody = z.object({ name: NAME.optional() });
const CloneToUnnamedBody = z.object({ sceneList: z.array(ID).min(1).max(50) });
const LabelBody = z.union([
  z.object({ sceneId: ID, label: LABEL }),
  z.object({ sceneId: ID, labels: z.array(LABEL).max(LABELS_PER_SCENE) }),
]);
const UpdateLabelBody = z.union([
  z.object({ sceneId: ID, labels: z.array(LABEL).max(LABELS_PER_SCENE) }),
  z.object({ oldLabel: LABEL, newLabel: LABEL }),
]);
const RemoveLabelBody = z.object({ label: LABEL, sceneId: ID.optional() });
const AirConditionerBody = z.record(z.string(), z.unknown());

const PAGE_NUMBER = z.string().regex(/^[1-9][0-9]{0,5}$/).transform(Number);
const ListQuery = z.object({
  pageNumber: PAGE_NUMBER.optional(),
  pageSize: z.string().regex(/^[1-9][0-9]{0,2}$/).transform(Number).pipe(z.number().max(LIST_PAGE_SIZE_MAX)).optional(),
  keyword: z.string().max(100).optional(),
  label: z.string().max(LABEL_MAX_CHARS).optional(),
  deleted: z.enum(['0', '1', 'true', 'false']).optional(),
  clientId: z.string().regex(/^[1-9][0-9]{0,15}$/).transform(Number).optional(),
  sort: z.enum(LIST_SORTS).optional(),
  order: z.enum(LIST_ORDERS).optional(),
});
const HistoryQuery = z.object({
  sceneId: z.string().regex(/^[1-9][0-9]{0,15}$/).transform(Number),
  pageNumber: PAGE_NUMBER.optional(),
  pageSize: z.string().regex(/^[1-9][0-9]?$/).transform(Number).pipe(z.number().max(HISTORY_PAGE_SIZE)).optional(),
});
const UploadQuery = z.object({ kind: z.enum(['scene', 'preview', 'floors', 'roomInfo']) });

const BODY_LIMIT = 256 * 1024;

/** core.md §4 restore dialog tabs: manual save, timed backup, offline (auto) save. */
const HISTORY_LISTS: readonly (readonly [string, VersionKind])[] = [
  ['/get-history-list-by-scene-id', 'manual'],
  ['/get-back-up-list-by-scene-id', 'backup'],
  ['/get-auto-save-list-by-scene-id', 'auto'],
];

/**
 * The request body as a Node stream. Under @hono/node-server that is the IncomingMessage itself:
 * the Request's web stream would wrap it in two more stream layers, each adding promises per chunk
 * to a 100 KB upload (app.request() in tests has no IncomingMessage and takes the web stream).
 */
function requestBodyStream(env: unknown, request: Request): Readable {
  const incoming = (env as { incoming?: unknown } | undefined)?.incoming;
  if (incoming instanceof Readable && !incoming.readableDidRead) return incoming;
  const body = request.body;
  if (!body) return Readable.from([]);
  return Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
}

export function sceneRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, storage, logger, config } = deps;
  const sd: SceneDeps = { db, storage, logger, quota: quotaOf(config) };
  const routes = new Hono<AppEnv>();
  routes.use('*', codeEnvelope());
  routes.use('*', requireAuth(db));

  routes.get('/', async (c) => {
    const q = readQuery(c, ListQuery);
    return okData(
      c,
      await listScenes(db, actorOf(c), {
        pageNumber: q.pageNumber ?? 1,
        pageSize: q.pageSize ?? LIST_PAGE_SIZE,
        keyword: q.keyword?.trim() || undefined,
        label: q.label?.trim() || undefined,
        deleted: q.deleted === '1' || q.deleted === 'true',
        clientId: q.clientId,
        sort: q.sort,
        order: q.order,
      }),
    );
  });

  routes.post('/', async (c) => {
    const { value, scope } = await readWriteBody(c, CreateBody, BODY_LIMIT);
    const hasMeasuringSize = value.hasMeasuringSize ?? value.has_measuring_size;
    return answerData(c, await createScene(sd, actorOf(c), scope, { ...value, hasMeasuringSize }));
  });

  // The body is the file itself, streamed to storage: scene JSON (plain or gzip), a preview image,
  // a floor-image list or a room-info list. The answer's url is what a save then names.
  routes.post('/upload', async (c) => {
    const { kind } = readQuery(c, UploadQuery);
    const actor = actorOf(c);
    const owner = ownerOf(actor);
    const limit = UPLOAD_LIMITS[kind];
    let file: StoredSceneFile;
    if (kind === 'scene') {
      const declared = c.req.header('content-length');
      if (declared !== undefined && Number(declared) > limit) throw new ApiError(413, RETCODE.PAYLOAD_TOO_LARGE, 'bodyTooLarge', { limit });
      const size = Number(declared ?? 0);
      await assertStorageRoom(db, sd.quota, owner, Number.isFinite(size) ? size : 0).catch((e: unknown) => {
        // refused unread, like a body too large: the rest of it is not worth receiving
        c.header('Connection', 'close');
        throw e;
      });
      const body = requestBodyStream(c.env, c.req.raw);
      try {
        file = await putSceneFile(storage, owner, body);
      } catch (e) {
        // Refused part way, the rest of the body stays unread (a bad file is not worth reading to
        // its end): this connection cannot carry another request, and the client should know.
        if (!body.readableEnded) c.header('Connection', 'close');
        throw e;
      }
      if (declared === undefined) {
        // a body of unknown length is checked once stored, and taken back when it does not fit
        const stored = file;
        await assertStorageRoom(db, sd.quota, owner, stored.size).catch(async (e: unknown) => {
          await storage.delete(stored.key);
          throw e;
        });
      }
    } else {
      const bytes = await readBodyBytes(c, limit);
      await assertStorageRoom(db, sd.quota, owner, bytes.byteLength);
      if (kind === 'preview') file = await putPreview(storage, owner, bytes, 'file');
      else if (kind === 'floors') file = await putFloorList(db, storage, owner, bytes, 'file');
      else file = await putRoomInfo(storage, owner, bytes, 'file');
    }
    try {
      await recordFile(db, owner, file, false);
    } catch (e) {
      await storage.delete(file.key);
      throw e;
    }
    maybeSweep(sd);
    return okData(c, { key: file.key, url: fileUrl(file.key), kind, size: file.size, contentRecords: file.contentRecords });
  });

  routes.get('/get-labels', async (c) => okData(c, await labelCounts(db, actorOf(c))));

  routes.post('/label', async (c) => {
    const { value } = await readWriteBody(c, LabelBody, BODY_LIMIT);
    const labels = 'label' in value ? [value.label] : value.labels;
    return okData(c, await writeLabels(db, actorOf(c), value.sceneId, labels, 'label' in value ? 'add' : 'set'));
  });

  routes.post('/update-label', async (c) => {
    const { value } = await readWriteBody(c, UpdateLabelBody, BODY_LIMIT);
    if ('sceneId' in value) return okData(c, await writeLabels(db, actorOf(c), value.sceneId, value.labels, 'set'));
    return okData(c, { renamed: await renameLabel(db, actorOf(c), value.oldLabel, value.newLabel) });
  });

  routes.post('/remove-label', async (c) => {
    const { value } = await readWriteBody(c, RemoveLabelBody, BODY_LIMIT);
    return okData(c, { removed: await removeLabel(db, actorOf(c), value.label, value.sceneId) });
  });

  for (const [path, kind] of HISTORY_LISTS) {
    routes.get(path, async (c) => {
      const q = readQuery(c, HistoryQuery);
      return okData(c, await listVersions(db, actorOf(c), q.sceneId, kind, q.pageNumber ?? 1, q.pageSize ?? HISTORY_PAGE_SIZE));
    });
  }

  routes.post('/store-scene-backup', async (c) => {
    const body = await readInlineSceneBody(c, scenePool(config.sceneWorkers), INLINE_SCENE_BODY_LIMIT, { maxDepth: SCENE_FILE_MAX_DEPTH + 2, sceneField: 'content' });
    const value = parseWith(BackupBody, body.value);
    const scope = idempotencyScope(c, c.get('auth').user.id, body.bytes, body.fingerprint ?? undefined);
    return answerData(c, await storeBackup(sd, actorOf(c), scope, { ...value, prepared: body.scene }));
  });

  routes.post('/restore-version', async (c) => {
    const { value, scope } = await readWriteBody(c, RestoreVersionBody, BODY_LIMIT);
    return answerData(c, await restoreVersion(sd, actorOf(c), scope, value.sceneId, value.versionId, value.baseVersion));
  });

  routes.post('/delete-scene-multi', async (c) => {
    const { value } = await readWriteBody(c, IdsBody, BODY_LIMIT);
    return okData(c, { ids: await softDelete(db, actorOf(c), value.ids) });
  });

  routes.post('/clone-to-unnamed', async (c) => {
    const { value, scope } = await readWriteBody(c, CloneToUnnamedBody, BODY_LIMIT);
    return answerData(c, await cloneToUnnamed(sd, actorOf(c), scope, value.sceneList));
  });

  routes.get('/air-conditioner/:id', async (c) => okData(c, await getAirConditioner(db, actorOf(c), idFrom(c.req.param('id')))));

  routes.put('/air-conditioner/:id', async (c) => {
    const id = idFrom(c.req.param('id'));
    const { value } = await readWriteBody(c, AirConditionerBody, AIR_CONDITIONER_MAX_BYTES);
    return okData(c, await putAirConditioner(db, actorOf(c), id, value));
  });

  routes.put('/restore-scene/:id', async (c) => okData(c, await restoreDeleted(db, actorOf(c), idFrom(c.req.param('id')))));

  routes.put('/clone/:id', async (c) => {
    const id = idFrom(c.req.param('id'));
    const { value, scope } = await readOptionalBody(c, CloneBody, BODY_LIMIT);
    return answerData(c, await cloneScene(sd, actorOf(c), scope, id, value.name));
  });

  routes.delete('/deep/:id', async (c) => okData(c, await deepDelete(sd, actorOf(c), idFrom(c.req.param('id')))));

  routes.get('/:id', async (c) => okData(c, await getScene(db, actorOf(c), idFrom(c.req.param('id')))));

  routes.put('/:id', async (c) => {
    const id = idFrom(c.req.param('id'));
    const { value: raw, scope } = await readWriteBody(c, z.unknown(), DELTA_BODY_LIMIT, { maxDepth: SCENE_FILE_MAX_DEPTH + 4 });
    const rename = RenameBody.safeParse(raw);
    if (rename.success) return okData(c, await renameScene(db, actorOf(c), id, rename.data.name));
    const value = parseWith(SaveBody, raw);
    const hasMeasuringSize = value.hasMeasuringSize ?? value.has_measuring_size;
    return answerData(c, await saveScene(sd, actorOf(c), scope, id, { ...value, hasMeasuringSize }));
  });

  routes.delete('/:id', async (c) => {
    const id = idFrom(c.req.param('id'));
    const actor = actorOf(c);
    await softDelete(db, actor, [id]);
    return okData(c, { id });
  });

  return routes;
}
