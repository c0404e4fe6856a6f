import type { SnapKind, Vec2 } from '../../protocol/records';
import { TOOL_ID } from '../document/session-records';
import { centreLineFromFace } from '../geometry/snap';
import { drawOpening } from '../kinds/opening/plan';
import { openingSymbol } from '../kinds/floorOpening/plan';
import { add, left, len, Painter, PLAN_COLORS, PLAN_LAYERS, readableAngle, scale, shownStoreyId, sub, unit, zoomOf } from './plan-primitives';
import type { PlanBase, PlanDrawOptions, PlanDrawing, PlanRecords } from './plan-primitives';
import { clipFootprint, wallAxes } from './wall-cut';

// The tool's live preview over the plan: the wall being drawn with its length, the opening to
// place (the opening's own symbol, in the tool's ok / refused colour), the footprint of a
// catalogue card being dragged over the view, the snap marker and its guide. A pointer move redraws only this (plan-layer.ts).

/** Screen sizes, CSS px. */
const PX = {
  text: 12,
  snapMarker: 6,
  anchor: 3,
  guideBeyond: 60,
} as const;

/** The tool's live preview: the wall being drawn with its length, the opening to place, the snap marker. */
export function drawPlanPreview(records: PlanRecords, options: PlanDrawOptions, base: Pick<PlanBase, 'footprints'>): PlanDrawing {
  const pxPerMm = zoomOf(options);
  const storeyId = shownStoreyId(records);
  const tool = records.getOfType(TOOL_ID, 'tool');
  const paint = new Painter(pxPerMm);
  const { fills, lines, texts } = paint;
  const preview = tool?.preview;
  if (!tool || !preview) return { storeyId, pxPerMm, fills, lines, texts };

  if (preview.segment) {
    const { start, end } = preview.segment;
    const length = len(sub(end, start));
    const thickness = tool.draw.thickness;
    const mode = tool.draw.drawMode;
    // A face-drawn chain is taken as counter-clockwise (the wall tool assumes so until it turns):
    // the body lies right of an inner face, left of an outer one.
    const centre = mode === 'centre' ? preview.segment : centreLineFromFace(start, end, thickness, mode === 'inner' ? 'right' : 'left');
    const dir = unit(sub(end, start));
    const n = left(dir);
    if (length > 0) {
      const h = thickness / 2;
      const ghost = [add(centre.start, n, -h), add(centre.end, n, -h), add(centre.end, n, h), add(centre.start, n, h)];
      fills.push({ role: 'preview-wall', id: null, state: 'normal', color: PLAN_COLORS.accent, opacity: 0.28, layer: PLAN_LAYERS.preview, rings: [ghost] });
      const outline: Vec2[] = [];
      paint.ring(ghost, outline);
      outline.push(start, end);
      lines.push({ role: 'preview-wall', id: null, state: 'normal', color: PLAN_COLORS.accent, opacity: 1, layer: PLAN_LAYERS.preview, segments: outline });
    }
    // The chain's anchor.
    const dot: Vec2[] = [];
    paint.arc(start, paint.px(PX.anchor), 0, 2 * Math.PI, dot);
    lines.push({ role: 'preview-wall', id: null, state: 'normal', color: PLAN_COLORS.accent, opacity: 1, layer: PLAN_LAYERS.previewTop, segments: dot });
    // The typed digits with a caret, else the length; beside the ghost, away from the wall body.
    const text = preview.typed !== '' ? `${preview.typed}|` : String(Math.round(length));
    const sideOff = mode === 'centre' ? thickness / 2 + paint.px(PX.text) : paint.px(PX.text);
    texts.push({
      role: 'preview-length',
      id: null,
      state: 'normal',
      color: PLAN_COLORS.accent,
      opacity: 1,
      layer: PLAN_LAYERS.previewTop,
      text,
      at: add(scale(add(start, end), 0.5), n, (mode === 'outer' ? -1 : 1) * sideOff),
      angle: readableAngle(dir.x, dir.y),
      sizePx: PX.text,
      bold: true,
      background: PLAN_COLORS.labelBackground,
    });
  }

  const candidate = preview.opening;
  if (candidate) {
    // The base drawing has footprints for the storey shown only: a wall elsewhere gets no preview.
    const wall = records.getOfType(candidate.wallId, 'wall');
    const footprint = wall ? base.footprints.get(wall.id) : undefined;
    if (wall && footprint) {
      const axes = wallAxes(wall);
      const { offset, width, ok } = candidate;
      const region = clipFootprint(axes, footprint, offset - width / 2, offset + width / 2);
      drawOpening(paint, axes, wall.thickness, { id: '', kind: tool.opening.kind, offset, width, flipSide: false, flipHinge: false }, region, 'normal', { ok });
    }
  }

  const ghost = preview.model;
  if (ghost) {
    // The dragged card's footprint where it would land, turned as it would stand.
    const c = Math.cos(ghost.rotation);
    const s = Math.sin(ghost.rotation);
    const hx = ghost.size.x / 2;
    const hy = ghost.size.y / 2;
    const ring = [
      [-hx, -hy],
      [hx, -hy],
      [hx, hy],
      [-hx, hy],
    ].map(([x, y]) => ({ x: ghost.position.x + x! * c - y! * s, y: ghost.position.y + x! * s + y! * c }));
    fills.push({ role: 'preview-model', id: null, state: 'normal', color: PLAN_COLORS.accent, opacity: 0.28, layer: PLAN_LAYERS.preview, rings: [ring] });
    const outline: Vec2[] = [];
    paint.ring(ring, outline);
    // The front edge (-y at rotation 0) drawn again as a tick inward, so the facing shows.
    const front = { x: ghost.position.x + hy * s, y: ghost.position.y - hy * c };
    outline.push(front, { x: front.x - Math.min(hy, 150) * s, y: front.y + Math.min(hy, 150) * c });
    lines.push({ role: 'preview-model', id: null, state: 'normal', color: PLAN_COLORS.accent, opacity: 1, layer: PLAN_LAYERS.preview, segments: outline });
  }

  const hole = preview.floorOpening;
  if (hole && hole.outline.length >= 3) {
    // The rectangle being drawn with the symbol of the kind it will cut; red while too small.
    const color = hole.ok ? PLAN_COLORS.accent : PLAN_COLORS.bad;
    fills.push({ role: 'preview-model', id: null, state: 'normal', color, opacity: 0.2, layer: PLAN_LAYERS.preview, rings: [hole.outline] });
    const outline: Vec2[] = [];
    paint.ring(hole.outline, outline);
    if (hole.ok) openingSymbol({ outline: hole.outline, kind: tool.floorOpening?.kind ?? 'stair' }, paint, outline);
    lines.push({ role: 'preview-model', id: null, state: 'normal', color, opacity: 1, layer: PLAN_LAYERS.preview, segments: outline });
  }

  if (preview.snap) snapMarker(paint, preview.snap.point, preview.snap.kind, preview.segment?.start ?? null);
  return { storeyId, pxPerMm, fills, lines, texts };
}

function snapMarker(paint: Painter, p: Vec2, kind: SnapKind, from: Vec2 | null): void {
  const r = paint.px(PX.snapMarker);
  const s: Vec2[] = [];
  const at = (dx: number, dy: number) => ({ x: p.x + dx * r, y: p.y + dy * r });
  const square = [at(-1, -1), at(1, -1), at(1, 1), at(-1, 1)];
  const triangle = [at(-1.1, -0.8), at(1.1, -0.8), at(0, 1.1)];
  switch (kind) {
    case 'endpoint':
      paint.ring(square, s);
      break;
    case 'midpoint':
      paint.ring(triangle, s);
      break;
    case 'line':
      s.push(at(-1, -1), at(1, 1), at(-1, 1), at(1, -1));
      break;
    case 'orthogonal':
      // A right-angle mark.
      s.push(at(-1, -1), at(1, -1), at(-1, -1), at(-1, 1), at(-1, 0), at(0, 0), at(0, 0), at(0, -1));
      break;
    case 'angle':
      paint.arc(p, r, 0, 2 * Math.PI, s);
      break;
    case 'none':
      s.push(at(-0.7, 0), at(0.7, 0), at(0, -0.7), at(0, 0.7));
      break;
  }
  const color = kind === 'none' ? PLAN_COLORS.dimension : PLAN_COLORS.snap;
  paint.lines.push({ role: 'snap', id: null, state: 'normal', color, opacity: 1, layer: PLAN_LAYERS.previewTop, segments: s });
  if (kind === 'endpoint' || kind === 'midpoint') {
    paint.fills.push({ role: 'snap', id: null, state: 'normal', color, opacity: 0.3, layer: PLAN_LAYERS.previewTop, rings: [kind === 'endpoint' ? square : triangle] });
  }
  // Orthogonal and angle snaps hold a direction from the previous point: show it as a guide.
  if ((kind === 'orthogonal' || kind === 'angle') && from && len(sub(p, from)) > 0) {
    const guide: Vec2[] = [];
    paint.dashed(from, add(p, unit(sub(p, from)), paint.px(PX.guideBeyond)), guide);
    paint.lines.push({ role: 'guide', id: null, state: 'normal', color, opacity: 0.8, layer: PLAN_LAYERS.preview, segments: guide });
  }
}
