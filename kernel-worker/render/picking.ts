import { Box3, Mesh, Raycaster, Vector3, type Intersection, type Object3D } from 'three';
import { INTERSECTED, MeshBVH, NOT_INTERSECTED, ObjectBVH } from 'three-mesh-bvh';

// Picking for the 3D views: which record's surface is under the pointer. Two levels of bounding
// volume hierarchies (three-mesh-bvh): one over the pickable meshes (ObjectBVH) and one per
// geometry (MeshBVH, built the first time a ray reaches that mesh and kept on the geometry, so it
// lives exactly as long as the geometry). A pick visits the meshes whose boxes the ray meets,
// nearest first, and stops once no box is nearer than the best hit: cost grows with the log of
// the scene, not with its triangle count.
//
// Edits rebuild a few records' objects at a time, and rebuilding the object level costs tens of
// milliseconds on a big house; so after a change the meshes that are new go on a short list that
// picks test one by one (box first), meshes that are gone are skipped, and the object level is
// rebuilt only once that list (or the dead part of the tree) has grown large.

export interface PickHit {
  readonly object: Mesh;
  /** world point of the hit */
  readonly point: Vector3;
  readonly distance: number;
}

export interface Picker {
  /** The pickable meshes (or their transforms) changed: the next pick rebuilds the object level. */
  invalidate(): void;
  /** The nearest hit along the raycaster's ray, or null. */
  pick(raycaster: Raycaster): PickHit | null;
  /** Meshes in the object-level hierarchy as last built (for tests and benchmarks). */
  readonly size: number;
}

/** The per-geometry hierarchy, built on first use. indirect: the render geometry stays as it is. */
export function geometryBvh(mesh: Mesh): MeshBVH {
  const geometry = mesh.geometry;
  let tree = geometry.boundsTree;
  if (!tree) {
    tree = new MeshBVH(geometry, { indirect: true });
    geometry.boundsTree = tree;
  }
  return tree as MeshBVH;
}

const hitPoint = new Vector3();
const scratch: Intersection[] = [];

/** The object level is rebuilt once this many meshes (or this share of them) changed since. */
const REBUILD_MIN = 256;
const REBUILD_FRACTION = 0.1;

const box = new Box3();

export function createPicker(collect: () => readonly Mesh[]): Picker {
  let dirty = true;
  let tree: ObjectBVH | null = null;
  /** Meshes in the tree, and which of them are still in the scene and pickable. */
  let inTree = new Set<Mesh>();
  let alive = new Set<Mesh>();
  /** New since the tree was built, with their world boxes. */
  let extra: { mesh: Mesh; box: Box3 }[] = [];

  function prepare(mesh: Mesh): void {
    mesh.updateWorldMatrix(true, false);
    if (!mesh.geometry.boundingBox) mesh.geometry.computeBoundingBox();
  }

  function refresh(): void {
    dirty = false;
    const meshes = collect();
    alive = new Set(meshes);
    const fresh = meshes.filter((m) => !inTree.has(m));
    let dead = 0;
    for (const m of inTree) if (!alive.has(m)) dead += 1;
    const limit = Math.max(REBUILD_MIN, meshes.length * REBUILD_FRACTION);
    if (!tree || fresh.length > limit || dead > limit) {
      for (const mesh of meshes) prepare(mesh);
      tree = meshes.length > 0 ? new ObjectBVH([...meshes]) : null;
      inTree = new Set(meshes);
      extra = [];
      return;
    }
    extra = fresh.map((mesh) => {
      prepare(mesh);
      return { mesh, box: mesh.geometry.boundingBox!.clone().applyMatrix4(mesh.matrixWorld) };
    });
  }

  return {
    invalidate() {
      dirty = true;
    },
    get size() {
      return alive.size;
    },
    pick(raycaster) {
      if (dirty) refresh();
      const ray = raycaster.ray;
      let best: PickHit | null = null;
      let bestDistance = Infinity;
      const wasFirstHitOnly = raycaster.firstHitOnly;
      raycaster.firstHitOnly = true;
      const test = (mesh: Mesh) => {
        scratch.length = 0;
        geometryBvh(mesh).raycastObject3D(mesh, raycaster, scratch);
        const hit = scratch[0];
        if (hit && hit.distance < bestDistance) {
          bestDistance = hit.distance;
          best = { object: mesh, point: hit.point.clone(), distance: hit.distance };
        }
      };
      const nearEnough = (b: Box3) => {
        if (!ray.intersectBox(b, hitPoint)) return false;
        return (b.containsPoint(ray.origin) ? 0 : ray.origin.distanceTo(hitPoint)) < bestDistance;
      };
      try {
        tree?.shapecast({
          boundsTraverseOrder: (b: Box3) => b.distanceToPoint(ray.origin),
          intersectsBounds: (b: Box3) => (nearEnough(b) ? INTERSECTED : NOT_INTERSECTED),
          intersectsObject: (object: Object3D) => {
            // Gone from the scene (rebuilt, removed) or hidden since the tree was built.
            if (alive.has(object as Mesh)) test(object as Mesh);
            return false;
          },
        });
        for (const { mesh, box: b } of extra) if (nearEnough(box.copy(b))) test(mesh);
      } finally {
        raycaster.firstHitOnly = wasFirstHitOnly;
      }
      return best;
    },
  };
}

/** The record an object belongs to: the nearest ancestor (or itself) carrying userData.recordId. */
export function recordIdOf(object: Object3D | null): string | null {
  for (let o: Object3D | null = object; o; o = o.parent) {
    const id: unknown = o.userData.recordId;
    if (typeof id === 'string') return id;
  }
  return null;
}

/** three's own raycast over the same meshes (no hierarchies): the benchmark's baseline. */
export function pickWithoutBvh(raycaster: Raycaster, meshes: readonly Object3D[]): PickHit | null {
  const hits = raycaster.intersectObjects([...meshes], false);
  const hit = hits.find((h) => h.object instanceof Mesh);
  return hit ? { object: hit.object as Mesh, point: hit.point.clone(), distance: hit.distance } : null;
}
