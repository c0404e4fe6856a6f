import type { ApiClient, RequestOptions } from './client';
import { isApiError } from './errors';
import type { PriceList, PriceListProblem, PriceListVersion, PriceListVersionSummary } from '../protocol/price-list';

// The quotation price list of the signed-in user's project, /api/admin/price-list (issue 14).
// Everyone in the project reads it; only its project admin saves, each save adding a version.

export type { PriceList, PriceListVersion, PriceListVersionSummary } from '../protocol/price-list';

const PATH = 'admin/price-list';

/** retcodes of the price list calls (server/http/retcodes.ts). */
export const PRICE_LIST_RETCODE = { versionConflict: 40001, invalid: 40002, unchanged: 40003 } as const;

/** The newest version, or the given one (a quote reads the version it was priced from). */
export function getPriceList(client: ApiClient, version?: number, options: RequestOptions = {}): Promise<PriceListVersion> {
  return client.get<PriceListVersion>(PATH, { version }, options);
}

/** Every version, newest first, each with what it changed. */
export function getPriceListHistory(client: ApiClient, options: RequestOptions = {}): Promise<PriceListVersionSummary[]> {
  return client.get<PriceListVersionSummary[]>(`${PATH}/history`, undefined, options);
}

export interface SavePriceListParams {
  /** the version the edits were made on: a save on an older one is refused (409) and stores nothing */
  readonly base_version: number;
  readonly list: PriceList;
  readonly note?: string;
}

export function savePriceList(client: ApiClient, params: SavePriceListParams, options: RequestOptions = {}): Promise<PriceListVersion> {
  return client.put<PriceListVersion>(PATH, params, options);
}

/** For a refused save: the problems of an invalid list, else null. */
export function priceListProblems(e: unknown): readonly PriceListProblem[] | null {
  if (!isApiError(e) || e.code !== PRICE_LIST_RETCODE.invalid) return null;
  const body = e.body as { retdata?: { problems?: readonly PriceListProblem[] } } | null;
  return body?.retdata?.problems ?? null;
}

/** For a refused save: the newest version when someone else saved first, else null. */
export function priceListConflictVersion(e: unknown): number | null {
  if (!isApiError(e) || e.code !== PRICE_LIST_RETCODE.versionConflict) return null;
  const body = e.body as { retdata?: { current_version?: number } } | null;
  return body?.retdata?.current_version ?? null;
}
