// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import type { VipQrPayment } from '@liaison/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { renderAs } from '../../test/manage-page';
import { type PortalClient, withPortalServer } from '../../test/portal-server';
import { VipPage } from './VipPage';

const portal = withPortalServer();
// Each step waits on the real server, which shares two cores with other test files.
afterEach(() => sessionStore.update({ vip: null }));

/** The page as the app shows it to this client: session, permissions loaded at boot. */
function renderPage(who: PortalClient) {
  return renderAs(portal, who, <VipPage />);
}

const card = (name: string) => {
  const title = screen.getAllByText(name).find((el) => el.closest('.vip-price'));
  const found = title?.closest('.vip-price');
  if (!(found instanceof HTMLElement)) throw new Error(`no price card ${name}`);
  return found;
};

describe('会员中心', () => {
  it('shows a new account as no member, with the demo price list and no orders', async () => {
    await renderPage(await portal.register());
    expect(await screen.findByText('您还不是会员')).toBeTruthy();
    await screen.findByText('¥68.00');
    expect(within(card('年度会员')).getByText('专属客户经理')).toBeTruthy();
    expect(within(card('月度会员')).getByRole('button', { name: '积分不足，无法兑换月度会员' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(await screen.findByText('暂无订单')).toBeTruthy();
    expect(sessionStore.getState().vip).toMatchObject({ active: false, points: 0 });
  });

  it('pays by QR code: the modal polls until the order is paid, then shows the membership and the order', async () => {
    const who = await portal.register();
    await renderPage(who);
    await screen.findByText('¥68.00');
    fireEvent.click(within(card('季度会员')).getByRole('button', { name: '扫码支付季度会员' }));
    const qr = await screen.findByRole('img', { name: '支付二维码' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const created = portal.calls.find((c) => c.path.startsWith('/portal/self/center/personal/charge/vip/pay/qr'));
    await waitFor(() => expect(created?.answer).toBeDefined());
    const payment = (created?.answer as { data: VipQrPayment } | undefined)?.data as VipQrPayment;
    expect(within(screen.getByRole('dialog')).getByText('¥188.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: '打开支付链接，模拟支付成功' }).getAttribute('href')).toBe(payment.payUrl);

    // The payer scans the code (the development provider's URL) from another device.
    const paid = await portal.client().call('GET', new URL(payment.payUrl).pathname.replace(/^\/prod-api/, ''));
    expect(paid.msg).toBe('支付成功');
    expect(await screen.findByText('支付成功', {}, { timeout: 15_000 })).toBeTruthy();
    const checks = portal.calls.filter((c) => c.path.startsWith('/portal/self/center/check/charge/vip/status'));
    expect(checks.length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '完成' }));
    await screen.findByText(payment.orderNumber);
    await waitFor(() => expect(sessionStore.getState().vip).toMatchObject({ vipType: 2, active: true }));
    expect(screen.getAllByText('季度会员').length).toBeGreaterThan(1);
    expect(screen.getByText('已支付')).toBeTruthy();

    // Closed: no more status checks.
    const before = portal.calls.filter((c) => c.path.includes('check/charge/vip/status')).length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(portal.calls.filter((c) => c.path.includes('check/charge/vip/status')).length).toBe(before);
  });

  it('exchanges points for a membership after a confirmation', async () => {
    // lina has 800+ points from the demo data and is no member.
    await renderPage(await portal.login('lina'));
    await screen.findByText('您还不是会员');
    // The price list is a call of its own, which may answer after the membership's.
    await screen.findByText('¥68.00');
    const exchange = within(card('月度会员')).getByRole('button', { name: '积分兑换月度会员' });
    await waitFor(() => expect(exchange).toHaveProperty('disabled', false));
    fireEvent.click(exchange);
    fireEvent.click(await screen.findByRole('button', { name: '确定兑换' }));
    expect(await screen.findByText(/兑换成功，月度会员有效期至/)).toBeTruthy();
    await screen.findByText('生效中');
    expect(await screen.findByText('680 积分')).toBeTruthy();
    expect(within(card('季度会员')).getByRole('button', { name: '积分不足，无法兑换季度会员' }).textContent).toBe(
      '积分不足',
    );
  });

  it('shows the demo member zhangwei his membership', async () => {
    await renderPage(await portal.login('zhangwei'));
    expect(await screen.findByText('生效中')).toBeTruthy();
    expect(screen.getByText(/有效期至/)).toBeTruthy();
    expect(await screen.findByText('已支付')).toBeTruthy();
  });

  it('tells a sub-account it may not buy a membership, and asks the server nothing', async () => {
    await renderAs(portal, await portal.register(), <VipPage />, {
      permissions: { roles: ['subaccount', 'common'], permissions: ['supply:product:list'] },
    });
    expect(screen.getByText('当前账号无权开通会员')).toBeTruthy();
    expect(portal.calls).toEqual([]);
  });
});
