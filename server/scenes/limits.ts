// Sizes and counts of the scenes family in one place, so tests and the README quote the same numbers.

const MiB = 1024 * 1024;

/** Each of the three version lists (manual saves, timed backups, auto saves) keeps this many (core.md §4, §9). */
export const HISTORY_KEEP = 20;
/** Page size of the history lists (core.md §9). */
export const HISTORY_PAGE_SIZE = 20;
/** Default and largest page of the scene list (core.md §9: default selector page 1, per_page 20). */
export const LIST_PAGE_SIZE = 20;
export const LIST_PAGE_SIZE_MAX = 100;

/**
 * Largest scene file, inflated. The largest house the project builds (tests/bench/render-house-
 * scene.ts: 12 rooms, 155 walls, 60 openings, 2,000 models) is 0.76 MiB of JSON (88 KiB gzip), so
 * honest work stays an order of magnitude below this, while a gzip bomb is cut off here: inflating
 * stops at the cap, not at the end of the body. docs/scenes.md "Size limits" has the numbers.
 */
export const SCENE_FILE_MAX_INFLATED = 8 * MiB;
/**
 * Largest inflated/compressed ratio of a gzip scene file, checked once past SCENE_FILE_RATIO_FROM
 * inflated bytes (a small file may compress better without costing anything). Real houses compress
 * 9-19 to 1; a run of one repeated byte compresses about 1,000 to 1.
 */
export const SCENE_FILE_MAX_RATIO = 100;
export const SCENE_FILE_RATIO_FROM = 1 * MiB;

/** Largest upload body per kind, as sent (a gzip scene file counts compressed). */
export const UPLOAD_LIMITS = {
  // a plain JSON file is as large as it inflates; gzip of incompressible bytes grows a little
  scene: SCENE_FILE_MAX_INFLATED + 64 * 1024,
  preview: 10 * MiB,
  floors: 1 * MiB,
  roomInfo: 1 * MiB,
} as const;
/** Scene files may nest deeper than ordinary bodies (records hold geometry). */
export const SCENE_FILE_MAX_DEPTH = 64;

/** A preview sent inline as a data: URL (auto_save_scene previewcontent), decoded. */
export const INLINE_PREVIEW_MAX = 10 * MiB;
/** store-scene-backup, whose body carries a whole scene inline: the scene cap and room for the other fields. */
export const INLINE_SCENE_BODY_LIMIT = SCENE_FILE_MAX_INFLATED + 64 * 1024;
/**
 * POST /api/client/utility (auto_save_scene): the scene cap twice (filecontnt may be the file as a
 * JSON string, its quotes escaped) plus an inline preview as base64.
 */
export const AUTO_SAVE_BODY_LIMIT = 2 * SCENE_FILE_MAX_INFLATED + Math.ceil((INLINE_PREVIEW_MAX * 4) / 3) + 64 * 1024;
/**
 * Inline scene bodies from this size up are parsed, checked and hashed in a worker thread (see
 * scene-pool.ts), so one large body does not hold the event loop; smaller ones cost less than the
 * trip to the thread.
 */
export const SCENE_POOL_THRESHOLD = 256 * 1024;

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
