import { FLOOR_OPENING_REFUSALS, OPENING_REFUSALS, type CabinetRefusal, type FloorOpeningRefusal, type KernelCommandErrorData, type OpeningRefusal, type RefusalReason } from '../../protocol/errors';

export { FLOOR_OPENING_REFUSALS, OPENING_REFUSALS, type CabinetRefusal, type FloorOpeningRefusal, type OpeningRefusal };

const isOpeningRefusal = (reason: RefusalReason): reason is OpeningRefusal => (OPENING_REFUSALS as readonly string[]).includes(reason);
export const isFloorOpeningRefusal = (reason: RefusalReason): reason is FloorOpeningRefusal => (FLOOR_OPENING_REFUSALS as readonly string[]).includes(reason);

// What a failed kernel command means to the designer. The kernel refuses an impossible opening
// with a typed reason (KernelCommandError.reason, kept by a batch for its failing entry); the
// detail is English for the console and is not read here.

export type KernelFailure =
  | { readonly kind: 'opening-refused'; readonly reason: OpeningRefusal }
  /** a cabinet that cannot be built: too small, a handle that does not fit (拉手错误) … */
  | { readonly kind: 'cabinet-refused'; readonly reason: CabinetRefusal }
  /** a stairwell or void that cannot be cut: crossing outline, too small, over another one */
  | { readonly kind: 'floor-opening-refused'; readonly reason: FloorOpeningRefusal }
  /** catalogues.md §8: the door or window data cannot be had (数据获取失败，不能插入此门窗) */
  | { readonly kind: 'opening-data' }
  | { readonly kind: 'generic' };

export function classifyKernelFailure(error: KernelCommandErrorData): KernelFailure {
  if (error.reason) {
    if (isOpeningRefusal(error.reason)) return { kind: 'opening-refused', reason: error.reason };
    if (isFloorOpeningRefusal(error.reason)) return { kind: 'floor-opening-refused', reason: error.reason };
    return { kind: 'cabinet-refused', reason: error.reason };
  }
  // An opening (or the opening tool) refused its arguments: the kind's data was unusable.
  if (error.code === 'INVALID_ARGS' && (error.command === 'opening.add' || (error.command === 'tool.set' && /\bopening\b/.test(error.detail)))) {
    return { kind: 'opening-data' };
  }
  return { kind: 'generic' };
}
