import { expect } from 'vitest';
import type { CommandArgs, CommandName, CommandResult } from '../../protocol/commands';
import { KernelCommandError } from '../../protocol/errors';
import type { KeyInput, Modifiers, PointerInput, WheelInput } from '../../protocol/input';
import { applyPatchOps, type SnapshotPatch } from '../../protocol/patch';
import { RECORD_SCOPES, type RecordOfType, type RecordType, type SceneRecord, type Vec2 } from '../../protocol/records';
import type { KernelSnapshot } from '../../protocol/snapshot';
import { createSequentialIds } from '../../kernel-worker/document/ids';
import { createKernel, type Kernel, type KernelOptions } from '../../kernel-worker/kernel';
import { deriveSnapshot } from '../../kernel-worker/snapshot';
import { planToScreen, screenToPlan, type ScreenPoint } from '../../kernel-worker/tools/plan-view';

// A headless kernel for tests: in-process, no worker, no GL. Runs commands, drives the kernel's
// input path the way the canvas forwards DOM events (after tldraw's TestEditor), and keeps a UI
// mirror fed by the patches so every test also checks that the patch stream stays in step.

export type PointerOptions = Partial<Omit<PointerInput, 'kind' | 'type' | 'x' | 'y'>>;
export type KeyOptions = Partial<Modifiers> & { readonly code?: string; readonly repeat?: boolean };

const NO_MODIFIERS: Modifiers = { shiftKey: false, ctrlKey: false, altKey: false, metaKey: false };

/** KeyboardEvent.code for a key as a US keyboard would send it. */
function codeOf(key: string): string {
  if (/^[a-z]$/i.test(key)) return `Key${key.toUpperCase()}`;
  if (/^[0-9]$/.test(key)) return `Digit${key}`;
  return key;
}

export class TestKernel {
  readonly kernel: Kernel;
  readonly patches: SnapshotPatch[] = [];
  /** What the UI's valtio mirror would hold: the first snapshot plus every patch. */
  readonly mirror: Record<string, unknown>;
  private buttons = 0;
  private pointer = { x: 0, y: 0 };

  constructor(options: KernelOptions = {}) {
    this.kernel = createKernel({ ids: createSequentialIds(), ...options });
    this.mirror = structuredClone(this.kernel.snapshot()) as unknown as Record<string, unknown>;
    this.kernel.subscribe((patch) => {
      this.patches.push(patch);
      applyPatchOps(this.mirror, patch.ops);
      this.mirror.seq = patch.seq;
    });
  }

  exec<N extends CommandName>(name: N, args: CommandArgs<N>): CommandResult<N> {
    return this.kernel.exec(name, args);
  }

  /** Runs a command that must fail, and returns its error. */
  fails<N extends CommandName>(name: N, args: CommandArgs<N>): KernelCommandError {
    return caught(() => this.kernel.exec(name, args));
  }

  undo(): boolean {
    return this.kernel.undo();
  }

  redo(): boolean {
    return this.kernel.redo();
  }

  get snapshot(): KernelSnapshot {
    return this.kernel.snapshot();
  }

  get history() {
    return this.kernel.historyState();
  }

  ofType<T extends RecordType>(type: T): RecordOfType<T>[] {
    return this.kernel.records.ofType(type);
  }

  get<T extends RecordType>(id: string, type: T): RecordOfType<T> {
    const record = this.kernel.records.getOfType(id, type);
    if (!record) throw new Error(`no ${type} ${id}`);
    return record;
  }

  /** The document records, ordered by id: what undo must restore and what a save writes. */
  document(): SceneRecord[] {
    return this.kernel.records.all().filter((r) => RECORD_SCOPES[r.type] === 'document');
  }

  /** The document as canonical text, for exact comparisons. */
  documentJson(): string {
    return JSON.stringify(this.document());
  }

  /**
   * The mirror fed by patches equals the kernel's own snapshot, and that snapshot (kept up to date
   * commit by commit) equals one derived from scratch from the records.
   */
  expectMirrorInSync(): void {
    const snapshot = this.kernel.snapshot();
    expect(this.mirror).toEqual(snapshot);
    const { seq: _seq, canUndo, canRedo, dirty, changedSinceBackup, renderer, ...rest } = snapshot;
    expect({ canUndo, canRedo, dirty, changedSinceBackup, renderer, ...rest }).toEqual(
      deriveSnapshot(this.kernel.records, { canUndo, canRedo, dirty, changedSinceBackup }, renderer),
    );
  }

  pointerDown(x = this.pointer.x, y = this.pointer.y, options: PointerOptions = {}): this {
    this.buttons |= 1 << (options.button ?? 0);
    return this.sendPointer('pointerdown', x, y, options);
  }

  pointerMove(x: number, y: number, options: PointerOptions = {}): this {
    return this.sendPointer('pointermove', x, y, options);
  }

  pointerUp(x = this.pointer.x, y = this.pointer.y, options: PointerOptions = {}): this {
    this.buttons &= ~(1 << (options.button ?? 0));
    return this.sendPointer('pointerup', x, y, options);
  }

  /** pointerDown, moves in steps, pointerUp: a drag as the canvas would forward it. */
  drag(from: { x: number; y: number }, to: { x: number; y: number }, steps = 5): this {
    this.pointerDown(from.x, from.y);
    for (let i = 1; i <= steps; i++) {
      this.pointerMove(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
    }
    return this.pointerUp(to.x, to.y);
  }

  keyDown(key: string, options: KeyOptions = {}): this {
    return this.sendKey('keydown', key, options);
  }

  keyUp(key: string, options: KeyOptions = {}): this {
    return this.sendKey('keyup', key, options);
  }

  /** keyDown then keyUp, e.g. press('z', { ctrlKey: true }). */
  press(key: string, options: KeyOptions = {}): this {
    return this.keyDown(key, options).keyUp(key, options);
  }

  /** Presses each character in turn: type('3000') while drawing a wall. */
  type(text: string): this {
    for (const ch of text) this.press(ch);
    return this;
  }

  wheel(x: number, y: number, deltaY: number, options: Partial<Omit<WheelInput, 'kind' | 'type' | 'x' | 'y' | 'deltaY'>> = {}): this {
    this.kernel.input({ kind: 'wheel', type: 'wheel', x, y, deltaX: 0, deltaY, deltaMode: 0, ...NO_MODIFIERS, ...options });
    return this;
  }

  /** Where a plan point (mm) is on the canvas in the 2D plan view, as the tools map it now. */
  toScreen(p: Vec2): ScreenPoint {
    const { frame, viewport } = this.kernel.planView();
    return planToScreen(frame, viewport, p);
  }

  /** The plan point (mm) under a canvas point in the 2D plan view. */
  toPlan(p: ScreenPoint): Vec2 {
    const { frame, viewport } = this.kernel.planView();
    return screenToPlan(frame, viewport, p);
  }

  /** The pointer moves to a plan point (mm) in the plan view, no button held (hover). */
  movePlan(p: Vec2, options: PointerOptions = {}): this {
    const s = this.toScreen(p);
    return this.pointerMove(s.x, s.y, options);
  }

  /** A click on a plan point (mm) in the plan view: the pointer moves there, then presses and releases. */
  clickPlan(p: Vec2, options: PointerOptions = {}): this {
    const s = this.toScreen(p);
    return this.pointerMove(s.x, s.y, options).pointerDown(s.x, s.y, options).pointerUp(s.x, s.y, options);
  }

  /** A left-button drag between plan points (mm), mapped with the frame as it is when the drag starts. */
  dragPlan(from: Vec2, to: Vec2, steps = 5): this {
    return this.drag(this.toScreen(from), this.toScreen(to), steps);
  }

  dispose(): void {
    this.kernel.dispose();
  }

  private sendPointer(type: PointerInput['type'], x: number, y: number, options: PointerOptions): this {
    this.pointer = { x, y };
    this.kernel.input({
      kind: 'pointer',
      type,
      x,
      y,
      button: 0,
      buttons: this.buttons,
      pointerId: 1,
      pointerType: 'mouse',
      ...NO_MODIFIERS,
      ...options,
    });
    return this;
  }

  private sendKey(type: KeyInput['type'], key: string, options: KeyOptions): this {
    const { code, repeat, ...modifiers } = options;
    this.kernel.input({ kind: 'key', type, key, code: code ?? codeOf(key), repeat: repeat ?? false, ...NO_MODIFIERS, ...modifiers });
    return this;
  }
}

export function caught(fn: () => unknown): KernelCommandError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(KernelCommandError);
    return e as KernelCommandError;
  }
  throw new Error('expected a KernelCommandError');
}

/** The four walls of withRoom's room (4000 x 3000 on centre lines from the origin, counter-clockwise). */
export function roomWalls(tk: TestKernel, ids: readonly string[] = []) {
  const corners = [
    { x: 0, y: 0 },
    { x: 4000, y: 0 },
    { x: 4000, y: 3000 },
    { x: 0, y: 3000 },
  ];
  return corners.map((start, i) => tk.exec('wall.add', { ...(ids[i] ? { id: ids[i] } : {}), start, end: corners[(i + 1) % 4]! }));
}

/**
 * A storey and a 4000 x 3000 room (wall centre lines; 240 thick, so the floor inside is 3760 x
 * 2760 = 10.38 m²) walled on its four sides, named 客厅 and typed 1: the usual start of a command test.
 */
export function withRoom(tk: TestKernel = new TestKernel()) {
  const { id: storeyId } = tk.exec('storey.add', {});
  const wallIds = roomWalls(tk).map((w) => w.id);
  // The walls made the room (the face they enclose); the test names and types it.
  const rooms = tk.ofType('room');
  expect(rooms).toHaveLength(1);
  const roomId = rooms[0]!.id;
  tk.exec('room.update', { id: roomId, name: '客厅', roomType: 1 });
  return { tk, storeyId, wallIds, roomId };
}

/** Runs fn, then checks that one undo restores the document exactly and one redo brings fn's result back. */
export function expectOneUndoStep(tk: TestKernel, fn: () => void): void {
  const before = tk.documentJson();
  fn();
  const after = tk.documentJson();
  expect(after).not.toBe(before);
  expect(tk.undo()).toBe(true);
  expect(tk.documentJson()).toBe(before);
  expect(tk.redo()).toBe(true);
  expect(tk.documentJson()).toBe(after);
  tk.expectMirrorInSync();
}

/** A command that must fail and leave the document (and the history) exactly as it was. */
export function expectRefused<N extends CommandName>(tk: TestKernel, name: N, args: CommandArgs<N>): KernelCommandError {
  const before = tk.documentJson();
  const steps = tk.history.undoSteps;
  const patches = tk.patches.length;
  const error = tk.fails(name, args);
  expect(error.command).toBe(name);
  expect(tk.documentJson()).toBe(before);
  expect(tk.history.undoSteps).toBe(steps);
  expect(tk.patches.length).toBe(patches);
  return error;
}
