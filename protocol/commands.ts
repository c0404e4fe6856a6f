import type { CabinetKind, WorktopChoice } from './cabinets';
import type { ImportedStorey, PlanImportResult } from './plan-import';
import type {
  AppliedMaterial,
  CameraView,
  FloorOpeningKind,
  ClientInfo,
  HouseTypeInfo,
  LightKind,
  ModelMount,
  OpeningKind,
  PavingFace,
  OpeningToolParams,
  PavingMode,
  RecordOfType,
  ToolName,
  RecordType,
  Vec2,
  Vec3,
  ViewMode,
  WallColor,
  WallDrawParams,
  WallFace,
  WallPanelStyle,
  WallType,
} from './records';

// The command map: the closed set of command names with their argument and result types.
// The kernel's registry (kernel-worker/commands/registry.ts) must implement exactly these names;
// the compiler holds both sides to it. Lengths in millimetres, angles in radians (records.ts).

type Fields<T extends RecordType> = Omit<RecordOfType<T>, 'id' | 'type'>;

/** `<type>.update`: the id and any fields to change; the result is validated as a whole record. */
export type UpdateArgs<T extends RecordType> = { readonly id: string } & { readonly [K in keyof Fields<T>]?: Fields<T>[K] };
/** A cabinet's own fields a command may set (the rest come from its kind's defaults). */
export type CabinetOptions = { readonly [K in Exclude<keyof Fields<'cabinet'>, 'storeyId' | 'cabinetKind' | 'name' | 'position' | 'rotation' | 'width' | 'hidden'>]?: Fields<'cabinet'>[K] } & {
  readonly width?: number;
};
/** `<type>.remove`: also removes the records that depend on it (a wall's openings, a storey's walls …). */
export interface RemoveArgs {
  readonly id: string;
}
export interface AddResult {
  readonly id: string;
}
/**
 * Every `<type>.add` takes an optional id chosen by the caller, so that one batch can add a record
 * and others that refer to it (a wall and the door on it). It must match the record id pattern
 * (letters, digits and _ . : / -, at most 128: INVALID_ARGS) and not be taken yet (COMMAND_FAILED).
 * Without it the kernel makes one.
 */
/** Where a library material goes (material.apply). */
export type MaterialTarget =
  | { readonly kind: 'wall'; readonly id: string; readonly face: 'left' | 'right' }
  | { readonly kind: 'room'; readonly id: string; readonly face: 'floor' | 'ceiling' }
  | { readonly kind: 'model'; readonly id: string; readonly part: string };

export interface ChosenId {
  readonly id?: string;
}

export interface CommandMap {
  /** Builds the default rectangular room (new OEM-mode room 6000 x 5000, walls 240 thick). */
  'scene.createDefaultRoom': {
    args: { width?: number; depth?: number; wallThickness?: number; wallHeight?: number };
    result: { roomId: string; wallIds: string[] };
  };

  /** Scene-level fields; client fields merge into the current client info. */
  'meta.update': {
    args: {
      name?: string;
      style?: string;
      roomType?: number;
      isUseStackWall?: 0 | 1;
      hasMeasuringSize?: boolean;
      client?: Partial<ClientInfo>;
      /** replaces the house type whole */
      houseType?: HouseTypeInfo;
    };
    result: null;
  };

  /** Defaults: index above the top storey, elevation on top of it, its layer height (else 2800), name `<n>F`. */
  'storey.add': {
    args: ChosenId & { index?: number; name?: string; elevation?: number; layerHeight?: number };
    result: AddResult;
  };
  'storey.update': { args: UpdateArgs<'storey'>; result: null };
  'storey.remove': { args: RemoveArgs; result: null };
  /** A new storey on top with copies of the source storey's walls, openings, rooms and what is in them. */
  'storey.copy': { args: ChosenId & { sourceId: string; name?: string }; result: AddResult };

  /** storeyId defaults to the current storey; thickness 240, height the storey's layer height. */
  'wall.add': {
    args: ChosenId & { storeyId?: string; start: Vec2; end: Vec2; thickness?: number; height?: number; wallType?: WallType; color?: WallColor };
    result: AddResult;
  };
  /** `color: null` takes the wall back to the default look. */
  'wall.update': { args: Omit<UpdateArgs<'wall'>, 'color'> & { readonly color?: WallColor | null }; result: null };
  'wall.remove': { args: RemoveArgs; result: null };
  /** Splits a wall at `at` mm from its start; the first piece keeps the id, openings go with their piece. */
  'wall.split': { args: { id: string; at: number }; result: { ids: [string, string] } };
  /**
   * Moves one end of a wall; the ends of other walls joined at that point follow (detach: only this
   * wall). Openings keep their place along the wall.
   */
  'wall.moveEnd': { args: { id: string; end: 'start' | 'end'; to: Vec2; detach?: boolean }; result: null };
  /** Moves a whole wall by a plan offset; walls joined at its ends stretch to follow. */
  'wall.move': { args: { id: string; by: Vec2 }; result: null };

  /**
   * Builds or extends a plan in one undoable step: walls (crossing walls are split, rooms detected
   * as if drawn by hand) and openings on them. An opening's `wall` is an index into `walls` or the
   * id of a wall already in the scene. See docs/plans-as-data.md.
   */
  'plan.build': {
    args: {
      storeyId?: string;
      walls: readonly PlanWallInput[];
      openings?: readonly PlanOpeningInput[];
      /** join loose wall ends that stop within a wall's thickness of another wall (default true) */
      join?: boolean;
      /** stairwells and voids in the storey's floor */
      floorOpenings?: readonly PlanFloorOpeningInput[];
    };
    result: { wallIds: string[]; openingIds: string[]; roomIds: string[]; floorOpeningIds: string[] };
  };

  /**
   * A plan read from another tool's file (IFC, Sweet Home 3D: protocol/plan-import.ts) as one
   * undoable step: each storey into the existing storey of the same place when that one has no
   * walls yet, else into a new storey on top; walls as plan.build builds them; doors and windows
   * that fit; rooms named from the file's spaces. What did not fit is counted, never refused.
   */
  'plan.import': {
    args: { storeys: readonly ImportedStorey[] };
    result: PlanImportResult;
  };

  /**
   * The opening must lie within its wall, clear of joints and other openings. Size and elevation
   * default per kind (catalogues.md §9): window 1200 x 1500 at 800, single door 800 x 2000, double
   * door 1200 x 2000, wider doors 1600 x 2000, large opening 3200 x 2300 at 0.
   */
  'opening.add': {
    args: ChosenId & {
      wallId: string;
      kind: OpeningKind;
      offset: number;
      width?: number;
      height?: number;
      elevation?: number;
      flipSide?: boolean;
      flipHinge?: boolean;
    };
    result: AddResult;
  };
  'opening.update': { args: UpdateArgs<'opening'>; result: null };
  'opening.remove': { args: RemoveArgs; result: null };

  /** storeyId defaults to the current storey; height to the storey's layer height. */
  'room.add': {
    args: ChosenId & { storeyId?: string; name?: string; roomType?: number; outline: Vec2[]; height?: number };
    result: AddResult;
  };
  'room.update': { args: UpdateArgs<'room'>; result: null };
  'room.remove': { args: RemoveArgs; result: null };

  /**
   * Without a position the kernel places it by its mount (default floor): in roomId, else the
   * storey's largest room, else the middle of its walls (geometry/placement.ts); rotation then
   * comes from the placement (a wall piece turns its back to the wall).
   */
  'model.add': {
    args: ChosenId & {
      storeyId?: string;
      modelId: string;
      name?: string;
      /** absent: the kernel places it (in roomId, else the storey's largest room) by its mount */
      position?: Vec3;
      rotation?: number;
      size: Vec3;
      /** the catalogue's files and mount (ModelRecord): absent, the model is a box */
      gltfUrl?: string;
      lowGltfUrl?: string;
      mount?: ModelMount;
      /** the catalogue's resizable (absent: resizable) */
      resizable?: boolean;
      roomId?: string;
    };
    result: AddResult;
  };
  'model.update': { args: UpdateArgs<'model'>; result: null };
  'model.remove': { args: RemoveArgs; result: null };
  /**
   * Settles a model where it stands after a change of size (a replacement, catalogues.md §4): out
   * of any wall it now reaches into, flush to a wall face it nearly touches, a surface piece on top
   * of what is under it. Changes nothing when it already stands well.
   */
  'model.settle': { args: { id: string }; result: null };

  'paving.add': {
    args: ChosenId & {
      surface: { id: string; face: PavingFace };
      tileCode: string;
      tileWidth: number;
      tileHeight: number;
      gap?: number;
      rotation?: number;
      offset?: Vec2;
      mode?: PavingMode;
      image?: string;
    };
    result: AddResult;
  };
  /**
   * Lays a catalogue tile on a surface: the surface's paving takes the tile (code, size, texture,
   * mix mode) and keeps its joint, angle and start; a surface without one gets a new paving.
   */
  'paving.lay': {
    args: {
      surface: { id: string; face: PavingFace };
      tileCode: string;
      tileWidth: number;
      tileHeight: number;
      image?: string;
      mode?: PavingMode;
    };
    result: AddResult;
  };
  'paving.update': { args: UpdateArgs<'paving'>; result: null };
  'paving.remove': { args: RemoveArgs; result: null };

  /** Defaults: elevation the room's height, thickness 100. */
  'ceiling.add': { args: ChosenId & { roomId: string; elevation?: number; thickness?: number }; result: AddResult };
  'ceiling.update': { args: UpdateArgs<'ceiling'>; result: null };
  'ceiling.remove': { args: RemoveArgs; result: null };

  /** Defaults: the current storey, a point light, white, intensity 1. */
  'light.add': {
    args: ChosenId & { storeyId?: string; kind?: LightKind; position: Vec3; color?: string; intensity?: number };
    result: AddResult;
  };
  'light.update': { args: UpdateArgs<'light'>; result: null };
  'light.remove': { args: RemoveArgs; result: null };

  /**
   * Wainscoting on one face of a wall. Defaults: the face looking into a room (left when both or
   * neither do), 0 to 1200 high, 18 thick, the whole face, brown, flat.
   */
  'wallPanel.add': {
    args: ChosenId & {
      wallId: string;
      face?: WallFace;
      bottom?: number;
      top?: number;
      thickness?: number;
      start?: number;
      end?: number;
      color?: WallColor;
      style?: WallPanelStyle;
    };
    result: AddResult;
  };
  'wallPanel.update': { args: UpdateArgs<'wallPanel'>; result: null };
  'wallPanel.remove': { args: RemoveArgs; result: null };

  /**
   * A custom cabinet (protocol/cabinets.ts). What it is not told comes from its kind's standard
   * sizes. With wallId it stands with its back against that wall's face looking into a room (or
   * `face`), its centre `along` the wall from its start (default: the middle); with position it
   * stands there; with neither, against the wall nearest the middle of the storey's largest room.
   */
  'cabinet.add': {
    args: ChosenId & CabinetOptions & {
      storeyId?: string;
      cabinetKind: CabinetKind;
      name?: string;
      position?: Vec3;
      rotation?: number;
      wallId?: string;
      face?: WallFace;
      along?: number;
    };
    result: AddResult;
  };
  'cabinet.update': { args: UpdateArgs<'cabinet'>; result: null };
  'cabinet.remove': { args: RemoveArgs; result: null };

  /**
   * A floor opening (stairwell 楼梯洞口, void 挖洞) on a storey (default the current one): a simple
   * outline at least FLOOR_OPENING_MIN_SIZE across (else refused, FLOOR_OPENING_REFUSALS). It
   * cuts the storey's floors and the ceilings of the storey below and is not room area.
   */
  'floorOpening.add': {
    args: ChosenId & { storeyId?: string; outline: readonly Vec2[]; kind?: FloorOpeningKind; name?: string };
    result: AddResult;
  };
  /** Moves (a new outline), reshapes, changes kind or name; the same refusals as add. */
  'floorOpening.update': { args: UpdateArgs<'floorOpening'>; result: null };
  'floorOpening.remove': { args: RemoveArgs; result: null };
  /**
   * Fills the line from start to end with a run of standard-width units of one kind, their backs
   * on the line and their fronts to its `side` (default left, looking from start to end; with
   * wallId: the line is moved onto that wall's face on that side, the side looking into a room
   * by default), and a filler (调整板) for the rest at `fillers` (default the end). Cabinets already
   * standing in the run's space (within its depth in front of the line, at its heights) are left
   * where they are: each free stretch either side of them is filled on its own.
   */
  'cabinet.fillRun': {
    args: CabinetOptions & {
      storeyId?: string;
      cabinetKind: 'base' | 'wall' | 'tall' | 'wardrobe';
      /** with wallId, absent: the wall's whole length less half its thickness at each end (its face in a rectangular room) */
      start?: Vec2;
      end?: Vec2;
      wallId?: string;
      side?: WallFace;
      /** the widths to choose from; default the kind's standard ones (geometry/cabinet-run.ts) */
      widths?: number[];
      /** where the filler goes; absent: at the end, or at the start when only the end is in the open (it scribes to a wall) */
      fillers?: 'start' | 'end' | 'both';
      /** height of the units' bottom above the floor; default the kind's (1450 for wall units) */
      z?: number;
      /**
       * an end panel (见光板) on the outer side of each run end left in the open (no wall and no
       * cabinet there), its thickness kept out of the run's length; false: none. Absent: true.
       * endPanelLeft / endPanelRight are not applied to every unit of a run.
       */
      endPanels?: boolean;
    };
    result: { ids: string[]; units: number[]; fillers: number[] };
  };
  /**
   * The worktop over a base unit (kernel-worker/geometry/worktop.ts): its material ('none': no
   * worktop over these units) and backsplash height (0: none), written on every unit of the worktop
   * the unit `id` is part of (a unit with none: that unit alone), as one step.
   */
  'cabinet.setWorktop': {
    args: { id: string; worktopMaterial?: WorktopChoice; backsplash?: number };
    result: { ids: string[] };
  };

  /** Removes document records of any type (the Delete key on a selection), with their dependants. */
  /**
   * Puts a library material on a wall face, a room's floor or ceiling, or a model's part (the
   * name of the GLB material it is drawn with); null takes it off again (the surface shows its
   * paving or default look, the part its own material). One undo step.
   */
  'material.apply': { args: { target: MaterialTarget; material: AppliedMaterial | null }; result: null };
  'records.remove': { args: { ids: string[] }; result: { removed: string[] } };

  /** Ids must name document records; duplicates collapse. Not undoable. */
  'selection.set': { args: { ids: string[] }; result: null };

  'view.setMode': { args: { mode: ViewMode }; result: null };
  'view.setCamera': { args: { view: CameraView }; result: null };
  'view.setStorey': { args: { storeyId: string }; result: null };
  'view.setMaterialMode': { args: { on: boolean }; result: null };
  /** Zoom and pan of the 2D plan view; null frames the content. */
  'view.setPlan': { args: { plan: PlanFrameArg | null }; result: null };

  /** Picks the active tool and/or changes its parameters. Not undoable. */
  'tool.set': {
    args: { tool?: ToolName; draw?: Partial<WallDrawParams>; opening?: Partial<OpeningToolParams>; floorOpening?: { kind?: FloorOpeningKind } };
    result: null;
  };

  /**
   * Several commands as one atomic operation and one undo step: the first failure rolls back all
   * of them and is reported as `batch` with the failing entry's index, name and code.
   */
  batch: { args: { commands: readonly BatchEntry[] }; result: { results: readonly BatchResult[] } };
}

export interface PlanWallInput {
  readonly id?: string;
  readonly start: Vec2;
  readonly end: Vec2;
  readonly thickness?: number;
  readonly height?: number;
  readonly wallType?: WallType;
  readonly color?: WallColor;
}

export interface PlanOpeningInput {
  readonly id?: string;
  /** index into the command's `walls`, or the id of a wall already in the scene */
  readonly wall: number | string;
  readonly kind: OpeningKind;
  /** mm from the wall's start to the opening's centre */
  readonly offset: number;
  readonly width?: number;
  readonly height?: number;
  readonly elevation?: number;
  readonly flipSide?: boolean;
  readonly flipHinge?: boolean;
}

export interface PlanFloorOpeningInput {
  readonly id?: string;
  /** plan mm, either winding */
  readonly outline: readonly Vec2[];
  readonly kind: FloorOpeningKind;
  readonly name?: string;
}

export interface PlanFrameArg {
  readonly centre: Vec2;
  readonly pxPerMm: number;
}

export type CommandName = keyof CommandMap;
export type CommandArgs<N extends CommandName> = CommandMap[N]['args'];
export type CommandResult<N extends CommandName> = CommandMap[N]['result'];

/** Batches do not nest: a batch is already one step. */
export type BatchableName = Exclude<CommandName, 'batch'>;
export type BatchEntry = { [N in BatchableName]: { readonly name: N; readonly args: CommandArgs<N> } }[BatchableName];
export type BatchResult = CommandResult<BatchableName>;

/** A typed batch entry: `batchEntry('wall.add', { start, end })`. */
export function batchEntry<N extends BatchableName>(name: N, args: CommandArgs<N>): BatchEntry {
  return { name, args } as BatchEntry;
}

/** Whether a command's transaction enters the undo history. */
export type HistoryIntent = 'undoable' | 'none';
