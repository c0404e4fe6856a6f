import { describe, expect, it } from 'vitest';
import { LineSegments, Mesh } from 'three';
import { WALL_COLORS, type OpeningKind, type SnapKind, type ToolPreview, type ToolRecord, type Vec2 } from '../../protocol/records';
import { diffAddingAll } from '../../kernel-worker/document/diff';
import { TOOL_ID } from '../../kernel-worker/document/session-records';
import { createStore, type RecordStore } from '../../kernel-worker/document/store';
import { pointInRing } from '../../kernel-worker/geometry/polygon';
import {
  drawPlan,
  PLAN_COLORS,
  readableAngle,
  labelPoint,
  type PlanDrawing,
  type PlanFill,
  type PlanLines,
} from '../../kernel-worker/render/plan-drawing';
import { createPlanView } from '../../kernel-worker/render/plan-layer';
import { createTextSprites } from '../../kernel-worker/render/text-sprites';
import { planFrameOf, planVisibleBounds } from '../../kernel-worker/tools/plan-view';
import { TestKernel } from './test-kernel';

// The 2D plan view: records -> drawing primitives (plan-drawing.ts), and those primitives as
// three objects under an orthographic camera that shows the tools' frame (plan-layer.ts).

const ZOOM = 0.1; // px per mm: the 6 m room is 600 px wide

function defaultRoom() {
  const k = new TestKernel();
  k.exec('scene.createDefaultRoom', {});
  const walls = k.ofType('wall');
  const wall = (side: string) => walls.find((w) => w.id.endsWith(`default-wall-${side}`))!;
  return { k, wall, room: k.ofType('room')[0]! };
}

const texts = (d: PlanDrawing, role: string) => d.texts.filter((t) => t.role === role);
const fillsOf = (d: PlanDrawing, role: string, id?: string) => d.fills.filter((f) => f.role === role && (id === undefined || f.id === id));
const linesOf = (d: PlanDrawing, role: string, id?: string) => d.lines.filter((l) => l.role === role && (id === undefined || l.id === id));
const points = (items: readonly (PlanFill | PlanLines)[]): Vec2[] => items.flatMap((i) => ('rings' in i ? i.rings.flat() : i.segments));
const dist = (a: Vec2, b: Vec2) => Math.hypot(a.x - b.x, a.y - b.y);

/** A store holding the kernel's records, to put session records (the tool's preview) directly. */
function storeOf(k: TestKernel): RecordStore {
  return createStore({ initial: k.kernel.records.all() });
}

function withPreview(store: RecordStore, preview: Partial<ToolPreview>, change: Partial<ToolRecord> = {}): void {
  const tool = store.getOfType(TOOL_ID, 'tool')!;
  store.transact((tx) => tx.put({ ...tool, ...change, preview: { segment: null, snap: null, typed: '', opening: null, ...preview } }));
}

describe('plan drawing of the default room', () => {
  it('draws four wall outlines, the room with its name and area, outer and inner dimensions', () => {
    const { k, room } = defaultRoom();
    const d = drawPlan(k.kernel.records, { pxPerMm: ZOOM });
    const walls = fillsOf(d, 'wall');
    expect(walls).toHaveLength(4);
    expect(new Set(walls.map((w) => w.id)).size).toBe(4);
    // Mitred corners: every wall polygon reaches the outer corners of the 6240 x 5240 box.
    for (const w of walls) expect(w.rings[0]!.some((p) => Math.abs(Math.abs(p.x - 3000) - 3120) < 1e-6 && Math.abs(Math.abs(p.y - 2500) - 2620) < 1e-6)).toBe(true);
    expect(fillsOf(d, 'room')).toHaveLength(1);
    expect(linesOf(d, 'wall-edge')).toHaveLength(4);

    expect(texts(d, 'room-area').map((t) => t.text)).toEqual(['27.42 m²']);
    expect(texts(d, 'room-name').map((t) => t.text)).toEqual(['未命名']);
    // In the middle of the room, the area under the name.
    const [name, area] = [texts(d, 'room-name')[0]!.at, texts(d, 'room-area')[0]!.at];
    expect([name.x, area.x]).toEqual([3000, 3000]);
    expect((name.y + area.y) / 2).toBeCloseTo(2500, 6);
    expect(name.y).toBeGreaterThan(area.y);

    expect(texts(d, 'dimension-outer').map((t) => t.text).sort()).toEqual(['5240', '5240', '6240', '6240']);
    expect(texts(d, 'dimension-inner').map((t) => t.text).sort()).toEqual(['4760', '4760', '5760', '5760']);
    // Outer dimensions sit outside the walls, inner ones inside the room.
    for (const t of texts(d, 'dimension-outer')) expect(t.at.x < -120 || t.at.x > 6120 || t.at.y < -120 || t.at.y > 5120).toBe(true);
    for (const t of texts(d, 'dimension-inner')) expect(pointInRing(t.at, room.outline)).toBe(true);
    // Never upside down: vertical dimensions read bottom to top.
    for (const t of d.texts) expect(t.angle > -Math.PI / 2 && t.angle <= Math.PI / 2 + 1e-9).toBe(true);
    expect(texts(d, 'dimension-outer').filter((t) => Math.abs(t.angle - Math.PI / 2) < 1e-9)).toHaveLength(2);
  });

  it('fills a coloured wall in its colour, and the selection still in the accent', () => {
    const { k, wall } = defaultRoom();
    const south = wall('south').id;
    k.exec('wall.update', { id: south, color: 'red' });
    const colours = () => new Map(fillsOf(drawPlan(k.kernel.records, { pxPerMm: ZOOM }), 'wall').map((f) => [f.id, f.color]));
    expect(colours().get(south)).toBe(WALL_COLORS.red);
    expect(colours().get(wall('north').id)).toBe(PLAN_COLORS.wall);
    k.exec('selection.set', { ids: [south] });
    expect(colours().get(south)).toBe(PLAN_COLORS.wallSelected);
  });

  it('names rooms by their own name, else by their type in the locale', () => {
    const { k, room } = defaultRoom();
    expect(texts(drawPlan(k.kernel.records, { pxPerMm: ZOOM, locale: 'en' }), 'room-name')[0]!.text).toBe('Unnamed');
    k.exec('room.update', { id: room.id, roomType: 2 });
    expect(texts(drawPlan(k.kernel.records, { pxPerMm: ZOOM }), 'room-name')[0]!.text).toBe('主卧');
    expect(texts(drawPlan(k.kernel.records, { pxPerMm: ZOOM, locale: 'en' }), 'room-name')[0]!.text).toBe('Master bedroom');
    k.exec('room.update', { id: room.id, name: '书房一' });
    expect(texts(drawPlan(k.kernel.records, { pxPerMm: ZOOM, locale: 'en' }), 'room-name')[0]!.text).toBe('书房一');
  });

  it('keeps labels at their screen size: zoomed far out, dimensions that no longer fit are left out', () => {
    const { k } = defaultRoom();
    const near = drawPlan(k.kernel.records, { pxPerMm: ZOOM });
    const far = drawPlan(k.kernel.records, { pxPerMm: 0.004 });
    expect(near.texts.every((t) => t.sizePx >= 12 && t.sizePx <= 13)).toBe(true);
    expect(texts(far, 'dimension-outer')).toHaveLength(0);
    // A room under 120 px across keeps its label but not its edges' numbers.
    const small = drawPlan(k.kernel.records, { pxPerMm: 100 / 4760 });
    expect(texts(small, 'dimension-inner')).toHaveLength(0);
    expect(texts(small, 'dimension-outer').length).toBeGreaterThan(0);
    expect(fillsOf(far, 'wall')).toHaveLength(4);
    // Offsets are screen pixels: twice the zoom, half the distance in mm.
    const offset = (d: PlanDrawing) => -Math.min(...texts(d, 'dimension-outer').map((t) => t.at.y));
    const twice = drawPlan(k.kernel.records, { pxPerMm: 2 * ZOOM });
    expect(offset(near) - 120).toBeCloseTo(2 * (offset(twice) - 120), 6);
  });
});

describe('plan drawing of openings', () => {
  function withOpening(kind: OpeningKind, extra: { flipSide?: boolean; flipHinge?: boolean } = {}) {
    const r = defaultRoom();
    const south = r.wall('south');
    const { id } = r.k.exec('opening.add', { wallId: south.id, kind, offset: 3000, ...extra });
    return { ...r, south, id, d: drawPlan(r.k.kernel.records, { pxPerMm: ZOOM }) };
  }

  it('breaks the wall at a door and draws its leaf and quarter-circle swing into the room', () => {
    const { d, south, id } = withOpening(1);
    expect(south.start).toEqual({ x: 0, y: 0 });
    expect(south.end).toEqual({ x: 6000, y: 0 });
    const pieces = fillsOf(d, 'wall', south.id);
    expect(pieces).toHaveLength(2);
    // Nothing of the wall between the jambs (800 wide at 3000).
    for (const p of points(pieces)) expect(p.x <= 2600 + 1e-6 || p.x >= 3400 - 1e-6).toBe(true);
    const arc = linesOf(d, 'door-arc', id);
    expect(arc).toHaveLength(1);
    // Hinged on the start-side jamb, on the wall's left (inside) face, radius = the door's width.
    const hinge = { x: 2600, y: 120 };
    const arcPoints = points(arc);
    for (const p of arcPoints) expect(dist(p, hinge)).toBeCloseTo(800, 6);
    expect(Math.min(...arcPoints.map((p) => p.y))).toBeCloseTo(120, 6);
    expect(Math.max(...arcPoints.map((p) => p.y))).toBeCloseTo(920, 6);
    expect(Math.max(...arcPoints.map((p) => p.x))).toBeCloseTo(3400, 6);
    expect(fillsOf(d, 'door-leaf', id)).toHaveLength(1);
    // Outside: the chain through the door's jambs, and beyond it the whole face.
    expect(texts(d, 'dimension-chain').filter((t) => t.id === south.id).map((t) => t.text)).toEqual(['2720', '800', '2720']);
    const total = texts(d, 'dimension-outer').filter((t) => t.id === south.id);
    expect(total.map((t) => t.text)).toEqual(['6240']);
    expect(total[0]!.at.y).toBeLessThan(Math.min(...texts(d, 'dimension-chain').map((t) => t.at.y)) - 16 / ZOOM);
    // Every outer face's total on the same, second tier: the facade's dimensions line up.
    const west = texts(d, 'dimension-outer').find((t) => t.angle > 1 && t.at.x < 0)!;
    expect(-120 - west.at.x).toBeCloseTo(-120 - total[0]!.at.y, 6);
  });

  it('keeps a chain whole where a link is too short for its number', () => {
    const r = defaultRoom();
    const south = r.wall('south');
    r.k.exec('opening.add', { wallId: south.id, kind: 1, offset: 530 });
    const d = drawPlan(r.k.kernel.records, { pxPerMm: ZOOM });
    // -120 .. 130 .. 930 .. 6120: the 250 mm pier is 25 px on screen, too short for "250".
    expect(texts(d, 'dimension-chain').filter((t) => t.id === south.id).map((t) => t.text)).toEqual(['800', '5190']);
    expect(linesOf(d, 'dimension-chain', south.id)).toHaveLength(3);
  });

  it('opens to the other side with flipSide and from the other jamb with flipHinge; double doors have two leaves', () => {
    const flipped = withOpening(1, { flipSide: true, flipHinge: true });
    const arc = points(linesOf(flipped.d, 'door-arc', flipped.id));
    for (const p of arc) expect(dist(p, { x: 3400, y: -120 })).toBeCloseTo(800, 6);
    expect(Math.min(...arc.map((p) => p.y))).toBeCloseTo(-920, 6);

    const double = withOpening(2);
    expect(fillsOf(double.d, 'door-leaf', double.id)).toHaveLength(2);
    const arcs = points(linesOf(double.d, 'door-arc', double.id));
    // Two 600 leaves of the 1200 door meeting at its middle.
    expect(arcs.filter((p) => Math.abs(dist(p, { x: 2400, y: 120 }) - 600) < 1e-6).length).toBeGreaterThan(4);
    expect(arcs.filter((p) => Math.abs(dist(p, { x: 3600, y: 120 }) - 600) < 1e-6).length).toBeGreaterThan(4);
  });

  it('draws a window as a white pane across the wall with glass lines, and a hole with dashed faces', () => {
    const { d, south, id } = withOpening(0);
    const pane = fillsOf(d, 'window', id);
    expect(pane).toHaveLength(1);
    const ys = pane[0]!.rings[0]!.map((p) => p.y);
    const xs = pane[0]!.rings[0]!.map((p) => p.x);
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([2400, 3600, -120, 120]);
    expect(pane[0]!.color).toBe(PLAN_COLORS.windowFill);
    const glass = points(linesOf(d, 'window', id)).filter((p) => Math.abs(Math.abs(p.y) - 40) < 1e-6);
    expect(glass).toHaveLength(4);
    expect(fillsOf(d, 'wall', south.id)).toHaveLength(2);

    const hole = withOpening(7);
    const dashes = linesOf(hole.d, 'hole', hole.id);
    expect(dashes).toHaveLength(1);
    expect(dashes[0]!.segments.length).toBeGreaterThan(8);
    expect(linesOf(hole.d, 'door-arc')).toHaveLength(0);
  });
});

describe('plan drawing of the tool, hover and selection', () => {
  it('shows the wall being drawn as a ghost with its length, and the snap marker of its kind', () => {
    const { k } = defaultRoom();
    const store = storeOf(k);
    const marks = (kind: SnapKind) => {
      withPreview(store, { segment: { start: { x: 0, y: 0 }, end: { x: 3000, y: -2000 } }, snap: { point: { x: 3000, y: -2000 }, kind } });
      return drawPlan(store, { pxPerMm: ZOOM });
    };
    const d = marks('endpoint');
    const ghost = fillsOf(d, 'preview-wall');
    expect(ghost).toHaveLength(1);
    // 240 thick around the centre line, as long as the segment.
    const ring = ghost[0]!.rings[0]!;
    expect(dist(ring[0]!, ring[3]!)).toBeCloseTo(240, 6);
    expect(dist(ring[0]!, ring[1]!)).toBeCloseTo(Math.hypot(3000, 2000), 6);
    const label = texts(d, 'preview-length');
    expect(label.map((t) => t.text)).toEqual([String(Math.round(Math.hypot(3000, 2000)))]);
    expect(label[0]!.angle).toBeCloseTo(readableAngle(3000, -2000), 9);
    expect(label[0]!.background).not.toBeNull();
    expect(linesOf(d, 'snap')[0]!.segments).toHaveLength(8); // a square
    expect(linesOf(marks('midpoint'), 'snap')[0]!.segments).toHaveLength(6); // a triangle
    expect(linesOf(marks('line'), 'snap')[0]!.segments).toHaveLength(4); // a cross
    const angle = marks('angle');
    expect(linesOf(angle, 'guide')).toHaveLength(1);
    for (const p of linesOf(angle, 'snap')[0]!.segments) expect(dist(p, { x: 3000, y: -2000 })).toBeCloseTo(6 / ZOOM, 6);

    withPreview(store, { segment: { start: { x: 0, y: 0 }, end: { x: 100, y: 0 } }, typed: '25' });
    expect(texts(drawPlan(store, { pxPerMm: ZOOM }), 'preview-length').map((t) => t.text)).toEqual(['25|']);
    withPreview(store, {});
    const idle = drawPlan(store, { pxPerMm: ZOOM });
    expect([fillsOf(idle, 'preview-wall'), linesOf(idle, 'snap'), texts(idle, 'preview-length')].map((x) => x.length)).toEqual([0, 0, 0]);
  });

  it('shows where a catalogue card dragged over the plan would land (previewDrop), and nothing once cleared', () => {
    const { k } = defaultRoom();
    k.exec('view.setCamera', { view: 2 });
    const steps = k.history.undoSteps;
    const sofa = { x: 2000, y: 900, z: 800 };
    // By the north wall (inner face y = 4880): flush, back to it.
    const at = k.toScreen({ x: 3000, y: 4500 });
    expect(k.kernel.previewDrop(at.x, at.y, { size: sofa, mount: 'floor' })?.ok).toBe(true);
    const ghost = fillsOf(drawPlan(k.kernel.records, { pxPerMm: ZOOM }), 'preview-model');
    expect(ghost).toHaveLength(1);
    const ys = ghost[0]!.rings[0]!.map((p) => p.y);
    expect(Math.max(...ys)).toBeCloseTo(4879, 3);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(900, 3);
    // Outside the room: no footprint.
    const out = k.toScreen({ x: 9000, y: 2500 });
    expect(k.kernel.previewDrop(out.x, out.y, { size: sofa, mount: 'floor' })).toEqual({ ok: false, reason: 'outside' });
    expect(fillsOf(drawPlan(k.kernel.records, { pxPerMm: ZOOM }), 'preview-model')).toHaveLength(0);
    k.kernel.previewDrop(at.x, at.y, { size: sofa, mount: 'floor' });
    expect(k.kernel.previewDrop(0, 0, null)).toBeNull();
    expect(fillsOf(drawPlan(k.kernel.records, { pxPerMm: ZOOM }), 'preview-model')).toHaveLength(0);
    expect(k.history.undoSteps).toBe(steps);
    expect(k.ofType('model')).toHaveLength(0);
    k.expectMirrorInSync();
  });

  it('draws a face-drawn wall beside the clicked line', () => {
    const { k } = defaultRoom();
    const store = storeOf(k);
    const tool = store.getOfType(TOOL_ID, 'tool')!;
    withPreview(store, { segment: { start: { x: 0, y: -1000 }, end: { x: 4000, y: -1000 } } }, { draw: { ...tool.draw, drawMode: 'inner' } });
    // Inner face of a counter-clockwise chain: the wall body lies to the right (south here).
    const ys = fillsOf(drawPlan(store, { pxPerMm: ZOOM }), 'preview-wall')[0]!.rings[0]!.map((p) => p.y);
    expect([Math.min(...ys), Math.max(...ys)].map((y) => Math.round(y))).toEqual([-1240, -1000]);
  });

  it('shows where the opening tool would place an opening, green when it fits and red when not', () => {
    const { k, wall } = defaultRoom();
    const store = storeOf(k);
    const south = wall('south');
    for (const ok of [true, false]) {
      withPreview(store, { opening: { wallId: south.id, offset: 1500, width: 900, ok } });
      const d = drawPlan(store, { pxPerMm: ZOOM });
      const region = fillsOf(d, 'preview-opening').filter((f) => f.opacity < 1);
      expect(region).toHaveLength(1);
      expect(region[0]!.color).toBe(ok ? PLAN_COLORS.ok : PLAN_COLORS.bad);
      const xs = region[0]!.rings[0]!.map((p) => p.x);
      expect([Math.min(...xs), Math.max(...xs)]).toEqual([1050, 1950]);
      // A preview is no record: the wall itself is not broken.
      expect(fillsOf(d, 'wall', south.id)).toHaveLength(1);
    }
  });

  it('highlights the hovered record lightly and the selection in the accent colour', () => {
    const { k, wall, room } = defaultRoom();
    const south = wall('south');
    const { id: door } = k.exec('opening.add', { wallId: south.id, kind: 1, offset: 3000 });
    const store = storeOf(k);
    const tool = store.getOfType(TOOL_ID, 'tool')!;
    store.transact((tx) => tx.put({ ...tool, hoverId: wall('east').id }));
    store.transact((tx) => tx.put({ id: 'selection', type: 'selection', ids: [south.id, room.id, door] }));
    const d = drawPlan(store, { pxPerMm: ZOOM });
    const colour = (id: string) => new Set(fillsOf(d, 'wall', id).map((f) => `${f.state}:${f.color}`));
    expect(colour(wall('east').id)).toEqual(new Set([`hover:${PLAN_COLORS.wallHover}`]));
    expect(colour(south.id)).toEqual(new Set([`selected:${PLAN_COLORS.wallSelected}`]));
    expect(colour(wall('north').id)).toEqual(new Set([`normal:${PLAN_COLORS.wall}`]));
    expect(fillsOf(d, 'room', room.id)[0]!.color).toBe(PLAN_COLORS.roomSelected);
    expect(fillsOf(d, 'room-outline', room.id)).toHaveLength(4);
    expect(linesOf(d, 'door-arc', door)[0]!.color).toBe(PLAN_COLORS.accent);
    expect(fillsOf(d, 'opening-highlight', door)).toHaveLength(1);
    const plain = drawPlan(k.kernel.records, { pxPerMm: ZOOM });
    expect(fillsOf(plain, 'room-outline')).toHaveLength(0);
    expect(linesOf(plain, 'door-arc', door)[0]!.color).toBe(PLAN_COLORS.arc);
  });

  it('shows the walls of lower storeys faded under the current one', () => {
    const { k } = defaultRoom();
    const { id: upper } = k.exec('storey.add', { name: '2F' });
    k.exec('view.setStorey', { storeyId: upper });
    k.exec('wall.add', { start: { x: 0, y: 0 }, end: { x: 3000, y: 0 } });
    const d = drawPlan(k.kernel.records, { pxPerMm: ZOOM });
    expect(fillsOf(d, 'lower-wall')).toHaveLength(4);
    expect(fillsOf(d, 'wall')).toHaveLength(1);
    expect(fillsOf(d, 'room')).toHaveLength(0);
    expect(Math.max(...fillsOf(d, 'lower-wall').map((f) => f.layer))).toBeLessThan(Math.min(...fillsOf(d, 'wall').map((f) => f.layer)));
    // A free-standing wall gets its length on one side.
    expect(texts(d, 'dimension-outer').map((t) => t.text)).toEqual(['3000']);
  });

  it('dimensions a room around an island along every wall face, but not along the keyhole bridge', () => {
    const k = new TestKernel();
    k.exec('storey.add', {});
    const box = (x0: number, y0: number, x1: number, y1: number) => [
      { start: { x: x0, y: y0 }, end: { x: x1, y: y0 } },
      { start: { x: x1, y: y0 }, end: { x: x1, y: y1 } },
      { start: { x: x1, y: y1 }, end: { x: x0, y: y1 } },
      { start: { x: x0, y: y1 }, end: { x: x0, y: y0 } },
    ];
    k.exec('plan.build', { walls: [...box(0, 0, 8000, 6000), ...box(3000, 2000, 5000, 4000)] });
    const rooms = k.ofType('room');
    // The room round the island has the keyhole ring (outline, bridge, island, bridge back).
    const outer = rooms.reduce((a, b) => (a.outline.length > b.outline.length ? a : b));
    expect(outer.outline.length).toBeGreaterThan(8);
    const d = drawPlan(k.kernel.records, { pxPerMm: ZOOM });
    const inner = texts(d, 'dimension-inner').filter((t) => t.id === outer.id).map((t) => t.text).sort();
    // 7760 x 5760 inside the outer walls, 2240 x 2240 round the island's outer faces.
    expect(inner).toEqual(['2240', '2240', '2240', '2240', '5760', '5760', '7760', '7760']);
    const area = texts(d, 'room-area').find((t) => t.id === outer.id)!;
    expect(area.text).toBe(`${((7760 * 5760 - 2240 * 2240) / 1e6).toFixed(2)} m²`);
    // Its label beside the island (2880..5120 x 1880..4120 with its walls), not on it.
    const at = labelPoint(outer.outline);
    expect(pointInRing(at, outer.outline)).toBe(true);
    expect(Math.max(2880 - at.x, at.x - 5120, 1880 - at.y, at.y - 4120)).toBeGreaterThan(1000);
    // The island's outside faces the room: no outer dimensions there.
    expect(texts(d, 'dimension-outer').map((t) => t.text).sort()).toEqual(['6240', '6240', '8240', '8240']);
  });

  it('puts a label inside a room whose centroid lies outside it', () => {
    const l = [
      { x: 0, y: 0 },
      { x: 6000, y: 0 },
      { x: 6000, y: 1000 },
      { x: 1000, y: 1000 },
      { x: 1000, y: 6000 },
      { x: 0, y: 6000 },
    ];
    expect(pointInRing(labelPoint(l), l)).toBe(true);
  });
});

describe('plan layer', () => {
  function planScene() {
    const { k, wall } = defaultRoom();
    const view = createPlanView({ sprites: null, width: 800, height: 600, dpr: 1 });
    const diffs: Parameters<typeof view.sync>[0][] = [];
    k.kernel.onCommit((diff) => diffs.push(diff));
    view.sync(diffAddingAll(k.kernel.records.all()), k.kernel.records);
    const step = () => view.sync(diffs.at(-1)!, k.kernel.records);
    return { k, wall, view, step };
  }

  it('draws nothing until the top view is chosen, then shows the tools’ frame with an orthographic camera', () => {
    const { k, view, step } = planScene();
    expect(view.active).toBe(false);
    expect(view.layer.stats().meshes).toBe(0);
    k.exec('view.setCamera', { view: 2 });
    expect(step()).toBe(true);
    expect(view.active).toBe(true);
    const stats = view.layer.stats();
    expect(stats.meshes).toBeGreaterThan(0);
    expect(stats.lineBatches).toBeGreaterThan(0);
    // A handful of merged meshes and line batches, not one per primitive.
    expect(stats.meshes + stats.lineBatches).toBeLessThan(20);
    const frame = planFrameOf(k.kernel.records, { width: 800, height: 600 });
    const b = planVisibleBounds(frame, { width: 800, height: 600 });
    const cam = view.layer.camera;
    expect(cam.position.x + cam.left).toBeCloseTo(b.minX, 6);
    expect(cam.position.x + cam.right).toBeCloseTo(b.maxX, 6);
    expect(cam.position.y + cam.bottom).toBeCloseTo(b.minY, 6);
    expect(cam.position.y + cam.top).toBeCloseTo(b.maxY, 6);
    // Fitted: the whole room is in view.
    expect(b.minX).toBeLessThan(-120);
    expect(b.maxY).toBeGreaterThan(5120);
  });

  it('pans by moving the camera only, and redraws only the preview on pointer moves', () => {
    const { k, view, step } = planScene();
    k.exec('view.setCamera', { view: 2 });
    step();
    const frame = view.frame;
    const baseObjects = () => view.layer.scene.children[1]!.children.slice();
    const before = baseObjects();
    k.exec('view.setPlan', { plan: { centre: { x: frame.centre.x + 500, y: frame.centre.y }, pxPerMm: frame.pxPerMm } });
    expect(step()).toBe(true);
    expect(view.layer.camera.position.x).toBeCloseTo(frame.centre.x + 500, 6);
    expect(baseObjects()).toEqual(before);

    k.exec('tool.set', { tool: 'wall' });
    step();
    const preview = () => view.layer.scene.children[2]!.children.length;
    const store = storeOf(k);
    withPreview(store, { segment: { start: { x: 0, y: 0 }, end: { x: 2000, y: 0 } }, snap: { point: { x: 2000, y: 0 }, kind: 'endpoint' } });
    const withBase = baseObjects();
    const tool = store.getOfType(TOOL_ID, 'tool')!;
    view.sync({ added: {}, updated: { [TOOL_ID]: [k.get(TOOL_ID, 'tool'), tool] }, removed: {} }, store);
    expect(preview()).toBeGreaterThan(0);
    expect(baseObjects()).toEqual(withBase);

    // A zoom redraws the base at the new scale.
    k.exec('view.setPlan', { plan: { centre: frame.centre, pxPerMm: frame.pxPerMm * 2 } });
    step();
    expect(baseObjects()).not.toEqual(withBase);
    expect(view.drawing!.pxPerMm).toBeCloseTo(frame.pxPerMm * 2, 12);
  });

  it('has no label sprites in Node, where there is no OffscreenCanvas', () => {
    expect(createTextSprites(1)).toBeNull();
    const { k, view, step } = planScene();
    k.exec('view.setCamera', { view: 2 });
    step();
    expect(view.layer.stats().labels).toBe(0);
    expect(view.drawing!.texts.length).toBeGreaterThan(0);
    const objects: (Mesh | LineSegments)[] = [];
    view.layer.scene.traverse((o) => {
      if (o instanceof Mesh || o instanceof LineSegments) objects.push(o);
    });
    expect(objects.every((o) => (o.material as { toneMapped: boolean }).toneMapped === false)).toBe(true);
  });
});
