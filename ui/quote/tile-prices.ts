import { getTile, isApiError, type ApiClient, type Tile } from '../../api';
import type { TilePrice, TileQuote } from '../../protocol/quote';

// The laid tiles' prices for the kernel quote, from the tile catalogue (GET /api/admin/tile/0?code=).
// The paving records name only a tile code, so the price is looked up when the quote is made: a
// price the catalogue changes is followed the next time the quote screen opens, as the price list
// is (it too is read when the screen opens).

/** The catalogue's tile price is per piece: the seed and the admin price a tile as one tile. */
export function tilePriceOf(tile: Pick<Tile, 'code' | 'name' | 'price'>): TilePrice {
  return { code: tile.code, name: tile.name, price: tile.price, unit: 'piece' };
}

/**
 * Prices known so far by code; null for a code the catalogue does not have (it stays unpriced and
 * the quote reports it). A request that failed is not remembered, so the next quote asks again.
 */
export type TilePriceCache = Map<string, TilePrice | null>;

/** The codes of the laid tiles whose price has not been looked up yet. */
export function unknownTileCodes(tiles: readonly TileQuote[], cache: TilePriceCache): string[] {
  return [...new Set(tiles.map((t) => t.tileCode))].filter((code) => !cache.has(code));
}

/** Looks up the codes in the catalogue, into the cache. */
export async function lookUpTilePrices(client: ApiClient, codes: readonly string[], cache: TilePriceCache, signal?: AbortSignal): Promise<void> {
  await Promise.all(
    codes.map(async (code) => {
      try {
        const tile = await getTile(client, 0, code, signal ? { signal } : {});
        cache.set(code, tilePriceOf(tile));
      } catch (e) {
        if (isApiError(e) && e.status === 404) cache.set(code, null);
        else console.warn('[quote] tile price of', code, 'not read', e);
      }
    }),
  );
}

/** The known prices, as quote() takes them. */
export function tilePricesOf(cache: TilePriceCache): TilePrice[] {
  return [...cache.values()].filter((p): p is TilePrice => p !== null);
}
