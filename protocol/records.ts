// Scene records: plain JSON, keyed by id, never mutated in place (a change makes a new object).
// Lengths are millimetres, angles radians, plan coordinates are x (east) / y (north) on the floor.

import type { CabinetDoorType, CabinetFitting, CabinetKind, DoorShape, SinkType, TextureDir, WorktopChoice } from './cabinets';
import type { RefusalReason } from './errors';
import type { BoardThickness } from './quote-numbers';

export interface Vec2 {
  readonly x: number;
  readonly y: number;
}

/** A point in a storey: x/y on the plan, z up from the storey's floor. */
export interface Vec3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** document records are saved, undoable and backed up; session records are none of these. */
export type RecordScope = 'document' | 'session';

/** View modes of core.md §4: material 0, wireframe 1, material + wireframe 2, transparent wireframe 3. */
export const VIEW_MODES = [0, 1, 2, 3] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

/** Camera views of core.md §4: bird eye 0, roam 1, top 2, look down 3, look up 4, surface 5. */
export const CAMERA_VIEWS = [0, 1, 2, 3, 4, 5] as const;
export type CameraView = (typeof CAMERA_VIEWS)[number];

export type WallType = 'normal' | 'loadBearing' | 'partition';

/**
 * Door/window element types of catalogues.md §3, numbered 0-16: window 0, single door 1, double
 * door 2, sliding door 3, folding door 4, balcony door 5, bay window 6, wall hole, barrier 9,
 * niche 10, balcony, son-mother door, glass screen wall, glass partition, door frame, model bay window.
 */
export const OPENING_KINDS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16] as const;
export type OpeningKind = (typeof OPENING_KINDS)[number];

/** Paving mix modes of catalogues.md §3: none "0", rotated "2", multi-tile "3". */
export const PAVING_MODES = ['0', '2', '3'] as const;
export type PavingMode = (typeof PAVING_MODES)[number];

/** Which face a paving covers: a room's floor or ceiling, or one side of a wall (seen from its start, left or right). */
export const PAVING_FACES = ['floor', 'ceiling', 'left', 'right'] as const;
export type PavingFace = (typeof PAVING_FACES)[number];

export const LIGHT_KINDS = ['point', 'spot', 'area'] as const;
export type LightKind = (typeof LIGHT_KINDS)[number];

interface RecordBase<T extends string> {
  readonly id: string;
  readonly type: T;
}

/** One custom_client_info entry: a client field by its GetClientData key, and its text. */
export interface ClientInfoEntry {
  /** ClientName, ClientTel, OrderNo, ClientAddress, Remark … */
  readonly key: string;
  readonly Remark: string;
}

/** The scene's client (core.md §3 "Client or customer"); empty strings when unknown. */
export interface ClientInfo {
  readonly name: string;
  readonly phone: string;
  readonly id: string;
  readonly address: string;
  readonly order_number: string;
  /**
   * core.md §3's custom_client_info: key/Remark entries the client was given beyond the fields
   * above (the entry keyed Remark is the client's remark, which names MLS exports). Absent: none.
   */
  readonly custom_client_info?: readonly ClientInfoEntry[];
}

/**
 * The house type a scheme was started with (catalogues.md §3 new-scheme defaults roomNumber,
 * bedroomNumber, parlourNumber, bathroomNumber, clientBuilding). 室 / 厅 / 卫 are counts;
 * roomNumber is their total as the designer entered it.
 */
export interface HouseTypeInfo {
  readonly roomNumber: number;
  readonly bedroomNumber: number;
  readonly parlourNumber: number;
  readonly bathroomNumber: number;
  /** clientBuilding: the residential compound (小区 / 楼盘); '' when unknown */
  readonly building: string;
}

/** The one scene-level record (fixed id, see kernel-worker/kinds/meta/record.ts META_ID). */
export interface MetaRecord extends RecordBase<'meta'> {
  readonly name: string;
  readonly style: string;
  /** 100 means multi-room (core.md §3). */
  readonly roomType: number;
  readonly isUseStackWall: 0 | 1;
  readonly hasMeasuringSize: boolean;
  readonly client: ClientInfo;
  /** Absent in scenes made before house types were kept (and in those never given one). */
  readonly houseType?: HouseTypeInfo;
}

export interface StoreyRecord extends RecordBase<'storey'> {
  readonly index: number;
  readonly name: string;
  readonly elevation: number;
  readonly layerHeight: number;
}

export interface WallRecord extends RecordBase<'wall'> {
  readonly storeyId: string;
  readonly start: Vec2;
  readonly end: Vec2;
  readonly thickness: number;
  readonly height: number;
  readonly wallType: WallType;
  /** A colour of WALL_COLORS for the wall's paint in 3D and its fill in the plan; absent = the default look. */
  readonly color?: WallColor;
  /** Library materials on its faces (left and right seen from its start), drawn over a paving there. */
  readonly materials?: SurfaceMaterials<'left' | 'right'>;
}

/**
 * catalogues.md §3 draw parameter `color`: a colour name mapped to RGB (13 colours). Names are what
 * records store, so a palette tweak changes every wall painted with it and no file needs migrating.
 */
export const WALL_COLORS = {
  white: 0xf4f2ee,
  ivory: 0xefe6cf,
  beige: 0xdcc9a6,
  lightGrey: 0xc9cbcd,
  grey: 0x8e9296,
  darkGrey: 0x55595e,
  black: 0x2b2d30,
  brown: 0x7a5234,
  red: 0xb8473d,
  orange: 0xdb8a3a,
  yellow: 0xe2c04a,
  green: 0x5f8f5a,
  blue: 0x4c74a8,
} as const satisfies Readonly<Record<string, number>>;
export type WallColor = keyof typeof WALL_COLORS;
export const WALL_COLOR_NAMES = Object.keys(WALL_COLORS) as readonly WallColor[];

export interface RoomRecord extends RecordBase<'room'> {
  readonly storeyId: string;
  readonly name: string;
  /** Room type code of catalogues.md §3 (0 unnamed). */
  readonly roomType: number;
  /** Inner outline (inside faces of the walls), counter-clockwise. */
  readonly outline: readonly Vec2[];
  readonly height: number;
  /** Library materials on its floor and its own ceiling, drawn over a paving there. */
  readonly materials?: SurfaceMaterials<'floor' | 'ceiling'>;
}

/** A door or window set into a wall. */
export interface OpeningRecord extends RecordBase<'opening'> {
  readonly wallId: string;
  readonly kind: OpeningKind;
  /** distance along the wall's centre line from its start to the opening's centre */
  readonly offset: number;
  readonly width: number;
  readonly height: number;
  /** sill height above the storey floor (0 for doors) */
  readonly elevation: number;
  /** opens towards the wall's right side (seen from its start) instead of its left */
  readonly flipSide: boolean;
  /** hinged on the other jamb */
  readonly flipHinge: boolean;
}

/** An instance of a catalogue item (furniture, fixture …). */
export interface ModelRecord extends RecordBase<'model'> {
  readonly storeyId: string;
  /** the catalogue's model id */
  readonly modelId: string;
  readonly name: string;
  /** the centre of the model's footprint at its base; z above the storey floor */
  readonly position: Vec3;
  /** about the vertical axis, counter-clockwise seen from above */
  readonly rotation: number;
  /** placed size (catalogue sizex, sizey, sizez, after any resize) */
  readonly size: Vec3;
  /**
   * Address of the model's GLB (the catalogue's gltf_url: a /files/ path on this server or an
   * http(s) URL, like a paving's image). Absent: a box of its size stands in. Its plan symbol lies
   * beside it (`<model>.plan.json`, see modelPlanSymbolUrl).
   */
  readonly gltfUrl?: string;
  /** Address of its low-poly GLB (low_gltf_url), drawn instead when the renderer's lowPolyModels is on. */
  readonly lowGltfUrl?: string;
  /** Where it stands when placed (the catalogue's type): kept for placement and snapping. */
  readonly mount?: ModelMount;
  /** Hidden with Ctrl+H: not drawn in 3D or the plan and not picked until shown again (absent: shown). */
  readonly hidden?: boolean;
  /**
   * The catalogue's `resizable`: false for a piece made in fixed sizes (an appliance, a sanitary
   * fitting), whose size the properties then show but do not edit (absent: resizable, as boxes are).
   */
  readonly resizable?: boolean;
  /**
   * Library materials replacing its parts' own, by part: the name of the GLB material the part is
   * drawn with (the generators write one primitive per material, named by role: fabric_linen,
   * wood_oak …), so a part keeps its name whatever is applied to it.
   */
  readonly materials?: { readonly [part: string]: AppliedMaterial };
}

/**
 * A material of the library (MaterialLib) applied to a surface or a model part. Everything the
 * renderer needs is embedded, so a saved scene draws the same without the catalogue.
 */
export interface AppliedMaterial {
  /** the catalogue row id (History, favourites) */
  readonly id: number;
  readonly materialId: string;
  readonly name: string;
  /** '#rrggbb' sRGB base colour; it multiplies the map */
  readonly color: string;
  readonly roughness: number;
  readonly metalness: number;
  /** below 1: see-through (glass); absent = 1 */
  readonly opacity?: number;
  /** base-colour texture (this server's /files/ or http(s), as TILE_IMAGE_PATTERN) */
  readonly map?: string;
  readonly normalMap?: string;
  /** real-world size of one texture repeat, mm */
  readonly tileSize: number;
}

export type SurfaceMaterials<F extends string> = { readonly [K in F]?: AppliedMaterial };

export const MODEL_MOUNTS = ['floor', 'wall', 'ceiling', 'surface'] as const;
export type ModelMount = (typeof MODEL_MOUNTS)[number];

/** The plan symbol beside a model's GLB: `x.glb` or `x.low.glb` -> `x.plan.json`. */
export function modelPlanSymbolUrl(gltfUrl: string): string {
  return gltfUrl.replace(/(?:\.low)?\.glb(?=$|[?#])/i, '.plan.json');
}

/** A tile layout on one surface. */
export interface PavingRecord extends RecordBase<'paving'> {
  /** a room (faces floor, ceiling) or a wall (faces left, right) */
  readonly surface: { readonly id: string; readonly face: PavingFace };
  /** the tile catalogue's code */
  readonly tileCode: string;
  readonly tileWidth: number;
  readonly tileHeight: number;
  /** grout joint width */
  readonly gap: number;
  /** of the tile grid, counter-clockwise */
  readonly rotation: number;
  /** where the tile grid starts, in the surface's own 2D frame */
  readonly offset: Vec2;
  readonly mode: PavingMode;
  /**
   * Address of the tile's texture (the catalogue's `image`: a /files/ path on this server or an
   * http(s) URL). Absent: the view gives the surface a tone chosen by the tile code.
   */
  readonly image?: string;
}

/** Texture addresses a paving may name: this server's files or an http(s) URL, no spaces or quotes. */
export const TILE_IMAGE_PATTERN = /^(?:\/files\/|https?:\/\/)[^\s"'<>\\]{1,2000}$/;

/** A suspended ceiling over one room. */
export interface CeilingRecord extends RecordBase<'ceiling'> {
  readonly roomId: string;
  /** height of its underside above the storey floor */
  readonly elevation: number;
  readonly thickness: number;
}

export interface LightRecord extends RecordBase<'light'> {
  readonly storeyId: string;
  readonly kind: LightKind;
  readonly position: Vec3;
  /** #rrggbb */
  readonly color: string;
  /** candela, as three.js takes it */
  readonly intensity: number;
}

/** stair: a stairwell (drawn with treads and an up arrow); void: an open double-height space (a cross). */
export const FLOOR_OPENING_KINDS = ['stair', 'void'] as const;
export type FloorOpeningKind = (typeof FLOOR_OPENING_KINDS)[number];

/**
 * A hole in the floor of its storey (a stairwell, a void): it cuts that storey's floors and the
 * ceilings of the storey right below, and is not room area. `outline` is a simple plan polygon
 * (mm, either winding; stored counter-clockwise).
 */
export interface FloorOpeningRecord extends RecordBase<'floorOpening'> {
  readonly storeyId: string;
  readonly outline: readonly Vec2[];
  readonly kind: FloorOpeningKind;
  readonly name?: string;
}

/** The faces of a wall a wall panel may cover: its sides seen from its start (as pavings name them). */
export const WALL_FACES = ['left', 'right'] as const;
export type WallFace = (typeof WALL_FACES)[number];

/** flat: one plain board; framed: the board with raised rails along its top and bottom and stiles across it. */
export const WALL_PANEL_STYLES = ['flat', 'framed'] as const;
export type WallPanelStyle = (typeof WALL_PANEL_STYLES)[number];

/** Wainscoting (护墙板): boards covering one face of a wall between two heights. */
export interface WallPanelRecord extends RecordBase<'wallPanel'> {
  readonly wallId: string;
  readonly face: WallFace;
  /** above the storey floor */
  readonly bottom: number;
  readonly top: number;
  /** how far it stands proud of the wall face */
  readonly thickness: number;
  /** along the wall's centre line from its start; absent: from where the face begins */
  readonly start?: number;
  /** along the wall's centre line from its start; absent: to where the face ends */
  readonly end?: number;
  readonly color: WallColor;
  readonly style: WallPanelStyle;
}

/**
 * A parametric custom cabinet (定制柜: kitchen units, wardrobes; protocol/cabinets.ts has its
 * lists). Its carcass is a box of boards `width` x `depth` x `height` standing on its plinth; its
 * doors lie in front of it. Its parts (boards, doors, hardware) are derived, never stored
 * (kernel-worker/geometry/cabinet-parts.ts): the bill of materials reads them.
 */
export interface CabinetRecord extends RecordBase<'cabinet'> {
  readonly storeyId: string;
  readonly cabinetKind: CabinetKind;
  readonly name: string;
  /** the centre of the carcass's footprint, at the bottom of its plinth; z above the storey floor */
  readonly position: Vec3;
  /** about the vertical axis, counter-clockwise seen from above; 0: its front faces plan -y (south) */
  readonly rotation: number;
  readonly width: number;
  /** the carcass's, front doors not included */
  readonly depth: number;
  /** the carcass's, plinth not included */
  readonly height: number;
  /** carcass board thickness: 9, 18 or 25 (catalogues.md §5) */
  readonly board: BoardThickness;
  /** the carcass boards' material code (a CABINET_MATERIALS code, or the price list's) */
  readonly matCode: string;
  /** a 9 mm back panel between the sides (absent: open back, against a wall board) */
  readonly backPanel: boolean;
  /** toe-kick height under the carcass; 0: none (wall units, wardrobes standing on the floor) */
  readonly plinth: number;
  /** adjustable shelves in each section */
  readonly shelves: number;
  /** drawers: behind the doors, or the fronts themselves when doorType is 'drawers' */
  readonly drawers: number;
  /** a hanging rail (挂衣杆) in each section: wardrobes */
  readonly hangingRail: boolean;
  readonly doorType: CabinetDoorType;
  /** sliding doors' panels (2 to 4); ignored by other door types */
  readonly doorPanels: number;
  readonly doorShape: DoorShape;
  /** the doors' material code */
  readonly doorColor: string;
  readonly textureDir: TextureDir;
  /** a CABINET_HANDLES id; '' for none */
  readonly handleId: string;
  // Kitchen worktop choices (protocol/cabinets.ts), all optional: absent is a quartz worktop over
  // base units with nothing set into it, and no appliances. The worktop is derived, never stored.
  /** the worktop over this unit; absent: as the rest of its run (the lowest-id unit that says) */
  readonly worktopMaterial?: WorktopChoice;
  /** backsplash (后挡水) height along walls, mm; 0: none; absent: as the rest of its run (else none) */
  readonly backsplash?: number;
  /** a sink or hob set into the worktop over this unit (base units only) */
  readonly fitting?: CabinetFitting;
  /** a sink's bowls (absent: single) */
  readonly sinkType?: SinkType;
  /** built-in appliances ordered with this unit: KITCHEN_APPLIANCES codes */
  readonly appliances?: readonly string[];
  // Issue 14's editing fields, optional (absent: the old behaviour), kept together.
  /** a finished end panel (见光板) on the cabinet's left / right side (seen from the front), outside the carcass; absent: none */
  readonly endPanelLeft?: boolean;
  readonly endPanelRight?: boolean;
  /** hidden with Ctrl+H (as a model's): not drawn, not picked, not snapped to; absent: shown */
  readonly hidden?: boolean;
}

/**
 * Where the 2D plan view (camera 2) looks: the plan point at the canvas centre and the zoom in CSS
 * pixels per millimetre. null in ViewRecord.plan: framed to fit the current storey's content.
 */
export interface PlanFrame {
  readonly centre: Vec2;
  readonly pxPerMm: number;
}

/** Session record: how the user looks at the scene. Not saved, not undoable. */
export interface ViewRecord extends RecordBase<'view'> {
  readonly viewMode: ViewMode;
  readonly cameraView: CameraView;
  readonly currentStoreyId: string | null;
  /** material editing mode (core.md §4: undo and redo leave it first) */
  readonly materialMode: boolean;
  /** zoom and pan of the 2D plan view; null = fit the content */
  readonly plan: PlanFrame | null;
}

/** The interactive tools of the workspace (kernel-worker/tools). */
export const TOOL_NAMES = ['select', 'wall', 'opening', 'floorOpening'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** Which line of a drawn wall the pointer places (catalogues.md §3 drawMode). */
export const WALL_DRAW_MODES = ['centre', 'inner', 'outer'] as const;
export type WallDrawMode = (typeof WALL_DRAW_MODES)[number];

/** Wall draw parameters of catalogues.md §3 (drawMode, input, angle, snap, orthogonal snap, wallType, color). */
export interface WallDrawParams {
  readonly drawMode: WallDrawMode;
  readonly thickness: number;
  readonly height: number;
  readonly wallType: WallType;
  /** the colour new walls get; null = the default look */
  readonly color: WallColor | null;
  /** snap to wall endpoints, midpoints and lines */
  readonly snap: boolean;
  /** snap to 90° from the previous point */
  readonly orthogonal: boolean;
  /** snap to 15° steps from the previous point */
  readonly angle: boolean;
  /** typing digits while drawing sets the exact length */
  readonly input: boolean;
}

/** What the opening tool places (catalogues.md §3 and §9 defaults per kind). */
export interface OpeningToolParams {
  readonly kind: OpeningKind;
  readonly width: number;
  readonly height: number;
  readonly elevation: number;
}

export type SnapKind = 'endpoint' | 'midpoint' | 'line' | 'orthogonal' | 'angle' | 'none';

/** The live state of the tool in use, drawn by the plan view (preview, snap marker, typed length). */
export interface ToolPreview {
  /** wall tool: the segment being drawn (start fixed, end follows the pointer or the typed length) */
  readonly segment: { readonly start: Vec2; readonly end: Vec2 } | null;
  /** where the pointer snapped, and to what */
  readonly snap: { readonly point: Vec2; readonly kind: SnapKind } | null;
  /** digits typed so far (mm), '' when none */
  readonly typed: string;
  /** opening tool: the opening as it would be placed, or null where it cannot go */
  readonly opening: {
    readonly wallId: string;
    readonly offset: number;
    readonly width: number;
    readonly ok: boolean;
  } | null;
  /** floor-opening tool: the rectangle being drawn, ok when it can be cut there (absent or null: none) */
  readonly floorOpening?: { readonly outline: readonly Vec2[]; readonly ok: boolean } | null;
  /** a catalogue card being dragged over the view: where it would land (absent or null: none) */
  readonly model?: {
    readonly position: Vec3;
    readonly rotation: number;
    readonly size: Vec3;
  } | null;
}

/** Session record: the active tool, its parameters and its live preview. Not saved, not undoable. */
export interface ToolRecord extends RecordBase<'tool'> {
  readonly tool: ToolName;
  readonly draw: WallDrawParams;
  readonly opening: OpeningToolParams;
  /** the floor-opening tool's kind (absent: stair) */
  readonly floorOpening?: { readonly kind: FloorOpeningKind };
  readonly preview: ToolPreview | null;
  /** the record under the pointer (hover highlight), or null */
  readonly hoverId: string | null;
  /**
   * The last refusal an edit gesture met (a cabinet's gizmo resize to a width its doors do not
   * allow), numbered so the same reason met again is told again; absent or null: none.
   */
  readonly refused?: { readonly reason: RefusalReason; readonly seq: number } | null;
}

/** Session record: the selected record ids. */
export interface SelectionRecord extends RecordBase<'selection'> {
  readonly ids: readonly string[];
}

// Adding a record type: its interface here, a member of this union, a scope below, and its kind
// (kernel-worker/kinds/<type>/record.ts: fields, references, migrations, defaults, snapshot part).
export type SceneRecord =
  | MetaRecord
  | StoreyRecord
  | WallRecord
  | OpeningRecord
  | RoomRecord
  | ModelRecord
  | PavingRecord
  | CeilingRecord
  | LightRecord
  | WallPanelRecord
  | CabinetRecord
  | FloorOpeningRecord
  | ViewRecord
  | SelectionRecord
  | ToolRecord;
export type RecordType = SceneRecord['type'];
export type RecordOfType<T extends RecordType> = Extract<SceneRecord, { type: T }>;

export const RECORD_SCOPES = {
  meta: 'document',
  storey: 'document',
  wall: 'document',
  opening: 'document',
  room: 'document',
  model: 'document',
  paving: 'document',
  ceiling: 'document',
  light: 'document',
  wallPanel: 'document',
  cabinet: 'document',
  floorOpening: 'document',
  view: 'session',
  selection: 'session',
  tool: 'session',
} as const satisfies { readonly [T in RecordType]: RecordScope };

export type DocumentRecordType = { [T in RecordType]: (typeof RECORD_SCOPES)[T] extends 'document' ? T : never }[RecordType];
export type SessionRecordType = Exclude<RecordType, DocumentRecordType>;
export type DocumentRecord = RecordOfType<DocumentRecordType>;
