import { proxy, ref } from 'valtio/vanilla';
import { isApiError, sendEventLogs, type Scene, type SceneVersion } from '../../api';
import { version as appVersion } from '../../package.json';
import { api } from '../app/api';
import { onLoginFail, registerUnsavedWork } from '../auth/session';
import { readUser } from '../auth/storage';
import { needsAutoSave } from '../auth/session-rules';
import { execCommand, whenKernelReady } from '../kernel';
import { dismiss, notify } from '../notice';
import { backupIntervalFromConfig, createBackupTimer, runBackup, type BackupOutcome, type BackupTimer } from './backup';
import { DEFAULT_BACKUP_INTERVAL_MS, SCENE_ID_PARAM } from './constants';
import { autoSaveOnForcedLogout, once } from './forced-logout';
import { liveKernel, liveServer } from './live';
import { importLocalFile, type ImportOutcome } from './local-file';
import { failureText, sceneText, uploadFailureDetail } from './messages';
import { createOfflineKeeper, offlineKindForSave, offlineOffer, restoreOfflineCopy } from './offline';
import { createOfflineStore, offlineSceneKey, type OfflineEntry, type OfflineKind, type OfflineOwner, type OfflineStorePort } from './offline-store';
import { needsSavePrompt, openFileAsNewScene, openScene, sceneIdFromSearch, startNewScene, type OpenOutcome } from './open';
import { systemClock } from './ports';
import { restoreVersion } from './restore';
import { sessionForgets, sessionRenamed } from './scheme-list';
import { dismissConflict, saveConflictAsCopy, saveRequestStep, saveScene, type SaveOutcome, type SceneOpDeps } from './save';
import { createOpLock, hasUnsavedWork, resetSession, sceneSession } from './state';
import { createUnsavedHint, type UnsavedHint } from './unsaved-hint';
import { USER_CONFIG_KEY } from '../prefs/keys';
import type { NewSceneMeta } from '../../protocol/kernel-api';

// The browser's scene session: binds the pure steps (save, open, backup, restore, forced-logout
// auto save) to the kernel, the API client, the timers and the notices, and keeps the state of
// the workspace's scene dialogs. React components call the actions below and read sceneSession and
// sceneUi with useSnapshot.

/** Where a user config (catalogues.md user config: backupTime, backupMode) is kept in the browser. */
export { USER_CONFIG_KEY };
/** appid of the event log (catalogues.md §7) for reports from the design tool. */
const EVENT_LOG_APPID = 'design';

/**
 * What 新建方案 starts (issue 16): an empty scheme whose meta carries the house-type dialog's
 * defaults, or a copy of a stored house type's plan (its file, loaded as a never-saved scheme).
 */
export type NewSchemeStart =
  | { readonly kind: 'blank'; readonly meta: NewSceneMeta }
  | { readonly kind: 'house-type'; readonly name: string; readonly file: string };

/** What waits behind 保存提示: a stored scene to open, or a new scheme to start. */
export type PendingScene = Scene | NewSchemeStart;

export function isNewSchemeStart(target: PendingScene): target is NewSchemeStart {
  return 'kind' in target;
}

export interface SceneUiState {
  /** the name dialog of a first save; `then` is what to open once saved (保存提示 → save) */
  saveDialog: { open: boolean; then: PendingScene | null };
  /** 保存提示: the scene (or new scheme) the user asked for while the current one has rooms */
  openPrompt: PendingScene | null;
  /** 新建方案: the house-type dialog */
  newSchemeOpen: boolean;
  /** 我的方案 */
  listOpen: boolean;
  /** the restore-history-version dialog */
  historyOpen: boolean;
  /** 发现未保存的离线备份: a copy newer than what the server holds, offered once the scene is open */
  offlineOffer: OfflineEntry | null;
}

export const sceneUi = proxy<SceneUiState>({ saveDialog: { open: false, then: null }, openPrompt: null, newSchemeOpen: false, listOpen: false, historyOpen: false, offlineOffer: null });

const lock = createOpLock();
const deps: SceneOpDeps = { kernel: liveKernel, server: liveServer, state: sceneSession, lock };

let backupTimer: BackupTimer | null = null;
let unsavedHint: UnsavedHint | null = null;
/** the persistent "timed backup failed" notice, closed by the next successful save or backup */
let backupFailureNotice: number | null = null;

function readUserConfig(): { backupTime?: unknown; backupMode?: unknown } | null {
  try {
    const raw = localStorage.getItem(USER_CONFIG_KEY);
    const v: unknown = raw ? JSON.parse(raw) : null;
    return typeof v === 'object' && v !== null ? (v as { backupTime?: unknown; backupMode?: unknown }) : null;
  } catch {
    return null;
  }
}

// ---- the third tier: copies in the browser (offline.ts, offline-store.ts) ----

/** Opened on first use: a browser without IndexedDB (or with it blocked) just keeps no copies. */
let offlineStore: OfflineStorePort | null = null;
function store(): OfflineStorePort | null {
  if (!offlineStore && typeof indexedDB !== 'undefined') offlineStore = createOfflineStore();
  return offlineStore;
}

function offlineOwner(): OfflineOwner | null {
  const user = readUser();
  return user && user.id > 0 && user.project ? { userId: user.id, project: user.project } : null;
}

const noStore: OfflineStorePort = {
  put: async () => ({ stored: false, error: new Error('no IndexedDB'), dropped: 0 }),
  list: async () => [],
  dismiss: async () => undefined,
};

const keeper = createOfflineKeeper({
  kernel: liveKernel,
  state: sceneSession,
  store: {
    put: (copy) => (store() ?? noStore).put(copy),
    list: (key) => (store() ?? noStore).list(key),
    dismiss: (ids) => (store() ?? noStore).dismiss(ids),
  },
  owner: offlineOwner,
  clock: systemClock,
});

/** A full disk is said once a session: every later copy would only say it again. */
let quotaTold = false;

async function keepOffline(kind: OfflineKind, snapshot: Parameters<typeof keeper.keep>[1] = null): Promise<boolean> {
  try {
    const result = await keeper.keep(kind, snapshot);
    if (!result) return false;
    if (result.dropped > 0 && !quotaTold) {
      quotaTold = true;
      notify(result.stored ? sceneText.offlineQuotaDropped() : sceneText.offlineQuotaFull(), { kind: 'warning' });
    } else if (!result.stored) {
      console.error('[scene] offline copy not kept', result.error);
    }
    return result.stored;
  } catch (error) {
    console.error('[scene] offline copy not kept', error);
    return false;
  }
}

/** The copies of the open scene (or of the never-saved scene) for the restore dialog, newest first. */
export async function listOfflineCopies(sceneId: number | null): Promise<OfflineEntry[]> {
  const owner = offlineOwner();
  const s = store();
  return owner && s ? s.list(offlineSceneKey(owner, sceneId)) : [];
}

/** Looks for a copy to offer once a scene is open (or at a start with none). */
async function offerOffline(server: Scene | null): Promise<void> {
  try {
    const entries = await listOfflineCopies(server?.id ?? null);
    // The scene may have changed while IndexedDB answered.
    if ((sceneSession.scene?.id ?? null) !== (server?.id ?? null)) return;
    const offer = offlineOffer(entries, server);
    // Kept as it is (ref): a copy is megabytes of bytes the dialog only reads.
    sceneUi.offlineOffer = offer ? ref(offer) : null;
  } catch (error) {
    console.error('[scene] offline copies unreadable', error);
  }
}

async function dismissOffline(ids: readonly number[]): Promise<void> {
  await store()?.dismiss(ids).catch(() => undefined);
}

/** The offer's 忽略: the copy stays in 离线备份 but is not offered again. */
export function ignoreOfflineOffer(): void {
  const entry = sceneUi.offlineOffer;
  sceneUi.offlineOffer = null;
  if (entry) void dismissOffline([entry.id]);
}

/** The offer's 恢复, and 离线备份's 恢复: the copy goes on screen, unsaved until saved. */
export async function restoreOffline(entry: OfflineEntry | null): Promise<boolean> {
  if (!entry) {
    notify(sceneText.selectRecord(), { kind: 'warning' });
    return false;
  }
  const outcome = await restoreOfflineCopy(deps, entry);
  switch (outcome.kind) {
    case 'restored':
      if (sceneUi.offlineOffer?.id === entry.id) sceneUi.offlineOffer = null;
      void dismissOffline([entry.id]);
      clearBackupFailure();
      backupTimer?.restart();
      notify(sceneText.offlineRestored(), { kind: 'success' });
      return true;
    case 'busy':
      notify(sceneText.busy(), { kind: 'warning' });
      return false;
    case 'other-scene':
      sceneUi.offlineOffer = null;
      return true;
    case 'refused':
      notify(outcome.error.code === 'UNSUPPORTED_VERSION' ? sceneText.newerFile() : sceneText.badFile(), { kind: 'error' });
      return false;
    case 'failed':
      console.error('[scene] offline copy not loaded', outcome.error);
      notify(sceneText.openFailed(), { kind: 'error' });
      return false;
  }
}

/** A save that could not reach the server leaves the work in the browser, and says so. */
function keepFailedSave(outcome: SaveOutcome): void {
  const kind = offlineKindForSave(outcome);
  if (!kind) return;
  void keepOffline(kind).then((kept) => {
    if (kept) notify(sceneText.offlineSavedFailed(), { kind: 'info' });
  });
}

/** The tab is hidden or closing: one last copy, best effort (see README: the kernel answers asynchronously). */
function onPageHide(event: Event): void {
  if (event.type !== 'pagehide' && document.visibilityState !== 'hidden') return;
  if (!needsAutoSave({ contentRecords: liveKernel.contentRecords(), dirty: liveKernel.dirty(), unconfirmedSave: sceneSession.unconfirmedSave })) return;
  void keepOffline('unload');
}

function clearBackupFailure(): void {
  if (backupFailureNotice !== null) dismiss(backupFailureNotice);
  backupFailureNotice = null;
}

/** A stored scene is on screen now: the backup cycle starts over, the hint is moot. */
function sceneStored(scene: Scene): void {
  unsavedHint?.cancel();
  clearBackupFailure();
  // Reload-safe: the address names the scene (only on the workspace root, not over a child route).
  if (window.location.pathname === '/') {
    const url = new URL(window.location.href);
    url.searchParams.set(SCENE_ID_PARAM, String(scene.id));
    window.history.replaceState(window.history.state, '', url);
  }
}

function reportBackupError(error: unknown): void {
  const content = { message: failureText(error), sceneId: sceneSession.scene?.id ?? null };
  sendEventLogs(api, EVENT_LOG_APPID, [{ event: 'backup_error', content, appid: EVENT_LOG_APPID, env: import.meta.env.MODE, version: appVersion }]).catch(
    () => undefined,
  );
}

function showBackupOutcome(outcome: BackupOutcome): void {
  switch (outcome.kind) {
    case 'stored':
      clearBackupFailure();
      notify(sceneText.backedUp(), { kind: 'success' });
      return;
    case 'failed':
      backupFailureNotice = notify(sceneText.backupFailed(), { kind: 'error', duration: 0 });
      reportBackupError(outcome.error);
      return;
    case 'skipped':
      // A quiet note: nothing was wrong, there was just nothing to store.
      if (outcome.reason === 'no-change') notify(sceneText.backupNoChange(), { kind: 'info' });
      return;
  }
}

function showOpenOutcome(outcome: Exclude<OpenOutcome, { kind: 'opened' }>): void {
  switch (outcome.kind) {
    case 'busy':
      notify(sceneText.busy(), { kind: 'warning' });
      return;
    case 'fetch-failed':
      console.error('[scene] open failed', outcome.error);
      notify(sceneText.openFailed(), { kind: 'error' });
      return;
    case 'no-file':
      notify(sceneText.noFile(), { kind: 'error' });
      return;
    case 'refused':
      console.error('[scene] the kernel refused the file', outcome.error.code, outcome.error.detail);
      notify(outcome.error.code === 'UNSUPPORTED_VERSION' ? sceneText.newerFile() : sceneText.badFile(), { kind: 'error' });
      return;
    case 'failed':
      console.error('[scene] open failed', outcome.error);
      notify(sceneText.openFailed(), { kind: 'error' });
      return;
  }
}

/** Told of every confirmed save (the embed protocol's `saved` event, ui/embed/). */
const savedListeners = new Set<(scene: Scene) => void>();

export function onSceneSaved(listener: (scene: Scene) => void): () => void {
  savedListeners.add(listener);
  return () => void savedListeners.delete(listener);
}

function tellSaved(scene: Scene): void {
  for (const listener of [...savedListeners]) {
    try {
      listener(scene);
    } catch (error) {
      console.error('[scene] saved listener failed', error);
    }
  }
}

function showSaveOutcome(outcome: SaveOutcome): void {
  keepFailedSave(outcome);
  switch (outcome.kind) {
    case 'saved':
      tellSaved(outcome.scene);
      // The never-saved scene's copies are this scene's past now: no start offers them again.
      if (outcome.created) void listOfflineCopies(null).then((list) => dismissOffline(list.map((e) => e.id)));
      sceneStored(outcome.scene);
      notify(sceneText.saved(), { kind: 'success' });
      return;
    case 'empty':
      notify(sceneText.emptyScene(), { kind: 'warning' });
      return;
    case 'busy':
      notify(sceneText.busy(), { kind: 'warning' });
      return;
    case 'needs-name':
      sceneUi.saveDialog = { open: true, then: sceneUi.saveDialog.then };
      return;
    case 'conflict':
      // The dialog (SaveConflictDialog) reads sceneSession.conflict.
      return;
    case 'upload-failed':
      console.error('[scene] upload failed', outcome.error);
      notify(sceneText.uploadFailed(uploadFailureDetail(outcome.error)), { kind: 'error' });
      return;
    case 'failed':
      console.error('[scene] save failed', outcome.error);
      notify(sceneText.saveFailed(failureText(outcome.error)), { kind: 'error' });
      return;
  }
}

async function open(target: Scene | number): Promise<boolean> {
  return (await openWithOutcome(target)).kind === 'opened';
}

async function openWithOutcome(target: Scene | number): Promise<OpenOutcome> {
  const outcome = await openScene(deps, target);
  if (outcome.kind !== 'opened') {
    showOpenOutcome(outcome);
    return outcome;
  }
  sceneStored(outcome.scene);
  // core.md §4: after a load the first wait is the default interval.
  backupTimer?.restart();
  void offerOffline(outcome.scene);
  return outcome;
}

/** Starts a new scheme: the kernel holds it, the session forgets the stored scene, the save hint starts. */
async function startNew(start: NewSchemeStart): Promise<boolean> {
  if (start.kind === 'house-type') return openSceneFile(start.file);
  // A start that waited behind 保存提示 was kept in sceneUi, a valtio proxy, which the worker's
  // postMessage cannot clone: the kernel gets a plain copy.
  const meta = JSON.parse(JSON.stringify(start.meta)) as NewSceneMeta;
  const step = await startNewScene(deps, meta);
  if (!step.ok) {
    if (step.outcome.kind === 'busy') notify(sceneText.busy(), { kind: 'warning' });
    else {
      console.error('[scene] new scheme failed', step.outcome);
      notify(sceneText.newSchemeFailed(), { kind: 'error' });
    }
    return false;
  }
  sceneForgotten();
  unsavedHint?.start();
  return true;
}

/** What 保存提示 (or the first save's name dialog) was holding back. */
function proceed(target: PendingScene): Promise<boolean> {
  return isNewSchemeStart(target) ? startNew(target) : open(target);
}

/** The address no longer names a scene (a reload must not bring back the one replaced). */
function sceneForgotten(): void {
  clearBackupFailure();
  if (window.location.pathname === '/') {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(SCENE_ID_PARAM)) return;
    url.searchParams.delete(SCENE_ID_PARAM);
    window.history.replaceState(window.history.state, '', url);
  }
}

// ---- actions ----

/** Opens a stored scene without asking (the caller has asked 保存提示 already, or had no need to). */
export function openStoredScene(target: Scene | number): Promise<boolean> {
  return open(target);
}

// ---- driven by a host page (ui/embed/): no 保存提示 to answer, so unsaved work is kept first ----

/** Keeps the work on screen as an offline copy when it is not stored (as leaving the page does); whether one was written. */
export async function keepUnsavedWork(): Promise<boolean> {
  if (!needsAutoSave({ contentRecords: liveKernel.contentRecords(), dirty: liveKernel.dirty(), unconfirmedSave: sceneSession.unconfirmedSave })) return false;
  return keepOffline('unload');
}

/** Opens a stored scene by id for the host, saying how it went (the notices are shown as for 我的方案). */
export function openStoredSceneOutcome(id: number): Promise<OpenOutcome> {
  return openWithOutcome(id);
}

/** Replaces the scene by an empty, never-saved scheme (the host's close and quick room). */
export function startBlankScheme(): Promise<boolean> {
  return startNew({ kind: 'blank', meta: {} });
}

/** Loads a file as a new, never-saved scene (a sample room's): 未保存方案, reminded to save like a fresh one. */
export async function openSceneFile(url: string): Promise<boolean> {
  const step = await openFileAsNewScene(deps, url);
  if (!step.ok) {
    if (step.outcome.kind !== 'opened') showOpenOutcome(step.outcome);
    return false;
  }
  sceneForgotten();
  unsavedHint?.start();
  return true;
}

/** 导入本地文件 (local-file-actions.ts): the file becomes a new, never-saved scheme, reminded to save like one. */
export async function importLocalBytes(bytes: Uint8Array): Promise<ImportOutcome> {
  const outcome = await importLocalFile(deps, bytes);
  if (outcome.kind === 'imported') {
    sceneForgotten();
    unsavedHint?.start();
  }
  return outcome;
}

/** 保存 / Ctrl+S: a scene saved before saves at once; a new one asks for its name first. */
export async function requestSave(): Promise<boolean> {
  // 保存 is live as soon as the worker answers; its starting room follows a moment later, and a
  // click in between must not find the scene empty.
  await whenKernelReady()?.catch(() => undefined);
  const step = saveRequestStep(sceneSession, liveKernel);
  if (step === 'empty') {
    notify(sceneText.emptyScene(), { kind: 'warning' });
    return false;
  }
  if (step === 'ask-name') {
    sceneUi.saveDialog = { open: true, then: null };
    return false;
  }
  const outcome = await saveScene(deps);
  showSaveOutcome(outcome);
  return outcome.kind === 'saved';
}

/** Logout's "save first" waits for the name dialog of a new scene: true once saved, false when closed. */
let afterNameDialog: ((saved: boolean) => void) | null = null;

function settleNameDialog(saved: boolean): void {
  const settle = afterNameDialog;
  afterNameDialog = null;
  settle?.(saved);
}

/** The name dialog's 保存: the first save of a new scene, then the scene waiting to be opened, if any. */
export async function saveNewScene(name: string): Promise<boolean> {
  const then = sceneUi.saveDialog.then;
  const outcome = await saveScene(deps, { name });
  showSaveOutcome(outcome);
  if (outcome.kind !== 'saved') return false;
  sceneUi.saveDialog = { open: false, then: null };
  settleNameDialog(true);
  if (then) await proceed(then);
  return true;
}

export function closeSaveDialog(): void {
  sceneUi.saveDialog = { open: false, then: null };
  settleNameDialog(false);
}

/** Logout's 保存并退出: the save of 保存 / Ctrl+S, but answering only once it is confirmed or given up. */
async function saveForLogout(): Promise<boolean> {
  if (sceneSession.scene) {
    const outcome = await saveScene(deps);
    showSaveOutcome(outcome);
    return outcome.kind === 'saved';
  }
  settleNameDialog(false);
  const named = new Promise<boolean>((resolve) => (afterNameDialog = resolve));
  sceneUi.saveDialog = { open: true, then: null };
  return named;
}

/** A scene picked in 我的方案: core.md §4 asks 保存提示 first while the current scene has rooms. */
export async function requestOpen(scene: Scene): Promise<void> {
  sceneUi.listOpen = false;
  if (needsSavePrompt(liveKernel)) {
    sceneUi.openPrompt = scene;
    return;
  }
  await open(scene);
}

/**
 * 新建方案's 创建 (issue 16): work on screen that is not stored is asked about first (保存提示: save,
 * don't save, close), then the new scheme replaces it.
 */
export async function requestNewScheme(start: NewSchemeStart): Promise<boolean> {
  sceneUi.newSchemeOpen = false;
  if (needsSavePrompt(liveKernel) && hasUnsavedWork(sceneSession, liveKernel.dirty())) {
    sceneUi.openPrompt = start;
    return false;
  }
  return startNew(start);
}

/** 保存提示: save then load, load without saving, or close (nothing happens). */
export async function answerOpenPrompt(choice: 'save' | 'discard' | 'close'): Promise<void> {
  const target = sceneUi.openPrompt;
  sceneUi.openPrompt = null;
  if (!target || choice === 'close') return;
  if (choice === 'discard') {
    await proceed(target);
    return;
  }
  if (!sceneSession.scene) {
    sceneUi.saveDialog = { open: true, then: target };
    return;
  }
  const outcome = await saveScene(deps);
  showSaveOutcome(outcome);
  // Only a confirmed save may give way to another scene.
  if (outcome.kind === 'saved') await proceed(target);
}

/** 412 → 另存为副本: a new scene from the refused save's upload. */
export async function copyConflict(): Promise<void> {
  const conflict = sceneSession.conflict;
  if (!conflict) return;
  const outcome = await saveConflictAsCopy(deps, sceneText.copyName(conflict.sceneName));
  if (outcome.kind === 'saved') {
    tellSaved(outcome.scene);
    sceneStored(outcome.scene);
    backupTimer?.restart();
    notify(sceneText.saved(), { kind: 'success' });
  } else if (outcome.kind === 'busy') {
    notify(sceneText.busy(), { kind: 'warning' });
  } else {
    notify(sceneText.saveFailed(failureText(outcome.error)), { kind: 'error' });
  }
}

export function cancelConflict(): void {
  dismissConflict(sceneSession);
}

/** 我的方案 renamed a scheme: for the open one the title and the file's own name follow. */
export function schemeRenamed(scene: Pick<Scene, 'id' | 'name'>): void {
  if (!sessionRenamed(sceneSession, scene)) return;
  // The file carries the name too (a copy saved from it later is named by it). Failures are
  // reported by the kernel error listener; the stored name is right either way.
  if (liveKernel.metaName() !== scene.name) void execCommand('meta.update', { name: scene.name }).catch(() => undefined);
}

/** 我的方案 moved schemes to the recycle bin: if the open one went, the work stays as an unsaved scheme. */
export function schemesBinned(ids: readonly number[]): void {
  if (!sessionForgets(sceneSession, ids)) return;
  sceneForgotten();
  unsavedHint?.start();
}

export async function requestHistory(): Promise<void> {
  if (!sceneSession.scene) {
    // A scene never saved has no server history; its browser copies (an offer answered 忽略) do.
    const copies = await listOfflineCopies(null).catch(() => []);
    if (copies.length === 0 && !sceneSession.scene) {
      notify(sceneText.saveFirst(), { kind: 'warning' });
      return;
    }
  }
  sceneUi.historyOpen = true;
}

/** The restore dialog's 恢复; true when the dialog may close. */
export async function restore(version: SceneVersion | null): Promise<boolean> {
  const outcome = await restoreVersion(deps, version);
  switch (outcome.kind) {
    case 'restored':
      sceneStored(outcome.scene);
      backupTimer?.restart();
      notify(sceneText.restored(), { kind: 'success' });
      return true;
    case 'no-selection':
      notify(sceneText.selectRecord(), { kind: 'warning' });
      return false;
    case 'unsaved':
      notify(sceneText.saveFirst(), { kind: 'warning' });
      return false;
    case 'server-failed':
      notify(outcome.conflict ? sceneText.restoreConflict() : sceneText.restoreFailed(failureText(outcome.error)), { kind: 'error', duration: 0 });
      return true;
    default:
      showOpenOutcome(outcome);
      return false;
  }
}

// ---- lifetime ----

function closeDialogs(): void {
  settleNameDialog(false);
  Object.assign(sceneUi, { saveDialog: { open: false, then: null }, openPrompt: null, newSchemeOpen: false, listOpen: false, historyOpen: false, offlineOffer: null });
}

function onKeyDown(event: KeyboardEvent): void {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's') {
    // The browser's "save page as" would be the last thing a designer wants here.
    event.preventDefault();
    if (!event.repeat) void requestSave();
  }
}

/** core.md §4, forced logout elsewhere: the one automatic save, only of unsaved work. */
function autoSaveOnLoginFail(): () => void {
  const guard = once(async (token: string) => {
    backupTimer?.stop();
    unsavedHint?.cancel();
    // Nothing else can work on a revoked session; the indicator must not hide behind a dialog.
    closeDialogs();
    const outcome = await autoSaveOnForcedLogout(deps, token);
    if (outcome.kind === 'saved') notify(sceneText.autoSaved(), { kind: 'success' });
    else if (outcome.kind === 'failed') {
      console.error('[scene] auto save on forced logout failed', outcome.error);
      // 'auto save scheme error', or the server's own retmsg when it gave one.
      const detail = isApiError(outcome.error) ? outcome.error.serverMessage : '';
      notify(detail || sceneText.autoSaveFailed(), { kind: 'error' });
    }
  });
  return onLoginFail(({ elsewhere, token }) => {
    // A plain expiry stops the timers too: every later call would only fail the same way.
    if (!elsewhere) {
      backupTimer?.stop();
      unsavedHint?.cancel();
      return;
    }
    // Guarded against repeats: the login page is reached once, the save runs at most once.
    return guard.run(token);
  });
}

/** What logout asks about (core.md §4): work on screen that is not stored, and how to store it. */
function unsavedWorkPort(): () => void {
  return registerUnsavedWork({
    hasUnsavedWork: () =>
      needsAutoSave({ contentRecords: liveKernel.contentRecords(), dirty: liveKernel.dirty(), unconfirmedSave: sceneSession.unconfirmedSave }),
    save: () => saveForLogout(),
  });
}

/**
 * Ties the scene session to the workspace's lifetime (HomeScreen): a fresh session for the fresh
 * kernel, ?sceneId= opened directly, the backup cycle, the unsaved hint, Ctrl+S and the forced-logout
 * auto save. Deferred by a task so that React StrictMode's mount-unmount-mount starts it once.
 */
export function attachSceneSession(): () => void {
  let detached = false;
  const cleanups: (() => void)[] = [];
  const start = () => {
    const timer = createBackupTimer({
      clock: systemClock,
      firstDelayMs: DEFAULT_BACKUP_INTERVAL_MS,
      intervalMs: backupIntervalFromConfig(readUserConfig()),
      run: async () =>
        showBackupOutcome(
          await runBackup({
            ...deps,
            clock: systemClock,
            // catalogues.md user config: backupMode 1 (the default) sends the previews too.
            withPreviews: Number(readUserConfig()?.backupMode ?? 1) === 1,
            keepOffline: (kind, snapshot) => keepOffline(kind, snapshot),
          }),
        ),
    });
    const hint = createUnsavedHint({
      clock: systemClock,
      isUnsaved: () => sceneSession.scene === null,
      show: (duration) => void notify(sceneText.unsavedHint(), { kind: 'warning', duration }),
    });
    backupTimer = timer;
    unsavedHint = hint;
    window.addEventListener('keydown', onKeyDown);
    document.addEventListener('visibilitychange', onPageHide);
    window.addEventListener('pagehide', onPageHide);
    cleanups.push(
      () => document.removeEventListener('visibilitychange', onPageHide),
      () => window.removeEventListener('pagehide', onPageHide),
    );
    cleanups.push(() => window.removeEventListener('keydown', onKeyDown), autoSaveOnLoginFail(), unsavedWorkPort(), () => timer.stop(), () => hint.cancel());

    const sceneId = sceneIdFromSearch(window.location.search);
    const ready = whenKernelReady();
    void ready?.then(
      async () => {
        if (detached) return;
        timer.restart();
        if (sceneId === null || !(await open(sceneId))) {
          hint.start();
          // A start with no stored scene: the never-saved scene's newest copy is offered.
          if (sceneId === null) void offerOffline(null);
        }
      },
      () => undefined,
    );
  };
  const deferred = setTimeout(start, 0);
  return () => {
    detached = true;
    clearTimeout(deferred);
    cleanups.splice(0).forEach((fn) => fn());
    backupTimer = null;
    unsavedHint = null;
    // The next workspace starts a fresh kernel with a fresh scene. Reset here, not when the next one
    // starts: a click there may already have opened a dialog before the deferred start runs.
    resetSession(sceneSession);
    clearBackupFailure();
    closeDialogs();
  };
}
