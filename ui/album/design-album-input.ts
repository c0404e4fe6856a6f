import { t } from '@lingui/core/macro';
import { getPriceList } from '../../api';
import type { AlbumImage } from '../../protocol/album';
import { api } from '../app/api';
import { accessState } from '../auth/access';
import { activeLocale, PRODUCT_NAME } from '../i18n/locale';
import { i18n } from '@lingui/core';
import { kernelCaptures, kernelQuotes, kernelState } from '../kernel';
import { integratedQuote } from '../quote/quote-view';
import { lookUpTilePrices, tilePricesOf, unknownTileCodes, type TilePriceCache } from '../quote/tile-prices';
import type { AlbumPicture, AlbumQuoteSummary, DesignAlbumInput } from './design-album';
import { fetchImages } from './zip';

// What the design album is made of, gathered from the open scheme: the tenant's brand, the
// scheme's name and client, the house from above per storey (the kernel's captures), the chosen
// renders (their full-size files), and the quotation summary priced from the project's price list.

/** Size of the storey pictures: the inside page's picture area (762 x 459 pt) at about 150 dpi. */
const STOREY_SHOT = { width: 1600, height: 964, type: 'image/jpeg', quality: 0.9 } as const;

function formatDate(d: Date): string {
  return new Intl.DateTimeFormat(activeLocale() === 'en' ? 'en-GB' : 'zh-CN', { year: 'numeric', month: 'long', day: 'numeric' }).format(d);
}

/** The house from above, one picture per storey; none when the kernel cannot draw (no WebGL). */
async function storeyPictures(): Promise<AlbumPicture[]> {
  try {
    const shots = await kernelCaptures.storeyPreviews(STOREY_SHOT);
    const names = new Map(kernelState.storeys.map((s) => [s.index, s.name]));
    return shots.map((s) => ({
      title: shots.length > 1 ? t`户型俯视 · ${names.get(s.layerIndex) ?? s.layerIndex + 1}` : t`户型俯视`,
      caption: '',
      bytes: s.preview,
    }));
  } catch {
    return [];
  }
}

/**
 * The summary of the scheme's quote by section, or null when there is nothing to price (no
 * cabinets, doors, wall boards or priced tiles) or no price list can be read.
 */
async function quoteSummary(): Promise<AlbumQuoteSummary | null> {
  try {
    const priceList = await getPriceList(api, undefined, { silent: true });
    const cache: TilePriceCache = new Map();
    let quote = await kernelQuotes.quote({ ...priceList, tilePrices: tilePricesOf(cache) });
    const unknown = unknownTileCodes(quote.tiles, cache);
    if (unknown.length > 0) {
      // Tiles whose catalogue price cannot be read (no tile module) stay out of the sum, as on /quoteDetails.
      const found = await lookUpTilePrices(api, unknown, cache).then(
        () => true,
        () => false,
      );
      if (found) quote = await kernelQuotes.quote({ ...priceList, tilePrices: tilePricesOf(cache) });
    }
    const q = integratedQuote(quote);
    if (q.total <= 0) return null;
    const rows = [
      { label: t`定制柜体`, amount: q.cabinets.total },
      { label: t`室内门`, amount: q.doors.total },
      { label: t`护墙板`, amount: q.wallBoards.total },
      { label: t`瓷砖`, amount: q.tiles.total },
    ].filter((r) => r.amount > 0);
    const version = quote.priceListVersion;
    return { rows, total: q.total, totalCapital: q.totalCapital, note: t`按价格表第 ${version} 版计算，仅供参考，以签订的合同为准。` };
  } catch {
    return null;
  }
}

/** The album's input: `renders` are the chosen render pictures, in album order. */
export async function designAlbumInput(schemeName: string, renders: readonly AlbumImage[]): Promise<DesignAlbumInput> {
  const tenant = accessState.tenant;
  const brandName = tenant?.name || i18n._(PRODUCT_NAME);
  const [plans, renderBytes, quote] = await Promise.all([storeyPictures(), fetchImages(renders.map((r) => r.url)), quoteSummary()]);
  const client = kernelState.meta.client.name.trim();
  return {
    brand: { name: brandName, logo: tenant?.logo || null },
    schemeName,
    client,
    date: formatDate(new Date()),
    plans,
    renders: renders.map((r, i) => {
      const n = i + 1;
      // The day it was rendered; its pixel size means nothing to the client reading the album.
      return { title: r.label ? t`效果图 ${n} · ${r.label}` : t`效果图 ${n}`, caption: formatDate(new Date(r.createdAt)), bytes: renderBytes[i]! };
    }),
    quote,
    texts: {
      kicker: t`设计方案图册`,
      clientLabel: t`客户`,
      dateLabel: t`日期`,
      presentedBy: t`${brandName} 为您呈现`,
      quoteTitle: t`报价汇总`,
      quoteItem: t`分项`,
      quoteAmount: t`金额（元）`,
      quoteTotal: t`合计`,
      quoteCapital: t`大写：`,
      pageOf: (n, total) => `${n} / ${total}`,
    },
    fontFamily: getComputedStyle(document.body).fontFamily || 'sans-serif',
    creator: i18n._(PRODUCT_NAME),
  };
}
