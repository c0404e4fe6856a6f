import { describe, expect, it } from 'vitest';
import { batchEntry } from '../../../protocol/commands';
import { expectOneUndoStep, expectRefused, TestKernel, withRoom } from '../test-kernel';

const chairAt = (x: number) =>
  batchEntry('model.add', { modelId: 'chair', position: { x, y: 0, z: 0 }, size: { x: 400, y: 400, z: 800 } });

describe('batch', () => {
  it('runs its commands in order as one undo step and returns their results', () => {
    const { tk } = withRoom();
    const steps = tk.history.undoSteps;
    let results: readonly unknown[] = [];
    expectOneUndoStep(tk, () => {
      results = tk.exec('batch', { commands: [chairAt(0), chairAt(500), batchEntry('meta.update', { name: '餐厅' }), chairAt(1000)] }).results;
    });
    expect(results).toEqual([{ id: 'model-7' }, { id: 'model-8' }, null, { id: 'model-9' }]);
    expect(tk.history.undoSteps).toBe(steps + 1);
    expect(tk.ofType('model')).toHaveLength(3);
  });

  it('rolls everything back when one command fails, naming the entry and keeping its code', () => {
    const { tk } = withRoom();
    const bad = expectRefused(tk, 'batch', {
      commands: [chairAt(0), chairAt(500), batchEntry('wall.update', { id: 'wall-404', height: 1 })],
    });
    expect(bad).toMatchObject({ code: 'COMMAND_FAILED', command: 'batch', detail: 'commands[2] (wall.update): no wall with id "wall-404"' });

    const invalid = expectRefused(tk, 'batch', { commands: [chairAt(0), batchEntry('view.setMode', { mode: 9 as never })] });
    expect(invalid).toMatchObject({ code: 'INVALID_ARGS', detail: 'commands[1] (view.setMode): mode: must be one of 0, 1, 2, 3, got 9' });

    const unknown = expectRefused(tk, 'batch', { commands: [chairAt(0), { name: 'wall.fly', args: {} } as never] });
    expect(unknown).toMatchObject({ code: 'UNKNOWN_COMMAND', detail: 'commands[1] (wall.fly): no command named "wall.fly"' });
    expect(tk.ofType('model')).toEqual([]);
    // The view change of a failed batch is rolled back too.
    expectRefused(tk, 'batch', { commands: [batchEntry('view.setMode', { mode: 2 }), batchEntry('storey.remove', { id: 'x' })] });
    expect(tk.snapshot.viewMode).toBe(0);
  });

  it('does not nest and checks its own shape', () => {
    const tk = new TestKernel();
    const nested = expectRefused(tk, 'batch', { commands: [{ name: 'batch', args: { commands: [] } } as never] });
    expect(nested).toMatchObject({ code: 'INVALID_ARGS', detail: 'commands[0].name: batches do not nest: put the commands in this batch' });
    expect(expectRefused(tk, 'batch', { commands: 'all' as never }).detail).toBe('commands: must be an array, got "all"');
  });

  it('is no undo step when all of its commands are session-only', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    const steps = tk.history.undoSteps;
    tk.exec('batch', { commands: [batchEntry('view.setMode', { mode: 1 }), batchEntry('view.setCamera', { view: 2 })] });
    expect(tk.history.undoSteps).toBe(steps);
    expect(tk.snapshot).toMatchObject({ viewMode: 1, cameraView: 2, canUndo: true });
    tk.exec('batch', { commands: [] });
    expect(tk.history.undoSteps).toBe(steps);
  });

  it('sees the writes of earlier entries (a storey, then walls on it)', () => {
    const tk = new TestKernel();
    tk.exec('batch', {
      commands: [
        batchEntry('storey.add', {}),
        batchEntry('wall.add', { start: { x: 0, y: 0 }, end: { x: 1000, y: 0 } }),
        batchEntry('wall.add', { start: { x: 1000, y: 0 }, end: { x: 1000, y: 1000 } }),
      ],
    });
    expect(tk.ofType('wall').map((w) => w.storeyId)).toEqual(['storey-1', 'storey-1']);
    expect(tk.undo()).toBe(true);
    expect(tk.document()).toEqual([]);
  });
});
