import { boxGrid, boxOf } from './box-grid';
import { pointInRing } from './polygon';
import { nodePoint, origin, target, type WallGraph } from './wall-graph';

// The faces of the wall graph for room detection (rooms.ts): dangling chains and bridges pruned,
// the face walk over the live half-edges (each face counter-clockwise with the face on its left,
// the outside of a group of walls clockwise), and which room each island lies in.

/** Removes chains that end in a free end (repeatedly: a tree of walls goes entirely). */
export function pruneDangling(g: WallGraph, live: Uint8Array): void {
  const degree = new Int32Array(g.nodeCount);
  for (let e = 0; e < g.edgeCount; e++) {
    if (!live[e]) continue;
    degree[g.edgeFrom[e]!]!++;
    degree[g.edgeTo[e]!]!++;
  }
  const stack: number[] = [];
  for (let v = 0; v < g.nodeCount; v++) if (degree[v] === 1) stack.push(v);
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (degree[v] !== 1) continue;
    for (let p = g.ringStart[v]!; p < g.ringStart[v + 1]!; p++) {
      const e = g.ring[p]! >> 1;
      if (!live[e]) continue;
      live[e] = 0;
      degree[v] = 0;
      const w = target(g, g.ring[p]!);
      if (--degree[w]! === 1) stack.push(w);
      break;
    }
  }
}

export interface Faces {
  /** the half-edges of all faces, face after face */
  readonly cycles: Int32Array;
  /** face f is cycles[offset[f] .. offset[f + 1]) */
  readonly offset: Int32Array;
  /** signed area within the centre lines, mm² */
  readonly area: Float64Array;
}

export function walkFaces(g: WallGraph, live: Uint8Array, faceOf: Int32Array): Faces {
  faceOf.fill(-1);
  const { nodeX, nodeY, ring, ringStart, ringPos, edgeFrom, edgeTo } = g;
  const cycles = new Int32Array(faceOf.length);
  const offsets: number[] = [0];
  const areas: number[] = [];
  let filled = 0;
  for (let h0 = 0; h0 < faceOf.length; h0++) {
    if (faceOf[h0] !== -1 || !live[h0 >> 1]) continue;
    const f = areas.length;
    let sum = 0;
    let h = h0;
    do {
      faceOf[h] = f;
      cycles[filled++] = h;
      const e = h >> 1;
      const a = h & 1 ? edgeTo[e]! : edgeFrom[e]!;
      const b = h & 1 ? edgeFrom[e]! : edgeTo[e]!;
      sum += nodeX[a]! * nodeY[b]! - nodeX[b]! * nodeY[a]!;
      // Next along the face: the first live half-edge clockwise from the twin around b.
      const lo = ringStart[b]!;
      const hi = ringStart[b + 1]!;
      let pos = ringPos[h ^ 1]!;
      do pos = pos > lo ? pos - 1 : hi - 1;
      while (!live[ring[pos]! >> 1]);
      h = ring[pos]!;
    } while (h !== h0);
    offsets.push(filled);
    areas.push(sum / 2);
  }
  return { cycles, offset: Int32Array.from(offsets), area: Float64Array.from(areas) };
}
/** Puts each island (a clockwise outer face) into the smallest room of another group around it. */
export function assignIslands(
  g: WallGraph,
  faces: Faces,
  positive: readonly number[],
  negative: readonly number[],
  holesOf: Map<number, number[]>,
): void {
  const group = faceGroups(g, faces);
  const rings = positive.map((f) => Array.from(faces.cycles.subarray(faces.offset[f]!, faces.offset[f + 1]!), (h) => nodePoint(g, origin(g, h))));
  const grid = boxGrid(rings.map((r) => boxOf(r)));
  for (const n of negative) {
    const v = origin(g, faces.cycles[faces.offset[n]!]!);
    const p = nodePoint(g, v);
    let best = -1;
    grid.query({ minX: p.x, minY: p.y, maxX: p.x, maxY: p.y }, (i) => {
      const f = positive[i]!;
      if (group[origin(g, faces.cycles[faces.offset[f]!]!)] === group[v]) return;
      if (best >= 0 && faces.area[f]! >= faces.area[best]!) return;
      if (pointInRing(p, rings[i]!)) best = f;
    });
    if (best < 0) continue;
    const list = holesOf.get(best);
    if (list) list.push(n);
    else holesOf.set(best, [n]);
  }
}

/** Connected groups of nodes over the faces' edges (union-find; the label is a root node). */
function faceGroups(g: WallGraph, faces: Faces): Int32Array {
  const parent = new Int32Array(g.nodeCount);
  for (let v = 0; v < g.nodeCount; v++) parent[v] = v;
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]!]!;
      a = parent[a]!;
    }
    return a;
  };
  for (const h of faces.cycles) {
    const a = find(g.edgeFrom[h >> 1]!);
    const b = find(g.edgeTo[h >> 1]!);
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  }
  for (let v = 0; v < g.nodeCount; v++) parent[v] = find(v);
  return parent;
}
