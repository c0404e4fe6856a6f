import type { CameraView, ClientInfo, ViewMode } from './records';

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
}

export interface RendererStatus {
  /** 'webgl2' once the worker renderer runs; 'none' when headless or not (yet) started. */
  readonly kind: 'webgl2' | 'none';
  /** Frames drawn so far; rendering is on demand, so this stays still while nothing changes. */
  readonly frames: number;
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
}
