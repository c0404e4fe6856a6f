import { t } from '@lingui/core/macro';
import type { RenderMode, RenderResolution } from '../../protocol/render-jobs';

// What a submission will spend, said the same way by 渲染 and by 生成全景's cloud render.

/** '将消耗 1 张 540P 立即渲染券（剩余 4 张）', or that none is left. */
export function couponCostText(resolution: RenderResolution, mode: RenderMode, left: number): string {
  if (mode === 'immediate') return left > 0 ? t`将消耗 1 张 ${resolution} 立即渲染券（剩余 ${left} 张）` : t`${resolution} 立即渲染券已用完`;
  return left > 0 ? t`将消耗 1 张 ${resolution} 闲时渲染券（剩余 ${left} 张）` : t`${resolution} 闲时渲染券已用完`;
}
