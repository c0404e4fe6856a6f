import { type RecordType, type RoomRecord, type SceneRecord, type Vec2 } from '../protocol/records';
import { diffValues, type PatchOp } from '../protocol/patch';
import type { CurrentRoomInfo, KernelSnapshot, RendererStatus, SelectedDetail } from '../protocol/snapshot';
import type { RecordsDiff } from './document/diff';
import type { RecordReader } from './document/store';
import { pointInRing } from './geometry/polygon';
import { hasCeiling } from './kinds/ceiling/record';
import type { KeyedPartName, RoomProbe, SnapshotBody } from './kinds/record-kind';
import { RECORD_TYPES, kindOf } from './kinds/records';
import { getView } from './kinds/view/record';

// The UI's view of the kernel, derived from records alone (plus the few flags the records cannot
// know). Each kind declares its part (kinds/<type>/record.ts `snapshot`): fields made from its
// records, or one entry per record in a keyed map, and what a selected record of it shows. This
// file loops over those, and keeps the few parts that read several types (the selected detail,
// the current room, planClosed). deriveSnapshot() builds it from scratch; trackSnapshot() follows
// commits, recomputing only the parts whose record types a diff touched and patching keyed maps
// entry by entry, so that an edit costs what it touched, not the size of the scene.

export type { SnapshotBody };

export interface KernelFlags {
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly dirty: boolean;
  readonly changedSinceBackup: boolean;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type KeyedMap = Record<string, unknown>;

const PART_KINDS = RECORD_TYPES.filter((t) => kindOf(t).snapshot?.part);
const KEYED_KINDS = RECORD_TYPES.filter((t) => kindOf(t).snapshot?.entries);
const KEYED_PARTS = new Set<string>(KEYED_KINDS.map((t) => kindOf(t).snapshot!.entries!.part));

/** The one selected record's editable fields; null with none or several selected. */
function selectedDetail(records: RecordReader, selection: readonly string[]): SelectedDetail | null {
  if (selection.length !== 1) return null;
  const record = records.get(selection[0]!);
  if (!record) return null;
  const detail = kindOf(record.type).snapshot?.selected;
  return detail ? detail(record, records) : { kind: 'other', id: record.id, type: record.type };
}

function probeOf(records: RecordReader, record: SceneRecord | undefined): RoomProbe | undefined {
  const probe = record && kindOf(record.type).snapshot?.probeRoom;
  return probe ? probe(record, records) : undefined;
}

/** The first room (in id order) of the storey holding a point, trying the points in order. */
function roomAt(records: RecordReader, storeyId: string, points: readonly Vec2[]): RoomRecord | undefined {
  const rooms = records.ofType('room').filter((r) => r.storeyId === storeyId);
  for (const p of points) {
    const room = rooms.find((r) => pointInRing(p, r.outline));
    if (room) return room;
  }
  return undefined;
}

function locateRoom(records: RecordReader, probe: RoomProbe | undefined): RoomRecord | undefined {
  if (!probe) return undefined;
  return 'room' in probe ? probe.room : roomAt(records, probe.storeyId, probe.points);
}

/** The room a record stands in (the one the UI names as the current room), as its kind probes it. */
export function roomOfRecord(records: RecordReader, record: SceneRecord): RoomRecord | undefined {
  return locateRoom(records, probeOf(records, record));
}

function roomInfo(records: RecordReader, room: RoomRecord | undefined): CurrentRoomInfo | null {
  if (!room) return null;
  return {
    id: room.id,
    roomType: room.roomType,
    roomName: room.name,
    regionName: records.getOfType(room.storeyId, 'storey')?.name ?? '',
    height: room.height,
    isHaveCeil: hasCeiling(records, room.id),
  };
}

/** catalogues.md §3 current room info: the selected room, or the room holding the selected opening, wall or model. */
function currentRoomInfo(records: RecordReader, selection: readonly string[]): CurrentRoomInfo | null {
  if (selection.length !== 1) return null;
  return roomInfo(records, locateRoom(records, probeOf(records, records.get(selection[0]!))));
}

function planClosed(records: RecordReader): boolean {
  const current = getView(records).currentStoreyId;
  return current !== null && records.ofType('room').some((r) => r.storeyId === current);
}

function keyedMap(records: RecordReader, type: RecordType): KeyedMap {
  const { entry } = kindOf(type).snapshot!.entries!;
  const map: KeyedMap = {};
  for (const record of records.ofType(type)) map[record.id] = entry(record as never, records);
  return map;
}

export function deriveSnapshot(records: RecordReader, flags: KernelFlags, renderer: RendererStatus): SnapshotBody {
  const body: Partial<Mutable<SnapshotBody>> = {
    ...flags,
    renderer,
    counts: Object.fromEntries(RECORD_TYPES.map((t) => [t, records.countOf(t)])),
  };
  for (const type of PART_KINDS) Object.assign(body, kindOf(type).snapshot!.part!.derive(records));
  for (const type of KEYED_KINDS) Object.assign(body, { [kindOf(type).snapshot!.entries!.part]: keyedMap(records, type) });
  const selection = body.selection ?? [];
  body.selected = selectedDetail(records, selection);
  body.currentRoom = currentRoomInfo(records, selection);
  body.planClosed = planClosed(records);
  return body as SnapshotBody;
}

interface Touched {
  readonly types: Set<RecordType>;
  readonly ids: Set<string>;
  /** type -> the ids of that type (before or after) the diffs touched */
  readonly byType: Map<RecordType, Set<string>>;
  /** the touched records as they were and as they are (what keyed entries' `follows` read) */
  readonly records: SceneRecord[];
}

/** The record types and ids a run of diffs touched (a record that changed type counts for both). */
function touchedBy(diffs: readonly RecordsDiff[]): Touched {
  const types = new Set<RecordType>();
  const ids = new Set<string>();
  const byType = new Map<RecordType, Set<string>>();
  const records: SceneRecord[] = [];
  const note = (id: string, r: SceneRecord) => {
    records.push(r);
    types.add(r.type);
    ids.add(id);
    let of = byType.get(r.type);
    if (!of) byType.set(r.type, (of = new Set()));
    of.add(id);
  };
  for (const diff of diffs) {
    for (const id in diff.added) note(id, diff.added[id]!);
    for (const id in diff.updated) {
      const [from, to] = diff.updated[id]!;
      note(id, from);
      note(id, to);
    }
    for (const id in diff.removed) note(id, diff.removed[id]!);
  }
  return { types, ids, byType, records };
}

export interface SnapshotTracker {
  /** The snapshot as a subscriber gets it: a copy that later commits leave alone. */
  snapshot(seq: number): KernelSnapshot;
  /**
   * Brings the snapshot up to date with the commits described by diffs (whose records are now in
   * the tracker's records), the flags and the renderer status; returns the patch ops that take the previous
   * snapshot to the new one (none when nothing the UI sees changed).
   */
  advance(diffs: readonly RecordsDiff[], flags: KernelFlags, renderer: RendererStatus): PatchOp[];
}

/**
 * The kernel's snapshot, kept up to date commit by commit. The keyed maps (rooms) are the
 * tracker's own objects, patched in place entry by entry (copying or diffing a map of every room
 * after a one-wall edit would cost the scene's size); everything else is replaced part by part,
 * and parts no diff touched stay the very same objects.
 */
export function trackSnapshot(records: RecordReader, flags: KernelFlags, renderer: RendererStatus): SnapshotTracker {
  let body = deriveSnapshot(records, flags, renderer);
  // Rooms per storey, so planClosed follows a room edit without walking the rooms.
  const roomsOnStorey = new Map<string, number>();
  const countRoom = (storeyId: string, by: number) => roomsOnStorey.set(storeyId, (roomsOnStorey.get(storeyId) ?? 0) + by);
  for (const room of Object.values(body.rooms)) countRoom(room.storeyId, 1);
  /** Before the rooms map is patched: moves the touched rooms' counts from their old storeys to their new ones. */
  function recountRooms(ids: ReadonlySet<string>): void {
    for (const id of ids) {
      const before = body.rooms[id];
      const after = records.getOfType(id, 'room');
      if (before) countRoom(before.storeyId, -1);
      if (after) countRoom(after.storeyId, 1);
    }
  }

  /** Patches one keyed map in place for the touched ids of its type, adding the entries' ops. */
  function patchEntries(type: RecordType, touchedIds: ReadonlySet<string>, ops: PatchOp[]): void {
    const { part, entry } = kindOf(type).snapshot!.entries!;
    const map = body[part as KeyedPartName] as KeyedMap;
    for (const id of touchedIds) {
      const record = records.getOfType(id, type);
      const before = map[id];
      if (!record) {
        if (before !== undefined) {
          delete map[id];
          ops.push({ op: 'delete', path: [part, id] });
        }
        continue;
      }
      const after = entry(record as never, records);
      map[id] = after;
      if (before === undefined) ops.push({ op: 'set', path: [part, id], value: after });
      else diffValues(before, after, [part, id], ops);
    }
  }

  /** The current-room info after a commit, walking the storey's rooms only when the answer may have moved. */
  function nextCurrentRoom(prev: SnapshotBody, selection: readonly string[], touched: Touched): CurrentRoomInfo | null {
    if (selection.length !== 1) return null;
    const record = records.get(selection[0]!);
    const reads = record ? (kindOf(record.type).snapshot?.probeReads?.(record as never) ?? []) : [];
    const was = prev.currentRoom;
    const relocate =
      touched.types.has('selection') ||
      touched.ids.has(selection[0]!) ||
      reads.some((id) => touched.ids.has(id)) ||
      (was !== null && touched.ids.has(was.id)) ||
      enteredByTouchedRoom(probeOf(records, record), touched);
    if (relocate) return currentRoomInfo(records, selection);
    if (was === null || !(touched.types.has('storey') || touched.types.has('ceiling'))) return was;
    return roomInfo(records, records.getOfType(was.id, 'room'));
  }

  /** Whether a room the commit wrote now holds one of the probe's points (it may take over). */
  function enteredByTouchedRoom(probe: RoomProbe | undefined, touched: Touched): boolean {
    if (!probe || 'room' in probe) return false;
    for (const id of touched.byType.get('room') ?? []) {
      const room = records.getOfType(id, 'room');
      if (room && room.storeyId === probe.storeyId && probe.points.some((p) => pointInRing(p, room.outline))) return true;
    }
    return false;
  }

  return {
    snapshot(seq) {
      const copy: Record<string, unknown> = { ...body, seq };
      for (const part of KEYED_PARTS) copy[part] = { ...(body[part as KeyedPartName] as KeyedMap) };
      return copy as unknown as KernelSnapshot;
    },

    advance(diffs, flags, renderer) {
      const prev = body;
      const touched = touchedBy(diffs);
      const { types, ids } = touched;
      const next: Mutable<SnapshotBody> = { ...prev, ...flags };
      for (const type of PART_KINDS) if (types.has(type)) Object.assign(next, kindOf(type).snapshot!.part!.derive(records));
      for (const type of types) {
        const count = records.countOf(type);
        if (next.counts[type] !== count) next.counts = next.counts === prev.counts ? { ...next.counts, [type]: count } : Object.assign(next.counts, { [type]: count });
      }
      if (prev.renderer.kind !== renderer.kind || prev.renderer.frames !== renderer.frames) next.renderer = renderer;
      // The selected record's detail follows the selection, that record, and what its kind reads.
      const selected = next.selection.length === 1 ? records.get(next.selection[0]!) : undefined;
      const selectedReads = selected ? (kindOf(selected.type).snapshot?.selectedReads ?? []) : [];
      if (types.has('selection') || next.selection.some((id) => ids.has(id)) || selectedReads.some((t) => types.has(t))) {
        next.selected = selectedDetail(records, next.selection);
      }
      next.currentRoom = nextCurrentRoom(prev, next.selection, touched);

      const ops: PatchOp[] = [];
      const touchedRooms = touched.byType.get('room');
      if (touchedRooms) recountRooms(touchedRooms);
      for (const type of KEYED_KINDS) {
        let touchedIds = touched.byType.get(type);
        const follows = kindOf(type).snapshot!.entries!.follows as { [U in RecordType]?: (r: SceneRecord, records: RecordReader) => readonly string[] } | undefined;
        if (follows) {
          for (const r of touched.records) {
            const more = follows[r.type]?.(r, records);
            if (more?.length) touchedIds = new Set([...(touchedIds ?? []), ...more]);
          }
        }
        if (touchedIds) patchEntries(type, touchedIds, ops);
      }
      // Only rooms and the current storey decide it: a camera or mode change must not walk every room.
      if (types.has('room') || next.currentStoreyId !== prev.currentStoreyId) {
        next.planClosed = next.currentStoreyId !== null && (roomsOnStorey.get(next.currentStoreyId) ?? 0) > 0;
      }
      body = next;
      for (const key in next) {
        const k = key as keyof SnapshotBody;
        if (!KEYED_PARTS.has(k) && !Object.is(prev[k], next[k])) diffValues(prev[k], next[k], [k], ops);
      }
      return ops;
    },
  };
}
