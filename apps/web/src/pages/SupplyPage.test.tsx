// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import '../test/dom';
import type { CooperationRequest, PublicAbility } from '@liaison/protocol';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Page } from '../api/page';
import { AppProviders } from '../app/AppProviders';
import { sessionStore } from '../session/session-store';
import { libraryPage, publishAbilities, unique } from '../test/abilities';
import { withPortalServer } from '../test/portal-server';
import { SupplyDetailPage } from './SupplyDetailPage';
import { SupplyPage } from './SupplyPage';

const portal = withPortalServer();

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/supply', Component: SupplyPage },
      { path: '/supplyDetail', Component: SupplyDetailPage },
      { path: '/manageCenter/message', element: <p>消息中心</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const search = (router: ReturnType<typeof renderAt>) => new URLSearchParams(router.state.location.search);
const cardNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('能力库', () => {
  it('shows a visitor the category tabs and the published abilities the server lists', async () => {
    const expected = await libraryPage(portal, { categoryId: 0, sort: 'latest' });
    renderAt('/supply?currentPage=1&activeKey=0');
    const list = await screen.findByRole('list', { name: '能力列表' });
    expect(cardNames(list)).toEqual(expected.rows.map((row) => row.productName));
    expect(await screen.findByRole('tab', { name: '仓储物流' })).toBeTruthy();
    const first = within(list).getAllByRole('link')[0];
    expect(first?.getAttribute('href')).toBe(`/supplyDetail?id=${expected.rows[0]?.id}`);
  });

  it('keeps the tab, keywords and order in the address and starts each new filter on page 1', async () => {
    const prefix = unique('冷库托管');
    await publishAbilities(portal, prefix, 2);
    const router = renderAt('/supply?currentPage=2&activeKey=0');
    fireEvent.click(await screen.findByRole('tab', { name: '仓储物流' }));
    await waitFor(() => expect(search(router).get('activeKey')).toBe('4'));
    expect(search(router).get('currentPage')).toBe('1');
    const expected = await libraryPage(portal, { categoryId: 4, sort: 'latest' });
    await waitFor(() =>
      expect(cardNames(screen.getByRole('list', { name: '能力列表' }))).toEqual(
        expected.rows.map((r) => r.productName),
      ),
    );

    fireEvent.change(screen.getByRole('searchbox', { name: '搜索能力' }), { target: { value: ` ${prefix} 简介 ` } });
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() => expect(search(router).get('keyword')).toBe(`${prefix} 简介`));
    expect((await screen.findByRole('status')).textContent).toBe(`“${prefix} 简介”共找到 2 项能力`);
    expect(cardNames(screen.getByRole('list', { name: '能力列表' }))).toEqual([`${prefix}2`, `${prefix}1`]);

    fireEvent.click(screen.getByText('最多浏览'));
    await waitFor(() => expect(search(router).get('sort')).toBe('popular'));
    await waitFor(() => {
      const sent = portal.calls.filter((call) => call.path.startsWith('/portal/product/list/query')).at(-1);
      expect(sent?.body).toEqual({ categoryId: 4, keyword: `${prefix} 简介`, sort: 'popular' });
    });
  });

  it('pages through the list and follows the address back to the previous page', async () => {
    const prefix = unique('分拨中心');
    await publishAbilities(portal, prefix, 14);
    const router = renderAt(`/supply?currentPage=1&activeKey=0&keyword=${prefix}`);
    await waitFor(() => expect(cardNames(screen.getByRole('list', { name: '能力列表' }))).toHaveLength(12));
    const first = cardNames(screen.getByRole('list', { name: '能力列表' }));
    fireEvent.click(screen.getByTitle('下一页'));
    await waitFor(() => expect(search(router).get('currentPage')).toBe('2'));
    await waitFor(() =>
      expect(cardNames(screen.getByRole('list', { name: '能力列表' }))).toEqual([`${prefix}2`, `${prefix}1`]),
    );
    await act(() => router.navigate(-1));
    expect(search(router).get('currentPage')).toBe('1');
    await waitFor(() => expect(cardNames(screen.getByRole('list', { name: '能力列表' }))).toEqual(first));
  });
});

describe('能力详情', () => {
  /** A fresh ability of 李娜's enterprise, as the library lists it. */
  async function linaAbility(what: string): Promise<PublicAbility> {
    const name = unique(what);
    await publishAbilities(portal, name);
    const page = await libraryPage(portal, { keyword: `${name}1` });
    const ability = page.rows[0];
    if (!ability) throw new Error(`${name}1 is not in the library`);
    return ability;
  }

  it('shows the description, the enterprise and its files, and follows the enterprise', async () => {
    const zhangwei = await portal.login('zhangwei');
    await portal.enterSession(zhangwei);
    const ability = await linaAbility('保税仓');
    renderAt(`/supplyDetail?id=${ability.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: ability.productName })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '能力介绍' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '服务内容' })).toBeTruthy();
    expect(screen.getByText('全程温控').tagName).toBe('STRONG');
    expect(document.querySelector('.rich-text script')).toBeNull();
    const company = screen.getByRole('complementary', { name: '发布企业' });
    expect(within(company).getByRole('link', { name: ability.enterpriseName }).getAttribute('href')).toBe(
      `/companyMainPage?id=${ability.ownerId}`,
    );

    const follow = await within(company).findByRole('button', { name: /^(关注企业|已关注)$/ });
    const before = (await zhangwei.call<boolean>('GET', `/portal/supply/chain/has/follow/${ability.ownerId}`)).data;
    fireEvent.click(follow);
    await waitFor(async () =>
      expect((await zhangwei.call<boolean>('GET', `/portal/supply/chain/has/follow/${ability.ownerId}`)).data).toBe(
        !before,
      ),
    );
    expect(await within(company).findByRole('button', { name: before ? '关注企业' : '已关注' })).toBeTruthy();
  });

  it('checks the cooperation form and sends it to the enterprise, which sees it in its inbox', async () => {
    const zhangwei = await portal.login('zhangwei');
    await portal.enterSession(zhangwei);
    const ability = await linaAbility('海外仓');
    renderAt(`/supplyDetail?id=${ability.id}`);
    fireEvent.click(await screen.findByRole('button', { name: '申请合作' }));
    await screen.findByRole('button', { name: /^收藏$/ });

    const dialog = await screen.findByRole('dialog', { name: '申请合作' });
    fireEvent.change(within(dialog).getByLabelText('联系电话'), { target: { value: '123' } });
    fireEvent.blur(within(dialog).getByLabelText('联系电话'));
    expect(await within(dialog).findByText('请输入正确的手机号码')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '提交申请' }));
    expect(await within(dialog).findByText('请输入合作需求')).toBeTruthy();
    expect(portal.calls.some((call) => call.path === '/portal/supply/chain/apply/cooperation')).toBe(false);

    const message = `每月约两万件跨境包裹，想了解海外仓一件代发报价（${Date.now()}）`;
    fireEvent.change(within(dialog).getByLabelText('联系电话'), { target: { value: '13912345678' } });
    fireEvent.change(within(dialog).getByLabelText('合作需求'), { target: { value: message } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('申请已提交，请等待对方处理')).toBeTruthy();
    expect(await screen.findByText(/你已联系过该企业/)).toBeTruthy();

    const lina = await portal.login('lina');
    const inbox = await lina.call<Page<CooperationRequest>>(
      'GET',
      '/portal/self/center/other/to/me/connect?pageNum=1&pageSize=50',
    );
    expect(inbox.data?.rows.find((row) => row.message === message)).toMatchObject({
      productName: ability.productName,
      contactName: '张伟',
      contactPhone: '13912345678',
      applyStatus: 0,
    });
  });

  it('opens the chat with the enterprise from 在线沟通', async () => {
    const zhangwei = await portal.login('zhangwei');
    await portal.enterSession(zhangwei);
    const ability = await linaAbility('海运订舱');
    const router = renderAt(`/supplyDetail?id=${ability.id}`);
    fireEvent.click(await screen.findByRole('button', { name: '在线沟通' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manageCenter/message'));
    expect(search(router).get('conversationID')).toBe(`C2C${ability.ownerId}`);
    expect((await zhangwei.call<boolean>('GET', `/portal/supply/chain/has/connect/${ability.ownerId}`)).data).toBe(
      true,
    );
  });

  it('asks a visitor to log in instead of opening the chat', async () => {
    const ability = await linaAbility('展会物流');
    // A visitor cannot open the page (the route guard); the page still guards its actions.
    const zhangwei = await portal.login('zhangwei');
    await portal.enterSession(zhangwei);
    renderAt(`/supplyDetail?id=${ability.id}`);
    await screen.findByRole('heading', { level: 1, name: ability.productName });
    sessionStore.update({ loginStatus: false, user: null, person: null });
    fireEvent.click(await screen.findByRole('button', { name: '在线沟通' }));
    await waitFor(() => expect(sessionStore.getState().loginModal.open).toBe(true));
    expect(portal.calls.some((call) => call.path.includes('apply/cooperation/connect'))).toBe(false);
  });

  it('says so when the ability is not on show', async () => {
    const zhangwei = await portal.login('zhangwei');
    await portal.enterSession(zhangwei);
    renderAt('/supplyDetail?id=999999999');
    expect(await screen.findByText('能力加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回能力库' })).toBeTruthy();
  });
});
