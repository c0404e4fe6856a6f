// The open scene's plan as another tool reads it (issue 18: export to IFC4): per storey its walls,
// the doors and windows in them, its rooms and its floor openings, in the product's own terms. The kernel collects it
// (kernel-worker/import/plan-data.ts), the plan-file worker writes the file
// (kernel-worker/import/ifc-export.ts). Units are millimetres, plan x east and y north.
import type { FloorOpeningKind, OpeningKind, Vec2, WallType } from './records';

export interface ExportedWall {
  readonly id: string;
  readonly start: Vec2;
  readonly end: Vec2;
  readonly thickness: number;
  readonly height: number;
  readonly wallType: WallType;
}

export interface ExportedOpening {
  readonly id: string;
  /** index into the storey's walls */
  readonly wall: number;
  readonly kind: OpeningKind;
  /** a window kind (0, 6, 16: an IfcWindow), else a door or a bare opening */
  readonly window: boolean;
  /** from the wall's start to the opening's centre, along the centre line */
  readonly offset: number;
  readonly width: number;
  readonly height: number;
  /** sill height above the storey floor */
  readonly elevation: number;
  readonly flipHinge: boolean;
}

export interface ExportedRoom {
  readonly id: string;
  /** the name the designer sees (the room's own, else its type's) */
  readonly name: string;
  /** room type code of catalogues.md §3 (0 unnamed) */
  readonly roomType: number;
  /** the room type's name (zh), '' for 0 */
  readonly typeName: string;
  /** inner outline, counter-clockwise */
  readonly outline: readonly Vec2[];
  readonly height: number;
}

/** A stairwell or void in the storey's floor (a floorOpening record). */
export interface ExportedFloorOpening {
  readonly id: string;
  readonly kind: FloorOpeningKind;
  /** counter-clockwise, as the record holds it */
  readonly outline: readonly Vec2[];
  /** the record's name, when it has one */
  readonly name?: string;
}

export interface ExportedStorey {
  readonly id: string;
  readonly name: string;
  /** floor level in mm */
  readonly elevation: number;
  readonly height: number;
  readonly walls: readonly ExportedWall[];
  readonly openings: readonly ExportedOpening[];
  readonly rooms: readonly ExportedRoom[];
  readonly floorOpenings: readonly ExportedFloorOpening[];
}

export interface ExportedPlan {
  /** the scheme's name (the IFC project's) */
  readonly name: string;
  /** lowest first */
  readonly storeys: readonly ExportedStorey[];
}

/** The IFC file written from a plan, or why none was. */
export type PlanExportResult = { readonly ok: true; readonly bytes: Uint8Array } | { readonly ok: false; readonly detail: string };
