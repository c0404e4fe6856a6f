import { Popover, Portal } from '@ark-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { REGION_ROW_HEIGHT_PX } from './constants';
import { spaceBelow } from './dom';
import { dropdownPlacement } from './logic';
import { cityLabel, citiesOf, loadRegions, provinceCodeOf, provincesOf, type RegionTable } from './region';
import './region-picker.css';

// The province / city picker of catalogues.md §4: closed or open; a province on the left shows its
// cities on the right, picking a city sets the value and closes, 全部 clears it. The region table
// is fetched the first time it opens (its own chunk).

interface Props {
  readonly label: string;
  /** a city code (GB/T 2260), or null for none */
  readonly value: string | null;
  readonly onChange: (cityCode: string | null) => void;
}

/** Scrolls the chosen province to the middle of its list when the picker opens (not the page). */
function centreInList(row: HTMLElement | null): void {
  const list = row?.closest('ul');
  if (!row || !list) return;
  list.scrollTop = Math.max(0, row.offsetTop - (list.clientHeight - row.offsetHeight) / 2);
}

export function RegionPicker({ label, value, onChange }: Props) {
  const { t } = useLingui();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [table, setTable] = useState<RegionTable | null>(null);
  const [failed, setFailed] = useState(false);
  const [province, setProvince] = useState<string | null>(value ? provinceCodeOf(value) : null);
  const [placement, setPlacement] = useState<'top' | 'bottom'>('bottom');
  const trigger = useRef<HTMLButtonElement>(null);

  // A value already set needs the table for its name, open or not.
  useEffect(() => {
    if (value === null || table) return;
    let live = true;
    loadRegions().then((t) => live && setTable(t), () => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [value, table]);

  function openChange(next: boolean) {
    if (next) {
      if (trigger.current) setPlacement(dropdownPlacement(spaceBelow(trigger.current)));
      setProvince(value ? provinceCodeOf(value) : null);
      if (!table) {
        setFailed(false);
        loadRegions().then(setTable, () => setFailed(true));
      }
    }
    setOpen(next);
  }

  function pick(cityCode: string | null) {
    onChange(cityCode);
    setOpen(false);
  }

  const shown = value === null ? null : table ? (cityLabel(table, value) ?? value) : '…';
  const provinces = table ? provincesOf(table) : [];
  const cities = table && province ? citiesOf(table, province) : [];

  return (
    <div className="hp-field">
      <span className="hp-field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className="hp-field__body">
        <Popover.Root open={open} onOpenChange={(d) => openChange(d.open)} positioning={{ placement: placement === 'top' ? 'top-start' : 'bottom-start', flip: false }} lazyMount unmountOnExit>
          <Popover.Trigger ref={trigger} className="hp-select__trigger" aria-labelledby={`${id}-label ${id}-value`}>
            <span id={`${id}-value`} className={`hp-select__value ${shown === null ? 'rp-placeholder' : ''}`}>
              {shown ?? t`请选择城市`}
            </span>
          </Popover.Trigger>
          <Portal>
            <Popover.Positioner className="hp-select__positioner">
              <Popover.Content className="rp-panel" data-placement={placement} aria-label={t`选择省市`} style={{ ['--rp-row' as string]: `${REGION_ROW_HEIGHT_PX}px` }}>
                {failed ? (
                  <p className="rp-note" role="alert">
                    <Trans>地区数据加载失败，请稍后重试</Trans>
                  </p>
                ) : !table ? (
                  <p className="rp-note">
                    <Trans>加载中…</Trans>
                  </p>
                ) : (
                  <>
                    <button type="button" className="rp-all" aria-pressed={value === null} onClick={() => pick(null)}>
                      <Trans>全部</Trans>
                    </button>
                    <div className="rp-columns">
                      <ul className="rp-list" role="listbox" aria-label={t`省份`}>
                        {provinces.map((p) => (
                          <li key={p.code} role="option" aria-selected={p.code === province}>
                            <button
                              type="button"
                              className="rp-row"
                              data-active={p.code === province ? '' : undefined}
                              ref={value !== null && p.code === provinceCodeOf(value) ? centreInList : undefined}
                              onClick={() => setProvince(p.code)}
                            >
                              {p.name}
                            </button>
                          </li>
                        ))}
                      </ul>
                      <ul className="rp-list" role="listbox" aria-label={t`城市`}>
                        {province === null ? (
                          <li className="rp-note">
                            <Trans>先选择省份</Trans>
                          </li>
                        ) : (
                          cities.map((c) => (
                            <li key={c.code} role="option" aria-selected={c.code === value}>
                              <button type="button" className="rp-row" data-active={c.code === value ? '' : undefined} onClick={() => pick(c.code)}>
                                {c.name}
                              </button>
                            </li>
                          ))
                        )}
                      </ul>
                    </div>
                  </>
                )}
              </Popover.Content>
            </Popover.Positioner>
          </Portal>
        </Popover.Root>
      </div>
    </div>
  );
}
