import type { CommandArgs, CommandName, CommandResult, HistoryIntent } from '../../protocol/commands';
import type { KeyInput, PointerInput } from '../../protocol/input';
import type { CameraView, PlanFrame, ToolPreview, ToolRecord, Vec2 } from '../../protocol/records';
import type { RecordsDiff } from '../document/diff';
import type { FloorLevel, GizmoHandle } from '../render/types';
import type { HistoryState } from '../document/history';
import type { RecordReader, Transaction } from '../document/store';
import type { PlanScene } from './hit-test';
import type { ScreenPoint, Viewport } from './plan-view';

/** What the tools need from the kernel (the Kernel object is one). */
export interface ToolHost {
  readonly records: RecordReader;
  exec<N extends CommandName>(name: N, args: CommandArgs<N>): CommandResult<N>;
  mark(id: string): void;
  complete(id: string): void;
  bail(id?: string): void;
  historyState(): HistoryState;
  transact<R>(source: string, fn: (tx: Transaction) => R, history?: HistoryIntent): R;
  onCommit(listener: (diff: RecordsDiff, history: HistoryIntent, source: string) => void): () => void;
  /** The record drawn under a canvas point in the 3D views; null for none or without a renderer. */
  pick(x: number, y: number): { readonly id: string; readonly point: { x: number; y: number; z: number } } | null;
  /** The gizmo's handle (on a selected model or cabinet) under a canvas point in the 3D views; null for none or without a renderer. */
  gizmoHit(x: number, y: number): GizmoHandle | null;
  /** The pointer ray onto a horizontal plane (plan mm) in the 3D views; null on a miss or without a renderer. */
  floorPoint(x: number, y: number, level: FloorLevel): Vec2 | null;
}

/**
 * A document edit made of many moves (a drag): one undo step when finished, nothing when
 * cancelled. Each move starts again from the state before the drag, so a move that split walls
 * or rebuilt rooms leaves nothing behind for the next one.
 */
export interface EditGesture {
  /** Reverts the previous move and runs this one; false (and the previous state kept) when it throws. */
  move(fn: () => void): boolean;
  finish(): void;
  cancel(): void;
}

/** What every tool gets from the manager. */
export interface ToolContext {
  readonly host: ToolHost;
  viewport(): Viewport;
  /** The plan view's frame as shown now (the view's, or the fit of the storey). */
  frame(): PlanFrame;
  /** Makes the fitted frame explicit before an edit, so the view does not jump as the content grows. */
  pin(): void;
  toPlan(p: ScreenPoint): Vec2;
  mmPerPx(): number;
  cameraView(): CameraView;
  scene(): PlanScene;
  tool(): ToolRecord;
  selection(): readonly string[];
  select(ids: readonly string[]): void;
  /** Writes the tool record's live fields (only when they change). */
  setLive(preview: ToolPreview | null, hoverId: string | null): void;
  beginEdit(label: string): EditGesture;
  /** Hands a left-button drag over to panning the plan (select tool on empty space). */
  startPan(from: ScreenPoint, button: number): void;
}

export interface Tool {
  pointer(event: PointerInput): boolean;
  key(event: KeyInput): boolean;
  /** Esc: true when it cancelled something (a drag, a chain); false lets the manager step back further. */
  cancel(): boolean;
  /** Forgets in-memory state without touching the records (another tool took over, a file was loaded). */
  reset(): void;
}

/** Movement (CSS px) below which a press and release is a click, not a drag. */
export const CLICK_SLOP_PX = 3;

export const movedBeyond = (a: ScreenPoint, b: ScreenPoint, px = CLICK_SLOP_PX): boolean => Math.hypot(a.x - b.x, a.y - b.y) > px;

export const emptyPreview = (): ToolPreview => ({ segment: null, snap: null, typed: '', opening: null });
