// Clients (customers, core.md §3) per tenant. Every lookup names the project taken from the
// verified session next to the id, so another project's client is simply not found (404, the same
// answer as a missing one). A designer sees and changes the clients they made; a project admin
// sees and changes every client of the project.
import type { Db } from '../db/types';
import { ApiError } from '../http/envelope';
import { RETCODE } from '../http/retcodes';
import type { MessageId, MessageParams } from '../messages';
import type { Actor } from '../scenes/repo';
import type { Page } from '../scenes/dto';
import { clientProblems, normaliseClient, type ClientFields, type ClientProblem, type ClientRecord } from '../../protocol/clients';
import type { ClientInfoEntry } from '../../protocol/records';

interface ClientRow {
  id: number;
  owner_id: number;
  name: string;
  phone: string;
  address: string;
  order_number: string;
  region_code: string;
  custom_client_info: ClientInfoEntry[];
  scene_count: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `c.id, c.owner_id, c.name, c.phone, c.address, c.order_number, c.region_code, c.custom_client_info,
  c.created_at, c.updated_at,
  (select count(*) from scenes s where s.client_id = c.id and s.deleted_at is null) as scene_count`;

/** Limits `clients c` to what the actor may see: the project, user and is-admin parameters from $first on. */
function visible(first: number): string {
  return `c.project_code = $${first} and ($${first + 2}::boolean or c.owner_id = $${first + 1})`;
}
const VISIBLE = visible(2);

function dto(row: ClientRow): ClientRecord {
  return {
    id: Number(row.id),
    ownerId: row.owner_id,
    name: row.name,
    phone: row.phone,
    address: row.address,
    order_number: row.order_number,
    regionCode: row.region_code,
    custom_client_info: row.custom_client_info.map((e) => ({ key: e.key, Remark: e.Remark })),
    sceneCount: Number(row.scene_count),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function clientNotFound(): ApiError {
  return new ApiError(404, RETCODE.NOT_FOUND, 'clientNotFound');
}

const TOO_LONG_LABEL: Record<'name' | 'address' | 'order_number', MessageId> = {
  name: 'clientLabelName',
  address: 'clientLabelAddress',
  order_number: 'clientLabelOrderNumber',
};

/** The message of one problem; `label` resolves a field label in the request's language. */
export function problemMessage(p: ClientProblem, label: (id: MessageId) => string): { id: MessageId; params?: MessageParams } {
  switch (p.code) {
    case 'required':
      return { id: 'clientNameRequired' };
    case 'tooLong':
      return { id: 'clientTooLong', params: { label: label(TOO_LONG_LABEL[p.field]), max: p.max } };
    case 'phone':
      return { id: 'clientPhoneInvalid' };
    case 'region':
      return { id: 'clientRegionInvalid', params: { value: p.value } };
    case 'tooManyEntries':
      return { id: 'clientTooManyEntries', params: { max: p.max } };
    case 'entryKeyRequired':
      return { id: 'clientEntryKeyRequired', params: { row: p.index + 1 } };
    case 'entryKeyTooLong':
      return { id: 'clientEntryKeyTooLong', params: { row: p.index + 1, max: p.max } };
    case 'entryValueTooLong':
      return { id: 'clientEntryValueTooLong', params: { row: p.index + 1, max: p.max } };
    case 'entryKeyRepeated':
      return { id: 'clientEntryKeyRepeated', params: { row: p.index + 1, key: p.key } };
  }
}

/** The client normalised, or a 400 naming the first limit it breaks (retdata lists them all). */
export function checkedClient(fields: ClientFields, label: (id: MessageId) => string): ClientFields {
  const client = normaliseClient(fields);
  const problems = clientProblems(client);
  const first = problems[0];
  if (!first) return client;
  const { id, params } = problemMessage(first, label);
  throw new ApiError(400, RETCODE.CLIENT_INVALID, id, params, { field: first.field, problems });
}

export interface ClientListQuery {
  pageNumber: number;
  pageSize: number;
  keyword?: string;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** GET /meta20/x/fenni/client: newest change first; the keyword matches name, phone or order number. */
export async function listClients(db: Db, actor: Actor, q: ClientListQuery): Promise<Page<ClientRecord>> {
  const keyword = q.keyword ? likePattern(q.keyword) : null;
  // A phone is searched by its digits too, so 138 0013 finds +86-138-0013-8000.
  const digits = q.keyword ? q.keyword.replace(/\D/g, '') : '';
  const params = [actor.projectCode, actor.userId, actor.isProjectAdmin, keyword, digits.length >= 3 ? likePattern(digits) : null];
  const where = `${visible(1)} and ($4::text is null or c.name ilike $4 or c.phone ilike $4 or c.order_number ilike $4
    or ($5::text is not null and regexp_replace(c.phone, '[^0-9]', '', 'g') like $5))`;
  const rows = await db.query<ClientRow & { total: number }>(
    `select ${COLUMNS}, count(*) over () as total from clients c where ${where}
     order by c.updated_at desc, c.id desc limit $6 offset $7`,
    [...params, q.pageSize, (q.pageNumber - 1) * q.pageSize],
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const counted = await db.query<{ n: number }>(`select count(*) as n from clients c where ${where}`, params);
    total = counted[0]?.n ?? 0;
  }
  return { list: rows.map(dto), total: Number(total), pageNumber: q.pageNumber, pageSize: q.pageSize };
}

/** The client if this actor may see it, else null. */
export async function findClient(db: Db, actor: Actor, id: number): Promise<ClientRecord | null> {
  const rows = await db.query<ClientRow>(`select ${COLUMNS} from clients c where c.id = $1 and ${VISIBLE}`, [
    id,
    actor.projectCode,
    actor.userId,
    actor.isProjectAdmin,
  ]);
  return rows[0] ? dto(rows[0]) : null;
}

export async function getClient(db: Db, actor: Actor, id: number): Promise<ClientRecord> {
  const found = await findClient(db, actor, id);
  if (!found) throw clientNotFound();
  return found;
}

function fieldParams(c: ClientFields): unknown[] {
  return [c.name, c.phone, c.address, c.order_number, c.regionCode, JSON.stringify(c.custom_client_info)];
}

export async function createClient(db: Db, actor: Actor, fields: ClientFields): Promise<ClientRecord> {
  const rows = await db.query<{ id: number }>(
    `insert into clients (project_code, owner_id, name, phone, address, order_number, region_code, custom_client_info)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb) returning id`,
    [actor.projectCode, actor.userId, ...fieldParams(fields)],
  );
  return getClient(db, actor, Number(rows[0]!.id));
}

export async function updateClient(db: Db, actor: Actor, id: number, fields: ClientFields): Promise<ClientRecord> {
  const rows = await db.query<{ id: number }>(
    `update clients c set name = $5, phone = $6, address = $7, order_number = $8, region_code = $9, custom_client_info = $10::jsonb,
       updated_at = now()
     where c.id = $1 and ${VISIBLE} returning c.id`,
    [id, actor.projectCode, actor.userId, actor.isProjectAdmin, ...fieldParams(fields)],
  );
  if (!rows[0]) throw clientNotFound();
  return getClient(db, actor, id);
}

/** Deletes the client; its schemes stay, no longer linked to it (the foreign key clears scenes.client_id). */
export async function deleteClient(db: Db, actor: Actor, id: number): Promise<{ id: number }> {
  const rows = await db.query<{ id: number }>(`delete from clients c where c.id = $1 and ${VISIBLE} returning c.id`, [
    id,
    actor.projectCode,
    actor.userId,
    actor.isProjectAdmin,
  ]);
  if (!rows[0]) throw clientNotFound();
  return { id };
}

/**
 * Links scene `sceneId` to client `clientId` (null: unlinks it) inside a scene write's transaction.
 * The client must be one the actor may see; otherwise the write fails with 400 (and, being inside
 * the write's transaction, nothing of it is saved). Returns the client's name ('' when unlinked).
 */
export async function linkSceneClient(tx: Db, actor: Actor, sceneId: number, clientId: number | null): Promise<string> {
  if (clientId === null) {
    await tx.query('update scenes set client_id = null where id = $1', [sceneId]);
    return '';
  }
  // `for share` keeps the client from being deleted before the commit (its delete would wait).
  const rows = await tx.query<{ name: string }>(
    `with c as (select c.id, c.name from clients c where c.id = $1 and ${VISIBLE} for share)
     update scenes s set client_id = c.id from c where s.id = $5 returning c.name`,
    [clientId, actor.projectCode, actor.userId, actor.isProjectAdmin, sceneId],
  );
  if (!rows[0]) throw new ApiError(400, RETCODE.CLIENT_UNAVAILABLE, 'clientUnavailable', { id: clientId }, { field: 'clientId', clientId });
  return rows[0].name;
}
