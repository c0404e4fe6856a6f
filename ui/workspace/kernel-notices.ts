import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { KernelCommandError } from '../../protocol/errors';
import { notify, notifyKernelError } from '../notice';
import { useEffect } from 'react';
import type { RefusalReason } from '../../protocol/errors';
import { useKernel } from '../kernel';
import { classifyKernelFailure, isFloorOpeningRefusal, OPENING_REFUSALS, type CabinetRefusal, type FloorOpeningRefusal, type OpeningRefusal } from './refusals';

// The workspace's one listener for failed kernel commands: refusals the designer can act on get
// their own words, everything else is 内核命令出错！ (the design card).

const REFUSAL_TEXT: Record<OpeningRefusal, MessageDescriptor> = {
  OPENING_OVERLAP: msg`门窗不能与其他门窗重叠`,
  OPENING_PAST_END: msg`门窗超出了墙体范围`,
  OPENING_ACROSS_JOINT: msg`门窗不能跨越墙体连接处`,
  OPENING_TOO_WIDE: msg`门窗宽度超过了可用的墙体长度`,
  OPENING_TOO_TALL: msg`门窗高度超过了墙体高度`,
  OPENING_INVALID_SIZE: msg`门窗尺寸无效`,
  OPENING_NO_ROOM: msg`这面墙上已没有空位放下复制的门窗`,
};

const CABINET_REFUSAL_TEXT: Record<CabinetRefusal, MessageDescriptor> = {
  CABINET_TOO_SMALL: msg`柜体尺寸小于该柜型的最小尺寸`,
  CABINET_TOO_LARGE: msg`柜体尺寸超过了板材可开料的最大尺寸`,
  // catalogues.md §8: a handle that does not fit the cabinet type.
  CABINET_HANDLE: msg`拉手错误`,
  CABINET_DOORS: msg`该柜型不能使用这种门`,
  CABINET_INTERIOR: msg`柜内放不下这么多层板或抽屉`,
  CABINET_RUN_TOO_SHORT: msg`这段墙太短，放不下标准柜`,
  CABINET_FITTING_KIND: msg`台面、水槽和灶具只能用在带台面的地柜上`,
  CABINET_FITTING_SIZE: msg`水槽或灶具的开孔比柜体内宽还大，请加宽柜体`,
  CABINET_APPLIANCE: msg`这个电器不能装在此柜上`,
};

const FLOOR_OPENING_REFUSAL_TEXT: Record<FloorOpeningRefusal, MessageDescriptor> = {
  FLOOR_OPENING_OUTLINE: msg`洞口轮廓无效：边线不能交叉，至少要有三个不同的角点`,
  FLOOR_OPENING_TOO_SMALL: msg`洞口太小：长和宽都至少要 100 毫米`,
  FLOOR_OPENING_OVERLAP: msg`洞口不能与同一楼层的其他洞口重叠`,
};

export const OPENING_DATA_FAILURE = msg`数据获取失败，不能插入此门窗`;

/** A refusal a drag met in the kernel (a cabinet's gizmo resize past what its doors allow), in the designer's words. */
export function notifyRefusal(reason: RefusalReason): void {
  const text = (OPENING_REFUSALS as readonly string[]).includes(reason)
    ? REFUSAL_TEXT[reason as OpeningRefusal]
    : isFloorOpeningRefusal(reason)
      ? FLOOR_OPENING_REFUSAL_TEXT[reason]
      : CABINET_REFUSAL_TEXT[reason as CabinetRefusal];
  notify(i18n._(text), { kind: 'warning' });
}

/** Tells each refusal an edit gesture meets (the tool summary's refused, numbered) once. */
export function useGestureRefusals(): void {
  const refused = useKernel().tool.refused;
  const seq = refused?.seq;
  const reason = refused?.reason;
  useEffect(() => {
    if (seq !== undefined && reason !== undefined) notifyRefusal(reason);
  }, [seq, reason]);
}

export function notifyKernelFailure(error: KernelCommandError): void {
  const failure = classifyKernelFailure(error);
  if (failure.kind === 'opening-refused') notify(i18n._(REFUSAL_TEXT[failure.reason]), { kind: 'warning' });
  else if (failure.kind === 'cabinet-refused') notify(i18n._(CABINET_REFUSAL_TEXT[failure.reason]), { kind: 'warning' });
  else if (failure.kind === 'floor-opening-refused') notify(i18n._(FLOOR_OPENING_REFUSAL_TEXT[failure.reason]), { kind: 'warning' });
  else if (failure.kind === 'opening-data') notify(i18n._(OPENING_DATA_FAILURE), { kind: 'error' });
  else notifyKernelError();
}
