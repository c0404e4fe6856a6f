import type { MetaRecord, ToolRecord, ViewRecord } from '../../protocol/records';
import { initialSessionRecords } from '../kinds/records';
import { defaultMeta, getMeta } from '../kinds/meta/record';
import { SELECTION_ID } from '../kinds/selection/record';
import { TOOL_ID, getTool } from '../kinds/tool/record';
import { getView } from '../kinds/view/record';
import type { Transaction } from './store';

// Session records are singletons with fixed ids: there is one view, one selection and one tool per kernel,
// and fixed ids keep them out of the id generator's sequence (stable ids in tests and fixtures).
// The meta record is a document record but a singleton too, so it gets a fixed id as well.
// Their ids and first values belong to their kinds (kernel-worker/kinds/<type>/record.ts).

export { META_ID, defaultMeta, getMeta } from '../kinds/meta/record';
export { SELECTION_ID, defaultSelection } from '../kinds/selection/record';
export { TOOL_ID, defaultOpeningTool, defaultTool, defaultWallDraw, getTool } from '../kinds/tool/record';
export { VIEW_ID, defaultView, getView } from '../kinds/view/record';

export function ensureMeta(tx: Transaction): MetaRecord {
  const meta = getMeta(tx);
  if (meta) return meta;
  const created = defaultMeta();
  tx.put(created);
  return created;
}

export function updateView(tx: Transaction, change: Partial<Omit<ViewRecord, 'id' | 'type'>>): void {
  tx.put({ ...getView(tx), ...change });
}

export function updateTool(tx: Transaction, change: Partial<Omit<ToolRecord, 'id' | 'type'>>): void {
  tx.put({ ...getTool(tx), ...change });
}

export function ensureSessionRecords(tx: Transaction): void {
  for (const record of initialSessionRecords()) if (!tx.has(record.id)) tx.put(record);
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
