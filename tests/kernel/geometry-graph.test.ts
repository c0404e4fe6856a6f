import { describe, expect, it } from 'vitest';
import { buildWallGraph, nodePoint, type WallGraph } from '../../kernel-worker/geometry/wall-graph';
import { wallFootprints } from '../../kernel-worker/geometry/wall-footprint';
import { defaultRoomWalls, wall } from './geometry-kit';

const splitOf = (g: WallGraph, id: string) => g.splits.find((s) => s.wallId === id)!;
const ranges = (g: WallGraph, id: string) => splitOf(g, id).pieces.map((p) => [p.from, p.to, p.coveredBy]);
const degrees = (g: WallGraph) => Array.from({ length: g.nodeCount }, (_, v) => g.ringStart[v + 1]! - g.ringStart[v]!).sort();

describe('wall graph', () => {
  it('joins the ends of a closed room into four nodes and changes nothing', () => {
    const g = buildWallGraph(defaultRoomWalls());
    expect(g.nodeCount).toBe(4);
    expect(g.edgeCount).toBe(4);
    expect(degrees(g)).toEqual([2, 2, 2, 2]);
    expect(g.splits.every((s) => !s.changed && s.pieces.length === 1)).toBe(true);
  });

  it('merges endpoints closer than the tolerance onto the earliest wall end', () => {
    const g = buildWallGraph([
      wall('a', 0, 0, 3000, 0),
      wall('b', 3000.6, 0.5, 3000, 2000), // its start is 0.78 mm from a's end
      wall('c', 3002, 0, 5000, 0), // 2 mm from a's end: too far to merge, and on no other wall
    ]);
    expect(g.nodeCount).toBe(5);
    const b = splitOf(g, 'b');
    expect(b.changed).toBe(true);
    expect(b.pieces[0]!.start).toEqual({ x: 3000, y: 0 });
    expect(splitOf(g, 'a').changed).toBe(false);
    expect(splitOf(g, 'c').changed).toBe(false);
  });

  it('splits two crossing walls at the crossing (X), and reports where', () => {
    const g = buildWallGraph([wall('h', 0, 1000, 4000, 1000), wall('v', 1000, 0, 1000, 3000)]);
    expect(g.nodeCount).toBe(5);
    expect(g.edgeCount).toBe(4);
    expect(degrees(g)).toEqual([1, 1, 1, 1, 4]);
    expect(ranges(g, 'h')).toEqual([
      [0, 1000, null],
      [1000, 4000, null],
    ]);
    expect(ranges(g, 'v')).toEqual([
      [0, 1000, null],
      [1000, 3000, null],
    ]);
    const h = splitOf(g, 'h');
    expect(h.changed).toBe(true);
    expect(h.pieces.map((p) => [p.start, p.end])).toEqual([
      [
        { x: 0, y: 1000 },
        { x: 1000, y: 1000 },
      ],
      [
        { x: 1000, y: 1000 },
        { x: 4000, y: 1000 },
      ],
    ]);
  });

  it('splits a crossing at any angle, at the exact intersection', () => {
    const g = buildWallGraph([wall('a', 0, 0, 4000, 3000), wall('b', 0, 3000, 4000, 0)]);
    const centre = splitOf(g, 'a').pieces[0]!.end;
    expect(centre.x).toBeCloseTo(2000, 9);
    expect(centre.y).toBeCloseTo(1500, 9);
    expect(splitOf(g, 'a').pieces[0]!.to).toBeCloseTo(2500, 9);
    expect(splitOf(g, 'b').pieces[0]!.end).toBe(centre);
  });

  it('splits a wall where another ends on it (T), also within the tolerance of its line', () => {
    const g = buildWallGraph([wall('through', 0, 0, 6000, 0), wall('stem', 2500, 0.8, 2500, 3000)]);
    expect(ranges(g, 'through')).toEqual([
      [0, expect.closeTo(2500, 9), null],
      [expect.closeTo(2500, 9), 6000, null],
    ]);
    expect(splitOf(g, 'stem').changed).toBe(false);
    expect(degrees(g)).toEqual([1, 1, 1, 3]);
  });

  it('does not split at an endpoint that only comes near the line beyond the wall', () => {
    const g = buildWallGraph([wall('a', 0, 0, 3000, 0), wall('b', 3500, 0.5, 3500, 2000)]);
    expect(g.splits.every((s) => !s.changed)).toBe(true);
    expect(g.nodeCount).toBe(4);
  });

  it('turns a collinear overlap into one edge owned by the earlier wall', () => {
    const g = buildWallGraph([wall('old', 0, 0, 6000, 0), wall('new', 8000, 0, 1000, 0)]);
    expect(g.edgeCount).toBe(3);
    expect(ranges(g, 'old')).toEqual([
      [0, 1000, null],
      [1000, 6000, null],
    ]);
    // The newer wall runs the other way: its first 2000 mm are its own, the rest lies on `old`.
    expect(ranges(g, 'new')).toEqual([
      [0, 2000, null],
      [2000, 7000, 'old'],
    ]);
    const shared = splitOf(g, 'new').pieces[1]!.edge;
    expect(g.walls[g.edgeWall[shared]!]!.id).toBe('old');
    expect(g.edgeAlsoCoveredBy.get(shared)).toEqual([1]);
  });

  it('collapses an exact duplicate (either direction) onto the first', () => {
    const g = buildWallGraph([wall('a', 0, 0, 3000, 0), wall('b', 3000, 0, 0, 0)]);
    expect(g.edgeCount).toBe(1);
    expect(ranges(g, 'b')).toEqual([[0, 3000, 'a']]);
    expect(splitOf(g, 'b').changed).toBe(true);
  });

  it('meets three walls crossing at one point in a single node', () => {
    const g = buildWallGraph([wall('a', -2000, 0, 2000, 0), wall('b', 0, -2000, 0, 2000), wall('c', -2000, -2000.5, 2000, 2000.5)]);
    expect(degrees(g)).toEqual([1, 1, 1, 1, 1, 1, 6]);
    const centre = Array.from({ length: g.nodeCount }, (_, v) => v).find((v) => g.ringStart[v + 1]! - g.ringStart[v]! === 6)!;
    expect(Math.hypot(nodePoint(g, centre).x, nodePoint(g, centre).y)).toBeLessThan(1);
  });

  it('keeps dangling walls as edges, drops walls shorter than the tolerance and invalid ones', () => {
    const g = buildWallGraph([
      ...defaultRoomWalls(),
      wall('stub', 3000, 0, 3000, 1500),
      wall('dot', 100, 100, 100.5, 100.5),
      wall('bad', Number.NaN, 0, 10, 10),
      { ...wall('flat', 0, 2000, 500, 2000), thickness: 0 },
    ]);
    expect(g.edgeCount).toBe(6);
    expect(splitOf(g, 'dot')).toEqual({ wallId: 'dot', pieces: [], changed: true });
    expect(splitOf(g, 'bad').pieces).toEqual([]);
    expect(splitOf(g, 'flat').pieces).toEqual([]);
    expect(ranges(g, 'w0')).toEqual([
      [0, 3000, null],
      [3000, 6000, null],
    ]);
  });

  it('flags the short dangling ends of walls drawn a little past the wall they meet', () => {
    const g = buildWallGraph([...defaultRoomWalls(), wall('a', 3000, -50, 3000, 5500)]);
    const a = splitOf(g, 'a').pieces;
    expect(a.map((p) => [Math.round(p.from), Math.round(p.to), p.overshoot])).toEqual([
      [0, 50, true],
      [50, 5050, false],
      // 500 mm past the north wall: more than its 240 mm thickness, a wall of its own.
      [5050, 5550, false],
    ]);
    expect(g.splits.flatMap((s) => s.pieces).filter((p) => p.overshoot)).toHaveLength(1);
  });

  it('sorts the half-edges around each node counter-clockwise', () => {
    const g = buildWallGraph([wall('e', 0, 0, 1000, 0), wall('n', 0, 0, 0, 1000), wall('w', -1000, 0, 0, 0), wall('s', 0, -1000, 0, 0)]);
    const centre = Array.from({ length: g.nodeCount }, (_, v) => v).find((v) => g.ringStart[v + 1]! - g.ringStart[v]! === 4)!;
    const angles = Array.from(g.ring.subarray(g.ringStart[centre]!, g.ringStart[centre + 1]!), (h) => Math.atan2(g.dirY[h]!, g.dirX[h]!));
    expect(angles).toEqual([...angles].sort((a, b) => a - b));
    // West comes first: the wall arriving from the west leaves the node at atan2(-0, -1) = -180°.
    expect(angles.map((a) => Math.round((a * 180) / Math.PI))).toEqual([-180, -90, 0, 90]);
  });

  it('keeps storeys apart in wallFootprints', () => {
    const a = { ...wall('a', 0, 0, 2000, 0), storeyId: 's1' };
    const b = { ...wall('b', 1000, -1000, 1000, 1000), storeyId: 's2' };
    const f = wallFootprints([a, b]);
    // Walls of different storeys cross without joining: each stays one whole rectangle.
    expect(f.get('a')).toHaveLength(1);
    expect(f.get('b')).toHaveLength(1);
    expect(f.get('a')![0]).toHaveLength(4);
  });
});
