import { batchEntry, type BatchEntry } from '../../protocol/commands';
import type { KeyInput, PointerInput } from '../../protocol/input';
import type { SnapKind, ToolPreview, Vec2, WallDrawMode } from '../../protocol/records';
import { snapPoint } from '../geometry/snap';
import { JOIN_MAX_MOVE_FACTOR } from '../geometry/tolerance';
import { joinWallEnds } from '../geometry/wall-join';
import type { ScreenPoint } from './plan-view';
import { movedBeyond, type Tool, type ToolContext } from './types';

// The wall tool: click point to point in the plan view. Each click adds one wall (one undo step)
// and the next segment starts at its end; typing digits sets the exact length of the segment along
// the pointer's (snapped) direction and Enter adds it; Esc, right-click, Enter with nothing typed or
// a double click ends the chain; clicking the chain's first point closes the loop and ends it.
//
// drawMode inner / outer: the clicked points are a face of the walls, not their centre lines. The
// centre line is the face polyline offset by half the thickness, with corners where neighbouring
// offset lines meet (so mitred corners close exactly). Which side the wall body lies on follows
// the chain's first turn: a chain turning left (counter-clockwise) has the room on its left, so the
// inner face keeps the body on the right; until the chain turns, counter-clockwise is assumed, and
// walls already placed move over in the same step when the turn says otherwise.
//
// Joining (every mode): a drawn wall's loose ends join the walls they stop at as plan.build joins
// walls (geometry/wall-join.ts): an end on another wall's face or within its thickness of its
// centre line goes onto that line along the drawn direction (a T), an end near another wall's loose
// end makes a common corner (an L: that wall's end moves along its own axis in the same undo step).
// It works with snapping off too: it places the wall where the designer meant it, not the pointer;
// the preview shows the joined segment (centre mode; a face mode preview shows the face drawn). A
// typed length is exact and is not joined. In the face modes the chain's two loose ends (its
// first point and the point just drawn) are joined again with every segment, from the face points
// the designer clicked: when the first turn moves the walls over to the other side, the first end
// joins from where it now is.

/** Pointer radius of snapping (CSS px), turned into mm at the current zoom. */
export const SNAP_RADIUS_PX = 10;
/** A wall shorter than this (mm) is not added: a double click, not a wall. */
export const MIN_WALL_LENGTH = 10;
/** Pointer travel (px) after which the press that started a chain counts as a drag (draws a wall on release). */
const DRAW_DRAG_PX = 4;

interface Chain {
  /** clicked points: the centre line (centre mode) or the drawn face */
  readonly faces: Vec2[];
  /** the wall added for each segment (walls[i] runs from faces[i] to faces[i + 1]) */
  readonly walls: string[];
  readonly mode: WallDrawMode;
  readonly thickness: number;
  /** face modes: the centre points as placed (joined) after each wall was added (applied[i] after walls[i]) */
  readonly applied: Vec2[][];
}

interface Snapped {
  readonly point: Vec2;
  readonly kind: SnapKind;
}

const dist = (a: Vec2, b: Vec2): number => Math.hypot(a.x - b.x, a.y - b.y);
const last = <T>(list: readonly T[]): T => list[list.length - 1]!;
const SAME_POINT = 1e-6;

/** A point the pointer gave, to whole millimetres: along the snapped direction when there is one. */
function tidy(point: Vec2, kind: SnapKind, from: Vec2 | null): Vec2 {
  if (kind === 'none') return { x: Math.round(point.x), y: Math.round(point.y) };
  if ((kind === 'orthogonal' || kind === 'angle') && from) {
    const len = dist(point, from);
    if (len === 0) return point;
    // (point - from) / len is exactly ±1 / 0 on the axes, so an orthogonal wall stays exactly so.
    const k = Math.round(len) / len;
    return { x: from.x + (point.x - from.x) * k, y: from.y + (point.y - from.y) * k };
  }
  return point;
}

/**
 * The side of the drawn face the wall body lies on, +1 left / -1 right (seen along the chain),
 * from the chain's first turn (none yet: counter-clockwise assumed).
 */
export function bodySide(faces: readonly Vec2[], mode: WallDrawMode): 1 | -1 {
  let ccw = true;
  for (let i = 2; i < faces.length; i++) {
    const a = faces[i - 2]!;
    const b = faces[i - 1]!;
    const c = faces[i]!;
    const turn = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (Math.abs(turn) > 1e-9 * dist(a, b) * dist(b, c)) {
      ccw = turn > 0;
      break;
    }
  }
  // Counter-clockwise: the room is on the left, so the inner face has the body on its right.
  const bodyLeft = mode === 'outer' ? ccw : !ccw;
  return bodyLeft ? 1 : -1;
}

/**
 * The centre-line points of walls drawn along the face polyline `faces`, offset `offset` mm to the
 * left (negative: right). Open chains end square; closed ones (`closed`: the last face point joins
 * the first) have a corner at every point.
 */
export function centreLineOfFaces(faces: readonly Vec2[], offset: number, closed: boolean): Vec2[] {
  const n = faces.length;
  const segments = closed ? n : n - 1;
  const normal = (i: number) => {
    const a = faces[i % n]!;
    const b = faces[(i + 1) % n]!;
    const len = dist(a, b) || 1;
    return { x: -(b.y - a.y) / len, y: (b.x - a.x) / len };
  };
  const shifted = (p: Vec2, nrm: Vec2) => ({ x: p.x + nrm.x * offset, y: p.y + nrm.y * offset });
  const out: Vec2[] = [];
  for (let i = 0; i < n; i++) {
    const prev = closed || i > 0 ? (i - 1 + segments) % segments : -1;
    const next = closed || i < segments ? i % segments : -1;
    if (prev < 0) out.push(shifted(faces[i]!, normal(next)));
    else if (next < 0) out.push(shifted(faces[i]!, normal(prev)));
    else {
      // Where the two offset lines meet: p + t * d_prev on the first equals q + s * d_next.
      const np = normal(prev);
      const nn = normal(next);
      const dp = { x: np.y, y: -np.x };
      const dn = { x: nn.y, y: -nn.x };
      const p = shifted(faces[i]!, np);
      const q = shifted(faces[i]!, nn);
      const denom = dp.x * dn.y - dp.y * dn.x;
      if (Math.abs(denom) < 1e-9) out.push(q);
      else {
        const t = ((q.x - p.x) * dn.y - (q.y - p.y) * dn.x) / denom;
        out.push({ x: p.x + dp.x * t, y: p.y + dp.y * t });
      }
    }
  }
  return out;
}

/**
 * The walls that an end at one of `points`, on a wall `thickness` thick, can join (geometry/
 * wall-join.ts moves an end by at most JOIN_MAX_MOVE_FACTOR times the two half thicknesses).
 */
export function wallsInReach<W extends { readonly start: Vec2; readonly end: Vec2; readonly thickness: number }>(walls: readonly W[], points: readonly Vec2[], thickness: number): W[] {
  const pad = JOIN_MAX_MOVE_FACTOR * thickness;
  const lo = { x: Math.min(...points.map((p) => p.x)) - pad, y: Math.min(...points.map((p) => p.y)) - pad };
  const hi = { x: Math.max(...points.map((p) => p.x)) + pad, y: Math.max(...points.map((p) => p.y)) + pad };
  return walls.filter((w) => {
    const grow = JOIN_MAX_MOVE_FACTOR * w.thickness;
    return Math.max(w.start.x, w.end.x) + grow >= lo.x && Math.min(w.start.x, w.end.x) - grow <= hi.x && Math.max(w.start.y, w.end.y) + grow >= lo.y && Math.min(w.start.y, w.end.y) - grow <= hi.y;
  });
}

export function createWallTool(ctx: ToolContext): Tool {
  const { host } = ctx;
  let chain: Chain | null = null;
  let typed = '';
  let down: { x: number; y: number; startedChain: boolean } | null = null;
  let pointer: ScreenPoint | null = null;

  function centresOf(c: Chain, faces: readonly Vec2[], closed: boolean): Vec2[] {
    if (c.mode === 'centre') return faces.slice(0, closed ? faces.length : undefined);
    return centreLineOfFaces(faces, (bodySide(faces, c.mode) * c.thickness) / 2, closed);
  }

  /** Undo (Ctrl+Z) while drawing takes walls away: the chain steps back to the last one still there. */
  function followHistory(): void {
    if (!chain) return;
    while (chain.walls.length > 0 && !host.records.has(last(chain.walls))) {
      chain.walls.pop();
      chain.faces.pop();
      chain.applied.pop();
    }
  }

  function snapAt(screen: ScreenPoint): Snapped {
    const p = ctx.toPlan(screen);
    const tolerance = SNAP_RADIUS_PX * ctx.mmPerPx();
    const from = chain ? last(chain.faces) : null;
    // Closing the loop is part of drawing, not of snapping: it works with snapping off too.
    if (chain && chain.faces.length >= 3 && dist(p, chain.faces[0]!) <= tolerance) return { point: chain.faces[0]!, kind: 'endpoint' };
    const draw = ctx.tool().draw;
    if (!draw.snap) return { point: tidy(p, 'none', null), kind: 'none' };
    const s = snapPoint(p, ctx.scene().walls, {
      tolerance,
      endpoints: true,
      midpoints: true,
      lines: true,
      orthogonal: draw.orthogonal,
      angles: draw.angle,
      from,
    });
    return { point: tidy(s.point, s.kind, from), kind: s.kind };
  }

  function typedLength(): number | null {
    const value = Number(typed);
    return typed !== '' && Number.isFinite(value) && value > 0 ? value : null;
  }

  /** Where the segment being drawn ends: the typed length along the pointer's direction, or the pointer. */
  function segmentEnd(snapped: Snapped): Vec2 {
    const length = typedLength();
    if (!chain || length === null) return snapped.point;
    const from = last(chain.faces);
    let dx = snapped.point.x - from.x;
    let dy = snapped.point.y - from.y;
    let len = Math.hypot(dx, dy);
    if (len === 0) {
      // Pointer on the start point: keep going the way the last segment went (east for the first).
      const prev = chain.faces.length >= 2 ? chain.faces[chain.faces.length - 2]! : null;
      dx = prev ? from.x - prev.x : 1;
      dy = prev ? from.y - prev.y : 0;
      len = Math.hypot(dx, dy);
    }
    return { x: from.x + (dx / len) * length, y: from.y + (dy / len) * length };
  }

  function showPreview(): void {
    if (!pointer) {
      ctx.setLive(chain ? { segment: null, snap: null, typed, opening: null } : null, null);
      return;
    }
    const snapped = snapAt(pointer);
    let segment: ToolPreview['segment'] = null;
    if (chain) {
      const end = segmentEnd(snapped);
      const from = last(chain.faces);
      // The wall a click would add: joined to the walls it ends at (a typed length is exact).
      const joins = chain.mode === 'centre' && typedLength() === null && dist(from, end) >= MIN_WALL_LENGTH && !(chain.faces.length >= 3 && dist(end, chain.faces[0]!) <= SAME_POINT);
      const joined = joins ? joinSegment(from, end, chain.thickness) : null;
      segment = joined ? { start: joined.start, end: joined.end } : { start: from, end };
    }
    const preview: ToolPreview = {
      segment,
      snap: { point: snapped.point, kind: snapped.kind },
      typed,
      opening: null,
    };
    ctx.setLive(preview, null);
  }

  function startChain(at: Vec2): void {
    const draw = ctx.tool().draw;
    // The view stays put while walls are added: a refit after each click would move the next point.
    ctx.pin();
    chain = { faces: [at], walls: [], mode: draw.drawMode, thickness: draw.thickness, applied: [] };
    typed = '';
  }

  function endChain(): void {
    chain = null;
    typed = '';
    showPreview();
  }

  /** The wall (and which end) that ends at the centre point of segment i's end `which`. */
  function wallEnd(c: Chain, i: number, which: 'start' | 'end', at: Vec2): { id: string; end: 'start' | 'end' } | null {
    const own = host.records.getOfType(c.walls[i]!, 'wall');
    if (own && dist(own[which], at) <= SAME_POINT) return { id: own.id, end: which };
    // wall.add splits a wall that crosses others: the piece at this end may carry another id.
    for (const w of ctx.scene().walls) {
      if (dist(w.start, at) <= SAME_POINT) return { id: w.id, end: 'start' };
      if (dist(w.end, at) <= SAME_POINT) return { id: w.id, end: 'end' };
    }
    return null;
  }

  /**
   * The centre-line segment from..to with its loose ends joined to the walls around it, and the
   * ends of those walls that move to make a corner with it.
   */
  function joinSegment(from: Vec2, to: Vec2, thickness: number): { start: Vec2; end: Vec2; partners: { id: string; end: 'start' | 'end'; to: Vec2 }[] } {
    const near = wallsInReach(ctx.scene().walls, [from, to], thickness);
    const drawn = { id: '', start: from, end: to, thickness };
    const { walls, moves } = joinWallEnds([...near, drawn], { joining: (i) => i === near.length });
    const partners = moves.filter((m) => m.wall < near.length).map((m) => ({ id: near[m.wall]!.id, end: m.end, to: m.to }));
    return { start: walls[near.length]!.start, end: walls[near.length]!.end, partners };
  }

  /**
   * Face modes: the chain's centre points `centres` (one wall between each two, the last one being
   * added) with the chain's loose ends joined to the walls around it: the first point (unless the
   * chain is closed) and the last. The corners between the chain's walls stay as they are.
   */
  function joinChainEnds(c: Chain, centres: readonly Vec2[]): { centres: Vec2[]; partners: { id: string; end: 'start' | 'end'; to: Vec2 }[] } {
    const n = centres.length;
    const own = new Set(c.walls);
    const near = wallsInReach(
      ctx.scene().walls.filter((w) => !own.has(w.id)),
      [centres[0]!, centres[n - 1]!],
      c.thickness,
    );
    const chainWalls = centres.slice(1).map((end, i) => ({ id: '', start: centres[i]!, end, thickness: c.thickness }));
    const first = near.length;
    const lastWall = near.length + chainWalls.length - 1;
    const { walls, moves } = joinWallEnds([...near, ...chainWalls], {
      joining: (i) => i === first || i === lastWall,
      joinsEnd: (i, end) => (i === first && end === 'start') || (i === lastWall && end === 'end'),
      // The chain's own walls never move to meet an end: their corners are the designer's.
      movable: (i) => i < first,
    });
    const out = [...centres];
    out[0] = walls[first]!.start;
    out[n - 1] = walls[lastWall]!.end;
    const partners = moves.filter((m) => m.wall < first).map((m) => ({ id: near[m.wall]!.id, end: m.end, to: m.to }));
    return { centres: out, partners };
  }

  /** Adds the segment from the chain's last point to `to` (one undo step); false when there is none. */
  function addSegment(to: Vec2, closing: boolean, join = true): boolean {
    const c = chain;
    if (!c) return false;
    const from = last(c.faces);
    if (dist(from, to) < MIN_WALL_LENGTH) return false;
    const draw = ctx.tool().draw;
    const props = { thickness: c.thickness, height: draw.height, wallType: draw.wallType, ...(draw.color ? { color: draw.color } : {}) };
    const faces = closing ? c.faces : [...c.faces, to];
    try {
      if (c.mode === 'centre') {
        const joined = closing || !join ? { start: from, end: to, partners: [] } : joinSegment(from, to, c.thickness);
        if (dist(joined.start, joined.end) < MIN_WALL_LENGTH) return false;
        const add = { start: joined.start, end: joined.end, ...props };
        if (joined.partners.length === 0) c.walls.push(host.exec('wall.add', add).id);
        else {
          const commands = joined.partners.map((m) => batchEntry('wall.moveEnd', { id: m.id, end: m.end, to: m.to, detach: true }));
          const { results } = host.exec('batch', { commands: [...commands, batchEntry('wall.add', add)] });
          c.walls.push((last(results) as { id: string }).id);
        }
        // The chain follows the joined ends: its first point (when it or the corner it closes
        // with moved), and the next segment starts where this one ended.
        if (c.walls.length === 1) c.faces[0] = joined.start;
        for (const m of joined.partners) if (m.id === c.walls[0] && m.end === 'start') c.faces[0] = m.to;
        if (!closing) c.faces.push(joined.end);
        // Joined onto the chain's own first point: the loop is closed.
        if (!closing && c.walls.length >= 3 && dist(joined.end, c.faces[0]!) <= SAME_POINT) chain = null;
        return true;
      } else {
        const before = c.applied.length > 0 ? last(c.applied) : centresOf(c, c.faces, false);
        let after = centresOf(c, faces, closing);
        const commands: BatchEntry[] = [];
        if (!closing && join) {
          const joined = joinChainEnds(c, after);
          after = joined.centres;
          for (const m of joined.partners) commands.push(batchEntry('wall.moveEnd', { id: m.id, end: m.end, to: m.to, detach: true }));
        }
        // Walls already drawn whose corners the new segment moves (its own corner, the loop's
        // first corner when closing, every wall when the first turn flips the side).
        c.walls.forEach((_, i) => {
          for (const [which, k] of [['start', i], ['end', i + 1]] as const) {
            const next = after[k % after.length]!;
            if (dist(before[k]!, next) <= SAME_POINT) continue;
            const target = wallEnd(c, i, which, before[k]!);
            if (target) commands.push(batchEntry('wall.moveEnd', { id: target.id, end: target.end, to: next, detach: true }));
          }
        });
        const n = faces.length;
        const start = after[closing ? n - 1 : n - 2]!;
        const end = after[closing ? 0 : n - 1]!;
        if (dist(start, end) < MIN_WALL_LENGTH) return false;
        commands.push(batchEntry('wall.add', { start, end, ...props }));
        const { results } = host.exec('batch', { commands });
        c.walls.push((last(results) as { id: string }).id);
        c.applied.push(after);
      }
    } catch (e) {
      // A wall the kernel refuses (too long, off the plan) is not drawn; the chain stays where it was.
      console.warn('[tools] wall not added', e);
      return false;
    }
    if (!closing) c.faces.push(to);
    return true;
  }

  function click(screen: ScreenPoint): void {
    if (!chain) return;
    const snapped = snapAt(screen);
    const n = chain.faces.length;
    // A second click on the point just drawn (a double click), or back onto the start of the only
    // wall so far, finishes the chain instead of drawing a wall over the last one.
    if (chain.walls.length > 0 && (dist(snapped.point, last(chain.faces)) < MIN_WALL_LENGTH || (n === 2 && dist(snapped.point, chain.faces[0]!) <= SAME_POINT))) {
      endChain();
      return;
    }
    const closing = n >= 3 && dist(snapped.point, chain.faces[0]!) <= SAME_POINT;
    typed = '';
    if (addSegment(snapped.point, closing) && closing) chain = null;
    showPreview();
  }

  function commitTyped(): void {
    if (!chain || !pointer) return;
    const end = segmentEnd(snapAt(pointer));
    const closing = chain.faces.length >= 3 && dist(end, chain.faces[0]!) <= SAME_POINT;
    // A typed length is exact: the wall is not joined.
    if (addSegment(end, closing, false)) {
      typed = '';
      if (closing) chain = null;
    }
    showPreview();
  }

  function pointerEvent(e: PointerInput): boolean {
    if (ctx.cameraView() !== 2) return false;
    followHistory();
    switch (e.type) {
      case 'pointerdown': {
        pointer = e;
        if (e.button === 2) {
          endChain();
          return true;
        }
        if (e.button !== 0) return false;
        down = { x: e.x, y: e.y, startedChain: false };
        if (!chain) {
          startChain(snapAt(e).point);
          down.startedChain = true;
        }
        showPreview();
        return true;
      }
      case 'pointermove':
        pointer = e;
        showPreview();
        return true;
      case 'pointerup': {
        pointer = e;
        const pressed = down;
        if (e.button !== 0 || !pressed) return true;
        down = null;
        // The press that started the chain is not also its first wall, unless it was dragged out.
        if (pressed.startedChain && !movedBeyond(pressed, e, DRAW_DRAG_PX)) return true;
        click(e);
        return true;
      }
      case 'pointercancel':
        down = null;
        return true;
      case 'pointerleave':
        pointer = null;
        showPreview();
        return true;
    }
  }

  function keyEvent(e: KeyInput): boolean {
    if (e.type !== 'keydown' || e.ctrlKey || e.metaKey || e.altKey) return false;
    followHistory();
    if (!chain) return false;
    const draw = ctx.tool().draw;
    if (draw.input && (/^[0-9]$/.test(e.key) || (e.key === '.' && !typed.includes('.')))) {
      if (typed.length < 9) typed += e.key;
      showPreview();
      return true;
    }
    if (e.key === 'Backspace') {
      // Taken even with nothing typed: mid-chain it must not delete the selection.
      typed = typed.slice(0, -1);
      showPreview();
      return true;
    }
    if (e.key === 'Enter') {
      if (typedLength() !== null) commitTyped();
      else endChain();
      return true;
    }
    return false;
  }

  return {
    pointer: pointerEvent,
    key: keyEvent,
    cancel() {
      if (!chain) return false;
      endChain();
      return true;
    },
    reset() {
      chain = null;
      typed = '';
      down = null;
    },
  };
}
