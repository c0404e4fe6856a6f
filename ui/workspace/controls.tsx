import { Portal, Select, Switch, createListCollection } from '@ark-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { formatNumberText, parseNumberText, sanitiseNumberText, type NumberLimits } from './number-input';
import { spaceBelow } from '../widgets/dom';
import { dropdownPlacement } from '../widgets/logic';

// The side panel's form controls: compact label-left rows, one look for every section.

interface NumberFieldProps {
  readonly label: string;
  readonly value: number;
  readonly limits: NumberLimits;
  readonly unit?: string;
  readonly disabled?: boolean;
  /** called with a valid, changed value on Enter or blur; bad text stays in the box with a message */
  readonly onCommit: (value: number) => void;
}

export function NumberField({ label, value, limits, unit = 'mm', disabled, onCommit }: NumberFieldProps) {
  const { t } = useLingui();
  const id = useId();
  // null while the box shows the document's value; the typed text otherwise.
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const text = draft ?? formatNumberText(value, limits.decimal);

  function commit() {
    if (draft === null) return;
    const parsed = parseNumberText(draft, limits);
    if (!parsed.ok) {
      const { min, max } = limits;
      setError(parsed.reason === 'empty' ? t`请输入数值` : t`请输入 ${min} 到 ${max} 之间的数值`);
      return;
    }
    setDraft(null);
    setError(null);
    if (parsed.value !== value) onCommit(parsed.value);
  }

  function revert() {
    setDraft(null);
    setError(null);
  }

  return (
    <div className="hp-field">
      <label className="hp-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="hp-field__body">
        <div className="hp-input" data-invalid={error ? '' : undefined} data-disabled={disabled ? '' : undefined}>
          <input
            id={id}
            className="hp-input__control"
            inputMode={limits.decimal ? 'decimal' : 'numeric'}
            autoComplete="off"
            value={text}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setDraft(sanitiseNumberText(e.target.value, limits.decimal));
              setError(null);
            }}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commit();
              else if (e.key === 'Escape') revert();
            }}
          />
          {unit ? <span className="hp-input__unit">{unit}</span> : null}
        </div>
        {error ? (
          <span id={`${id}-error`} className="hp-field__error" role="alert">
            {error}
          </span>
        ) : null}
      </div>
    </div>
  );
}

interface TextFieldProps {
  readonly label: string;
  readonly value: string;
  readonly placeholder?: string;
  readonly maxLength: number;
  readonly onCommit: (value: string) => void;
  /** what a keystroke may leave in the box (numberOnly for a phone number, say) */
  readonly sanitise?: (text: string) => string;
  readonly inputMode?: 'text' | 'tel' | 'numeric' | 'decimal' | 'url';
}

/** A text box that sends its value on Enter or blur (Escape puts the old value back). */
export function TextField({ label, value, placeholder, maxLength, onCommit, sanitise, inputMode }: TextFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? value;

  function commit() {
    if (draft === null) return;
    setDraft(null);
    const next = draft.trim();
    if (next !== value) onCommit(next);
  }

  return (
    <div className="hp-field">
      <label className="hp-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="hp-field__body">
        <div className="hp-input">
          <input
            id={id}
            className="hp-input__control"
            value={text}
            placeholder={placeholder}
            maxLength={maxLength}
            inputMode={inputMode}
            autoComplete="off"
            onChange={(e) => setDraft(sanitise ? sanitise(e.target.value) : e.target.value)}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commit();
              else if (e.key === 'Escape') setDraft(null);
            }}
          />
        </div>
      </div>
    </div>
  );
}

export function ReadonlyField({ label, value, unit }: { readonly label: string; readonly value: string; readonly unit?: string }) {
  return (
    <div className="hp-field hp-field--readonly">
      <span className="hp-field__label">{label}</span>
      <span className="hp-field__value">
        <span>{value}</span>
        {unit ? <span className="hp-field__unit">{unit}</span> : null}
      </span>
    </div>
  );
}

/**
 * A row of colour swatches, one pressed. `css: null` is the default look, drawn as the plan's dark
 * fill beside the 3D walls' off-white so it reads as "as usual", not as "no colour".
 */
export function SwatchField<V extends string | number | null>({
  label,
  value,
  options,
  onChange,
}: {
  readonly label: string;
  readonly value: V;
  readonly options: readonly { readonly value: V; readonly label: string; readonly css: string | null }[];
  readonly onChange: (value: V) => void;
}) {
  const labelId = useId();
  const current = options.find((o) => o.value === value);
  return (
    <div className="hp-field">
      <span className="hp-field__label" id={labelId}>
        {label}
      </span>
      <div className="hp-field__body">
        <div className="hp-swatches" role="group" aria-labelledby={labelId}>
          {options.map((o) => (
            <button
              key={String(o.value)}
              type="button"
              className={`hp-swatch${o.css ? '' : ' hp-swatch--default'}`}
              style={o.css ? { background: o.css } : undefined}
              aria-pressed={o.value === value}
              aria-label={o.label}
              title={o.label}
              onClick={() => onChange(o.value)}
            />
          ))}
        </div>
        {current ? <span className="hp-swatches__name">{current.label}</span> : null}
      </div>
    </div>
  );
}

export interface SelectOption<V extends string | number> {
  readonly value: V;
  readonly label: string;
  /** the heading it is listed under, if the list is grouped */
  readonly group?: string;
}

interface SelectFieldProps<V extends string | number> {
  readonly label: string;
  /** null shows the placeholder */
  readonly value: V | null;
  readonly placeholder?: string;
  readonly options: readonly SelectOption<V>[];
  readonly onChange: (value: V) => void;
  /** the label is read by assistive technology only (a compact picker inside a row) */
  readonly hideLabel?: boolean;
  /** drawn in the trigger before the value */
  readonly icon?: ReactNode;
  readonly className?: string;
  /** an option that changes the list rather than the value (a 'more' entry): picking it keeps the list open */
  readonly keepOpenFor?: V;
}

export function SelectField<V extends string | number>({ label, value, placeholder, options, onChange, hideLabel, icon, className, keepOpenFor }: SelectFieldProps<V>) {
  const [open, setOpen] = useState(false);
  // catalogues.md §4: measured as the list opens, so a select near the window's foot opens upward.
  const [placement, setPlacement] = useState<'top' | 'bottom'>('bottom');
  const trigger = useRef<HTMLButtonElement>(null);
  const collection = useMemo(
    () =>
      createListCollection({
        items: options.map((o) => ({ value: String(o.value), label: o.label, group: o.group ?? '', raw: o.value })),
        groupBy: (item) => item.group,
      }),
    [options],
  );
  const grouped = options.some((o) => o.group);
  const renderItem = (item: (typeof collection.items)[number]) => (
    <Select.Item key={item.value} item={item} className="hp-select__item">
      <Select.ItemText>{item.label}</Select.ItemText>
      <Select.ItemIndicator className="hp-select__check">
        <CheckIcon />
      </Select.ItemIndicator>
    </Select.Item>
  );
  return (
    <Select.Root
      collection={collection}
      value={value === null ? [] : [String(value)]}
      open={open}
      onOpenChange={(d) => {
        if (d.open && trigger.current) setPlacement(dropdownPlacement(spaceBelow(trigger.current)));
        setOpen(d.open);
      }}
      onValueChange={(d) => {
        const item = d.items[0];
        if (item && keepOpenFor !== undefined && item.raw === keepOpenFor) {
          onChange(item.raw);
          // The select closes itself after a pick; open it again on the grown list.
          setTimeout(() => {
            if (trigger.current) setPlacement(dropdownPlacement(spaceBelow(trigger.current)));
            setOpen(true);
          }, 0);
          return;
        }
        if (item && item.raw !== value) onChange(item.raw);
      }}
      positioning={{ sameWidth: !hideLabel, placement: placement === 'top' ? 'top-start' : 'bottom-start', flip: false }}
      lazyMount
      unmountOnExit
      className={`hp-field ${hideLabel ? 'hp-field--bare' : ''} ${className ?? ''}`}
    >
      <Select.Label className={hideLabel ? 'sr-only' : 'hp-field__label'}>{label}</Select.Label>
      <Select.Control className="hp-field__body">
        <Select.Trigger ref={trigger} className="hp-select__trigger">
          {icon}
          <Select.ValueText className="hp-select__value" placeholder={placeholder} />
          <Select.Indicator className="hp-select__indicator">
            <ChevronDownIcon />
          </Select.Indicator>
        </Select.Trigger>
      </Select.Control>
      <Portal>
        <Select.Positioner className="hp-select__positioner">
          <Select.Content className="hp-select__content" data-placement={placement}>
            {grouped
              ? collection.group().map(([group, items]) => (
                  <Select.ItemGroup key={group} className="hp-select__group">
                    {group ? <Select.ItemGroupLabel className="hp-select__group-label">{group}</Select.ItemGroupLabel> : null}
                    {items.map(renderItem)}
                  </Select.ItemGroup>
                ))
              : collection.items.map(renderItem)}
          </Select.Content>
        </Select.Positioner>
      </Portal>
    </Select.Root>
  );
}

export function SwitchField({ label, checked, onChange, hint }: { readonly label: string; readonly checked: boolean; readonly onChange: (checked: boolean) => void; readonly hint?: string }) {
  return (
    <Switch.Root className="hp-switch" checked={checked} onCheckedChange={(d) => onChange(d.checked)} title={hint}>
      <Switch.Label className="hp-switch__label">{label}</Switch.Label>
      <Switch.Control className="hp-switch__control">
        <Switch.Thumb className="hp-switch__thumb" />
      </Switch.Control>
      <Switch.HiddenInput />
    </Switch.Root>
  );
}

/** A row of mutually exclusive choices (aria-pressed buttons). */
export function Segmented<V extends string | number>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  readonly label: string;
  readonly value: V | null;
  readonly options: readonly { readonly value: V; readonly label: ReactNode; readonly title?: string }[];
  readonly onChange: (value: V) => void;
  readonly className?: string;
}) {
  return (
    <div className={`hp-segmented ${className ?? ''}`} role="group" aria-label={label}>
      {options.map((o) => (
        <button
          key={String(o.value)}
          type="button"
          className="hp-segmented__item"
          aria-pressed={value === o.value}
          title={o.title}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

function CheckIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
      <path d="m3.5 8.5 3 3 6-7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function ChevronDownIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
      <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
