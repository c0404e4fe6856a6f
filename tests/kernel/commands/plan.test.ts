import { describe, expect, it } from 'vitest';
import type { PlanOpeningInput, PlanWallInput } from '../../../protocol/commands';
import type { Vec2 } from '../../../protocol/records';
import { expectOneUndoStep, expectRefused, TestKernel } from '../test-kernel';

// plan.build: a plan as data, one undo step, rooms as if drawn by hand (docs/plans-as-data.md).

const p = (x: number, y: number): Vec2 => ({ x, y });

/** A two-room flat 8000 x 5000 (centre lines) with a partition at x = 5000: the example of the docs. */
const FLAT_WALLS: PlanWallInput[] = [
  { id: 'south', start: p(0, 0), end: p(8000, 0) },
  { id: 'east', start: p(8000, 0), end: p(8000, 5000) },
  { id: 'north', start: p(8000, 5000), end: p(0, 5000) },
  { id: 'west', start: p(0, 5000), end: p(0, 0) },
  { id: 'partition', start: p(5000, 0), end: p(5000, 5000), thickness: 120, wallType: 'partition' },
];
const FLAT_OPENINGS: PlanOpeningInput[] = [
  // On the south wall, 6500 from its start: in the east room, on the piece the partition cuts off.
  { id: 'entrance', wall: 0, kind: 1, offset: 6500 },
  { id: 'inner-door', wall: 4, kind: 1, offset: 2500, width: 900 },
  { id: 'window', wall: 'north', kind: 0, offset: 5500 },
];

const areas = (tk: TestKernel) =>
  Object.values(tk.snapshot.rooms)
    .map((r) => r.area)
    .sort((a, b) => a - b);

describe('plan.build', () => {
  it('builds walls, openings and rooms in one undo step', () => {
    const tk = new TestKernel();
    const { id: storeyId } = tk.exec('storey.add', {});
    let result = { wallIds: [] as string[], openingIds: [] as string[], roomIds: [] as string[] };
    expectOneUndoStep(tk, () => {
      result = tk.exec('plan.build', { walls: FLAT_WALLS, openings: FLAT_OPENINGS });
    });
    // The partition's ends split the south and north walls: each gains a piece after it.
    expect(result.wallIds).toHaveLength(7);
    expect(result.wallIds.slice(0, 2)).toEqual(['south', expect.stringMatching(/^wall-/)]);
    expect(tk.ofType('wall')).toHaveLength(7);
    expect(tk.get('south', 'wall')).toMatchObject({ storeyId, start: p(0, 0), end: p(5000, 0), thickness: 240, height: 2800 });
    expect(tk.get('partition', 'wall')).toMatchObject({ thickness: 120, wallType: 'partition' });
    expect(result.openingIds).toEqual(['entrance', 'inner-door', 'window']);
    // The entrance went to the south wall's second piece, 1500 along it.
    expect(tk.get('entrance', 'opening')).toMatchObject({ wallId: result.wallIds[1], offset: 1500, width: 800, height: 2000 });
    expect(tk.get('inner-door', 'opening')).toMatchObject({ wallId: 'partition', offset: 2500, width: 900 });
    // 'north' runs from x = 8000 to 0: its first piece (8000..5000) keeps the id; 5500 lies beyond it.
    expect(tk.get('window', 'opening')).toMatchObject({ offset: 2500, width: 1200, elevation: 800 });
    expect(tk.get('window', 'opening').wallId).not.toBe('north');
    expect(result.roomIds).toHaveLength(2);
    expect([...result.roomIds].sort()).toEqual(tk.ofType('room').map((r) => r.id));
    // West room 120..4940 x 120..4880 (22.94 m²), east room 5060..7880 (13.42 m²).
    expect(areas(tk)).toEqual([13.42, 22.94]);
    tk.expectMirrorInSync();
  });

  it('gives the same rooms as drawing the walls one by one', () => {
    const drawn = new TestKernel();
    drawn.exec('storey.add', {});
    for (const w of FLAT_WALLS) drawn.exec('wall.add', w);
    const built = new TestKernel();
    built.exec('storey.add', {});
    built.exec('plan.build', { walls: FLAT_WALLS });
    const outlines = (tk: TestKernel) => tk.ofType('room').map((r) => JSON.stringify(r.outline)).sort();
    expect(outlines(built)).toEqual(outlines(drawn));
    expect(areas(built)).toEqual(areas(drawn));
  });

  it('extends a plan: an opening may name a wall already there, and the new walls join the old', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    tk.exec('plan.build', { walls: FLAT_WALLS.slice(0, 4) });
    expect(areas(tk)).toEqual([36.94]);
    const { roomIds, openingIds } = tk.exec('plan.build', {
      walls: [FLAT_WALLS[4]!],
      openings: [{ wall: 'east', kind: 0, offset: 2500 }],
    });
    expect(roomIds).toHaveLength(2);
    expect(areas(tk)).toEqual([13.42, 22.94]);
    expect(tk.get(openingIds[0]!, 'opening')).toMatchObject({ wallId: 'east', kind: 0, offset: 2500 });
  });

  it('refuses bad input whole, changing nothing', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    const overlap = expectRefused(tk, 'plan.build', {
      walls: FLAT_WALLS,
      openings: [
        { wall: 4, kind: 1, offset: 2500 },
        { wall: 4, kind: 1, offset: 2900 },
      ],
    });
    expect(overlap.detail).toMatch(/^OPENING_OVERLAP: /);
    expect(expectRefused(tk, 'plan.build', { walls: FLAT_WALLS, openings: [{ wall: 5, kind: 1, offset: 100 }] })).toMatchObject({
      code: 'INVALID_ARGS',
      detail: 'openings[0].wall: index 5 is past the last wall (walls has 5)',
    });
    expect(expectRefused(tk, 'plan.build', { walls: FLAT_WALLS, openings: [{ wall: 'nowhere', kind: 1, offset: 100 }] }).detail).toBe(
      'no wall with id "nowhere"',
    );
    expect(expectRefused(tk, 'plan.build', { walls: [FLAT_WALLS[0]!, { ...FLAT_WALLS[1]!, id: 'south' }] }).code).toBe('INVALID_ARGS');
    expect(expectRefused(tk, 'plan.build', { walls: [{ start: p(0, 0), end: p(0.5, 0) }] }).detail).toMatch(/^walls\[0\]: wall wall-\d+: end: must be at least 1 mm/);
    expect(expectRefused(tk, 'plan.build', { walls: FLAT_WALLS, openings: [{ wall: 0, kind: 1, offset: -100 }] }).detail).toMatch(/^OPENING_PAST_END: /);
  });
});

describe('plan.build: tolerant joining (walls as files give them)', () => {
  /** The 6000 x 5000 centre-line room, each wall stopping at the inner face of the next (240 thick). */
  const AT_FACES: PlanWallInput[] = [
    { id: 's', start: p(0, 0), end: p(5880, 0) },
    { id: 'e', start: p(6000, 120), end: p(6000, 4880) },
    { id: 'n', start: p(5880, 5000), end: p(120, 5000) },
    { id: 'w', start: p(0, 4880), end: p(0, 120) },
  ];

  it('four walls ending at faces make exactly one room of 5760 x 4760, in one undo step', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    let roomIds: string[] = [];
    expectOneUndoStep(tk, () => {
      roomIds = tk.exec('plan.build', { walls: AT_FACES }).roomIds;
    });
    expect(roomIds).toHaveLength(1);
    expect(tk.snapshot.rooms[roomIds[0]!]!.area).toBe(27.42);
    expect(tk.get(roomIds[0]!, 'room').outline).toEqual([p(120, 120), p(5880, 120), p(5880, 4880), p(120, 4880)]);
    expect(['s', 'e', 'n', 'w'].map((id) => [tk.get(id, 'wall').start, tk.get(id, 'wall').end])).toEqual([
      [p(0, 0), p(6000, 0)],
      [p(6000, 0), p(6000, 5000)],
      [p(6000, 5000), p(0, 5000)],
      [p(0, 5000), p(0, 0)],
    ]);
  });

  it('join: false takes the ends as given (no room)', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    expect(tk.exec('plan.build', { walls: AT_FACES, join: false }).roomIds).toEqual([]);
    expect(tk.get('s', 'wall').end).toEqual(p(5880, 0));
  });

  it('extends a 124 partition stopping at the faces of a 550 wall; its door stays where it was given', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    const walls: PlanWallInput[] = [
      ...FLAT_WALLS.slice(0, 4).map((w) => ({ ...w, thickness: 550 })),
      // From the south wall's inner face (275 short) to the north wall's inner face.
      { id: 'partition', start: p(5000, 275), end: p(5000, 4725), thickness: 124 },
    ];
    const { roomIds } = tk.exec('plan.build', { walls, openings: [{ id: 'door', wall: 4, kind: 1, offset: 1000 }] });
    expect(tk.get('partition', 'wall')).toMatchObject({ start: p(5000, 0), end: p(5000, 5000) });
    // 1000 from the given start (y = 275) is y = 1275: 1275 from the new start.
    expect(tk.get('door', 'opening')).toMatchObject({ wallId: 'partition', offset: 1275 });
    expect(roomIds).toHaveLength(2);
    // East 5062..7725 x 275..4725 (2663 x 4450), west 275..4938 (4663 x 4450).
    expect(areas(tk)).toEqual([11.85, 20.75]);
  });

  it('joins a new wall to an old wall on its face: the old loose end comes to the common corner (undo puts it back)', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    tk.exec('wall.add', { id: 'old', start: p(0, 0), end: p(3880, 0) });
    expectOneUndoStep(tk, () => {
      tk.exec('plan.build', { walls: [{ id: 'new', start: p(4000, -120), end: p(4000, 3000) }] });
    });
    expect(tk.get('old', 'wall').end).toEqual(p(4000, 0));
    expect(tk.get('new', 'wall').start).toEqual(p(4000, 0));
  });

  it('an old wall whose start moves to the corner keeps its openings (and those the build puts on it) in place', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    tk.exec('wall.add', { id: 'old', start: p(3880, 0), end: p(0, 0) });
    tk.exec('opening.add', { id: 'window', wallId: 'old', kind: 0, offset: 1000 });
    tk.exec('plan.build', { walls: [{ id: 'new', start: p(4000, -120), end: p(4000, 3000) }], openings: [{ id: 'door', wall: 'old', kind: 1, offset: 3000 }] });
    expect(tk.get('old', 'wall')).toMatchObject({ start: p(4000, 0), end: p(0, 0) });
    // Both 120 further from the moved start: still at x = 2880 and x = 880.
    expect(tk.get('window', 'opening').offset).toBe(1120);
    expect(tk.get('door', 'opening').offset).toBe(3120);
  });

  it('leaves ends beyond the reach loose, and parallel walls close together apart', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    tk.exec('plan.build', {
      walls: [
        { id: 'a', start: p(0, 0), end: p(6000, 0) },
        // 242 short of a's centre line: reach 120 + 120 + 1 = 241.
        { id: 'b', start: p(3000, 3000), end: p(3000, 242) },
        // Parallel to a, 200 away, ends side by side.
        { id: 'c', start: p(0, -200), end: p(6000, -200), thickness: 120 },
      ],
    });
    expect(tk.ofType('wall').map((w) => [w.id, w.start, w.end])).toEqual([
      ['a', p(0, 0), p(6000, 0)],
      ['b', p(3000, 3000), p(3000, 242)],
      ['c', p(0, -200), p(6000, -200)],
    ]);
  });
});
