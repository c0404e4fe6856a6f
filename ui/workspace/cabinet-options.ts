import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { CABINET_HANDLES, CABINET_MATERIALS, cabinetLabel, type CabinetDoorType, type CabinetKind, type DoorShape, type TextureDir } from '../../protocol/cabinets';
import type { SelectOption } from './controls';

// The designer's words for a cabinet's lists (protocol/cabinets.ts): kinds, doors, door shapes,
// grain, handles and board materials, for the 定制 panel and the properties panel.

export const CABINET_KIND_NAMES: Record<CabinetKind, MessageDescriptor> = {
  base: msg`地柜`,
  wall: msg`吊柜`,
  tall: msg`高柜`,
  cornerBase: msg`转角地柜`,
  wardrobe: msg`衣柜`,
  filler: msg`调整板`,
};

const DOOR_NAMES: Record<CabinetDoorType, MessageDescriptor> = {
  none: msg`无门`,
  single: msg`单开门`,
  double: msg`双开门`,
  sliding: msg`趟门`,
  drawers: msg`抽屉面板`,
};

const SHAPE_NAMES: Record<DoorShape, MessageDescriptor> = { flat: msg`平板门`, shaker: msg`框式门` };
const GRAIN_NAMES: Record<TextureDir, MessageDescriptor> = { vertical: msg`竖纹`, horizontal: msg`横纹` };

const HANDLE_NAMES: Record<string, MessageDescriptor> = {
  H128: msg`一字拉手 128`,
  H320: msg`长条拉手 320`,
  KNOB: msg`圆形拉手`,
  GOLA: msg`隐形拉槽`,
  SLIDE: msg`趟门拉手`,
};

const MATERIAL_NAMES: Record<string, MessageDescriptor> = {
  W01: msg`暖白`,
  G02: msg`浅灰`,
  O03: msg`橡木`,
  N04: msg`胡桃木`,
  B05: msg`墨黑`,
  S06: msg`奶咖`,
};

const css = (colour: number) => `#${colour.toString(16).padStart(6, '0')}`;

export function useCabinetOptions() {
  const { i18n } = useLingui();
  return useMemo(() => {
    const named = <V extends string>(names: Record<V, MessageDescriptor>): SelectOption<V>[] =>
      (Object.keys(names) as V[]).map((value) => ({ value, label: i18n._(names[value]) }));
    return {
      doors: named(DOOR_NAMES),
      shapes: named(SHAPE_NAMES),
      grains: named(GRAIN_NAMES),
      // '' is no handle.
      handles: [{ value: '', label: i18n._(msg`无拉手`) }, ...CABINET_HANDLES.map((h) => ({ value: h.id, label: HANDLE_NAMES[h.id] ? i18n._(HANDLE_NAMES[h.id]!) : h.name }))],
      materials: CABINET_MATERIALS.map((m) => ({ value: m.code, label: MATERIAL_NAMES[m.code] ? i18n._(MATERIAL_NAMES[m.code]!) : m.code, css: css(m.colour) })),
      boards: [9, 18, 25].map((v) => ({ value: v, label: `${v} mm` })),
      kindName: (kind: CabinetKind) => i18n._(CABINET_KIND_NAMES[kind]),
      /** its name, or its kind and width (地柜 600) when it has none */
      label: (c: { readonly name: string; readonly cabinetKind: CabinetKind; readonly width: number }) => cabinetLabel(c, (kind) => i18n._(CABINET_KIND_NAMES[kind])),
    };
  }, [i18n]);
}
