import { MathUtils, Spherical, Vector3 } from 'three';
import type { ForwardedInput, PointerInput, WheelInput } from '../../protocol/input';
import { DEFAULT_MOUSE_BUTTONS, type MouseButtonModes } from '../../protocol/kernel-api';
import { updateOrthoFrustum, type CameraRig, type NavigationStyle } from './cameras';

// Camera navigation driven by the forwarded pointer and wheel events (three's OrbitControls needs a
// DOM element, which a worker does not have). Left drag orbits (or looks around, or pans in the
// orthographic views); right or middle drag, or shift + drag, pans; the wheel zooms. The user config
// may remap the buttons and scale how far a drag turns (configure()).

export interface OrbitControls {
  /** Returns true when the camera moved and a frame is due. */
  handle(event: ForwardedInput): boolean;
  setViewport(width: number, height: number): void;
  /** True once the user has moved the camera since the last preset; presets then stop reframing. */
  readonly userMoved: boolean;
  /** Called after a preset placed the camera. */
  reset(): void;
  /** What each button's drag does, and a factor on how far a drag turns the camera (1: the default). */
  configure(options: { readonly buttons?: MouseButtonModes; readonly turnFactor?: number }): void;
}

interface Drag {
  readonly pointerId: number;
  readonly style: NavigationStyle;
  x: number;
  y: number;
}

const MIN_DISTANCE = 0.3;
const MAX_DISTANCE = 2000;
const WHEEL_LINE_PX = 16;
const WHEEL_PAGE_PX = 400;

export interface OrbitOptions {
  /**
   * Where the eye really ends up when a walking view (rig.walk) moves it from one point to
   * another: the roam view stops it at walls (roam.ts).
   */
  readonly walk?: (from: Vector3, to: Vector3) => Vector3;
}

export function createOrbitControls(rig: CameraRig, options: OrbitOptions = {}): OrbitControls {
  let drag: Drag | null = null;
  let viewportHeight = 1;
  let userMoved = false;
  let buttons: MouseButtonModes = DEFAULT_MOUSE_BUTTONS;
  let turnFactor = 1;
  const spherical = new Spherical();
  const offset = new Vector3();
  const right = new Vector3();
  const up = new Vector3();

  function rotate(style: 'orbit' | 'look', dx: number, dy: number): void {
    const cam = rig.perspective;
    const speed = ((2 * Math.PI) / viewportHeight) * turnFactor;
    const [minPolar, maxPolar] = rig.polarRange;
    if (style === 'orbit') {
      offset.copy(cam.position).sub(rig.target);
      spherical.setFromVector3(offset);
      spherical.theta -= dx * speed;
      spherical.phi = MathUtils.clamp(spherical.phi - dy * speed, minPolar, maxPolar);
      cam.position.setFromSpherical(spherical).add(rig.target);
    } else {
      // Looking around: the target swings around the eye, the eye stays put.
      offset.copy(rig.target).sub(cam.position);
      spherical.setFromVector3(offset);
      spherical.theta += dx * speed * 0.5;
      spherical.phi = MathUtils.clamp(spherical.phi + dy * speed * 0.5, minPolar, maxPolar);
      rig.target.copy(cam.position).add(offset.setFromSpherical(spherical));
    }
    cam.lookAt(rig.target);
  }

  function pan(dx: number, dy: number): void {
    const cam = rig.active;
    cam.updateMatrix();
    right.setFromMatrixColumn(cam.matrix, 0);
    up.setFromMatrixColumn(cam.matrix, 1);
    let worldPerPixel: number;
    if (cam === rig.orthographic) {
      worldPerPixel = (2 * rig.orthoHalfHeight) / rig.orthographic.zoom / viewportHeight;
    } else {
      const distance = cam.position.distanceTo(rig.target);
      worldPerPixel = (2 * distance * Math.tan(MathUtils.degToRad(rig.perspective.fov / 2))) / viewportHeight;
    }
    const move = right.multiplyScalar(-dx * worldPerPixel).add(up.multiplyScalar(dy * worldPerPixel));
    moveEye(move);
  }

  /** Moves eye and target together; a walking eye only as far as the walls let it. */
  function moveEye(move: Vector3): void {
    const cam = rig.active;
    if (rig.walk && options.walk) {
      const to = options.walk(cam.position, cam.position.clone().add(move));
      move.copy(to).sub(cam.position);
    }
    cam.position.add(move);
    rig.target.add(move);
  }

  function zoom(event: WheelInput): boolean {
    const px = event.deltaY * (event.deltaMode === 1 ? WHEEL_LINE_PX : event.deltaMode === 2 ? WHEEL_PAGE_PX : 1);
    if (px === 0 || !Number.isFinite(px)) return false;
    const factor = Math.exp(px * 0.0015);
    if (rig.active === rig.orthographic) {
      const cam = rig.orthographic;
      cam.zoom = MathUtils.clamp(cam.zoom / factor, 0.02, 200);
      updateOrthoFrustum(rig);
      return true;
    }
    const cam = rig.perspective;
    if (rig.navigation === 'look') {
      // Walking: a step along the view direction, carrying the target along.
      const step = offset.copy(rig.target).sub(cam.position);
      // Roaming, the wheel walks on the level (looking down must not sink the eye into the floor).
      if (rig.walk) step.y = 0;
      if (step.lengthSq() < 1e-12) return false;
      moveEye(step.normalize().multiplyScalar((1 - factor) * 2));
      return true;
    }
    offset.copy(cam.position).sub(rig.target);
    const distance = MathUtils.clamp(offset.length() * factor, MIN_DISTANCE, MAX_DISTANCE);
    cam.position.copy(rig.target).add(offset.setLength(distance));
    return true;
  }

  function styleFor(event: PointerInput): NavigationStyle | null {
    const action = event.button === 0 ? buttons.left : event.button === 1 ? buttons.middle : event.button === 2 ? buttons.right : 'none';
    if (action === 'none') return null;
    if (action === 'pan' || event.shiftKey) return 'pan';
    return rig.navigation;
  }

  return {
    handle(event) {
      if (event.kind === 'wheel') {
        const moved = zoom(event);
        userMoved ||= moved;
        return moved;
      }
      if (event.kind !== 'pointer') return false;
      switch (event.type) {
        case 'pointerdown': {
          const style = styleFor(event);
          drag = style ? { pointerId: event.pointerId, style, x: event.x, y: event.y } : null;
          return false;
        }
        case 'pointermove': {
          if (!drag || drag.pointerId !== event.pointerId) return false;
          const dx = event.x - drag.x;
          const dy = event.y - drag.y;
          drag.x = event.x;
          drag.y = event.y;
          // Non-finite input would poison the camera with NaN for good.
          if ((dx === 0 && dy === 0) || !Number.isFinite(dx) || !Number.isFinite(dy)) return false;
          if (drag.style === 'pan' || rig.active === rig.orthographic) pan(dx, dy);
          else rotate(drag.style, dx, dy);
          userMoved = true;
          return true;
        }
        case 'pointerup':
        case 'pointercancel':
          if (drag?.pointerId === event.pointerId) drag = null;
          return false;
        default:
          // pointerleave: capture keeps a drag going outside the canvas, so leaving ends nothing.
          return false;
      }
    },
    setViewport(_width, height) {
      viewportHeight = Math.max(height, 1);
    },
    get userMoved() {
      return userMoved;
    },
    reset() {
      drag = null;
      userMoved = false;
    },
    configure(next) {
      if (next.buttons) buttons = next.buttons;
      if (next.turnFactor !== undefined && next.turnFactor > 0) turnFactor = next.turnFactor;
    },
  };
}
