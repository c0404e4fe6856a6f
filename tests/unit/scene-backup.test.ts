import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackupDelta } from '../../protocol/scene-file';
import { backupIntervalFromConfig, createBackupTimer, runBackup } from '../../ui/scene/backup';
import { DEFAULT_BACKUP_INTERVAL_MS, UNSAVED_HINT_DELAY_MS, UNSAVED_HINT_DURATION_MS, USER_CONFIG_BACKUP_TIME_MS } from '../../ui/scene/constants';
import type { Clock } from '../../ui/scene/ports';
import { saveScene } from '../../ui/scene/save';
import { currentSceneOf } from '../../ui/scene/state';
import { createUnsavedHint } from '../../ui/scene/unsaved-hint';
import { makeDeps, networkError } from './scene-fakes';

const clock = { now: () => 1_700_000_000_000 };

function delta(base: string): BackupDelta {
  return { format: 'yfang-scene-delta', version: 2, base, put: [], patch: [{ id: 'w1', set: { height: 3000 } }], removed: [] };
}

function savedScene() {
  const deps = makeDeps();
  const scene = deps.server.seed('方案', 2);
  deps.state.scene = currentSceneOf(scene);
  deps.kernel.isDirty = false;
  return { deps: { ...deps, clock }, scene };
}

describe('runBackup', () => {
  it('skips a scene that was never saved without asking the kernel (no scene id to file it under)', async () => {
    const deps = { ...makeDeps(), clock };
    deps.kernel.backup = { kind: 'delta', delta: delta('1'), json: '{}' };
    expect(await runBackup(deps)).toEqual({ kind: 'skipped', reason: 'unsaved' });
    expect(deps.kernel.called('backupDelta')).toHaveLength(0);
    expect(deps.server.calls).toHaveLength(0);
  });

  it("ends with 'no change' when the kernel has nothing since the base", async () => {
    const { deps } = savedScene();
    expect(await runBackup(deps)).toEqual({ kind: 'skipped', reason: 'no-change' });
    expect(deps.server.calls).toHaveLength(0);
    expect(deps.kernel.acknowledged).toEqual([]);
  });

  it('sends the delta against the acknowledged base and acknowledges the stored version', async () => {
    const { deps, scene } = savedScene();
    const d = delta(String(scene.currentVersionId));
    deps.kernel.backup = { kind: 'delta', delta: d, json: JSON.stringify(d) };
    const outcome = await runBackup(deps);
    expect(outcome).toMatchObject({ kind: 'stored', sent: 'delta' });
    expect(deps.server.backups).toEqual([{ sceneId: scene.id, content: d, key: 'key-1' }]);
    const versionId = outcome.kind === 'stored' ? outcome.version.id : -1;
    expect(deps.kernel.acknowledged).toEqual([String(versionId)]);
    expect(deps.state.lastBackup).toEqual({ at: clock.now(), versionId });
    // A backup is not a save: the kernel's saved flag was not touched.
    expect(deps.kernel.called('save')).toHaveLength(0);
    expect(deps.state.unconfirmedSave).toBe(false);
  });

  it("uploads the whole file when the kernel has no base yet ('full')", async () => {
    const { deps, scene } = savedScene();
    deps.kernel.backup = { kind: 'full', file: deps.kernel.file };
    const outcome = await runBackup(deps);
    expect(outcome).toMatchObject({ kind: 'stored', sent: 'full' });
    expect(deps.server.called('upload')[0]!.args).toEqual(['scene', deps.kernel.file.gzip]);
    expect(deps.server.backups).toEqual([{ sceneId: scene.id, file: '/files/scenes/p/upload-1.scene', key: 'key-1' }]);
  });

  it('falls back to the full file when the server lost the base (20006), keeping the work unsaved', async () => {
    const { deps, scene } = savedScene();
    deps.kernel.backup = { kind: 'delta', delta: delta('gone'), json: '{}' };
    const outcome = await runBackup(deps);
    expect(outcome).toMatchObject({ kind: 'stored', sent: 'full' });
    expect(deps.server.backups).toEqual([{ sceneId: scene.id, file: '/files/scenes/p/upload-1.scene', key: 'key-2' }]);
    expect(deps.kernel.called('save')).toHaveLength(1);
    // save() cleared the kernel's flag; the session must not call the scene saved because of a backup.
    expect(deps.state.unconfirmedSave).toBe(true);
  });

  it('a failed store is a failure: nothing is acknowledged, so the next delta still covers it', async () => {
    const { deps } = savedScene();
    deps.kernel.backup = { kind: 'delta', delta: delta('1'), json: '{}' };
    deps.server.failNext.set('storeBackup', { error: networkError(), times: 2 });
    const outcome = await runBackup(deps);
    expect(outcome.kind).toBe('failed');
    // One retry with the same key, then it gives up.
    expect(deps.server.called('storeBackup').map((c) => c.args[1])).toEqual(['key-1', 'key-1']);
    expect(deps.kernel.acknowledged).toEqual([]);
    expect(deps.state.lastBackup).toBeNull();
  });

  it('waits out an open 412 question (its copy acknowledges the refused save)', async () => {
    const { deps, scene } = savedScene();
    deps.state.conflict = { sceneId: scene.id, sceneName: 'x', currentVersion: 3, baseVersion: 2, file: '/f', roomInfoUrl: null, area: 0, isUseStackWall: 0 };
    deps.kernel.backup = { kind: 'delta', delta: delta('1'), json: '{}' };
    expect(await runBackup(deps)).toEqual({ kind: 'skipped', reason: 'conflict' });
    expect(deps.kernel.called('backupDelta')).toHaveLength(0);
  });

  it('skips while a save holds the kernel files, and a save waits for a backup in flight', async () => {
    const { deps } = savedScene();
    // a delta no smaller than the file: the saves below send the file (save())
    deps.kernel.backup = { kind: 'delta', delta: delta('1'), json: ' '.repeat(1000) };
    const saving = saveScene(deps);
    expect(await runBackup(deps)).toEqual({ kind: 'skipped', reason: 'busy' });
    await saving;

    // The other way round: a backup is running when the user saves.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const original = deps.kernel.backupDelta.bind(deps.kernel);
    deps.kernel.backupDelta = async () => {
      await gate;
      return original();
    };
    const backingUp = runBackup(deps);
    const saved = saveScene(deps);
    await new Promise((r) => setTimeout(r, 10));
    // Still only the first save's file: the second save waits for the backup's acknowledge.
    expect(deps.kernel.called('save')).toHaveLength(1);
    release();
    await backingUp;
    expect((await saved).kind).toBe('saved');
    const order = deps.kernel.calls.map((c) => c.method).filter((m) => m === 'backupDelta' || m === 'save');
    expect(order.slice(-2)).toEqual(['backupDelta', 'save']);
  });
});

describe('backup timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const fakeClock: Pick<Clock, 'setTimeout' | 'clearTimeout'> = {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };

  it('first waits the default 300000 ms, then the user config backupTime (600000 ms)', async () => {
    const run = vi.fn(async () => undefined);
    const timer = createBackupTimer({ clock: fakeClock, run });
    timer.restart();
    await vi.advanceTimersByTimeAsync(DEFAULT_BACKUP_INTERVAL_MS - 1);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(USER_CONFIG_BACKUP_TIME_MS - 1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    timer.stop();
  });

  it('a restart (a scene was loaded) starts over with the first wait; stop ends it', async () => {
    const run = vi.fn(async () => undefined);
    const timer = createBackupTimer({ clock: fakeClock, run, firstDelayMs: 1000, intervalMs: 5000 });
    timer.restart();
    await vi.advanceTimersByTimeAsync(900);
    timer.restart();
    await vi.advanceTimersByTimeAsync(900);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(1);
    timer.stop();
    expect(timer.running).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('the next wait starts after a slow backup has finished, so runs never overlap', async () => {
    let active = 0;
    let maxActive = 0;
    const run = vi.fn(async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      await new Promise((r) => setTimeout(r, 3000));
      active--;
    });
    const timer = createBackupTimer({ clock: fakeClock, run, firstDelayMs: 1000, intervalMs: 1000 });
    timer.restart();
    await vi.advanceTimersByTimeAsync(1000 + 3000 + 1000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(maxActive).toBe(1);
    timer.stop();
  });

  it('a failing backup does not stop the cycle', async () => {
    const run = vi.fn(async () => {
      throw new Error('boom');
    });
    const timer = createBackupTimer({ clock: fakeClock, run, firstDelayMs: 10, intervalMs: 10 });
    timer.restart();
    await vi.advanceTimersByTimeAsync(35);
    expect(run).toHaveBeenCalledTimes(3);
    timer.stop();
  });

  it('reads backupTime from the user config, refusing unusable values', () => {
    expect(backupIntervalFromConfig(null)).toBe(600_000);
    expect(backupIntervalFromConfig({ backupTime: 900_000 })).toBe(900_000);
    expect(backupIntervalFromConfig({ backupTime: '1200000' })).toBe(1_200_000);
    expect(backupIntervalFromConfig({ backupTime: 600 })).toBe(600_000);
    expect(backupIntervalFromConfig({ backupTime: 'soon' })).toBe(600_000);
  });
});

describe('unsaved-scene hint', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const fakeClock: Pick<Clock, 'setTimeout' | 'clearTimeout'> = {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };

  it('hints after 180000 ms, for 8000 ms, while the scene is still unsaved', () => {
    const show = vi.fn();
    const hint = createUnsavedHint({ clock: fakeClock, isUnsaved: () => true, show });
    hint.start();
    vi.advanceTimersByTime(UNSAVED_HINT_DELAY_MS - 1);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledWith(UNSAVED_HINT_DURATION_MS);
    vi.advanceTimersByTime(UNSAVED_HINT_DELAY_MS * 3);
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('stays quiet for a scene saved meanwhile, and after cancel', () => {
    const show = vi.fn();
    let unsaved = true;
    const hint = createUnsavedHint({ clock: fakeClock, isUnsaved: () => unsaved, show });
    hint.start();
    unsaved = false;
    vi.advanceTimersByTime(UNSAVED_HINT_DELAY_MS);
    expect(show).not.toHaveBeenCalled();
    unsaved = true;
    hint.start();
    hint.cancel();
    vi.advanceTimersByTime(UNSAVED_HINT_DELAY_MS);
    expect(show).not.toHaveBeenCalled();
  });
});
