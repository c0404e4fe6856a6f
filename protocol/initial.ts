import { RECORD_SCOPES, type MetaRecord, type SelectionRecord, type ToolRecord, type ViewRecord } from './records';
import type { KernelSnapshot } from './snapshot';

// What a fresh kernel starts with, as plain data. The kernel's singleton records are these
// (kernel-worker/kinds/<type>/record.ts `initial`), and the UI mirror shows initialSnapshot()
// until the kernel's first snapshot arrives: one place, so the two cannot drift apart
// (tests/kernel/mirror.test.ts holds the mirror's start equal to a fresh kernel's snapshot).

/** roomType 0: a single room; 100 would mark a multi-room scene (core.md §3). */
export const INITIAL_META: MetaRecord = {
  id: 'meta',
  type: 'meta',
  name: '',
  style: '',
  roomType: 0,
  isUseStackWall: 0,
  hasMeasuringSize: false,
  client: { name: '', phone: '', id: '', address: '', order_number: '' },
};

export const INITIAL_VIEW: ViewRecord = { id: 'view', type: 'view', viewMode: 0, cameraView: 0, currentStoreyId: null, materialMode: false, plan: null };

export const INITIAL_SELECTION: SelectionRecord = { id: 'selection', type: 'selection', ids: [] };

/**
 * Draw: catalogues.md §9 wall thickness 240 (user config wallThickness), issue 4 height 2800.
 * Opening: a single door (kind 1), 800 x 2000 on the floor (catalogues.md §9).
 */
export const INITIAL_TOOL: ToolRecord = {
  id: 'tool',
  type: 'tool',
  tool: 'select',
  draw: { drawMode: 'centre', thickness: 240, height: 2800, wallType: 'normal', color: null, snap: true, orthogonal: true, angle: true, input: true },
  opening: { kind: 1, width: 800, height: 2000, elevation: 0 },
  preview: null,
  hoverId: null,
};

/** The records a fresh kernel holds: the session singletons (meta comes with the first edit or file). */
export const INITIAL_RECORDS = [INITIAL_VIEW, INITIAL_SELECTION, INITIAL_TOOL] as const;

/** The snapshot of a kernel that has only its initial records (and no renderer yet). */
export function initialSnapshot(): KernelSnapshot {
  const { id: _metaId, type: _metaType, client, ...meta } = INITIAL_META;
  return {
    seq: 0,
    meta: { ...meta, client: { ...client } },
    storeys: [],
    rooms: {},
    selection: [...INITIAL_SELECTION.ids],
    canUndo: false,
    canRedo: false,
    dirty: false,
    changedSinceBackup: false,
    counts: Object.fromEntries(Object.keys(RECORD_SCOPES).map((type) => [type, INITIAL_RECORDS.filter((r) => r.type === type).length])),
    currentStoreyId: INITIAL_VIEW.currentStoreyId,
    cameraView: INITIAL_VIEW.cameraView,
    viewMode: INITIAL_VIEW.viewMode,
    materialMode: INITIAL_VIEW.materialMode,
    renderer: { kind: 'none', frames: 0 },
    tool: { name: INITIAL_TOOL.tool, draw: { ...INITIAL_TOOL.draw }, opening: { ...INITIAL_TOOL.opening }, floorOpeningKind: 'stair', drawing: null },
    selected: null,
    currentRoom: null,
    planClosed: false,
  };
}
