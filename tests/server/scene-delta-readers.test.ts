// Every reader of a scene's current file by key must see a delta save's content, although a delta
// version's full file is only written on its first read (docs/scenes.md "Delta saves"): 制作样板间,
// 户型入库 and the share link each read a scheme whose last save was a delta no one had read yet.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENE_FILE_FORMAT, type FileRecord, type SceneFile } from '../../protocol/scene-file';
import { forgetResolvedVersions } from '../../server/scenes/deltas';
import { backends, openTestApp } from './helpers';
import { call, createScene, login, type Caller, type SceneAnswer } from './scene-helpers';

/** One 4 x 3 m room of the given type with its four walls. */
function roomFile(name: string, roomType: number): SceneFile {
  const c = [
    { x: 0, y: 0 },
    { x: 4000, y: 0 },
    { x: 4000, y: 3000 },
    { x: 0, y: 3000 },
  ];
  const records: FileRecord[] = [
    { id: 'meta', type: 'meta', name, style: '', roomType, isUseStackWall: 0, hasMeasuringSize: false },
    { id: 's1', type: 'storey', index: 0, name: '1F', elevation: 0, layerHeight: 2800 },
    ...c.map((p, k) => ({ id: `w${k}`, type: 'wall', storeyId: 's1', start: p, end: c[(k + 1) % 4]!, thickness: 240, height: 2800 })),
    { id: 'r0', type: 'room', storeyId: 's1', name: '房间', roomType, outline: c },
  ];
  records.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { format: SCENE_FILE_FORMAT, schema: { meta: 1, storey: 1, wall: 1, room: 1 }, meta: { name }, records };
}

interface FileBody {
  records: { id: string; roomType?: number }[];
}

const roomTypeOf = (body: FileBody) => body.records.find((r) => r.id === 'r0')?.roomType;

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`readers of a delta-saved scheme on ${backend.name}`, () => {
    let app: Caller;
    let dispose: () => Promise<void>;
    let dataDir: string;
    let designer: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'yfang-delta-readers-'));
      ({ app, dispose } = await openTestApp(backend, { dataDir }));
      designer = await login(app, 'yfang', 'designer', 'Design@2026');
    });
    afterAll(async () => {
      await dispose?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** A scheme saved once with an untyped room, then saved again as a delta typing it 主卧 (1). */
    async function deltaSaved(name: string): Promise<SceneAnswer> {
      const made = await createScene(app, designer, name, roomFile(name, 0));
      const delta = { format: 'yfang-scene-delta', version: 2, base: String(made.currentVersionId), schema: { room: 1 }, put: [], patch: [{ id: 'r0', set: { roomType: 1 } }], removed: [] };
      const saved = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${made.id}`, designer, { baseVersion: made.version, delta });
      expect(saved.status, saved.msg).toBe(200);
      // Not from this process's memory either: the readers must resolve it from storage.
      forgetResolvedVersions();
      return saved.data;
    }

    async function json(url: string, token: string | null): Promise<FileBody> {
      const res = await app.request(url, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
      expect(res.status, `GET ${url}`).toBe(200);
      return (await res.json()) as FileBody;
    }

    it('制作样板间 copies the delta save, not the version before it', async () => {
      const scene = await deltaSaved('delta 样板间');
      const made = await call<{ scene_file: string }>(app, 'POST', '/api/admin/model-room', designer, { action: 'scheme', scene_id: scene.id });
      expect(made.status, made.msg).toBe(200);
      expect(roomTypeOf(await json(made.data.scene_file, designer))).toBe(1);
    });

    it('户型入库 stores the delta save', async () => {
      const scene = await deltaSaved('delta 户型');
      const house = { roomNumber: 1, bedroomNumber: 1, parlourNumber: 0, bathroomNumber: 0, city: '110100', cityName: '北京市', building: '阳光花园', style: '现代' };
      const made = await call<{ file: string }>(app, 'POST', '/meta20/x/house-type', designer, { sceneId: scene.id, ...house });
      expect(made.status, made.msg).toBe(200);
      expect(roomTypeOf(await json(made.data.file, designer))).toBe(1);
    });

    it('the share link serves the delta save to someone without a login', async () => {
      const scene = await deltaSaved('delta 分享');
      const shared = await call<{ shareCode: string }>(app, 'POST', '/meta20/scene-share/create', designer, { sceneId: scene.id });
      expect(shared.status, shared.msg).toBe(200);
      expect(roomTypeOf(await json(`/files/share/${shared.data.shareCode}/scene`, null))).toBe(1);
    });
  });
}
