// Storage quotas (docs/scenes.md "Storage quotas"). storage_usage (migration 41) holds the bytes
// each user of a project stores, kept exact by triggers; a write that would pass the user's or the
// project's quota is refused before anything is stored. Two writes at the same moment may both
// pass the check and overshoot by what they carry: the quota bounds growth, it is not a ledger.
import type { Db } from '../db/types';
import { ApiError } from '../http/envelope';
import { RETCODE } from '../http/retcodes';

export interface StorageQuota {
  /** bytes one user may store; 0 = no limit */
  userBytes: number;
  /** bytes one project (all its users) may store; 0 = no limit */
  projectBytes: number;
}

export interface StorageOwner {
  projectCode: string;
  userId: number;
}

export interface StorageUsage {
  /** bytes this user stores */
  userBytes: number;
  /** bytes the whole project stores */
  projectBytes: number;
}

const MiB = 1024 * 1024;

/** One read of the project's rows (one per user, on the primary key). */
export async function storageUsage(db: Db, owner: StorageOwner): Promise<StorageUsage> {
  const rows = await db.query<{ user_bytes: string | number | null; project_bytes: string | number | null }>(
    `select sum(bytes) filter (where user_id = $2) as user_bytes, sum(bytes) as project_bytes
     from storage_usage where project_code = $1`,
    [owner.projectCode, owner.userId],
  );
  const row = rows[0];
  return { userBytes: Number(row?.user_bytes ?? 0), projectBytes: Number(row?.project_bytes ?? 0) };
}

/** MB for a message, rounded up so that a few bytes never read as 0 MB. */
function mb(bytes: number): number {
  return Math.ceil(bytes / MiB);
}

/**
 * Refuses (HTTP 507, retcode STORAGE_QUOTA_EXCEEDED) a write of `incoming` bytes that would take
 * the user or the project past its quota. `incoming` 0 (a save of files already uploaded, a
 * streamed body without Content-Length) refuses only once usage is already past the quota.
 */
export async function assertStorageRoom(db: Db, quota: StorageQuota | undefined, owner: StorageOwner, incoming: number): Promise<void> {
  if (!quota || (quota.userBytes <= 0 && quota.projectBytes <= 0)) return;
  const usage = await storageUsage(db, owner);
  const size = Math.max(0, incoming);
  const over = (used: number, limit: number) => limit > 0 && used + size > limit;
  if (over(usage.userBytes, quota.userBytes)) {
    throw new ApiError(507, RETCODE.STORAGE_QUOTA_EXCEEDED, 'userStorageQuotaExceeded', { usedMb: mb(usage.userBytes), quotaMb: mb(quota.userBytes) }, {
      scope: 'user',
      used: usage.userBytes,
      quota: quota.userBytes,
      incoming: size,
    });
  }
  if (over(usage.projectBytes, quota.projectBytes)) {
    throw new ApiError(507, RETCODE.STORAGE_QUOTA_EXCEEDED, 'projectStorageQuotaExceeded', { usedMb: mb(usage.projectBytes), quotaMb: mb(quota.projectBytes) }, {
      scope: 'project',
      used: usage.projectBytes,
      quota: quota.projectBytes,
      incoming: size,
    });
  }
}

export function quotaOf(config: { userStorageQuotaBytes: number; projectStorageQuotaBytes: number }): StorageQuota {
  return { userBytes: config.userStorageQuotaBytes, projectBytes: config.projectStorageQuotaBytes };
}
