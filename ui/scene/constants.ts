// Business constants of the scene session, as core.md §4 and §9 (and catalogues.md user config
// defaults) give them.

/** core.md §9: default backup interval, also the first wait after a scene is loaded or started. */
export const DEFAULT_BACKUP_INTERVAL_MS = 300_000;
/** core.md §9 / catalogues.md: user config default backupTime, the wait between later backups. */
export const USER_CONFIG_BACKUP_TIME_MS = 600_000;
/** catalogues.md: user config default backupMode (1: file and preview are saved with the backup). */
export const USER_CONFIG_BACKUP_MODE = 1;

/** core.md §4, §9: a new unsaved scene hints to save after 180000 ms … */
export const UNSAVED_HINT_DELAY_MS = 180_000;
/** … and the hint is shown for 8000 ms. */
export const UNSAVED_HINT_DURATION_MS = 8_000;

/** core.md §9: history keeps 20 records, page size 20 (the restore dialog's lists). */
export const HISTORY_RECORDS = 20;

/** The scene list dialog (我的方案) shows this many scenes a page. */
export const SCENE_LIST_PAGE_SIZE = 12;

/** The query parameter that opens a scene directly: /?sceneId=<id>. */
export const SCENE_ID_PARAM = 'sceneId';

/**
 * A save sends the kernel's delta instead of the whole file while the delta (JSON) is at most
 * this share of the file's JSON and under this size (the server takes 4 MiB of JSON in a save).
 */
export const SAVE_DELTA_MAX_SHARE = 0.5;
export const SAVE_DELTA_MAX_CHARS = 3 * 1024 * 1024;
