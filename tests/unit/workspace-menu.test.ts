import { beforeEach, describe, expect, it } from 'vitest';
import { backMenu, enterMenu, menuState, resetMenu } from '../../ui/workspace/menu';

describe('workspace main menu (catalogues.md §2 navigation rules)', () => {
  beforeEach(resetMenu);

  it('starts on HouseType with an empty stack', () => {
    expect(menuState).toMatchObject({ current: 'HouseType', stack: [], catchMenu: null });
  });

  it('entering pushes, going back pops, an empty stack falls back to HouseType', () => {
    enterMenu('ModelRoom');
    expect(menuState.current).toBe('ModelRoom');
    expect(menuState.stack).toEqual(['ModelRoom']);
    enterMenu('HouseType');
    expect(menuState.stack).toEqual(['ModelRoom', 'HouseType']);
    backMenu();
    expect(menuState.current).toBe('ModelRoom');
    backMenu();
    expect(menuState.current).toBe('HouseType');
    expect(menuState.stack).toEqual([]);
    backMenu();
    expect(menuState.current).toBe('HouseType');
  });

  it('remembers the menu active before the last switch as catchMenu', () => {
    enterMenu('ModelRoom');
    expect(menuState.catchMenu).toBe('HouseType');
    backMenu();
    expect(menuState.catchMenu).toBe('ModelRoom');
  });

  it('entering the menu on show adds no stack entry', () => {
    enterMenu('ModelRoom');
    enterMenu('ModelRoom');
    expect(menuState.stack).toEqual(['ModelRoom']);
    backMenu();
    expect(menuState.current).toBe('HouseType');
  });
});
