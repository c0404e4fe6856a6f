// Builds the scene file of each seeded sample room (样板间, server/catalogues/catalogue-data.ts
// modelRoomSeeds) with the real kernel, headless in Node, with sequential ids: the same seed gives
// the same bytes on every machine. scripts/model-room-scenes.ts writes them to
// server/catalogues/model-room-scenes/<seed key>.json (committed; the server may not import the
// kernel), and tests/kernel/model-room-scenes.test.ts checks they are current.
//
// A single room (room_type != 100) is a 4:3 rectangle whose floor area is the seed's area; a whole
// house (100) is a living room (客餐厅) down the middle with the other rooms in columns beside it,
// each with a door into the living room, scaled to the seed's area. Walls come from plan.build
// (outer walls 240, partitions 120), rooms are typed and named, floors are paved with a real tile
// of the public catalogue (its texture address as the server seeds it), and real catalogue
// furniture (the generated models' GLBs, as the server serves them) is placed by a small solver
// that keeps it inside its room, clear of each other, of the doors' swing and of windows (nothing
// taller than a sill stands in front of a window). Pieces that stand on others (a lamp on a
// nightstand, a TV on its unit, a hob on the counter) or hang above them (a hood, a pendant, a
// mirror) are placed with their support; a rug lies under the sofa's front and the coffee table.
import type { PlanOpeningInput, PlanWallInput } from '../protocol/commands';
import type { OpeningKind, Vec2 } from '../protocol/records';
import { createSequentialIds } from '../kernel-worker/document/ids';
import { boundsOf, pointInRing } from '../kernel-worker/geometry/polygon';
import { createKernel, type Kernel } from '../kernel-worker/kernel';
import { createPersistence } from '../kernel-worker/persistence/persistence';
import { assetUrl } from '../server/catalogues/assets';
import { modelRoomSeeds, publicTileSeeds, type ModelRoomSeed, type TileSeed } from '../server/catalogues/catalogue-data';
import { modelRows, type ModelRow } from '../server/catalogues/furniture/catalogue';
import { modelFileUrl, publicModelFileBase } from '../server/catalogues/model-files';
import type { ModelMount } from '../protocol/records';

export const WHOLE_HOUSE = 100;
const OUTER = 240;
const PARTITION = 120;
const LAYER_HEIGHT = 2800;

// ---- room types (catalogues.md §3) ----
const LIVING = 1;
const MASTER = 2;
const SECOND = 3;
const CHILD = 4;
const KITCHEN = 7;
const BATHROOM = 8;
const STUDY = 13;

// ---- tiles ----

/** A public catalogue tile by series, colour and size (catalogue-data.ts SERIES). */
type TileRef = readonly [series: string, colour: string, spec: string];

let tileCache: readonly TileSeed[] | null = null;

function tileOf([series, colour, spec]: TileRef): TileSeed {
  tileCache ??= publicTileSeeds();
  const tile = tileCache.find((t) => t.series === series && t.spec === spec && t.name.startsWith(`${colour} `));
  if (!tile) throw new Error(`no public tile ${series} ${colour} ${spec}`);
  if (tile.genre === 'wall') throw new Error(`tile ${tile.code} (${tile.name}) is a wall tile`);
  return tile;
}

interface Floors {
  /** living room, or the one room of a single-room seed */
  readonly main: TileRef;
  readonly bedroom?: TileRef;
  readonly kitchen?: TileRef;
  readonly bathroom?: TileRef;
}

/** Floors per seed, chosen for the style (and close to the colours of the seed's cover). */
const FLOORS: Readonly<Record<string, Floors>> = {
  'yfang-01': {
    main: ['素色水泥', '浅灰', '600x1200'],
    bedroom: ['宽板', '原色', '200x1200'],
    kitchen: ['素色水泥', '米白', '600x600'],
    bathroom: ['仿古', '仿古灰', '300x300'],
  },
  'yfang-02': { main: ['卡拉拉', '爵士白', '750x1500'] },
  'yfang-03': { main: ['人字拼', '浅橡', '120x600'] },
  'yfang-04': { main: ['胡桃', '北美胡桃', '200x1200'] },
  'yfang-05': { main: ['素色水泥', '暖沙', '600x1200'] },
  'yfang-06': {
    main: ['橡木', '白橡', '200x1200'],
    kitchen: ['素色水泥', '米白', '300x600'],
    bathroom: ['仿古', '仿古米', '300x300'],
  },
  'yfang-07': { main: ['仿古', '仿古红', '300x300'] },
  'yfang-08': { main: ['花砖', '蓝白格', '200x200'] },
  'yfang-09': { main: ['水磨石', '粉水磨石', '600x600'] },
  'yfang-10': {
    main: ['素色水泥', '深灰', '600x1200'],
    bedroom: ['橡木', '烟熏橡', '220x1800'],
    kitchen: ['素色水泥', '水泥灰', '600x600'],
    bathroom: ['仿古', '仿古灰', '300x300'],
  },
  'corp-01': {
    main: ['卡拉拉', '卡拉拉白', '800x800'],
    bedroom: ['橡木', '自然橡', '200x1200'],
    kitchen: ['素色水泥', '浅灰', '600x600'],
    bathroom: ['仿古', '仿古灰', '300x300'],
  },
  'corp-02': { main: ['宽板', '灰白', '200x1200'] },
  'chuangmi-01': { main: ['水磨石', '白水磨石', '600x600'] },
  'chuangmi-02': { main: ['橡木', '白橡', '200x1200'] },
};

function floorFor(seed: ModelRoomSeed, roomType: number): TileRef {
  const floors = FLOORS[seed.key];
  if (!floors) throw new Error(`no floors chosen for sample room ${seed.key}`);
  if (roomType === KITCHEN) return floors.kitchen ?? floors.main;
  if (roomType === BATHROOM) return floors.bathroom ?? floors.main;
  if (roomType === LIVING) return floors.main;
  return floors.bedroom ?? floors.main;
}

// ---- geometry ----

interface Rect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

type Side = 'N' | 'E' | 'S' | 'W';
const SIDES: readonly Side[] = ['N', 'E', 'S', 'W'];
const OPPOSITE: Readonly<Record<Side, Side>> = { N: 'S', S: 'N', E: 'W', W: 'E' };

/** A model's front is its local -y; standing with its back to a wall, it faces the room. */
const SIDE_ROTATION: Readonly<Record<Side, number>> = { N: 0, E: -Math.PI / 2, S: Math.PI, W: Math.PI / 2 };

const round10 = (v: number) => Math.round(v / 10) * 10;

function overlaps(a: Rect, b: Rect): boolean {
  const eps = 1;
  return a.x0 < b.x1 - eps && b.x0 < a.x1 - eps && a.y0 < b.y1 - eps && b.y0 < a.y1 - eps;
}

function inside(inner: Rect, outer: Rect): boolean {
  const eps = 0.5;
  return inner.x0 >= outer.x0 - eps && inner.x1 <= outer.x1 + eps && inner.y0 >= outer.y0 - eps && inner.y1 <= outer.y1 + eps;
}

/** Pieces one above the other (a pendant over a table) or a flat one (a rug) with another: they share a footprint without touching. */
function apart(a: { position: { z: number }; h: number; size: { z: number } }, b: { position: { z: number }; h: number; size: { z: number } }): boolean {
  if (a.size.z <= FLAT || b.size.z <= FLAT) return true;
  return a.h <= b.position.z || b.h <= a.position.z;
}

/** Height (mm) under which a piece is flat: a rug lies under others. */
export const FLAT = 20;

function grow(r: Rect, by: number): Rect {
  return { x0: r.x0 - by, y0: r.y0 - by, x1: r.x1 + by, y1: r.y1 + by };
}

/** The position along a side's wall: x for N and S, y for E and W. */
const alongX = (side: Side) => side === 'N' || side === 'S';

/** Standing in the room facing the wall of `side`, the direction to the right (+1: +x or +y). */
const RIGHT: Readonly<Record<Side, 1 | -1>> = { N: 1, S: -1, E: -1, W: 1 };

function normaliseAngle(a: number): number {
  let r = a;
  while (r <= -Math.PI + 1e-9) r += 2 * Math.PI;
  while (r > Math.PI + 1e-9) r -= 2 * Math.PI;
  // canonical values, so the file never carries 1.5707963267948968 for one side and ...966 for another
  for (const v of [0, Math.PI / 2, -Math.PI / 2, Math.PI]) if (Math.abs(r - v) < 1e-9) return v;
  return r;
}

// ---- furniture ----

/** One box of a group. w: its width (catalogue sizex), d: its depth (sizey), h: height (sizez). */
interface Part {
  readonly modelId: string;
  readonly name: string;
  readonly w: number;
  readonly d: number;
  readonly h: number;
  /** centre offset along the wall (to the right, standing in the room facing the wall) */
  readonly du?: number;
  /** distance of its back from the wall */
  readonly dv?: number;
  /** quarter turns (counter-clockwise) from facing the room */
  readonly turn?: 0 | 1 | 2 | 3;
  /** its base above the floor (a TV on the wall) */
  readonly z?: number;
  /** the catalogue's files and mount (catalogueItem) */
  readonly files?: CatalogueFiles;
}

interface CatalogueFiles {
  readonly gltfUrl: string;
  readonly lowGltfUrl: string;
  readonly mount: ModelMount;
}

interface Placed {
  readonly modelId: string;
  readonly name: string;
  readonly files?: CatalogueFiles;
  readonly position: { x: number; y: number; z: number };
  readonly rotation: number;
  readonly size: { x: number; y: number; z: number };
  readonly footprint: Rect;
  readonly h: number;
}

interface OpeningOnSide {
  readonly side: Side;
  /** its span along the wall (world x for N/S, y for E/W) */
  readonly from: number;
  readonly to: number;
  readonly door: boolean;
  readonly elevation: number;
}

/** Where a group went: its side and centre along the wall. */
interface WallPlacement {
  readonly side: Side;
  readonly at: number;
}

class Furnisher {
  readonly placed: Placed[] = [];
  /** door swings and the way through each door: nothing stands there */
  private readonly keepOut: Rect[];

  constructor(
    readonly room: Rect,
    readonly openings: readonly OpeningOnSide[],
    /** which of the catalogue's variants this sample room takes (its seed's place) */
    readonly variant = 0,
  ) {
    this.keepOut = openings.filter((o) => o.door).map((o) => this.doorZone(o));
  }

  get width(): number {
    return this.room.x1 - this.room.x0;
  }

  get depth(): number {
    return this.room.y1 - this.room.y0;
  }

  get area(): number {
    return (this.width * this.depth) / 1e6;
  }

  length(side: Side): number {
    return alongX(side) ? this.width : this.depth;
  }

  hasDoor(side: Side): boolean {
    return this.openings.some((o) => o.side === side && o.door);
  }

  hasWindow(side: Side): boolean {
    return this.openings.some((o) => o.side === side && !o.door);
  }

  /** Sides in the order a tall piece with its back to the wall would like them: walls without windows or doors first, longer first. */
  quietSides(exclude: readonly Side[] = []): Side[] {
    const score = (s: Side) => (this.hasWindow(s) ? 2 : 0) + (this.hasDoor(s) ? 1 : 0);
    return SIDES.filter((s) => !exclude.includes(s)).sort((a, b) => score(a) - score(b) || this.length(b) - this.length(a));
  }

  /** Sides with a window first (a desk or a counter under the window), then the quiet ones. */
  windowSides(exclude: readonly Side[] = []): Side[] {
    const withWindow = SIDES.filter((s) => !exclude.includes(s) && this.hasWindow(s));
    return [...withWindow, ...this.quietSides([...exclude, ...withWindow])];
  }

  private doorZone(o: OpeningOnSide): Rect {
    const width = o.to - o.from;
    const depth = Math.max(1000, width + 200);
    const r = this.room;
    const a = o.from - 100;
    const b = o.to + 100;
    switch (o.side) {
      case 'N':
        return { x0: a, x1: b, y0: r.y1 - depth, y1: r.y1 };
      case 'S':
        return { x0: a, x1: b, y0: r.y0, y1: r.y0 + depth };
      case 'E':
        return { x0: r.x1 - depth, x1: r.x1, y0: a, y1: b };
      case 'W':
        return { x0: r.x0, x1: r.x0 + depth, y0: a, y1: b };
    }
  }

  /** The boxes of a group with its back to the wall of `side`, centred at `at` along that wall. */
  private layOnWall(parts: readonly Part[], side: Side, at: number, gap: number): Placed[] {
    const r = this.room;
    const right = RIGHT[side];
    return parts.map((p) => {
      const turn = p.turn ?? 0;
      const alongSize = turn % 2 === 0 ? p.w : p.d;
      const outSize = turn % 2 === 0 ? p.d : p.w;
      const u = at + right * (p.du ?? 0);
      const v = gap + (p.dv ?? 0) + outSize / 2;
      let x: number;
      let y: number;
      switch (side) {
        case 'N':
          [x, y] = [u, r.y1 - v];
          break;
        case 'S':
          [x, y] = [u, r.y0 + v];
          break;
        case 'E':
          [x, y] = [r.x1 - v, u];
          break;
        case 'W':
          [x, y] = [r.x0 + v, u];
          break;
      }
      const [fx, fy] = alongX(side) ? [alongSize, outSize] : [outSize, alongSize];
      return {
        modelId: p.modelId,
        name: p.name,
        ...(p.files ? { files: p.files } : {}),
        position: { x, y, z: p.z ?? 0 },
        rotation: normaliseAngle(SIDE_ROTATION[side] + (turn * Math.PI) / 2),
        size: { x: p.w, y: p.d, z: p.h },
        footprint: { x0: x - fx / 2, x1: x + fx / 2, y0: y - fy / 2, y1: y + fy / 2 },
        h: (p.z ?? 0) + p.h,
      };
    });
  }

  private fits(boxes: readonly Placed[], clearance: number): boolean {
    for (const b of boxes) {
      if (!inside(b.footprint, this.room)) return false;
      const wide = grow(b.footprint, clearance);
      if (this.placed.some((p) => overlaps(wide, p.footprint) && !apart(b, p))) return false;
      if (this.keepOut.some((k) => overlaps(b.footprint, k))) return false;
      // nothing taller than the sill in front of a window
      for (const o of this.openings) {
        if (o.door || b.h <= o.elevation) continue;
        const band = this.windowBand(o);
        if (overlaps(b.footprint, band)) return false;
      }
    }
    return true;
  }

  private windowBand(o: OpeningOnSide): Rect {
    const r = this.room;
    const reach = 450;
    switch (o.side) {
      case 'N':
        return { x0: o.from, x1: o.to, y0: r.y1 - reach, y1: r.y1 };
      case 'S':
        return { x0: o.from, x1: o.to, y0: r.y0, y1: r.y0 + reach };
      case 'E':
        return { x0: r.x1 - reach, x1: r.x1, y0: o.from, y1: o.to };
      case 'W':
        return { x0: r.x0, x1: r.x0 + reach, y0: o.from, y1: o.to };
    }
  }

  /** Positions along a side to try, nearest to `prefer` first, 50 mm apart. */
  private candidates(side: Side, prefer: number | undefined): number[] {
    const [lo, hi] = alongX(side) ? [this.room.x0, this.room.x1] : [this.room.y0, this.room.y1];
    const start = prefer ?? (lo + hi) / 2;
    const out: number[] = [];
    for (let k = 0; k <= Math.ceil((hi - lo) / 50); k++) {
      for (const s of k === 0 ? [0] : [1, -1]) {
        const at = start + s * k * 50;
        if (at >= lo && at <= hi) out.push(at);
      }
    }
    return out;
  }

  /**
   * Puts a group with its back to a wall: the first side of `sides` where it fits, at the free
   * position nearest to `prefer` (a world coordinate along that wall; default its middle).
   */
  wall(parts: readonly Part[], sides: readonly Side[], options: { prefer?: (side: Side) => number | undefined; gap?: number; clearance?: number } = {}): WallPlacement {
    const gap = options.gap ?? 20;
    for (const side of sides) {
      for (const at of this.candidates(side, options.prefer?.(side))) {
        const boxes = this.layOnWall(parts, side, at, gap);
        if (this.fits(boxes, options.clearance ?? 0)) {
          this.placed.push(...boxes);
          return { side, at };
        }
      }
    }
    throw new Error(`${parts.map((p) => p.name).join('+')} fits on none of ${sides.join(',')} in room ${JSON.stringify(this.room)}`);
  }

  /**
   * Two groups facing each other across the room at the same place along their walls (a sofa
   * and the TV): the first side of `sides` where both fit, nearest to `prefer`.
   */
  facing(first: readonly Part[], second: readonly Part[], sides: readonly Side[], prefer?: (side: Side) => number | undefined): WallPlacement {
    const gap = 20;
    for (const side of sides) {
      for (const at of this.candidates(side, prefer?.(side))) {
        const a = this.layOnWall(first, side, at, gap);
        if (!this.fits(a, 0)) continue;
        const b = this.layOnWall(second, OPPOSITE[side], at, gap);
        if (!this.fits(b, 0) || b.some((x) => a.some((y) => y.size.z > FLAT && overlaps(x.footprint, grow(y.footprint, 600))))) continue;
        this.placed.push(...a, ...b);
        return { side, at };
      }
    }
    throw new Error(`${first.map((p) => p.name).join('+')} facing ${second.map((p) => p.name).join('+')} fits on none of ${sides.join(',')} in room ${JSON.stringify(this.room)}`);
  }

  /** Like wall(), but the longest piece (from `max` down to `min`, 100 mm steps) that fits. */
  wallLongest(make: (w: number) => Part[], sides: readonly Side[], min: number, max: number, prefer?: (side: Side) => number | undefined): WallPlacement {
    for (let w = Math.floor(max / 100) * 100; w >= min; w -= 100) {
      try {
        return this.wall(make(w), sides, prefer ? { prefer } : {});
      } catch {
        // shorter
      }
    }
    throw new Error(`${make(min).map((p) => p.name).join('+')} (>= ${min}) fits nowhere in room ${JSON.stringify(this.room)}`);
  }

  /** One of `ids` for this sample room: the variants go round the seeds. */
  pick(ids: readonly string[], offset = 0): string {
    return ids[(this.variant + offset) % ids.length]!;
  }

  /** A ceiling piece centred over a point (nothing is under a ceiling piece's height on the floor plan). */
  ceiling(part: Part, at: Vec2): void {
    const z = LAYER_HEIGHT - part.h;
    this.placed.push({
      modelId: part.modelId,
      name: part.name,
      ...(part.files ? { files: part.files } : {}),
      position: { x: at.x, y: at.y, z },
      rotation: 0,
      size: { x: part.w, y: part.d, z: part.h },
      footprint: { x0: at.x - part.w / 2, x1: at.x + part.w / 2, y0: at.y - part.d / 2, y1: at.y + part.d / 2 },
      h: LAYER_HEIGHT,
    });
  }

  /** A free-standing group (a dining table and its chairs) nearest to `near`, `clearance` from everything. */
  free(parts: readonly Part[], near: Vec2, clearance: number): void {
    const r = this.room;
    const points: Vec2[] = [];
    for (let x = r.x0; x <= r.x1; x += 50) for (let y = r.y0; y <= r.y1; y += 50) points.push({ x, y });
    points.sort((a, b) => Math.hypot(a.x - near.x, a.y - near.y) - Math.hypot(b.x - near.x, b.y - near.y) || a.x - b.x || a.y - b.y);
    for (const c of points) {
      // the N frame: du along +x, dv down from the centre line (parts' dv is from the group centre)
      const boxes = parts.map((p): Placed => {
        const turn = p.turn ?? 0;
        const fx = turn % 2 === 0 ? p.w : p.d;
        const fy = turn % 2 === 0 ? p.d : p.w;
        const x = c.x + (p.du ?? 0);
        const y = c.y - (p.dv ?? 0);
        return {
          modelId: p.modelId,
          name: p.name,
          ...(p.files ? { files: p.files } : {}),
          position: { x, y, z: p.z ?? 0 },
          rotation: normaliseAngle((turn * Math.PI) / 2),
          size: { x: p.w, y: p.d, z: p.h },
          footprint: { x0: x - fx / 2, x1: x + fx / 2, y0: y - fy / 2, y1: y + fy / 2 },
          h: (p.z ?? 0) + p.h,
        };
      });
      const roomLessClearance = grow(this.room, -Math.min(clearance, 300));
      if (boxes.every((b) => inside(b.footprint, roomLessClearance)) && this.fits(boxes, clearance)) {
        this.placed.push(...boxes);
        return;
      }
    }
    throw new Error(`${parts.map((p) => p.name).join('+')} fits nowhere free in room ${JSON.stringify(this.room)}`);
  }
}

// ---- what each room type gets: real catalogue models ----

let catalogue: Map<string, ModelRow> | null = null;

/** A catalogue model as a part, at its own size (or `size` for a resizable one) with its files and mount. */
function item(modelId: string, over: Omit<Partial<Part>, 'modelId' | 'files'> = {}): Part {
  catalogue ??= new Map(modelRows().map((r) => [r.model_id, r]));
  const row = catalogue.get(modelId);
  if (!row) throw new Error(`no catalogue model ${modelId}`);
  if (!row.resizable && (over.w !== undefined || over.d !== undefined || over.h !== undefined)) throw new Error(`${modelId} is not resizable`);
  const base = publicModelFileBase(row.model_id, row.modelVersion);
  return {
    modelId: row.model_id,
    name: row.name,
    w: row.sizex,
    d: row.sizey,
    h: row.sizez,
    ...over,
    files: { gltfUrl: modelFileUrl(base, 'glb'), lowGltfUrl: modelFileUrl(base, 'low'), mount: row.type },
  };
}

/** The widest of `ids` no wider than `w` (wallLongest tries widths from the widest down). */
function widestUpTo(ids: readonly string[], w: number): Part[] {
  const fitting = ids.map((id) => item(id)).filter((p) => p.w <= w);
  if (!fitting.length) return [];
  return [fitting.reduce((a, b) => (b.w > a.w ? b : a))];
}

/** A piece standing on `support` (same du), its back `back` mm from the support's back. */
function onTop(support: Part, piece: Part, back = 0): Part {
  return { ...piece, du: support.du ?? 0, dv: (support.dv ?? 0) + back, z: (support.z ?? 0) + support.h };
}

const WARDROBES = ['yf-wardrobe-2d-oak', 'yf-wardrobe-3d-white', 'yf-wardrobe-4d-walnut', 'yf-wardrobe-2d-grey', 'yf-wardrobe-3d-ash', 'yf-wardrobe-2d-classic', 'yf-wardrobe-5d-sage', 'yf-wardrobe-4d-glass'];
const NIGHTSTANDS = ['yf-chest-night-oak', 'yf-chest-night-walnut', 'yf-chest-night-white', 'yf-chest-night-marble'];
const TABLE_LAMPS = ['yf-lamp-jar-ceramic', 'yf-lamp-cone-brass', 'yf-lamp-mushroom-white', 'yf-lamp-jar-blue', 'yf-lamp-cone-black', 'yf-lamp-mushroom-travertine'];
const FLUSH_LAMPS = ['yf-lamp-flush-400', 'yf-lamp-flush-600', 'yf-lamp-flush-brass'];
const PLANTS = ['yf-plant-monstera', 'yf-plant-fiddle-leaf', 'yf-plant-olive', 'yf-plant-snake', 'yf-plant-topiary', 'yf-plant-fiddle-small'];

function bedGroup(f: Furnisher, bedWidth: 1500 | 1800): Part[] {
  const bed = item(f.pick(bedWidth === 1800 ? ['yf-bed-1800-panel-oak-linen', 'yf-bed-1800-tufted-walnut-greyfabric', 'yf-bed-1800-channel-blackmetal-boucle', 'yf-bed-1800-slatted-ash-linen'] : ['yf-bed-1500-panel-walnut-linen', 'yf-bed-1500-tufted-walnut-blush', 'yf-bed-1500-channel-walnut-charcoal', 'yf-bed-1500-slatted-teak-linen']));
  const stand = item(f.pick(NIGHTSTANDS));
  const lamp = item(f.pick(TABLE_LAMPS));
  const at = bed.w / 2 + 60 + stand.w / 2;
  const left = { ...stand, du: -at };
  const right = { ...stand, du: at };
  return [bed, left, right, onTop(left, lamp, (stand.d - lamp.d) / 2), onTop(right, lamp, (stand.d - lamp.d) / 2)];
}

function deskGroup(f: Furnisher, deskId: string): Part[] {
  const desk = item(deskId);
  const chair = item(f.pick(['yf-chair-office-blackmetal-charcoal', 'yf-chair-office-chrome-navy']), { dv: desk.d + 20, turn: 2 });
  const lamp = item('yf-lamp-task-black');
  return [desk, chair, { ...onTop(desk, lamp, 30), du: desk.w / 2 - lamp.w / 2 - 60 }];
}

/** A plant in a free corner of the room, if one is free. */
function plantInCorner(f: Furnisher, offset = 0): void {
  const r = f.room;
  for (const side of f.quietSides()) {
    try {
      f.wall([item(f.pick(PLANTS, offset))], [side], { gap: 60, prefer: (s) => (alongX(s) ? r.x1 : r.y1) });
      return;
    } catch {
      // another side
    }
  }
}

function furnishBedroom(f: Furnisher, roomType: number): void {
  const double = roomType !== CHILD && f.width >= 3000 && f.depth >= 3000;
  const r = f.room;
  f.ceiling(item(f.pick(FLUSH_LAMPS)), { x: (r.x0 + r.x1) / 2, y: (r.y0 + r.y1) / 2 });
  if (double) {
    const bed = f.wall(bedGroup(f, f.area >= 15 ? 1800 : 1500), f.quietSides());
    const rest = f.quietSides([bed.side]);
    f.wallLongest((w) => widestUpTo(WARDROBES, w), rest, 1000, Math.min(2500, f.area >= 18 ? 2500 : 2000));
    if (f.area >= 17) {
      const dresser = item('yf-desk-1000-dressing');
      f.wall([dresser, item('yf-chair-stool-walnut-boucle', { dv: dresser.d + 20 })], f.windowSides([bed.side]));
    }
    plantInCorner(f);
    return;
  }
  // a child's room: a single bed along a wall, a desk under the window, a smaller wardrobe
  const bed = f.wall([item(f.pick(['yf-bed-1200-slatted-oak-linen', 'yf-bed-1200-panel-whitelacquer-linen']), { turn: 1 })], f.quietSides(), {
    prefer: (side) => (alongX(side) ? f.room.x1 - 1100 : f.room.y1 - 1100),
  });
  f.wall(deskGroup(f, 'yf-desk-1000-legs'), f.windowSides([bed.side]));
  f.wallLongest((w) => widestUpTo(['yf-wardrobe-1d-tall', 'yf-wardrobe-2d-oak', 'yf-wardrobe-2d-grey'], w), f.quietSides([bed.side]), 500, 1200);
}

function furnishLiving(f: Furnisher, near: Vec2 | null): void {
  const sofa = item(
    f.area >= 35
      ? 'yf-sofa-4-track-plinth-charcoal'
      : f.area >= 20
        ? f.pick(['yf-sofa-3-track-block-linen', 'yf-sofa-3-rolled-turned-cognac', 'yf-sofa-3-slope-tapered-blackleather', 'yf-sofa-3-track-metal-navy', 'yf-sofa-3-rolled-tapered-boucle'])
        : f.pick(['yf-sofa-2-track-block-greyfabric', 'yf-sofa-2-rolled-turned-velvetgreen', 'yf-sofa-2-slope-tapered-terracotta']),
  );
  const table = item(f.pick(['yf-coffee-table-1200-oak', 'yf-coffee-table-1100-marble', 'yf-coffee-table-1200-oval-glass', 'yf-coffee-table-1300-walnut']), { dv: sofa.d + 400 });
  const lamp = item(f.pick(['yf-lamp-column-black', 'yf-lamp-tripod-oak', 'yf-lamp-column-brass', 'yf-lamp-tripod-walnut']));
  const sideLamp = { ...lamp, du: sofa.w / 2 + 100 + lamp.w / 2 };
  const rugRow = item(f.pick(['yf-rug-1600x2300-beige', 'yf-rug-1400x2000-blue', 'yf-rug-1700x2400-red']));
  // the rug under the coffee table and the sofa's front legs
  const rug = { ...rugRow, dv: sofa.d - 250 };
  const sofaGroup = [sofa, table, sideLamp];
  // sofa and TV face each other across the shorter span of the room
  const across: Side[] = f.width >= f.depth ? ['N', 'S'] : ['E', 'W'];
  const sides = [...across, ...SIDES.filter((s) => !across.includes(s))].sort((a, b) => Number(f.hasWindow(a)) - Number(f.hasWindow(b)));
  const preferAt = (side: Side) => (near ? (alongX(side) ? near.x : near.y) : undefined);
  const unit = item(f.pick(['yf-tv-unit-1800-walnut', 'yf-tv-unit-1600-oak', 'yf-tv-unit-2000-white', 'yf-tv-unit-2200-ash']));
  const tv = item(unit.w >= 2000 ? 'yf-appliance-tv-75' : 'yf-appliance-tv-65');
  const tvGroup: Part[] = [unit, onTop(unit, tv, (unit.d - tv.d) / 2)];
  let placed: WallPlacement;
  try {
    placed = f.facing([...sofaGroup, rug], tvGroup, sides, preferAt);
  } catch {
    placed = f.facing(sofaGroup, tvGroup, sides, preferAt);
  }
  plantInCorner(f);
  if (f.area >= 24) {
    // the dining table of a 客餐厅, away from the sofa, a pendant over it
    const diningTable = item(f.pick(['yf-dining-table-1400-oak-legs', 'yf-dining-table-1400-sled']));
    const chairId = f.pick(['yf-chair-slat-oak-oak', 'yf-chair-upholstered-walnut-greyfabric', 'yf-chair-spindle-ash-ash', 'yf-chair-slat-walnut-walnut']);
    const chairRow = item(chairId);
    const dv = diningTable.d / 2 + chairRow.d / 2 + 20;
    // free() puts +dv south of the table: those chairs turn round to face it
    const chair = (du: number, side: 1 | -1): Part => ({ ...chairRow, du, dv: side * dv, turn: side === 1 ? 2 : 0 });
    const pendant = item(f.pick(['yf-lamp-dome-black', 'yf-lamp-dome-brass', 'yf-lamp-drum-linen']));
    const group: Part[] = [diningTable, chair(-350, 1), chair(350, 1), chair(-350, -1), chair(350, -1), { ...pendant, z: LAYER_HEIGHT - pendant.h }];
    const r = f.room;
    const far: Vec2 = alongX(placed.side) ? { x: placed.at < (r.x0 + r.x1) / 2 ? r.x1 - 1200 : r.x0 + 1200, y: (r.y0 + r.y1) / 2 } : { x: (r.x0 + r.x1) / 2, y: placed.at < (r.y0 + r.y1) / 2 ? r.y1 - 1200 : r.y0 + 1200 };
    f.free(group, far, 350);
  } else {
    const r = f.room;
    f.ceiling(item(f.pick(['yf-lamp-chandelier-6', 'yf-lamp-drum-linen', 'yf-lamp-flush-600'])), { x: (r.x0 + r.x1) / 2, y: (r.y0 + r.y1) / 2 });
  }
}

function furnishKitchen(f: Furnisher): void {
  // base cabinets: the catalogue's sideboard stretched to a counter's depth and height
  const cabinet = f.pick(['yf-chest-side-oak', 'yf-chest-side-walnut', 'yf-chest-side-marble']);
  const counter = (w: number): Part[] => [item(cabinet, { w, d: 600, h: 850 })];
  const first = f.wallLongest(counter, f.windowSides(), 1200, f.length(f.windowSides()[0]!));
  // an L: the second run along a wall beside the first, starting at the corner, with the hob and its hood
  const beside = SIDES.filter((s) => s !== first.side && s !== OPPOSITE[first.side]);
  const r = f.room;
  const wallLine: Readonly<Record<Side, number>> = { N: r.y1, S: r.y0, E: r.x1, W: r.x0 };
  const hob = item(f.pick(['yf-appliance-hob-4', 'yf-appliance-hob-5']));
  const hood = item('yf-appliance-hood-steel', {});
  const withHob = (w: number): Part[] => {
    const run = item(cabinet, { w, d: 600, h: 850 });
    return [run, onTop(run, hob, 20), { ...hood, z: 1500 }];
  };
  const second = f.wallLongest(withHob, beside, 1000, Math.min(2400, f.length(beside[0]!) - 600), () => wallLine[first.side]);
  // the fridge at the far end of the second run, else in the corner beside it
  f.wall([item(f.pick(['yf-appliance-fridge-steel', 'yf-appliance-fridge-white']))], [second.side, ...f.quietSides([first.side, second.side])], {
    prefer: (side) => (side === second.side ? wallLine[OPPOSITE[first.side]] : wallLine[second.side]),
  });
  f.ceiling(item('yf-lamp-flush-400'), { x: (r.x0 + r.x1) / 2, y: (r.y0 + r.y1) / 2 });
}

function furnishBathroom(f: Furnisher): void {
  const quiet = f.quietSides();
  const r = f.room;
  f.wall([item(f.pick(['yf-sanitary-shower-900', 'yf-sanitary-shower-quadrant']))], quiet, {
    gap: 0,
    prefer: (side) => (alongX(side) ? r.x1 : r.y1),
  });
  f.wall([item(f.pick(['yf-sanitary-toilet', 'yf-sanitary-toilet-compact']))], quiet);
  const vanity = item(f.pick(['yf-sanitary-vanity-800-white', 'yf-sanitary-vanity-800-grey', 'yf-sanitary-vanity-600-oak']));
  const mirror = item('yf-decor-mirror-rect');
  f.wall([vanity, { ...mirror, z: vanity.h + 250 }], [...quiet, ...f.windowSides()]);
  f.ceiling(item('yf-lamp-flush-400'), { x: (r.x0 + r.x1) / 2, y: (r.y0 + r.y1) / 2 });
}

function furnishStudy(f: Furnisher, teaRoom: boolean): void {
  const desk = f.wall(deskGroup(f, 'yf-desk-1400-walnut'), f.windowSides());
  f.wallLongest((w) => widestUpTo(['yf-shelf-bookcase-oak', 'yf-shelf-bookcase-walnut', 'yf-shelf-bookcase-white'], w), f.quietSides([desk.side]), 800, 1800);
  const r = f.room;
  f.ceiling(item(f.pick(FLUSH_LAMPS)), { x: (r.x0 + r.x1) / 2, y: (r.y0 + r.y1) / 2 });
  if (!teaRoom) {
    f.wall([item(f.pick(['yf-armchair-wing-turned-velvetgreen', 'yf-armchair-track-block-greyfabric', 'yf-armchair-slope-tapered-mustard']))], f.quietSides([desk.side]));
    plantInCorner(f, 1);
    return;
  }
  const table = item('yf-coffee-table-1200-oak');
  const stool = item('yf-chair-stool-oak-oak');
  f.free(
    [table, { ...stool, dv: table.d / 2 + 60 + stool.d / 2 }, { ...stool, dv: -(table.d / 2 + 60 + stool.d / 2) }],
    { x: (r.x0 + r.x1) / 2, y: (r.y0 + r.y1) / 2 },
    250,
  );
  plantInCorner(f, 1);
}

function furnish(f: Furnisher, roomType: number, name: string, near: Vec2 | null): void {
  switch (roomType) {
    case LIVING:
      return furnishLiving(f, near);
    case KITCHEN:
      return furnishKitchen(f);
    case BATHROOM:
      return furnishBathroom(f);
    case STUDY:
      return furnishStudy(f, name.includes('茶'));
    default:
      return furnishBedroom(f, roomType);
  }
}

// ---- plans ----

interface OpeningSpec {
  /** index into walls */
  readonly wall: number;
  readonly kind: OpeningKind;
  /** centre of the opening (on the wall's centre line) */
  readonly at: Vec2;
  readonly width: number;
  readonly height?: number;
  readonly elevation?: number;
  /** a door swings into this room (its index) */
  readonly into?: number;
}

interface RoomSpec {
  readonly name: string;
  readonly roomType: number;
  /** the room's wall centre lines */
  readonly cell: Rect;
  /** where the sofa group would like to be (living rooms) */
  readonly sofaNear?: Vec2;
}

interface PlanSpec {
  readonly walls: PlanWallInput[];
  readonly openings: OpeningSpec[];
  readonly rooms: RoomSpec[];
}

function wallThickness(w: PlanWallInput): number {
  return w.thickness ?? OUTER;
}

function offsetOn(wall: PlanWallInput, at: Vec2): number {
  return Math.hypot(at.x - wall.start.x, at.y - wall.start.y);
}

/** The room's inside: its cell less half of each wall on its border. */
function innerOf(cell: Rect, walls: readonly PlanWallInput[]): Rect {
  const half = (side: Side): number => {
    let t = 0;
    for (const w of walls) {
      const horizontal = w.start.y === w.end.y;
      const line = horizontal ? w.start.y : w.start.x;
      const [a, b] = horizontal ? [Math.min(w.start.x, w.end.x), Math.max(w.start.x, w.end.x)] : [Math.min(w.start.y, w.end.y), Math.max(w.start.y, w.end.y)];
      const [want, lo, hi] =
        side === 'N' ? [cell.y1, cell.x0, cell.x1] : side === 'S' ? [cell.y0, cell.x0, cell.x1] : side === 'E' ? [cell.x1, cell.y0, cell.y1] : [cell.x0, cell.y0, cell.y1];
      if (horizontal !== (side === 'N' || side === 'S') || line !== want || b <= lo || a >= hi) continue;
      t = Math.max(t, wallThickness(w) / 2);
    }
    if (t === 0) throw new Error(`cell ${JSON.stringify(cell)} has no wall on its ${side} side`);
    return t;
  };
  return { x0: cell.x0 + half('W'), x1: cell.x1 - half('E'), y0: cell.y0 + half('S'), y1: cell.y1 - half('N') };
}

/** The openings of the plan as seen from one room (its sides, spans along them). */
function openingsOf(plan: PlanSpec, inner: Rect): OpeningOnSide[] {
  const out: OpeningOnSide[] = [];
  for (const o of plan.openings) {
    const w = plan.walls[o.wall]!;
    const t = wallThickness(w) / 2;
    const horizontal = w.start.y === w.end.y;
    const door = o.kind !== 0;
    const elevation = o.elevation ?? (door ? 0 : 800);
    if (horizontal) {
      const from = o.at.x - o.width / 2;
      const to = o.at.x + o.width / 2;
      if (to <= inner.x0 || from >= inner.x1) continue;
      if (Math.abs(o.at.y - t - inner.y1) < 1) out.push({ side: 'N', from, to, door, elevation });
      else if (Math.abs(o.at.y + t - inner.y0) < 1) out.push({ side: 'S', from, to, door, elevation });
    } else {
      const from = o.at.y - o.width / 2;
      const to = o.at.y + o.width / 2;
      if (to <= inner.y0 || from >= inner.y1) continue;
      if (Math.abs(o.at.x - t - inner.x1) < 1) out.push({ side: 'E', from, to, door, elevation });
      else if (Math.abs(o.at.x + t - inner.x0) < 1) out.push({ side: 'W', from, to, door, elevation });
    }
  }
  return out;
}

/** plan.build's openings: offsets along the walls as given, doors swinging into their room, hinged at the nearer corner. */
function planOpenings(plan: PlanSpec): PlanOpeningInput[] {
  return plan.openings.map((o) => {
    const wall = plan.walls[o.wall]!;
    const offset = offsetOn(wall, o.at);
    const base: PlanOpeningInput = {
      wall: o.wall,
      kind: o.kind,
      offset,
      width: o.width,
      ...(o.height === undefined ? {} : { height: o.height }),
      ...(o.elevation === undefined ? {} : { elevation: o.elevation }),
    };
    if (o.into === undefined) return base;
    const room = plan.rooms[o.into]!;
    const inner = innerOf(room.cell, plan.walls);
    const dx = wall.end.x - wall.start.x;
    const dy = wall.end.y - wall.start.y;
    const centre = { x: (inner.x0 + inner.x1) / 2, y: (inner.y0 + inner.y1) / 2 };
    // left of the wall (seen from its start) is where a door opens unless flipSide
    const leftness = -dy * (centre.x - o.at.x) + dx * (centre.y - o.at.y);
    // the room's stretch of this wall, as offsets from the wall's start
    const horizontal = dy === 0;
    const ends = horizontal ? [inner.x0, inner.x1] : [inner.y0, inner.y1];
    const offs = ends.map((e) => (horizontal ? Math.abs(e - wall.start.x) : Math.abs(e - wall.start.y))).sort((a, b) => a - b);
    const hingeAtEnd = offs[1]! - offset < offset - offs[0]!;
    return { ...base, flipSide: leftness < 0, flipHinge: hingeAtEnd };
  });
}

/** Window height and sill per room type: high and small in a bathroom, above the counter in a kitchen, low in a living room. */
function windowHeight(roomType: number): { height: number; elevation: number } {
  if (roomType === BATHROOM) return { height: 800, elevation: 1400 };
  if (roomType === KITCHEN) return { height: 1200, elevation: 1000 };
  if (roomType === LIVING) return { height: 1800, elevation: 500 };
  return { height: 1500, elevation: 900 };
}

// ---- single rooms ----

function singleRoomPlan(seed: ModelRoomSeed): PlanSpec {
  // inner 4:3 with the seed's area, then the centre lines half a wall further out
  const w = round10(Math.sqrt((seed.area * 1e6 * 4) / 3));
  const d = round10((seed.area * 1e6) / w);
  const W = w + OUTER;
  const D = d + OUTER;
  const walls: PlanWallInput[] = [
    { start: { x: 0, y: 0 }, end: { x: W, y: 0 }, thickness: OUTER, wallType: 'loadBearing' },
    { start: { x: W, y: 0 }, end: { x: W, y: D }, thickness: OUTER, wallType: 'loadBearing' },
    { start: { x: W, y: D }, end: { x: 0, y: D }, thickness: OUTER, wallType: 'loadBearing' },
    { start: { x: 0, y: D }, end: { x: 0, y: 0 }, thickness: OUTER, wallType: 'loadBearing' },
  ];
  const doorWidth = seed.roomType === BATHROOM ? 700 : 800;
  // the door near the north-west corner; the window in the middle of the south wall, or of the
  // east wall in a living room (sofa and TV face each other across the long walls)
  const door: OpeningSpec = { wall: 3, kind: 1, at: { x: 0, y: D - OUTER / 2 - 200 - doorWidth / 2 }, width: doorWidth, into: 0 };
  const living = seed.roomType === LIVING;
  const windowWidth =
    seed.roomType === BATHROOM
      ? 600
      : seed.roomType === KITCHEN
        ? 1200
        : Math.min(2400, Math.max(1200, Math.floor(((living ? d : w) * 0.5) / 100) * 100));
  const window: OpeningSpec = living
    ? { wall: 1, kind: 0, at: { x: W, y: D / 2 }, width: windowWidth, ...windowHeight(seed.roomType) }
    : { wall: 0, kind: 0, at: { x: W / 2, y: 0 }, width: windowWidth, ...windowHeight(seed.roomType) };
  return {
    walls,
    openings: [door, window],
    rooms: [{ name: seed.name, roomType: seed.roomType, cell: { x0: 0, y0: 0, x1: W, y1: D }, sofaNear: { x: W / 2, y: D / 2 } }],
  };
}

// ---- whole houses ----

interface ColumnRoom {
  readonly name: string;
  readonly roomType: number;
  /** share of the column's depth */
  readonly depth: number;
}

interface HouseLayout {
  /** widths (relative) of the left column, the living room and the right column (0: none) */
  readonly left: number;
  readonly living: number;
  readonly right: number;
  /** depth relative to the widths */
  readonly depth: number;
  /** rooms from south to north */
  readonly leftRooms: readonly ColumnRoom[];
  readonly rightRooms: readonly ColumnRoom[];
}

const HOUSES: Readonly<Record<string, HouseLayout>> = {
  // 三居室: three bedrooms, kitchen and bathroom round a 客餐厅
  'yfang-01': {
    left: 3.6,
    living: 4.6,
    right: 3.5,
    depth: 9.6,
    leftRooms: [
      { name: '主卧', roomType: MASTER, depth: 4.4 },
      { name: '卫生间', roomType: BATHROOM, depth: 2.2 },
      { name: '厨房', roomType: KITCHEN, depth: 3.0 },
    ],
    rightRooms: [
      { name: '次卧', roomType: SECOND, depth: 4.6 },
      { name: '儿童房', roomType: CHILD, depth: 5.0 },
    ],
  },
  'yfang-06': {
    left: 3.3,
    living: 4.1,
    right: 0,
    depth: 8.4,
    leftRooms: [
      { name: '主卧', roomType: MASTER, depth: 3.9 },
      { name: '卫生间', roomType: BATHROOM, depth: 2.0 },
      { name: '厨房', roomType: KITCHEN, depth: 2.5 },
    ],
    rightRooms: [],
  },
  'yfang-10': {
    left: 3.6,
    living: 5.4,
    right: 0,
    depth: 9.6,
    leftRooms: [
      { name: '主卧', roomType: MASTER, depth: 4.4 },
      { name: '卫生间', roomType: BATHROOM, depth: 2.2 },
      { name: '厨房', roomType: KITCHEN, depth: 3.0 },
    ],
    rightRooms: [],
  },
  // 四居: four bedrooms (one a study)
  'corp-01': {
    left: 3.8,
    living: 5.0,
    right: 3.6,
    depth: 10.6,
    leftRooms: [
      { name: '主卧', roomType: MASTER, depth: 4.8 },
      { name: '卫生间', roomType: BATHROOM, depth: 2.4 },
      { name: '厨房', roomType: KITCHEN, depth: 3.4 },
    ],
    rightRooms: [
      { name: '次卧', roomType: SECOND, depth: 4.0 },
      { name: '书房', roomType: STUDY, depth: 3.0 },
      { name: '儿童房', roomType: CHILD, depth: 3.6 },
    ],
  },
};

function housePlanAt(layout: HouseLayout, scale: number): PlanSpec {
  const mm = (v: number) => round10(v * scale * 1000);
  const W = mm(layout.left + layout.living + layout.right);
  const D = mm(layout.depth);
  const xa = mm(layout.left);
  const xb = layout.right > 0 ? mm(layout.left + layout.living) : W;
  const walls: PlanWallInput[] = [
    { start: { x: 0, y: 0 }, end: { x: W, y: 0 }, thickness: OUTER, wallType: 'loadBearing' },
    { start: { x: W, y: 0 }, end: { x: W, y: D }, thickness: OUTER, wallType: 'loadBearing' },
    { start: { x: W, y: D }, end: { x: 0, y: D }, thickness: OUTER, wallType: 'loadBearing' },
    { start: { x: 0, y: D }, end: { x: 0, y: 0 }, thickness: OUTER, wallType: 'loadBearing' },
  ];
  const [SOUTH, EAST, NORTH, WEST] = [0, 1, 2, 3];
  const rooms: RoomSpec[] = [];
  const openings: OpeningSpec[] = [];
  const living = rooms.push({ name: '客餐厅', roomType: LIVING, cell: { x0: xa, y0: 0, x1: xb, y1: D } }) - 1;

  const column = (list: readonly ColumnRoom[], x0: number, x1: number, east: boolean) => {
    if (list.length === 0) return;
    // the partition to the living room runs south to north
    const partitionX = east ? x0 : x1;
    const partition = walls.push({ start: { x: partitionX, y: 0 }, end: { x: partitionX, y: D }, thickness: PARTITION, wallType: 'partition' }) - 1;
    const total = list.reduce((s, r) => s + r.depth, 0);
    let y = 0;
    list.forEach((r, i) => {
      const y1 = i === list.length - 1 ? D : round10(y + (r.depth / total) * D);
      if (i < list.length - 1) walls.push({ start: { x: x0, y: y1 }, end: { x: x1, y: y1 }, thickness: PARTITION, wallType: 'partition' });
      const index = rooms.push({ name: r.name, roomType: r.roomType, cell: { x0, y0: y, x1, y1: y1 } }) - 1;
      const inner = innerOf({ x0, y0: y, x1, y1: y1 }, walls);
      // the door into the living room: at the north end of a south room, the south end of a
      // north room, the middle of the others
      const doorWidth = r.roomType === BATHROOM ? 700 : 800;
      const margin = 200 + doorWidth / 2;
      const doorY = i === 0 ? inner.y1 - margin : i === list.length - 1 ? inner.y0 + margin : (inner.y0 + inner.y1) / 2;
      openings.push({ wall: partition, kind: 1, at: { x: partitionX, y: round10(doorY) }, width: doorWidth, into: index });
      // the window: south rooms south, north rooms north, the others on the outer side wall
      const outerWall = east ? EAST : WEST;
      const outerX = east ? W : 0;
      const bath = r.roomType === BATHROOM;
      const kitchen = r.roomType === KITCHEN;
      const winWidth = bath ? 600 : kitchen ? 1200 : Math.min(1800, Math.floor(((inner.x1 - inner.x0) * 0.6) / 100) * 100);
      const sill = windowHeight(r.roomType);
      if (i === 0 && !bath) openings.push({ wall: SOUTH, kind: 0, at: { x: round10((inner.x0 + inner.x1) / 2), y: 0 }, width: winWidth, ...sill });
      else if (i === list.length - 1 && !bath) openings.push({ wall: NORTH, kind: 0, at: { x: round10((inner.x0 + inner.x1) / 2), y: D }, width: winWidth, ...sill });
      else openings.push({ wall: outerWall, kind: 0, at: { x: outerX, y: round10((inner.y0 + inner.y1) / 2) }, width: bath ? 600 : Math.min(1500, winWidth), ...sill });
      y = y1;
    });
  };
  column(layout.leftRooms, 0, xa, false);
  column(layout.rightRooms, xb, W, true);

  // the living room: the entrance in the north wall, a wide window to the south
  const livingInner = innerOf(rooms[living]!.cell, walls);
  const lw = livingInner.x1 - livingInner.x0;
  openings.push({ wall: NORTH, kind: 1, at: { x: round10(livingInner.x1 - 300 - 450), y: D }, width: 900, into: living });
  openings.push({ wall: SOUTH, kind: 0, at: { x: round10((livingInner.x0 + livingInner.x1) / 2), y: 0 }, width: Math.min(3000, Math.floor((lw * 0.6) / 100) * 100), ...windowHeight(LIVING) });
  rooms[living] = { ...rooms[living]!, sofaNear: { x: (livingInner.x0 + livingInner.x1) / 2, y: livingInner.y0 + 2200 } };
  return { walls, openings, rooms };
}

function housePlan(seed: ModelRoomSeed): PlanSpec {
  const layout = HOUSES[seed.key];
  if (!layout) throw new Error(`no house layout for sample room ${seed.key}`);
  // scale the layout until its rooms' floor area is the seed's
  const areaAt = (scale: number) => {
    const plan = housePlanAt(layout, scale);
    return plan.rooms.reduce((sum, r) => {
      const i = innerOf(r.cell, plan.walls);
      return sum + ((i.x1 - i.x0) * (i.y1 - i.y0)) / 1e6;
    }, 0);
  };
  let lo = 0.5;
  let hi = 2;
  for (let k = 0; k < 40; k++) {
    const mid = (lo + hi) / 2;
    if (areaAt(mid) < seed.area) lo = mid;
    else hi = mid;
  }
  return housePlanAt(layout, Math.round(lo * 1000) / 1000);
}

// ---- building ----

export interface BuiltModelRoom {
  /** canonical JSON, what the kernel's save() writes */
  readonly json: string;
  readonly rooms: readonly { readonly name: string; readonly roomType: number; readonly area: number }[];
  readonly models: number;
}

function roomContaining(kernel: Kernel, p: Vec2): { id: string; outline: readonly Vec2[] } {
  const found = kernel.records.ofType('room').filter((r) => pointInRing(p, r.outline));
  if (found.length !== 1) throw new Error(`${found.length} rooms contain ${JSON.stringify(p)}`);
  return found[0]!;
}

/** The scene of one sample-room seed, built with the kernel; `variant` picks the catalogue's variants (the seed's place). */
export function buildModelRoomScene(seed: ModelRoomSeed, variant = modelRoomSeeds().findIndex((s) => s.key === seed.key)): BuiltModelRoom {
  const kernel = createKernel({ ids: createSequentialIds() });
  const persistence = createPersistence(kernel);
  try {
    kernel.exec('meta.update', { name: seed.name, style: seed.style });
    kernel.exec('storey.add', { layerHeight: LAYER_HEIGHT });
    const plan = seed.roomType === WHOLE_HOUSE ? housePlan(seed) : singleRoomPlan(seed);
    kernel.exec('plan.build', { walls: plan.walls, openings: planOpenings(plan) });
    if (kernel.records.ofType('room').length !== plan.rooms.length) {
      throw new Error(`${seed.key}: the plan made ${kernel.records.ofType('room').length} rooms, not ${plan.rooms.length}`);
    }
    let models = 0;
    for (const spec of plan.rooms) {
      const inner = innerOf(spec.cell, plan.walls);
      const room = roomContaining(kernel, { x: (inner.x0 + inner.x1) / 2, y: (inner.y0 + inner.y1) / 2 });
      const bounds = boundsOf(room.outline)!;
      if (room.outline.length !== 4 || bounds.minX !== inner.x0 || bounds.maxX !== inner.x1 || bounds.minY !== inner.y0 || bounds.maxY !== inner.y1) {
        throw new Error(`${seed.key} ${spec.name}: the kernel's room ${JSON.stringify(room.outline)} is not the planned ${JSON.stringify(inner)}`);
      }
      kernel.exec('room.update', { id: room.id, name: spec.name, roomType: spec.roomType });
      const tile = tileOf(floorFor(seed, spec.roomType));
      kernel.exec('paving.lay', {
        surface: { id: room.id, face: 'floor' },
        tileCode: tile.code,
        tileWidth: tile.widthMm,
        tileHeight: tile.heightMm,
        mode: tile.mode,
        image: assetUrl(`catalogue/tiles/${tile.code}`),
      });
      const furnisher = new Furnisher(inner, openingsOf(plan, inner), variant);
      try {
        furnish(furnisher, spec.roomType, spec.name, spec.sofaNear ?? null);
      } catch (e) {
        throw new Error(`${seed.key} ${spec.name}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
      }
      for (const p of furnisher.placed) {
        kernel.exec('model.add', { modelId: p.modelId, name: p.name, position: p.position, rotation: p.rotation, size: p.size, ...(p.files ?? {}) });
        models++;
      }
    }
    const snapshot = kernel.snapshot();
    const rooms = Object.values(snapshot.rooms).map((r) => ({ name: r.name, roomType: r.roomType, area: r.area }));
    return { json: persistence.save().json, rooms, models };
  } finally {
    persistence.dispose();
    kernel.dispose();
  }
}

/** Every seed's scene, in seed order. */
export function buildModelRoomScenes(): { readonly seed: ModelRoomSeed; readonly built: BuiltModelRoom }[] {
  return modelRoomSeeds().map((seed) => ({ seed, built: buildModelRoomScene(seed) }));
}
