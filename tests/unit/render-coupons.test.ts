// The coupon list of catalogues.md §3 and §9 (protocol/render-jobs.ts): every resolution in both
// modes, 10-packs of 4K and 6K only, the prices the spec shows, and the totals the store reads.
import { describe, expect, it } from 'vitest';
import { RENDER_COUPON_TYPES, RENDER_RESOLUTIONS, RENDER_SIZES, couponsFrom, renderCouponType } from '../../protocol/render-jobs';
import { attemptScale } from '../../server/render/queue';

describe('render coupon types', () => {
  it('has each resolution in both modes and packs of 10 for 4K and 6K only', () => {
    expect(RENDER_RESOLUTIONS).toEqual(['540P', '720P', '1080P', '4K', '6K', '8K', '12K', 'UHQ']);
    const packs = RENDER_COUPON_TYPES.filter((t) => t.coupons > 1);
    expect(packs.map((p) => p.id).sort()).toEqual(['4K_leisure_pack', '4K_pack', '6K_leisure_pack', '6K_pack']);
    for (const p of packs) expect(p.coupons).toBe(10);
    expect(RENDER_COUPON_TYPES.filter((t) => t.coupons === 1)).toHaveLength(16);
  });

  it('carries the prices of catalogues.md §9 and none it does not show', () => {
    expect(renderCouponType('UHQ_leisure')?.price).toBe(2);
    expect(renderCouponType('12K')?.price).toBe(19);
    expect(renderCouponType('6K_pack')).toMatchObject({ resolution: '6K', mode: 'immediate', coupons: 10, price: 185 });
    expect(renderCouponType('4K_leisure_pack')).toMatchObject({ resolution: '4K', mode: 'leisure', coupons: 10, price: 58 });
    expect(renderCouponType('720P')?.price).toBeNull();
    expect(renderCouponType('2K')).toBeNull();
  });

  it('sums the counts per mode and lists every resolution and mode', () => {
    const c = couponsFrom([
      { resolution: '540P', mode: 'immediate', count: 5 },
      { resolution: '4K', mode: 'leisure', count: 10 },
      { resolution: '1080P', mode: 'immediate', count: 2 },
    ]);
    expect(c.immediateRenderNum).toBe(7);
    expect(c.leisureRenderNum).toBe(10);
    expect(c.detail).toHaveLength(16);
    expect(c.detail.find((d) => d.resolution === '8K' && d.mode === 'leisure')?.count).toBe(0);
  });

  it('sizes pictures 16:9 with more samples for UHQ', () => {
    for (const r of RENDER_RESOLUTIONS) expect(RENDER_SIZES[r].width * 9).toBe(RENDER_SIZES[r].height * 16);
    expect(RENDER_SIZES.UHQ.samples).toBeGreaterThan(RENDER_SIZES['1080P'].samples);
  });
});

describe('render attempt limits', () => {
  it('grow with the picture: RENDER_TIMEOUT_S is for up to 1080P, a larger picture gets as many times it as it has 1080P pictures of pixels', () => {
    const scales = Object.fromEntries(RENDER_RESOLUTIONS.map((r) => [r, attemptScale(RENDER_SIZES[r].width, RENDER_SIZES[r].height)]));
    expect(scales).toEqual({ '540P': 1, '720P': 1, '1080P': 1, '4K': 4, '6K': 9, '8K': 16, '12K': 36, UHQ: 1 });
  });
});
