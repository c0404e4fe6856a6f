import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';

// One titled, foldable block of the side panel. It is a labelled region, so assistive technology
// (and the e2e tests) find a block by its title.

export type SectionId = 'draw' | 'openings' | 'properties' | 'rooms' | 'storeys' | 'view';

interface Props {
  readonly id: SectionId;
  readonly title: string;
  readonly icon: IconName;
  readonly open: boolean;
  readonly onToggle: () => void;
  /** shown after the title (a count) */
  readonly badge?: ReactNode;
  /** buttons on the right of the header; clicks on them do not fold the section */
  readonly actions?: ReactNode;
  readonly children: ReactNode;
}

export function PanelSection({ id, title, icon, open, onToggle, badge, actions, children }: Props) {
  const titleId = `hp-${id}-title`;
  const bodyId = `hp-${id}-body`;
  return (
    <section className="hp-section" aria-labelledby={titleId} data-section={id} data-open={open ? '' : undefined}>
      <div className="hp-section__header">
        <h2 className="hp-section__title" id={titleId}>
          <button type="button" className="hp-section__toggle" aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
            <span className="hp-section__icon">
              <Icon name={icon} size={18} />
            </span>
            <span className="hp-section__name">{title}</span>
            {badge !== undefined ? <span className="badge">{badge}</span> : null}
            <span className="hp-section__chevron">
              <Icon name="chevron" size={16} />
            </span>
          </button>
        </h2>
        {actions ? <div className="hp-section__actions">{actions}</div> : null}
      </div>
      <div id={bodyId} className="hp-section__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
