import { Trans, useLingui } from '@lingui/react/macro';
import { BrandMark } from '../app/BrandMark';
import { useAccess } from '../auth/access';

/**
 * The tenant (project) the user works in, with its logo from the project catalogue (core.md §1):
 * the name and logo once the profile is in, the stored code until then.
 */
export function TenantBadge({ project }: { readonly project: string }) {
  const { t } = useLingui();
  const { tenant } = useAccess();
  if (!project && !tenant) return null;
  const name = tenant?.name || project;
  return (
    <span className="topbar__project" title={t`项目：${name}`} data-project={tenant?.code ?? project}>
      {tenant?.logo ? <img className="topbar__project-logo" src={tenant.logo} alt={t`${name} 标志`} width={22} height={22} /> : null}
      <span className="topbar__project-name">
        <Trans>项目：{name}</Trans>
      </span>
    </span>
  );
}

/**
 * The mark at the start of the top bar: the product's, or for a special-brand project (BCLS, BCGC:
 * core.md §6 brand handling) the tenant's own logo and name.
 */
export function WorkspaceMark() {
  const { t } = useLingui();
  const { brand, tenant } = useAccess();
  if (!brand.brandLogo || !tenant?.logo) return <BrandMark />;
  const name = tenant.name;
  return (
    <span className="brand-mark" data-tenant-mark={tenant.code}>
      <img src={tenant.logo} alt={t`${name} 标志`} width={28} height={28} style={{ borderRadius: 8 }} />
      <span className="brand-mark__name">{name}</span>
    </span>
  );
}
