// A uniform grid over segments, for finding the pairs that may touch without testing all n² of
// them. Plans are spread out evenly enough (rooms of a few metres) that a grid with about one
// segment per cell beats a tree and costs two passes over the segments.

export interface Segments {
  readonly count: number;
  readonly ax: ArrayLike<number>;
  readonly ay: ArrayLike<number>;
  readonly bx: ArrayLike<number>;
  readonly by: ArrayLike<number>;
  /** segments to leave out (invalid or zero length) */
  readonly skip?: (i: number) => boolean;
}

/**
 * Calls visit(i, j) once for every pair i < j whose bounding boxes, grown by `pad`, share a grid
 * cell: a superset of the pairs that come within `pad` of each other.
 */
export function forEachNearPair(s: Segments, pad: number, visit: (i: number, j: number) => void): void {
  const ids: number[] = [];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let totalLength = 0;
  for (let i = 0; i < s.count; i++) {
    if (s.skip?.(i)) continue;
    ids.push(i);
    const ax = s.ax[i]!;
    const ay = s.ay[i]!;
    const bx = s.bx[i]!;
    const by = s.by[i]!;
    minX = Math.min(minX, ax, bx);
    minY = Math.min(minY, ay, by);
    maxX = Math.max(maxX, ax, bx);
    maxY = Math.max(maxY, ay, by);
    totalLength += Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
  }
  const n = ids.length;
  if (n < 2) return;
  minX -= pad;
  minY -= pad;
  maxX += pad;
  maxY += pad;
  const width = maxX - minX;
  const height = maxY - minY;
  // About one segment per cell, but never cells smaller than a typical segment (a segment would
  // then sit in many cells) nor a grid of more than 4n cells.
  let cell = Math.max(totalLength / n, Math.sqrt((width * height) / n), 8 * pad, 1e-6);
  while ((Math.floor(width / cell) + 1) * (Math.floor(height / cell) + 1) > 4 * n + 64) cell *= 1.5;
  const nx = Math.floor(width / cell) + 1;
  const ny = Math.floor(height / cell) + 1;

  // Each segment's cells, flat: cellsOf[cellStart[k] .. cellStart[k + 1]) for ids[k].
  const cellStart = new Int32Array(n + 1);
  const cellsOf: number[] = [];
  const halfDiagonal = cell * Math.SQRT1_2;
  for (let k = 0; k < n; k++) {
    const i = ids[k]!;
    const ax = s.ax[i]!;
    const ay = s.ay[i]!;
    const bx = s.bx[i]!;
    const by = s.by[i]!;
    const x0 = Math.floor((Math.min(ax, bx) - pad - minX) / cell);
    const x1 = Math.min(nx - 1, Math.floor((Math.max(ax, bx) + pad - minX) / cell));
    const y0 = Math.floor((Math.min(ay, by) - pad - minY) / cell);
    const y1 = Math.min(ny - 1, Math.floor((Math.max(ay, by) + pad - minY) / cell));
    const len = Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
    // A slanted segment's box holds many cells it never comes near: keep those its line reaches.
    const filter = x1 - x0 > 1 && y1 - y0 > 1 && len > 0;
    for (let cx = Math.max(0, x0); cx <= x1; cx++) {
      for (let cy = Math.max(0, y0); cy <= y1; cy++) {
        if (filter) {
          const mx = minX + (cx + 0.5) * cell - ax;
          const my = minY + (cy + 0.5) * cell - ay;
          if (Math.abs(mx * (by - ay) - my * (bx - ax)) / len > halfDiagonal + pad) continue;
        }
        cellsOf.push(cx * ny + cy);
      }
    }
    cellStart[k + 1] = cellsOf.length;
  }

  // Counting sort of (cell, segment) into per-cell lists.
  const cellCount = nx * ny;
  const bucketStart = new Int32Array(cellCount + 1);
  for (const c of cellsOf) bucketStart[c + 1]!++;
  for (let c = 0; c < cellCount; c++) bucketStart[c + 1]! += bucketStart[c]!;
  const fill = bucketStart.slice(0, cellCount);
  const bucket = new Int32Array(cellsOf.length);
  for (let k = 0; k < n; k++) {
    for (let e = cellStart[k]!; e < cellStart[k + 1]!; e++) bucket[fill[cellsOf[e]!]!++] = k;
  }

  // Pairs: a segment meets each later one once, however many cells they share.
  const seen = new Int32Array(n).fill(-1);
  for (let k = 0; k < n; k++) {
    for (let e = cellStart[k]!; e < cellStart[k + 1]!; e++) {
      const c = cellsOf[e]!;
      for (let b = bucketStart[c]!; b < bucketStart[c + 1]!; b++) {
        const other = bucket[b]!;
        if (other <= k || seen[other] === k) continue;
        seen[other] = k;
        visit(ids[k]!, ids[other]!);
      }
    }
  }
}
