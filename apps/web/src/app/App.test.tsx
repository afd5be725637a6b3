// @vitest-environment jsdom
import '../test/dom';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Person } from '../api/types';
import { sessionStore } from '../auth/session-store';
import { fakeApi, type Handler, ok } from '../test/fake-api';
import { AppProviders } from './AppProviders';
import { routes } from './routes';

function person(overrides: Partial<Person> = {}): Person {
  return {
    userId: 'u3',
    loginName: 'wang',
    nickName: '王五',
    mobile: '138****0003',
    avatar: '',
    userType: 1,
    status: 0,
    realPersonAuthStatus: 1,
    realName: '王*',
    betaStatus: null,
    aiStatus: false,
    enterprise: null,
    ...overrides,
  };
}

const APPROVED_ENTERPRISE = person({ userType: 2, status: 1, betaStatus: true });

/** A logged-in session as a reload finds it, with the portal answering for that person. */
function loggedInAs(who: Person, overrides: Record<string, Handler> = {}) {
  sessionStore.update({ loginStatus: true, user: { token: 'tok' }, person: who });
  return fakeApi({
    'GET /portal/self/center/info': ok(who),
    'GET /portal/self/center/get/permission': ok({ roles: ['common'], permissions: [] }),
    'GET /portal/self/center/personal/todo': ok({ connectMeCount: 0 }),
    'GET /portal/self/center/im/gen/userSig': ok({ canConnect: false, sdkAppID: 1400000001, userID: '', userSig: '' }),
    'GET /portal/verify/code/arithmetic': ok({ id: 'c', verifyCode: 'data:image/svg+xml;base64,AA' }),
    ...overrides,
  });
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
    fakeApi({});
    const router = renderApp('/');
    await arrivedAt(router, '/index');
    expect(await screen.findByRole('heading', { name: '链联产业服务平台' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('首页 - 链联产业服务平台'));
  });

  it('shows a page that is not built yet as an honest empty state', async () => {
    fakeApi({});
    renderApp('/expert');
    expect(await screen.findByRole('heading', { name: '专家库' })).toBeTruthy();
    expect(screen.getByText('这里将展示入驻平台的行业专家。')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('专家库 - 链联产业服务平台'));
  });

  it('answers an unknown path with the 404 page', async () => {
    fakeApi({});
    renderApp('/no/such/page');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('页面不存在 - 链联产业服务平台'));
  });

  it('marks the current top navigation entry and new releases as hot', async () => {
    fakeApi({});
    renderApp('/industry');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    await waitFor(() => expect(nav.querySelector('.ant-menu-item-selected')?.textContent).toBe('产业链'));
    expect(nav.textContent).toContain('新品发布HOT');
  });

  it('colours the header on the pages that ask for it', async () => {
    fakeApi({});
    const router = renderApp('/index');
    await screen.findByRole('heading', { name: '链联产业服务平台' });
    expect(document.querySelector('header')?.className).not.toContain('portal-header--coloured');
    await act(() => router.navigate('/newRelease'));
    await waitFor(() => expect(document.querySelector('header')?.className).toContain('portal-header--coloured'));
  });
});

describe('guards', () => {
  it('sends a visitor away from the management centre to the home page and asks them to log in', async () => {
    fakeApi({ 'GET /portal/verify/code/arithmetic': ok({ id: 'c', verifyCode: 'data:image/svg+xml;base64,AA' }) });
    const router = renderApp('/manageCenter/home');
    await arrivedAt(router, '/index');
    expect(await screen.findByRole('dialog', { name: '用户登录' })).toBeTruthy();
  });

  it('sends a user without the beta home with the beta modal', async () => {
    loggedInAs(person({ betaStatus: null, userType: 2, status: 1 }));
    const router = renderApp('/supply');
    await arrivedAt(router, '/index');
    expect(await screen.findByText('功能逐步开放中，敬请期待')).toBeTruthy();
  });

  it('opens the management centre of an approved enterprise on its abilities', async () => {
    loggedInAs(APPROVED_ENTERPRISE);
    const router = renderApp('/manageCenter');
    await arrivedAt(router, '/manageCenter/abilities');
    expect(await screen.findByRole('heading', { name: '我的能力' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('我的能力 - 链联产业服务平台'));
  });

  it('opens the management centre on real-name verification for an unverified user', async () => {
    loggedInAs(person({ userType: 0, realPersonAuthStatus: 0, realName: '' }));
    const router = renderApp('/manageCenter');
    await arrivedAt(router, '/manageCenter/userCenter/person-auth');
    expect(await screen.findByRole('heading', { name: '实名认证' })).toBeTruthy();
    expect(sessionStore.getState()).toMatchObject({ manageNav: 'userCenter', userCenterComponentKey: 'person-auth' });
  });

  it('asks a logged-in user without real-name verification to verify', async () => {
    loggedInAs(person({ userType: 0, realPersonAuthStatus: 0 }));
    const router = renderApp('/index');
    expect(await screen.findByRole('dialog', { name: '实名认证' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '去认证' }));
    await arrivedAt(router, '/manageCenter/userCenter/person-auth');
  });

  it('asks a verified person to verify their enterprise', async () => {
    loggedInAs(person({ userType: 1, realPersonAuthStatus: 1 }));
    renderApp('/index');
    expect(await screen.findByRole('dialog', { name: '企业认证' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '去认证' })).toBeTruthy();
  });

  it('ends the session when the start-up fetch answers 401', async () => {
    loggedInAs(APPROVED_ENTERPRISE, {
      'GET /portal/self/center/info': { code: 401, msg: '认证失败，无法访问系统资源' },
    });
    const router = renderApp('/manageCenter/home');
    await arrivedAt(router, '/index');
    expect(await screen.findByRole('dialog', { name: '用户登录' })).toBeTruthy();
    expect(sessionStore.getState()).toMatchObject({ loginStatus: false, user: null, person: null });
    expect(window.localStorage.getItem('user')).toBe('null');
  });

  it('logs out when the permission call answers without data', async () => {
    loggedInAs(APPROVED_ENTERPRISE, { 'GET /portal/self/center/get/permission': ok(null) });
    const router = renderApp('/manageCenter/home');
    await arrivedAt(router, '/index');
    expect(sessionStore.getState().loginStatus).toBe(false);
  });
});

describe('the shell', () => {
  it('offers login to a visitor and the management centre, in a new tab, to a logged-in user', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    loggedInAs(APPROVED_ENTERPRISE);
    renderApp('/index');
    fireEvent.click(await screen.findByRole('button', { name: '管理中心' }));
    expect(open).toHaveBeenCalledWith('/manageCenter', '_blank');
    expect(screen.queryByRole('button', { name: '登录/注册' })).toBeNull();
  });

  it('shows the footer links and the ICP line', async () => {
    fakeApi({});
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

  it('reminds of new cooperation messages, opens the management centre on click, and can be closed', async () => {
    loggedInAs(APPROVED_ENTERPRISE, { 'GET /portal/self/center/personal/todo': ok({ connectMeCount: 1 }) });
    const router = renderApp('/index');
    fireEvent.click(await screen.findByRole('button', { name: '您有1条新的合作消息' }));
    await arrivedAt(router, '/manageCenter/abilities');
    fireEvent.click(screen.getByRole('button', { name: '关闭提醒' }));
    expect(screen.queryByText('您有1条新的合作消息')).toBeNull();
  });

  it('shows no reminder when nothing is waiting', async () => {
    const calls = loggedInAs(APPROVED_ENTERPRISE);
    renderApp('/index');
    await waitFor(() => expect(calls.some((c) => c.path === '/portal/self/center/personal/todo')).toBe(true));
    expect(screen.queryByText(/新的合作消息/)).toBeNull();
  });

  it('logs out from the management centre: toast, session forgotten, back home', async () => {
    const calls = loggedInAs(APPROVED_ENTERPRISE, { 'POST /logout': ok(null, '退出成功') });
    const router = renderApp('/manageCenter/home');
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    expect(await screen.findByText('退出成功')).toBeTruthy();
    await arrivedAt(router, '/index');
    expect(calls.find((c) => c.path === '/logout')?.authorization).toBe('Bearer tok');
    expect(sessionStore.getState()).toMatchObject({ loginStatus: false, user: null, person: null });
    expect(screen.getByRole('button', { name: '登录/注册' })).toBeTruthy();
  });
});
