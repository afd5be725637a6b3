import { LogoutOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Result } from 'antd';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { PermissionSet } from '../api/types';
import { logout } from '../auth/session-actions';
import { useIsPhone } from '../common/use-is-phone';
import { useSession } from '../session/session-store';
import {
  isNavShown,
  isPageBarred,
  MANAGE_NAV,
  type ManageNavEntry,
  USER_CENTER_KEY,
  USER_CENTER_MENUS,
} from './manage-nav';
import './manage-layout.css';

/** The menu, without the entries whose role or permission the user lacks. */
function menuItems(granted: PermissionSet) {
  const isAllowed = (entry: ManageNavEntry) => isNavShown(entry, granted);
  return [
    ...MANAGE_NAV.filter(isAllowed).map(({ key, label }) => ({ key, label })),
    {
      key: USER_CENTER_KEY,
      label: '用户中心',
      children: USER_CENTER_MENUS.filter(isAllowed).map(({ key, label }) => ({
        key: `${USER_CENTER_KEY}/${key}`,
        label,
      })),
    },
  ];
}

/** The management centre: its menu beside the current page. */
export function ManageLayout() {
  const navigate = useNavigate();
  const manageNav = useSession((state) => state.manageNav);
  const menu = useSession((state) => state.userCenterComponentKey);
  const name = useSession((state) => state.person?.nickName || state.person?.mobile || '');
  const granted = useSession((state) => state.permissions);
  const items = menuItems(granted);
  const isBarred = isPageBarred(useLocation().pathname, granted);
  const selected = manageNav === USER_CENTER_KEY ? `${USER_CENTER_KEY}/${menu}` : manageNav;
  // Phones have no room for a side menu: the same menu runs across the top instead, scrolling
  // sideways rather than folding entries into "…", with the current page scrolled into sight.
  const isPhone = useIsPhone();
  const phoneNav = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another page, or the phone layout, is the moment to scroll
  useEffect(() => {
    const nav = phoneNav.current;
    if (!nav) return;
    // The user centre is the last entry, and marks itself selected only a render later.
    if (manageNav === USER_CENTER_KEY) nav.scrollLeft = nav.scrollWidth;
    else nav.querySelector('.ant-menu-item-selected')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [selected, isPhone]);
  const goTo = ({ key }: { key: string }) => navigate(`/manageCenter/${key}`);

  async function handleLogout() {
    // Leave the management centre first (committed, not as a pending transition): the guard
    // would meet a logged-out user here and ask them to log in.
    await navigate('/index', { flushSync: true });
    await logout();
  }

  return (
    <Layout className="manage">
      {!isPhone && (
        <Layout.Sider theme="light" width={200} className="manage__sider">
          <nav aria-label="管理中心导航">
            <Menu
              mode="inline"
              items={items}
              selectedKeys={[selected]}
              defaultOpenKeys={[USER_CENTER_KEY]}
              onClick={goTo}
            />
          </nav>
        </Layout.Sider>
      )}
      {/* Not Layout.Content, which is a <main>: the portal's one main landmark is around the whole page. */}
      <div className="manage__content">
        {isPhone && (
          <nav aria-label="管理中心导航" className="manage__phone-nav" ref={phoneNav}>
            <Menu mode="horizontal" disabledOverflow items={items} selectedKeys={[selected]} onClick={goTo} />
          </nav>
        )}
        <div className="manage__bar">
          <span>{name}</span>
          <Button icon={<LogoutOutlined aria-hidden />} onClick={handleLogout}>
            退出登录
          </Button>
        </div>
        {isBarred ? (
          <Result
            status="403"
            title="无权访问此页面"
            subTitle="当前账号没有此页面的权限"
            extra={
              <Button type="primary" onClick={() => navigate('/manageCenter/home')}>
                返回管理首页
              </Button>
            }
          />
        ) : (
          <Outlet />
        )}
      </div>
    </Layout>
  );
}
