import type { ForwardedInput, KeyInput, PointerInput, WheelInput } from '../../protocol/input';
import { batchEntry, type CommandArgs, type PlanOpeningInput, type PlanWallInput } from '../../protocol/commands';
import { jsonEqual } from '../../protocol/patch';
import type { FloorOpeningRecord, OpeningRecord, PlanFrame, RoomRecord, SceneRecord, ToolName, ToolPreview, Vec2, WallRecord } from '../../protocol/records';
import { KernelCommandError, KernelRefusal, type RefusalReason } from '../../protocol/errors';
import { editShortcut } from '../commands/shortcuts';
import { snapCabinet, snapFootprint } from '../geometry/furnish';
import { clampOpening } from '../geometry/openings';
import { boundsOf, pointInRing } from '../geometry/polygon';
import { openingWallInfo } from '../commands/opening';
import { furnishScene, furnishSnapOptions } from './furnish';
import type { RecordsDiff } from '../document/diff';
import { SELECTION_ID, TOOL_ID, VIEW_ID, getTool, getView, updateTool } from '../document/session-records';
import { buildPlanScene, type PlanScene } from './hit-test';
import { createOpeningTool } from './opening-tool';
import { createFloorOpeningTool } from './floor-opening-tool';
import { DEFAULT_VIEWPORT, panPlan, planFrameOf, screenToPlan, wheelZoomFactor, zoomPlanAt, type ScreenPoint, type Viewport } from './plan-view';
import { createSelectTool, placedRecord, type Placed } from './select-tool';
import type { EditGesture, Tool, ToolContext, ToolHost } from './types';
import { createWallTool } from './wall-tool';

// The tool manager: the kernel's input handler for the designer's tools. It owns what all tools
// share (the viewport, the plan view's zoom and pan, Delete, Esc, the space bar) and passes the
// rest to the active tool named by the tool session record. It also answers the hotkeys of
// catalogues.md whatever the tool: Ctrl+C / Ctrl+V on selected models, cabinets, walls, openings,
// floor openings and rooms (their contents), Ctrl+H on selected models and cabinets. Tools write the document only through
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

/** A model or cabinet copied with the room it stood in, and where it stood from that room's origin. */
interface RoomPiece {
  readonly piece: Placed;
  readonly from: Vec2;
  readonly roomId: string;
}

interface Clipboard {
  readonly pieces: readonly Placed[];
  readonly walls: readonly { readonly wall: WallRecord; readonly openings: readonly OpeningRecord[] }[];
  /** openings copied without their wall */
  readonly openings: readonly OpeningRecord[];
  readonly roomPieces: readonly RoomPiece[];
  readonly floorOpenings: readonly FloorOpeningRecord[];
  pastes: number;
  /** floor opening pastes made per storey id */
  readonly floorPastes: Map<string, number>;
}

/** A room's origin for pasting its contents: its outline's lowest x and lowest y. */
export function roomOrigin(room: RoomRecord): Vec2 {
  return { x: Math.min(...room.outline.map((p) => p.x)), y: Math.min(...room.outline.map((p) => p.y)) };
}

/** `distance` mm to the left of the wall (seen from its start): a copy moved so never lies along it. */
function leftOf(wall: WallRecord, distance: number): Vec2 {
  const dx = wall.end.x - wall.start.x;
  const dy = wall.end.y - wall.start.y;
  const length = Math.hypot(dx, dy) || 1;
  return { x: Math.round((-dy / length) * distance), y: Math.round((dx / length) * distance) };
}

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

export interface ToolManagerOptions {
  /**
   * A viewer (kernel option readOnly): no tool runs and no edit key (Delete, copy, paste, hide)
   * is answered; the wheel zooms the plan and a left, middle or space drag pans it. In the 3D views
   * the pointer goes on to the camera controls.
   */
  readonly readOnly?: boolean;
}

export function createToolManager(host: ToolHost, options: ToolManagerOptions = {}): ToolManager {
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
  /** What Ctrl+C copied (as it was then: deleting the originals does not empty it), and pastes made of it. */
  let clipboard: Clipboard | null = null;

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
    floorOpening: createFloorOpeningTool(ctx),
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
    if (e.type === 'pointerdown' && ctx.cameraView() === 2 && (e.button === 1 || (e.button === 0 && (spaceDown || options.readOnly)))) {
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

  /**
   * Ctrl+C keeps the selected models and cabinets, walls (with their doors and windows), openings
   * (on walls not copied with them), floor openings and what stands in selected rooms; false (the key goes on) when
   * nothing of these is selected.
   */
  function copy(): boolean {
    const ids = ctx.selection();
    const pieces = selectedPlaced();
    const walls = ids.flatMap((id) => host.records.getOfType(id, 'wall') ?? []);
    const copiedWalls = new Set(walls.map((w) => w.id));
    const openings = ids.flatMap((id) => host.records.getOfType(id, 'opening') ?? []).filter((o) => !copiedWalls.has(o.wallId));
    const taken = new Set(pieces.map((p) => p.record.id));
    const roomPieces: RoomPiece[] = [];
    for (const id of ids) {
      const room = host.records.getOfType(id, 'room');
      if (!room) continue;
      const origin = roomOrigin(room);
      for (const piece of piecesIn(room)) {
        if (taken.has(piece.record.id)) continue;
        taken.add(piece.record.id);
        roomPieces.push({ piece, from: { x: piece.record.position.x - origin.x, y: piece.record.position.y - origin.y }, roomId: room.id });
      }
    }
    const floorOpenings = ids.flatMap((id) => host.records.getOfType(id, 'floorOpening') ?? []);
    if (pieces.length + walls.length + openings.length + roomPieces.length + floorOpenings.length === 0) return false;
    clipboard = {
      pieces,
      walls: walls.map((wall) => ({ wall, openings: host.records.referring(wall.id, 'opening') })),
      openings,
      roomPieces,
      floorOpenings,
      pastes: 0,
      floorPastes: new Map(),
    };
    return true;
  }

  /** The models and cabinets of the room's storey whose position lies inside its outline. */
  function piecesIn(room: RoomRecord): Placed[] {
    const inside = (p: Vec2) => pointInRing(p, room.outline);
    return [
      ...host.records.referring(room.storeyId, 'model').flatMap((record) => (inside(record.position) ? [{ type: 'model' as const, record }] : [])),
      ...host.records.referring(room.storeyId, 'cabinet').flatMap((record) => (inside(record.position) ? [{ type: 'cabinet' as const, record }] : [])),
    ];
  }

  /** Adds a copy of a copied wall, moved `by`, with its openings, joined as the wall tool joins a drawn wall (plan.build). */
  function pasteWalls(storeyId: string, by: Vec2): string[] {
    const list = clipboard!.walls;
    if (list.length === 0) return [];
    const walls: PlanWallInput[] = list.map(({ wall }) => ({
      start: { x: wall.start.x + by.x, y: wall.start.y + by.y },
      end: { x: wall.end.x + by.x, y: wall.end.y + by.y },
      thickness: wall.thickness,
      height: wall.height,
      wallType: wall.wallType,
      ...(wall.color ? { color: wall.color } : {}),
    }));
    const openings: PlanOpeningInput[] = list.flatMap(({ openings }, i) =>
      openings.map((o) => ({ wall: i, kind: o.kind, offset: o.offset, width: o.width, height: o.height, elevation: o.elevation, flipSide: o.flipSide, flipHinge: o.flipHinge })),
    );
    const built = host.exec('plan.build', { storeyId, walls, openings });
    return [...built.wallIds, ...built.openingIds];
  }

  /**
   * Adds a copy of a copied door or window on its own wall at the free place nearest to just
   * beside it (one width along); refused (OPENING_NO_ROOM) when the wall has no free place left.
   */
  function pasteOpening(o: OpeningRecord): string {
    if (!host.records.getOfType(o.wallId, 'wall')) throw new KernelRefusal('OPENING_NO_ROOM', `the wall ${o.wallId} of the copied opening is gone`);
    const info = openingWallInfo(host.records, o.wallId);
    const offset = clampOpening({ length: info.length, usable: info.usable }, info.openings, { offset: o.offset + o.width, width: o.width });
    if (offset === null) throw new KernelRefusal('OPENING_NO_ROOM', `no free place for a ${o.width} mm opening on wall ${o.wallId}`);
    const { kind, width, height, elevation, flipSide, flipHinge } = o;
    return host.exec('opening.add', { wallId: o.wallId, kind, offset: Math.round(offset), width, height, elevation, flipSide, flipHinge }).id;
  }

  /**
   * Adds copies of the copied floor openings on the storey, moved east by whole steps of their
   * joint box's width (a copy moved less would overlap its original and be refused): on the
   * storey they were copied from one step per paste, so each lands edge to edge beside the last;
   * on another storey the first paste at the same place (a stairwell over the one below), then a
   * step further each. floorOpening.add refuses them as it refuses drawn ones (FLOOR_OPENING_OVERLAP).
   */
  function pasteFloorOpenings(storeyId: string): string[] {
    const board = clipboard!;
    const box = boundsOf(board.floorOpenings.flatMap((o) => o.outline));
    if (!box) return [];
    const step = Math.ceil(box.maxX - box.minX);
    const made = board.floorPastes.get(storeyId) ?? 0;
    return board.floorOpenings.map((o) => {
      const by = step * (made + (o.storeyId === storeyId ? 1 : 0));
      const outline = o.outline.map((p) => ({ x: p.x + by, y: p.y }));
      return host.exec('floorOpening.add', { storeyId, outline, kind: o.kind, ...(o.name !== undefined && { name: o.name }) }).id;
    });
  }

  /** Adds a copy of a model or cabinet moved `by` mm east, kept out of the walls; its new id. */
  function pasteOne(piece: Placed, storeyId: string, shift: number | Vec2, scene: ReturnType<typeof furnishScene>): string {
    const options = { ...furnishSnapOptions(null), edgeSnap: 0 };
    const by = typeof shift === 'number' ? { x: shift, y: 0 } : shift;
    if (piece.type === 'cabinet') {
      const { id: _id, type: _type, storeyId: _storey, hidden: _hidden, position: from, cabinetKind, name, rotation, ...fields } = piece.record;
      const at = snapCabinet(piece.record, { x: from.x + by.x, y: from.y + by.y }, scene.walls, [], options);
      const position = { x: Math.round(at.x), y: Math.round(at.y), z: from.z };
      return host.exec('cabinet.add', { storeyId, cabinetKind, name, position, rotation, ...fields }).id;
    }
    const m = piece.record;
    const { center } = snapFootprint({ center: { x: m.position.x + by.x, y: m.position.y + by.y }, rotation: m.rotation, size: m.size }, scene.walls, [], options);
    const { id: _id, type: _type, storeyId: _storey, hidden: _hidden, modelId, name, rotation, size, gltfUrl, lowGltfUrl, mount, position: _position, ...extra } = m;
    const position = { x: Math.round(center.x), y: Math.round(center.y), z: m.position.z };
    const { id } = host.exec('model.add', { storeyId, modelId, name, position, rotation, size, ...(gltfUrl ? { gltfUrl } : {}), ...(lowGltfUrl ? { lowGltfUrl } : {}), ...(mount ? { mount } : {}) });
    // Fields model.add does not take (a part's material, say) follow in the same step.
    if (Object.keys(extra).length > 0) host.exec('model.update', { id, ...extra } as CommandArgs<'model.update'>);
    return id;
  }

  /**
   * Ctrl+V, one undo step, the copies becoming the selection:
   * - models and cabinets: copies on the current storey, each paste a further PASTE_OFFSET east, kept out of the walls;
   * - walls: copies (with their openings) moved PASTE_OFFSET per paste to the left of the first copied wall, so a
   *   copy never lies along its original; they join and split walls they meet as drawn walls do;
   * - openings: a copy on the same wall at the nearest free place beside it, or refused (OPENING_NO_ROOM);
   * - a room's contents: with another room selected, copies at the same offsets from that room's origin (its
   *   outline's lowest x and y); otherwise like copied models, PASTE_OFFSET east;
   * - floor openings: copies on the current storey beside the originals, or over them on another
   *   storey (pasteFloorOpenings), refused as drawn ones are.
   * Anything refused leaves the document as it was.
   */
  function paste(): boolean {
    const storeyId = getView(host.records).currentStoreyId;
    if (!clipboard || storeyId === null) return false;
    // Mid-drag the document is being edited; a paste waits for the drag to end.
    if (ownMarks.size > 0) return true;
    const board = clipboard;
    const selected = ctx.selection();
    const target = selected.length === 1 ? host.records.getOfType(selected[0]!, 'room') : undefined;
    const intoRoom = target !== undefined && board.roomPieces.some((p) => p.roomId !== target.id) ? target : undefined;
    // Pasting into another room is placed, not shifted: it does not count towards the shift.
    const pastes = intoRoom && board.pieces.length + board.walls.length === 0 ? board.pastes : board.pastes + 1;
    const by = PASTE_OFFSET * pastes;
    const scene = furnishScene(host.records, storeyId);
    ctx.pin();
    const ids: string[] = [];
    const gesture = ctx.beginEdit('piece.paste');
    const done = gesture.move(() => {
      ids.length = 0;
      for (const piece of board.pieces) ids.push(pasteOne(piece, storeyId, by, scene));
      if (intoRoom) {
        const origin = roomOrigin(intoRoom);
        for (const { piece, from } of board.roomPieces) ids.push(pasteOne(piece, storeyId, { x: origin.x + from.x - piece.record.position.x, y: origin.y + from.y - piece.record.position.y }, scene));
      } else {
        for (const { piece } of board.roomPieces) ids.push(pasteOne(piece, storeyId, by, scene));
      }
      const first = board.walls[0]?.wall;
      if (first) ids.push(...pasteWalls(storeyId, leftOf(first, by)));
      for (const o of board.openings) ids.push(pasteOpening(o));
      ids.push(...pasteFloorOpenings(storeyId));
    });
    if (!done) {
      gesture.cancel();
      return true;
    }
    board.pastes = pastes;
    if (board.floorOpenings.length > 0) board.floorPastes.set(storeyId, (board.floorPastes.get(storeyId) ?? 0) + 1);
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

  /** A viewer's input: plan navigation only. */
  function navigate(event: ForwardedInput): boolean {
    switch (event.kind) {
      case 'wheel':
        return wheel(event);
      case 'key':
        if ((event.key === ' ' || event.code === 'Space') && ctx.cameraView() === 2) {
          spaceDown = event.type === 'keydown';
          return true;
        }
        return false;
      case 'pointer':
        return panPointer(event);
    }
  }

  return {
    handle(event) {
      if (options.readOnly) return navigate(event);
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
