import { cabinetHandle, type DoorShape, type TextureDir } from '../../protocol/cabinets';
import type { CabinetRecord } from '../../protocol/records';

// A cabinet's parts, derived from its record: the boards it is cut from, its fronts and its
// hardware (the bill of materials' basis), and the same parts as placed boxes (what the 3D view
// draws), computed together so the picture and the quote never disagree. Pure; millimetres.
//
// Construction (the common 32 mm-system carcass of Chinese custom furniture):
// - the two sides (侧板) run the full carcass height and depth; top (顶板) and bottom (底板) sit
//   between them, short of the back by the back panel;
// - the back panel (背板, 9 mm) fits between the sides over the full height, behind top and
//   bottom, one piece per section;
// - a carcass wider inside than SECTION_MAX is split into equal sections by dividers (中立板)
//   between top and bottom; shelves (层板), drawers and a hanging rail repeat in each section;
// - shelves stand back from the front: SHELF_SETBACK behind hinged doors, the sliding zone's
//   depth behind sliding doors (their tracks run inside the carcass's front);
// - the toe kick (踢脚板) is one board across the width, set back PLINTH_SETBACK under the front;
// - hinged doors and drawer fronts overlay the carcass front: they tile it with FRONT_GAP between
//   neighbours and half of it at the outer edges; sliding panels fill the opening between the
//   sides, top and bottom, overlapping by SLIDING_OVERLAP where they pass;
// - a blind corner unit's door covers its open part (width - depth - BLIND_MARGIN, from its
//   left), a blind panel (盲板) the part hidden behind the run meeting it;
// - a filler (调整板) is one front board closing a run, on its toe kick;
// - an end panel (见光板) is a board in the fronts' material against a side left in view, outside
//   the carcass (it adds its thickness to the cabinet's footprint: cabinetFootprint), from the
//   floor over the toe kick to the carcass's top, from the back to the doors' face.
// Cut sizes: `width` x `height` as a board stands (sides, back, dividers, fronts, toe kick:
// width across, height up); lying boards (top, bottom, shelves) give width across the cabinet
// and their depth as `height`. Grain ('vertical' = along `height`): standing boards along their
// height, lying boards and the toe kick along the cabinet's width, fronts as the record says.

export const BACK_THICKNESS = 9;
export const FRONT_THICKNESS = 18;
export const SLIDING_THICKNESS = 20;
export const FRONT_GAP = 3;
export const SECTION_MAX = 1200;
export const SHELF_SETBACK = 20;
export const SLIDING_ZONE = 100;
export const SLIDING_OVERLAP = 40;
export const PLINTH_SETBACK = 50;
export const BLIND_MARGIN = 20;
export const SHAKER_FRAME = 60;
export const END_PANEL_THICKNESS = 18;
/** Drawer slides come in these lengths; a drawer takes the longest its inside depth holds. */
export const SLIDE_LENGTHS = [250, 300, 350, 400, 450, 500, 550] as const;
/** A drawer box's side clearance for its slides, each side. */
export const SLIDE_CLEARANCE = 13;
export const DRAWER_BOX_HEIGHT = 120;
/** Room a slide needs behind it (its back bracket). */
export const SLIDE_BACK_CLEARANCE = 10;

/** Hinges per hinged door by its height: 2 up to 1000 mm, 3 up to 1600, 4 above. */
export function hingesFor(doorHeight: number): number {
  return doorHeight <= 1000 ? 2 : doorHeight <= 1600 ? 3 : 4;
}

/** The slide for a drawer in this much inside depth; null when none fits. */
export function slideFor(insideDepth: number): number | null {
  let best: number | null = null;
  for (const l of SLIDE_LENGTHS) if (l <= insideDepth) best = l;
  return best;
}

export type PartKind = 'board' | 'front' | 'hardware';

export interface CabinetPart {
  readonly kind: PartKind;
  /** what the factory calls it (侧板, 门板, 铰链 …) */
  readonly name: string;
  /** stable key: side, top, bottom, back, divider, shelf, plinth, filler, blind, door, drawerFront, slidingDoor, drawerBox, hinge, slide, handle, rail, track, leg, shelfPin, hanger */
  readonly role: string;
  /** board or front thickness; 0 for hardware */
  readonly thickness: number;
  /** cut size (see the header); hardware: its length in mm where it has one, else 0 */
  readonly width: number;
  readonly height: number;
  readonly count: number;
  readonly textureDir?: TextureDir;
  readonly matCode?: string;
  readonly doorShape?: DoorShape;
  /** hardware's model number (hingSlidModelno), a handle's id */
  readonly modelNo?: string;
}

/** What a box is drawn in: the carcass's material, the fronts', or metal. */
export type BoxLook = 'carcass' | 'front' | 'metal';

/** An axis-aligned box in the cabinet's own frame: x across (centred), y from the carcass's front (-depth/2) to its back, z up from the toe kick's bottom. */
export interface CabinetBox {
  readonly min: readonly [number, number, number];
  readonly max: readonly [number, number, number];
  readonly look: BoxLook;
}

export interface CabinetBuild {
  /** the bill of materials: equal parts folded into one line with their count, in the order first met */
  readonly parts: readonly CabinetPart[];
  readonly boxes: readonly CabinetBox[];
  /** sections side by side and the inside width of each */
  readonly sections: number;
  readonly sectionWidth: number;
}

type Geometry = Pick<
  CabinetRecord,
  | 'cabinetKind'
  | 'width'
  | 'depth'
  | 'height'
  | 'board'
  | 'matCode'
  | 'backPanel'
  | 'plinth'
  | 'shelves'
  | 'drawers'
  | 'hangingRail'
  | 'doorType'
  | 'doorPanels'
  | 'doorShape'
  | 'doorColor'
  | 'textureDir'
  | 'handleId'
  | 'endPanelLeft'
  | 'endPanelRight'
>;

const round1 = (v: number) => Math.round(v * 10) / 10;

export function cabinetParts(c: Geometry): CabinetBuild {
  const parts: CabinetPart[] = [];
  const keys = new Map<string, number>();
  const boxes: CabinetBox[] = [];
  const add = (part: Omit<CabinetPart, 'count'>, count: number) => {
    if (count <= 0) return;
    const p = { ...part, width: round1(part.width), height: round1(part.height) };
    const key = JSON.stringify(p);
    const at = keys.get(key);
    if (at === undefined) {
      keys.set(key, parts.length);
      parts.push({ ...p, count });
    } else parts[at] = { ...parts[at]!, count: parts[at]!.count + count };
  };
  const box = (look: BoxLook, x0: number, x1: number, y0: number, y1: number, z0: number, z1: number) => {
    boxes.push({ min: [Math.min(x0, x1), Math.min(y0, y1), Math.min(z0, z1)], max: [Math.max(x0, x1), Math.max(y0, y1), Math.max(z0, z1)], look });
  };

  const { width: W, depth: D, height: H, board: t, plinth: P } = c;
  const x0 = -W / 2;
  const x1 = W / 2;
  const front = -D / 2;
  const back = D / 2;
  const z0 = P;
  const z1 = P + H;
  const carcass = { matCode: c.matCode };
  const fronts = { matCode: c.doorColor, textureDir: c.textureDir, doorShape: c.doorShape };

  const plinthBoard = () => {
    if (P <= 0) return;
    add({ kind: 'board', name: '踢脚板', role: 'plinth', thickness: t, width: W, height: P, textureDir: 'horizontal', matCode: c.doorColor }, 1);
    box('front', x0, x1, front + PLINTH_SETBACK, front + PLINTH_SETBACK + t, 0, P);
    add({ kind: 'hardware', name: '调整脚', role: 'leg', thickness: 0, width: P, height: 0, modelNo: `LEG-${P}` }, 2 * (Math.ceil(W / 600) + 1));
  };

  const endPanels = () => {
    const sides = (c.endPanelLeft ? 1 : 0) + (c.endPanelRight ? 1 : 0);
    if (sides === 0) return;
    add({ kind: 'board', name: '见光板', role: 'endPanel', thickness: END_PANEL_THICKNESS, width: D + FRONT_THICKNESS, height: P + H, textureDir: c.textureDir, matCode: c.doorColor }, sides);
    if (c.endPanelLeft) box('front', x0 - END_PANEL_THICKNESS, x0, front - FRONT_THICKNESS, back, 0, z1);
    if (c.endPanelRight) box('front', x1, x1 + END_PANEL_THICKNESS, front - FRONT_THICKNESS, back, 0, z1);
  };

  if (c.cabinetKind === 'filler') {
    add({ kind: 'board', name: '调整板', role: 'filler', thickness: t, width: W, height: H, textureDir: c.textureDir, matCode: c.doorColor }, 1);
    box('front', x0, x1, front, front + t, z0, z1);
    plinthBoard();
    endPanels();
    return { parts, boxes, sections: 0, sectionWidth: 0 };
  }

  const b = c.backPanel ? BACK_THICKNESS : 0;
  const inner = W - 2 * t;
  const sections = Math.max(1, Math.ceil(inner / SECTION_MAX));
  const s = (inner - (sections - 1) * t) / sections;
  const sectionX = (i: number) => x0 + t + i * (s + t);

  // Carcass.
  add({ kind: 'board', name: '侧板', role: 'side', thickness: t, width: D, height: H, textureDir: 'vertical', ...carcass }, 2);
  box('carcass', x0, x0 + t, front, back, z0, z1);
  box('carcass', x1 - t, x1, front, back, z0, z1);
  add({ kind: 'board', name: '顶板', role: 'top', thickness: t, width: inner, height: D - b, textureDir: 'horizontal', ...carcass }, 1);
  box('carcass', x0 + t, x1 - t, front, back - b, z1 - t, z1);
  add({ kind: 'board', name: '底板', role: 'bottom', thickness: t, width: inner, height: D - b, textureDir: 'horizontal', ...carcass }, 1);
  box('carcass', x0 + t, x1 - t, front, back - b, z0, z0 + t);
  if (b > 0) {
    // One piece per section: a whole wardrobe's back would not fit a 1220 mm wide sheet.
    add({ kind: 'board', name: '背板', role: 'back', thickness: b, width: inner / sections, height: H, textureDir: 'vertical', ...carcass }, sections);
    box('carcass', x0 + t, x1 - t, back - b, back, z0, z1);
  }
  if (sections > 1) {
    add({ kind: 'board', name: '中立板', role: 'divider', thickness: t, width: D - b, height: H - 2 * t, textureDir: 'vertical', ...carcass }, sections - 1);
    for (let i = 1; i < sections; i++) box('carcass', sectionX(i) - t, sectionX(i), front, back - b, z0 + t, z1 - t);
  }
  plinthBoard();
  endPanels();

  // Inside: drawers at the bottom of each section, shelves above them (under the hanging
  // rail's hat shelf zone in a wardrobe: shelves at the top, the rail below them).
  const sliding = c.doorType === 'sliding';
  const frontZone = sliding ? SLIDING_ZONE : SHELF_SETBACK;
  const insideDepth = D - b - frontZone;
  const drawerZone = c.doorType === 'drawers' ? 0 : c.drawers * (DRAWER_BOX_HEIGHT + 60);
  const bottomIn = z0 + t + drawerZone;
  const topIn = z1 - t;
  if (c.shelves > 0) {
    add({ kind: 'board', name: '层板', role: 'shelf', thickness: t, width: s, height: insideDepth, textureDir: 'horizontal', ...carcass }, c.shelves * sections);
    add({ kind: 'hardware', name: '层板托', role: 'shelfPin', thickness: 0, width: 0, height: 0, modelNo: 'PIN-5' }, 4 * c.shelves * sections);
  }
  const shelfZ: number[] = [];
  for (let k = 1; k <= c.shelves; k++) {
    shelfZ.push(c.hangingRail ? topIn - k * 320 : bottomIn + ((topIn - bottomIn) * k) / (c.shelves + 1) - t / 2);
  }
  for (let i = 0; i < sections; i++) {
    const a = sectionX(i);
    for (const z of shelfZ) box('carcass', a, a + s, front + frontZone, back - b, z, z + t);
  }
  if (c.hangingRail) {
    add({ kind: 'hardware', name: '挂衣杆', role: 'rail', thickness: 0, width: s, height: 0, modelNo: 'RAIL-25' }, sections);
    const railZ = (shelfZ.length ? Math.min(...shelfZ) : topIn) - 60;
    const middle = (front + frontZone + back - b) / 2;
    for (let i = 0; i < sections; i++) box('metal', sectionX(i), sectionX(i) + s, middle - 12.5, middle + 12.5, railZ - 25, railZ);
  }
  if (c.drawers > 0) {
    const slide = slideFor(D - b - (c.doorType === 'drawers' ? 0 : frontZone) - SLIDE_BACK_CLEARANCE);
    const perSection = c.doorType === 'drawers' ? 1 : sections;
    const boxWidth = (c.doorType === 'drawers' ? inner : s) - 2 * SLIDE_CLEARANCE;
    add({ kind: 'board', name: '抽屉', role: 'drawerBox', thickness: 12, width: boxWidth, height: slide ?? insideDepth, textureDir: 'horizontal', ...carcass }, c.drawers * perSection);
    if (slide !== null) add({ kind: 'hardware', name: '抽屉滑轨', role: 'slide', thickness: 0, width: slide, height: 0, modelNo: `SL-${slide}` }, c.drawers * perSection);
    if (c.doorType !== 'drawers') {
      for (let i = 0; i < sections; i++) {
        for (let k = 0; k < c.drawers; k++) {
          const z = z0 + t + k * (DRAWER_BOX_HEIGHT + 60) + 10;
          const a = sectionX(i) + SLIDE_CLEARANCE;
          box('front', a, a + boxWidth, front + frontZone, front + frontZone + t, z, z + DRAWER_BOX_HEIGHT + 40);
        }
      }
    }
  }

  // Fronts and their hardware.
  const handle = c.handleId ? cabinetHandle(c.handleId) : undefined;
  const handleLine = (count: number) => {
    if (handle) add({ kind: 'hardware', name: '拉手', role: 'handle', thickness: 0, width: handle.length, height: 0, modelNo: handle.id }, count);
  };
  /** A front's boxes: a slab, or a shaker frame around a recessed panel. */
  const frontBoxes = (xa: number, xb: number, ya: number, thick: number, za: number, zb: number) => {
    if (c.doorShape === 'flat' || xb - xa < 3 * SHAKER_FRAME || zb - za < 3 * SHAKER_FRAME) {
      box('front', xa, xb, ya - thick, ya, za, zb);
      return;
    }
    const f = SHAKER_FRAME;
    box('front', xa + f, xb - f, ya - thick / 2, ya, za + f, zb - f);
    box('front', xa, xa + f, ya - thick, ya, za, zb);
    box('front', xb - f, xb, ya - thick, ya, za, zb);
    box('front', xa + f, xb - f, ya - thick, ya, za, za + f);
    box('front', xa + f, xb - f, ya - thick, ya, zb - f, zb);
  };
  /** A handle's box on a front: along its height near the opening edge (doors), across near the top (drawers). */
  const handleBox = (xa: number, xb: number, ya: number, za: number, zb: number, opensRight: boolean, across: boolean) => {
    if (!handle) return;
    const out = ya - 25;
    if (handle.id === 'GOLA') {
      // A recessed pull: a dark channel along the top of the front.
      box('metal', xa, xb, ya - 2, ya, zb - 25, zb - 5);
      return;
    }
    const len = Math.max(handle.length, 20);
    if (across) {
      const mid = (xa + xb) / 2;
      const z = zb - 40;
      box('metal', mid - len / 2, mid + len / 2, out, ya, z - 6, z + 6);
      return;
    }
    const x = opensRight ? xb - 40 : xa + 40;
    // Hand height: near the bottom of a wall unit, near the top of a base unit, at 1000 above the floor on tall fronts.
    const centre = c.cabinetKind === 'wall' ? za + 40 + len / 2 : c.cabinetKind === 'base' || c.cabinetKind === 'cornerBase' ? zb - 40 - len / 2 : Math.min(Math.max(1000, za + len / 2 + 40), zb - len / 2 - 40);
    box('metal', x - 6, x + 6, out, ya, centre - len / 2, centre + len / 2);
  };
  const g = FRONT_GAP;
  const doorLine = (w: number, h: number, count: number) => {
    add({ kind: 'front', name: '门板', role: 'door', thickness: FRONT_THICKNESS, width: w, height: h, ...fronts }, count);
    add({ kind: 'hardware', name: '铰链', role: 'hinge', thickness: 0, width: 0, height: 0, modelNo: 'HG-110' }, hingesFor(h) * count);
    handleLine(count);
  };
  switch (c.doorType) {
    case 'none':
      break;
    case 'single':
    case 'double': {
      const openW = c.cabinetKind === 'cornerBase' ? W - D - BLIND_MARGIN : W;
      const n = c.doorType === 'double' ? 2 : 1;
      const w = (openW - n * g) / n;
      const h = H - g;
      doorLine(w, h, n);
      for (let i = 0; i < n; i++) {
        const xa = x0 + g / 2 + i * (w + g);
        frontBoxes(xa, xa + w, front, FRONT_THICKNESS, z0 + g / 2, z1 - g / 2);
        handleBox(xa, xa + w, front - FRONT_THICKNESS, z0 + g / 2, z1 - g / 2, n === 1 || i === 0, false);
      }
      if (c.cabinetKind === 'cornerBase') {
        const blindW = W - openW - g;
        add({ kind: 'front', name: '盲板', role: 'blind', thickness: FRONT_THICKNESS, width: blindW, height: h, ...fronts }, 1);
        box('front', x0 + openW + g / 2, x1 - g / 2, front - FRONT_THICKNESS, front, z0 + g / 2, z1 - g / 2);
      }
      break;
    }
    case 'drawers': {
      const n = c.drawers;
      const w = W - g;
      const h = (H - n * g) / n;
      add({ kind: 'front', name: '抽屉面板', role: 'drawerFront', thickness: FRONT_THICKNESS, width: w, height: h, ...fronts }, n);
      handleLine(n);
      for (let k = 0; k < n; k++) {
        const za = z0 + g / 2 + k * (h + g);
        frontBoxes(x0 + g / 2, x1 - g / 2, front, FRONT_THICKNESS, za, za + h);
        handleBox(x0 + g / 2, x1 - g / 2, front - FRONT_THICKNESS, za, za + h, false, true);
      }
      break;
    }
    case 'sliding': {
      const n = c.doorPanels;
      const w = (inner + (n - 1) * SLIDING_OVERLAP) / n;
      const h = H - 2 * t;
      add({ kind: 'front', name: '趟门', role: 'slidingDoor', thickness: SLIDING_THICKNESS, width: w, height: h, ...fronts }, n);
      handleLine(n);
      add({ kind: 'hardware', name: '趟门上轨', role: 'track', thickness: 0, width: inner, height: 0, modelNo: 'TRK-TOP' }, 1);
      add({ kind: 'hardware', name: '趟门下轨', role: 'track', thickness: 0, width: inner, height: 0, modelNo: 'TRK-BOT' }, 1);
      add({ kind: 'hardware', name: '趟门滑轮', role: 'roller', thickness: 0, width: 0, height: 0, modelNo: 'ROL-2' }, 2 * n);
      for (let i = 0; i < n; i++) {
        const xa = x0 + t + i * (w - SLIDING_OVERLAP);
        // Alternate tracks: the even panels on the front one.
        const ya = front + (i % 2 === 0 ? 10 : 15 + SLIDING_THICKNESS) + SLIDING_THICKNESS;
        frontBoxes(xa, xa + w, ya, SLIDING_THICKNESS, z0 + t, z1 - t);
        // Pulls on the outer edges, clear of where the panels pass each other.
        handleBox(xa, xa + w, ya - SLIDING_THICKNESS, z0 + t, z1 - t, i >= n / 2, false);
      }
      break;
    }
  }
  if (c.cabinetKind === 'wall') add({ kind: 'hardware', name: '吊码', role: 'hanger', thickness: 0, width: 0, height: 0, modelNo: 'HNG-1' }, 2);
  return { parts, boxes, sections, sectionWidth: round1(s) };
}

/**
 * The plan footprint a cabinet takes (what it snaps by and to): its carcass, widened by its end
 * panels, as a centre (plan mm) and size (x across, y deep). The doors stand proud of it, as
 * neighbours' do, so runs line up by their carcasses.
 */
export function cabinetFootprint(c: Pick<CabinetRecord, 'position' | 'rotation' | 'width' | 'depth' | 'endPanelLeft' | 'endPanelRight'>): { center: { x: number; y: number }; size: { x: number; y: number } } {
  const left = c.endPanelLeft ? END_PANEL_THICKNESS : 0;
  const right = c.endPanelRight ? END_PANEL_THICKNESS : 0;
  const dx = (right - left) / 2;
  return {
    center: { x: c.position.x + dx * Math.cos(c.rotation), y: c.position.y + dx * Math.sin(c.rotation) },
    size: { x: c.width + left + right, y: c.depth },
  };
}
