// Room detection (kernel-worker/geometry) in Node: on a generated 500-wall plan, the whole
// analysis from wall records (graph with merging and splitting, mitred joints, footprints, rooms)
// against an absolute target; on a generated 10,000-room plan, room detection on the wall graph
// (joints + faces + inner outlines + holes) against a plain half-edge face walk over the same
// graph, written here as the reference and timed in the same run, alternating with it (the
// reference first in even rounds, second in odd ones). Tolerant joining (joinWallEnds, what
// plan.build does first) on the 500-wall plan with every end pulled back to the faces it meets.

import { computeJoints } from '../../kernel-worker/geometry/joints';
import { analysePlan } from '../../kernel-worker/geometry/plan';
import { detectRooms } from '../../kernel-worker/geometry/rooms';
import { buildWallGraph, type WallGraph, type WallInput } from '../../kernel-worker/geometry/wall-graph';
import { joinWallEnds } from '../../kernel-worker/geometry/wall-join';
import { gridPlan, officeStorey } from './geometry-plans';
import { median, round } from './stats';
import type { Benchmark } from './types';

const SMALL_TARGET_MS = 5;
const OFFICE_TARGET_MS = 30;
const RATIO_TARGET = 2;
const SMALL_RUNS = Number(process.env.BENCH_GEOMETRY_RUNS ?? 200);
const LARGE_RUNS = Math.max(5, Math.round(SMALL_RUNS / 7));

/**
 * The reference: what any face finder must do. Outgoing half-edges sorted by angle per node,
 * next = clockwise neighbour of the twin, each face walked once with its shoelace area, the
 * bounded ones (positive area) kept as node lists.
 */
export function plainFaceWalk(nodeX: Float64Array, nodeY: Float64Array, from: Int32Array, to: Int32Array): { faces: number; area: number } {
  const n = nodeX.length;
  const e = from.length;
  const angle = new Float64Array(2 * e);
  const start = new Int32Array(n + 1);
  for (let k = 0; k < e; k++) {
    const a = from[k]!;
    const b = to[k]!;
    angle[2 * k] = Math.atan2(nodeY[b]! - nodeY[a]!, nodeX[b]! - nodeX[a]!);
    angle[2 * k + 1] = Math.atan2(nodeY[a]! - nodeY[b]!, nodeX[a]! - nodeX[b]!);
    start[a + 1]!++;
    start[b + 1]!++;
  }
  for (let v = 0; v < n; v++) start[v + 1]! += start[v]!;
  const out = new Int32Array(2 * e);
  const fill = start.slice(0, n);
  for (let k = 0; k < e; k++) {
    out[fill[from[k]!]!++] = 2 * k;
    out[fill[to[k]!]!++] = 2 * k + 1;
  }
  const pos = new Int32Array(2 * e);
  for (let v = 0; v < n; v++) {
    const slice = Array.from(out.subarray(start[v]!, start[v + 1]!)).sort((p, q) => angle[p]! - angle[q]!);
    slice.forEach((h, i) => {
      out[start[v]! + i] = h;
      pos[h] = start[v]! + i;
    });
  }
  const originOf = (h: number) => (h & 1 ? to[h >> 1]! : from[h >> 1]!);
  const seen = new Uint8Array(2 * e);
  let faces = 0;
  let total = 0;
  for (let h0 = 0; h0 < 2 * e; h0++) {
    if (seen[h0]) continue;
    const nodes: number[] = [];
    let sum = 0;
    let h = h0;
    do {
      seen[h] = 1;
      const a = originOf(h);
      const b = originOf(h ^ 1);
      nodes.push(a);
      sum += nodeX[a]! * nodeY[b]! - nodeX[b]! * nodeY[a]!;
      const v = b;
      const p = pos[h ^ 1]!;
      h = out[p > start[v]! ? p - 1 : start[v + 1]! - 1]!;
    } while (h !== h0);
    if (sum > 0) {
      faces++;
      total += sum / 2;
    }
  }
  return { faces, area: total };
}

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

const geometry: Benchmark = {
  id: 'geometry',
  title: `room detection on generated plans (Node; 500 walls x${SMALL_RUNS}, 10,000 rooms x${LARGE_RUNS} rounds)`,
  async run({ smoke }) {
    const smallRuns = smoke ? 5 : SMALL_RUNS;
    const largeRuns = smoke ? 2 : LARGE_RUNS;
    // The large plan: 100 x 100 rooms; 20 x 20 in a smoke run.
    const side = smoke ? 20 : 100;
    const largeRooms = side * side;
    const largeLabel = `${largeRooms.toLocaleString('en')}-room plan`;
    // 511 walls of a 16 x 15 grid, 11 inner ones taken out: 500 walls, endpoints off by up to 0.4 mm.
    const small = gridPlan({ cols: 16, rows: 15, remove: 11, jitter: 0.4, seed: 7 });
    if (small.length !== 500) throw new Error(`expected 500 walls, got ${small.length}`);
    const smallRooms = analysePlan(small).rooms.length;
    for (let i = 0; i < 20; i++) analysePlan(small);
    const smallTimes: number[] = [];
    for (let i = 0; i < smallRuns; i++) smallTimes.push(time(() => analysePlan(small)));

    // Every end 120 short of the node it meets (the faces of the 240 walls there), as files give them.
    const pulled: WallInput[] = small.map((w) => {
      const len = Math.hypot(w.end.x - w.start.x, w.end.y - w.start.y);
      const ux = ((w.end.x - w.start.x) / len) * 120;
      const uy = ((w.end.y - w.start.y) / len) * 120;
      return { ...w, start: { x: w.start.x + ux, y: w.start.y + uy }, end: { x: w.end.x - ux, y: w.end.y - uy } };
    });
    const rejoined = analysePlan(joinWallEnds(pulled).walls).rooms.length;
    if (rejoined !== smallRooms) throw new Error(`joined ends: expected ${smallRooms} rooms, got ${rejoined}`);
    for (let i = 0; i < 20; i++) joinWallEnds(pulled);
    const joinTimes: number[] = [];
    for (let i = 0; i < smallRuns; i++) joinTimes.push(time(() => joinWallEnds(pulled)));
    // An office storey as real buildings have it (issue 18): a room of over 80 corners, niches
    // and channels narrower than the walls, free-standing walls, column casings.
    const office = officeStorey();
    const officeRooms = analysePlan(office).rooms.length;
    for (let i = 0; i < 10; i++) analysePlan(office);
    const officeTimes: number[] = [];
    for (let i = 0; i < smallRuns; i++) officeTimes.push(time(() => analysePlan(office)));

    const large = gridPlan({ cols: side, rows: side, seed: 11 });
    const graph: WallGraph = buildWallGraph(large);
    const check = plainFaceWalk(graph.nodeX, graph.nodeY, graph.edgeFrom, graph.edgeTo);
    const rooms = detectRooms(graph, computeJoints(graph)).rooms;
    if (rooms.length !== largeRooms || check.faces !== largeRooms) throw new Error(`expected ${largeRooms} rooms, got ${rooms.length} (reference ${check.faces})`);
    const detect = () => detectRooms(graph, computeJoints(graph));
    const reference = () => plainFaceWalk(graph.nodeX, graph.nodeY, graph.edgeFrom, graph.edgeTo);
    for (let i = 0; i < 3; i++) {
      detect();
      reference();
    }
    const detectTimes: number[] = [];
    const referenceTimes: number[] = [];
    const fullTimes: number[] = [];
    // Alternating which goes first (ABBA), so neither always pays for the other's garbage.
    for (let i = 0; i < largeRuns; i++) {
      if (i % 2 === 0) {
        referenceTimes.push(time(reference));
        detectTimes.push(time(detect));
      } else {
        detectTimes.push(time(detect));
        referenceTimes.push(time(reference));
      }
    }
    for (let i = 0; i < Math.max(smoke ? 1 : 5, largeRuns / 3); i++) fullTimes.push(time(() => analysePlan(large)));

    const s = median(smallTimes);
    const join = median(joinTimes);
    const o = median(officeTimes);
    const ref = median(referenceTimes);
    const det = median(detectTimes);
    const full = median(fullTimes);
    // Each round times the two back to back: the ratio per round cancels the shared machine's
    // slow and fast spells better than a ratio of medians taken over the whole run.
    const ratio = median(detectTimes.map((d, i) => d / referenceTimes[i]!));
    console.log(`  500-wall plan: ${smallRooms} rooms; ${largeLabel}: ${large.length} walls, ${graph.nodeCount} nodes`);
    return [
      { name: `500-wall plan, walls -> graph, joints, footprints, rooms (${smallRooms} rooms) median`, value: round(s), unit: 'ms', target: `< ${SMALL_TARGET_MS} ms`, met: s < SMALL_TARGET_MS },
      { name: `500-wall plan, ends pulled back to the faces: joinWallEnds median`, value: round(join), unit: 'ms', target: '', met: null },
      { name: `${office.length}-wall office storey, walls -> everything (${officeRooms} rooms) median`, value: round(o), unit: 'ms', target: `< ${OFFICE_TARGET_MS} ms`, met: o < OFFICE_TARGET_MS },
      { name: `${largeLabel}, plain half-edge face walk (reference) median`, value: round(ref), unit: 'ms', target: '', met: null },
      { name: `${largeLabel}, room detection on the wall graph median`, value: round(det), unit: 'ms', target: '', met: null },
      { name: `${largeLabel}, room detection / reference (median of per-round ratios)`, value: round(ratio, 2), unit: 'x', target: `<= ${RATIO_TARGET}x`, met: ratio <= RATIO_TARGET },
      { name: `${largeLabel}, walls -> everything (${large.length} walls) median`, value: round(full), unit: 'ms', target: '', met: null },
    ];
  },
};

export default geometry;
