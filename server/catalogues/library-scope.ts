import type { Params } from './http';
import type { Viewer } from './tiles';

// Who sees which row of an owned catalogue (models, materials): public rows (no owner project) for
// everyone, brand rows (the project, no user) for the project's members, personal rows (the
// project and a user) for that user only. One place, so the two libraries cannot drift apart on
// who may see what. Rows are read under the alias `m`.

export type LibraryScope = 'all' | 'public' | 'brand' | 'personal' | 'favor';

/** The rows `viewer` may see at all. */
export function visibleRows(p: Params, viewer: Viewer): string {
  return `(m.owner_project is null or (m.owner_project = ${p.add(viewer.project)}
    and (m.owner_user_id is null or m.owner_user_id = ${p.add(viewer.userId)})))`;
}

/**
 * The rows of one library tab. `favourites` names the favourites table and its column for the row id
 * (e.g. ['model_favors', 'model_id']); both are constants of the caller, never user input.
 */
export function libraryScope(scope: LibraryScope, p: Params, viewer: Viewer, favourites: readonly [table: string, column: string]): string {
  switch (scope) {
    case 'public':
      return 'm.owner_project is null';
    case 'brand':
      return `m.owner_project = ${p.add(viewer.project)} and m.owner_user_id is null`;
    case 'personal':
      return `m.owner_project = ${p.add(viewer.project)} and m.owner_user_id = ${p.add(viewer.userId)}`;
    case 'favor': {
      const [table, column] = favourites;
      return `${visibleRows(p, viewer)} and exists (select 1 from ${table} f where f.${column} = m.id and f.user_id = ${p.add(viewer.userId)})`;
    }
    case 'all':
      return visibleRows(p, viewer);
  }
}
