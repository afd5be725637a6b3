import { ApartmentOutlined, LogoutOutlined, RobotOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Link, useLocation } from 'react-router';
import { isManageCenter } from '../auth/guards';
import { useLogout } from '../auth/useLogout';
import { SITE_NAME } from '../base/site';
import { ButtonLink } from '../common/ButtonLink';
import { openLoginModal, useSession } from '../session/session-store';
import { SiteSearchForm, SiteSearchIcon } from './SiteSearch';
import { hasColouredHeader, TOP_NAV } from './top-nav';

/**
 * Spec §2: logo, top navigation, search, AI button, and the management-centre or login button. Every
 * destination is a real link (new tab, copy the address, keyboard, screen readers).
 */
export function Header() {
  const { pathname } = useLocation();
  const topNav = useSession((state) => state.topNav);
  const loginStatus = useSession((state) => state.loginStatus);
  const handleLogout = useLogout();
  const isColoured = hasColouredHeader(pathname);

  return (
    <header className={isColoured ? 'portal-header portal-header--coloured' : 'portal-header'}>
      <Link to="/index" className="portal-header__logo">
        <ApartmentOutlined aria-hidden />
        <span>{SITE_NAME}</span>
      </Link>
      <nav aria-label="主导航" className="portal-header__nav">
        <ul>
          {TOP_NAV.map((entry) => (
            <li key={entry.key}>
              <Link
                to={entry.to}
                className="portal-header__entry"
                aria-current={entry.key === topNav ? 'page' : undefined}
              >
                <span className="portal-header__label">
                  {entry.label}
                  {entry.isHot && <sup className="portal-header__hot">HOT</sup>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="portal-header__actions">
        {/* The search page has its own box: no second one above it. */}
        {pathname !== '/search' && (
          <>
            <SiteSearchForm variant="header" />
            <SiteSearchIcon isGhost={isColoured} />
          </>
        )}
        {/* On the coloured header, outlined white buttons (ghost) and a white main button stay readable. */}
        <ButtonLink
          to="/ai"
          className="portal-header__ai"
          icon={<RobotOutlined aria-hidden />}
          ghost={isColoured}
          aria-label="AI助手"
        >
          AI助手
        </ButtonLink>
        {loginStatus ? (
          <>
            <Button type={isColoured ? 'default' : 'primary'} href="/manageCenter" target="_blank">
              管理中心
            </Button>
            {/* The management centre has its own logout beside the user's name. */}
            {!isManageCenter(pathname) && (
              <Button
                icon={<LogoutOutlined aria-hidden />}
                ghost={isColoured}
                aria-label="退出登录"
                title="退出登录"
                onClick={handleLogout}
              />
            )}
          </>
        ) : (
          <Button type={isColoured ? 'default' : 'primary'} onClick={() => openLoginModal()}>
            登录/注册
          </Button>
        )}
      </div>
    </header>
  );
}
