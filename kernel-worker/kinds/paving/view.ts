import type { PavingRecord } from '../../../protocol/records';
import { pavingLook, type SurfaceLook } from '../../render/materials';
import { viewIndex, type ViewKind, type ViewQuery } from '../view-kind';

// A paving draws nothing of its own: it is the look of the wall side or room surface it covers
// (the wall, room and ceiling views depend on it).

/** The pavings on a surface (a wall or a room), by its id. */
export const pavingsOfSurface = viewIndex('paving', 'pavingsOfSurface', (p) => p.surface.id);

/** The look a paving gives a face of a surface; null: none lies there. Several: the last by id wins (deterministic). */
export function surfaceLook(q: ViewQuery, surfaceId: string, face: PavingRecord['surface']['face']): SurfaceLook | null {
  let best: PavingRecord | undefined;
  for (const p of q.indexed(pavingsOfSurface, surfaceId)) if (p.surface.face === face && (!best || p.id > best.id)) best = p;
  return best ? pavingLook(best) : null;
}

export const pavingView: ViewKind<'paving'> = {
  type: 'paving',
  indexes: [pavingsOfSurface],
  storeyOf: (p, records) => {
    const surface = records.get(p.surface.id);
    return surface && 'storeyId' in surface ? surface.storeyId : null;
  },
};
