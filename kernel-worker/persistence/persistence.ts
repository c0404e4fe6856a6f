import { KernelCommandError, toKernelError } from '../../protocol/errors';
import { RECORD_SCOPES, type SceneRecord } from '../../protocol/records';
import { canonicalJson, type BackupDeltaResult, type LoadResult, type SavedFileData, type SavedScene } from '../../protocol/scene-file';
import { string } from '../document/check';
import { SELECTION_ID, getMeta, getView, updateView } from '../document/session-records';
import { RecordValidationError } from '../document/validators';
import type { Kernel } from '../kernel';
import { createBackupTracker } from './backup-tracker';
import type { RecordMigration } from './migrations';
import { buildSceneFile, encodeSceneFile, parseSceneFile, sceneText } from './scene-codec';
import { savedFileData } from './saved-file-data';

// The kernel's file side: load, save, backup deltas and the saved-file data, on top of what the
// kernel lends it (PersistenceHost). Kept apart from the kernel so that the kernel knows nothing of
// files and this module nothing of commands, renderers or patches.

/** What persistence needs from the kernel. */
export type PersistenceHost = Pick<Kernel, 'records' | 'onCommit' | 'transact' | 'resetHistory' | 'markSaved' | 'setChangedSinceBackup'>;

export interface Persistence {
  load(file: unknown): LoadResult;
  save(): SavedScene;
  /** The file save() would write, leaving the saved flag and the backup checkpoint alone. */
  exportFile(): SavedScene;
  /** forSave: a delta handed out counts the scene as saved (a delta save), like save(). */
  backupDelta(forSave?: boolean): BackupDeltaResult;
  acknowledge(base: unknown): void;
  savedFileData(sceneCode?: unknown): SavedFileData;
  dispose(): void;
}

export interface PersistenceOptions {
  /** Tests count which migrations the fixtures exercise. */
  readonly onMigration?: (step: RecordMigration, type: string) => void;
}

const baseName = string({ pattern: /^[^\s]{1,200}$/ });
const sceneCodeCheck = string({ maxLength: 200 });

function isDocument(record: { readonly type: string }): boolean {
  return (RECORD_SCOPES as Record<string, string>)[record.type] === 'document';
}

export function createPersistence(host: PersistenceHost, options: PersistenceOptions = {}): Persistence {
  const records = host.records;
  const tracker = createBackupTracker(records, () => getMeta(records));
  // The kernel turns changedSinceBackup on with every document change by itself; only what the
  // tracker alone knows (a delta was acknowledged, edits were undone back to the base) is pushed.
  // Only on a flip: every report re-derives the UI snapshot.
  const tracked = <T>(fn: () => T): T => {
    const before = tracker.changed;
    const out = fn();
    if (tracker.changed !== before) host.setChangedSinceBackup(tracker.changed);
    return out;
  };
  const stop = host.onCommit((diff) => tracker.observe(diff));

  function replaceWith(loaded: readonly SceneRecord[]): void {
    const incoming = new Set(loaded.map((r) => r.id));
    host.transact('load', (tx) => {
      for (const r of tx.all()) if (isDocument(r) && !incoming.has(r.id)) tx.remove(r.id);
      for (const r of loaded) {
        // A file could carry an id the session records use; never let it replace them.
        if (tx.has(r.id) && !isDocument(tx.get(r.id)!)) throw new RecordValidationError(`${r.type} ${r.id}: id is taken by a session record`);
        tx.put(r);
      }
      // A new document: nothing of the old one stays selected, the camera goes back to the bird's
      // eye (core.md §4 "loading a new file ... resets the bird-eye view"; the renderer reframes it
      // at 100 %), the transparent-wall mode and its bar are left ("... hides the transparent-wall
      // bar") and material mode ends. The kernel then points the current storey at the lowest
      // one (repairSession).
      const selection = tx.getOfType(SELECTION_ID, 'selection');
      if (selection && selection.ids.length > 0) tx.put({ ...selection, ids: [] });
      const viewMode = getView(tx).viewMode === 3 ? 0 : getView(tx).viewMode;
      // plan null: the 2D plan frames the new house rather than where the old one was zoomed to.
      updateView(tx, { cameraView: 0, viewMode, materialMode: false, currentStoreyId: null, plan: null });
    });
  }

  return {
    load(file) {
      const parsed = parseSceneFile(sceneText(file), options.onMigration);
      try {
        // The store validates every record and every reference before anything is committed.
        replaceWith(parsed.records as unknown as SceneRecord[]);
      } catch (e) {
        // What fails in there is the file's records (the kernel reports it as COMMAND_FAILED).
        const error = toKernelError(e, 'load');
        throw error.code === 'COMMAND_FAILED' ? new KernelCommandError('BAD_FILE', 'load', error.detail) : error;
      }
      // Never undoable, even when the file equals the open scene and nothing was committed.
      host.resetHistory();
      tracker.reset();
      host.markSaved();
      host.setChangedSinceBackup(false);
      return { records: parsed.records.length, migrated: parsed.migrated };
    },

    save() {
      const out = encodeSceneFile(buildSceneFile(records.all()));
      tracker.checkpoint();
      host.markSaved();
      return out;
    },

    exportFile() {
      // A copy for the designer's disk: the server has not stored it, so the scene stays as
      // unsaved (or saved) as it was and the next backup delta still runs from the same base.
      return encodeSceneFile(buildSceneFile(records.all()));
    },

    backupDelta(forSave = false) {
      const out = tracked(() => tracker.take());
      if (forSave && out.kind === 'delta') host.markSaved();
      return out;
    },

    acknowledge(base) {
      const name = baseName(base, 'base');
      tracked(() => tracker.acknowledge(name));
    },

    savedFileData(sceneCode = '') {
      const code = sceneCodeCheck(sceneCode, 'sceneCode');
      return savedFileData(records, canonicalJson(buildSceneFile(records.all())), code);
    },

    dispose: stop,
  };
}
