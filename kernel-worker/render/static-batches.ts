import { BufferAttribute, BufferGeometry, Group, Matrix3, Matrix4, Mesh, Vector3, type Material, type Object3D } from 'three';

// Static geometry merged per material: all the walls, floors, ceilings, openings' parts and light
// fixtures of the document drawn in a few dozen draw calls instead of one per part.
//
// Every record keeps its own meshes (the picker, the highlight, Ctrl+H and the captures work on
// those, by record id), but while a record's meshes are in a batch they are not drawn themselves.
// Before each frame, refresh() reads them back: a mesh whose record group is hidden, or whose
// material the highlight replaced, or that a view mode hides, leaves its batch (its triangles'
// indices are zeroed, an update of that range only) and draws itself if it should be seen. A
// rebuilt record draws its new meshes itself and leaves a hole in the batch; the batch is merged
// again once edits pause (IDLE_MS), or at once when most of it is new (a load). Transparent views
// (mode 3) draw every mesh itself: three sorts meshes, not the triangles inside one.

/** Edits this long ago let the batches be merged again. */
export const IDLE_MS = 300;

interface Slice {
  readonly batch: Batch;
  readonly start: number;
  readonly count: number;
}

interface Part {
  readonly mesh: Mesh;
  /** the material(s) the mesh was registered with; another means a highlight tinted it */
  readonly material: Material | Material[];
  /** its draw groups (or all of it), each with the batch of its material */
  readonly slices: readonly Slice[];
  /** index ranges of its triangles in the batches, by batch */
  ranges: { batch: Batch; start: number; count: number }[];
  /** drawn by its batches now (else by itself, or not at all) */
  batched: boolean;
}

interface Member {
  readonly group: Object3D;
  readonly parts: readonly Part[];
}

interface Batch {
  readonly key: string;
  readonly material: Material;
  readonly castShadow: boolean;
  readonly mesh: Mesh;
  /** parts whose triangles are merged in, or registered to be merged next time */
  readonly members: Set<Part>;
  /** parts registered or removed since the last merge */
  stale: number;
}

export interface StaticBatches {
  /** The batch meshes (in the scene beside the records' groups). */
  readonly group: Group;
  /** Registers a record's surface meshes (replacing what it had); they draw themselves until the next merge. */
  set(id: string, group: Object3D, meshes: readonly Mesh[]): void;
  remove(id: string): void;
  /**
   * Before a frame: who is drawn by a batch and who by itself (see the header); merges stale
   * batches when edits have paused. `visible(mesh)`: whether the view mode shows that mesh.
   * `only`: the records to look at (those whose objects changed since the last frame); every
   * record when absent, or when a batch was merged. Returns whether anything changed and
   * whether every record was looked at.
   */
  refresh(
    now: number,
    options: { readonly enabled: boolean; readonly visible: (mesh: Mesh) => boolean; readonly only?: Iterable<string> },
  ): { changed: boolean; all: boolean };
  /** Some batch waits to be merged again. */
  readonly stale: boolean;
  /** Draw calls of the batches and meshes drawn by batches (tests, benchmarks). */
  stats(): { batches: number; batchedMeshes: number; ownMeshes: number };
  dispose(): void;
}

function shown(o: Object3D): boolean {
  for (let p: Object3D | null = o; p; p = p.parent) if (!p.visible) return false;
  return true;
}

const normalMatrix = new Matrix3();
const v = new Vector3();
const IDENTITY = new Matrix4();

export function createStaticBatches(): StaticBatches {
  const group = new Group();
  group.name = 'static-batches';
  const members = new Map<string, Member>();
  const batches = new Map<string, Batch>();
  let lastChange = -Infinity;

  function batchFor(material: Material, castShadow: boolean): Batch {
    const key = `${material.uuid}|${castShadow ? 1 : 0}`;
    let batch = batches.get(key);
    if (!batch) {
      const mesh = new Mesh(new BufferGeometry(), material);
      mesh.name = 'batch';
      mesh.castShadow = castShadow;
      mesh.receiveShadow = true;
      mesh.matrixAutoUpdate = false;
      // Picked through the records' own meshes.
      mesh.raycast = () => {};
      mesh.visible = false;
      group.add(mesh);
      batch = { key, material, castShadow, mesh, members: new Set(), stale: 0 };
      batches.set(key, batch);
    }
    return batch;
  }

  /** Each draw group of a mesh, with the batch of its material. */
  function slicesOf(mesh: Mesh): Slice[] {
    const geometry = mesh.geometry;
    const vertices = geometry.index ? geometry.index.count : geometry.getAttribute('position').count;
    const material = mesh.material;
    if (!Array.isArray(material)) return [{ batch: batchFor(material, mesh.castShadow), start: 0, count: vertices }];
    if (geometry.groups.length === 0) return [];
    return geometry.groups.map((g) => ({ batch: batchFor(material[g.materialIndex ?? 0]!, mesh.castShadow), start: g.start, count: Math.min(g.count, vertices - g.start) }));
  }

  function forget(member: Member): void {
    for (const part of member.parts) {
      for (const slice of part.slices) {
        if (slice.batch.members.delete(part)) slice.batch.stale += 1;
      }
      if (part.batched) zero(part);
      part.batched = false;
      part.ranges = [];
    }
  }

  function writeRanges(part: Part, on: boolean): void {
    for (const r of part.ranges) {
      const index = r.batch.mesh.geometry.index;
      if (!index) continue;
      const array = index.array as Uint32Array;
      for (let i = 0; i < r.count; i++) array[r.start + i] = on ? r.start + i : 0;
      index.addUpdateRange(r.start, r.count);
      index.needsUpdate = true;
    }
  }
  const zero = (part: Part) => writeRanges(part, false);

  /** Merges a batch's members again: positions, normals and uvs in world space, one index per vertex. */
  function merge(batch: Batch): void {
    const parts: { part: Part; slice: { start: number; count: number } }[] = [];
    let total = 0;
    for (const part of batch.members) {
      for (const slice of part.slices) {
        if (slice.batch !== batch) continue;
        parts.push({ part, slice });
        total += slice.count;
      }
    }
    const position = new Float32Array(total * 3);
    const normal = new Float32Array(total * 3);
    const uv = new Float32Array(total * 2);
    const index = new Uint32Array(total);
    let at = 0;
    for (const part of batch.members) part.ranges = part.ranges.filter((r) => r.batch !== batch);
    for (const { part, slice } of parts) {
      const g = part.mesh.geometry;
      const p = g.getAttribute('position');
      const n = g.getAttribute('normal');
      const t = g.getAttribute('uv');
      const idx = g.index;
      // Parts are built in world coordinates; a moved opening or a fixture has its group's offset.
      part.mesh.updateWorldMatrix(true, false);
      const world = part.mesh.matrixWorld;
      const moved = !world.equals(IDENTITY);
      if (moved) normalMatrix.getNormalMatrix(world);
      for (let i = 0; i < slice.count; i++) {
        const k = idx ? idx.getX(slice.start + i) : slice.start + i;
        const o = at + i;
        v.fromBufferAttribute(p, k);
        if (moved) v.applyMatrix4(world);
        position[3 * o] = v.x;
        position[3 * o + 1] = v.y;
        position[3 * o + 2] = v.z;
        if (n) {
          v.fromBufferAttribute(n, k);
          if (moved) v.applyMatrix3(normalMatrix).normalize();
          normal[3 * o] = v.x;
          normal[3 * o + 1] = v.y;
          normal[3 * o + 2] = v.z;
        }
        if (t) {
          uv[2 * o] = t.getX(k);
          uv[2 * o + 1] = t.getY(k);
        }
        index[o] = o;
      }
      part.ranges.push({ batch, start: at, count: slice.count });
      at += slice.count;
    }
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(position, 3));
    geometry.setAttribute('normal', new BufferAttribute(normal, 3));
    geometry.setAttribute('uv', new BufferAttribute(uv, 2));
    geometry.setIndex(new BufferAttribute(index, 1));
    geometry.computeBoundingSphere();
    geometry.computeBoundingBox();
    batch.mesh.geometry.dispose();
    batch.mesh.geometry = geometry;
    batch.stale = 0;
    // Every part in it is drawn by it until refresh() says otherwise; refresh runs right after.
    for (const { part } of parts) part.batched = true;
  }


  return {
    group,
    set(id, owner, meshes) {
      const old = members.get(id);
      if (old) forget(old);
      const parts: Part[] = meshes.map((mesh) => ({ mesh, material: mesh.material, slices: slicesOf(mesh), ranges: [], batched: false }));
      const member: Member = { group: owner, parts };
      members.set(id, member);
      for (const part of parts) {
        for (const slice of part.slices) {
          if (!slice.batch.members.has(part)) {
            slice.batch.members.add(part);
            slice.batch.stale += 1;
          }
        }
      }
      lastChange = performance.now();
    },
    remove(id) {
      const old = members.get(id);
      if (!old) return;
      forget(old);
      members.delete(id);
      lastChange = performance.now();
    },
    refresh(now, { enabled, visible, only }) {
      let changed = false;
      let merged = false;
      for (const batch of batches.values()) {
        if (batch.stale === 0) continue;
        // Mostly new (a load, a storey built at once): merge now; else once edits pause.
        const mostlyNew = 2 * batch.stale > batch.members.size;
        if (!enabled || (!mostlyNew && now - lastChange < IDLE_MS)) continue;
        merge(batch);
        merged = changed = true;
      }
      const all = merged || only === undefined;
      const work = all ? members.values() : [...new Set(only)].flatMap((id) => members.get(id) ?? []);
      for (const member of work) {
        const groupShown = shown(member.group);
        for (const part of member.parts) {
          const wanted = groupShown && visible(part.mesh);
          const tinted = part.mesh.material !== part.material;
          // All of it merged (a part over two batches waits for both).
          const inBatch = enabled && wanted && !tinted && part.slices.length > 0 && part.ranges.length === part.slices.length;
          if (inBatch !== part.batched) {
            writeRanges(part, inBatch);
            part.batched = inBatch;
            changed = true;
          }
          const own = wanted && !inBatch;
          if (part.mesh.visible !== own) {
            part.mesh.visible = own;
            changed = true;
          }
        }
      }
      // A batch whose parts are all out draws degenerate triangles only: cheaper than tracking it.
      for (const batch of batches.values()) {
        const show = enabled && batch.members.size > 0 && (batch.mesh.geometry.index?.count ?? 0) > 0;
        if (batch.mesh.visible !== show) {
          batch.mesh.visible = show;
          changed = true;
        }
      }
      return { changed, all };
    },
    get stale() {
      for (const b of batches.values()) if (b.stale > 0) return true;
      return false;
    },
    stats() {
      let batchedMeshes = 0;
      let ownMeshes = 0;
      for (const m of members.values()) {
        for (const p of m.parts) {
          if (p.batched) batchedMeshes++;
          else if (p.mesh.visible) ownMeshes++;
        }
      }
      return { batches: [...batches.values()].filter((b) => b.mesh.visible).length, batchedMeshes, ownMeshes };
    },
    dispose() {
      for (const b of batches.values()) b.mesh.geometry.dispose();
      batches.clear();
      members.clear();
    },
  };
}
