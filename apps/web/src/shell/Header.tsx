import { ApartmentOutlined, RobotOutlined } from '@ant-design/icons';
import { Button, Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { SITE_NAME } from '../app/site';
import { openLoginModal, useSession } from '../auth/session-store';
import { hasColouredHeader, TOP_NAV } from './top-nav';

const MENU_ITEMS = TOP_NAV.map((entry) => ({
  key: entry.key,
  label: entry.isHot ? (
    <span>
      {entry.label}
      <sup className="portal-header__hot">HOT</sup>
    </span>
  ) : (
    entry.label
  ),
}));

/** Spec §2: logo, top navigation, AI button, and the management-centre or login button. */
export function Header() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const topNav = useSession((state) => state.topNav);
  const loginStatus = useSession((state) => state.loginStatus);

  function handleNavigate({ key }: { key: string }) {
    const entry = TOP_NAV.find((item) => item.key === key);
    if (entry) navigate(entry.to);
  }

  function handleAi() {
    // The assistant works for logged-in users only: a visitor is asked to log in first.
    if (loginStatus) navigate('/ai');
    else openLoginModal();
  }

  const className = hasColouredHeader(pathname) ? 'portal-header portal-header--coloured' : 'portal-header';
  return (
    <header className={className}>
      <button type="button" className="portal-header__logo" onClick={() => navigate('/index')}>
        <ApartmentOutlined aria-hidden />
        <span>{SITE_NAME}</span>
      </button>
      <nav aria-label="主导航" className="portal-header__nav">
        <Menu mode="horizontal" items={MENU_ITEMS} selectedKeys={[topNav]} onClick={handleNavigate} />
      </nav>
      <div className="portal-header__actions">
        <Button icon={<RobotOutlined aria-hidden />} onClick={handleAi}>
          AI助手
        </Button>
        {loginStatus ? (
          <Button type="primary" onClick={() => window.open('/manageCenter', '_blank')}>
            管理中心
          </Button>
        ) : (
          <Button type="primary" onClick={() => openLoginModal()}>
            登录/注册
          </Button>
        )}
      </div>
    </header>
  );
}
