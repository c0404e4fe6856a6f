import {
  Box3,
  BufferGeometry,
  Color,
  DirectionalLight,
  EdgesGeometry,
  ExtrudeGeometry,
  Group,
  HemisphereLight,
  LineSegments,
  Mesh,
  Scene,
  Shape,
  ShapeGeometry,
  Vector2,
  Vector3,
} from 'three';
import type { RoomRecord, SceneRecord, Vec2, ViewMode, WallRecord } from '../../protocol/records';
import type { RecordsDiff } from '../document/diff';
import type { RecordReader } from '../document/store';
import { wallFootprints, type WallFootprint } from '../geometry/wall-footprint';
import { MM } from './coords';
import { createMaterials, partsShown, type SceneMaterials } from './materials';

// Records -> three.js objects, one Object3D per visual record, kept in a map by id. A diff
// rebuilds only the records it names (plus walls whose corner joints it changed). No WebGL here,
// so this runs and is tested in Node.

export interface SyncResult {
  /** something visible changed: draw a frame */
  readonly changed: boolean;
  /** the document's extent changed: a camera that the user has not moved should reframe */
  readonly boundsChanged: boolean;
}

export interface SceneGraph {
  readonly scene: Scene;
  sync(diff: RecordsDiff, records: RecordReader): SyncResult;
  setViewMode(mode: ViewMode): void;
  readonly viewMode: ViewMode;
  /** World-space box of the document content (empty when there is none). */
  bounds(): Box3;
  objectFor(id: string): Group | undefined;
  readonly objectCount: number;
  dispose(): void;
}

interface Built {
  readonly group: Group;
  /** The footprint a wall was built from, to tell whether a neighbour's change moved its joints. */
  readonly key: string;
}

function shapeOf(points: readonly Vec2[]): Shape {
  return new Shape(points.map((p) => new Vector2(p.x * MM, p.y * MM)));
}

/** Plan shapes are built in the XY plane; this turns them to lie on the floor (plan y -> -z). */
function layFlat(group: Group, elevationMm: number): void {
  group.rotation.x = -Math.PI / 2;
  group.position.y = elevationMm * MM;
}

export function createSceneGraph(): SceneGraph {
  const scene = new Scene();
  scene.background = new Color(0xe9ecef);
  const materials: SceneMaterials = createMaterials();
  const content = new Group();
  content.name = 'document';
  scene.add(content);

  const hemisphere = new HemisphereLight(0xffffff, 0x9c9486, 2.3);
  const sun = new DirectionalLight(0xffffff, 1.4);
  sun.castShadow = true;
  sun.shadow.mapSize.set(2048, 2048);
  // Walls are closed solids and cast from their back faces (materials.ts), so no bias is needed;
  // a bias would leave a lit sliver along every inside corner.
  sun.shadow.bias = 0;
  sun.shadow.normalBias = 0;
  scene.add(hemisphere, sun, sun.target);

  const built = new Map<string, Built>();
  let mode: ViewMode = 0;
  let lastBounds = new Box3();

  function partsOf(group: Group): { surfaces: Mesh[]; edges: LineSegments[] } {
    const surfaces: Mesh[] = [];
    const edges: LineSegments[] = [];
    group.traverse((o) => {
      if (o instanceof LineSegments) edges.push(o);
      else if (o instanceof Mesh) surfaces.push(o);
    });
    return { surfaces, edges };
  }

  function showParts(group: Group): void {
    const shown = partsShown(mode);
    const { surfaces, edges } = partsOf(group);
    surfaces.forEach((m) => (m.visible = shown.surfaces));
    edges.forEach((l) => (l.visible = shown.edges));
  }

  function solid(geometry: BufferGeometry, material: SceneMaterials['wall']): Group {
    const group = new Group();
    const mesh = new Mesh(geometry, material);
    mesh.castShadow = true;
    mesh.receiveShadow = true;
    group.add(mesh, new LineSegments(new EdgesGeometry(geometry, 20), materials.edge));
    return group;
  }

  function buildWall(wall: WallRecord, footprint: WallFootprint, elevation: number): Group {
    // Usually one outline; two for a wall another runs straight across, none for a redundant one.
    const geometry = new ExtrudeGeometry(footprint.map(shapeOf), { depth: wall.height * MM, bevelEnabled: false });
    const group = solid(geometry, materials.wall);
    layFlat(group, elevation);
    return group;
  }

  function buildFloor(room: RoomRecord, elevation: number): Group {
    const group = solid(new ShapeGeometry(shapeOf(room.outline)), materials.floor);
    group.children[0]!.castShadow = false;
    layFlat(group, elevation);
    // A millimetre up so the floor never fights with anything laid at the storey's level.
    group.position.y += MM;
    return group;
  }

  function drop(id: string): void {
    const entry = built.get(id);
    if (!entry) return;
    content.remove(entry.group);
    entry.group.traverse((o) => {
      if (o instanceof Mesh || o instanceof LineSegments) o.geometry.dispose();
    });
    built.delete(id);
  }

  function put(id: string, group: Group, key: string): void {
    drop(id);
    group.name = id;
    group.userData.recordId = id;
    showParts(group);
    content.add(group);
    built.set(id, { group, key });
  }

  function sync(diff: RecordsDiff, records: RecordReader): SyncResult {
    const touched: SceneRecord[] = [...Object.values(diff.added), ...Object.values(diff.updated).map(([, to]) => to)];
    const removedIds = Object.keys(diff.removed);
    const touches = (type: SceneRecord['type']) =>
      touched.some((r) => r.type === type) || Object.values(diff.removed).some((r) => r.type === type);
    let changed = false;

    for (const id of removedIds) {
      if (built.has(id)) {
        drop(id);
        changed = true;
      }
    }

    const view = touched.find((r) => r.type === 'view');
    if (view && view.viewMode !== mode) {
      setViewMode(view.viewMode);
      changed = true;
    }

    const elevationOf = (storeyId: string) => records.getOfType(storeyId, 'storey')?.elevation ?? 0;
    const storeysChanged = touches('storey');
    const changedIds = new Set(touched.map((r) => r.id));

    if (touches('wall') || storeysChanged) {
      const walls = records.ofType('wall');
      const footprints = wallFootprints(walls);
      for (const wall of walls) {
        const footprint = footprints.get(wall.id)!;
        const elevation = elevationOf(wall.storeyId);
        const key = JSON.stringify([footprint, wall.height, elevation]);
        if (!changedIds.has(wall.id) && built.get(wall.id)?.key === key) continue;
        put(wall.id, buildWall(wall, footprint, elevation), key);
        changed = true;
      }
    }
    const rooms = touches('room') || storeysChanged ? records.ofType('room') : [];
    for (const room of rooms) {
      const elevation = elevationOf(room.storeyId);
      const key = JSON.stringify([room.outline, elevation]);
      if (!changedIds.has(room.id) && built.get(room.id)?.key === key) continue;
      put(room.id, buildFloor(room, elevation), key);
      changed = true;
    }

    const bounds = computeBounds();
    const boundsChanged = !bounds.equals(lastBounds);
    if (boundsChanged) {
      lastBounds = bounds;
      fitSun(bounds);
    }
    return { changed, boundsChanged };
  }

  function computeBounds(): Box3 {
    content.updateMatrixWorld(true);
    return new Box3().setFromObject(content);
  }

  function fitSun(bounds: Box3): void {
    if (bounds.isEmpty()) return;
    const centre = bounds.getCenter(new Vector3());
    const radius = Math.max(bounds.getSize(new Vector3()).length() / 2, 1);
    // Late-afternoon light from the south-west, high enough that rooms are not mostly shadow.
    sun.position.copy(centre).add(new Vector3(-0.45, 1, 0.6).normalize().multiplyScalar(radius * 3));
    sun.target.position.copy(centre);
    const cam = sun.shadow.camera;
    cam.left = -radius;
    cam.right = radius;
    cam.top = radius;
    cam.bottom = -radius;
    cam.near = 0.1;
    cam.far = radius * 6;
    cam.updateProjectionMatrix();
  }

  function setViewMode(next: ViewMode): void {
    mode = next;
    materials.apply(mode);
    for (const { group } of built.values()) showParts(group);
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
    dispose() {
      for (const id of [...built.keys()]) drop(id);
      materials.dispose();
      sun.shadow.map?.dispose();
    },
  };
}
