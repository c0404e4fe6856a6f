import { describe, expect, it } from 'vitest';
import { PlanImportError } from '../../protocol/plan-import';
import { readIfc } from '../../kernel-worker/import/ifc';
import { flatHouse as spec, stairHouse, STAIR_OUTLINE, VOID_OUTLINE, writeIfc } from '../fixtures/ifc-writer';
import { TestKernel } from './test-kernel';

// IFC import (issue 18): files written the way ArchiCAD and Revit write them (tests/fixtures/
// ifc-writer.ts) read back as plan.build input with exact walls, openings, storeys and room names.

const enc = (s: string) => new TextEncoder().encode(s);

const near = (a: number, b: number, tol = 0.5) => Math.abs(a - b) <= tol;

describe('readIfc', () => {
  for (const [style, units, schema] of [
    ['archicad', 'm', 'IFC4'],
    ['revit', 'mm', 'IFC4'],
    ['revit', 'mm', 'IFC2X3'],
    ['archicad', 'm', 'IFC2X3'],
  ] as const) {
    it(`reads storeys, walls, doors, windows and spaces (${style}, ${units}, ${schema})`, async () => {
      const plan = await readIfc(enc(writeIfc(spec(style, units, schema))));
      expect(plan.format).toBe('ifc');
      expect(plan.schema).toBe(schema);
      expect(plan.storeys.map((s) => [s.name, s.elevation, s.height])).toEqual([
        ['Erdgeschoss', 0, 3000],
        ['1. Obergeschoss', 3000, 2800],
      ]);
      const [ground] = plan.storeys;
      expect(ground!.walls).toHaveLength(5);
      // Centred on the origin: the 6000 x 4000 box runs -3000..3000 x -2000..2000.
      const south = ground!.walls[0]!;
      const ends = [south.start, south.end].map((p) => [p.x, p.y]).sort((a, b) => a[0]! - b[0]!);
      // The fitted centre line spans the solid: the outer walls' solids end at the corners' centre
      // points here (the writer draws them corner to corner), so the line is exact.
      expect(ends[0]![0]).toBeCloseTo(-3000, 3);
      expect(ends[1]![0]).toBeCloseTo(3000, 3);
      expect(ends[0]![1]).toBeCloseTo(-2000, 3);
      expect(south.thickness).toBeCloseTo(240, 3);
      expect(south.height).toBeCloseTo(2800, 3);
      const partition = ground!.walls[4]!;
      expect(partition.thickness).toBeCloseTo(120, 3);
      expect(Math.min(partition.start.y, partition.end.y)).toBeCloseTo(-1880, 3);
      expect(partition.start.x).toBeCloseTo(500, 3);

      expect(ground!.openings).toHaveLength(3);
      const byKind = [...ground!.openings].sort((a, b) => a.kind - b.kind);
      // The window: kind 0, 1200 x 1400 at 900, 1500 from the south wall's west end.
      expect(byKind[0]).toMatchObject({ wall: 0, kind: 0, width: 1200, height: 1400, elevation: 900 });
      const southWestEnd = south.start.x < south.end.x ? 0 : 6000;
      expect(near(Math.abs(byKind[0]!.offset - southWestEnd), 1500)).toBe(true);
      expect(byKind[1]).toMatchObject({ wall: 4, kind: 1, width: 900, height: 2100, elevation: 0 });
      expect(byKind[2]).toMatchObject({ wall: 2, kind: 2, width: 1600 });

      expect(ground!.rooms.map((r) => [r.name, r.roomType])).toEqual([
        ['Wohnen', 205],
        ['卧室', 208],
      ]);
      // Each name's point lies inside its space.
      expect(ground!.rooms[0]!.at.x).toBeLessThan(500);
      expect(ground!.rooms[1]!.at.x).toBeGreaterThan(500);
      expect(plan.skipped).toEqual([]);
    });
  }

  it('refuses a file that is not IFC, and a damaged one, as damaged', async () => {
    await expect(readIfc(enc('PK\u0003\u0004 not a step file'))).rejects.toMatchObject({ code: 'damaged' });
    const cut = writeIfc(spec('revit', 'mm', 'IFC4')).slice(0, 900);
    const result = await readIfc(enc(cut)).catch((e: unknown) => e);
    expect(result).toBeInstanceOf(PlanImportError);
  });

  // The plan is centred: the house's 6000 x 4000 centre lines run -3000..3000 x -2000..2000.
  const centred = (ring: readonly { x: number; y: number }[]) => ring.map((p) => ({ x: p.x - 3000, y: p.y - 2000 }));
  const well = centred([
    { x: 450, y: 450 },
    { x: 1550, y: 450 },
    { x: 1550, y: 3550 },
    { x: 450, y: 3550 },
  ]);

  for (const [style, units, schema] of [
    ['archicad', 'm', 'IFC4'],
    ['revit', 'mm', 'IFC2X3'],
  ] as const) {
    it(`reads slab openings as voids and stairs as stairwells in the floor above (${style}, ${schema})`, async () => {
      const plan = await readIfc(enc(writeIfc(stairHouse(style, units, schema, true))));
      expect(plan.storeys[0]!.floorOpenings).toBeUndefined();
      // The slab's opening over the stair is the stairwell (the stair's kind, the slab's outline).
      expect(plan.storeys[1]!.floorOpenings).toEqual([
        { outline: well, kind: 'stair' },
        { outline: centred(VOID_OUTLINE), kind: 'void' },
      ]);
      expect(plan.skipped.map((k) => k.element)).not.toContain('IfcStair');
      expect(plan.skipped.map((k) => k.element)).not.toContain('IfcStairFlight');

      // Without slab openings, the stair's own footprint.
      const bare = await readIfc(enc(writeIfc(stairHouse(style, units, schema, false))));
      expect(bare.storeys[1]!.floorOpenings).toEqual([{ outline: centred(STAIR_OUTLINE), kind: 'stair' }]);

      // Built: the rooms upstairs lose the well (1.1 x 3.1 m of the 3.32 x 3.76 m living room) and the void (2 x 1 m).
      const tk = new TestKernel();
      const result = tk.exec('plan.import', { storeys: plan.storeys });
      expect(result).toMatchObject({ floorOpenings: 2, floorOpeningsLeftOut: 0 });
      const upstairs = tk.ofType('room').filter((r) => r.storeyId === result.storeyIds[1]);
      expect(upstairs.map((r) => [r.name, tk.snapshot.rooms[r.id]!.area]).sort()).toEqual([
        ['Wohnen', 9.07],
        ['卧室', 6.72],
      ]);
      const downstairs = tk.ofType('room').filter((r) => r.storeyId === result.storeyIds[0]);
      expect(downstairs.map((r) => [r.name, tk.snapshot.rooms[r.id]!.area]).sort()).toEqual([
        ['Wohnen', 12.48],
        ['卧室', 8.72],
      ]);
    });

    it(`reads a slab opening typed or named as a stair's as a stairwell, with no stair under it (${style}, ${schema})`, async () => {
      const house = stairHouse(style, units, schema, true);
      const noStairs = { ...house, storeys: house.storeys.map((s) => ({ ...s, stairs: [] })) };
      const file = writeIfc(noStairs);
      const plain = await readIfc(enc(file));
      expect(plain.storeys[1]!.floorOpenings?.map((o) => o.kind)).toEqual(['void', 'void']);
      // The well is the first opening written: named 楼梯洞口 (no ObjectType), it is a stairwell.
      const named = await readIfc(enc(file.replace("'Deckenöffnung'", "'楼梯洞口'")));
      expect(named.storeys[1]!.floorOpenings).toEqual([
        { outline: well, kind: 'stair' },
        { outline: centred(VOID_OUTLINE), kind: 'void' },
      ]);
      // ObjectType before Name: typed as a void, a stair's name does not make it a stairwell.
      const typedFile = file.replace("'Deckenöffnung',$,$", "'Stair opening',$,'Void'");
      expect(typedFile).toContain("'Stair opening',$,'Void'");
      const typed = await readIfc(enc(typedFile));
      expect(typed.storeys[1]!.floorOpenings?.map((o) => o.kind)).toEqual(['void', 'void']);
    });
  }
});
