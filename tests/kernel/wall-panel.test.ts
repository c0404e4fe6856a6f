import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Box3, Mesh, type MeshStandardMaterial } from 'three';
import { WALL_COLORS, type WallPanelRecord } from '../../protocol/records';
import { diffAddingAll } from '../../kernel-worker/document/diff';
import { wallPanelRecordKind } from '../../kernel-worker/kinds/wallPanel/record';
import { createSceneGraph, meshesOf, type SceneGraph } from '../../kernel-worker/render/scene-graph';
import { drawPlan, type PlanDrawing } from '../../kernel-worker/render/plan-drawing';
import { planToWorld } from '../../kernel-worker/render/coords';
import { fileKernel } from './persistence-kit';
import { attachNodeRenderer, VIEWPORT } from './render-kit';
import { expectOneUndoStep, expectRefused, TestKernel, withRoom } from './test-kernel';

// The wall panel (wainscoting), the record type kernel-worker/README.md walks through: its
// command, its reference to its wall, its 3D boards following the wall, its strip in the plan,
// files and the UI mirror. withRoom's walls run counter-clockwise, so each wall's left face is
// the room's side; the south wall's inner face runs from x 120 to 3880 at y 120.

const ZOOM = 0.1;

function panelled(face: 'left' | 'right' = 'left', extra: Partial<WallPanelRecord> = {}) {
  const room = withRoom();
  const south = room.wallIds[0]!;
  const { id } = room.tk.exec('wallPanel.add', { wallId: south, face, ...extra });
  return { ...room, south, panelId: id, panel: () => room.tk.get(id, 'wallPanel') };
}

let graphs: SceneGraph[] = [];
afterEach(() => {
  graphs.forEach((g) => g.dispose());
  graphs = [];
});

function withGraph(tk: TestKernel): SceneGraph {
  const graph = createSceneGraph();
  graphs.push(graph);
  tk.kernel.onCommit((d) => graph.sync(d, tk.kernel.records));
  graph.sync(diffAddingAll(tk.kernel.records.all()), tk.kernel.records);
  return graph;
}

/** The world box (metres) of the record's drawn surfaces. */
function boxOf(graph: SceneGraph, id: string): Box3 {
  const box = new Box3();
  for (const mesh of meshesOf(graph.objectFor(id)!)) {
    mesh.geometry.computeBoundingBox();
    box.union(mesh.geometry.boundingBox!);
  }
  return box;
}

const panelFills = (d: PlanDrawing, id: string) => d.fills.filter((f) => f.role === 'wallPanel' && f.id === id);

describe('wallPanel commands', () => {
  it('add a panel with the kind\'s defaults on the given face', () => {
    const { panel, south } = panelled();
    expect(panel()).toEqual({ id: panel().id, type: 'wallPanel', wallId: south, face: 'left', ...wallPanelRecordKind.defaults });
    expect(panel()).not.toHaveProperty('start');
  });

  it('go on the face looking into a room when not told which', () => {
    const { tk, wallIds } = withRoom();
    // withRoom's walls run counter-clockwise (room on their left); a wall drawn the other way has it on its right.
    tk.exec('wall.remove', { id: wallIds[0]! });
    const { id: reversed } = tk.exec('wall.add', { start: { x: 4000, y: 0 }, end: { x: 0, y: 0 } });
    expect(tk.ofType('room')).toHaveLength(1);
    const faceOf = (wallId: string) => tk.get(tk.exec('wallPanel.add', { wallId }).id, 'wallPanel').face;
    expect(faceOf(wallIds[1]!)).toBe('left');
    expect(faceOf(reversed)).toBe('right');
    const { id: alone } = tk.exec('wall.add', { start: { x: 10000, y: 0 }, end: { x: 12000, y: 0 } });
    expect(faceOf(alone)).toBe('left');
  });

  it('is one undo step to add, update or remove, the mirror following', () => {
    const { tk, south, panelId } = panelled();
    expectOneUndoStep(tk, () => tk.exec('wallPanel.add', { wallId: south, face: 'right', top: 900, start: 500, end: 1500, color: 'white', style: 'framed' }));
    expectOneUndoStep(tk, () => tk.exec('wallPanel.update', { id: panelId, top: 2400, color: 'grey' }));
    expectOneUndoStep(tk, () => tk.exec('wallPanel.remove', { id: panelId }));
  });

  it('refuse a missing wall, an unknown face, a top not above the bottom and an end before the start', () => {
    const { tk, south, panelId } = panelled();
    expect(expectRefused(tk, 'wallPanel.add', { wallId: 'nope', face: 'left' }).code).toBe('COMMAND_FAILED');
    expect(expectRefused(tk, 'wallPanel.add', { wallId: south, face: 'floor' as 'left' }).code).toBe('INVALID_ARGS');
    expect(expectRefused(tk, 'wallPanel.add', { wallId: south, face: 'left', bottom: 1200, top: 1200 }).detail).toMatch(/top: must be above bottom/);
    expect(expectRefused(tk, 'wallPanel.update', { id: panelId, start: 2000, end: 1000 }).detail).toMatch(/end: must be past start/);
  });

  it('go with their wall: removing the wall removes its panels, undo brings both back', () => {
    const { tk, south, panelId } = panelled();
    expectOneUndoStep(tk, () => tk.exec('wall.remove', { id: south }));
    expect(tk.kernel.records.get(panelId)).toBeUndefined();
    tk.undo();
    expect(tk.get(panelId, 'wallPanel').wallId).toBe(south);
    tk.expectMirrorInSync();
  });

  it('count in the snapshot and show their fields when selected, in the room they face', () => {
    const { tk, panelId, roomId } = panelled();
    tk.exec('selection.set', { ids: [panelId] });
    expect(tk.snapshot.counts.wallPanel).toBe(1);
    const { type: _type, ...fields } = tk.get(panelId, 'wallPanel');
    expect(tk.snapshot.selected).toEqual({ kind: 'wallPanel', ...fields });
    tk.exec('wallPanel.update', { id: panelId, top: 900, style: 'framed' });
    expect(tk.snapshot.selected).toMatchObject({ kind: 'wallPanel', top: 900, style: 'framed' });
    expect(tk.snapshot.currentRoom?.id ?? null).toBe(roomId);
    tk.expectMirrorInSync();
    tk.exec('records.remove', { ids: [panelId] });
    expect(tk.snapshot.counts.wallPanel).toBe(0);
    tk.expectMirrorInSync();
  });
});

describe('wallPanel in 3D', () => {
  it('stands on the face it covers, from its bottom to its top, its thickness proud of the wall', () => {
    const { tk, panelId } = panelled();
    const graph = withGraph(tk);
    const box = boxOf(graph, panelId);
    // World metres: plan y north is -z; the face is at y 120, the board reaches y 138.
    expect(box.min.x).toBeCloseTo(0.12);
    expect(box.max.x).toBeCloseTo(3.88);
    expect(box.min.y).toBeCloseTo(0);
    expect(box.max.y).toBeCloseTo(1.2);
    expect(-box.max.z).toBeCloseTo(0.12);
    expect(-box.min.z).toBeCloseTo(0.138);
    const mesh = meshesOf(graph.objectFor(panelId)!)[0] as Mesh;
    expect((mesh.material as MeshStandardMaterial).color.getHex()).toBe(WALL_COLORS.brown);
  });

  it('covers the right face on the other side, and framed adds rails and stiles in front of the board', () => {
    const { tk, panelId } = panelled('right', { style: 'framed' });
    const graph = withGraph(tk);
    const box = boxOf(graph, panelId);
    expect(-box.min.z).toBeCloseTo(-0.12);
    // the board and a 10 mm frame: 28 mm south of the outer face
    expect(-box.max.z).toBeCloseTo(-0.148);
    const flat = panelled('right');
    const flatGraph = withGraph(flat.tk);
    const count = (g: SceneGraph, id: string) => meshesOf(g.objectFor(id)!).reduce((n, m) => n + m.geometry.getAttribute('position').count, 0);
    expect(count(graph, panelId)).toBeGreaterThan(3 * count(flatGraph, flat.panelId));
  });

  it('is rebuilt when its wall moves, when a wall meeting it changes its face and around a door; untouched otherwise', () => {
    const { tk, south, panelId, wallIds } = panelled();
    const graph = withGraph(tk);
    tk.exec('wall.move', { id: south, by: { x: 0, y: -500 } });
    expect(graph.lastSync.rebuilt.has(panelId)).toBe(true);
    expect(-boxOf(graph, panelId).max.z).toBeCloseTo(-0.38);
    // The east wall thickens: the south wall's inner face now ends at 3800, though its record is the same.
    tk.exec('wall.update', { id: wallIds[1]!, thickness: 400 });
    expect(graph.lastSync.rebuilt.has(panelId)).toBe(true);
    expect(boxOf(graph, panelId).max.x).toBeCloseTo(3.8);
    // A change elsewhere leaves it as it is.
    const mesh = meshesOf(graph.objectFor(panelId)!)[0];
    tk.exec('wall.update', { id: wallIds[2]!, height: 3000 });
    expect(graph.lastSync.rebuilt.has(panelId)).toBe(false);
    expect(meshesOf(graph.objectFor(panelId)!)[0]).toBe(mesh);
    // A door cuts through it: two boards either side.
    tk.exec('opening.add', { wallId: south, kind: 1, offset: 2000, width: 900 });
    expect(graph.lastSync.rebuilt.has(panelId)).toBe(true);
    expect(boxOf(graph, panelId).max.x).toBeCloseTo(3.8);
  });

  it('is picked in the 3D view, and deleted as the selection', async () => {
    const k = new TestKernel();
    k.exec('scene.createDefaultRoom', {});
    const south = k.ofType('wall').find((w) => w.id.endsWith('south'))!;
    // The default room runs counter-clockwise: the south wall's right face is its outer one (y -120), which the bird eye sees.
    const { id } = k.exec('wallPanel.add', { wallId: south.id, face: 'right' });
    const r = await attachNodeRenderer(k);
    r.drawFrames();
    const camera = r.views.camera;
    camera.updateMatrixWorld();
    const v = planToWorld({ x: 3000, y: -130 }, 600).project(camera);
    const hit = r.views.pick(((v.x + 1) / 2) * VIEWPORT.width, ((1 - v.y) / 2) * VIEWPORT.height);
    expect(hit?.id).toBe(id);
    expect(hit!.point.y).toBeCloseTo(-138, 0);
    k.exec('selection.set', { ids: [hit!.id] });
    k.keyDown('Delete');
    expect(k.kernel.records.get(id)).toBeUndefined();
    expect(k.get(south.id, 'wall')).toBeDefined();
    k.dispose();
  });

  it('is dropped with its wall', () => {
    const { tk, south, panelId } = panelled();
    const graph = withGraph(tk);
    tk.exec('wall.remove', { id: south });
    expect(graph.objectFor(panelId)).toBeUndefined();
  });
});

describe('wallPanel in the plan', () => {
  it('is a strip of its thickness along its face, in its colour, broken at a door', () => {
    const { tk, panelId, south } = panelled('left', { color: 'white' });
    const [strip, ...more] = panelFills(drawPlan(tk.kernel.records, { pxPerMm: ZOOM }), panelId);
    expect(more).toEqual([]);
    expect(strip!.color).toBe(WALL_COLORS.white);
    const xs = strip!.rings[0]!.map((p) => p.x);
    const ys = strip!.rings[0]!.map((p) => p.y);
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)].map((v) => Math.round(v))).toEqual([120, 3880, 120, 138]);
    tk.exec('opening.add', { wallId: south, kind: 1, offset: 2000, width: 900 });
    const broken = panelFills(drawPlan(tk.kernel.records, { pxPerMm: ZOOM }), panelId);
    expect(broken.map((f) => Math.round(Math.max(...f.rings[0]!.map((p) => p.x))))).toEqual([1550, 3880]);
    tk.exec('selection.set', { ids: [panelId] });
    expect(panelFills(drawPlan(tk.kernel.records, { pxPerMm: ZOOM }), panelId).every((f) => f.state === 'selected')).toBe(true);
  });
});

describe('wallPanel in files', () => {
  it('saves and loads to the same records and bytes', () => {
    const a = fileKernel();
    const { id: storeyId } = a.kernel.exec('storey.add', {});
    const { id: wallId } = a.kernel.exec('wall.add', { storeyId, start: { x: 0, y: 0 }, end: { x: 3000, y: 0 } });
    a.kernel.exec('wallPanel.add', { wallId, face: 'right', start: 200, end: 2800, style: 'framed', color: 'ivory' });
    const saved = a.files.save().json;
    expect(JSON.parse(saved).schema).toMatchObject({ wallPanel: 1 });
    const b = fileKernel();
    expect(b.files.load(saved).migrated).toBe(0);
    expect(b.kernel.records.ofType('wallPanel')).toEqual(a.kernel.records.ofType('wallPanel'));
    expect(b.files.save().json).toBe(saved);
  });

  // The starting point of the type's first migration: a scene written at wallPanel v1 (see
  // fixtures/scenes/current/README.md).
  it('loads the v1 fixture scene', () => {
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/scenes/current');
    const text = fs.readFileSync(path.join(dir, 'wallPanel-v1.json'), 'utf8');
    expect(JSON.parse(text).schema.wallPanel).toBe(1);
    const k = fileKernel();
    k.files.load(text);
    expect(k.kernel.records.ofType('wallPanel').map((p) => [p.id, p.wallId, p.face, p.style])).toEqual([
      ['panel-hall', 'wall-south', 'left', 'framed'],
      ['panel-stretch', 'wall-south', 'right', 'flat'],
    ]);
  });
});
