import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { OPENING_KINDS, type OpeningKind } from '../../protocol/records';

// Door and window element types 0-16 of catalogues.md §3. The spec names them in order but leaves
// the exact numbers of 7, 8 and 11-16 open; this follows the kernel's table
// (kernel-worker/commands/opening.ts): 7 wall hole, 9 barrier, 10 niche, then balcony,
// son-mother door, glass screen wall, glass partition, door frame, model bay window.

export type OpeningFamily = 'door' | 'window' | 'other';

export interface OpeningKindInfo {
  readonly kind: OpeningKind;
  readonly family: OpeningFamily;
  readonly name: MessageDescriptor;
  /** hinged leaves: flipping the hinge side means something */
  readonly hinged: boolean;
}

const TABLE: { readonly [K in OpeningKind]: Omit<OpeningKindInfo, 'kind'> } = {
  0: { family: 'window', name: msg`窗户`, hinged: false },
  1: { family: 'door', name: msg`单开门`, hinged: true },
  2: { family: 'door', name: msg`双开门`, hinged: true },
  3: { family: 'door', name: msg`推拉门`, hinged: false },
  4: { family: 'door', name: msg`折叠门`, hinged: true },
  5: { family: 'door', name: msg`阳台门`, hinged: false },
  6: { family: 'window', name: msg`飘窗`, hinged: false },
  7: { family: 'other', name: msg`墙洞`, hinged: false },
  8: { family: 'other', name: msg`垭口`, hinged: false },
  9: { family: 'other', name: msg`栏杆`, hinged: false },
  10: { family: 'other', name: msg`壁龛`, hinged: false },
  11: { family: 'other', name: msg`阳台`, hinged: false },
  12: { family: 'door', name: msg`子母门`, hinged: true },
  13: { family: 'other', name: msg`玻璃幕墙`, hinged: false },
  14: { family: 'other', name: msg`玻璃隔断`, hinged: false },
  15: { family: 'door', name: msg`门套`, hinged: false },
  16: { family: 'window', name: msg`模型飘窗`, hinged: false },
};

export function openingKindInfo(kind: OpeningKind): OpeningKindInfo {
  return { kind, ...TABLE[kind] };
}

export function isOpeningKind(value: unknown): value is OpeningKind {
  return typeof value === 'number' && (OPENING_KINDS as readonly number[]).includes(value);
}

/** The palette's groups, in the order it shows them (doors first: they are placed most). */
export const OPENING_GROUPS: readonly { readonly family: OpeningFamily; readonly label: MessageDescriptor; readonly kinds: readonly OpeningKind[] }[] = [
  { family: 'door', label: msg`门`, kinds: [1, 2, 12, 3, 4, 5, 15] },
  { family: 'window', label: msg`窗`, kinds: [0, 6, 16] },
  { family: 'other', label: msg`洞口与构件`, kinds: [7, 8, 9, 10, 11, 13, 14] },
];
