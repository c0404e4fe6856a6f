import { proxy } from 'valtio';

// The workspace's main menu (catalogues.md §2): which view the side panel shows. Entering a menu
// pushes it on a history stack, going back pops it, and an empty stack falls back to HouseType;
// the menu that was active before the last switch is kept as catchMenu.

/** The main-menu views built so far, in the rail's order (catalogues.md §2 names the rest). */
export const MAIN_MENU_VIEWS = ['HouseType', 'TileWorkPlan', 'Product', 'Customized', 'ModelRoom'] as const;
export type MenuView = (typeof MAIN_MENU_VIEWS)[number];

export const HOME_MENU: MenuView = 'HouseType';

export interface MenuState {
  /** the view on show: the top of the stack, or HouseType when it is empty */
  current: MenuView;
  /** menus entered, oldest first */
  stack: MenuView[];
  /** the menu active before the last switch */
  catchMenu: MenuView | null;
}

export const menuState = proxy<MenuState>({ current: HOME_MENU, stack: [], catchMenu: null });

function show(next: MenuView): void {
  if (next === menuState.current) return;
  menuState.catchMenu = menuState.current;
  menuState.current = next;
}

/** Enters a menu; entering the one on show changes nothing (no second stack entry). */
export function enterMenu(view: MenuView): void {
  if (view === menuState.current) return;
  menuState.stack.push(view);
  show(view);
}

/** Leaves the menu on show for the one entered before it (HouseType when there is none). */
export function backMenu(): void {
  menuState.stack.pop();
  show(menuState.stack.at(-1) ?? HOME_MENU);
}

/** A fresh workspace starts on HouseType with no history. */
export function resetMenu(): void {
  menuState.stack.length = 0;
  menuState.catchMenu = null;
  menuState.current = HOME_MENU;
}
