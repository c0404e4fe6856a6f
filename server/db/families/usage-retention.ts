import type { Migration } from '../migrations';

// Retention of the usage and event-log tables (issue 17, server/usage/retention.ts): the prune
// job deletes per tenant by age and keeps each tenant's newest rows, so every table it prunes needs
// (project_code, created_at) to find both without reading the table.
export const USAGE_RETENTION_MIGRATIONS: readonly Migration[] = [
  {
    id: 40,
    name: 'usage retention: per-tenant time indexes of the event log and usage tables',
    sql: `
      create index event_logs_project_created_idx on event_logs (project_code, created_at);
      create index source_use_records_project_created_idx on source_use_records (project_code, created_at);
      create index button_use_records_project_created_idx on button_use_records (project_code, created_at);
      create index user_events_project_created_idx on user_events (project_code, created_at);
      create index user_online_time_project_created_idx on user_online_time (project_code, created_at);
      create index source_used_project_created_idx on source_used (project_code, created_at);
    `,
  },
];
