import type { Migration } from '../migrations';

// Per-user preferences (issue 15): the user config and the user's own hotkeys. Only what differs
// from the product defaults is kept (protocol/preferences.ts merges it over them), so a default
// changed later reaches everyone who never changed that value.
export const PREFERENCES_MIGRATIONS: readonly Migration[] = [
  {
    id: 37,
    name: 'user preferences: user config and hotkeys',
    sql: `
      create table user_preferences (
        user_id integer primary key references users (id) on delete cascade,
        config jsonb not null default '{}'::jsonb check (jsonb_typeof(config) = 'object'),
        hotkeys jsonb not null default '{}'::jsonb check (jsonb_typeof(hotkeys) = 'object'),
        updated_at timestamptz not null default now()
      );
    `,
  },
];
