import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Icon, type IconName } from './icons';
import { enterMenu, MAIN_MENU_VIEWS, menuState, type MenuView } from './menu';
import './menu-rail.css';

const ICONS: Record<MenuView, IconName> = { HouseType: 'house', TileWorkPlan: 'tiles', Product: 'sofa', Customized: 'cabinet', ModelRoom: 'gallery' };

/** The workspace's main menu (catalogues.md §2): one button per view, the active one pressed. */
export function MenuRail() {
  const { t } = useLingui();
  const { current } = useSnapshot(menuState);
  const labels: Record<MenuView, string> = { HouseType: t`户型`, TileWorkPlan: t`铺砖`, Product: t`产品`, Customized: t`定制`, ModelRoom: t`样板间` };
  return (
    <nav className="menu-rail" aria-label={t`主菜单`}>
      {MAIN_MENU_VIEWS.map((view) => (
        <button
          key={view}
          type="button"
          className="menu-rail__item"
          aria-pressed={current === view}
          data-menu={view}
          onClick={() => enterMenu(view)}
        >
          <Icon name={ICONS[view]} size={22} />
          <span className="menu-rail__label">{labels[view]}</span>
        </button>
      ))}
    </nav>
  );
}
