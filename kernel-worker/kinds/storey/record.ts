import type { StoreySummary } from '../../../protocol/snapshot';
import { finite } from '../../document/check';
import type { RecordReader } from '../../document/store';
import { coord, id, label, length, literal } from '../fields';
import type { RecordKind } from '../record-kind';

/** Storey height when the scene has none to copy (core.md: walls 2800 high by default). */
export const DEFAULT_LAYER_HEIGHT = 2800;

function storeySummaries(records: RecordReader): StoreySummary[] {
  return records
    .ofType('storey')
    .sort((a, b) => a.index - b.index)
    .map((s) => ({ id: s.id, index: s.index, name: s.name, elevation: s.elevation, layerHeight: s.layerHeight }));
}

export const storeyRecordKind = {
  type: 'storey',
  scope: 'document',
  shape: {
    id,
    type: literal('storey'),
    index: finite({ integer: true, min: -20, max: 500 }),
    name: label,
    elevation: coord,
    layerHeight: length(100_000),
  },
  defaults: { layerHeight: DEFAULT_LAYER_HEIGHT },
  snapshot: { part: { keys: ['storeys'], derive: (records) => ({ storeys: storeySummaries(records) }) } },
} satisfies RecordKind<'storey'>;
