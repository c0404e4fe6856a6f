// The whole house of the render benchmark (issues 5 and 13): one storey of 12 rooms (3 x 4) whose
// sides are each built of five collinear walls (155 walls), a door per room and windows along the
// outside (60 openings), floor pavings, two lights per room, and 2,000 real catalogue models of
// 200 kinds (10 of each; the furniture generator's GLBs with their low-poly variants).
// Deterministic; every record passes the kernel's validators. Node only (the catalogue's
// generators): the bench hands the JSON to its page.

import type { DocumentRecord, LightRecord, MetaRecord, ModelRecord, OpeningRecord, PavingRecord, RoomRecord, StoreyRecord, Vec2, WallRecord } from '../../protocol/records';
import { SCENE_FILE_FORMAT, canonicalJson, compareIds, type FileRecord } from '../../protocol/scene-file';
import { currentSchema } from '../../kernel-worker/persistence/migrations';
import { fileMeta } from '../../kernel-worker/persistence/scene-codec';
import { mulberry32 } from '../fixtures/prng';
import { modelRows, type ModelRow } from '../../server/catalogues/furniture/catalogue';

export const RENDER_HOUSE = { rows: 3, cols: 4, segments: 5, items: 2000, kinds: 200, openings: 60 } as const;

/** Where the bench's dev server serves a catalogue model's files (browser.ts, catalogueModelFiles). */
export function benchModelUrl(modelId: string, low: boolean): string {
  return `/files/catalogue/models/v1/${modelId}${low ? '.low' : ''}.glb`;
}

/** `kinds` distinct catalogue models, spread over the catalogue's families (every n-th row). */
export function houseModelRows(kinds: number): ModelRow[] {
  const all = modelRows();
  const step = all.length / kinds;
  return Array.from({ length: Math.min(kinds, all.length) }, (_, i) => all[Math.floor(i * step)]!);
}

const ROOM_W = 5000;
const ROOM_D = 4200;
const THICKNESS = 240;
const HEIGHT = 2800;

export function renderHouseRecords(size: { items: number; kinds: number } = RENDER_HOUSE): DocumentRecord[] {
  const { rows, cols, segments } = RENDER_HOUSE;
  const { items, kinds } = size;
  const rand = mulberry32(5150);
  const storeyId = 'storey-0';
  const out: DocumentRecord[] = [];
  const meta: MetaRecord = {
    id: 'meta',
    type: 'meta',
    name: '渲染测试住宅',
    style: '现代',
    roomType: 100,
    isUseStackWall: 0,
    hasMeasuringSize: false,
    client: { name: '', phone: '', id: '', address: '', order_number: '' },
  };
  const storey: StoreyRecord = { id: storeyId, type: 'storey', index: 0, name: '1F', elevation: 0, layerHeight: HEIGHT + 100 };
  out.push(meta, storey);

  const wall = (id: string, start: Vec2, end: Vec2): WallRecord => ({ id, type: 'wall', storeyId, start, end, thickness: THICKNESS, height: HEIGHT, wallType: 'normal' });
  const outside: WallRecord[] = [];
  const westOf = new Map<string, WallRecord>();
  for (let r = 0; r <= rows; r++) {
    for (let c = 0; c < cols; c++) {
      for (let k = 0; k < segments; k++) {
        const x0 = c * ROOM_W + (k * ROOM_W) / segments;
        const w = wall(`w-h-${r}-${c}-${k}`, { x: x0, y: r * ROOM_D }, { x: x0 + ROOM_W / segments, y: r * ROOM_D });
        out.push(w);
        if (r === 0 || r === rows) outside.push(w);
      }
    }
  }
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c <= cols; c++) {
      for (let k = 0; k < segments; k++) {
        const y0 = r * ROOM_D + (k * ROOM_D) / segments;
        const w = wall(`w-v-${r}-${c}-${k}`, { x: c * ROOM_W, y: y0 }, { x: c * ROOM_W, y: y0 + ROOM_D / segments });
        out.push(w);
        if (c === 0 || c === cols) outside.push(w);
        if (k === 2) westOf.set(`${r}-${c}`, w);
      }
    }
  }

  const rooms: RoomRecord[] = [];
  let openings = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x0 = c * ROOM_W + THICKNESS / 2;
      const y0 = r * ROOM_D + THICKNESS / 2;
      const x1 = (c + 1) * ROOM_W - THICKNESS / 2;
      const y1 = (r + 1) * ROOM_D - THICKNESS / 2;
      const roomType = [1, 2, 3, 7, 8, 13][(r * cols + c) % 6]!;
      const room: RoomRecord = {
        id: `room-${r}-${c}`,
        type: 'room',
        storeyId,
        name: '',
        roomType,
        outline: [
          { x: x0, y: y0 },
          { x: x1, y: y0 },
          { x: x1, y: y1 },
          { x: x0, y: y1 },
        ],
        height: HEIGHT,
      };
      rooms.push(room);
      const doorWall = westOf.get(`${r}-${c}`)!;
      const door: OpeningRecord = {
        id: `${room.id}.door`,
        type: 'opening',
        wallId: doorWall.id,
        kind: 1,
        offset: ROOM_D / segments / 2,
        width: 800,
        height: 2000,
        elevation: 0,
        flipSide: false,
        flipHinge: rand.chance(0.5),
      };
      const floor: PavingRecord = {
        id: `${room.id}.floor`,
        type: 'paving',
        surface: { id: room.id, face: 'floor' },
        tileCode: roomType === 7 || roomType === 8 ? 'FL-300' : 'FL-800',
        tileWidth: roomType === 7 || roomType === 8 ? 300 : 800,
        tileHeight: roomType === 7 || roomType === 8 ? 300 : 800,
        gap: 2,
        rotation: 0,
        offset: { x: 0, y: 0 },
        mode: '0',
      };
      const light = (i: number): LightRecord => ({
        id: `${room.id}.light-${i}`,
        type: 'light',
        storeyId,
        kind: i === 0 ? 'area' : 'spot',
        position: { x: (x0 + x1) / 2 + (i === 0 ? 0 : 900), y: (y0 + y1) / 2, z: HEIGHT - 20 },
        color: '#fff4e0',
        intensity: i === 0 ? 20 : 10,
      });
      out.push(room, door, floor, light(0), light(1));
      openings += 1;
    }
  }
  // Windows on the outside walls, evenly spread, until there are 60 openings.
  const step = outside.length / (RENDER_HOUSE.openings - openings);
  for (let i = 0; openings < RENDER_HOUSE.openings; i++, openings++) {
    const w = outside[Math.floor(i * step)]!;
    const length = Math.hypot(w.end.x - w.start.x, w.end.y - w.start.y);
    out.push({
      id: `${w.id}.window`,
      type: 'opening',
      wallId: w.id,
      kind: 0,
      offset: length / 2,
      width: Math.min(600, length - 200),
      height: 1400,
      elevation: 900,
      flipSide: false,
      flipHinge: false,
    });
  }

  // Furniture: `kinds` real catalogue models (the generator's GLBs and their low-poly variants,
  // served by the bench's dev server, browser.ts), `items / kinds` of each, spread over the rooms.
  // Ceiling pieces hang under the ceiling, wall pieces at 1.2 m, the rest stand on the floor.
  const catalogue = houseModelRows(kinds);
  for (let i = 0; i < items; i++) {
    const room = rooms[i % rooms.length]!;
    const [a, , b] = room.outline as [Vec2, Vec2, Vec2, Vec2];
    const row = catalogue[i % catalogue.length]!;
    const w = row.sizex;
    const d = row.sizey;
    const x = a.x + 200 + w / 2 + rand.next() * Math.max(0, b.x - a.x - 400 - w);
    const y = a.y + 200 + d / 2 + rand.next() * Math.max(0, b.y - a.y - 400 - d);
    const rotation = rand.pick([0, Math.PI / 2, Math.PI, -Math.PI / 2]);
    const z = row.type === 'ceiling' ? HEIGHT - row.sizez : row.type === 'wall' ? 1200 : 0;
    const model: ModelRecord = {
      id: `item-${String(i).padStart(4, '0')}`,
      type: 'model',
      storeyId,
      modelId: row.model_id,
      name: row.name,
      position: { x: Math.round(x), y: Math.round(y), z },
      rotation,
      size: { x: row.sizex, y: row.sizey, z: row.sizez },
      gltfUrl: benchModelUrl(row.model_id, false),
      lowGltfUrl: benchModelUrl(row.model_id, true),
      mount: row.type,
    };
    out.push(model);
  }
  return out.sort((x, y) => compareIds(x.id, y.id));
}

export function renderHouseJson(size: { items: number; kinds: number } = RENDER_HOUSE): string {
  const records = renderHouseRecords(size);
  const meta = records.find((r): r is MetaRecord => r.type === 'meta');
  return canonicalJson({ format: SCENE_FILE_FORMAT, schema: currentSchema(), meta: fileMeta(meta), records: records as unknown as FileRecord[] });
}
