// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import '../test/dom';
import type { MallGoods, MallOrder, PointsInfo } from '@liaison/protocol';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Page } from '../api/page';
import { AppProviders } from '../app/AppProviders';
import { sessionStore } from '../session/session-store';
import { enterWithPermissions } from '../test/manage-page';
import { type PortalClient, withPortalServer } from '../test/portal-server';
import { GoodStorePage } from './GoodStorePage';

const portal = withPortalServer();

function renderMall() {
  const router = createMemoryRouter([{ path: '/goodStore', Component: GoodStorePage }], {
    initialEntries: ['/goodStore'],
  });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

async function goods(): Promise<MallGoods[]> {
  return (
    (await portal.client().call<Page<MallGoods>>('GET', '/portal/mall/goods?pageNum=1&pageSize=12')).data?.rows ?? []
  );
}

async function balanceOf(who: PortalClient): Promise<number> {
  return (await who.call<PointsInfo>('GET', '/portal/self/center/points/info')).data?.balance ?? Number.NaN;
}

const card = (name: string) => screen.getByRole('article', { name });

describe('积分商城', () => {
  it('shows a visitor the goods with cost and stock, and asks them to log in to redeem', async () => {
    const all = await goods();
    const soldOut = all.find((g) => g.stock === 0) as MallGoods;
    const inStock = all.find((g) => g.stock > 0) as MallGoods;
    renderMall();
    const list = await screen.findByRole('list', { name: '商品列表' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(all.map((g) => g.name));
    expect(within(card(soldOut.name)).getByRole('button', { name: '已兑完' })).toHaveProperty('disabled', true);
    expect(card(inStock.name).textContent).toContain(`${inStock.pointsCost} 积分`);
    expect(card(inStock.name).textContent).toContain(`库存 ${inStock.stock}`);
    expect(screen.queryByRole('heading', { name: '我的兑换记录' })).toBeNull();

    fireEvent.click(within(card(inStock.name)).getByRole('button', { name: `兑换${inStock.name}` }));
    expect(sessionStore.getState().loginModal.open).toBe(true);
    expect(screen.queryByRole('dialog', { name: '兑换商品' })).toBeNull();
  });

  it('marks what a member cannot afford as 积分不足 and how many points are missing', async () => {
    const zhangwei = await portal.login('zhangwei');
    const balance = await balanceOf(zhangwei);
    const tooDear = (await goods()).find((g) => g.stock > 0 && g.pointsCost > balance) as MallGoods;
    await enterWithPermissions(portal, zhangwei);
    renderMall();
    expect(await screen.findByText(String(balance))).toBeTruthy();
    const item = card(tooDear.name);
    await waitFor(() =>
      expect(within(item).getByRole('button', { name: '积分不足' })).toHaveProperty('disabled', true),
    );
    expect(item.textContent).toContain(`积分不足，还差 ${tooDear.pointsCost - balance} 积分`);
  });

  it('redeems an item: the points go down by its cost, the stock by one, and the order is listed', async () => {
    const lina = await portal.login('lina');
    const before = await balanceOf(lina);
    const item = (await goods()).find((g) => g.stock > 0 && g.pointsCost <= before) as MallGoods;
    await enterWithPermissions(portal, lina);
    renderMall();
    await screen.findByText(String(before));
    fireEvent.click(await within(card(item.name)).findByRole('button', { name: `兑换${item.name}` }));

    const dialog = await screen.findByRole('dialog', { name: '兑换商品' });
    expect(dialog.textContent).toContain(`合计 ${item.pointsCost} 积分，兑换后剩余 ${before - item.pointsCost} 积分`);
    fireEvent.click(within(dialog).getByRole('button', { name: '确认兑换' }));
    expect(await within(dialog).findByText('请填写收货地址')).toBeTruthy();
    expect(portal.calls.some((call) => call.path === '/portal/mall/redeem')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('收货地址'), {
      target: { value: '浙江省宁波市北仑区明州路66号 李娜 13800000002' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认兑换' }));
    expect(await within(dialog).findByText('兑换成功')).toBeTruthy();
    const after = before - item.pointsCost;
    expect(await balanceOf(lina)).toBe(after);
    expect(within(dialog).getByText(new RegExp(`剩余 ${after} 积分`))).toBeTruthy();

    await waitFor(() => expect(card(item.name).textContent).toContain(`库存 ${item.stock - 1}`));
    const orders = (await lina.call<Page<MallOrder>>('GET', '/portal/mall/orders?pageNum=1&pageSize=5')).data;
    const order = orders?.rows[0] as MallOrder;
    expect(order.goodsName).toBe(item.name);
    const history = screen.getByRole('region', { name: '我的兑换记录' });
    const listed = await within(history).findByText(`${item.name} ×1`);
    expect(listed.closest('li')?.textContent).toContain('待发货');
    expect(screen.getByText(String(after))).toBeTruthy();
  });
});
