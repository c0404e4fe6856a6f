import type { OpeningRecord, WallPanelRecord, WallRecord } from '../../../protocol/records';
import type { WallFootprint } from '../../geometry/wall-footprint';
import { wallAxes, wallCoords } from '../../render/wall-cut';

// What a wall panel covers, in its wall's frame (mm along the centre line from the wall's start,
// mm to its left, mm above the storey floor): pure, shared by the 3D view and the plan.

/** A box in the wall's frame. */
export interface PanelBox {
  readonly along: readonly [number, number];
  readonly across: readonly [number, number];
  readonly height: readonly [number, number];
}

/** Framed style: rails and stiles this wide, standing this far proud of the board. */
const FRAME_WIDTH = 70;
const FRAME_DEPTH = 10;
/** Stiles are spread so that no field between them is wider than this. */
const FIELD_MAX = 600;
/** How close to the face line a footprint corner must be to bound the face. */
const ON_FACE = 0.5;

/** The face's extent along the wall: where its footprint's corners lie on that face (mitred at the joints). */
export function faceExtent(wall: WallRecord, footprint: WallFootprint, side: number): [number, number] | null {
  const axes = wallAxes(wall);
  let lo = Infinity;
  let hi = -Infinity;
  for (const ring of footprint) {
    for (const p of ring) {
      const { along, across } = wallCoords(axes, p);
      if (Math.abs(across - (side * wall.thickness) / 2) > ON_FACE) continue;
      lo = Math.min(lo, along);
      hi = Math.max(hi, along);
    }
  }
  return hi > lo ? [lo, hi] : null;
}

/**
 * The stretches along the wall the panel covers: its face (no face: a wall with no footprint,
 * redundant under another, shows none), narrowed to its start and end, broken where an opening
 * cuts through its height.
 */
export function panelSpans(panel: WallPanelRecord, wall: WallRecord, footprint: WallFootprint, openings: readonly OpeningRecord[]): [number, number][] {
  const face = faceExtent(wall, footprint, panel.face === 'left' ? 1 : -1);
  if (!face) return [];
  const from = Math.max(face[0], panel.start ?? -Infinity);
  const to = Math.min(face[1], panel.end ?? Infinity);
  const top = Math.min(panel.top, wall.height);
  const holes = openings
    .filter((o) => o.elevation < top && o.elevation + o.height > panel.bottom)
    .map((o) => [o.offset - o.width / 2, o.offset + o.width / 2] as const)
    .sort((a, b) => a[0] - b[0]);
  const spans: [number, number][] = [];
  let at = from;
  for (const [h0, h1] of holes) {
    if (h0 > at) spans.push([at, Math.min(h0, to)]);
    at = Math.max(at, h1);
  }
  if (at < to) spans.push([at, to]);
  return spans.filter(([a, b]) => b - a > 0.5);
}

/** The panel's boards (the first box of each span is its board; framed ones add rails and stiles). */
export function panelBoxes(panel: WallPanelRecord, wall: WallRecord, spans: readonly (readonly [number, number])[]): PanelBox[] {
  const side = panel.face === 'left' ? 1 : -1;
  const face = (side * wall.thickness) / 2;
  const out = (depth: number): readonly [number, number] => (side > 0 ? [face, face + depth] : [face - depth, face]);
  const y0 = panel.bottom;
  const y1 = Math.min(panel.top, wall.height);
  if (y1 <= y0) return [];
  const boxes: PanelBox[] = [];
  for (const [a0, a1] of spans) {
    boxes.push({ along: [a0, a1], across: out(panel.thickness), height: [y0, y1] });
    if (panel.style !== 'framed' || a1 - a0 < 3 * FRAME_WIDTH || y1 - y0 < 3 * FRAME_WIDTH) continue;
    const frame = out(panel.thickness + FRAME_DEPTH);
    boxes.push({ along: [a0, a1], across: frame, height: [y0, y0 + FRAME_WIDTH] });
    boxes.push({ along: [a0, a1], across: frame, height: [y1 - FRAME_WIDTH, y1] });
    const fields = Math.max(1, Math.ceil((a1 - a0 - FRAME_WIDTH) / (FIELD_MAX + FRAME_WIDTH)));
    const step = (a1 - a0 - FRAME_WIDTH) / fields;
    for (let i = 0; i <= fields; i++) {
      const s = a0 + i * step;
      boxes.push({ along: [s, s + FRAME_WIDTH], across: frame, height: [y0 + FRAME_WIDTH, y1 - FRAME_WIDTH] });
    }
  }
  return boxes;
}
