import { OPENING_REFUSALS, type CabinetRefusal, type KernelCommandErrorData, type OpeningRefusal, type RefusalReason } from '../../protocol/errors';

export { OPENING_REFUSALS, type CabinetRefusal, type OpeningRefusal };

const isOpeningRefusal = (reason: RefusalReason): reason is OpeningRefusal => (OPENING_REFUSALS as readonly string[]).includes(reason);

// What a failed kernel command means to the designer. The kernel refuses an impossible opening
// with a typed reason (KernelCommandError.reason, kept by a batch for its failing entry); the
// detail is English for the console and is not read here.

export type KernelFailure =
  | { readonly kind: 'opening-refused'; readonly reason: OpeningRefusal }
  /** a cabinet that cannot be built: too small, a handle that does not fit (拉手错误) … */
  | { readonly kind: 'cabinet-refused'; readonly reason: CabinetRefusal }
  /** catalogues.md §8: the door or window data cannot be had (数据获取失败，不能插入此门窗) */
  | { readonly kind: 'opening-data' }
  | { readonly kind: 'generic' };

export function classifyKernelFailure(error: KernelCommandErrorData): KernelFailure {
  if (error.reason) return isOpeningRefusal(error.reason) ? { kind: 'opening-refused', reason: error.reason } : { kind: 'cabinet-refused', reason: error.reason };
  // An opening (or the opening tool) refused its arguments: the kind's data was unusable.
  if (error.code === 'INVALID_ARGS' && (error.command === 'opening.add' || (error.command === 'tool.set' && /\bopening\b/.test(error.detail)))) {
    return { kind: 'opening-data' };
  }
  return { kind: 'generic' };
}
