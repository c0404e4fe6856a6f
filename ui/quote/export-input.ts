import type { KernelQuote } from '../../protocol/quote';
import type { StoredUser } from '../auth/storage';
import type { CabinetTableInput } from './cabinet-table-xlsx';
import { scopedPriceData, scopedTiles, type QuoteScope } from './quote-view';

// What the quote screens' export is made from: the kernel's quote of the open scene, cut to the
// screen's scope, and the signed-in user's project and customer.

/**
 * The customer a quote is exported for (catalogues.md §4, §6: uid 503, the engineering customer,
 * gets the engineering template and needs no plan number). The factory's customer is the dealer:
 * a designer working under an agent (agent_id, from the login's user info) quotes for that agent;
 * an account with no agent is a customer of its own, by its user id.
 */
export function customerUidOf(user: Pick<StoredUser, 'id' | 'agent_id'> | null): number | null {
  if (!user) return null;
  if (user.agent_id > 0) return user.agent_id;
  return user.id > 0 ? user.id : null;
}

export function cabinetTableInputOf(quote: KernelQuote, scope: QuoteScope, user: Pick<StoredUser, 'id' | 'agent_id' | 'project'> | null, date: Date): CabinetTableInput {
  return {
    priceData: scopedPriceData(quote.priceData, scope),
    tiles: scopedTiles(quote.tiles, scope),
    // GetClientData, its Remark included (MLS names the file by it).
    client: quote.clientData,
    // The scene's order number is the factory's plan number (计划号).
    planNo: quote.clientData.OrderNo,
    customerUid: customerUidOf(user),
    project: user?.project ?? '',
    brand: user?.project ?? '',
    date,
  };
}
