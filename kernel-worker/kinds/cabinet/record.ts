import { BACKSPLASH_LIMITS, CABINET_DOOR_TYPES, CABINET_FITTINGS, CABINET_KINDS, DOOR_SHAPES, SINK_TYPES, TEXTURE_DIRS, WORKTOP_CHOICES, WORKTOP_KINDS, type CabinetKind } from '../../../protocol/cabinets';
import { worktopOfUnit } from '../../geometry/worktop';
import type { CabinetRecord } from '../../../protocol/records';
import { BOARD_THICKNESSES } from '../../../protocol/quote-numbers';
import { arrayOf, boolean, CheckError, finite, joinPath, oneOf, optional, string } from '../../document/check';
import { angle, id, label, literal, position } from '../fields';
import type { RecordKind } from '../record-kind';
import { cabinetProblem } from './rules';

// The parametric cabinet (定制柜). Its parts are derived from these fields
// (geometry/cabinet-parts.ts), so the record holds only what a designer decides.

const size = finite({ gt: 0, max: 100_000 });
const count = (max: number) => finite({ integer: true, min: 0, max });
const matCode = string({ pattern: /^[A-Za-z0-9_.-]{1,32}$/ });

/** The fields a new cabinet of a kind starts with (the standard sizes of Chinese kitchens and wardrobes). */
export type CabinetFields = Omit<CabinetRecord, 'id' | 'type' | 'storeyId' | 'name' | 'position' | 'rotation' | 'hidden'>;

const common = {
  board: 18,
  matCode: 'W01',
  backPanel: true,
  shelves: 0,
  drawers: 0,
  hangingRail: false,
  doorPanels: 2,
  doorShape: 'flat',
  // White carcass, light grey fronts: the commonest kitchen; wardrobes take oak fronts.
  doorColor: 'G02',
  textureDir: 'vertical',
  handleId: 'H128',
} as const satisfies Partial<CabinetFields>;

export const CABINET_DEFAULTS: { readonly [K in CabinetKind]: CabinetFields & { readonly z: number } } = {
  // 600 wide, 560 deep, 720 carcass on a 100 toe kick: the 820 + worktop counter height.
  base: { ...common, cabinetKind: 'base', width: 600, depth: 560, height: 720, plinth: 100, shelves: 1, doorType: 'single', z: 0 },
  // Hung with its bottom 1450 above the floor: 650 over an 800-odd worktop.
  wall: { ...common, cabinetKind: 'wall', width: 600, depth: 320, height: 720, plinth: 0, shelves: 1, doorType: 'single', z: 1450 },
  tall: { ...common, cabinetKind: 'tall', width: 600, depth: 580, height: 2100, plinth: 100, shelves: 4, doorType: 'single', handleId: 'H320', z: 0 },
  // A blind corner: the door on the open part, the rest hidden behind the run meeting it.
  cornerBase: { ...common, cabinetKind: 'cornerBase', width: 1000, depth: 560, height: 720, plinth: 100, shelves: 1, doorType: 'single', z: 0 },
  wardrobe: { ...common, cabinetKind: 'wardrobe', width: 1000, depth: 600, height: 2400, plinth: 0, shelves: 2, hangingRail: true, doorType: 'double', doorColor: 'O03', handleId: 'H320', z: 0 },
  filler: { ...common, cabinetKind: 'filler', width: 50, depth: 560, height: 720, plinth: 100, doorType: 'none', handleId: '', z: 0 },
};

export const cabinetRecordKind = {
  type: 'cabinet',
  scope: 'document',
  shape: {
    id,
    type: literal('cabinet'),
    storeyId: id,
    cabinetKind: oneOf(CABINET_KINDS),
    name: label,
    position,
    rotation: angle,
    width: size,
    depth: size,
    height: size,
    board: oneOf(BOARD_THICKNESSES),
    matCode,
    backPanel: boolean,
    plinth: finite({ min: 0, max: 300 }),
    shelves: count(20),
    drawers: count(10),
    hangingRail: boolean,
    doorType: oneOf(CABINET_DOOR_TYPES),
    doorPanels: count(10),
    doorShape: oneOf(DOOR_SHAPES),
    doorColor: matCode,
    textureDir: oneOf(TEXTURE_DIRS),
    handleId: string({ maxLength: 32 }),
    // Kitchen worktop choices: optional, absent is the default worktop with nothing set in.
    worktopMaterial: optional(oneOf(WORKTOP_CHOICES)),
    backsplash: optional(finite({ min: 0, max: BACKSPLASH_LIMITS.max })),
    fitting: optional(oneOf(CABINET_FITTINGS)),
    sinkType: optional(oneOf(SINK_TYPES)),
    appliances: optional(arrayOf(string({ pattern: /^[A-Za-z0-9_.-]{1,32}$/ }), { maxLength: 8 })),
    endPanelLeft: optional(boolean),
    endPanelRight: optional(boolean),
    hidden: optional(boolean),
  },
  rules: [
    (c, path) => {
      const problem = cabinetProblem(c);
      if (problem) throw new CheckError(joinPath(path, problem.field), `${problem.reason}: ${problem.detail}`);
    },
  ],
  refersTo: ['storey'],
  references: (c) => [{ field: 'storeyId', id: c.storeyId, type: 'storey' }],
  defaults: { name: '', rotation: 0 },
  snapshot: {
    // Its own copy of the position: the UI mirror patches the snapshot in place, never the record.
    selected: (c, records) => {
      const { type: _type, storeyId: _storeyId, ...fields } = c;
      // The worktop as its run has it: a unit that says nothing follows the others (geometry/worktop.ts).
      const w = WORKTOP_KINDS.includes(c.cabinetKind) ? worktopOfUnit(records.referring(c.storeyId, 'cabinet'), records.referring(c.storeyId, 'wall'), c.id) : undefined;
      return { kind: 'cabinet', ...fields, position: { ...fields.position }, worktop: w ? { material: w.material, backsplash: w.backsplashHeight, length: w.length } : null };
    },
    // Its worktop's choices and extent come from the units beside it and the walls behind.
    selectedReads: ['cabinet', 'wall'],
    probeRoom: (c) => ({ storeyId: c.storeyId, points: [c.position] }),
  },
} satisfies RecordKind<'cabinet'>;

/** A new cabinet's fields: its kind's standard ones, then what the caller says. */
export function cabinetFields(kind: CabinetKind, given: Partial<CabinetFields>): CabinetFields {
  const { z: _z, ...base } = CABINET_DEFAULTS[kind];
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(given)) if (v !== undefined) out[k] = v;
  return out as CabinetFields;
}
