// api/scene.ts against the real server (PGlite): the typed calls, the envelopes they unwrap, the
// conflict and idempotency helpers, and the auto save from a revoked session.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addSceneLabel,
  autoSaveScene,
  cloneScene,
  createApiClient,
  createMemoryTokenStore,
  createScene,
  createSceneShareCode,
  deepDeleteScene,
  deleteScene,
  getAdminScene,
  getAirConditioner,
  getScene,
  getSceneByShareCode,
  revokeSceneShareCode,
  getSceneLabels,
  getSceneVersions,
  isBackupBaseMissing,
  isSceneVersionConflict,
  listScenes,
  loadSceneJson,
  login,
  newIdempotencyKey,
  putAirConditioner,
  restoreDeletedScene,
  restoreSceneVersion,
  storeSceneBackup,
  updateScene,
  uploadSceneFile,
  type ApiClient,
  type SessionExpiredEvent,
} from '../../api';
import { BACKUP_DELTA_FORMAT, BACKUP_DELTA_VERSION } from '../../protocol/scene-file';
import { backends, openTestApp } from './helpers';
import { gzipBytes, PNG_1X1, sceneBytes, sceneFile } from './scene-helpers';

const backend = backends()[0]!;

describe('api/scene.ts against the server', () => {
  let dispose: () => Promise<void>;
  let dataDir: string;
  let app: Awaited<ReturnType<typeof openTestApp>>['app'];
  let client: ApiClient;
  const expired: SessionExpiredEvent[] = [];
  const tokens = createMemoryTokenStore();
  const fetchApp: typeof fetch = (input, init) => Promise.resolve(app.request(input instanceof Request ? input : String(input), init));

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'yfang-scene-api-'));
    ({ app, dispose } = await openTestApp(backend, { dataDir }));
    client = createApiClient({ baseURL: 'http://app.test/api', fetch: fetchApp, tokenStore: tokens, onSessionExpired: (e) => expired.push(e) });
    await login(client, { project: 'yfang', account: 'designer', password: 'Design@2026' });
  });
  afterAll(async () => {
    await dispose?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('uploads, creates, saves, lists and reads scenes', async () => {
    const file = await uploadSceneFile(client, 'scene', gzipBytes(sceneBytes(sceneFile(3, 'api'))));
    expect(file.contentRecords).toBe(3);
    const preview = await uploadSceneFile(client, 'preview', new Blob([PNG_1X1], { type: 'image/png' }));
    const scene = await createScene(client, { name: 'api scene', file: file.url, preview: preview.url, area: 20 });
    expect(scene).toMatchObject({ name: 'api scene', version: 1, preview: preview.url });
    expect(await loadSceneJson(`http://app.test${scene.file}`, { token: tokens.get(), fetch: fetchApp })).toEqual(sceneFile(3, 'api'));

    const next = await uploadSceneFile(client, 'scene', JSON.stringify(sceneFile(4, 'api-2')));
    const key = newIdempotencyKey();
    const saved = await updateScene(client, scene.id, { baseVersion: scene.version, file: next.url }, { idempotencyKey: key });
    const retried = await updateScene(client, scene.id, { baseVersion: scene.version, file: next.url }, { idempotencyKey: key });
    expect(retried).toEqual(saved);
    expect(saved.version).toBe(2);

    const stale = await updateScene(client, scene.id, { baseVersion: 1, name: 'late' }, { silent: true }).catch((e: unknown) => e);
    expect(isSceneVersionConflict(stale)).toBe(true);
    expect(expired).toHaveLength(0);

    const page = await listScenes(client, { pageSize: 5 });
    expect(page.list[0]!.id).toBe(scene.id);
    expect(await getScene(client, scene.id)).toEqual(saved);
    expect(await getAdminScene(client, scene.id)).toEqual(saved);

    const versions = await getSceneVersions(client, scene.id, 'manual');
    expect(versions.list.map((v) => v.version)).toEqual([2, 1]);
    const restored = await restoreSceneVersion(client, { sceneId: scene.id, versionId: versions.list[1]!.id, baseVersion: 2 });
    expect(restored.version).toBe(3);

    const backup = await storeSceneBackup(client, { sceneId: scene.id, content: sceneFile(2, 'bk') });
    const delta = await storeSceneBackup(client, {
      sceneId: scene.id,
      content: { format: BACKUP_DELTA_FORMAT, version: BACKUP_DELTA_VERSION, base: String(backup.id), schema: {}, meta: { name: 'bk2' }, put: [], removed: [] },
    });
    expect(delta.kind).toBe('backup');
    const gone = await storeSceneBackup(
      client,
      { sceneId: scene.id, content: { format: BACKUP_DELTA_FORMAT, version: BACKUP_DELTA_VERSION, base: '999999', schema: {}, meta: {}, put: [], removed: [] } },
      { silent: true },
    ).catch((e: unknown) => e);
    expect(isBackupBaseMissing(gone)).toBe(true);

    expect(await addSceneLabel(client, scene.id, '样板')).toEqual(['样板']);
    expect(await getSceneLabels(client)).toEqual([{ label: '样板', count: 1 }]);
    expect(await putAirConditioner(client, scene.id, { on: true })).toEqual({ on: true });
    expect(await getAirConditioner(client, scene.id)).toEqual({ on: true });
    const { shareCode } = await createSceneShareCode(client, scene.id);
    const byCode = await getSceneByShareCode(client, shareCode);
    expect('id' in byCode && byCode.id).toBe(scene.id);
    expect(await revokeSceneShareCode(client, scene.id)).toEqual({ sceneId: scene.id, shareCode: null });
    expect(await getSceneByShareCode(client, shareCode, { silent: true }).catch((e: unknown) => (e as { status?: number }).status ?? e)).toBe(404);

    const copy = await cloneScene(client, scene.id);
    expect(copy.fromSceneId).toBe(scene.id);
    await deleteScene(client, copy.id);
    expect((await listScenes(client, { deleted: true })).list.map((s) => s.id)).toEqual([copy.id]);
    expect((await restoreDeletedScene(client, copy.id)).deletedAt).toBeNull();
    await deepDeleteScene(client, copy.id);
  });

  it('auto saves from a session revoked by a login elsewhere', async () => {
    const old = tokens.get()!;
    const other = createApiClient({ baseURL: 'http://app.test/api', fetch: fetchApp, tokenStore: createMemoryTokenStore() });
    await login(other, { project: 'yfang', account: 'designer', password: 'Design@2026' });
    const answer = await autoSaveScene(client, {
      fromSceneId: '',
      token: old,
      isUseStackWall: 0,
      filecontnt: JSON.stringify(sceneFile(2, 'rescued')),
      previewcontent: '',
    });
    expect(answer.created).toBe(true);
    const rescued = await getScene(other, answer.sceneId);
    expect(rescued.name).toBe('自动保存的方案');
    expect(expired).toHaveLength(0);
  });
});
