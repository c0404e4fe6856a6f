import {
  BatchedMesh,
  BoxGeometry,
  Color,
  DynamicDrawUsage,
  EdgesGeometry,
  Group,
  InstancedBufferAttribute,
  InstancedBufferGeometry,
  InstancedMesh,
  LineSegments,
  type Camera,
  Matrix4,
  MeshStandardMaterial,
  type Material,
  Object3D,
  OrthographicCamera,
  PerspectiveCamera,
  Quaternion,
  ShaderMaterial,
  Vector3,
  BufferAttribute,
  BufferGeometry,
  type Texture,
} from 'three';
import type { AppliedMaterial, ModelRecord, ViewMode } from '../../protocol/records';
import { MM } from './coords';
import { WatchedGroup, WatchedMesh } from './watched';
import { appliedKey, hashOf, partsShown } from './materials';
import { createModelFiles, type LoadModelFile, type ModelFiles, type ModelFilesOptions, type ModelShape } from './model-files';

// Furniture models as box placeholders (until the catalogue brings their meshes), drawn
// instanced: one InstancedMesh for every model of the document, coloured per catalogue item, and
// their edges as one instanced line batch for the wireframe modes. Two draw calls for any number
// of models.
//
// The rest of the renderer deals in one object per record (picking, highlight, Ctrl+H, captures
// showing one storey), so each model also has a group of its own (objectFor) holding a proxy box:
// there for the picker, and tinted and outlined by the highlight, but not drawn. All the groups
// live under one container, `proxies`, which the scene graph takes out of the scene while three
// renders (thousands of objects three would otherwise walk two or three times a frame for
// nothing) and puts back after. Before every frame, refresh() reads the proxies back: a model
// whose group was hidden leaves the instanced batch, and one whose proxy a highlight has
// re-materialed is drawn by its proxy (tint included) instead: beginRender() lends those groups
// to the drawn part of the layer for the frame, endRender() takes them back.
//
// A model whose record names its GLB (gltfUrl, or lowGltfUrl while low-poly models are asked for)
// is drawn by its furniture once the file has loaded (model-files.ts: one load and one decode per
// address): all the records of one file share a furniture set, whose members are drawn with the
// records' matrices times the file's normalisation (its natural box onto the unit box). The sets
// do not draw themselves: every part of every set is one instance in a BatchedMesh per material
// (the catalogue's files all use a few dozen named materials, so 200 kinds with their low-poly
// files make some 60 batches, one multi-draw call each, where one InstancedMesh per part per
// file made nearly a thousand). Its box instance is hidden then, but its proxy and its edges in
// the wireframe modes (a matrix attribute of their own) stay. A highlighted model with furniture
// stays in its set: the highlight's outline of the proxy shows it, where a tinted box would hide
// the furniture.
//
// Level of detail by distance (lod, isEnableLod): before each frame, updateLod() measures every
// model that has a low-poly GLB on screen (its bounding sphere's radius over the half height the
// camera sees at its distance) and moves it to the low file's set when it is small, back to the
// full file's when it is large again. The two thresholds differ (hysteresis), so a model at the
// border does not switch back and forth while the camera creeps. A model switches only once the
// file it goes to has been decoded (the cache keeps both, one decode each): meanwhile it stays in
// the set it is in, never falling back to its box. A switch deletes the model's instances in the
// batches and adds its other file's (the two files' parts and materials need not match).

/** Placeholder colours, per catalogue item (models of one modelId look alike). */
export const MODEL_PALETTE: readonly number[] = [0x9aa5b1, 0xb5a48b, 0x7d8c7a, 0xc2b8a3, 0x8c7b6b, 0xa3b5c4, 0xd0c4b0, 0x6f7b85];

const EDGE_COLOUR = 0x46505c;
const INITIAL_CAPACITY = 64;

export function paletteIndex(modelId: string): number {
  return hashOf(modelId) % MODEL_PALETTE.length;
}

/** The world transform of a model's unit box (base at y 0, 1 m cube) for its record. */
export function modelMatrix(record: ModelRecord, elevation: number, out = new Matrix4()): Matrix4 {
  const position = new Vector3(record.position.x * MM, (elevation + record.position.z) * MM, -record.position.y * MM);
  // Counter-clockwise seen from above is a positive turn about world +y (plan north is -z).
  const rotation = new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), record.rotation);
  // A zero size would make a singular matrix (no normals): keep a millimetre.
  const scale = new Vector3(Math.max(record.size.x, 1) * MM, Math.max(record.size.z, 1) * MM, Math.max(record.size.y, 1) * MM);
  return out.compose(position, rotation, scale);
}

const HIDDEN = new Matrix4().makeScale(0, 0, 0);

/**
 * A model goes to its low-poly file when its bounding sphere's radius is under this fraction of
 * the half height the camera sees at its distance, and back to the full file above LOD_NEAR:
 * the gap between them is the hysteresis.
 */
export const LOD_FAR = 0.1;
export const LOD_NEAR = 0.13;

/** How large a sphere of `radius` at `centre` looks: its radius over the half height seen there (1 fills half the view's height). */
export function screenFraction(camera: Camera, centre: Vector3, radius: number, cameraPosition: Vector3): number {
  if (camera instanceof OrthographicCamera) return (radius * camera.zoom * 2) / Math.max(camera.top - camera.bottom, 1e-6);
  const fov = camera instanceof PerspectiveCamera ? camera.getEffectiveFOV() : 50;
  const distance = Math.max(centre.distanceTo(cameraPosition), 1e-3);
  return radius / (distance * Math.tan(((fov / 2) * Math.PI) / 180));
}

// A model's group and proxy report what refresh() must follow (watched.ts): a frame looks only at
// the models whose group was shown or hidden or whose proxy a highlight re-materialed.
class ModelGroup extends WatchedGroup {}
class ProxyMesh extends WatchedMesh {}

/** Lines drawn once per instance, with the instance's matrix (three's line material has no instancing). */
function instancedEdgeMaterial(): ShaderMaterial {
  return new ShaderMaterial({
    uniforms: { colour: { value: new Color(EDGE_COLOUR) }, opacity: { value: 1 } },
    vertexShader: `
      attribute mat4 boxMatrix;
      void main() {
        gl_Position = projectionMatrix * viewMatrix * boxMatrix * vec4(position, 1.0);
      }`,
    fragmentShader: `
      uniform vec3 colour;
      uniform float opacity;
      void main() {
        gl_FragColor = vec4(colour, opacity);
        #include <colorspace_fragment>
      }`,
  });
}

/** The furniture parts of one material: one BatchedMesh, a geometry per part of a file, an instance per part of a model. */
interface FurnitureBatch {
  readonly key: string;
  readonly mesh: BatchedMesh;
  /** geometry ids by part (address, part index, and whether its uv are metric) */
  readonly geometries: Map<string, number>;
  vertices: number;
  indices: number;
}

/**
 * The records drawn by one loaded GLB, one member per record, each part an instance in its
 * material's batch. Records that dress parts with library materials (ModelRecord.materials) get
 * a set of their own per combination of materials, keyed by the address and the materials.
 */
interface FurnitureSet {
  readonly url: string;
  readonly shape: ModelShape;
  /** the shape's parts, with the library materials in place of the dressed ones */
  readonly parts: readonly { readonly geometry: BufferGeometry; readonly material: Material }[];
  /** where each part is drawn: its batch and its geometry there */
  readonly placements: readonly { readonly batch: FurnitureBatch; readonly geometryId: number }[];
  readonly members: Slot[];
  /** what furnitureOf() shows of it */
  readonly views: readonly FurniturePart[];
}

/**
 * One part of a furniture set as tests and benchmarks see it: its batch, the part's geometry and
 * material, how many models draw it, and member `index`'s matrix (zero when not drawn).
 */
export interface FurniturePart {
  readonly mesh: BatchedMesh;
  readonly geometryId: number;
  readonly geometry: BufferGeometry;
  readonly material: Material;
  readonly count: number;
  getMatrixAt(index: number, out: Matrix4): Matrix4;
}

interface Slot {
  readonly id: string;
  readonly record: ModelRecord;
  index: number;
  /** the GLB it is drawn from (null: a box) */
  url: string | null;
  /** its furniture set's key: the address, and its part materials if any */
  setKey: string | null;
  /** drawn from its low-poly file by distance (lod) as of the last updateLod */
  far: boolean;
  /** the centre of its box and its bounding sphere's radius, in metres (lod) */
  readonly centre: Vector3;
  readonly radius: number;
  /** its furniture set once the file has loaded, its place among the members, and its instance per part in the part's batch */
  set: FurnitureSet | null;
  setIndex: number;
  ids: number[];
  readonly group: ModelGroup;
  readonly proxy: ProxyMesh;
  readonly material: MeshStandardMaterial;
  matrix: Matrix4;
  /** drawn by the batch (not hidden, not highlighted) as of the last refresh */
  inBatch: boolean;
  /** drawn by its proxy (highlighted) as of the last refresh */
  own: boolean;
}

export interface ModelLayer {
  /** The instanced batch and its edges (and, during a frame, the highlighted models' groups). */
  readonly batch: Group;
  /** The models' groups (see the header); the caller puts it in the scene. */
  readonly proxies: Group;
  /** Adds or updates a model; returns its group, a new one each time (userData.recordId set by the caller). */
  set(record: ModelRecord, elevation: number): Group;
  remove(id: string): void;
  has(id: string): boolean;
  /** Follows hidden and highlighted proxies; true when the batch changed. Call before drawing. */
  refresh(): boolean;
  /** During a frame: the highlighted models' groups go where three draws them. */
  beginRender(): void;
  endRender(): void;
  setViewMode(mode: ViewMode): void;
  /** Low-poly GLBs (lowGltfUrl) where a record has one; true when what is drawn changed. */
  setLowPoly(on: boolean): boolean;
  /** Level of detail by distance on or off (see the header); true when what is drawn changed. */
  setLod(on: boolean): boolean;
  /** Before a frame: each model with a low-poly file drawn from it or from its full file by how large it looks from `camera` (lod on); true when any switched. */
  updateLod(camera: Camera): boolean;
  /** Models drawn from their low-poly file by distance right now (tests, benchmarks). */
  readonly farCount: number;
  /** The instanced mesh of the boxes (tests: one for all models, count = models). */
  readonly mesh: InstancedMesh;
  /** The parts of a GLB address's furniture set (its undressed models; tests, benchmarks); empty until it has loaded. */
  furnitureOf(url: string): readonly FurniturePart[];
  /** The furniture's batches, one per material (tests, benchmarks). */
  readonly furnitureBatches: readonly BatchedMesh[];
  /** The GLB cache (null without a loader). */
  readonly files: ModelFiles | null;
  readonly count: number;
  dispose(): void;
}

export interface ModelLayerOptions {
  /** Loads a GLB's bytes (model-files.ts); none: every model is a box. */
  readonly loadFile?: LoadModelFile | null;
  /** Decodes a GLB (default parseModel; tests and benchmarks time or replace it). */
  readonly parse?: ModelFilesOptions['parse'];
  readonly warn?: ModelFilesOptions['warn'];
  /** A file has loaded and its models changed: draw a frame. */
  readonly onChange?: () => void;
  /** The material of a part dressed with a library material (materials.ts part); none: parts keep their own. */
  readonly partMaterial?: (applied: AppliedMaterial, own: Material) => Material;
}

/** The set key of a record drawn from `url`: its dressed parts change what the set draws. */
function setKeyOf(record: ModelRecord, url: string | null): string | null {
  if (!url || !record.materials) return url;
  const parts = Object.keys(record.materials).sort();
  return `${url}|${parts.map((p) => `${p}=${appliedKey(record.materials![p]!)}`).join(',')}`;
}

/**
 * A copy of a part's geometry with uv in metres projected along each vertex's dominant normal
 * axis: a library material's texture then repeats at its real size whatever uv the file had (the
 * generators scale uv per material, and plain parts have none).
 */
export function metricUv(geometry: BufferGeometry): BufferGeometry {
  const out = geometry.clone();
  const pos = out.getAttribute('position');
  if (!out.getAttribute('normal')) out.computeVertexNormals();
  const nrm = out.getAttribute('normal');
  const uv = new Float32Array(pos.count * 2);
  for (let i = 0; i < pos.count; i++) {
    const ax = Math.abs(nrm.getX(i));
    const ay = Math.abs(nrm.getY(i));
    const az = Math.abs(nrm.getZ(i));
    const [u, v] = ax >= ay && ax >= az ? [pos.getZ(i), pos.getY(i)] : ay >= az ? [pos.getX(i), pos.getZ(i)] : [pos.getX(i), pos.getY(i)];
    uv[i * 2] = u;
    uv[i * 2 + 1] = v;
  }
  out.setAttribute('uv', new BufferAttribute(uv, 2));
  return out;
}

/** The GLB a record is drawn from: its low-poly one when asked for (lowPolyModels, or far by lod) and it has one. */
function urlOf(record: ModelRecord, low: boolean): string | null {
  return (low ? record.lowGltfUrl : undefined) ?? record.gltfUrl ?? null;
}

export function createModelLayer(options: ModelLayerOptions = {}): ModelLayer {
  const files: ModelFiles | null = options.loadFile
    ? createModelFiles({ load: options.loadFile, parse: options.parse, warn: options.warn, onReady: (url) => loaded(url) })
    : null;
  const batch = new Group();
  batch.name = 'models';
  const unitBox = new BoxGeometry(1, 1, 1).translate(0, 0.5, 0);
  // Shared by every proxy: the scene graph must not free it with one model's group.
  unitBox.userData.shared = true;
  const unitEdges = new EdgesGeometry(unitBox);
  // White: the instance colours are the palette's.
  const material = new MeshStandardMaterial({ color: 0xffffff, roughness: 0.85, metalness: 0 });
  const proxyMaterials = MODEL_PALETTE.map((c) => new MeshStandardMaterial({ color: c, roughness: 0.85, metalness: 0 }));
  const edgeMaterial = instancedEdgeMaterial();
  const colours = MODEL_PALETTE.map((c) => new Color(c));

  let mesh = makeMesh(INITIAL_CAPACITY);
  const edgeGeometry = new InstancedBufferGeometry();
  edgeGeometry.setAttribute('position', unitEdges.getAttribute('position'));
  /** The edges' matrices: every shown model's, furniture or box. */
  let edgeMatrices = new InstancedBufferAttribute(new Float32Array(INITIAL_CAPACITY * 16), 16).setUsage(DynamicDrawUsage);
  const edges = new LineSegments(edgeGeometry, edgeMaterial);
  edges.name = 'model-edges';
  // Its bounding sphere is one unit box's; the instances are everywhere.
  edges.frustumCulled = false;
  edges.raycast = () => {};
  pointEdgesAt(mesh);
  batch.add(mesh, edges);

  const proxies = new Group();
  proxies.name = 'model-proxies';
  proxies.matrixAutoUpdate = false;
  const slots = new Map<string, Slot>();
  const order: Slot[] = [];
  let lent: Slot[] = [];
  let mode: ViewMode = 0;
  // The view mode is only ever set on a change, so the edges must start as mode 0 shows them: hidden
  // (they drew a wire cage around every piece of furniture in the material view).
  edges.visible = partsShown(mode).edges;
  let low = false;
  let lod = false;
  /** Models by distance on their low-poly file (lod). */
  let farCount = 0;
  const cameraPosition = new Vector3();
  const sets = new Map<string, FurnitureSet>();
  /** Slots drawn as boxes while their GLB loads, by address. */
  const waiting = new Map<string, Set<Slot>>();
  /** Files lod switches wait for: their arrival asks for a frame, which switches the models. */
  const lodWaiting = new Set<string>();
  const scratch = new Matrix4();
  /** Slots whose group or proxy changed since the last refresh (see ModelGroup). */
  const dirty = new Set<Slot>();
  /** Whether the container was shown at the last refresh: a change means every model. */
  let lastBase = true;
  /** Where each group was put in the container's children (checked before use: three's own remove() shifts them). */
  const places = new WeakMap<Object3D, number>();

  function attach(group: Object3D): void {
    places.set(group, proxies.children.length);
    proxies.add(group);
  }

  /**
   * Takes a group out of the container, the last child filling its place: three's remove()
   * searches and splices the whole list, a scan of every model for each one moved.
   */
  function detach(group: Object3D): void {
    const list = proxies.children;
    let at = places.get(group);
    if (at === undefined || list[at] !== group) at = list.indexOf(group);
    places.delete(group);
    if (at < 0) return;
    const last = list.pop()!;
    if (last !== group) {
      list[at] = last;
      places.set(last, at);
    }
    group.parent = null;
    group.dispatchEvent({ type: 'removed' });
  }

  function makeMesh(capacity: number): InstancedMesh {
    const m = new InstancedMesh(unitBox, material, capacity);
    m.instanceMatrix.setUsage(DynamicDrawUsage);
    m.setColorAt(0, colours[0]!);
    m.instanceColor!.setUsage(DynamicDrawUsage);
    m.count = 0;
    m.castShadow = true;
    m.receiveShadow = true;
    m.name = 'models';
    // Models are picked through their proxies (the batch has no record id).
    m.raycast = () => {};
    return m;
  }

  function pointEdgesAt(m: InstancedMesh): void {
    if (edgeMatrices.count < m.instanceMatrix.count) {
      const bigger = new InstancedBufferAttribute(new Float32Array(m.instanceMatrix.count * 16), 16).setUsage(DynamicDrawUsage);
      (bigger.array as Float32Array).set(edgeMatrices.array as Float32Array);
      edgeMatrices = bigger;
    }
    edgeGeometry.setAttribute('boxMatrix', edgeMatrices);
    edgeGeometry.instanceCount = m.count;
  }

  const furniture = new Map<string, FurnitureBatch>();
  /** Each file material's batch key, by material (a material of the file's own or a library one). */
  const materialKeys = new WeakMap<Material, string>();

  /**
   * The batch key of a part's material: equal for materials that look the same, so the parts of
   * different files share a batch. A library material (a dressed part) is one object for every
   * model (materials.ts part), so it keys by itself. A file's own material keys by what it looks
   * like; a textured one by its name as well, which the catalogue's generator keeps unique per
   * picture (materials.ts in server/catalogues/furniture) but an uploaded file need not: those
   * textures stay per file.
   */
  function materialKey(url: string, material: Material, own: boolean): string {
    const known = materialKeys.get(material);
    if (known) return known;
    let key: string;
    if (!own || !(material instanceof MeshStandardMaterial)) key = `object:${material.uuid}`;
    else {
      const m = material;
      const look = [m.type, m.color.getHex(), m.emissive.getHex(), m.emissiveIntensity, m.roughness, m.metalness, m.opacity, m.transparent, m.side, m.alphaTest, m.vertexColors, m.flatShading].join(',');
      const maps = (['map', 'normalMap', 'roughnessMap', 'metalnessMap', 'emissiveMap', 'aoMap', 'alphaMap'] as const).filter((k) => m[k] as Texture | null);
      if (!maps.length) key = `look:${look}`;
      else key = url.includes('/catalogue/models/') ? `named:${m.name}|${maps.join('+')}|${look}` : `object:${m.uuid}`;
    }
    materialKeys.set(material, key);
    return key;
  }

  /** The geometry a batch draws for a part: position, normal and uv only, indexed (a batch needs one layout). */
  function batchGeometry(geometry: BufferGeometry): BufferGeometry {
    const out = new BufferGeometry();
    const position = geometry.getAttribute('position');
    out.setAttribute('position', position);
    let normal = geometry.getAttribute('normal');
    if (!normal) {
      const copy = geometry.clone();
      copy.computeVertexNormals();
      normal = copy.getAttribute('normal');
    }
    out.setAttribute('normal', normal);
    const uv = geometry.getAttribute('uv');
    if (uv) out.setAttribute('uv', uv);
    out.setIndex(geometry.index ?? Array.from({ length: position.count }, (_, i) => i));
    return out;
  }

  function batchFor(material: Material, key: string): FurnitureBatch {
    let fb = furniture.get(key);
    if (!fb) {
      const vertices = 4096;
      const indices = 8192;
      const m = new BatchedMesh(INITIAL_CAPACITY, vertices, indices, material);
      m.castShadow = true;
      m.receiveShadow = true;
      m.name = 'furniture';
      m.raycast = () => {};
      m.visible = partsShown(mode).surfaces;
      // Every instance drawn, unsorted: culling and sorting thousands of parts per frame (twice,
      // with the shadow pass) costs the worker more than drawing the few that are off screen.
      m.perObjectFrustumCulled = false;
      m.sortObjects = false;
      fb = { key, mesh: m, geometries: new Map(), vertices, indices };
      applyOpacity([material]);
      furniture.set(key, fb);
      batch.add(m);
    }
    return fb;
  }

  /** The id of a part's geometry in its batch, added (the batch grown to fit) the first time. */
  function geometryIn(batch: FurnitureBatch, partKey: string, geometry: BufferGeometry): number {
    let id = batch.geometries.get(partKey);
    if (id !== undefined) return id;
    const g = batchGeometry(geometry);
    const needV = g.getAttribute('position').count;
    const needI = g.index!.count;
    const m = batch.mesh;
    if (m.unusedVertexCount < needV || m.unusedIndexCount < needI) {
      batch.vertices = Math.max(batch.vertices * 2, batch.vertices + needV);
      batch.indices = Math.max(batch.indices * 2, batch.indices + needI);
      m.setGeometrySize(batch.vertices, batch.indices);
    }
    id = m.addGeometry(g);
    batch.geometries.set(partKey, id);
    return id;
  }

  function addInstance(batch: FurnitureBatch, geometryId: number): number {
    const m = batch.mesh;
    if (m.instanceCount >= m.maxInstanceCount) m.setInstanceCount(m.maxInstanceCount * 2);
    return m.addInstance(geometryId);
  }

  /** Parts' geometries with metric uv, by address and part: shared by every dressed set of a file. */
  const metric = new Map<string, BufferGeometry>();

  function dressedParts(url: string, shape: ModelShape, record: ModelRecord): FurnitureSet['parts'] {
    const applied = record.materials;
    if (!applied || !options.partMaterial) return shape.parts;
    return shape.parts.map((part, i) => {
      const m = applied[part.material.name];
      if (!m) return part;
      const key = `${url}#${i}`;
      let geometry = metric.get(key);
      if (!geometry) metric.set(key, (geometry = metricUv(part.geometry)));
      return { geometry, material: options.partMaterial!(m, part.material) };
    });
  }

  function setOf(key: string, url: string, shape: ModelShape, record: ModelRecord): FurnitureSet {
    let set = sets.get(key);
    if (!set) {
      const parts = dressedParts(url, shape, record);
      const placements = parts.map((part, i) => {
        const own = part.material === shape.parts[i]!.material;
        const b = batchFor(part.material, `${materialKey(url, part.material, own)}|${part.geometry.getAttribute('uv') ? 'uv' : ''}`);
        return { batch: b, geometryId: geometryIn(b, `${url}#${i}${own ? '' : 'm'}`, part.geometry) };
      });
      const members: Slot[] = [];
      const views = parts.map((part, i): FurniturePart => {
        const { batch: b, geometryId } = placements[i]!;
        return {
          mesh: b.mesh,
          geometryId,
          geometry: part.geometry,
          material: b.mesh.material as Material,
          get count() {
            return members.length;
          },
          getMatrixAt(index, out) {
            const slot = members[index];
            if (!slot || !b.mesh.getVisibleAt(slot.ids[i]!)) return out.copy(HIDDEN);
            return b.mesh.getMatrixAt(slot.ids[i]!, out);
          },
        };
      });
      set = { url, shape, parts, placements, members, views };
      sets.set(key, set);
    }
    return set;
  }

  function writeSet(slot: Slot): void {
    const set = slot.set!;
    if (slot.inBatch) scratch.multiplyMatrices(slot.matrix, set.shape.normal);
    set.placements.forEach(({ batch: b }, i) => {
      const id = slot.ids[i]!;
      if (slot.inBatch) b.mesh.setMatrixAt(id, scratch);
      b.mesh.setVisibleAt(id, slot.inBatch);
      b.mesh.boundingSphere = null;
      b.mesh.boundingBox = null;
    });
  }

  /** Draws the slot by its furniture if its file has loaded, else asks for it (the box meanwhile). */
  function join(slot: Slot): void {
    if (!slot.url || !files) return;
    const shape = files.ready(slot.url);
    if (shape === undefined) {
      let list = waiting.get(slot.url);
      if (!list) {
        waiting.set(slot.url, (list = new Set()));
        void files.load(slot.url);
      }
      list.add(slot);
      return;
    }
    if (!shape) return;
    const set = setOf(slot.setKey ?? slot.url, slot.url, shape, slot.record);
    slot.set = set;
    slot.setIndex = set.members.length;
    slot.ids = set.placements.map((p) => addInstance(p.batch, p.geometryId));
    set.members.push(slot);
  }

  /** Takes the slot out of its set or wait list. */
  function leave(slot: Slot): void {
    if (slot.url) waiting.get(slot.url)?.delete(slot);
    const set = slot.set;
    if (!set) return;
    const last = set.members.pop()!;
    if (last !== slot) {
      last.setIndex = slot.setIndex;
      set.members[slot.setIndex] = last;
    }
    set.placements.forEach(({ batch: b }, i) => {
      b.mesh.deleteInstance(slot.ids[i]!);
      b.mesh.boundingSphere = null;
      b.mesh.boundingBox = null;
    });
    slot.ids = [];
    slot.set = null;
  }

  /** Moves a slot to another GLB (or to its box); true when what is drawn changed. */
  function moveTo(slot: Slot, url: string | null, base: boolean): boolean {
    if (url === slot.url) return false;
    const had = slot.set !== null;
    leave(slot);
    slot.url = url;
    slot.setKey = setKeyOf(slot.record, url);
    join(slot);
    syncVisibility(slot, base, true);
    return had || slot.set !== null;
  }

  function loaded(url: string): void {
    if (lodWaiting.delete(url)) options.onChange?.();
    const list = waiting.get(url);
    waiting.delete(url);
    if (!list?.size) return;
    for (const slot of list) {
      join(slot);
      syncVisibility(slot, containerShown(), true);
    }
    options.onChange?.();
  }

  function grow(): void {
    const bigger = makeMesh(mesh.instanceMatrix.count * 2);
    (bigger.instanceMatrix.array as Float32Array).set(mesh.instanceMatrix.array as Float32Array);
    (bigger.instanceColor!.array as Float32Array).set(mesh.instanceColor!.array as Float32Array);
    bigger.count = mesh.count;
    bigger.visible = mesh.visible;
    batch.remove(mesh);
    mesh.dispose();
    mesh = bigger;
    batch.add(mesh);
    pointEdgesAt(mesh);
  }

  function write(slot: Slot): void {
    mesh.setMatrixAt(slot.index, slot.inBatch && !slot.set ? slot.matrix : HIDDEN);
    (slot.inBatch ? slot.matrix : HIDDEN).toArray(edgeMatrices.array, slot.index * 16);
    edgeMatrices.needsUpdate = true;
    if (slot.set) writeSet(slot);
    mesh.setColorAt(slot.index, colours[proxyMaterials.indexOf(slot.material)]!);
    mesh.instanceMatrix.needsUpdate = true;
    mesh.instanceColor!.needsUpdate = true;
  }

  /** The container and its ancestors are shown (checked once for all the groups in it). */
  function containerShown(): boolean {
    for (let o: Object3D | null = proxies; o; o = o.parent) if (!o.visible) return false;
    return true;
  }

  /** base: containerShown(); a model's group is hidden by Ctrl+H, or a capture of another storey. */
  function syncVisibility(slot: Slot, base: boolean, force = false): boolean {
    const show = base && slot.group.visible;
    const tinted = slot.proxy.material !== slot.material;
    const inBatch = show && (!tinted || slot.set !== null);
    slot.own = show && tinted && !slot.set && partsShown(mode).surfaces;
    slot.proxy.visible = slot.own;
    if (inBatch === slot.inBatch && !force) return false;
    slot.inBatch = inBatch;
    write(slot);
    return true;
  }

  function remove(id: string): void {
    const slot = slots.get(id);
    if (!slot) return;
    slots.delete(id);
    detach(slot.group);
    slot.group.watcher = slot.proxy.watcher = undefined;
    dirty.delete(slot);
    leave(slot);
    if (slot.far) farCount -= 1;
    // The last instance fills the hole.
    const last = order.pop()!;
    if (last !== slot) {
      last.index = slot.index;
      order[slot.index] = last;
      write(last);
    }
    mesh.count -= 1;
    edgeGeometry.instanceCount = mesh.count;
    mesh.boundingSphere = null;
  }

  /** The transparent mode's opacity (3) on the layer's materials. */
  function applyOpacity(list: readonly Material[]): void {
    const k = mode === 3 ? 0.8 : 1;
    for (const m of list) {
      // A file's glass is transparent of itself: the mode scales its look, then gives it back.
      const own = (m.userData.ownLook ??= { transparent: m.transparent, opacity: m.opacity, depthWrite: m.depthWrite }) as { transparent: boolean; opacity: number; depthWrite: boolean };
      const transparent = own.transparent || k < 1;
      if (m.transparent !== transparent) m.needsUpdate = true;
      m.transparent = transparent;
      m.opacity = own.opacity * k;
      m.depthWrite = own.depthWrite && k === 1;
    }
  }

  return {
    batch,
    proxies,
    set(record, elevation) {
      const before = slots.get(record.id);
      const modelMaterial = proxyMaterials[paletteIndex(record.modelId)]!;
      let index: number;
      if (before) index = before.index;
      else {
        if (mesh.count === mesh.instanceMatrix.count) grow();
        index = mesh.count;
        mesh.count += 1;
        edgeGeometry.instanceCount = mesh.count;
      }
      // A new group and proxy on every change: the picker's hierarchy keeps the boxes of the
      // meshes it was built over, so a moved mesh must be a new one (picking.ts).
      const group = new ModelGroup();
      group.matrixAutoUpdate = false;
      const proxy = new ProxyMesh(unitBox, modelMaterial);
      proxy.matrixAutoUpdate = false;
      proxy.visible = false;
      proxy.castShadow = true;
      proxy.receiveShadow = true;
      const matrix = modelMatrix(record, elevation);
      matrix.decompose(proxy.position, proxy.quaternion, proxy.scale);
      proxy.matrix.copy(matrix);
      group.add(proxy);
      if (before) {
        detach(before.group);
        before.group.watcher = undefined;
        before.proxy.watcher = undefined;
        dirty.delete(before);
        leave(before);
        if (before.far) farCount -= 1;
      }
      const far = lod && (before?.far ?? false) && !!record.lowGltfUrl;
      if (far) farCount += 1;
      attach(group);
      group.updateMatrixWorld(true);
      const centre = new Vector3(0, 0.5, 0).applyMatrix4(matrix);
      const radius = (Math.hypot(record.size.x, record.size.y, record.size.z) * MM) / 2;
      const url = urlOf(record, low || far);
      const slot: Slot = { id: record.id, record, index, url, setKey: setKeyOf(record, url), far, centre, radius, set: null, setIndex: -1, ids: [], group, proxy, material: modelMaterial, matrix, inBatch: true, own: false };
      join(slot);
      group.watcher = proxy.watcher = () => dirty.add(slot);
      order[index] = slot;
      slots.set(record.id, slot);
      write(slot);
      // Recomputed when next needed (frustum culling), not once per model of a load.
      mesh.boundingSphere = null;
      return group;
    },
    remove,
    has: (id) => slots.has(id),
    refresh() {
      let changed = false;
      const base = containerShown();
      // Every model when the container's visibility changed, else those that reported a change.
      const which = base !== lastBase ? order : [...dirty];
      lastBase = base;
      dirty.clear();
      for (const slot of which) if (syncVisibility(slot, base)) changed = true;
      return changed;
    },
    beginRender() {
      lent = order.filter((slot) => slot.own);
      for (const slot of lent) {
        detach(slot.group);
        batch.add(slot.group);
      }
    },
    endRender() {
      for (const slot of lent) if (slots.get(slot.id) === slot) attach(slot.group);
      lent = [];
    },
    setViewMode(next) {
      mode = next;
      const parts = partsShown(mode);
      mesh.visible = parts.surfaces;
      edges.visible = parts.edges;
      applyOpacity([material, ...proxyMaterials]);
      for (const b of furniture.values()) {
        applyOpacity([b.mesh.material as Material]);
        b.mesh.visible = parts.surfaces;
      }
      const base = containerShown();
      for (const slot of order) syncVisibility(slot, base);
    },
    setLowPoly(on) {
      if (on === low) return false;
      low = on;
      let changed = false;
      const base = containerShown();
      for (const slot of order) changed = moveTo(slot, urlOf(slot.record, low || slot.far), base) || changed;
      return changed;
    },
    setLod(on) {
      if (on === lod) return false;
      lod = on;
      if (on) return false;
      // Off: every model back on its full file (or its low one while lowPolyModels asks for it).
      let changed = false;
      const base = containerShown();
      for (const slot of order) {
        if (!slot.far) continue;
        slot.far = false;
        changed = moveTo(slot, urlOf(slot.record, low), base) || changed;
      }
      farCount = 0;
      return changed;
    },
    updateLod(camera) {
      if (!lod || !files) return false;
      camera.getWorldPosition(cameraPosition);
      let changed = false;
      const base = containerShown();
      for (const slot of order) {
        if (!slot.record.lowGltfUrl || !slot.record.gltfUrl) continue;
        const size = screenFraction(camera, slot.centre, slot.radius, cameraPosition);
        const far = slot.far ? size < LOD_NEAR : size < LOD_FAR;
        if (far === slot.far) continue;
        // lowPolyModels draws the low file anyway: only the state follows.
        const url = urlOf(slot.record, low || far);
        if (url !== slot.url) {
          const shape = files.ready(url!);
          if (shape === undefined) {
            // Not decoded yet: stay on the file drawn now; its arrival asks for a frame (loaded()).
            lodWaiting.add(url!);
            void files.load(url!);
            continue;
          }
          if (shape === null) continue;
          changed = moveTo(slot, url, base) || changed;
        }
        slot.far = far;
        farCount += far ? 1 : -1;
      }
      return changed;
    },
    get farCount() {
      return farCount;
    },
    furnitureOf: (url) => sets.get(url)?.views ?? [],
    get furnitureBatches() {
      return [...furniture.values()].map((b) => b.mesh);
    },
    files,
    get mesh() {
      return mesh;
    },
    get count() {
      return mesh.count;
    },
    dispose() {
      // The batches' own buffers; the parts' geometries and materials are the file cache's (or the library's).
      for (const b of furniture.values()) b.mesh.dispose();
      furniture.clear();
      sets.clear();
      for (const g of metric.values()) g.dispose();
      metric.clear();
      waiting.clear();
      lodWaiting.clear();
      files?.dispose();
      mesh.dispose();
      unitBox.dispose();
      unitEdges.dispose();
      edgeGeometry.dispose();
      material.dispose();
      edgeMaterial.dispose();
      proxyMaterials.forEach((m) => m.dispose());
    },
  };
}
