import { Vector3 } from 'three';
import type { Vec2 } from '../../protocol/records';

// Records are millimetres on a plan with x east and y north; the three.js world is metres, y up.
// Plan north becomes world -z, which keeps both systems right-handed.

export const MM = 0.001;

export function planToWorld(p: Vec2, elevationMm = 0, out = new Vector3()): Vector3 {
  return out.set(p.x * MM, elevationMm * MM, -p.y * MM);
}
