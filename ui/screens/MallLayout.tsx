import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link, Outlet } from '@tanstack/react-router';
import { ComingSoon, Placeholder } from './Placeholder';

/** /mall with its children home and person-member. */
export function MallLayout() {
  return (
    <Placeholder title={msg`商城`}>
      <nav className="tabs">
        <Link to="/mall/home" className="tabs__tab" activeProps={{ 'aria-current': 'page' }}>
          <Trans>商城首页</Trans>
        </Link>
        <Link to="/mall/person-member" className="tabs__tab" activeProps={{ 'aria-current': 'page' }}>
          <Trans>会员中心</Trans>
        </Link>
      </nav>
      <Outlet />
      <ComingSoon />
    </Placeholder>
  );
}
