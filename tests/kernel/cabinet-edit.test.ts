import { afterEach, describe, expect, it } from 'vitest';
import { Vector3 } from 'three';
import type { PriceListSnapshot } from '../../protocol/price-list';
import { DEFAULT_PRICE_LIST } from '../../protocol/price-list-default';
import { cabinetLabel } from '../../protocol/cabinets';
import type { CabinetRecord, Vec2 } from '../../protocol/records';
import { cabinetFootprint, cabinetParts } from '../../kernel-worker/geometry/cabinet-parts';
import { runEndOpen } from '../../kernel-worker/geometry/cabinet-run';
import { cabinetPiece, EDGE_SNAP_MM, snapCabinet, surfaceHeight, WALL_SNAP_MM } from '../../kernel-worker/geometry/furnish';
import { createQuoter } from '../../kernel-worker/quote/quote';
import { PASTE_OFFSET } from '../../kernel-worker/tools/manager';
import { CABINET_DEFAULTS, cabinetFields } from '../../kernel-worker/kinds/cabinet/record';
import { GIZMO_SCALE_PX } from '../../kernel-worker/render/gizmo';
import { fileKernel } from './persistence-kit';
import { attachNodeRenderer, settle, VIEWPORT, type NodeRenderer } from './render-kit';
import { expectOneUndoStep, TestKernel, withRoom } from './test-kernel';

// Cabinets edited like models (issue 14): snapping by their footprint (end panels included) to the
// wall behind and the neighbours at their height, plan and gizmo drags, the clipboard, Ctrl+H, end
// panels (parts, quote, runs) and the names of unnamed cabinets. withRoom's room is 4000 x 3000 on
// wall centre lines, 240 thick: the south wall's inner face is y 120, the west wall's x 120.

let kernels: TestKernel[] = [];
afterEach(() => {
  kernels.forEach((k) => k.dispose());
  kernels = [];
});

const SOUTH = { start: { x: 0, y: 0 }, end: { x: 4000, y: 0 }, thickness: 240 };
const OPTIONS = { wallSnap: WALL_SNAP_MM, edgeSnap: EDGE_SNAP_MM };

/** A base unit (600 x 560, 100 plinth, 720 carcass) at a plan point, fronts facing north (against the south wall). */
function base(x: number, y: number, extra: Partial<CabinetRecord> = {}): CabinetRecord {
  return { id: 'c', type: 'cabinet', storeyId: 's', name: '', position: { x, y, z: 0 }, rotation: Math.PI, ...cabinetFields('base', {}), ...extra };
}

function wallUnit(x: number, y: number): CabinetRecord {
  return { ...base(x, y), ...cabinetFields('wall', {}), position: { x, y, z: CABINET_DEFAULTS.wall.z } };
}

describe('cabinet snapping (pure)', () => {
  it('closes a run: a unit moved 40 mm short of its neighbour and 49 off the wall ends against both', () => {
    // The neighbour spans x 400..1000, y 121..681 (flush: 120 + 1 + 280 = 401).
    const a = cabinetPiece(base(700, 401));
    // Dropped at x 1340 (spans 1040..1640), y 450 (its back 170, 49 mm + the 1 mm gap off the face).
    expect(snapCabinet(base(0, 0), { x: 1340, y: 450 }, [SOUTH], [a], OPTIONS)).toEqual({ x: 1300, y: 401 });
    // Shift (no edge snapping): it stays 40 mm off its neighbour, the wall still pulls it flush.
    expect(snapCabinet(base(0, 0), { x: 1340, y: 450 }, [SOUTH], [a], { ...OPTIONS, edgeSnap: 0 })).toEqual({ x: 1340, y: 401 });
  });

  it('lines up with cabinets at its height only: a base unit ignores the wall unit above', () => {
    const above = cabinetPiece(wallUnit(700, 281));
    expect(snapCabinet(base(0, 0), { x: 1340, y: 401 }, [SOUTH], [above], OPTIONS)).toEqual({ x: 1340, y: 401 });
    const beside = cabinetPiece(wallUnit(700, 281));
    expect(snapCabinet(wallUnit(0, 0), { x: 1340, y: 281 }, [SOUTH], [beside], OPTIONS)).toEqual({ x: 1300, y: 281 });
  });

  it('counts an end panel in the footprint: the neighbour lines up with the panel, not the carcass', () => {
    // Facing north (rotation π) its left is east: an 18 mm panel on x 1000..1018.
    const panelled = base(700, 401, { endPanelLeft: true });
    const f = cabinetFootprint(panelled);
    expect(f.size).toEqual({ x: 618, y: 560 });
    expect(f.center.x).toBeCloseTo(709, 6);
    const at = snapCabinet(base(0, 0), { x: 1340, y: 401 }, [SOUTH], [cabinetPiece(panelled)], OPTIONS);
    expect(at.x).toBeCloseTo(1318, 6);
  });

  it('a surface piece over a base unit under a wall unit stands on the base unit', () => {
    const pieces = [cabinetPiece(base(700, 401)), cabinetPiece(wallUnit(700, 281))];
    // The base unit's top: 100 plinth + 720 carcass.
    expect(surfaceHeight(pieces, { x: 700, y: 300 })).toBe(820);
  });

  it('tells a run end against a wall from one in the open', () => {
    // The west wall's centre line is x 0: a point 120 + 30 from it is against it, one 151 away is not.
    const west = { start: { x: 0, y: 0 }, end: { x: 0, y: 3000 }, thickness: 240 };
    expect(runEndOpen({ x: 150, y: 400 }, [west])).toBe(false);
    expect(runEndOpen({ x: 151, y: 400 }, [west])).toBe(true);
  });
});

describe('end panels', () => {
  it('are a board in the fronts colour beside the carcass, from the floor to its top, from the back to the doors', () => {
    const c = base(700, 401, { endPanelLeft: true, endPanelRight: true, doorColor: 'O03' });
    const { parts, boxes } = cabinetParts(c);
    const panel = parts.find((p) => p.role === 'endPanel');
    // 560 deep + 18 door, 100 plinth + 720 carcass, one on each side.
    expect(panel).toEqual({ kind: 'board', name: '见光板', role: 'endPanel', thickness: 18, width: 578, height: 820, count: 2, textureDir: 'vertical', matCode: 'O03' });
    const outer = boxes.filter((b) => b.min[0] < -300 || b.max[0] > 300);
    expect(outer).toEqual([
      { min: [-318, -298, 0], max: [-300, 280, 820], look: 'front' },
      { min: [300, -298, 0], max: [318, 280, 820], look: 'front' },
    ]);
    expect(cabinetParts(base(0, 0)).parts.some((p) => p.role === 'endPanel')).toBe(false);
  });

  it('are quoted as a board line among the cabinet\'s parts, and the unnamed cabinet\'s line is named 地柜 600', () => {
    const { tk, wallIds } = withRoom();
    tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[0]!, along: 1000, endPanelRight: true });
    const snapshot: PriceListSnapshot = { version: 1, list: DEFAULT_PRICE_LIST };
    const q = createQuoter().quote(tk.kernel.records, snapshot);
    const line = q.priceData[0]!.groups.柜体![0]!;
    expect(line.name).toBe('地柜 600');
    const panel = line.children!.find((l) => l.name === '见光板')!;
    // 578 x 820 = 0.47396 m² -> 0.474 x 215 (18 mm particle board) = 101.91
    expect(panel).toMatchObject({ width: 578, depth: 18, height: 820, num: 1, qty: 0.474, price_hs: 215, sum: 101.91 });
    // Its hardware's remarks name it too.
    for (const group of Object.values(q.priceData[0]!.groups)) for (const l of group ?? []) expect(l.name).not.toBe('');
  });

  it('close a run end left in the open, not one against a wall, and keep out of the run\'s length', () => {
    const { tk, wallIds } = withRoom();
    // From the west wall's face (x 120, a corner) to x 2520, the middle of the south wall.
    const run = tk.exec('cabinet.fillRun', { cabinetKind: 'base', wallId: wallIds[0]!, start: { x: 120, y: 0 }, end: { x: 2520, y: 0 } });
    const units = run.ids.map((id) => tk.get(id, 'cabinet'));
    const first = units[0]!;
    const last = units[units.length - 1]!;
    expect(first.endPanelLeft ?? false).toBe(false);
    expect(first.endPanelRight ?? false).toBe(false);
    // Facing north, the run's east end is its units' left.
    expect(last.endPanelLeft).toBe(true);
    expect(units.slice(0, -1).every((c) => !c.endPanelLeft && !c.endPanelRight)).toBe(true);
    // 2400 less the 18 mm panel: 2382, of which 900 + 600 + 450 + 400 = 2350 in the fewest units,
    // and a 32 mm filler scribing to the west wall (x 120..152); the last unit 2102..2502, the
    // panel 2502..2520.
    expect(run.units).toEqual([900, 600, 450, 400]);
    expect(run.fillers).toEqual([32]);
    expect(first.cabinetKind).toBe('filler');
    near(first.position.x, 136);
    expect(last.width).toBe(400);
    near(last.position.x, 2302);
    near(first.position.x - first.width / 2, 120);
    // The panel's outer face at most at the run's end, the units side by side from the corner.
    const outer = last.position.x + last.width / 2 + 18;
    expect(outer).toBeLessThanOrEqual(2520 + 1e-6);
    expect(outer).toBeGreaterThan(2520 - 10);
    // endPanels: false leaves the run as it was before (2400: 900 + 900 + 600, no panel).
    const { tk: tk2, wallIds: w2 } = withRoom();
    const plain = tk2.exec('cabinet.fillRun', { cabinetKind: 'base', wallId: w2[0]!, start: { x: 120, y: 0 }, end: { x: 2520, y: 0 }, endPanels: false });
    expect(plain.units).toEqual([900, 900, 600]);
    expect(plain.ids.map((id) => tk2.get(id, 'cabinet')).some((c) => c.endPanelLeft || c.endPanelRight)).toBe(false);
  });

  it('and the hidden flag are kept by a file round trip, with no migration (optional fields of cabinet v1)', () => {
    const k = fileKernel();
    k.kernel.exec('storey.add', {});
    const { id } = k.kernel.exec('cabinet.add', { cabinetKind: 'base', position: { x: 0, y: 0, z: 0 }, endPanelLeft: true });
    k.kernel.exec('cabinet.update', { id, hidden: true });
    const saved = k.files.save().json;
    expect(JSON.parse(saved).schema).toMatchObject({ cabinet: 1 });
    const again = fileKernel();
    expect(again.files.load(saved).migrated).toBe(0);
    expect(again.kernel.records.get(id)).toMatchObject({ endPanelLeft: true, hidden: true });
    expect(again.files.save().json).toBe(saved);
  });

  it('are set and cleared by cabinet.update, one undo step each', () => {
    const { tk, wallIds } = withRoom();
    const { id } = tk.exec('cabinet.add', { cabinetKind: 'wall', wallId: wallIds[0]! });
    expectOneUndoStep(tk, () => tk.exec('cabinet.update', { id, endPanelLeft: true }));
    expect(tk.get(id, 'cabinet').endPanelLeft).toBe(true);
    expectOneUndoStep(tk, () => tk.exec('cabinet.update', { id, endPanelLeft: false }));
    expect(cabinetParts(tk.get(id, 'cabinet')).parts.some((p) => p.role === 'endPanel')).toBe(false);
  });
});

const near = (a: number, b: number) => expect(a).toBeCloseTo(b, 6);

describe('cabinet names', () => {
  it('an unnamed cabinet is its kind and width; a named one its name', () => {
    expect(cabinetLabel({ name: '', cabinetKind: 'wall', width: 800 })).toBe('吊柜 800');
    expect(cabinetLabel({ name: '  ', cabinetKind: 'base', width: 449.6 })).toBe('地柜 450');
    expect(cabinetLabel({ name: '水槽柜', cabinetKind: 'base', width: 800 })).toBe('水槽柜');
    expect(cabinetLabel({ name: '', cabinetKind: 'wardrobe', width: 1200 }, (k) => (k === 'wardrobe' ? 'Wardrobe' : k))).toBe('Wardrobe 1200');
  });
});

/** Two base units against the south wall in the plan view: A spans x 400..1000, B stands at x 2500. */
function twoUnits() {
  const { tk, wallIds } = withRoom();
  kernels.push(tk);
  const a = tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[0]!, along: 700 }).id;
  const b = tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[0]!, along: 2500 }).id;
  return { tk, a, b };
}

describe('cabinet drags and hotkeys in the kernel', () => {
  it('a plan drag ends flush against the neighbour, in one undo step; Shift drags freely', () => {
    const { tk, b } = twoUnits();
    tk.exec('view.setCamera', { view: 2 });
    const from = tk.get(b, 'cabinet').position;
    expect(from).toEqual({ x: 2500, y: 401, z: 0 });
    const before = tk.documentJson();
    const steps = tk.history.undoSteps;
    // The plan snaps within 10 px of a wall and 5 px of an edge: to x 1310 (its left side 10 mm
    // from A's right at 1000) and 10 mm off the wall.
    const mmPerPx = 1 / tk.kernel.planView().frame.pxPerMm;
    expect(mmPerPx).toBeGreaterThan(2);
    tk.dragPlan({ x: 2500, y: 401 }, { x: 1310, y: 411 });
    expect(tk.get(b, 'cabinet').position).toEqual({ x: 1300, y: 401, z: 0 });
    expect(tk.history.undoSteps).toBe(steps + 1);
    tk.undo();
    expect(tk.documentJson()).toBe(before);
    // With Shift held the sides are not lined up.
    const at = tk.toScreen({ x: 2500, y: 401 });
    const to = tk.toScreen({ x: 1310, y: 401 });
    tk.pointerDown(at.x, at.y).pointerMove((at.x + to.x) / 2, to.y, { shiftKey: true }).pointerMove(to.x, to.y, { shiftKey: true }).pointerUp(to.x, to.y, { shiftKey: true });
    expect(Math.abs(tk.get(b, 'cabinet').position.x - 1310)).toBeLessThanOrEqual(2);
    tk.expectMirrorInSync();
  });

  it('Ctrl+C / Ctrl+V copies a cabinet with all its fields, offset east, in one undo step, and selects the copy', () => {
    const { tk, a } = twoUnits();
    tk.exec('cabinet.update', { id: a, endPanelRight: true, doorType: 'drawers', drawers: 3, name: '' });
    tk.exec('selection.set', { ids: [a] });
    const before = tk.documentJson();
    const steps = tk.history.undoSteps;
    tk.press('c', { ctrlKey: true }).press('v', { ctrlKey: true });
    const copy = tk.ofType('cabinet').find((c) => c.id !== a && c.position.x !== 2500)!;
    const { id: _a, position: pa, ...fieldsA } = tk.get(a, 'cabinet');
    const { id: _c, position: pc, ...fieldsC } = copy;
    expect(fieldsC).toEqual(fieldsA);
    expect(pc).toEqual({ x: pa.x + PASTE_OFFSET, y: pa.y, z: pa.z });
    expect(tk.snapshot.selection).toEqual([copy.id]);
    expect(tk.history.undoSteps).toBe(steps + 1);
    tk.undo();
    expect(tk.documentJson()).toBe(before);
  });

  it('Ctrl+H hides a selected cabinet (not hit in the plan), again shows it; each an undo step', () => {
    const { tk, a } = twoUnits();
    tk.exec('view.setCamera', { view: 2 });
    tk.exec('selection.set', { ids: [a] });
    const steps = tk.history.undoSteps;
    tk.press('h', { ctrlKey: true });
    expect(tk.get(a, 'cabinet').hidden).toBe(true);
    expect(tk.history.undoSteps).toBe(steps + 1);
    tk.clickPlan({ x: 700, y: 401 });
    expect(tk.snapshot.selection).not.toContain(a);
    // Nothing selected: Ctrl+H shows every hidden piece again.
    tk.exec('selection.set', { ids: [] });
    tk.press('h', { ctrlKey: true });
    expect(tk.get(a, 'cabinet').hidden).toBe(false);
    tk.clickPlan({ x: 700, y: 401 });
    expect(tk.snapshot.selection).toEqual([a]);
    tk.expectMirrorInSync();
  });

  it('Delete removes a selected cabinet in one undo step', () => {
    const { tk, a } = twoUnits();
    tk.exec('selection.set', { ids: [a] });
    expectOneUndoStep(tk, () => tk.press('Delete'));
    tk.press('Delete');
    expect(tk.ofType('cabinet').map((c) => c.id)).not.toContain(a);
  });
});

function screenOf(r: NodeRenderer, p: Vec2, z = 0): { x: number; y: number } {
  const camera = r.views.camera;
  camera.updateMatrixWorld();
  const v = new Vector3(p.x / 1000, z / 1000, -p.y / 1000).project(camera);
  return { x: ((v.x + 1) / 2) * VIEWPORT.width, y: ((1 - v.y) / 2) * VIEWPORT.height };
}

describe('the gizmo on a cabinet', () => {
  it('sits on the selected cabinet; its centre drags it flush to its neighbour in one undo step', async () => {
    const { tk, a, b } = twoUnits();
    const r = await attachNodeRenderer(tk);
    tk.exec('selection.set', { ids: [b] });
    await settle();
    r.drawFrames();
    expect(r.views.gizmo.target).toBe(b);
    const before = tk.documentJson();
    const steps = tk.history.undoSteps;
    tk.drag(screenOf(r, { x: 2500, y: 401 }), screenOf(r, { x: 1340, y: 430 }), 8);
    expect(tk.get(b, 'cabinet').position).toEqual({ x: 1300, y: 401, z: 0 });
    expect(tk.history.undoSteps).toBe(steps + 1);
    tk.undo();
    expect(tk.documentJson()).toBe(before);
    expect(tk.get(a, 'cabinet').position.x).toBe(700);
  });

  it('its cube sets the width in 10 mm steps within the kind\'s limits, a width the doors refuse told; hidden, no gizmo', async () => {
    const { tk, b } = twoUnits();
    const r = await attachNodeRenderer(tk);
    tk.exec('selection.set', { ids: [b] });
    await settle();
    r.drawFrames();
    const g = r.views.gizmo.group;
    g.updateMatrixWorld();
    const cube = g.localToWorld(new Vector3(GIZMO_SCALE_PX, 0, -GIZMO_SCALE_PX)).project(r.views.camera);
    const from = { x: ((cube.x + 1) / 2) * VIEWPORT.width, y: ((1 - cube.y) / 2) * VIEWPORT.height };
    const centre = screenOf(r, { x: 2500, y: 401 });
    // Pulled out to half as far again from the centre: about 1.5 x 600.
    const to = { x: centre.x + (from.x - centre.x) * 1.5, y: centre.y + (from.y - centre.y) * 1.5 };
    const steps = tk.history.undoSteps;
    tk.drag(from, to, 6);
    const w = tk.get(b, 'cabinet').width;
    expect(w % 10).toBe(0);
    expect(w).toBeGreaterThan(800);
    expect(w).toBeLessThan(1000);
    expect(tk.history.undoSteps).toBe(steps + 1);
    // Squeezed towards the centre it stops at the base unit's least width, 150.
    await settle();
    r.drawFrames();
    g.updateMatrixWorld();
    const cube2 = g.localToWorld(new Vector3(GIZMO_SCALE_PX, 0, -GIZMO_SCALE_PX)).project(r.views.camera);
    const from2 = { x: ((cube2.x + 1) / 2) * VIEWPORT.width, y: ((1 - cube2.y) / 2) * VIEWPORT.height };
    tk.drag(from2, { x: centre.x + (from2.x - centre.x) * 0.02, y: centre.y + (from2.y - centre.y) * 0.02 }, 6);
    expect(tk.get(b, 'cabinet').width).toBe(150);
    expect(tk.snapshot.tool.refused).toBeUndefined();
    // Double doors need 500 mm: squeezed below, the cabinet keeps the last width it took and the
    // refusal is in the tool summary for the UI to tell (once for the gesture).
    tk.exec('cabinet.update', { id: b, width: 600, doorType: 'double' });
    await settle();
    r.drawFrames();
    g.updateMatrixWorld();
    const cube3 = g.localToWorld(new Vector3(GIZMO_SCALE_PX, 0, -GIZMO_SCALE_PX)).project(r.views.camera);
    const from3 = { x: ((cube3.x + 1) / 2) * VIEWPORT.width, y: ((1 - cube3.y) / 2) * VIEWPORT.height };
    tk.drag(from3, { x: centre.x + (from3.x - centre.x) * 0.02, y: centre.y + (from3.y - centre.y) * 0.02 }, 6);
    expect(tk.get(b, 'cabinet').width).toBeGreaterThanOrEqual(500);
    expect(tk.get(b, 'cabinet').width).toBeLessThan(600);
    expect(tk.snapshot.tool.refused?.reason).toBe('CABINET_DOORS');
    tk.press('h', { ctrlKey: true });
    await settle();
    r.drawFrames();
    expect(r.views.gizmo.target).toBeNull();
  });
});
