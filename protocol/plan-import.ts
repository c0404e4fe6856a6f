// A plan read from another tool's file (IFC, Sweet Home 3D), in the product's own terms: storeys of
// plan.build input (docs/plans-as-data.md) plus the rooms' names, and what was left out and why.
// The readers (kernel-worker/import/) produce it; the kernel builds it as one undo step; the UI
// shows its summary. Units are millimetres, plan x east and y north.
import type { PlanFloorOpeningInput, PlanOpeningInput, PlanWallInput } from './commands';
import type { ExportedPlan, PlanExportResult } from './plan-export';
import type { Vec2 } from './records';

export type PlanImportFormat = 'ifc' | 'sh3d';

/** A name and type for the room that will hold `at` once the walls are built. */
export interface ImportedRoom {
  readonly at: Vec2;
  readonly name: string;
  /** room type code of catalogues.md §3 (0 unnamed) */
  readonly roomType: number;
}

export interface ImportedStorey {
  readonly name: string;
  /** floor level in mm above the file's zero */
  readonly elevation: number;
  /** storey height in mm (to the next storey, else the tallest wall) */
  readonly height: number;
  readonly walls: readonly PlanWallInput[];
  /** `wall` indexes this storey's walls */
  readonly openings: readonly PlanOpeningInput[];
  readonly rooms: readonly ImportedRoom[];
  /** stairwells and voids in this storey's floor (absent: none) */
  readonly floorOpenings?: readonly PlanFloorOpeningInput[];
}

/**
 * Why something in the file did not make it into the plan. Codes, not text: the UI words them
 * (zh and en) and counts them.
 */
export type PlanImportSkipReason =
  /** a curved, sloped or otherwise not straight-and-upright wall */
  | 'wallNotStraight'
  /** a wall too short or too thin to be one (< 10 mm) */
  | 'wallTooSmall'
  /** a door or window whose wall could not be found or that does not fit on it */
  | 'openingWithoutWall'
  /** an element kind the plan has no record for (slabs, stairs, furniture, columns ...) */
  | 'unsupportedElement'
  /** an element without geometry */
  | 'noGeometry'
  /** a level of the file with nothing the plan can hold */
  | 'emptyStorey';

export interface PlanImportSkip {
  readonly reason: PlanImportSkipReason;
  /** the file's own type name (IfcSlab, IfcStair, doorOrWindow ...) */
  readonly element: string;
  readonly count: number;
}

export interface ImportedPlan {
  readonly format: PlanImportFormat;
  /** IFC2X3, IFC4 ...; the SH3D version */
  readonly schema: string;
  readonly storeys: readonly ImportedStorey[];
  readonly skipped: readonly PlanImportSkip[];
}

/** What plan.import did: the storeys it filled and the counts the summary shows. */
export interface PlanImportResult {
  /** per imported storey, the storey it went into */
  readonly storeyIds: readonly string[];
  readonly walls: number;
  readonly openings: number;
  readonly rooms: number;
  /** rooms that took a name or type from the file */
  readonly namedRooms: number;
  /** doors and windows that did not fit their wall as built (overlapping, across a joint ...) */
  readonly openingsLeftOut: number;
  /** stairwells and voids cut in the floors */
  readonly floorOpenings: number;
  /** floor openings whose outline the kernel refuses (crossing itself, under 100 mm across) */
  readonly floorOpeningsLeftOut: number;
}

/** What an import read and built, for the summary the designer sees. */
export interface PlanImportSummary {
  readonly format: PlanImportFormat;
  readonly schema: string;
  /** what the file held that the plan left out, by reason */
  readonly skipped: readonly PlanImportSkip[];
  readonly result: PlanImportResult;
}

/** The plan-import worker's answer: the plan, or why the file cannot be read. */
export type PlanFileReading = { readonly ok: true; readonly plan: ImportedPlan } | { readonly ok: false; readonly failure: PlanImportFailure; readonly detail: string };

/** The plan-import worker (kernel-worker/import/worker.ts), as the UI calls it over Comlink. */
export interface PlanImportWorkerApi {
  read(bytes: Uint8Array, format: PlanImportFormat, onProgress?: (fraction: number) => void): Promise<PlanFileReading>;
  /** The plan as an IFC4 file (protocol/plan-export.ts), written with the same web-ifc. */
  exportIfc(plan: ExportedPlan, fileName: string): Promise<PlanExportResult>;
}

/** A file the readers refuse as a whole. */
export type PlanImportFailure = 'damaged' | 'unsupportedSchema' | 'empty' | 'tooLarge';

export class PlanImportError extends Error {
  override name = 'PlanImportError';
  constructor(
    readonly code: PlanImportFailure,
    detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

/** Largest file the importers read (a whole office building in IFC is a few tens of MB). */
export const PLAN_IMPORT_MAX_BYTES = 200 * 1024 * 1024;
