// Sizes and counts of the scenes family in one place, so tests and the README quote the same numbers.

const MiB = 1024 * 1024;

/** Each of the three version lists (manual saves, timed backups, auto saves) keeps this many (core.md §4, §9). */
export const HISTORY_KEEP = 20;
/** Page size of the history lists (core.md §9). */
export const HISTORY_PAGE_SIZE = 20;
/** Default and largest page of the scene list (core.md §9: default selector page 1, per_page 20). */
export const LIST_PAGE_SIZE = 20;
export const LIST_PAGE_SIZE_MAX = 100;

/** Largest upload body per kind, as sent (a gzip scene file counts compressed). */
export const UPLOAD_LIMITS = {
  scene: 128 * MiB,
  preview: 10 * MiB,
  floors: 1 * MiB,
  roomInfo: 1 * MiB,
} as const;
/** Largest inflated scene file: stops a small gzip bomb from filling the disk. */
export const SCENE_FILE_MAX_INFLATED = 512 * MiB;
/** Scene files may nest deeper than ordinary bodies (records hold geometry). */
export const SCENE_FILE_MAX_DEPTH = 64;

/** JSON bodies that carry a whole scene inline (store-scene-backup, auto_save_scene). */
export const INLINE_SCENE_BODY_LIMIT = 64 * MiB;
/** A preview sent inline as a data: URL (auto_save_scene previewcontent), decoded. */
export const INLINE_PREVIEW_MAX = 10 * MiB;

/** Labels: per scene, and the length of one. */
export const LABELS_PER_SCENE = 20;
export const LABEL_MAX_CHARS = 32;
export const NAME_MAX_CHARS = 100;
/** air-conditioner settings of a scene, as JSON text. */
export const AIR_CONDITIONER_MAX_BYTES = 64 * 1024;

/**
 * How long after a session was revoked because the account logged in elsewhere it may still make
 * its one auto_save_scene call (core.md §4 forced logout), so the work on screen is not lost.
 */
export const AUTO_SAVE_GRACE_MS = 10 * 60 * 1000;

/** Uploads never used by a save are removed after this long (the client may still "save as a copy" until then). */
export const UNCLAIMED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** Stored answers of Idempotency-Key requests are kept this long. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** The sweeps above run at most this often per process, piggybacked on requests. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Delta saves (docs/scenes.md "Delta saves"): a save stores a full checkpoint instead of a delta
 * once this many delta saves follow the last one, or once the delta from it (records whole) grows
 * past CHECKPOINT_BYTES. Below HISTORY_KEEP, so a list of 20 holds at least one checkpoint.
 */
export const CHECKPOINT_EVERY = 16;
export const CHECKPOINT_BYTES = 256 * 1024;
/** The body of PUT /{id} with a delta (JSON): a delta larger than this goes as a file upload. */
export const DELTA_BODY_LIMIT = 4 * MiB;
/** Scenes whose newest resolved version the process keeps in memory for the next delta save. */
export const DELTA_CACHE_SCENES = 64;
