import { describe, expect, it } from 'vitest';
import type { CommandResult } from '../../protocol/commands';
import { readIfc } from '../../kernel-worker/import/ifc';
import { readSh3d } from '../../kernel-worker/import/sh3d';
import { flatHouse as spec, writeIfc } from '../fixtures/ifc-writer';
import { writeSh3d } from '../fixtures/sh3d-writer';
import { expectOneUndoStep, TestKernel } from './test-kernel';

// plan.import (issue 18): a plan read from another tool's file built as one undo step, on the
// storeys it belongs to, with the spaces' names on the rooms; what does not fit is counted.

const enc = (s: string) => new TextEncoder().encode(s);

/** m², from the room's outline (the snapshot rounds to hundredths). */
function ringArea(ring: readonly { x: number; y: number }[]): number {
  let a = 0;
  ring.forEach((p, i) => {
    const q = ring[(i + 1) % ring.length]!;
    a += p.x * q.y - q.x * p.y;
  });
  return Math.abs(a) / 2 / 1e6;
}

describe('plan.import of an IFC file', () => {
  it('builds every storey in one undo step, with the doors, windows and the spaces\u2019 names', async () => {
    const plan = await readIfc(enc(writeIfc(spec('archicad', 'm', 'IFC4'))));
    const tk = new TestKernel();
    let result: CommandResult<'plan.import'> | null = null;
    expectOneUndoStep(tk, () => {
      result = tk.exec('plan.import', { storeys: plan.storeys });
    });
    const r = result!;
    expect(r.storeyIds).toHaveLength(2);
    // The starting storey had no walls: the ground floor went into it; the upper one on top.
    const storeys = tk.ofType('storey').sort((a, b) => a.index - b.index);
    expect(storeys.map((s) => [s.name, s.elevation, s.layerHeight])).toEqual([
      ['Erdgeschoss', 0, 3000],
      ['1. Obergeschoss', 3000, 2800],
    ]);
    expect(r.openings).toBe(6);
    expect(r.openingsLeftOut).toBe(0);
    const ground = storeys[0]!.id;
    const rooms = tk
      .ofType('room')
      .filter((room) => room.storeyId === ground)
      .map((room) => [room.name, room.roomType, Math.round(ringArea(room.outline) * 1e4) / 1e4])
      .sort();
    // The partition stops at the faces of the south and north walls, as files draw it: it still
    // splits the flat (west 3320 x 3760, east 2320 x 3760 inside the faces).
    expect(rooms).toEqual([
      ['Wohnen', 205, 12.4832],
      ['卧室', 208, 8.7232],
    ]);
    expect(r.namedRooms).toBe(4);
  });
});

describe('plan.import of a Sweet Home 3D home', () => {
  it('builds the levels and names the rooms; a door that overlaps another is left out, not refused', () => {
    const level = {
      name: 'Level 0',
      elevation: 0,
      height: 250,
      walls: [
        { xStart: 0, yStart: 0, xEnd: 500, yEnd: 0, thickness: 10 },
        { xStart: 500, yStart: 0, xEnd: 500, yEnd: 400, thickness: 10 },
        { xStart: 500, yStart: 400, xEnd: 0, yEnd: 400, thickness: 10 },
        { xStart: 0, yStart: 400, xEnd: 0, yEnd: 0, thickness: 10 },
      ],
      pieces: [
        { name: 'Door', catalogId: 'eTeks#door', x: 150, y: 400, width: 90, depth: 10, height: 210, elevation: 0, doorOrWindow: true },
        { name: 'Door', catalogId: 'eTeks#door', x: 180, y: 400, width: 90, depth: 10, height: 210, elevation: 0, doorOrWindow: true },
      ],
      rooms: [{ name: 'Cuisine', points: [[5, 5], [495, 5], [495, 395], [5, 395]] as [number, number][] }],
    };
    const plan = readSh3d(writeSh3d([level]));
    const tk = new TestKernel();
    const r = tk.exec('plan.import', { storeys: plan.storeys });
    expect(r).toMatchObject({ openings: 1, openingsLeftOut: 1, rooms: 1, namedRooms: 1 });
    const [room] = tk.ofType('room');
    expect(room).toMatchObject({ name: 'Cuisine', roomType: 0 });
    expect(ringArea(room!.outline)).toBeCloseTo(4.9 * 3.9, 6);
  });

  it('refuses a storey whose door points past its walls, naming the field', () => {
    const tk = new TestKernel();
    expect(() => tk.exec('plan.import', { storeys: [{ name: '', elevation: 0, height: 2800, walls: [], openings: [{ wall: 0, kind: 1, offset: 10 }], rooms: [] }] })).toThrow(/openings\[0\]\.wall/);
    expect(tk.ofType('wall')).toHaveLength(0);
  });
});
