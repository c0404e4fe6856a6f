import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { parseXml, readSh3d, svgPathCorners } from '../../kernel-worker/import/sh3d';
import { TestKernel } from './test-kernel';
import { writeSh3d, type Sh3dLevel } from '../fixtures/sh3d-writer';

// Sweet Home 3D import (issue 18): files laid out as Sweet Home 3D 7 saves them
// (tests/fixtures/sh3d-writer.ts) read back as plan.build input, in millimetres with y north.

/** A 500 x 400 cm box (centre lines), 10 cm walls, a 91.5 cm front door and a window, two rooms. */
function house(name: string, elevation: number): Sh3dLevel {
  return {
    name,
    elevation,
    height: 250,
    walls: [
      { xStart: 0, yStart: 0, xEnd: 500, yEnd: 0, thickness: 10 },
      { xStart: 500, yStart: 0, xEnd: 500, yEnd: 400, thickness: 10 },
      { xStart: 500, yStart: 400, xEnd: 0, yEnd: 400, thickness: 10, height: 260 },
      { xStart: 0, yStart: 400, xEnd: 0, yEnd: 0, thickness: 10 },
    ],
    pieces: [
      { name: 'Front door', catalogId: 'eTeks#frontDoor', x: 150, y: 400, width: 91.5, depth: 10, height: 208.5, elevation: 0, doorOrWindow: true },
      { name: 'Window', catalogId: 'eTeks#window85x123', x: 500, y: 200, width: 85, depth: 10, height: 123, elevation: 90, angle: 1.5707964, doorOrWindow: true },
      { name: 'Sofa', catalogId: 'eTeks#sofa', x: 200, y: 200, width: 190, depth: 90, height: 85, elevation: 0, doorOrWindow: false },
    ],
    rooms: [
      { name: 'Kitchen', points: [[5, 5], [495, 5], [495, 395], [5, 395]] },
      { points: [[600, 600], [700, 600], [700, 700]] },
    ],
  };
}

describe('readSh3d', () => {
  it('reads levels, walls, doors, windows and named rooms in millimetres, y north', () => {
    const plan = readSh3d(writeSh3d([house('Level 0', 0), house('Level 1', 250)]));
    expect(plan).toMatchObject({ format: 'sh3d', schema: 'SH3D 7000' });
    expect(plan.storeys.map((s) => [s.name, s.elevation, s.height])).toEqual([
      ['Level 0', 0, 2500],
      ['Level 1', 2500, 2600],
    ]);
    const [ground] = plan.storeys;
    expect(ground!.walls[0]).toEqual({ start: { x: 0, y: 0 }, end: { x: 5000, y: 0 }, thickness: 100, height: 2500 });
    expect(ground!.walls[2]).toMatchObject({ start: { x: 5000, y: -4000 }, end: { x: 0, y: -4000 }, height: 2600 });
    // The door on the wall 400 cm south (y = -4000 here), 150 cm from x = 0: 3500 from that wall's start.
    expect(ground!.openings).toEqual([
      { wall: 2, kind: 1, offset: 3500, width: 915, height: 2085, elevation: 0 },
      { wall: 1, kind: 0, offset: 2000, width: 850, height: 1230, elevation: 900 },
    ]);
    expect(ground!.rooms).toEqual([{ at: { x: 2500, y: -2000 }, name: 'Kitchen', roomType: 7 }]);
    expect(plan.skipped).toEqual([{ reason: 'unsupportedElement', element: 'pieceOfFurniture', count: 2 }]);
  });

  it('reads a home without levels as one storey, and reports curved walls', () => {
    const level = house('', 0);
    const plan = readSh3d(writeSh3d([{ ...level, walls: [...level.walls, { xStart: 0, yStart: 0, xEnd: 100, yEnd: 100, thickness: 10, arcExtent: 1.2 }] }], { withLevels: false }));
    expect(plan.storeys).toHaveLength(1);
    expect(plan.storeys[0]).toMatchObject({ name: '', elevation: 0, height: 2600 });
    expect(plan.skipped).toContainEqual({ reason: 'wallNotStraight', element: 'wall', count: 1 });
  });

  it('refuses what it cannot read with a reason', () => {
    expect(() => readSh3d(strToU8('not a zip'))).toThrow(expect.objectContaining({ code: 'damaged' }));
    expect(() => readSh3d(writeSh3d([house('L', 0)], { withoutXml: true }))).toThrow(expect.objectContaining({ code: 'unsupportedSchema' }));
    expect(() => readSh3d(zipSync({ 'Home.xml': strToU8("<home version='7000'><wall id='w'></home>") }))).toThrow(expect.objectContaining({ code: 'damaged' }));
    expect(() => readSh3d(zipSync({ 'Home.xml': strToU8("<home version='7000'></home>") }))).toThrow(expect.objectContaining({ code: 'empty' }));
  });

  it('parses attributes in either quote style with entities', () => {
    const doc = parseXml(`<?xml version='1.0'?><!-- c --><a x="1 &amp; 2" y='&apos;&#x4e2d;&#25991;'><b/></a>`);
    expect(doc.children[0]).toEqual({ name: 'a', attrs: { x: '1 & 2', y: "'中文" }, children: [{ name: 'b', attrs: {}, children: [] }] });
  });

  it('reads staircases as stairwells in the levels above them, up to their top', () => {
    const ground = house('Level 0', 0);
    const upper = house('Level 1', 250);
    const plan = readSh3d(
      writeSh3d([
        {
          ...ground,
          pieces: [
            // A straight flight 100 x 300 cm at (100, 200), its whole footprint cut, reaching level 1.
            { name: 'Staircase', catalogId: 'eTeks#straightStaircase', x: 100, y: 200, width: 100, depth: 300, height: 250, elevation: 0, doorOrWindow: false, staircaseCutOutShape: 'M0,0 v1 h1 v-1 z' },
            // A short step (50 cm high): it reaches no level above.
            { name: 'Step', catalogId: 'eTeks#step', x: 300, y: 100, width: 100, depth: 30, height: 50, elevation: 0, doorOrWindow: false, staircaseCutOutShape: 'true' },
          ],
        },
        {
          ...upper,
          pieces: [
            // Turned a quarter (clockwise on SH3D's screen), an L-shaped cut-out: on the roof, cutting nothing.
            { name: 'Spiral', catalogId: 'eTeks#spiralStaircase', x: 400, y: 300, width: 100, depth: 100, height: 250, elevation: 0, angle: Math.PI / 2, doorOrWindow: false, staircaseCutOutShape: 'M0,0 L1,0 L1,0.5 L0.5,0.5 L0.5,1 L0,1 Z' },
          ],
        },
      ]),
    );
    expect(plan.storeys[0]!.floorOpenings).toBeUndefined();
    expect(plan.storeys[1]!.floorOpenings).toEqual([
      {
        outline: [
          { x: 500, y: -500 },
          { x: 500, y: -3500 },
          { x: 1500, y: -3500 },
          { x: 1500, y: -500 },
        ],
        kind: 'stair',
        name: 'Staircase',
      },
    ]);
    expect(plan.skipped).toContainEqual({ reason: 'unsupportedElement', element: 'staircase', count: 2 });

    // Built: the upper room loses the 1 x 3 m stairwell (4.9 x 3.9 m inside = 19.11 m²).
    const tk = new TestKernel();
    const result = tk.exec('plan.import', { storeys: plan.storeys });
    expect(result).toMatchObject({ floorOpenings: 1, floorOpeningsLeftOut: 0 });
    const areas = tk.ofType('room').map((r) => [tk.get(r.storeyId, 'storey').index, tk.snapshot.rooms[r.id]!.area]).sort();
    expect(areas).toEqual([
      [0, 19.11],
      [1, 16.11],
    ]);
  });

  it('reads SVG paths of cut-out shapes: absolute and relative lines, H, V, closing', () => {
    expect(svgPathCorners('M0,0 L1,0 L1,0.5 L0.5,0.5 L0.5,1 L0,1 Z')).toHaveLength(6);
    expect(svgPathCorners('m 0.25 0.25 h 0.5 v 0.5 h -0.5 z')).toEqual([
      { x: 0.25, y: 0.25 },
      { x: 0.75, y: 0.25 },
      { x: 0.75, y: 0.75 },
      { x: 0.25, y: 0.75 },
    ]);
    expect(svgPathCorners('M0 0 1 0 1 1 0 0')).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
    ]);
  });
});
