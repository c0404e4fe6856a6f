import {
  autoSaveScene,
  createScene,
  getScene,
  newIdempotencyKey,
  restoreSceneVersion,
  storeSceneBackup,
  updateScene,
  uploadSceneFile,
} from '../../api';
import { ApiError } from '../../api';
import { api } from '../app/api';
import { userTokenStore } from '../auth/storage';
import { contentRecordCount } from '../../protocol/snapshot';
import { kernelFiles, kernelState } from '../kernel';
import type { SceneKernelPort, SceneServerPort } from './ports';

// The ports bound to the browser: the kernel worker (through ui/kernel) and the API client. Every
// call is silent: the scene session shows its own message for each outcome.

const silent = { silent: true } as const;

export const liveKernel: SceneKernelPort = {
  load: (bytes) => kernelFiles.load(bytes),
  newScene: (meta) => kernelFiles.newScene(meta),
  save: () => kernelFiles.save(),
  backupDelta: (purpose) => kernelFiles.backupDelta(purpose),
  acknowledge: (base) => kernelFiles.acknowledge(base),
  savedFileData: (code) => kernelFiles.savedFileData(code),
  contentRecords: () => contentRecordCount(kernelState.counts),
  rooms: () => Object.keys(kernelState.rooms).length,
  dirty: () => kernelState.dirty,
  metaName: () => kernelState.meta.name,
  metaClientId: () => kernelState.meta.client.id,
};

/** GET of a stored file (same origin; the login cookie and the Bearer token authorise it). */
async function fetchFile(url: string): Promise<Uint8Array> {
  const headers: Record<string, string> = {};
  const token = userTokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(url, { headers, credentials: 'include' });
  } catch (cause) {
    throw new ApiError({ kind: 'network', method: 'GET', url, cause });
  }
  const bytes = res.status === 200 ? new Uint8Array(await res.arrayBuffer()) : null;
  if (!bytes || bytes.byteLength === 0) {
    throw new ApiError({ kind: 'response', method: 'GET', url, status: res.status, code: null, serverMessage: 'cannot get scene file' });
  }
  return bytes;
}

export const liveServer: SceneServerPort = {
  upload: (kind, body) => uploadSceneFile(api, kind, body, silent),
  create: (params, idempotencyKey) => createScene(api, params, { ...silent, idempotencyKey }),
  update: (id, params, idempotencyKey) => updateScene(api, id, params, { ...silent, idempotencyKey }),
  get: (id) => getScene(api, id, silent),
  fetchFile,
  storeBackup: (params, idempotencyKey) => storeSceneBackup(api, params, { ...silent, idempotencyKey }),
  restoreVersion: (params, idempotencyKey) => restoreSceneVersion(api, params, { ...silent, idempotencyKey }),
  autoSave: (params, idempotencyKey) => autoSaveScene(api, params, { ...silent, idempotencyKey }),
  newKey: newIdempotencyKey,
};
