// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import '../test/dom';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestText } from '../api/messages';
import { reloadPage } from '../base/page';
import { sessionStore } from '../session/session-store';
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

vi.mock('../base/page', () => ({ reloadPage: vi.fn() }));

const portal = withPortalServer();

beforeEach(() => {
  vi.mocked(reloadPage).mockClear();
});

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

/** Another tab of the same browser logging in or out: it stores the user, then the login status. */
function sessionChangedElsewhere(user: { token: string } | null) {
  window.localStorage.setItem('user', JSON.stringify(user));
  const newValue = JSON.stringify(user !== null);
  window.localStorage.setItem('loginStatus', newValue);
  window.dispatchEvent(new StorageEvent('storage', { key: 'loginStatus', newValue, storageArea: window.localStorage }));
}

const mainNav = () => screen.findByRole('navigation', { name: '主导航' });

const REAL_NAME_PROMPT = /您还未完成实名认证/;

describe('routes and titles', () => {
  it('opens / on the home page, titled in Chinese', async () => {
    const router = renderApp('/');
    await arrivedAt(router, '/index');
    expect(await screen.findByRole('heading', { name: '链联产业服务平台' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('首页 - 链联产业服务平台'));
  });

  it.each([
    ['/expert', '专家库'],
    ['/industry', '产业链'],
    ['/legal', '法律声明'],
  ])('titles %s in Chinese', async (path, title) => {
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(`${title} - 链联产业服务平台`));
  });

  it('answers an unknown path with the 404 page, with a link home', async () => {
    const router = renderApp('/no/such/page');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('页面不存在 - 链联产业服务平台'));
    const home = screen.getByRole('link', { name: '返回首页' });
    expect(home.getAttribute('href')).toBe('/index');
    fireEvent.click(home);
    await arrivedAt(router, '/index');
  });

  it('links the five top navigation entries, new releases marked hot', async () => {
    renderApp('/index');
    const links = within(await mainNav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['首页', '/index'],
      ['能力库', '/supply?currentPage=1&activeKey=0'],
      ['企业集群', '/integrated'],
      ['新品发布HOT', '/newRelease'],
      ['产业链', '/industry'],
    ]);
    expect(screen.getByRole('link', { name: '链联产业服务平台' }).getAttribute('href')).toBe('/index');
    expect(screen.getByRole('link', { name: 'AI助手' }).getAttribute('href')).toBe('/ai');
  });

  it('marks the entry of the current page, detail pages included, as the current one', async () => {
    const router = renderApp('/industry');
    const nav = await mainNav();
    const current = () => nav.querySelector('[aria-current="page"]')?.textContent ?? null;
    await waitFor(() => expect(current()).toBe('产业链'));
    fireEvent.click(within(nav).getByRole('link', { name: '企业集群' }));
    await arrivedAt(router, '/integrated');
    await waitFor(() => expect(current()).toBe('企业集群'));
    for (const [path, entry] of [
      ['/news-detail?id=1', '新品发布HOT'],
      ['/publish-detail?id=1', '新品发布HOT'],
      ['/integrated-detail?id=1', '企业集群'],
      ['/expert', null],
    ] as const) {
      await act(() => router.navigate(path));
      await waitFor(() => expect(current()).toBe(entry));
    }
  });

  it('starts each new page at the top', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const router = renderApp('/index');
    await screen.findByRole('heading', { name: '链联产业服务平台' });
    scrollTo.mockClear();
    await act(() => router.navigate('/expert'));
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
    scrollTo.mockClear();
    await act(() => router.navigate('/expert?field=1'));
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
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
  it.each(['/search', '/ai', '/supplyDetail', '/companyMainPage'])(
    'asks a visitor on %s to log in, keeping the address for after the login',
    async (path) => {
      const router = renderApp(path);
      expect(await screen.findByRole('dialog', { name: '用户登录' })).toBeTruthy();
      expect(screen.getByText('登录后即可查看此页面')).toBeTruthy();
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('offers the login again on a page that needs it after the modal was closed', async () => {
    renderApp('/search');
    const dialog = await screen.findByRole('dialog', { name: '用户登录' });
    fireEvent.click(dialog.querySelector('.ant-modal-close') as HTMLElement);
    await waitFor(() => expect(sessionStore.getState().loginModal.open).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: '去登录' }));
    expect(sessionStore.getState().loginModal.open).toBe(true);
  });

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

  it('tells the platform admin, who keeps no enterprise, that a typed enterprise page is not for this account', async () => {
    await loggedInAs('admin');
    const router = renderApp('/manageCenter/abilities');
    expect(await screen.findByText('无权访问此页面')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '我的能力' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '返回管理首页' }));
    await arrivedAt(router, '/manageCenter/home');
  });

  it('asks a logged-in user without real-name verification to verify', async () => {
    await loggedInAs('chenlei');
    const router = renderApp('/index');
    expect(await screen.findByRole('dialog', { name: '实名认证' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '去认证' }));
    await arrivedAt(router, '/manageCenter/userCenter/person-auth');
  });

  it('shows the beta modal and the verification prompt one at a time, and not again after 暂不', async () => {
    // chenlei has no beta and no verified real name.
    await loggedInAs('chenlei');
    const router = renderApp('/supply');
    await arrivedAt(router, '/index');
    const beta = await screen.findByRole('dialog', { name: '内测功能' });
    expect(screen.queryByText(REAL_NAME_PROMPT)).toBeNull();
    fireEvent.click(within(beta).getByRole('button', { name: '返回' }));
    // (Dialogs are told apart by their text: antd gives every title the same id in tests.)
    expect(await screen.findByText(REAL_NAME_PROMPT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '暂不' }));
    await waitFor(() => expect(sessionStore.getState().answeredPrompts).toEqual(['real-name']));
    // A reload: the answered prompt stays away for this login.
    cleanup();
    renderApp('/index');
    await screen.findByRole('navigation', { name: '主导航' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByText(REAL_NAME_PROMPT)).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('answeredPrompts') ?? '[]')).toEqual(['real-name']);
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
    expect(await screen.findByText(RequestText.sessionExpired)).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: '用户登录' })).toBeTruthy();
    expect(sessionStore.getState()).toMatchObject({ loginStatus: false, user: null, person: null });
    expect(window.localStorage.getItem('user')).toBe('null');
  });
});

describe('the WeChat login window', () => {
  it('says so when WeChat sent it back without an authorisation', async () => {
    renderApp('/wechat-callback');
    expect(await screen.findByText('微信未完成授权，请关闭此窗口后重新扫码登录。')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('微信登录 - 链联产业服务平台'));
    expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
  });

  it("shows the server's reason when the code cannot be exchanged", async () => {
    // This server has no WeChat login configured.
    renderApp('/wechat-callback?code=c1&state=s1');
    expect(await screen.findByText('微信登录未完成')).toBeTruthy();
    expect(screen.getAllByText('微信登录未配置').length).toBeGreaterThan(0);
    expect(portal.calls.find((c) => c.path.startsWith('/portal/login/wechat/callback'))?.path).toBe(
      '/portal/login/wechat/callback?code=c1&state=s1',
    );
    expect(sessionStore.getState().loginStatus).toBe(false);
  });
});

describe('the shell', () => {
  it('offers login to a visitor and the management centre, in a new tab, to a logged-in user', async () => {
    renderApp('/index');
    fireEvent.click(await screen.findByRole('button', { name: '登录/注册' }));
    expect(await screen.findByRole('dialog', { name: '用户登录' })).toBeTruthy();
    cleanup();

    await loggedInAs('zhangwei');
    renderApp('/index');
    const manage = await screen.findByRole('link', { name: '管理中心' });
    expect([manage.getAttribute('href'), manage.getAttribute('target')]).toEqual(['/manageCenter', '_blank']);
    expect(screen.queryByRole('button', { name: '登录/注册' })).toBeNull();
  });

  it('logs out from a public page with the logout icon', async () => {
    await loggedInAs('zhangwei');
    const router = renderApp('/industry');
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    expect(await screen.findByText('退出成功')).toBeTruthy();
    await arrivedAt(router, '/index');
    expect(sessionStore.getState()).toMatchObject({ loginStatus: false, user: null });
    expect(screen.getByRole('button', { name: '登录/注册' })).toBeTruthy();
  });

  it('links the footer to its pages, with no ICP line while no filing number is configured', async () => {
    const router = renderApp('/index');
    const footer = await screen.findByRole('navigation', { name: '关于平台' });
    const links = within(footer).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['法律声明', '/legal'],
      ['Cookie政策', '/cookie-policy'],
      ['举报中心', '/report'],
      ['联系我们', '/contact'],
      ['加入我们', '/join'],
    ]);
    expect(screen.queryByText(/ICP|未配置/)).toBeNull();
    fireEvent.click(within(footer).getByRole('link', { name: '联系我们' }));
    await arrivedAt(router, '/contact');
  });

  it('logs this tab out when another tab logs out, leaving a page that needs login without asking to log in', async () => {
    await loggedInAs('zhangwei');
    const router = renderApp('/search');
    await screen.findByRole('link', { name: '管理中心' });
    act(() => sessionChangedElsewhere(null));
    await arrivedAt(router, '/index');
    expect(sessionStore.getState()).toMatchObject({ loginStatus: false, user: null, person: null });
    expect(await screen.findByRole('button', { name: '登录/注册' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: '用户登录' })).toBeNull();
  });

  it('reloads this tab into the session another tab logged in to', async () => {
    renderApp('/industry');
    await screen.findByRole('button', { name: '登录/注册' });
    const who = await portal.login('zhangwei');
    act(() => sessionChangedElsewhere({ token: who.token ?? '' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
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
