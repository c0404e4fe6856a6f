// Render coupons (catalogues.md §3): spent by the submission's transaction, given back exactly
// once by the transaction that ends a job unfinished (render_jobs.refunded_at is the guard).
import type { Db } from '../db/types';
import {
  couponsFrom,
  renderCouponType,
  type RenderCouponCount,
  type RenderCoupons,
  type RenderMode,
  type RenderResolution,
} from '../../protocol/render-jobs';

export async function couponsOf(db: Db, userId: number): Promise<RenderCoupons> {
  const rows = await db.query<RenderCouponCount>('select resolution, mode, count from render_coupons where user_id = $1', [userId]);
  return couponsFrom(rows);
}

/**
 * Takes one coupon, or answers false when none is left. One statement: the row lock makes
 * concurrent submissions queue behind each other, and `count > 0` is checked again after the wait,
 * so the count never goes below zero (the check constraint would refuse it anyway).
 */
export async function spendCoupon(tx: Db, userId: number, resolution: RenderResolution, mode: RenderMode): Promise<boolean> {
  const rows = await tx.query(
    'update render_coupons set count = count - 1 where user_id = $1 and resolution = $2 and mode = $3 and count > 0 returning count',
    [userId, resolution, mode],
  );
  return rows.length === 1;
}

export async function addCoupons(tx: Db, userId: number, resolution: RenderResolution, mode: RenderMode, coupons: number): Promise<void> {
  if (!Number.isInteger(coupons) || coupons <= 0) throw new Error(`coupons to add must be a positive integer, got ${coupons}`);
  await tx.query(
    `insert into render_coupons (user_id, resolution, mode, count) values ($1, $2, $3, $4)
     on conflict (user_id, resolution, mode) do update set count = render_coupons.count + excluded.count`,
    [userId, resolution, mode, coupons],
  );
}

/** Credits `quantity` of a coupon type (catalogues.md §9: a 4K or 6K pack is 10 coupons). */
export async function creditCouponType(db: Db, userId: number, typeId: string, quantity = 1): Promise<void> {
  const type = renderCouponType(typeId);
  if (!type) throw new Error(`unknown render coupon type ${typeId}`);
  if (!Number.isInteger(quantity) || quantity <= 0) throw new Error(`quantity must be a positive integer, got ${quantity}`);
  await addCoupons(db, userId, type.resolution, type.mode, type.coupons * quantity);
}

/**
 * Ends an unfinished job as failed (or cancelled) and gives its coupon back, in one transaction.
 * Only the first caller finds refunded_at null, so a worker, the reconciler and a cancel racing
 * each other refund once. Answers whether this call refunded.
 */
export async function endJobWithRefund(
  db: Db,
  jobId: string,
  state: 'failed' | 'cancelled',
  error: string,
  onlyFrom: readonly ('queued' | 'rendering')[] = ['queued', 'rendering'],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ user_id: number; resolution: RenderResolution; mode: RenderMode }>(
      `update render_jobs set state = $2, error = case when $3 = '' then error else $3 end, refunded_at = now(),
         finished_at = now(), updated_at = now()
       where id = $1 and refunded_at is null and state = any($4::text[])
       returning user_id, resolution, mode`,
      [jobId, state, error, [...onlyFrom]],
    );
    const row = rows[0];
    if (!row) return false;
    await addCoupons(tx, row.user_id, row.resolution, row.mode, 1);
    return true;
  });
}
