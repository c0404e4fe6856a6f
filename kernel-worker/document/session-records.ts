import type { MetaRecord, OpeningToolParams, SelectionRecord, ToolRecord, ViewRecord, WallDrawParams } from '../../protocol/records';
import type { RecordReader, Transaction } from './store';

// Session records are singletons with fixed ids: there is one view, one selection and one tool per kernel,
// and fixed ids keep them out of the id generator's sequence (stable ids in tests and fixtures).
// The meta record is a document record but a singleton too, so it gets a fixed id as well.

export const VIEW_ID = 'view';
export const SELECTION_ID = 'selection';
export const META_ID = 'meta';
export const TOOL_ID = 'tool';

export function defaultView(): ViewRecord {
  return { id: VIEW_ID, type: 'view', viewMode: 0, cameraView: 0, currentStoreyId: null, materialMode: false, plan: null };
}

export function defaultSelection(): SelectionRecord {
  return { id: SELECTION_ID, type: 'selection', ids: [] };
}

/** catalogues.md §9: wall thickness 240 (user config wallThickness); issue 4: height 2800. */
export function defaultWallDraw(): WallDrawParams {
  return { drawMode: 'centre', thickness: 240, height: 2800, wallType: 'normal', color: null, snap: true, orthogonal: true, angle: true, input: true };
}

/** A single door (kind 1), 800 x 2000 on the floor (catalogues.md §9). */
export function defaultOpeningTool(): OpeningToolParams {
  return { kind: 1, width: 800, height: 2000, elevation: 0 };
}

export function defaultTool(): ToolRecord {
  return { id: TOOL_ID, type: 'tool', tool: 'select', draw: defaultWallDraw(), opening: defaultOpeningTool(), preview: null, hoverId: null };
}

/** roomType 0: a single room; 100 would mark a multi-room scene (core.md §3). */
export function defaultMeta(): MetaRecord {
  return {
    id: META_ID,
    type: 'meta',
    name: '',
    style: '',
    roomType: 0,
    isUseStackWall: 0,
    hasMeasuringSize: false,
    client: { name: '', phone: '', id: '', address: '', order_number: '' },
  };
}

/** The scene's meta record; a loaded file may carry it under another id, so look it up by type. */
export function getMeta(records: Pick<RecordReader, 'getOfType' | 'ofType'>): MetaRecord | undefined {
  return records.getOfType(META_ID, 'meta') ?? records.ofType('meta')[0];
}

export function ensureMeta(tx: Transaction): MetaRecord {
  const meta = getMeta(tx);
  if (meta) return meta;
  const created = defaultMeta();
  tx.put(created);
  return created;
}

export function getView(tx: Pick<RecordReader, 'getOfType'>): ViewRecord {
  return tx.getOfType(VIEW_ID, 'view') ?? defaultView();
}

export function updateView(tx: Transaction, change: Partial<Omit<ViewRecord, 'id' | 'type'>>): void {
  tx.put({ ...getView(tx), ...change });
}

export function getTool(tx: Pick<RecordReader, 'getOfType'>): ToolRecord {
  return tx.getOfType(TOOL_ID, 'tool') ?? defaultTool();
}

export function updateTool(tx: Transaction, change: Partial<Omit<ToolRecord, 'id' | 'type'>>): void {
  tx.put({ ...getTool(tx), ...change });
}

export function ensureSessionRecords(tx: Transaction): void {
  if (!tx.has(VIEW_ID)) tx.put(defaultView());
  if (!tx.has(SELECTION_ID)) tx.put(defaultSelection());
  if (!tx.has(TOOL_ID)) tx.put(defaultTool());
}

/**
 * Brings the session records back in line with the document after a change that did not come from
 * a command that knew about them (undo, redo, bail, a load, a cascade): the selection forgets
 * records that are gone, and the current storey moves to the lowest storey when its own is gone.
 */
export function repairSession(tx: Transaction): void {
  const selection = tx.getOfType(SELECTION_ID, 'selection');
  if (selection && !selection.ids.every((id) => tx.has(id))) {
    tx.put({ ...selection, ids: selection.ids.filter((id) => tx.has(id)) });
  }
  // The hover highlight and the opening preview must not name a wall an undo just took away.
  const tool = tx.getOfType(TOOL_ID, 'tool');
  if (tool) {
    const hoverGone = tool.hoverId !== null && !tx.has(tool.hoverId);
    const previewGone = tool.preview?.opening != null && !tx.has(tool.preview.opening.wallId);
    if (hoverGone || previewGone) {
      tx.put({ ...tool, hoverId: hoverGone ? null : tool.hoverId, preview: previewGone ? { ...tool.preview!, opening: null } : tool.preview });
    }
  }
  const view = getView(tx);
  const current = view.currentStoreyId;
  if (current === null || !tx.getOfType(current, 'storey')) {
    const lowest = tx.ofType('storey').sort((a, b) => a.index - b.index || (a.id < b.id ? -1 : 1))[0];
    const next = lowest?.id ?? null;
    if (next !== current) updateView(tx, { currentStoreyId: next });
  }
}
