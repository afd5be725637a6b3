// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import '../test/dom';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../auth/session-store';
import {
  creditCode,
  type PortalClient,
  reviewEnterprise,
  submitEnterprise,
  verifyRealName,
  withPortalServer,
} from '../test/portal-server';
import { AppProviders } from './AppProviders';
import { routes } from './routes';

const portal = withPortalServer();

/** A logged-in session as a reload finds it (a demo person, logged in through the API). */
async function loggedInAs(loginName: string): Promise<PortalClient> {
  const who = await portal.login(loginName);
  await portal.enterSession(who);
  return who;
}

/** An approved enterprise that never applied for the beta, made through the API. */
async function approvedEnterpriseWithoutBeta(): Promise<PortalClient> {
  const who = await portal.register();
  await verifyRealName(who);
  await submitEnterprise(who, {
    enterpriseName: '链联科技有限公司',
    creditCode: creditCode(),
    legalPerson: '张三',
    contactPhone: '0591-88888888',
    address: '福州市鼓楼区',
  });
  await reviewEnterprise(await portal.login('admin'), who, { approve: true });
  return who;
}

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

async function arrivedAt(router: ReturnType<typeof renderApp>, path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

describe('routes and titles', () => {
  it('opens / on the home page, titled in Chinese', async () => {
    const router = renderApp('/');
    await arrivedAt(router, '/index');
    expect(await screen.findByRole('heading', { name: '链联产业服务平台' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('首页 - 链联产业服务平台'));
  });

  it('shows a page that is not built yet as an honest empty state', async () => {
    renderApp('/expert');
    expect(await screen.findByRole('heading', { name: '专家库' })).toBeTruthy();
    expect(screen.getByText('这里将展示入驻平台的行业专家。')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('专家库 - 链联产业服务平台'));
  });

  it('answers an unknown path with the 404 page', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('页面不存在 - 链联产业服务平台'));
  });

  it('marks the current top navigation entry and new releases as hot', async () => {
    renderApp('/industry');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    await waitFor(() => expect(nav.querySelector('.ant-menu-item-selected')?.textContent).toBe('产业链'));
    expect(nav.textContent).toContain('新品发布HOT');
  });

  it('colours the header on the pages that ask for it', async () => {
    const router = renderApp('/index');
    await screen.findByRole('heading', { name: '链联产业服务平台' });
    expect(document.querySelector('header')?.className).not.toContain('portal-header--coloured');
    await act(() => router.navigate('/newRelease'));
    await waitFor(() => expect(document.querySelector('header')?.className).toContain('portal-header--coloured'));
  });
});

describe('guards', () => {
  it('sends a visitor away from the management centre to the home page and asks them to log in', async () => {
    const router = renderApp('/manageCenter/home');
    await arrivedAt(router, '/index');
    expect(await screen.findByRole('dialog', { name: '用户登录' })).toBeTruthy();
  });

  it('sends a user without the beta home with the beta modal', async () => {
    await portal.enterSession(await approvedEnterpriseWithoutBeta());
    expect(sessionStore.getState().person).toMatchObject({ betaStatus: null, userType: 2, status: 1 });
    const router = renderApp('/supply');
    await arrivedAt(router, '/index');
    expect(await screen.findByText('功能逐步开放中，敬请期待')).toBeTruthy();
  });

  it('opens the management centre of an approved enterprise on its abilities', async () => {
    await loggedInAs('zhangwei');
    const router = renderApp('/manageCenter');
    await arrivedAt(router, '/manageCenter/abilities');
    expect(await screen.findByRole('heading', { name: '我的能力' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('我的能力 - 链联产业服务平台'));
  });

  it('opens the management centre on real-name verification for an unverified user', async () => {
    await loggedInAs('chenlei');
    expect(sessionStore.getState().person).toMatchObject({ userType: 0, realPersonAuthStatus: 0, realName: '' });
    const router = renderApp('/manageCenter');
    await arrivedAt(router, '/manageCenter/userCenter/person-auth');
    expect(await screen.findByRole('heading', { name: '实名认证' })).toBeTruthy();
    expect(sessionStore.getState()).toMatchObject({ manageNav: 'userCenter', userCenterComponentKey: 'person-auth' });
  });

  it('asks a logged-in user without real-name verification to verify', async () => {
    await loggedInAs('chenlei');
    const router = renderApp('/index');
    expect(await screen.findByRole('dialog', { name: '实名认证' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '去认证' }));
    await arrivedAt(router, '/manageCenter/userCenter/person-auth');
  });

  it('asks a verified person to verify their enterprise', async () => {
    await loggedInAs('wangfang');
    expect(sessionStore.getState().person).toMatchObject({ userType: 1, realPersonAuthStatus: 1 });
    renderApp('/index');
    expect(await screen.findByRole('dialog', { name: '企业认证' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '去认证' })).toBeTruthy();
  });

  it('ends the session when the start-up fetch answers 401', async () => {
    // A session ended elsewhere: the stored token is revoked, so the server answers 401.
    const who = await loggedInAs('zhangwei');
    expect((await who.call('POST', '/logout')).code).toBe(200);
    const router = renderApp('/manageCenter/home');
    await arrivedAt(router, '/index');
    expect(await screen.findByRole('dialog', { name: '用户登录' })).toBeTruthy();
    expect(sessionStore.getState()).toMatchObject({ loginStatus: false, user: null, person: null });
    expect(window.localStorage.getItem('user')).toBe('null');
  });
});

describe('the shell', () => {
  it('offers login to a visitor and the management centre, in a new tab, to a logged-in user', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    await loggedInAs('zhangwei');
    renderApp('/index');
    fireEvent.click(await screen.findByRole('button', { name: '管理中心' }));
    expect(open).toHaveBeenCalledWith('/manageCenter', '_blank');
    expect(screen.queryByRole('button', { name: '登录/注册' })).toBeNull();
  });

  it('shows the footer links and the ICP line', async () => {
    renderApp('/index');
    const footer = await screen.findByRole('navigation', { name: '页脚导航' });
    expect(Array.from(footer.querySelectorAll('button'), (b) => b.textContent)).toEqual([
      '法律声明',
      'Cookie政策',
      '举报中心',
      '联系我们',
      '加入我们',
    ]);
    expect(screen.getByText(/ICP备案号/)).toBeTruthy();
  });

  it('reminds of new cooperation messages, opens the cooperation inbox on click, and can be closed', async () => {
    // The demo data holds two unread cooperation requests to zhangwei.
    await loggedInAs('zhangwei');
    const router = renderApp('/index');
    const reminder = '您有 2 条新的合作消息';
    fireEvent.click(await screen.findByRole('button', { name: reminder }, { timeout: 5000 }));
    await arrivedAt(router, '/manageCenter/userCenter/cooperation');
    // On the inbox itself the reminder steps aside (it would cover the paging on a phone).
    await waitFor(() => expect(screen.queryByText(reminder)).toBeNull());
    await act(() => router.navigate('/index'));
    fireEvent.click(await screen.findByRole('button', { name: '关闭提醒' }, { timeout: 5000 }));
    expect(screen.queryByText(reminder)).toBeNull();
  });

  it('shows no reminder when nothing is waiting', async () => {
    // lina, an approved enterprise too, has no cooperation request waiting.
    await loggedInAs('lina');
    renderApp('/index');
    await waitFor(() => {
      const todo = portal.calls.find((c) => c.path === '/portal/self/center/personal/todo');
      expect(todo?.answer).toMatchObject({ code: 200, data: { connectMeCount: 0 } });
    });
    expect(screen.queryByText(/新的合作消息/)).toBeNull();
  });

  it('logs out from the management centre: toast, session forgotten, back home', async () => {
    const who = await loggedInAs('zhangwei');
    const router = renderApp('/manageCenter/home');
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    expect(await screen.findByText('退出成功')).toBeTruthy();
    await arrivedAt(router, '/index');
    expect(portal.calls.find((c) => c.path === '/logout')?.authorization).toBe(`Bearer ${who.token}`);
    expect((await who.call('GET', '/portal/self/center/info')).code).toBe(401);
    expect(sessionStore.getState()).toMatchObject({ loginStatus: false, user: null, person: null });
    expect(screen.getByRole('button', { name: '登录/注册' })).toBeTruthy();
  });
});
