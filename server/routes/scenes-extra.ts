// The scene calls outside /meta20/x/scene: share codes (/meta20/scene-share), the /api reading of
// a scene (/api/admin/scene/{id}), the forced-logout auto save (/api/client/utility) and the
// scene files themselves (/files/scenes/..., and /files/share/<code>/... for a shared scene).
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { authenticate, requireAuth } from '../auth/middleware';
import { bearerToken } from '../auth/tokens';
import { ApiError, badRequest, codeEnvelope, errorResponse, ok, okData } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { parseJsonBytes, parseWith, readBodyBytes, readQuery } from '../http/input';
import { enforceRate, limitByAddress } from '../http/rate-limit';
import { RETCODE } from '../http/retcodes';
import { autoSave } from '../scenes/backups';
import { openSceneFile } from '../scenes/deltas';
import { isSceneFileKey } from '../scenes/files';
import { authenticateAutoSave } from '../scenes/grace';
import { actorOf, answerRet, idFrom, readInlineSceneBody } from '../scenes/http';
import { idempotencyScope } from '../scenes/idempotency';
import { AUTO_SAVE_BODY_LIMIT, INLINE_PREVIEW_MAX, SCENE_FILE_MAX_DEPTH } from '../scenes/limits';
import { scenePool } from '../scenes/scene-pool';
import { getScene, revokeShareCode, sceneByShareCode, shareCodeOf, sharedFileKey } from '../scenes/manage';
import type { FileStorage } from '../storage/types';
import { quotaOf } from '../storage/quota';
import type { SceneDeps } from '../scenes/write';
import { canonicalJson } from '../../protocol/scene-file';

const ID = z.union([z.number().int().min(1).max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9][0-9]{0,15}$/).transform(Number)]);

/**
 * POST /meta20/scene-share/create {sceneId}, POST /meta20/scene-share/revoke {sceneId} (the owner)
 * and GET /meta20/scene-share/get-by-share-code?shareCode= (public: whoever holds the code).
 */
export function sceneShareRoutes({ db, config, limits }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', codeEnvelope());
  const SceneIdBody = z.object({ sceneId: ID });

  routes.post('/create', requireAuth(db), async (c) => {
    const body = parseWith(SceneIdBody, parseJsonBytes(await readBodyBytes(c, config.jsonBodyLimit)));
    return okData(c, { sceneId: body.sceneId, shareCode: await shareCodeOf(db, actorOf(c), body.sceneId) });
  });

  routes.post('/revoke', requireAuth(db), async (c) => {
    const body = parseWith(SceneIdBody, parseJsonBytes(await readBodyBytes(c, config.jsonBodyLimit)));
    await revokeShareCode(db, actorOf(c), body.sceneId);
    return okData(c, { sceneId: body.sceneId, shareCode: null });
  });

  // No login needed: a session only decides whether a colleague of the same project gets the
  // whole scene; a missing, expired or foreign session gets the viewer's reduced answer, never a 401.
  routes.get('/get-by-share-code', limitByAddress(limits.share, config.trustProxy), async (c) => {
    const { shareCode } = readQuery(c, z.object({ shareCode: z.string().max(64) }));
    // Per code as well: everyone opening one link together, from however many addresses.
    enforceRate(limits.shareCode, shareCode.trim().toUpperCase());
    const found = await authenticate(db, c);
    const actor = found instanceof ApiError ? null : { projectCode: found.user.project_code, userId: found.user.id, isProjectAdmin: found.user.is_project_admin };
    return okData(c, await sceneByShareCode(db, actor, shareCode.trim().toUpperCase()));
  });
  return routes;
}

/**
 * GET /files/share/<code>/scene and /files/share/<code>/preview: the shared scene's current file
 * and preview, for anyone holding the code (no session). What they name changes with each save
 * and ends with a revoke, so answers are revalidated (no-cache) instead of kept as immutable.
 * Anything else, a revoked code included, is the same plain 404.
 */
export function sharedFileRoutes({ db, storage, logger, config, limits }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const notFound = (c: Context<AppEnv>) => c.text('Not found', 404);
  routes.use('*', limitByAddress(limits.share, config.trustProxy));
  routes.get('/:code/:which{scene|preview}', async (c) => {
    enforceRate(limits.shareCode, c.req.param('code').toUpperCase());
    const which = c.req.param('which') === 'scene' ? 'scene' : 'preview';
    const found = await sharedFileKey(db, c.req.param('code'), which);
    if (!found) return notFound(c);
    // the current version may be a delta save whose file is written on its first read
    const opened = await openSceneFile({ db, storage, logger }, found.key);
    if (!opened) return notFound(c);
    return streamFile(c, opened, found.contentType, {
      'Cache-Control': 'private, no-cache',
      ETag: `"${found.key.slice(found.key.lastIndexOf('/') + 1)}"`,
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Referrer-Policy': 'no-referrer',
    });
  });
  routes.all('*', notFound);
  return routes;
}

/** A stored file as an answer: gzip passes through to clients that accept it, else inflated on the fly. */
function streamFile(
  c: Context<AppEnv>,
  opened: NonNullable<Awaited<ReturnType<FileStorage['openRead']>>>,
  contentType: string,
  extra: Record<string, string>,
): Response {
  const headers = new Headers({ 'Content-Type': contentType, ...extra });
  let stream: Readable = opened.stream;
  if (opened.info.gzip) {
    headers.set('Vary', 'Accept-Encoding');
    if (/\bgzip\b/i.test(c.req.header('accept-encoding') ?? '')) {
      headers.set('Content-Encoding', 'gzip');
      headers.set('Content-Length', String(opened.info.size));
    } else {
      stream = stream.pipe(createGunzip());
    }
  } else {
    headers.set('Content-Length', String(opened.info.size));
  }
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status: 200, headers });
}

/** GET /api/admin/scene/{id}: the scene in the { retcode, retmsg, retdata } envelope. */
export function adminSceneRoutes({ db }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth(db));
  routes.get('/:id', async (c) => ok(c, await getScene(db, actorOf(c), idFrom(c.req.param('id')))));
  return routes;
}

const BIT = z.union([z.literal(0), z.literal(1), z.enum(['0', '1']).transform((s) => (s === '1' ? 1 : 0)), z.boolean().transform((b) => (b ? 1 : 0))]);

const AutoSaveBody = z.object({
  action: z.literal('auto_save_scene'),
  // 0, '' or missing: the scene was never saved
  fromSceneId: z.union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[0-9]{0,16}$/), z.null()]).optional(),
  token: z.string().max(256).optional(),
  clientId: z.union([z.string().max(128), z.number().finite()]).optional(),
  uuid: z.string().max(64).optional(),
  filecontnt: z.union([z.string().min(1), z.record(z.string(), z.unknown())]),
  isUseStackWall: BIT.optional(),
  previewcontent: z.string().max(Math.ceil((INLINE_PREVIEW_MAX * 4) / 3) + 64).optional(),
});

const DATA_URL = /^data:image\/(png|jpeg|jpg|webp);base64,/i;
const BASE64 = /^[A-Za-z0-9+/=\r\n]*$/;

function decodePreview(text: string | undefined): Uint8Array | null {
  if (!text) return null;
  const b64 = text.replace(DATA_URL, '');
  if (!BASE64.test(b64)) throw badRequest('previewcontent');
  const bytes = Buffer.from(b64, 'base64');
  return bytes.byteLength === 0 ? null : new Uint8Array(bytes);
}

const SCENE_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * POST /api/client/utility. Only auto_save_scene lives here; the session rules differ from every
 * other call (see scenes/grace.ts), so it checks the token itself instead of using requireAuth.
 */
export function clientUtilityRoutes({ db, storage, logger, config, limits }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const sd: SceneDeps = { db, storage, logger, quota: quotaOf(config) };

  // Up to AUTO_SAVE_BODY_LIMIT is read and parsed before the token is checked: per address first.
  routes.post('/', limitByAddress(limits.utility, config.trustProxy), async (c, next) => {
    const inline = await readInlineSceneBody(c, scenePool(config.sceneWorkers), AUTO_SAVE_BODY_LIMIT, {
      maxDepth: SCENE_FILE_MAX_DEPTH + 2,
      sceneField: 'filecontnt',
      onlyForAction: 'auto_save_scene',
    });
    const value = inline.value;
    const action = parseWith(z.object({ action: z.string().min(1).max(64) }), value).action;
    if (action !== 'auto_save_scene') {
      await next();
      if (c.get('unmatched')) {
        c.res = undefined;
        c.res = errorResponse(c, new ApiError(400, RETCODE.BAD_REQUEST, 'unknownAction', { action: action.slice(0, 64) }, { field: 'action' }));
      }
      return;
    }
    const body = parseWith(AutoSaveBody, value);
    const { auth, graceTokenHash } = await authenticateAutoSave(db, bearerToken(c.req.header('authorization')) ?? body.token ?? null);
    c.set('auth', auth);
    const from = body.fromSceneId === undefined || body.fromSceneId === null || body.fromSceneId === '' ? 0 : Number(body.fromSceneId);
    // always prepared by readInlineSceneBody (a non-empty string or an object); the fallback keeps the types honest
    const file = inline.scene ?? new TextEncoder().encode(typeof body.filecontnt === 'string' ? body.filecontnt : canonicalJson(body.filecontnt));
    const outcome = await autoSave(
      sd,
      actorOf(c),
      idempotencyScope(c, auth.user.id, inline.bytes, inline.fingerprint ?? undefined),
      {
        fromSceneId: from > 0 ? from : null,
        clientId: body.clientId === undefined ? '' : String(body.clientId),
        uuid: body.uuid && SCENE_CODE.test(body.uuid) ? body.uuid : crypto.randomUUID(),
        isUseStackWall: body.isUseStackWall ?? 0,
        file,
        preview: decodePreview(body.previewcontent),
      },
      graceTokenHash,
    );
    return answerRet(c, outcome);
  });
  return routes;
}

/**
 * GET /files/scenes/<project>/<uuid>.<ext>: a stored scene file, for the Bearer token or the login
 * cookie (an <img src> sends no header) of a user of the file's project; 404 for anyone else, as
 * for a file that does not exist. Streamed from storage; gzip passes through when accepted.
 */
export function sceneFileRoutes({ db, storage, logger }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const notFound = (c: Context<AppEnv>) => c.text('Not found', 404);

  routes.get('/*', requireAuth(db, { allowCookie: true }), async (c) => {
    const key = c.req.path.replace(/^\/files\//, '');
    if (!isSceneFileKey(key)) return notFound(c);
    const { user } = c.get('auth');
    const rows = await db.query<{ content_type: string }>('select content_type from scene_files where key = $1 and project_code = $2', [
      key,
      user.project_code,
    ]);
    const row = rows[0];
    if (!row) return notFound(c);
    // a delta version's file is written on its first read (docs/scenes.md "Delta saves")
    const opened = await openSceneFile({ db, storage, logger }, key);
    if (!opened) return notFound(c);
    return streamFile(c, opened, row.content_type, {
      // a key is a fresh uuid per write: what it names never changes
      'Cache-Control': 'private, max-age=31536000, immutable',
      ETag: `"${key.slice(key.lastIndexOf('/') + 1)}"`,
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
  });
  routes.all('*', notFound);
  return routes;
}
