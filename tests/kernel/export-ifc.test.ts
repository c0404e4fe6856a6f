import { describe, expect, it } from 'vitest';
import * as WebIfc from 'web-ifc';
import type { ImportedStorey } from '../../protocol/plan-import';
import type { FloorOpeningRecord, Vec2 } from '../../protocol/records';
import { exportIfc } from '../../kernel-worker/import/ifc-export';
import { readIfc } from '../../kernel-worker/import/ifc';
import { planData } from '../../kernel-worker/import/plan-data';
import { TestKernel } from './test-kernel';

// Export to IFC4 (issue 18): a three-storey plan with doors, windows and named rooms is written by
// kernel-worker/import/ifc-export.ts, then (a) read by web-ifc in node as an independent reader
// (counts, elevations, sizes, the schema) and (b) imported again with the product's own IFC
// import (readIfc + plan.import): the same walls, rooms and areas. Floor openings on a two-storey
// plan: slab openings in the file, the same stairwells and voids when imported again.

const box = (w: number, h: number) => [
  { start: { x: -w / 2, y: -h / 2 }, end: { x: w / 2, y: -h / 2 } },
  { start: { x: w / 2, y: -h / 2 }, end: { x: w / 2, y: h / 2 } },
  { start: { x: w / 2, y: h / 2 }, end: { x: -w / 2, y: h / 2 } },
  { start: { x: -w / 2, y: h / 2 }, end: { x: -w / 2, y: -h / 2 } },
];

/** 8000 x 5000 (centre lines, centred on the origin), a 120 partition at x = 1000: two rooms. */
function flat(name: string, elevation: number, rooms: [[string, number], [string, number]]): ImportedStorey {
  return {
    name,
    elevation,
    height: 3000,
    walls: [...box(8000, 5000).map((w) => ({ ...w, thickness: 240, height: 2800 })), { start: { x: 1000, y: -2500 }, end: { x: 1000, y: 2500 }, thickness: 120, height: 2800, wallType: 'partition' }],
    openings: [
      { wall: 4, kind: 1, offset: 2500, width: 900, height: 2100, elevation: 0 },
      { wall: 0, kind: 0, offset: 2000, width: 1500, height: 1400, elevation: 900 },
      { wall: 2, kind: 2, offset: 2000, width: 1200, height: 2100, elevation: 0 },
    ],
    rooms: [
      { at: { x: -2000, y: 0 }, name: rooms[0][0], roomType: rooms[0][1] },
      { at: { x: 2500, y: 0 }, name: rooms[1][0], roomType: rooms[1][1] },
    ],
  };
}

/** The top storey: one 6000 x 5000 room (its walls share the west half of the flats' outline). */
const attic: ImportedStorey = {
  name: '阁楼',
  elevation: 6000,
  height: 2600,
  walls: [
    { start: { x: -4000, y: -2500 }, end: { x: 2000, y: -2500 }, thickness: 200, height: 2400 },
    { start: { x: 2000, y: -2500 }, end: { x: 2000, y: 2500 }, thickness: 200, height: 2400 },
    { start: { x: 2000, y: 2500 }, end: { x: -4000, y: 2500 }, thickness: 200, height: 2400 },
    { start: { x: -4000, y: 2500 }, end: { x: -4000, y: -2500 }, thickness: 200, height: 2400 },
  ],
  openings: [{ wall: 1, kind: 0, offset: 2500, width: 1000, height: 1000, elevation: 1000 }],
  // A name that says nothing of the type (儿童房, 4): the type rides in the space's ObjectType.
  rooms: [{ at: { x: 0, y: 0 }, name: '小宝的房间', roomType: 4 }],
};

function original(): TestKernel {
  const tk = new TestKernel();
  tk.exec('storey.add', {});
  tk.exec('plan.import', { storeys: [flat('一层', 0, [['客厅', 205], ['主卧', 2]]), flat('二层', 3000, [['餐厅', 204], ['书房', 13]]), attic] });
  return tk;
}

const r1 = (v: number) => Math.round(v);
/** A wall as comparable data: its ends in order (either way round), thickness, height. */
function wallKey(w: { start: Vec2; end: Vec2; thickness: number; height: number }): string {
  const [a, b] = [w.start, w.end].map((p) => [r1(p.x), r1(p.y)] as const).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  return `${a![0]},${a![1]}-${b![0]},${b![1]} t${r1(w.thickness)} h${r1(w.height)}`;
}

/** Per storey (by elevation): walls, rooms (name, type, area), openings. */
function describePlan(tk: TestKernel) {
  const rooms = tk.snapshot.rooms;
  return [...tk.ofType('storey')]
    .sort((a, b) => a.elevation - b.elevation)
    .map((s) => {
      const walls = tk.ofType('wall').filter((w) => w.storeyId === s.id);
      return {
        name: s.name,
        elevation: s.elevation,
        walls: walls.map(wallKey).sort(),
        rooms: tk
          .ofType('room')
          .filter((r) => r.storeyId === s.id)
          .map((r) => `${r.name} ${r.roomType} ${rooms[r.id]!.area}`)
          .sort(),
        openings: tk
          .ofType('opening')
          .filter((o) => walls.some((w) => w.id === o.wallId))
          .map((o) => `${o.kind === 0 ? 'window' : 'door'} ${o.width}x${o.height}@${o.elevation}`)
          .sort(),
      };
    });
}

async function exported(tk: TestKernel): Promise<Uint8Array> {
  return exportIfc(planData(tk.kernel.records), { fileName: 'plan.ifc' });
}

describe('exportIfc', () => {
  it('writes an IFC4 file that web-ifc reads: storeys with elevations, walls, doors, windows, spaces, slabs', async () => {
    const tk = original();
    const bytes = await exported(tk);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith('ISO-10303-21;')).toBe(true);
    expect(text).toContain("FILE_SCHEMA(('IFC4'));");
    expect(text).toContain('IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.)');

    const api = new WebIfc.IfcAPI();
    await api.Init(undefined, true);
    const model = api.OpenModel(bytes);
    try {
      expect(api.GetModelSchema(model)).toBe('IFC4');
      const ids = (type: number) => {
        const v = api.GetLineIDsWithType(model, type);
        return Array.from({ length: v.size() }, (_, i) => v.get(i));
      };
      // Walls as the records hold them: the partitions split the flats' south and north walls.
      const walls = tk.ofType('wall').length;
      expect(walls).toBe(2 * 7 + 4);
      expect(ids(WebIfc.IFCWALL)).toHaveLength(walls);
      expect(ids(WebIfc.IFCDOOR)).toHaveLength(4);
      expect(ids(WebIfc.IFCWINDOW)).toHaveLength(3);
      expect(ids(WebIfc.IFCOPENINGELEMENT)).toHaveLength(7);
      expect(ids(WebIfc.IFCSPACE)).toHaveLength(5);
      expect(ids(WebIfc.IFCSLAB)).toHaveLength(5);
      expect(ids(WebIfc.IFCRELVOIDSELEMENT)).toHaveLength(7);
      expect(ids(WebIfc.IFCRELFILLSELEMENT)).toHaveLength(7);
      const storeys = ids(WebIfc.IFCBUILDINGSTOREY).map((id) => api.GetLine(model, id) as { Name: { value: string }; Elevation: { value: number } });
      expect(storeys.map((s) => [s.Name.value, s.Elevation.value])).toEqual([
        ['一层', 0],
        ['二层', 3000],
        ['阁楼', 6000],
      ]);
      const doors = ids(WebIfc.IFCDOOR).map((id) => api.GetLine(model, id) as { OverallWidth: { value: number }; OverallHeight: { value: number }; OperationType: { value: string } });
      expect(doors.map((d) => [d.OverallWidth.value, d.OverallHeight.value, d.OperationType.value]).sort()).toEqual([
        [1200, 2100, 'DOUBLE_DOOR_SINGLE_SWING'],
        [1200, 2100, 'DOUBLE_DOOR_SINGLE_SWING'],
        [900, 2100, 'SINGLE_SWING_LEFT'],
        [900, 2100, 'SINGLE_SWING_LEFT'],
      ]);
      const spaces = ids(WebIfc.IFCSPACE).map((id) => api.GetLine(model, id) as { Name: { value: string }; LongName: { value: string }; ObjectType: { value: string } | null });
      expect(spaces.map((s) => s.LongName.value).sort()).toEqual(['主卧', '书房', '小宝的房间', '客厅', '餐厅'].sort());
      // The room type rides in ObjectType (the type's name): 主卧 is type 2, named so.
      expect(spaces.find((s) => s.LongName.value === '主卧')!.ObjectType?.value).toBe('主卧');
      expect(spaces.find((s) => s.LongName.value === '小宝的房间')!.ObjectType?.value).toBe('儿童房');
      expect(spaces.map((s) => s.Name.value).sort()).toEqual(['1.01', '1.02', '2.01', '2.02', '3.01']);
      // The window's sill: its opening sits 900 above the floor in the wall's placement.
      const windowOpening = ids(WebIfc.IFCOPENINGELEMENT)
        .map((id) => api.GetLine(model, id, true) as { ObjectPlacement: { RelativePlacement: { Location: { Coordinates: { value: number }[] } } } })
        .map((o) => o.ObjectPlacement.RelativePlacement.Location.Coordinates.map((c) => c.value));
      expect(windowOpening.filter((c) => c[2] === 900)).toHaveLength(2);
      expect(windowOpening.filter((c) => c[2] === 1000)).toHaveLength(1);
    } finally {
      api.CloseModel(model);
    }
  });

  it('imports back (readIfc + plan.import) as the same walls, rooms with their names, types and areas, and openings', async () => {
    const tk = original();
    const before = describePlan(tk);
    // Sanity of the original: (5000 - 240) x (5000 - 180) west and (3000 - 180) x 4760 east.
    expect(before[0]!.rooms).toEqual(['主卧 2 13.42', '客厅 205 22.94']);
    const plan = await readIfc(await exported(tk));
    expect(plan.schema).toBe('IFC4');
    expect(plan.storeys.map((s) => [s.name, s.elevation, s.height])).toEqual([
      ['一层', 0, 3000],
      ['二层', 3000, 3000],
      // An IFC storey has no height: the top one's is its tallest wall's, as for any file.
      ['阁楼', 6000, 2400],
    ]);
    // What the product leaves out of a file: the floor slabs (the rooms make their own floors).
    expect(plan.skipped).toEqual([{ reason: 'unsupportedElement', element: 'IfcSlab', count: 5 }]);
    const again = new TestKernel();
    again.exec('storey.add', {});
    again.exec('plan.import', { storeys: plan.storeys });
    const after = describePlan(again);
    expect(after).toEqual(before);
  });
});

const rect = (x0: number, y0: number, x1: number, y1: number): Vec2[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

/** Two storeys of flats with floor openings of both kinds, in and out of the rooms. */
function withFloorOpenings(): TestKernel {
  const tk = new TestKernel();
  tk.exec('storey.add', {});
  tk.exec('plan.import', { storeys: [flat('一层', 0, [['客厅', 205], ['主卧', 2]]), flat('二层', 3000, [['餐厅', 204], ['书房', 13]])] });
  const [ground, upper] = [...tk.ofType('storey')].sort((a, b) => a.elevation - b.elevation);
  // Upstairs: a named stairwell in the west room; a five-cornered void across the partition (x =
  // 1000: two rooms' slabs); a void out past the east wall, over no room.
  tk.exec('floorOpening.add', { storeyId: upper!.id, outline: rect(-3500, -1800, -2400, 1300), kind: 'stair', name: '主楼梯' });
  tk.exec('floorOpening.add', {
    storeyId: upper!.id,
    outline: [
      { x: 500, y: -500 },
      { x: 1800, y: -500 },
      { x: 2200, y: 300 },
      { x: 1200, y: 1200 },
      { x: 300, y: 500 },
    ],
    kind: 'void',
  });
  tk.exec('floorOpening.add', { storeyId: upper!.id, outline: rect(4500, 0, 5500, 1000), kind: 'void' });
  // On the lowest storey: a stairwell with no storey below it (down to a cellar the plan lacks).
  tk.exec('floorOpening.add', { storeyId: ground!.id, outline: rect(2000, -2000, 3000, -1000), kind: 'stair' });
  return tk;
}

/** The rings are the same within `tol` mm (the same corners in the same turn, from any start). */
function sameRing(a: readonly Vec2[], b: readonly Vec2[], tol = 1): boolean {
  if (a.length !== b.length) return false;
  const near = (p: Vec2, q: Vec2) => Math.abs(p.x - q.x) <= tol && Math.abs(p.y - q.y) <= tol;
  return a.some((_, shift) => a.every((p, i) => near(p, b[(i + shift) % b.length]!)));
}

/** Per storey (by elevation): its floor openings' kinds and outlines. */
function floorOpeningsByStorey(tk: TestKernel): { elevation: number; openings: Pick<FloorOpeningRecord, 'kind' | 'outline'>[] }[] {
  return [...tk.ofType('storey')]
    .sort((a, b) => a.elevation - b.elevation)
    .map((s) => ({ elevation: s.elevation, openings: tk.ofType('floorOpening').filter((o) => o.storeyId === s.id) }));
}

describe('exportIfc: floor openings', () => {
  it('cuts the room slabs with IfcOpeningElements (IfcRelVoidsElement), typed by kind; one over no room gets a slab of its own', async () => {
    const tk = withFloorOpenings();
    const byId = new Map(tk.ofType('floorOpening').map((o) => [o.id, o]));
    const api = new WebIfc.IfcAPI();
    await api.Init(undefined, true);
    const model = api.OpenModel(await exported(tk));
    try {
      const ids = (type: number) => {
        const v = api.GetLineIDsWithType(model, type);
        return Array.from({ length: v.size() }, (_, i) => v.get(i));
      };
      // 4 rooms' slabs and the outside void's own.
      const slabs = new Set(ids(WebIfc.IFCSLAB));
      expect(slabs.size).toBe(5);
      const openings = new Set(ids(WebIfc.IFCOPENINGELEMENT));
      type Line = { Name: { value: string } | null; ObjectType: { value: string } | null; Tag: { value: string } | null };
      const slabVoids = ids(WebIfc.IFCRELVOIDSELEMENT)
        .map((id) => api.GetLine(model, id) as { RelatingBuildingElement: { value: number }; RelatedOpeningElement: { value: number } })
        .filter((rel) => slabs.has(rel.RelatingBuildingElement.value));
      // The stairwell and the outside void cut one slab each, the void across the partition two,
      // the ground floor's stairwell one.
      expect(slabVoids).toHaveLength(5);
      const cuts = slabVoids.map((rel) => {
        expect(openings.has(rel.RelatedOpeningElement.value)).toBe(true);
        const opening = api.GetLine(model, rel.RelatedOpeningElement.value) as Line;
        const slab = api.GetLine(model, rel.RelatingBuildingElement.value) as Line & { PredefinedType: { value: string } };
        expect(slab.PredefinedType.value).toBe('FLOOR');
        const record = byId.get(opening.Tag!.value)!;
        return `${record.kind} ${opening.ObjectType?.value} ${opening.Name?.value} in ${slab.Name?.value}`;
      });
      expect(cuts.sort()).toEqual(
        [
          'stair Stairwell 主楼梯 in 餐厅',
          'void Void Void in 餐厅',
          'void Void Void in 书房',
          'void Void Void in Void',
          'stair Stairwell Stairwell in 主卧',
        ].sort(),
      );
      // Every opening element voids one element (IFC4), the doors' and windows' their walls.
      expect(ids(WebIfc.IFCRELVOIDSELEMENT)).toHaveLength(openings.size);
    } finally {
      api.CloseModel(model);
    }
  });

  it('imports back as the same stairwells and voids on the same storeys (kind, outline within 1 mm), and the same room areas', async () => {
    const tk = withFloorOpenings();
    const before = floorOpeningsByStorey(tk);
    expect(before.map((s) => s.openings.length)).toEqual([1, 3]);
    const plan = await readIfc(await exported(tk));
    // The void across the partition is one opening element per room slab: read as one hole.
    expect(plan.storeys.map((s) => s.floorOpenings?.length)).toEqual([1, 3]);
    const again = new TestKernel();
    again.exec('storey.add', {});
    const result = again.exec('plan.import', { storeys: plan.storeys });
    expect(result).toMatchObject({ floorOpenings: 4, floorOpeningsLeftOut: 0 });
    const after = floorOpeningsByStorey(again);
    expect(after.map((s) => s.elevation)).toEqual(before.map((s) => s.elevation));
    after.forEach((storey, i) => {
      const originals = before[i]!.openings;
      expect(storey.openings).toHaveLength(originals.length);
      for (const o of originals) {
        const match = storey.openings.filter((p) => sameRing(p.outline, o.outline));
        expect(match, JSON.stringify(o.outline)).toHaveLength(1);
        expect(match[0]!.kind).toBe(o.kind);
      }
    });
    // The rooms lose the same floor to the openings in both.
    expect(describePlan(again)).toEqual(describePlan(tk));
  });
});
