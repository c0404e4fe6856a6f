import type { StoreyRecord, WallRecord } from '../../protocol/records';
import { SELECTION_ID, TOOL_ID } from '../document/session-records';
import { byId } from '../document/store';
import { planContext, type PlanContext } from '../kinds/plan-kind';
import { PLAN_KINDS } from '../kinds/plans';
import { drawDimensions } from './plan-dimensions';
import { drawPlanPreview } from './plan-preview';
import { Painter, shownStoreyId, zoomOf, type PlanBase, type PlanDrawing, type PlanDrawOptions, type PlanRecords, type PlanState } from './plan-primitives';

// The 2D plan view as drawing primitives: the current storey's records (plus the tool's live
// preview, hover and selection) in, filled polygons, line segments and labels out. Pure and
// three.js-free so it is tested in Node; plan-layer.ts turns the primitives into three objects.
//
// What a record looks like is its kind's plan facet (kinds/plans.ts); this file only decides
// which storeys are drawn and how (the one shown over the ones below it, faded), each record's
// state from the selection and the hover, the dimensions over everything (they span kinds:
// plan-dimensions.ts) and the tool's preview on top (plan-preview.ts). A zoom rebuilds the
// drawing (text and markers are sized in screen px): a 150-wall house takes a few milliseconds.

export {
  estimateTextWidthPx,
  PLAN_COLORS,
  PLAN_LAYERS,
  readableAngle,
  type PlanBase,
  type PlanDrawing,
  type PlanDrawOptions,
  type PlanFill,
  type PlanFillRole,
  type PlanLineRole,
  type PlanLines,
  type PlanRecords,
  type PlanState,
  type PlanText,
  type PlanTextRole,
} from './plan-primitives';
export { formatArea, labelPoint } from '../kinds/room/plan';
export { drawPlanPreview } from './plan-preview';

/** The whole plan view: the base drawing and the tool's preview on top. */
export function drawPlan(records: PlanRecords, options: PlanDrawOptions): PlanDrawing {
  const base = drawPlanBase(records, options);
  const preview = drawPlanPreview(records, options, base);
  return {
    storeyId: base.storeyId,
    pxPerMm: base.pxPerMm,
    fills: [...base.fills, ...preview.fills],
    lines: [...base.lines, ...preview.lines],
    texts: [...base.texts, ...preview.texts],
  };
}

/** Everything but the tool's preview: lower storeys, the records of the storey shown, dimensions, hover and selection. */
export function drawPlanBase(records: PlanRecords, options: PlanDrawOptions): PlanBase {
  const pxPerMm = zoomOf(options);
  const locale = options.locale ?? 'zh';
  const storeyId = shownStoreyId(records);
  const paint = new Painter(pxPerMm);
  const context = (id: string | null): PlanContext => planContext(records, id, id === null ? [] : wallsOf(records, id), pxPerMm, locale, options.symbols ?? null);

  // The storey directly below first, faded, under everything of the current one (as CAD and
  // Sweet Home 3D show the level below: one underlay to line walls up against; the ones further
  // down would only pile up). Its walls' analysis stays in graph-cache.ts while they do not
  // change, so a redraw costs the two storeys it shows, however many lie below.
  const below = storeyBelow(records, storeyId);
  if (below !== null) {
    const ctx = context(below);
    for (const kind of PLAN_KINDS) kind.drawBelow(ctx, paint);
  }

  // The storey's analysis is shared with the 3D view and the wall commands (graph-cache.ts): a
  // zoom or a hover redraws from it without analysing the walls again.
  const shown = context(storeyId);
  const stateOf = statesOf(records);
  for (const kind of PLAN_KINDS) kind.drawShown(shown, stateOf, paint);
  drawDimensions(shown, paint);

  const { fills, lines, texts } = paint;
  return { storeyId, pxPerMm, fills, lines, texts, footprints: shown.footprints };
}

/** A storey's walls in id order (the store's referrer index: no pass over every wall). */
function wallsOf(records: PlanRecords, storeyId: string): WallRecord[] {
  return records.referring(storeyId, 'wall').sort(byId);
}

/** The storey right below the one shown (the highest lower index), or null. */
function storeyBelow(records: PlanRecords, storeyId: string | null): string | null {
  const storeys = records.ofType('storey');
  const current = storeys.find((s) => s.id === storeyId);
  if (!current) return null;
  let best: StoreyRecord | null = null;
  for (const s of storeys) if (s.index < current.index && (!best || s.index > best.index)) best = s;
  return best?.id ?? null;
}

/** A record's state from the selection and the tool's hover: selected wins. */
function statesOf(records: PlanRecords): (id: string) => PlanState {
  const selected = new Set(records.getOfType(SELECTION_ID, 'selection')?.ids ?? []);
  const hoverId = records.getOfType(TOOL_ID, 'tool')?.hoverId ?? null;
  return (id) => (selected.has(id) ? 'selected' : id === hoverId ? 'hover' : 'normal');
}
