import { setupI18n, type Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as enMessages } from '../../ui/locales/en/messages.po';
import { messages as zhMessages } from '../../ui/locales/zh/messages.po';
import { roomTypeName as planRoomTypeName } from '../../kernel-worker/render/room-names';
import { ROOM_TYPES, roomTypeName, isKnownRoomType, roomLabel, ROOM_TYPE_GROUPS, roomTypesOf, OUTDOOR_ROOM_TYPES } from '../../ui/workspace/room-types';

// catalogues.md §3: 0-34, 99, 100, 109-115 and 201-227 have names; everything else shows unnamed.
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const SPEC_CODES = [...range(0, 34), 99, 100, ...range(109, 115), ...range(201, 227)];

function i18nFor(locale: 'zh' | 'en') {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, messages: (locale === 'zh' ? zhMessages : enMessages) as Messages });
  return i18n;
}

describe('room types', () => {
  const zh = i18nFor('zh');
  const en = i18nFor('en');

  it('name every code of catalogues.md §3 in zh and en, each name once per language', () => {
    expect(ROOM_TYPES.map((t) => t.code)).toEqual(SPEC_CODES);
    const zhNames = SPEC_CODES.map((code) => zh._(roomTypeName(code)));
    const enNames = SPEC_CODES.map((code) => en._(roomTypeName(code)));
    for (const [i, code] of SPEC_CODES.entries()) {
      expect(zhNames[i], `zh name of ${code}`).toMatch(/[\u4e00-\u9fff]/);
      expect(enNames[i], `en name of ${code}`).toMatch(/^[A-Z][A-Za-z' -]+$/);
    }
    expect(new Set(zhNames).size).toBe(SPEC_CODES.length);
    expect(new Set(enNames).size).toBe(SPEC_CODES.length);
    expect([zh._(roomTypeName(2)), en._(roomTypeName(2))]).toEqual(['主卧', 'Master bedroom']);
    expect([zh._(roomTypeName(100)), en._(roomTypeName(100))]).toEqual(['全屋', 'Whole house']);
  });

  it('show unknown codes as unnamed', () => {
    for (const code of [35, 98, 101, 108, 116, 200, 228, 1000, -1, 1.5, Number.NaN]) {
      expect(isKnownRoomType(code), String(code)).toBe(false);
      expect(zh._(roomTypeName(code))).toBe('未命名');
      expect(en._(roomTypeName(code))).toBe('Unnamed');
    }
  });

  it('label a room by its own name, else by its type', () => {
    expect(roomLabel(en, { name: '  ', roomType: 7 })).toBe('Kitchen');
    expect(roomLabel(zh, { name: '', roomType: 7 })).toBe('厨房');
    expect(roomLabel(zh, { name: 'Studio A', roomType: 7 })).toBe('Studio A');
    expect(roomLabel(zh, { name: '', roomType: 500 })).toBe('未命名');
  });

  it('offer every type but unnamed and whole house in exactly one picker group', () => {
    const offered = ROOM_TYPE_GROUPS.flatMap((g) => roomTypesOf(g.group).map((t) => t.code));
    expect(new Set(offered).size).toBe(offered.length);
    expect(offered.sort((a, b) => a - b)).toEqual(SPEC_CODES.filter((c) => c !== 0 && c !== 100));
    expect([...OUTDOOR_ROOM_TYPES].map((c) => en._(roomTypeName(c)))).toEqual(['Terrace', 'Outdoor', 'Exterior', 'Entrance garden']);
  });

  // The worker draws room labels in the 2D plan without lingui; its table must say what the
  // catalogues say, in both languages, for every code and for an unknown one.
  it('the plan view in the worker names every type exactly as the catalogues do', () => {
    for (const code of [...SPEC_CODES, 57, 999]) {
      expect(planRoomTypeName(code, 'zh'), `zh ${code}`).toBe(zh._(roomTypeName(code)));
      expect(planRoomTypeName(code, 'en'), `en ${code}`).toBe(en._(roomTypeName(code)));
    }
  });
});
