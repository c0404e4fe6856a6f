// The plan to an IFC4 file (issue 18): storeys (IfcBuildingStorey with its elevation), walls
// (IfcWall with an axis and a rectangle swept up by the wall's height), a floor slab and a space
// per room (IfcSlab and IfcSpace from the room's outline; the space's LongName is the room's name,
// its ObjectType the room type), doors and windows (an IfcOpeningElement voiding the wall, filled
// by an IfcDoor or IfcWindow with OverallWidth / OverallHeight, placed at the sill height), floor
// openings (an IfcOpeningElement voiding each room slab it cuts, see floorOpening()). Lengths in
// millimetres, areas in m².
//
// Written with web-ifc's own writer (IfcAPI.CreateModel / WriteLine / SaveModel and the IFC4 entity
// classes), not STEP text of our own: the entity classes check the attribute order and types
// against the schema at compile time, web-ifc encodes strings (Chinese room names) and numbers as
// STEP wants them, and it writes the IFC4 header. web-ifc is already the import's reader, loaded
// in the plan-file worker only when a file is read or written, so nothing of it reaches the main
// bundle. The tests read the files back with web-ifc in node and import them with plan.import.
import type { ExportedFloorOpening, ExportedOpening, ExportedPlan, ExportedStorey, ExportedWall } from '../../protocol/plan-export';
import type { Vec2 } from '../../protocol/records';
import { counterClockwise, openingOverlap } from '../geometry/floor-openings';
import { signedArea } from '../geometry/polygon';
import { loadWebIfc, type ReadIfcOptions } from './ifc';

type WebIfc = typeof import('web-ifc');
type IfcApi = InstanceType<WebIfc['IfcAPI']>;
type Ifc4 = WebIfc['IFC4'];

/** Floor slabs under the rooms: this thick, their top at the storey's floor level (mm). */
export const SLAB_THICKNESS = 120;
/** An opening's void reaches this far past each face of its wall (mm): a clean cut. */
const VOID_SLACK = 10;
/** Door and window leaves are drawn this thick (mm), centred in the wall. */
const LEAF_THICKNESS = 60;

/** The wall hole (垭口, catalogues.md §3 kind 7) is an opening with nothing in it. */
const WALL_HOLE = 7;
/** A floor opening cuts a room's slab where they share more than this (mm²): not where they only touch. */
const SLAB_OVERLAP = 1;

/**
 * A floor opening's ObjectType, by kind: how the importer (./ifc.ts) tells a stairwell from a
 * void, as it reads an opening named or typed as a stair's in any file.
 */
const FLOOR_OPENING_TYPE = { stair: 'Stairwell', void: 'Void' } as const;

/** The door's operation type (IFC4 IfcDoorTypeOperationEnum) for its kind; the importer reads it back. */
function doorOperation(I: Ifc4, o: ExportedOpening) {
  const E = I.IfcDoorTypeOperationEnum;
  switch (o.kind) {
    case 2:
    case 12:
      return E.DOUBLE_DOOR_SINGLE_SWING;
    case 3:
      return E.SLIDING_TO_LEFT;
    case 4:
      return E.FOLDING_TO_LEFT;
    case 5:
      return E.DOUBLE_DOOR_SLIDING;
    case 1:
      return o.flipHinge ? E.SINGLE_SWING_RIGHT : E.SINGLE_SWING_LEFT;
    default:
      return E.NOTDEFINED;
  }
}

export interface WriteIfcOptions {
  /** FILE_NAME's name */
  readonly fileName?: string;
  /** FILE_NAME's time stamp is web-ifc's; the application named in it */
  readonly application?: string;
}

/** The plan as IFC4 STEP bytes (ISO-10303-21), loading web-ifc first (once per worker). */
export async function exportIfc(plan: ExportedPlan, options: WriteIfcOptions & Pick<ReadIfcOptions, 'locateWasm'> = {}): Promise<Uint8Array> {
  const { w, api } = await loadWebIfc(options.locateWasm);
  return writeIfc(w, api, plan, options);
}

/** The plan as IFC4 STEP bytes (ISO-10303-21). `w` / `api`: web-ifc, initialised. */
export function writeIfc(w: WebIfc, api: IfcApi, plan: ExportedPlan, options: WriteIfcOptions = {}): Uint8Array {
  const model = api.CreateModel({
    schema: w.Schemas.IFC4,
    name: options.fileName ?? 'plan.ifc',
    description: ['ViewDefinition [ReferenceView_V1.2]'],
    authors: [''],
    organizations: [''],
    authorization: '',
  });
  try {
    new PlanWriter(w.IFC4, api, model).write(plan);
    return api.SaveModel(model);
  } finally {
    api.CloseModel(model);
  }
}

/** A floor slab written, and the ring it covers (plan mm, counter-clockwise). */
interface Slab {
  readonly element: InstanceType<Ifc4['IfcSlab']>;
  readonly placement: InstanceType<Ifc4['IfcLocalPlacement']>;
  readonly ring: readonly Vec2[];
}

class PlanWriter {
  private readonly zAxis;
  private readonly xAxis;
  private readonly body;
  private readonly axis;
  private readonly project;

  constructor(
    private readonly I: Ifc4,
    private readonly api: IfcApi,
    private readonly model: number,
  ) {
    this.zAxis = this.put(new I.IfcDirection([this.real(0), this.real(0), this.real(1)]));
    this.xAxis = this.put(new I.IfcDirection([this.real(1), this.real(0), this.real(0)]));
    const world = this.put(new I.IfcAxis2Placement3D(this.point3(0, 0, 0), this.zAxis, this.xAxis));
    const context = this.put(new I.IfcGeometricRepresentationContext(this.label('Model'), this.label('Model'), new I.IfcDimensionCount(3), this.real(1e-5), world, null));
    this.body = this.put(new I.IfcGeometricRepresentationSubContext(this.label('Body'), this.label('Model'), context, null, I.IfcGeometricProjectionEnum.MODEL_VIEW, null));
    this.axis = this.put(new I.IfcGeometricRepresentationSubContext(this.label('Axis'), this.label('Model'), context, null, I.IfcGeometricProjectionEnum.GRAPH_VIEW, null));
    const units = this.put(
      new I.IfcUnitAssignment([
        new I.IfcSIUnit(I.IfcUnitEnum.LENGTHUNIT, I.IfcSIPrefix.MILLI, I.IfcSIUnitName.METRE),
        new I.IfcSIUnit(I.IfcUnitEnum.AREAUNIT, null, I.IfcSIUnitName.SQUARE_METRE),
        new I.IfcSIUnit(I.IfcUnitEnum.VOLUMEUNIT, null, I.IfcSIUnitName.CUBIC_METRE),
        new I.IfcSIUnit(I.IfcUnitEnum.PLANEANGLEUNIT, null, I.IfcSIUnitName.RADIAN),
      ]),
    );
    this.project = new I.IfcProject(this.guid(), null, this.label('Project'), null, null, null, null, [context], units);
  }

  write(plan: ExportedPlan): void {
    const I = this.I;
    this.project.Name = this.label(plan.name || 'Project');
    this.put(this.project);
    const sitePlacement = this.placement(null, 0, 0, 0);
    const site = this.put(new I.IfcSite(this.guid(), null, this.label('Site'), null, null, sitePlacement, null, null, I.IfcElementCompositionEnum.ELEMENT, null, null, null, null, null));
    const buildingPlacement = this.placement(sitePlacement, 0, 0, 0);
    const building = this.put(new I.IfcBuilding(this.guid(), null, this.label(plan.name || 'Building'), null, null, buildingPlacement, null, null, I.IfcElementCompositionEnum.ELEMENT, null, null, null));
    this.relate(this.project, [site]);
    this.relate(site, [building]);
    const storeys = plan.storeys.map((s, i) => this.storey(s, i + 1, buildingPlacement));
    if (storeys.length > 0) this.relate(building, storeys);
  }

  private storey(s: ExportedStorey, number: number, buildingPlacement: InstanceType<Ifc4['IfcLocalPlacement']>) {
    const I = this.I;
    const placement = this.placement(buildingPlacement, 0, 0, s.elevation);
    const storey = this.put(
      new I.IfcBuildingStorey(this.guid(), null, this.label(s.name), null, null, placement, null, null, I.IfcElementCompositionEnum.ELEMENT, new I.IfcLengthMeasure(s.elevation)),
    );
    const contained: InstanceType<Ifc4['IfcProduct']>[] = [];
    const walls = s.walls.map((wall) => this.wall(wall, placement));
    contained.push(...walls.map((x) => x.element));
    for (const o of s.openings) {
      const host = walls[o.wall];
      if (!host) continue;
      const fill = this.opening(o, s.walls[o.wall]!, host);
      if (fill) contained.push(fill);
    }
    const spaces: InstanceType<Ifc4['IfcSpace']>[] = [];
    const slabs: Slab[] = [];
    s.rooms.forEach((room, i) => {
      const outline = room.outline;
      if (outline.length < 3) return;
      // IFC profiles run counter-clockwise like the records' outlines; a clockwise one is turned.
      const ring = counterClockwise(outline);
      const slab = this.slab(ring, room.name, room.id, placement);
      slabs.push(slab);
      contained.push(slab.element);
      const spacePlacement = this.placement(placement, 0, 0, 0);
      const space = this.put(
        new I.IfcSpace(
          this.guid(),
          null,
          // Name is the space's number in IFC; LongName the name people read.
          this.label(`${number}.${String(i + 1).padStart(2, '0')}`),
          null,
          room.typeName ? this.label(room.typeName) : null,
          spacePlacement,
          this.shape([this.bodyOf(this.extrusion(this.ringProfile(ring), room.height))]),
          this.label(room.name),
          I.IfcElementCompositionEnum.ELEMENT,
          room.typeName ? I.IfcSpaceTypeEnum.USERDEFINED : I.IfcSpaceTypeEnum.INTERNAL,
          null,
        ),
      );
      spaces.push(space);
      const area = Math.round(Math.abs(signedArea(ring)) / 10_000) / 100;
      this.properties(space, 'Qto_SpaceBaseQuantities', [], [['GrossFloorArea', area]]);
      if (room.roomType !== 0) this.properties(space, 'Pset_Yfang_Room', [['RoomType', new I.IfcInteger(room.roomType)]]);
    });
    for (const o of s.floorOpenings) contained.push(...this.floorOpening(o, slabs, placement));
    if (contained.length > 0) this.put(new I.IfcRelContainedInSpatialStructure(this.guid(), null, null, null, contained, storey));
    if (spaces.length > 0) this.relate(storey, spaces);
    return storey;
  }

  /** A floor slab (FLOOR) of the ring (counter-clockwise), its top at the storey's floor level. */
  private slab(ring: readonly Vec2[], name: string, tag: string, storeyPlacement: InstanceType<Ifc4['IfcLocalPlacement']>): Slab {
    const I = this.I;
    const placement = this.placement(storeyPlacement, 0, 0, -SLAB_THICKNESS);
    const body = this.shape([this.bodyOf(this.extrusion(this.ringProfile(ring), SLAB_THICKNESS))]);
    const element = this.put(new I.IfcSlab(this.guid(), null, this.label(name), null, null, placement, body, this.id(tag), I.IfcSlabTypeEnum.FLOOR));
    return { element, placement, ring };
  }

  /**
   * A stairwell or void: an IfcOpeningElement (the outline swept through the slab) voiding each
   * room slab it overlaps, as ArchiCAD and Revit write slab openings. IFC4 lets an opening void
   * one element only, so an opening across two rooms is two opening elements of the same outline
   * (the importer reads them as one). Its kind rides in ObjectType (FLOOR_OPENING_TYPE), its name
   * in Name. No IfcStair is written: the plan holds the well, not the flight, and a stair body
   * made up here would show in other tools as a real one; a stairwell on the lowest storey would
   * have no storey below to stand on either.
   *
   * An opening over no room slab (drawn outside the rooms, across a wall) still needs an element
   * to void, or it is lost to every reader: it gets a slab of its own outline, cut whole by it, so
   * the file adds no floor where the plan has none. Returns such slabs (the storey contains them).
   */
  private floorOpening(o: ExportedFloorOpening, slabs: readonly Slab[], storeyPlacement: InstanceType<Ifc4['IfcLocalPlacement']>): InstanceType<Ifc4['IfcSlab']>[] {
    const I = this.I;
    const ring = counterClockwise(o.outline);
    const hosts = slabs.filter((slab) => openingOverlap(ring, slab.ring) > SLAB_OVERLAP);
    const own = hosts.length === 0 ? this.slab(ring, o.name ?? FLOOR_OPENING_TYPE[o.kind], o.id, storeyPlacement) : null;
    if (own) hosts.push(own);
    for (const host of hosts) {
      const placement = this.placement(host.placement, 0, 0, -VOID_SLACK);
      const body = this.shape([this.bodyOf(this.extrusion(this.ringProfile(ring), SLAB_THICKNESS + 2 * VOID_SLACK))]);
      const opening = this.put(
        new I.IfcOpeningElement(
          this.guid(),
          null,
          this.label(o.name ?? FLOOR_OPENING_TYPE[o.kind]),
          null,
          this.label(FLOOR_OPENING_TYPE[o.kind]),
          placement,
          body,
          this.id(o.id),
          I.IfcOpeningElementTypeEnum.OPENING,
        ),
      );
      this.put(new I.IfcRelVoidsElement(this.guid(), null, null, null, host.element, opening));
    }
    return own ? [own.element] : [];
  }

  private wall(wall: ExportedWall, storeyPlacement: InstanceType<Ifc4['IfcLocalPlacement']>) {
    const I = this.I;
    const dx = wall.end.x - wall.start.x;
    const dy = wall.end.y - wall.start.y;
    const length = Math.hypot(dx, dy);
    const placement = this.placement(storeyPlacement, wall.start.x, wall.start.y, 0, { x: dx / length, y: dy / length });
    const axis = new I.IfcShapeRepresentation(this.axis, this.label('Axis'), this.label('Curve2D'), [new I.IfcPolyline([this.point2(0, 0), this.point2(length, 0)])]);
    const solid = this.extrusion(this.rectangle(length / 2, 0, length, wall.thickness), wall.height);
    const type = wall.wallType === 'partition' ? I.IfcWallTypeEnum.PARTITIONING : I.IfcWallTypeEnum.STANDARD;
    const element = this.put(new I.IfcWall(this.guid(), null, this.label(`Wall ${wall.thickness}`), null, null, placement, this.shape([axis, this.bodyOf(solid)]), this.id(wall.id), type));
    this.properties(element, 'Pset_WallCommon', [['LoadBearing', new I.IfcBoolean(wall.wallType === 'loadBearing')]]);
    return { element, placement, length };
  }

  private opening(o: ExportedOpening, wall: ExportedWall, host: ReturnType<PlanWriter['wall']>) {
    const I = this.I;
    const left = o.offset - o.width / 2;
    const placement = this.placement(host.placement, left, 0, o.elevation);
    const cut = this.extrusion(this.rectangle(o.width / 2, 0, o.width, wall.thickness + 2 * VOID_SLACK), o.height);
    const opening = this.put(new I.IfcOpeningElement(this.guid(), null, this.label('Opening'), null, null, placement, this.shape([this.bodyOf(cut)]), this.id(o.id), I.IfcOpeningElementTypeEnum.OPENING));
    this.put(new I.IfcRelVoidsElement(this.guid(), null, null, null, host.element, opening));
    if (o.kind === WALL_HOLE) return null;
    const fillPlacement = this.placement(placement, 0, 0, 0);
    const leaf = this.shape([this.bodyOf(this.extrusion(this.rectangle(o.width / 2, 0, o.width, Math.min(LEAF_THICKNESS, wall.thickness)), o.height))]);
    const height = new I.IfcPositiveLengthMeasure(o.height);
    const width = new I.IfcPositiveLengthMeasure(o.width);
    const fill = o.window
      ? new I.IfcWindow(this.guid(), null, this.label('Window'), null, null, fillPlacement, leaf, this.id(o.id), height, width, I.IfcWindowTypeEnum.WINDOW, I.IfcWindowTypePartitioningEnum.SINGLE_PANEL, null)
      : new I.IfcDoor(
          this.guid(),
          null,
          this.label('Door'),
          null,
          null,
          fillPlacement,
          leaf,
          this.id(o.id),
          height,
          width,
          I.IfcDoorTypeEnum.DOOR,
          doorOperation(I, o),
          null,
        );
    this.put(fill);
    this.put(new I.IfcRelFillsElement(this.guid(), null, null, null, opening, fill));
    return fill;
  }

  // --- small builders ---

  /** Writes a line now (and what it holds): later lines refer to it by its id. */
  private put<T extends { type: number }>(line: T): T {
    this.api.WriteLine(this.model, line as unknown as Parameters<IfcApi['WriteLine']>[1]);
    return line;
  }

  private guid() {
    return new this.I.IfcGloballyUniqueId(String((this.api.CreateIFCGloballyUniqueId(this.model) as { value: string }).value));
  }

  private label(text: string) {
    return new this.I.IfcLabel(text);
  }

  private id(text: string) {
    return new this.I.IfcIdentifier(text);
  }

  private real(v: number) {
    return new this.I.IfcReal(v);
  }

  private length(v: number) {
    return new this.I.IfcLengthMeasure(v);
  }

  private point3(x: number, y: number, z: number) {
    return new this.I.IfcCartesianPoint([this.length(x), this.length(y), this.length(z)]);
  }

  private point2(x: number, y: number) {
    return new this.I.IfcCartesianPoint([this.length(x), this.length(y)]);
  }

  /** A placement at (x, y, z) in `relTo`, its x axis along `dir` (plan), z up. */
  private placement(relTo: InstanceType<Ifc4['IfcLocalPlacement']> | null, x: number, y: number, z: number, dir?: Vec2) {
    const I = this.I;
    const ref = dir ? new I.IfcDirection([this.real(dir.x), this.real(dir.y), this.real(0)]) : null;
    return this.put(new I.IfcLocalPlacement(relTo, new I.IfcAxis2Placement3D(this.point3(x, y, z), dir ? this.zAxis : null, ref)));
  }

  private rectangle(cx: number, cy: number, xDim: number, yDim: number) {
    const I = this.I;
    return new I.IfcRectangleProfileDef(I.IfcProfileTypeEnum.AREA, null, new I.IfcAxis2Placement2D(this.point2(cx, cy), null), new I.IfcPositiveLengthMeasure(xDim), new I.IfcPositiveLengthMeasure(yDim));
  }

  private ringProfile(ring: readonly Vec2[]) {
    const I = this.I;
    const points = ring.map((p) => this.point2(p.x, p.y));
    // A closed polyline repeats its first point (the same line, not a copy).
    return new I.IfcArbitraryClosedProfileDef(I.IfcProfileTypeEnum.AREA, null, new I.IfcPolyline([...points, points[0]!]));
  }

  private extrusion(profile: InstanceType<Ifc4['IfcProfileDef']>, depth: number) {
    const I = this.I;
    return new I.IfcExtrudedAreaSolid(profile, new I.IfcAxis2Placement3D(this.point3(0, 0, 0), null, null), this.zAxis, new I.IfcPositiveLengthMeasure(depth));
  }

  private bodyOf(solid: InstanceType<Ifc4['IfcExtrudedAreaSolid']>) {
    return new this.I.IfcShapeRepresentation(this.body, this.label('Body'), this.label('SweptSolid'), [solid]);
  }

  private shape(representations: InstanceType<Ifc4['IfcShapeRepresentation']>[]) {
    return new this.I.IfcProductDefinitionShape(null, null, representations);
  }

  private relate(whole: InstanceType<Ifc4['IfcObjectDefinition']>, parts: InstanceType<Ifc4['IfcObjectDefinition']>[]): void {
    this.put(new this.I.IfcRelAggregates(this.guid(), null, null, null, whole, parts));
  }

  /** A property set (single values) or, with `areas`, an element quantity set on `element`. */
  private properties(
    element: InstanceType<Ifc4['IfcObjectDefinition']>,
    name: string,
    values: readonly (readonly [string, InstanceType<Ifc4['IfcBoolean']> | InstanceType<Ifc4['IfcInteger']>])[],
    areas: readonly (readonly [string, number])[] = [],
  ): void {
    const I = this.I;
    const definition =
      areas.length > 0
        ? new I.IfcElementQuantity(this.guid(), null, this.label(name), null, null, areas.map(([n, v]) => new I.IfcQuantityArea(this.label(n), null, null, new I.IfcAreaMeasure(v), null)))
        : new I.IfcPropertySet(this.guid(), null, this.label(name), null, values.map(([n, v]) => new I.IfcPropertySingleValue(this.id(n), null, v, null)));
    this.put(new I.IfcRelDefinesByProperties(this.guid(), null, null, null, [element], definition));
  }
}
