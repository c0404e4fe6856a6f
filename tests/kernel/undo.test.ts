import { describe, expect, it } from 'vitest';
import { registry } from '../../kernel-worker/commands/registry';
import { installMoveTool, MM_PER_PIXEL } from './fixtures/move-tool';
import { caught, TestKernel, withRoom } from './test-kernel';

// Undo and redo through the kernel: flags, material mode, gestures driven by input, keyboard.

const chair = { modelId: 'chair-1', position: { x: 1000, y: 1000, z: 0 }, size: { x: 500, y: 500, z: 900 } };

describe('undo and redo', () => {
  it('steps back and forth through commands, restoring the exact records', () => {
    const { tk } = withRoom();
    const states = [tk.documentJson()];
    const { id } = tk.exec('model.add', chair);
    states.push(tk.documentJson());
    tk.exec('model.update', { id, rotation: 1.5 });
    states.push(tk.documentJson());
    tk.exec('model.remove', { id });
    states.push(tk.documentJson());

    for (let i = states.length - 2; i >= 0; i--) {
      expect(tk.undo()).toBe(true);
      expect(tk.documentJson()).toBe(states[i]);
    }
    for (let i = 1; i < states.length; i++) {
      expect(tk.redo()).toBe(true);
      expect(tk.documentJson()).toBe(states[i]);
    }
    expect(tk.redo()).toBe(false);
    tk.expectMirrorInSync();
  });

  it('reports canUndo / canRedo in the snapshot and patches them', () => {
    const tk = new TestKernel();
    expect(tk.snapshot).toMatchObject({ canUndo: false, canRedo: false });
    expect(tk.undo()).toBe(false);
    tk.exec('storey.add', {});
    expect(tk.snapshot).toMatchObject({ canUndo: true, canRedo: false });
    tk.undo();
    expect(tk.snapshot).toMatchObject({ canUndo: false, canRedo: true });
    expect(tk.patches.at(-1)!.ops).toContainEqual({ op: 'set', path: ['canRedo'], value: true });
    tk.exec('storey.add', {});
    expect(tk.snapshot).toMatchObject({ canUndo: true, canRedo: false });
    tk.expectMirrorInSync();
  });

  it('leaves session changes out of the history', () => {
    const tk = new TestKernel();
    tk.exec('view.setMode', { mode: 2 });
    tk.exec('view.setCamera', { view: 2 });
    expect(tk.snapshot.canUndo).toBe(false);
    const { id } = tk.exec('storey.add', {});
    tk.exec('view.setMode', { mode: 1 });
    tk.undo();
    // The storey went, the view mode stayed; the current storey followed the document.
    expect(tk.snapshot).toMatchObject({ viewMode: 1, cameraView: 2, storeys: [] });
    tk.redo();
    expect(tk.snapshot.currentStoreyId).toBe(id);
  });

  it('prunes the selection of records an undo removes', () => {
    const { tk } = withRoom();
    const { id } = tk.exec('model.add', chair);
    tk.exec('selection.set', { ids: [id] });
    expect(tk.snapshot.selection).toEqual([id]);
    tk.undo();
    expect(tk.snapshot.selection).toEqual([]);
    tk.expectMirrorInSync();
  });

  it('leaves material mode first (core.md §4), and not when there is nothing to undo', () => {
    const tk = new TestKernel();
    tk.exec('view.setMaterialMode', { on: true });
    expect(tk.undo()).toBe(false);
    expect(tk.snapshot.materialMode).toBe(true);

    tk.exec('storey.add', {});
    tk.exec('view.setMaterialMode', { on: true });
    expect(tk.undo()).toBe(true);
    expect(tk.snapshot).toMatchObject({ materialMode: false, storeys: [] });
    tk.exec('view.setMaterialMode', { on: true });
    expect(tk.redo()).toBe(true);
    expect(tk.snapshot.materialMode).toBe(false);
    expect(tk.snapshot.storeys).toHaveLength(1);
  });

  it('keeps at least 200 steps', () => {
    const tk = new TestKernel();
    const { id } = tk.exec('storey.add', {});
    for (let i = 1; i <= 250; i++) tk.exec('storey.update', { id, elevation: i });
    let undone = 0;
    while (tk.undo()) undone++;
    expect(undone).toBeGreaterThanOrEqual(200);
  });

  it('forgets the past when a non-undoable transaction changes the document (a load)', () => {
    const { tk, storeyId } = withRoom();
    expect(tk.snapshot.canUndo).toBe(true);
    tk.kernel.transact('load', (tx) => tx.put({ ...tk.get(storeyId, 'storey'), name: 'loaded' }));
    expect(tk.snapshot).toMatchObject({ canUndo: false, canRedo: false });
    expect(tk.undo()).toBe(false);
    expect(tk.get(storeyId, 'storey').name).toBe('loaded');
  });

  it('clears on resetHistory and tracks dirty / changedSinceBackup through the persistence hooks', () => {
    const { tk } = withRoom();
    expect(tk.snapshot).toMatchObject({ dirty: true, changedSinceBackup: true });
    tk.kernel.markSaved();
    tk.kernel.setChangedSinceBackup(false);
    expect(tk.snapshot).toMatchObject({ dirty: false, changedSinceBackup: false });
    tk.undo();
    expect(tk.snapshot).toMatchObject({ dirty: true, changedSinceBackup: true });
    tk.kernel.resetHistory();
    expect(tk.snapshot).toMatchObject({ canUndo: false, canRedo: false });
    tk.expectMirrorInSync();
  });

  it('tells commit listeners about undo and redo, which are not new steps', () => {
    const tk = new TestKernel();
    const seen: [string, string][] = [];
    tk.kernel.onCommit((_diff, intent, source) => seen.push([source, intent]));
    tk.exec('storey.add', {});
    tk.undo();
    tk.redo();
    expect(seen).toEqual([
      ['storey.add', 'undoable'],
      ['history.undo', 'none'],
      ['history.redo', 'none'],
    ]);
    expect(tk.history).toMatchObject({ undoSteps: 1, redoSteps: 0 });
  });
});

describe('gestures', () => {
  function scene() {
    const { tk } = withRoom();
    const { id } = tk.exec('model.add', chair);
    installMoveTool(tk.kernel);
    // The chair sits at (1000, 1000) mm = (100, 100) px.
    return { tk, id };
  }

  it('makes a drag of many moves one undo step', () => {
    const { tk, id } = scene();
    const before = tk.documentJson();
    const steps = tk.history.undoSteps;
    tk.drag({ x: 100, y: 100 }, { x: 150, y: 120 }, 20);
    expect(tk.get(id, 'model').position).toEqual({ x: 1000 + 50 * MM_PER_PIXEL, y: 1000 + 20 * MM_PER_PIXEL, z: 0 });
    expect(tk.history.undoSteps).toBe(steps + 1);
    const after = tk.documentJson();
    tk.undo();
    expect(tk.documentJson()).toBe(before);
    tk.redo();
    expect(tk.documentJson()).toBe(after);
  });

  it('refuses undo and redo mid-gesture with GESTURE_IN_PROGRESS', () => {
    const { tk } = scene();
    tk.pointerDown(100, 100).pointerMove(110, 100);
    const e = caught(() => tk.undo());
    expect(e).toMatchObject({ code: 'GESTURE_IN_PROGRESS', command: 'undo' });
    expect(e.detail).toContain('"move-model"');
    expect(caught(() => tk.redo()).code).toBe('GESTURE_IN_PROGRESS');
    // Ctrl+Z mid-drag does nothing and breaks nothing.
    const moved = tk.documentJson();
    tk.press('z', { ctrlKey: true });
    expect(tk.documentJson()).toBe(moved);
    tk.pointerUp(110, 100);
    expect(tk.undo()).toBe(true);
  });

  it('bails on Escape: the model goes back and neither undo nor redo sees the drag', () => {
    const { tk, id } = scene();
    const before = tk.documentJson();
    const steps = tk.history.undoSteps;
    tk.pointerDown(100, 100).pointerMove(130, 100).pointerMove(160, 100);
    expect(tk.get(id, 'model').position.x).toBe(1600);
    tk.keyDown('Escape');
    expect(tk.documentJson()).toBe(before);
    expect(tk.history).toMatchObject({ undoSteps: steps, redoSteps: 0, marks: [] });
    // The pointer-up after Esc is no longer a drag.
    tk.pointerUp(160, 100);
    expect(tk.undo()).toBe(true);
    expect(tk.ofType('model')).toEqual([]);
    tk.expectMirrorInSync();
  });

  it('keeps redo steps through a bailed gesture that changed nothing', () => {
    const { tk } = scene();
    tk.exec('view.setMode', { mode: 1 });
    const { id } = tk.exec('light.add', { position: { x: 0, y: 0, z: 2000 } });
    tk.undo();
    tk.pointerDown(100, 100).keyDown('Escape');
    expect(tk.snapshot.canRedo).toBe(true);
    tk.redo();
    expect(tk.ofType('light').map((l) => l.id)).toEqual([id]);
  });
});

describe('keyboard', () => {
  it('undoes on Ctrl+Z and redoes on Ctrl+Y and Ctrl+Shift+Z (Cmd too)', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    tk.exec('storey.add', {});
    tk.press('z', { ctrlKey: true });
    expect(tk.snapshot.storeys).toHaveLength(1);
    tk.press('z', { metaKey: true });
    expect(tk.snapshot.storeys).toHaveLength(0);
    tk.press('y', { ctrlKey: true });
    expect(tk.snapshot.storeys).toHaveLength(1);
    tk.press('Z', { ctrlKey: true, shiftKey: true });
    expect(tk.snapshot.storeys).toHaveLength(2);
  });

  it('ignores the letters without Ctrl, with Alt, and on key up', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    tk.press('z');
    tk.press('z', { ctrlKey: true, altKey: true });
    tk.keyUp('z', { ctrlKey: true });
    expect(tk.snapshot.storeys).toHaveLength(1);
  });

  it('goes by the key for Latin layouts and by the key position otherwise', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    // AZERTY: the key labelled Z sits where QWERTY has W.
    tk.press('z', { ctrlKey: true, code: 'KeyW' });
    expect(tk.snapshot.storeys).toHaveLength(0);
    // A Cyrillic layout sends я on the KeyZ position.
    tk.press('y', { ctrlKey: true });
    tk.press('я', { ctrlKey: true, code: 'KeyZ' });
    expect(tk.snapshot.storeys).toHaveLength(0);
  });

  it('passes other keys on to the active input handler', () => {
    const tk = new TestKernel();
    const seen: string[] = [];
    tk.kernel.addInputHandler((e) => (e.kind === 'key' && seen.push(e.key), false));
    tk.press('z', { ctrlKey: true }).press('Delete');
    // The shortcut's keydown is the kernel's; its keyup and every other key go on.
    expect(seen).toEqual(['z', 'Delete', 'Delete']);
  });
});

describe('registry', () => {
  it('declares every command that writes document records undoable', () => {
    const sessionOnly = Object.entries(registry)
      .filter(([, def]) => def.history === 'none')
      .map(([name]) => name)
      .sort();
    expect(sessionOnly).toEqual(['batch', 'selection.set', 'tool.set', 'view.setCamera', 'view.setMaterialMode', 'view.setMode', 'view.setPlan', 'view.setStorey']);
  });
});
