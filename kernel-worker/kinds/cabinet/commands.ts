import { WORKTOP_KINDS } from '../../../protocol/cabinets';
import type { CabinetOptions, CommandArgs } from '../../../protocol/commands';
import { KernelRefusal } from '../../../protocol/errors';
import type { CabinetRecord, Vec2, Vec3, WallFace, WallRecord } from '../../../protocol/records';
import { arrayOf, boolean, finite, object, oneOf, optional, type Check, type Shape } from '../../document/check';
import type { Transaction } from '../../document/store';
import { chosenIdArg, claimId, idArg, removeCommand, requireRecord, storeyFor, updateArgs } from '../../commands/common';
import type { CommandDef } from '../../commands/types';
import { worktopOfUnit } from '../../geometry/worktop';
import { END_PANEL_THICKNESS } from '../../geometry/cabinet-parts';
import { fillRun, freeStretches, MIN_FILLER, RUN_WIDTHS, runEndOpen } from '../../geometry/cabinet-run';
import { placeModel } from '../../geometry/placement';
import { signedArea } from '../../geometry/polygon';
import { vec2 } from '../fields';
import { roomFace } from '../wallPanel/commands';
import { CABINET_DEFAULTS, cabinetFields, cabinetRecordKind, type CabinetFields } from './record';
import { cabinetProblem } from './rules';

// cabinet.add / update / remove and cabinet.fillRun. Every cabinet a command writes is first
// asked cabinetProblem(), so an impossible one is refused with its reason (the UI's words for it)
// before the record's own rule would reject it with a bare validation error.

const { shape } = cabinetRecordKind;

const optionShape: Shape<CabinetOptions> = {
  width: optional(shape.width),
  depth: optional(shape.depth),
  height: optional(shape.height),
  board: optional(shape.board),
  matCode: optional(shape.matCode),
  backPanel: optional(shape.backPanel),
  plinth: optional(shape.plinth),
  shelves: optional(shape.shelves),
  drawers: optional(shape.drawers),
  hangingRail: optional(shape.hangingRail),
  doorType: optional(shape.doorType),
  doorPanels: optional(shape.doorPanels),
  doorShape: optional(shape.doorShape),
  doorColor: optional(shape.doorColor),
  textureDir: optional(shape.textureDir),
  handleId: optional(shape.handleId),
  worktopMaterial: shape.worktopMaterial,
  backsplash: shape.backsplash,
  fitting: shape.fitting,
  sinkType: shape.sinkType,
  appliances: shape.appliances,
  endPanelLeft: shape.endPanelLeft,
  endPanelRight: shape.endPanelRight,
};

function options(a: CabinetOptions): Partial<CabinetFields> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(optionShape)) out[key] = (a as Record<string, unknown>)[key];
  return out as Partial<CabinetFields>;
}

/** Puts the cabinet, or refuses it with the reason it cannot be built. */
function putCabinet(tx: Transaction, record: CabinetRecord): void {
  const problem = cabinetProblem(record);
  if (problem) throw new KernelRefusal(problem.reason, `${problem.field}: ${problem.detail}`);
  tx.put(record);
}

/** The rotation that turns a cabinet's front (plan -y at 0) to face `n`. */
const facing = (n: Vec2) => Math.atan2(n.x, -n.y);

/** A wall's face on one side as a line (start to end along the wall) and the unit normal out of it. */
function wallFace(wall: WallRecord, face: WallFace): { origin: Vec2; dir: Vec2; normal: Vec2; length: number } {
  const dx = wall.end.x - wall.start.x;
  const dy = wall.end.y - wall.start.y;
  const length = Math.hypot(dx, dy) || 1;
  const dir = { x: dx / length, y: dy / length };
  const normal = face === 'left' ? { x: -dir.y, y: dir.x } : { x: dir.y, y: -dir.x };
  const off = wall.thickness / 2;
  return { origin: { x: wall.start.x + normal.x * off, y: wall.start.y + normal.y * off }, dir, normal, length };
}

export const addCabinet: CommandDef<'cabinet.add'> = {
  args: object<CommandArgs<'cabinet.add'>>({
    id: chosenIdArg,
    storeyId: optional(shape.storeyId),
    cabinetKind: shape.cabinetKind,
    name: optional(shape.name),
    position: optional(shape.position),
    rotation: optional(shape.rotation),
    wallId: optional(idArg),
    face: optional(oneOf(['left', 'right'] as const)),
    along: optional(finite({ min: -1_000_000, max: 1_000_000 })),
    ...optionShape,
  }),
  history: 'undoable',
  run(tx, a) {
    const wall = a.wallId !== undefined ? requireRecord(tx, a.wallId, 'wall') : undefined;
    const storey = storeyFor(tx, a.storeyId ?? wall?.storeyId);
    const fields = cabinetFields(a.cabinetKind, options(a));
    const z = CABINET_DEFAULTS[a.cabinetKind].z;
    let position: Vec3;
    let rotation = a.rotation ?? 0;
    if (a.position) position = a.position;
    else if (wall) {
      const { origin, dir, normal, length } = wallFace(wall, a.face ?? roomFace(tx, wall));
      const along = a.along ?? length / 2;
      const out = fields.depth / 2 + 1;
      position = { x: origin.x + dir.x * along + normal.x * out, y: origin.y + dir.y * along + normal.y * out, z };
      rotation = a.rotation ?? facing(normal);
    } else {
      // Against the wall nearest the middle of the storey's largest room (as a wall piece is placed).
      let room: { outline: readonly Vec2[]; height: number } | null = null;
      let area = 0;
      for (const r of tx.referring(storey.id, 'room')) {
        const s = Math.abs(signedArea(r.outline));
        if (s > area) [room, area] = [{ outline: r.outline, height: storey.layerHeight }, s];
      }
      const placed = placeModel(room, { x: fields.width, y: fields.depth, z: fields.height }, 'wall', { x: 0, y: 0 }, storey.layerHeight);
      position = { x: placed.position.x, y: placed.position.y, z };
      rotation = a.rotation ?? placed.rotation;
    }
    const id = claimId(tx, 'cabinet', a.id);
    putCabinet(tx, { id, type: 'cabinet', storeyId: storey.id, name: a.name ?? '', position, rotation, ...fields });
    return { id };
  },
};

const updateShape = updateArgs('cabinet');

export const updateCabinet: CommandDef<'cabinet.update'> = {
  args: updateShape,
  history: 'undoable',
  run(tx, args) {
    const record = requireRecord(tx, args.id, 'cabinet');
    putCabinet(tx, { ...record, ...args } as CabinetRecord);
    return null;
  },
};

export const removeCabinet = removeCommand('cabinet');

const runKinds = ['base', 'wall', 'tall', 'wardrobe'] as const;

export const fillCabinetRun: CommandDef<'cabinet.fillRun'> = {
  args: object<CommandArgs<'cabinet.fillRun'>>({
    storeyId: optional(shape.storeyId),
    cabinetKind: oneOf(runKinds),
    start: optional(vec2),
    end: optional(vec2),
    wallId: optional(idArg),
    side: optional(oneOf(['left', 'right'] as const)),
    widths: optional(arrayOf(finite({ gt: 0, max: 2700 }) as Check<number>, { minLength: 1, maxLength: 20 })),
    fillers: optional(oneOf(['start', 'end', 'both'] as const)),
    z: optional(finite({ min: 0, max: 10_000 })),
    endPanels: optional(boolean),
    ...optionShape,
  }),
  history: 'undoable',
  run(tx, a) {
    const wall = a.wallId !== undefined ? requireRecord(tx, a.wallId, 'wall') : undefined;
    const storey = storeyFor(tx, a.storeyId ?? wall?.storeyId);
    let side = a.side ?? 'left';
    let start: Vec2;
    let end: Vec2;
    if (a.start && a.end) [start, end] = [a.start, a.end];
    else if (wall && !a.start && !a.end) {
      const { dir } = wallFace(wall, 'left');
      const inset = wall.thickness / 2;
      start = { x: wall.start.x + dir.x * inset, y: wall.start.y + dir.y * inset };
      end = { x: wall.end.x - dir.x * inset, y: wall.end.y - dir.y * inset };
    } else throw new Error('a run needs both start and end, or a wall and neither');
    if (wall) {
      // The points moved onto the wall's face (projected along it), the run's direction kept.
      side = a.side ?? roomFace(tx, wall);
      const face = wallFace(wall, side);
      const onFace = (p: Vec2) => {
        const t = (p.x - face.origin.x) * face.dir.x + (p.y - face.origin.y) * face.dir.y;
        return { x: face.origin.x + face.dir.x * t, y: face.origin.y + face.dir.y * t };
      };
      start = onFace(start);
      end = onFace(end);
      // Fronts to the chosen face: seen from start to end that face is on `side` only if the run goes the wall's way.
      const sameWay = (end.x - start.x) * face.dir.x + (end.y - start.y) * face.dir.y >= 0;
      if (!sameWay) side = side === 'left' ? 'right' : 'left';
    }
    const length = Math.hypot(end.x - start.x, end.y - start.y);
    const widths = a.widths ?? RUN_WIDTHS[a.cabinetKind];
    const dir = { x: (end.x - start.x) / length, y: (end.y - start.y) / length };
    const normal = side === 'left' ? { x: -dir.y, y: dir.x } : { x: dir.y, y: -dir.x };
    const rotation = facing(normal);
    // A run's end panels go only on its outer ends (below), never on every unit.
    const { endPanelLeft: _l, endPanelRight: _r, ...unit } = cabinetFields(a.cabinetKind, options(a));
    const z = a.z ?? CABINET_DEFAULTS[a.cabinetKind].z;
    // Cabinets already standing in the run's space (its depth in front of the line, its heights)
    // take their stretch of it: the run fills what is left on either side of them.
    const top = z + unit.plinth + unit.height;
    const taken: [number, number][] = [];
    for (const c of tx.referring(storey.id, 'cabinet')) {
      if (c.position.z >= top || c.position.z + c.plinth + c.height <= z) continue;
      const along: number[] = [];
      const across: number[] = [];
      const cos = Math.cos(c.rotation);
      const sin = Math.sin(c.rotation);
      for (const [x, y] of [[-1, -1], [1, -1], [1, 1], [-1, 1]] as const) {
        const px = c.position.x + (x * c.width * cos - y * c.depth * sin) / 2 - start.x;
        const py = c.position.y + (x * c.width * sin + y * c.depth * cos) / 2 - start.y;
        along.push(px * dir.x + py * dir.y);
        across.push(px * normal.x + py * normal.y);
      }
      if (Math.max(...across) <= 1 + MIN_FILLER || Math.min(...across) >= unit.depth - MIN_FILLER) continue;
      taken.push([Math.min(...along), Math.max(...along)]);
    }
    // A run end with nothing beside it (no wall, no cabinet) is seen: it gets an end panel, whose
    // thickness the units leave free. Its outer side is the units' left when the run goes along
    // their +x (their local x turned by the rotation), else their right.
    const walls = tx.referring(storey.id, 'wall');
    const inFront = (p: Vec2, inward: number) => ({ x: p.x + normal.x * (unit.depth / 2) + dir.x * inward, y: p.y + normal.y * (unit.depth / 2) + dir.y * inward });
    const stretches = freeStretches(length, taken);
    const panelAtStart = a.endPanels !== false && stretches[0]?.[0] === 0 && runEndOpen(inFront(start, 1), walls);
    const panelAtEnd = a.endPanels !== false && stretches[stretches.length - 1]?.[1] === length && runEndOpen(inFront(end, -1), walls);
    const alongX = Math.cos(rotation) * dir.x + Math.sin(rotation) * dir.y > 0;
    // The filler goes where it scribes to a wall: at the start when only the end is open.
    const fillers = a.fillers ?? (panelAtEnd && !panelAtStart ? 'start' : 'end');
    const fills = stretches.flatMap(([from, to], i) => {
      const a0 = i === 0 && panelAtStart ? END_PANEL_THICKNESS : 0;
      const a1 = i === stretches.length - 1 && panelAtEnd ? END_PANEL_THICKNESS : 0;
      const fill = fillRun(to - from - a0 - a1, widths, fillers);
      return fill ? [{ from: from + a0, fill, first: a0 > 0, last: a1 > 0 }] : [];
    });
    if (fills.length === 0) throw new KernelRefusal('CABINET_RUN_TOO_SHORT', `${Math.round(length)} mm (less what other cabinets take) takes no unit of ${Math.min(...widths)} mm or more`);
    const ids: string[] = [];
    let along = 0;
    const place = (fields: Omit<CabinetFields, 'endPanelLeft' | 'endPanelRight'> & { endPanelLeft?: boolean; endPanelRight?: boolean }, width: number) => {
      const at = along + width / 2 + 0;
      const out = fields.depth / 2 + 1;
      const id = claimId(tx, 'cabinet', undefined);
      putCabinet(tx, {
        id,
        type: 'cabinet',
        storeyId: storey.id,
        name: '',
        position: { x: start.x + dir.x * at + normal.x * out, y: start.y + dir.y * at + normal.y * out, z },
        rotation,
        ...fields,
        width,
      });
      ids.push(id);
      along += width;
    };
    const filler = (width: number) => {
      if (width <= 0) return;
      place(
        cabinetFields('filler', {
          depth: unit.depth,
          height: unit.height,
          plinth: unit.plinth,
          board: unit.board,
          matCode: unit.matCode,
          doorColor: unit.doorColor,
          textureDir: unit.textureDir,
        }),
        width,
      );
    };
    for (const { from, fill, first, last } of fills) {
      along = from;
      const startIds = ids.length;
      filler(fill.fillers[0]);
      for (const w of fill.units) place(unit, w);
      filler(fill.fillers[1]);
      // The panels on the outermost pieces of the run's open ends.
      const mark = (id: string | undefined, atStart: boolean) => {
        const c = id === undefined ? undefined : tx.getOfType(id, 'cabinet');
        if (!c) return;
        const left = atStart === alongX;
        putCabinet(tx, { ...c, ...(left ? { endPanelLeft: true } : { endPanelRight: true }) });
      };
      if (first) mark(ids[startIds], true);
      if (last) mark(ids[ids.length - 1], false);
    }
    return { ids, units: fills.flatMap((f) => f.fill.units), fillers: fills.flatMap((f) => f.fill.fillers.filter((w) => w > 0)) };
  },
};

export const setWorktop: CommandDef<'cabinet.setWorktop'> = {
  args: object<CommandArgs<'cabinet.setWorktop'>>({
    id: idArg,
    worktopMaterial: shape.worktopMaterial,
    backsplash: shape.backsplash,
  }),
  history: 'undoable',
  run(tx, a) {
    const unit = requireRecord(tx, a.id, 'cabinet');
    if (!WORKTOP_KINDS.includes(unit.cabinetKind)) throw new KernelRefusal('CABINET_FITTING_KIND', `a ${unit.cabinetKind} unit carries no worktop`);
    const units = tx.referring(unit.storeyId, 'cabinet');
    const worktop = worktopOfUnit(units, tx.referring(unit.storeyId, 'wall'), unit.id);
    // A unit with no worktop yet (material 'none', or a wall unit asked by mistake) is set alone:
    // the record's rule then says whether it may have one.
    const ids = worktop ? worktop.unitIds : [unit.id];
    for (const id of ids) {
      const c = requireRecord(tx, id, 'cabinet');
      putCabinet(tx, { ...c, ...(a.worktopMaterial !== undefined ? { worktopMaterial: a.worktopMaterial } : {}), ...(a.backsplash !== undefined ? { backsplash: a.backsplash } : {}) });
    }
    return { ids: [...ids] };
  },
};
