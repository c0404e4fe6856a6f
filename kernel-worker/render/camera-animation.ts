import { MathUtils, Quaternion, Vector3 } from 'three';
import type { CameraPose } from './cameras';

// Switching camera views animates the eye from where it is to the new view's pose (core.md §9
// "camera animate time 40"). The spec's 40 reads as frames of a 60 Hz animation, about 667 ms:
// long enough to follow where the view went, short enough not to wait for. The tween runs on
// time, not on frames, so a slow machine skips frames instead of stretching the move.
//
// Perspective to perspective: the target moves straight, the eye swings around it (direction
// slerped, distance interpolated geometrically), the field of view blends. Orthographic ends are
// flown with the perspective camera at the distance where it shows what the orthographic one
// shows; the orthographic camera takes over on the last frame.

export const CAMERA_ANIMATE_FRAMES = 40;
export const CAMERA_ANIMATION_MS = Math.round((CAMERA_ANIMATE_FRAMES * 1000) / 60);

/** Slow in, slow out (cubic). */
export function easeInOutCubic(t: number): number {
  const x = MathUtils.clamp(t, 0, 1);
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/**
 * The perspective pose that shows about what an orthographic pose shows: same target and
 * direction, at the distance where the perspective frustum is as high as the orthographic one.
 */
export function perspectiveEquivalent(pose: CameraPose, fov: number): CameraPose {
  if (pose.projection === 'perspective') return pose;
  const direction = pose.position.clone().sub(pose.target);
  if (direction.lengthSq() === 0) direction.set(0, 1, 0);
  direction.normalize();
  const distance = pose.halfHeight / Math.tan(MathUtils.degToRad(fov / 2));
  return {
    projection: 'perspective',
    position: pose.target.clone().addScaledVector(direction, distance),
    target: pose.target.clone(),
    up: pose.up.clone(),
    fov,
    halfHeight: pose.halfHeight,
  };
}

/**
 * The field of view an orthographic end is flown with. Wide, so the stand-in eye stays close: a
 * surface view's eye stands inside the room, and a far stand-in would fly through the wall
 * behind it.
 */
const ORTHO_FLY_FOV = 60;

const qa = new Quaternion();
const dirA = new Vector3();
const dirB = new Vector3();

/** The pose at eased fraction t between two perspective poses. */
export function interpolatePose(a: CameraPose, b: CameraPose, t: number): CameraPose {
  const target = a.target.clone().lerp(b.target, t);
  dirA.copy(a.position).sub(a.target);
  dirB.copy(b.position).sub(b.target);
  const ra = Math.max(dirA.length(), 1e-6);
  const rb = Math.max(dirB.length(), 1e-6);
  dirA.divideScalar(ra);
  dirB.divideScalar(rb);
  // setFromUnitVectors picks some axis for opposite directions; any swing is fine then.
  qa.setFromUnitVectors(dirA, dirB);
  const swing = new Quaternion().slerp(qa, t);
  const direction = dirA.clone().applyQuaternion(swing);
  const distance = ra * (rb / ra) ** t;
  const up = a.up.clone().lerp(b.up, t);
  if (up.lengthSq() < 1e-8) up.copy(b.up);
  up.normalize();
  return {
    projection: 'perspective',
    position: target.clone().addScaledVector(direction, distance),
    target,
    up,
    fov: MathUtils.lerp(a.fov, b.fov, t),
    halfHeight: MathUtils.lerp(a.halfHeight, b.halfHeight, t),
  };
}

export interface CameraTween {
  readonly to: CameraPose;
  /** The pose at a time; done once the animation has run its course (the pose is then `to`). */
  at(now: number): { readonly pose: CameraPose; readonly done: boolean };
}

export function createCameraTween(from: CameraPose, to: CameraPose, start: number, duration = CAMERA_ANIMATION_MS): CameraTween {
  const a = perspectiveEquivalent(from, ORTHO_FLY_FOV);
  const b = perspectiveEquivalent(to, ORTHO_FLY_FOV);
  return {
    to,
    at(now) {
      const t = duration <= 0 ? 1 : (now - start) / duration;
      if (t >= 1) return { pose: to, done: true };
      return { pose: interpolatePose(a, b, easeInOutCubic(Math.max(0, t))), done: false };
    },
  };
}
