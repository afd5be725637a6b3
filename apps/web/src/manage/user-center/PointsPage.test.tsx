// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs } from '../../test/manage-page';
import { type PortalClient, withPortalServer } from '../../test/portal-server';
import { PointsPage } from './PointsPage';

const portal = withPortalServer();
// Each step waits on the real server, which shares two cores with other test files.

function renderPage(who: PortalClient) {
  return renderAs(portal, who, <PointsPage />);
}

const week = () => within(screen.getByRole('list', { name: '近7天签到' }));

describe('积分签到', () => {
  it('signs a new account in once: balance, streak, today marked and a ledger row', async () => {
    await renderPage(await portal.register());
    const button = await screen.findByRole('button', { name: /立即签到/ });
    expect(screen.getByText('今日签到可得 10 积分')).toBeTruthy();
    expect(await screen.findByText('暂无积分记录，签到即可获得积分')).toBeTruthy();
    expect(week().getAllByRole('listitem')).toHaveLength(7);

    fireEvent.click(button);
    expect(await screen.findByText('签到成功，获得 10 积分，已连续签到 1 天')).toBeTruthy();
    const done = await screen.findByRole('button', { name: /今日已签到/ });
    expect(done).toHaveProperty('disabled', true);
    expect(screen.getByText('1 天')).toBeTruthy();
    expect(screen.getByText('明日签到可得 12 积分')).toBeTruthy();
    const today = week().getAllByRole('listitem').at(-1);
    expect(today?.getAttribute('aria-label')).toMatch(/已签到$/);
    expect(await screen.findByText('每日签到')).toBeTruthy();
    expect(screen.getAllByText('+10').length).toBeGreaterThan(0);
    expect(portal.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/portal/self/center/sign-in/per/day',
    ]);
  });

  it('shows the demo person zhangwei his streak of sign-ins and his ledger', async () => {
    await renderPage(await portal.login('zhangwei'));
    expect(await screen.findByText('6 天')).toBeTruthy();
    expect(screen.getByRole('button', { name: /立即签到/ })).toBeTruthy();
    const signed = week()
      .getAllByRole('listitem')
      .filter((day) => day.getAttribute('aria-label')?.endsWith('已签到'));
    expect(signed).toHaveLength(6);
    expect((await screen.findAllByText('每日签到')).length).toBe(6);
    expect(within(screen.getByRole('table')).getByText('+20')).toBeTruthy();
  });

  it('tells a sub-account it does not sign in, and asks the server nothing', async () => {
    await renderAs(portal, await portal.register(), <PointsPage />, {
      permissions: { roles: ['subaccount', 'common'], permissions: ['supply:product:list'] },
    });
    expect(screen.getByText('当前账号无权签到')).toBeTruthy();
    expect(portal.calls).toEqual([]);
  });
});
