import { setupI18n, type Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { CABINET_REFUSALS, KernelCommandError } from '../../protocol/errors';
import { OPENING_KINDS } from '../../protocol/records';
import { messages as enMessages } from '../../ui/locales/en/messages.po';
import { messages as zhMessages } from '../../ui/locales/zh/messages.po';
import { LIMITS, formatNumberText, parseNumberText, sanitiseNumberText } from '../../ui/workspace/number-input';
import { OPENING_GROUPS, isOpeningKind, openingKindInfo } from '../../ui/workspace/opening-kinds';
import { classifyKernelFailure, FLOOR_OPENING_REFUSALS, OPENING_REFUSALS } from '../../ui/workspace/refusals';
import { wallThicknessFromConfig } from '../../ui/workspace/user-config';

// The pure parts of the floor-plan panel: number boxes, the door and window table, the meaning of
// a failed kernel command, the user config's wall thickness.

function i18nFor(locale: 'zh' | 'en') {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, messages: (locale === 'zh' ? zhMessages : enMessages) as Messages });
  return i18n;
}

describe('number boxes', () => {
  it('keep digits only, or digits and one decimal point (core.md §5)', () => {
    expect(sanitiseNumberText('2a4-0 mm')).toBe('240');
    expect(sanitiseNumberText('-12.5')).toBe('125');
    expect(sanitiseNumberText('1.2.3x', true)).toBe('1.23');
    expect(sanitiseNumberText('.5.', true)).toBe('.5');
  });

  it('accept values inside the limits and refuse empty or out-of-range text', () => {
    expect(parseNumberText('240', LIMITS.wallThickness)).toEqual({ ok: true, value: 240 });
    expect(parseNumberText(' 1000 ', LIMITS.wallThickness)).toEqual({ ok: true, value: 1000 });
    expect(parseNumberText('1001', LIMITS.wallThickness)).toEqual({ ok: false, reason: 'range' });
    expect(parseNumberText('9', LIMITS.wallThickness)).toEqual({ ok: false, reason: 'range' });
    expect(parseNumberText('0', LIMITS.wallHeight)).toEqual({ ok: false, reason: 'range' });
    expect(parseNumberText('', LIMITS.wallHeight)).toEqual({ ok: false, reason: 'empty' });
    expect(parseNumberText('abc', LIMITS.wallHeight)).toEqual({ ok: false, reason: 'empty' });
    // A window on the floor is allowed: elevation may be 0.
    expect(parseNumberText('0', LIMITS.elevation)).toEqual({ ok: true, value: 0 });
    expect(parseNumberText('2.5', { min: 0, max: 10, decimal: true })).toEqual({ ok: true, value: 2.5 });
    expect(parseNumberText('.', { min: 0, max: 10, decimal: true })).toEqual({ ok: false, reason: 'empty' });
  });

  it('show whole millimetres', () => {
    expect(formatNumberText(239.6)).toBe('240');
    expect(formatNumberText(2.25, true)).toBe('2.3');
    expect(formatNumberText(Number.NaN)).toBe('');
  });
});

describe('door and window kinds', () => {
  const zh = i18nFor('zh');
  const en = i18nFor('en');

  it('name each kind 0-16 in zh and en, and list each once in the palette', () => {
    const listed = OPENING_GROUPS.flatMap((g) => g.kinds);
    expect([...listed].sort((a, b) => a - b)).toEqual([...OPENING_KINDS]);
    const zhNames = OPENING_KINDS.map((k) => zh._(openingKindInfo(k).name));
    const enNames = OPENING_KINDS.map((k) => en._(openingKindInfo(k).name));
    expect(new Set(zhNames).size).toBe(17);
    expect(new Set(enNames).size).toBe(17);
    expect(enNames.slice(0, 7)).toEqual(['Window', 'Single door', 'Double door', 'Sliding door', 'Folding door', 'Balcony door', 'Bay window']);
    expect([enNames[9], enNames[10]]).toEqual(['Barrier', 'Niche']);
    expect(zhNames[1]).toBe('单开门');
  });

  it('group doors, windows and the rest by what they are', () => {
    for (const group of OPENING_GROUPS) {
      for (const kind of group.kinds) expect(openingKindInfo(kind).family, `kind ${kind}`).toBe(group.family);
    }
    expect(OPENING_GROUPS.find((g) => g.family === 'window')?.kinds).toEqual([0, 6, 16]);
  });

  it('recognise only the kinds the protocol knows', () => {
    expect(isOpeningKind(16)).toBe(true);
    expect(isOpeningKind(17)).toBe(false);
    expect(isOpeningKind('1')).toBe(false);
  });
});

describe('kernel failures', () => {
  it('read each opening refusal reason, also from a batch', () => {
    for (const reason of OPENING_REFUSALS) {
      const error = new KernelCommandError('COMMAND_FAILED', 'opening.update', `${reason}: the details in English`, reason);
      expect(classifyKernelFailure(error)).toEqual({ kind: 'opening-refused', reason });
      // As it arrives from the worker (the channel's and Comlink's error data).
      expect(classifyKernelFailure(KernelCommandError.fromJSON(error.toJSON()))).toEqual({ kind: 'opening-refused', reason });
    }
    const batch = new KernelCommandError('COMMAND_FAILED', 'batch', 'commands[1] (opening.add): OPENING_OVERLAP: overlaps o-2', 'OPENING_OVERLAP');
    expect(classifyKernelFailure(batch)).toEqual({ kind: 'opening-refused', reason: 'OPENING_OVERLAP' });
  });

  it('read each cabinet refusal reason (拉手错误 among them) apart from the openings\'', () => {
    for (const reason of CABINET_REFUSALS) {
      const error = KernelCommandError.fromJSON(new KernelCommandError('COMMAND_FAILED', 'cabinet.update', `${reason}: the details`, reason).toJSON());
      expect(classifyKernelFailure(error)).toEqual({ kind: 'cabinet-refused', reason });
    }
  });

  it('read each floor opening refusal reason apart from the others', () => {
    for (const reason of FLOOR_OPENING_REFUSALS) {
      const error = KernelCommandError.fromJSON(new KernelCommandError('COMMAND_FAILED', 'floorOpening.add', `${reason}: the details`, reason).toJSON());
      expect(classifyKernelFailure(error)).toEqual({ kind: 'floor-opening-refused', reason });
    }
  });

  it('say the door or window data failed when an opening is refused its arguments', () => {
    expect(classifyKernelFailure(new KernelCommandError('INVALID_ARGS', 'opening.add', 'kind: must be one of 0..16'))).toEqual({ kind: 'opening-data' });
    expect(classifyKernelFailure(new KernelCommandError('INVALID_ARGS', 'tool.set', 'opening.kind: must be one of 0..16'))).toEqual({ kind: 'opening-data' });
  });

  it('leave every other failure to the generic kernel error', () => {
    expect(classifyKernelFailure(new KernelCommandError('INVALID_ARGS', 'tool.set', 'draw.thickness: must be > 0'))).toEqual({ kind: 'generic' });
    expect(classifyKernelFailure(new KernelCommandError('COMMAND_FAILED', 'wall.update', 'OPENINGS do not fit'))).toEqual({ kind: 'generic' });
    // A reason token in the text alone is no refusal: only the typed reason counts.
    expect(classifyKernelFailure(new KernelCommandError('COMMAND_FAILED', 'wall.update', 'OPENING_OVERLAP: said by someone else'))).toEqual({ kind: 'generic' });
    expect(classifyKernelFailure(new KernelCommandError('NOT_READY', 'opening.add', 'the kernel has not been started'))).toEqual({ kind: 'generic' });
  });
});

describe('user config', () => {
  it('gives new walls its wallThickness when the value is sane', () => {
    expect(wallThicknessFromConfig({ wallThickness: 200 })).toBe(200);
    expect(wallThicknessFromConfig({ wallThickness: '120' })).toBe(120);
    expect(wallThicknessFromConfig({ wallThickness: 0 })).toBeNull();
    expect(wallThicknessFromConfig({ wallThickness: 5000 })).toBeNull();
    expect(wallThicknessFromConfig({ wallThickness: '' })).toBeNull();
    expect(wallThicknessFromConfig({})).toBeNull();
    expect(wallThicknessFromConfig(null)).toBeNull();
    expect(wallThicknessFromConfig('240')).toBeNull();
  });
});
