import { boxGrid, boxOf, boxesOverlap } from './box-grid';
import { intersectionArea, type Region } from './clip';
import { signedArea } from './polygon';

// After an edit the rooms are detected afresh; this says which new face is which old room, by how
// much floor they share, so rooms keep their id, type, name and materials:
// - ids go greedily by overlap, largest first: a face takes over the id of the old room it
//   overlaps most unless a face sharing more floor with that room took it already; each old id
//   goes to at most one face. A room that grew, shrank or moved a little keeps its id.
// - every new face takes its type etc. from the old room it overlaps most (its source), so both
//   parts of a split room keep the type (the larger part also keeps the id), and a room merged
//   from several keeps the one it shares most floor with: the larger.
// - an overlap counts when it is at least MATCH_MIN_FRACTION of the smaller of the two rooms and
//   at least MIN_MATCH_AREA, so rounding slivers along a moved wall match nothing.

export const MATCH_MIN_FRACTION = 0.01;
/** mm² (0.01 m²) */
export const MIN_MATCH_AREA = 10_000;

export interface OldRoom extends Region {
  readonly id: string;
}

export interface RoomMatch {
  /** the old room whose id (record) this face takes over, or null for a new room */
  readonly keepId: string | null;
  /** the old room whose type, name and materials this face takes, or null */
  readonly sourceId: string | null;
  /** floor shared with the source, mm² (0 without one) */
  readonly overlap: number;
}

export interface RoomMatching {
  /** one per new face, in the order given */
  readonly matches: readonly RoomMatch[];
  /** old rooms no face kept the id of */
  readonly removed: readonly string[];
}

const regionArea = (r: Region): number =>
  Math.abs(signedArea(r.outline)) - (r.holes ?? []).reduce((s, h) => s + Math.abs(signedArea(h)), 0);

export function matchRooms(old: readonly OldRoom[], fresh: readonly Region[]): RoomMatching {
  const oldBoxes = old.map((r) => boxOf(r.outline));
  const oldAreas = old.map(regionArea);
  const grid = boxGrid(oldBoxes);
  const pairs: { o: number; f: number; overlap: number }[] = [];
  fresh.forEach((room, f) => {
    const box = boxOf(room.outline);
    const area = regionArea(room);
    grid.query(box, (o) => {
      if (!boxesOverlap(box, oldBoxes[o]!)) return;
      const overlap = intersectionArea(old[o]!, room);
      if (overlap >= MIN_MATCH_AREA && overlap >= MATCH_MIN_FRACTION * Math.min(area, oldAreas[o]!)) pairs.push({ o, f, overlap });
    });
  });
  // Largest overlap first; ties to the earlier old room, then the earlier face (deterministic).
  pairs.sort((p, q) => q.overlap - p.overlap || p.o - q.o || p.f - q.f);
  const keep = new Array<number>(fresh.length).fill(-1);
  const source = new Array<number>(fresh.length).fill(-1);
  const sourceOverlap = new Array<number>(fresh.length).fill(0);
  const taken = new Uint8Array(old.length);
  for (const { o, f, overlap } of pairs) {
    if (source[f] !== -1) continue;
    source[f] = o;
    sourceOverlap[f] = overlap;
    // A face takes over only its own source's id, so ids and types never cross over.
    if (!taken[o]) {
      keep[f] = o;
      taken[o] = 1;
    }
  }
  const matches = fresh.map((_, f) => ({
    keepId: keep[f]! >= 0 ? old[keep[f]!]!.id : null,
    sourceId: source[f]! >= 0 ? old[source[f]!]!.id : null,
    overlap: sourceOverlap[f]!,
  }));
  return { matches, removed: old.filter((_, o) => !taken[o]).map((r) => r.id) };
}
