import type { Migration } from '../migrations';

// Migrations of the quotation price lists (issue 14), in the catalogues block (30-39): id 34.
export const PRICING_MIGRATIONS: readonly Migration[] = [
  {
    id: 34,
    name: 'pricing: per-project price list versions',
    sql: `
      -- One row per saved version of a project's price list. Rows are never updated or deleted
      -- (except with their project): a quote names the version it was priced from, and must be
      -- able to read it back. The current list is the highest version.
      create table price_list_versions (
        project_code text not null references projects (code) on update cascade on delete cascade,
        version integer not null check (version >= 1),
        list jsonb not null,
        note text not null default '',
        -- what changed from the version before: [{code, from, to}]
        changes jsonb not null default '[]'::jsonb,
        created_by integer references users (id) on delete set null,
        created_by_name text not null default '',
        created_at timestamptz not null default now(),
        primary key (project_code, version)
      );
    `,
  },
];
