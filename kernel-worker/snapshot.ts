import { RECORD_SCOPES, type RecordType, type RoomRecord, type SceneRecord, type Vec2 } from '../protocol/records';
import type {
  CurrentRoomInfo,
  KernelSnapshot,
  RendererStatus,
  RoomSummary,
  SceneMetaSummary,
  SelectedDetail,
  StoreySummary,
  ToolSummary,
} from '../protocol/snapshot';
import type { RecordsDiff } from './document/diff';
import { SELECTION_ID, VIEW_ID, defaultMeta, defaultView, getMeta, getTool } from './document/session-records';
import type { RecordReader } from './document/store';
import { areaSquareMetres, pointInRing } from './geometry/polygon';

// The UI's view of the kernel, derived from records alone (plus the few flags the records cannot
// know). deriveSnapshot() builds it from scratch; updateSnapshot() follows commits, recomputing
// only the parts whose record types a diff touched and keeping every other part the very same
// object, so that the kernel's patch (a structural diff of two snapshots) costs what changed, not
// the size of the scene.

export type SnapshotBody = Omit<KernelSnapshot, 'seq'>;

export interface KernelFlags {
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly dirty: boolean;
  readonly changedSinceBackup: boolean;
}


const RECORD_TYPES = Object.keys(RECORD_SCOPES) as RecordType[];

function roomSummary(room: RoomRecord): RoomSummary {
  // The floor inside the walls; groundArea will differ once columns and flues are deducted.
  const area = areaSquareMetres(room.outline);
  return { id: room.id, name: room.name, roomType: room.roomType, area, groundArea: area, storeyId: room.storeyId };
}

function metaSummary(records: RecordReader): SceneMetaSummary {
  const meta = getMeta(records) ?? defaultMeta();
  return {
    name: meta.name,
    style: meta.style,
    roomType: meta.roomType,
    isUseStackWall: meta.isUseStackWall,
    hasMeasuringSize: meta.hasMeasuringSize,
    client: { ...meta.client },
  };
}

function storeySummaries(records: RecordReader): StoreySummary[] {
  return records
    .ofType('storey')
    .sort((a, b) => a.index - b.index)
    .map((s) => ({ id: s.id, index: s.index, name: s.name, elevation: s.elevation, layerHeight: s.layerHeight }));
}

/** Rooms keyed by id in id order; a summary whose room did not change is reused as it was. */
function roomSummaries(records: RecordReader, previous: SnapshotBody['rooms'] = {}, changed: ReadonlySet<string> = new Set()) {
  const rooms: Record<string, RoomSummary> = {};
  for (const room of records.ofType('room')) rooms[room.id] = (!changed.has(room.id) && previous[room.id]) || roomSummary(room);
  return rooms;
}

function viewFields(records: RecordReader) {
  const view = records.getOfType(VIEW_ID, 'view') ?? defaultView();
  return { currentStoreyId: view.currentStoreyId, cameraView: view.cameraView, viewMode: view.viewMode, materialMode: view.materialMode };
}

function selectionIds(records: RecordReader): string[] {
  const selection = records.getOfType(SELECTION_ID, 'selection');
  return selection ? [...selection.ids] : [];
}

/** The active tool; mid-drawing, the segment's length (mm) and angle (degrees ccw from east, 0..360). */
function toolSummary(records: RecordReader): ToolSummary {
  const tool = getTool(records);
  const segment = tool.preview?.segment ?? null;
  let drawing: ToolSummary['drawing'] = null;
  if (segment) {
    const dx = segment.end.x - segment.start.x;
    const dy = segment.end.y - segment.start.y;
    const degrees = (Math.atan2(dy, dx) * 180) / Math.PI;
    const angle = Math.round((degrees < 0 ? degrees + 360 : degrees) * 10) / 10;
    drawing = { length: Math.round(Math.hypot(dx, dy)), angle: angle >= 360 ? 0 : angle + 0, typed: tool.preview?.typed ?? '' };
  }
  return { name: tool.tool, draw: { ...tool.draw }, opening: { ...tool.opening }, drawing };
}

const hasCeiling = (records: RecordReader, roomId: string): boolean => records.ofType('ceiling').some((c) => c.roomId === roomId);

/** The one selected record's editable fields; null with none or several selected. */
function selectedDetail(records: RecordReader, selection: readonly string[]): SelectedDetail | null {
  if (selection.length !== 1) return null;
  const record = records.get(selection[0]!);
  if (!record) return null;
  switch (record.type) {
    case 'wall': {
      const length = Math.hypot(record.end.x - record.start.x, record.end.y - record.start.y);
      return { kind: 'wall', id: record.id, length: Math.round(length * 10) / 10, thickness: record.thickness, height: record.height, wallType: record.wallType, color: record.color ?? null };
    }
    case 'opening':
      return {
        kind: 'opening',
        id: record.id,
        wallId: record.wallId,
        openingKind: record.kind,
        offset: record.offset,
        width: record.width,
        height: record.height,
        elevation: record.elevation,
        flipSide: record.flipSide,
        flipHinge: record.flipHinge,
      };
    case 'room': {
      const { name, roomType, area, groundArea } = roomSummary(record);
      return { kind: 'room', id: record.id, name, roomType, area, groundArea, height: record.height, isHaveCeil: hasCeiling(records, record.id) };
    }
    case 'model':
      return { kind: 'model', id: record.id, name: record.name };
    default:
      return { kind: 'other', id: record.id, type: record.type };
  }
}

function roomAt(records: RecordReader, storeyId: string, points: readonly Vec2[]): RoomRecord | undefined {
  const rooms = records.ofType('room').filter((r) => r.storeyId === storeyId);
  for (const p of points) {
    const room = rooms.find((r) => pointInRing(p, r.outline));
    if (room) return room;
  }
  return undefined;
}

/** Points just off a wall's faces at `offset` along it: its left side first (right first when flipped). */
function besideWall(wall: { start: Vec2; end: Vec2; thickness: number }, offset: number, flip: boolean): Vec2[] {
  const dx = wall.end.x - wall.start.x;
  const dy = wall.end.y - wall.start.y;
  const length = Math.hypot(dx, dy) || 1;
  const at = { x: wall.start.x + (dx * offset) / length, y: wall.start.y + (dy * offset) / length };
  // 50 mm past the face: clear of rounding at the face, well inside any room.
  const reach = wall.thickness / 2 + 50;
  const left = { x: at.x - (dy / length) * reach, y: at.y + (dx / length) * reach };
  const right = { x: at.x + (dy / length) * reach, y: at.y - (dx / length) * reach };
  return flip ? [right, left] : [left, right];
}

/** catalogues.md §3 current room info: the selected room, or the room holding the selected opening, wall or model. */
function currentRoomInfo(records: RecordReader, selection: readonly string[]): CurrentRoomInfo | null {
  if (selection.length !== 1) return null;
  const record = records.get(selection[0]!);
  let room: RoomRecord | undefined;
  if (record?.type === 'room') room = record;
  else if (record?.type === 'wall') room = roomAt(records, record.storeyId, besideWall(record, Math.hypot(record.end.x - record.start.x, record.end.y - record.start.y) / 2, false));
  else if (record?.type === 'opening') {
    const wall = records.getOfType(record.wallId, 'wall');
    if (wall) room = roomAt(records, wall.storeyId, besideWall(wall, record.offset, record.flipSide));
  } else if (record?.type === 'model') room = roomAt(records, record.storeyId, [record.position]);
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

function planClosed(records: RecordReader): boolean {
  const current = (records.getOfType(VIEW_ID, 'view') ?? defaultView()).currentStoreyId;
  return current !== null && records.ofType('room').some((r) => r.storeyId === current);
}

/** Record types the current-room info reads. */
const CURRENT_ROOM_TYPES: readonly RecordType[] = ['selection', 'room', 'wall', 'opening', 'model', 'ceiling', 'storey'];

export function deriveSnapshot(records: RecordReader, flags: KernelFlags, renderer: RendererStatus): SnapshotBody {
  const selection = selectionIds(records);
  return {
    meta: metaSummary(records),
    storeys: storeySummaries(records),
    rooms: roomSummaries(records),
    selection,
    ...flags,
    counts: Object.fromEntries(RECORD_TYPES.map((t) => [t, records.countOf(t)])),
    ...viewFields(records),
    renderer,
    tool: toolSummary(records),
    selected: selectedDetail(records, selection),
    currentRoom: currentRoomInfo(records, selection),
    planClosed: planClosed(records),
  };
}

/** The record types and ids a run of diffs touched (a record that changed type counts for both). */
function touchedBy(diffs: readonly RecordsDiff[]): { types: Set<RecordType>; ids: Set<string> } {
  const types = new Set<RecordType>();
  const ids = new Set<string>();
  const note = (id: string, r: SceneRecord) => {
    types.add(r.type);
    ids.add(id);
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
  return { types, ids };
}

/**
 * prev brought up to date with the commits described by diffs (whose records are now in records),
 * the flags and the renderer status. Parts no diff touched are prev's own objects.
 */
export function updateSnapshot(
  prev: SnapshotBody,
  diffs: readonly RecordsDiff[],
  records: RecordReader,
  flags: KernelFlags,
  renderer: RendererStatus,
): SnapshotBody {
  const { types, ids } = touchedBy(diffs);
  let counts = prev.counts;
  for (const type of types) {
    const count = records.countOf(type);
    if (counts[type] !== count) counts = counts === prev.counts ? { ...counts, [type]: count } : Object.assign(counts, { [type]: count });
  }
  const sameRenderer = prev.renderer.kind === renderer.kind && prev.renderer.frames === renderer.frames;
  const view = types.has('view') ? viewFields(records) : prev;
  const selection = types.has('selection') ? selectionIds(records) : prev.selection;
  // The selected record's detail follows the selection, that record, and (a room's) ceilings.
  const selected =
    types.has('selection') || types.has('ceiling') || selection.some((id) => ids.has(id)) ? selectedDetail(records, selection) : prev.selected;
  const currentRoom = CURRENT_ROOM_TYPES.some((t) => types.has(t)) ? currentRoomInfo(records, selection) : prev.currentRoom;
  // Spelled out rather than spread: this runs after every commit.
  return {
    meta: types.has('meta') ? metaSummary(records) : prev.meta,
    storeys: types.has('storey') ? storeySummaries(records) : prev.storeys,
    rooms: types.has('room') ? roomSummaries(records, prev.rooms, ids) : prev.rooms,
    selection,
    canUndo: flags.canUndo,
    canRedo: flags.canRedo,
    dirty: flags.dirty,
    changedSinceBackup: flags.changedSinceBackup,
    counts,
    currentStoreyId: view.currentStoreyId,
    cameraView: view.cameraView,
    viewMode: view.viewMode,
    materialMode: view.materialMode,
    renderer: sameRenderer ? prev.renderer : renderer,
    tool: types.has('tool') ? toolSummary(records) : prev.tool,
    selected,
    currentRoom,
    // Only rooms and the current storey decide it: a camera or mode change must not walk every room.
    planClosed: types.has('room') || view.currentStoreyId !== prev.currentStoreyId ? planClosed(records) : prev.planClosed,
  };
}
