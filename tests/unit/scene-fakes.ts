import { ApiError, SCENE_RETCODE, type Scene, type SceneVersion } from '../../api';
import { KernelCommandError } from '../../protocol/errors';
import type { NewSceneMeta } from '../../protocol/kernel-api';
import type { BackupDeltaResult, LoadResult, SavedFileData, SavedScene } from '../../protocol/scene-file';
import type { SceneKernelPort, SceneServerPort } from '../../ui/scene/ports';
import type { SceneOpDeps } from '../../ui/scene/save';
import { createOpLock, initialSessionState } from '../../ui/scene/state';

// In-memory stand-ins for the kernel and the server of the scene session: they keep the rules the
// real ones keep (save() clears dirty, versions must match, an idempotency key is applied once),
// record every call, and fail on request.

export type Call = { readonly method: string; readonly args: readonly unknown[] };

export class FakeKernel implements SceneKernelPort {
  calls: Call[] = [];
  content = 5;
  roomCount = 1;
  isDirty = true;
  name = '';
  /** the meta record's client id ('' none; a stored client's server id as text) */
  clientId = '';
  backup: BackupDeltaResult = { kind: 'none' };
  loadError: KernelCommandError | null = null;
  acknowledged: string[] = [];
  readonly file: SavedScene = { json: '{"format":"yfang-scene"}', gzip: new Uint8Array([0x1f, 0x8b, 1, 2, 3]) };

  private log(method: string, ...args: unknown[]): void {
    this.calls.push({ method, args });
  }
  called(method: string): Call[] {
    return this.calls.filter((c) => c.method === method);
  }

  async load(bytes: Uint8Array): Promise<LoadResult> {
    this.log('load', bytes);
    if (this.loadError) throw this.loadError;
    this.isDirty = false;
    return { records: 3, migrated: 0 };
  }
  async newScene(meta: NewSceneMeta): Promise<void> {
    this.log('newScene', meta);
    if (this.loadError) throw this.loadError;
    this.isDirty = false;
    this.content = 0;
    this.roomCount = 0;
  }
  async save(): Promise<SavedScene> {
    this.log('save');
    this.isDirty = false;
    return this.file;
  }
  async backupDelta(purpose: 'backup' | 'save' = 'backup'): Promise<BackupDeltaResult> {
    this.log('backupDelta');
    if (purpose === 'save' && this.backup.kind === 'delta') this.isDirty = false;
    return this.backup;
  }
  async acknowledge(base: string): Promise<void> {
    this.log('acknowledge', base);
    this.acknowledged.push(base);
  }
  async savedFileData(sceneCode = ''): Promise<SavedFileData> {
    this.log('savedFileData', sceneCode);
    return {
      sceneCode,
      sceneJson: this.file.json,
      imageData: '',
      imageList: [],
      area: 27.42,
      isUseStackWall: 0,
      roomInfoList: [{ type: 'room', roomType: 0, area: 27.42, groundArea: 27.42, name: '' }],
    };
  }
  contentRecords(): number {
    return this.content;
  }
  rooms(): number {
    return this.roomCount;
  }
  dirty(): boolean {
    return this.isDirty;
  }
  metaName(): string {
    return this.name;
  }
  metaClientId(): string {
    return this.clientId;
  }
}

function sceneRow(id: number, name: string, file: string, version: number, currentVersionId: number, fromSceneId: number | null = null): Scene {
  return {
    id,
    name,
    uuid: `uuid-${id}`,
    file,
    preview: '',
    multiFloorImage: '',
    customPreview: '',
    roomInfoUrl: '',
    area: 0,
    isUseStackWall: 0,
    jsdUrl: '',
    hasMeasuringSize: 0,
    has_measuring_size: 0,
    roomType: 0,
    fromSceneId,
    version,
    currentVersionId,
    labels: [],
    ownerId: 1,
    shareCode: null,
    clientId: null,
    clientName: '',
    deletedAt: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };
}

export function versionRow(id: number, sceneId: number, file: string, kind: SceneVersion['kind'] = 'manual', version = 1): SceneVersion {
  return {
    id,
    sceneId,
    kind,
    version,
    file,
    preview: '',
    multiFloorImage: '',
    roomInfoUrl: '',
    area: 0,
    isUseStackWall: 0,
    roomType: 0,
    clientId: '',
    isCurrent: false,
    updatedAt: '2026-01-01T00:00:00Z',
  };
}

export function networkError(url = '/meta20/x/scene'): ApiError {
  return new ApiError({ kind: 'network', method: 'POST', url });
}

function responseError(status: number, code: number, data: unknown = null): ApiError {
  return new ApiError({ kind: 'response', method: 'POST', url: '/meta20/x/scene', status, code, serverMessage: `code ${code}`, body: { code, msg: `code ${code}`, data } });
}

export class FakeServer implements SceneServerPort {
  calls: Call[] = [];
  scenes = new Map<number, Scene>();
  backups: { sceneId: number; content?: unknown; file?: string; key: string }[] = [];
  files = new Map<string, Uint8Array>();
  /** keys already applied, with the answer they got */
  applied = new Map<string, unknown>();
  /** the next N calls of a method fail with this error before anything is applied */
  failNext = new Map<string, { error: unknown; times: number; applyFirst?: boolean }>();
  /** ids of the stored clients a scene may belong to (any other clientId is refused, 50002) */
  clients = new Set<number>();
  private nextId = 1;
  private nextVersionId = 100;
  private uploads = 0;

  private log(method: string, ...args: unknown[]): void {
    this.calls.push({ method, args });
  }
  called(method: string): Call[] {
    return this.calls.filter((c) => c.method === method);
  }
  private maybeFail(method: string): void {
    const f = this.failNext.get(method);
    if (f && f.times > 0) {
      f.times--;
      throw f.error;
    }
  }
  /** Runs an idempotent write: a key seen before answers the stored answer. */
  private write<T>(method: string, key: string, apply: () => T): T {
    const f = this.failNext.get(method);
    if (this.applied.has(key)) return this.applied.get(key) as T;
    if (f?.applyFirst && f.times > 0) {
      // The write lands, but its answer is lost on the way back.
      f.times--;
      this.applied.set(key, apply());
      throw f.error;
    }
    this.maybeFail(method);
    const answer = apply();
    this.applied.set(key, answer);
    return answer;
  }

  /** A scene someone saved before (version `version`, its file stored). */
  seed(name: string, version = 1, bytes = new Uint8Array([1, 2, 3])): Scene {
    const id = this.nextId++;
    const file = `/files/scenes/p/seed-${id}.json`;
    this.files.set(file, bytes);
    const scene = sceneRow(id, name, file, version, this.nextVersionId++);
    this.scenes.set(id, scene);
    return scene;
  }

  async upload(kind: string, body: Uint8Array | string) {
    this.log('upload', kind, body);
    this.maybeFail('upload');
    const url = `/files/scenes/p/upload-${++this.uploads}.${kind}`;
    this.files.set(url, typeof body === 'string' ? new TextEncoder().encode(body) : body);
    return { key: url, url, kind: kind as 'scene', size: 1, contentRecords: 1 };
  }
  private checkClient(clientId: number | null | undefined): void {
    if (clientId !== undefined && clientId !== null && !this.clients.has(clientId)) throw responseError(400, 50002, { field: 'clientId', clientId });
  }
  async create(params: Parameters<SceneServerPort['create']>[0], key: string): Promise<Scene> {
    this.log('create', params, key);
    return this.write('create', key, () => {
      this.checkClient(params.clientId);
      const id = this.nextId++;
      const scene = { ...sceneRow(id, params.name, params.file, 1, this.nextVersionId++, params.fromSceneId ?? null), clientId: params.clientId ?? null };
      this.scenes.set(id, scene);
      return scene;
    });
  }
  async update(id: number, params: Parameters<SceneServerPort['update']>[1], key: string): Promise<Scene> {
    this.log('update', id, params, key);
    return this.write('update', key, () => {
      const scene = this.scenes.get(id);
      if (!scene) throw responseError(404, 404);
      if (scene.version !== params.baseVersion) {
        throw responseError(412, SCENE_RETCODE.VERSION_CONFLICT, { currentVersion: scene.version, baseVersion: params.baseVersion });
      }
      this.checkClient(params.clientId);
      const clientId = params.clientId === undefined ? scene.clientId : params.clientId;
      const next = { ...scene, file: params.file ?? scene.file, version: scene.version + 1, currentVersionId: this.nextVersionId++, clientId };
      this.scenes.set(id, next);
      return next;
    });
  }
  async get(id: number): Promise<Scene> {
    this.log('get', id);
    this.maybeFail('get');
    const scene = this.scenes.get(id);
    if (!scene) throw responseError(404, 404);
    return scene;
  }
  async fetchFile(url: string): Promise<Uint8Array> {
    this.log('fetchFile', url);
    this.maybeFail('fetchFile');
    const bytes = this.files.get(url);
    if (!bytes) throw new ApiError({ kind: 'response', method: 'GET', url, status: 404, code: null, serverMessage: 'cannot get scene file' });
    return bytes;
  }
  async storeBackup(params: Parameters<SceneServerPort['storeBackup']>[0], key: string): Promise<SceneVersion> {
    this.log('storeBackup', params, key);
    return this.write('storeBackup', key, () => {
      if ('content' in params && (params.content as { base?: string }).base === 'gone') {
        throw responseError(409, SCENE_RETCODE.BACKUP_BASE_NOT_FOUND);
      }
      this.backups.push({ sceneId: params.sceneId, key, ...('content' in params ? { content: params.content } : { file: params.file }) });
      return versionRow(this.nextVersionId++, params.sceneId, 'file' in params ? params.file : '/inline', 'backup');
    });
  }
  async restoreVersion(params: { sceneId: number; versionId: number; baseVersion: number }, key: string): Promise<Scene> {
    this.log('restoreVersion', params, key);
    return this.write('restoreVersion', key, () => {
      const scene = this.scenes.get(params.sceneId)!;
      if (scene.version !== params.baseVersion) {
        throw responseError(412, SCENE_RETCODE.VERSION_CONFLICT, { currentVersion: scene.version, baseVersion: params.baseVersion });
      }
      const next = { ...scene, version: scene.version + 1, currentVersionId: this.nextVersionId++ };
      this.scenes.set(scene.id, next);
      return next;
    });
  }
  async autoSave(params: Parameters<SceneServerPort['autoSave']>[0], key: string) {
    this.log('autoSave', params, key);
    return this.write('autoSave', key, () => ({ sceneId: Number(params.fromSceneId) || 999, versionId: this.nextVersionId++, created: !params.fromSceneId, kind: 'auto' as const }));
  }
  private keys = 0;
  newKey = (): string => `key-${++this.keys}`;
}

export function makeDeps(): SceneOpDeps & { kernel: FakeKernel; server: FakeServer } {
  return { kernel: new FakeKernel(), server: new FakeServer(), state: initialSessionState(), lock: createOpLock() };
}

export function kernelRefusal(code: 'BAD_FILE' | 'UNSUPPORTED_VERSION' | 'INVALID_ARGS'): KernelCommandError {
  return new KernelCommandError(code, 'load', 'not a scene file');
}
