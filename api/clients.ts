import type { ApiClient, RequestOptions } from './client';
import { isApiError } from './errors';
import type { ScenePage } from './scene';
import type { ClientFields, ClientProblem, ClientRecord } from '../protocol/clients';

// The tenant's clients (customers, core.md §3), /meta20/x/fenni/client ({ code, msg, data }). A
// designer sees the clients they made, a project admin every client of the project; another
// project's client answers 404 like a missing one. A scheme belongs to a client through the
// scene's clientId (api/scene.ts).

export type { ClientFields, ClientProblem, ClientRecord } from '../protocol/clients';

const PATH = '/meta20/x/fenni/client';

/** Domain retcodes of the client calls (server/http/retcodes.ts). */
export const CLIENT_RETCODE = {
  /** HTTP 400: the client breaks a limit of protocol/clients.ts; data.problems lists each */
  INVALID: 50001,
  /** HTTP 400: a scene write named a clientId the caller may not use; nothing was saved */
  UNAVAILABLE: 50002,
} as const;

export const CLIENT_PAGE_SIZE = 20;

export interface ClientListQuery {
  readonly pageNumber?: number;
  readonly pageSize?: number;
  /** matches the name, the phone (digits alone too) or the order number */
  readonly keyword?: string;
}

export function listClients(client: ApiClient, query: ClientListQuery = {}, options: RequestOptions = {}): Promise<ScenePage<ClientRecord>> {
  return client.get<ScenePage<ClientRecord>>(
    PATH,
    { pageNumber: query.pageNumber ?? 1, pageSize: query.pageSize ?? CLIENT_PAGE_SIZE, keyword: query.keyword || undefined },
    options,
  );
}

export function getClient(client: ApiClient, id: number, options: RequestOptions = {}): Promise<ClientRecord> {
  return client.get<ClientRecord>(`${PATH}/${id}`, undefined, options);
}

export function createClient(client: ApiClient, fields: ClientFields, options: RequestOptions = {}): Promise<ClientRecord> {
  return client.post<ClientRecord>(`${PATH}/`, fields, options);
}

/** Replaces the client's fields. */
export function updateClient(client: ApiClient, id: number, fields: ClientFields, options: RequestOptions = {}): Promise<ClientRecord> {
  return client.put<ClientRecord>(`${PATH}/${id}`, fields, options);
}

/** Deletes the client; its schemes stay, no longer linked to it. */
export function deleteClient(client: ApiClient, id: number, options: RequestOptions = {}): Promise<{ id: number }> {
  return client.delete<{ id: number }>(`${PATH}/${id}`, undefined, options);
}

function codeOf(e: unknown): number | null {
  if (!isApiError(e) || e.code === null) return null;
  const n = Number(e.code);
  return Number.isFinite(n) ? n : null;
}

/** For a refused create or update: every limit the client broke, else null. */
export function clientProblemsOf(e: unknown): readonly ClientProblem[] | null {
  if (codeOf(e) !== CLIENT_RETCODE.INVALID) return null;
  const body = (e as { body: unknown }).body as { data?: { problems?: readonly ClientProblem[] } } | null;
  return body?.data?.problems ?? null;
}

/** True when a scene write was refused for its clientId (the client is gone or not the caller's). */
export function isClientUnavailable(e: unknown): boolean {
  return codeOf(e) === CLIENT_RETCODE.UNAVAILABLE;
}
