// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { renderAs } from '../../test/manage-page';
import { withPortalServer } from '../../test/portal-server';
import { VipPage } from './VipPage';

/** A deployment without a payment provider: the page says QR payment is off; points still pay. */
const portal = withPortalServer({ payments: null });
afterEach(() => sessionStore.update({ vip: null }));

describe('会员中心 without a payment provider', () => {
  it('shows QR payment as unavailable and still exchanges points, once per confirmation', async () => {
    // lina has 800+ points from the demo data and is no member.
    await renderAs(portal, await portal.login('lina'), <VipPage />);
    expect(await screen.findByText('扫码支付暂未开通，请使用积分兑换')).toBeTruthy();
    // The price list is a call of its own, which may answer after the membership's.
    await screen.findByText('¥68.00');
    const monthly = screen
      .getAllByText('月度会员')
      .find((el) => el.closest('.vip-price'))
      ?.closest('.vip-price');
    if (!(monthly instanceof HTMLElement)) throw new Error('no price card');
    const qr = within(monthly).getByRole('button', { name: '扫码支付暂未开通，无法扫码支付月度会员' });
    expect(qr).toHaveProperty('disabled', true);

    const exchange = within(monthly).getByRole('button', { name: '积分兑换月度会员' });
    await waitFor(() => expect(exchange).toHaveProperty('disabled', false));
    fireEvent.click(exchange);
    fireEvent.click(await screen.findByRole('button', { name: '确定兑换' }));
    expect(await screen.findByText(/兑换成功，月度会员有效期至/)).toBeTruthy();
    const charges = portal.calls.filter((c) => c.path.startsWith('/portal/self/center/integral/charge/vip/'));
    expect(charges).toHaveLength(1);
    expect(charges[0]?.path).toMatch(/\?idempotencyKey=[\w-]{36}$/);
    expect(portal.calls.some((c) => c.path.includes('pay/qr'))).toBe(false);
  });
});
