// Request plumbing shared by the catalogue routes: the action dispatch, paging, id parsing and
// the "not yours" answer.
//
// How the spec's action names map to HTTP (catalogues.md §7 writes them as "GET filters",
// "PATCH {id} update_category", core.md §7 as "GET api/admin/tile with ... action filters"):
// the name travels as the `action` parameter, in the query string for GET and DELETE and in the
// JSON body (or the query string) for POST and PATCH; {id} is the only path segment. The
// source library also accepts the name as a path segment (POST /source-library/store_category),
// since its names read like the /meta20 paths; both forms reach the same handler.
import type { Context } from 'hono';
import { z } from 'zod';
import { ApiError, badRequest } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { parseJsonBytes, parseWith, readBodyBytes, readQuery } from '../http/input';
import { RETCODE } from '../http/retcodes';

/** A missing item and another tenant's item look the same: 404, nothing about which. */
export function notFound(): ApiError {
  return new ApiError(404, RETCODE.NOT_FOUND, 'catalogueNotFound');
}

export function forbidden(): ApiError {
  return new ApiError(403, RETCODE.FORBIDDEN, 'catalogueForbidden');
}

export function unknownAction(action: string): ApiError {
  return new ApiError(400, RETCODE.BAD_REQUEST, 'unknownAction', { action: action.slice(0, 64) }, { field: 'action' });
}

const MAX_ID = 2_147_483_647;

/** Ids arrive as numbers from JSON and as digit strings from queries and paths. */
export const Id = z.union([
  z.number().int().min(1).max(MAX_ID),
  z
    .string()
    .regex(/^[0-9]{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_ID)),
]);

export function intParam(min: number, max: number) {
  return z.union([
    z.number().int().min(min).max(max),
    z
      .string()
      .regex(/^-?[0-9]{1,10}$/)
      .transform(Number)
      .pipe(z.number().int().min(min).max(max)),
  ]);
}

/** A short free text; empty strings count as "not given". */
export function optionalText(max: number) {
  return z
    .string()
    .max(max)
    .transform((s) => s.trim())
    .optional()
    .transform((s) => (s ? s : undefined));
}

export const MAX_PAGE_SIZE = 9999;

export const PAGE_PARAMS = {
  page: intParam(1, 1_000_000).optional(),
  pageSize: intParam(1, MAX_PAGE_SIZE).optional(),
  /** the "default selector query" of core.md §9 says per_page */
  per_page: intParam(1, MAX_PAGE_SIZE).optional(),
};

export interface Paging {
  page: number;
  pageSize: number;
  offset: number;
}

export function paging(
  q: { page?: number | undefined; pageSize?: number | undefined; per_page?: number | undefined },
  defaultSize: number,
): Paging {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? q.per_page ?? defaultSize;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** The paged-list shape of every catalogue list. */
export interface PagedResult<T> {
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  data: T[];
}

export function pagedResult<T>(p: Paging, total: number, data: T[]): PagedResult<T> {
  return { total, per_page: p.pageSize, current_page: p.page, last_page: Math.max(1, Math.ceil(total / p.pageSize)), data };
}

/** LIKE pattern matching `text` anywhere, with the wildcards in it taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Builds `$n` placeholders as values are added, so conditions can be combined freely. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const ActionShape = z.object({ action: z.string().max(64).optional() }).loose();

/** The JSON body (an object) and the action named by the query string, the body or `fallback`. */
export async function readActionBody(
  c: Context<AppEnv>,
  limit: number,
  fallback?: string,
): Promise<{ action: string; body: Record<string, unknown> }> {
  // An empty body counts as none. (Not `c.req.raw.body !== null`: under @hono/node-server that
  // getter wraps the request in a web stream that starts reading it.)
  const bytes = c.req.header('content-length') === '0' ? new Uint8Array(0) : await readBodyBytes(c, limit);
  const raw: unknown = bytes.byteLength === 0 ? {} : parseJsonBytes(bytes);
  const body = parseWith(ActionShape, raw);
  const action = fallback ?? c.req.query('action') ?? body.action;
  if (!action) throw badRequest('action');
  return { action, body };
}

export function queryAction(c: Context<AppEnv>, fallback?: string): string {
  const { action } = readQuery(c, z.object({ action: z.string().max(64).optional() }).loose());
  const name = fallback ?? action;
  if (!name) throw badRequest('action');
  return name;
}

export function pathId(c: Context<AppEnv>, name = 'id'): number {
  return parseWith(Id, c.req.param(name), name);
}
