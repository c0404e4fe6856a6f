import { batchEntry, type BatchEntry, type CommandArgs } from '../../protocol/commands';
import type { ModelMount, Vec3 } from '../../protocol/records';

// insertItems as kernel commands: every item one model.add in ONE batch (one undo step, one
// reply, one redraw however many items), its id chosen here so that a plan-position item's
// model.settle can follow it in the same batch. Pure, for the unit tests.

/** A model ready to place: a catalogue row's fields (product-place.ts placeArgs) or the host's model data. */
export type PieceArgs = Omit<CommandArgs<'model.add'>, 'id' | 'position' | 'rotation' | 'storeyId' | 'roomId'>;

/** Where it goes: the kernel's choice by mount, a plan point, or a landing found for a click. */
export type Placement =
  | { readonly kind: 'auto' }
  | { readonly kind: 'point'; readonly x: number; readonly y: number }
  | { readonly kind: 'landing'; readonly storeyId: string; readonly position: Vec3; readonly rotation: number };

export interface PlannedItem {
  readonly piece: PieceArgs;
  readonly placement: Placement;
  /** the host's rotation (radians), over the placement's own */
  readonly rotation?: number;
}

/** A wall piece's centre height when the host gives only a plan point (kernel geometry/placement.ts WALL_PIECE_CENTRE). */
const WALL_PIECE_CENTRE = 1500;

/** The height a piece of `size` stands at on a plan point: on the floor, under the ceiling, or at a wall piece's height. */
export function baseHeight(mount: ModelMount | undefined, size: Vec3, layerHeight: number): number {
  const top = Math.max(0, layerHeight - size.z);
  if (mount === 'ceiling') return top;
  if (mount === 'wall') return Math.min(top, Math.max(0, WALL_PIECE_CENTRE - size.z / 2));
  return 0;
}

/** Record ids for one insert: unique in the scene for this call (the kernel refuses a taken id, and the batch rolls back). */
export function insertIds(count: number, token: string): string[] {
  return Array.from({ length: count }, (_, i) => `embed-${token}-${i + 1}`);
}

/** The batch of one insertItems: model.add per item (settled where the host gave a plan point). */
export function insertEntries(items: readonly PlannedItem[], ids: readonly string[], storey: { readonly id: string; readonly layerHeight: number } | null): BatchEntry[] {
  const entries: BatchEntry[] = [];
  items.forEach((item, i) => {
    const id = ids[i]!;
    const { placement, piece } = item;
    const rotation = item.rotation === undefined ? {} : { rotation: item.rotation };
    switch (placement.kind) {
      case 'auto':
        entries.push(batchEntry('model.add', { id, ...piece, ...rotation }));
        break;
      case 'landing':
        entries.push(batchEntry('model.add', { id, ...piece, storeyId: placement.storeyId, position: placement.position, rotation: placement.rotation, ...rotation }));
        break;
      case 'point': {
        const z = baseHeight(piece.mount, piece.size, storey?.layerHeight ?? 2800);
        const position = { x: placement.x, y: placement.y, z };
        entries.push(batchEntry('model.add', { id, ...piece, ...(storey ? { storeyId: storey.id } : {}), position, ...rotation }));
        // Out of a wall it reaches into, flush to a face it nearly touches, on top of what is under it.
        entries.push(batchEntry('model.settle', { id }));
        break;
      }
    }
  });
  return entries;
}
