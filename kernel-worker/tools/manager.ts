import type { ForwardedInput, KeyInput, PointerInput, WheelInput } from '../../protocol/input';
import { batchEntry, type CommandArgs } from '../../protocol/commands';
import { jsonEqual } from '../../protocol/patch';
import type { PlanFrame, SceneRecord, ToolName, ToolPreview } from '../../protocol/records';
import { KernelCommandError, KernelRefusal, type RefusalReason } from '../../protocol/errors';
import { editShortcut } from '../commands/shortcuts';
import { snapCabinet, snapFootprint } from '../geometry/furnish';
import { furnishScene, furnishSnapOptions } from './furnish';
import type { RecordsDiff } from '../document/diff';
import { SELECTION_ID, TOOL_ID, VIEW_ID, getTool, getView, updateTool } from '../document/session-records';
import { buildPlanScene, type PlanScene } from './hit-test';
import { createOpeningTool } from './opening-tool';
import { DEFAULT_VIEWPORT, panPlan, planFrameOf, screenToPlan, wheelZoomFactor, zoomPlanAt, type ScreenPoint, type Viewport } from './plan-view';
import { createSelectTool, placedRecord, type Placed } from './select-tool';
import type { EditGesture, Tool, ToolContext, ToolHost } from './types';
import { createWallTool } from './wall-tool';

// The tool manager: the kernel's input handler for the designer's tools. It owns what all tools
// share (the viewport, the plan view's zoom and pan, Delete, Esc, the space bar) and passes the
// rest to the active tool named by the tool session record. It also answers the hotkeys of
// catalogues.md on placed objects (Ctrl+C, Ctrl+V, Ctrl+H on selected models and cabinets), whatever the tool. Tools write the document only through
// commands, and on hover only the session records (tool, view, selection).

export interface ToolManager {
  /** The kernel's input handler: true when a tool used the event. */
  handle(event: ForwardedInput): boolean;
  /** The canvas' size in CSS px (the kernel forwards resize here, renderer or not). */
  resize(width: number, height: number): void;
  viewport(): Viewport;
  /** The plan view's frame for the current records and viewport. */
  planFrame(): PlanFrame;
  dispose(): void;
}

/** How far (mm, east) each paste moves the copies from the pieces copied, so they are seen beside them. */
export const PASTE_OFFSET = 500;

/** Record types the plan scene (hit tests, snapping) is built from. */
const SCENE_TYPES: ReadonlySet<SceneRecord['type']> = new Set(['wall', 'opening', 'room', 'storey']);

function touchesScene(diff: RecordsDiff): boolean {
  for (const id in diff.added) if (SCENE_TYPES.has(diff.added[id]!.type)) return true;
  for (const id in diff.removed) if (SCENE_TYPES.has(diff.removed[id]!.type)) return true;
  for (const id in diff.updated) {
    const [from, to] = diff.updated[id]!;
    if (SCENE_TYPES.has(to.type)) return true;
    if (id === VIEW_ID && from.type === 'view' && to.type === 'view' && from.currentStoreyId !== to.currentStoreyId) return true;
  }
  return false;
}

export function createToolManager(host: ToolHost): ToolManager {
  let viewport: Viewport = DEFAULT_VIEWPORT;
  let scene: PlanScene | null = null;
  let pan: { x: number; y: number; button: number } | null = null;
  let spaceDown = false;
  let gestureSeq = 0;
  let refusalSeq = 0;
  /** the tool the in-memory state belongs to */
  let activeName: ToolName = getTool(host.records).tool;
  /** the in-memory state is stale: a file was loaded, or another tool was picked (maybe and back) */
  let stale = false;
  /** mark ids of the edit gestures this manager opened and has not closed */
  const ownMarks = new Set<string>();
  /** Models and cabinets copied with Ctrl+C (as they were then: deleting the originals does not empty it), and pastes made of them. */
  let clipboard: { readonly pieces: readonly Placed[]; pastes: number } | null = null;

  const stopListening = host.onCommit((diff, _intent, source) => {
    if (touchesScene(diff)) scene = null;
    const tool = diff.updated[TOOL_ID];
    if (source === 'load' || (tool && tool[0].type === 'tool' && tool[1].type === 'tool' && tool[0].tool !== tool[1].tool)) stale = true;
  });

  const frame = (): PlanFrame => planFrameOf(host.records, viewport);

  function setPlan(plan: PlanFrame): void {
    host.exec('view.setPlan', { plan });
  }

  const ctx: ToolContext = {
    host,
    viewport: () => viewport,
    frame,
    pin() {
      if (getView(host.records).plan === null) setPlan(frame());
    },
    toPlan: (p) => screenToPlan(frame(), viewport, p),
    mmPerPx: () => 1 / frame().pxPerMm,
    cameraView: () => getView(host.records).cameraView,
    scene() {
      const storeyId = getView(host.records).currentStoreyId;
      if (!scene || scene.storeyId !== storeyId) {
        scene = buildPlanScene(storeyId, host.records.ofType('wall'), host.records.ofType('opening'), host.records.ofType('room'));
      }
      return scene;
    },
    tool: () => getTool(host.records),
    selection: () => host.records.getOfType(SELECTION_ID, 'selection')?.ids ?? [],
    select(ids) {
      const current = ctx.selection();
      if (current.length === ids.length && current.every((id, i) => id === ids[i])) return;
      host.exec('selection.set', { ids: [...ids] });
    },
    setLive(preview: ToolPreview | null, hoverId: string | null) {
      const tool = getTool(host.records);
      type Json = Parameters<typeof jsonEqual>[0];
      if (tool.hoverId === hoverId && jsonEqual(tool.preview as unknown as Json, preview as unknown as Json)) return;
      host.transact('tool.preview', (tx) => updateTool(tx, { preview, hoverId }));
    },
    beginEdit(label) {
      const id = `tool:${label}:${++gestureSeq}`;
      host.mark(id);
      ownMarks.add(id);
      let applied = false;
      let lastGood: (() => void) | null = null;
      /** the last reason a move of this gesture was refused for */
      let refusal: RefusalReason | null = null;
      const tell = () => {
        const reason = refusal;
        if (reason !== null) host.transact('tool.refused', (tx) => updateTool(tx, { refused: { reason, seq: ++refusalSeq } }));
      };
      const gesture: EditGesture = {
        move(fn) {
          if (!ownMarks.has(id)) return false;
          if (applied) {
            host.bail(id);
            host.mark(id);
            applied = false;
          }
          try {
            fn();
            applied = true;
            lastGood = fn;
            return true;
          } catch (e) {
            // A refusal with a reason is told to the designer when the gesture ends (a session
            // record written now would be reverted with the next move).
            const reason = e instanceof KernelRefusal || e instanceof KernelCommandError ? e.reason : undefined;
            if (reason) refusal = reason;
            // Refused (an opening would no longer fit, say): stay where the last good move was.
            if (lastGood) {
              try {
                lastGood();
                applied = true;
              } catch {
                /* the start state is a good state too */
              }
            }
            return false;
          }
        },
        finish() {
          if (!ownMarks.delete(id)) return;
          host.complete(id);
          tell();
        },
        cancel() {
          if (!ownMarks.delete(id)) return;
          host.bail(id);
          tell();
        },
      };
      return gesture;
    },
    startPan(from: ScreenPoint, button: number) {
      pan = { x: from.x, y: from.y, button };
    },
  };

  const tools: Record<ToolName, Tool> = {
    select: createSelectTool(ctx),
    wall: createWallTool(ctx),
    opening: createOpeningTool(ctx),
  };

  /** In-memory state follows the records: another tool picked (tool.set), a file loaded. */
  function catchUp(): Tool {
    const name = getTool(host.records).tool;
    if (name !== activeName || stale) {
      tools[activeName].reset();
      for (const id of [...ownMarks].reverse()) {
        ownMarks.delete(id);
        if (host.historyState().marks.includes(id)) host.bail(id);
      }
      pan = null;
      // A loaded file has none of the walls a preview may show (tool.set clears its own).
      ctx.setLive(null, null);
      activeName = name;
      stale = false;
    }
    return tools[name];
  }

  function wheel(e: WheelInput): boolean {
    if (ctx.cameraView() !== 2) return false;
    if (e.deltaY === 0) return true;
    setPlan(zoomPlanAt(frame(), viewport, e, wheelZoomFactor(e.deltaY, e.deltaMode)));
    return true;
  }

  /** Panning: middle button anywhere, left button with the space bar held, or handed over by a tool. */
  function panPointer(e: PointerInput): boolean {
    if (pan) {
      if (e.type === 'pointermove') {
        const dx = e.x - pan.x;
        const dy = e.y - pan.y;
        pan = { ...pan, x: e.x, y: e.y };
        if (dx !== 0 || dy !== 0) setPlan(panPlan(frame(), dx, dy));
      } else if ((e.type === 'pointerup' && e.button === pan.button) || e.type === 'pointercancel') {
        pan = null;
      }
      return true;
    }
    if (e.type === 'pointerdown' && ctx.cameraView() === 2 && (e.button === 1 || (e.button === 0 && spaceDown))) {
      pan = { x: e.x, y: e.y, button: e.button };
      return true;
    }
    return false;
  }

  function escape(tool: Tool): boolean {
    if (pan) {
      pan = null;
      return true;
    }
    if (tool.cancel()) return true;
    if (getTool(host.records).tool !== 'select') {
      host.exec('tool.set', { tool: 'select' });
      catchUp();
      return true;
    }
    if (ctx.selection().length > 0) {
      ctx.select([]);
      return true;
    }
    return false;
  }

  /** The selected models and cabinets, in selection order. */
  function selectedPlaced(): Placed[] {
    return ctx.selection().flatMap((id) => placedRecord(host.records, id) ?? []);
  }

  /** Ctrl+C keeps the selected models and cabinets; false (the key goes on) when none is selected. */
  function copy(): boolean {
    const pieces = selectedPlaced();
    if (pieces.length === 0) return false;
    clipboard = { pieces, pastes: 0 };
    return true;
  }

  /** Adds a copy of a model or cabinet moved `by` mm east, kept out of the walls; its new id. */
  function pasteOne(piece: Placed, storeyId: string, by: number, scene: ReturnType<typeof furnishScene>): string {
    const options = { ...furnishSnapOptions(null), edgeSnap: 0 };
    if (piece.type === 'cabinet') {
      const { id: _id, type: _type, storeyId: _storey, hidden: _hidden, position: from, cabinetKind, name, rotation, ...fields } = piece.record;
      const at = snapCabinet(piece.record, { x: from.x + by, y: from.y }, scene.walls, [], options);
      const position = { x: Math.round(at.x), y: Math.round(at.y), z: from.z };
      return host.exec('cabinet.add', { storeyId, cabinetKind, name, position, rotation, ...fields }).id;
    }
    const m = piece.record;
    const { center } = snapFootprint({ center: { x: m.position.x + by, y: m.position.y }, rotation: m.rotation, size: m.size }, scene.walls, [], options);
    const { id: _id, type: _type, storeyId: _storey, hidden: _hidden, modelId, name, rotation, size, gltfUrl, lowGltfUrl, mount, position: _position, ...extra } = m;
    const position = { x: Math.round(center.x), y: Math.round(center.y), z: m.position.z };
    const { id } = host.exec('model.add', { storeyId, modelId, name, position, rotation, size, ...(gltfUrl ? { gltfUrl } : {}), ...(lowGltfUrl ? { lowGltfUrl } : {}), ...(mount ? { mount } : {}) });
    // Fields model.add does not take (a part's material, say) follow in the same step.
    if (Object.keys(extra).length > 0) host.exec('model.update', { id, ...extra } as CommandArgs<'model.update'>);
    return id;
  }

  /**
   * Ctrl+V adds copies of the copied models and cabinets on the current storey, each paste a
   * further PASTE_OFFSET east, kept out of the walls; one undo step, and the copies become the selection.
   */
  function paste(): boolean {
    const storeyId = getView(host.records).currentStoreyId;
    if (!clipboard || storeyId === null) return false;
    // Mid-drag the document is being edited; a paste waits for the drag to end.
    if (ownMarks.size > 0) return true;
    clipboard.pastes += 1;
    const by = PASTE_OFFSET * clipboard.pastes;
    const scene = furnishScene(host.records, storeyId);
    ctx.pin();
    const ids: string[] = [];
    const gesture = ctx.beginEdit('piece.paste');
    const done = gesture.move(() => {
      ids.length = 0;
      for (const piece of clipboard!.pieces) ids.push(pasteOne(piece, storeyId, by, scene));
    });
    if (!done) {
      gesture.cancel();
      return true;
    }
    gesture.finish();
    ctx.select(ids);
    return true;
  }

  /**
   * Ctrl+H on selected models and cabinets hides them (again: shows them), one undo step: the
   * record's hidden field, so the plan, the 3D views and a saved file agree. With nothing selected
   * it shows every hidden model and cabinet of the storey and lets the renderer show what it hid
   * itself. Other selections (walls, rooms) are left to the renderer's own hiding.
   */
  function hide(): boolean {
    const ids = ctx.selection();
    if (ownMarks.size > 0) return ids.length > 0;
    const entry = (p: Placed, hidden: boolean) => (p.type === 'model' ? batchEntry('model.update', { id: p.record.id, hidden }) : batchEntry('cabinet.update', { id: p.record.id, hidden }));
    if (ids.length === 0) {
      const storeyId = getView(host.records).currentStoreyId;
      const hidden: Placed[] =
        storeyId === null
          ? []
          : [
              ...host.records.referring(storeyId, 'model').flatMap((record) => (record.hidden ? [{ type: 'model' as const, record }] : [])),
              ...host.records.referring(storeyId, 'cabinet').flatMap((record) => (record.hidden ? [{ type: 'cabinet' as const, record }] : [])),
            ];
      if (hidden.length > 0) host.exec('batch', { commands: hidden.map((p) => entry(p, false)) });
      return false;
    }
    const pieces = selectedPlaced();
    if (pieces.length !== ids.length) return false;
    const hiding = !pieces.every((p) => p.record.hidden);
    host.exec('batch', { commands: pieces.map((p) => entry(p, hiding)) });
    return true;
  }

  function key(e: KeyInput, tool: Tool): boolean {
    const edit = editShortcut(e);
    if (edit === 'copy') return copy();
    if (edit === 'paste') return paste();
    if (edit === 'hide') return hide();
    if (e.key === ' ' || e.code === 'Space') {
      if (ctx.cameraView() !== 2) return false;
      spaceDown = e.type === 'keydown';
      return true;
    }
    if (tool.key(e)) return true;
    if (e.type !== 'keydown' || e.ctrlKey || e.metaKey || e.altKey) return false;
    if (e.key === 'Escape') return escape(tool);
    if (e.key === 'Delete' || e.key === 'Backspace') {
      const ids = ctx.selection();
      if (ids.length === 0) return false;
      // Mid-drag the selection is being edited; it goes when the drag is over.
      if (ownMarks.size > 0) return true;
      ctx.pin();
      host.exec('records.remove', { ids: [...ids] });
      return true;
    }
    return false;
  }

  return {
    handle(event) {
      const tool = catchUp();
      switch (event.kind) {
        case 'wheel':
          return wheel(event);
        case 'key':
          return key(event, tool);
        case 'pointer':
          return panPointer(event) || tool.pointer(event);
      }
    },
    resize(width, height) {
      viewport = { width: Math.max(1, width), height: Math.max(1, height) };
    },
    viewport: () => viewport,
    planFrame: frame,
    dispose() {
      stopListening();
    },
  };
}
