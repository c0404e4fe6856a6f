// A uniform grid of axis-aligned boxes, for "which boxes may contain this point / touch this box"
// over thousands of rooms without testing each one.

export interface Box {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

export interface BoxGrid {
  /** Calls visit(i) for every box i whose cells the query box touches (each i at most once). */
  query(box: Box, visit: (i: number) => void): void;
}

export function boxGrid(boxes: readonly Box[]): BoxGrid {
  const n = boxes.length;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let sumSize = 0;
  for (const b of boxes) {
    minX = Math.min(minX, b.minX);
    minY = Math.min(minY, b.minY);
    maxX = Math.max(maxX, b.maxX);
    maxY = Math.max(maxY, b.maxY);
    sumSize += Math.max(b.maxX - b.minX, b.maxY - b.minY);
  }
  if (n === 0) return { query: () => {} };
  const width = maxX - minX;
  const height = maxY - minY;
  let cell = Math.max(sumSize / n, Math.sqrt((width * height) / n), 1e-6);
  while ((Math.floor(width / cell) + 1) * (Math.floor(height / cell) + 1) > 4 * n + 64) cell *= 1.5;
  const nx = Math.floor(width / cell) + 1;
  const ny = Math.floor(height / cell) + 1;
  const cx = (x: number) => Math.min(nx - 1, Math.max(0, Math.floor((x - minX) / cell)));
  const cy = (y: number) => Math.min(ny - 1, Math.max(0, Math.floor((y - minY) / cell)));
  const cells: number[][] = new Array(nx * ny);
  boxes.forEach((b, i) => {
    for (let x = cx(b.minX); x <= cx(b.maxX); x++) for (let y = cy(b.minY); y <= cy(b.maxY); y++) (cells[x * ny + y] ??= []).push(i);
  });
  const seen = new Int32Array(n).fill(-1);
  let stamp = 0;
  return {
    query(box, visit) {
      if (box.maxX < minX || box.minX > maxX || box.maxY < minY || box.minY > maxY) return;
      stamp++;
      for (let x = cx(box.minX); x <= cx(box.maxX); x++) {
        for (let y = cy(box.minY); y <= cy(box.maxY); y++) {
          for (const i of cells[x * ny + y] ?? []) {
            if (seen[i] === stamp) continue;
            seen[i] = stamp;
            visit(i);
          }
        }
      }
    },
  };
}

export function boxOf(points: Iterable<{ readonly x: number; readonly y: number }>): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  return { minX, minY, maxX, maxY };
}

export const boxesOverlap = (a: Box, b: Box): boolean => a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
