import { CABINET_MAX_SIZE, CABINET_MIN_SIZE, SLIDING_PANELS, cabinetHandle, fittingCutout, kitchenAppliance } from '../../../protocol/cabinets';
import type { CabinetRefusal } from '../../../protocol/errors';
import type { CabinetRecord } from '../../../protocol/records';

// What makes a cabinet impossible to build, as one pure function: the record's rules (every put,
// files included) and the cabinet commands (which refuse with the reason, so the UI can say it in
// the designer's words) ask the same question.

export interface CabinetProblem {
  readonly reason: CabinetRefusal;
  /** English, for the console and the record's validation error; names the field */
  readonly field: string;
  readonly detail: string;
}

/** Room each shelf needs above the one below it, and each drawer (front height), in mm. */
export const SHELF_PITCH = 150;
export const DRAWER_MIN_HEIGHT = 100;

type Sized = Pick<
  CabinetRecord,
  'cabinetKind' | 'width' | 'depth' | 'height' | 'board' | 'shelves' | 'drawers' | 'hangingRail' | 'doorType' | 'doorPanels' | 'handleId'
> &
  Partial<Pick<CabinetRecord, 'fitting' | 'sinkType' | 'appliances' | 'worktopMaterial'>>;

export function cabinetProblem(c: Sized): CabinetProblem | null {
  const min = CABINET_MIN_SIZE[c.cabinetKind];
  for (const field of ['width', 'depth', 'height'] as const) {
    if (c[field] < min[field]) return { reason: 'CABINET_TOO_SMALL', field, detail: `a ${c.cabinetKind} unit is at least ${min[field]} mm in ${field} (got ${c[field]})` };
    if (c[field] > CABINET_MAX_SIZE[field]) return { reason: 'CABINET_TOO_LARGE', field, detail: `a cabinet is at most ${CABINET_MAX_SIZE[field]} mm in ${field} (got ${c[field]})` };
  }
  // The inside must be wider than the two sides.
  if (c.cabinetKind !== 'filler' && c.width <= 2 * c.board + 50) return { reason: 'CABINET_TOO_SMALL', field: 'width', detail: `the width leaves no inside between ${c.board} mm sides` };

  if (c.cabinetKind === 'filler') {
    if (c.doorType !== 'none') return { reason: 'CABINET_DOORS', field: 'doorType', detail: 'a filler takes no doors' };
    if (c.shelves || c.drawers || c.hangingRail) return { reason: 'CABINET_INTERIOR', field: 'shelves', detail: 'a filler has no inside' };
  }
  if (c.doorType === 'sliding') {
    if (c.cabinetKind !== 'wardrobe' && c.cabinetKind !== 'tall') return { reason: 'CABINET_DOORS', field: 'doorType', detail: `sliding doors (趟门) need a wardrobe or tall unit, not ${c.cabinetKind}` };
    if (!Number.isInteger(c.doorPanels) || c.doorPanels < SLIDING_PANELS.min || c.doorPanels > SLIDING_PANELS.max) {
      return { reason: 'CABINET_DOORS', field: 'doorPanels', detail: `sliding doors have ${SLIDING_PANELS.min} to ${SLIDING_PANELS.max} panels (got ${c.doorPanels})` };
    }
  }
  if (c.doorType === 'double' && c.width < 500) return { reason: 'CABINET_DOORS', field: 'doorType', detail: `double doors need at least 500 mm of width (got ${c.width})` };
  if (c.doorType === 'drawers' && c.drawers < 1) return { reason: 'CABINET_DOORS', field: 'drawers', detail: 'drawer fronts need at least one drawer' };
  if (c.hangingRail && c.cabinetKind !== 'wardrobe' && c.cabinetKind !== 'tall') return { reason: 'CABINET_INTERIOR', field: 'hangingRail', detail: 'a hanging rail needs a wardrobe or tall unit' };

  const inside = c.height - 2 * c.board;
  if (c.shelves > 0 && c.shelves * SHELF_PITCH >= inside) {
    return { reason: 'CABINET_INTERIOR', field: 'shelves', detail: `${c.shelves} shelves do not fit ${inside} mm inside (each needs ${SHELF_PITCH})` };
  }
  if (c.drawers * DRAWER_MIN_HEIGHT > c.height) {
    return { reason: 'CABINET_INTERIOR', field: 'drawers', detail: `${c.drawers} drawers do not fit ${c.height} mm (each needs ${DRAWER_MIN_HEIGHT})` };
  }

  if (c.handleId !== '') {
    const handle = cabinetHandle(c.handleId);
    // catalogues.md §8: a handle that does not fit the cabinet type is 拉手错误.
    if (!handle) return { reason: 'CABINET_HANDLE', field: 'handleId', detail: `拉手错误: no handle ${c.handleId}` };
    if (!handle.kinds.includes(c.cabinetKind)) return { reason: 'CABINET_HANDLE', field: 'handleId', detail: `拉手错误: handle ${handle.id} does not fit a ${c.cabinetKind} unit` };
    if (!handle.doors.includes(c.doorType)) return { reason: 'CABINET_HANDLE', field: 'handleId', detail: `拉手错误: handle ${handle.id} does not fit ${c.doorType} doors` };
    const frontHeight = c.doorType === 'drawers' ? c.height / c.drawers : c.height;
    const frontWidth = c.doorType === 'drawers' ? c.width : c.doorType === 'double' ? c.width / 2 : c.width;
    // Bars run across drawer fronts and along doors.
    const room = c.doorType === 'drawers' ? frontWidth : frontHeight;
    if (handle.length + 60 > room) return { reason: 'CABINET_HANDLE', field: 'handleId', detail: `拉手错误: handle ${handle.id} (${handle.length} mm) is longer than its ${Math.round(room)} mm front allows` };
  }
  return fittingProblem(c);
}

/** A sink or hob needs a base unit under a worktop, wide enough inside for its cut-out; appliances need their place. */
function fittingProblem(c: Sized): CabinetProblem | null {
  const cutout = fittingCutout(c);
  if (cutout) {
    // A blind corner's open part is narrow and its worktop is where two legs meet: no cut-out there.
    if (c.cabinetKind !== 'base') return { reason: 'CABINET_FITTING_KIND', field: 'fitting', detail: `a ${c.fitting} goes in a base unit, not a ${c.cabinetKind} unit` };
    if (c.worktopMaterial === 'none') return { reason: 'CABINET_FITTING_KIND', field: 'fitting', detail: `a ${c.fitting} needs a worktop over its unit` };
    const inside = c.width - 2 * c.board;
    if (cutout.width > inside) return { reason: 'CABINET_FITTING_SIZE', field: 'fitting', detail: `the ${c.fitting}'s ${cutout.width} mm cut-out is wider than the unit's ${inside} mm inside` };
  }
  for (const code of c.appliances ?? []) {
    const appliance = kitchenAppliance(code);
    if (!appliance) return { reason: 'CABINET_APPLIANCE', field: 'appliances', detail: `no appliance ${code}` };
    const fits =
      appliance.place === 'hob' ? c.fitting === 'hob' : appliance.place === 'sink' ? c.fitting === 'sink' : appliance.place === 'hood' ? c.fitting === 'hob' || c.cabinetKind === 'wall' : c.cabinetKind !== 'wardrobe' && c.cabinetKind !== 'filler';
    if (!fits) return { reason: 'CABINET_APPLIANCE', field: 'appliances', detail: `${code} (${appliance.place}) does not go on this ${c.cabinetKind} unit${c.fitting ? ` with ${c.fitting}` : ''}` };
  }
  if (new Set(c.appliances ?? []).size !== (c.appliances ?? []).length) return { reason: 'CABINET_APPLIANCE', field: 'appliances', detail: 'an appliance is listed twice' };
  return null;
}
