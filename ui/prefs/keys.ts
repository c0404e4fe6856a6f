// Where the signed-in user's preferences are kept in the browser (see store.ts). A module of its
// own so that auth/storage.ts can forget them at logout without importing the API client.

/** The user config (catalogues.md §3/§9): the backup timer, the wall tool and the render options read it. */
export const USER_CONFIG_KEY = 'userConfig';
/** The hotkey list: the canvas key forwarding reads it. */
export const USER_HOTKEYS_KEY = 'userHotkeys';
