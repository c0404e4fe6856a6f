import { BufferGeometry, Float32BufferAttribute, Vector3 } from 'three';

// Boxes given by their eight world corners (bottom four, then top four, each counter-clockwise
// from the minimum) as one flat-shaded surface and their outlines: what wall panels and cabinet
// boards are drawn from. The corners come out of frames that mirror (plan y runs to world -z, a
// wall's left side may be either hand), so which way round a face runs is settled per face, by
// turning its normal away from the box's centre.

/** The six faces of a box as corner indexes, in order around each face. */
const FACES = [
  [0, 1, 2, 3],
  [4, 7, 6, 5],
  [0, 4, 5, 1],
  [1, 5, 6, 2],
  [2, 6, 7, 3],
  [3, 7, 4, 0],
] as const;
/** The five faces of a box open at the top. */
const OPEN_FACES = FACES.filter((f) => f !== FACES[1]);
/** The twelve edges as pairs of corner indexes. */
const EDGES = [0, 1, 1, 2, 2, 3, 3, 0, 4, 5, 5, 6, 6, 7, 7, 4, 0, 4, 1, 5, 2, 6, 3, 7] as const;

/**
 * The boxes as one surface: two triangles per face, faces turned out; `inside`: the inside of open
 * boxes instead (no top, faces turned in: a sink bowl seen through its cut-out).
 */
export function boxSurface(boxes: Iterable<readonly Vector3[]>, { inside = false }: { readonly inside?: boolean } = {}): BufferGeometry {
  const position: number[] = [];
  const normal: number[] = [];
  const a = new Vector3();
  const b = new Vector3();
  const centre = new Vector3();
  for (const p of boxes) {
    centre.set(0, 0, 0);
    for (const q of p) centre.addScaledVector(q, 1 / 8);
    for (const face of inside ? OPEN_FACES : FACES) {
      const [q0, q1, q2, q3] = face.map((i) => p[i]!) as [Vector3, Vector3, Vector3, Vector3];
      const n = a.subVectors(q1, q0).cross(b.subVectors(q2, q0)).normalize();
      // Turned the way it is seen from: out of the box, or into an open one.
      const out = n.dot(b.subVectors(q0, centre)) >= 0 !== inside;
      if (!out) n.negate();
      for (const q of out ? [q0, q1, q2, q0, q2, q3] : [q0, q2, q1, q0, q3, q2]) {
        position.push(q.x, q.y, q.z);
        normal.push(n.x, n.y, n.z);
      }
    }
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(position, 3));
  g.setAttribute('normal', new Float32BufferAttribute(normal, 3));
  return g;
}

/** The boxes' edges as line segments. */
export function boxEdges(boxes: Iterable<readonly Vector3[]>): BufferGeometry {
  const lines: number[] = [];
  for (const p of boxes) for (const i of EDGES) lines.push(p[i]!.x, p[i]!.y, p[i]!.z);
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(lines, 3));
  return g;
}
