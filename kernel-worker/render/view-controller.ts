import { Box3, Mesh, Plane, Raycaster, Vector2, Vector3, type Camera, type Object3D } from 'three';
import type { ForwardedInput, KeyInput, PointerInput } from '../../protocol/input';
import type { RenderOptions } from '../../protocol/kernel-api';
import type { CameraView } from '../../protocol/records';
import type { RecordsDiff } from '../document/diff';
import { SELECTION_ID, TOOL_ID, VIEW_ID } from '../document/session-records';
import type { RecordReader } from '../document/store';
import { wallFootprints } from '../geometry/wall-footprint';
import { createCameraTween, type CameraTween } from './camera-animation';
import { applyPlacement, applyPose, createCameraRig, currentPose, placeView, setAspect, type CameraPose, type CameraRig, type ViewPlacement } from './cameras';
import { MM } from './coords';
import type { FrameScheduler } from './frame-loop';
import { createHighlighter, type Highlighter } from './highlight';
import { createGizmo, type Gizmo } from './gizmo';
import { createLighting, type Lighting } from './lighting';
import { TRANSPARENT_GROUND_OPACITY, TRANSPARENT_WALL_OPACITY } from './materials';
import { createOrbitControls, type OrbitControls } from './orbit';
import { createPicker, recordIdOf, type Picker } from './picking';
import { buildObstacles, moveCircle, type Obstacle } from './roam';
import type { SceneGraph, SyncResult } from './scene-graph';
import type { FloorLevel, GizmoHandle } from './types';
import { currentStoreyId, storeyElevation, storeyOf, surfaceWall, viewContext, type SurfaceChoice } from './view-context';

// Everything about looking at the scene that is not building it: the camera views and the
// animated switch between them, mouse navigation, walking in the roam view (fly keys, wall
// collision), the view hotkeys the renderer answers itself (Ctrl+5/6/7 surface choice, Shift+1/2
// ceilings, Ctrl+H hide), picking, hover and selection highlight, and the lights. No WebGL: it
// runs in Node tests; three-renderer.ts draws what it sets up.

/** Walking speed in the roam view (m/s, camera speed 100 %); Shift runs. */
export const WALK_SPEED = 1.6;
const RUN_FACTOR = 2.5;
/** Turning with the arrow keys, radians per second. */
const TURN_SPEED = Math.PI / 2;
/** Rising and sinking with E and Q, m/s. */
const FLY_SPEED = 1;
/** angleDragResponse at which a drag turns the camera as far as it always did. */
const DEFAULT_DRAG_RESPONSE = 400;
/** Longest frame step a walk takes: a stalled frame must not teleport the walker. */
const MAX_STEP_MS = 250;
/** Beyond this (m) a pointer ray meets the floor too far away to drag anything to. */
const MAX_FLOOR_DISTANCE = 2000;

export interface RendererSyncInfo {
  /** the diff replaced the document (a file was loaded): back to the bird eye at zoom 100 % */
  readonly load?: boolean;
}

export interface PickResult {
  readonly id: string;
  /** plan mm, z up from the storey floor */
  readonly point: { x: number; y: number; z: number };
}

export interface ViewController {
  readonly rig: CameraRig;
  readonly controls: OrbitControls;
  readonly lighting: Lighting;
  readonly highlighter: Highlighter;
  /** The camera to draw with now. */
  readonly camera: Camera;
  /** The view the records ask for (the animation may still be on its way there). */
  readonly view: CameraView;
  /** The top view has arrived: the 2D plan layer draws instead of the 3D scene. */
  readonly showsPlan: boolean;
  readonly animating: boolean;
  /** Records hidden with Ctrl+H. */
  readonly hidden: ReadonlySet<string>;
  readonly ceilingsShown: boolean;
  /** Follows a committed diff; true when a frame is due. */
  sync(diff: RecordsDiff, records: RecordReader, result: SyncResult, info?: RendererSyncInfo): boolean;
  /** Forwarded input the tools did not take; true when a frame is due. */
  input(event: ForwardedInput): boolean;
  resize(width: number, height: number): void;
  /** Advances animations and walking to this time; true while another frame is needed. */
  beforeDraw(now: number): boolean;
  /** Shared materials changed outside a sync (a tile picture loaded): highlighted meshes follow. */
  materialsChanged(): void;
  pick(x: number, y: number): PickResult | null;
  /** The gizmo (shown while exactly one model or cabinet is selected, outside the plan view). */
  readonly gizmo: Gizmo;
  /** The gizmo handle under a canvas point; null while the camera flies or no gizmo is shown. */
  gizmoHit(x: number, y: number): GizmoHandle | null;
  /** The pointer ray onto a horizontal plane (plan mm), or null when it misses it. */
  floorPoint(x: number, y: number, level: FloorLevel): { x: number; y: number } | null;
  /** The bird-eye pose framing a box (captures). */
  birdEye(bounds: Box3, aspect: number): CameraPose;
  /**
   * The navigation and transparency render options (camera speed, drag response, mouse buttons,
   * view mode 3 opacities); others are ignored here. True when a frame is due.
   */
  setOptions(options: Partial<RenderOptions>): boolean;
  /** Camera speed as a factor (cameraSpeed / 100): the roam view's walking, flying and key turns. */
  readonly speed: number;
  /** Drops selection and hover highlight and shows materials (for a capture); returns the undo. */
  withoutHighlight(): () => void;
  dispose(): void;
}

export interface ViewControllerOptions {
  readonly graph: SceneGraph;
  /** Asks for one frame. */
  readonly invalidate: () => void;
  readonly now?: () => number;
  /** When hover picks run (once per animation frame); tests pass a manual one. */
  readonly hoverScheduler: FrameScheduler;
}

const FLY_CODES = new Set(['KeyW', 'KeyA', 'KeyS', 'KeyD', 'KeyQ', 'KeyE', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/** A pointer event with no button held: the pointer is hovering. */
function isHover(e: PointerInput): boolean {
  return e.type === 'pointermove' && e.buttons === 0;
}

function digit(e: KeyInput): number | null {
  const m = /^(?:Digit|Numpad)(\d)$/.exec(e.code);
  return m ? Number(m[1]) : null;
}

export function createViewController(options: ViewControllerOptions): ViewController {
  const { graph, invalidate } = options;
  const now = options.now ?? (() => performance.now());
  const { hoverScheduler } = options;
  const rig = createCameraRig();
  const lighting = createLighting();
  const highlighter = createHighlighter();
  const gizmo = createGizmo();
  graph.scene.add(lighting.group, highlighter.layer, gizmo.group);

  let records: RecordReader | null = null;
  let obstacles: Obstacle[] | null = null;
  let obstaclesStorey: string | null = null;
  let placed = false;
  let view: CameraView = 0;
  let surfaceChoice: SurfaceChoice = 'wall';
  let surfaceWallId: string | null = null;
  let placedStorey: string | null = null;
  let tween: { readonly tween: CameraTween; readonly placement: ViewPlacement } | null = null;
  let walked = false;
  let viewport = { width: 1, height: 1 };
  const hidden = new Set<string>();
  /** Models and cabinets whose record says hidden (Ctrl+H on them is a document edit), kept from the diffs. */
  const hiddenPlaced = new Set<string>();
  let ceilingsShown = true;
  /** What hidden and the ceiling switch made invisible last time, to show again. */
  let madeInvisible = new Set<string>();
  /** Fly keys down now (the UI sends their keyups on blur too, so none stays down for good). */
  const held = new Map<string, { shift: boolean }>();
  let lastWalk: number | null = null;
  let hoverAt: { x: number; y: number } | null = null;
  let hoverPending: unknown = null;
  let hovered: string | null = null;
  let speed = 1;
  let dragResponse = DEFAULT_DRAG_RESPONSE;
  let transparency = { wall: TRANSPARENT_WALL_OPACITY, ground: TRANSPARENT_GROUND_OPACITY };

  const picker: Picker = createPicker(collectPickable);
  const controls = createOrbitControls(rig, { walk: walkTo });
  const raycaster = new Raycaster();

  function collectPickable(): Mesh[] {
    const out: Mesh[] = [];
    const visit = (o: Object3D) => {
      // Lights, highlight outlines and hidden records are not picked; a surface hidden by the
      // wireframe mode is (its lines show where it is).
      if (o === lighting.group || o === highlighter.layer) return;
      if (o instanceof Mesh) {
        if (recordIdOf(o) !== null) out.push(o);
      } else if (!o.visible) return;
      for (const child of o.children) visit(child);
    };
    for (const child of graph.scene.children) visit(child);
    return out;
  }

  function obstaclesNow(): Obstacle[] {
    if (!records) return [];
    const storeyId = currentStoreyId(records);
    if (obstacles && obstaclesStorey === storeyId) return obstacles;
    const walls = records.ofType('wall').filter((w) => w.storeyId === storeyId);
    const wallIds = new Set(walls.map((w) => w.id));
    const openings = records.ofType('opening').filter((o) => wallIds.has(o.wallId));
    obstacles = buildObstacles(walls, wallFootprints(walls), openings);
    obstaclesStorey = storeyId;
    return obstacles;
  }

  /** The eye's height range when walking: above the floor, below the ceiling of the current storey. */
  function eyeRange(): [number, number] {
    if (!records) return [-Infinity, Infinity];
    const storeyId = currentStoreyId(records);
    const floor = storeyElevation(records, storeyId) * MM;
    const layer = (storeyId ? records.getOfType(storeyId, 'storey')?.layerHeight : 0) ?? 0;
    const ceiling = floor + Math.max(layer * MM, 2.8);
    return [floor + 0.3, ceiling - 0.1];
  }

  /** The eye moves from one point to another in the roam view, never into a wall, floor or ceiling. */
  function walkTo(from: Vector3, to: Vector3): Vector3 {
    if (!rig.walk) return to;
    const p = moveCircle({ x: from.x / MM, y: -from.z / MM }, { x: (to.x - from.x) / MM, y: -(to.z - from.z) / MM }, obstaclesNow());
    const [low, high] = eyeRange();
    return new Vector3(p.x * MM, Math.min(Math.max(to.y, low), high), -p.y * MM);
  }

  function placement(target: CameraView): ViewPlacement {
    const context = records ? viewContext(records, graph.bounds(), { surface: surfaceChoice, obstacles: obstaclesNow() }) : { bounds: graph.bounds() };
    return placeView(target, context, rig.aspect);
  }

  function place(target: CameraView, animate: boolean): void {
    const next = placement(target);
    view = target;
    placedStorey = records ? currentStoreyId(records) : null;
    surfaceWallId = target === 5 && surfaceChoice === 'wall' && records ? (surfaceWall(records, currentStoreyId(records))?.id ?? null) : null;
    if (animate && placed) {
      tween = { tween: createCameraTween(currentPose(rig), next.pose, now()), placement: next };
      rig.view = target;
    } else {
      tween = null;
      applyPlacement(rig, next);
    }
    placed = true;
    walked = false;
    lastWalk = null;
    controls.reset();
    invalidate();
  }

  function selectedIds(): readonly string[] {
    return records?.getOfType(SELECTION_ID, 'selection')?.ids ?? [];
  }

  let highlightOff = false;
  function refreshHighlight(): boolean {
    if (highlightOff) return highlighter.update([], null, () => undefined);
    const toolHover = records?.getOfType(TOOL_ID, 'tool')?.hoverId ?? null;
    return highlighter.update(selectedIds(), hovered ?? toolHover, (id) => graph.objectFor(id));
  }

  /** The gizmo sits on the one selected placed object (a model, a cabinet), unless it is hidden, a capture runs, or the plan shows. */
  function refreshGizmo(): boolean {
    const ids = selectedIds();
    const id = !highlightOff && view !== 2 && ids.length === 1 && records && !hidden.has(ids[0]!) && !hiddenPlaced.has(ids[0]!) ? ids[0]! : null;
    const placed = id === null || !records ? undefined : (records.getOfType(id, 'model') ?? records.getOfType(id, 'cabinet'));
    if (!placed || !records) return gizmo.set(null);
    const elevation = storeyElevation(records, placed.storeyId);
    const base = new Vector3(placed.position.x * MM, (elevation + placed.position.z) * MM, -placed.position.y * MM);
    // A cabinet's cube sets its width; a model's scales it, unless it is a fixed-size piece.
    const changed = gizmo.set({ id: placed.id, base, resizable: placed.type === 'cabinet' || placed.resizable !== false });
    if (changed) gizmo.fit(rig.active, viewport.height);
    return changed;
  }

  /** Hidden records plus what stands on them (a hidden wall's openings, a hidden room's ceilings). */
  function effectiveHidden(): Set<string> {
    const out = new Set(hidden);
    for (const id of hiddenPlaced) out.add(id);
    if (!records) return out;
    if (hidden.size > 0) {
      for (const o of records.ofType('opening')) if (hidden.has(o.wallId)) out.add(o.id);
      for (const c of records.ofType('ceiling')) if (hidden.has(c.roomId)) out.add(c.id);
      for (const p of records.ofType('paving')) if (hidden.has(p.surface.id)) out.add(p.id);
    }
    if (!ceilingsShown) for (const c of records.ofType('ceiling')) out.add(c.id);
    return out;
  }

  function applyVisibility(): boolean {
    const next = effectiveHidden();
    let changed = false;
    for (const id of madeInvisible) {
      if (next.has(id)) continue;
      const o = graph.objectFor(id);
      if (o && !o.visible) {
        o.visible = true;
        changed = true;
      }
    }
    for (const id of next) {
      const o = graph.objectFor(id);
      if (o?.visible) {
        o.visible = false;
        changed = true;
      }
    }
    madeInvisible = next;
    if (changed) picker.invalidate();
    return changed;
  }

  function key(e: KeyInput): boolean {
    if (FLY_CODES.has(e.code) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      if (e.type === 'keyup') {
        held.delete(e.code);
        return false;
      }
      if (!rig.walk || tween) return false;
      if (!held.has(e.code)) lastWalk = null;
      held.set(e.code, { shift: e.shiftKey });
      return true;
    }
    if (e.type !== 'keydown') return false;
    const n = digit(e);
    // Shift+1 hides the ceilings, Shift+2 shows them (catalogues.md hotkeys).
    if (e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey && (n === 1 || n === 2)) {
      ceilingsShown = n === 2;
      // The rooms' own ceilings (no records) go with the ceiling records.
      const own = graph.setCeilingsShown(ceilingsShown);
      return applyVisibility() || own;
    }
    const ctrl = (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
    // Ctrl+5 faces the selected (or longest) wall, Ctrl+6 the front and Ctrl+7 the side of the
    // storey; the kernel switches the camera to surface (5) on the same keys.
    if (ctrl && (n === 5 || n === 6 || n === 7)) {
      const choice: SurfaceChoice = n === 5 ? 'wall' : n === 6 ? 'front' : 'side';
      const again = choice !== surfaceChoice || n === 5;
      surfaceChoice = choice;
      if (view === 5 && again) place(5, true);
      return false;
    }
    // Ctrl+H hides the selection (again: shows it); with nothing selected it shows everything.
    if (ctrl && (e.code === 'KeyH' || e.key.toLowerCase() === 'h')) {
      const selection = selectedIds();
      if (selection.length === 0) hidden.clear();
      else if (selection.every((id) => hidden.has(id))) selection.forEach((id) => hidden.delete(id));
      else selection.forEach((id) => hidden.add(id));
      const changed = applyVisibility();
      refreshHighlight();
      return refreshGizmo() || changed;
    }
    return false;
  }

  function hover(e: PointerInput): void {
    if (isHover(e) || e.type === 'pointerleave') {
      const handle = e.type === 'pointerleave' || tween ? null : gizmo.hit(e.x, e.y, rig.active, viewport);
      if (gizmo.setHot(handle)) invalidate();
    }
    if (e.type === 'pointerleave') hoverAt = null;
    else if (isHover(e) && view !== 2) hoverAt = { x: e.x, y: e.y };
    else if (e.type === 'pointerdown') hoverAt = null;
    else return;
    if (hoverPending !== null) return;
    hoverPending = hoverScheduler.request(() => {
      hoverPending = null;
      const id = hoverAt && !tween ? (pickAt(hoverAt.x, hoverAt.y)?.id ?? null) : null;
      if (id === hovered) return;
      hovered = id;
      if (refreshHighlight()) invalidate();
    });
  }

  function pickAt(x: number, y: number): PickResult | null {
    if (!records || view === 2) return null;
    const ndc = new Vector2((x / viewport.width) * 2 - 1, -(y / viewport.height) * 2 + 1);
    rig.active.updateMatrixWorld();
    raycaster.setFromCamera(ndc, rig.active);
    const hit = picker.pick(raycaster);
    const id = hit ? recordIdOf(hit.object) : null;
    if (!hit || id === null) return null;
    const elevation = storeyElevation(records, storeyOf(records, id));
    return { id, point: { x: hit.point.x / MM, y: -hit.point.z / MM, z: hit.point.y / MM - elevation } };
  }

  function walk(at: number): boolean {
    if (held.size === 0 || !rig.walk || tween) {
      lastWalk = null;
      return false;
    }
    const dt = lastWalk === null ? 1000 / 60 : Math.min(at - lastWalk, MAX_STEP_MS);
    lastWalk = at;
    const seconds = dt / 1000;
    const has = (code: string) => held.has(code);
    const run = [...held.values()].some((k) => k.shift) ? RUN_FACTOR : 1;
    const cam = rig.perspective;
    const forward = rig.target.clone().sub(cam.position).setY(0);
    if (forward.lengthSq() < 1e-12) forward.set(0, 0, -1);
    forward.normalize();
    const right = new Vector3(-forward.z, 0, forward.x);
    const along = (has('KeyW') || has('ArrowUp') ? 1 : 0) - (has('KeyS') || has('ArrowDown') ? 1 : 0);
    const across = (has('KeyD') ? 1 : 0) - (has('KeyA') ? 1 : 0);
    const turn = (has('ArrowRight') ? 1 : 0) - (has('ArrowLeft') ? 1 : 0);
    const rise = (has('KeyE') ? 1 : 0) - (has('KeyQ') ? 1 : 0);

    if (turn !== 0) {
      const offset = rig.target.clone().sub(cam.position);
      offset.applyAxisAngle(new Vector3(0, 1, 0), -turn * TURN_SPEED * speed * seconds);
      rig.target.copy(cam.position).add(offset);
    }
    const step = forward.multiplyScalar(along).add(right.multiplyScalar(across));
    if (step.lengthSq() > 0) step.normalize().multiplyScalar(WALK_SPEED * run * speed * seconds);
    const to = cam.position.clone().add(step);
    to.y += rise * FLY_SPEED * speed * seconds;
    const reached = walkTo(cam.position, to);
    const move = reached.sub(cam.position);
    cam.position.add(move);
    rig.target.add(move);
    cam.lookAt(rig.target);
    cam.updateMatrixWorld();
    walked = true;
    return true;
  }

  const controller: ViewController = {
    rig,
    controls,
    lighting,
    highlighter,
    get camera() {
      return rig.active;
    },
    get view() {
      return view;
    },
    get showsPlan() {
      return view === 2 && !tween;
    },
    get animating() {
      return tween !== null || held.size > 0;
    },
    hidden,
    get ceilingsShown() {
      return ceilingsShown;
    },
    sync(diff, next, result, info = {}) {
      records = next;
      const touched = (type: string) =>
        Object.values(diff.added).some((r) => r.type === type) ||
        Object.values(diff.updated).some(([, r]) => r.type === type) ||
        Object.values(diff.removed).some((r) => r.type === type);
      if (touched('wall') || touched('opening') || touched('storey')) obstacles = null;
      for (const r of Object.values(diff.added)) if ((r.type === 'model' || r.type === 'cabinet') && r.hidden) hiddenPlaced.add(r.id);
      for (const [, r] of Object.values(diff.updated)) {
        if (r.type !== 'model' && r.type !== 'cabinet') continue;
        if (r.hidden) hiddenPlaced.add(r.id);
        else hiddenPlaced.delete(r.id);
      }
      for (const r of Object.values(diff.removed)) hiddenPlaced.delete(r.id);
      let frame = result.changed;
      if (result.changed) picker.invalidate();
      if (result.boundsChanged) lighting.fit(graph.bounds());
      if (touched('light') || touched('storey') || touched('view') || !placed) frame = lighting.syncLights(next, currentStoreyId(next)) || frame;

      const wanted = next.getOfType(VIEW_ID, 'view')?.cameraView ?? 0;
      if (info.load) {
        hidden.clear();
        surfaceChoice = 'wall';
        place(wanted, false);
        frame = true;
      } else if (!placed) {
        place(wanted, false);
      } else if (wanted !== view) {
        if (view === 5) surfaceChoice = 'wall';
        place(wanted, true);
      } else if (wanted === 5 && surfaceChoice === 'wall' && surfaceWall(next, currentStoreyId(next))?.id !== surfaceWallId) {
        place(5, true);
      } else if (wanted !== 0 && wanted !== 2 && currentStoreyId(next) !== placedStorey) {
        // Another storey: the views that frame one storey go to it (the bird eye shows them all).
        place(wanted, true);
      } else if (result.boundsChanged && !controls.userMoved && !walked && !tween) {
        // New content reframes a camera the user has not moved (their viewpoint wins over a room
        // that grew).
        place(wanted, false);
      }
      frame = applyVisibility() || frame;
      frame = refreshHighlight() || frame;
      frame = refreshGizmo() || frame;
      return frame;
    },
    input(event) {
      if (event.kind === 'key') return key(event);
      if (event.kind === 'pointer') hover(event);
      // Mid-switch the camera belongs to the animation.
      if (tween) return false;
      return controls.handle(event);
    },
    resize(width, height) {
      viewport = { width: Math.max(1, width), height: Math.max(1, height) };
      setAspect(rig, viewport.width / viewport.height);
      controls.setViewport(viewport.width, viewport.height);
      // Presets size themselves to the aspect; keep them framed while the user has not moved.
      if (placed && !controls.userMoved && !walked && !tween) applyPlacement(rig, placement(view));
    },
    beforeDraw(at) {
      // After this frame's camera moves, below: the gizmo keeps its size on screen.
      try {
        return advance(at);
      } finally {
        gizmo.fit(rig.active, viewport.height);
      }
    },
    materialsChanged() {
      refreshHighlight();
    },
    pick: pickAt,
    gizmo,
    gizmoHit(x, y) {
      if (tween || view === 2) return null;
      return gizmo.hit(x, y, rig.active, viewport);
    },
    floorPoint(x, y, level) {
      if (!records) return null;
      const storeyId = level.storeyId ?? currentStoreyId(records);
      const height = (storeyElevation(records, storeyId) + level.z) * MM;
      const ndc = new Vector2((x / viewport.width) * 2 - 1, -(y / viewport.height) * 2 + 1);
      rig.active.updateMatrixWorld();
      raycaster.setFromCamera(ndc, rig.active);
      const ray = raycaster.ray;
      // A ray grazing the plane would throw the point kilometres away: a miss.
      if (Math.abs(ray.direction.y) < 1e-3) return null;
      const hit = ray.intersectPlane(new Plane(new Vector3(0, 1, 0), -height), new Vector3());
      if (!hit || hit.distanceTo(ray.origin) > MAX_FLOOR_DISTANCE) return null;
      return { x: hit.x / MM, y: -hit.z / MM };
    },
    setOptions(next) {
      if (next.cameraSpeed !== undefined) speed = next.cameraSpeed / 100;
      if (next.dragResponse !== undefined) dragResponse = next.dragResponse;
      controls.configure({ turnFactor: speed * (dragResponse / DEFAULT_DRAG_RESPONSE), ...(next.mouseButtons ? { buttons: next.mouseButtons } : {}) });
      if (next.wallOpacity === undefined && next.groundOpacity === undefined) return false;
      transparency = { wall: next.wallOpacity ?? transparency.wall, ground: next.groundOpacity ?? transparency.ground };
      return graph.setTransparency(transparency.wall, transparency.ground);
    },
    get speed() {
      return speed;
    },
    birdEye(bounds, aspect) {
      return placeView(0, { bounds }, aspect).pose;
    },
    withoutHighlight() {
      const mode = graph.viewMode;
      highlightOff = true;
      refreshHighlight();
      refreshGizmo();
      if (mode !== 0) graph.setViewMode(0);
      return () => {
        highlightOff = false;
        if (mode !== 0) graph.setViewMode(mode);
        refreshHighlight();
        refreshGizmo();
      };
    },
    dispose() {
      if (hoverPending !== null) hoverScheduler.cancel(hoverPending);
      hoverPending = null;
      graph.scene.remove(lighting.group, highlighter.layer);
      gizmo.dispose();
      lighting.dispose();
      highlighter.dispose();
    },
  };

  function advance(at: number): boolean {
    if (tween) {
      const { pose, done } = tween.tween.at(at);
      if (done) {
        applyPlacement(rig, tween.placement);
        tween = null;
        // Hover was paused while the camera flew.
        if (hoverAt) hover({ kind: 'pointer', type: 'pointermove', x: hoverAt.x, y: hoverAt.y, button: -1, buttons: 0, pointerId: 0, pointerType: 'mouse', shiftKey: false, ctrlKey: false, altKey: false, metaKey: false });
        return held.size > 0;
      }
      applyPose(rig, pose);
      return true;
    }
    return walk(at);
  }

  return controller;
}
