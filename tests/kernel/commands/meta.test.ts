import { describe, expect, it } from 'vitest';
import { expectOneUndoStep, expectRefused, TestKernel } from '../test-kernel';

describe('meta.update', () => {
  it('creates the meta record on first use and fills the snapshot', () => {
    const tk = new TestKernel();
    expect(tk.ofType('meta')).toEqual([]);
    tk.exec('meta.update', { name: '王先生的家', style: '现代', roomType: 100, client: { name: '王先生', phone: '13800000000' } });
    expect(tk.ofType('meta')).toEqual([
      {
        id: 'meta',
        type: 'meta',
        name: '王先生的家',
        style: '现代',
        roomType: 100,
        isUseStackWall: 0,
        hasMeasuringSize: false,
        client: { name: '王先生', phone: '13800000000', id: '', address: '', order_number: '' },
      },
    ]);
    expect(tk.snapshot.meta).toMatchObject({ name: '王先生的家', roomType: 100, client: { phone: '13800000000' } });
    tk.expectMirrorInSync();
  });

  it('merges client fields into the current client info, undoably', () => {
    const tk = new TestKernel();
    tk.exec('meta.update', { client: { name: 'A', order_number: 'NO-1' } });
    expectOneUndoStep(tk, () => tk.exec('meta.update', { isUseStackWall: 1, hasMeasuringSize: true, client: { address: '上海' } }));
    expect(tk.get('meta', 'meta')).toMatchObject({
      isUseStackWall: 1,
      hasMeasuringSize: true,
      client: { name: 'A', order_number: 'NO-1', address: '上海', phone: '', id: '' },
    });
  });

  it('refuses bad fields by name', () => {
    const tk = new TestKernel();
    tk.exec('meta.update', { name: 'x' });
    expect(expectRefused(tk, 'meta.update', { isUseStackWall: 2 as never }).detail).toBe('isUseStackWall: must be one of 0, 1, got 2');
    expect(expectRefused(tk, 'meta.update', { roomType: -1 }).code).toBe('INVALID_ARGS');
    expect(expectRefused(tk, 'meta.update', { client: { email: 'a@b' } as never }).detail).toMatch(/^client\.email: is not a known field/);
    expect(expectRefused(tk, 'meta.update', { name: 'x'.repeat(201) }).detail).toBe('name: must be at most 200 characters long');
  });
});
