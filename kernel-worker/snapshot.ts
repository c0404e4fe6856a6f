import { RECORD_SCOPES, type RecordType, type RoomRecord, type SceneRecord } from '../protocol/records';
import type { KernelSnapshot, RendererStatus, RoomSummary, SceneMetaSummary, StoreySummary } from '../protocol/snapshot';
import type { RecordsDiff } from './document/diff';
import { SELECTION_ID, VIEW_ID, defaultMeta, defaultView, getMeta } from './document/session-records';
import type { RecordReader } from './document/store';
import { areaSquareMetres } from './geometry/polygon';

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

export function deriveSnapshot(records: RecordReader, flags: KernelFlags, renderer: RendererStatus): SnapshotBody {
  return {
    meta: metaSummary(records),
    storeys: storeySummaries(records),
    rooms: roomSummaries(records),
    selection: selectionIds(records),
    ...flags,
    counts: Object.fromEntries(RECORD_TYPES.map((t) => [t, records.countOf(t)])),
    ...viewFields(records),
    renderer,
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
  // Spelled out rather than spread: this runs after every commit.
  return {
    meta: types.has('meta') ? metaSummary(records) : prev.meta,
    storeys: types.has('storey') ? storeySummaries(records) : prev.storeys,
    rooms: types.has('room') ? roomSummaries(records, prev.rooms, ids) : prev.rooms,
    selection: types.has('selection') ? selectionIds(records) : prev.selection,
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
  };
}
