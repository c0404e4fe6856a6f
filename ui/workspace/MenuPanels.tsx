import { useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { menuState, type MenuView } from './menu';
import { CustomizedPanel } from './CustomizedPanel';
import { ModelRoomPanel } from './ModelRoomPanel';
import { ProductPanel } from './ProductPanel';
import { SidePanel } from './SidePanel';
import { TilePanel } from './TilePanel';

const PANELS: Record<MenuView, () => ReactNode> = {
  HouseType: () => <SidePanel />,
  TileWorkPlan: () => <TilePanel />,
  Product: () => <ProductPanel />,
  Customized: () => <CustomizedPanel />,
  ModelRoom: () => <ModelRoomPanel />,
};

/**
 * The side panel of the menu on show. A panel is built the first time its menu is entered and
 * then only hidden, so going back finds it as it was left (folded sections, filters, page).
 */
export function MenuPanels() {
  const { current } = useSnapshot(menuState);
  const [visited, setVisited] = useState<ReadonlySet<MenuView>>(() => new Set([current]));
  if (!visited.has(current)) setVisited(new Set(visited).add(current));
  return (
    <>
      {[...visited].map((view) => (
        <div key={view} className="menu-panel" hidden={view !== current} data-menu-panel={view}>
          {PANELS[view]()}
        </div>
      ))}
    </>
  );
}
