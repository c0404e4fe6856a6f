import { Box3, MathUtils, OrthographicCamera, PerspectiveCamera, Sphere, Vector3 } from 'three';
import type { CameraView } from '../../protocol/records';

// The camera views of core.md §4 as presets that frame the document's bounds. The rig owns both
// cameras; a preset picks one and places it, the orbit controls move it from there.

export type NavigationStyle = 'orbit' | 'look' | 'pan';

export interface CameraRig {
  readonly perspective: PerspectiveCamera;
  readonly orthographic: OrthographicCamera;
  active: PerspectiveCamera | OrthographicCamera;
  /** The point orbiting turns around (or, for 'look', the point looked at). */
  readonly target: Vector3;
  view: CameraView;
  /** How a left drag moves this view: orbit around target, look around the eye, or pan. */
  navigation: NavigationStyle;
  /** Lowest and highest polar angle the orbit may reach (radians from straight down). */
  polarRange: readonly [number, number];
  aspect: number;
  /** Half of the world height the orthographic camera shows at zoom 1. */
  orthoHalfHeight: number;
}

const EMPTY_ROOM = new Box3(new Vector3(-3, 0, -2.5), new Vector3(3, 2.8, 2.5));
const FOV = 45;
const INSIDE_FOV = 70;
const EYE_HEIGHT = 1.6;

export function createCameraRig(aspect = 1): CameraRig {
  const perspective = new PerspectiveCamera(FOV, aspect, 0.05, 2000);
  const orthographic = new OrthographicCamera(-1, 1, 1, -1, 0.05, 4000);
  const rig: CameraRig = {
    perspective,
    orthographic,
    active: perspective,
    target: new Vector3(),
    view: 0,
    navigation: 'orbit',
    polarRange: [0.05, Math.PI / 2 - 0.02],
    aspect,
    orthoHalfHeight: 5,
  };
  return rig;
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

/** Distance at which a sphere of this radius fills the perspective camera's narrower field. */
function fitDistance(rig: CameraRig, radius: number): number {
  const vHalf = MathUtils.degToRad(rig.perspective.fov / 2);
  const hHalf = Math.atan(Math.tan(vHalf) * rig.aspect);
  return (radius / Math.sin(Math.min(vHalf, hHalf))) * 1.05;
}

function fromSpherical(rig: CameraRig, radius: number, polar: number, azimuth: number): void {
  const cam = rig.perspective;
  cam.position.setFromSphericalCoords(radius, polar, azimuth).add(rig.target);
  cam.up.set(0, 1, 0);
  cam.lookAt(rig.target);
}

/** Places the rig for a camera view so that it frames the given world bounds. */
export function applyCameraView(rig: CameraRig, view: CameraView, contentBounds: Box3): void {
  const bounds = contentBounds.isEmpty() ? EMPTY_ROOM : contentBounds;
  const centre = bounds.getCenter(new Vector3());
  const size = bounds.getSize(new Vector3());
  const radius = Math.max(bounds.getBoundingSphere(new Sphere()).radius, 0.5);
  const floor = bounds.min.y;
  rig.view = view;
  // Standing inside a room needs a wide lens to see from corner to corner.
  rig.perspective.fov = view === 1 || view === 4 ? INSIDE_FOV : FOV;
  rig.perspective.zoom = 1;
  rig.orthographic.zoom = 1;

  switch (view) {
    case 1: {
      // Roam: standing inside, near the south wall, looking north at eye height.
      rig.active = rig.perspective;
      rig.navigation = 'look';
      rig.polarRange = [0.2, Math.PI - 0.2];
      const eye = new Vector3(centre.x, floor + EYE_HEIGHT, bounds.max.z - Math.min(size.z * 0.15, 0.6));
      rig.target.set(centre.x, floor + EYE_HEIGHT - 0.1, bounds.min.z);
      rig.perspective.position.copy(eye);
      rig.perspective.up.set(0, 1, 0);
      rig.perspective.lookAt(rig.target);
      break;
    }
    case 2:
    case 5: {
      // Top plan (north up) and surface elevation (facing north): orthographic, pan and zoom only.
      rig.active = rig.orthographic;
      rig.navigation = 'pan';
      const cam = rig.orthographic;
      rig.target.copy(centre);
      if (view === 2) {
        cam.position.set(centre.x, bounds.max.y + 50, centre.z);
        cam.up.set(0, 0, -1);
        rig.orthoHalfHeight = Math.max(size.z / 2, size.x / 2 / rig.aspect) * 1.1;
      } else {
        cam.position.set(centre.x, centre.y, bounds.max.z + 50);
        cam.up.set(0, 1, 0);
        rig.orthoHalfHeight = Math.max(size.y / 2, size.x / 2 / rig.aspect) * 1.1;
      }
      cam.lookAt(rig.target);
      updateOrthoFrustum(rig);
      break;
    }
    case 3: {
      // Look down: almost straight above the centre.
      rig.active = rig.perspective;
      rig.navigation = 'orbit';
      rig.polarRange = [0.02, Math.PI / 2 - 0.02];
      rig.target.set(centre.x, floor, centre.z);
      fromSpherical(rig, fitDistance(rig, radius), 0.12, 0);
      break;
    }
    case 4: {
      // Look up: low in the room, tilted towards the ceiling line of the far wall.
      rig.active = rig.perspective;
      rig.navigation = 'look';
      rig.polarRange = [0.05, Math.PI - 0.3];
      rig.target.set(centre.x, bounds.max.y, bounds.min.z + size.z * 0.2);
      rig.perspective.position.set(centre.x, floor + 0.4, bounds.max.z - Math.min(size.z * 0.2, 1));
      rig.perspective.up.set(0, 1, 0);
      rig.perspective.lookAt(rig.target);
      break;
    }
    default: {
      // Bird eye (0): from the south-south-east, high enough to see into the room over the walls.
      rig.active = rig.perspective;
      rig.navigation = 'orbit';
      rig.polarRange = [0.05, Math.PI / 2 - 0.02];
      // Aim a little above the floor so the walls' tops sit in the middle of the picture.
      rig.target.set(centre.x, floor + size.y * 0.25, centre.z);
      fromSpherical(rig, fitDistance(rig, radius), MathUtils.degToRad(50), MathUtils.degToRad(20));
    }
  }
  rig.perspective.updateProjectionMatrix();
}
