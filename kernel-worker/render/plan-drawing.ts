import type { WallRecord } from '../../protocol/records';
import { SELECTION_ID, TOOL_ID } from '../document/session-records';
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
  const walls = wallsByStorey(records);
  const context = (id: string | null): PlanContext => planContext(records, id, (id === null ? undefined : walls.get(id)) ?? [], pxPerMm, locale);

  // Lower storeys first, faded, under everything of the current one. Their walls' analyses stay
  // in graph-cache.ts while they do not change: a redraw costs no graph however many there are.
  for (const below of storeysBelow(records, storeyId)) {
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

/** Each storey's walls, in record order: one pass over the walls for all storeys drawn. */
function wallsByStorey(records: PlanRecords): Map<string, WallRecord[]> {
  const out = new Map<string, WallRecord[]>();
  for (const w of records.ofType('wall')) {
    const list = out.get(w.storeyId);
    if (list) list.push(w);
    else out.set(w.storeyId, [w]);
  }
  return out;
}

/** The ids of the storeys below the one shown, lowest first (none when it is no storey). */
function storeysBelow(records: PlanRecords, storeyId: string | null): string[] {
  const storeys = records.ofType('storey');
  const current = storeys.find((s) => s.id === storeyId);
  if (!current) return [];
  return storeys
    .filter((s) => s.index < current.index)
    .sort((p, q) => p.index - q.index)
    .map((s) => s.id);
}

/** A record's state from the selection and the tool's hover: selected wins. */
function statesOf(records: PlanRecords): (id: string) => PlanState {
  const selected = new Set(records.getOfType(SELECTION_ID, 'selection')?.ids ?? []);
  const hoverId = records.getOfType(TOOL_ID, 'tool')?.hoverId ?? null;
  return (id) => (selected.has(id) ? 'selected' : id === hoverId ? 'hover' : 'normal');
}
