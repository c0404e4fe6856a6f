import type { Migration } from '../migrations';
import { DEFAULT_ROOM_DOOR_ITEMS } from '../../../protocol/price-list-default';

// Migrations of the quotation price lists (issue 14), in the catalogues block (30-39): ids 34-35.

/** The note migration 35's version carries in the history screen (shown as is, so in both languages). */
export const ROOM_DOOR_PRICES_NOTE = '系统升级：新增室内门价格（门扇、门套、门头、门槛石、五金、垭口），其余价格不变。 System update: room-door prices added; other prices unchanged.';

// Dollar-quoted so the names' quotes and brackets need no escaping.
const roomDoorItems = `$rd$${JSON.stringify(DEFAULT_ROOM_DOOR_ITEMS)}$rd$::jsonb`;
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
  {
    id: 35,
    name: 'pricing: room-door prices in every stored price list',
    // The room-door quotation (KitQuotationRoomDoorCmd) came after projects had saved lists, and a
    // list only gets the defaults when it is first seeded, so without this every door of an
    // existing tenant would be quoted at 0. Each project's newest list gets the default room-door
    // items appended as a new version (never editing a stored one: quotes name their version),
    // skipping codes the list already uses. A list that already prices room doors is the admin's
    // own and is left alone, as is one the additions would push past the 2000-item limit. A project
    // without a list gets the new defaults when it is first read (ensurePriceList).
    sql: `
      with newest as (
        select distinct on (project_code) project_code, version, list
        from price_list_versions
        order by project_code, version desc
      ),
      todo as (
        select n.project_code, n.version, n.list,
          (select coalesce(jsonb_agg(a.item order by a.ord), '[]'::jsonb)
           from jsonb_array_elements(${roomDoorItems}) with ordinality as a (item, ord)
           where not exists (select 1 from jsonb_array_elements(n.list -> 'items') e where e ->> 'code' = a.item ->> 'code')) as added
        from newest n
        where not exists (select 1 from jsonb_array_elements(n.list -> 'items') e where e ->> 'category' = 'roomDoor')
      )
      insert into price_list_versions (project_code, version, list, note, changes)
      select project_code, version + 1,
        jsonb_set(list, '{items}', (list -> 'items') || added),
        $note$${ROOM_DOOR_PRICES_NOTE}$note$,
        (select jsonb_agg(jsonb_build_object('code', x ->> 'code', 'from', null, 'to', x -> 'price')) from jsonb_array_elements(added) x)
      from todo
      where jsonb_array_length(added) > 0 and jsonb_array_length(list -> 'items') + jsonb_array_length(added) <= 2000;
    `,
  },
];
