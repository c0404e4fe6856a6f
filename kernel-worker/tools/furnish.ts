import type { DropPiece, DropResult } from '../../protocol/kernel-api';
import type { PlanFrame, Vec2 } from '../../protocol/records';
import { VIEW_ID } from '../document/session-records';
import type { RecordReader } from '../document/store';
import { cabinetPiece, dropPlacement, EDGE_SNAP_MM, onFootprint, WALL_SNAP_MM, type DropScene, type FootprintSnapOptions } from '../geometry';
import type { FloorLevel } from '../render/types';
import { screenToPlan, type Viewport } from './plan-view';
import { SNAP_RADIUS_PX } from './wall-tool';

// What furniture snaps to on a storey, and the drop query: a catalogue card let go over the canvas
// lands where geometry/furnish.ts puts it under the pointer, read through the view shown now.

/**
 * The storey's rooms, walls, and models and cabinets as pieces (all but `exclude` and the hidden
 * ones), found through the store's referrer index: a drag reads them on every pointer move, so
 * never a scan of the whole house.
 */
export function furnishScene(records: Pick<RecordReader, 'referring'>, storeyId: string, exclude: ReadonlySet<string> = new Set()): DropScene {
  return {
    rooms: records.referring(storeyId, 'room').map((r) => ({ id: r.id, outline: r.outline, height: r.height })),
    walls: records.referring(storeyId, 'wall'),
    pieces: [
      ...records.referring(storeyId, 'model').filter((m) => !exclude.has(m.id) && !m.hidden),
      ...records
        .referring(storeyId, 'cabinet')
        .filter((c) => !exclude.has(c.id) && !c.hidden)
        .map(cabinetPiece),
    ],
  };
}

/** Snap distances: the plan's 10 px at its zoom; fixed millimetres in the 3D views. */
export function furnishSnapOptions(mmPerPx: number | null): Omit<FootprintSnapOptions, 'faceWall'> {
  if (mmPerPx === null) return { wallSnap: WALL_SNAP_MM, edgeSnap: EDGE_SNAP_MM };
  return { wallSnap: SNAP_RADIUS_PX * mmPerPx, edgeSnap: (SNAP_RADIUS_PX * mmPerPx) / 2 };
}

export interface DropHost {
  readonly records: RecordReader;
  pick(x: number, y: number): { readonly id: string; readonly point: { x: number; y: number; z: number } } | null;
  floorPoint(x: number, y: number, level: FloorLevel): Vec2 | null;
  planView(): { readonly frame: PlanFrame; readonly viewport: Viewport };
}

function topUnderRay(host: DropHost, x: number, y: number, storeyId: string): Vec2 | null {
  const pieces = host.records
    .referring(storeyId, 'model')
    .filter((m) => !m.hidden)
    .sort((a, b) => b.position.z + b.size.z - (a.position.z + a.size.z));
  for (const m of pieces) {
    const p = host.floorPoint(x, y, { storeyId, z: m.position.z + m.size.z });
    if (p && onFootprint(m, p)) return p;
  }
  return null;
}

/** Where a piece let go at canvas point (x, y) lands on the current storey, or why it cannot. */
export function dropAt(host: DropHost, x: number, y: number, piece: DropPiece): DropResult {
  const view = host.records.getOfType(VIEW_ID, 'view');
  const storeyId = view?.currentStoreyId ?? null;
  if (storeyId === null || !host.records.getOfType(storeyId, 'storey')) return { ok: false, reason: 'no-storey' };
  let at: Vec2 | null;
  let height: number | null = null;
  let mmPerPx: number | null = null;
  if (view?.cameraView === 2) {
    const { frame, viewport } = host.planView();
    at = screenToPlan(frame, viewport, { x, y });
    mmPerPx = 1 / frame.pxPerMm;
  } else {
    const hit = host.pick(x, y);
    const hitType = hit ? host.records.get(hit.id)?.type : undefined;
    if (hit && hitType === 'wall' && piece.mount === 'wall') {
      // On the wall face under the pointer, at the pointer's height.
      at = { x: hit.point.x, y: hit.point.y };
      height = hit.point.z;
    } else if (hit && hitType === 'model' && piece.mount === 'surface') {
      at = { x: hit.point.x, y: hit.point.y };
    } else if (piece.mount === 'surface') {
      // A wall or a low ceiling edge may hide part of the table from the pick: the ray read at
      // each piece's top height, highest first, finds the top the pointer is over.
      at = topUnderRay(host, x, y, storeyId) ?? host.floorPoint(x, y, { storeyId, z: 0 });
    } else {
      at = host.floorPoint(x, y, { storeyId, z: 0 });
      // Looking up from inside the room (the roam view), a ceiling lamp goes where the pointer meets the ceiling.
      const storey = host.records.getOfType(storeyId, 'storey');
      if (!at && piece.mount === 'ceiling' && storey) at = host.floorPoint(x, y, { storeyId, z: storey.layerHeight });
    }
  }
  if (!at) return { ok: false, reason: 'outside' };
  const placed = dropPlacement(furnishScene(host.records, storeyId), { at, height }, piece.size, piece.mount, furnishSnapOptions(mmPerPx));
  if (!placed) return { ok: false, reason: 'outside' };
  return { ok: true, storeyId, roomId: placed.roomId, position: placed.position, rotation: placed.rotation };
}
