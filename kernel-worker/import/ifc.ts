// IFC (IFC2x3, IFC4) to an ImportedPlan, with web-ifc (WASM). Geometry comes from web-ifc's own
// tessellation, so every way an authoring tool describes a wall (axis and layers, footprint
// profile, boundary representation, clipped ends) reads the same: the wall is fitted to its plan
// footprint (./fit.ts). Storeys, doors and windows (with the wall they void), and spaces' names
// come from the file's relationships. Openings that void a slab are voids in that slab's storey
// (stairwells where their ObjectType, else Name, says stair: this product's export writes
// 'Stairwell'); a stair (IfcStair, else its IfcStairFlights) cuts a stairwell in the floor of the
// storey above its own (where the slab there has an opening over it, that opening is the
// stairwell). web-ifc is loaded only when a file is imported.
import type { PlanOpeningInput, PlanWallInput } from '../../protocol/commands';
import { intersectionArea } from '../geometry/clip';
import {
  PlanImportError,
  type ImportedPlan,
  type ImportedRoom,
  type ImportedStorey,
  type PlanImportSkip,
  type PlanImportSkipReason,
} from '../../protocol/plan-import';
import type { FloorOpeningKind, OpeningKind, Vec2 } from '../../protocol/records';
import { alongAndOff, convexHull, fitWall } from './fit';
import { roomTypeFromName } from './room-type-guess';

type WebIfc = typeof import('web-ifc');
type IfcApi = InstanceType<WebIfc['IfcAPI']>;

export interface ReadIfcOptions {
  /** where the browser finds web-ifc.wasm (node finds it itself) */
  readonly locateWasm?: (file: string) => string;
  /** fraction 0..1 of the work done */
  readonly onProgress?: (fraction: number) => void;
}

/** Walls thinner or shorter than this are not walls (mm). */
const MIN_WALL_SIZE = 10;
/** A wall solid filling less of its fitted rectangle than this is curved or bent. */
const MIN_WALL_FILL = 0.85;
/** How far off a wall's faces a door or window without a voids relation may sit and still be its (mm). */
const HOST_SLACK = 100;

interface Solid {
  /** plan points (mm), x east, y north */
  readonly plan: Vec2[];
  /** upward-facing projected area (mm²): the footprint of a solid without overhangs */
  readonly footprint: number;
  readonly minZ: number;
  readonly maxZ: number;
  /** centre of the largest upward-facing... downward-facing triangle at the bottom: a point inside a space's floor */
  readonly floorPoint: Vec2 | null;
}

/** A STEP value web-ifc hands back: { value } wrappers, references and arrays of them. */
type Attr = { value?: unknown } | null | undefined;

function val(a: unknown): unknown {
  return a && typeof a === 'object' && 'value' in a ? (a as { value: unknown }).value : a;
}
function num(a: unknown): number | null {
  const v = val(a);
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}
function text(a: unknown): string {
  const v = val(a);
  return typeof v === 'string' ? v : '';
}
function refs(a: unknown): number[] {
  if (!Array.isArray(a)) {
    const v = val(a);
    return typeof v === 'number' ? [v] : [];
  }
  return a.map((x) => val(x)).filter((x): x is number => typeof x === 'number');
}

const SI_PREFIX: Record<string, number> = { MILLI: 1e-3, CENTI: 1e-2, DECI: 1e-1, KILO: 1e3 };

/** Millimetres per length unit of the file (IfcUnitAssignment of the project). */
function lengthUnitMm(api: IfcApi, model: number, w: WebIfc): number {
  for (const projectId of api.GetLineIDsWithType(model, w.IFCPROJECT)) {
    const project = api.GetLine(model, projectId) as { UnitsInContext?: Attr };
    const assignmentId = refs(project.UnitsInContext)[0];
    if (assignmentId === undefined) continue;
    const assignment = api.GetLine(model, assignmentId) as { Units?: unknown };
    for (const unitId of refs(assignment.Units)) {
      const unit = api.GetLine(model, unitId) as { UnitType?: Attr; Prefix?: Attr; Name?: Attr; ConversionFactor?: Attr };
      if (text(unit.UnitType) !== 'LENGTHUNIT') continue;
      if (unit.ConversionFactor) {
        // A conversion-based unit (FOOT, INCH): its factor in metres.
        const factor = api.GetLine(model, refs(unit.ConversionFactor)[0]!) as { ValueComponent?: Attr };
        const k = num(factor.ValueComponent);
        return k ? k * 1000 : 1000;
      }
      return 1000 * (SI_PREFIX[text(unit.Prefix)] ?? 1);
    }
  }
  return 1000;
}

type MeshCallback = Parameters<IfcApi['StreamMeshes']>[2];

/**
 * web-ifc 0.0.78 ships a browser WASM whose StreamMeshes still takes three arguments (it scales to
 * metres itself) under an API that passes four; the node build takes four. Either way the
 * meshes come in metres.
 */
function streamMeshes(api: IfcApi, model: number, ids: number[], callback: MeshCallback): void {
  try {
    api.StreamMeshes(model, ids, callback);
  } catch (e) {
    if (!(e instanceof Error) || !/called with 4 arguments, expected 3/.test(e.message)) throw e;
    const raw = (api as unknown as { wasmModule: { StreamMeshes(m: number, i: number[], c: MeshCallback): void } }).wasmModule;
    raw.StreamMeshes(model, ids, callback);
  }
}

/** Every solid of the elements, in plan millimetres (web-ifc answers in metres, Y up). */
function readSolids(api: IfcApi, model: number, ids: readonly number[]): Map<number, Solid> {
  const out = new Map<number, Solid>();
  if (ids.length === 0) return out;
  streamMeshes(api, model, [...ids], (mesh) => {
    const plan: Vec2[] = [];
    let footprint = 0;
    let minZ = Infinity;
    let maxZ = -Infinity;
    let floorPoint: Vec2 | null = null;
    let floorBest = 0;
    const geometries = mesh.geometries;
    for (let g = 0; g < geometries.size(); g++) {
      const placed = geometries.get(g);
      const geometry = api.GetGeometry(model, placed.geometryExpressID);
      const v = api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize());
      const index = api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize());
      geometry.delete();
      const m = placed.flatTransformation;
      const n = v.length / 6;
      const px = new Float64Array(n);
      const py = new Float64Array(n);
      const pz = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const x = v[i * 6]!;
        const y = v[i * 6 + 1]!;
        const z = v[i * 6 + 2]!;
        const X = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
        const Y = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
        const Z = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
        // web-ifc turns IFC's Z-up into Y-up: plan x = X, plan y = -Z, height = Y.
        px[i] = X * 1000;
        py[i] = -Z * 1000;
        pz[i] = Y * 1000;
        plan.push({ x: px[i]!, y: py[i]! });
        if (pz[i]! < minZ) minZ = pz[i]!;
        if (pz[i]! > maxZ) maxZ = pz[i]!;
      }
      for (let t = 0; t + 2 < index.length; t += 3) {
        const a = index[t]!;
        const b = index[t + 1]!;
        const c = index[t + 2]!;
        const cross = (px[b]! - px[a]!) * (py[c]! - py[a]!) - (py[b]! - py[a]!) * (px[c]! - px[a]!);
        // Normal's plan-up component from the 3D normal: upward faces count once for the footprint.
        const ux = px[b]! - px[a]!;
        const uy = py[b]! - py[a]!;
        const uz = pz[b]! - pz[a]!;
        const vx = px[c]! - px[a]!;
        const vy = py[c]! - py[a]!;
        const vz = pz[c]! - pz[a]!;
        const nz = ux * vy - uy * vx;
        const len = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, nz);
        if (len === 0) continue;
        if (nz / len > 0.5) footprint += Math.abs(cross) / 2;
        else if (nz / len < -0.5 && Math.abs(cross) / 2 > floorBest) {
          floorBest = Math.abs(cross) / 2;
          floorPoint = { x: (px[a]! + px[b]! + px[c]!) / 3, y: (py[a]! + py[b]! + py[c]!) / 3 };
        }
      }
    }
    if (plan.length > 0) out.set(mesh.expressID, { plan, footprint, minZ, maxZ, floorPoint });
  });
  return out;
}

const WALL_TYPES = ['IFCWALL', 'IFCWALLSTANDARDCASE', 'IFCWALLELEMENTEDCASE'] as const;
const DOOR_TYPES = ['IFCDOOR', 'IFCDOORSTANDARDCASE'] as const;
const WINDOW_TYPES = ['IFCWINDOW', 'IFCWINDOWSTANDARDCASE'] as const;
/** Parts of a building the plan does not hold, and the opening elements that are only cuts. */
const QUIET_TYPES = new Set(['IFCOPENINGELEMENT', 'IFCSPACE', 'IFCANNOTATION', 'IFCGRID', 'IFCVIRTUALELEMENT']);

function doorKind(operation: string, width: number): OpeningKind {
  if (/SLIDING/.test(operation)) return 3 as OpeningKind;
  if (/FOLDING/.test(operation)) return 4 as OpeningKind;
  if (/DOUBLE/.test(operation)) return 2 as OpeningKind;
  return (width >= 1500 ? 2 : 1) as OpeningKind;
}

const round = (v: number) => Math.round(v * 10) / 10;

/** Slab openings sharing more than this fraction of the larger's area are one hole cut through several slabs. */
const SAME_HOLE = 0.98;
/** Words that make a slab opening a stairwell (this product's export types them 'Stairwell'). */
const STAIR_WORDS = /stair|楼梯/i;

/** A slab opening typed (ObjectType, else named) as a stair's is a stairwell, any other a void. */
function slabOpeningKind(line: { Name?: Attr; ObjectType?: Attr }): FloorOpeningKind {
  const type = text(line.ObjectType).trim();
  return STAIR_WORDS.test(type || text(line.Name)) ? 'stair' : 'void';
}

const SLAB_TYPES = ['IFCSLAB', 'IFCSLABSTANDARDCASE', 'IFCSLABELEMENTEDCASE'] as const;
const STAIR_TYPES = ['IFCSTAIR'] as const;
const FLIGHT_TYPES = ['IFCSTAIRFLIGHT'] as const;

let loaded: Promise<{ w: WebIfc; api: IfcApi }> | null = null;

/** web-ifc and its WASM, once per worker: starting it takes about a second. */
export function loadWebIfc(locateWasm: ReadIfcOptions['locateWasm']): Promise<{ w: WebIfc; api: IfcApi }> {
  loaded ??= (async () => {
    const w: WebIfc = await import('web-ifc');
    const api = new w.IfcAPI();
    // Single-threaded: the multi-threaded build needs cross-origin isolation the editor page lacks.
    await api.Init(locateWasm ? (file: string) => locateWasm(file) : undefined, true);
    return { w, api };
  })();
  loaded.catch(() => (loaded = null));
  return loaded;
}

export async function readIfc(bytes: Uint8Array, options: ReadIfcOptions = {}): Promise<ImportedPlan> {
  const progress = options.onProgress ?? (() => {});
  const head = new TextDecoder().decode(bytes.subarray(0, 64));
  if (!head.startsWith('ISO-10303-21')) throw new PlanImportError('damaged', 'not a STEP file');
  const { w, api } = await loadWebIfc(options.locateWasm);
  progress(0.05);
  let model: number;
  try {
    model = api.OpenModel(bytes);
  } catch (e) {
    throw new PlanImportError('damaged', e instanceof Error ? e.message : String(e));
  }
  if (model < 0) throw new PlanImportError('damaged', 'web-ifc could not open the file');
  try {
    const schema = api.GetModelSchema(model);
    if (!/^IFC(2X3|4)/i.test(schema)) throw new PlanImportError('unsupportedSchema', schema);
    progress(0.2);
    return readModel(api, model, w, schema.toUpperCase(), progress);
  } finally {
    api.CloseModel(model);
  }
}

function idsOf(api: IfcApi, model: number, w: WebIfc, names: readonly string[]): number[] {
  const out: number[] = [];
  for (const name of names) {
    const code = (w as unknown as Record<string, number>)[name];
    if (code !== undefined) for (const id of api.GetLineIDsWithType(model, code)) out.push(id);
  }
  return out;
}

function readModel(api: IfcApi, model: number, w: WebIfc, schema: string, progress: (f: number) => void): ImportedPlan {
  const mm = lengthUnitMm(api, model, w);
  const skipped = new Map<string, { reason: PlanImportSkipReason; element: string; count: number }>();
  const skip = (reason: PlanImportSkipReason, element: string) => {
    const key = `${reason}/${element}`;
    const entry = skipped.get(key) ?? { reason, element, count: 0 };
    entry.count++;
    skipped.set(key, entry);
  };
  const typeName = (id: number) => api.GetNameFromTypeCode(api.GetLineType(model, id)).toUpperCase();
  const niceName = (id: number) => {
    const n = api.GetNameFromTypeCode(api.GetLineType(model, id));
    return n.startsWith('IFC') ? `Ifc${n.slice(3).toLowerCase().replace(/(^|[^a-z])([a-z])/g, (_, p: string, c: string) => p + c.toUpperCase())}` : n;
  };

  // Storeys and what each contains (directly, or as a space aggregated to it).
  const storeyIds = api.GetLineIDsWithType(model, w.IFCBUILDINGSTOREY);
  const storeyOf = new Map<number, number>();
  for (const relId of api.GetLineIDsWithType(model, w.IFCRELCONTAINEDINSPATIALSTRUCTURE)) {
    const rel = api.GetLine(model, relId) as { RelatingStructure?: Attr; RelatedElements?: unknown };
    const structure = refs(rel.RelatingStructure)[0];
    if (structure === undefined) continue;
    for (const e of refs(rel.RelatedElements)) storeyOf.set(e, structure);
  }
  for (const relId of api.GetLineIDsWithType(model, w.IFCRELAGGREGATES)) {
    const rel = api.GetLine(model, relId) as { RelatingObject?: Attr; RelatedObjects?: unknown };
    const whole = refs(rel.RelatingObject)[0];
    if (whole === undefined) continue;
    for (const part of refs(rel.RelatedObjects)) if (!storeyOf.has(part)) storeyOf.set(part, whole);
  }
  // Parts of parts (an element of a space, a wall of an elemented wall) belong to the storey above them.
  const storeySet = new Set<number>(storeyIds);
  const storeyFor = (id: number): number | undefined => {
    let at: number | undefined = id;
    for (let depth = 0; at !== undefined && depth < 8; depth++) {
      if (storeySet.has(at)) return at;
      at = storeyOf.get(at);
    }
    return undefined;
  };

  // Which wall each door or window fills: door -> opening (fills) -> wall (voids).
  const openingHost = new Map<number, number>();
  for (const relId of api.GetLineIDsWithType(model, w.IFCRELVOIDSELEMENT)) {
    const rel = api.GetLine(model, relId) as { RelatingBuildingElement?: Attr; RelatedOpeningElement?: Attr };
    const wall = refs(rel.RelatingBuildingElement)[0];
    const opening = refs(rel.RelatedOpeningElement)[0];
    if (wall !== undefined && opening !== undefined) openingHost.set(opening, wall);
  }
  const fillHost = new Map<number, number>();
  for (const relId of api.GetLineIDsWithType(model, w.IFCRELFILLSELEMENT)) {
    const rel = api.GetLine(model, relId) as { RelatingOpeningElement?: Attr; RelatedBuildingElement?: Attr };
    const opening = refs(rel.RelatingOpeningElement)[0];
    const fill = refs(rel.RelatedBuildingElement)[0];
    const wall = opening === undefined ? undefined : openingHost.get(opening);
    if (fill !== undefined && wall !== undefined) fillHost.set(fill, wall);
  }

  const slabSet = new Set(idsOf(api, model, w, SLAB_TYPES));
  /** slab openings: opening element -> its slab */
  const slabOpenings = [...openingHost].filter(([, host]) => slabSet.has(host));
  const stairIds = idsOf(api, model, w, STAIR_TYPES);
  const flightIds = idsOf(api, model, w, FLIGHT_TYPES);

  const wallIds = idsOf(api, model, w, WALL_TYPES);
  const doorIds = idsOf(api, model, w, DOOR_TYPES);
  const windowIds = idsOf(api, model, w, WINDOW_TYPES);
  const spaceIds = api.GetLineIDsWithType(model, w.IFCSPACE);
  const handled = new Set<number>([...wallIds, ...doorIds, ...windowIds, ...spaceIds]);

  const solids = readSolids(api, model, [...wallIds, ...doorIds, ...windowIds]);
  progress(0.6);
  const spaceSolids = readSolids(api, model, [...spaceIds]);
  const holeSolids = readSolids(api, model, [...slabOpenings.map(([opening]) => opening), ...stairIds, ...flightIds]);
  // A stair with a body of its own is one hole; a stair without one is the holes of its flights.
  const stairParts = stairIds.filter((id) => holeSolids.has(id));
  const stairSet = new Set(stairIds);
  const flights = flightIds.filter((id) => holeSolids.has(id) && !(stairSet.has(storeyOf.get(id) ?? -1) && holeSolids.has(storeyOf.get(id)!)));
  for (const id of [...stairParts, ...flights]) handled.add(id);
  // A stair drawn by its flights is read through them.
  for (const id of flights) {
    const stair = storeyOf.get(id);
    if (stair !== undefined && stairSet.has(stair)) handled.add(stair);
  }
  progress(0.8);

  // Elements the plan has no record for, by storey-contained element type.
  for (const [element] of storeyOf) {
    if (handled.has(element) || storeySet.has(element)) continue;
    const type = typeName(element);
    if (QUIET_TYPES.has(type) || !type.startsWith('IFC')) continue;
    if (/^IFC(SITE|BUILDING|PROJECT)$/.test(type)) continue;
    skip('unsupportedElement', niceName(element));
  }

  interface Draft {
    readonly id: number;
    readonly name: string;
    readonly elevation: number;
    walls: (PlanWallInput & { readonly fileId: number })[];
    openings: PlanOpeningInput[];
    rooms: ImportedRoom[];
    holes: { outline: Vec2[]; kind: FloorOpeningKind }[];
    top: number;
  }
  const drafts = new Map<number, Draft>();
  const storeyLines = [...storeyIds].map((id) => {
    const line = api.GetLine(model, id) as { Name?: Attr; LongName?: Attr; Elevation?: Attr };
    return { id, name: text(line.LongName) || text(line.Name), elevation: (num(line.Elevation) ?? 0) * mm };
  });
  storeyLines.sort((a, b) => a.elevation - b.elevation);
  for (const s of storeyLines) drafts.set(s.id, { id: s.id, name: s.name, elevation: s.elevation, walls: [], openings: [], rooms: [], holes: [], top: 0 });
  // Elements outside any storey go to the lowest one (files without storeys have none: make one).
  const fallback = (): Draft => {
    const first = storeyLines[0];
    if (first) return drafts.get(first.id)!;
    const made: Draft = { id: -1, name: '', elevation: 0, walls: [], openings: [], rooms: [], holes: [], top: 0 };
    drafts.set(-1, made);
    storeyLines.push({ id: -1, name: '', elevation: 0 });
    return made;
  };
  const draftFor = (id: number) => {
    const s = storeyFor(id);
    return (s !== undefined ? drafts.get(s) : undefined) ?? fallback();
  };

  const wallAt = new Map<number, { draft: Draft; index: number }>();
  for (const id of wallIds) {
    const solid = solids.get(id);
    if (!solid) {
      skip('noGeometry', niceName(id));
      continue;
    }
    const fitted = fitWall(solid.plan, solid.footprint > 0 ? solid.footprint : undefined);
    if (!fitted || fitted.thickness < MIN_WALL_SIZE || Math.hypot(fitted.end.x - fitted.start.x, fitted.end.y - fitted.start.y) < MIN_WALL_SIZE) {
      skip('wallTooSmall', niceName(id));
      continue;
    }
    if (fitted.fill < MIN_WALL_FILL) {
      skip('wallNotStraight', niceName(id));
      continue;
    }
    const draft = draftFor(id);
    const height = solid.maxZ - draft.elevation;
    draft.top = Math.max(draft.top, height);
    wallAt.set(id, { draft, index: draft.walls.length });
    draft.walls.push({
      fileId: id,
      start: fitted.start,
      end: fitted.end,
      thickness: round(fitted.thickness),
      height: round(Math.max(height, 100)),
    });
  }

  const addOpening = (id: number, isDoor: boolean) => {
    const solid = solids.get(id);
    const line = api.GetLine(model, id) as { OverallWidth?: Attr; OverallHeight?: Attr; OperationType?: Attr };
    if (!solid) {
      skip('noGeometry', niceName(id));
      return;
    }
    let sumX = 0;
    let sumY = 0;
    for (const p of solid.plan) {
      sumX += p.x;
      sumY += p.y;
    }
    const centre = { x: sumX / solid.plan.length, y: sumY / solid.plan.length };
    // The host: the wall the file says it voids, else the nearest wall whose body holds it.
    let host = fillHost.has(id) ? wallAt.get(fillHost.get(id)!) : undefined;
    if (!host) {
      let bestOff = Infinity;
      for (const [, at] of wallAt) {
        const wall = at.draft.walls[at.index]!;
        const { along, off, length } = alongAndOff(centre, wall.start, wall.end);
        if (along < 0 || along > length) continue;
        if (off <= (wall.thickness ?? 0) / 2 + HOST_SLACK && off < bestOff) {
          bestOff = off;
          host = at;
        }
      }
    }
    if (!host) {
      skip('openingWithoutWall', niceName(id));
      return;
    }
    const wall = host.draft.walls[host.index]!;
    const { along, length } = alongAndOff(centre, wall.start, wall.end);
    let lo = Infinity;
    let hi = -Infinity;
    for (const p of solid.plan) {
      const a = alongAndOff(p, wall.start, wall.end).along;
      lo = Math.min(lo, a);
      hi = Math.max(hi, a);
    }
    const width = (num(line.OverallWidth) ?? 0) * mm || hi - lo;
    const height = (num(line.OverallHeight) ?? 0) * mm || solid.maxZ - solid.minZ;
    const offset = (lo + hi) / 2;
    if (width <= 0 || height <= 0 || offset - width / 2 < -1 || offset + width / 2 > length + 1) {
      skip('openingWithoutWall', niceName(id));
      return;
    }
    let elevation = Math.max(0, solid.minZ - host.draft.elevation);
    if (isDoor && elevation < 50) elevation = 0;
    host.draft.openings.push({
      wall: host.index,
      kind: isDoor ? doorKind(text(line.OperationType), width) : (0 as OpeningKind),
      offset: round(Number.isFinite(offset) ? offset : along),
      width: round(width),
      height: round(height),
      elevation: round(elevation),
    });
  };
  for (const id of doorIds) addOpening(id, true);
  for (const id of windowIds) addOpening(id, false);

  for (const id of spaceIds) {
    const solid = spaceSolids.get(id);
    const line = api.GetLine(model, id) as { Name?: Attr; LongName?: Attr; ObjectType?: Attr };
    const name = (text(line.LongName) || text(line.Name)).trim();
    if (!solid?.floorPoint) continue;
    // The type a space names in ObjectType (this product's export writes the room type's name
    // there) before the one its name suggests.
    draftFor(id).rooms.push({ at: solid.floorPoint, name, roomType: roomTypeFromName(text(line.ObjectType)) || roomTypeFromName(name) });
  }

  // Floor openings: the slabs' voids on the slab's storey, then the stairs' wells on the storey above.
  for (const [opening, slab] of slabOpenings) {
    const solid = holeSolids.get(opening);
    const outline = solid ? convexHull(solid.plan) : [];
    if (outline.length < 3) {
      skip('noGeometry', 'IfcOpeningElement');
      continue;
    }
    const kind = slabOpeningKind(api.GetLine(model, opening) as { Name?: Attr; ObjectType?: Attr });
    const draft = draftFor(slab);
    // One hole cut through several slabs (a finish slab over the structure, two rooms' slabs: an
    // opening voids one element only) is one opening element per slab, all of one outline.
    const area = intersectionArea(outline, outline);
    const same = draft.holes.find((h) => intersectionArea(h.outline, outline) > SAME_HOLE * Math.max(area, intersectionArea(h.outline, h.outline)));
    if (same) {
      if (kind === 'stair') same.kind = 'stair';
      continue;
    }
    draft.holes.push({ outline, kind });
  }
  const byElevation = [...drafts.values()].sort((a, b) => a.elevation - b.elevation);
  for (const id of [...stairParts, ...flights]) {
    const outline = convexHull(holeSolids.get(id)!.plan);
    const own = draftFor(id);
    const above = byElevation.find((d) => d.elevation > own.elevation + 1);
    if (!above || outline.length < 3) {
      skip('unsupportedElement', niceName(id));
      continue;
    }
    // The slab's own opening over the stair is the stairwell: it takes the stair's kind.
    const under = above.holes.find((h) => intersectionArea(h.outline, outline) > 0.25 * intersectionArea(outline, outline));
    if (under) under.kind = 'stair';
    else above.holes.push({ outline, kind: 'stair' });
  }

  // The plan near the origin: files carry site coordinates (kilometres off) that mean nothing here.
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const d of drafts.values()) {
    for (const wall of d.walls) {
      for (const p of [wall.start, wall.end]) {
        minX = Math.min(minX, p.x);
        minY = Math.min(minY, p.y);
        maxX = Math.max(maxX, p.x);
        maxY = Math.max(maxY, p.y);
      }
    }
  }
  const shift = Number.isFinite(minX) ? { x: Math.round((minX + maxX) / 2 / 10) * 10, y: Math.round((minY + maxY) / 2 / 10) * 10 } : { x: 0, y: 0 };
  const moved = (p: Vec2): Vec2 => ({ x: round(p.x - shift.x), y: round(p.y - shift.y) });

  const storeys: ImportedStorey[] = [];
  const ordered = storeyLines.map((s) => drafts.get(s.id)!).filter(Boolean);
  ordered.forEach((d, i) => {
    if (d.walls.length === 0) {
      skip('emptyStorey', d.name || 'IfcBuildingStorey');
      return;
    }
    const next = ordered.slice(i + 1).find((n) => n.elevation > d.elevation + 1000);
    const height = round(next ? next.elevation - d.elevation : Math.max(d.top, 2400));
    storeys.push({
      name: d.name,
      elevation: round(d.elevation),
      height,
      walls: d.walls.map((wall) => ({ start: moved(wall.start), end: moved(wall.end), thickness: wall.thickness, height: wall.height })),
      openings: d.openings,
      rooms: d.rooms.map((r) => ({ ...r, at: moved(r.at) })),
      ...(d.holes.length > 0 && { floorOpenings: d.holes.map((h) => ({ outline: h.outline.map(moved), kind: h.kind })) }),
    });
  });
  progress(1);
  if (storeys.length === 0) throw new PlanImportError('empty');
  const skippedList: PlanImportSkip[] = [...skipped.values()].sort((a, b) => b.count - a.count);
  return { format: 'ifc', schema, storeys, skipped: skippedList };
}
