import type { CommandArgs, PlanWallInput } from '../../protocol/commands';
import type { StoreyRecord, Vec2, WallRecord } from '../../protocol/records';
import { boolean, finite, isPlainObject, object, oneOf, optional, type Check } from '../document/check';
import type { Transaction } from '../document/store';
import { RECORD_SHAPES } from '../document/validators';
import { DEFAULT_WALL_THICKNESS } from '../kinds/wall/record';
import { MERGE_TOLERANCE } from '../geometry/tolerance';
import { chosenIdArg, claimId, idArg, removeCommand, removeWithDependents, requireRecord, storeyFor, updateArgs } from './common';
import { OpeningRefused, wallLength } from './reconcile';
import type { CommandDef } from './types';

// Wall commands write the walls (and the openings and pavings that go with them) and nothing
// derived: the upkeep pass after the command (upkeep.ts, rule roomsFollowWalls) reconciles the
// storeys whose walls they touched (crossings split, rooms re-detected, the openings the change
// affects checked), all in the command's one transaction (one undo step).

export { DEFAULT_WALL_THICKNESS };

const shape = RECORD_SHAPES.wall;

const near = (a: Vec2, b: Vec2): boolean => Math.hypot(a.x - b.x, a.y - b.y) <= MERGE_TOLERANCE;
const plus = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x + b.x, y: a.y + b.y });

/** A new wall record from a command's input; what it leaves out comes from the storey and the defaults. */
export function newWall(id: string, storey: StoreyRecord, a: Omit<PlanWallInput, 'id'>): WallRecord {
  return {
    id,
    type: 'wall',
    storeyId: storey.id,
    start: a.start,
    end: a.end,
    thickness: a.thickness ?? DEFAULT_WALL_THICKNESS,
    height: a.height ?? storey.layerHeight,
    wallType: a.wallType ?? 'normal',
    ...(a.color ? { color: a.color } : {}),
  };
}

export const addWall: CommandDef<'wall.add'> = {
  args: object<CommandArgs<'wall.add'>>({
    id: chosenIdArg,
    storeyId: optional(shape.storeyId),
    start: shape.start,
    end: shape.end,
    thickness: optional(shape.thickness),
    height: optional(shape.height),
    wallType: optional(shape.wallType),
    color: shape.color,
  }),
  history: 'undoable',
  run(tx, a, context) {
    const storey = storeyFor(tx, a.storeyId);
    const id = claimId(tx, 'wall', a.id);
    tx.put(newWall(id, storey, a));
    // Settled now to see whether the wall survived its reconcile.
    context.settle();
    if (!tx.has(id)) throw new Error(`the wall from (${a.start.x}, ${a.start.y}) to (${a.end.x}, ${a.end.y}) lies entirely on an existing wall`);
    return { id };
  },
};

const wallFields = updateArgs('wall');
const updateWallArgs: Check<CommandArgs<'wall.update'>> = (value, path) => {
  // null is the one value the record itself never holds: it clears the colour.
  if (isPlainObject(value) && value.color === null) {
    const { color: _cleared, ...rest } = value;
    return { ...wallFields(rest, path), color: null };
  }
  return wallFields(value, path);
};

/**
 * Any field; a moved or resized wall is reconciled like a drawn one, and refused when one of its
 * openings (or one on a wall meeting it) would no longer fit.
 */
export const updateWall: CommandDef<'wall.update'> = {
  args: updateWallArgs,
  history: 'undoable',
  run(tx, args) {
    const record = requireRecord(tx, args.id, 'wall');
    const { color: asked, ...fields } = args;
    const { color: had, ...rest } = record;
    const color = asked === undefined ? had : (asked ?? undefined);
    const next: WallRecord = { ...rest, ...fields, ...(color ? { color } : {}) };
    requireRecord(tx, next.storeyId, 'storey');
    tx.put(next);
    return null;
  },
};

export const removeWall = removeCommand('wall');

/**
 * Puts the wall with new ends; its openings keep their distance from the end that stays (from
 * the start when both move). Refuses (OPENING_PAST_END) when one would run off the new start.
 */
export function placeWall(tx: Transaction, wall: WallRecord, start: Vec2, end: Vec2): WallRecord {
  const next: WallRecord = { ...wall, start, end };
  tx.put(next);
  const startMoved = start.x !== wall.start.x || start.y !== wall.start.y;
  const endMoved = end.x !== wall.end.x || end.y !== wall.end.y;
  if (!startMoved || endMoved) return next;
  const grown = wallLength(next) - wallLength(wall);
  if (grown === 0) return next;
  for (const o of tx.referring(wall.id, 'opening')) {
    const offset = o.offset + grown;
    if (offset - o.width / 2 < 0) {
      throw new OpeningRefused(
        'OPENING_PAST_END',
        `opening ${o.id} keeps its place ${Math.round(wallLength(wall) - o.offset)} from the far end of wall ${wall.id}, which would be only ${Math.round(wallLength(next))} long`,
      );
    }
    tx.put({ ...o, offset });
  }
  return next;
}

interface Joined {
  readonly wall: WallRecord;
  /** which of its ends are joined */
  readonly start: boolean;
  readonly end: boolean;
}

/** Walls of the storey (but `except`) with an end within the merge tolerance of `at`: which ends. */
function joinedAt(tx: Transaction, storeyId: string, at: readonly Vec2[], except: string): Joined[] {
  const out: Joined[] = [];
  for (const wall of tx.referring(storeyId, 'wall')) {
    if (wall.id === except) continue;
    const start = at.some((p) => near(wall.start, p));
    const end = at.some((p) => near(wall.end, p));
    if (start || end) out.push({ wall, start, end });
  }
  return out;
}

/** Removes neighbours pulled down to nothing (two corners merged); refused while one holds an opening. */
function removeCollapsed(tx: Transaction, ids: readonly string[]): void {
  if (ids.length === 0) return;
  const opening = ids.map((id) => tx.referring(id, 'opening')[0]).find((o) => o !== undefined);
  if (opening) throw new OpeningRefused('OPENING_PAST_END', `wall ${opening.wallId} would shrink to nothing under opening ${opening.id}`);
  removeWithDependents(tx, ids);
}

const vec2 = shape.start;

/**
 * Puts the wall with new ends and drags the walls joined to it along (`moved` gives where a joined
 * end goes); a neighbour pulled onto its own far end is gone (two corners merged into one).
 */
function moveJoined(tx: Transaction, wall: WallRecord, start: Vec2, end: Vec2, followers: readonly Joined[], moved: (p: Vec2) => Vec2): void {
  placeWall(tx, wall, start, end);
  const collapsed: string[] = [];
  for (const f of followers) {
    const from = f.start ? moved(f.wall.start) : f.wall.start;
    const to = f.end ? moved(f.wall.end) : f.wall.end;
    if (near(from, to)) collapsed.push(f.wall.id);
    else placeWall(tx, f.wall, from, to);
  }
  removeCollapsed(tx, collapsed);
}

export const moveWallEnd: CommandDef<'wall.moveEnd'> = {
  args: object<CommandArgs<'wall.moveEnd'>>({ id: idArg, end: oneOf(['start', 'end'] as const), to: vec2, detach: optional(boolean) }),
  history: 'undoable',
  run(tx, a) {
    const wall = requireRecord(tx, a.id, 'wall');
    const from = a.end === 'start' ? wall.start : wall.end;
    const followers = a.detach ? [] : joinedAt(tx, wall.storeyId, [from], wall.id);
    moveJoined(tx, wall, a.end === 'start' ? a.to : wall.start, a.end === 'end' ? a.to : wall.end, followers, () => a.to);
    return null;
  },
};

export const moveWall: CommandDef<'wall.move'> = {
  args: object<CommandArgs<'wall.move'>>({ id: idArg, by: object<Vec2>({ x: finite({ min: -1_000_000, max: 1_000_000 }), y: finite({ min: -1_000_000, max: 1_000_000 }) }) }),
  history: 'undoable',
  run(tx, a) {
    const wall = requireRecord(tx, a.id, 'wall');
    const followers = joinedAt(tx, wall.storeyId, [wall.start, wall.end], wall.id);
    moveJoined(tx, wall, plus(wall.start, a.by), plus(wall.end, a.by), followers, (p) => plus(p, a.by));
    return null;
  },
};

export const splitWall: CommandDef<'wall.split'> = {
  args: object<CommandArgs<'wall.split'>>({ id: idArg, at: finite({ min: 0, max: 1_000_000 }) }),
  history: 'undoable',
  run(tx, a) {
    const wall = requireRecord(tx, a.id, 'wall');
    const length = wallLength(wall);
    if (a.at <= MERGE_TOLERANCE || a.at >= length - MERGE_TOLERANCE) {
      throw new Error(`at: must lie inside wall ${wall.id}, between ${MERGE_TOLERANCE} and ${Math.floor((length - MERGE_TOLERANCE) * 10) / 10} mm from its start, got ${a.at}`);
    }
    const t = a.at / length;
    const point = { x: wall.start.x + (wall.end.x - wall.start.x) * t, y: wall.start.y + (wall.end.y - wall.start.y) * t };
    const second: WallRecord = { ...wall, id: tx.newId('wall'), start: point };
    for (const o of tx.referring(wall.id, 'opening')) {
      if (o.offset + o.width / 2 <= a.at) continue;
      if (o.offset - o.width / 2 >= a.at) {
        tx.put({ ...o, wallId: second.id, offset: o.offset - a.at });
        continue;
      }
      throw new OpeningRefused('OPENING_ACROSS_JOINT', `opening ${o.id} spans ${o.offset - o.width / 2}..${o.offset + o.width / 2} along wall ${wall.id}, across the split at ${a.at}`);
    }
    tx.put({ ...wall, end: point });
    tx.put(second);
    // Both halves keep the wall's finishes.
    for (const p of tx.referring(wall.id, 'paving')) tx.put({ ...p, id: tx.newId('paving'), surface: { id: second.id, face: p.surface.face } });
    return { ids: [wall.id, second.id] };
  },
};
