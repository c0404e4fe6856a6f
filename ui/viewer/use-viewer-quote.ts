import { useEffect, useState } from 'react';
import { getPriceList } from '../../api';
import { DEFAULT_PRICE_LIST } from '../../protocol/price-list-default';
import type { QuotePriceList } from '../../protocol/kernel-api';
import { api } from '../app/api';
import { kernelQuotes } from '../kernel';
import { integratedQuote } from '../quote/quote-view';
import { lookUpTilePrices, tilePricesOf, unknownTileCodes, type TilePriceCache } from '../quote/tile-prices';
import { quoteSummary, type QuoteSummary } from './source';

/** What the quotation summary is priced from: the visitor's project list, or the default one. */
export type ViewerQuote = { readonly summary: QuoteSummary; readonly priceListVersion: number | null };

/**
 * The quotation of the scene a viewer shows, asked once when the scene has loaded (a read-only
 * scene does not change). A signed-in visitor's project price list prices it; a visitor without
 * one (no login) gets the default list, and the panel says so. null: nothing to quote, or the
 * kernel could not quote it; the panel then stays away.
 */
export function useViewerQuote(enabled: boolean, loaded: boolean): ViewerQuote | null {
  const [quote, setQuote] = useState<ViewerQuote | null>(null);
  useEffect(() => {
    if (!enabled || !loaded) return;
    const ctl = new AbortController();
    void (async () => {
      const own = await getPriceList(api, undefined, { signal: ctl.signal, silent: true }).catch(() => null);
      const list: QuotePriceList = own ? { version: own.version, list: own.list, created_at: own.created_at } : { version: 1, list: DEFAULT_PRICE_LIST };
      const tiles: TilePriceCache = new Map();
      try {
        let kernelQuote = await kernelQuotes.quote(list);
        const unknown = unknownTileCodes(kernelQuote.tiles, tiles);
        if (unknown.length > 0) {
          await lookUpTilePrices(api, unknown, tiles, ctl.signal).catch(() => undefined);
          kernelQuote = await kernelQuotes.quote({ ...list, tilePrices: tilePricesOf(tiles) });
        }
        const summary = quoteSummary(integratedQuote(kernelQuote));
        if (!ctl.signal.aborted) setQuote(summary ? { summary, priceListVersion: own ? own.version : null } : null);
      } catch (e) {
        console.error('[viewer] the quotation failed', e);
      }
    })();
    return () => ctl.abort();
  }, [enabled, loaded]);
  return quote;
}
