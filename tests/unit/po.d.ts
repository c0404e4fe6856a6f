// The UI's .po catalogues, compiled on import by @lingui/vite-plugin (the unit project loads it as
// vite.config.ts does); the same declaration as ui/i18n/po.d.ts, for the tests' own program.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
