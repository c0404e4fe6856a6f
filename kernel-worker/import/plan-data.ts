// The open scene's plan as data for another tool (protocol/plan-export.ts): what the IFC export
// writes. Read from the records only (no derived geometry), so it is cheap and the same whichever
// view is open.
import type { ExportedFloorOpening, ExportedOpening, ExportedPlan, ExportedRoom, ExportedStorey, ExportedWall } from '../../protocol/plan-export';
import { isWindowKind } from '../commands/opening';
import type { RecordReader } from '../document/store';
import { roomLabel, roomTypeName } from '../render/room-names';

export function planData(records: Pick<RecordReader, 'ofType' | 'referring'>): ExportedPlan {
  const meta = records.ofType('meta')[0];
  const storeys = [...records.ofType('storey')].sort((a, b) => a.elevation - b.elevation || a.index - b.index);
  return {
    name: meta?.name ?? '',
    storeys: storeys.map((s): ExportedStorey => {
      const wallRecords = records.referring(s.id, 'wall');
      const index = new Map(wallRecords.map((w, i) => [w.id, i]));
      const walls = wallRecords.map((w): ExportedWall => ({ id: w.id, start: w.start, end: w.end, thickness: w.thickness, height: w.height, wallType: w.wallType }));
      const openings: ExportedOpening[] = [];
      for (const w of wallRecords) {
        for (const o of records.referring(w.id, 'opening')) {
          openings.push({ id: o.id, wall: index.get(w.id)!, kind: o.kind, window: isWindowKind(o.kind), offset: o.offset, width: o.width, height: o.height, elevation: o.elevation, flipHinge: o.flipHinge });
        }
      }
      const rooms = records.referring(s.id, 'room').map(
        (r): ExportedRoom => ({ id: r.id, name: roomLabel(r, 'zh'), roomType: r.roomType, typeName: r.roomType === 0 ? '' : roomTypeName(r.roomType, 'zh'), outline: r.outline, height: r.height }),
      );
      const floorOpenings = records
        .referring(s.id, 'floorOpening')
        .map((o): ExportedFloorOpening => ({ id: o.id, kind: o.kind, outline: o.outline, ...(o.name !== undefined && { name: o.name }) }));
      return { id: s.id, name: s.name, elevation: s.elevation, height: s.layerHeight, walls, openings, rooms, floorOpenings };
    }),
  };
}
