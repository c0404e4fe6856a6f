import { MAX_PRICE_ITEMS, priceProblem } from '../../protocol/price-list';
import type { TilePrice } from '../../protocol/quote';
import { arrayOf, CheckError, object, oneOf, string, type Check } from '../document/check';

// The laid tiles' prices the UI passes to quote() (fetched from the tile catalogue): checked like
// the price list is, since the kernel must not print a price it cannot trust.

const price: Check<number> = (value, path) => {
  const bad = priceProblem(value);
  if (bad) throw new CheckError(path, bad.en);
  return value as number;
};

export const checkTilePrices: Check<TilePrice[]> = arrayOf(
  object<TilePrice>({
    code: string({ pattern: /^.{1,64}$/s }),
    name: string({ maxLength: 200 }),
    price,
    unit: oneOf(['piece', 'm2'] as const),
  }),
  { maxLength: MAX_PRICE_ITEMS },
);
