import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { RoomSummary, ViewMode } from '../../protocol';
import { execCommand, useKernel } from '../kernel';

/** core.md §9: side panel width 376 open, 56 collapsed. */
export const SIDE_PANEL_WIDTH = { open: 376, collapsed: 56 } as const;

/** core.md §4 view modes: material 0, wireframe 1, material plus wireframe 2, transparent wireframe 3. */
const VIEW_MODE_LABELS: readonly { mode: ViewMode; label: MessageDescriptor }[] = [
  { mode: 0, label: msg`材质` },
  { mode: 1, label: msg`线框` },
  { mode: 2, label: msg`材质+线框` },
  { mode: 3, label: msg`透明线框` },
];

export function SidePanel() {
  const { t } = useLingui();
  const [open, setOpen] = useState(true);
  return (
    <aside
      className={`side-panel ${open ? 'side-panel--open' : 'side-panel--collapsed'}`}
      style={{ width: open ? SIDE_PANEL_WIDTH.open : SIDE_PANEL_WIDTH.collapsed }}
      aria-label={t`设计面板`}
    >
      <button
        type="button"
        className="icon-button side-panel__toggle"
        aria-expanded={open}
        aria-controls="side-panel-content"
        aria-label={open ? t`收起面板` : t`展开面板`}
        onClick={() => setOpen((v) => !v)}
      >
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path d={open ? 'M10 3 5 8l5 5' : 'M6 3l5 5-5 5'} fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      <div id="side-panel-content" className="side-panel__content" hidden={!open}>
        <ViewModeToggle />
        <RoomList />
        <section className="panel-section">
          <h2 className="panel-section__title">
            <Trans>素材</Trans>
          </h2>
          <Link to="/MaterialLib/MaterialBall/CommonLib" className="button button--secondary button--block">
            <Trans>打开材质库</Trans>
          </Link>
        </section>
      </div>
    </aside>
  );
}

function ViewModeToggle() {
  const { i18n } = useLingui();
  const { viewMode } = useKernel();
  return (
    <section className="panel-section">
      <h2 className="panel-section__title" id="view-mode-title">
        <Trans>视图模式</Trans>
      </h2>
      <div className="segmented" role="group" aria-labelledby="view-mode-title">
        {VIEW_MODE_LABELS.map(({ mode, label }) => (
          <button
            key={mode}
            type="button"
            className="segmented__item"
            aria-pressed={viewMode === mode}
            // Failures are reported once, by the kernel error listener of the workspace.
            onClick={() => void execCommand('view.setMode', { mode }).catch(() => undefined)}
          >
            {i18n._(label)}
          </button>
        ))}
      </div>
    </section>
  );
}

function RoomList() {
  const { i18n } = useLingui();
  const { rooms } = useKernel();
  const list: RoomSummary[] = Object.values(rooms);
  const format = new Intl.NumberFormat(i18n.locale === 'zh' ? 'zh-CN' : 'en', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (
    <section className="panel-section" aria-labelledby="room-list-title">
      <h2 className="panel-section__title" id="room-list-title">
        <Trans>房间</Trans>
        <span className="badge">{list.length}</span>
      </h2>
      {list.length === 0 ? (
        <p className="empty-state">
          <Trans>暂无房间</Trans>
        </p>
      ) : (
        <ul className="room-list">
          {list.map((room) => {
            const area = format.format(room.area);
            return (
              <li key={room.id} className="room-list__item">
                <span className="room-list__name">{room.name || i18n._(msg`未命名房间`)}</span>
                <span className="room-list__area">
                  <Trans>{area} m²</Trans>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
