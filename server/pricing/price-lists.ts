// Per-project price lists in numbered versions (table price_list_versions, migration 34). Saving
// never changes a stored version: it adds the next one, so a quote that names version n can always
// read the prices it was computed from.
import type { Db } from '../db/types';
import { diffPriceLists, type PriceChange, type PriceList, type PriceListVersion, type PriceListVersionSummary } from '../../protocol/price-list';
import { DEFAULT_PRICE_LIST } from '../../protocol/price-list-default';

interface VersionRow {
  version: number;
  list: PriceList;
  note: string;
  changes: PriceChange[];
  created_by_name: string;
  created_at: Date | string;
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function toVersion(r: VersionRow): PriceListVersion {
  return { version: r.version, created_at: iso(r.created_at), created_by_name: r.created_by_name, note: r.note, list: r.list };
}

/**
 * Gives a project without a price list the default one as version 1. Done on first read rather
 * than when a project is created, so every tenant has one however it came to exist (seed, admin
 * tooling, a restored backup), and idempotent when two requests race.
 */
export async function ensurePriceList(db: Db, project: string): Promise<void> {
  await db.query(
    `insert into price_list_versions (project_code, version, list)
     select $1, 1, $2::jsonb
     where not exists (select 1 from price_list_versions where project_code = $1)
     on conflict do nothing`,
    [project, JSON.stringify(DEFAULT_PRICE_LIST)],
  );
}

/** The given version of the project's list, or its newest when version is omitted; null if there is no such version. */
export async function getPriceList(db: Db, project: string, version?: number): Promise<PriceListVersion | null> {
  await ensurePriceList(db, project);
  const rows =
    version === undefined
      ? await db.query<VersionRow>(
          `select version, list, note, changes, created_by_name, created_at from price_list_versions
           where project_code = $1 order by version desc limit 1`,
          [project],
        )
      : await db.query<VersionRow>(
          `select version, list, note, changes, created_by_name, created_at from price_list_versions
           where project_code = $1 and version = $2`,
          [project, version],
        );
  return rows[0] ? toVersion(rows[0]) : null;
}

/** Every version of the project's list, newest first, without the lists themselves. */
export async function priceListHistory(db: Db, project: string): Promise<PriceListVersionSummary[]> {
  await ensurePriceList(db, project);
  const rows = await db.query<VersionRow & { item_count: number }>(
    `select version, note, changes, created_by_name, created_at, jsonb_array_length(list -> 'items') as item_count
     from price_list_versions where project_code = $1 order by version desc`,
    [project],
  );
  return rows.map((r) => ({
    version: r.version,
    created_at: iso(r.created_at),
    created_by_name: r.created_by_name,
    note: r.note,
    item_count: Number(r.item_count),
    changes: r.changes,
  }));
}

export type SaveResult =
  | { readonly status: 'saved'; readonly version: PriceListVersion }
  | { readonly status: 'conflict'; readonly current: number }
  | { readonly status: 'unchanged' };

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}

/**
 * Stores `list` (already validated) as the version after `baseVersion`. When someone saved in
 * between, nothing is written and the caller learns the current version, so an admin's edits are
 * never silently laid over prices they have not seen.
 */
export async function savePriceList(
  db: Db,
  project: string,
  author: { readonly id: number; readonly name: string },
  baseVersion: number,
  list: PriceList,
  note: string,
): Promise<SaveResult> {
  await ensurePriceList(db, project);
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.query<VersionRow>(
        `select version, list, note, changes, created_by_name, created_at from price_list_versions
         where project_code = $1 order by version desc limit 1`,
        [project],
      );
      if (!current || current.version !== baseVersion) return { status: 'conflict', current: current?.version ?? 0 } as const;
      const changes = diffPriceLists(current.list, list);
      if (changes.length === 0) return { status: 'unchanged' } as const;
      const [row] = await tx.query<VersionRow>(
        `insert into price_list_versions (project_code, version, list, note, changes, created_by, created_by_name)
         values ($1, $2, $3::jsonb, $4, $5::jsonb, $6, $7)
         returning version, list, note, changes, created_by_name, created_at`,
        [project, baseVersion + 1, JSON.stringify(list), note, JSON.stringify(changes), author.id, author.name],
      );
      return { status: 'saved', version: toVersion(row!) } as const;
    });
  } catch (e) {
    // Two saves on the same base: the primary key lets one in; the other is a conflict like any other.
    if (!isUniqueViolation(e)) throw e;
    const latest = await db.query<{ version: number }>('select max(version) as version from price_list_versions where project_code = $1', [project]);
    return { status: 'conflict', current: latest[0]?.version ?? 0 };
  }
}
