import type { CatalogueModel } from '../../api';
import type { CommandArgs } from '../../protocol/commands';
import { TILE_IMAGE_PATTERN, type Vec3 } from '../../protocol/records';
import type { SelectedDetail } from '../../protocol/snapshot';

// The commands a click on a Product card sends: model.add (the kernel places it by its mount,
// geometry/placement.ts) or, in replacement mode, model.update of the selected model.

type SelectedModel = Extract<SelectedDetail, { kind: 'model' }>;

/** The row's size in mm (width x, depth y, height z). */
export function catalogueSize(row: Pick<CatalogueModel, 'sizex' | 'sizey' | 'sizez'>): Vec3 {
  return { x: row.sizex, y: row.sizey, z: row.sizez };
}

/** The row's files as the record names them; an address the kernel would refuse is left out (a box stands in). */
function files(row: Pick<CatalogueModel, 'gltf_url' | 'low_gltf_url'>): { gltfUrl?: string; lowGltfUrl?: string } {
  const gltfUrl = TILE_IMAGE_PATTERN.test(row.gltf_url) ? row.gltf_url : undefined;
  // A model without a low file draws its full one when low-poly models are asked for.
  const lowGltfUrl = TILE_IMAGE_PATTERN.test(row.low_gltf_url) ? row.low_gltf_url : gltfUrl;
  return { ...(gltfUrl ? { gltfUrl } : {}), ...(lowGltfUrl ? { lowGltfUrl } : {}) };
}

/** model.add for a card: in `roomId` when given, else the kernel's choice (the storey's largest room). */
export function placeArgs(row: CatalogueModel, name: string, roomId: string | null): CommandArgs<'model.add'> {
  return {
    modelId: row.model_id,
    name,
    size: catalogueSize(row),
    mount: row.type,
    resizable: row.resizable,
    ...files(row),
    ...(roomId ? { roomId } : {}),
  };
}

/**
 * model.update turning the selected model into the row, keeping where it stands and its rotation;
 * a ceiling piece keeps its top under the ceiling, so its base moves by the change in height.
 */
export function replaceArgs(row: CatalogueModel, name: string, selected: SelectedModel): CommandArgs<'model.update'> {
  const size = catalogueSize(row);
  const ceiling = (selected.mount ?? row.type) === 'ceiling' && row.type === 'ceiling';
  const z = ceiling ? Math.max(0, selected.position.z + selected.size.z - size.z) : selected.position.z;
  return {
    id: selected.id,
    modelId: row.model_id,
    name,
    size,
    mount: row.type,
    position: { ...selected.position, z },
    rotation: selected.rotation,
    resizable: row.resizable,
    ...files(row),
  };
}
