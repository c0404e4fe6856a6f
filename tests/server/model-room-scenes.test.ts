// The seeded sample rooms' scene files on both databases: the list hands out their addresses,
// /files/catalogue/model-rooms/<seed key>.scene.json serves the committed file to anyone (stored
// gzip on first request), unknown keys and path tricks are 404, and seeding fills in the address
// of rooms seeded before they had one.
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENE_FILE_FORMAT, type SceneFile } from '../../protocol/scene-file';
import { modelRoomSeeds } from '../../server/catalogues/catalogue-data';
import { MODEL_ROOM_SCENES_DIR, modelRoomSceneFileName } from '../../server/catalogues/model-room-scenes';
import { seedCatalogue } from '../../server/catalogues/seed-catalogue';
import type { Db } from '../../server/db/types';
import { backends } from './helpers';
import { openCatalogueApp, signIn, type Caller, type MemoryStorage, type TestApp } from './catalogue-helpers';

interface Room {
  id: number;
  name: string;
  scene_file: string;
  is_public: 0 | 1;
}
interface Paged<T> {
  total: number;
  data: T[];
}

const LIST = { action: 'scheme', page: 1, pageSize: 99 };
const url = (key: string) => `/files/catalogue/model-rooms/${key}.scene.json`;
const committed = (key: string) => fs.readFileSync(path.join(MODEL_ROOM_SCENES_DIR, modelRoomSceneFileName(key)), 'utf8');

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`sample-room scene files on ${backend.name}`, () => {
    let app: TestApp;
    let db: Db;
    let storage: MemoryStorage;
    let dispose: () => Promise<void>;
    let corp: Caller; // another project than the public sample rooms' (yfang)

    beforeAll(async () => {
      ({ app, db, storage, dispose } = await openCatalogueApp(backend));
      corp = await signIn(app, 'yfang_corp', 'designer', 'Designer@2026');
    });
    afterAll(async () => {
      await dispose?.();
    });

    it('every seeded sample room has its scene file address, in the list and in one room', async () => {
      const rows = await db.query<{ id: number; seed_key: string; scene_file: string }>('select id, seed_key, scene_file from model_rooms where seed_key is not null');
      expect(rows).toHaveLength(modelRoomSeeds().length);
      for (const r of rows) expect(r.scene_file).toBe(url(r.seed_key));
      const keyOf = new Map(rows.map((r) => [r.id, r.seed_key]));

      const list = (await corp.get<Paged<Room>>('/api/admin/model-room', LIST)).body.retdata;
      // the public yfang rooms and yfang_corp's own
      expect(list.total).toBe(modelRoomSeeds().filter((s) => s.isPublic || s.project === 'yfang_corp').length);
      for (const room of list.data) expect(room.scene_file, room.name).toBe(url(keyOf.get(room.id)!));

      const one = rows.find((r) => r.seed_key === 'yfang-01')!;
      const got = await corp.get<Room>(`/api/admin/model-room/${one.id}`, { action: 'scheme' });
      expect(got.status).toBe(200);
      expect(got.body.retdata.scene_file).toBe(url('yfang-01'));
    });

    it('serves the committed file as JSON, gzip to clients that take it, stored once', async () => {
      const before = storage.puts;
      const res = await app.request(url('yfang-01'), { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('cache-control')).toContain('public');
      const gz = new Uint8Array(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(gz.length);
      const text = gunzipSync(gz).toString('utf8');
      expect(text).toBe(committed('yfang-01'));
      expect(storage.puts).toBe(before + 1);
      expect(await storage.stat('catalogue/model-rooms/yfang-01.scene.json')).toMatchObject({ contentType: 'application/json', gzip: true });

      const file = JSON.parse(text) as SceneFile;
      expect(file.format).toBe(SCENE_FILE_FORMAT);
      expect(file.meta).toEqual({ name: '现代简约三居室' });
      const rooms = file.records.filter((r) => r.type === 'room');
      expect(rooms.length).toBeGreaterThanOrEqual(3);
      expect(rooms.map((r) => r.name)).toEqual(expect.arrayContaining(['客餐厅', '主卧', '厨房', '卫生间']));

      // a client that does not take gzip gets the JSON itself; nothing is stored again
      const plain = await app.request(url('yfang-01'));
      expect(plain.status).toBe(200);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toBe('Accept-Encoding');
      expect(await plain.text()).toBe(committed('yfang-01'));
      expect(storage.puts).toBe(before + 1);
    });

    it('serves every seed, private sample rooms included (the address is handed out with the room)', async () => {
      for (const seed of modelRoomSeeds()) {
        const res = await app.request(url(seed.key));
        expect(res.status, seed.key).toBe(200);
        const file = (await res.json()) as SceneFile;
        expect(file.records.some((r) => r.type === 'room'), seed.key).toBe(true);
        expect(file.records.find((r) => r.type === 'meta')).toMatchObject({ name: seed.name, style: seed.style });
      }
    });

    it('answers 404 for unknown sample rooms and path tricks', async () => {
      const puts = storage.puts;
      for (const bad of [
        url('no-such-room'),
        url('YFANG-01'),
        '/files/catalogue/model-rooms/yfang-01.json',
        '/files/catalogue/model-rooms/yfang-01.scene.json.png',
        '/files/catalogue/model-rooms/yfang-01.scene.png',
        '/files/catalogue/model-rooms/sub/yfang-01.scene.json',
        '/files/catalogue/model-rooms//yfang-01.scene.json',
        '/files/catalogue/model-rooms/%2e%2e%2f%2e%2e%2fyfang-01.scene.json',
        '/files/catalogue/model-rooms/..%2fmodel-rooms%2fyfang-01.scene.json',
        '/files/catalogue/model-rooms/yfang-01%00.scene.json',
        '/files/catalogue/model-rooms/.scene.json',
      ]) {
        expect((await app.request(bad)).status, bad).toBe(404);
      }
      expect(storage.puts).toBe(puts);
    });

    it('seeding again gives rooms seeded without a file theirs, and keeps a file an owner set', async () => {
      await db.query(`update model_rooms set scene_file = '' where seed_key in ('yfang-02', 'corp-01')`);
      await db.query(`update model_rooms set scene_file = '/files/scenes/elsewhere.json' where seed_key = 'yfang-03'`);
      expect(await seedCatalogue(db)).toEqual({ tilesAdded: 0, pavingsAdded: 0, modelRoomsAdded: 0 });
      const rows = await db.query<{ seed_key: string; scene_file: string }>(
        `select seed_key, scene_file from model_rooms where seed_key in ('yfang-02', 'yfang-03', 'corp-01') order by seed_key`,
      );
      expect(rows).toEqual([
        { seed_key: 'corp-01', scene_file: url('corp-01') },
        { seed_key: 'yfang-02', scene_file: url('yfang-02') },
        { seed_key: 'yfang-03', scene_file: '/files/scenes/elsewhere.json' },
      ]);
    });
  });
}
