// PGlite is one in-process PostgreSQL: two processes opening the same folder would corrupt it.
// A lock file holding the owner's pid refuses a second server on the same DATA_DIR; a lock left by
// a crashed process (its pid no longer alive) is taken over.
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export const LOCK_FILE_NAME = 'server.lock';

interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    readonly owner: LockOwner,
  ) {
    const where = owner.hostname === hostname() ? `pid ${owner.pid}` : `pid ${owner.pid} on host ${owner.hostname}`;
    super(
      `The data folder ${dataDir} is already in use by another server process (${where}, started ${owner.startedAt}). ` +
        `Stop that process, or start this one with another DATA_DIR. ` +
        `If you are sure no such process is running, delete ${lockFile}.`,
    );
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

function readOwner(file: string): LockOwner | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { pid, hostname: host, startedAt } = parsed as Record<string, unknown>;
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return null;
    return { pid, hostname: typeof host === 'string' ? host : '', startedAt: typeof startedAt === 'string' ? startedAt : '?' };
  } catch {
    return null;
  }
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStale(owner: LockOwner | null): boolean {
  if (!owner) return true; // unreadable: written by something else or truncated by a disk error
  // Another machine's pid cannot be checked from here (shared network folder): assume it is alive.
  if (owner.hostname && owner.hostname !== hostname()) return false;
  // Our own pid in the file means a previous run in a container that reuses pids (often pid 1).
  if (owner.pid === process.pid) return true;
  return !isProcessAlive(owner.pid);
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const owner: LockOwner = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() };
  // Write the full content aside, then link it into place: link() fails if the lock exists, so
  // taking the lock is atomic and nobody ever reads a half-written lock file.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(owner));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(temp, file);
        return {
          file,
          release() {
            if (readOwner(file)?.pid === process.pid) {
              try {
                unlinkSync(file);
              } catch {
                // already gone
              }
            }
          },
        };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const current = readOwner(file);
      if (!isStale(current)) throw new DataDirLockedError(dataDir, file, current as LockOwner);
      try {
        unlinkSync(file);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
    }
    throw new Error(`could not take the lock ${file}: it keeps changing hands`);
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // nothing to clean up
    }
  }
}
