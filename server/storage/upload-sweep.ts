// Sweeps POST /api/static uploads nothing uses (docs/scenes.md "Storage quotas"). An upload holds
// no owner the server can see: a client keeps its address wherever it likes. So "in use" is
// decided from what could hold that address, erring on keeping:
// - a scene saved after the upload (any scene JSON, floor or room-info file of the project newer
//   than it): the address may be inside it, and scene files are too big to read here;
// - a row of the project's tables that keep client text (USING_TABLES) that contains it.
// An upload older than UNUSED_UPLOAD_TTL_MS with neither is deleted: row (the storage_usage
// trigger subtracts it) and bytes. An active project therefore keeps its uploads; what goes is
// what was abandoned, and the quota bounds the rest.
import type { Db } from '../db/types';
import type { Logger } from '../logger';
import type { FileStorage } from './types';

/** An upload is kept at least this long, used or not. */
export const UNUSED_UPLOAD_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Uploads deleted per sweep at most, so one sweep stays short. */
const SWEEP_BATCH = 500;

/**
 * Tables whose rows keep text a client wrote and may quote an upload's address, each with the
 * condition that picks the rows of the upload `u`'s project. A new place that keeps such text
 * is added here.
 */
const USING_TABLES: readonly string[] = [
  'select 1 from clients t where t.project_code = u.project_code and strpos(t::text, u.storage_key) > 0',
  'select 1 from house_types t where t.project_code = u.project_code and strpos(t::text, u.storage_key) > 0',
  `select 1 from user_preferences t join users w on w.id = t.user_id
     where w.project_code = u.project_code and strpos(t::text, u.storage_key) > 0`,
];

/** Deletes unused uploads created before `now - ttlMs`; answers how many. */
export async function sweepUnusedUploads(db: Db, storage: FileStorage, logger: Logger, now: Date = new Date(), ttlMs = UNUSED_UPLOAD_TTL_MS): Promise<number> {
  const cutoff = new Date(now.getTime() - ttlMs);
  const rows = await db.query<{ storage_key: string }>(
    `delete from uploads where id in (
       select u.id from uploads u
       where u.created_at < $1
         and not exists (select 1 from scene_files f
                         where f.project_code = u.project_code and f.created_at > u.created_at and f.kind <> 'preview')
         ${USING_TABLES.map((q) => `and not exists (${q})`).join('\n         ')}
       order by u.created_at
       limit ${SWEEP_BATCH})
     returning storage_key`,
    [cutoff.toISOString()],
  );
  for (const { storage_key: key } of rows) {
    try {
      await storage.delete(key);
    } catch (e) {
      logger.warn('could not delete an unused upload', { key, error: e });
    }
  }
  return rows.length;
}
