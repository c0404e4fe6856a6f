import type { WorktopMaterial } from './price-list';
import { RECORD_SCOPES, type AppliedMaterial, type CabinetRecord, type CameraView, ClientInfo, type FloorOpeningKind, type Vec2, type HouseTypeInfo, type ModelMount, type Vec3, OpeningKind, OpeningToolParams, ToolName, ViewMode, WallColor, WallDrawParams, WallFace, WallPanelStyle, WallType } from './records';
import type { RefusalReason } from './errors';

// The UI mirror: what the React side may read. It is derived by the kernel from the records
// and changes only through patches (see patch.ts).

export interface RoomSummary {
  readonly id: string;
  readonly name: string;
  readonly roomType: number;
  /** m², two decimals */
  readonly area: number;
  readonly groundArea: number;
  readonly storeyId: string;
}

export interface StoreySummary {
  readonly id: string;
  readonly index: number;
  readonly name: string;
  /** mm */
  readonly elevation: number;
  readonly layerHeight: number;
}

export interface SceneMetaSummary {
  readonly name: string;
  readonly style: string;
  readonly roomType: number;
  readonly isUseStackWall: 0 | 1;
  readonly hasMeasuringSize: boolean;
  readonly client: ClientInfo;
  readonly houseType?: HouseTypeInfo;
}

export interface RendererStatus {
  /** 'webgl2' once the worker renderer runs; 'none' when headless or not (yet) started. */
  readonly kind: 'webgl2' | 'none';
  /** Frames drawn so far; rendering is on demand, so this stays still while nothing changes. */
  readonly frames: number;
}

/** The active tool as the UI shows it (from the tool session record). */
export interface ToolSummary {
  readonly name: ToolName;
  readonly draw: WallDrawParams;
  readonly opening: OpeningToolParams;
  /** what the floor-opening tool cuts */
  readonly floorOpeningKind: FloorOpeningKind;
  /** wall tool mid-drawing: the segment's length (mm) and angle (degrees, counter-clockwise from east), typed digits */
  readonly drawing: { readonly length: number; readonly angle: number; readonly typed: string } | null;
  /** the last refusal an edit gesture met (the UI tells it when seq changes); absent: none */
  readonly refused?: { readonly reason: RefusalReason; readonly seq: number };
}

/** The one selected record's editable properties (null with none or several selected). */
export type SelectedDetail =
  | {
      readonly kind: 'wall';
      readonly id: string;
      /** centre-line length, mm */
      readonly length: number;
      readonly thickness: number;
      readonly height: number;
      readonly wallType: WallType;
      /** null = the default look */
      readonly color: WallColor | null;
    }
  | {
      readonly kind: 'opening';
      readonly id: string;
      readonly wallId: string;
      readonly openingKind: OpeningKind;
      readonly offset: number;
      readonly width: number;
      readonly height: number;
      readonly elevation: number;
      readonly flipSide: boolean;
      readonly flipHinge: boolean;
    }
  | {
      readonly kind: 'room';
      readonly id: string;
      readonly name: string;
      readonly roomType: number;
      readonly area: number;
      readonly groundArea: number;
      readonly height: number;
      readonly isHaveCeil: boolean;
    }
  | {
      readonly kind: 'model';
      readonly id: string;
      readonly name: string;
      /** the catalogue's model id */
      readonly modelId: string;
      /** mm: width, depth, height */
      readonly size: Vec3;
      /** radians, counter-clockwise from above */
      readonly rotation: number;
      readonly position: Vec3;
      /** the catalogue's type, where it stands; absent for models placed before mounts */
      readonly mount: ModelMount | null;
      /** its GLB (the properties list the file's parts); null: drawn as a box */
      readonly gltfUrl: string | null;
      /** library materials on its parts, by part name */
      readonly materials: { readonly [part: string]: AppliedMaterial };
      /** false: made in fixed sizes (ModelRecord.resizable) */
      readonly resizable: boolean;
    }
  | {
      readonly kind: 'wallPanel';
      readonly id: string;
      readonly wallId: string;
      readonly face: WallFace;
      readonly bottom: number;
      readonly top: number;
      readonly thickness: number;
      readonly color: WallColor;
      readonly style: WallPanelStyle;
    }
  /** a custom cabinet: its own fields (the properties panel edits them all) */
  | ({ readonly kind: 'cabinet' } & Omit<CabinetRecord, 'type' | 'storeyId'> & {
      /** the worktop over it as it stands (its run's choices, geometry/worktop.ts); null: none */
      readonly worktop?: { readonly material: WorktopMaterial; readonly backsplash: number; readonly length: number } | null;
    })
  /** a stairwell or void: its kind, name and the size of its outline's box (mm); area m² */
  | {
      readonly kind: 'floorOpening';
      readonly id: string;
      readonly openingKind: FloorOpeningKind;
      readonly name: string;
      readonly width: number;
      readonly depth: number;
      readonly area: number;
      readonly outline: readonly Vec2[];
    }
  | { readonly kind: 'other'; readonly id: string; readonly type: string };

/** catalogues.md §3 current room info: the selected room, or the room holding the selection. */
export interface CurrentRoomInfo {
  readonly id: string;
  readonly roomType: number;
  /** the room's name, '' when it has none (the UI then shows its type's name) */
  readonly roomName: string;
  /** the storey's name */
  readonly regionName: string;
  readonly height: number;
  readonly isHaveCeil: boolean;
}

export interface KernelSnapshot {
  /**
   * The seq of the last patch this snapshot already contains (0 before any). Patches carry their
   * own seq and never touch this field; the mirror sets it as it applies them, so a patch with
   * seq <= this one is stale and one with seq > this + 1 means a gap.
   */
  readonly seq: number;
  readonly meta: SceneMetaSummary;
  readonly storeys: readonly StoreySummary[];
  readonly rooms: { readonly [id: string]: RoomSummary };
  readonly selection: readonly string[];
  /** an undo step exists (undo is still refused while a gesture, a drag, is in progress) */
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** changed since the last save */
  readonly dirty: boolean;
  readonly changedSinceBackup: boolean;
  readonly counts: { readonly [recordType: string]: number };
  readonly currentStoreyId: string | null;
  readonly cameraView: CameraView;
  readonly viewMode: ViewMode;
  /** material editing mode; undo and redo leave it first (core.md §4) */
  readonly materialMode: boolean;
  readonly renderer: RendererStatus;
  readonly tool: ToolSummary;
  readonly selected: SelectedDetail | null;
  readonly currentRoom: CurrentRoomInfo | null;
  /** the current storey has at least one closed room (free modelling needs it: 请先绘制一个封闭户型！) */
  readonly planClosed: boolean;
}

/**
 * How many records of a snapshot's counts are the designer's content: document records other
 * than the scene's meta and its storeys. Session records (view, selection, tool) are never
 * content, so a scene of nothing but storeys counts 0 and is not worth saving.
 */
export function contentRecordCount(counts: KernelSnapshot['counts']): number {
  let sum = 0;
  for (const [type, n] of Object.entries(counts)) {
    if (type === 'meta' || type === 'storey') continue;
    if ((RECORD_SCOPES as { readonly [type: string]: string | undefined })[type] === 'document') sum += n;
  }
  return sum;
}
