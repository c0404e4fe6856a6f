import { Box3, LineSegments, Matrix4, Mesh, type BufferGeometry, type Material, type Object3D } from 'three';
import { WatchedMesh } from './watched';

// The parts of a record's group in the scene graph: surface meshes, edge lines, the group's box.

/** A surface part. Watched (watched.ts): the highlight swapping its material must reach the batches. */
export function surfaceMesh(geometry: BufferGeometry, material: Material | Material[], cast = true): Mesh {
  const mesh = new WatchedMesh(geometry, material);
  mesh.castShadow = cast;
  mesh.receiveShadow = true;
  mesh.matrixAutoUpdate = false;
  return mesh;
}

/** Wireframe edges. */
export function edgeLines(geometry: BufferGeometry, material: Material): LineSegments {
  const l = new LineSegments(geometry, material);
  l.matrixAutoUpdate = false;
  return l;
}

const IDENTITY = new Matrix4();

/** World box of the group's parts. */
export function boxOf(group: Object3D): Box3 {
  const box = new Box3();
  group.updateMatrix();
  for (const o of group.children) {
    if (!(o instanceof Mesh) && !(o instanceof LineSegments)) continue;
    const g = o.geometry;
    if (!g.boundingBox) g.computeBoundingBox();
    // Parts are built in world coordinates; only a moved or placed group has a transform.
    if (group.matrix.equals(IDENTITY)) box.union(g.boundingBox!);
    else box.union(g.boundingBox!.clone().applyMatrix4(group.matrix));
  }
  return box;
}

/** Empties the group; keepGeometry: its parts' geometries live on elsewhere (shared ones always do). */
export function disposeChildren(group: Object3D, keepGeometry: boolean): void {
  for (const o of group.children) {
    if (!keepGeometry && (o instanceof Mesh || o instanceof LineSegments) && o.geometry.userData.shared !== true) o.geometry.dispose();
  }
  group.clear();
}

/** The meshes under a record's group (tests). */
export function meshesOf(root: Object3D): Mesh[] {
  const out: Mesh[] = [];
  root.traverse((o) => {
    if (o instanceof Mesh) out.push(o);
  });
  return out;
}
