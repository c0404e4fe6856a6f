import { i18n, type Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { PlanImportSummary } from '../../protocol/plan-import';
import { messages as enMessages } from '../../ui/locales/en/messages.po';
import { messages as zhMessages } from '../../ui/locales/zh/messages.po';
import { checkPlanFile, planImportFormat, planImportRefusal, planImportRefusalText, planImportSummaryLines } from '../../ui/scene/plan-import';

// The 导入户型文件 decisions (ui/scene/plan-import.ts): which reader a file needs, how the kernel's
// refusals read, and the summary in both languages.

const bytes = (s: string) => new TextEncoder().encode(s);

describe('plan import in the UI', () => {
  it('tells IFC from Sweet Home 3D by the first bytes, the extension only as a fallback', () => {
    expect(planImportFormat('plan.txt', bytes('ISO-10303-21;\nHEADER;'))).toBe('ifc');
    expect(planImportFormat('house.sh3d', new Uint8Array([0x50, 0x4b, 3, 4]))).toBe('sh3d');
    expect(planImportFormat('house.zip', new Uint8Array([0x50, 0x4b, 3, 4]))).toBe('sh3d');
    // An .ifc that is a zip (ifcZIP) is not read.
    expect(planImportFormat('house.ifc', new Uint8Array([0x50, 0x4b, 3, 4]))).toBeNull();
    expect(planImportFormat('house.ifc', bytes('garbage'))).toBe('ifc');
    expect(planImportFormat('photo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(checkPlanFile('photo.png', 10, new Uint8Array([0x89]))).toBe('notAPlanFile');
    expect(checkPlanFile('a.ifc', 0, new Uint8Array())).toBe('empty');
    expect(checkPlanFile('a.ifc', 300 * 1024 * 1024, bytes('ISO-10303-21'))).toBe('tooLarge');
    expect(checkPlanFile('a.ifc', 100, bytes('ISO-10303-21'))).toBeNull();
  });

  it('words the kernel refusals', () => {
    i18n.loadAndActivate({ locale: 'zh', messages: zhMessages as Messages });
    expect(planImportRefusal('damaged')).toBe('damaged');
    expect(planImportRefusal('unsupportedSchema')).toBe('unsupported');
    expect(planImportRefusal('timeout')).toBe('timeout');
    expect(planImportRefusalText('timeout')).toBe('文件过大或过于复杂，读取超时，没有导入任何内容');
    expect(planImportRefusalText('damaged')).toBe('文件已损坏或无法识别，没有导入任何内容');
    i18n.loadAndActivate({ locale: 'en', messages: enMessages as Messages });
    expect(planImportRefusalText('tooLarge')).toBe('The file is larger than 200 MB and cannot be imported');
  });

  it('sums up what was built and what was left out, in zh and en', () => {
    const summary: PlanImportSummary = {
      format: 'ifc',
      schema: 'IFC4',
      skipped: [
        { reason: 'unsupportedElement', element: 'IfcSlab', count: 4 },
        { reason: 'wallNotStraight', element: 'IfcWall', count: 1 },
      ],
      result: { storeyIds: ['a', 'b'], walls: 24, openings: 9, rooms: 7, namedRooms: 6, openingsLeftOut: 1, floorOpenings: 0, floorOpeningsLeftOut: 0 },
    };
    i18n.loadAndActivate({ locale: 'zh', messages: zhMessages as Messages });
    expect(planImportSummaryLines(summary)).toEqual({
      built: ['楼层：2', '墙体：24', '门窗：9', '房间：7（其中 6 间带有文件中的名称）'],
      leftOut: ['户型中没有对应类型的构件（楼板、楼梯、柱、家具等）：IfcSlab × 4', '弧形或倾斜的墙体：IfcWall × 1', '与其他门窗重叠或跨过墙体连接处的门窗：1'],
    });
    i18n.loadAndActivate({ locale: 'en', messages: enMessages as Messages });
    expect(planImportSummaryLines(summary).built[3]).toBe('Rooms: 7 (6 named from the file)');
    expect(planImportSummaryLines({ ...summary, skipped: [], result: { ...summary.result, openingsLeftOut: 0 } }).leftOut).toEqual([]);
    const holes = planImportSummaryLines({ ...summary, skipped: [], result: { ...summary.result, openingsLeftOut: 0, floorOpenings: 2, floorOpeningsLeftOut: 1 } });
    expect(holes.built[4]).toBe('Stairwells and voids: 2');
    expect(holes.leftOut).toEqual(['Floor openings overlapping another or with an invalid outline: 1']);
  });
});
