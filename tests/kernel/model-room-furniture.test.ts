// The furniture of the committed sample rooms (server/catalogues/model-room-scenes/): every model
// is a real catalogue model (its GLB and low-poly GLB where the server serves them, its mount, its
// catalogue size unless resizable), stands inside one room (so clear of the walls), clear of every
// other piece in 3D (a rug may lie under others; a lamp may stand on a nightstand, a pendant hang
// over a table), under the ceiling, and each room has what a designer puts in a room of its type.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ModelRecord, RoomRecord, Vec2, WallRecord } from '../../protocol/records';
import { pointInRing } from '../../kernel-worker/geometry/polygon';
import { modelRoomSeeds } from '../../server/catalogues/catalogue-data';
import { MODEL_ROOM_SCENES_DIR, modelRoomSceneFileName } from '../../server/catalogues/model-room-scenes';
import { modelRows } from '../../server/catalogues/furniture/catalogue';
import { modelFileUrl, publicModelFileBase } from '../../server/catalogues/model-files';

const catalogue = new Map(modelRows().map((r) => [r.model_id, r]));
const CEILING = 2800;
/** a piece this flat (a rug) lies under others */
const FLAT = 20;

interface Box3d {
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
  readonly z0: number;
  readonly z1: number;
}

/** The footprint's corners, turned by the record's rotation about its position. */
function corners(m: ModelRecord): Vec2[] {
  const c = Math.cos(m.rotation);
  const s = Math.sin(m.rotation);
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([u, v]) => {
    const x = (u! * m.size.x) / 2;
    const y = (v! * m.size.y) / 2;
    return { x: m.position.x + x * c - y * s, y: m.position.y + x * s + y * c };
  });
}

function boxOf(m: ModelRecord): Box3d {
  const cs = corners(m);
  return {
    x0: Math.min(...cs.map((p) => p.x)),
    x1: Math.max(...cs.map((p) => p.x)),
    y0: Math.min(...cs.map((p) => p.y)),
    y1: Math.max(...cs.map((p) => p.y)),
    z0: m.position.z,
    z1: m.position.z + m.size.z,
  };
}

/** Overlap with more than a millimetre in every axis. */
function intersects(a: Box3d, b: Box3d): boolean {
  const eps = 1;
  return a.x0 < b.x1 - eps && b.x0 < a.x1 - eps && a.y0 < b.y1 - eps && b.y0 < a.y1 - eps && a.z0 < b.z1 - eps && b.z0 < a.z1 - eps;
}

/** A wall's body: its centre line widened by half its thickness each side (the plans' walls are axis-aligned). */
function wallBox(w: WallRecord): Box3d {
  const t = w.thickness / 2;
  return { x0: Math.min(w.start.x, w.end.x) - t, x1: Math.max(w.start.x, w.end.x) + t, y0: Math.min(w.start.y, w.end.y) - t, y1: Math.max(w.start.y, w.end.y) + t, z0: 0, z1: w.height };
}

/** Inside the room's outline, its border included (a piece stands 20 mm from a wall or, a shower, against it). */
function insideRoom(p: Vec2, room: RoomRecord): boolean {
  if (pointInRing(p, room.outline)) return true;
  // on the border: a hair inward is inside
  const cx = room.outline.reduce((s, q) => s + q.x, 0) / room.outline.length;
  const cy = room.outline.reduce((s, q) => s + q.y, 0) / room.outline.length;
  const d = Math.hypot(cx - p.x, cy - p.y) || 1;
  return pointInRing({ x: p.x + (cx - p.x) / d, y: p.y + (cy - p.y) / d }, room.outline);
}

/** What a designer puts in each room type (catalogue classes, or category3 where a class is too wide). */
const MUST_HAVE: Readonly<Record<number, readonly string[]>> = {
  1: ['sofa', 'coffee-table', 'tv-unit', 'tv', 'floor-lamp', 'plant'],
  2: ['bed', 'nightstand', 'wardrobe', 'table-lamp'],
  3: ['bed', 'nightstand', 'wardrobe', 'table-lamp'],
  4: ['bed', 'desk', 'wardrobe'],
  7: ['fridge', 'hob', 'hood'],
  8: ['toilet', 'basin', 'shower'],
  13: ['desk', 'shelf'],
};

function kindsOf(modelId: string): string[] {
  const row = catalogue.get(modelId)!;
  const out = [row.class];
  const c3 = row.category3;
  if (c3 === '床头柜') out.push('nightstand');
  if (c3 === '落地灯') out.push('floor-lamp');
  if (c3 === '台灯') out.push('table-lamp');
  if (c3 === '冰箱') out.push('fridge');
  if (c3 === '灶具') out.push('hob');
  if (c3 === '烟机') out.push('hood');
  return out;
}

describe('sample-room furniture', () => {
  for (const seed of modelRoomSeeds()) {
    describe(`${seed.key} ${seed.name}`, () => {
      const file = path.join(MODEL_ROOM_SCENES_DIR, modelRoomSceneFileName(seed.key));
      const records = (JSON.parse(fs.readFileSync(file, 'utf8')) as { records: { type: string }[] }).records;
      const models = records.filter((r): r is ModelRecord => r.type === 'model');
      const rooms = records.filter((r): r is RoomRecord => r.type === 'room');
      const walls = records.filter((r): r is WallRecord => r.type === 'wall');

      it('is real catalogue models with their files, mounts and sizes', () => {
        expect(models.length).toBeGreaterThan(3);
        for (const m of models) {
          const row = catalogue.get(m.modelId);
          expect(row, `${m.id} ${m.modelId} is not in the catalogue`).toBeDefined();
          const base = publicModelFileBase(row!.model_id, row!.modelVersion);
          expect(m.gltfUrl).toBe(modelFileUrl(base, 'glb'));
          expect(m.lowGltfUrl).toBe(modelFileUrl(base, 'low'));
          expect(m.mount).toBe(row!.type);
          if (!row!.resizable) expect(m.size, `${m.modelId} is not resizable`).toEqual({ x: row!.sizex, y: row!.sizey, z: row!.sizez });
        }
      });

      it('stands inside one room, clear of the walls, under the ceiling', () => {
        for (const m of models) {
          const cs = corners(m);
          const homes = rooms.filter((r) => cs.every((p) => insideRoom(p, r)));
          expect(homes.length, `${m.id} ${m.name} at ${JSON.stringify(m.position)} is inside ${homes.length} rooms`).toBe(1);
          const box = boxOf(m);
          for (const w of walls) expect(intersects(box, wallBox(w)), `${m.id} ${m.name} intersects wall ${w.id}`).toBe(false);
          expect(box.z0).toBeGreaterThanOrEqual(0);
          expect(box.z1).toBeLessThanOrEqual(CEILING);
          // a floor piece stands on the floor, a ceiling piece touches the ceiling
          if (m.mount === 'floor') expect(box.z0).toBe(0);
          if (m.mount === 'ceiling') expect(box.z1).toBe(CEILING);
        }
      });

      it('intersects no other piece', () => {
        const solid = models.filter((m) => m.size.z > FLAT);
        for (let i = 0; i < solid.length; i++) {
          for (let j = i + 1; j < solid.length; j++) {
            const [a, b] = [solid[i]!, solid[j]!];
            expect(intersects(boxOf(a), boxOf(b)), `${a.id} ${a.name} intersects ${b.id} ${b.name}`).toBe(false);
          }
        }
      });

      it('has what a designer puts in each room of its type', () => {
        for (const room of rooms) {
          const wanted = MUST_HAVE[room.roomType];
          if (!wanted) continue;
          const inRoom = models.filter((m) => pointInRing({ x: m.position.x, y: m.position.y }, room.outline));
          const kinds = new Set(inRoom.flatMap((m) => kindsOf(m.modelId)));
          for (const k of wanted) expect(kinds.has(k), `${room.name} (${room.roomType}) has no ${k}`).toBe(true);
        }
      });
    });
  }

  it('fails on a piece pushed into a wall or onto another (the checks can fail)', () => {
    const file = path.join(MODEL_ROOM_SCENES_DIR, modelRoomSceneFileName('yfang-01'));
    const records = (JSON.parse(fs.readFileSync(file, 'utf8')) as { records: { type: string }[] }).records;
    const models = records.filter((r): r is ModelRecord => r.type === 'model' && (r as ModelRecord).size.z > FLAT && (r as ModelRecord).mount === 'floor');
    const walls = records.filter((r): r is WallRecord => r.type === 'wall');
    const [a, b] = [models[0]!, models[1]!];
    const moved: ModelRecord = { ...a, position: { ...b.position } };
    expect(intersects(boxOf(moved), boxOf(b))).toBe(true);
    const w = walls[0]!;
    const onWall: ModelRecord = { ...a, position: { x: (w.start.x + w.end.x) / 2, y: (w.start.y + w.end.y) / 2, z: 0 } };
    expect(walls.some((x) => intersects(boxOf(onWall), wallBox(x)))).toBe(true);
  });
});
