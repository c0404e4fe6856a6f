import { computeCaps, computeJoints, type Joints } from './joints';
import { detectRooms, type DetectedRoom } from './rooms';
import { MERGE_TOLERANCE } from './tolerance';
import { footprintsFromGraph, sameFootprint, wallNeighbours, type WallFootprint } from './wall-footprint';
import { buildWallGraph, type WallGraph, type WallInput } from './wall-graph';

// Storeys' wall graphs, joints, footprints and rooms, shared between the wall commands and the
// views. A wall command's reconcile builds the graph of the storey it changed; the 3D scene graph
// and the 2D plan need the same a microtask later (and the plan again on every zoom or hover).
// An entry is keyed by the identity of the wall records it was built from: records are
// immutable, so the same objects mean the same walls, and any other list (a piece the reconcile
// put after building it, an undo, another storey) builds its own. Entries are kept per storey
// (the walls' storeyId): the storey being edited keeps a few (the states before an edit, for
// undo and for incremental footprints), every other storey its latest one, so the plan of a
// storey drawn over all the storeys below it rebuilds none of them, however many there are.
//
// Footprints are made incrementally: a new entry takes over the footprints of the entry it
// overlaps most (the same storey before the edit) and recomputes only those of the walls that
// changed and of the walls meeting them before or after (a footprint depends on the joints at
// the nodes along its wall, and a joint on the walls meeting there). Where a wall is split by
// another (a crossing or T not yet split into records, which the commands never leave), a
// changed piece length can move the joint at the wall's far end too, so the walls there are
// taken as well. An unchanged wall's footprint is the same object as before, so the views can
// tell what to redraw by identity.

/** A wall as the cache takes it: a record's storeyId keeps each storey's entries apart. */
export type CachedWall = WallInput & { readonly storeyId?: string };

interface Entry {
  /** the storey of the walls (see storeyKey) */
  readonly key: string;
  readonly walls: readonly WallInput[];
  readonly tolerance: number;
  readonly graph: WallGraph;
  readonly joints: Joints;
  members: Set<WallInput> | null;
  index: Map<string, number> | null;
  footprints: ReadonlyMap<string, WallFootprint> | null;
  rooms: readonly DetectedRoom[] | null;
}

/** Entries kept for the storey being edited: its states before the edit (undo, incremental footprints). */
const PER_STOREY = 8;
/** Storeys kept, one entry each but the edited one: more than a building has, so a plan drawn over all the storeys below finds them all. */
const STOREYS = 64;
/** Per storey key, entries most recently used first; storeys least recently used first. */
const groups = new Map<string, Entry[]>();
/** The storey whose entries were last remembered: the others keep their latest only. */
let edited: string | null = null;

/** How many walls' footprints the last planFor() computed (tests, benchmarks). */
export const footprintStats = { computed: 0 };

/** How many graphs the functions below have built since the start (tests: what a redraw rebuilds). */
export const graphStats = { built: 0 };

/** A list of walls belongs to the storey of its first wall; the commands and views pass one storey's walls. */
const storeyKey = (walls: readonly CachedWall[]): string => walls[0]?.storeyId ?? '';

/** The storey's entries, the storey marked most recently used. */
function groupOf(key: string): Entry[] {
  const group = groups.get(key) ?? [];
  groups.delete(key);
  groups.set(key, group);
  if (groups.size > STOREYS) groups.delete(groups.keys().next().value!);
  return group;
}

function membersOf(entry: Entry): Set<WallInput> {
  return (entry.members ??= new Set(entry.walls));
}

function indexOf(entry: Entry): Map<string, number> {
  if (!entry.index) {
    const index = new Map<string, number>();
    entry.graph.walls.forEach((w, i) => index.set(w.id, i));
    entry.index = index;
  }
  return entry.index;
}

function sameWalls(entry: Entry, walls: readonly WallInput[], tolerance: number): boolean {
  if (entry.tolerance !== tolerance || entry.walls.length !== walls.length) return false;
  if (entry.walls === walls) return true;
  // The commands order a storey's walls with the changed ones last; any order of the same walls
  // gives the same footprints once the plan is consistent, which it is after a reconcile.
  const members = membersOf(entry);
  for (const w of walls) if (!members.has(w)) return false;
  return true;
}

function newEntry(walls: readonly CachedWall[], tolerance: number, graph: WallGraph, joints: Joints): Entry {
  return { key: storeyKey(walls), walls, tolerance, graph, joints, members: null, index: null, footprints: null, rooms: null };
}

function remember(entry: Entry): void {
  const group = groupOf(entry.key);
  group.unshift(entry);
  if (group.length > PER_STOREY) group.length = PER_STOREY;
  if (edited === entry.key) return;
  // Another storey is edited now: the others keep what their views show.
  edited = entry.key;
  for (const [key, other] of groups) if (key !== entry.key && other.length > 1) other.length = 1;
}

function entryFor(walls: readonly CachedWall[], tolerance: number): { entry: Entry; reused: boolean } {
  const group = groupOf(storeyKey(walls));
  const i = group.findIndex((e) => sameWalls(e, walls, tolerance));
  if (i >= 0) {
    const entry = group[i]!;
    if (i > 0) {
      group.splice(i, 1);
      group.unshift(entry);
    }
    return { entry, reused: true };
  }
  const graph = buildWallGraph(walls, tolerance);
  graphStats.built++;
  const entry = newEntry(walls, tolerance, graph, computeJoints(graph));
  remember(entry);
  return { entry, reused: false };
}

/** Offers a graph built from these walls (in this order) for the functions below to reuse. */
export function rememberGraph(walls: readonly CachedWall[], graph: WallGraph, joints: Joints, tolerance = MERGE_TOLERANCE): void {
  remember(newEntry(walls, tolerance, graph, joints));
}

/** The graph and joints of these walls: remembered ones when they are of exactly these records. */
export function graphFor(walls: readonly CachedWall[], tolerance = MERGE_TOLERANCE): { graph: WallGraph; joints: Joints; reused: boolean } {
  const { entry, reused } = entryFor(walls, tolerance);
  return { graph: entry.graph, joints: entry.joints, reused };
}

/** The remembered entry of its storey with footprints that shares the most wall records with `entry`. */
function predecessorOf(entry: Entry): Entry | null {
  let best: Entry | null = null;
  let bestShared = 0;
  for (const other of groups.get(entry.key) ?? []) {
    if (other === entry || !other.footprints || other.tolerance !== entry.tolerance) continue;
    const members = membersOf(other);
    let shared = 0;
    for (const w of entry.walls) if (members.has(w)) shared++;
    if (shared > bestShared) {
      best = other;
      bestShared = shared;
    }
    // Most recent first: one sharing most of the walls is the state before the edit.
    if (2 * shared > entry.walls.length) break;
  }
  return best;
}

const isSplit = (entry: Entry, i: number): boolean => {
  const s = entry.graph.splits[i]!;
  return s.pieces.length !== 1 || s.pieces[0]!.coveredBy !== null;
};

/** Ids of the walls meeting wall `id` in this entry's graph (none when it is not in it). */
function neighbours(entry: Entry, id: string): string[] {
  const i = indexOf(entry).get(id);
  return i === undefined ? [] : wallNeighbours(entry.graph, i).map((k) => entry.graph.walls[k]!.id);
}

/** Which walls of `entry` may have a footprint other than in `before`: see the file header. */
function affectedWalls(entry: Entry, before: Entry): Set<string> | null {
  const now = indexOf(entry);
  const then = indexOf(before);
  const beforeMembers = membersOf(before);
  const changed: string[] = [];
  for (const w of entry.walls) if (!beforeMembers.has(w)) changed.push(w.id);
  for (const w of before.walls) if (!now.has(w.id)) changed.push(w.id);
  // Mostly new walls (another storey, a load): computing them all is as cheap.
  if (changed.length > entry.walls.length / 2) return null;
  const affected = new Set<string>();
  for (const id of changed) {
    affected.add(id);
    for (const n of neighbours(entry, id)) affected.add(n);
    for (const n of neighbours(before, id)) affected.add(n);
  }
  const queue = [...affected];
  const expanded = new Set<string>();
  while (queue.length) {
    const id = queue.pop()!;
    const i = now.get(id);
    const j = then.get(id);
    const split = (i !== undefined && isSplit(entry, i)) || (j !== undefined && isSplit(before, j));
    if (expanded.has(id) || !split) continue;
    expanded.add(id);
    for (const n of [...neighbours(entry, id), ...neighbours(before, id)]) {
      if (affected.has(n)) continue;
      affected.add(n);
      queue.push(n);
    }
  }
  return affected;
}

function footprintsOf(entry: Entry): ReadonlyMap<string, WallFootprint> {
  if (entry.footprints) return entry.footprints;
  const { graph, joints } = entry;
  const before = predecessorOf(entry);
  const affected = before ? affectedWalls(entry, before) : null;
  const index = indexOf(entry);
  const out = new Map<string, WallFootprint>();
  if (!before || !affected) {
    const fresh = footprintsFromGraph(graph, joints, computeCaps(graph, joints));
    footprintStats.computed = fresh.size;
    for (const [id, f] of fresh) {
      const old = before?.footprints?.get(id);
      out.set(id, old && sameFootprint(old, f) ? old : f);
    }
  } else {
    const indices: number[] = [];
    const nodes: number[] = [];
    for (const id of affected) {
      const i = index.get(id);
      if (i === undefined) continue;
      indices.push(i);
      for (const piece of graph.splits[i]!.pieces) nodes.push(graph.edgeFrom[piece.edge]!, graph.edgeTo[piece.edge]!);
    }
    // Caps only at the nodes along the walls recomputed: all their footprints read.
    const fresh = footprintsFromGraph(graph, joints, computeCaps(graph, joints, nodes), indices);
    footprintStats.computed = fresh.size;
    for (const w of graph.walls) {
      const f = fresh.get(w.id);
      const old = before.footprints!.get(w.id);
      if (f === undefined) out.set(w.id, old ?? []);
      else out.set(w.id, old && sameFootprint(old, f) ? old : f);
    }
  }
  entry.footprints = out;
  return out;
}

/**
 * Every wall's footprint of one storey's walls, computed once per set of wall records and
 * incrementally from the set before (see the file header). An unchanged wall's footprint is the
 * same object as before.
 */
export function footprintsFor(walls: readonly CachedWall[], tolerance = MERGE_TOLERANCE): { footprints: ReadonlyMap<string, WallFootprint>; reused: boolean } {
  const { entry, reused } = entryFor(walls, tolerance);
  return { footprints: footprintsOf(entry), reused };
}

/** The footprints, rooms (faces) and graph of one storey's walls, computed once per set of wall records. */
export function planFor(walls: readonly CachedWall[], tolerance = MERGE_TOLERANCE): {
  readonly graph: WallGraph;
  readonly joints: Joints;
  readonly footprints: ReadonlyMap<string, WallFootprint>;
  readonly rooms: readonly DetectedRoom[];
} {
  const { entry } = entryFor(walls, tolerance);
  const footprints = footprintsOf(entry);
  entry.rooms ??= detectRooms(entry.graph, entry.joints).rooms;
  return { graph: entry.graph, joints: entry.joints, footprints, rooms: entry.rooms };
}

/** Drops everything remembered (tests). */
export function forgetGraphs(): void {
  groups.clear();
  edited = null;
}
