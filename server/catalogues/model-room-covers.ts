// The cover of a seeded sample room (样板间): its plan as it opens, drawn from its committed scene
// file (model-room-scenes.ts) — rooms on their floors, walls with their doors and windows, and
// every piece of furniture as its catalogue plan symbol (footprint and key lines, turned and
// scaled like the record). North (plan +y) is up, as in the plan view. Drawn at twice the size
// and averaged down, so lines are smooth. The first request for
// /files/catalogue/model-rooms/<seed key>.cover.png stores it (assets.ts ensureAsset).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from '../storage/types';
import { modelRoomSeeds } from './catalogue-data';
import { modelRows, type ModelRow } from './furniture/catalogue';
import { MODEL_ROOM_SCENES_DIR, modelRoomSceneFileName } from './model-room-scenes';
import { encodePng } from './png';

export const COVER_WIDTH = 400;
export const COVER_HEIGHT = 300;
const SS = 2;

const KEY_RE = /^catalogue\/model-rooms\/([A-Za-z0-9_-]{1,64})\.cover\.png$/;

/** The storage key (and, after /files/, the address) of a seed's cover. */
export function modelRoomCoverKey(seedKey: string): string {
  return `catalogue/model-rooms/${seedKey}.cover.png`;
}

/** The seed a storage key names, when it names the cover of a seeded sample room; else null. */
export function modelRoomCoverSeed(key: string): string | null {
  const m = KEY_RE.exec(key);
  if (!m) return null;
  return modelRoomSeeds().some((s) => s.key === m[1]) ? m[1]! : null;
}

interface P {
  readonly x: number;
  readonly y: number;
}
type Rgb = readonly [number, number, number];

interface SceneRecord {
  readonly id: string;
  readonly type: string;
  readonly [field: string]: unknown;
}
interface Wall extends SceneRecord {
  readonly start: P;
  readonly end: P;
  readonly thickness: number;
}
interface Room extends SceneRecord {
  readonly outline: readonly P[];
  readonly roomType: number;
}
interface Opening extends SceneRecord {
  readonly wallId: string;
  readonly kind: number;
  readonly offset: number;
  readonly width: number;
}
interface Model extends SceneRecord {
  readonly modelId: string;
  readonly position: { x: number; y: number; z: number };
  readonly rotation: number;
  readonly size: { x: number; y: number; z: number };
}

const BACKGROUND: Rgb = [244, 241, 236];
const WALL: Rgb = [61, 65, 71];
const WINDOW: Rgb = [150, 196, 230];
const FURNITURE: Rgb = [255, 255, 255];
const OUTLINE: Rgb = [96, 100, 108];
const KEY_LINE: Rgb = [150, 155, 163];
const RUG: Rgb = [214, 199, 182];
/** Floors by room type: wood in bedrooms and studies, tiles in kitchens and bathrooms, warm stone in living rooms. */
function floorColour(roomType: number): Rgb {
  if (roomType === 7 || roomType === 8) return [218, 222, 226];
  if (roomType === 1) return [234, 224, 206];
  return [222, 198, 164];
}

class Canvas {
  readonly rgb: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    fill: Rgb,
  ) {
    this.rgb = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i++) this.rgb.set(fill, i * 3);
  }

  private put(x: number, y: number, c: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    this.rgb.set(c, (y * this.width + x) * 3);
  }

  /** Fills a polygon (even-odd), pixel centres inside. */
  polygon(points: readonly P[], c: Rgb): void {
    if (points.length < 3) return;
    const ys = points.map((p) => p.y);
    const y0 = Math.max(0, Math.floor(Math.min(...ys)));
    const y1 = Math.min(this.height - 1, Math.ceil(Math.max(...ys)));
    for (let y = y0; y <= y1; y++) {
      const cy = y + 0.5;
      const xs: number[] = [];
      for (let i = 0; i < points.length; i++) {
        const a = points[i]!;
        const b = points[(i + 1) % points.length]!;
        if (a.y <= cy !== b.y <= cy) xs.push(a.x + ((cy - a.y) / (b.y - a.y)) * (b.x - a.x));
      }
      xs.sort((p, q) => p - q);
      for (let k = 0; k + 1 < xs.length; k += 2) for (let x = Math.ceil(xs[k]! - 0.5); x <= Math.floor(xs[k + 1]! - 0.5); x++) this.put(x, y, c);
    }
  }

  /** A line `width` pixels wide: a thin rectangle. */
  line(a: P, b: P, width: number, c: Rgb): void {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    const nx = (-dy / len) * (width / 2);
    const ny = (dx / len) * (width / 2);
    this.polygon(
      [
        { x: a.x + nx, y: a.y + ny },
        { x: b.x + nx, y: b.y + ny },
        { x: b.x - nx, y: b.y - ny },
        { x: a.x - nx, y: a.y - ny },
      ],
      c,
    );
  }

  ring(points: readonly P[], width: number, c: Rgb): void {
    for (let i = 0; i < points.length; i++) this.line(points[i]!, points[(i + 1) % points.length]!, width, c);
  }

  /** Averages SS x SS blocks. */
  downscale(): Uint8Array {
    const w = this.width / SS;
    const h = this.height / SS;
    const out = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        for (let ch = 0; ch < 3; ch++) {
          let sum = 0;
          for (let j = 0; j < SS; j++) for (let i = 0; i < SS; i++) sum += this.rgb[((y * SS + j) * this.width + x * SS + i) * 3 + ch]!;
          out[(y * w + x) * 3 + ch] = Math.round(sum / (SS * SS));
        }
      }
    }
    return out;
  }
}

/** The cover's pixels (RGB, COVER_WIDTH x COVER_HEIGHT) of a scene file's records. */
export function drawModelRoomCover(records: readonly SceneRecord[], rows: ReadonlyMap<string, ModelRow>): Uint8Array {
  const walls = records.filter((r): r is Wall => r.type === 'wall');
  const rooms = records.filter((r): r is Room => r.type === 'room');
  const openings = records.filter((r): r is Opening => r.type === 'opening');
  const models = records.filter((r): r is Model => r.type === 'model');
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const w of walls) {
    for (const p of [w.start, w.end]) {
      minX = Math.min(minX, p.x - w.thickness / 2);
      maxX = Math.max(maxX, p.x + w.thickness / 2);
      minY = Math.min(minY, p.y - w.thickness / 2);
      maxY = Math.max(maxY, p.y + w.thickness / 2);
    }
  }
  const W = COVER_WIDTH * SS;
  const H = COVER_HEIGHT * SS;
  const canvas = new Canvas(W, H, BACKGROUND);
  if (!walls.length) return canvas.downscale();
  const margin = 16 * SS;
  const scale = Math.min((W - 2 * margin) / (maxX - minX), (H - 2 * margin) / (maxY - minY));
  const ox = (W - (maxX - minX) * scale) / 2;
  const oy = (H - (maxY - minY) * scale) / 2;
  // north up: plan +y goes to the top of the picture
  const px = (p: P): P => ({ x: ox + (p.x - minX) * scale, y: H - oy - (p.y - minY) * scale });

  for (const r of rooms) canvas.polygon(r.outline.map(px), floorColour(r.roomType));

  // furniture, low pieces first (a rug under the sofa), each its catalogue symbol
  const ordered = [...models].sort((a, b) => a.position.z + a.size.z - (b.position.z + b.size.z));
  for (const m of ordered) {
    const row = rows.get(m.modelId);
    // a ceiling lamp would hide what stands under it
    if (row?.type === 'ceiling') continue;
    const cos = Math.cos(m.rotation);
    const sin = Math.sin(m.rotation);
    const sx = row ? m.size.x / row.sizex : 1;
    const sy = row ? m.size.y / row.sizey : 1;
    const place = (q: P): P => {
      const x = q.x * sx;
      const y = q.y * sy;
      return px({ x: m.position.x + x * cos - y * sin, y: m.position.y + x * sin + y * cos });
    };
    const box: P[] = [
      { x: -m.size.x / 2 / sx, y: -m.size.y / 2 / sy },
      { x: m.size.x / 2 / sx, y: -m.size.y / 2 / sy },
      { x: m.size.x / 2 / sx, y: m.size.y / 2 / sy },
      { x: -m.size.x / 2 / sx, y: m.size.y / 2 / sy },
    ];
    const pts = (list: readonly (readonly [number, number])[]): P[] => list.map(([x, y]) => ({ x, y }));
    const outlines = row?.plan.outlines.length ? row.plan.outlines.map(pts) : [box];
    const lines = row ? row.plan.lines.map(pts) : [];
    const flat = m.size.z <= 20;
    canvas.polygon(outlines[0]!.map(place), flat ? RUG : FURNITURE);
    for (const o of outlines) canvas.ring(o.map(place), 1.2 * SS, OUTLINE);
    for (const l of lines) for (let i = 0; i + 1 < l.length; i++) canvas.line(place(l[i]!), place(l[i + 1]!), 0.8 * SS, KEY_LINE);
  }

  for (const w of walls) canvas.line(px(w.start), px(w.end), Math.max(2, w.thickness * scale), WALL);
  // wall ends meet: square caps at the joints
  for (const w of walls) {
    for (const p of [w.start, w.end]) {
      const h = (w.thickness / 2) * scale;
      const c = px(p);
      canvas.polygon(
        [
          { x: c.x - h, y: c.y - h },
          { x: c.x + h, y: c.y - h },
          { x: c.x + h, y: c.y + h },
          { x: c.x - h, y: c.y + h },
        ],
        WALL,
      );
    }
  }
  // openings cut the walls: a window a pale blue pane, a door a gap onto the floor
  const wallsById = new Map(walls.map((w) => [w.id, w]));
  for (const o of openings) {
    const w = wallsById.get(o.wallId);
    if (!w) continue;
    const len = Math.hypot(w.end.x - w.start.x, w.end.y - w.start.y) || 1;
    const ux = (w.end.x - w.start.x) / len;
    const uy = (w.end.y - w.start.y) / len;
    const a = { x: w.start.x + ux * (o.offset - o.width / 2), y: w.start.y + uy * (o.offset - o.width / 2) };
    const b = { x: w.start.x + ux * (o.offset + o.width / 2), y: w.start.y + uy * (o.offset + o.width / 2) };
    const thick = w.thickness * scale;
    if (o.kind === 0) {
      canvas.line(px(a), px(b), thick * 0.9, [250, 252, 255]);
      canvas.line(px(a), px(b), Math.max(1.5, thick * 0.3), WINDOW);
    } else {
      canvas.line(px(a), px(b), thick * 1.05, [238, 232, 222]);
    }
  }
  return canvas.downscale();
}

let rowsById: Map<string, ModelRow> | null = null;

/** The PNG cover of one seed, from its committed scene file; null when the file cannot be read. */
export async function modelRoomCoverPng(seedKey: string): Promise<Uint8Array | null> {
  let json: string;
  try {
    json = await readFile(path.join(MODEL_ROOM_SCENES_DIR, modelRoomSceneFileName(seedKey)), 'utf8');
  } catch {
    return null;
  }
  rowsById ??= new Map(modelRows().map((r) => [r.model_id, r]));
  const records = (JSON.parse(json) as { records: SceneRecord[] }).records;
  return encodePng(COVER_WIDTH, COVER_HEIGHT, drawModelRoomCover(records, rowsById));
}

/** Stores the cover of the seed `key` names (the caller made sure it does). */
export async function storeModelRoomCover(storage: FileStorage, key: string, seedKey: string): Promise<boolean> {
  const png = await modelRoomCoverPng(seedKey);
  if (!png) return false;
  await storage.put(key, png, { contentType: 'image/png' });
  return true;
}
