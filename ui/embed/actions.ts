import { getModel, isApiError, type CatalogueModel } from '../../api';
import { embedError, QUICK_ROOM_DEPTH, QUICK_ROOM_WIDTH, type EmbedError, type EmbedErrorCode, type HostMessageOf, type InsertItem, type LocalizedText } from '../../protocol/embed';
import { batchEntry, type BatchEntry } from '../../protocol/commands';
import { isKernelCommandError } from '../../protocol/errors';
import { api } from '../app/api';
import { reportSourceUsed } from '../app/usage';
import { activeLocale } from '../i18n/locale';
import { execCommand, kernelState, whenKernelReady } from '../kernel';
import { importLocalBytes, keepUnsavedWork, openStoredSceneOutcome, startBlankScheme } from '../scene/controller';
import { liveServer } from '../scene/live';
import { LOCAL_FILE_MAX_BYTES } from '../scene/local-file';
import { sceneSession } from '../scene/state';
import { placeArgs } from '../workspace/product-place';
import { clickPlacement } from './click';
import { insertEntries, insertIds, type PieceArgs, type PlannedItem } from './insert';
import { EmbedFailure, type EmbedActions } from './listener';

// The requests of a host page bound to the editor: the same kernel commands, scene session and API
// calls as the editor's own buttons (Product cards, 我的方案, 导入本地文件, 新建方案), so every action
// runs with the signed-in user's rights and leaves the same traces (undo steps, statistics,
// offline copies). `emit` sends the events an action causes (inserted, cloned).

function fail(code: EmbedErrorCode, message?: LocalizedText): never {
  throw new EmbedFailure(embedError(code, message));
}

const FILE_UNREADABLE: LocalizedText = { zh: '场景文件无法读取，当前方案未改变', en: 'The scene file cannot be read; the current scheme is unchanged' };

/** The kernel must be running before anything is asked of it. */
async function kernelReady(): Promise<void> {
  const ready = whenKernelReady();
  if (!ready) fail('NOT_READY');
  await ready.catch(() => fail('NOT_READY'));
}

/** A kernel or server failure in the host's terms. */
export function failureOf(e: unknown, notFound: EmbedErrorCode = 'FAILED'): EmbedError {
  if (e instanceof EmbedFailure) return e.error;
  if (isKernelCommandError(e)) {
    if (e.code === 'READ_ONLY') return embedError('FORBIDDEN');
    if (e.code === 'NOT_READY' || e.code === 'GESTURE_IN_PROGRESS') return embedError('NOT_READY');
    return embedError(notFound);
  }
  if (isApiError(e)) {
    if (e.sessionExpired || e.status === 401 || e.status === 403) return embedError('FORBIDDEN');
    if (e.kind === 'response') return embedError(notFound);
  }
  return embedError('FAILED');
}

async function guarded<T>(run: () => Promise<T>, notFound: EmbedErrorCode = 'FAILED'): Promise<T> {
  try {
    return await run();
  } catch (e) {
    throw new EmbedFailure(failureOf(e, notFound));
  }
}

/** The catalogue rows of the items given by model id, each looked up once, with the user's rights. */
async function catalogueRows(items: readonly InsertItem[]): Promise<Map<string, CatalogueModel>> {
  const ids = [...new Set(items.flatMap((item) => ('modelId' in item ? [item.modelId] : [])))];
  const rows = await Promise.all(ids.map((modelId) => guarded(() => getModel(api, null, { modelId }, { silent: true }), 'NOT_FOUND')));
  return new Map(rows.map((row, i) => [ids[i]!, row]));
}

function pieceOf(item: InsertItem, rows: ReadonlyMap<string, CatalogueModel>): { piece: PieceArgs; row: CatalogueModel | null } {
  if ('modelId' in item) {
    const row = rows.get(item.modelId)!;
    const name = activeLocale() === 'en' && row.name_en ? row.name_en : row.name;
    return { piece: placeArgs(row, name, null), row };
  }
  const { url, size, name } = item.model;
  // A model by data has no catalogue id; its address stands in (the record keeps where it came from).
  return { piece: { modelId: url.slice(0, 128), name, size, gltfUrl: url, lowGltfUrl: url, mount: 'floor' }, row: null };
}

function currentStorey(): { id: string; layerHeight: number } | null {
  const storey = kernelState.storeys.find((s) => s.id === kernelState.currentStoreyId) ?? kernelState.storeys[0];
  return storey ? { id: storey.id, layerHeight: storey.layerHeight } : null;
}

async function runBatch(commands: BatchEntry[]): Promise<void> {
  await guarded(() => execCommand('batch', { commands }));
}

export type EmbedEmit = (type: 'inserted' | 'cloned', ids: readonly string[], requestId: string | undefined) => void;

/** Each request's ids get a token of their own: a clone of a clone never meets a taken id. */
function token(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
}

async function insertItems(message: HostMessageOf<'insertItems'>, emit: EmbedEmit): Promise<{ ids: string[] }> {
  await kernelReady();
  const rows = await catalogueRows(message.items);
  const planned: PlannedItem[] = [];
  // One item at a time: each 'click' waits for its own click, in the order given.
  for (const item of message.items) {
    const { piece } = pieceOf(item, rows);
    const rotation = item.rotation === undefined ? {} : { rotation: item.rotation };
    if (item.at === 'click') {
      const landing = await clickPlacement({ size: piece.size, mount: piece.mount ?? 'floor' }, piece.name ?? '');
      planned.push({ piece, placement: { kind: 'landing', storeyId: landing.storeyId, position: landing.position, rotation: landing.rotation }, ...rotation });
    } else if (item.at) planned.push({ piece, placement: { kind: 'point', x: item.at.x, y: item.at.y }, ...rotation });
    else planned.push({ piece, placement: { kind: 'auto' }, ...rotation });
  }
  const ids = insertIds(planned.length, token());
  await runBatch(insertEntries(planned, ids, currentStorey()));
  await execCommand('selection.set', { ids }).catch(() => undefined);
  for (const modelId of rows.keys()) reportSourceUsed(api, 'modelAgent', modelId);
  emit('inserted', ids, message.requestId);
  return { ids };
}

async function cloneItem(message: HostMessageOf<'cloneItem'>, emit: EmbedEmit): Promise<{ ids: string[] }> {
  await kernelReady();
  if (message.id !== undefined) await guarded(() => execCommand('selection.set', { ids: [message.id!] }), 'NOT_FOUND');
  // A plain copy: the mirror's objects are valtio proxies, which the worker's postMessage cannot clone.
  const model = JSON.parse(JSON.stringify(kernelState.selected)) as typeof kernelState.selected;
  if (!model || model.kind !== 'model') fail(message.id !== undefined ? 'NOT_FOUND' : 'NO_SELECTION');
  const offset = message.offset ?? { x: 500, y: 500 };
  const [id] = insertIds(1, token());
  const storey = currentStorey();
  const commands: BatchEntry[] = [
    batchEntry('model.add', {
      id: id!,
      ...(storey ? { storeyId: storey.id } : {}),
      modelId: model.modelId,
      name: model.name,
      position: { x: model.position.x + offset.x, y: model.position.y + offset.y, z: model.position.z },
      rotation: model.rotation,
      size: model.size,
      ...(model.gltfUrl ? { gltfUrl: model.gltfUrl, lowGltfUrl: model.gltfUrl } : {}),
      ...(model.mount ? { mount: model.mount } : {}),
      resizable: model.resizable,
    }),
  ];
  // Materials on its parts follow in the same step, as Ctrl+V does.
  if (Object.keys(model.materials).length > 0) commands.push(batchEntry('model.update', { id: id!, materials: model.materials }));
  commands.push(batchEntry('model.settle', { id: id! }));
  await runBatch(commands);
  await execCommand('selection.set', { ids: [id!] }).catch(() => undefined);
  emit('cloned', [id!], message.requestId);
  return { ids: [id!] };
}

/** A scene file by its address: this server's files with the user's session, another site's without any credentials. */
async function fetchSceneFile(url: string): Promise<Uint8Array> {
  const address = new URL(url, window.location.href);
  if (address.origin === window.location.origin) return liveServer.fetchFile(address.href);
  let res: Response;
  try {
    res = await fetch(address.href, { credentials: 'omit', referrerPolicy: 'no-referrer' });
  } catch {
    return fail('NOT_FOUND');
  }
  if (res.status !== 200) fail('NOT_FOUND');
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > LOCAL_FILE_MAX_BYTES) fail('FAILED', FILE_UNREADABLE);
  return new Uint8Array(await res.arrayBuffer());
}

async function loadScene(message: HostMessageOf<'loadScene'>): Promise<{ sceneId: number | null }> {
  await kernelReady();
  if (sceneSession.busy) fail('BUSY');
  if ('sceneId' in message) {
    await keepUnsavedWork();
    const outcome = await openStoredSceneOutcome(message.sceneId);
    switch (outcome.kind) {
      case 'opened':
        return { sceneId: outcome.scene.id };
      case 'busy':
        return fail('BUSY');
      case 'fetch-failed':
        throw new EmbedFailure(failureOf(outcome.error, 'NOT_FOUND'));
      case 'no-file':
        return fail('NOT_FOUND');
      case 'refused':
        return fail('FAILED', FILE_UNREADABLE);
      case 'failed':
        return fail('FAILED');
    }
  }
  const bytes = await guarded(() => fetchSceneFile(message.url), 'NOT_FOUND');
  await keepUnsavedWork();
  // 导入本地文件's own path: sniffing, the kernel's validation, a new never-saved scheme.
  const outcome = await importLocalBytes(bytes);
  switch (outcome.kind) {
    case 'imported':
      return { sceneId: null };
    case 'busy':
      return fail('BUSY');
    case 'refused':
      return fail('FAILED', FILE_UNREADABLE);
    case 'failed':
      return fail('FAILED');
  }
}

/** Replaces the scene by an empty scheme, keeping unsaved work offline first. */
async function blank(): Promise<void> {
  await kernelReady();
  if (sceneSession.busy) fail('BUSY');
  await keepUnsavedWork();
  if (!(await startBlankScheme())) fail('FAILED');
}

async function quickRoom(): Promise<{ roomId: string; wallIds: string[] }> {
  await blank();
  const room = await guarded(() => execCommand('scene.createDefaultRoom', { width: QUICK_ROOM_WIDTH, depth: QUICK_ROOM_DEPTH }));
  return { roomId: room.roomId, wallIds: room.wallIds };
}

export function liveEmbedActions(emit: EmbedEmit): EmbedActions {
  return {
    close: async () => {
      await blank();
      return { closed: true };
    },
    insertItems: (message) => insertItems(message, emit),
    quickRoom: () => quickRoom(),
    cloneItem: (message) => cloneItem(message, emit),
    loadScene: (message) => loadScene(message),
    closeWindow: async () => ({ keptOffline: await keepUnsavedWork() }),
  };
}
