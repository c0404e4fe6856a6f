import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Outlet } from '@tanstack/react-router';
import { ComingSoon } from '../screens/Placeholder';

// The material library panel of the workspace (/MaterialLib/...). The catalogues themselves come in
// a later issue; the panel, its tabs and its routes are in place.

export function MaterialLibPanel() {
  const { t } = useLingui();
  return (
    <aside className="floating-panel" aria-labelledby="material-lib-title">
      <header className="floating-panel__header">
        <h2 id="material-lib-title">
          <Trans>材质库</Trans>
        </h2>
        <Link to="/" className="icon-button" aria-label={t`关闭材质库`}>
          ×
        </Link>
      </header>
      <nav className="tabs" aria-label={t`材质库分类`}>
        <Link to="/MaterialLib/MaterialBall" className="tabs__tab" activeProps={{ 'aria-current': 'page' }}>
          <Trans>材质球</Trans>
        </Link>
        <Link to="/MaterialLib/MeterialImg" className="tabs__tab" activeProps={{ 'aria-current': 'page' }}>
          <Trans>贴图</Trans>
        </Link>
        <Link to="/MaterialLib/History" className="tabs__tab" activeProps={{ 'aria-current': 'page' }}>
          <Trans>历史记录</Trans>
        </Link>
      </nav>
      <Outlet />
    </aside>
  );
}

export function LibraryTabs({ library }: { readonly library: 'MaterialBall' | 'MeterialImg' | 'History' }) {
  const { t } = useLingui();
  if (library === 'History') {
    return (
      <div className="floating-panel__body">
        <p className="empty-state">
          <Trans>暂无使用记录</Trans>
        </p>
      </div>
    );
  }
  return (
    <div className="floating-panel__body">
      <nav className="chips" aria-label={t`资源库`}>
        <Link to={`/MaterialLib/${library}/CommonLib`} className="chip" activeProps={{ 'aria-current': 'page' }}>
          <Trans>公共库</Trans>
        </Link>
        <Link to={`/MaterialLib/${library}/BrandLib`} className="chip" activeProps={{ 'aria-current': 'page' }}>
          <Trans>品牌库</Trans>
        </Link>
        <Link to={`/MaterialLib/${library}/PersonLib`} className="chip" activeProps={{ 'aria-current': 'page' }}>
          <Trans>个人库</Trans>
        </Link>
      </nav>
      <Outlet />
      <ComingSoon />
    </div>
  );
}
