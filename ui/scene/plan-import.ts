import { t } from '@lingui/core/macro';
import type { PlanImportFailure, PlanImportFormat, PlanImportSkipReason, PlanImportSummary } from '../../protocol/plan-import';
import { PLAN_IMPORT_MAX_BYTES } from '../../protocol/plan-import';

// Importing another tool's plan (户型 panel, issue 18): which reader a file needs, and the words
// for the summary and the refusals. A worker reads the file and the kernel builds it (ui/kernel/plan-import.ts).

export const PLAN_IMPORT_ACCEPT = '.ifc,.sh3d';

/** The reader for the file: by its first bytes (a STEP text or a zip), else by its extension. */
export function planImportFormat(name: string, head: Uint8Array): PlanImportFormat | null {
  const text = new TextDecoder('latin1').decode(head.subarray(0, 16));
  if (text.startsWith('ISO-10303-21')) return 'ifc';
  if (head[0] === 0x50 && head[1] === 0x4b) return /\.ifc$/i.test(name) ? null : 'sh3d';
  if (/\.ifc$/i.test(name)) return 'ifc';
  return null;
}

export type PlanImportRefusal = 'notAPlanFile' | 'tooLarge' | 'damaged' | 'empty' | 'unsupported' | 'timeout' | 'failed';

/** Why a file is refused before reading it (null: go on). */
export function checkPlanFile(name: string, size: number, head: Uint8Array): PlanImportRefusal | null {
  if (size > PLAN_IMPORT_MAX_BYTES) return 'tooLarge';
  if (size === 0) return 'empty';
  return planImportFormat(name, head) ? null : 'notAPlanFile';
}

/** The reader's answer as one of ours. */
export function planImportRefusal(failure: PlanImportFailure | 'timeout'): PlanImportRefusal {
  switch (failure) {
    case 'unsupportedSchema':
      return 'unsupported';
    case 'damaged':
    case 'empty':
    case 'tooLarge':
    case 'timeout':
      return failure;
  }
}

export function planImportRefusalText(refusal: PlanImportRefusal): string {
  const mb = Math.round(PLAN_IMPORT_MAX_BYTES / 1024 / 1024);
  switch (refusal) {
    case 'notAPlanFile':
      return t`请选择 IFC（.ifc）或 Sweet Home 3D（.sh3d）户型文件`;
    case 'tooLarge':
      return t`文件超过 ${mb} MB，无法导入`;
    case 'damaged':
      return t`文件已损坏或无法识别，没有导入任何内容`;
    case 'empty':
      return t`文件中没有可以导入的墙体`;
    case 'unsupported':
      return t`不支持该文件的版本（支持 IFC2x3、IFC4 和 Sweet Home 3D 5.3 及以上），没有导入任何内容`;
    case 'timeout':
      return t`文件过大或过于复杂，读取超时，没有导入任何内容`;
    case 'failed':
      return t`导入失败，没有导入任何内容`;
  }
}

export function skipReasonText(reason: PlanImportSkipReason): string {
  switch (reason) {
    case 'wallNotStraight':
      return t`弧形或倾斜的墙体`;
    case 'wallTooSmall':
      return t`过短或过薄的墙体（小于 10 毫米）`;
    case 'openingWithoutWall':
      return t`找不到所在墙体的门窗`;
    case 'unsupportedElement':
      return t`户型中没有对应类型的构件（楼板、楼梯、柱、家具等）`;
    case 'noGeometry':
      return t`没有几何形状的构件`;
    case 'emptyStorey':
      return t`没有墙体的楼层`;
  }
}

/** The summary's lines: what was built, then what was left out and why. */
export function planImportSummaryLines(summary: PlanImportSummary): { built: string[]; leftOut: string[] } {
  const r = summary.result;
  const { walls, openings, rooms, namedRooms, floorOpenings } = r;
  const storeys = r.storeyIds.length;
  const built = [t`楼层：${storeys}`, t`墙体：${walls}`, t`门窗：${openings}`, t`房间：${rooms}（其中 ${namedRooms} 间带有文件中的名称）`];
  if (floorOpenings > 0) built.push(t`楼梯洞口和挖洞：${floorOpenings}`);
  const leftOut = summary.skipped.map(({ reason, element, count }) => {
    const why = skipReasonText(reason);
    return t`${why}：${element} × ${count}`;
  });
  const notFitting = r.openingsLeftOut;
  if (notFitting > 0) leftOut.push(t`与其他门窗重叠或跨过墙体连接处的门窗：${notFitting}`);
  const badHoles = r.floorOpeningsLeftOut;
  if (badHoles > 0) leftOut.push(t`与其他洞口重叠或轮廓无效的楼板洞口：${badHoles}`);
  return { built, leftOut };
}
