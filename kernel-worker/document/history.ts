import { jsonEqual } from '../../protocol/patch';
import type { SceneRecord } from '../../protocol/records';
import { hasOwn } from './check';
import { isEmptyDiff, reverseDiff, squashInto, type MutableDiff, type RecordsDiff } from './diff';
import type { Transaction } from './store';

// Undo and redo as stacks of diffs: a step is the forward diff of one undoable commit (only its
// document records), undo applies its reverse. Nothing is ever replayed from the start.
//
// Gestures: mark(id) at pointer-down opens one; every commit until complete(id) folds into it, so
// a drag of a hundred moves is one step. bail(id) hands back the diff that reverts the gesture
// (Esc) and leaves no redo entry. Marks nest: a tool may mark inside another tool's gesture.
//
// The history never touches the store: the kernel applies the diffs it hands out and reports back
// what was actually applied, so the stacks always hold the records the store really holds.

export interface HistoryOptions {
  /** undo steps kept (oldest dropped first); default 500 */
  readonly maxSteps?: number;
  /** approximate bytes of all diffs kept, undo and redo together; default 64 MB */
  readonly maxWeight?: number;
}

export interface HistoryState {
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** ids of the open gesture marks, outermost first */
  readonly marks: readonly string[];
  readonly undoSteps: number;
  readonly redoSteps: number;
  readonly weight: number;
}

export interface History {
  /** Takes the document diff of an undoable commit; a new change empties the redo stack. */
  record(diff: RecordsDiff): void;
  mark(id: string): void;
  /** Folds every change since the mark into one and closes it (and the marks opened after it). */
  complete(id: string): void;
  /** Folds the changes of the marks opened after this one into it; this mark stays open. */
  squashToMark(id: string): void;
  /**
   * Closes the mark (the last one when no id is given) and returns the diff that reverts every
   * change since it; the caller applies it. The gesture leaves no undo and no redo step.
   */
  bail(id?: string): RecordsDiff;
  /**
   * apply gets the diff to apply and returns the diff it actually applied. False when there is no
   * step. Callers refuse undo and redo while a gesture is open (state().marks).
   */
  undo(apply: (revert: RecordsDiff) => RecordsDiff): boolean;
  redo(apply: (forward: RecordsDiff) => RecordsDiff): boolean;
  /** Forgets everything, open marks included: after a load, a restore or a failed replay. */
  clear(): void;
  state(): HistoryState;
}

interface Step {
  readonly diff: RecordsDiff;
  readonly weight: number;
}

interface OpenMark {
  readonly id: string;
  readonly changes: MutableDiff;
}

const DEFAULT_MAX_STEPS = 500;
const DEFAULT_MAX_WEIGHT = 64 * 1024 * 1024;

export function createHistory(options: HistoryOptions = {}): History {
  const maxSteps = Math.max(1, options.maxSteps ?? DEFAULT_MAX_STEPS);
  const maxWeight = options.maxWeight ?? DEFAULT_MAX_WEIGHT;
  let undoStack: Step[] = [];
  let redoStack: Step[] = [];
  let marks: OpenMark[] = [];
  let weight = 0;

  const newChanges = (): MutableDiff => ({ added: {}, updated: {}, removed: {} });

  function dropRedo(): void {
    for (const step of redoStack) weight -= step.weight;
    redoStack = [];
  }

  function pushUndo(diff: RecordsDiff): void {
    const step = { diff, weight: diffWeight(diff) };
    undoStack.push(step);
    weight += step.weight;
    // The newest step always stays, however heavy: the change just made must be undoable.
    while (undoStack.length > 1 && (undoStack.length > maxSteps || weight > maxWeight)) {
      weight -= undoStack.shift()!.weight;
    }
    // Redo steps are the furthest future; shed them (furthest first) before the present's own step.
    while (weight > maxWeight && redoStack.length > 0) weight -= redoStack.shift()!.weight;
  }

  function indexOfMark(id: string | undefined, method: string): number {
    if (marks.length === 0) throw new Error(`${method}: no gesture is open`);
    if (id === undefined) return marks.length - 1;
    for (let i = marks.length - 1; i >= 0; i--) if (marks[i]!.id === id) return i;
    throw new Error(`${method}: no open mark "${id}" (open: ${marks.map((m) => m.id).join(', ')})`);
  }

  /** Removes the marks from index i on and returns their changes as one diff. */
  function foldFrom(i: number): MutableDiff {
    const folded = marks[i]!.changes;
    for (const inner of marks.slice(i + 1)) squashInto(folded, inner.changes);
    marks = marks.slice(0, i);
    return folded;
  }

  return {
    record(diff) {
      if (isEmptyDiff(diff)) return;
      dropRedo();
      const open = marks[marks.length - 1];
      if (open) squashInto(open.changes, diff);
      else pushUndo(diff);
    },
    mark(id) {
      marks.push({ id, changes: newChanges() });
    },
    complete(id) {
      const folded = foldFrom(indexOfMark(id, 'complete'));
      if (isEmptyDiff(folded)) return;
      const outer = marks[marks.length - 1];
      if (outer) squashInto(outer.changes, folded);
      else pushUndo(folded);
    },
    squashToMark(id) {
      const i = indexOfMark(id, 'squashToMark');
      const mark = marks[i]!;
      const folded = foldFrom(i);
      marks.push({ id: mark.id, changes: folded });
    },
    bail(id) {
      return reverseDiff(foldFrom(indexOfMark(id, 'bail')));
    },
    undo(apply) {
      const step = undoStack[undoStack.length - 1];
      if (!step) return false;
      const applied = apply(reverseDiff(step.diff));
      undoStack.pop();
      const forward = reverseDiff(applied);
      redoStack.push({ diff: forward, weight: step.weight });
      return true;
    },
    redo(apply) {
      const step = redoStack[redoStack.length - 1];
      if (!step) return false;
      const applied = apply(step.diff);
      redoStack.pop();
      weight -= step.weight;
      pushUndo(applied);
      return true;
    },
    clear() {
      undoStack = [];
      redoStack = [];
      marks = [];
      weight = 0;
    },
    state() {
      return {
        canUndo: undoStack.length > 0,
        canRedo: redoStack.length > 0,
        marks: marks.map((m) => m.id),
        undoSteps: undoStack.length,
        redoSteps: redoStack.length,
        weight,
      };
    },
  };
}

/** Approximate size in bytes of a diff's records: what keeping it as a step costs. */
export function diffWeight(diff: RecordsDiff): number {
  let total = 0;
  for (const id in diff.added) total += valueWeight(diff.added[id]!);
  for (const id in diff.removed) total += valueWeight(diff.removed[id]!);
  for (const id in diff.updated) {
    const [from, to] = diff.updated[id]!;
    total += pairWeight(from, to);
  }
  return total;
}

/**
 * valueWeight(from) + valueWeight(to), walking once what the two share: an update keeps the
 * stored record's untouched fields (a renamed room's outline is the very same frozen array).
 */
function pairWeight(from: SceneRecord, to: SceneRecord): number {
  const a = from as unknown as Record<string, unknown>;
  const b = to as unknown as Record<string, unknown>;
  let total = 32;
  for (const k in b) {
    const v = b[k];
    const field = 2 * k.length + valueWeight(v);
    total += hasOwn(a, k) && a[k] === v ? 2 * field : field;
  }
  for (const k in a) if (!(hasOwn(b, k) && b[k] === a[k])) total += 2 * k.length + valueWeight(a[k]);
  return total;
}

// Every undoable commit weighs its diff: plain loops, no entry arrays (a batch renaming every
// room weighs 3,000 records).
function valueWeight(value: SceneRecord | unknown): number {
  if (typeof value === 'string') return 2 * value.length + 8;
  if (typeof value !== 'object' || value === null) return 8;
  let total = 16;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) total += valueWeight(value[i]);
    return total;
  }
  const object = value as Record<string, unknown>;
  for (const k in object) total += 2 * k.length + valueWeight(object[k]);
  return total;
}

/**
 * Writes a diff the history handed out. Every record it reverts must still be as the diff says
 * (the same frozen object, or an equal one): anything else means a change slipped past the history.
 */
export function applyDiff(tx: Transaction, diff: RecordsDiff): void {
  const expect = (id: string, record: SceneRecord | undefined) => {
    const current = tx.get(id);
    if (current === record) return;
    type Json = Parameters<typeof jsonEqual>[0];
    if (current && record && jsonEqual(current as unknown as Json, record as unknown as Json)) return;
    throw new Error(`record ${id} is not as the history expects`);
  };
  for (const [id, record] of Object.entries(diff.removed)) {
    expect(id, record);
    tx.remove(id);
  }
  for (const [id, [from, to]] of Object.entries(diff.updated)) {
    expect(id, from);
    tx.put(to);
  }
  for (const [id, record] of Object.entries(diff.added)) {
    expect(id, undefined);
    tx.put(record);
  }
}
