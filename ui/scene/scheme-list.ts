import type { Scene, SceneListQuery, SceneListSort } from '../../api';
import type { SceneSessionState } from './state';

// 我的方案 as data: what the list asks the server for, how a page, a selection or a label edit
// changes, and what the open scene's session makes of a rename or a delete. No React, no network:
// SceneListDialog.tsx renders and calls, tests/unit/scheme-list.test.ts checks the rules.

/** docs/scenes.md: a label is at most 32 characters, a scene has at most 20. */
export const LABEL_MAX_CHARS = 32;
export const LABELS_PER_SCENE = 20;
/** docs/scenes.md: a scene name is at most 100 characters. */
export const SCHEME_NAME_MAX_CHARS = 100;
/** The pause after the last key of a search before the list asks the server. */
export const SCHEME_SEARCH_DEBOUNCE_MS = 300;

export type SchemeSort = `${SceneListSort}:${'asc' | 'desc'}`;

/** The sort menu, in its order; the first is the default (newest change first). */
export const SCHEME_SORTS: readonly SchemeSort[] = ['updatedAt:desc', 'updatedAt:asc', 'createdAt:desc', 'createdAt:asc', 'name:asc', 'name:desc'];

export interface SchemeListView {
  /** the recycle bin instead of the live schemes */
  readonly bin: boolean;
  /** as typed; trimmed when asked for */
  readonly keyword: string;
  readonly label: string | null;
  readonly sort: SchemeSort;
  readonly pageNumber: number;
}

export const INITIAL_SCHEME_VIEW: SchemeListView = { bin: false, keyword: '', label: null, sort: 'updatedAt:desc', pageNumber: 1 };

/** The list call for a view. Labels count the live schemes only, so the bin is never filtered by one. */
export function schemeListQuery(view: SchemeListView, pageSize: number): SceneListQuery {
  const [sort, order] = view.sort.split(':') as [SceneListSort, 'asc' | 'desc'];
  const keyword = view.keyword.trim();
  return {
    pageNumber: view.pageNumber,
    pageSize,
    keyword: keyword || undefined,
    label: !view.bin && view.label ? view.label : undefined,
    deleted: view.bin || undefined,
    ...(view.sort === INITIAL_SCHEME_VIEW.sort ? {} : { sort, order }),
  };
}

/** A change of what is listed starts at its first page; a change of page keeps the rest. */
export function changeView(view: SchemeListView, change: Partial<Omit<SchemeListView, 'pageNumber'>>): SchemeListView {
  const next = { ...view, ...change };
  const same = next.bin === view.bin && next.keyword.trim() === view.keyword.trim() && next.label === view.label && next.sort === view.sort;
  return same ? next : { ...next, pageNumber: 1 };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page to show once `removed` schemes left a list of `total`: the last page if this one emptied. */
export function pageAfterRemoval(pageNumber: number, total: number, removed: number, pageSize: number): number {
  return Math.min(pageNumber, pageCount(Math.max(0, total - removed), pageSize));
}

export function toggleSelected(selected: readonly number[], id: number): number[] {
  return selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
}

export type NameCheck = { readonly ok: true; readonly value: string } | { readonly ok: false; readonly reason: 'empty' | 'too-long' | 'duplicate' | 'too-many' };

/** A scheme name as the server takes it (trimmed, 1 to 100 characters). */
export function checkSchemeName(input: string): NameCheck {
  const value = input.trim();
  if (!value) return { ok: false, reason: 'empty' };
  if ([...value].length > SCHEME_NAME_MAX_CHARS) return { ok: false, reason: 'too-long' };
  return { ok: true, value };
}

/** A label to add to a scheme that has `existing` (or, without `existing`, a new name for a label). */
export function checkLabel(input: string, existing: readonly string[] = []): NameCheck {
  const value = input.trim();
  if (!value) return { ok: false, reason: 'empty' };
  if ([...value].length > LABEL_MAX_CHARS) return { ok: false, reason: 'too-long' };
  if (existing.includes(value)) return { ok: false, reason: 'duplicate' };
  if (existing.length >= LABELS_PER_SCENE) return { ok: false, reason: 'too-many' };
  return { ok: true, value };
}

/** A scheme in the list with a new answer for it (rename, labels); the others as they were. */
export function replaceScheme(list: readonly Scene[], scene: Pick<Scene, 'id'> & Partial<Scene>): Scene[] {
  return list.map((s) => (s.id === scene.id ? { ...s, ...scene } : s));
}

/** The label filter after a label was renamed or removed everywhere: it follows, or is let go. */
export function labelFilterAfter(filter: string | null, change: { readonly from: string; readonly to: string | null }): string | null {
  return filter === change.from ? change.to : filter;
}

/**
 * The open scheme was renamed in the list: the session takes the new name (the title follows). The
 * version stays: a rename is not versioned. True when it was the open one.
 */
export function sessionRenamed(state: SceneSessionState, scene: Pick<Scene, 'id' | 'name'>): boolean {
  if (state.scene?.id !== scene.id) return false;
  state.scene = { ...state.scene, name: scene.name };
  return true;
}

/**
 * Schemes went to the recycle bin. If the open one is among them the work on screen stays but is
 * no longer that scheme: a new, unsaved one (未保存方案), so the next save makes a new scheme
 * instead of failing on one in the bin. True when it was the open one.
 */
export function sessionForgets(state: SceneSessionState, ids: readonly number[]): boolean {
  if (!state.scene || !ids.includes(state.scene.id)) return false;
  state.scene = null;
  // Backups are filed under a scene id; a 412 question about the binned one has no answer left.
  state.lastBackup = null;
  state.conflict = null;
  return true;
}
