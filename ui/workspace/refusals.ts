import { OPENING_REFUSALS, type KernelCommandErrorData, type OpeningRefusal } from '../../protocol/errors';

export { OPENING_REFUSALS, type OpeningRefusal };

// What a failed kernel command means to the designer. The kernel refuses an impossible opening
// with a detail that starts with a stable reason token (kernel-worker/commands/opening.ts); a batch
// puts its entry's name in front, so the token is looked for anywhere in the detail.


export type KernelFailure =
  | { readonly kind: 'opening-refused'; readonly reason: OpeningRefusal }
  /** catalogues.md §8: the door or window data cannot be had (数据获取失败，不能插入此门窗) */
  | { readonly kind: 'opening-data' }
  | { readonly kind: 'generic' };

const TOKEN = new RegExp(`\\b(${OPENING_REFUSALS.join('|')}):`);

export function classifyKernelFailure(error: KernelCommandErrorData): KernelFailure {
  const match = TOKEN.exec(error.detail);
  if (match) return { kind: 'opening-refused', reason: match[1] as OpeningRefusal };
  // An opening (or the opening tool) refused its arguments: the kind's data was unusable.
  if (error.code === 'INVALID_ARGS' && (error.command === 'opening.add' || (error.command === 'tool.set' && /\bopening\b/.test(error.detail)))) {
    return { kind: 'opening-data' };
  }
  return { kind: 'generic' };
}
