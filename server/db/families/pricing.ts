import type { Migration } from '../migrations';
import { DEFAULT_ROOM_DOOR_ITEMS } from '../../../protocol/price-list-default';

// Migrations of the quotation price lists (issue 14), in the catalogues block (30-39): ids 34-36.

/** The note migration 35's version carries in the history screen (shown as is, so in both languages). */
export const ROOM_DOOR_PRICES_NOTE = '系统升级：新增室内门价格（门扇、门套、门头、门槛石、五金、垭口），其余价格不变。 System update: room-door prices added; other prices unchanged.';

// Dollar-quoted so the names' quotes and brackets need no escaping.
const roomDoorItems = `$rd$${JSON.stringify(DEFAULT_ROOM_DOOR_ITEMS)}$rd$::jsonb`;

// ---- 36: wall-board prices ----
/**
 * The wall-board items (category wallBoard) as the default list first had them (protocol/
 * price-list-default.ts DEFAULT_WALL_BOARD_ITEMS, November 2026), frozen here: a migration never
 * changes after it has run, even when the defaults are later repriced.
 */
export const WALL_BOARD_ITEMS_36 = [
  {"category":"wallBoard","part":"board","code":"WB-BRD-FLAT-9","name_zh":"竹木纤维集成墙板 9mm","name_en":"Bamboo-wood fibre wall board 9 mm","unit":"m2","price":98,"style":"flat","thickness":9,"boardWidth":600,"boardHeight":2800},
  {"category":"wallBoard","part":"board","code":"WB-BRD-FLAT-18","name_zh":"实木多层免漆护墙板 18mm","name_en":"Multilayer wood wainscoting, pre-finished, 18 mm","unit":"m2","price":328,"style":"flat","thickness":18,"boardWidth":1220,"boardHeight":2440},
  {"category":"wallBoard","part":"board","code":"WB-BRD-FRAMED-18","name_zh":"实木多层造型护墙板（框架）18mm","name_en":"Multilayer wood framed wainscoting 18 mm","unit":"m2","price":680,"style":"framed","thickness":18,"boardWidth":1220,"boardHeight":2440},
  {"category":"wallBoard","part":"line","code":"WB-LN-TOP","name_zh":"护墙板顶线（收口线）","name_en":"Wall board cap moulding","unit":"m","price":38,"line":"top"},
  {"category":"wallBoard","part":"line","code":"WB-LN-SKIRT","name_zh":"踢脚线 80mm","name_en":"Skirting 80 mm","unit":"m","price":32,"line":"skirting"},
  {"category":"wallBoard","part":"line","code":"WB-LN-INNER","name_zh":"阴角线","name_en":"Inside corner trim","unit":"m","price":18,"line":"innerCorner"},
  {"category":"wallBoard","part":"line","code":"WB-LN-OUTER","name_zh":"阳角线","name_en":"Outside corner trim","unit":"m","price":22,"line":"outerCorner"},
  {"category":"wallBoard","part":"line","code":"WB-LN-EDGE","name_zh":"收边线","name_en":"Edge trim","unit":"m","price":16,"line":"edge"},
  {"category":"wallBoard","part":"access","code":"WB-ACC-CLIP","name_zh":"墙板卡扣（镀锌）","name_en":"Wall board clip (galvanised)","unit":"piece","price":0.35,"perM2":8},
  {"category":"wallBoard","part":"access","code":"WB-ACC-GLUE","name_zh":"墙板结构胶 300ml","name_en":"Wall board adhesive 300 ml","unit":"piece","price":28,"perM2":0.3},
  {"category":"wallBoard","part":"access","code":"WB-ACC-BATTEN","name_zh":"木龙骨基层（框架护墙板）","name_en":"Timber batten base (framed wainscoting)","unit":"m2","price":35,"perM2":1,"style":"framed"},
];

/** The note of the version migration 36 adds, so the history says where the new prices came from. */
export const WALL_BOARD_NOTE_36 = '系统升级：新增护墙板（墙板、线条、辅料）默认价格，供墙板报价使用';

const wallBoardPrices36: Migration = {
  id: 36,
  name: 'pricing: default wall-board prices appended to stored lists',
  // Lists stored before the wallBoard category existed would quote every wall panel at 0. Each
  // project's newest version gets the default wall-board items appended as a new version (stored
  // versions are never edited: quotes name them), skipping codes the dealer already uses; the
  // changes record each as added. A project without a list gets them with its seeded version 1.
  sql: `
    with newest as (
      select distinct on (project_code) project_code, version, list
      from price_list_versions
      order by project_code, version desc
    ), additions as (
      select n.project_code, n.version, n.list,
        coalesce((
          select jsonb_agg(x.item order by x.ord)
          from jsonb_array_elements($wb36$${JSON.stringify(WALL_BOARD_ITEMS_36)}$wb36$::jsonb) with ordinality as x(item, ord)
          where not exists (select 1 from jsonb_array_elements(n.list->'items') e where e->>'code' = x.item->>'code')
        ), '[]'::jsonb) as items
      from newest n
    )
    insert into price_list_versions (project_code, version, list, note, changes, created_by_name)
    select a.project_code, a.version + 1,
      jsonb_set(a.list, '{items}', (a.list->'items') || a.items),
      '${WALL_BOARD_NOTE_36}',
      (select jsonb_agg(jsonb_build_object('code', t.i->>'code', 'from', null, 'to', t.i->'price') order by t.o)
       from jsonb_array_elements(a.items) with ordinality as t(i, o)),
      ''
    from additions a
    -- the list's item limit (protocol/price-list.ts MAX_PRICE_ITEMS): a full list is left as it is
    where jsonb_array_length(a.items) > 0 and jsonb_array_length(a.list->'items') + jsonb_array_length(a.items) <= 2000;
  `,
};
// ---- end of 36 ----

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
  wallBoardPrices36,
];
