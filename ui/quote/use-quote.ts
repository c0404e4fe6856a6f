import { useEffect, useRef, useState } from 'react';
import { getPriceList, isApiError, type PriceListVersion } from '../../api';
import type { KernelQuote } from '../../protocol/quote';
import { api } from '../app/api';
import { isModuleRefusal, showAuthorityTip } from '../auth/access';
import { kernelQuotes, useKernel } from '../kernel';
import { notifyApiError } from '../notice';
import { lookUpTilePrices, tilePricesOf, unknownTileCodes, type TilePriceCache } from './tile-prices';

// The live quote the quote screens show: the project's current price list, read once, and the
// kernel's quote of the open scene priced from it, asked again after every kernel patch.

export type Load = { readonly state: 'loading' } | { readonly state: 'failed'; readonly reason: string } | { readonly state: 'ready'; readonly quote: KernelQuote };

/**
 * The kernel's quote, re-asked after each kernel patch (the mirror's seq). One question at a time:
 * patches that arrive while one is out make one more question when it answers.
 */
function useLiveQuote(priceList: PriceListVersion | null): Load {
  const { seq, status } = useKernel();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const busy = useRef(false);
  const again = useRef(false);
  // The laid tiles' catalogue prices, looked up once per code while the screen is open.
  const tilePrices = useRef<TilePriceCache>(new Map());
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  useEffect(() => {
    // Opened straight from the address bar, the screen renders before the workspace's kernel has started.
    if (!priceList || status !== 'ready') return;
    if (busy.current) {
      again.current = true;
      return;
    }
    const ask = async (): Promise<void> => {
      busy.current = true;
      do {
        again.current = false;
        try {
          let quote = await kernelQuotes.quote({ ...priceList, tilePrices: tilePricesOf(tilePrices.current) });
          // A newly laid tile: its price is read from the catalogue and the quote made again, so
          // the screen never shows it unpriced for a moment.
          const unknown = unknownTileCodes(quote.tiles, tilePrices.current);
          if (unknown.length > 0) {
            await lookUpTilePrices(api, unknown, tilePrices.current);
            quote = await kernelQuotes.quote({ ...priceList, tilePrices: tilePricesOf(tilePrices.current) });
          }
          if (alive.current) setLoad({ state: 'ready', quote });
        } catch (e) {
          if (alive.current) setLoad({ state: 'failed', reason: e instanceof Error ? e.message : String(e) });
        }
      } while (again.current && alive.current);
      busy.current = false;
    };
    void ask();
  }, [seq, status, priceList]);
  return load;
}

/** The current price list, and the live quote once it has come. */
export function useQuote(): { readonly priceList: PriceListVersion | null; readonly priceListFailed: boolean; readonly load: Load } {
  const [priceList, setPriceList] = useState<PriceListVersion | null>(null);
  const [priceListFailed, setPriceListFailed] = useState(false);
  useEffect(() => {
    const ctl = new AbortController();
    // Silent: the failure is told once, here (a missing module as the authority tip).
    getPriceList(api, undefined, { signal: ctl.signal, silent: true })
      .then(setPriceList)
      .catch((e: unknown) => {
        if (ctl.signal.aborted) return;
        setPriceListFailed(true);
        if (isModuleRefusal(e)) showAuthorityTip();
        else if (isApiError(e)) notifyApiError(e);
      });
    return () => ctl.abort();
  }, []);
  return { priceList, priceListFailed, load: useLiveQuote(priceList) };
}
