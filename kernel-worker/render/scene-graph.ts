import { Box3, Color, Group, LineSegments, Mesh, Scene, type Object3D } from 'three';
import type { RecordOfType, RecordType, SceneRecord, ViewMode } from '../../protocol/records';
import type { RecordsDiff } from '../document/diff';
import type { RecordReader } from '../document/store';
import type { Timers } from '../kernel';
import { dependenciesOn, VIEW_INDEXES, VIEW_KINDS, viewKindOf, type AnyViewKind } from '../kinds/views';
import type { SyncCounters, ViewBuild, ViewEnv, ViewIndex } from '../kinds/view-kind';
import { BoxExtent } from './extent';
import { createFixtureGeometries } from './light-fixtures';
import { createMaterials, partsShown, type MaterialOptions, type SceneMaterials } from './materials';
import { browserModelFileLoader, type LoadModelFile } from './model-files';
import { createModelLayer, type ModelLayer, type ModelLayerOptions } from './models';
import { boxOf, disposeChildren, edgeLines, surfaceMesh } from './parts';
import { RecordIndex } from './record-index';
import { createStaticBatches, IDLE_MS } from './static-batches';
import { WatchedGroup, WatchedMesh } from './watched';

export { meshesOf } from './parts';

// Records -> three.js objects, one group per visual record (objectFor), built in world
// coordinates. What is built for a record, what it is built from and when it must be built again
// is its kind's 3D facet (kinds/<type>/view.ts, the table kinds/views.ts); this is the generic
// loop: a diff updates the indexes the kinds declare, the records it touched are expanded
// through the kinds' declared dependencies (an opening's wall, a room's pavings and ceilings,
// the walls whose joints it moved), each kind says whether and how to build each of them again,
// and the groups are put or dropped. Wireframe edges are built only while a view mode shows them.
// The document's extent is kept from the records' boxes (extent.ts: a change costs O(log n)).
// No WebGL here, so this runs and is tested in Node.
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
  /** Loads models' GLBs (models.ts; default: the worker's fetch, none in Node). */
  readonly loadModelFile?: LoadModelFile | null;
  /** Decodes a GLB (default: three's GLTFLoader; tests and benchmarks time it). */
  readonly parseModel?: ModelLayerOptions['parse'];
  readonly warn?: ModelLayerOptions['warn'];
  /** The kernel's clock for the merge frame after edits pause (none: no such frame is asked for). */
  readonly timers?: Timers;
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
  /** Models drawn from their low-poly GLBs (lowPolyModels); true when that changed anything. */
  setLowPolyModels(on: boolean): boolean;
  /** Level of detail by distance (lod, see models.ts): switched before each frame from its camera; true when that changed anything. */
  setLod(on: boolean): boolean;
  /**
   * Brings the instanced models and the static batches in line with the records' groups and
   * meshes (hidden by Ctrl+H or a capture, highlighted, rebuilt); true when anything changed.
   * The scene runs it before every frame it draws.
   */
  prepareFrame(now?: number): boolean;
  /** Draw calls the batches save: batches drawn, meshes drawn by them, meshes drawing themselves (tests, benchmarks). */
  batchStats(): { batches: number; batchedMeshes: number; ownMeshes: number };
  /** The instanced mesh drawing every model's box (tests: one for all, count = models). */
  readonly modelMesh: Mesh;
  /** The model layer (tests, benchmarks: its furniture sets and GLB cache). */
  readonly models: ModelLayer;
  readonly lastSync: SyncReport;
  dispose(): void;
}

interface Built {
  readonly kind: AnyViewKind;
  /** an instanced kind's group is replaced when it changes (the model layer's) */
  group: Object3D;
  /** world box of what was drawn for the record */
  box: Box3;
  /** its box's slot in the extent */
  readonly slot: number;
  /** what the kind built it from (ViewBuild.state) */
  state: unknown;
  /** its wireframe edges are built */
  edges: boolean;
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
  const models = createModelLayer({
    loadFile: options.loadModelFile === undefined ? browserModelFileLoader() : options.loadModelFile,
    parse: options.parseModel,
    warn: options.warn,
    onChange: () => options.requestFrame?.(),
    partMaterial: (applied, own) => materials.part(applied, own),
  });
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
  scene.onBeforeRender = (_renderer, _scene, camera) => {
    endFrame();
    prepareFrame();
    models.updateLod(camera);
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
  /** The entries of built that are not instanced (their groups are in the document group). */
  const ownGroups = new Set<Built>();
  /** Records whose objects changed since the last frame (rebuilt, hidden, shown, highlighted). */
  const dirty = new Set<string>();
  /** The next frame looks at every record (a view mode or the ceilings switched). */
  let refreshAll = true;
  /** Records that draw something themselves (lent to the frame, see the scene set-up). */
  const drawsItself = new Set<Built>();
  /** The kinds' indexes, by name, and by the type of the records they file. */
  const indexes = new Map<string, RecordIndex<SceneRecord>>();
  const indexesOfType = new Map<RecordType, RecordIndex<SceneRecord>[]>();
  for (const declared of VIEW_INDEXES) {
    if (indexes.has(declared.name)) throw new Error(`two view indexes are named ${declared.name}`);
    const index = new RecordIndex<SceneRecord>(declared.keyOf as (r: SceneRecord) => string | null);
    indexes.set(declared.name, index);
    const list = indexesOfType.get(declared.type);
    if (list) list.push(index);
    else indexesOfType.set(declared.type, [index]);
  }
  const extent = new BoxExtent();
  let mode: ViewMode = 0;
  let skirting = options.skirting ?? false;
  let ceilingsShown = true;
  let lastBounds = new Box3();
  let records: RecordReader | null = null;
  let syncing = false;
  let report: SyncReport = { rebuilt: new Set(), moved: new Set(), footprints: 0, graphsReused: 0 };

  const edgesShown = () => partsShown(mode).edges;
  const lines = (geometry: Parameters<typeof edgeLines>[0]) => edgeLines(geometry, materials.edge);

  function indexNamed<T extends RecordType>(declared: ViewIndex<T>): RecordIndex<SceneRecord> {
    const index = indexes.get(declared.name);
    if (!index) throw new Error(`view index ${declared.name} is not in the table (kinds/views.ts)`);
    return index;
  }

  /** What the kinds read and build with, over these records. */
  function envOver(next: RecordReader, counters: SyncCounters): ViewEnv {
    return {
      records: next,
      indexed: <T extends RecordType>(declared: ViewIndex<T>, key: string) => indexNamed(declared).get(key) as readonly RecordOfType<T>[],
      hasIndexed: (declared, key) => indexNamed(declared).has(key),
      elevationOf: (storeyId) => next.getOfType(storeyId, 'storey')?.elevation ?? 0,
      skirting,
      materials,
      fixtures,
      models,
      edges: edgesShown(),
      counters,
      surfaceMesh,
      lines,
    };
  }

  function showParts(entry: Built): void {
    // Instanced records' proxies are shown by the model layer, never by the view mode.
    if (entry.kind.instanced) return;
    const shown = partsShown(mode);
    for (const o of entry.group.children) {
      if (o instanceof LineSegments) o.visible = shown.edges;
      else if (o instanceof Mesh) o.visible = shown.surfaces && (o.userData.defaultCeiling !== true || ceilingsShown);
    }
  }

  function drop(id: string, env: ViewEnv | null): boolean {
    const entry = built.get(id);
    if (!entry) return false;
    if (entry.kind.instanced) {
      if (env) entry.kind.release?.(id, env);
    } else {
      content.remove(entry.group);
      batches.remove(id);
      disposeChildren(entry.group, false);
    }
    extent.remove(entry.slot);
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
  function groupFor(id: string, keepGeometry: boolean): Object3D {
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

  function put(kind: AnyViewKind, id: string, build: ViewBuild<unknown>, edgesNow: boolean): void {
    let group = build.group;
    if (!group) {
      group = groupFor(id, build.keepGeometry ?? false);
      build.fill?.(group);
    }
    group.updateMatrix();
    const box = build.box ?? boxOf(group);
    const edges = build.edges ?? edgesNow;
    if (!kind.instanced) {
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
      old.group = group;
      old.box = box;
      old.state = build.state;
      old.edges = edges;
      extent.update(old.slot, box);
      showParts(old);
      return;
    }
    const entry: Built = { kind, group, box, slot: extent.add(box), state: build.state, edges };
    showParts(entry);
    // An instanced record's group lives in the model layer's container.
    if (!kind.instanced) {
      content.add(group);
      ownGroups.add(entry);
    }
    built.set(id, entry);
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
    const counters: SyncCounters = { footprints: 0, graphsReused: 0 };
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

    for (const list of [removed, before]) for (const r of list) for (const index of indexesOfType.get(r.type) ?? []) index.remove(r);
    for (const r of touched) for (const index of indexesOfType.get(r.type) ?? []) index.add(r);

    const hadEdges = edgesShown();
    for (const r of touched) {
      const viewMode = viewKindOf(r.type)?.display?.(r).viewMode;
      if (viewMode !== undefined && viewMode !== mode) {
        setViewMode(viewMode);
        changed = true;
      }
    }
    // Edges are built only while shown: a mode that shows them adds the missing ones now.
    if (edgesShown() && !hadEdges) addMissingEdges(next);
    const env = envOver(next, counters);

    for (const r of removed) {
      if (drop(r.id, env)) changed = contentChanged = true;
    }

    // The records to look at, by kind: those the diff named and those built from them.
    const candidates = new Map<AnyViewKind, Set<string>>();
    const visit = (kind: AnyViewKind, id: string) => {
      const ids = candidates.get(kind);
      if (ids) ids.add(id);
      else candidates.set(kind, new Set([id]));
    };
    const versions = [...removed, ...before, ...touched];
    for (const r of versions) {
      const own = viewKindOf(r.type);
      if (own?.update) visit(own, r.id);
      for (const { kind, dependants } of dependenciesOn(r.type)) for (const id of dependants(r, env)) visit(kind, id);
    }
    for (const kind of VIEW_KINDS) {
      if (!kind.revisit) continue;
      const stateOf = (id: string) => {
        const entry = built.get(id);
        return entry?.kind === kind ? entry.state : undefined;
      };
      for (const id of kind.revisit(versions, env, stateOf)) visit(kind, id);
    }

    for (const kind of VIEW_KINDS) {
      const ids = candidates.get(kind);
      if (!ids || !kind.update) continue;
      for (const id of ids) {
        const record = next.getOfType(id, kind.type);
        if (!record) continue;
        const old = built.get(id);
        const build = kind.update(record, env, old?.kind === kind ? old.state : undefined);
        if (build === undefined) continue;
        if (build === null) {
          if (drop(id, env)) changed = contentChanged = true;
          continue;
        }
        put(kind, id, build, env.edges);
        (build.moved ? moved : rebuilt).add(id);
        changed = contentChanged = true;
      }
    }

    report = { rebuilt, moved, footprints: counters.footprints, graphsReused: counters.graphsReused };
    if (contentChanged) scheduleMerge();
    let boundsChanged = false;
    if (contentChanged) {
      const bounds = extent.bounds();
      boundsChanged = !bounds.equals(lastBounds);
      lastBounds = bounds;
    }
    return { changed, boundsChanged };
  }

  /**
   * Gives every record built without wireframe edges its edges, beside its surfaces (which stay
   * the same meshes: a mode switch keeps the highlight and the picker's tree).
   */
  function addMissingEdges(reader: RecordReader): void {
    const env = envOver(reader, { footprints: 0, graphsReused: 0 });
    for (const [id, entry] of built) {
      if (entry.edges) continue;
      const record = reader.getOfType(id, entry.kind.type);
      const geometry = record ? (entry.kind.edges?.(record, entry.state, entry.group, env) ?? null) : null;
      if (geometry) entry.group.add(lines(geometry));
      entry.edges = true;
      showParts(entry);
    }
  }

  /** The records' groups that draw something themselves this frame (see the scene set-up). */
  function lendForFrame(): Object3D[] {
    return [...drawsItself].map((entry) => entry.group);
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
        if (!entry || entry.kind.instanced) continue;
        if (draws(entry)) drawsItself.add(entry);
        else drawsItself.delete(entry);
      }
    }
    return a || b.changed;
  }

  let mergeTimer: unknown = null;
  /** A frame once edits have paused, to merge the batches again (see static-batches.ts). */
  function scheduleMerge(): void {
    const timers = options.timers;
    if (!options.requestFrame || !timers || !batches.stale) return;
    if (mergeTimer !== null) timers.clearTimeout(mergeTimer);
    mergeTimer = timers.setTimeout(() => {
      mergeTimer = null;
      if (batches.stale) options.requestFrame?.();
    }, IDLE_MS + 20);
  }

  /** Runs a sync as if every record whose view reads this option had changed (their kinds decide what rebuilds). */
  function refresh(option: 'skirting'): boolean {
    if (!records) return false;
    const updated: Record<string, readonly [SceneRecord, SceneRecord]> = {};
    for (const kind of VIEW_KINDS) if (kind.options?.includes(option)) for (const r of records.ofType(kind.type)) updated[r.id] = [r, r];
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
      return refresh('skirting');
    },
    get skirting() {
      return skirting;
    },
    setTransparency: (wall, ground) => materials.setTransparency(wall, ground),
    setCeilingsShown(shown) {
      if (shown === ceilingsShown) return false;
      ceilingsShown = shown;
      for (const entry of ownGroups) showParts(entry);
      refreshAll = true;
      return true;
    },
    setLowPolyModels: (on) => models.setLowPoly(on),
    setLod: (on) => models.setLod(on),
    prepareFrame,
    batchStats: () => batches.stats(),
    get modelMesh() {
      return models.mesh;
    },
    models,
    get lastSync() {
      return report;
    },
    dispose() {
      if (mergeTimer !== null) options.timers?.clearTimeout(mergeTimer);
      mergeTimer = null;
      const env = records ? envOver(records, { footprints: 0, graphsReused: 0 }) : null;
      for (const id of [...built.keys()]) drop(id, env);
      extent.clear();
      batches.dispose();
      models.dispose();
      fixtures.dispose();
      materials.dispose();
      for (const index of indexes.values()) index.clear();
    },
  };
}
