// Custom cabinets (issue 14: 定制 kitchens and wardrobes): the closed lists a cabinet record's
// fields take and the small catalogues (handles, board materials) the kernel checks them against,
// shared with the UI that offers them. Sizes in millimetres.

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
