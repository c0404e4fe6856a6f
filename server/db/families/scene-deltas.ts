import type { Migration } from '../migrations';

// Saves as deltas (docs/scenes.md "Delta saves"). A manual save may store only what changed: the
// row keeps the delta from its checkpoint (a full scene file of the same scene) and names that
// checkpoint; its own file_key is reserved at save time and materialised on its first read. A
// checkpoint is referenced by key, so trimming keeps a file that a kept version still needs.
export const SCENE_DELTAS_MIGRATIONS: readonly Migration[] = [
  {
    id: 42,
    name: 'scene versions stored as deltas against a checkpoint file',
    sql: `
      alter table scene_versions
        -- canonical JSON of the BackupDelta from the checkpoint to this version; null: a full file
        add column delta text,
        -- the full scene file the delta applies to (kept while any version names it)
        add column checkpoint_key text references scene_files (key),
        -- delta saves since the checkpoint (0 for a full file)
        add column chain_length integer not null default 0,
        add constraint scene_versions_delta_checkpoint check ((delta is null) = (checkpoint_key is null));
      -- GET /files/<key> of a version not materialised yet finds its row by the reserved key
      create index scene_versions_delta_file_idx on scene_versions (file_key) where delta is not null;
      create index scene_versions_checkpoint_idx on scene_versions (checkpoint_key) where checkpoint_key is not null;
    `,
  },
];
