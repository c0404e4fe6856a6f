import { Box3, MathUtils, OrthographicCamera, PerspectiveCamera, Sphere, Vector3 } from 'three';
import type { CameraView } from '../../protocol/records';

// The camera views of core.md §4 as placements computed from what the document holds (its
// bounds, a spot inside a room, the wall a surface view faces). A placement is plain data: a
// pose (where the eye is, what it looks at, which projection) plus how the mouse navigates from
// there; camera-animation.ts interpolates between two poses, applyPose() puts one on the rig.
// Units: the three.js world (metres, y up, plan north at -z; coords.ts).

export type NavigationStyle = 'orbit' | 'look' | 'pan';
export type Projection = 'perspective' | 'orthographic';

export interface CameraPose {
  readonly projection: Projection;
  readonly position: Vector3;
  readonly target: Vector3;
  readonly up: Vector3;
  /** vertical field of view, degrees (perspective) */
  readonly fov: number;
  /** half the world height shown at zoom 1 (orthographic) */
  readonly halfHeight: number;
}

export interface ViewPlacement {
  readonly view: CameraView;
  readonly pose: CameraPose;
  /** how a left drag moves this view: orbit around target, look around the eye, or pan */
  readonly navigation: NavigationStyle;
  /** lowest and highest polar angle the orbit or look may reach (radians from straight up) */
  readonly polarRange: readonly [number, number];
  /** the eye walks (roam): moves are checked against the walls */
  readonly walk: boolean;
}

/** A wall face a surface view looks at straight on. */
export interface SurfaceTarget {
  /** the middle of the face (world) */
  readonly centre: Vector3;
  /** horizontal unit vector from the face towards the viewer */
  readonly normal: Vector3;
  readonly width: number;
  readonly height: number;
  /** how far in front of the face the (orthographic) eye sits: what is behind it is not drawn */
  readonly standoff: number;
}

/** A spot to stand in a room: the floor point, the horizontal direction to look, the ceiling's height. */
export interface InsideSpot {
  readonly point: Vector3;
  readonly facing: Vector3;
  readonly ceilingY: number;
}

/** What the views frame. Only bounds is required; the rest refines the inside and surface views. */
export interface ViewContext {
  /** world box of everything drawn */
  readonly bounds: Box3;
  /** world box of the current storey's content (default: bounds) */
  readonly storeyBounds?: Box3;
  /** where roam (1) and look up (4) stand */
  readonly inside?: InsideSpot | null;
  /** what surface (5) faces */
  readonly surface?: SurfaceTarget | null;
}

export interface CameraRig {
  readonly perspective: PerspectiveCamera;
  readonly orthographic: OrthographicCamera;
  active: PerspectiveCamera | OrthographicCamera;
  /** The point orbiting turns around (or, for 'look', the point looked at). */
  readonly target: Vector3;
  view: CameraView;
  navigation: NavigationStyle;
  polarRange: readonly [number, number];
  /** roam: eye moves are checked against the walls (see roam.ts) */
  walk: boolean;
  aspect: number;
  /** Half of the world height the orthographic camera shows at zoom 1. */
  orthoHalfHeight: number;
}

export const EMPTY_ROOM = new Box3(new Vector3(-3, 0, -2.5), new Vector3(3, 2.8, 2.5));
export const FOV = 45;
export const INSIDE_FOV = 70;
/** Eye height when standing (roam), metres. */
export const EYE_HEIGHT = 1.6;
/** Look up: the eye is near the floor. */
const LOW_EYE = 0.4;
/** Margin around framed content: 1 fits exactly. */
const FRAME_MARGIN = 1.08;

export function createCameraRig(aspect = 1): CameraRig {
  const perspective = new PerspectiveCamera(FOV, aspect, 0.05, 2000);
  const orthographic = new OrthographicCamera(-1, 1, 1, -1, 0.01, 4000);
  return {
    perspective,
    orthographic,
    active: perspective,
    target: new Vector3(),
    view: 0,
    navigation: 'orbit',
    polarRange: [0.05, Math.PI / 2 - 0.02],
    walk: false,
    aspect,
    orthoHalfHeight: 5,
  };
}

export function setAspect(rig: CameraRig, aspect: number): void {
  rig.aspect = Math.max(aspect, 1e-3);
  rig.perspective.aspect = rig.aspect;
  rig.perspective.updateProjectionMatrix();
  updateOrthoFrustum(rig);
}

export function updateOrthoFrustum(rig: CameraRig): void {
  const h = rig.orthoHalfHeight;
  const cam = rig.orthographic;
  cam.top = h;
  cam.bottom = -h;
  cam.left = -h * rig.aspect;
  cam.right = h * rig.aspect;
  cam.updateProjectionMatrix();
}

/** Distance at which a sphere of this radius fills the narrower field of a perspective camera. */
export function fitDistance(fov: number, aspect: number, radius: number): number {
  const vHalf = MathUtils.degToRad(fov / 2);
  const hHalf = Math.atan(Math.tan(vHalf) * aspect);
  return (radius / Math.sin(Math.min(vHalf, hHalf))) * 1.05;
}

function usable(box: Box3 | undefined): box is Box3 {
  return !!box && !box.isEmpty();
}

const UP = new Vector3(0, 1, 0);

function perspectivePose(position: Vector3, target: Vector3, fov: number): CameraPose {
  return { projection: 'perspective', position, target, up: UP.clone(), fov, halfHeight: 1 };
}

/** From the spherical angles around a target (polar from straight up, azimuth from +z towards +x). */
function orbitPosition(target: Vector3, radius: number, polar: number, azimuth: number): Vector3 {
  return new Vector3().setFromSphericalCoords(radius, polar, azimuth).add(target);
}

/**
 * Where a camera view puts the eye for this content. Bird eye frames everything at zoom 100 %
 * (the distance at which the bounding sphere fills the view); the others frame the current storey.
 */
export function placeView(view: CameraView, context: ViewContext, aspect: number): ViewPlacement {
  const all = usable(context.bounds) ? context.bounds : EMPTY_ROOM;
  const storey = usable(context.storeyBounds) ? context.storeyBounds : all;
  const centre = storey.getCenter(new Vector3());
  const size = storey.getSize(new Vector3());
  const floor = storey.min.y;
  const orbitPolar: readonly [number, number] = [0.05, Math.PI / 2 - 0.02];

  switch (view) {
    case 1: {
      // Roam: standing in a room at eye height, looking across it.
      const spot = context.inside ?? defaultSpot(storey);
      const eye = new Vector3(spot.point.x, spot.point.y + EYE_HEIGHT, spot.point.z);
      const target = eye.clone().addScaledVector(spot.facing, 3);
      return { view, pose: perspectivePose(eye, target, INSIDE_FOV), navigation: 'look', polarRange: [0.2, Math.PI - 0.2], walk: true };
    }
    case 2: {
      // Top: the plan from straight above, north up. The 2D plan layer draws its own picture; this
      // pose is where the 3D camera goes while switching to and from it.
      const halfHeight = Math.max(size.z / 2, size.x / 2 / aspect) * FRAME_MARGIN;
      const pose: CameraPose = {
        projection: 'orthographic',
        position: new Vector3(centre.x, storey.max.y + 50, centre.z),
        target: centre.clone(),
        up: new Vector3(0, 0, -1),
        fov: FOV,
        halfHeight,
      };
      return { view, pose, navigation: 'pan', polarRange: orbitPolar, walk: false };
    }
    case 3: {
      // Look down: from high above the storey, a little tilted so walls read as walls.
      const target = new Vector3(centre.x, floor, centre.z);
      const radius = Math.max(storey.getBoundingSphere(new Sphere()).radius, 0.5);
      const position = orbitPosition(target, fitDistance(FOV, aspect, radius), 0.12, 0);
      return { view, pose: perspectivePose(position, target, FOV), navigation: 'orbit', polarRange: [0.02, Math.PI / 2 - 0.02], walk: false };
    }
    case 4: {
      // Look up: low in a room, tilted up towards the ceiling line of the far side.
      const spot = context.inside ?? defaultSpot(storey);
      const eye = new Vector3(spot.point.x, spot.point.y + LOW_EYE, spot.point.z);
      const rise = Math.max(spot.ceilingY - eye.y, 0.5);
      const target = eye.clone().addScaledVector(spot.facing, rise * 0.75);
      target.y = eye.y + rise;
      return { view, pose: perspectivePose(eye, target, INSIDE_FOV), navigation: 'look', polarRange: [0.05, Math.PI - 0.3], walk: false };
    }
    case 5: {
      // Surface: one wall straight on, orthographic, framed to the wall.
      const face = context.surface ?? frontElevation(storey);
      const halfHeight = Math.max(face.height / 2, face.width / 2 / aspect) * FRAME_MARGIN;
      const pose: CameraPose = {
        projection: 'orthographic',
        position: face.centre.clone().addScaledVector(face.normal, face.standoff),
        target: face.centre.clone(),
        up: UP.clone(),
        fov: FOV,
        halfHeight,
      };
      return { view, pose, navigation: 'pan', polarRange: orbitPolar, walk: false };
    }
    default: {
      // Bird eye (0): from the south-south-east, high enough to see into the rooms over the walls;
      // aimed a little above the floor so the wall tops sit in the middle of the picture.
      const box = all;
      const c = box.getCenter(new Vector3());
      const target = new Vector3(c.x, box.min.y + box.getSize(new Vector3()).y * 0.25, c.z);
      const radius = Math.max(box.getBoundingSphere(new Sphere()).radius, 0.5);
      const position = orbitPosition(target, fitDistance(FOV, aspect, radius), MathUtils.degToRad(50), MathUtils.degToRad(20));
      return { view: 0, pose: perspectivePose(position, target, FOV), navigation: 'orbit', polarRange: orbitPolar, walk: false };
    }
  }
}

/** With no room to stand in: near the south side of the box, looking north. */
function defaultSpot(box: Box3): InsideSpot {
  const centre = box.getCenter(new Vector3());
  const size = box.getSize(new Vector3());
  return {
    point: new Vector3(centre.x, box.min.y, box.max.z - Math.min(size.z * 0.15, 0.6)),
    facing: new Vector3(0, 0, -1),
    ceilingY: box.max.y,
  };
}

/** The whole storey seen from the south (front) or the east (side), from outside. */
export function frontElevation(box: Box3, side: 'front' | 'side' = 'front'): SurfaceTarget {
  const centre = box.getCenter(new Vector3());
  const size = box.getSize(new Vector3());
  const normal = side === 'front' ? new Vector3(0, 0, 1) : new Vector3(1, 0, 0);
  const depth = side === 'front' ? size.z : size.x;
  return {
    centre: new Vector3(centre.x, centre.y, centre.z).addScaledVector(normal, depth / 2),
    normal,
    width: side === 'front' ? size.x : size.z,
    height: size.y,
    standoff: 50,
  };
}

/** Puts a pose on the rig's camera of its projection and makes that camera the active one. */
export function applyPose(rig: CameraRig, pose: CameraPose, zoom = 1): void {
  rig.target.copy(pose.target);
  if (pose.projection === 'orthographic') {
    const cam = rig.orthographic;
    rig.active = cam;
    cam.position.copy(pose.position);
    cam.up.copy(pose.up);
    cam.zoom = zoom;
    rig.orthoHalfHeight = pose.halfHeight;
    cam.lookAt(rig.target);
    updateOrthoFrustum(rig);
  } else {
    const cam = rig.perspective;
    rig.active = cam;
    cam.position.copy(pose.position);
    cam.up.copy(pose.up);
    cam.fov = pose.fov;
    cam.zoom = zoom;
    cam.lookAt(rig.target);
    cam.updateProjectionMatrix();
  }
  rig.active.updateMatrixWorld();
}

/** The pose the rig shows now (the active camera, orthographic zoom folded into halfHeight). */
export function currentPose(rig: CameraRig): CameraPose {
  const cam = rig.active;
  return {
    projection: cam === rig.orthographic ? 'orthographic' : 'perspective',
    position: cam.position.clone(),
    target: rig.target.clone(),
    up: cam.up.clone(),
    fov: rig.perspective.fov,
    halfHeight: rig.orthoHalfHeight / rig.orthographic.zoom,
  };
}

/** Puts a whole placement on the rig: the pose and how the view navigates. */
export function applyPlacement(rig: CameraRig, placement: ViewPlacement): void {
  rig.view = placement.view;
  rig.navigation = placement.navigation;
  rig.polarRange = placement.polarRange;
  rig.walk = placement.walk;
  applyPose(rig, placement.pose);
}

/** Places the rig for a camera view so that it frames the given bounds (or a full context). */
export function applyCameraView(rig: CameraRig, view: CameraView, context: Box3 | ViewContext): ViewPlacement {
  const placement = placeView(view, context instanceof Box3 ? { bounds: context } : context, rig.aspect);
  applyPlacement(rig, placement);
  return placement;
}
