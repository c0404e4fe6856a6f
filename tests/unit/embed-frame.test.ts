import { afterEach, describe, expect, it } from 'vitest';
import { frameGrown, setFrameResizer, toggleFrameFullScreen } from '../../ui/embed/frame';

const win = { innerWidth: 900.4, innerHeight: 600, screen: { availWidth: 1920, availHeight: 1040 } } as Pick<Window, 'innerWidth' | 'innerHeight' | 'screen'>;

afterEach(() => setFrameResizer(null));

describe('embed frame resize', () => {
  it('does nothing without a host listening', () => {
    expect(toggleFrameFullScreen(win)).toBe(false);
    expect(frameGrown()).toBe(false);
  });

  it('asks the host for the screen, then for the size it had', () => {
    const asked: [number, number][] = [];
    setFrameResizer((w, h) => void asked.push([w, h]));
    expect(toggleFrameFullScreen(win)).toBe(true);
    expect(frameGrown()).toBe(true);
    expect(toggleFrameFullScreen(win)).toBe(true);
    expect(frameGrown()).toBe(false);
    expect(asked).toEqual([
      [1920, 1040],
      [900, 600],
    ]);
  });
});
