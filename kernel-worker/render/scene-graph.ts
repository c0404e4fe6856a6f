import { Box3, BufferGeometry, Color, Group, LineSegments, Matrix4, Mesh, Scene, Vector3, type Material, type Object3D } from 'three';
import { WALL_COLORS, type CeilingRecord, type LightRecord, type ModelRecord, type OpeningRecord, type PavingRecord, type RoomRecord, type SceneRecord, type Vec2, type ViewMode, type WallRecord } from '../../protocol/records';
import { defaultFloorTile } from '../commands/room';
import type { RecordsDiff } from '../document/diff';
import type { RecordReader } from '../document/store';
import { footprintsFor, footprintStats } from '../geometry/graph-cache';
import type { WallFootprint } from '../geometry/wall-footprint';
import { MM } from './coords';
import { buildFixture, createFixtureGeometries } from './light-fixtures';
import { createMaterials, defaultFloorLook, lookKey, partsShown, pavingLook, type MaterialOptions, type SceneMaterials, type SurfaceLook } from './materials';
import { createModelLayer, modelMatrix } from './models';
import { doorSpans, outlineEdges, roomSurfaces, skirtingGeometry, suspendedCeilingGeometry } from './room-mesh';
import { createStaticBatches, IDLE_MS } from './static-batches';
import { wallAxes } from './wall-cut';
import { WatchedGroup, WatchedMesh } from './watched';
import { buildOpeningMesh, buildWallMesh } from './wall-mesh';

// Records -> three.js objects, one group per visual record (objectFor), built in world
// coordinates. A diff rebuilds only what it touched: the records it names; walls whose joints it
// moved (the changed walls' neighbours, footprint-state.ts); walls whose openings or pavings it
// changed; openings whose wall changed (an opening whose wall only stretched or slid keeps its
// geometry and only moves); rooms whose outline, pavings or ceilings changed. Models are drawn
// instanced (models.ts), light records get a fixture (light-fixtures.ts), rooms a floor, their
// own ceiling (unless a ceiling record hangs one) and optionally skirting. Wireframe edges are
// built only while a view mode shows them. The document's extent is kept from the records'
// boxes. No WebGL here, so this runs and is tested in Node.
//
// A record keeps its group for life (view state such as Ctrl+H's hiding stays on it); a rebuild
// gives it new meshes, so the picker (picking.ts) and the highlight see them as new.

export interface SyncResult {
  /** something visible changed: draw a frame */
  readonly changed: boolean;
  /** the document's extent changed: a camera that the user has not moved should reframe */
  readonly boundsChanged: boolean;
}

/** What the last sync did (tests, benchmarks). */
export interface SyncReport {
  /** records whose objects were built anew */
  readonly rebuilt: ReadonlySet<string>;
  /** records whose objects only moved (their geometry was kept) */
  readonly moved: ReadonlySet<string>;
  /** walls whose footprints were recomputed */
  readonly footprints: number;
  /** storeys whose wall graph came from the command that changed them (not built again) */
  readonly graphsReused: number;
}

export interface SceneGraphOptions {
  /** skirting along the rooms' walls (default off) */
  readonly skirting?: boolean;
  /**
   * Asks the renderer for a frame: the graph does, a moment after edits stop, so that the
   * static batches are merged again (static-batches.ts) without waiting for the next input; and
   * when a paving's tile picture has loaded into its material.
   */
  readonly requestFrame?: () => void;
  /**
   * A tile picture has changed shared materials: copies made from them (the highlight's tinted
   * ones) must follow. Called before requestFrame.
   */
  readonly onMaterialsChanged?: () => void;
  /** Loads pavings' tile pictures (materials.ts; default: the browser's, none in Node). */
  readonly loadTileImage?: MaterialOptions['loadTileImage'];
  /** Draws one tile of a picture (materials.ts; default: on an OffscreenCanvas). */
  readonly composeTile?: MaterialOptions['composeTile'];
}

export interface SceneGraph {
  readonly scene: Scene;
  sync(diff: RecordsDiff, records: RecordReader): SyncResult;
  setViewMode(mode: ViewMode): void;
  readonly viewMode: ViewMode;
  /** World-space box of the document content (empty when there is none). */
  bounds(): Box3;
  /** The record's object: a group of its parts (a model: its proxy box, see models.ts). */
  objectFor(id: string): Object3D | undefined;
  readonly objectCount: number;
  /** Skirting on or off (a renderer option): rebuilds the rooms; true when that changed anything. */
  setSkirting(on: boolean): boolean;
  readonly skirting: boolean;
  /** Wall and ground opacity of the transparent mode (3); true when that changed what is drawn. */
  setTransparency(wall: number, ground: number): boolean;
  /** The rooms' own ceilings shown (Shift+2) or hidden (Shift+1), like the ceiling records; true when that changed anything. */
  setCeilingsShown(shown: boolean): boolean;
  /**
   * Brings the instanced models and the static batches in line with the records' groups and
   * meshes (hidden by Ctrl+H or a capture, highlighted, rebuilt); true when anything changed.
   * The scene runs it before every frame it draws.
   */
  prepareFrame(now?: number): boolean;
  /** Draw calls the batches save: batches drawn, meshes drawn by them, meshes drawing themselves (tests, benchmarks). */
  batchStats(): { batches: number; batchedMeshes: number; ownMeshes: number };
  /** The instanced mesh drawing every model (tests: one for all, count = models). */
  readonly modelMesh: Mesh;
  readonly lastSync: SyncReport;
  dispose(): void;
}

interface WallState {
  readonly type: 'wall';
  readonly footprint: WallFootprint;
  readonly height: number;
  readonly elevation: number;
  readonly openings: string;
  readonly looks: string;
}

interface OpeningPart {
  readonly geometry: BufferGeometry;
  readonly material: Material;
  readonly castShadow: boolean;
  readonly lines: boolean;
}

interface OpeningState {
  readonly type: 'opening';
  /** everything of the opening's geometry but where along its wall it sits */
  readonly shape: string;
  /** plan point (mm) of the opening's centre on its wall's centre line: now, and when its geometry was built */
  readonly anchor: Vec2;
  readonly builtAt: Vec2;
  /** the parts, reused when it only moves */
  readonly parts: readonly OpeningPart[];
  readonly builtBox: Box3;
}

interface KeyState {
  readonly type: 'room' | 'ceiling' | 'model' | 'light';
  readonly key: string;
}

type BuiltState = WallState | OpeningState | KeyState;

interface Built {
  readonly group: Object3D;
  /** world box of what was drawn for the record */
  box: Box3;
  state: BuiltState;
  /** its wireframe edges are built */
  edges: boolean;
}

function sameFootprint(a: WallFootprint, b: WallFootprint): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const p = a[i]!;
    const q = b[i]!;
    if (p.length !== q.length) return false;
    for (let k = 0; k < p.length; k++) if (p[k]!.x !== q[k]!.x || p[k]!.y !== q[k]!.y) return false;
  }
  return true;
}

function ringKey(ring: readonly Vec2[]): string {
  let key = '';
  for (const p of ring) key += `${p.x},${p.y};`;
  return key;
}

/** What of an opening its wall's hole depends on. */
function openingSignature(o: OpeningRecord): string {
  return `${o.id}:${o.kind}:${o.offset}:${o.width}:${o.height}:${o.elevation}`;
}

/** Records grouped by a key, following the diffs (so a sync never scans a whole type for them). */
class Index<R extends SceneRecord> {
  private readonly byKey = new Map<string, Map<string, R>>();
  constructor(private readonly keyOf: (r: R) => string) {}
  add(r: R): void {
    const k = this.keyOf(r);
    let m = this.byKey.get(k);
    if (!m) this.byKey.set(k, (m = new Map()));
    m.set(r.id, r);
  }
  remove(r: R): void {
    const k = this.keyOf(r);
    const m = this.byKey.get(k);
    if (!m) return;
    m.delete(r.id);
    if (m.size === 0) this.byKey.delete(k);
  }
  get(key: string): readonly R[] {
    const m = this.byKey.get(key);
    return m ? [...m.values()] : [];
  }
  has(key: string): boolean {
    return this.byKey.has(key);
  }
  clear(): void {
    this.byKey.clear();
  }
}

const FACE_EPS = 1e-9;

/** Does box b reach a face of `outer` (so that removing it may shrink outer)? */
function touchesFace(b: Box3, outer: Box3): boolean {
  return keepsFaces(b, null, outer) === false;
}

/**
 * Whether replacing box `was` by `now` (null: removing it) leaves every face of `outer` that
 * `was` reached still reached: walls all stand on the floor and reach the same top, so a wall
 * that moves sideways keeps the extent's floor and ceiling.
 */
function keepsFaces(was: Box3, now: Box3 | null, outer: Box3): boolean {
  const faces: [number, number | undefined, number, boolean][] = [
    [was.min.x, now?.min.x, outer.min.x, true],
    [was.min.y, now?.min.y, outer.min.y, true],
    [was.min.z, now?.min.z, outer.min.z, true],
    [was.max.x, now?.max.x, outer.max.x, false],
    [was.max.y, now?.max.y, outer.max.y, false],
    [was.max.z, now?.max.z, outer.max.z, false],
  ];
  for (const [a, b, face, low] of faces) {
    const reached = low ? a <= face + FACE_EPS : a >= face - FACE_EPS;
    if (!reached) continue;
    if (b === undefined || (low ? b > face + FACE_EPS : b < face - FACE_EPS)) return false;
  }
  return true;
}

export function createSceneGraph(options: SceneGraphOptions = {}): SceneGraph {
  const scene = new Scene();
  scene.background = new Color(0xe9ecef);
  const materials: SceneMaterials = createMaterials({
    loadTileImage: options.loadTileImage,
    composeTile: options.composeTile,
    onChange: () => {
      options.onMaterialsChanged?.();
      options.requestFrame?.();
    },
  });
  const fixtures = createFixtureGeometries();
  const content = new Group();
  content.name = 'document';
  scene.add(content);
  const models = createModelLayer();
  const batches = createStaticBatches();
  content.add(models.proxies);
  // What a frame draws when everything is merged: the static batches and the instanced models.
  const drawn = new Group();
  drawn.name = 'drawn';
  drawn.add(models.batch, batches.group);
  scene.add(drawn);
  // Nothing above the records moves: without this, three recomposes the scene's matrix every
  // frame and so recomputes the world matrix of every object under it (thousands of models).
  for (const o of [scene, content, drawn, models.batch, batches.group]) o.matrixAutoUpdate = false;
  // Every record has an object (picking, highlight, hiding and captures work on those), but once
  // merged most draw nothing themselves. So for each frame the document leaves the scene, and
  // only the records that draw something of their own (a part being edited or highlighted, the
  // edges in the wireframe modes) are lent to the drawn part: three walks the scene for world
  // matrices (done here, once the document left), for the draw list and for each shadow map.
  scene.matrixWorldAutoUpdate = false;
  let lent: Object3D[] = [];
  scene.onBeforeRender = () => {
    endFrame();
    prepareFrame();
    lent = lendForFrame();
    scene.remove(content);
    for (const g of lent) drawn.add(g);
    models.beginRender();
    scene.updateMatrixWorld();
  };
  scene.onAfterRender = endFrame;
  /** Everything back where it belongs (also when a render threw before onAfterRender). */
  function endFrame(): void {
    models.endRender();
    for (const g of lent) if (g.parent === drawn) content.add(g);
    lent = [];
    if (content.parent !== scene) scene.add(content);
  }

  // Lights: render/lighting.ts (the renderer adds them to this scene).

  const built = new Map<string, Built>();
  /** The entries of built that are not models (their groups are in the document group). */
  const ownGroups = new Set<Built>();
  /** Records whose objects changed since the last frame (rebuilt, hidden, shown, highlighted). */
  const dirty = new Set<string>();
  /** The next frame looks at every record (a view mode or the ceilings switched). */
  let refreshAll = true;
  /** Records that draw something themselves (lent to the frame, see the scene set-up). */
  const drawsItself = new Set<Built>();
  const pavings = new Index<PavingRecord>((p) => p.surface.id);
  const ceilingsOfRoom = new Index<CeilingRecord>((c) => c.roomId);
  const openingsOfWall = new Index<OpeningRecord>((o) => o.wallId);
  let mode: ViewMode = 0;
  let skirting = options.skirting ?? false;
  let ceilingsShown = true;
  let lastBounds = new Box3();
  /** the extent must be recomputed from every record's box (something at its edge went or shrank) */
  let boundsStale = false;
  let records: RecordReader | null = null;
  let syncing = false;
  let report: SyncReport = { rebuilt: new Set(), moved: new Set(), footprints: 0, graphsReused: 0 };

  const edgesShown = () => partsShown(mode).edges;

  function showParts(entry: Built): void {
    // Models' proxies are shown by the model layer, never by the view mode.
    if (entry.state.type === 'model') return;
    const shown = partsShown(mode);
    for (const o of entry.group.children) {
      if (o instanceof LineSegments) o.visible = shown.edges;
      else if (o instanceof Mesh) o.visible = shown.surfaces && (o.userData.defaultCeiling !== true || ceilingsShown);
    }
  }

  function disposeChildren(group: Object3D, keepGeometry: boolean): void {
    for (const o of group.children) {
      if (!keepGeometry && (o instanceof Mesh || o instanceof LineSegments) && o.geometry.userData.shared !== true) o.geometry.dispose();
    }
    group.clear();
  }

  function drop(id: string): boolean {
    const entry = built.get(id);
    if (!entry) return false;
    content.remove(entry.group);
    if (entry.state.type === 'model') models.remove(id);
    else {
      batches.remove(id);
      disposeChildren(entry.group, false);
    }
    if (touchesFace(entry.box, lastBounds)) boundsStale = true;
    built.delete(id);
    ownGroups.delete(entry);
    drawsItself.delete(entry);
    dirty.delete(id);
    return true;
  }

  /**
   * The record's group, emptied for new parts (a new one the first time). keepGeometry: the old
   * parts' geometries live on in the new ones (an opening that only moved).
   */
  function groupFor(id: string, keepGeometry = false): Object3D {
    const old = built.get(id);
    if (old) {
      disposeChildren(old.group, keepGeometry);
      return old.group;
    }
    // Watched (watched.ts): Ctrl+H and the captures hiding it must reach the batches.
    const group = new WatchedGroup();
    group.watcher = () => dirty.add(id);
    group.name = id;
    group.userData.recordId = id;
    group.matrixAutoUpdate = false;
    return group;
  }

  function put(id: string, group: Object3D, box: Box3, state: BuiltState, edges: boolean): void {
    group.updateMatrix();
    if (state.type !== 'model') {
      const surfaces: Mesh[] = [];
      for (const o of group.children) {
        if (!(o instanceof Mesh)) continue;
        surfaces.push(o);
        if (o instanceof WatchedMesh) o.watcher = () => dirty.add(id);
      }
      batches.set(id, group, surfaces);
      dirty.add(id);
    }
    const old = built.get(id);
    if (old) {
      if (!keepsFaces(old.box, box, lastBounds)) boundsStale = true;
      old.box = box;
      old.state = state;
      old.edges = edges;
      showParts(old);
      if (!boundsStale && !lastBounds.containsBox(box)) boundsStale = true;
      return;
    }
    const entry: Built = { group, box, state, edges };
    showParts(entry);
    // A model's group lives in the model layer's container.
    if (state.type !== 'model') content.add(group);
    built.set(id, entry);
    if (state.type !== 'model') ownGroups.add(entry);
    if (!lastBounds.containsBox(box)) boundsStale = true;
  }

  function boxOf(group: Object3D): Box3 {
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

  function surfaceMesh(geometry: BufferGeometry, material: Material | Material[], cast = true): Mesh {
    // Watched (watched.ts): the highlight swapping its material must reach the batches.
    const mesh = new WatchedMesh(geometry, material);
    mesh.castShadow = cast;
    mesh.receiveShadow = true;
    mesh.matrixAutoUpdate = false;
    return mesh;
  }

  function lines(geometry: BufferGeometry): LineSegments {
    const l = new LineSegments(geometry, materials.edge);
    l.matrixAutoUpdate = false;
    return l;
  }

  // ---- looks from pavings

  function pavingOn(surfaceId: string, face: PavingRecord['surface']['face']): PavingRecord | undefined {
    let best: PavingRecord | undefined;
    // Several pavings on one face: the last by id wins (deterministic).
    for (const p of pavings.get(surfaceId)) if (p.surface.face === face && (!best || p.id > best.id)) best = p;
    return best;
  }

  function wallLooks(wall: WallRecord): { left: SurfaceLook | null; right: SurfaceLook | null } {
    if (!pavings.has(wall.id)) return { left: null, right: null };
    const left = pavingOn(wall.id, 'left');
    const right = pavingOn(wall.id, 'right');
    return { left: left ? pavingLook(left) : null, right: right ? pavingLook(right) : null };
  }

  function floorLook(room: RoomRecord): SurfaceLook {
    const paving = pavingOn(room.id, 'floor');
    return paving ? pavingLook(paving) : defaultFloorLook(room.roomType, defaultFloorTile(room.roomType));
  }

  function ceilingLook(roomId: string): SurfaceLook | null {
    const paving = pavingOn(roomId, 'ceiling');
    return paving ? pavingLook(paving) : null;
  }

  // ---- builders

  function buildWall(group: Object3D, wall: WallRecord, footprint: WallFootprint, own: readonly OpeningRecord[], elevation: number, edges: boolean): void {
    // Usually one outline; two for a wall another runs straight across, none for a redundant one.
    const looks = wallLooks(wall);
    const sides = looks.left !== null || looks.right !== null;
    const mesh = buildWallMesh(wall, footprint, own, elevation, { sides, edges });
    if (!mesh.surface) return;
    // A painted wall shares one material per colour; pavings still cover its sides.
    const paint = wall.color ? materials.surface({ kind: 'wall', colour: WALL_COLORS[wall.color], tile: null }) : materials.wall;
    let material: Material | Material[] = paint;
    if (sides && mesh.surface.groups.length > 0) {
      const left = looks.left ? materials.surface(looks.left) : paint;
      const right = looks.right ? materials.surface(looks.right) : paint;
      material = [paint, left, right];
    }
    group.add(surfaceMesh(mesh.surface, material));
    if (mesh.edges) group.add(lines(mesh.edges));
  }

  function openingParts(wall: WallRecord, opening: OpeningRecord, elevation: number): OpeningPart[] {
    const parts = buildOpeningMesh(wall, opening, elevation);
    const frameMaterial = parts.frameKind === 'window' ? materials.windowFrame : materials.doorFrame;
    const out: OpeningPart[] = [];
    for (const [geometry, material] of [
      [parts.frame, frameMaterial],
      [parts.leaf, materials.leaf],
      [parts.metal, materials.metal],
      [parts.stone, materials.stone],
      [parts.glass, materials.glass],
    ] as const) {
      if (geometry) out.push({ geometry, material, castShadow: material !== materials.glass, lines: false });
    }
    // An opening's few edges are built with it whatever the view mode.
    if (parts.edges) out.push({ geometry: parts.edges, material: materials.edge, castShadow: false, lines: true });
    return out;
  }

  function fillOpening(group: Object3D, parts: readonly OpeningPart[], offset: Vector3): void {
    for (const part of parts) group.add(part.lines ? lines(part.geometry) : surfaceMesh(part.geometry, part.material, part.castShadow));
    group.position.copy(offset);
  }

  /** The doors each edge of a room's outline is broken at, for its skirting. */
  function skirtingGaps(room: RoomRecord): (readonly (readonly [number, number])[])[] {
    const walls = records ? records.ofType('wall').filter((w) => w.storeyId === room.storeyId) : [];
    const byWall = new Map<string, readonly OpeningRecord[]>();
    for (const w of walls) if (openingsOfWall.has(w.id)) byWall.set(w.id, openingsOfWall.get(w.id));
    const n = room.outline.length;
    return room.outline.map((p, i) => doorSpans(p, room.outline[(i + 1) % n]!, walls, byWall));
  }

  /** What a room's objects depend on. */
  function roomKey(room: RoomRecord, elevation: number, gaps: unknown): string {
    const ceiling = ceilingLook(room.id);
    return [ringKey(room.outline), elevation, room.height, lookKey(floorLook(room)), ceilingsOfRoom.has(room.id), ceiling ? lookKey(ceiling) : '', JSON.stringify(gaps)].join('|');
  }

  function buildRoom(group: Object3D, room: RoomRecord, elevation: number, gaps: (readonly (readonly [number, number])[])[] | null, edges: boolean): void {
    // The room's own ceiling, unless a ceiling record hangs one in it.
    const ownCeiling = !ceilingsOfRoom.has(room.id);
    const surfaces = roomSurfaces(room.outline, elevation, ownCeiling ? room.height : null);
    if (surfaces.floor) group.add(surfaceMesh(surfaces.floor, materials.surface(floorLook(room)), false));
    if (surfaces.floor && edges) group.add(lines(outlineEdges(room.outline, elevation + 1)));
    if (surfaces.ceiling) {
      const look = ceilingLook(room.id);
      const mesh = surfaceMesh(surfaces.ceiling, look ? materials.surface(look) : materials.ceiling, false);
      mesh.userData.defaultCeiling = true;
      group.add(mesh);
    }
    if (gaps) {
      const board = skirtingGeometry(room.outline, elevation, (i) => gaps[i] ?? []);
      if (board) group.add(surfaceMesh(board, materials.skirting, false));
    }
  }

  function ceilingKey(ceiling: CeilingRecord, room: RoomRecord, elevation: number): string {
    const look = ceilingLook(room.id);
    return [ringKey(room.outline), elevation, ceiling.elevation, ceiling.thickness, look ? lookKey(look) : ''].join('|');
  }

  function buildCeiling(group: Object3D, ceiling: CeilingRecord, room: RoomRecord, elevation: number, edges: boolean): void {
    const geometry = suspendedCeilingGeometry(room.outline, elevation, ceiling.elevation);
    if (!geometry) return;
    const look = ceilingLook(room.id);
    group.add(surfaceMesh(geometry, look ? materials.surface(look) : materials.ceiling, false));
    if (edges) group.add(lines(outlineEdges(room.outline, elevation + ceiling.elevation)));
  }

  // ---- sync

  function sync(diff: RecordsDiff, next: RecordReader): SyncResult {
    syncing = true;
    try {
      return syncNow(diff, next);
    } finally {
      syncing = false;
    }
  }

  function syncNow(diff: RecordsDiff, next: RecordReader): SyncResult {
    records = next;
    const rebuilt = new Set<string>();
    const moved = new Set<string>();
    let footprintCount = 0;
    let graphsReused = 0;
    let changed = false;
    let contentChanged = false;

    // What the diff touched; updated records count with their old and new versions.
    const touched: SceneRecord[] = [];
    const before: SceneRecord[] = [];
    const removed: SceneRecord[] = [];
    for (const id in diff.added) touched.push(diff.added[id]!);
    for (const id in diff.updated) {
      const [from, to] = diff.updated[id]!;
      touched.push(to);
      before.push(from);
    }
    for (const id in diff.removed) removed.push(diff.removed[id]!);

    for (const list of [removed, before]) {
      for (const r of list) {
        if (r.type === 'paving') pavings.remove(r);
        else if (r.type === 'ceiling') ceilingsOfRoom.remove(r);
        else if (r.type === 'opening') openingsOfWall.remove(r);
      }
    }
    for (const r of touched) {
      if (r.type === 'paving') pavings.add(r);
      else if (r.type === 'ceiling') ceilingsOfRoom.add(r);
      else if (r.type === 'opening') openingsOfWall.add(r);
    }

    const wallStoreys = new Map<string, Set<string> | null>();
    const storeysAll = new Set<string>();
    const openingWalls = new Set<string>();
    const openingIds = new Set<string>();
    const lookWalls = new Set<string>();
    const roomIds = new Set<string>();
    const ceilingIds = new Set<string>();
    const modelIds = new Set<string>();
    const lightIds = new Set<string>();
    const note = (r: SceneRecord) => {
      switch (r.type) {
        case 'wall': {
          const set = wallStoreys.get(r.storeyId);
          if (set) set.add(r.id);
          else if (set === undefined) wallStoreys.set(r.storeyId, new Set([r.id]));
          break;
        }
        case 'storey':
          wallStoreys.set(r.id, null);
          storeysAll.add(r.id);
          break;
        case 'opening':
          openingWalls.add(r.wallId);
          openingIds.add(r.id);
          break;
        case 'paving':
          if (r.surface.face === 'left' || r.surface.face === 'right') lookWalls.add(r.surface.id);
          else roomIds.add(r.surface.id);
          break;
        case 'room':
          roomIds.add(r.id);
          break;
        case 'ceiling':
          ceilingIds.add(r.id);
          roomIds.add(r.roomId);
          break;
        case 'model':
          modelIds.add(r.id);
          break;
        case 'light':
          lightIds.add(r.id);
          break;
        default:
          break;
      }
    };
    for (const r of removed) note(r);
    for (const r of before) note(r);
    for (const r of touched) note(r);

    const view = touched.find((r) => r.type === 'view');
    const hadEdges = edgesShown();
    if (view && view.viewMode !== mode) {
      setViewMode(view.viewMode);
      changed = true;
    }
    // Edges are built only while shown: a mode that shows them adds the missing ones now.
    if (edgesShown() && !hadEdges) addMissingEdges(next);
    const edges = edgesShown();

    for (const r of removed) {
      if (drop(r.id)) changed = contentChanged = true;
    }

    const elevationOf = (storeyId: string) => next.getOfType(storeyId, 'storey')?.elevation ?? 0;
    let wallsByStorey: Map<string, WallRecord[]> | null = null;
    const wallsOf = (storeyId: string): WallRecord[] => {
      if (!wallsByStorey) {
        wallsByStorey = new Map();
        for (const w of next.ofType('wall')) {
          const list = wallsByStorey.get(w.storeyId);
          if (list) list.push(w);
          else wallsByStorey.set(w.storeyId, [w]);
        }
      }
      return wallsByStorey.get(storeyId) ?? [];
    };

    // Walls: the storey's footprints (made again only for the changed walls and their
    // neighbours, graph-cache.ts; an unchanged footprint is the same object), then what else
    // a wall is built from.
    const wallCandidates = new Map<string, WallFootprint>();
    const footprintOf = (wall: WallRecord): WallFootprint => {
      const known = built.get(wall.id)?.state;
      if (known?.type === 'wall') return known.footprint;
      return footprintsFor(wallsOf(wall.storeyId)).footprints.get(wall.id) ?? [];
    };
    footprintStats.computed = 0;
    for (const [storeyId, ids] of wallStoreys) {
      const walls = wallsOf(storeyId);
      if (walls.length === 0) continue;
      const { footprints, reused } = footprintsFor(walls);
      if (reused) graphsReused += 1;
      footprintCount += footprintStats.computed;
      footprintStats.computed = 0;
      for (const wall of walls) {
        const f = footprints.get(wall.id) ?? [];
        const old = built.get(wall.id)?.state;
        if (ids === null || ids.has(wall.id) || old?.type !== 'wall' || old.footprint !== f) wallCandidates.set(wall.id, f);
      }
    }
    for (const id of [...openingWalls, ...lookWalls]) {
      const wall = next.getOfType(id, 'wall');
      if (wall && !wallCandidates.has(id)) wallCandidates.set(id, footprintOf(wall));
    }
    const rebuiltWalls = new Set<string>();
    for (const [id, footprint] of wallCandidates) {
      const wall = next.getOfType(id, 'wall');
      if (!wall) continue;
      const own = openingsOfWall.get(id);
      const elevation = elevationOf(wall.storeyId);
      const openingsKey = own.map(openingSignature).sort().join('|');
      const looks = wallLooks(wall);
      const looksKey = `${wall.color ?? ''}/${looks.left ? lookKey(looks.left) : ''}/${looks.right ? lookKey(looks.right) : ''}`;
      const old = built.get(id)?.state;
      if (
        old?.type === 'wall' &&
        sameFootprint(old.footprint, footprint) &&
        old.height === wall.height &&
        old.elevation === elevation &&
        old.openings === openingsKey &&
        old.looks === looksKey
      ) {
        continue;
      }
      const group = groupFor(id);
      buildWall(group, wall, footprint, own, elevation, edges);
      put(id, group, boxOf(group), { type: 'wall', footprint, height: wall.height, elevation, openings: openingsKey, looks: looksKey }, edges);
      rebuiltWalls.add(id);
      rebuilt.add(id);
      changed = contentChanged = true;
    }

    // Openings: those the diff named and those on walls that changed.
    const openingCandidates = new Set(openingIds);
    for (const wallId of rebuiltWalls) for (const o of openingsOfWall.get(wallId)) openingCandidates.add(o.id);
    for (const id of openingCandidates) {
      const opening = next.getOfType(id, 'opening');
      if (!opening) continue;
      const wall = next.getOfType(opening.wallId, 'wall');
      if (!wall) {
        if (drop(id)) changed = contentChanged = true;
        continue;
      }
      const elevation = elevationOf(wall.storeyId);
      const axes = wallAxes(wall);
      const shape = [opening.kind, opening.width, opening.height, opening.elevation, opening.flipSide, opening.flipHinge, wall.thickness, wall.height, elevation, axes.u.x, axes.u.y].join(':');
      const anchor = { x: wall.start.x + axes.u.x * opening.offset, y: wall.start.y + axes.u.y * opening.offset };
      const old = built.get(id);
      if (old?.state.type === 'opening' && old.state.shape === shape) {
        if (old.state.anchor.x === anchor.x && old.state.anchor.y === anchor.y) continue;
        // Same parts, another place along a wall running the same way: new meshes over the same
        // geometries, moved.
        const { builtAt, parts, builtBox } = old.state;
        const offset = new Vector3((anchor.x - builtAt.x) * MM, 0, -(anchor.y - builtAt.y) * MM);
        const group = groupFor(id, true);
        fillOpening(group, parts, offset);
        put(id, group, builtBox.clone().translate(offset), { ...old.state, anchor }, true);
        moved.add(id);
      } else {
        const parts = openingParts(wall, opening, elevation);
        const group = groupFor(id);
        fillOpening(group, parts, new Vector3());
        const box = boxOf(group);
        put(id, group, box, { type: 'opening', shape, anchor, builtAt: anchor, parts, builtBox: box }, true);
        rebuilt.add(id);
      }
      changed = contentChanged = true;
    }

    // Rooms: floor, own ceiling, skirting.
    if (storeysAll.size > 0) for (const r of next.ofType('room')) if (storeysAll.has(r.storeyId)) roomIds.add(r.id);
    if (skirting && openingWalls.size > 0) {
      // Skirting breaks at doors: rooms along a wall whose openings changed.
      for (const wallId of openingWalls) {
        const wall = next.getOfType(wallId, 'wall');
        if (!wall) continue;
        for (const r of next.ofType('room')) if (r.storeyId === wall.storeyId && nearWall(r, wall)) roomIds.add(r.id);
      }
    }
    for (const id of roomIds) {
      const room = next.getOfType(id, 'room');
      if (!room) continue;
      const elevation = elevationOf(room.storeyId);
      const gaps = skirting ? skirtingGaps(room) : null;
      const key = roomKey(room, elevation, gaps);
      const old = built.get(id);
      if (old?.state.type === 'room' && old.state.key === key) continue;
      const group = groupFor(id);
      buildRoom(group, room, elevation, gaps, edges);
      put(id, group, boxOf(group), { type: 'room', key }, edges);
      rebuilt.add(id);
      changed = contentChanged = true;
      for (const c of ceilingsOfRoom.get(id)) ceilingIds.add(c.id);
    }

    // Ceiling records.
    if (storeysAll.size > 0) {
      for (const c of next.ofType('ceiling')) {
        const room = next.getOfType(c.roomId, 'room');
        if (room && storeysAll.has(room.storeyId)) ceilingIds.add(c.id);
      }
    }
    for (const id of ceilingIds) {
      const ceiling = next.getOfType(id, 'ceiling');
      const room = ceiling ? next.getOfType(ceiling.roomId, 'room') : undefined;
      if (!ceiling || !room) {
        if (drop(id)) changed = contentChanged = true;
        continue;
      }
      const elevation = elevationOf(room.storeyId);
      const key = ceilingKey(ceiling, room, elevation);
      const old = built.get(id);
      if (old?.state.type === 'ceiling' && old.state.key === key) continue;
      const group = groupFor(id);
      buildCeiling(group, ceiling, room, elevation, edges);
      put(id, group, boxOf(group), { type: 'ceiling', key }, edges);
      rebuilt.add(id);
      changed = contentChanged = true;
    }

    // Models (instanced) and light fixtures.
    if (storeysAll.size > 0) {
      for (const m of next.ofType('model')) if (storeysAll.has(m.storeyId)) modelIds.add(m.id);
      for (const l of next.ofType('light')) if (storeysAll.has(l.storeyId)) lightIds.add(l.id);
    }
    for (const id of modelIds) {
      const model = next.getOfType(id, 'model');
      if (model && syncModel(model, elevationOf(model.storeyId))) {
        rebuilt.add(id);
        changed = contentChanged = true;
      }
    }
    for (const id of lightIds) {
      const light = next.getOfType(id, 'light');
      if (light && syncLight(light, elevationOf(light.storeyId))) {
        rebuilt.add(id);
        changed = contentChanged = true;
      }
    }

    report = { rebuilt, moved, footprints: footprintCount, graphsReused };
    if (contentChanged) scheduleMerge();
    let boundsChanged = false;
    if (contentChanged && boundsStale) {
      const bounds = computeBounds();
      boundsStale = false;
      boundsChanged = !bounds.equals(lastBounds);
      lastBounds = bounds;
    }
    return { changed, boundsChanged };
  }

  function syncModel(model: ModelRecord, elevation: number): boolean {
    const key = [model.modelId, model.position.x, model.position.y, model.position.z, model.rotation, model.size.x, model.size.y, model.size.z, elevation].join(':');
    const old = built.get(model.id);
    if (old?.state.type === 'model' && old.state.key === key) return false;
    const group = models.set(model, elevation);
    group.name = model.id;
    group.userData.recordId = model.id;
    const box = new Box3(new Vector3(-0.5, 0, -0.5), new Vector3(0.5, 1, 0.5)).applyMatrix4(modelMatrix(model, elevation));
    if (old) {
      // The model layer gives a changed model a new group (it is in the layer's container).
      built.delete(model.id);
      if (touchesFace(old.box, lastBounds)) boundsStale = true;
    }
    put(model.id, group, box, { type: 'model', key }, true);
    return true;
  }

  function syncLight(light: LightRecord, elevation: number): boolean {
    const key = [light.kind, light.position.x, light.position.y, light.position.z, light.color, elevation].join(':');
    const old = built.get(light.id);
    if (old?.state.type === 'light' && old.state.key === key) return false;
    const group = groupFor(light.id);
    buildFixture(group, light, elevation, fixtures, materials);
    put(light.id, group, boxOf(group), { type: 'light', key }, true);
    return true;
  }

  /** Does a room's outline come near one of the wall's faces? (skirting and doors) */
  function nearWall(room: RoomRecord, wall: WallRecord): boolean {
    const pad = wall.thickness / 2 + 2;
    const minX = Math.min(wall.start.x, wall.end.x) - pad;
    const maxX = Math.max(wall.start.x, wall.end.x) + pad;
    const minY = Math.min(wall.start.y, wall.end.y) - pad;
    const maxY = Math.max(wall.start.y, wall.end.y) + pad;
    return room.outline.some((p) => p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY);
  }

  /**
   * Gives every wall, room and ceiling built without wireframe edges its edges, beside its
   * surfaces (which stay the same meshes: a mode switch keeps the highlight and the picker's tree).
   */
  function addMissingEdges(reader: RecordReader): void {
    for (const [id, entry] of built) {
      if (entry.edges) continue;
      const record = reader.get(id);
      let geometry: BufferGeometry | null = null;
      const state = entry.state;
      if (record?.type === 'wall' && state.type === 'wall') {
        const mesh = buildWallMesh(record, state.footprint, openingsOfWall.get(id), state.elevation, { edges: true });
        mesh.surface?.dispose();
        geometry = mesh.edges;
      } else if (record?.type === 'room') {
        if (entry.group.children.length > 0) geometry = outlineEdges(record.outline, (reader.getOfType(record.storeyId, 'storey')?.elevation ?? 0) + 1);
      } else if (record?.type === 'ceiling') {
        const room = reader.getOfType(record.roomId, 'room');
        const elevation = room ? (reader.getOfType(room.storeyId, 'storey')?.elevation ?? 0) : 0;
        if (room && entry.group.children.length > 0) geometry = outlineEdges(room.outline, elevation + record.elevation);
      }
      if (geometry) entry.group.add(lines(geometry));
      entry.edges = true;
      showParts(entry);
    }
  }

  /** The records' groups that draw something themselves this frame (see the scene set-up). */
  function lendForFrame(): Object3D[] {
    return [...drawsItself].map((entry) => entry.group);
  }

  function computeBounds(): Box3 {
    const box = new Box3();
    for (const { box: b } of built.values()) box.union(b);
    return box;
  }

  function setViewMode(nextMode: ViewMode): void {
    const hadEdges = edgesShown();
    mode = nextMode;
    materials.apply(mode);
    models.setViewMode(mode);
    for (const entry of built.values()) showParts(entry);
    refreshAll = true;
    // Called from outside a sync (a capture switching to materials and back): add the edges now.
    if (!syncing && records && edgesShown() && !hadEdges) addMissingEdges(records);
  }

  function prepareFrame(now = performance.now()): boolean {
    const surfaces = partsShown(mode).surfaces;
    const a = models.refresh();
    const only = refreshAll ? undefined : [...dirty];
    refreshAll = false;
    dirty.clear();
    const b = batches.refresh(now, {
      // Transparent walls need three's sorting of whole meshes: mode 3 draws every mesh itself.
      enabled: mode === 0 || mode === 2,
      visible: (mesh) => surfaces && (mesh.userData.defaultCeiling !== true || ceilingsShown),
      only,
    });
    const draws = (entry: Built) => {
      if (!entry.group.visible) return false;
      for (const c of entry.group.children) if (c.visible && (c instanceof Mesh || c instanceof LineSegments)) return true;
      return false;
    };
    if (b.all || !only) {
      drawsItself.clear();
      for (const entry of ownGroups) if (draws(entry)) drawsItself.add(entry);
    } else {
      for (const id of only) {
        const entry = built.get(id);
        if (!entry || entry.state.type === 'model') continue;
        if (draws(entry)) drawsItself.add(entry);
        else drawsItself.delete(entry);
      }
    }
    return a || b.changed;
  }

  let mergeTimer: ReturnType<typeof setTimeout> | null = null;
  /** A frame once edits have paused, to merge the batches again (see static-batches.ts). */
  function scheduleMerge(): void {
    if (!options.requestFrame || !batches.stale) return;
    if (mergeTimer !== null) clearTimeout(mergeTimer);
    mergeTimer = setTimeout(() => {
      mergeTimer = null;
      if (batches.stale) options.requestFrame?.();
    }, IDLE_MS + 20);
  }

  /** Runs a sync as if these types' records had all changed (their keys decide what rebuilds). */
  function refresh(types: readonly 'room'[]): boolean {
    if (!records) return false;
    const updated: Record<string, readonly [SceneRecord, SceneRecord]> = {};
    for (const type of types) for (const r of records.ofType(type)) updated[r.id] = [r, r];
    return sync({ added: {}, updated, removed: {} }, records).changed;
  }

  return {
    scene,
    sync,
    setViewMode,
    get viewMode() {
      return mode;
    },
    bounds: () => lastBounds.clone(),
    objectFor: (id) => built.get(id)?.group,
    get objectCount() {
      return built.size;
    },
    setSkirting(on) {
      if (on === skirting) return false;
      skirting = on;
      return refresh(['room']);
    },
    get skirting() {
      return skirting;
    },
    setTransparency: (wall, ground) => materials.setTransparency(wall, ground),
    setCeilingsShown(shown) {
      if (shown === ceilingsShown) return false;
      ceilingsShown = shown;
      for (const entry of built.values()) if (entry.state.type === 'room') showParts(entry);
      refreshAll = true;
      return true;
    },
    prepareFrame,
    batchStats: () => batches.stats(),
    get modelMesh() {
      return models.mesh;
    },
    get lastSync() {
      return report;
    },
    dispose() {
      if (mergeTimer !== null) clearTimeout(mergeTimer);
      for (const id of [...built.keys()]) drop(id);
      batches.dispose();
      models.dispose();
      fixtures.dispose();
      materials.dispose();
      pavings.clear();
      ceilingsOfRoom.clear();
      openingsOfWall.clear();
    },
  };
}

const IDENTITY = new Matrix4();

/** The meshes under a record's group (tests). */
export function meshesOf(root: Object3D): Mesh[] {
  const out: Mesh[] = [];
  root.traverse((o) => {
    if (o instanceof Mesh) out.push(o);
  });
  return out;
}
