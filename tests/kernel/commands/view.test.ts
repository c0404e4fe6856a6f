import { describe, expect, it } from 'vitest';
import { expectRefused, TestKernel } from '../test-kernel';

describe('view commands', () => {
  it('switch view mode, camera and material mode without touching the document or the history', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    tk.kernel.markSaved();
    const steps = tk.history.undoSteps;
    tk.exec('view.setMode', { mode: 3 });
    tk.exec('view.setCamera', { view: 5 });
    tk.exec('view.setMaterialMode', { on: true });
    expect(tk.snapshot).toMatchObject({ viewMode: 3, cameraView: 5, materialMode: true, dirty: false });
    expect(tk.history.undoSteps).toBe(steps);
    tk.expectMirrorInSync();
  });

  it('refuses bad values by field', () => {
    const tk = new TestKernel();
    expect(expectRefused(tk, 'view.setMaterialMode', { on: 1 as never }).detail).toBe('on: must be true or false, got 1');
    expect(expectRefused(tk, 'view.setCamera', { view: 6 as never }).detail).toBe('view: must be one of 0, 1, 2, 3, 4, 5, got 6');
  });
});
