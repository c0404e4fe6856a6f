import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useKernel } from '../kernel';
import { DrawTools } from './DrawTools';
import { Icon, type IconName } from './icons';
import { OpeningPalette } from './OpeningPalette';
import { PanelSection, type SectionId } from './PanelSection';
import { PropertiesPanel } from './PropertiesPanel';
import { RoomList, useStoreyRooms } from './RoomList';
import { StoreyEditor } from './StoreyEditor';
import { DimensionSwitch, ViewSection } from './ViewSection';
import './house-panel.css';

/** core.md §9: side panel width 376 open, 56 collapsed. */
export const SIDE_PANEL_WIDTH = { open: 376, collapsed: 56 } as const;

const SECTIONS: readonly { id: SectionId; icon: IconName }[] = [
  { id: 'draw', icon: 'draw' },
  { id: 'openings', icon: 'door' },
  { id: 'properties', icon: 'properties' },
  { id: 'rooms', icon: 'rooms' },
  { id: 'storeys', icon: 'storeys' },
  { id: 'view', icon: 'view' },
];

/**
 * The designer's side panel for the HouseType menu (catalogues.md §2): draw tools, doors and
 * windows, the selection's properties, rooms, storeys and the view. Collapsed it keeps one icon
 * per section; a click on one opens the panel at that section.
 */
export function SidePanel() {
  const { t } = useLingui();
  const { selected } = useKernel();
  const rooms = useStoreyRooms();
  const [open, setOpen] = useState(true);
  // Folded sections, each with the selection it was folded under: a new selection opens the
  // properties again (the designer just clicked something to edit it).
  const [folded, setFolded] = useState<ReadonlyMap<SectionId, string | null>>(() => new Map());
  const content = useRef<HTMLDivElement>(null);

  const titles: Record<SectionId, string> = {
    draw: t`绘制`,
    openings: t`门窗`,
    properties: t`属性`,
    rooms: t`房间`,
    storeys: t`楼层`,
    view: t`视图`,
  };

  const selectedId = selected?.id ?? null;
  const isOpen = (id: SectionId) =>
    !folded.has(id) || (id === 'properties' && selectedId !== null && folded.get(id) !== selectedId);

  const toggle = (id: SectionId) =>
    setFolded((prev) => {
      const next = new Map(prev);
      if (isOpen(id)) next.set(id, selectedId);
      else next.delete(id);
      return next;
    });

  function reveal(id: SectionId) {
    setOpen(true);
    setFolded((prev) => {
      if (!prev.has(id)) return prev;
      const next = new Map(prev);
      next.delete(id);
      return next;
    });
    // After the panel has opened and laid the section out.
    requestAnimationFrame(() => content.current?.querySelector(`[data-section="${id}"]`)?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
  }

  // A new selection brings its properties into view.
  useEffect(() => {
    if (selectedId === null || !open) return;
    const frame = requestAnimationFrame(() =>
      content.current?.querySelector('[data-section="properties"]')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [selectedId, open]);

  const body: Record<SectionId, ReactNode> = {
    draw: <DrawTools />,
    openings: <OpeningPalette />,
    properties: <PropertiesPanel />,
    rooms: <RoomList />,
    storeys: <StoreyEditor />,
    view: <ViewSection />,
  };

  return (
    <aside
      className={`side-panel hp ${open ? 'side-panel--open' : 'side-panel--collapsed'}`}
      style={{ width: open ? SIDE_PANEL_WIDTH.open : SIDE_PANEL_WIDTH.collapsed }}
      aria-label={t`设计面板`}
    >
      <header className="hp-header">
        {open ? (
          <h1 className="hp-header__title">
            <Icon name="house" size={20} />
            <span>{t`户型`}</span>
          </h1>
        ) : null}
        {open ? <DimensionSwitch /> : null}
        <button
          type="button"
          className="icon-button hp-header__toggle"
          aria-expanded={open}
          aria-controls="side-panel-content"
          aria-label={open ? t`收起面板` : t`展开面板`}
          title={open ? t`收起面板` : t`展开面板`}
          onClick={() => setOpen((v) => !v)}
        >
          <Icon name={open ? 'collapse' : 'expand'} size={18} />
        </button>
      </header>

      {open ? null : (
        <nav className="hp-rail" aria-label={t`面板分区`}>
          {SECTIONS.map(({ id, icon }) => (
            <button key={id} type="button" className="hp-rail__item" aria-label={titles[id]} title={titles[id]} onClick={() => reveal(id)}>
              <Icon name={icon} size={20} />
            </button>
          ))}
        </nav>
      )}

      <div id="side-panel-content" ref={content} className="side-panel__content hp-content" hidden={!open}>
        {SECTIONS.map(({ id, icon }) => (
          <PanelSection
            key={id}
            id={id}
            title={titles[id]}
            icon={icon}
            open={isOpen(id)}
            onToggle={() => toggle(id)}
            badge={id === 'rooms' ? rooms.length : undefined}
          >
            {body[id]}
          </PanelSection>
        ))}
      </div>
    </aside>
  );
}
