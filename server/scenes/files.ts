// The files of scenes: scene JSON (gzip on disk), previews, floor-image lists and room-info lists.
// Every file is written to storage first (atomically, under a fresh key) and recorded in
// scene_files; a save then claims it inside its transaction. A key is owned by exactly one
// version (or one scene's custom preview), so dropping that owner drops the file: no sharing, no
// reference counts. Restore and clone copy files instead of sharing them. The one exception is a
// checkpoint of delta versions (deltas.ts): it lives until the last version naming it is dropped.
import { randomUUID } from 'node:crypto';
import { createGunzip, gunzip as gunzipCallback, type Gunzip } from 'node:zlib';
import { z } from 'zod';
import type { Db } from '../db/types';
import { ApiError, badRequest } from '../http/envelope';
import { RETCODE } from '../http/retcodes';
import type { Logger } from '../logger';
import type { FileStorage } from '../storage/types';
import type { PreparedScene } from './inline-body';
import { SCENE_FILE_MAX_DEPTH, SCENE_FILE_MAX_INFLATED, SCENE_FILE_MAX_RATIO, SCENE_FILE_RATIO_FROM, UPLOAD_LIMITS } from './limits';
import { SceneScanError, SceneScanner, type SceneScanResult } from './scan';
import { SCENE_FILE_FORMAT } from '../../protocol/scene-file';

export type SceneFileKind = 'scene' | 'preview' | 'floors' | 'roomInfo';
export const SCENE_FILE_KINDS: readonly SceneFileKind[] = ['scene', 'preview', 'floors', 'roomInfo'];

/** Where a stored file is served: GET /files/<key> (Bearer token or the login cookie, same project). */
export const FILES_PREFIX = '/files/';

/** What an upload answers, and what a version row's files are made of. */
export interface StoredSceneFile {
  key: string;
  kind: SceneFileKind;
  contentType: string;
  /** bytes as stored */
  size: number;
  /** scene files: records that are content (0 = empty scene); null for other kinds */
  contentRecords: number | null;
  /** floor-image lists: the preview keys they point at */
  children: string[];
}

export interface FileOwner {
  projectCode: string;
  userId: number;
}

const KEY_SHAPE = /^scenes\/[A-Za-z0-9_-]{1,64}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(json|png|jpg|webp)$/;

export function isSceneFileKey(key: string): boolean {
  return KEY_SHAPE.test(key);
}

export function newKey(projectCode: string, extension: 'json' | 'png' | 'jpg' | 'webp'): string {
  return `scenes/${projectCode}/${randomUUID()}.${extension}`;
}

export function fileUrl(key: string | null | undefined): string {
  return key ? FILES_PREFIX + key : '';
}

/**
 * A file reference from a request body: the key itself, or any address of it (/files/<key>,
 * http://host/files/<key>?…), so the client can send back what it was given. null when it is not
 * one of ours.
 */
export function keyFromReference(ref: string): string | null {
  let path = ref.trim();
  const schemeMatch = /^[a-z][a-z0-9+.-]*:\/\/[^/]+(\/.*)?$/i.exec(path);
  if (schemeMatch) path = schemeMatch[1] ?? '';
  path = path.split(/[?#]/)[0] ?? '';
  if (path.startsWith(FILES_PREFIX)) path = path.slice(FILES_PREFIX.length);
  else if (path.startsWith('/')) return null;
  return isSceneFileKey(path) ? path : null;
}

// ---------------------------------------------------------------------------------------------
// Writing files

function tooLarge(limit: number): ApiError {
  return new ApiError(413, RETCODE.PAYLOAD_TOO_LARGE, 'bodyTooLarge', { limit });
}

/** A scene file past SCENE_FILE_MAX_INFLATED once inflated (or as sent, when plain). */
export function sceneTooLarge(): ApiError {
  return new ApiError(413, RETCODE.PAYLOAD_TOO_LARGE, 'sceneFileTooLarge', { limit: SCENE_FILE_MAX_INFLATED });
}

function ratioTooHigh(): ApiError {
  return new ApiError(413, RETCODE.PAYLOAD_TOO_LARGE, 'compressionRatioTooHigh', { limit: SCENE_FILE_MAX_RATIO });
}

/**
 * Bytes inflated from client gzip, process-wide: tests read it to see that a refused bomb stopped
 * near the cap instead of inflating to its end.
 */
let inflatedTotal = 0;
export function inflatedBytesSoFar(): number {
  return inflatedTotal;
}

/** The budget check of one gzip body: throws once the inflated size or the ratio is past its cap. */
export function checkInflated(inflated: number, compressed: number): void {
  if (inflated > SCENE_FILE_MAX_INFLATED) throw sceneTooLarge();
  if (inflated > SCENE_FILE_RATIO_FROM && inflated > compressed * SCENE_FILE_MAX_RATIO) throw ratioTooHigh();
}

/**
 * A stored scene file, inflated, for the server's own reads (resolving deltas and backups, house
 * types). Inflating stops at the cap, so a file stored before the cap existed cannot make a
 * reader inflate it without bound: it answers 413 instead.
 */
export async function readSceneFileBytes(storage: FileStorage, key: string): Promise<Uint8Array | null> {
  const opened = await storage.openRead(key);
  if (!opened) return null;
  const chunks: Buffer[] = [];
  let raw = 0;
  for await (const chunk of opened.stream as AsyncIterable<Buffer>) {
    raw += chunk.byteLength;
    if (raw > UPLOAD_LIMITS.scene) {
      opened.stream.destroy();
      throw sceneTooLarge();
    }
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  if (!opened.info.gzip) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const inflated = await new Promise<Buffer>((resolve, reject) => {
    gunzipCallback(bytes, { maxOutputLength: SCENE_FILE_MAX_INFLATED }, (e, out) => (e ? reject(e) : resolve(out)));
  }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ERR_BUFFER_TOO_LARGE') throw sceneTooLarge();
    throw e;
  });
  inflatedTotal += inflated.byteLength;
  return new Uint8Array(inflated.buffer, inflated.byteOffset, inflated.byteLength);
}

export function invalidFile(field: string, reason: string): ApiError {
  return new ApiError(400, RETCODE.SCENE_FILE_INVALID, 'sceneFileInvalid', { field }, { field, reason });
}

/**
 * Checks a scene file on its way to storage: the bytes are scanned as they pass (inflated on the
 * side when the body is gzip), and end() answers the scan or throws. Plain functions over the
 * chunks rather than Transform streams: an upload passed through several stream layers, each
 * costing promises and events per chunk on the one event loop that serves every request.
 */
// 64 KiB, a socket read's size: smaller slices made every chunk wait several times for zlib's
// thread and cost a full save a third of its throughput (bench server-pglite: 53 -> 80 saves/s).
// Size and ratio are still checked on every 256 KiB that comes out, and a bomb stops there.
const GUNZIP_SLICE = 64 * 1024;

class SceneInspector {
  private readonly scanner = new SceneScanner(SCENE_FILE_MAX_DEPTH);
  private readonly gunzip: Gunzip | null = null;
  private inflated = 0;
  private compressed = 0;
  private failure: Error | null = null;
  /** set once the whole file passed */
  result: SceneScanResult | null = null;

  constructor(
    private readonly field: string,
    readonly gzip: boolean,
  ) {
    if (gzip) {
      const gunzip = createGunzip({ chunkSize: 256 * 1024 });
      gunzip.on('data', (b: Buffer) => this.scan(b));
      gunzip.on('error', (e: Error) => {
        this.failure ??= new SceneScanError(`not valid gzip: ${e.message}`);
      });
      this.gunzip = gunzip;
    }
  }

  private scan(bytes: Uint8Array): void {
    if (this.failure) return;
    this.inflated += bytes.byteLength;
    if (this.gunzip) inflatedTotal += bytes.byteLength;
    try {
      // plain JSON is checked against the inflated cap too: it is what the file inflates to
      if (this.gunzip) checkInflated(this.inflated, this.compressed);
      else if (this.inflated > SCENE_FILE_MAX_INFLATED) throw sceneTooLarge();
      this.scanner.write(bytes);
    } catch (e) {
      this.failure = e instanceof Error ? e : new Error(String(e));
      this.gunzip?.destroy();
    }
  }

  /** Takes the next chunk of the body; throws once the file is known to be bad. */
  async write(chunk: Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    const gunzip = this.gunzip;
    if (!gunzip) {
      this.compressed += chunk.byteLength;
      this.scan(chunk);
    } else {
      // Fed in small slices, each counted as it goes in, so the ratio check compares what came
      // out with what went in so far (one large chunk of a bomb would otherwise count whole).
      for (let at = 0; at < chunk.byteLength && !this.failure; at += GUNZIP_SLICE) {
        const slice = chunk.subarray(at, at + GUNZIP_SLICE);
        this.compressed += slice.byteLength;
        if (!gunzip.write(slice)) {
          // Inflating runs on the thread pool: wait for it to catch up (or to fail) before reading on.
          await new Promise<void>((resolve) => {
            const done = () => {
              gunzip.off('drain', done);
              gunzip.off('close', done);
              resolve();
            };
            gunzip.on('drain', done);
            gunzip.on('close', done);
          });
        }
      }
    }
    if (this.failure) throw this.failure;
  }

  /** After the last chunk: the scan of a complete, valid scene file, or the reason it is not one. */
  async end(): Promise<SceneScanResult> {
    const gunzip = this.gunzip;
    if (gunzip && !this.failure) {
      await new Promise<void>((resolve) => {
        gunzip.once('end', resolve);
        gunzip.once('close', resolve);
        gunzip.end();
      });
    }
    if (this.failure) throw this.failure;
    return checkScan(this.scanner.end(), this.field);
  }

  abort(): void {
    this.gunzip?.destroy();
  }
}

function checkScan(result: SceneScanResult, field: string): SceneScanResult {
  if (result.format !== SCENE_FILE_FORMAT) throw invalidFile(field, `"format" must be "${SCENE_FILE_FORMAT}"`);
  if (!result.hasRecords) throw invalidFile(field, '"records" is missing');
  return result;
}

function asApiError(e: unknown, field: string): unknown {
  if (e instanceof ApiError) return e;
  if (e instanceof SceneScanError) return invalidFile(field, e.message);
  return e;
}

/**
 * The body's chunks as storage writes them, each counted against the limit and inspected first;
 * after the last one the inspection must pass, or the write fails and nothing is stored. A body
 * refused part way is left unread, not destroyed, so the refusal can still reach the client.
 */
async function* inspected(first: Uint8Array, rest: AsyncIterator<Uint8Array>, inspector: SceneInspector, limit: number): AsyncGenerator<Uint8Array> {
  let seen = 0;
  let chunk = first;
  try {
    for (;;) {
      seen += chunk.byteLength;
      if (seen > limit) throw tooLarge(limit);
      await inspector.write(chunk);
      yield chunk;
      const next = await rest.next();
      if (next.done) break;
      chunk = next.value;
    }
    inspector.result = await inspector.end();
  } finally {
    inspector.abort();
  }
}

/**
 * Streams a scene file (plain JSON or gzip, sniffed from its first bytes) into storage, gzip on
 * disk, checking it on the way. Never holds the whole file.
 */
export async function putSceneFile(storage: FileStorage, owner: FileOwner, body: AsyncIterable<Uint8Array>, field = 'file'): Promise<StoredSceneFile> {
  const key = newKey(owner.projectCode, 'json');
  const rest = body[Symbol.asyncIterator]();
  // The storage compresses plain JSON and keeps gzip bodies as they are; which one is known only
  // from the first bytes.
  let first: Uint8Array | null = null;
  try {
    for (;;) {
      const next = await rest.next();
      if (next.done) break;
      if (next.value.byteLength > 0) {
        first = next.value;
        break;
      }
    }
  } catch (e) {
    throw asApiError(e, field);
  }
  if (!first) throw invalidFile(field, 'empty body');
  const gzip = first.length >= 2 && first[0] === 0x1f && first[1] === 0x8b;
  const inspector = new SceneInspector(field, gzip);
  let info;
  try {
    info = await storage.put(key, inspected(first, rest, inspector, UPLOAD_LIMITS.scene), { contentType: 'application/json', gzip: true, preCompressed: gzip });
  } catch (e) {
    throw asApiError(e, field);
  }
  const scan = inspector.result;
  if (!scan) throw invalidFile(field, 'empty body');
  return { key, kind: 'scene', contentType: 'application/json', size: info.size, contentRecords: scan.contentRecords, children: [] };
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/** Scene file text already in memory (inline bodies, resolved backup deltas). */
export async function putSceneJson(storage: FileStorage, owner: FileOwner, bytes: Uint8Array, field: string): Promise<StoredSceneFile> {
  return putSceneFile(storage, owner, once(bytes), field);
}

/**
 * A scene already made ready and scanned (inline-body.ts, maybe in a worker thread): stored as it
 * is, or refused as putSceneJson would refuse it.
 */
export async function putPreparedScene(storage: FileStorage, owner: FileOwner, scene: PreparedScene, field: string): Promise<StoredSceneFile> {
  if (!scene.ok) throw scene.tooLarge ? sceneTooLarge() : invalidFile(field, scene.reason);
  const key = newKey(owner.projectCode, 'json');
  const info = await storage.put(key, scene.bytes, { contentType: 'application/json', gzip: true });
  return { key, kind: 'scene', contentType: 'application/json', size: info.size, contentRecords: scene.contentRecords, children: [] };
}

const IMAGE_TYPES = [
  { ext: 'png', type: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], at: 0 },
  { ext: 'jpg', type: 'image/jpeg', magic: [0xff, 0xd8, 0xff], at: 0 },
  { ext: 'webp', type: 'image/webp', magic: [0x57, 0x45, 0x42, 0x50], at: 8 },
] as const;

function sniffImage(bytes: Uint8Array): (typeof IMAGE_TYPES)[number] | null {
  for (const t of IMAGE_TYPES) {
    if (bytes.length >= t.at + t.magic.length && t.magic.every((b, i) => bytes[t.at + i] === b)) {
      if (t.ext === 'webp' && !(bytes[0] === 0x52 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x46)) continue;
      return t;
    }
  }
  return null;
}

/** A preview image (PNG, JPEG or WebP, sniffed from its bytes), stored as it is. */
export async function putPreview(storage: FileStorage, owner: FileOwner, bytes: Uint8Array, field = 'preview'): Promise<StoredSceneFile> {
  if (bytes.byteLength > UPLOAD_LIMITS.preview) throw tooLarge(UPLOAD_LIMITS.preview);
  const image = sniffImage(bytes);
  if (!image) throw invalidFile(field, 'not a PNG, JPEG or WebP image');
  const key = newKey(owner.projectCode, image.ext);
  const info = await storage.put(key, bytes, { contentType: image.type });
  return { key, kind: 'preview', contentType: image.type, size: info.size, contentRecords: null, children: [] };
}

const FloorList = z
  .array(z.object({ layerIndex: z.number().int().min(-100).max(1000), preview: z.string().max(2048) }).loose())
  .max(200);

const RoomInfoList = z
  .array(
    z
      .object({
        type: z.union([z.number(), z.string().max(64)]).optional(),
        roomType: z.union([z.number(), z.string().max(64)]).optional(),
        area: z.number().finite().optional(),
        groundArea: z.number().finite().optional(),
        name: z.string().max(200).optional(),
      })
      .loose(),
  )
  .max(5000);

function parseSmallJson(bytes: Uint8Array, field: string): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw invalidFile(field, 'not JSON');
  }
}

/**
 * A floor-image list (core.md §3 multiFloorImage): [{ layerIndex, preview }], each preview an
 * uploaded preview of the same user. The list is stored with canonical /files/ addresses and owns
 * those previews (children).
 */
export async function putFloorList(db: Db, storage: FileStorage, owner: FileOwner, bytes: Uint8Array, field = 'multiFloorImage'): Promise<StoredSceneFile> {
  if (bytes.byteLength > UPLOAD_LIMITS.floors) throw tooLarge(UPLOAD_LIMITS.floors);
  const parsed = FloorList.safeParse(parseSmallJson(bytes, field));
  if (!parsed.success) throw invalidFile(field, 'expected [{ layerIndex, preview }]');
  const children: string[] = [];
  const floors = parsed.data.map((floor, index) => {
    const key = keyFromReference(floor.preview);
    if (!key) throw badRequest(`${field}.${index}.preview`);
    children.push(key);
    return { ...floor, preview: fileUrl(key) };
  });
  if (new Set(children).size !== children.length) throw badRequest(`${field}.preview`);
  if (children.length > 0) {
    const rows = await db.query<{ key: string }>(
      `select key from scene_files where key = any($1::text[]) and project_code = $2 and owner_id = $3 and kind = 'preview' and not claimed`,
      [children, owner.projectCode, owner.userId],
    );
    if (rows.length !== children.length) throw unavailable(`${field}.preview`);
  }
  const key = newKey(owner.projectCode, 'json');
  const info = await storage.put(key, Buffer.from(JSON.stringify(floors)), { contentType: 'application/json', gzip: true });
  return { key, kind: 'floors', contentType: 'application/json', size: info.size, contentRecords: null, children };
}

/** A room-info list (core.md §3 room info entries), stored gzip. */
export async function putRoomInfo(storage: FileStorage, owner: FileOwner, bytes: Uint8Array, field = 'roomInfoUrl'): Promise<StoredSceneFile> {
  if (bytes.byteLength > UPLOAD_LIMITS.roomInfo) throw tooLarge(UPLOAD_LIMITS.roomInfo);
  const parsed = RoomInfoList.safeParse(parseSmallJson(bytes, field));
  if (!parsed.success) throw invalidFile(field, 'expected [{ type, roomType, area, groundArea, name }]');
  const key = newKey(owner.projectCode, 'json');
  const info = await storage.put(key, Buffer.from(JSON.stringify(parsed.data)), { contentType: 'application/json', gzip: true });
  return { key, kind: 'roomInfo', contentType: 'application/json', size: info.size, contentRecords: null, children: [] };
}

// ---------------------------------------------------------------------------------------------
// Recording, claiming, copying and dropping

export function unavailable(field: string): ApiError {
  return new ApiError(400, RETCODE.SCENE_FILE_UNAVAILABLE, 'sceneFileUnavailable', { field }, { field });
}

/** Records a file written to storage; claimed=true when a save in the same transaction uses it. */
export async function recordFile(db: Db, owner: FileOwner, file: StoredSceneFile, claimed: boolean): Promise<void> {
  await db.query(
    `insert into scene_files (key, project_code, owner_id, kind, content_type, size, content_records, children, claimed)
     values ($1, $2, $3, $4, $5, $6, $7, $8::text[], $9)`,
    [file.key, owner.projectCode, owner.userId, file.kind, file.contentType, file.size, file.contentRecords, file.children, claimed],
  );
}

export interface Claimed {
  key: string;
  contentRecords: number | null;
}

/**
 * Takes an unclaimed upload of this user for a save (inside the save's transaction). A key that is
 * not this user's, of another kind, or already used by another save is refused naming the field.
 */
export async function claimFile(tx: Db, owner: FileOwner, ref: string, kind: SceneFileKind, field: string): Promise<Claimed> {
  const key = keyFromReference(ref);
  if (!key) throw badRequest(field);
  const rows = await tx.query<{ content_records: number | null; children: string[] }>(
    `update scene_files set claimed = true
     where key = $1 and project_code = $2 and owner_id = $3 and kind = $4 and not claimed
     returning content_records, children`,
    [key, owner.projectCode, owner.userId, kind],
  );
  const row = rows[0];
  if (!row) throw unavailable(field);
  if (row.children.length > 0) {
    const taken = await tx.query(
      `update scene_files set claimed = true where key = any($1::text[]) and project_code = $2 and not claimed returning key`,
      [row.children, owner.projectCode],
    );
    if (taken.length !== row.children.length) throw unavailable(`${field}.preview`);
  }
  return { key, contentRecords: row.content_records };
}

/**
 * Drops file rows (and the previews a floor list owns) inside a transaction and returns every key
 * whose bytes should be deleted once the transaction committed.
 */
export async function dropFileRows(tx: Db, keys: readonly (string | null)[]): Promise<string[]> {
  const wanted = keys.filter((k): k is string => typeof k === 'string');
  if (wanted.length === 0) return [];
  const dropped = await tx.query<{ key: string; children: string[] }>(
    'delete from scene_files where key = any($1::text[]) returning key, children',
    [wanted],
  );
  const children = dropped.flatMap((d) => d.children);
  const out = dropped.map((d) => d.key);
  if (children.length > 0) {
    const more = await tx.query<{ key: string }>('delete from scene_files where key = any($1::text[]) returning key', [children]);
    out.push(...more.map((m) => m.key));
  }
  return out;
}

/** Deletes stored bytes after a commit; a failure only leaves an orphan file behind, so it is logged, not thrown. */
export async function deleteStoredBytes(storage: FileStorage, logger: Logger, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (e) {
      logger.warn('could not delete a stored scene file', { key, error: e });
    }
  }
}

interface FileRow {
  key: string;
  kind: SceneFileKind;
  content_type: string;
  content_records: number | null;
  children: string[];
}

/**
 * Copies one stored file (and a floor list's previews, rewriting the list) to fresh keys for
 * another owner. Returns the new files, parent first; nothing is recorded in the database yet.
 */
export async function copyStoredFile(db: Db, storage: FileStorage, owner: FileOwner, key: string): Promise<StoredSceneFile[]> {
  const rows = await db.query<FileRow>('select key, kind, content_type, content_records, children from scene_files where key = $1', [key]);
  const row = rows[0];
  if (!row) throw new Error(`scene file ${key} has no row`);
  const extension = (/\.(json|png|jpg|webp)$/.exec(key)?.[1] ?? 'json') as 'json' | 'png' | 'jpg' | 'webp';
  if (row.kind !== 'floors' || row.children.length === 0) {
    const to = newKey(owner.projectCode, extension);
    const info = await storage.copy(key, to);
    if (!info) throw new Error(`scene file ${key} is missing from storage`);
    return [{ key: to, kind: row.kind, contentType: row.content_type, size: info.size, contentRecords: row.content_records, children: [] }];
  }
  const copies: StoredSceneFile[] = [];
  const renamed = new Map<string, string>();
  for (const child of row.children) {
    const [copy] = await copyStoredFile(db, storage, owner, child);
    if (!copy) continue;
    copies.push(copy);
    renamed.set(child, copy.key);
  }
  const text = await storage.read(key);
  if (!text) throw new Error(`scene file ${key} is missing from storage`);
  const floors = FloorList.parse(JSON.parse(new TextDecoder().decode(text)));
  const rewritten = floors.map((f) => {
    const old = keyFromReference(f.preview);
    const now = old ? renamed.get(old) : undefined;
    return now ? { ...f, preview: fileUrl(now) } : f;
  });
  const to = newKey(owner.projectCode, 'json');
  const info = await storage.put(to, Buffer.from(JSON.stringify(rewritten)), { contentType: 'application/json', gzip: true });
  return [{ key: to, kind: 'floors', contentType: 'application/json', size: info.size, contentRecords: null, children: copies.map((c) => c.key) }, ...copies];
}

/** Unclaimed uploads older than `olderThanMs`: rows dropped, bytes deleted. Returns how many. */
export async function sweepUnclaimed(db: Db, storage: FileStorage, logger: Logger, olderThanMs: number): Promise<number> {
  const rows = await db.query<{ key: string }>(
    `delete from scene_files f
     where not claimed and created_at < now() - ($1::bigint * interval '1 millisecond')
       and not exists (select 1 from scene_files p where p.claimed and f.key = any(p.children))
     returning key`,
    [olderThanMs],
  );
  await deleteStoredBytes(storage, logger, rows.map((r) => r.key));
  return rows.length;
}
