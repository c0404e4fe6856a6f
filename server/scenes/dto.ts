// The shapes the scene calls answer (core.md §3 Scene), built from rows. File fields are addresses
// served by this server (/files/<key>); '' when the scene has no such file.
import { fileUrl } from './files';
import type { SceneRow, VersionKind, VersionRow } from './repo';

export interface SceneDto {
  id: number;
  name: string;
  /** the scene code */
  uuid: string;
  file: string;
  preview: string;
  multiFloorImage: string;
  customPreview: string;
  roomInfoUrl: string;
  area: number;
  isUseStackWall: 0 | 1;
  jsdUrl: string;
  hasMeasuringSize: 0 | 1;
  /** the same flag under the older name some clients read */
  has_measuring_size: 0 | 1;
  /** 100 means multi-room */
  roomType: number;
  fromSceneId: number | null;
  /** the optimistic-concurrency version: send it back as baseVersion with the next update */
  version: number;
  /** id of the stored version the scene opens with (the newest manual save) */
  currentVersionId: number | null;
  labels: string[];
  ownerId: number;
  shareCode: string | null;
  /** the client (customer) the scheme belongs to, and its name ('' when none) */
  clientId: number | null;
  clientName: string;
  /** set while the scene is in the recycle bin */
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const bit = (n: number): 0 | 1 => (n ? 1 : 0);

export function sceneDto(row: SceneRow): SceneDto {
  return {
    id: row.id,
    name: row.name,
    uuid: row.uuid,
    file: fileUrl(row.file_key),
    preview: fileUrl(row.preview_key),
    multiFloorImage: fileUrl(row.multi_floor_key),
    customPreview: fileUrl(row.custom_preview_key),
    roomInfoUrl: fileUrl(row.room_info_key),
    area: row.area,
    isUseStackWall: bit(row.is_use_stack_wall),
    jsdUrl: row.jsd_url,
    hasMeasuringSize: bit(row.has_measuring_size),
    has_measuring_size: bit(row.has_measuring_size),
    roomType: row.room_type,
    fromSceneId: row.from_scene_id,
    version: row.version,
    currentVersionId: row.current_version_id,
    labels: [...row.labels],
    ownerId: row.owner_id,
    shareCode: row.share_code,
    clientId: row.client_id === null ? null : Number(row.client_id),
    clientName: row.client_name,
    deletedAt: row.deleted_at ? row.deleted_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** One entry of a history list (manual saves, timed backups or auto saves). */
export interface VersionDto {
  /** the version id: restore it, or name it as the base of a backup delta */
  id: number;
  sceneId: number;
  kind: VersionKind;
  /** the scene's version number when this was written */
  version: number;
  file: string;
  preview: string;
  multiFloorImage: string;
  roomInfoUrl: string;
  area: number;
  isUseStackWall: 0 | 1;
  roomType: number;
  clientId: string;
  /** this entry is what the scene opens with */
  isCurrent: boolean;
  updatedAt: string;
}

export function versionDto(row: VersionRow, currentVersionId: number | null): VersionDto {
  return {
    id: row.id,
    sceneId: row.scene_id,
    kind: row.kind,
    version: row.scene_version,
    file: fileUrl(row.file_key),
    preview: fileUrl(row.preview_key),
    multiFloorImage: fileUrl(row.multi_floor_key),
    roomInfoUrl: fileUrl(row.room_info_key),
    area: row.area,
    isUseStackWall: bit(row.is_use_stack_wall),
    roomType: row.room_type,
    clientId: row.client_id,
    isCurrent: row.id === currentVersionId,
    updatedAt: row.created_at.toISOString(),
  };
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNumber: number;
  pageSize: number;
}
