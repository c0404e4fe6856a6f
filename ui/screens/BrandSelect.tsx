import { Portal, Select, createListCollection } from '@ark-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { ProjectInfo } from '../../api';

/**
 * The login form's brand (project) selector: the real tenants of the project catalogue, each with
 * its logo, name and code. Nothing but catalogue entries is ever offered.
 */
export function BrandSelect({
  tenants,
  value,
  onChange,
}: {
  /** null while the catalogue loads */
  readonly tenants: readonly ProjectInfo[] | null;
  readonly value: string;
  readonly onChange: (code: string) => void;
}) {
  const { t } = useLingui();
  const collection = useMemo(
    () => createListCollection({ items: (tenants ?? []).map((p) => ({ value: p.code, label: p.name || p.code, logo: p.logo })) }),
    [tenants],
  );
  const current = tenants?.find((p) => p.code === value);
  return (
    <Select.Root
      collection={collection}
      value={current ? [current.code] : []}
      onValueChange={(d) => {
        const code = d.value[0];
        if (code && code !== value) onChange(code);
      }}
      positioning={{ sameWidth: true, placement: 'bottom-start' }}
      disabled={!tenants || tenants.length === 0}
      lazyMount
      unmountOnExit
      className="field brand-select"
    >
      <Select.Label className="field__label">{t`品牌`}</Select.Label>
      <Select.Control>
        <Select.Trigger className="field__control brand-select__trigger">
          {current ? <TenantLogo logo={current.logo} /> : null}
          <Select.ValueText className="brand-select__value" placeholder={tenants ? t`请选择品牌` : t`正在加载品牌…`} />
          <svg className="brand-select__chevron" width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
            <path d="M3.5 5.5 7 9l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Select.Trigger>
      </Select.Control>
      <Portal>
        <Select.Positioner>
          <Select.Content className="brand-select__content">
            {collection.items.map((item) => (
              <Select.Item key={item.value} item={item} className="brand-select__item">
                <TenantLogo logo={item.logo} />
                <Select.ItemText className="brand-select__name">{item.label}</Select.ItemText>
                <span className="brand-select__code">{item.value}</span>
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Positioner>
      </Portal>
    </Select.Root>
  );
}

function TenantLogo({ logo }: { readonly logo: string }) {
  return logo ? (
    <img className="brand-select__logo" src={logo} alt="" width={24} height={24} />
  ) : (
    <span className="brand-select__logo brand-select__logo--blank" aria-hidden="true" />
  );
}
