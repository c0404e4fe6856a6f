import {
  BoxGeometry,
  ConeGeometry,
  CylinderGeometry,
  DoubleSide,
  Group,
  Mesh,
  MeshBasicMaterial,
  OrthographicCamera,
  PerspectiveCamera,
  PlaneGeometry,
  TorusGeometry,
  Vector3,
  type BufferGeometry,
  type Camera,
} from 'three';
import type { GizmoHandle } from './types';

// The move/rotate/resize gizmo of a selected placed object (a model, a custom cabinet) in the 3D
// views: an arrow along plan x, one along plan y, a square between them for moving freely on the
// floor, a ring for turning about the vertical axis, and a small cube on the diagonal between the
// arrows that resizes it (a resizable model in proportion: a catalogue piece keeps its shape; a
// cabinet's width, tools/select-tool.ts). It is drawn over everything (no depth test) at a constant size on screen, so it
// stays usable whether the model is near or far and whatever hides it. The geometry is built in
// screen pixels and the group is scaled to world units per pixel before every frame; the hit test
// works on the projected handles in screen space, where the hit tolerances are meant.

/** Length of the move arrows on screen (CSS px), from the model's base centre. */
export const GIZMO_ARROW_PX = 92;
/** Radius of the rotation ring on screen. */
export const GIZMO_RING_PX = 124;
/** Half the side of the free-move square at the centre. */
export const GIZMO_CENTRE_PX = 15;
/** Where the resize cube sits on screen: this far along plan x and along plan y from the base centre. */
export const GIZMO_SCALE_PX = 64;
const SCALE_CUBE_PX = 14;
/** How near the pointer must be to a handle's drawn line (CSS px). */
const HIT_PX = 9;
const RING_SEGMENTS = 96;
/** Drawn after the scene and its transparent surfaces. */
const RENDER_ORDER = 10_000;

const COLOURS: Readonly<Record<GizmoHandle, number>> = {
  'move-x': 0xe03131,
  'move-y': 0x2f9e44,
  'move-xy': 0xf59f00,
  rotate: 0x1c7ed6,
  scale: 0x7048e8,
};
/** A handle under the pointer or being dragged. */
const HOT_COLOUR = 0xffd43b;

export interface Gizmo {
  /** Added to the scene by the view controller; invisible while no model is targeted. */
  readonly group: Group;
  /** The model the gizmo sits on, or null. */
  readonly target: string | null;
  /**
   * Puts the gizmo on a model's base centre (world metres), with its resize cube only when the
   * model may be resized, or hides it; true when that changed anything.
   */
  set(target: { readonly id: string; readonly base: Vector3; readonly resizable?: boolean } | null): boolean;
  /** Scales the gizmo to its constant screen size for this camera (viewport height in CSS px). */
  fit(camera: Camera, viewportHeight: number): void;
  /** The handle under a canvas point (CSS px) as drawn by this camera, or null. */
  hit(x: number, y: number, camera: Camera, viewport: { readonly width: number; readonly height: number }): GizmoHandle | null;
  /** Highlights one handle (hover, drag); true when that changed anything. */
  setHot(handle: GizmoHandle | null): boolean;
  readonly hot: GizmoHandle | null;
  dispose(): void;
}

/** World units (metres) one CSS pixel spans at a point, for this camera. */
export function worldPerPixel(camera: Camera, at: Vector3, viewportHeight: number): number {
  const h = Math.max(viewportHeight, 1);
  if (camera instanceof OrthographicCamera) return (camera.top - camera.bottom) / camera.zoom / h;
  if (camera instanceof PerspectiveCamera) {
    camera.updateMatrixWorld();
    const forward = new Vector3();
    camera.getWorldDirection(forward);
    // Depth along the view direction (not the distance): the perspective divide uses it.
    const depth = Math.max(at.clone().sub(camera.position).dot(forward), camera.near);
    return (2 * depth * Math.tan((camera.fov * Math.PI) / 360)) / camera.zoom / h;
  }
  return 0.001;
}

function segmentDistance(px: number, py: number, a: { x: number; y: number }, b: { x: number; y: number }): number {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  const len2 = ex * ex + ey * ey;
  const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((px - a.x) * ex + (py - a.y) * ey) / len2));
  return Math.hypot(px - (a.x + ex * t), py - (a.y + ey * t));
}

export function createGizmo(): Gizmo {
  const group = new Group();
  group.name = 'gizmo';
  group.visible = false;
  const geometries: BufferGeometry[] = [];
  const materials = new Map<GizmoHandle, MeshBasicMaterial>();
  for (const handle of Object.keys(COLOURS) as GizmoHandle[]) {
    materials.set(
      handle,
      new MeshBasicMaterial({
        color: COLOURS[handle],
        depthTest: false,
        depthWrite: false,
        transparent: true,
        opacity: handle === 'move-xy' ? 0.55 : 0.95,
        toneMapped: false,
        side: DoubleSide,
      }),
    );
  }

  function add(geometry: BufferGeometry, handle: GizmoHandle): Mesh {
    geometries.push(geometry);
    const mesh = new Mesh(geometry, materials.get(handle));
    mesh.renderOrder = RENDER_ORDER;
    mesh.userData.gizmoHandle = handle;
    group.add(mesh);
    return mesh;
  }

  // Built in pixels along world +x; the y arrow is the same turned to plan +y (world -z).
  const head = 20;
  for (const [handle, turn] of [
    ['move-x', 0],
    ['move-y', Math.PI / 2],
  ] as const) {
    const arrow = new Group();
    const shaftLength = GIZMO_ARROW_PX - head - GIZMO_CENTRE_PX;
    const shaft = new CylinderGeometry(2.2, 2.2, shaftLength, 10).rotateZ(-Math.PI / 2).translate(GIZMO_CENTRE_PX + shaftLength / 2, 0, 0);
    const cone = new ConeGeometry(7.5, head, 16).rotateZ(-Math.PI / 2).translate(GIZMO_ARROW_PX - head / 2, 0, 0);
    arrow.add(add(shaft, handle), add(cone, handle));
    arrow.rotation.y = turn;
    group.add(arrow);
  }
  add(new PlaneGeometry(GIZMO_CENTRE_PX * 2, GIZMO_CENTRE_PX * 2).rotateX(-Math.PI / 2), 'move-xy');
  add(new TorusGeometry(GIZMO_RING_PX, 2.6, 8, RING_SEGMENTS).rotateX(Math.PI / 2), 'rotate');
  const scaleCube = add(new BoxGeometry(SCALE_CUBE_PX, SCALE_CUBE_PX, SCALE_CUBE_PX).translate(GIZMO_SCALE_PX, SCALE_CUBE_PX / 2, -GIZMO_SCALE_PX), 'scale');
  let resizable = true;

  let target: string | null = null;
  let hot: GizmoHandle | null = null;

  const project = (p: Vector3, camera: Camera, viewport: { width: number; height: number }) => {
    const v = p.clone().project(camera);
    return { x: ((v.x + 1) / 2) * viewport.width, y: ((1 - v.y) / 2) * viewport.height, ok: v.z >= -1 && v.z <= 1 };
  };

  return {
    group,
    get target() {
      return target;
    },
    get hot() {
      return hot;
    },
    set(next) {
      if (!next) {
        if (target === null) return false;
        target = null;
        group.visible = false;
        hot = null;
        for (const [h, m] of materials) m.color.setHex(COLOURS[h]);
        return true;
      }
      const moved = !group.position.equals(next.base);
      const canResize = next.resizable ?? true;
      if (target === next.id && !moved && group.visible && canResize === resizable) return false;
      resizable = canResize;
      scaleCube.visible = canResize;
      target = next.id;
      group.position.copy(next.base);
      group.visible = true;
      group.updateMatrixWorld();
      return true;
    },
    fit(camera, viewportHeight) {
      if (!group.visible) return;
      group.scale.setScalar(worldPerPixel(camera, group.position, viewportHeight));
      group.updateMatrixWorld();
    },
    hit(x, y, camera, viewport) {
      if (!group.visible) return null;
      camera.updateMatrixWorld();
      const s = worldPerPixel(camera, group.position, viewport.height);
      const c = group.position;
      const at = (dx: number, dz: number) => project(new Vector3(c.x + dx * s, c.y, c.z + dz * s), camera, viewport);
      const centre = project(c, camera, viewport);
      if (!centre.ok) return null;
      if (Math.hypot(x - centre.x, y - centre.y) <= GIZMO_CENTRE_PX + 2) return 'move-xy';
      if (resizable) {
        const cube = at(GIZMO_SCALE_PX, -GIZMO_SCALE_PX);
        if (cube.ok && Math.hypot(x - cube.x, y - cube.y) <= SCALE_CUBE_PX / 2 + HIT_PX) return 'scale';
      }
      let best: { handle: GizmoHandle; d: number } | null = null;
      const arrows: [GizmoHandle, ReturnType<typeof at>, ReturnType<typeof at>][] = [
        ['move-x', at(GIZMO_CENTRE_PX, 0), at(GIZMO_ARROW_PX, 0)],
        ['move-y', at(0, -GIZMO_CENTRE_PX), at(0, -GIZMO_ARROW_PX)],
      ];
      for (const [handle, a, b] of arrows) {
        if (!a.ok || !b.ok) continue;
        const d = segmentDistance(x, y, a, b);
        if (d <= HIT_PX && (!best || d < best.d)) best = { handle, d };
      }
      if (best) return best.handle;
      let prev = at(GIZMO_RING_PX, 0);
      for (let i = 1; i <= RING_SEGMENTS; i++) {
        const angle = (i / RING_SEGMENTS) * Math.PI * 2;
        const next = at(GIZMO_RING_PX * Math.cos(angle), -GIZMO_RING_PX * Math.sin(angle));
        if (prev.ok && next.ok && segmentDistance(x, y, prev, next) <= HIT_PX) return 'rotate';
        prev = next;
      }
      return null;
    },
    setHot(handle) {
      if (handle === hot) return false;
      hot = handle;
      for (const [h, m] of materials) m.color.setHex(h === hot ? HOT_COLOUR : COLOURS[h]);
      return group.visible;
    },
    dispose() {
      group.removeFromParent();
      for (const g of geometries) g.dispose();
      for (const m of materials.values()) m.dispose();
    },
  };
}
