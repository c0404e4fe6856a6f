// The tolerances every plan computation shares, in millimetres unless stated. They are chosen for
// hand-drawn and imported plans: coordinates of up to a few kilometres, stored as doubles, edited
// by snapping (which lands exactly) or by typing lengths (which does not, by ~1e-12 mm).

/**
 * Points closer than this are one point: wall endpoints merge into one node, an endpoint this close
 * to another wall's centre line lies on it (a T), a crossing this close to a node is that node.
 * 1 mm is below what anyone draws on purpose and far above floating-point noise.
 */
export const MERGE_TOLERANCE = 1;

/**
 * Tolerant joining (wall-join.ts, plan.build and the wall tool): a loose wall end joins another
 * wall when it lies within the sum of the two half thicknesses of that wall's centre line (square
 * to it) and the walls meet at an angle whose sine is at least 1 / this, so the end moves along
 * its own axis by at most this many times that sum. 2: walls meeting at 30° or more join from a
 * face; shallower ones only when collinear (nearly collinear walls cross anywhere along them).
 */
export const JOIN_MAX_MOVE_FACTOR = 2;

/**
 * Two wall ends at a node whose directions are opposite within this (radians, about 0.06°) run
 * straight through the node: both get square ends there, so a wall split in two (or a wall and
 * its continuation of another thickness) shows no mitre. Over a 240 mm wall the sliver this
 * leaves is at most 0.12 mm wide.
 */
export const STRAIGHT_ANGLE_TOLERANCE = 1e-3;

/**
 * An outer mitre point further than this many half-thicknesses from its node is cut off with a
 * bevel (both walls' corners joined straight). 6 lets walls meet mitred down to about 19°
 * (2·asin(1/6)); below that the spike would reach more than 3 thicknesses past the corner.
 */
export const MITRE_LIMIT = 6;

/** Points handed out (footprints, room outlines) are rounded to 1/OUTPUT_STEPS mm (a micrometre). */
export const OUTPUT_STEPS = 1000;

/**
 * Enclosed floor smaller than this (mm², 0.5 m²) is a pocket, not a room: a column casing, a
 * duct, a shaft. It is not listed as a room and gets no floor (rooms.ts isPocket).
 */
export const MIN_ROOM_AREA = 500_000;

/**
 * Enclosed floor whose mean width (2 x area / perimeter: a long strip's width, half a square's
 * side) is under this (mm) is a pocket too: the gap behind a lining wall, a chase.
 */
export const MIN_ROOM_WIDTH = 250;

/**
 * Rounds to a micrometre: 5880.000000000001 becomes 5880, so outlines compare and serialise equal.
 * Dividing (not multiplying by 0.001) gives the double nearest the decimal; `+ 0` turns -0 into 0.
 */
export function roundMm(v: number): number {
  return Math.round(v * OUTPUT_STEPS) / OUTPUT_STEPS + 0;
}
