// The seeded sample rooms' covers are the plan that opens (model-room-covers.ts): drawn from the
// committed scene file with its furniture, served as a PNG at the room's cover_url, and rooms
// seeded with the old abstract picture get theirs when seeding runs again.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelRoomSeeds } from '../../server/catalogues/catalogue-data';
import { assetUrl } from '../../server/catalogues/assets';
import { COVER_HEIGHT, COVER_WIDTH, drawModelRoomCover, modelRoomCoverPng } from '../../server/catalogues/model-room-covers';
import { MODEL_ROOM_SCENES_DIR, modelRoomSceneFileName } from '../../server/catalogues/model-room-scenes';
import { modelRows } from '../../server/catalogues/furniture/catalogue';
import { seedCatalogue } from '../../server/catalogues/seed-catalogue';
import type { Db } from '../../server/db/types';
import { backends } from './helpers';
import { openCatalogueApp, readPng, type TestApp } from './catalogue-helpers';

const coverUrl = (key: string) => `/files/catalogue/model-rooms/${key}.cover.png`;
const recordsOf = (key: string) => (JSON.parse(fs.readFileSync(path.join(MODEL_ROOM_SCENES_DIR, modelRoomSceneFileName(key)), 'utf8')) as { records: { id: string; type: string }[] }).records;

describe('a sample room cover', () => {
  const rows = new Map(modelRows().map((r) => [r.model_id, r]));
  /** Pixels of the picture that are the furniture's white. */
  const white = (rgb: Uint8Array) => {
    let n = 0;
    for (let i = 0; i < rgb.length; i += 3) if (rgb[i] === 255 && rgb[i + 1] === 255 && rgb[i + 2] === 255) n++;
    return n;
  };

  it('draws the plan with its furniture: without the models the rooms are bare', () => {
    const records = recordsOf('yfang-03');
    const furnished = drawModelRoomCover(records, rows);
    const bare = drawModelRoomCover(
      records.filter((r) => r.type !== 'model'),
      rows,
    );
    expect(furnished.length).toBe(COVER_WIDTH * COVER_HEIGHT * 3);
    // the bed, wardrobe, nightstands and dresser cover a good part of a bedroom
    expect(white(furnished)).toBeGreaterThan(COVER_WIDTH * COVER_HEIGHT * 0.08);
    expect(white(bare)).toBe(0);
  });
});

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`sample room covers on ${backend.name}`, () => {
    let app: TestApp;
    let db: Db;
    let dispose: () => Promise<void>;

    beforeAll(async () => {
      ({ app, db, dispose } = await openCatalogueApp(backend));
    });
    afterAll(async () => {
      await dispose?.();
    });

    it('every seeded sample room has its plan as cover, served as a PNG', async () => {
      const got = await db.query<{ seed_key: string; cover_url: string }>('select seed_key, cover_url from model_rooms where seed_key is not null');
      expect(got).toHaveLength(modelRoomSeeds().length);
      for (const r of got) expect(r.cover_url).toBe(coverUrl(r.seed_key));
      const res = await app.request(coverUrl('yfang-01'));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(readPng(bytes)).toMatchObject({ width: COVER_WIDTH, height: COVER_HEIGHT });
      expect(bytes).toEqual(await modelRoomCoverPng('yfang-01'));
      expect((await app.request(coverUrl('no-such-room'))).status).toBe(404);
    });

    it('seeding again gives rooms with the old picture their plan, and keeps a cover an owner set', async () => {
      await db.query(`update model_rooms set cover_url = $1 where seed_key = 'yfang-02'`, [assetUrl('catalogue/model-rooms/yfang-02')]);
      await db.query(`update model_rooms set cover_url = '/files/mine.png' where seed_key = 'yfang-03'`);
      await seedCatalogue(db);
      const after = await db.query<{ seed_key: string; cover_url: string }>(`select seed_key, cover_url from model_rooms where seed_key in ('yfang-02', 'yfang-03') order by seed_key`);
      expect(after).toEqual([
        { seed_key: 'yfang-02', cover_url: coverUrl('yfang-02') },
        { seed_key: 'yfang-03', cover_url: '/files/mine.png' },
      ]);
    });
  });
}
