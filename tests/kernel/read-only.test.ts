import { describe, expect, it } from 'vitest';
import { createPersistence } from '../../kernel-worker/persistence/persistence';
import { createKernelApi } from '../../kernel-worker/api';
import { TestKernel } from './test-kernel';
import { documentJson } from './persistence-kit';

// A viewer's kernel (shared scenes, /onlyShowScene): the scene loads, the camera moves, and no
// command, key or drag changes the document.

const CORNERS = [
  { x: -3000, y: -2500 },
  { x: 3000, y: -2500 },
  { x: 3000, y: 2500 },
  { x: -3000, y: 2500 },
];

/** A room drawn in a normal kernel, opened in a read-only one as a viewer opens a shared file. */
function sharedRoom() {
  const author = new TestKernel();
  author.exec('storey.add', {});
  const walls = CORNERS.map((start, i) => author.exec('wall.add', { start, end: CORNERS[(i + 1) % 4]! }).id);
  const file = createPersistence(author.kernel).save().json;
  const viewer = new TestKernel({ readOnly: true });
  createPersistence(viewer.kernel).load(file);
  viewer.exec('view.setCamera', { view: 2 });
  return { viewer, walls, file };
}

describe('read-only kernel', () => {
  it('loads the file it is given', () => {
    const { viewer, walls } = sharedRoom();
    expect(viewer.ofType('wall').map((w) => w.id).sort()).toEqual([...walls].sort());
    expect(viewer.ofType('room')).toHaveLength(1);
  });

  it('refuses every command that would change the document, and changes nothing', () => {
    const { viewer, walls } = sharedRoom();
    const before = documentJson(viewer.kernel);
    const patchesBefore = viewer.patches.length;
    const refusals = [
      viewer.fails('records.remove', { ids: [walls[0]!] }),
      viewer.fails('wall.add', { start: { x: 0, y: 0 }, end: { x: 1000, y: 0 } }),
      viewer.fails('wall.update', { id: walls[0]!, start: { x: -3500, y: -2500 } }),
      viewer.fails('batch', { commands: [{ name: 'view.setMode', args: { mode: 1 } }, { name: 'records.remove', args: { ids: [walls[1]!] } }] }),
    ];
    for (const e of refusals) expect(e.code).toBe('READ_ONLY');
    expect(documentJson(viewer.kernel)).toBe(before);
    // A refusal commits nothing, so the UI is sent nothing either (the batch's view change was rolled back too).
    expect(viewer.patches.length).toBe(patchesBefore);
    expect(viewer.snapshot.dirty).toBe(false);
  });

  it('still moves the camera and switches plan and 3D (session records only)', () => {
    const { viewer } = sharedRoom();
    viewer.exec('view.setCamera', { view: 0 });
    expect(viewer.get('view', 'view').cameraView).toBe(0);
    viewer.exec('view.setCamera', { view: 2 });
    expect(viewer.get('view', 'view').cameraView).toBe(2);
    const frame = viewer.kernel.planView().frame;
    viewer.wheel(400, 300, -240);
    expect(viewer.kernel.planView().frame.pxPerMm).toBeGreaterThan(frame.pxPerMm);
  });

  it('Delete, Ctrl+Z, Ctrl+Y, a wall drag and the wall tool change nothing', () => {
    const { viewer, walls } = sharedRoom();
    const before = documentJson(viewer.kernel);
    // Click a wall, press Delete, drag the wall: the select tool does not run in a viewer.
    viewer.clickPlan({ x: 0, y: -2500 });
    expect(viewer.snapshot.selection).toEqual([]);
    viewer.press('Delete');
    viewer.press('Backspace');
    viewer.dragPlan({ x: 0, y: -2500 }, { x: 0, y: -1500 });
    viewer.press('z', { ctrlKey: true });
    viewer.press('y', { ctrlKey: true });
    viewer.press('c', { ctrlKey: true });
    viewer.press('v', { ctrlKey: true });
    expect(viewer.undo()).toBe(false);
    expect(viewer.redo()).toBe(false);
    // Picking a drawing tool is allowed as a session change, but the tool never gets the pointer.
    viewer.exec('tool.set', { tool: 'wall' });
    viewer.clickPlan({ x: -1000, y: 0 });
    viewer.clickPlan({ x: 1000, y: 0 });
    viewer.press('Escape');
    expect(viewer.ofType('wall').map((w) => w.id).sort()).toEqual([...walls].sort());
    expect(documentJson(viewer.kernel)).toBe(before);
    viewer.expectMirrorInSync();
  });

  it('a left drag in the plan pans it instead of editing', () => {
    const { viewer } = sharedRoom();
    const before = viewer.kernel.planView().frame;
    viewer.dragPlan({ x: 0, y: -2500 }, { x: 1000, y: -2500 });
    const after = viewer.kernel.planView().frame;
    expect(after.centre).not.toEqual(before.centre);
  });

  it('init({ readOnly: true }) makes the worker API kernel read-only; other values are refused', async () => {
    const api = createKernelApi();
    await api.init(null, { width: 800, height: 600, dpr: 1, readOnly: true });
    // Even the starting room is a document change a viewer does not make.
    await expect(api.startScene()).rejects.toMatchObject({ code: 'READ_ONLY', command: 'scene.createDefaultRoom' });
    const loaded = await api.load(sharedRoom().file);
    expect(loaded).toBeTruthy();
    const writable = createKernelApi();
    await writable.init(null, { width: 800, height: 600, dpr: 1, readOnly: false });
    await expect(writable.startScene()).resolves.toBeUndefined();
    const bad = createKernelApi();
    await expect(bad.init(null, { width: 800, height: 600, dpr: 1, readOnly: 'yes' as unknown as boolean })).rejects.toMatchObject({ code: 'INVALID_ARGS' });
  });
});
