// 我的方案's rules: the list call of a view, pages, selection, names and labels checked before a
// call, and what a rename or a delete does to the open scene's session.
import { describe, expect, it } from 'vitest';
import type { Scene } from '../../api';
import {
  changeView,
  checkLabel,
  checkSchemeName,
  INITIAL_SCHEME_VIEW,
  labelFilterAfter,
  LABELS_PER_SCENE,
  pageAfterRemoval,
  pageCount,
  replaceScheme,
  schemeListQuery,
  sessionForgets,
  sessionRenamed,
  toggleSelected,
} from '../../ui/scene/scheme-list';
import { hasUnsavedWork, initialSessionState, type CurrentScene } from '../../ui/scene/state';

const open: CurrentScene = { id: 7, uuid: 'u7', name: '客厅', version: 3, currentVersionId: 30, updatedAt: '2026-11-26T09:00:00Z' };

describe('schemeListQuery', () => {
  it('asks for newest change first by default, without sort parameters', () => {
    expect(schemeListQuery(INITIAL_SCHEME_VIEW, 12)).toEqual({ pageNumber: 1, pageSize: 12, keyword: undefined, label: undefined, deleted: undefined });
  });

  it('sends a trimmed keyword, the label, the sort and the bin', () => {
    const view = { ...INITIAL_SCHEME_VIEW, keyword: '  客厅 ', label: '精装', sort: 'name:asc' as const, pageNumber: 3 };
    expect(schemeListQuery(view, 12)).toEqual({ pageNumber: 3, pageSize: 12, keyword: '客厅', label: '精装', deleted: undefined, sort: 'name', order: 'asc' });
    // labels count live schemes only: the bin is never filtered by one
    expect(schemeListQuery({ ...view, bin: true }, 12)).toMatchObject({ deleted: true, label: undefined, keyword: '客厅' });
    expect(schemeListQuery({ ...view, keyword: '   ' }, 12).keyword).toBeUndefined();
  });
});

describe('changeView and pages', () => {
  it('starts a new search, filter, sort or bin at page 1, keeps the page otherwise', () => {
    const on3 = { ...INITIAL_SCHEME_VIEW, pageNumber: 3 };
    expect(changeView(on3, { keyword: 'a' }).pageNumber).toBe(1);
    expect(changeView(on3, { label: '精装' }).pageNumber).toBe(1);
    expect(changeView(on3, { sort: 'createdAt:asc' }).pageNumber).toBe(1);
    expect(changeView(on3, { bin: true }).pageNumber).toBe(1);
    // a space typed after the word asks for nothing new
    expect(changeView({ ...on3, keyword: 'a' }, { keyword: 'a ' })).toEqual({ ...on3, keyword: 'a ' });
  });

  it('counts pages and steps back when the last page empties', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(24, 12)).toBe(2);
    expect(pageCount(25, 12)).toBe(3);
    expect(pageAfterRemoval(3, 25, 1, 12)).toBe(2);
    expect(pageAfterRemoval(2, 25, 1, 12)).toBe(2);
    expect(pageAfterRemoval(1, 1, 1, 12)).toBe(1);
  });

  it('toggles a selection', () => {
    expect(toggleSelected([], 4)).toEqual([4]);
    expect(toggleSelected([4, 5], 4)).toEqual([5]);
  });
});

describe('names and labels', () => {
  it('takes a trimmed scheme name of 1 to 100 characters', () => {
    expect(checkSchemeName('  新家 ')).toEqual({ ok: true, value: '新家' });
    expect(checkSchemeName('   ')).toEqual({ ok: false, reason: 'empty' });
    expect(checkSchemeName('家'.repeat(100)).ok).toBe(true);
    expect(checkSchemeName('家'.repeat(101))).toEqual({ ok: false, reason: 'too-long' });
  });

  it('refuses an empty, long, repeated label and the 21st', () => {
    expect(checkLabel(' 精装 ', ['简约'])).toEqual({ ok: true, value: '精装' });
    expect(checkLabel('', [])).toEqual({ ok: false, reason: 'empty' });
    expect(checkLabel('x'.repeat(33), [])).toEqual({ ok: false, reason: 'too-long' });
    expect(checkLabel('精装', ['精装'])).toEqual({ ok: false, reason: 'duplicate' });
    const full = Array.from({ length: LABELS_PER_SCENE }, (_, i) => `l${i}`);
    expect(checkLabel('new', full)).toEqual({ ok: false, reason: 'too-many' });
  });

  it('lets the label filter follow a renamed label and drops a removed one', () => {
    expect(labelFilterAfter('精装', { from: '精装', to: '精装修' })).toBe('精装修');
    expect(labelFilterAfter('精装', { from: '精装', to: null })).toBeNull();
    expect(labelFilterAfter('简约', { from: '精装', to: null })).toBe('简约');
  });

  it('replaces one scheme of a page with its new answer', () => {
    const list = [{ id: 1, name: 'a', labels: [] }, { id: 2, name: 'b', labels: [] }] as unknown as Scene[];
    expect(replaceScheme(list, { id: 2, labels: ['精装'] }).map((s) => [s.name, s.labels])).toEqual([
      ['a', []],
      ['b', ['精装']],
    ]);
  });
});

describe('the open scheme', () => {
  it('takes a new name from the list and keeps its version', () => {
    const state = { ...initialSessionState(), scene: open };
    expect(sessionRenamed(state, { id: 8, name: 'other' })).toBe(false);
    expect(state.scene.name).toBe('客厅');
    expect(sessionRenamed(state, { id: 7, name: '主卧' })).toBe(true);
    expect(state.scene).toEqual({ ...open, name: '主卧' });
  });

  it('becomes an unsaved scheme when it goes to the recycle bin, and only then', () => {
    const state = { ...initialSessionState(), scene: open, lastBackup: { at: 1, versionId: 31 } };
    expect(sessionForgets(state, [8, 9])).toBe(false);
    expect(state.scene).toBe(open);
    expect(sessionForgets(state, [9, 7])).toBe(true);
    expect(state.scene).toBeNull();
    expect(state.lastBackup).toBeNull();
    // the work on screen now counts as unsaved, even with the kernel clean
    expect(hasUnsavedWork(state, false)).toBe(true);
  });
});
