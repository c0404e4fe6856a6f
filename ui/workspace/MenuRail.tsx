import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { showAuthorityTip, useAccess } from '../auth/access';
import { Icon, type IconName } from './icons';
import { enterMenu, MAIN_MENU_VIEWS, menuState, type MenuView } from './menu';
import { useRenderDialog } from './RenderDialog';
import './menu-rail.css';

const ICONS: Record<MenuView, IconName> = { HouseType: 'house', TileWorkPlan: 'tiles', Product: 'sofa', Customized: 'cabinet', ModelRoom: 'gallery' };

/**
 * The workspace's main menu (catalogues.md §2): one button per view the user may see, the active
 * one pressed. A menu whose module is missing or expired stays in the rail, marked, and gives the
 * authority tip instead of opening (core.md §6); protocol/access.ts decides which is which.
 */
export function MenuRail() {
  const { t } = useLingui();
  const { current } = useSnapshot(menuState);
  const access = useAccess();
  const render = useRenderDialog();
  // the second list's Render (catalogues.md §2): hidden by the permission and hide lists like the views
  const renderState = access.menu('Render');
  const renderLocked = renderState === 'locked';
  const labels: Record<MenuView, string> = { HouseType: t`户型`, TileWorkPlan: t`铺砖`, Product: t`产品`, Customized: t`定制`, ModelRoom: t`样板间` };
  return (
    <nav className="menu-rail" aria-label={t`主菜单`} aria-busy={access.status === 'loading'}>
      {MAIN_MENU_VIEWS.map((view) => {
        const state = access.menu(view);
        if (state === 'hidden') return null;
        const locked = state === 'locked';
        return (
          <button
            key={view}
            type="button"
            className="menu-rail__item"
            aria-pressed={current === view}
            data-menu={view}
            data-locked={locked || undefined}
            title={locked ? t`未开通或已过期` : undefined}
            onClick={() => (locked ? showAuthorityTip() : enterMenu(view))}
          >
            <Icon name={ICONS[view]} size={22} />
            <span className="menu-rail__label">{labels[view]}</span>
            {locked ? <LockBadge /> : null}
          </button>
        );
      })}
      {/* catalogues.md §2 second list: Render opens the cloud render dialog, not a side panel */}
      {renderState === 'hidden' ? null : (
        <>
          <span className="menu-rail__divider" aria-hidden="true" />
          <button
            type="button"
            className="menu-rail__item"
            data-menu="Render"
            data-locked={renderLocked || undefined}
            title={renderLocked ? t`未开通或已过期` : t`云渲染`}
            onClick={render.open}
          >
            <Icon name="render" size={22} />
            <span className="menu-rail__label">{t`渲染`}</span>
            {renderLocked ? <LockBadge /> : null}
          </button>
        </>
      )}
      {render.dialog}
    </nav>
  );
}

function LockBadge() {
  return (
    <svg className="menu-rail__lock" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <rect x="2" y="5.5" width="8" height="5.5" rx="1.2" fill="currentColor" />
      <path d="M4 5.5V4a2 2 0 0 1 4 0v1.5" fill="none" stroke="currentColor" strokeWidth="1.3" />
    </svg>
  );
}
