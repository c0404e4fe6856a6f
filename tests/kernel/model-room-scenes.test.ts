// The committed scene files of the seeded sample rooms (server/catalogues/model-room-scenes/):
// one per seed, current (what `npm run catalogue:scenes` makes now, byte for byte), loadable by
// the kernel, and a sample room a designer would open: rooms of the seed's type and area, named,
// tiled with a real catalogue tile, furnished inside the rooms.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../protocol/records';
import { createSequentialIds } from '../../kernel-worker/document/ids';
import { boundsOf } from '../../kernel-worker/geometry/polygon';
import { createKernel } from '../../kernel-worker/kernel';
import { createPersistence } from '../../kernel-worker/persistence/persistence';
import { modelRoomSeeds, publicTileSeeds } from '../../server/catalogues/catalogue-data';
import { MODEL_ROOM_SCENES_DIR, modelRoomSceneFileName } from '../../server/catalogues/model-room-scenes';
import { buildModelRoomScene, WHOLE_HOUSE } from '../../scripts/model-room-scenes-build';

const seeds = modelRoomSeeds();
const tiles = new Map(publicTileSeeds().map((t) => [t.code, t]));

function load(json: string) {
  const kernel = createKernel({ ids: createSequentialIds() });
  const persistence = createPersistence(kernel);
  persistence.load(json);
  return kernel;
}

describe('sample-room scene files', () => {
  it('there is one file per seed and no other', () => {
    const files = fs.readdirSync(MODEL_ROOM_SCENES_DIR).sort();
    expect(files).toEqual(seeds.map((s) => modelRoomSceneFileName(s.key)).sort());
  });

  for (const seed of seeds) {
    describe(`${seed.key} ${seed.name}`, () => {
      const file = path.join(MODEL_ROOM_SCENES_DIR, modelRoomSceneFileName(seed.key));

      it('is what the generator makes now (npm run catalogue:scenes rewrites it)', () => {
        expect(fs.readFileSync(file, 'utf8') === buildModelRoomScene(seed).json, `${file} is stale: run npm run catalogue:scenes`).toBe(true);
      });

      it('loads in the kernel as a sample room of its seed', () => {
        const kernel = load(fs.readFileSync(file, 'utf8'));
        const snapshot = kernel.snapshot();
        const meta = kernel.records.ofType('meta')[0]!;
        expect(meta).toMatchObject({ name: seed.name, style: seed.style, roomType: seed.roomType });

        const rooms = Object.values(snapshot.rooms);
        if (seed.roomType === WHOLE_HOUSE) {
          expect(rooms.length).toBeGreaterThanOrEqual(3);
          expect(new Set(rooms.map((r) => r.name)).size).toBe(rooms.length);
          expect(rooms.map((r) => r.roomType)).toEqual(expect.arrayContaining([1, 2, 7, 8]));
        } else {
          expect(rooms.filter((r) => r.roomType === seed.roomType).length).toBeGreaterThanOrEqual(1);
          expect(rooms[0]!.name).toBe(seed.name);
        }
        for (const r of rooms) {
          expect(r.name.trim(), r.id).not.toBe('');
          expect(r.roomType, r.name).toBeGreaterThan(0);
        }
        const total = rooms.reduce((sum, r) => sum + r.area, 0);
        expect(Math.abs(total - seed.area) / seed.area).toBeLessThan(0.1);
      });

      it('has doors and windows, floors of real catalogue tiles, and furniture inside the rooms', () => {
        const kernel = load(fs.readFileSync(file, 'utf8'));
        const openings = kernel.records.ofType('opening');
        expect(openings.some((o) => o.kind === 1)).toBe(true);
        expect(openings.some((o) => o.kind === 0)).toBe(true);

        const rooms = kernel.records.ofType('room');
        const pavings = kernel.records.ofType('paving');
        for (const room of rooms) {
          const floor = pavings.find((p) => p.surface.id === room.id && p.surface.face === 'floor');
          expect(floor, `${room.name} has a floor paving`).toBeTruthy();
          const tile = tiles.get(floor!.tileCode);
          expect(tile, `${room.name}: ${floor!.tileCode} is a public tile`).toBeTruthy();
          expect(tile!.genre).not.toBe('wall');
          expect(floor).toMatchObject({ tileWidth: tile!.widthMm, tileHeight: tile!.heightMm, mode: tile!.mode, image: `/files/catalogue/tiles/${tile!.code}.png` });
        }

        const models = kernel.records.ofType('model');
        expect(models.length).toBeGreaterThanOrEqual(rooms.length * 2);
        const boxes = models.map((m) => {
          const quarter = Math.abs(Math.sin(m.rotation)) > 0.5;
          const [fx, fy] = quarter ? [m.size.y, m.size.x] : [m.size.x, m.size.y];
          return { m, x0: m.position.x - fx / 2, x1: m.position.x + fx / 2, y0: m.position.y - fy / 2, y1: m.position.y + fy / 2 };
        });
        for (const b of boxes) {
          const home = rooms.find((r) => {
            const rb = boundsOf(r.outline)!;
            return b.x0 >= rb.minX && b.x1 <= rb.maxX && b.y0 >= rb.minY && b.y1 <= rb.maxY;
          });
          expect(home, `${b.m.name} ${b.m.id} lies inside a room`).toBeTruthy();
        }
        // standing pieces do not overlap (a TV stands on its cabinet, a rug lies under the sofa's
        // front; model-room-furniture.test.ts checks every piece in 3D)
        const standing = boxes.filter((b) => b.m.position.z === 0 && b.m.size.z > 20);
        for (let i = 0; i < standing.length; i++) {
          for (let j = i + 1; j < standing.length; j++) {
            const [a, b] = [standing[i]!, standing[j]!];
            const overlap = a.x0 < b.x1 - 1 && b.x0 < a.x1 - 1 && a.y0 < b.y1 - 1 && b.y0 < a.y1 - 1;
            expect(overlap, `${a.m.name} ${a.m.id} and ${b.m.name} ${b.m.id}`).toBe(false);
          }
        }
      });
    });
  }

  it('every record of the files is a document record the kernel saves back unchanged', () => {
    for (const seed of seeds) {
      const json = fs.readFileSync(path.join(MODEL_ROOM_SCENES_DIR, modelRoomSceneFileName(seed.key)), 'utf8');
      const kernel = createKernel({ ids: createSequentialIds() });
      const persistence = createPersistence(kernel);
      persistence.load(json);
      expect(persistence.save().json).toBe(json);
      const records = (JSON.parse(json) as { records: DocumentRecord[] }).records;
      expect(records.length).toBeGreaterThan(10);
    }
  });
});
