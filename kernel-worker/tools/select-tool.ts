import { CABINET_MAX_SIZE, CABINET_MIN_SIZE } from '../../protocol/cabinets';
import { batchEntry, type BatchEntry } from '../../protocol/commands';
import type { KeyInput, PointerInput } from '../../protocol/input';
import type { CabinetRecord, FloorOpeningRecord, ModelRecord, OpeningRecord, SnapKind, Vec2, Vec3, WallRecord } from '../../protocol/records';
import { pointInRing } from '../geometry/polygon';
import { snapCabinet, snapFootprint, surfaceHeight } from '../geometry/furnish';
import { clampOpening } from '../geometry/openings';
import { joinWallEnds } from '../geometry/wall-join';
import { snapPoint, type SnapWall } from '../geometry/snap';
import type { FloorLevel, GizmoHandle } from '../render/types';
import type { RecordReader } from '../document/store';
import { furnishScene, furnishSnapOptions } from './furnish';
import { HANDLE_RADIUS_PX, hitRecordId, hitTestPlan, wallFrame, type PlanHit } from './hit-test';
import type { ScreenPoint } from './plan-view';
import { movedBeyond, type EditGesture, type Tool, type ToolContext } from './types';
import { SNAP_RADIUS_PX, wallsInReach } from './wall-tool';

// The select tool. In the plan view: hover highlights what is under the pointer, a click selects it
// (Shift adds or removes), and a drag edits it: a wall end handle moves that end (walls joined there
// follow), a wall's body moves the wall, an opening slides along its wall; a drag on empty floor pans.
// Each drag is one undo step; Esc during it puts everything back. In the 3D views a click (no
// movement) selects what the renderer picks, a drag on the gizmo of the one selected placed object
// (a model or a cabinet) moves, turns or resizes it (again one undo step, Esc puts it back; turns
// go in 15° steps, Shift turns freely), and everything else goes on to the camera controls. Models
// and cabinets are dragged in the plan view too, by their footprint; both snap as furniture does
// (geometry/furnish.ts), Shift dropping the edge snapping.

// A wall end or a wall let go near another wall joins it as the wall tool joins a drawn end
// (geometry/wall-join.ts): the end the drag left loose goes onto the centre line it stops short of
// (a T), or makes a corner with a loose end in reach (an L), in the drag's one undo step. Ends
// still joined to the walls that followed the drag, and ends out of reach, stay as they are.

type Drag =
  | {
      readonly kind: 'end';
      readonly gesture: EditGesture;
      readonly wall: WallRecord;
      readonly end: 'start' | 'end';
      readonly joined: ReadonlySet<string>;
      /** the storey's other walls as they were at pointer-down (what a let-go end may join) */
      readonly others: readonly WallRecord[];
    }
  | {
      readonly kind: 'wall';
      readonly gesture: EditGesture;
      readonly wall: WallRecord;
      readonly from: Vec2;
      readonly joined: ReadonlySet<string>;
      readonly others: readonly WallRecord[];
      /** which ends had no other wall's end on them at pointer-down (those may join when let go) */
      readonly loose: { readonly start: boolean; readonly end: boolean };
    }
  | {
      readonly kind: 'opening';
      readonly gesture: EditGesture;
      readonly opening: OpeningRecord;
      readonly wall: WallRecord;
      /** where along the wall the pointer held the opening, relative to its centre */
      readonly grip: number;
      readonly usable: readonly (readonly [number, number])[] | undefined;
      readonly others: readonly OpeningRecord[];
    }
  | {
      readonly kind: 'piece';
      readonly gesture: EditGesture;
      /** the model or cabinet as it was at pointer-down: every move starts from it */
      readonly target: Placed;
      /** the plan footprint ('move-xy') or the gizmo handle held */
      readonly handle: GizmoHandle;
      /** the plan point under the pointer at pointer-down */
      readonly from: Vec2;
      /** 3D views: where the pointer's ray is read (the model's base plane); null in the plan view */
      readonly level: FloorLevel | null;
    }
  | {
      /** a floor opening moved whole, or one of its corners (a rectangle keeps square: the corner's neighbours follow) */
      readonly kind: 'floorOpening';
      readonly gesture: EditGesture;
      readonly opening: FloorOpeningRecord;
      readonly corner: number | null;
      readonly from: Vec2;
    };

/** What the gizmo and the footprint drags edit: a placed object, a furniture model or a custom cabinet. */
export type Placed = { readonly type: 'model'; readonly record: ModelRecord } | { readonly type: 'cabinet'; readonly record: CabinetRecord };

/** The placed object with this id, or undefined. */
export function placedRecord(records: Pick<RecordReader, 'getOfType'>, id: string): Placed | undefined {
  const model = records.getOfType(id, 'model');
  if (model) return { type: 'model', record: model };
  const cabinet = records.getOfType(id, 'cabinet');
  return cabinet ? { type: 'cabinet', record: cabinet } : undefined;
}

/** What a press in the plan view is on: a plan hit, or a model's or a cabinet's footprint. */
type PressHit =
  | PlanHit
  | { readonly kind: 'model'; readonly id: string }
  | { readonly kind: 'cabinet'; readonly id: string }
  | { readonly kind: 'floorOpening'; readonly id: string; readonly corner: number | null };

interface Press {
  readonly x: number;
  readonly y: number;
  readonly shift: boolean;
  readonly hit: PressHit | null;
}

const JOINED = 1; // mm: ends this close are one joint (the geometry's merge tolerance)

const near = (a: Vec2, b: Vec2, d: number): boolean => Math.hypot(a.x - b.x, a.y - b.y) <= d;
const plus = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x + b.x, y: a.y + b.y });

/** A model turns in whole steps of 15°; with Shift held, freely. */
export const ROTATE_STEP = Math.PI / 12;

/** A cabinet's width by the gizmo's cube goes in these steps (mm; Shift: whole millimetres). */
export const CABINET_RESIZE_STEP = 10;

/** A resize by the gizmo keeps every side within these (mm; the record allows up to 100000). */
const MIN_MODEL_SIDE = 10;
const MAX_MODEL_SIDE = 20_000;

const pressId = (hit: PressHit): string => (hit.kind === 'model' || hit.kind === 'cabinet' || hit.kind === 'floorOpening' ? hit.id : hitRecordId(hit));

/** Whether the ring is an axis-aligned rectangle (corner drags keep it one). */
function isAxisRectangle(ring: readonly Vec2[]): boolean {
  return ring.length === 4 && ring.every((p, i) => {
    const q = ring[(i + 1) % 4]!;
    return p.x === q.x || p.y === q.y;
  });
}

/** The outline with corner i at `to`: a rectangle's two neighbouring corners follow, so it stays one. */
export function moveCorner(ring: readonly Vec2[], i: number, to: Vec2): Vec2[] {
  const out = ring.map((p) => ({ ...p }));
  const was = ring[i]!;
  if (isAxisRectangle(ring)) {
    for (const j of [(i + 1) % 4, (i + 3) % 4]) {
      const n = ring[j]!;
      if (n.x === was.x) out[j] = { x: to.x, y: n.y };
      else out[j] = { x: n.x, y: to.y };
    }
  }
  out[i] = to;
  return out;
}

/** An angle in (-π, π]. */
function normaliseAngle(a: number): number {
  const t = a - 2 * Math.PI * Math.floor((a + Math.PI) / (2 * Math.PI));
  return t <= -Math.PI ? t + 2 * Math.PI : t;
}

/** True when a plan point lies on a model's footprint (its size turned by its rotation). */
export function onModelFootprint(model: ModelRecord, p: Vec2): boolean {
  return onFootprint(model.position, model.rotation, model.size.x, model.size.y, p);
}

/** True when a plan point lies on a width x depth rectangle about `centre`, turned by `rotation`. */
function onFootprint(centre: Vec2, rotation: number, width: number, depth: number, p: Vec2): boolean {
  const dx = p.x - centre.x;
  const dy = p.y - centre.y;
  const c = Math.cos(rotation);
  const s = Math.sin(rotation);
  const lx = dx * c + dy * s;
  const ly = -dx * s + dy * c;
  return Math.abs(lx) <= width / 2 && Math.abs(ly) <= depth / 2;
}

export function createSelectTool(ctx: ToolContext): Tool {
  const { host } = ctx;
  let press: Press | null = null;
  let press3d: Press | null = null;
  let drag: Drag | null = null;

  /** Walls (other than `wall`) with an end at one of `points`: they move with it, so nothing snaps to them. */
  function joinedAt(wall: WallRecord, points: readonly Vec2[]): Set<string> {
    const out = new Set<string>([wall.id]);
    for (const w of ctx.scene().walls) {
      if (points.some((p) => near(w.start, p, JOINED) || near(w.end, p, JOINED))) out.add(w.id);
    }
    return out;
  }

  /**
   * The corners of the one selected floor opening first (its handles); walls, openings and their
   * handles; then models (the last placed on top), cabinets, floor openings; then rooms.
   */
  function planHitAt(screen: ScreenPoint): PressHit | null {
    const p = ctx.toPlan(screen);
    const selected = ctx.selection();
    const chosen = selected.length === 1 ? host.records.getOfType(selected[0]!, 'floorOpening') : undefined;
    if (chosen && chosen.storeyId === ctx.scene().storeyId) {
      const reach = HANDLE_RADIUS_PX * ctx.mmPerPx();
      const corner = chosen.outline.findIndex((q) => Math.hypot(q.x - p.x, q.y - p.y) <= reach);
      if (corner >= 0) return { kind: 'floorOpening', id: chosen.id, corner };
    }
    const hit = hitTestPlan(ctx.scene(), p, ctx.mmPerPx());
    if (hit && hit.kind !== 'room') return hit;
    const storeyId = ctx.scene().storeyId;
    // Through the referrer index, in id order (the plan draws them so: the last drawn on top); hidden ones are not there.
    const models = storeyId === null ? [] : host.records.referring(storeyId, 'model').filter((m) => !m.hidden).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (let i = models.length - 1; i >= 0; i--) if (onModelFootprint(models[i]!, p)) return { kind: 'model', id: models[i]!.id };
    if (storeyId !== null) {
      const cabinets = host.records.referring(storeyId, 'cabinet').filter((c) => !c.hidden);
      for (let i = cabinets.length - 1; i >= 0; i--) {
        const c = cabinets[i]!;
        if (onFootprint(c.position, c.rotation, c.width, c.depth, p)) return { kind: 'cabinet', id: c.id };
      }
      const holes = host.records.referring(storeyId, 'floorOpening');
      for (const o of holes) if (pointInRing(p, o.outline)) return { kind: 'floorOpening', id: o.id, corner: null };
    }
    return hit;
  }

  function startPieceDrag(target: Placed, handle: GizmoHandle, from: Vec2, level: FloorLevel | null): void {
    const label = `${target.type}.${handle === 'rotate' ? 'rotate' : handle === 'scale' ? 'resize' : 'move'}`;
    drag = { kind: 'piece', gesture: ctx.beginEdit(label), target, handle, from, level };
  }

  function update(target: Placed, fields: { readonly position?: Vec3; readonly rotation?: number }): void {
    if (target.type === 'model') host.exec('model.update', { id: target.record.id, ...fields });
    else host.exec('cabinet.update', { id: target.record.id, ...fields });
  }

  /** Moves, turns or resizes the dragged piece from where it was at pointer-down to follow the pointer's plan point. */
  function dragPiece(d: Extract<Drag, { kind: 'piece' }>, p: Vec2, shift: boolean): void {
    const { target } = d;
    const record = target.record;
    const c = record.position;
    if (d.handle === 'rotate') {
      const turn = Math.atan2(p.y - c.y, p.x - c.x) - Math.atan2(d.from.y - c.y, d.from.x - c.x);
      let rotation = normaliseAngle(record.rotation + turn);
      if (!shift) rotation = normaliseAngle(Math.round(rotation / ROTATE_STEP) * ROTATE_STEP);
      d.gesture.move(() => (rotation === record.rotation ? undefined : update(target, { rotation })));
      return;
    }
    // In proportion to how far the pointer is from the base centre now against at the press.
    const before = Math.hypot(d.from.x - c.x, d.from.y - c.y);
    const factor = before > 0 ? Math.hypot(p.x - c.x, p.y - c.y) / before : 1;
    if (d.handle === 'scale' && target.type === 'cabinet') {
      // A cabinet's cube changes its width (what a run is planned in), within its kind's sizes;
      // what else the width must allow (double doors, a handle) the kernel refuses, and the
      // cabinet stays at the last width it took.
      const cab = target.record;
      const step = shift ? 1 : CABINET_RESIZE_STEP;
      const width = Math.min(CABINET_MAX_SIZE.width, Math.max(CABINET_MIN_SIZE[cab.cabinetKind].width, Math.round((cab.width * factor) / step) * step));
      d.gesture.move(() => (width === cab.width ? undefined : host.exec('cabinet.update', { id: cab.id, width })));
      return;
    }
    if (d.handle === 'scale' && target.type === 'model') {
      const model = target.record;
      const longest = Math.max(model.size.x, model.size.y, model.size.z);
      const clamped = Math.min(MAX_MODEL_SIDE / longest, Math.max(MIN_MODEL_SIDE / Math.min(model.size.x, model.size.y, model.size.z), factor));
      const size = { x: Math.round(model.size.x * clamped), y: Math.round(model.size.y * clamped), z: Math.round(model.size.z * clamped) };
      const same = size.x === model.size.x && size.y === model.size.y && size.z === model.size.z;
      d.gesture.move(() => (same ? undefined : host.exec('model.update', { id: model.id, size })));
      return;
    }
    const dx = d.handle === 'move-y' ? 0 : Math.round(p.x - d.from.x);
    const dy = d.handle === 'move-x' ? 0 : Math.round(p.y - d.from.y);
    const position = snapMoved(d, { x: c.x + dx, y: c.y + dy }, shift);
    const same = position.x === c.x && position.y === c.y && position.z === c.z;
    d.gesture.move(() => (same ? undefined : update(target, { position })));
  }

  /**
   * Where a moved piece goes: against a wall face in reach and out of every wall body, lined up
   * with its neighbours' edges (geometry/furnish.ts: a cabinet with those at its height); a
   * surface piece stands on what is under it. An arrow keeps the move on its axis; Shift moves
   * freely (no edge snapping, walls still hold).
   */
  function snapMoved(d: Extract<Drag, { kind: 'piece' }>, to: Vec2, free: boolean): Vec3 {
    const { target } = d;
    const record = target.record;
    const scene = furnishScene(host.records, record.storeyId, new Set([record.id]));
    const base = furnishSnapOptions(d.level ? null : ctx.mmPerPx());
    const options = free ? { ...base, edgeSnap: 0 } : base;
    const snapped =
      target.type === 'cabinet'
        ? snapCabinet(target.record, to, scene.walls, scene.pieces, options)
        : snapFootprint({ center: to, rotation: target.record.rotation, size: target.record.size }, scene.walls, scene.pieces, options).center;
    const x = Math.round(d.handle === 'move-y' ? record.position.x : snapped.x);
    const y = Math.round(d.handle === 'move-x' ? record.position.y : snapped.y);
    const z = target.type === 'model' && target.record.mount === 'surface' ? surfaceHeight(scene.pieces, { x, y }) : record.position.z;
    return { x, y, z };
  }

  function clickSelect(id: string | null, shift: boolean): void {
    const current = ctx.selection();
    let next: readonly string[];
    if (shift) next = id === null ? current : current.includes(id) ? current.filter((x) => x !== id) : [...current, id];
    else next = id === null ? [] : [id];
    ctx.select(next);
  }

  function snapOptions(from: Vec2 | null, exclude: ReadonlySet<string>) {
    const draw = ctx.tool().draw;
    const on = draw.snap;
    return {
      tolerance: SNAP_RADIUS_PX * ctx.mmPerPx(),
      endpoints: on,
      midpoints: on,
      lines: on,
      orthogonal: on && draw.orthogonal,
      angles: on && draw.angle,
      from,
      exclude,
    };
  }

  function showSnap(point: Vec2 | null, kind: SnapKind): void {
    ctx.setLive(point && kind !== 'none' ? { segment: null, snap: { point, kind }, typed: '', opening: null } : null, ctx.tool().hoverId);
  }

  function startDrag(p: Press): boolean {
    const hit = p.hit;
    if (!hit || hit.kind === 'room') return false;
    const start = ctx.toPlan(p);
    // Dragging something unselected selects it: the properties panel shows what moves.
    const id = pressId(hit);
    if (!ctx.selection().includes(id)) ctx.select([id]);
    ctx.pin();
    if (hit.kind === 'model' || hit.kind === 'cabinet') {
      const target = placedRecord(host.records, hit.id);
      if (!target) return false;
      startPieceDrag(target, 'move-xy', start, null);
    } else if (hit.kind === 'floorOpening') {
      const opening = host.records.getOfType(hit.id, 'floorOpening');
      if (!opening) return false;
      drag = { kind: 'floorOpening', gesture: ctx.beginEdit(hit.corner === null ? 'floorOpening.move' : 'floorOpening.reshape'), opening, corner: hit.corner, from: start };
    } else if (hit.kind === 'end') {
      const wall = host.records.getOfType(hit.wallId, 'wall');
      if (!wall) return false;
      const joined = joinedAt(wall, [wall[hit.end]]);
      drag = { kind: 'end', gesture: ctx.beginEdit('wall.moveEnd'), wall, end: hit.end, joined, others: ctx.scene().walls.filter((w) => !joined.has(w.id)) };
    } else if (hit.kind === 'wall') {
      const wall = host.records.getOfType(hit.id, 'wall');
      if (!wall) return false;
      const joined = joinedAt(wall, [wall.start, wall.end]);
      const others = ctx.scene().walls.filter((w) => !joined.has(w.id));
      const loose = { start: joinedAt(wall, [wall.start]).size === 1, end: joinedAt(wall, [wall.end]).size === 1 };
      drag = { kind: 'wall', gesture: ctx.beginEdit('wall.move'), wall, from: start, joined, others, loose };
    } else {
      const opening = host.records.getOfType(hit.id, 'opening');
      const wall = opening && host.records.getOfType(opening.wallId, 'wall');
      if (!opening || !wall) return false;
      drag = {
        kind: 'opening',
        gesture: ctx.beginEdit('opening.slide'),
        opening,
        wall,
        grip: wallFrame(wall, start).along - opening.offset,
        usable: ctx.scene().plan().usable.get(wall.id),
        others: ctx.scene().openings.filter((o) => o.wallId === wall.id && o.id !== opening.id),
      };
    }
    return true;
  }

  /**
   * The wall `wall` with ends `start` / `end` joined to `others` (only the ends `joins` allows):
   * the commands that put it there and make the corners, or null when no end joins.
   */
  function joinedDrop(wall: WallRecord, start: Vec2, end: Vec2, others: readonly WallRecord[], joins: (end: 'start' | 'end') => boolean): BatchEntry[] | null {
    const near = wallsInReach(others, [start, end], wall.thickness);
    const i = near.length;
    const { walls, moves } = joinWallEnds([...near, { ...wall, start, end }], { joining: (k) => k === i, joinsEnd: (k, e) => k === i && joins(e) });
    if (moves.length === 0) return null;
    const commands: BatchEntry[] = [];
    for (const which of ['start', 'end'] as const) {
      const to = walls[i]![which];
      // Not detached: walls that followed the drag to this end follow it on to the joined point.
      if (to !== (which === 'start' ? start : end)) commands.push(batchEntry('wall.moveEnd', { id: wall.id, end: which, to }));
    }
    for (const m of moves) if (m.wall < i) commands.push(batchEntry('wall.moveEnd', { id: near[m.wall]!.id, end: m.end, to: m.to, detach: true }));
    return commands;
  }

  function dragTo(screen: ScreenPoint, shift = false, release = false): void {
    const d = drag;
    if (!d) return;
    if (d.kind === 'piece') {
      const p = d.level ? host.floorPoint(screen.x, screen.y, d.level) : ctx.toPlan(screen);
      // The ray missed the floor (the pointer above the horizon): the piece stays where it was last.
      if (p) dragPiece(d, p, shift);
      return;
    }
    const p = ctx.toPlan(screen);
    if (d.kind === 'floorOpening') {
      dragFloorOpening(d, p);
      return;
    }
    if (d.kind === 'end') {
      const other = d.wall[d.end === 'start' ? 'end' : 'start'];
      const walls: readonly SnapWall[] = ctx.scene().walls;
      const snapped = snapPoint(p, walls, snapOptions(other, d.joined));
      const to = snapped.kind === 'none' ? { x: Math.round(snapped.point.x), y: Math.round(snapped.point.y) } : snapped.point;
      if (near(to, other, 10)) return;
      const joined = release ? joinedDrop(d.wall, d.end === 'start' ? to : other, d.end === 'end' ? to : other, d.others, (e) => e === d.end) : null;
      // Followers (walls joined at the dragged end) go where the end goes, the joined point too.
      d.gesture.move(() => {
        if (joined) host.exec('batch', { commands: [batchEntry('wall.moveEnd', { id: d.wall.id, end: d.end, to }), ...joined] });
        else host.exec('wall.moveEnd', { id: d.wall.id, end: d.end, to });
      });
      showSnap(to, snapped.kind);
    } else if (d.kind === 'wall') {
      let by = { x: Math.round(p.x - d.from.x), y: Math.round(p.y - d.from.y) };
      const { wall } = d;
      const len = Math.hypot(wall.end.x - wall.start.x, wall.end.y - wall.start.y);
      // A wall joined to others moves square to itself (the usual way to resize a room); a free
      // standing one goes wherever it is dragged.
      const normal = { x: -(wall.end.y - wall.start.y) / len, y: (wall.end.x - wall.start.x) / len };
      const square = d.joined.size > 1;
      const project = (v: Vec2) => {
        const k = v.x * normal.x + v.y * normal.y;
        return { x: normal.x * k, y: normal.y * k };
      };
      if (square) by = project(by);
      // Snap the moved ends to other walls' ends and centre lines.
      const options = { ...snapOptions(null, d.joined), midpoints: false, orthogonal: false, angles: false };
      let best: { by: Vec2; point: Vec2; kind: SnapKind; distance: number } | null = null;
      for (const end of [wall.start, wall.end]) {
        const moved = { x: end.x + by.x, y: end.y + by.y };
        const s = snapPoint(moved, ctx.scene().walls, options);
        if (s.kind === 'none') continue;
        const shift = { x: s.point.x - moved.x, y: s.point.y - moved.y };
        const adjusted = square ? project({ x: by.x + shift.x, y: by.y + shift.y }) : { x: by.x + shift.x, y: by.y + shift.y };
        const distance = Math.hypot(shift.x, shift.y);
        if (!best || distance < best.distance) best = { by: adjusted, point: s.point, kind: s.kind, distance };
      }
      if (best) by = best.by;
      const moved = by;
      const joined = release ? joinedDrop(wall, plus(wall.start, moved), plus(wall.end, moved), d.others, (e) => d.loose[e]) : null;
      const still = moved.x === 0 && moved.y === 0;
      d.gesture.move(() => {
        if (joined) host.exec('batch', { commands: [...(still ? [] : [batchEntry('wall.move', { id: wall.id, by: moved })]), ...joined] });
        else if (!still) host.exec('wall.move', { id: wall.id, by: moved });
      });
      showSnap(best?.point ?? null, best?.kind ?? 'none');
    } else {
      const { wall, opening } = d;
      const f = wallFrame(wall, p);
      const offset = clampOpening({ length: f.length, usable: d.usable }, d.others, { id: opening.id, offset: f.along - d.grip, width: opening.width });
      if (offset === null) return;
      d.gesture.move(() => host.exec('opening.update', { id: opening.id, offset }));
    }
  }

  /**
   * A floor opening follows the pointer whole (its corner nearest a snap point snaps there) or by
   * one corner, which snaps as drawn points do; a shape the kernel refuses (too small) stays at the
   * last good one.
   */
  function dragFloorOpening(d: Extract<Drag, { kind: 'floorOpening' }>, p: Vec2): void {
    const { opening } = d;
    const options = { ...snapOptions(null, new Set<string>()), midpoints: ctx.tool().draw.snap, orthogonal: false, angles: false };
    let outline: Vec2[];
    let snapped: { point: Vec2; kind: SnapKind } | null = null;
    if (d.corner !== null) {
      const s = snapPoint(p, ctx.scene().walls, options);
      const to = s.kind === 'none' ? { x: Math.round(p.x), y: Math.round(p.y) } : s.point;
      if (s.kind !== 'none') snapped = s;
      outline = moveCorner(opening.outline, d.corner, to);
    } else {
      let by = { x: Math.round(p.x - d.from.x), y: Math.round(p.y - d.from.y) };
      let best = Infinity;
      for (const corner of opening.outline) {
        const moved = { x: corner.x + by.x, y: corner.y + by.y };
        const s = snapPoint(moved, ctx.scene().walls, options);
        if (s.kind === 'none') continue;
        const distance = Math.hypot(s.point.x - moved.x, s.point.y - moved.y);
        if (distance < best) {
          best = distance;
          snapped = s;
          by = { x: by.x + s.point.x - moved.x, y: by.y + s.point.y - moved.y };
        }
      }
      outline = opening.outline.map((q) => ({ x: q.x + by.x, y: q.y + by.y }));
      if (by.x === 0 && by.y === 0) {
        d.gesture.move(() => undefined);
        showSnap(null, 'none');
        return;
      }
    }
    d.gesture.move(() => host.exec('floorOpening.update', { id: opening.id, outline }));
    showSnap(snapped?.point ?? null, snapped?.kind ?? 'none');
  }

  function endDrag(cancel: boolean): void {
    const d = drag;
    if (!d) return;
    drag = null;
    if (cancel) d.gesture.cancel();
    else d.gesture.finish();
    showSnap(null, 'none');
  }

  function pointerPlan(e: PointerInput): boolean {
    switch (e.type) {
      case 'pointerdown':
        if (e.button !== 0) return e.button === 2;
        press = { x: e.x, y: e.y, shift: e.shiftKey, hit: planHitAt(e) };
        return true;
      case 'pointermove': {
        if (drag) {
          dragTo(e, e.shiftKey);
          return true;
        }
        const p = press;
        if (p && (e.buttons & 1) !== 0) {
          if (movedBeyond(p, e)) {
            press = null;
            if (startDrag(p)) dragTo(e, e.shiftKey);
            else ctx.startPan(p, 0);
          }
          return true;
        }
        const hit = planHitAt(e);
        ctx.setLive(ctx.tool().preview, hit ? pressId(hit) : null);
        return true;
      }
      case 'pointerup': {
        if (e.button !== 0) return true;
        if (drag) {
          dragTo(e, e.shiftKey, true);
          endDrag(false);
          return true;
        }
        const p = press;
        press = null;
        if (p) clickSelect(p.hit ? pressId(p.hit) : null, p.shift);
        return true;
      }
      case 'pointercancel':
        press = null;
        endDrag(true);
        return true;
      case 'pointerleave':
        if (!drag) ctx.setLive(ctx.tool().preview, null);
        return true;
    }
  }

  /** A press on the gizmo of the one selected model or cabinet starts a drag of it (the camera does not see it). */
  function gizmoPress(e: PointerInput): boolean {
    const handle = host.gizmoHit(e.x, e.y);
    const ids = ctx.selection();
    const target = handle && ids.length === 1 ? placedRecord(host.records, ids[0]!) : undefined;
    if (!handle || !target) return false;
    // The cube is not drawn for a fixed-size piece; a stale hit on it moves nothing.
    if (handle === 'scale' && target.type === 'model' && target.record.resizable === false) return false;
    const level: FloorLevel = { storeyId: target.record.storeyId, z: target.record.position.z };
    const from = host.floorPoint(e.x, e.y, level);
    if (!from) return false;
    startPieceDrag(target, handle, from, level);
    return true;
  }

  function pointer3d(e: PointerInput): boolean {
    if (drag) {
      // A gizmo drag owns the pointer until it is released.
      if (e.type === 'pointermove') dragTo(e, e.shiftKey);
      else if (e.type === 'pointerup' && e.button === 0) {
        dragTo(e, e.shiftKey);
        endDrag(false);
      } else if (e.type === 'pointercancel') endDrag(true);
      return true;
    }
    if (e.type === 'pointerdown' && e.button === 0 && gizmoPress(e)) {
      press3d = null;
      return true;
    }
    // Otherwise never taken: the camera controls see every event too, and a click is a press the
    // camera did not turn.
    if (e.type === 'pointerdown' && e.button === 0) press3d = { x: e.x, y: e.y, shift: e.shiftKey, hit: null };
    else if (e.type === 'pointermove' && press3d && movedBeyond(press3d, e)) press3d = null;
    else if (e.type === 'pointerup' && e.button === 0 && press3d) {
      const p = press3d;
      press3d = null;
      const picked = host.pick(e.x, e.y);
      const record = picked ? host.records.get(picked.id) : undefined;
      // Session records and the scene meta are never drawn; a pick of anything else selects it.
      const selectable = record !== undefined && record.type !== 'meta' && record.type !== 'view' && record.type !== 'selection' && record.type !== 'tool';
      clickSelect(selectable ? record.id : null, p.shift);
    } else if (e.type === 'pointercancel') press3d = null;
    return false;
  }

  return {
    pointer(e) {
      if (ctx.cameraView() === 2) {
        press3d = null;
        // A gizmo drag does not survive a switch to the plan view (nor a plan drag the way back).
        if (drag?.kind === 'piece' && drag.level) endDrag(true);
        return pointerPlan(e);
      }
      if (drag && !(drag.kind === 'piece' && drag.level)) endDrag(true);
      press = null;
      return pointer3d(e);
    },
    key(_e: KeyInput) {
      return false;
    },
    cancel() {
      if (drag) {
        endDrag(true);
        return true;
      }
      press = null;
      return false;
    },
    reset() {
      if (drag) endDrag(true);
      press = null;
      press3d = null;
    },
  };
}
