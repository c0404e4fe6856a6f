import { isBackupBaseMissing, type SceneVersion } from '../../api';
import { DEFAULT_BACKUP_INTERVAL_MS, USER_CONFIG_BACKUP_TIME_MS } from './constants';
import type { OfflineKind } from './offline-store';
import { takeSnapshot, type SceneSnapshot } from './offline';
import type { Clock } from './ports';
import { writeWithRetry } from './retry';
import { uploadPreviews, type SceneOpDeps } from './save';

// The timed backup (core.md §4 backup cycle): what changed since the acknowledged base goes to
// store-scene-backup as a delta (or the whole file when there is no base yet, or the server lost
// the base), and the stored version becomes the next base.

export type BackupSkipReason =
  /**
   * The scene was never saved: store-scene-backup files a backup under a scene id, and a new scene
   * has none. Its safety nets are the browser's copy (keepOffline), the hint to save
   * (unsaved-hint.ts) and the save itself.
   */
  | 'unsaved'
  /** a save, open or restore holds the kernel's files: the next interval tries again */
  | 'busy'
  /**
   * A 412 question is open. Its "save as a copy" acknowledges the refused save's file as the new
   * base, which is only right while no other payload was handed out since.
   */
  | 'conflict'
  /** 'backup task ended because of no change' */
  | 'no-change';

export type BackupOutcome =
  | { readonly kind: 'skipped'; readonly reason: BackupSkipReason }
  | { readonly kind: 'stored'; readonly version: SceneVersion; readonly sent: 'delta' | 'full' }
  | { readonly kind: 'failed'; readonly error: unknown };

export interface BackupDeps extends SceneOpDeps {
  readonly clock: Pick<Clock, 'now'>;
  /** the user config's backupMode 1: the scene's previews go with each backup */
  readonly withPreviews?: boolean;
  /**
   * The third tier (offline-store.ts): every timed backup is also kept in the browser, stored or
   * not, and so is the work of a scene never saved, which has no server backups. Its own failures
   * never fail the backup.
   */
  readonly keepOffline?: (kind: OfflineKind, snapshot: SceneSnapshot | null) => Promise<unknown>;
}

type BackupPreviews = { preview?: string; multiFloorImage?: string };

async function storeFull(deps: SceneOpDeps, sceneId: number, file: Uint8Array | string, previews: BackupPreviews): Promise<SceneVersion> {
  const { server } = deps;
  // Uploaded rather than inline: the whole scene travels as its (gzip) bytes.
  const uploaded = await server.upload('scene', file);
  return writeWithRetry(server.newKey, (key) => server.storeBackup({ sceneId, file: uploaded.url, ...previews }, key));
}

async function keep(deps: BackupDeps, kind: OfflineKind, snapshot: SceneSnapshot | null): Promise<void> {
  await deps.keepOffline?.(kind, snapshot).catch(() => undefined);
}

/** The copy (and previews) of what is on screen; a kernel that cannot give it leaves the backup without. */
function snapshotFor(deps: BackupDeps): Promise<SceneSnapshot | null> {
  if (!deps.keepOffline && !deps.withPreviews) return Promise.resolve(null);
  return takeSnapshot(deps.kernel, deps.state).catch(() => null);
}

export async function runBackup(deps: BackupDeps): Promise<BackupOutcome> {
  const { state, kernel, server, lock } = deps;
  if (!state.scene) {
    // No server backup without a scene id, but the browser keeps the work (the keeper decides
    // whether there is any). Under the lock, so a copy is never taken while a load replaces the scene.
    if (deps.keepOffline && !state.busy) await lock.tryRun(() => keep(deps, 'timed', null));
    return { kind: 'skipped', reason: 'unsaved' };
  }
  if (state.conflict) return { kind: 'skipped', reason: 'conflict' };
  if (state.busy) return { kind: 'skipped', reason: 'busy' };
  let snapshot: SceneSnapshot | null = null;
  try {
    const outcome = await lock.tryRun(async (): Promise<BackupOutcome> => {
      const scene = state.scene;
      if (!scene) return { kind: 'skipped', reason: 'unsaved' };
      const change = await kernel.backupDelta();
      if (change.kind === 'none') return { kind: 'skipped', reason: 'no-change' };
      snapshot = await snapshotFor(deps);
      const previews: BackupPreviews = deps.withPreviews && snapshot ? await uploadPreviews(server, snapshot.data) : {};
      let version: SceneVersion;
      let sent: 'delta' | 'full';
      if (change.kind === 'full') {
        version = await storeFull(deps, scene.id, change.file.gzip, previews);
        sent = 'full';
      } else {
        try {
          version = await writeWithRetry(server.newKey, (key) => server.storeBackup({ sceneId: scene.id, content: change.delta, ...previews }, key));
          sent = 'delta';
        } catch (e) {
          if (!isBackupBaseMissing(e)) throw e;
          // The base was trimmed (each list keeps 20) or belongs to another scene: send it all.
          // save() is the one call that hands out the whole file together with its checkpoint
          // (an edit landing between two calls would otherwise be in the file but not in the
          // base the kernel acknowledges). It also clears the kernel's dirty flag, which a backup
          // must not do: keep the work counted as unsaved (a false "unsaved" is the safe side).
          const file = await kernel.save();
          state.unconfirmedSave = true;
          version = await storeFull(deps, scene.id, file.gzip, previews);
          sent = 'full';
        }
      }
      await kernel.acknowledge(String(version.id));
      state.lastBackup = { at: deps.clock.now(), versionId: version.id };
      await keep(deps, 'timed', snapshot);
      return { kind: 'stored', version, sent };
    });
    return outcome ?? { kind: 'skipped', reason: 'busy' };
  } catch (error) {
    // The server did not take it: the browser's copy is all there is of this work now.
    await keep(deps, 'failed-backup', snapshot);
    return { kind: 'failed', error };
  }
}

/** The wait between backups from the user config (backupTime, ms); anything unusable is the default. */
export function backupIntervalFromConfig(config: { readonly backupTime?: unknown } | null | undefined): number {
  const v = Number(config?.backupTime);
  // Under a minute would back up on every breath; a typo like "600" (seconds) must not do that.
  return Number.isFinite(v) && v >= 60_000 && v <= 24 * 3_600_000 ? v : USER_CONFIG_BACKUP_TIME_MS;
}

export interface BackupTimerOptions {
  readonly clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
  /** one backup; the next wait starts when it has finished, so runs never overlap */
  readonly run: () => Promise<unknown>;
  /** the first wait after a start or a load (core.md §4: the default interval) */
  readonly firstDelayMs?: number;
  /** the later waits (the user config's backupTime) */
  readonly intervalMs?: number;
}

export interface BackupTimer {
  /** (Re)starts the cycle: the next backup runs after the first wait. */
  restart(): void;
  stop(): void;
  readonly running: boolean;
}

export function createBackupTimer(options: BackupTimerOptions): BackupTimer {
  const { clock, run } = options;
  const firstDelay = options.firstDelayMs ?? DEFAULT_BACKUP_INTERVAL_MS;
  const interval = options.intervalMs ?? USER_CONFIG_BACKUP_TIME_MS;
  let handle: unknown = null;
  // Bumped by restart/stop, so a run that finishes after them does not schedule a stale wait.
  let generation = 0;

  function schedule(delay: number, gen: number): void {
    handle = clock.setTimeout(() => {
      handle = null;
      void run()
        .catch(() => undefined)
        .then(() => {
          if (gen === generation) schedule(interval, gen);
        });
    }, delay);
  }

  function clear(): void {
    if (handle !== null) clock.clearTimeout(handle);
    handle = null;
  }

  return {
    restart() {
      clear();
      generation++;
      schedule(firstDelay, generation);
    },
    stop() {
      clear();
      generation++;
    },
    get running() {
      return handle !== null;
    },
  };
}
