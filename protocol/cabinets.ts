// Custom cabinets (issue 14: 定制 kitchens and wardrobes): the closed lists a cabinet record's
// fields take and the small catalogues (handles, board materials) the kernel checks them against,
// shared with the UI that offers them. Sizes in millimetres.

import { WORKTOP_MATERIALS, type WorktopMaterial } from './price-list';

/** base / wall / tall kitchen units, a blind corner base unit, a wardrobe unit, and a filler board closing a run. */
export const CABINET_KINDS = ['base', 'wall', 'tall', 'cornerBase', 'wardrobe', 'filler'] as const;
export type CabinetKind = (typeof CABINET_KINDS)[number];

/**
 * What closes its front: nothing, one or two hinged doors, sliding doors (趟门, `doorPanels` of
 * them), or drawer fronts (one per drawer, stacked).
 */
export const CABINET_DOOR_TYPES = ['none', 'single', 'double', 'sliding', 'drawers'] as const;
export type CabinetDoorType = (typeof CABINET_DOOR_TYPES)[number];

/** flat: a plain slab (平板门); shaker: a frame of rails and stiles around a recessed panel (框式门). */
export const DOOR_SHAPES = ['flat', 'shaker'] as const;
export type DoorShape = (typeof DOOR_SHAPES)[number];

/** textureDir: which way a board's wood grain runs along its cut height (vertical) or its width. */
export const TEXTURE_DIRS = ['vertical', 'horizontal'] as const;
export type TextureDir = (typeof TEXTURE_DIRS)[number];

export interface CabinetHandle {
  readonly id: string;
  readonly name: string;
  /** length along the door (mm): the door must be this long plus 2 x 30 mm where it is fixed */
  readonly length: number;
  readonly kinds: readonly CabinetKind[];
  readonly doors: readonly CabinetDoorType[];
}

const KITCHEN: readonly CabinetKind[] = ['base', 'wall', 'tall', 'cornerBase'];
const HINGED_OR_DRAWER: readonly CabinetDoorType[] = ['single', 'double', 'drawers'];

/**
 * The handles a cabinet may take (handleId; '' for none). A handle on a cabinet kind or door it
 * does not fit is catalogues.md §8's 拉手错误: a recessed kitchen profile on a wardrobe, a sliding
 * door's pull on a hinged door, a long bar on a door shorter than it.
 */
export const CABINET_HANDLES: readonly CabinetHandle[] = [
  { id: 'H128', name: '一字拉手 128', length: 128, kinds: ['base', 'wall', 'tall', 'cornerBase', 'wardrobe'], doors: HINGED_OR_DRAWER },
  { id: 'H320', name: '长条拉手 320', length: 320, kinds: ['tall', 'wardrobe'], doors: ['single', 'double'] },
  { id: 'KNOB', name: '圆形拉手', length: 30, kinds: ['base', 'wall', 'tall', 'cornerBase', 'wardrobe'], doors: HINGED_OR_DRAWER },
  { id: 'GOLA', name: '隐形拉槽', length: 0, kinds: KITCHEN, doors: HINGED_OR_DRAWER },
  { id: 'SLIDE', name: '趟门拉手', length: 400, kinds: ['wardrobe', 'tall'], doors: ['sliding'] },
];

export function cabinetHandle(id: string): CabinetHandle | undefined {
  return CABINET_HANDLES.find((h) => h.id === id);
}

/** Board materials (matCode -> colour) until the price list names them; an unknown code is drawn in a tone picked from the code. */
export const CABINET_MATERIALS: readonly { readonly code: string; readonly name: string; readonly colour: number }[] = [
  { code: 'W01', name: '暖白', colour: 0xf1ede4 },
  { code: 'G02', name: '浅灰', colour: 0xc8c7c2 },
  { code: 'O03', name: '橡木', colour: 0xc39a6b },
  { code: 'N04', name: '胡桃木', colour: 0x7b5437 },
  { code: 'B05', name: '墨黑', colour: 0x303033 },
  { code: 'S06', name: '奶咖', colour: 0xb9a486 },
];

/** The least a cabinet of each kind may measure (width, depth, height): below it no door or shelf fits. */
export const CABINET_MIN_SIZE: { readonly [K in CabinetKind]: { readonly width: number; readonly depth: number; readonly height: number } } = {
  base: { width: 150, depth: 250, height: 300 },
  wall: { width: 150, depth: 200, height: 200 },
  tall: { width: 150, depth: 250, height: 1200 },
  cornerBase: { width: 700, depth: 400, height: 300 },
  wardrobe: { width: 300, depth: 350, height: 1000 },
  filler: { width: 10, depth: 18, height: 100 },
};

/** The largest of any cabinet: its sides, top and bottom are cut from 2750 x 1220 mm sheets. */
export const CABINET_MAX_SIZE = { width: 2700, depth: 1200, height: 2700 } as const;

/** The kinds' names as a Chinese quote and factory order write them (the UI says them through lingui). */
export const CABINET_KIND_NAMES_ZH: { readonly [K in CabinetKind]: string } = {
  base: '地柜',
  wall: '吊柜',
  tall: '高柜',
  cornerBase: '转角地柜',
  wardrobe: '衣柜',
  filler: '调整板',
};

/**
 * What a cabinet is called where it is listed (the properties title, the quote): its name, or
 * for an unnamed one its kind and width (地柜 600, 吊柜 800), as a dealer reads a run off a
 * drawing. Not numbered per room: a number would change under the designer as units are added
 * and removed, and the quote already groups the cabinets by room.
 */
export function cabinetLabel(c: { readonly name: string; readonly cabinetKind: CabinetKind; readonly width: number }, kindName: (kind: CabinetKind) => string = (k) => CABINET_KIND_NAMES_ZH[k]): string {
  const name = c.name.trim();
  return name !== '' ? name : `${kindName(c.cabinetKind)} ${Math.round(c.width)}`;
}

/** Sliding doors: 2 to 4 panels. */
export const SLIDING_PANELS = { min: 2, max: 4 } as const;

// -- Kitchen worktops (台面): the designer's choices, kept as optional fields on the base units
// (CabinetRecord.worktopMaterial, backsplash, fitting, sinkType, appliances). The worktop itself is
// never stored: kernel-worker/geometry/worktop.ts derives it from the base run every time, so it
// cannot go stale when a unit moves. Sizes in millimetres.

/** What a base run's worktop is made of; 'none': no worktop over this unit (a laundry, a desk). */
export const WORKTOP_CHOICES = [...WORKTOP_MATERIALS, 'none'] as const;
export type WorktopChoice = (typeof WORKTOP_CHOICES)[number];
/** The worktop of a unit that says nothing (absent worktopMaterial). */
export const DEFAULT_WORKTOP_MATERIAL: WorktopMaterial = 'quartz';

/** Slab thickness per material: quartz 15, sintered stone 12, stainless folded to a 20 mm edge. */
export const WORKTOP_THICKNESS: Readonly<Record<WorktopMaterial, number>> = { quartz: 15, sinteredStone: 12, stainless: 20 };
/** How far the worktop stands out past the unit fronts (over the doors' 18 mm and a drip edge). */
export const WORKTOP_OVERHANG = 20;
/** The longest piece a slab is cut in; a longer leg is split into equal pieces. */
export const WORKTOP_MAX_PIECE = 3000;
/** Backsplash (后挡水) heights a designer may choose; 0 or absent: none. */
export const BACKSPLASH_LIMITS = { min: 20, max: 300, standard: 50 } as const;

/** What is set into the worktop over a unit. */
export const CABINET_FITTINGS = ['none', 'sink', 'hob'] as const;
export type CabinetFitting = (typeof CABINET_FITTINGS)[number];
export const SINK_TYPES = ['single', 'double'] as const;
export type SinkType = (typeof SINK_TYPES)[number];

/** A cut-out in the worktop (width across the unit, depth front to back) and how deep its bowl goes. */
export interface FittingCutout {
  readonly width: number;
  readonly depth: number;
  /** a sink's bowl below the worktop's top; 0 for a hob (it sits on top) */
  readonly bowl: number;
}

/** Typical undermount sinks and a two-burner hob's cut-out. */
export const FITTING_CUTOUTS: { readonly single: FittingCutout; readonly double: FittingCutout; readonly hob: FittingCutout } = {
  single: { width: 500, depth: 400, bowl: 200 },
  double: { width: 760, depth: 420, bowl: 200 },
  hob: { width: 650, depth: 350, bowl: 0 },
};
/** The hob's glass top standing on the worktop around its cut-out. */
export const HOB_TOP = { width: 760, depth: 450, height: 12 } as const;

/** The cut-out a unit's fitting needs; null for none. */
export function fittingCutout(c: { readonly fitting?: CabinetFitting; readonly sinkType?: SinkType }): FittingCutout | null {
  if (c.fitting === 'sink') return FITTING_CUTOUTS[c.sinkType ?? 'single'];
  if (c.fitting === 'hob') return FITTING_CUTOUTS.hob;
  return null;
}

/** Built-in appliances (price list codes, 方太电器) and what they need of the unit they go on. */
export const APPLIANCE_PLACES = ['hob', 'hood', 'sink', 'builtIn'] as const;
export type AppliancePlace = (typeof APPLIANCE_PLACES)[number];
export const KITCHEN_APPLIANCES: readonly { readonly code: string; readonly name: string; readonly place: AppliancePlace }[] = [
  { code: 'FT-HOB-TH33B', name: '方太燃气灶 TH33B', place: 'hob' },
  // The hood hangs over the hob: it is ordered with the hob's unit (or the wall unit above it).
  { code: 'FT-HOOD-JQ26TS', name: '方太吸油烟机 JQ26TS', place: 'hood' },
  { code: 'FT-DISH-X9', name: '方太水槽洗碗机 X9', place: 'sink' },
  { code: 'FT-STEAM-E2', name: '方太嵌入式蒸烤一体机 E2', place: 'builtIn' },
  { code: 'FT-DISINF-J45ES', name: '方太消毒柜 J45ES', place: 'builtIn' },
];
/** What a unit given a hob in the UI orders with it unless the designer says otherwise. */
export const DEFAULT_HOB_APPLIANCES: readonly string[] = ['FT-HOB-TH33B', 'FT-HOOD-JQ26TS'];

export function kitchenAppliance(code: string) {
  return KITCHEN_APPLIANCES.find((a) => a.code === code);
}

/** Units a worktop runs over: base units and the blind corner; fillers between them join them. */
export const WORKTOP_KINDS: readonly CabinetKind[] = ['base', 'cornerBase'];
